"""The meld solver's direct road for hands with no wild card and no two equal cards
(gin): set choices tried exhaustively and each suit read as runs (:func:`_solve_plain`),
with a bit-parallel form when the ace sits at one end only (:func:`_solve_lanes`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import product
from typing import TypeVar

from cardtable.engine.cards import JOKER_RANK, SUITS, Card, card_of

from ._hand import Arrangement
from .melds import RUN, SET, Meld, MeldRules

# ---------------------------------------------------------------------------- hands without wilds
#
# The common case (gin, and any hand holding no wild card and no two equal cards) has a
# direct exact method, much cheaper than the search. Each card is in at most one set (of
# its rank) and runs of its suit. Once it is fixed which cards go to sets, the best runs of
# each suit are plain: every maximal stretch of consecutive ranks at least ``min_size``
# long is one run (covering more never costs more, and a stretch of length L splits into
# up to L // min_size runs when runs are counted); an ace that may sit low or high gives
# two readings of its suit, both tried. So enumerating the set choices (few: only ranks
# held in three or four suits have any) and reading the suits is exhaustive. A throw
# (best_discard) is tried for every card outside the sets: throwing a card that no run
# covers lowers the cost by exactly its own cost, any other is re-read.

_CANON: dict[int, Card] = {r * 5 + si: card_of(r, SUITS[si]) for r in range(1, 14) for si in range(4)}
_SPREAD = tuple(sum(1 << (13 * s) for s in range(4) if q >> s & 1) for q in range(16))
"""A 4-bit suit mask spread to one bit a suit (one rank of the layout suit * 13 + rank - 1)."""
_COLUMN = {_SPREAD[q]: q for q in range(16)}

_SHAPES: dict[tuple[int, int, int], tuple[tuple[int, ...], tuple[Card, ...]]] = {}
"""Card bits and reps of a run (suit, first place, last place) or a set (4, rank - 1, suits)."""

Reading = tuple[int, int, tuple[tuple[int, int], ...]]
"""One way to lay one suit's runs: (13-bit mask covered, most runs it can count, the runs as
(first place, last place), places 1..14 with 14 the high ace)."""


@lru_cache(maxsize=1 << 15)
def _readings(held: int, lo_min: int, hi_max: int, min_size: int) -> tuple[Reading, ...]:
    """The maximal run covers of one suit's ranks held (bit r-1 = rank r): one reading, or
    two when an ace held may sit low or high (different covers only)."""
    ace = held & 1
    spots: list[int] = []
    if ace and lo_min == 1:
        spots.append(1)
    if ace and hi_max == 14:
        spots.append(14)
    out: list[Reading] = []
    for spot in spots or [0]:
        cover = cap = 0
        runs: list[tuple[int, int]] = []
        start = 0
        for p in range(lo_min, hi_max + 2):
            here = p == spot if p in (1, 14) else p <= hi_max and bool(held >> (p - 1) & 1)
            if here and not start:
                start = p
            elif not here and start:
                if p - start >= min_size:
                    runs.append((start, p - 1))
                    cap += (p - start) // min_size
                    for q in range(start, p):
                        cover |= 1 << ((q - 1) % 13)
                start = 0
        if all(cover != o[0] for o in out):
            out.append((cover, cap, tuple(runs)))
    return tuple(out)


@lru_cache(maxsize=1024)
def _set_choices(held: int, free: int, min_size: int, set_max: int, throw: bool) -> tuple[int, ...]:
    """The set choices worth trying for one rank (4-bit suit masks, 0 = no set): every set
    of the suits held, less those a bigger choice holds plus only ``free`` suits. With a
    throw to choose, only a bigger choice that can itself spare a card counts (then the
    smaller choice with a free card thrown is that choice with the card thrown)."""
    every = [0, *(q for q in range(1, 16) if q & held == q and min_size <= q.bit_count() <= set_max)]
    return tuple(
        a
        for a in every
        if not any(
            b != a and b & a == a and not (b & ~a & ~free) and (not throw or b.bit_count() > min_size)
            for b in every
        )
    )


# ---------------------------------------------------------------------------- one-ended aces
#
# When the ace sits at one end only (gin: low; or high; or in no run) and no run is counted,
# each suit's best cover is one bit expression: cards are laid one suit a 16-bit lane, run
# place p at bit p - 1 (an ace that no run takes at bit 14, alone), so the lanes' zero bits keep
# suits apart, and the cards in stretches of ``min_size`` or more are
# ``t | t << 1 | ...`` with ``t = m & m >> 1 & ...``. The set choices are as in
# :func:`_solve_plain`; Meld objects are made for the answer only.

_LANE = 16
"""Bits per suit in the lane layout (places 1..14 at bits 0..13, then zero bits)."""
_LANE_SUITS = len(SUITS)
_LANE_COLUMN = sum(1 << (_LANE * s) for s in range(_LANE_SUITS))
"""One bit a suit at lane offset 0: shifted by a place, a rank's cards in every suit."""
_LANE_SPREAD = tuple(
    sum(1 << (_LANE * s) for s in range(_LANE_SUITS) if q >> s & 1) for q in range(1 << _LANE_SUITS)
)
_LANE_QUAD = {_LANE_SPREAD[q]: q for q in range(1 << _LANE_SUITS)}
_LANE_RUNS: dict[tuple[int, int, int], tuple[tuple[int, ...], tuple[Card, ...]]] = {}
"""Card bits and reps of a run (suit, first bit, length) in the lane layout."""
_LANE_BITS = {
    ace_bit: {
        card_of(r, SUITS[s]).key: 1 << (_LANE * s + (ace_bit if r == 1 else r - 1))
        for r in range(1, 14)
        for s in range(_LANE_SUITS)
    }
    for ace_bit in (0, 13, 14)
}
"""Per place of the ace (bit 0 low, 13 high, 14 in no run): each card key's lane bit."""


