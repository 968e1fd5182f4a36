"""Seeded randomness. Every shuffle comes from the game's own ``random.Random``.

>>> a, b = make_rng(7), make_rng(7)
>>> [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
True
"""

from __future__ import annotations

import random
import secrets


def make_rng(seed: int) -> random.Random:
    """A generator for one game; same seed, same sequence, on every platform."""
    return random.Random(seed)


def fresh_seed() -> int:
    """A new seed for a game the caller did not seed (it is kept in the record)."""
    return secrets.randbelow(2**31)
