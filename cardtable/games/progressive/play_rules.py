"""3-13's rules of play, one predicate each: ``refuse(game, move)`` says why ``move`` breaks
the rule now, or returns None. The first that refuses gives the reason ``play`` raises; the
move generator asks the same questions of the game (``_last_turns``,
``_first_turn_barred``, ``_last_card``, ``_rest``, ``_layoff_options``), so each rule is
written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from cardtable.engine.cards import Card, names
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule
from cardtable.kits.rummy.arrange import Arrangement
from cardtable.kits.rummy.melds import Meld
from cardtable.kits.rummy.turn import DRAW_FIRST, HOLD, refuse_early_next, refuse_take

from .rules import ProgressiveRules


class ProgressiveRummy(Protocol):
    """What the rules read of the game (the game module imports this one, not the reverse)."""

    phase_: str
    round_no: int
    players: Sequence[str]
    cur: int
    out_seat: int | None
    rules: ProgressiveRules
    hands: list[list[Card]]
    discard: list[Card]
    melds_: list[Meld]

    def _last_turns(self) -> bool: ...
    def _first_turn_barred(self) -> bool: ...
    def _last_card(self, hand: Sequence[Card]) -> bool: ...
    def _rest(self, hand: Sequence[Card], card: Card) -> list[Card]: ...
    def arrange(self, cards: Sequence[Card]) -> Arrangement: ...
    def _layoff_options(self, meld: Meld, card: Card) -> list[tuple[Card | None, Meld]]: ...


def _round_over(game: ProgressiveRummy, move: Move) -> str | None:
    if game.phase_ == "deal-over" and move.kind != "next":
        return f"round {game.round_no} is over: play 'next' to deal round {game.round_no + 1}"
    return None


def _drawn(game: ProgressiveRummy, move: Move) -> str | None:
    if game.phase_ == "play" and move.kind in ("draw", "take"):
        return "you have drawn already this turn: discard a card (or go out)"
    return None


def _last_turn(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind == "out" and game._last_turns():
        assert game.out_seat is not None
        return (
            f"{game.players[game.out_seat]} has gone out: this is your last turn, so just discard "
            f"(discard {move.cards[0].name}); your sets and runs of 3 or more will not count against you"
        )
    return None


def _first_turn(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind == "out" and game._first_turn_barred():
        return "house rule: nobody may go out on their own first turn of a round"
    return None


def _go_out(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind != "out":
        return None
    card = move.cards[0]
    left = game.arrange(game._rest(game.hands[game.cur], card)).deadwood
    if not left:
        return None
    return (
        f"without {card.name}, {names(left)} would be left out of sets and runs: going out "
        "needs every other card in a set or run of 3 or more"
    )


def _layoff_when(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind == "layoff" and not game._last_turns():
        return "no laying off: cards stay in hand until someone goes out"
    return None


def _layoff_toggle(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind == "layoff" and not game.rules.final_turn_layoff:
        return "no laying off in the last turns (the 'final_turn_layoff' toggle allows it)"
    return None


def _last_card(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind == "layoff" and game._last_card(game.hands[game.cur]):
        return "keep your last card: the turn ends with a discard"
    return None


def _fit(game: ProgressiveRummy, move: Move) -> str | None:
    if move.kind != "layoff":
        return None
    assert move.target is not None
    meld = game.melds_[move.target - 1]
    card, named = move.cards[0], move.named[0]
    if any(named == option for option, _ in game._layoff_options(meld, card)):
        return None
    return f"{card.name} does not fit meld {move.target} {meld}"


PLAY_RULES: tuple[Rule, ...] = (
    Rule("round-over", "Between rounds the only move is 'next'.", _round_over),
    DRAW_FIRST,
    Rule("take", "The top discard can be taken only when there is one.", refuse_take),
    Rule("drawn", "One draw a turn.", _drawn),
    Rule("next", "'next' deals the next round once this one is over.", refuse_early_next),
    HOLD,
    Rule("last-turn", "After someone goes out the others only take a last turn.", _last_turn),
    Rule("first-turn", "House rule: nobody goes out on their own first turn of a round.", _first_turn),
    Rule("out", "Going out needs every other card of the hand in a set or run of 3 or more.", _go_out),
    Rule("layoff-when", "Cards are laid off only in the last turns, after someone went out.", _layoff_when),
    Rule("layoff-toggle", "Last-turn lay-offs need the 'final_turn_layoff' toggle.", _layoff_toggle),
    Rule("last-card", "A lay-off keeps a card in hand for the discard that ends the turn.", _last_card),
    Rule("fit", "A card laid off must fit the meld (a wild card where it is named).", _fit),
)
"""The rules of play, in the order their reasons are given."""
