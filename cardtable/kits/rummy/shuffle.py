"""A faster :meth:`random.Random.shuffle` giving the very same order.

A random playout of a rummy deal is a handful of moves, so shuffling two packs is a fair
share of its time; the standard method spends most of it calling ``_randbelow`` once a
card. :func:`shuffle` draws the same bits in the same order inline, so saved games, seeds
and replays deal exactly as before (``tests/kits/test_shuffle.py`` compares the two).
"""

from __future__ import annotations

import random
from typing import Any

_WIDTHS = tuple(n.bit_length() for n in range(1 << 10))
"""``n.bit_length()`` for the list sizes a deck can have (looked up, not called)."""


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would (same order, same
    state of ``rng`` after), faster for a plain :class:`random.Random`; any other generator
    is left to its own ``shuffle``.

    >>> a, b = list(range(20)), list(range(20))
    >>> r1, r2 = random.Random(7), random.Random(7)
    >>> shuffle(r1, a); r2.shuffle(b)
    >>> a == b and r1.random() == r2.random()
    True
    """
    if type(rng) is not random.Random or len(cards) >= len(_WIDTHS):
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    widths = _WIDTHS
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = widths[n]
        j = bits(k)
        while j >= n:  # the standard rejection: draw again until below n
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]
