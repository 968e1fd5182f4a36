"""Undo and replay at a keypress: ``can_undo`` + ``undo`` late in a long match (the game is
rebuilt from its record), and a replay step back across a checkpoint."""

from __future__ import annotations

import random
import statistics
import time

from cardtable.engine import Game, new_game

Row = tuple[str, str, str, str]
TARGET_MS = 100.0
"""A keypress should answer within this."""


def long_match(moves: int, seed: int, points: bool) -> Game:
    """A two-player Rummy 51 match of ``moves`` random moves, ending on a discard (so the last
    move may be taken back); with ``points``, an undo point kept before each move as a
    table does before each person's."""
    game = new_game("rummy51", ["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    while len(game.history) < moves or game.history[-1][1].kind != "discard":
        if game.is_over:
            game = new_game("rummy51", ["Ann", "Bob"], seed=seed + 1)
        if points and len(game.history) >= moves - 10:
            game.keep_undo_point()
        game.play(rng.choice(game.legal_moves()))
    return game


def bench_undo(quick: bool) -> list[Row]:
    from cardtable.engine import replay
    from cardtable.replay import Replay

    moves = 1000 if quick else 3000
    repeats = 3 if quick else 7
    undo_times, cold_times, step_times = [], [], []
    for r in range(repeats):
        for points, times in ((True, undo_times), (False, cold_times)):
            game = long_match(moves, seed=r, points=points)
            if not points:  # resumed: rebuilt from its record, as `cardtable resume` does
                game = replay(game.record())
            start = time.perf_counter()
            if game.can_undo():
                game.undo()
            times.append(time.perf_counter() - start)
        match = Replay(game.record())
        match.game_at(len(match))
        start = time.perf_counter()
        match.view(len(match) - 40, 0)  # back past a checkpoint
        step_times.append(time.perf_counter() - start)
    undo_ms = statistics.median(undo_times) * 1000
    cold_ms = statistics.median(cold_times) * 1000
    step_ms = statistics.median(step_times) * 1000
    return [
        (
            f"can_undo + undo after {moves} moves (at the table)",
            f"{undo_ms:.0f} ms (n={repeats})",
            f"≤ {TARGET_MS:.0f} ms",
            "ok" if undo_ms <= TARGET_MS else "ABOVE",
        ),
        (
            "  the same right after a resume (rebuilt from the record)",
            f"{cold_ms:.0f} ms (n={repeats})",
            "",
            "",
        ),
        (
            "replay step back 40 moves",
            f"{step_ms:.1f} ms (n={repeats})",
            f"≤ {TARGET_MS:.0f} ms",
            "ok" if step_ms <= TARGET_MS else "ABOVE",
        ),
    ]