def _cover(m: int, min_size: int) -> int:
    """The cards of ``m`` (lane layout) in stretches of ``min_size`` or more.

    >>> bin(_cover(0b1110110111, 3))
    '0b1110000111'
    """
    t = m
    for k in range(1, min_size):
        t &= m >> k
    c = t
    for k in range(1, min_size):
        c |= t << k
    return c


def _cover3(m: int) -> int:
    """:func:`_cover` for ``min_size`` 3 (most games), without the loops."""
    t = m & m >> 1 & m >> 2
    return t | t << 1 | t << 2


def _bits_arrangement(
    cards: Sequence[Card],
    vals: list[int],
    where: dict[int, int],
    groups: list[tuple[int, Meld]],
    dead: int,
    ok: bool,
) -> Arrangement:
    """The answer of a bit-set search: ``groups`` (first card's index, meld) in hand order
    and the deadwood read off the bits of ``dead`` (``where``: bit -> card index)."""
    dead_idx = []
    while dead:
        b = dead & -dead
        dead ^= b
        dead_idx.append(where[b])
    dead_idx.sort()
    if len(groups) > 1:
        groups.sort(key=lambda fm: fm[0])
    return Arrangement(
        tuple([m for _, m in groups]),
        tuple([cards[i] for i in dead_idx]),
        sum([vals[i] for i in dead_idx]),
        ok,
    )


_T = TypeVar("_T")


def _throw_loose(
    x: int, gain: dict[int, int], value: int, top: tuple[int, int, int, _T] | None, sets: int, how: _T
) -> tuple[int, int, int, _T] | None:
    """The best of ``top`` (cost, sets, card thrown, how the runs lie) and throwing one of the
    cards of ``x``, which no run holds, from the split of cost ``value``: its cost is then
    ``value + gain[card]``."""
    while x:
        b = x & -x
        x ^= b
        g = gain.get(b)
        if g is not None and (top is None or value + g < top[0]):
            top = (value + g, sets, b, how)
    return top


