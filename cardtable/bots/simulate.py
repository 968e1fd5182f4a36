"""Headless bot matches with statistics: what ``cardtable simulate`` runs and prints.

Seats are rotated and seeds fixed: match ``k`` deals seed ``seed + k // n`` with the levels
turned ``k % n`` places round the table, so every deal is played from every seat (n = the
number of players). Wins are counted per level (a shared win counts a share), with a 95%
Wilson confidence interval; with two levels the report says how often the first beats the
second head to head.

>>> stats = run_matches("page-one", ["medium", "random"], games=4, seed=1)
>>> stats.games, stats.errors, round(sum(stats.wins), 1)
(4, 0, 4.0)
>>> lo, hi = wilson(35, 50)
>>> f"{lo:.3f} {hi:.3f}"
'0.562 0.809'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from cardtable.bots import HARD_BUDGET, decide, make_bot
from cardtable.engine import get, new_game
from cardtable.engine.game import Game

MOVE_CAP = 20_000
"""A match passing this many moves is stopped and reported as unfinished, apart from the
errors: a chip game played until one player holds every chip can take random bots longer
than that by nature, while a bot or a game that never ends shows up as unfinished too."""


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Stats:
    """What a run of matches found, per level (in the order given)."""

    game: str
    title: str
    levels: list[str]
    games: int = 0
    deals: int = 0
    moves: int = 0
    errors: int = 0
    draws: int = 0
    """Matches that ended with no winner (Page One's stalled deals)."""
    unfinished: list[int] = field(default_factory=list)
    """The matches (by number) stopped at :data:`MOVE_CAP` moves: neither won nor errors."""
    elapsed: float = 0.0
    wins: list[float] = field(default_factory=list)
    score_sum: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    """Seconds each level's moves took (for the speed figures)."""
    error_lines: list[str] = field(default_factory=list)

    @property
    def played(self) -> int:
        """Matches played to their end (the ones whose wins count)."""
        return self.games - self.errors - len(self.unfinished)

    def win_rate(self, i: int) -> tuple[float, float, float]:
        """Level ``i``'s share of the matches won and its 95% interval."""
        n = max(1, self.played)
        lo, hi = wilson(self.wins[i], n)
        return self.wins[i] / n, lo, hi

    def head_to_head(self) -> tuple[float, float, float, float]:
        """The first level's score against the second: a match won counts 1, a drawn one
        (nobody won: Page One's stalled deals) half, as in chess; with its 95% interval and
        the number of drawn matches. Counting draws as losses would call two equal levels
        unequal in games that stall often."""
        n = max(1, self.played)
        drawn = max(0.0, n - self.wins[0] - self.wins[1])
        score = self.wins[0] + drawn / 2
        lo, hi = wilson(score, n)
        return score / n, lo, hi, drawn


def run_matches(
    game_id: str,
    levels: Sequence[str],
    games: int,
    seed: int = 1,
    rules: dict[str, Any] | None = None,
    budget: float = HARD_BUDGET,
    progress: Callable[[int, Stats], None] | None = None,
    finished: Callable[[Game, list[str]], None] | None = None,
) -> Stats:
    """Play ``games`` matches of bots of ``levels`` (one per seat) and gather statistics.

    ``finished(game, seat_levels)`` is called with each match played to its end (the match
    history of ``cardtable simulate --history`` is kept that way)."""
    spec = get(game_id)
    n = len(levels)
    stats = Stats(spec.id, spec.title, list(levels), wins=[0.0] * n, score_sum=[0] * n)
    stats.times = {level: [] for level in levels}
    started = time.perf_counter()
    for k in range(games):
        deal_seed = seed + k // n
        order = [(i + k) % n for i in range(n)]  # seat s is played by level order[s]
        bots = [make_bot(levels[i]) for i in order]
        rngs = [random.Random(deal_seed * 7919 + 31 * k + s) for s in range(n)]
        names = [f"{levels[i]}-{i + 1}" for i in order]
        try:
            game = new_game(spec.id, players=names, rules=rules or {}, seed=deal_seed)
            count = 0
            while not game.is_over and count < MOVE_CAP:
                seat = game.to_act
                assert seat is not None
                t0 = time.perf_counter()
                move = decide(bots[seat], game, rngs[seat], budget).move
                stats.times[levels[order[seat]]].append(time.perf_counter() - t0)
                game.play(move)
                count += 1
            stats.moves += count
            stats.deals += len(game.deal_scores)
            if not game.is_over:  # stopped at the cap: no result to count
                stats.unfinished.append(k)
            else:
                outcome = game.outcome
                assert outcome is not None
                for seat in outcome.winners:
                    stats.wins[order[seat]] += 1 / len(outcome.winners)
                stats.draws += not outcome.winners
                for seat, score in enumerate(game.scores):
                    stats.score_sum[order[seat]] += score
                if finished is not None:
                    finished(game, [levels[i] for i in order])
        except Exception as exc:  # counted and reported: simulate must show 0
            stats.errors += 1
            stats.error_lines.append(f"error in match {k} (seed {deal_seed}): {type(exc).__name__}: {exc}")
        stats.games += 1
        if progress is not None:
            progress(k + 1, stats)
    stats.elapsed = time.perf_counter() - started
    return stats


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(stats: Stats, out: TextIO, seed: int, timing: bool = False) -> None:
    """Print the table: wins with their 95% interval, scores, errors (and with ``timing``
    each level's move times, which vary from run to run)."""
    games = stats.games
    n = len(stats.levels)
    last = seed + (games - 1) // n if games else seed
    # each seed is dealt once per seat (the seats rotated), so 20 matches of 2 use seeds 1..10
    times = "once" if n == 1 else f"up to {n} times" if games % n else f"{n} times"
    out.write(
        f"{stats.title}: {games} games (matches), {stats.deals} deals, seeds {seed}..{last} "
        f"(each played {times}, seats rotated)\n"
    )
    for line in stats.error_lines:
        out.write(f"  {line}\n")
    played = max(1, stats.played)
    for i, level in enumerate(stats.levels):
        rate, lo, hi = stats.win_rate(i)
        out.write(
            f"  player {i + 1} {level:<8} wins {stats.wins[i]:7.1f} ({100 * rate:5.1f}%, 95% CI "
            f"{100 * lo:5.1f}-{100 * hi:5.1f}%)  mean score {stats.score_sum[i] / played:7.1f}\n"
        )
    if stats.draws:
        out.write(f"  drawn {stats.draws} (matches that ended with no winner)\n")
    if n == 2 and stats.levels[0] != stats.levels[1]:
        a, b = stats.levels
        rate, lo, hi, drawn = stats.head_to_head()
        verdict = "beats" if lo > 0.5 else "loses to" if hi < 0.5 else "is level with"
        halves = f", a drawn match counted half to each ({drawn:.0f} drawn)" if drawn else ""
        out.write(
            f"  head to head: {a} {verdict} {b}: {100 * rate:.1f}% of matches "
            f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%{halves})\n"
        )
    for level, times in stats.times.items() if timing else ():
        if times:
            out.write(
                f"  {level} move time: median {1000 * percentile(times, 0.5):.2f} ms, "
                f"p99 {1000 * percentile(times, 0.99):.2f} ms, max {1000 * max(times):.1f} ms "
                f"({len(times)} moves)\n"
            )
    out.write(f"  mean moves per match {stats.moves / max(1, games):.1f}\n")
    out.write(f"  moves per second {stats.moves / max(stats.elapsed, 1e-9):,.0f}\n")
    if stats.unfinished:
        numbers = " ".join(map(str, stats.unfinished))
        out.write(
            f"  unfinished {len(stats.unfinished)} (stopped at {MOVE_CAP:,} moves, not counted in the "
            f"wins or scores): matches {numbers}\n"
        )
    out.write(f"  errors {stats.errors}\n")


__all__ = ["MOVE_CAP", "Stats", "percentile", "report", "run_matches", "wilson"]
