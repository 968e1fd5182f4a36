"""Helpers shared by the per-game rules tests (public API only)."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.engine import Game, IllegalMove, new_game, parse_cards

SEATS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def stacked(
    game_id: str,
    hands: Iterable[str | None],
    *,
    players: int | Sequence[str] | None = None,
    seats: Sequence[str] = SEATS,
    rules: dict[str, Any] | None = None,
    seed: int = 1,
    preset: str | None = None,
    **deal_keys: object,
) -> Game:
    """A new game from a stacked deal: ``hands`` (None leaves a hand to the shuffle) and every
    deal key that is not None (stock, discard, wild, cut, round, rest ...).

    ``players`` is a list of names, or a count taken from ``seats``; by default one seat a hand.
    """
    hands = list(hands)
    deal: dict[str, object] = {"hands": hands}
    deal.update((key, value) for key, value in deal_keys.items() if value is not None)
    if players is None or isinstance(players, int):
        names_ = list(seats[: players or len(hands)])
    else:
        names_ = list(players)
    return new_game(game_id, names_, rules=rules or {}, seed=seed, deal=deal, preset=preset)


def names(text: str) -> list[str]:
    """The card names in ``text`` (parsed, so "10h" reads as "10H")."""
    return [c.name for c in parse_cards(text)]


def deck(decks: int = 1, jokers: int = 0) -> list[str]:
    """The card names of ``decks`` French decks and ``jokers`` jokers, suit by suit."""
    return [r + s for s in "SHDC" for r in RANKS] * decks + ["JK"] * jokers


def rest_of(cards: Iterable[str], *used: str) -> list[str]:
    """``cards`` (names, kept in their order) less one copy of each card named in ``used``."""
    taken = Counter(n for text in used for n in names(text))
    left = []
    for name in cards:
        if taken[name]:
            taken[name] -= 1
        else:
            left.append(name)
    return left


def random_to_deal_end(game: Game, rng: random.Random, cap: int) -> None:
    """Random legal moves until the deal (or the match) is over; fail after ``cap`` moves."""
    for _ in range(cap):
        if game.phase == "deal-over" or game.is_over:
            return
        game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"the deal did not end in {cap} moves")


def run_cli(argv: list[str]) -> tuple[int, str]:
    """Run the ``cardtable`` command line; its exit code and what it printed."""
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


def hand(game: Game, seat: int) -> list[str]:
    """A seat's hand as card names."""
    return [c.name for c in game.hand(seat)]


def legal(game: Game) -> set[str]:
    """The legal moves as notation."""
    return {str(m) for m in game.legal_moves()}


def discards(game: Game) -> set[str]:
    """The cards the seat to act may discard now (names)."""
    return {m.split()[1] for m in legal(game) if m.startswith("discard")}


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


def play(game: Game, *moves: str) -> None:
    """Play ``moves`` in order (a script of a deal, one move after another)."""
    for move in moves:
        game.play(move)


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


def refusals(game: Game, *cases: tuple[str, ...]) -> None:
    """Each case is ``(move, *fragments)``: :func:`refused` for every one, in order."""
    for move, *fragments in cases:
        refused(game, move, *fragments)
