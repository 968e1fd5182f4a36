"""The rounds of a 3-13 match: how many cards each deals and which rank is wild."""

from __future__ import annotations

from cardtable.engine.cards import RANK_NAMES

ROUNDS = 11
"""Rounds in a match: 3 cards up to 13."""
BUSH_ROUNDS = 13
"""Rounds with the Bush Rummy extension (an aces round and a 2s round after the kings)."""

_PLURAL = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def cards_dealt(round_no: int) -> int:
    """Cards dealt in a round: two more than its number (3 ... 13, Bush 14 and 15).

    >>> cards_dealt(1), cards_dealt(11), cards_dealt(13)
    (3, 13, 15)
    """
    return round_no + 2


def wild_rank(round_no: int) -> int:
    """The round's wild rank: the number of cards dealt; the Bush rounds 12 and 13 have aces
    (rank 1) and 2s wild.

    >>> [wild_rank(r) for r in (1, 9, 11, 12, 13)]
    [3, 11, 13, 1, 2]
    """
    k = cards_dealt(round_no)
    return k if k <= 13 else k - 13


def rank_plural(rank: int) -> str:
    """A rank as a plural word: ``'3s'``, ``'jacks'``, ``'aces'``."""
    return _PLURAL.get(rank, f"{RANK_NAMES[rank]}s")
