"""Duplicate deals: two bot levels compared on the same deals with the teams' seats swapped.

For a game of two teams (Five Hundred with four players: seats 0 and 2 against 1 and 3),
deal pair ``k`` plays the first deal of seed ``k`` twice: level A in team 0's seats and level
B in team 1's, then the other way round. Luck of the cards cancels; what is left is play.
Each pair's result is A's points minus B's over the two deals. Prints the running mean per
deal pair with a 95% interval, and how many pairs A won, lost and tied.

Usage: ``uv run python -m benchmarks.duplicate five-hundred hard medium --pairs 1000``
(``--players 4``; ``--budget`` seconds per hard decision, default the table's).
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from cardtable.bots import HARD_BUDGET, decide, make_bot
from cardtable.engine import new_game


def one_deal(
    game_id: str, players: int, seed: int, levels: tuple[str, str], budget: float
) -> tuple[int, int]:
    """The first deal of ``seed`` with ``levels[0]`` in team 0's seats: each team's points."""
    game = new_game(game_id, [f"P{i}" for i in range(players)], seed=seed)
    teams = game.view(None).teams
    if len(teams) != 2:
        raise SystemExit(f"{game_id} with {players} players has no two teams to compare")
    level_of = {s: levels[t] for t, team in enumerate(teams) for s in team}
    bots = {s: make_bot(level_of[s]) for s in range(players)}
    rng = random.Random(seed * 7919 + 1)
    steps = 0
    while not game.is_over and game.phase != "deal-over" and steps < 5000:
        seat = game.to_act
        assert seat is not None
        game.play(decide(bots[seat], game, rng, budget).move)
        steps += 1
    row = game.deal_scores[-1] if game.deal_scores else (0,) * players
    return row[teams[0][0]], row[teams[1][0]]


def main(argv: list[str] | None = None) -> int:
    """Run deal pairs and print the running figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("a", help="bot level A, e.g. hard")
    ap.add_argument("b", help="bot level B, e.g. medium")
    ap.add_argument("--pairs", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--first", type=int, default=1, help="first seed")
    ap.add_argument("--budget", type=float, default=HARD_BUDGET)
    ap.add_argument("--every", type=int, default=50, help="print the running figures every N pairs")
    args = ap.parse_args(argv)
    diffs: list[int] = []
    for k in range(args.first, args.first + args.pairs):
        a0, b1 = one_deal(args.game, args.players, k, (args.a, args.b), args.budget)
        b0, a1 = one_deal(args.game, args.players, k, (args.b, args.a), args.budget)
        diffs.append((a0 - b1) + (a1 - b0))
        if len(diffs) % args.every == 0 or len(diffs) == args.pairs:
            report(args.a, args.b, diffs)
            sys.stdout.flush()
    return 0


def report(a: str, b: str, diffs: list[int]) -> None:
    """One line: pairs, mean points per pair (A minus B) with a 95% interval, won/lost/tied."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    won = sum(d > 0 for d in diffs)
    lost = sum(d < 0 for d in diffs)
    print(
        f"{a} vs {b}: {n} deal pairs, {mean:+.1f} points a pair "
        f"(95% CI {mean - half:+.1f} to {mean + half:+.1f}); "
        f"pairs won {won}, lost {lost}, tied {n - won - lost}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
