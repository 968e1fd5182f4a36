"""Timings of the joker poker evaluator (``cardtable.kits.poker``), issue 21.

* the batch path (:func:`rank_values`) over random deals of the 53-card deck, the joker in
  about one hand in ten as dealt, hands per second (target ≥ 1,000,000);
* the same path over all 2,869,685 five-card hands (the exhaustive count the tests do);
* the single-hand call (:func:`evaluate` on a tuple of cards) against pokerkit's
  ``StandardHighHand`` on the same joker-free hands (pokerkit given cards it has already
  parsed, its fastest entry), in one run, interleaved, and the ratio (target ≥ 3×);
* the one-time cost of building a rule set's table, in a fresh process.

Rates are medians over repeats; each repeat times one block of calls with the garbage
collector paused (as ``timeit`` does), on CPU time so other processes sharing the machine
do not inflate them.
"""

from __future__ import annotations

import gc
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib.metadata import version
from itertools import combinations

from cardtable.engine.cards import Card, make_deck
from cardtable.kits.poker import JokerRule, card_code, evaluate, rank_values

Row = tuple[str, str, str, str]

DECK = make_deck(1, 1)


def _rate(block: Callable[[], object], count: int, repeats: int) -> list[float]:
    """Items per second of ``block`` (which handles ``count`` items), once per repeat."""
    rates = []
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            start = time.thread_time()
            block()
            rates.append(count / (time.thread_time() - start))
        finally:
            gc.enable()
    return rates


def _fmt_rate(rates: list[float], unit: str) -> str:
    med = statistics.median(rates)
    return f"{med:,.0f} {unit} (min {min(rates):,.0f}, max {max(rates):,.0f}, n={len(rates)})"


def _build_time(joker: str) -> float:
    """Seconds from a fresh interpreter's first evaluate call to its answer (table built)."""
    code = (
        "import time; from cardtable.kits.poker import evaluate; t = time.perf_counter(); "
        f"evaluate('AS KD 9C 5H JK', {joker!r}); print(time.perf_counter() - t)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return float(out.stdout.strip())


def bench_poker(quick: bool) -> list[Row]:
    rows: list[Row] = []
    repeats = 3 if quick else 7
    rng = random.Random(21)
    n_batch = 100_000 if quick else 300_000
    deals = [tuple(rng.sample(range(53), 5)) for _ in range(n_batch)]
    for joker in ("bug", "wild"):
        rank_values(deals[:10], joker)  # the table is built outside the timing
        rates = _rate(partial(rank_values, deals, joker), n_batch, repeats)
        med = statistics.median(rates)
        rows.append(
            (
                f"poker batch rank_values, random 53-card deals, {joker}",
                _fmt_rate(rates, "hands/s"),
                "≥ 1,000,000 hands/s",
                "ok" if med >= 1_000_000 else "BELOW",
            )
        )
    every = 2_869_685
    seconds = [
        1 / r for r in _rate(lambda: rank_values(combinations(range(53), 5), "wild"), 1, 1 if quick else 3)
    ]
    rows.append(
        (
            "poker all 2,869,685 hands (combinations + batch), wild",
            f"{statistics.median(seconds):.2f} s = {every / statistics.median(seconds):,.0f} hands/s",
            "",
            "",
        )
    )

    n_single = 20_000 if quick else 50_000
    naturals = DECK[:52]
    plain: list[tuple[Card, ...]] = [tuple(rng.sample(naturals, 5)) for _ in range(n_single)]
    with_joker: list[tuple[Card, ...]] = [(*rng.sample(naturals, 4), DECK[52]) for _ in range(n_single)]
    assert all(card_code(c) == c.id for c in DECK)

    def ours(hands: Sequence[tuple[Card, ...]], joker: JokerRule = "bug") -> None:
        for hand in hands:
            evaluate(hand, joker)

    try:
        import pokerkit
    except ImportError:  # a dev dependency: absent from a plain install
        pokerkit = None
    our_rates: list[float] = []
    their_rates: list[float] = []
    if pokerkit is not None:
        parsed = {
            c.key: next(iter(pokerkit.Card.parse(("T" if c.rank == 10 else c.name[:-1]) + c.suit.lower())))
            for c in naturals
        }
        pk_hands = [tuple(parsed[c.key] for c in hand) for hand in plain]
        high = pokerkit.StandardHighHand

        def theirs() -> None:
            for hand in pk_hands:
                high(hand)

        for _ in range(repeats):  # interleaved, so both see the same machine
            our_rates += _rate(lambda: ours(plain), n_single, 1)
            their_rates += _rate(theirs, n_single, 1)
    else:
        our_rates = _rate(lambda: ours(plain), n_single, repeats)
    our_us = 1e6 / statistics.median(our_rates)
    rows.append(
        (
            "poker evaluate(), one joker-free hand",
            f"{our_us:.2f} µs median ({_fmt_rate(our_rates, 'hands/s')})",
            "",
            "",
        )
    )
    if their_rates:
        their_us = 1e6 / statistics.median(their_rates)
        ratio = their_us / our_us
        rows.append(
            (
                f"pokerkit {version('pokerkit')} StandardHighHand, same hands",
                f"{their_us:.2f} µs median ({_fmt_rate(their_rates, 'hands/s')})",
                "",
                "",
            )
        )
        rows.append(
            ("  ratio pokerkit / evaluate()", f"{ratio:.1f}×", "≥ 3×", "ok" if ratio >= 3 else "BELOW")
        )
    else:
        rows.append(("pokerkit StandardHighHand", "not installed (uv sync --dev)", "≥ 3× slower", "MISSING"))
    for joker in ("bug", "wild"):
        rates = _rate(partial(ours, with_joker, joker), n_single, repeats)
        rows.append(
            (
                f"poker evaluate(), one hand with the joker, {joker}",
                f"{1e6 / statistics.median(rates):.2f} µs median",
                "",
                "",
            )
        )
    seven = [tuple(rng.sample(DECK, 7)) for _ in range(n_single // 10)]
    rates = _rate(lambda: ours(seven), len(seven), repeats)
    rows.append(
        (
            "poker evaluate(), best five of seven, bug",
            f"{1e6 / statistics.median(rates):.1f} µs median",
            "",
            "",
        )
    )
    builds = [_build_time(j) for j in ("bug", "wild")]
    rows.append(
        (
            "poker table build, first call in a fresh process",
            f"bug {builds[0] * 1000:.0f} ms, wild {builds[1] * 1000:.0f} ms (once per rule set)",
            "",
            "",
        )
    )
    return rows
