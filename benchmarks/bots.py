"""Bot speed: how long one decision takes, per game and level (issue 8's targets).

Each level plays seeded two-player matches against a medium bot (games for three or more:
four players where allowed, the others medium); only its own decisions
are timed (view, legal moves and thinking: what a table waits for). Targets: easy and
medium p99 <= 5 ms, hard p99 <= 200 ms (its thinking budget is ``HARD_BUDGET``).
"""

from __future__ import annotations

import random
import time

from cardtable.bots import HARD_BUDGET, decide, make_bot
from cardtable.bots.simulate import percentile
from cardtable.engine import all_games, new_game

Row = tuple[str, str, str, str]

TARGETS = {"easy": 0.005, "medium": 0.005, "hard": 0.200}
"""p99 seconds per decision."""


def decision_times(game_id: str, level: str, moves: int, seed: int = 1, players: int = 2) -> list[float]:
    """Seconds of ``moves`` decisions of a ``level`` bot playing against medium bots (its seat
    rotates from match to match)."""
    times: list[float] = []
    k = 0
    while len(times) < moves:
        game = new_game(game_id, players=[chr(65 + i) for i in range(players)], seed=seed + k)
        mine = k % players  # rotate seats
        bots = [make_bot(level) if s == mine else make_bot("medium") for s in range(players)]
        rngs = [random.Random(seed * (31 + 6 * s) + k) for s in range(players)]
        k += 1
        steps = 0
        while not game.is_over and len(times) < moves and steps < 20_000:
            seat = game.to_act
            assert seat is not None
            start = time.perf_counter()
            move = decide(bots[seat], game, rngs[seat], HARD_BUDGET).move
            if seat == mine:
                times.append(time.perf_counter() - start)
            game.play(move)
            steps += 1
    return times


def bench_bots(quick: bool) -> list[Row]:
    """One row per game and level: median and p99 decision time against the target."""
    rows: list[Row] = []
    counts = (
        {"easy": 300, "medium": 300, "hard": 150} if quick else {"easy": 2000, "medium": 2000, "hard": 800}
    )
    for spec in all_games():
        # two players where the game allows it, else four where it allows, else its fewest
        players = 2 if spec.min_players <= 2 else (4 if spec.max_players >= 4 else spec.min_players)
        for level, target in TARGETS.items():
            times = decision_times(spec.id, level, counts[level], players=players)
            p99 = percentile(times, 0.99)
            med = percentile(times, 0.5)
            rows.append(
                (
                    f"{spec.id} {level} bot decision" + (f", {players} players" if players > 2 else ""),
                    f"{1000 * med:.2f} ms median, p99 {1000 * p99:.2f} ms "
                    f"(max {1000 * max(times):.1f}, n={len(times)})",
                    f"p99 ≤ {1000 * target:.0f} ms",
                    "ok" if p99 <= target else "ABOVE",
                )
            )
    return rows


if __name__ == "__main__":
    for row in bench_bots(quick=True):
        print("  ".join(row))
