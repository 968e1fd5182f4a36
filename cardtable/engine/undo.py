"""Fair undo: taking back one's own moves of this turn while they revealed nothing.

The rule is the same in every game. The player who made the last moves may take them back,
one at a time from the last, while

* no other seat has moved since (another player's move, a bot's included, closes the window:
  :attr:`Game._undo_floor` marks where the current run of one seat's moves began);
* the move showed nobody a card that its maker had not seen: drawing an unseen card from the
  stock, a card turned up, a new deal or a shuffle (the game's RNG moved) all close it, while
  a meld, a layoff, a selection or a discard, which show only the mover's own cards, do not;
* the move did not end a deal or the match (a scored deal shows what others held);
* the game's spec does not forbid undo (:attr:`GameSpec.no_undo`).

"Revealed" is found from the zones, generically: for every seat, the card identities it may
see after the move (the zones not hidden from it, and the ``shown`` cards of hidden ones)
against those before; a card newly seen by anyone that the mover could not see before is a
reveal.

Undo rebuilds the game from its seed and its moves but the last (so the record holds no
undone move, and an undone game has the very snapshot of one that never made the move). A
table calls :func:`keep_point` (``game.keep_undo_point()``) before each person's move: the
rebuild then starts from that copy instead of the first move, so an undo late in a long match
stays as quick as a keypress should be. A game rebuilt from its record (a resume) keeps one
such point where the last player's run of moves began, so its first undo is as quick.

>>> from cardtable.engine import new_game
>>> g = new_game("scala40", ["Ann", "Bob"], seed=7)
>>> g.can_undo().reason
'there is no move to take back'
>>> _ = g.play("draw")
>>> check = g.can_undo()
>>> bool(check), check.reason
(False, 'your draw showed you a card you had not seen: it cannot be taken back')
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self

from .errors import IllegalMove
from .moves import Move
from .phases import PhaseKind
from .registry import GameSpec
from .zones import Zone


class Game(Protocol):
    """What undo needs of a game (the engine's ``Game`` satisfies it): a protocol rather than
    ``Game`` itself, so that ``game.py`` may import this module without an import circle."""

    players: tuple[str, ...]
    history: list[tuple[int, Move]]
    _stamp: object
    _undo_floor: int

    @property
    def is_over(self) -> bool: ...

    @property
    def deal_scores(self) -> tuple[tuple[int | None, ...], ...]: ...

    @property
    def phase_kind(self) -> PhaseKind: ...

    def zones(self) -> tuple[Zone, ...]: ...

    def copy(self) -> Self: ...

    def restart(self) -> Self: ...

    def play(self, move: Any) -> Any: ...

    def _bump(self) -> None: ...

    @classmethod
    def _spec(cls) -> GameSpec | None: ...


@dataclass(frozen=True)
class UndoCheck:
    """The answer of :meth:`Game.can_undo`: truthy when the last move may be taken back;
    otherwise ``reason`` says why, in words for the player.

    >>> bool(UndoCheck(True)), UndoCheck(False, "no move yet").reason
    (True, 'no move yet')
    """

    allowed: bool
    reason: str = ""
    move: str = ""
    """The move that would be taken back (its notation), when allowed."""

    def __bool__(self) -> bool:
        return self.allowed


class UndoRefused(IllegalMove):
    """:meth:`Game.undo` when the fair-undo rule refuses: ``reason`` says why."""


# The game rebuilt without its last move, kept for the undo that usually follows a check:
# held beside the game (not in its state) so copies and snapshots do not carry it.
_PREFIX: weakref.WeakKeyDictionary[Game, tuple[object, Game]] = weakref.WeakKeyDictionary()
# Copies of the game kept by keep_point, by history length: each is the game as it was when
# its history was that long (an undo drops those beyond the history left).
_POINTS: weakref.WeakKeyDictionary[Game, dict[int, Game]] = weakref.WeakKeyDictionary()


def keep_point(game: Game) -> None:
    """Keep a copy of ``game`` as it is now, for a quick undo back to here (or past here to
    an earlier point). Points below the current turn's window are pruned to the latest one.

    >>> from cardtable.engine import new_game
    >>> g = new_game("gin", ["Ann", "Bob"], seed=3)
    >>> keep_point(g)
    >>> sorted(_POINTS[g])
    [0]
    """
    points = _POINTS.setdefault(game, {})
    points[len(game.history)] = game.copy()
    floor = getattr(game, "_undo_floor", 0)
    below = [p for p in points if p < floor]
    for p in below:
        if p != max(below):
            del points[p]


def rebuild(game: Game, moves: int) -> Game:
    """A new game from ``game``'s seed, rules and stacked deal, with its first ``moves``
    moves played again (same seats, same results: play is deterministic).

    >>> from cardtable.engine import new_game
    >>> g = new_game("gin", ["Ann", "Bob"], seed=3)
    >>> _ = g.play(g.legal_moves()[0])
    >>> rebuild(g, 1).snapshot() == g.snapshot(), len(rebuild(g, 0).history)
    (True, 0)
    """
    points = _POINTS.get(game, {})
    start = max((p for p in points if p <= moves), default=None)
    if start is None:
        start = 0
        new = game.restart()
    else:
        new = points[start].copy()
    for _, move in game.history[start:moves]:
        new.play(move)
    return new


def _prefix(game: Game) -> Game:
    """``game`` as it was before its last move (cached until the game changes)."""
    stamp = game._stamp
    cached = _PREFIX.get(game)
    if cached is not None and cached[0] is stamp:
        return cached[1]
    before = rebuild(game, len(game.history) - 1)
    _PREFIX[game] = (stamp, before)
    return before


def visible_ids(zones: Sequence[Zone], seat: int | None) -> set[int]:
    """The identities of the cards ``seat`` may see in ``zones``.

    >>> from cardtable.engine.cards import make_deck
    >>> from cardtable.engine.zones import Visibility
    >>> d = list(make_deck())
    >>> zones = [Zone("stock", d[:3], Visibility.HIDDEN, shown={0}),
    ...          Zone("hand 0", d[3:5], Visibility.OWNER, owner=0)]
    >>> sorted(visible_ids(zones, 0)), sorted(visible_ids(zones, 1))
    ([0, 3, 4], [0])
    """
    out: set[int] = set()
    for z in zones:
        if z.hidden_from(seat):
            out.update(z.shown)
        else:
            out.update(c.id for c in z.cards)
    return out


def _rng_states(game: Game) -> list[object]:
    return [v.getstate() for v in game.__dict__.values() if isinstance(v, random.Random)]


def revealed(before: Game, after: Game, mover: int) -> str:
    """Why the move from ``before`` to ``after`` (made by ``mover``) revealed something, in
    words; empty when it revealed nothing."""
    if after.is_over or len(after.deal_scores) != len(before.deal_scores):
        return "it ended the deal and its result is out"
    if after.phase_kind in (PhaseKind.DEAL_OVER, PhaseKind.MATCH_OVER):
        return "it ended the deal and its result is out"
    if _rng_states(before) != _rng_states(after):
        return "cards were dealt or shuffled after it"
    z_before, z_after = before.zones(), after.zones()
    known = visible_ids(z_before, mover)
    if visible_ids(z_after, mover) - known:
        return "showed you a card you had not seen"
    for seat in range(len(after.players)):
        if seat != mover and (visible_ids(z_after, seat) - visible_ids(z_before, seat)) - known:
            return f"showed {after.players[seat]} a card nobody had seen"
    return ""


def check_undo(game: Game, seat: int | None = None) -> UndoCheck:
    """May the last move be taken back (by ``seat``, when given)? See the module's rule."""
    spec = game._spec()
    if spec is not None and spec.no_undo:
        return UndoCheck(False, spec.no_undo)
    if not game.history:
        return UndoCheck(False, "there is no move to take back")
    mover, move = game.history[-1]
    name = game.players[mover]
    if seat is not None and seat != mover:
        return UndoCheck(False, f"the last move was {name}'s: you may take back only your own moves")
    if len(game.history) <= getattr(game, "_undo_floor", 0):
        return UndoCheck(False, "another player has moved since: your moves before that stand")
    why = revealed(_prefix(game), game, mover)
    if why.startswith("showed you"):
        return UndoCheck(False, f"your {move.kind} {why}: it cannot be taken back")
    if why:
        return UndoCheck(False, f"'{move}' cannot be taken back: {why}")
    return UndoCheck(True, move=str(move))


def undo(game: Game, seat: int | None = None) -> Move:
    """Take back the last move in place (:class:`UndoRefused` with the reason if the rule
    forbids it); returns the move taken back. The game is left exactly as if the move had
    never been made, and its record no longer holds it."""
    check = check_undo(game, seat)
    if not check:
        raise UndoRefused(check.reason, "undo", "undo")
    _, move = game.history[-1]
    floor = getattr(game, "_undo_floor", 0)
    before = _prefix(game)
    _PREFIX.pop(game, None)
    points = _POINTS.get(game)
    if points:  # a point beyond the moves left belongs to a line of play that is gone
        for p in [p for p in points if p >= len(game.history)]:
            del points[p]
    game.__dict__.clear()
    game.__dict__.update(before.__dict__)
    # the window of this turn stays where it began, though the rebuild played every move anew
    game._undo_floor = floor
    game._bump()
    return move