def _lane_set_options(
    held: int, min_size: int, set_max: int, cover_of: Callable[[int], int], throw: bool
) -> list[int]:
    """Every set choice worth trying for a hand in the lane layout (a mask of the cards in
    sets; 0 = none): per place held in ``min_size`` suits or more, the choices of
    :func:`_set_choices`, combined over the places."""
    options = [0]
    if set_max >= min_size:
        # the places held in min_size suits or more
        if min_size == 3 and _LANE_SUITS == 4:
            l0, l1, l2, l3 = held & 0xFFFF, held >> 16 & 0xFFFF, held >> 32 & 0xFFFF, held >> 48
            multi = l0 & l1 & (l2 | l3) | l2 & l3 & (l0 | l1)
        else:
            ge = [(1 << _LANE) - 1] + [0] * min_size  # ge[k]: places held in k suits or more
            for s in range(_LANE_SUITS):
                lane = held >> (_LANE * s) & ((1 << _LANE) - 1)
                for k in range(min_size, 0, -1):
                    ge[k] |= ge[k - 1] & lane
            multi = ge[min_size]
        if multi:
            free = held & ~cover_of(held)  # cards no run can ever hold
            while multi:
                off = (multi & -multi).bit_length() - 1
                multi &= multi - 1
                pick = _set_choices(
                    _LANE_QUAD[held >> off & _LANE_COLUMN],
                    _LANE_QUAD[free >> off & _LANE_COLUMN],
                    min_size,
                    set_max,
                    throw,
                )
                options = [o | _LANE_SPREAD[q] << off for o in options for q in pick]
    return options


