"""The generic computer player for games without their own: closed-hand rummies (draw or
take, discard, go out) and, failing that, a careful random choice.

Until a game gives its own traits, the policy knows no meld rules: it plays a random legal
move, but never throws a joker while another card can go, always goes out when it may, and
always starts the next deal.

>>> import random
>>> from cardtable.bots import Turn
>>> from cardtable.engine.moves import parse_move
>>> policy = ClosedRummyPolicy("medium", None)
>>> moves = tuple(parse_move(t) for t in ("discard JK", "discard 7H"))
>>> str(policy.pick(moves, random.Random(1)).move)
'discard 7H'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots import Decision, Turn
from cardtable.engine.cards import JOKER_RANK
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset

GO_OUT = ("declare", "knock", "gin", "out", "show")
"""Verbs that end a hand by going out, in closed-hand rummies."""


class ClosedRummyPolicy:
    """A careful random policy (see the module)."""

    def __init__(self, level: str, rules: Ruleset | None) -> None:
        self.level = level
        self.rules = rules

    def decide(self, turn: Turn) -> Decision:
        return self.pick(turn.moves, turn.rng)

    def pick(self, moves: Sequence[Move], rng: random.Random) -> Decision:
        """A legal move: go out or start the next deal when possible, else random, keeping jokers."""
        for verb in (*GO_OUT, "next"):
            for m in moves:
                if m.kind == verb:
                    return Decision(
                        m, f"{verb}: it ends the hand" if verb != "next" else "start the next deal"
                    )
        keep = [m for m in moves if not (m.kind == "discard" and m.cards and m.cards[0].rank == JOKER_RANK)]
        return Decision(rng.choice(keep or list(moves)), "")


__all__ = ["GO_OUT", "ClosedRummyPolicy"]
