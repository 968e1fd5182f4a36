"""The least deadwood of a hand, as a number only: gin's knock test and the bots' quick
look, without building melds.

:func:`least_deadwood` answers what ``best_arrangement(...).penalty`` (or, with
``discard=True``, ``best_discard(...)[1].penalty``) answers, exactly, and much faster on the
common case: no wild card, no two equal cards, the ace at one end of runs only, no run
counted, every card worth at least 1 (gin). There the hand is one 64-bit mask (a 16-bit lane
a suit, as in :func:`._plain._solve_lanes`), the set choices are those of the exact solver,
and for each the runs are a few bit operations; other hands go to the full solver. A value
function marked with :func:`by_face` (equal cards, equal values) is read once per face and
kept; others are called on every card of every hand, a third of the time on gin hands.

>>> from cardtable.engine.cards import parse_cards
>>> from cardtable.kits.rummy.melds import MeldRules
>>> gin = MeldRules(max_wilds=0, ace_high=False)
>>> value = lambda c: min(c.rank, 10)
>>> least_deadwood(parse_cards("AS 2S 3S 4S 5H 5D 5C KH KD 7C"), gin, value)
27
>>> least_deadwood(parse_cards("AS 2S 3S 4S 5H 5D 5C KH KD 7C 8C"), gin, value, discard=True)
25
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence

from cardtable.engine.cards import SUITS, Card, card_of

from ._plain import _LANE, _LANE_BITS, _LANE_COLUMN, _LANE_SUITS, _cover, _cover3, _lane_set_options
from .arrange import best_arrangement, best_discard
from .melds import MeldRules

__all__ = ["by_face", "least_deadwood"]


def least_deadwood(cards: Sequence[Card], rules: MeldRules, value: ValueOf, *, discard: bool = False) -> int:
    """The least penalty of ``cards`` split into melds and deadwood under ``rules``; with
    ``discard``, after the best card is thrown first (gin's eleventh card). The same number
    as :func:`~cardtable.kits.rummy.arrange.best_arrangement`'s (``best_discard``'s) penalty.

    >>> from cardtable.engine.cards import parse_cards
    >>> least_deadwood(parse_cards("7H 8H 9H KS"), MeldRules(), lambda c: min(c.rank, 10))
    10
    """
    fast = _lanes(cards, rules, value, discard)
    if fast is not None:
        return fast
    if discard:
        return best_discard(cards, rules, value)[1].penalty
    return best_arrangement(cards, rules, value).penalty


ValueOf = Callable[[Card], int]
"""A card's penalty."""

_BY_FACE: weakref.WeakSet[ValueOf] = weakref.WeakSet()
"""Value functions that give equal cards equal values (see :func:`by_face`)."""
_FACES: dict[tuple[ValueOf, int], tuple[dict[int, int], int]] = {}
"""Per face value function and place of the ace: each lane bit's value, and the mask of the
faces worth less than 1."""
_FACES_MAX = 16
"""Value functions kept at most (a closure marked per call must not pile up)."""


def by_face(value: ValueOf) -> ValueOf:
    """Mark ``value`` as a function of the card's face (rank and suit) only, never of which
    copy it is: :func:`least_deadwood` may then read it once per face and keep the answers.
    Returns ``value`` itself, so it serves as a decorator.

    >>> @by_face
    ... def gin_points(card: Card) -> int:
    ...     return min(card.rank, 10)
    >>> from cardtable.engine.cards import parse_cards
    >>> least_deadwood(parse_cards("7H 8H 9H KS QD"), MeldRules(), gin_points)
    20
    """
    _BY_FACE.add(value)
    return value


def _faces(value: ValueOf, ace_bit: int) -> tuple[dict[int, int], int]:
    """The lane bit → value table of a face value function (ace at ``ace_bit``), made on
    first use."""
    table = _FACES.get((value, ace_bit))
    if table is None:
        bits = _LANE_BITS[ace_bit]
        val = {bits[c.key]: value(c) for c in (card_of(r, s) for r in range(1, 14) for s in SUITS)}
        table = val, sum(b for b, v in val.items() if v < 1)
        if len(_FACES) >= _FACES_MAX:
            _FACES.clear()
        _FACES[value, ace_bit] = table
    return table


def _lanes(cards: Sequence[Card], rules: MeldRules, value: ValueOf, discard: bool) -> int | None:
    """The bit-parallel answer, or None when the hand or rules need the full solver."""
    if not cards or rules.runs_any_suit or (rules.ace_low and rules.ace_high):
        return None
    ace_bit = 0 if rules.ace_low else 13 if rules.ace_high else 14
    bits = _LANE_BITS[ace_bit]
    held = 0
    try:
        for c in cards:
            held |= bits[c.key]  # KeyError: a printed joker or a star
    except (AttributeError, KeyError):
        return None  # (not a card: the full solver says what is wrong)
    if held.bit_count() != len(cards):
        return None  # two equal cards
    if value in _BY_FACE:
        val, cheap = _faces(value, ace_bit)
    else:
        val = {bits[c.key]: value(c) for c in cards}
        cheap = sum(b for b, v in val.items() if v < 1)
    if held & cheap:
        return None  # a card costing nothing, which the shortcuts below exclude
    wild_ranks = rules.wild_ranks
    if wild_ranks and any(c.rank in wild_ranks for c in cards):
        return None
    min_size = rules.min_size
    cover_of = _cover3 if min_size == 3 else lambda m: _cover(m, min_size)
    best = -1
    for sets in _lane_set_options(held, min_size, min(rules.set_max, _LANE_SUITS), cover_of, discard):
        rest = held & ~sets
        cover = cover_of(rest)
        dead = rest & ~cover
        total = top = 0
        while dead:
            b = dead & -dead
            dead ^= b
            v = val[b]
            total += v
            if v > top:
                top = v
        if discard:
            if top:
                total -= top  # throw the dearest loose card: nothing else beats it
            else:
                total = _throw_melded(held, sets, cover, val, min_size, cover_of)
        if best < 0 or total < best:
            best = total
            if not best:
                break
    return best


def _throw_melded(
    held: int, sets: int, cover: int, val: dict[int, int], min_size: int, cover_of: Callable[[int], int]
) -> int:
    """Every card is in a meld: the least deadwood after throwing one of them (0 when a set
    holds more cards than it needs), or a bound no answer exceeds when only breaking a
    three-card set would do (the set choices without that set are tried too)."""
    x = sets
    while x:
        off = ((x & -x).bit_length() - 1) % _LANE
        col = sets >> off & _LANE_COLUMN
        if col.bit_count() > min_size:
            return 0
        x &= ~(col << off)
    best = -1
    rest = held & ~sets
    x = cover
    while x:
        b = x & -x
        x ^= b
        left = cover & ~cover_of(rest & ~b) & ~b
        total = 0
        while left:
            low = left & -left
            left ^= low
            total += val[low]
        if best < 0 or total < best:
            best = total
    if best >= 0:
        return best
    # no run card either (three-card sets only): the choices without a set answer this
    total = 0
    while held:
        b = held & -held
        held ^= b
        total += val[b]
    return total
