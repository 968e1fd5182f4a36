"""Indian Rummy's computer player: the generic closed-hand policy
(:class:`~cardtable.kits.rummy.closed.ClosedRummyPolicy`, which already asks the game's
``declaration`` before declaring) plus, at the hard level, the first-turn drop.

A drop before the first draw costs the format's first-drop penalty (20 in pool 101); a hand
with no pure sequence, no wild card to build one and few pure pairs usually loses far more
when the other side declares (up to 80), so the hard bot leaves the deal with it, unless the
drop would take it out of the pool.
"""

from __future__ import annotations

from cardtable.bots import Decision, Turn
from cardtable.engine.cards import Card
from cardtable.engine.ruleset import Ruleset
from cardtable.games.indian_rummy.declare import NEED
from cardtable.kits.rummy.arrange import best_arrangement
from cardtable.kits.rummy.closed import ClosedRummyPolicy

DROP_PAIRS = 2
"""A hand is dropped only when it has at most this many pure two-card starts."""
DROP_PENALTY = 40
"""... and its best grouping leaves at least this many points."""


def pure_starts(cards: list[Card], is_wild: object) -> int:
    """Two natural cards of one suit within two ranks of each other (a pure sequence
    missing one card), each card counted in one pair at most.

    >>> from cardtable.engine.cards import parse_cards
    >>> pure_starts(list(parse_cards("5H 6H 9S JS KD 2C")), lambda c: False)
    2
    """
    wild = is_wild if callable(is_wild) else (lambda c: False)
    naturals = sorted((c for c in cards if not wild(c)), key=lambda c: (c.suit_index, c.rank))
    count = 0
    k = 0
    while k + 1 < len(naturals):
        a, b = naturals[k], naturals[k + 1]
        if a.suit_index == b.suit_index and 0 < b.rank - a.rank <= 2:
            count += 1
            k += 2
        else:
            k += 1
    return count


class IndianRummyPolicy(ClosedRummyPolicy):
    """The closed-hand policy with the hard level's first-turn drop."""

    def decide(self, turn: Turn) -> Decision:
        """Drop a hopeless first hand (hard), else as the closed-hand policy."""
        if self.level == "hard":
            drop = self._drop(turn)
            if drop is not None:
                return drop
        return super().decide(turn)

    def _drop(self, turn: Turn) -> Decision | None:
        move = next((m for m in turn.moves if m.kind == "drop"), None)
        cost = turn.view.facts.get("drop now")
        if move is None or cost is None or turn.view.phase != "draw":
            return None
        limit = turn.view.facts.get("out at")
        if limit is not None and turn.view.scores[turn.seat] + int(cost) >= int(limit):
            return None  # dropping would put the seat out of the pool
        game = turn.sample(turn.rng)
        rules = game.mrules  # type: ignore[attr-defined]
        hand = list(game.hand(turn.seat))
        # Only the first drop, before the seat's first draw (the public draw count): later
        # ones cost twice as much and the hand has had its chances.
        if game.draws[turn.seat] != 0 or any(rules.is_wild(c) for c in hand):  # type: ignore[attr-defined]
            return None
        arr = best_arrangement(hand, rules, game.card_value, need=NEED, pure=game.is_pure)  # type: ignore[attr-defined]
        if any(game.is_pure(g) for g in arr.groups):  # type: ignore[attr-defined]
            return None
        if pure_starts(hand, rules.is_wild) > DROP_PAIRS or arr.penalty < DROP_PENALTY:
            return None
        return Decision(move, f"drop for {cost}: no pure sequence in sight, {arr.penalty} points loose")


def make_policy(level: str, rules: Ruleset) -> IndianRummyPolicy:
    """The Indian Rummy policy at ``level``."""
    return IndianRummyPolicy(level, rules)
