"""Computer players. A bot sees only ``game.view(seat)`` and the legal moves.

>>> import random
>>> from cardtable.engine import new_game
>>> g = new_game("scala40", players=["Ann", "Bob"], seed=2)
>>> move = RandomBot().choose(g, random.Random(0))
>>> str(move)
'draw'
"""

from __future__ import annotations

import random
from typing import Protocol

from cardtable.engine.game import Game
from cardtable.engine.moves import Move


class Bot(Protocol):
    """Chooses a move for the seat to act, from its legal moves, with an injected RNG."""

    name: str

    def choose(self, game: Game, rng: random.Random) -> Move:
        """One legal move for ``game.to_act``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move (the playout and conformance bot)."""

    name = "random"

    def choose(self, game: Game, rng: random.Random) -> Move:
        """A random legal move."""
        return rng.choice(game.legal_moves())


BOTS: dict[str, type[RandomBot]] = {"random": RandomBot}
"""Bot levels by name; 'easy', 'medium' and 'hard' arrive with the bots issue."""


def make_bot(level: str) -> RandomBot:
    """A bot by level name; unknown names raise ``ValueError`` listing the levels."""
    try:
        return BOTS[level]()
    except KeyError:
        raise ValueError(f"no bot level {level!r}; the levels are: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
