"""Indian Rummy's moves: the payload of each of its own verbs, and the rules of play.

A listed move carries one of the small values below (``draw``, ``take`` and ``next`` come
from the shared rummy turn with its payloads). The rules are predicates, checked in order:
the first that refuses a move says why, and the game's move generator asks the same
helpers (:meth:`IndianRummy._can_take`, :func:`may_drop`, :meth:`IndianRummy._barred`), so
the moves listed and the moves refused cannot drift apart.

>>> from cardtable.engine import new_game
>>> g = new_game("indian-rummy", ["Ann", "Bob"], seed=4)
>>> g.check("discard 2C").rule, [rule.name for rule in PLAY_RULES]
('phase', ['phase', 'take', 'drop', 'hold', 'taken'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from cardtable.engine.cards import Card
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule
from cardtable.kits.rummy.turn import HOLD

from .formats import FormatInfo
from .rules import IndianRummyRules

OwnGroups = tuple[tuple[tuple[Card, ...], tuple[Card | None, ...]], ...]
"""Groups a player shows themselves: each group's cards and what each card stands for."""


@dataclass(frozen=True, slots=True)
class Drop:
    """``drop``: leave the deal for the first-drop or middle-drop penalty."""


@dataclass(frozen=True, slots=True)
class Declare:
    """``declare CARD``: put ``finish`` in the finish slot and show the other 13 cards,
    grouped by the game (``own`` None) or as the player wrote them."""

    finish: Card
    own: OwnGroups | None = None


@dataclass(frozen=True, slots=True)
class Show:
    """``show``: a loser shows after a valid declaration, accepting the best grouping
    (``own`` None) or with their own groups."""

    own: OwnGroups | None = None


@dataclass(frozen=True, slots=True)
class Rejoin:
    """``rejoin``: an eliminated player comes back into the pool."""


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass``: an eliminated player does not rejoin."""


class Table(Protocol):
    """What the rules of play read of a game in progress (an :class:`IndianRummy`)."""

    phase_: str
    cur: int
    players: tuple[str, ...]
    declarer: int | None
    rejoin_total: int
    discard: list[Card]
    rules: IndianRummyRules
    fmt: FormatInfo

    def _can_take(self) -> bool: ...
    def _barred(self) -> Card | None: ...


PHASE_VERBS: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw", "take", "drop"}),
    "play": frozenset({"discard", "declare"}),
    "show": frozenset({"show"}),
    "deal-over": frozenset({"next"}),
    "rejoin": frozenset({"rejoin", "pass"}),
}
"""The verbs each phase allows (the generator lists them phase by phase)."""


def may_drop(game: Table) -> bool:
    """Whether this table allows a drop at all (the generator lists it before drawing)."""
    return game.fmt.drops is not None


def waiting_for(game: Table) -> str | None:
    """What the pool's rejoin question and the show after a declaration wait for, in words:
    the status line then, and the refusal of any other verb (None in the other phases)."""
    name = game.players[game.cur]
    if game.phase_ == "rejoin":
        return f"{name} is out of the pool: 'rejoin' on {game.rejoin_total} points, or 'pass'"
    if game.phase_ == "show":
        who = game.players[game.declarer] if game.declarer is not None else "someone"
        return f"{who} declared. {name}: 'show' to accept the best grouping of your cards, or show your own"
    return None


def _phase(game: Table, move: Move) -> str | None:
    """Each phase has its verbs: draw (or take, or drop), then discard or declare; show
    after a declaration; next between deals; rejoin or pass in the pool."""
    ph, kind = game.phase_, move.kind
    if kind in PHASE_VERBS.get(ph, ()):
        return None
    name = game.players[game.cur]
    if ph == "deal-over":
        return "the deal is over: play 'next' to deal the next one"
    if (waiting := waiting_for(game)) is not None:
        return waiting + (" groups ('show 7H 8H 9H / KS KD KC')" if ph == "show" else "")
    if kind in ("next", "rejoin", "pass"):
        return "the deal is still going on"
    if kind == "show":
        return "nobody has declared yet: 'show' is for the other players after a valid declaration"
    if ph == "draw":
        if kind == "declare":
            return "draw first: a declaration needs 14 cards ('draw' or 'take', then 'declare CARD')"
        return f"{name} must draw first: 'draw' from the closed deck" + (
            " or 'take' the open card" if game._can_take() else ""
        )
    if kind in ("draw", "take"):
        return "you have drawn already this turn: discard a card or declare"
    return "you may drop only at the start of your turn, before drawing"


def _take(game: Table, move: Move) -> str | None:
    """The open deck's top card may be taken unless it is a wild card the table keeps there."""
    if move.kind != "take" or game._can_take():
        return None
    if not game.discard:
        return "the open deck is empty: draw from the closed deck"
    top = game.discard[-1]
    if game.rules.joker_pickup_from_open == "never":
        return f"{top.name} is a wild card: wild cards may not be taken from the open deck"
    return f"{top.name} is a wild card: only the first up-card may be taken when it is wild"


def _drop(game: Table, move: Move) -> str | None:
    """A drop is allowed where the format (or the table) has drop penalties."""
    if move.kind != "drop" or may_drop(game):
        return None
    if game.rules.drop_penalties == "format":
        return f"there is no drop in {game.fmt.title}"
    return "dropping is not allowed at this table"


def _taken(game: Table, move: Move) -> str | None:
    """The card just taken from the open deck stays in hand this turn (unless the table
    allows throwing it back)."""
    barred = game._barred()
    if move.kind == "discard" and barred is not None and move.cards[0] == barred:
        return f"you took {barred.name} from the open deck this turn: discard another card"
    return None


PLAY_RULES: tuple[Rule, ...] = (
    Rule("phase", "each phase has its own moves", _phase),
    Rule("take", "a wild card may be kept on the open deck", _take),
    Rule("drop", "a drop needs drop penalties", _drop),
    HOLD,
    Rule("taken", "the card taken from the open deck is kept this turn", _taken),
)
"""Indian Rummy's rules of play, in the order they are checked."""
