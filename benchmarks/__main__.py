"""Benchmarks: ``uv run python -m benchmarks [--quick] [--only NAME]``.

Each figure is the median of several repeats measured in this one run, with the target
from the issues beside it. Timed figures belong here, never in unit tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from benchmarks import random_playout
from benchmarks.bots import bench_bots
from benchmarks.history import bench_history
from benchmarks.marbles import bench_marbles
from benchmarks.memory import bench_memory
from benchmarks.poker import bench_poker
from benchmarks.poker_soak import bench_poker_soak
from benchmarks.solver import bench_solver
from benchmarks.undo import bench_undo
from benchmarks.video import bench_video
from cardtable.engine import all_games

Row = tuple[str, str, str, str]


def playout_rate(game_id: str, players: int, deals: int, seed: int = 0) -> tuple[float, float]:
    """Random-playout player moves per second over ``deals`` deals (one core): by CPU time
    and by wall time, from the same run (a repeat lasts milliseconds, and on a shared
    machine the wall figure follows the load)."""
    start, start_cpu = time.perf_counter(), time.thread_time()
    moves = random_playout(game_id, players, deals, seed)
    return moves / (time.thread_time() - start_cpu), moves / (time.perf_counter() - start)


PLAYOUT_TARGETS = {("five-hundred", 4): 150_000, ("indian-rummy", 4): 25_000, ("joker-marbles", 4): 20_000}
"""Random-playout targets (player moves per second) beyond the two-player 25,000 (issues 20, 22, 25)."""


def bench_playouts(quick: bool) -> list[Row]:
    """Random playouts of every game: the CPU rate (``time.thread_time``: a repeat of a
    quick game lasts a few milliseconds, and on a shared machine its wall time is mostly
    waiting for a core), min/median/max over 7 repeats (different seeds), with the wall
    median beside."""
    rows: list[Row] = []
    repeats = 7
    deals = 20 if quick else 60
    for spec in all_games():
        for players in sorted({spec.min_players, min(4, spec.max_players)}):
            # one untimed repeat first: one-time set-ups (a hand evaluator's table, built at
            # the first showdown) are no per-move cost, and with few repeats they would set
            # the median
            playout_rate(spec.id, players, deals, seed=999_999)
            both = [playout_rate(spec.id, players, deals, seed=1000 * r) for r in range(repeats)]
            rates, walls = [b[0] for b in both], [b[1] for b in both]
            med = statistics.median(rates)
            goal = PLAYOUT_TARGETS.get((spec.id, players), 25_000 if players == 2 else None)
            target = f"≥ {goal:,}" if goal else "—"
            ok = "" if goal is None else ("ok" if med >= goal else "BELOW")
            rows.append(
                (
                    f"{spec.id} random playout, {players} players",
                    f"{med:,.0f} moves/s CPU (min {min(rates):,.0f}, max {max(rates):,.0f}, n={repeats}; "
                    f"wall median {statistics.median(walls):,.0f})",
                    target,
                    ok,
                )
            )
    return rows


def bench_tui(quick: bool) -> list[Row]:
    from benchmarks.tui import CPU_STARTS, STARTS, key_latency, startup

    rounds = 3 if quick else 7
    picker, minimal = startup(rounds)
    (p_lo, p_hi), (m_lo, m_hi) = STARTS
    ratio = picker / minimal
    latencies = key_latency(10 if quick else 40)
    board = key_latency(10 if quick else 40, board=True)
    return [
        (
            "TUI start to first frame (picker)",
            f"{picker * 1000:.0f} ms median (min {p_lo * 1000:.0f}, max {p_hi * 1000:.0f}, n={rounds})",
            "",
            "",
        ),
        (
            "minimal Textual app, same machine",
            f"{minimal * 1000:.0f} ms median (min {m_lo * 1000:.0f}, max {m_hi * 1000:.0f}, n={rounds})",
            "",
            "",
        ),
        ("  ratio picker / minimal", f"{ratio:.2f}×", "≤ 1.20×", "ok" if ratio <= 1.2 else "ABOVE"),
        _cpu_start_row(*CPU_STARTS),
        _latency_row("key press to updated screen (pty, full table)", latencies),
        _latency_row("key press to updated board (pty, 72-hole board table)", board),
    ]


def _cpu_start_row(picker: float, minimal: float) -> Row:
    """CPU to the first frame (picker / minimal), steadier than wall time on a shared machine."""
    text = f"{picker * 1000:.0f} / {minimal * 1000:.0f} ms: {picker / minimal:.2f}×"
    return ("  CPU to first frame, picker / minimal", text, "", "")


def _latency_row(name: str, latencies: list[float]) -> Row:
    """A key-latency line: the median and p90 in ms against the 60 ms target."""
    med = statistics.median(latencies) * 1000 if latencies else float("nan")
    if len(latencies) < 2:
        return (name, "no screen updates seen", "≤ 60 ms", "ok" if med <= 60 else "ABOVE")
    p90 = statistics.quantiles(latencies, n=10)[-1] * 1000
    return (
        name,
        f"{med:.1f} ms median (p90 {p90:.1f}, n={len(latencies)})",
        "≤ 60 ms",
        "ok" if med <= 60 else "ABOVE",
    )


BENCHES: dict[str, Callable[[bool], list[Row]]] = {
    "playouts": bench_playouts,
    "tui": bench_tui,
    "bots": bench_bots,
    "solver": bench_solver,
    "memory": bench_memory,
    "poker": bench_poker,
    "poker-soak": bench_poker_soak,
    "marbles": bench_marbles,
    "undo": bench_undo,
    "history": bench_history,
    "video": bench_video,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    parser.add_argument("--only", choices=sorted(BENCHES), help="run one benchmark")
    parser.add_argument(
        "--peers",
        action="store_true",
        help="measure beside OpenSpiel, RLCard and pokerkit in the same run (uv sync --group peers)",
    )
    args = parser.parse_args(argv)
    rows: list[Row] = []
    if args.peers:
        from benchmarks.peers import bench_peers

        rows.extend(bench_peers(args.quick))
    for name, bench in BENCHES.items():
        if args.peers or (args.only and name != args.only):
            continue
        rows.extend(bench(args.quick))
    width = max(len(r[0]) for r in rows)
    vwidth = max(len(r[1]) for r in rows)
    twidth = max(len(r[2]) for r in rows)
    print(f"{'benchmark':<{width}}  {'measured':<{vwidth}}  {'target':<{twidth}}  ")
    print(f"{'-' * width}  {'-' * vwidth}  {'-' * twidth}  --")
    for name, value, target, ok in rows:
        print(f"{name:<{width}}  {value:<{vwidth}}  {target:<{twidth}}  {ok}")
    misses = [r[0].strip() for r in rows if r[3] and r[3] != "ok"]
    print(f"{len(rows)} figures, {len(misses)} off target" + (f": {', '.join(misses)}" if misses else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
