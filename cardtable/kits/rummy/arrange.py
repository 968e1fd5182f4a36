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
  A split missing the need costs a constant more than any split meeting it, so one search
  gives the best split meeting it, or (``ok=False``) the best split of all.
* Wild-rank cards come last in the order, so when the search reaches them it knows the
  tokens owed; a wild-rank card may also be given as a token before the meld that takes it
  (the count owed then goes negative). States owing more tokens than the wild cards left
  can pay are cut, and a state stops as soon as an option reaches cost 0.
* Hands with no wild card and no two equal cards (gin) take a direct road: each card is
  in at most one set (its rank's) and runs of its suit, and once the set cards are chosen
  every stretch of ``min_size`` or more consecutive cards of a suit is best laid whole. So
  trying every set choice (only ranks held in three or four suits have any; choices a
  bigger one beats by adding only cards no run could hold are skipped) and reading each
  suit is exhaustive; see the comment above :func:`_solve_plain`. When the ace sits at
  one end only (gin) and no run is counted, a suit's reading is a few bit operations on
  the whole hand (:func:`_solve_lanes`).

Costs are single integers ordered as the contract says (penalty, then the tie-breaks), so
the search compares ints only. The brute-force cross-check in ``tests/test_arrange.py``
compares it with an exhaustive search over thousands of seeded hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from cardtable.engine.cards import ALL_SUITS, JOKER_RANK, SUITS, Card, card_of

from .melds import RUN, SET, Meld, MeldRules, any_suit_run, rank_at

__all__ = ["Arrangement", "Requirement", "best_arrangement", "best_discard", "best_melds"]


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a declaration needs besides melds: at least ``runs`` runs, ``pure_runs`` of them
    pure, and with ``long_run`` one of them of ``long_run`` cards or more (Indian Rummy:
    ``Requirement(runs=2, pure_runs=1)``, with four-card life ``long_run=4``). A run counts
    only when it holds a card that is not wild: a wild-rank card in its own place keeps a
    run pure, but a group made only of wild cards never counts as a run.

    >>> Requirement(runs=2, pure_runs=1, long_run=4)
    Requirement(runs=2, pure_runs=1, long_run=4)
    """

    runs: int = 0
    pure_runs: int = 0
    long_run: int = 0


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
    both ends when both are allowed); bit 15 = two natural aces held (two packs); bit 16
    (an ace is held at all) is not read here."""
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
    counts: tuple[int, ...], key: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Sets one rank can make from ``counts`` copies held per suit (4 suits, or 5 with Five
    Crowns' stars): ``(copies used per suit, least wilds, most wilds)``."""
    min_size, set_max, distinct, mw, le_nat = key
    ranges = [range(min(c, 1) + 1) if distinct else range(c + 1) for c in counts]
    out: list[tuple[tuple[int, ...], int, int]] = []
    for vec in product(*ranges):
        n = sum(vec)
        if n == 0 or n > set_max:
            continue
        least = max(0, min_size - n)
        most = min(mw, set_max - n)
        if distinct:
            most = min(most, len(counts) - n)
        if le_nat:
            most = min(most, n)
        if least <= most:
            out.append((vec, least, most))
    return tuple(out)


# ---------------------------------------------------------------------------- one hand


_SIGS: dict[tuple[int, int, int, int, int], int] = {}
"""Small ids for meld signatures (least wilds, most wilds, is a run, is pure, is long): the
search caches its state transitions per signature."""

Cand = tuple[int, int, int, int, int, tuple[Any, ...]]
"""A meld of the search: (natural part, least wilds, most wilds, counts as a run, counts
as a pure run, spec to build it: ``(RUN, suit, places)`` or ``(SET, rank, copies per suit)``)."""
SuitRun = tuple[int, int, int, int, int, Cand]
"""A run of one suit before placing in a hand: (lowest field tag, natural part over the
suit's plain ranks, natural part over the wild-rank fields, signature id, least wilds,
the search meld with its natural part left 0)."""


def _keep(found: dict[tuple[int, int], list[Any]], key: tuple[int, int], cand: tuple[Any, ...]) -> None:
    """Keep ``cand`` (a, b, run, pure, long, ...) unless a meld with the same natural part
    already offers all it does (as few wilds or fewer, as many or more, counting at least
    as much)."""
    group = found.setdefault(key, [])
    a, b, run, pure, long = cand[:5]
    for o in group:
        if o[0] <= a and o[1] >= b and o[2] >= run and o[3] >= pure and o[4] >= long:
            return
    group[:] = [
        o for o in group if not (a <= o[0] and b >= o[1] and run >= o[2] and pure >= o[3] and long >= o[4])
    ]
    group.append(cand)


def _suit_runs(
    mask: int,
    si: int,
    key: tuple[int, ...],
    width: int,
    wild: tuple[tuple[int, int], ...],
    flags: int,
    long: int = 0,
    pure: Callable[[tuple[int, ...]], bool] | None = None,
    keep_all: bool = False,
    nsuits: int = 4,
) -> tuple[SuitRun, ...]:
    """The runs of suit ``si`` (``mask`` as for :func:`_run_shapes`) for any hand: natural
    parts over the suit's plain ranks held, numbered from 0 in rank order, and over the
    wild-rank fields (``nsuits`` a wild rank, by suit). ``flags``: 0 = runs need not be counted,
    1 = count runs, 2 = count runs and pure runs (a run that can be pure is listed pure
    with no wild, and impure with wilds); a run of wild-rank cards only never counts.
    ``long`` (with flags): also count whether a run has ``long`` cards or more (a run that
    may have is listed both ways). ``wild``: (rank, its number among the game's wild ranks)
    for the wild ranks held in this suit."""
    wild_k = dict(wild)
    plain = [r for r in range(1, 14) if r not in wild_k and mask >> (16 if r == 1 else r) & 1]
    local = {r: k for k, r in enumerate(plain)}
    found: dict[tuple[int, int], list[Any]] = {}
    for places, least, most in _run_shapes(mask, key):
        nl = nw = 0
        for p in places:
            r = 1 if p == 14 else p
            k = local.get(r)
            if k is None:
                nw += 1 << ((nsuits * wild_k[r] + si) * width)
            else:
                nl += 1 << (k * width)
        spec = (RUN, si, places)
        cands: list[tuple[Any, ...]] = []
        if not nl or not flags:
            cands.append((least, most, 0, 0, 0, spec))  # not counted (or nothing to count)
        elif least == 0 and flags == 2 and (pure is None or pure(places)):
            cands.append((0, 0, 1, 1, 0, spec))
            if most >= 1:
                cands.append((1, most, 1, 0, 0, spec))
        else:
            cands.append((least, most, 1, 0, 0, spec))
        if long and nl and flags:
            # a run is long once it holds ``long`` cards: with enough wilds, or always
            n = len(places)
            for k, (a, b, dr, dp, _dl, _spec) in enumerate(list(cands)):
                if n + a >= long:
                    cands[k] = (a, b, dr, dp, 1, spec)
                elif n + b >= long:
                    cands.append((long - n, b, dr, dp, 1, spec))
        for cand in cands:
            if keep_all:
                found.setdefault((nl, nw), []).append(cand)
            else:
                _keep(found, (nl, nw), cand)
    out: list[SuitRun] = []
    for (nl, nw), group in found.items():
        low = ((nl & -nl).bit_length() - 1) // width if nl else 100 + ((nw & -nw).bit_length() - 1) // width
        for a, b, dr, dp, dl, spec in group:
            out.append((low, nl, nw, _sig(a, b, dr, dp, dl), a, (0, a, b, dr, dp, spec)))
    out.sort(key=lambda x: x[4])  # least wilds first (the search relies on it)
    return tuple(out)


def _sig(a: int, b: int, dr: int, dp: int, dl: int = 0) -> int:
    sid = _SIGS.get((a, b, dr, dp, dl))
    if sid is None:
        sid = len(_SIGS)
        if sid >= 1 << 10:  # the search's transition keys hold a signature in 10 bits
            raise RuntimeError("too many meld signatures for the search's transition keys")
        _SIGS[a, b, dr, dp, dl] = sid
    return sid


@lru_cache(maxsize=1 << 13)
def _rank_sets(
    rank: int, counts: tuple[int, ...], key: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int, int, Cand], ...]:
    """The sets of ``rank`` from ``counts`` copies per suit: (copies used per suit, signature
    id, least wilds, the search meld with its natural part left 0)."""
    out = []
    for vec, a, b in _set_shapes(counts, key):
        out.append((vec, _sig(a, b, 0, 0), a, (0, a, b, 0, 0, (SET, rank, vec))))
    return tuple(out)


_suit_runs_cached = lru_cache(maxsize=1 << 14)(_suit_runs)


class _Hand:
    """A hand prepared for the search: the packed counts of its cards and its meld list.

    Fields: the plain cards suit by suit in rank order, then 4 fields a wild rank (by
    suit; 5 when the hand holds a star), so the search settles the wild-rank cards last."""

    __slots__ = (
        "all_wild",
        "by_low",
        "cards",
        "copies",
        "field_of",
        "jokers",
        "rules",
        "start",
        "tokens",
        "vals",
        "wbase",
        "width",
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
        wild = tuple(sorted(r for r in rules.wild_ranks if 1 <= r <= 13))
        held: dict[int, list[int]] = {}
        jokers: list[int] = []
        for i, card in enumerate(cards):
            if card.rank == JOKER_RANK:
                jokers.append(i)
            else:
                got = held.get(card.key)
                if got is None:
                    held[card.key] = [i]
                else:
                    got.append(i)
        self.jokers = jokers
        ns = 5 if any(k % 5 == 4 for k in held) else 4  # Five Crowns' stars: a fifth suit
        plain_keys = sorted((k for k in held if k // 5 not in wild), key=lambda k: (k % 5, k))
        wbase = self.wbase = len(plain_keys)
        field_of = self.field_of = {k: f for f, k in enumerate(plain_keys)}
        for k, r in enumerate(wild):
            for si in range(ns):
                field_of[r * 5 + si] = wbase + ns * k + si
        copies: list[list[int]] = [[] for _ in range(wbase + ns * len(wild))]
        most = 1
        for k, idx in held.items():
            copies[field_of[k]] = idx
            if len(idx) > 1:
                most = max(most, len(idx))
                v = vals[idx[0]]
                if any(vals[i] != v for i in idx):
                    raise ValueError(
                        f"the value function gives two copies of {cards[idx[0]].name} different "
                        "values; equal cards must have equal values"
                    )
        self.copies = copies
        width = self.width = most.bit_length() + 1
        self.start = sum(len(x) << (f * width) for f, x in enumerate(copies) if x)
        tokens = self.tokens = len(jokers) + sum(len(x) for x in copies[wbase:])
        run_key, set_key, self.all_wild = _rules_key(rules)
        # a meld can never hold more wilds than the hand has: shorter meld lists
        if tokens < run_key[3]:
            run_key = (*run_key[:3], tokens, *run_key[4:])
            set_key = (*set_key[:3], tokens, *set_key[4:])
        rcap, pcap, lcap = _caps(need)
        flags = 2 if pcap else 1 if rcap else 0
        long = need.long_run if need is not None and lcap else 0
        by_low: list[list[tuple[int, int, int, int, Cand]]] = [[] for _ in copies]
        lo_ok, hi_ok = rules.ace_low, rules.ace_high
        wshift = wbase * width
        base = 0
        for si in range(ns):
            mask = 0
            for r in range(1, 14):
                got = held.get(r * 5 + si)
                if got:
                    if r == 1:  # bit 16: an ace is held, whether or not runs may use it
                        mask |= 1 << 16 | (2 if lo_ok else 0) | (1 << 14 if hi_ok else 0)
                        mask |= 1 << 15 if len(got) > 1 else 0
                    else:
                        mask |= 1 << r
            if mask:
                here = tuple((r, k) for k, r in enumerate(wild) if r * 5 + si in held)
                if pure is not None and flags == 2:
                    test = self._pure_test(si, pure)
                    runs = _suit_runs(mask, si, run_key, width, here, flags, long, test, keep_all, ns)
                else:
                    runs = _suit_runs_cached(mask, si, run_key, width, here, flags, long, None, keep_all, ns)
                shift = base * width
                for low, nl, nw, sid, a, proto in runs:
                    by_low[base + low if low < 100 else wbase + low - 100].append(
                        ((nl << shift) + (nw << wshift), sid, a, 0, proto)
                    )
            base += sum(1 for k in plain_keys if k % 5 == si)
        for r in {k // 5 for k in held}:
            fields = [field_of.get(r * 5 + si, -1) for si in range(ns)]
            counts = tuple([len(copies[f]) if f >= 0 else 0 for f in fields])
            for vec, sid, a, proto in _rank_sets(r, counts, set_key):
                n_mask = 0
                low = -1
                for si in range(ns):
                    if vec[si]:
                        n_mask += vec[si] << (fields[si] * width)
                        if low < 0:
                            low = fields[si]
                by_low[low].append((n_mask, sid, a, 0, proto))
        for row in by_low:
            if len(row) > 1:
                row.sort(key=lambda m: m[2])  # least wilds first: the search stops at the first it cannot pay
        self.by_low = by_low

    def _pure_test(self, si: int, pure: Callable[[Meld], bool]) -> Callable[[tuple[int, ...]], bool]:
        """Ask the game's ``pure`` about the run of natural cards at some places of suit ``si``."""

        def test(places: tuple[int, ...]) -> bool:
            pools = [list(x) for x in self.copies]
            suit = ALL_SUITS[si]
            reps = tuple(card_of(rank_at(p), suit) for p in places)
            cards = tuple(_take(self, pools, rep.rank, si) for rep in reps)
            return pure(Meld(RUN, cards, reps, suit=suit, lo=places[0]))

        return test


_SIG_INFO: list[tuple[int, int, int, int, int]] = []


def _sig_info(sid: int) -> tuple[int, int, int, int, int]:
    if len(_SIG_INFO) != len(_SIGS):
        _SIG_INFO[:] = sorted(_SIGS, key=_SIGS.__getitem__)
    return _SIG_INFO[sid]


@lru_cache(maxsize=64)
def _guard(count: int, width: int) -> int:
    """The guard bit of every field: taking a meld must leave them all set."""
    return sum(1 << (f * width + width - 1) for f in range(count))


_TRANS: dict[tuple[int, int, int, int], tuple[dict[int, int], dict[int, int]]] = {}
"""Per (tokens, runs, pure runs, long runs) caps: the search's meld transitions on ``aux``
(``aux << 10 | signature id``) and its token transitions, kept across hands."""
_TRANS_MAX = 1 << 18
"""Transitions kept per caps before the table is started again (a bound on memory)."""


class _Search:
    """The memoised search over one prepared hand (costs are plain ints).

    The state is the packed class counts ``s`` plus one small int ``aux`` holding the
    tokens owed ``t`` (negative: wild-rank cards already given as tokens), the tokens
    that may still be absorbed ``u``, the runs and pure runs so far (capped at the need)
    and the discard flag; meld transitions on ``aux`` are cached per meld signature.
    """

    __slots__ = (
        "_tables",
        "big",
        "caps",
        "dead",
        "disc",
        "floor",
        "hand",
        "inf",
        "jdead",
        "jdisc",
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
        caps: tuple[int, int, int],
        *,
        inf: int,
        big: int = 0,
        tok_cost: int = 0,
        floor: int | None = None,
    ) -> None:
        if floor is None:
            floor = -inf
        self.hand = hand
        self.dead = dead
        self.disc = disc
        self.jdead = jdead
        self.jdisc = jdisc
        self.caps = caps
        self.tok_cost = tok_cost
        self.inf = inf
        self.big = big
        """Cost added to a split that misses the need (0: such splits are impossible)."""
        self.floor = floor
        """No cost is below this (0 when every cost is >= 0): reaching it ends a state's search."""
        self.ucap = hand.tokens
        self._tables: tuple[list[tuple[int, int, list[int]]], list[tuple[int, int, list[int]]]] | None = None

    def settle(self, t: int, u: int, d: int) -> tuple[int, int, int]:
        """Settle the printed jokers: ``(cost, jokers used, joker discarded or -1)`` when
        ``t`` tokens are still owed and up to ``t + u`` may be absorbed."""
        best = (self.inf, 0, -1)
        tables = self._tables if self._tables is not None else self._make_tables()
        for q, base, tail in tables[d]:
            lo_k, hi_k = max(t, 0), min(t + u, len(tail) - 1)
            for k in range(lo_k, hi_k + 1):
                cost = base + tail[k]
                if cost < best[0]:
                    best = (cost, k, q)
        return best

    def _make_tables(self) -> tuple[list[tuple[int, int, list[int]]], list[tuple[int, int, list[int]]]]:
        """Per discard choice (none, or each distinct joker that may be thrown): its cost and
        the cost of the jokers kept when the first k of the rest (costliest first) are used."""
        jdead, jdisc = self.jdead, self.jdisc
        order = sorted(range(len(jdead)), key=lambda j: -jdead[j])

        def tail(rest: list[int]) -> list[int]:
            out = [0] * (len(rest) + 1)
            for k in range(len(rest) - 1, -1, -1):
                out[k] = out[k + 1] + jdead[rest[k]]
            return out

        keep = [(-1, 0, tail(order))]
        throw: list[tuple[int, int, list[int]]] = []
        seen: set[tuple[int, int]] = set()
        for q in order:
            dq = jdisc[q]
            if dq is None or (jdead[q], dq) in seen:
                continue
            seen.add((jdead[q], dq))
            throw.append((q, dq, tail([j for j in order if j != q])))
        self._tables = (keep, throw)
        return self._tables

    def solve(self, d0: int) -> tuple[int, list[tuple[Any, ...]], tuple[int, int, int]]:
        """The least cost, the choices that reach it, and the joker settlement."""
        h = self.hand
        inf, big = self.inf, self.big
        floor = self.floor
        ucap = self.ucap
        rcap, pure_cap, lcap = self.caps
        # ``p`` packs the pure runs and the long runs so far: pure * (lcap + 1) + long
        ml = lcap + 1
        pcap = pure_cap * ml + lcap
        mu, mr, mp = ucap + 1, rcap + 1, pcap + 1
        tdiv = mp * mr * mu  # aux >> 1 = ((t + ucap) * mu + u) * mr * mp + r * mp + p

        def decode(aux: int) -> tuple[int, int, int, int, int]:
            x = aux >> 1
            p = x % mp
            x //= mp
            r = x % mr
            x //= mr
            return x // mu - ucap, x % mu, r, p, aux & 1

        def encode(t: int, u: int, r: int, p: int, d: int) -> int:
            return ((((t + ucap) * mu + u) * mr + r) * mp + p) * 2 + d

        def move(aux: int, sid: int) -> int:
            a, b, dr, dp, dl = _sig_info(sid)
            t, u, r, p, d = decode(aux)
            t += a
            if t > ucap:
                return -1
            # absorbing beyond ``ucap`` tokens in all is never needed: cap t + u there
            u = min(u + b - a, ucap - t if t > 0 else ucap)
            p = min(p // ml + dp, pure_cap) * ml + min(p % ml + dl, lcap)
            return encode(t, u, min(r + dr, rcap), p, d)

        aux_bits = (encode(ucap, ucap, rcap, pcap, 1)).bit_length()
        by_low = h.by_low
        # the state transitions depend only on the counters' sizes: shared by every hand
        shared = _TRANS.get((ucap, rcap, pure_cap, lcap))
        if shared is None or len(shared[0]) > _TRANS_MAX:
            shared = _TRANS[ucap, rcap, pure_cap, lcap] = ({}, {})
        trans, tok_tr = shared
        dead, disc = self.dead, self.disc
        width = h.width
        wbase = h.wbase
        guard = _guard(len(h.copies), width)
        tok_cost = self.tok_cost
        jokers = len(h.jokers)
        wshift = wbase * width
        fmask = (1 << width) - 1
        wfields = range(len(h.copies) - wbase)
        wcount: dict[int, int] = {}
        fin: dict[int, int] = {}
        memo: dict[int, int] = {}

        def final(aux: int) -> int:
            t, u, r, p, d = decode(aux)
            cost = self.settle(t, u, d)[0]
            if r < rcap or p != pcap:
                cost = cost + big if big else inf
            return min(cost, inf)

        memo_get = memo.get
        # A state whose classes left cannot hold the runs still needed costs ``big`` more
        # than floor at least: once a cheaper option is known it is not searched. ok[c]
        # has bit (r * mp + p) set when, counting only the runs whose lowest class is c or
        # later (one per copy), the counters r and p can still reach their caps.
        rpm = mr * mp
        lbig = floor + big if big else inf
        ok = [(1 << rpm) - 1] * (len(h.copies) + 1)
        if big and (rcap or pure_cap or lcap):
            nr = npure = nlong = 0
            for c in range(len(h.copies) - 1, -1, -1):
                k = len(h.copies[c])
                sigs = [_sig_info(m[1]) for m in by_low[c]]
                nr += k if any(x[2] for x in sigs) else 0
                npure += k if any(x[3] for x in sigs) else 0
                nlong += k if any(x[4] for x in sigs) else 0
                ok[c] = sum(
                    1 << (r * mp + p)
                    for r in range(mr)
                    for p in range(mp)
                    if nr >= rcap - r and npure >= pure_cap - p // ml and nlong >= lcap - p % ml
                )

        # the pure runs' natural parts: a state owing a pure run needs one of them whole
        pures = [m[0] for row in by_low for m in row if _sig_info(m[1])[3]]
        pure_left: dict[int, bool] = {}
        owe_pure = pure_cap * ml if big else 0  # p below this: a pure run is still owed

        def no_pure(s: int) -> bool:
            """Whether ``s`` holds no pure run's natural part whole."""
            got = pure_left.get(s)
            if got is None:
                sg = s | guard
                got = pure_left[s] = any((sg - m) & guard == guard for m in pures)
            return not got

        # With the discard still to make, leaving a natural card c as deadwood is never
        # better than throwing it when it is worth at least as much as any card that could
        # be thrown later: throwing c instead and keeping that card as deadwood costs no
        # more (less penalty or the same, and a throw worth as much; the tie-breaks agree).
        jd = self.jdead
        top_later = max([jd[q] for q in range(len(jd)) if self.jdisc[q] is not None], default=-inf)
        keep_dead = [True] * len(dead)
        for c in range(len(dead) - 1, -1, -1):
            if d0 and disc[c] is not None:
                top_later = max(top_later, dead[c])
                keep_dead[c] = c >= wbase or dead[c] < top_later

        def f(s: int, aux: int) -> int:
            if not s:
                v = fin.get(aux)
                if v is None:
                    v = fin[aux] = final(aux)
                return v
            key = s << aux_bits | aux
            v = memo_get(key)
            if v is not None:
                return v
            # tokens still free: the wild cards left (jokers and wild-rank cards) less those owed
            wp = s >> wshift
            have = wcount.get(wp)
            if have is None:
                have = wcount[wp] = sum(wp >> (k * width) & fmask for k in wfields)
            room = jokers + have + ucap - (aux >> 1) // tdiv
            if room < 0:
                memo[key] = inf
                return inf
            c = ((s & -s).bit_length() - 1) // width
            s1 = s - (1 << (c * width))
            best = inf
            # options whose child cannot meet the need: searched last, and only while nothing
            # found costs less than they surely do (``lbig`` more than their own cost)
            later: list[tuple[int, int, int]] = []
            # melds first: when one reaches the floor (no cost can be lower) the rest is skipped
            sg = s | guard
            for n_mask, sid, a, wt, _cand in by_low[c]:
                if a > room:
                    break  # sorted by least wilds: none further can be paid
                rest = sg - n_mask
                if rest & guard != guard:
                    continue
                tk = aux << 10 | sid
                a2 = trans.get(tk)
                if a2 is None:
                    a2 = trans[tk] = move(aux, sid)
                if a2 >= 0:
                    rest ^= guard
                    # (child values are looked up here first: many are already known)
                    v = memo_get(rest << aux_bits | a2) if rest else None
                    if v is None:
                        x = (a2 >> 1) % rpm
                        if rest and (
                            not ok[((rest & -rest).bit_length() - 1) // width] >> x & 1
                            or (x % mp < owe_pure and no_pure(rest))
                        ):
                            later.append((rest, a2, wt))
                            continue
                        v = f(rest, a2)
                    v += wt
                    if v < best:
                        best = v
                        if v <= floor:
                            memo[key] = best
                            return best
            # the options that keep the counters (token, discard, deadwood) go to ``later``
            # together when what is left after them cannot meet the need
            x = (aux >> 1) % rpm
            late = bool(s1) and (
                not ok[((s1 & -s1).bit_length() - 1) // width] >> x & 1 or (x % mp < owe_pure and no_pure(s1))
            )
            # an option costing ``floor`` + its own cost or more cannot beat ``best``: its
            # child is not searched (the walk below searches it if it ever needs it)
            if c >= wbase:
                a2 = tok_tr.get(aux)
                if a2 is None:
                    t, u, r, p, d = decode(aux)
                    a2 = tok_tr[aux] = encode(t - 1, u, r, p, d) if t > -ucap else -1
                if a2 < 0:
                    pass
                elif late:
                    later.append((s1, a2, tok_cost))
                elif tok_cost + floor < best:
                    v = memo_get(s1 << aux_bits | a2) if s1 else None
                    v = (f(s1, a2) if v is None else v) + tok_cost
                    if v < best:
                        best = v
            k1 = s1 << aux_bits | aux
            if aux & 1:
                dc = disc[c]
                if dc is None:
                    pass
                elif late:
                    later.append((s1, aux ^ 1, dc))
                elif dc + floor < best:
                    v = memo_get(k1 ^ 1) if s1 else None
                    v = (f(s1, aux ^ 1) if v is None else v) + dc
                    if v < best:
                        best = v
            dc = dead[c]
            if aux & 1 and not keep_dead[c]:
                pass
            elif late:
                later.append((s1, aux, dc))
            elif dc + floor < best:
                v = memo_get(k1) if s1 else None
                v = (f(s1, aux) if v is None else v) + dc
                if v < best:
                    best = v
            for rest, a2, wt in later:
                if wt + lbig < best:
                    v = memo_get(rest << aux_bits | a2)
                    v = (f(rest, a2) if v is None else v) + wt
                    if v < best:
                        best = v
            memo[key] = best
            return best

        starts = [(0, 0)]
        if h.all_wild is not None:
            a, b = h.all_wild
            starts += [(g * a, g * (b - a)) for g in range(1, ucap // a + 1)]
        best = inf
        pick = 0
        for g, (t0, u0) in enumerate(starts):
            cost = f(h.start, encode(t0, min(u0, ucap), 0, 0, d0))
            if cost < best:
                best, pick = cost, g
                if cost <= floor:
                    break
        choices: list[tuple[Any, ...]] = [("allwild", pick)] if pick else []
        if best >= inf:
            return best, choices, (0, 0, -1)
        # walk the optimum down again, taking the first option that reaches each value
        s = h.start
        aux = encode(starts[pick][0], min(starts[pick][1], ucap), 0, 0, d0)
        while s:
            target = f(s, aux)
            c = ((s & -s).bit_length() - 1) // width
            s1 = s - (1 << (c * width))
            for n_mask, sid, _a, wt, cand in by_low[c]:
                rest = (s | guard) - n_mask
                a2 = trans.get(aux << 10 | sid, -1)
                if rest & guard != guard or a2 < 0:
                    continue
                if f(rest ^ guard, a2) + wt == target:
                    choices.append(("meld", cand))
                    s, aux = rest ^ guard, a2
                    break
            else:
                dc = disc[c]
                if c >= wbase and tok_tr.get(aux, -1) >= 0 and f(s1, tok_tr[aux]) + tok_cost == target:
                    choices.append(("tok", c))
                    s, aux = s1, tok_tr[aux]
                elif aux & 1 and dc is not None and f(s1, aux ^ 1) + dc == target:
                    choices.append(("disc", c))
                    s, aux = s1, aux ^ 1
                elif f(s1, aux) + dead[c] == target:
                    choices.append(("dead", c))
                    s = s1
                else:
                    raise AssertionError("the optimum could not be walked again")
        t, u, _r, _p, d = decode(aux)
        return best, choices, self.settle(t, u, d)


# ---------------------------------------------------------------------------- building


def _build(
    hand: _Hand,
    choices: list[tuple[Any, ...]],
    settle: tuple[int, int, int],
) -> tuple[list[Meld], list[int], int]:
    """Turn the search's choices into melds; returns (melds, deadwood indices, discard index)."""
    rules = hand.rules
    pools = [list(x) for x in hand.copies]
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
        spec = m[5]
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
    """The first copy left of a natural card (the search made sure there is one)."""
    return hand.cards[pools[hand.field_of[rank * 5 + si]].pop(0)]


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
    suit = ALL_SUITS[si]
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
    vec: tuple[int, ...],
    wild_cards: list[Card],
    rules: MeldRules,
) -> Meld:
    pairs: list[tuple[Card, Card]] = []
    for si, k in enumerate(vec):
        for _ in range(k):
            pairs.append((_take(hand, pools, rank, si), card_of(rank, ALL_SUITS[si])))
    ns = len(vec)
    free = [si for si in range(ns) if not vec[si]] + [si for si in range(ns) if vec[si]]
    for n, w in enumerate(wild_cards):
        pairs.append((w, card_of(rank, ALL_SUITS[free[n % ns]])))
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
    set_max = min(rules.set_max, _LANE_SUITS)
    options = [0]
    if set_max >= min_size:
        # the places held in min_size suits or more
        if min_size == 3 and _LANE_SUITS == 4:
            l0, l1, l2, l3 = (held >> (_LANE * s) & 0xFFFF for s in range(4))
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
                    throws is not None,
                )
                options = [o | _LANE_SPREAD[q] << off for o in options for q in pick]

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
            x = dead  # throwing a card no run holds changes nothing else
            while x:
                b = x & -x
                x ^= b
                g = gain.get(b)
                if g is not None and (top is None or value + g < top[0]):
                    top = (value + g, sets, b, cover)
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
            x = loose
            while x:
                b = x & -x
                x ^= b
                g = gain.get(b)
                if g is not None and (top is None or value + g < top[0]):
                    top = (value + g, sets, b, readings)
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


# ---------------------------------------------------------------------------- public


def _values(cards: Sequence[Card], value: Callable[[Card], int]) -> list[int]:
    """Each card's value, after checking that they are cards."""
    for c in cards:
        if c.__class__ is not Card and not isinstance(c, Card):
            raise TypeError(f"expected cards, got {c!r}: pass Card objects (see parse_cards)")
    return [value(c) for c in cards]


def _arrangement(
    cards: Sequence[Card], vals: list[int], melds: list[Meld], dead: list[int], ok: bool
) -> Arrangement:
    dead.sort()
    if len(melds) > 1:
        # groups in the order of their first card in the hand (the player's own order)
        where = {id(c): i for i, c in reversed(list(enumerate(cards)))}
        melds.sort(key=lambda m: min(where[id(c)] for c in m.cards))
    return Arrangement(tuple(melds), tuple(cards[i] for i in dead), sum(vals[i] for i in dead), ok)


class _OneSuit:
    """``MeldRules.runs_any_suit`` on the one-suit solver: with sets free to repeat suits
    and values by rank, suits matter for nothing else, so every natural card is read as a
    spade of its rank (a stand-in with the same id) and the result is given its real cards
    back. Exact: the stand-in hand has the same melds, as copies of equal cards."""

    def __init__(
        self,
        cards: Sequence[Card],
        rules: MeldRules,
        value: Callable[[Card], int],
        pure: Callable[[Meld], bool] | None,
    ) -> None:
        if rules.set_distinct_suits:
            raise ValueError(
                "runs_any_suit needs set_distinct_suits=False: the solver reads runs of mixed suits "
                "by ignoring suits, which sets of different suits cannot"
            )
        _values(cards, value)
        self.stand = [c if c.rank == JOKER_RANK else Card(c.rank, "S", c.copy, c.id) for c in cards]
        self.real = {id(s): c for s, c in zip(self.stand, cards, strict=True)}
        by_rank: dict[int, tuple[int, Card]] = {}
        for c in cards:
            v = value(c)
            seen = by_rank.setdefault(c.rank, (v, c))
            if c.rank != JOKER_RANK and seen[0] != v:
                raise ValueError(
                    f"with runs_any_suit the value function must depend on the rank only: it gives "
                    f"{seen[1].name} {seen[0]} and {c.name} {v}"
                )
        self.rules = replace(rules, runs_any_suit=False)
        self.value: Callable[[Card], int] = lambda c: value(self.card(c))
        self.pure = None if pure is None else lambda m: pure(self.meld(m))

    def card(self, c: Card) -> Card:
        """The real card of a stand-in."""
        return self.real.get(id(c), c)

    def meld(self, m: Meld) -> Meld:
        """A meld of stand-ins with its real cards (naturals stand for themselves)."""
        if m.kind == RUN:
            return any_suit_run(m, self.real)
        cards = tuple(self.card(c) for c in m.cards)
        reps = tuple(real if c == r else r for c, r, real in zip(m.cards, m.reps, cards, strict=True))
        return Meld(SET, cards, reps, rank=m.rank, owner=m.owner)

    def arrangement(self, arr: Arrangement) -> Arrangement:
        """An arrangement of stand-ins with its real cards."""
        groups = tuple(self.meld(m) for m in arr.groups)
        return Arrangement(groups, tuple(self.card(c) for c in arr.deadwood), arr.penalty, arr.ok)


def _solve_hand(
    hand: _Hand,
    dead: list[int],
    disc: list[int | None],
    jdead: list[int],
    jdisc: list[int | None],
    caps: tuple[int, int, int],
    need: Requirement | None,
    *,
    inf: int,
    big: int,
    floor: int | None,
    d0: int,
) -> tuple[list[Meld], list[int], int, bool]:
    """Search ``hand`` (``d0``: a card is to be thrown); returns (melds, deadwood indices,
    discard index, need met). When the need asks for a pure run and the hand can make none,
    no split meets it: the search then counts nothing (a smaller state) and says so."""
    if caps[1] and not any(c[4][4] for row in hand.by_low for c in row):
        caps, big = (0, 0, 0), 0  # no pure run can be made: no split meets the need
        ok = False
    else:
        ok = True
    search = _Search(hand, dead, disc, jdead, jdisc, caps, inf=inf, big=big, floor=floor)
    best, choices, settle = search.solve(d0)
    melds, dead_idx, discard = _build(hand, choices, settle)
    return melds, dead_idx, discard, ok and (not big or best < big)


def _caps(need: Requirement | None) -> tuple[int, int, int]:
    """The search's counters' caps: (runs, pure runs, long runs) needed."""
    if need is None:
        return (0, 0, 0)
    if need.runs < 0 or need.pure_runs < 0 or need.long_run < 0:
        raise ValueError(f"{need} asks for a negative number of runs or cards: use 0 or more")
    long = int(need.long_run > 0)
    return (max(need.runs, need.pure_runs, long), need.pure_runs, long)


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
    if rules.runs_any_suit:
        one = _OneSuit(cards, rules, value, pure)
        return one.arrangement(best_arrangement(one.stand, one.rules, one.value, need=need, pure=one.pure))
    vals = _values(cards, value)
    if not cards:
        return Arrangement((), (), 0, True)
    caps = _caps(need)
    n = len(cards)
    step = n + 1
    if (pure is None or caps[1] == 0) and not caps[2]:
        plain = _solve_plain(cards, rules, vals, step, None, caps[0])
        if plain is not None:
            return plain[0]
    hand = _Hand(cards, rules, vals, need if any(caps) else None, pure)
    dead = [vals[idx[0]] * step + 1 if idx else 0 for idx in hand.copies]
    jdead = [vals[j] * step + 1 for j in hand.jokers]
    bound = sum(abs(vals[i]) * step + 1 for i in range(n)) + 1
    big = 2 * bound + 1  # added to a split that misses the need: any split meeting it is cheaper
    floor = 0 if min(vals) >= 0 else None  # every cost is then >= 0
    no_throw: list[int | None] = [None] * len(dead)
    no_joker_throw: list[int | None] = [None] * len(jdead)
    melds, dead_idx, _, ok = _solve_hand(
        hand, dead, no_throw, jdead, no_joker_throw, caps, need, inf=4 * bound + 4, big=big, floor=floor, d0=0
    )
    return _arrangement(cards, vals, melds, dead_idx, ok)


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
    ('KH', 25, ['KD', '7C', '8C'])
    """
    if rules.runs_any_suit:
        one = _OneSuit(cards, rules, value, pure)
        allow = None if may_discard is None else lambda c: may_discard(one.card(c))
        card, rest = best_discard(
            one.stand, one.rules, one.value, need=need, pure=one.pure, may_discard=allow
        )
        return one.card(card), one.arrangement(rest)
    vals = _values(cards, value)
    if not cards:
        raise ValueError("best_discard needs at least one card: the hand is empty")
    if may_discard is None:
        allowed = [True] * len(cards)
    else:
        allowed = [bool(may_discard(c)) for c in cards]
        if not any(allowed):
            raise ValueError("no card may be discarded: may_discard refused every card in the hand")
    caps = _caps(need)
    n = len(cards)
    vmax, vmin = max(vals), min(vals)
    tie = 2 * (n + 1)  # discard value and wildness sit above the deadwood count
    step = tie * (vmax - vmin + 2)

    def disc_cost(i: int) -> int:
        return (vmax - vals[i]) * tie + (n + 1) * int(rules.is_wild(cards[i]))

    if (pure is None or caps[1] == 0) and not caps[2]:
        if may_discard is None:
            throws: list[int | None] = [(vmax - v) * tie for v in vals]
        else:
            throws = [(vmax - v) * tie if ok else None for v, ok in zip(vals, allowed, strict=True)]
        plain = _solve_plain(cards, rules, vals, step, throws, caps[0])
        if plain is not None:
            return cards[plain[1]], plain[0]
    hand = _Hand(cards, rules, vals, need if any(caps) else None, pure)
    dead = [vals[idx[0]] * step + 1 if idx else 0 for idx in hand.copies]
    jdead = [vals[j] * step + 1 for j in hand.jokers]
    disc: list[int | None] = []
    for idx in hand.copies:
        free = [i for i in idx if allowed[i]]
        disc.append(disc_cost(free[0]) if free else None)
    jdisc: list[int | None] = [disc_cost(j) if allowed[j] else None for j in hand.jokers]
    bound = sum(abs(vals[i]) * step + 1 for i in range(n)) + step + 1
    big = 2 * bound + 1
    floor = 0 if min(vals) >= 0 else None  # every cost is then >= 0
    # the discarded copy must be one may_discard allows: put an allowed copy last in its pool
    # (equal copies cost the same, so the search is unchanged)
    for c, idx in enumerate(hand.copies):
        free = [i for i in idx if allowed[i]]
        if free and not allowed[idx[-1]]:
            hand.copies[c] = [i for i in idx if i != free[-1]] + [free[-1]]
    melds, dead_idx, discard, ok = _solve_hand(
        hand, dead, disc, jdead, jdisc, caps, need, inf=4 * bound + 4, big=big, floor=floor, d0=1
    )
    return cards[discard], _arrangement(cards, vals, melds, dead_idx, ok)


def best_melds(
    cards: Sequence[Card], rules: MeldRules, points: Callable[[Meld], int]
) -> tuple[int, tuple[Meld, ...]]:
    """Most points that disjoint melds from ``cards`` can lay (Scala 40 / Rummy 51 opening
    math, bots). Every placement of the wild cards is tried, since what a wild stands for
    changes the points. Ties: most cards laid, then fewest wild cards used, then a fixed
    order.

    >>> from cardtable.engine.cards import parse_cards
    >>> from cardtable.kits.rummy.melds import meld_value
    >>> run_pts = lambda p: 11 if p == 14 else min(p, 10)
    >>> pts = lambda m: meld_value(m, run_pts, lambda r: 11 if r == 1 else min(r, 10))
    >>> best_melds(parse_cards("QH KH JK 5S 5D 5C 2C"), MeldRules(), pts)[0]
    46
    """
    if rules.runs_any_suit:
        one = _OneSuit(cards, rules, lambda c: 0, None)
        total, laid = best_melds(one.stand, one.rules, lambda m: points(one.meld(m)))
        return total, tuple(one.meld(m) for m in laid)
    vals = [0] * len(cards)
    _values(cards, lambda c: 0)
    if not cards:
        return 0, ()
    hand = _Hand(cards, rules, vals, None, None, keep_all=True)
    n = len(cards)
    unit = n + 1  # a card left in hand, above the wild-card count
    step = unit * (n + 1)  # a point, above the cards left
    # Every meld with an exact number of wilds, at the placement worth the most points.
    tok_cards = [cards[j] for j in hand.jokers] + [cards[i] for idx in hand.copies[hand.wbase :] for i in idx]
    by_low: list[list[tuple[int, int, int, int, Cand]]] = []
    for group in hand.by_low:
        top: dict[tuple[int, int], tuple[int, tuple[Any, ...]]] = {}
        for n_mask, _sid, _a, _wt, (_n, a, b, _dr, _dp, spec) in group:
            for w in range(a, min(b, len(tok_cards)) + 1):
                pts, best_spec = _best_placement(hand, spec, w, tok_cards, rules, points)
                if best_spec is not None and ((n_mask, w) not in top or pts > top[n_mask, w][0]):
                    top[n_mask, w] = (pts, best_spec)
        row: list[tuple[int, int, int, int, Cand]] = []
        by_low.append(row)
        for (n_mask, w), (pts, best_spec) in sorted(top.items(), key=lambda kv: kv[0][1]):
            sid = _SIGS.setdefault((w, w, 0, 0, 0), len(_SIGS))
            row.append((n_mask, sid, w, -pts * step + w, (n_mask, w, w, 0, 0, best_spec)))
    hand.by_low = by_low
    aw = hand.all_wild
    hand.all_wild = None  # all-wild groups: laid by the search below as one extra step
    dead = [unit for _ in hand.copies]
    jdead = [unit for _ in hand.jokers]
    bound = (n + 1) * unit + sum(abs(c[3]) for row in by_low for c in row) + 1
    search = _Search(hand, dead, [None] * len(dead), jdead, [None] * len(jdead), (0, 0, 0), inf=4 * bound)
    _best, choices, settle = search.solve(0)
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
    pools = [list(x) for x in hand.copies]
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
            suit = ALL_SUITS[si]
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
