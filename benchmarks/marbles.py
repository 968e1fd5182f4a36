"""Joker (marbles) speed: legal-move generation, random play-outs and the hard bot (issue 22).

* Legal moves: p99 (CPU time) of one ``legal_moves()`` on positions with four marbles of the player out,
  other colours' marbles about, and a 7 and a joker in the hand (target <= 1 ms).
* Random play-out through the public API (``legal_moves`` + ``play``: every move listed as
  text), and on the board alone (``card_plays`` + ``apply_step``: what a search rolls out);
  target >= 20,000 player moves/s, by CPU time (as the playouts benchmark: on a shared
  machine the wall time of a run is mostly waiting for a core).
* Hard bot decision p99 in four-player games against medium (target <= 200 ms).
"""

from __future__ import annotations

import random
import statistics
import time

from cardtable.bots import HARD_BUDGET, decide, make_bot
from cardtable.bots.simulate import percentile
from cardtable.engine import new_game
from cardtable.games.joker_marbles.board import (
    Geo,
    State,
    apply_step,
    card_plays,
    completed_team,
    controlled,
)
from cardtable.games.joker_marbles.rules import JokerMarblesRules

Row = tuple[str, str, str, str]
RANKS = [0, 0, *range(1, 14)] * 8


def position(seed: int) -> dict[str, object]:
    """A stacked deal: Blue with four marbles out, every other colour with two, a 7 and a joker."""
    rng = random.Random(seed)
    holes = rng.sample(range(72), 10)
    marbles = {"B": " ".join(map(str, holes[:4]))}
    for i, letter in enumerate("RGY"):
        marbles[letter] = " ".join(map(str, holes[4 + 2 * i : 6 + 2 * i]))
    others = rng.sample(["2C", "3D", "4H", "5S", "6C", "9D", "10H", "QS", "AC", "8D"], 3)
    return {"marbles": marbles, "hands": [" ".join(["7H", "JK", *others])], "stock": "KD"}


def legal_move_times(count: int) -> list[float]:
    out = []
    for seed in range(count):
        g = new_game("joker-marbles", ["A", "B", "C", "D"], seed=seed, deal=position(seed))
        start = time.thread_time()  # (CPU time: a preempted call is no slower listing)
        g.legal_moves()
        out.append(time.thread_time() - start)
    return out


def api_playout_rate(games: int, seed: int) -> float:
    rng = random.Random(seed)
    moves = 0
    start = time.thread_time()
    for k in range(games):
        g = new_game("joker-marbles", ["A", "B", "C", "D"], seed=seed + k)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
            moves += 1
    return moves / (time.thread_time() - start)


def board_playout_rate(games: int, seed: int) -> float:
    """Random play on the board alone: each turn a random hand of six ranks, a random play of
    the first card that has one (a pass otherwise)."""
    rng = random.Random(seed)
    geo = Geo(4, JokerMarblesRules())
    moves = 0
    start = time.thread_time()
    for _ in range(games):
        st = State.empty(geo)
        seat = 0
        for _turn in range(3000):
            moves += 1
            ctrl = controlled(geo, st, seat)
            for rank in rng.sample(RANKS, 6):
                plays = card_plays(geo, st, seat, ctrl, rank)
                if plays:
                    for s in rng.choice(plays).steps:
                        apply_step(st, s)
                    break
            if completed_team(geo, st) is not None:
                break
            seat = (seat + 1) % 4
    return moves / (time.thread_time() - start)


def hard_times(moves: int, seed: int = 1) -> list[float]:
    times: list[float] = []
    k = 0
    while len(times) < moves:
        g = new_game("joker-marbles", ["A", "B", "C", "D"], seed=seed + k)
        bots = [make_bot("hard" if (s + k) % 2 == 0 else "medium") for s in range(4)]
        rngs = [random.Random(seed * 31 + k + s) for s in range(4)]
        k += 1
        while not g.is_over and len(times) < moves:
            seat = g.to_act
            assert seat is not None
            start = time.perf_counter()
            move = decide(bots[seat], g, rngs[seat], HARD_BUDGET).move
            if (seat + k - 1) % 2 == 0:
                times.append(time.perf_counter() - start)
            g.play(move)
    return times


def _p99_row(label: str, times: list[float], limit: float) -> Row:
    """A row of times (seconds) in milliseconds: the median and p99, against p99 <= ``limit``."""
    p99 = percentile(times, 0.99)
    digits = 3 if limit < 0.01 else 1
    return (
        label,
        f"{1000 * percentile(times, 0.5):.{digits}f} ms median, p99 {1000 * p99:.{digits}f} ms "
        f"(n={len(times)})",
        f"p99 ≤ {1000 * limit:g} ms",
        "ok" if p99 <= limit else "ABOVE",
    )


def bench_marbles(quick: bool) -> list[Row]:
    """The rows of issue 22's speed targets."""
    times = legal_move_times(300 if quick else 2000)
    rows = [_p99_row("joker-marbles legal moves (4 out, 7 + joker)", times, 0.001)]
    repeats = 3 if quick else 5
    for label, fn, games in (
        ("public API", api_playout_rate, 2 if quick else 6),
        ("board only", board_playout_rate, 5 if quick else 20),
    ):
        rates = [fn(games, 100 * r) for r in range(repeats)]
        med = statistics.median(rates)
        rows.append(
            (
                f"joker-marbles random playout ({label})",
                f"{med:,.0f} player moves/s CPU (min {min(rates):,.0f}, n={repeats})",
                "≥ 20,000",
                "ok" if med >= 20_000 else "BELOW",
            )
        )
    hard = hard_times(60 if quick else 300)
    rows.append(_p99_row("joker-marbles hard bot decision", hard, 0.2))
    return rows


if __name__ == "__main__":
    for row in bench_marbles(quick=True):
        print("  ".join(row))
