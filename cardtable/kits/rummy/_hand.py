"""The meld solver's groundwork: its answer and need types (:class:`Arrangement`,
:class:`Requirement`), the meld shapes a hand can make, and a hand prepared for the search
(:class:`_Hand`). How the solver works: :mod:`cardtable.kits.rummy.arrange`; the public
names are imported from there."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from operator import itemgetter
from typing import Any

from cardtable.engine.cards import ALL_SUITS, JOKER_RANK, Card, card_of

from .melds import RUN, SET, Meld, MeldRules, rank_at


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


def _caps(need: Requirement | None) -> tuple[int, int, int]:
    """The search's counters' caps: (runs, pure runs, long runs) needed."""
    if need is None:
        return (0, 0, 0)
    if need.runs < 0 or need.pure_runs < 0 or need.long_run < 0:
        raise ValueError(f"{need} asks for a negative number of runs or cards: use 0 or more")
    long = int(need.long_run > 0)
    return (max(need.runs, need.pure_runs, long), need.pure_runs, long)


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


_SIG_INFO: list[tuple[int, int, int, int, int]] = []


def _sig_info(sid: int) -> tuple[int, int, int, int, int]:
    """The signature ``(least wilds, most wilds, is a run, is pure, is long)`` of an id."""
    if len(_SIG_INFO) != len(_SIGS):
        _SIG_INFO[:] = sorted(_SIGS, key=_SIGS.__getitem__)
    return _SIG_INFO[sid]


@lru_cache(maxsize=1 << 13)
def _rank_sets(
    rank: int, counts: tuple[int, ...], key: tuple[int, ...]
) -> tuple[tuple[tuple[tuple[int, int], ...], int, int, Cand], ...]:
    """The sets of ``rank`` from ``counts`` copies per suit: ((suit index, copies used) for
    the suits used, in suit order; signature id; least wilds; the search meld with its
    natural part left 0)."""
    out = []
    for vec, a, b in _set_shapes(counts, key):
        used = tuple((si, k) for si, k in enumerate(vec) if k)
        out.append((used, _sig(a, b, 0, 0), a, (0, a, b, 0, 0, (SET, rank, vec))))
    return tuple(out)


_suit_runs_cached = lru_cache(maxsize=1 << 14)(_suit_runs)

_WILDS = itemgetter(2)
"""A placed meld's least wilds (its sort key in a row)."""


class _Hand:
    """A hand prepared for the search: the packed counts of its cards and its meld list.

    Fields: the plain cards suit by suit in rank order, then 4 fields a wild rank (by
    suit; 5 when the hand holds a star), so the search settles the wild-rank cards last."""

    __slots__ = (
        "all_wild",
        "by_low",
        "cards",
        "copies",
        "cover",
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
        bound: bool = False,
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
        cover = [0, 0, 0, 0]
        top = len(cover) if bound else 0  # (gathered for the discard search only)
        lo_ok, hi_ok = rules.ace_low, rules.ace_high
        wshift = wbase * width
        masks = [0] * ns
        per_suit = [0] * ns  # plain fields of each suit
        ace = 1 << 16 | (2 if lo_ok else 0) | (1 << 14 if hi_ok else 0)
        rank_counts: dict[int, list[int]] = {}  # copies held per suit, by rank
        for k, got in held.items():
            r, si = divmod(k, 5)
            if r == 1:  # bit 16: an ace is held, whether or not runs may use it
                masks[si] |= ace | (1 << 15 if len(got) > 1 else 0)
            else:
                masks[si] |= 1 << r
            per_rank = rank_counts.get(r)
            if per_rank is None:
                per_rank = rank_counts[r] = [0] * ns
            per_rank[si] = len(got)
        for k in plain_keys:
            per_suit[k % 5] += 1
        base = 0
        # the signatures of the runs of one card: a set of that card alone that one of them
        # beats (as few wilds or fewer, as many or more, counting at least as much) is left
        # out. Exact, and the answer is unchanged: the run comes first in the row (runs are
        # listed before sets), so whenever the set reaches the optimum the run does too,
        # and the search's walk takes the first that does.
        alone: dict[int, list[tuple[int, int, int, int, int]]] = {}
        for si in range(ns):
            mask = masks[si]
            if mask:
                here = tuple([(r, k) for k, r in enumerate(wild) if r * 5 + si in held]) if wild else ()
                if pure is not None and flags == 2:
                    test = self._pure_test(si, pure)
                    runs = _suit_runs(mask, si, run_key, width, here, flags, long, test, keep_all, ns)
                else:
                    runs = _suit_runs_cached(mask, si, run_key, width, here, flags, long, None, keep_all, ns)
                shift = base * width
                for low, nl, nw, sid, a, proto in runs:
                    n_mask = (nl << shift) + (nw << wshift)
                    by_low[base + low if low < 100 else wbase + low - 100].append((n_mask, sid, a, 0, proto))
                    if a < top:
                        cover[a] |= n_mask
                    if not n_mask & (n_mask - 1):
                        one = alone.get(n_mask)
                        if one is None:
                            one = alone[n_mask] = []
                        one.append(_sig_info(sid))
            base += per_suit[si]
        for r, per_rank in rank_counts.items():
            r5 = r * 5
            for used, sid, a, proto in _rank_sets(r, tuple(per_rank), set_key):
                n_mask = 0
                for si, k in used:
                    n_mask += k << (field_of[r5 + si] * width)
                low = field_of[r5 + used[0][0]]
                runs1 = alone.get(n_mask) if not keep_all else None
                if runs1 is not None:
                    b = proto[2]
                    if any(o[0] <= a and o[1] >= b for o in runs1):
                        continue
                by_low[low].append((n_mask, sid, a, 0, proto))
                if a < top:
                    cover[a] |= n_mask
        for row in by_low:
            if len(row) > 1:
                row.sort(key=_WILDS)  # least wilds first: the search stops at the first it cannot pay
        self.by_low = by_low
        self.cover = cover if bound else None
        """With ``bound``, per number of wilds ``a`` (0-3): the fields of the melds owing ``a``
        wilds, OR-ed (the search's lower bound reads which classes no meld owing few wilds
        holds)."""

    def _pure_test(self, si: int, pure: Callable[[Meld], bool]) -> Callable[[tuple[int, ...]], bool]:
        """Ask the game's ``pure`` about the run of natural cards at some places of suit ``si``."""

        def test(places: tuple[int, ...]) -> bool:
            pools = [list(x) for x in self.copies]
            suit = ALL_SUITS[si]
            reps = tuple(card_of(rank_at(p), suit) for p in places)
            cards = tuple(_take(self, pools, rep.rank, si) for rep in reps)
            return pure(Meld(RUN, cards, reps, suit=suit, lo=places[0]))

        return test


def _take(hand: _Hand, pools: list[list[int]], rank: int, si: int) -> Card:
    """The first copy left of a natural card (the search made sure there is one)."""
    return hand.cards[pools[hand.field_of[rank * 5 + si]].pop(0)]
