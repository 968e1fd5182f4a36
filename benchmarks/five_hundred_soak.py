"""A bot soak of Five Hundred: ``uv run python -m benchmarks.five_hundred_soak [--deals 10000]``.

``cardtable soak`` plays random moves only; this plays whole matches with random and medium
bots mixed at the table (each seat's level drawn per match), 3 to 6 players, cycling through
random toggle combinations and every preset (as the soak runner draws them), and checks after
every move that each card is in exactly one place and at every deal's end that the totals
moved by the deal's score row. Any exception or failed check is a crash, reported with the
match seed and its arguments. Prints deals, matches, moves, crashes and the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from cardtable.bots import decide, make_bot
from cardtable.engine import get
from cardtable.testing import card_ids, check_after_move, check_deal_scores, match_deal_cap, start

GAME = "five-hundred"
LEVELS = ("random", "medium")


def soak(deals: int, seed: int = 1) -> tuple[int, int, int, list[str], Counter[str]]:
    """Play ``deals`` deals; returns (deals, matches, moves, crash messages, tables seen)."""
    spec = get(GAME)
    variants: list[str | None] = [None, *sorted(spec.presets)]
    done = matches = moves = 0
    crashes: list[str] = []
    tables: Counter[str] = Counter()
    k = 0
    while done < deals:
        match_seed = seed + k
        preset = variants[k % len(variants)]
        k += 1
        game, args, rng = start(spec, match_seed, preset=preset)
        levels = [rng.choice(LEVELS) for _ in game.players]
        bots = [make_bot(level) for level in levels]
        tables[f"{len(levels)}p {args['preset'] or 'toggles'}"] += 1
        matches += 1
        try:
            baseline = card_ids(game)
            totals, rows = game.scores, len(game.deal_scores)
            in_match = 0
            while not game.is_over and done < deals:
                seat = game.to_act
                assert seat is not None, "no seat to act in a live match"
                game.play(decide(bots[seat], game, rng).move)
                moves += 1
                check_after_move(game, baseline)
                if game.phase == "deal-over" or game.is_over:
                    done += 1
                    in_match += 1
                    assert in_match <= match_deal_cap(GAME), "the match does not end"
                    check_deal_scores(game, totals, rows)
                    totals, rows = game.scores, len(game.deal_scores)
                    baseline = card_ids(game)
        except Exception as exc:  # every failure is a crash to report, with how to replay it
            done += 1
            crashes.append(f"seed {match_seed} {args} levels {levels}: {type(exc).__name__}: {exc}")
    return done, matches, moves, crashes, tables


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.five_hundred_soak")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    deals, matches, moves, crashes, tables = soak(args.deals, args.seed)
    seconds = time.perf_counter() - started
    print(f"Five Hundred bot soak (random and medium bots): {deals:,} deals, {matches:,} matches,")
    print(f"  {moves:,} moves in {seconds:,.0f} s; crashes: {len(crashes)}")
    print("  tables: " + ", ".join(f"{name} {n}" for name, n in sorted(tables.items())))
    for line in crashes[:20]:
        print("  CRASH " + line)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
