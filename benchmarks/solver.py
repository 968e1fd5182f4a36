"""Timings of the shared arrangement solver (``cardtable.kits.rummy.arrange``).

Every figure is measured on DISTINCT hands within a pass; the only caches are the per-rules
meld-shape tables, filled by a warm-up pass over other hands first. Each line is timed over
``REPEATS`` passes (``repeated``; issue 25: min, median and max of the passes' medians) of
the same hands, so from the second pass the per-suit run tables (keyed by one suit's ranks)
hold every suit of those hands: the figures are the warm ones, as in play, where a hand
changes one card at a time and its suits come back (December 2026, Indian 14 cards: first
pass median 525 us, p99 ~1 ms; warm 379 / 741 us). Hands come from fixed seeds, so runs are
comparable.

Times are the CPU time of each call (``time.thread_time``), so other processes sharing the
machine do not inflate them. As with ``timeit``, the garbage collector is paused while a
block of calls is timed (a full collection over the shape caches would land on one unlucky
call).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence

from cardtable.engine.cards import JOKER_RANK, Card, make_deck
from cardtable.kits.rummy.arrange import best_arrangement, best_discard
from cardtable.kits.rummy.deadwood import least_deadwood
from cardtable.kits.rummy.melds import MeldRules
from cardtable.testing import GIN_MELDS as GIN
from cardtable.testing import INDIAN_NEED, gin_value, meld_rich, penalty_value
from cardtable.testing import PROGRESSIVE_MELDS as PROGRESSIVE
from cardtable.testing import indian_melds as indian_rules

Row = tuple[str, str, str, str]


def distinct(hands: Sequence[Sequence[Card]]) -> list[Sequence[Card]]:
    seen: set[tuple[int, ...]] = set()
    out = []
    for h in hands:
        sig = tuple(sorted(c.id for c in h))
        if sig not in seen:
            seen.add(sig)
            out.append(h)
    return out


def gin_hands(seed: int, count: int, n: int) -> list[Sequence[Card]]:
    rng = random.Random(seed)
    deck = make_deck(1)
    return distinct([meld_rich(rng, deck, n, rng.randint(2, 5)) for _ in range(count)])


def indian_hands(seed: int, count: int, n: int) -> list[tuple[Sequence[Card], MeldRules]]:
    """Random deals from two packs and two jokers, with exactly 0-4 wild cards (cycling)."""
    rng = random.Random(seed)
    deck = make_deck(2, 2)
    out = []
    for k in range(count):
        rules = indian_rules(rng.randint(1, 13))
        wild = [c for c in deck if rules.is_wild(c)]
        plain = [c for c in deck if not rules.is_wild(c)]
        w = k % 5
        out.append((rng.sample(wild, w) + rng.sample(plain, n - w), rules))
    return out


def progressive_hands(seed: int, count: int) -> list[Sequence[Card]]:
    """15 cards from three packs: 4 printed jokers and 11 others (2s are wild too)."""
    rng = random.Random(seed)
    deck = make_deck(3, 6)
    jokers = [c for c in deck if c.rank == JOKER_RANK][:4]
    plain = [c for c in deck if c.rank != JOKER_RANK]
    return [jokers + rng.sample(plain, 11) for _ in range(count)]


def timed(calls: Sequence[Callable[[], object]]) -> list[float]:
    """CPU seconds per call."""
    out = []
    cpu = time.thread_time
    gc.collect()
    gc.disable()
    try:
        for call in calls:
            start = cpu()
            call()
            out.append(cpu() - start)
    finally:
        gc.enable()
    return out


def repeated(
    name: str,
    make: Callable[[], Sequence[Callable[[], object]]],
    target: str,
    goal: float,
    p99_goal: float = float("inf"),
) -> Row:
    """A line timed ``REPEATS`` times over the same hands: the median per call of each
    repeat, reported as min/median/max, with the p99 of the median repeat; ``goal`` is the
    target median in microseconds, ``p99_goal`` the target p99 (the median of the repeats')."""
    meds, p99s = [], []
    for _ in range(REPEATS):
        t = timed(make())
        meds.append(statistics.median(t) * 1e6)
        p99s.append(statistics.quantiles(t, n=100)[-1] * 1e6)
    med = statistics.median(meds)
    p99 = sorted(p99s)[len(p99s) // 2]
    text = (
        f"{_fmt(med)} median (repeats min {_fmt(min(meds))}, max {_fmt(max(meds))}, n={REPEATS}), "
        f"p99 {_fmt(p99)}"
    )
    if not target:
        return (name, text, "", "")  # a line for comparison, with no target of its own
    return (name, text, target, "ok" if med <= goal and p99 <= p99_goal else "ABOVE")


REPEATS = 7
"""Repeats of a line that reports min/median/max (issue 25)."""


def gin_mixed(seed: int, count: int, n: int) -> list[Sequence[Card]]:
    """Half random hands, half meld-rich ones, distinct (the peers' least-deadwood hands)."""
    rng = random.Random(seed)
    deck = make_deck(1)
    return distinct(
        [rng.sample(deck, n) if k % 2 else meld_rich(rng, deck, n, rng.randint(2, 5)) for k in range(count)]
    )


def _fmt(us: float) -> str:
    return f"{us:.1f} us" if us < 1000 else f"{us / 1000:.2f} ms"


def bench_solver(quick: bool) -> list[Row]:
    """Solver timings against the issue targets (distinct hands; see the module docstring)."""
    n = 300 if quick else 2000

    # warm the per-rules shape tables on hands not measured
    for h in gin_hands(99, 200, 11):
        best_discard(h, GIN, gin_value)
    for h, r in indian_hands(98, 100, 14):
        best_arrangement(h, r, penalty_value(r, 0), need=INDIAN_NEED)
    prog_value = penalty_value(PROGRESSIVE, 20)
    for h in progressive_hands(97, 30):
        best_arrangement(h, PROGRESSIVE, prog_value)

    gin11, gin10, mixed = gin_hands(1, n, 11), gin_hands(2, n, 10), gin_mixed(5, n, 11)
    ind = indian_hands(3, n, 14)
    prog = progressive_hands(4, max(300, n // 2))
    inf = float("inf")
    # (name, the calls of one pass, target, median goal and p99 goal in us). The least
    # deadwood of 11 gin cards (after the best discard) is timed twice on the same hands: the
    # full solver (before issue 25) beside the bit-parallel count; 13-15 cards with 2-4 wild
    # cards or jokers: p99 <= 0.5 ms (issue 25).
    lines: list[tuple[str, Callable[[], Sequence[Callable[[], object]]], str, float, float]] = [
        (
            "gin best_discard, meld-rich 11 cards",
            lambda: [lambda h=h: best_discard(h, GIN, gin_value) for h in gin11],
            "median <= 30 us",
            30,
            inf,
        ),
        (
            "gin best_arrangement, meld-rich 10 cards",
            lambda: [lambda h=h: best_arrangement(h, GIN, gin_value) for h in gin10],
            "",
            inf,
            inf,
        ),
        (
            "gin least deadwood, 11 cards: best_discard().penalty",
            lambda: [lambda h=h: best_discard(h, GIN, gin_value)[1].penalty for h in mixed],
            "",
            inf,
            inf,
        ),
        (
            "gin least deadwood, 11 cards: least_deadwood()",
            lambda: [lambda h=h: least_deadwood(h, GIN, gin_value, discard=True) for h in mixed],
            "median <= 12 us, exact",
            12,
            inf,
        ),
        (
            "indian best_arrangement, 14 cards, 0-4 wilds",
            lambda: [
                lambda h=h, r=r: best_arrangement(h, r, penalty_value(r, 0), need=INDIAN_NEED) for h, r in ind
            ],
            "p99 <= 0.5 ms",
            inf,
            500,
        ),
        (
            "indian best_discard, 14 cards, 0-4 wilds",
            lambda: [
                lambda h=h, r=r: best_discard(h, r, penalty_value(r, 0), need=INDIAN_NEED) for h, r in ind
            ],
            "p99 <= 0.5 ms",
            inf,
            500,
        ),
        (
            "progressive best_arrangement, 15 cards, 4 jokers",
            lambda: [lambda h=h: best_arrangement(h, PROGRESSIVE, prog_value) for h in prog],
            "p99 <= 0.5 ms",
            inf,
            500,
        ),
    ]
    return [repeated(name, make, target, goal, p99) for name, make, target, goal, p99 in lines]


if __name__ == "__main__":
    for r in bench_solver(quick=True):
        print(" | ".join(r))
