"""Helpers shared by the per-game rules tests (public API only)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine import Game, IllegalMove


def hand(game: Game, seat: int) -> list[str]:
    """A seat's hand as card names."""
    return [c.name for c in game.hand(seat)]


def legal(game: Game) -> set[str]:
    """The legal moves as notation."""
    return {str(m) for m in game.legal_moves()}


def melds(game: Game) -> list[str]:
    """The table melds as text."""
    return [str(m) for m in game.melds]


def draw(game: Game) -> str:
    """Draw one card for the seat to act and return it."""
    seat = game.to_act
    assert seat is not None
    before = Counter(hand(game, seat))
    game.play("draw")
    (card,) = (Counter(hand(game, seat)) - before).elements()
    return card


def pass_turn(game: Game) -> str:
    """Draw and discard the card drawn."""
    card = draw(game)
    game.play(f"discard {card}")
    return card


def state(game: Game) -> tuple[object, ...]:
    """Everything the public API shows, to check that a refused move changed nothing."""
    seats = range(len(game.players))
    return (
        game.record(),
        game.snapshot(),
        tuple(game.view(s) for s in seats),
        game.view(None),
        tuple(tuple(hand(game, s)) for s in seats),
        tuple(melds(game)),
        tuple(str(m) for m in game.legal_moves()),
        game.phase,
        game.to_act,
        game.scores,
        game.deal_scores,
    )


def refused(game: Game, move: str, *fragments: str) -> str:
    """Play ``move``, expect IllegalMove whose message holds every fragment, and no change."""
    before = state(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    message = str(info.value)
    for fragment in fragments:
        assert fragment.lower() in message.lower(), (move, message)
    assert state(game) == before, f"{move!r} was refused but changed the game"
    return message
