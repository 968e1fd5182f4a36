"""The best arrangement of a rummy hand, computed exactly: shared by every rummy game.

:func:`best_arrangement` splits cards into disjoint melds and deadwood with the least
penalty; :func:`best_discard` also picks the card to throw from a hand one card too big
(gin's 11, Indian Rummy's 14); :func:`best_melds` finds the most points disjoint melds can
lay (Scala 40 and Rummy 51 openings, bots). All three follow a game's :class:`MeldRules`.

>>> from cardtable.engine.cards import parse_cards
>>> hand = parse_cards("7H 8H 9H 9S 9D 9C KS 2D")
>>> best = best_arrangement(hand, MeldRules(max_wilds=0), lambda c: min(c.rank, 10))
>>> [str(m) for m in best.groups], [c.name for c in best.deadwood], best.penalty
(['[7H 8H 9H]', '[9S 9D 9C]'], ['KS', '2D'], 12)

How it works, and why it is exact:

* Equal cards (two packs) form one *class*; the hand is a vector of class counts packed in
  one integer, a few bits a class, so taking a meld is one subtraction and a guard-bit test.
* Every meld the hand can make is listed once per *natural part* (the natural cards in it)
  with the interval ``[a, b]`` of wild cards it can hold: a run's gaps (including places
  whose natural card is kept for another meld) are the least, extending it at either end or
  up to ``max_wilds`` the most; a set likewise. Which wild card fills a place never matters
  for validity, so wild cards are fungible *tokens*: a meld owes ``a`` tokens and may absorb
  ``b - a`` more.
* A memoised search on the remaining classes takes the lowest class still held: one copy of
  it is deadwood, or (``best_discard``) the discard, or (a wild-rank card) a token, or it
  is in one of the melds whose lowest class it is (every meld holding it has all its other
  cards higher, as lower classes are used up). That covers every split exactly once per
  choice, so the minimum found is the true minimum. Printed jokers are only ever tokens:
  they are settled at the end, paying what is owed, highest value first.
* Requirements (``runs``, ``pure_runs``) are counters in the search state, capped at what is
  needed; a run that can be pure (no wild) is listed as a pure variant and a wild variant.

Costs are single integers ordered as the contract says (penalty, then the tie-breaks), so
the search compares ints only. The brute-force cross-check in ``tests/engine/test_arrange.py``
compares it with an exhaustive search over thousands of seeded hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from .cards import JOKER_RANK, SUITS, Card, card_of
from .melds import RUN, SET, Meld, MeldRules, rank_at

__all__ = ["Arrangement", "Requirement", "best_arrangement", "best_discard", "best_melds"]

_INF = 1 << 400
"""Cost of an impossible split (larger than any real cost)."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a declaration needs besides melds: at least ``runs`` runs, ``pure_runs`` of them
    pure (Indian Rummy: ``Requirement(runs=2, pure_runs=1)``). Groups made only of wild
    cards never count as runs.

    >>> Requirement(runs=2, pure_runs=1)
    Requirement(runs=2, pure_runs=1)
    """

    runs: int = 0
    pure_runs: int = 0


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A split of cards into disjoint melds (``groups``) and ``deadwood`` (in input order).

    ``penalty`` is the sum of the deadwood's values (no cap: games apply caps); ``ok`` says
    whether the requirement asked for is met (always True without one).
    """

    groups: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    penalty: int
    ok: bool


# ---------------------------------------------------------------------------- meld shapes


@lru_cache(maxsize=256)
def _rules_key(rules: MeldRules) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, int] | None]:
    """The numbers the shape tables depend on: (run key, set key, all-wild group sizes)."""
    both = {"never": 0, "wild": 1, "natural": 2}[rules.ace_both_ends]
    lo_min, hi_max = rules.lo_min, rules.hi_max
    full = hi_max - lo_min + 1
    max_len = 13 if full == 14 and both == 0 else full
    mw = rules.max_wilds
    run_key = (
        lo_min,
        hi_max,
        rules.min_size,
        mw,
        both,
        int(rules.run_wilds_le_naturals),
        int(rules.run_wilds_apart),
        max_len,
    )
    set_key = (
        rules.min_size,
        rules.set_max,
        int(rules.set_distinct_suits),
        mw,
        int(rules.set_wilds_le_naturals),
    )
    all_wild: tuple[int, int] | None = None
    if rules.allow_all_wild:
        top = 0
        if not rules.set_wilds_le_naturals:
            top = max(top, min(rules.set_max, 4 if rules.set_distinct_suits else rules.set_max, mw))
        if not rules.run_wilds_le_naturals and not rules.run_wilds_apart:
            top = max(top, min(mw, max_len))
        if top >= rules.min_size:
            all_wild = (rules.min_size, top)
    return run_key, set_key, all_wild