def _solve_lanes(
    cards: Sequence[Card],
    rules: MeldRules,
    vals: list[int],
    step: int,
    throws: list[int | None] | None,
) -> tuple[Arrangement, int] | None:
    """:func:`_solve_plain` for rules whose ace sits at one end only, no run counted."""
    wild_ranks = rules.wild_ranks
    if wild_ranks and any(c.rank in wild_ranks for c in cards):
        return None
    bits = _LANE_BITS[0 if rules.ace_low else 13 if rules.ace_high else 14]
    where: dict[int, int] = {}
    cost: dict[int, int] = {}
    gain: dict[int, int] = {}  # what throwing a card costs beyond sparing its own cost
    held = 0
    for i, c in enumerate(cards):
        b = bits.get(c.key, 0)
        if not b or held & b:
            return None  # a printed joker, a star (Five Crowns' fifth suit), or two equal cards
        held |= b
        where[b] = i
        cost[b] = k = vals[i] * step + 1
        if throws is not None:
            t = throws[i]
            if t is not None:
                gain[b] = t - k
    min_size = rules.min_size
    cover_of = _cover3 if min_size == 3 else lambda m: _cover(m, min_size)
    options = _lane_set_options(held, min_size, min(rules.set_max, _LANE_SUITS), cover_of, throws is not None)

    def dead_cost(x: int) -> int:
        total = 0
        while x:
            b = x & -x
            total += cost[b]
            x ^= b
        return total

    top: tuple[int, int, int, int] | None = None  # cost, sets, card thrown, run cover
    if throws is None:
        for sets in options:
            cover = cover_of(held & ~sets)
            value = dead_cost(held & ~sets & ~cover)
            if top is None or value < top[0]:
                top = (value, sets, 0, cover)
    else:
        least_gain = min(gain.values())
        least_throw = min([t for t in throws if t is not None])
        scored = []
        for sets in options:
            cover = cover_of(held & ~sets)
            scored.append((dead_cost(held & ~sets & ~cover), sets, cover))
        if len(scored) > 1:
            scored.sort(key=lambda x: x[0])
        for value, sets, cover in scored:
            # throwing card b lowers a choice's cost by at most cost[b]: stop once none can win
            if top is not None and value + least_gain >= top[0]:
                break
            rest = held & ~sets
            dead = rest & ~cover
            top = _throw_loose(dead, gain, value, top, sets, cover)  # nothing else changes
            if top is not None and value + least_throw >= top[0]:
                continue  # a card a meld holds is thrown at cost ``value`` or more
            x = cover
            while x:
                b = x & -x
                x ^= b
                g = gain.get(b)
                if g is None or (top is not None and value + g + cost[b] >= top[0]):
                    continue  # (throwing a card a run holds costs ``value`` or more)
                cover2 = cover_of(held & ~sets & ~b)
                cand = value + dead_cost(cover & ~cover2 & ~b) + g + cost[b]
                if top is None or cand < top[0]:
                    top = (cand, sets, b, cover2)
            x = sets
            while x:  # a card of a set bigger than needed may go: the runs stay
                b = x & -x
                x ^= b
                g = gain.get(b)
                if g is not None:
                    off = (b.bit_length() - 1) % _LANE
                    if (sets >> off & _LANE_COLUMN).bit_count() > min_size:
                        cand = value + g + cost[b]
                        if top is None or cand < top[0]:
                            top = (cand, sets, b, cover)
    assert top is not None
    _best, sets, thrown, cover = top
    sets &= ~thrown
    groups: list[tuple[int, Meld]] = []
    x = cover
    while x:
        low = x & -x
        first = low.bit_length() - 1
        y = x >> first
        n = ((y + 1) & ~y).bit_length() - 1  # the stretch's length: its trailing ones
        x &= ~(((1 << n) - 1) << first)
        s, p0 = divmod(first, _LANE)
        shape = _LANE_RUNS.get((s, p0, n))
        if shape is None:
            run_bits = tuple(1 << (first + k) for k in range(n))
            reps = tuple(_CANON[(1 if p == 13 else p + 1) * 5 + s] for p in range(p0, p0 + n))
            shape = _LANE_RUNS[s, p0, n] = (run_bits, reps)
        idx = [where[b] for b in shape[0]]
        groups.append(
            (min(idx), Meld(RUN, tuple([cards[i] for i in idx]), shape[1], suit=SUITS[s], lo=p0 + 1))
        )
    x = sets
    while x:
        off = ((x & -x).bit_length() - 1) % _LANE
        col = sets >> off & _LANE_COLUMN
        x &= ~(col << off)
        rank = 1 if off in (0, 13, 14) else off + 1
        suits = [s for s in range(_LANE_SUITS) if col >> (_LANE * s) & 1]
        idx = [where[1 << (_LANE * s + off)] for s in suits]
        reps = tuple([_CANON[rank * 5 + s] for s in suits])
        groups.append((min(idx), Meld(SET, tuple([cards[i] for i in idx]), reps, rank=rank)))
    arr = _bits_arrangement(cards, vals, where, groups, held & ~sets & ~cover & ~thrown, True)
    return arr, where[thrown] if thrown else -1


