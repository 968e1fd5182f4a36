"""Listing every meld a hand can make (:func:`enumerate_melds`), from cached run and set
templates; imported from :mod:`cardtable.kits.rummy.melds`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from cardtable.engine.cards import (
    ALL_SUITS,
    JOKER_RANK,
    Card,
    card_of,
)

from ._meld import RUN, SET, Meld, MeldRules, rank_at

# ---------------------------------------------------------------------------- enumeration


def enumerate_melds(hand: Sequence[Card], rules: MeldRules, need: Card | None = None) -> Iterator[Meld]:
    """Every distinct meld (by notation) that can be made from cards in ``hand``.

    Wilds may stand in a gap, at either end, or in a place whose natural card is held.
    Physical cards are picked by rank and suit (the first copy in hand, except that a
    card passed as ``need`` is preferred, and only melds holding it are made).

    >>> from cardtable.engine.cards import parse_cards
    >>> hand = parse_cards("7H 8H 9H KS KD KC 2C")
    >>> sorted(str(m) for m in enumerate_melds(hand, MeldRules()))
    ['[7H 8H 9H]', '[KS KD KC]']
    >>> len(list(enumerate_melds(parse_cards("7H 8H 9H JK"), MeldRules())))  # gaps, ends, stand-ins
    8
    """
    wilds: list[Card] = []
    grid: list[list[Card | None]] = [[None] * 16 for _ in range(5)]  # the fifth: stars
    suit_masks = [0, 0, 0, 0, 0]
    rank_masks = [0] * 14
    second_aces: list[Card | None] = [None] * 5
    wild_ranks = rules.wild_ranks
    for c in hand if need is None else (need, *hand):
        r = c.rank
        if r == JOKER_RANK or r in wild_ranks:
            if all(w is not c for w in wilds):
                wilds.append(c)
            if r == JOKER_RANK:
                continue
        si = c.suit_index
        row = grid[si]
        if row[r] is None:
            row[r] = c
            suit_masks[si] |= 1 << r
            rank_masks[r] |= 1 << si
            if r == 1:
                row[14] = c
                suit_masks[si] |= 1 << 14
        elif r == 1 and second_aces[si] is None and row[1] is not c:
            second_aces[si] = c
    nw = min(len(wilds), rules.max_wilds)
    need_wild = need is not None and (need.rank == JOKER_RANK or need.rank in wild_ranks)
    only_suit = need.suit_index if need is not None and not need_wild else -1
    only_rank = need.rank if need is not None and not need_wild else -1
    key = (nw, rules.lo_min, rules.hi_max, rules.min_size, rules.allow_all_wild)
    limits = (rules.run_wilds_le_naturals, rules.run_wilds_apart)
    both_mode = _BOTH_ACES[rules.ace_both_ends]
    for si in range(5):
        mask = suit_masks[si]
        if not mask or (only_suit >= 0 and si != only_suit):
            continue
        two_aces = both_mode == 2 and second_aces[si] is not None
        both = 0 if both_mode == 0 else 2 if two_aces else 1
        templates = _run_templates(mask, *key, *limits, both)
        if not templates:
            continue
        row = grid[si]
        # the full A..K..A run with two natural aces takes the second one as its high end
        high_row = [*row[:14], second_aces[si], None] if two_aces else row
        reps_row = _REPS_T[si]
        suit = ALL_SUITS[si]
        for lo, hi, wild_places in templates:
            src = high_row if two_aces and lo == 1 and hi == 14 and 1 not in wild_places else row
            if wild_places:
                cards: list[Card] = []
                wi = 0
                for p in range(lo, hi + 1):
                    if p in wild_places:
                        cards.append(wilds[wi])
                        wi += 1
                    else:
                        cards.append(src[p])  # type: ignore[arg-type]
                meld = Meld(RUN, tuple(cards), reps_row[lo : hi + 1], suit=suit, lo=lo)
            else:
                meld = Meld(RUN, tuple(src[lo : hi + 1]), reps_row[lo : hi + 1], suit=suit, lo=lo)  # type: ignore[arg-type]
            if need is None or any(c is need for c in meld.cards):
                yield meld
    skey = (nw, rules.min_size, rules.set_max, rules.set_distinct_suits, rules.set_wilds_le_naturals)
    short = rules.min_size - nw  # fewer suits of a rank than this make no set
    for rank in range(1, 14):
        smask = rank_masks[rank]
        if not smask or _SUITS_HELD[smask] < short or (only_rank >= 0 and rank != only_rank):
            continue
        stemplates = _set_templates(smask, *skey, ns=5 if smask >> 4 else 4)
        reps_col = _SET_REPS[rank]
        for order in stemplates:
            cards = []
            reps: list[Card] = []
            wi = 0
            for si, is_wild in order:
                if is_wild:
                    cards.append(wilds[wi])
                    wi += 1
                else:
                    cards.append(grid[si][rank])  # type: ignore[arg-type]
                reps.append(reps_col[si])
            if need is None or any(c is need for c in cards):
                yield Meld(SET, tuple(cards), tuple(reps), rank=rank)


_BOTH_ACES = {"never": 0, "wild": 1, "natural": 2}
"""``MeldRules.ace_both_ends`` as the number :func:`_run_templates` takes."""
_SUITS_HELD = tuple(bin(mask).count("1") for mask in range(32))
"""How many suits a rank mask of :func:`enumerate_melds` holds."""

_REPS_T: list[tuple[Card, ...]] = [
    tuple(card_of(rank_at(p), s) if 1 <= p <= 14 else card_of(1, s) for p in range(16)) for s in ALL_SUITS
]
_SET_REPS: list[list[Card]] = [[card_of(max(r, 1), s) for s in ALL_SUITS] for r in range(14)]


@cache
def _run_templates(
    mask: int,
    nw: int,
    lo_min: int,
    hi_max: int,
    min_size: int,
    allow_all_wild: bool,
    wilds_le_naturals: bool = False,
    wilds_apart: bool = False,
    both_aces: int = 1,
) -> tuple[tuple[int, int, frozenset[int]], ...]:
    """Runs one suit's naturals (bit p of ``mask`` = a card at place p) can make with up
    to ``nw`` wilds: ``(lo, hi, places taken by wilds)``. Cached: there are few masks.

    ``both_aces``: 0 = no run from the low to the high ace, 1 = one ace natural and the
    other wild, 2 = two natural aces are held and may both sit in it."""
    present = [bool(mask >> p & 1) for p in range(16)]
    out: list[tuple[int, int, frozenset[int]]] = []
    for lo in range(lo_min, hi_max - 1):
        missing = 0
        nat = 0
        for hi in range(lo, hi_max + 1):
            full = lo == 1 and hi == 14
            if full and both_aces == 0:
                break
            if present[hi] and not (full and both_aces < 2):
                nat += 1
            else:
                missing += 1
            if missing > nw:
                break
            if hi - lo + 1 < min_size or (nat == 0 and not allow_all_wild):
                continue
            span = range(lo, hi + 1)
            # With all 14 places the one natural ace sits low (a wild is the high ace) or high.
            if full and both_aces == 2:
                skips = [0]
            else:
                skips = [14, 1] if full and present[1] else [14 if full else 0]
            for skip in skips:
                natural_places = [p for p in span if present[p] and p != skip]
                gaps = frozenset(p for p in span if p not in natural_places)
                for extra in range(nw - len(gaps) + 1):
                    for swapped in combinations(natural_places, extra):
                        places = gaps | frozenset(swapped)
                        if len(places) == len(span) and not allow_all_wild:
                            continue
                        if wilds_le_naturals and 2 * len(places) > len(span):
                            continue
                        if wilds_apart and any(p + 1 in places for p in places):
                            continue
                        out.append((lo, hi, places))
    return tuple(out)


@cache
def _set_templates(
    suit_mask: int,
    nw: int,
    min_size: int,
    set_max: int,
    distinct: bool,
    wilds_le_naturals: bool = False,
    ns: int = 4,
) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Sets from the suits held of one rank (bit i = suit i, of ``ns`` suits) and up to
    ``nw`` wilds, each as its cards in display order: ``(suit index, is the wild)``."""
    held = [i for i in range(ns) if suit_mask >> i & 1]
    out: list[tuple[tuple[int, bool], ...]] = []
    for k in range(len(held), 0, -1):
        if k + nw < min_size:
            break
        for nat in combinations(held, k):
            free = [i for i in range(ns) if i not in nat] if distinct else list(range(ns))
            for w in range(nw + 1):
                if not min_size <= k + w <= set_max or (distinct and w > len(free)):
                    continue
                if wilds_le_naturals and w > k:
                    continue
                for wild_suits in combinations(free, w):
                    order = sorted([(i, False) for i in nat] + [(i, True) for i in wild_suits])
                    out.append(tuple(order))
    return tuple(out)