@lru_cache(maxsize=1 << 16)
def _run_shapes(mask: int, key: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Runs one suit can make: ``(natural places, least wilds, most wilds)`` for every set
    of natural places. Bit p of ``mask`` = a natural card at run place p (1..14, the ace at
    both ends when both are allowed); bit 15 = two natural aces held (two packs)."""
    lo_min, hi_max, min_size, mw, both, le_nat, apart, max_len = key
    two_aces = bool(mask >> 15 & 1)
    held = [p for p in range(lo_min, hi_max + 1) if mask >> p & 1]
    out: list[tuple[tuple[int, ...], int, int]] = []
    for i, lo in enumerate(held):
        for j in range(i, len(held)):
            hi = held[j]
            span = hi - lo + 1
            if span > max_len:
                break
            if lo == 1 and hi == 14 and not (both == 2 and two_aces):
                continue  # one physical ace cannot sit at both ends
            inner = held[i + 1 : j]
            g0 = span - (j - i + 1)
            if g0 > mw:
                break
            down = lo - lo_min
            up = hi_max - hi
            if apart:
                down, up = min(down, 1), min(up, 1)
            room = min(span + down + up, max_len)
            for k in range(min(len(inner), mw - g0) + 1):
                for gone in combinations(inner, k):
                    places = (lo, *(x for x in inner if x not in gone), hi) if j > i else (lo,)
                    n = len(places)
                    gaps = g0 + k
                    least = max(gaps, min_size - n)
                    most = min(mw, room - n)
                    if le_nat:
                        most = min(most, n)
                    if least > most:
                        continue
                    if apart and gaps:
                        have = set(places)
                        if any(x not in have and x + 1 not in have for x in range(lo, hi)):
                            continue
                    out.append((places, least, most))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _set_shapes(
    counts: tuple[int, int, int, int], key: tuple[int, ...]
) -> tuple[tuple[tuple[int, int, int, int], int, int], ...]:
    """Sets one rank can make from ``counts`` copies held per suit: ``(copies used per
    suit, least wilds, most wilds)``."""
    min_size, set_max, distinct, mw, le_nat = key
    ranges = [range(min(c, 1) + 1) if distinct else range(c + 1) for c in counts]
    out: list[tuple[tuple[int, int, int, int], int, int]] = []
    for vec in product(*ranges):
        n = sum(vec)
        if n == 0 or n > set_max:
            continue
        least = max(0, min_size - n)
        most = min(mw, set_max - n)
        if distinct:
            most = min(most, 4 - n)
        if le_nat:
            most = min(most, n)
        if least <= most:
            out.append(((vec[0], vec[1], vec[2], vec[3]), least, most))
    return tuple(out)


# ---------------------------------------------------------------------------- one hand


class _Hand:
    """A hand prepared for the search: classes, their packed counts, the meld list."""

    __slots__ = (
        "all_wild",
        "by_low",
        "cards",
        "cls_copies",
        "cls_rank",
        "cls_suit",
        "cls_wild",
        "guard",
        "jokers",
        "rules",
        "start",
        "unit",
        "vals",
        "width",
        "wild_shift",
    )

    def __init__(
        self,
        cards: Sequence[Card],
        rules: MeldRules,
        vals: list[int],
        need: Requirement | None,
        pure: Callable[[Meld], bool] | None,
        keep_all: bool = False,
    ) -> None:
        self.cards = cards
        self.rules = rules
        self.vals = vals
        wild_ranks = rules.wild_ranks
        naturals: dict[int, list[int]] = {}
        wilds: dict[int, list[int]] = {}
        jokers: list[int] = []
        for i, card in enumerate(cards):
            if card.rank == JOKER_RANK:
                jokers.append(i)
            elif card.rank in wild_ranks:
                wilds.setdefault(card.key, []).append(i)
            else:
                naturals.setdefault(card.key, []).append(i)
        self.jokers = jokers
        # Plain naturals first (lowest bits), wild-rank cards last: the search decides the
        # wild-rank cards after every plain card, when the tokens owed are known.
        keys = sorted(naturals, key=lambda k: (k % 5, k)) + sorted(wilds, key=lambda k: (k % 5, k))
        copies = [naturals.get(k) or wilds[k] for k in keys]
        for idx in copies:
            v = vals[idx[0]]
            if any(vals[i] != v for i in idx):
                raise ValueError(
                    f"the value function gives two copies of {cards[idx[0]].name} different values; "
                    "equal cards must have equal values"
                )
        self.cls_copies = copies
        self.cls_rank = [k // 5 for k in keys]
        self.cls_suit = [k % 5 for k in keys]
        self.cls_wild = [k in wilds for k in keys]
        most = max((len(x) for x in copies), default=1)
        width = most.bit_length() + 1
        self.width = width
        self.unit = [1 << (c * width) for c in range(len(keys))]
        self.guard = sum(1 << (c * width + width - 1) for c in range(len(keys)))
        self.start = sum(len(x) << (c * width) for c, x in enumerate(copies))
        self.wild_shift = len(naturals) * width
        run_key, set_key, self.all_wild = _rules_key(rules)

        cls_of = {k: c for c, k in enumerate(keys)}
        want_runs = need is not None and (need.runs > 0 or need.pure_runs > 0)
        want_pure = need is not None and need.pure_runs > 0
        # candidate: (N, least, most, is_run, is_pure, weight, spec)
        found: dict[int, list[list[Any]]] = {}
        for si in range(4):
            mask = 0
            pos_unit = [0] * 16
            for r in range(1, 14):
                c = cls_of.get(r * 5 + si)
                if c is None:
                    continue
                if r == 1:
                    if rules.ace_low:
                        mask |= 2
                        pos_unit[1] = self.unit[c]
                    if rules.ace_high:
                        mask |= 1 << 14
                        pos_unit[14] = self.unit[c]
                    if len(copies[c]) > 1:
                        mask |= 1 << 15
                else:
                    mask |= 1 << r
                    pos_unit[r] = self.unit[c]
            if mask.bit_count() < 1:
                continue
            for places, least, most in _run_shapes(mask, run_key):
                n_mask = sum(pos_unit[p] for p in places)
                spec = (RUN, si, places)
                if least == 0 and want_pure:
                    is_pure = True if pure is None else pure(self._natural_run(si, places))
                    if is_pure:
                        _add(found, n_mask, [n_mask, 0, 0, 1, 1, 0, spec])
                        if most >= 1:
                            _add(found, n_mask, [n_mask, 1, most, 1, 0, 0, spec])
                        continue
                _add(found, n_mask, [n_mask, least, most, int(want_runs), 0, 0, spec], keep_all)
        for r in range(1, 14):
            held = [cls_of.get(r * 5 + si, -1) for si in range(4)]
            if max(held) < 0:
                continue
            cs, ch, cd, cc = (0 if x < 0 else len(copies[x]) for x in held)
            units = [0 if x < 0 else self.unit[x] for x in held]
            for vec, least, most in _set_shapes((cs, ch, cd, cc), set_key):
                n_mask = sum(k * u for k, u in zip(vec, units, strict=True))
                _add(found, n_mask, [n_mask, least, most, 0, 0, 0, (SET, r, vec)], keep_all)
        by_low: list[list[tuple[Any, ...]]] = [[] for _ in keys]
        for n_mask, group in found.items():
            low = (n_mask & -n_mask).bit_length() - 1
            by_low[low // width].extend(tuple(x) for x in group)
        self.by_low = by_low

    def _natural_run(self, si: int, places: tuple[int, ...]) -> Meld:
        """The run of natural cards at ``places`` (to ask a game's ``pure`` about it)."""
        suit = SUITS[si]
        reps = tuple(card_of(rank_at(p), suit) for p in places)
        cards = []
        used: set[int] = set()
        for rep in reps:
            for c, idx in enumerate(self.cls_copies):
                if self.cls_rank[c] == rep.rank and self.cls_suit[c] == si:
                    i = next(i for i in idx if i not in used)
                    used.add(i)
                    cards.append(self.cards[i])
                    break
        return Meld(RUN, tuple(cards), reps, suit=suit, lo=places[0])


def _add(found: dict[int, list[list[Any]]], n_mask: int, cand: list[Any], keep_all: bool = False) -> None:
    """Keep ``cand`` unless a meld with the same natural part already offers all it does."""
    group = found.setdefault(n_mask, [])
    if keep_all:
        group.append(cand)
        return
    _, a, b, run, pure = cand[:5]
    for other in group:
        if other[1] <= a and other[2] >= b and other[3] >= run and other[4] >= pure:
            return
    group[:] = [o for o in group if not (a <= o[1] and b >= o[2] and run >= o[3] and pure >= o[4])]
    group.append(cand)


# ---------------------------------------------------------------------------- the search


class _Search:
    """The memoised search over one prepared hand (costs are plain ints)."""

    __slots__ = (
        "caps",
        "dead",
        "disc",
        "final_memo",
        "hand",
        "jdead",
        "jdisc",
        "memo",
        "tok_cost",
        "ucap",
    )

    def __init__(
        self,
        hand: _Hand,
        dead: list[int],
        disc: list[int | None],
        jdead: list[int],
        jdisc: list[int | None],
        caps: tuple[int, int],
        tok_cost: int = 0,
    ) -> None:
        self.hand = hand
        self.dead = dead
        self.disc = disc
        self.jdead = jdead
        self.jdisc = jdisc
        self.caps = caps
        self.tok_cost = tok_cost
        self.memo: dict[tuple[int, ...], int] = {}
        self.final_memo: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        self.ucap = len(hand.jokers) + sum(
            len(x) for x, w in zip(hand.cls_copies, hand.cls_wild, strict=True) if w
        )

    def final(self, t: int, u: int, d: int) -> tuple[int, int, int]:
        """Settle the printed jokers: ``(cost, jokers used, joker discarded or -1)`` when
        ``t`` tokens are still owed and up to ``t + u`` may be absorbed."""
        key = (t, u, d)
        got = self.final_memo.get(key)
        if got is not None:
            return got
        best = (_INF, 0, -1)
        jokers = self.hand.jokers
        # jokers most costly to keep are used first; ties: input order
        order = sorted(range(len(jokers)), key=lambda j: -self.jdead[j])
        choices: list[int] = [-1] if not d else [j for j in order if self.jdisc[j] is not None]
        seen: set[tuple[int, int]] = set()
        for q in choices:
            if q >= 0:
                sig = (self.jdead[q], self.jdisc[q] or 0)
                if sig in seen:
                    continue
                seen.add(sig)
            rest = [j for j in order if j != q]
            lo_k, hi_k = max(t, 0), min(t + u, len(rest))
            if lo_k > hi_k:
                continue
            base = 0 if q < 0 else self.jdisc[q] or 0
            for k in range(lo_k, hi_k + 1):
                cost = base + sum(self.jdead[j] for j in rest[k:])
                if cost < best[0]:
                    best = (cost, k, q)
        self.final_memo[key] = best
        return best

    def f(self, s: int, t: int, u: int, r: int, p: int, d: int) -> int:
        """Least cost of the classes in ``s`` with ``t`` tokens owed, ``u`` more absorbable,
        ``r``/``p`` runs/pure runs so far, ``d`` = the discard is still to choose."""
        if s == 0:
            if r < self.caps[0] or p < self.caps[1]:
                return _INF
            return self.final(t, u, d)[0]
        key = (s, t, u, r, p, d)
        got = self.memo.get(key)
        if got is not None:
            return got
        best = _INF
        for cost, _choice in self.options(s, t, u, r, p, d):
            if cost < best:
                best = cost
        self.memo[key] = best
        return best

    def options(self, s: int, t: int, u: int, r: int, p: int, d: int) -> list[tuple[int, tuple[Any, ...]]]:
        """Every way to place one copy of the lowest class, with its cost."""
        h = self.hand
        out: list[tuple[int, tuple[Any, ...]]] = []
        width = h.width
        maxfield = (1 << (width - 1)) - 1
        supply = len(h.jokers) + (s >> h.wild_shift).bit_count() * maxfield
        if t > supply:
            return out
        low = s & -s
        c = (low.bit_length() - 1) // width
        s1 = s - h.unit[c]
        out.append((self.f(s1, t, u, r, p, d) + self.dead[c], ("dead", c)))
        dc = self.disc[c]
        if d and dc is not None:
            out.append((self.f(s1, t, u, r, p, 0) + dc, ("disc", c)))
        if h.cls_wild[c]:
            out.append((self.f(s1, t - 1, u, r, p, d) + self.tok_cost, ("tok", c)))
        guard = h.guard
        rcap, pcap = self.caps
        ucap = self.ucap
        for cand in h.by_low[c]:
            n_mask, a, b, dr, dp, wt, _spec = cand
            rest = (s | guard) - n_mask
            if rest & guard != guard:
                continue
            cost = self.f(rest ^ guard, t + a, min(u + b - a, ucap), min(r + dr, rcap), min(p + dp, pcap), d)
            out.append((cost + wt, ("meld", cand)))
        return out

    def solve(self, d: int) -> tuple[int, list[tuple[Any, ...]], tuple[int, int, int]]:
        """The least cost, the choices that reach it, and the joker settlement."""
        h = self.hand
        starts = [(0, 0)]
        if h.all_wild is not None:
            a, b = h.all_wild
            starts += [(g * a, g * (b - a)) for g in range(1, self.ucap // a + 1)]
        best = _INF
        pick = 0
        for g, (t0, u0) in enumerate(starts):
            cost = self.f(h.start, t0, min(u0, self.ucap), 0, 0, d)
            if cost < best:
                best, pick = cost, g
        choices: list[tuple[Any, ...]] = [("allwild", pick)] if pick else []
        if best >= _INF:
            return best, choices, (0, 0, -1)
        t, u = starts[pick]
        u = min(u, self.ucap)
        s, r, p = h.start, 0, 0
        guard = h.guard
        while s:
            target = self.f(s, t, u, r, p, d)
            choice = next(ch for cost, ch in self.options(s, t, u, r, p, d) if cost == target)
            choices.append(choice)
            kind = choice[0]
            if kind == "meld":
                n_mask, a, b, dr, dp, _wt, _spec = choice[1]
                s = ((s | guard) - n_mask) ^ guard
                t, u = t + a, min(u + b - a, self.ucap)
                r, p = min(r + dr, self.caps[0]), min(p + dp, self.caps[1])
            else:
                c = choice[1]
                s -= h.unit[c]
                if kind == "disc":
                    d = 0
                elif kind == "tok":
                    t -= 1
        return best, choices, self.final(t, u, d)


# ---------------------------------------------------------------------------- building


def _build(
    hand: _Hand,
    choices: list[tuple[Any, ...]],
    settle: tuple[int, int, int],
) -> tuple[list[Meld], list[int], int]:
    """Turn the search's choices into melds; returns (melds, deadwood indices, discard index)."""
    rules = hand.rules
    pools = [list(x) for x in hand.cls_copies]
    tokens: list[int] = []
    dead: list[int] = []
    discard = -1
    melds: list[tuple[Any, ...]] = []
    allwild = 0
    for choice in choices:
        kind = choice[0]
        if kind == "allwild":
            allwild = choice[1]
        elif kind == "meld":
            melds.append(choice[1])
        else:
            c = choice[1]
            if kind == "disc":
                discard = pools[c].pop(-1)
            else:
                i = pools[c].pop(0)
                (dead if kind == "dead" else tokens).append(i)
    _cost, used, jq = settle
    jokers = hand.jokers
    if jq >= 0:
        discard = jokers[jq]
    order = sorted(range(len(jokers)), key=lambda j: -hand.vals[jokers[j]])
    rest = [j for j in order if j != jq]
    tokens += [jokers[j] for j in rest[:used]]
    dead += [jokers[j] for j in rest[used:]]
    # every meld takes its least wilds, then the spare tokens go to the first that has room
    wants = [m[1] for m in melds]
    all_wild = hand.all_wild
    groups_aw = [all_wild[0]] * allwild if all_wild else []
    spare = len(tokens) - sum(wants) - sum(groups_aw)
    for k, m in enumerate(melds):
        extra = min(spare, m[2] - m[1])
        wants[k] += extra
        spare -= extra
    for k in range(len(groups_aw)):
        assert all_wild is not None
        extra = min(spare, all_wild[1] - all_wild[0])
        groups_aw[k] += extra
        spare -= extra
    cards = hand.cards
    out: list[Meld] = []
    tok_iter = iter(tokens)
    for m, w in zip(melds, wants, strict=True):
        spec = m[6]
        wild_cards = [cards[next(tok_iter)] for _ in range(w)]
        if spec[0] == RUN:
            lo2 = spec[3] if len(spec) > 3 else None
            out.append(_make_run(hand, pools, spec[1], spec[2], wild_cards, rules, lo2))
        else:
            out.append(_make_set(hand, pools, spec[1], spec[2], wild_cards, rules))
    for size in groups_aw:
        out.append(_make_all_wild([cards[next(tok_iter)] for _ in range(size)], rules))
    return out, dead, discard


def _take(hand: _Hand, pools: list[list[int]], rank: int, si: int) -> Card:
    for c, pool in enumerate(pools):
        if hand.cls_rank[c] == rank and hand.cls_suit[c] == si and pool:
            return hand.cards[pool.pop(0)]
    raise AssertionError("the search used a card the hand does not hold")


def _make_run(
    hand: _Hand,
    pools: list[list[int]],
    si: int,
    places: tuple[int, ...],
    wild_cards: list[Card],
    rules: MeldRules,
    start: int | None = None,
) -> Meld:
    """The run of the naturals at ``places`` with ``wild_cards`` in the gaps, then above
    (then below) it; ``start``: where the run begins, when the caller chose."""
    lo, hi = places[0], places[-1]
    have = set(places)
    gaps = [p for p in range(lo, hi + 1) if p not in have]
    extra = len(wild_cards) - len(gaps)
    up_room = rules.hi_max - hi
    down_room = lo - rules.lo_min
    if rules.run_wilds_apart:
        up_room, down_room = min(up_room, 1), min(down_room, 1)
    up = min(extra, up_room)
    down = extra - up
    if start is not None:
        down = lo - start
        up = extra - down
    lo2, hi2 = lo - down, hi + up
    suit = SUITS[si]
    wi = iter(wild_cards)
    seq: list[Card] = []
    reps: list[Card] = []
    for pos in range(lo2, hi2 + 1):
        rep = card_of(rank_at(pos), suit)
        seq.append(_take(hand, pools, rep.rank, si) if pos in have else next(wi))
        reps.append(rep)
    return Meld(RUN, tuple(seq), tuple(reps), suit=suit, lo=lo2)


def _make_set(
    hand: _Hand,
    pools: list[list[int]],
    rank: int,
    vec: tuple[int, int, int, int],
    wild_cards: list[Card],
    rules: MeldRules,
) -> Meld:
    pairs: list[tuple[Card, Card]] = []
    for si, k in enumerate(vec):
        for _ in range(k):
            pairs.append((_take(hand, pools, rank, si), card_of(rank, SUITS[si])))
    free = [si for si in range(4) if not vec[si]] + [si for si in range(4) if vec[si]]
    for n, w in enumerate(wild_cards):
        pairs.append((w, card_of(rank, SUITS[free[n % 4]])))
    pairs.sort(key=lambda cr: (cr[1].suit_index, cr[0].rank == JOKER_RANK))
    return Meld(SET, tuple(c for c, _ in pairs), tuple(r for _, r in pairs), rank=rank)


def _make_all_wild(wild_cards: list[Card], rules: MeldRules) -> Meld:
    """A group of wild cards only: a set of kings when a set that big is allowed, else a run
    of spades from the top (its reps are nominal: no natural card fixes them)."""
    n = len(wild_cards)
    if n <= min(rules.set_max, 4 if rules.set_distinct_suits else rules.set_max) and not (
        rules.set_wilds_le_naturals
    ):
        reps = tuple(card_of(13, SUITS[k % 4]) for k in range(n))
        return Meld(SET, tuple(wild_cards), reps, rank=13)
    lo = rules.hi_max - n + 1
    reps = tuple(card_of(rank_at(p), "S") for p in range(lo, lo + n))
    return Meld(RUN, tuple(wild_cards), reps, suit="S", lo=lo)


# ---------------------------------------------------------------------------- public


def _values(cards: Sequence[Card], value: Callable[[Card], int]) -> list[int]:
    for c in cards:
        if not isinstance(c, Card):
            raise TypeError(f"expected cards, got {c!r}: pass Card objects (see parse_cards)")
    return [value(c) for c in cards]


def _arrangement(hand: _Hand, melds: list[Meld], dead: list[int], ok: bool) -> Arrangement:
    dead.sort()
    # groups in the order of their first card in the hand (the player's own order)
    where = {id(c): i for i, c in reversed(list(enumerate(hand.cards)))}
    melds.sort(key=lambda m: min(where[id(c)] for c in m.cards))
    return Arrangement(
        tuple(melds),
        tuple(hand.cards[i] for i in dead),
        sum(hand.vals[i] for i in dead),
        ok,
    )


def _caps(need: Requirement | None) -> tuple[int, int]:
    if need is None:
        return (0, 0)
    if need.runs < 0 or need.pure_runs < 0:
        raise ValueError(f"{need} asks for a negative number of runs: use 0 or more")
    return (max(need.runs, need.pure_runs), need.pure_runs)


def best_arrangement(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    *,
    need: Requirement | None = None,
    pure: Callable[[Meld], bool] | None = None,
) -> Arrangement:
    """Exact least-penalty split of ``cards`` into disjoint melds + deadwood.

    With ``need``, the least penalty among the splits meeting it (``ok=True``); if no split
    meets it, ``ok=False`` and the least-penalty split ignoring ``need``. ``pure(meld)``
    says whether a run with no wild card acting as one is pure (default: yes; a wild-rank
    card in its own place counts as natural, a run holding a card that stands in for
    another never is pure). Ties: fewest deadwood cards, then a fixed order (same input,
    same output).

    >>> from cardtable.engine.cards import parse_cards
    >>> rules = MeldRules(max_wilds=4, wild_ranks=frozenset({5}))
    >>> value = lambda c: 0 if rules.is_wild(c) else min(c.rank, 10)
    >>> hand = parse_cards("AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK")
    >>> best = best_arrangement(hand, rules, value, need=Requirement(runs=2, pure_runs=1))
    >>> best.penalty, best.ok, len(best.groups)
    (0, True, 4)
    >>> best_arrangement(parse_cards("KS AS 2S"), MeldRules(), value).penalty  # no wrapping
    13
    """
    vals = _values(cards, value)
    if not cards:
        return Arrangement((), (), 0, True)
    caps = _caps(need)
    hand = _Hand(cards, rules, vals, need if caps != (0, 0) else None, pure)
    n = len(cards)
    step = n + 1
    dead = [hand.vals[idx[0]] * step + 1 for idx in hand.cls_copies]
    jdead = [hand.vals[j] * step + 1 for j in hand.jokers]
    none_disc: list[int | None] = [None] * len(dead)
    ok = True
    search = _Search(hand, dead, none_disc, jdead, [None] * len(jdead), caps)
    best, choices, settle = search.solve(0)
    if best >= _INF:
        ok = False
        search = _Search(hand, dead, none_disc, jdead, [None] * len(jdead), (0, 0))
        best, choices, settle = search.solve(0)
    melds, dead_idx, _ = _build(hand, choices, settle)
    return _arrangement(hand, melds, dead_idx, ok)


def best_discard(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    *,
    need: Requirement | None = None,
    pure: Callable[[Meld], bool] | None = None,
    may_discard: Callable[[Card], bool] | None = None,
) -> tuple[Card, Arrangement]:
    """For a hand one card too big (gin's 11, Indian Rummy's 14): the card to throw so that
    the rest has the least penalty (exact), and that arrangement of the rest.

    ``may_discard(card)`` rules cards out (default: any card). With ``need``, splits that
    meet it come first (as in :func:`best_arrangement`). Ties: the highest-value discard,
    then a non-wild one, then fewest deadwood cards, then a fixed order.

    >>> from cardtable.engine.cards import parse_cards
    >>> gin = MeldRules(max_wilds=0, ace_high=False)
    >>> card, rest = best_discard(parse_cards("AS 2S 3S 4S 5H 5D 5C KH KD 7C 8C"), gin,
    ...                           lambda c: min(c.rank, 10))
    >>> card.name, rest.penalty, [c.name for c in rest.deadwood]
    ('KD', 25, ['KH', '7C', '8C'])
    """
    vals = _values(cards, value)
    if not cards:
        raise ValueError("best_discard needs at least one card: the hand is empty")
    allowed = [True] * len(cards) if may_discard is None else [bool(may_discard(c)) for c in cards]
    if not any(allowed):
        raise ValueError("no card may be discarded: may_discard refused every card in the hand")
    caps = _caps(need)
    hand = _Hand(cards, rules, vals, need if caps != (0, 0) else None, pure)
    n = len(cards)
    vmax, vmin = max(vals), min(vals)
    tie = 2 * (n + 1)  # discard value and wildness sit above the deadwood count
    step = tie * (vmax - vmin + 2)
    dead = [hand.vals[idx[0]] * step + 1 for idx in hand.cls_copies]
    jdead = [hand.vals[j] * step + 1 for j in hand.jokers]

    def disc_cost(i: int) -> int:
        return (vmax - vals[i]) * tie + (n + 1) * int(rules.is_wild(cards[i]))

    disc: list[int | None] = []
    for idx in hand.cls_copies:
        free = [i for i in idx if allowed[i]]
        disc.append(disc_cost(free[0]) if free else None)
    jdisc: list[int | None] = [disc_cost(j) if allowed[j] else None for j in hand.jokers]
    ok = True
    search = _Search(hand, dead, disc, jdead, jdisc, caps)
    best, choices, settle = search.solve(1)
    if best >= _INF:
        ok = False
        search = _Search(hand, dead, disc, jdead, jdisc, (0, 0))
        best, choices, settle = search.solve(1)
    # the discarded copy must be one may_discard allows: put an allowed copy last in its pool
    for c, idx in enumerate(hand.cls_copies):
        free = [i for i in idx if allowed[i]]
        if free and not allowed[idx[-1]]:
            idx = [i for i in idx if i != free[-1]] + [free[-1]]
            hand.cls_copies[c] = idx
    melds, dead_idx, discard = _build(hand, choices, settle)
    return cards[discard], _arrangement(hand, melds, dead_idx, ok)


def best_melds(
    cards: Sequence[Card], rules: MeldRules, points: Callable[[Meld], int]
) -> tuple[int, tuple[Meld, ...]]:
    """Most points that disjoint melds from ``cards`` can lay (Scala 40 / Rummy 51 opening
    math, bots). Every placement of the wild cards is tried, since what a wild stands for
    changes the points. Ties: most cards laid, then fewest wild cards used, then a fixed
    order.

    >>> from cardtable.engine.cards import parse_cards
    >>> from cardtable.engine.melds import meld_value
    >>> run_pts = lambda p: 11 if p == 14 else min(p, 10)
    >>> pts = lambda m: meld_value(m, run_pts, lambda r: 11 if r == 1 else min(r, 10))
    >>> best_melds(parse_cards("QH KH JK 5S 5D 5C 2C"), MeldRules(), pts)[0]
    46
    """
    vals = [0] * len(cards)
    _values(cards, lambda c: 0)
    if not cards:
        return 0, ()
    hand = _Hand(cards, rules, vals, None, None, keep_all=True)
    n = len(cards)
    unit = n + 1  # a card left in hand, above the wild-card count
    step = unit * (n + 1)  # a point, above the cards left
    # Every meld with an exact number of wilds, at the placement worth the most points.
    pools0 = [list(x) for x in hand.cls_copies]
    tok_cards = [cards[j] for j in hand.jokers] + [
        cards[i] for idx, w in zip(pools0, hand.cls_wild, strict=True) if w for i in idx
    ]
    by_low: list[list[tuple[Any, ...]]] = [[] for _ in hand.by_low]
    for c, group in enumerate(hand.by_low):
        top: dict[tuple[int, int], tuple[int, tuple[Any, ...]]] = {}
        for cand in group:
            n_mask, a, b, _dr, _dp, _wt, spec = cand
            for w in range(a, min(b, len(tok_cards)) + 1):
                pts, best_spec = _best_placement(hand, spec, w, tok_cards, rules, points)
                if best_spec is not None and ((n_mask, w) not in top or pts > top[n_mask, w][0]):
                    top[n_mask, w] = (pts, best_spec)
        for (n_mask, w), (pts, best_spec) in top.items():
            by_low[c].append((n_mask, w, w, 0, 0, -pts * step + w, best_spec))
    hand.by_low = by_low
    aw = hand.all_wild
    hand.all_wild = None  # all-wild groups: laid by the search below as one extra step
    dead = [unit for _ in hand.cls_copies]
    jdead = [unit for _ in hand.jokers]
    search = _Search(hand, dead, [None] * len(dead), jdead, [None] * len(jdead), (0, 0), tok_cost=0)
    best, choices, settle = search.solve(0)
    # In this mode every meld holds exactly its wilds: the jokers used are those owed.
    melds, _dead_idx, _ = _build(hand, choices, settle)
    total = sum(points(m) for m in melds)
    if aw is not None:
        left = [c for c in cards if rules.is_wild(c) and not any(c is x for m in melds for x in m.cards)]
        extra: list[Meld] = []
        while len(left) >= aw[0]:
            size = min(aw[1], len(left))
            lump = _make_all_wild(left[:size], rules)
            if points(lump) <= 0:
                break
            extra.append(lump)
            left = left[size:]
        melds += extra
        total += sum(points(m) for m in extra)
    _ = best
    return total, tuple(melds)


def _best_placement(
    hand: _Hand,
    spec: tuple[Any, ...],
    w: int,
    tok_cards: list[Card],
    rules: MeldRules,
    points: Callable[[Meld], int],
) -> tuple[int, tuple[Any, ...] | None]:
    """The most points a meld of ``spec`` with ``w`` wilds scores, and the spec that does."""
    wilds = tok_cards[:w]
    pools = [list(x) for x in hand.cls_copies]
    if spec[0] == RUN:
        si, places = spec[1], spec[2]
        lo, hi = places[0], places[-1]
        have = set(places)
        gaps = hi - lo + 1 - len(places)
        extra = w - gaps
        best: tuple[int, tuple[Any, ...] | None] = (-(1 << 60), None)
        for down in range(extra + 1):
            up = extra - down
            lo2, hi2 = lo - down, hi + up
            if lo2 < rules.lo_min or hi2 > rules.hi_max:
                continue
            if lo2 == 1 and hi2 == 14 and rules.ace_both_ends == "never":
                continue
            if rules.run_wilds_apart and (down > 1 or up > 1):
                continue
            suit = SUITS[si]
            wi = iter(wilds)
            seq: list[Card] = []
            reps: list[Card] = []
            local = [list(x) for x in pools]
            for pos in range(lo2, hi2 + 1):
                rep = card_of(rank_at(pos), suit)
                seq.append(_take(hand, local, rep.rank, si) if pos in have else next(wi))
                reps.append(rep)
            pts = points(Meld(RUN, tuple(seq), tuple(reps), suit=suit, lo=lo2))
            if pts > best[0]:
                best = (pts, (RUN, si, places, lo2))
        return best
    meld = _make_set(hand, pools, spec[1], spec[2], wilds, rules)
    return points(meld), spec
