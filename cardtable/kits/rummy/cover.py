"""A quick, exact "no" to "can every card of this hand be in a meld?".

Judging a declaration (Indian Rummy: 13 cards, all grouped) with the full solver costs about
half a millisecond, and most declarations in random play are hopeless. :func:`wilds_to_cover`
answers a looser question in a few microseconds: how many wild cards at least must fill
gaps so that every natural card is in a run or a set. It ignores what only narrows the
real melds (room at the ends of a suit, ``ace_both_ends``, ``set_max`` beyond four suits, wild
cards side by side, wilds no more than naturals, the requirement of runs; a wild-rank card
in its own place counts as a wild card, and then ``max_wilds`` is not applied), so each real
split with no card left out is one of the covers it counts: when it needs more wild cards
than the hand holds, no such split exists. When it needs no more, it promises nothing (the
full solver decides).

>>> from cardtable.engine.cards import parse_cards
>>> rules = MeldRules(max_wilds=4, wild_ranks=frozenset({5}))
>>> wilds_to_cover(parse_cards("AH 2H 3H 6S 7S 9S KC KD KS 9H 9C"), rules)
1
>>> may_group_all(parse_cards("AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK"), rules)
True
>>> may_group_all(parse_cards("AH 4H 7H 10S KS 5D 2C 9C QD 6D 8S JH JK"), rules)
False
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import JOKER_RANK, Card

from .melds import MeldRules

__all__ = ["may_group_all", "wilds_to_cover"]


def may_group_all(cards: Sequence[Card], rules: MeldRules) -> bool:
    """False when no split of ``cards`` into melds under ``rules`` leaves no card out (the
    natural cards need more wild cards than ``cards`` hold); True when one may exist.

    >>> from cardtable.engine.cards import parse_cards
    >>> may_group_all(parse_cards("7H 8H 9H KS KD KC"), MeldRules())
    True
    >>> may_group_all(parse_cards("7H 8H 9H KS KD 2C"), MeldRules())
    False
    """
    wild = sum(1 for c in cards if rules.is_wild(c))
    return wilds_to_cover(cards, rules, wild) <= wild


def wilds_to_cover(cards: Sequence[Card], rules: MeldRules, limit: int = 13) -> int:
    """The fewest wild cards that, filling gaps and short melds, put every natural card of
    ``cards`` in a run or a set (the looser melds of the module docstring); ``limit + 1``
    when more than ``limit`` are needed. Rules it cannot read this way (runs of mixed suits,
    a fifth suit) give 0: no opinion.

    >>> from cardtable.engine.cards import parse_cards
    >>> wilds_to_cover(parse_cards("7H 9H 9S"), MeldRules(max_wilds=2))  # 7H _ 9H, 9S _ _
    3
    """
    if rules.runs_any_suit:
        return 0
    nat: list[tuple[int, int]] = []
    cap = min(limit, rules.max_wilds)
    for c in cards:
        if c.rank == JOKER_RANK:
            continue
        if rules.is_wild(c):
            # a wild-rank card may sit in its own place, not counted against max_wilds
            cap = limit
            continue
        si = c.suit_index
        if si > 3:
            return 0
        nat.append((si, c.rank))
    if not nat:
        return 0
    nat.sort()
    opts = _options(nat, rules, cap)
    memo: dict[int, int] = {0: 0}
    over = limit + 1

    def need(mask: int) -> int:
        got = memo.get(mask)
        if got is not None:
            return got
        low = (mask & -mask).bit_length() - 1
        best = over
        for om, t in opts[low]:
            if t < best and om & mask == om:
                v = t + need(mask ^ om)
                if v < best:
                    best = v
                    if not v:
                        break
        memo[mask] = best
        return best

    return need((1 << len(nat)) - 1)


def _options(nat: list[tuple[int, int]], rules: MeldRules, cap: int) -> list[list[tuple[int, int]]]:
    """Per natural card (index into ``nat``, sorted by suit then rank): the melds it is the
    first card of, as (bit mask of their natural cards, wild cards they need at least),
    those needing no more than ``cap``, cheapest first."""
    size = rules.min_size
    opts: list[list[tuple[int, int]]] = [[] for _ in nat]
    # sets: cards of one rank (different suits unless the rules allow repeats)
    by_rank: dict[int, list[int]] = {}
    for i, (_, r) in enumerate(nat):
        by_rank.setdefault(r, []).append(i)
    distinct = rules.set_distinct_suits
    for idx in by_rank.values():
        _sets(idx, nat, distinct, size, cap, 0, 0, -1, opts)
    # runs: cards of one suit at increasing places (the ace low, high, or both)
    lo_ok, hi_ok = rules.ace_low, rules.ace_high
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for i, (s, r) in enumerate(nat):
        places = by_suit.setdefault(s, [])
        if r == 1:
            if lo_ok:
                places.append((1, i))
            if hi_ok:
                places.append((14, i))
        elif r >= rules.min_rank:
            places.append((r, i))
    for places in by_suit.values():
        places.sort()
        for k, (p, i) in enumerate(places):
            _runs(places, k + 1, p, p, 1 << i, i, 1, cap, size, opts)
    for row in opts:
        row.sort(key=lambda o: o[1])
    return opts


def _sets(
    idx: list[int],
    nat: list[tuple[int, int]],
    distinct: bool,
    size: int,
    cap: int,
    start: int,
    mask: int,
    first: int,
    opts: list[list[tuple[int, int]]],
) -> None:
    """Every set of the cards ``idx`` (one rank) from ``start`` on, added to ``mask``."""
    for k in range(start, len(idx)):
        i = idx[k]
        if distinct and any(mask >> j & 1 and nat[j][0] == nat[i][0] for j in idx[:k]):
            continue
        m = mask | 1 << i
        f = i if first < 0 else first
        n = m.bit_count()
        t = max(0, size - n)
        if t <= cap:
            opts[f].append((m, t))
        if n < 4 or not distinct:
            _sets(idx, nat, distinct, size, cap, k + 1, m, f, opts)


def _runs(
    places: list[tuple[int, int]],
    start: int,
    lo: int,
    hi: int,
    mask: int,
    first: int,
    n: int,
    cap: int,
    size: int,
    opts: list[list[tuple[int, int]]],
) -> None:
    """Every run of one suit's ``places`` from ``lo`` to ``hi`` holding ``mask`` (``n``
    cards), grown by the places from ``start`` on; ``first`` is its lowest card index."""
    t = max(hi - lo + 1, size) - n
    if t <= cap:
        opts[first].append((mask, t))
    for k in range(start, len(places)):
        p, i = places[k]
        if p == hi or mask >> i & 1:
            continue  # one card a place; an ace already placed at the other end
        if p - lo - n > cap:
            break  # the places left empty inside need more wild cards than allowed
        _runs(places, k + 1, lo, p, mask | 1 << i, min(first, i), n + 1, cap, size, opts)