def _solve_plain(
    cards: Sequence[Card],
    rules: MeldRules,
    vals: list[int],
    step: int,
    throws: list[int | None] | None,
    runs_need: int,
) -> tuple[Arrangement, int] | None:
    """The exact best split of a hand with no wild card and no two equal cards (None
    otherwise): the arrangement and the index of the card thrown (-1 when ``throws`` is
    None). ``step`` weighs a point of penalty against the tie-breaks (a deadwood card costs
    1); ``throws[i]`` is the tie-break cost of throwing card i (None: it may not be thrown)."""
    if not runs_need and not (rules.ace_low and rules.ace_high):
        return _solve_lanes(cards, rules, vals, step, throws)
    wild_ranks = rules.wild_ranks
    where: dict[int, int] = {}
    held = 0
    for i, c in enumerate(cards):
        r = c.rank
        if r == JOKER_RANK or r in wild_ranks or c.suit_index > 3:
            return None  # (a star, Five Crowns' fifth suit, takes the search too)
        b = 1 << (c.suit_index * 13 + r - 1)
        if held & b:
            return None
        held |= b
        where[b] = i
    min_size, lo_min, hi_max = rules.min_size, rules.lo_min, rules.hi_max
    set_max = min(rules.set_max, 4)
    cost = {b: vals[i] * step + 1 for b, i in where.items()}
    big = 2 * (sum(cost.values()) + step) + 3  # added to a split missing the need
    # set choices: per rank held in enough suits, no set or one of the sets, leaving out a
    # choice that a bigger one beats by only adding cards no run could ever hold ("free")
    choices: list[list[int]] = []
    column = _SPREAD[15]
    if set_max >= min_size and any((held >> r0 & column).bit_count() >= min_size for r0 in range(13)):
        free = 0
        for s in range(4):
            m = held >> (13 * s) & 0x1FFF
            if m:
                ever = 0
                for reading in _readings(m, lo_min, hi_max, min_size):
                    ever |= reading[0]
                free |= (m & ~ever) << (13 * s)
        for r0 in range(13):
            col = held >> r0 & column
            if col.bit_count() >= min_size:
                pick = _set_choices(
                    _COLUMN[col], _COLUMN[free >> r0 & column], min_size, set_max, throws is not None
                )
                choices.append([_SPREAD[q] << r0 for q in pick])
    options = [0]
    for group in choices:
        options = [o | x for o in options for x in group]
    suit_memo: dict[int, list[tuple[int, int, Reading]]] = {}

    def suit(s: int, m: int) -> list[tuple[int, int, Reading]]:
        """(cost of the cards left out, runs counted, reading) per reading, cheapest first."""
        key = m << 2 | s
        got = suit_memo.get(key)
        if got is None:
            got = []
            for reading in _readings(m, lo_min, hi_max, min_size):
                left = (m & ~reading[0]) << (13 * s)
                c = 0
                while left:
                    low = left & -left
                    c += cost[low]
                    left ^= low
                got.append((c, reading[1], reading))
            if len(got) > 1:
                got.sort(key=lambda x: x[0])
            suit_memo[key] = got
        return got

    def score(rest: int) -> tuple[int, tuple[Reading, ...], list[list[tuple[int, int, Reading]]]]:
        """Least cost of the cards in ``rest`` laid in runs only (need included), the
        readings that reach it, and every reading per suit."""
        per = [
            suit(0, rest & 0x1FFF),
            suit(1, rest >> 13 & 0x1FFF),
            suit(2, rest >> 26 & 0x1FFF),
            suit(3, rest >> 39),
        ]
        if not runs_need:
            a, b, c, d = per[0][0], per[1][0], per[2][0], per[3][0]
            return a[0] + b[0] + c[0] + d[0], (a[2], b[2], c[2], d[2]), per
        best: tuple[int, tuple[Reading, ...]] = (-1, ())
        for combo in product(*per):
            total = sum(x[0] for x in combo)
            if sum(x[1] for x in combo) < runs_need:
                total += big
            if best[0] < 0 or total < best[0]:
                best = (total, tuple(x[2] for x in combo))
        return best[0], best[1], per

    top: tuple[int, int, int, tuple[Reading, ...]] | None = None  # cost, sets, throw bit, readings
    if throws is None:
        for sets in options:
            value, readings, _per = score(held & ~sets)
            if top is None or value < top[0]:
                top = (value, sets, 0, readings)
    else:
        gain: dict[int, int] = {}  # what throwing a card costs beyond sparing its own cost
        for b, i in where.items():
            t = throws[i]
            if t is not None:
                gain[b] = t - cost[b]
        least_gain = min(gain.values())
        least_throw = min(g + cost[b] for b, g in gain.items())
        # cheapest set choices first: throwing card b lowers a choice's cost by at most
        # cost[b], so once ``value + least_gain`` reaches the best found, stop
        scored = sorted(((*score(held & ~sets), sets) for sets in options), key=lambda x: x[0])
        for value, readings, per, sets in scored:
            if top is not None and value + least_gain >= top[0]:
                break
            rest = held & ~sets
            covered = readings[0][0] | readings[1][0] << 13 | readings[2][0] << 26 | readings[3][0] << 39
            # the cards no run holds first (in a suit read one way): throwing one changes
            # nothing else, and it beats throwing a covered card unless values go to 0 or below
            single = 0
            for k in range(4):
                if len(per[k]) == 1:
                    single |= 0x1FFF << (13 * k)
            loose = rest & ~covered & single
            top = _throw_loose(loose, gain, value, top, sets, readings)
            try_covered = top is None or value + least_throw < top[0]
            x = rest & ~single
            if try_covered:
                x |= rest & ~loose
            while x:
                b = x & -x
                x ^= b
                g = gain.get(b)
                if g is None:
                    continue
                s = (b.bit_length() - 1) // 13
                if b & single and not try_covered:
                    continue  # throwing a card a run holds never costs less than ``value``
                if len(per[s]) == 1 and not runs_need:
                    # the other suits read as before: re-read this one only
                    got = suit(s, (rest ^ b) >> (13 * s) & 0x1FFF)[0]
                    cand = value - per[s][0][0] + got[0] + g + cost[b]
                    if top is None or cand < top[0]:
                        top = (cand, sets, b, (*readings[:s], got[2], *readings[s + 1 :]))
                else:
                    cand, reads, _ = score(rest ^ b)
                    cand += g + cost[b]
                    if top is None or cand < top[0]:
                        top = (cand, sets, b, reads)
                try_covered = value + least_throw < top[0]
            if sets and try_covered:
                # a card of a set bigger than needed may go: the runs stay as they are
                x = sets
                while x:
                    b = x & -x
                    x ^= b
                    g = gain.get(b)
                    r0 = (b.bit_length() - 1) % 13
                    if g is not None and (sets >> r0 & column).bit_count() > min_size:
                        cand = value + g + cost[b]
                        if top is None or cand < top[0]:
                            top = (cand, sets, b, readings)
    assert top is not None
    best, sets, thrown, readings = top
    discard = where[thrown] if thrown else -1
    sets &= ~thrown
    rest = held & ~sets & ~thrown
    groups: list[tuple[int, Meld]] = []
    pieces = [(s, lo, hi) for s in range(4) for lo, hi in readings[s][2]]
    extra = runs_need - len(pieces)  # split long runs when the need counts more
    k = 0
    while extra > 0 and k < len(pieces):
        s, lo, hi = pieces[k]
        if hi - lo + 1 >= 2 * min_size:
            pieces[k] = (s, lo, lo + min_size - 1)
            pieces.append((s, lo + min_size, hi))
            extra -= 1
        else:
            k += 1
    for s, lo, hi in pieces:
        shape = _SHAPES.get((s, lo, hi))
        if shape is None:
            bits = tuple(1 << (13 * s + (p - 1) % 13) for p in range(lo, hi + 1))
            reps = tuple(_CANON[(1 if p == 14 else p) * 5 + s] for p in range(lo, hi + 1))
            shape = _SHAPES[s, lo, hi] = (bits, reps)
        idx = [where[x] for x in shape[0]]
        groups.append((min(idx), Meld(RUN, tuple([cards[i] for i in idx]), shape[1], suit=SUITS[s], lo=lo)))
    x = sets
    while x:
        r0 = ((x & -x).bit_length() - 1) % 13
        col = sets >> r0 & _SPREAD[15]
        x &= ~(col << r0)
        shape = _SHAPES.get((4, r0, col))
        if shape is None:
            suits = [si for si in range(4) if col >> (13 * si) & 1]
            shape = _SHAPES[4, r0, col] = (
                tuple(1 << (13 * si + r0) for si in suits),
                tuple(_CANON[(r0 + 1) * 5 + si] for si in suits),
            )
        idx = [where[b] for b in shape[0]]
        groups.append((min(idx), Meld(SET, tuple([cards[i] for i in idx]), shape[1], rank=r0 + 1)))
    covered = sets | readings[0][0] | readings[1][0] << 13 | readings[2][0] << 26 | readings[3][0] << 39
    arr = _bits_arrangement(cards, vals, where, groups, rest & ~covered, best < big)
    return arr, discard
