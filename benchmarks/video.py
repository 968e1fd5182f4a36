"""Timings of the video poker maths (``cardtable.kits.poker.video``), issue 21.

* the first hint in a fresh process and an empty data folder (the evaluator's table and the
  hand's subset sums counted directly; it once built the global 25 MB array first, 5-7 s);
* hold advice (:func:`hold_values`, all 32 holds exact) for random deals, p50 and p99
  (target p99 ≤ 20 ms), both ways: counted directly for the hand (the way before the global
  array exists) and read from the global array once built or kept;
* the exact return of the full-pay table from scratch in a fresh process, the set-up
  included (target ≤ 60 s), and its value against the published 100.65% (rkcryr; 100.64%
  truncated on wizardofvegas), to the two decimals given.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time

from cardtable.engine.cards import make_deck
from cardtable.kits.poker import hold_values
from cardtable.kits.poker import video as _video

Row = tuple[str, str, str, str]


def _fresh_return() -> tuple[float, str]:
    code = (
        "import time; from cardtable.kits.poker.video import video_return, percent; "
        "t = time.perf_counter(); r = video_return('kings-full-pay', use_cache=False); "
        "print(time.perf_counter() - t, percent(r))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    seconds, value = out.stdout.split()
    return float(seconds), value


def _first_hint() -> float:
    """CPU seconds of a fresh interpreter's first hold advice (its imports included), with an
    empty data folder."""
    code = (
        "import time; t = time.process_time(); from cardtable.kits.poker import hold_values; "
        "hold_values('AH KH QH JH 2C', 'kings-full-pay', 5); print(time.process_time() - t)"
    )
    with tempfile.TemporaryDirectory() as data:
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
            env={**os.environ, "CARDTABLE_DATA_DIR": data},
        )
    return float(out.stdout.strip())


def _percentiles(hands: list, table: str) -> tuple[float, float, int]:
    times = []
    for hand in hands:  # CPU time: the engineers sharing the machine do not inflate it
        start = time.thread_time()
        hold_values(hand, table)
        times.append(time.thread_time() - start)
    times.sort()
    return times[len(times) // 2] * 1000, times[int(len(times) * 0.99)] * 1000, len(times)


def bench_video(quick: bool) -> list[Row]:
    deck = make_deck(1, 1)
    rng = random.Random(21)
    first = _first_hint()
    hands = [rng.sample(deck, 5) for _ in range(300 if quick else 2000)]
    # counted directly for each hand: the table is not one the data folder holds an array of
    direct = (
        _percentiles(hands, "kings-4700")
        if not _video._sums_path(_video.pay_table("kings-4700"), True).exists()
        else None
    )
    start = time.perf_counter()
    _video._subset_sums(_video.pay_table("kings-full-pay"), True)
    setup = time.perf_counter() - start
    p50, p99, n = _percentiles(hands, "kings-full-pay")
    seconds, value = _fresh_return()
    published = value.startswith("100.64") or value.startswith("100.65")
    rows = [
        ("video poker: first hint, fresh process and data folder", f"{first:.2f} s CPU", "", ""),
        ("video poker: global subset-sum array set-up (one time)", f"{setup:.1f} s", "", ""),
        (
            "video poker: hold advice from the global array, 32 holds exact",
            f"p50 {p50:.2f} ms, p99 {p99:.2f} ms (n={n})",
            "p99 ≤ 20 ms",
            "ok" if p99 <= 20 else "ABOVE",
        ),
    ]
    if direct is not None:
        rows.append(
            (
                "video poker: hold advice counted directly, 32 holds exact",
                f"p50 {direct[0]:.2f} ms, p99 {direct[1]:.2f} ms (n={direct[2]})",
                "p99 ≤ 20 ms",
                "ok" if direct[1] <= 20 else "ABOVE",
            )
        )
    return [
        *rows,
        (
            "video poker: full-pay return from scratch",
            f"{seconds:.1f} s",
            "≤ 60 s",
            "ok" if seconds <= 60 else "ABOVE",
        ),
        ("video poker: full-pay return", value, "100.65% (100.64% truncated)", "ok" if published else "OFF"),
    ]
