"""The Joker Poker draw-game soak (issue 21): many hands between random and medium bots.

Matches of 2-6 players cycle through every preset and every betting structure (the presets
give the rest of the toggles); each seat is a random or a medium bot (at least one of each
from three players up). After every move the chips are conserved (stacks plus the middle
equal the match's starting total, no chip in the middle once a hand is over) and the move
was legal; a crash or a break is counted and its match reported, and play goes on.

``uv run python -m benchmarks --only poker-soak`` (1,000 hands; 10,000 without ``--quick``)
or ``uv run python -m benchmarks.poker_soak --hands 10000`` for the figure alone.
"""

from __future__ import annotations

import argparse
import random
import time
import traceback
from itertools import cycle, product
from typing import Any

from cardtable.bots import Bot, decide, make_bot
from cardtable.engine import new_game
from cardtable.games.joker_poker import PRESETS

Row = tuple[str, str, str, str]

STRUCTURES = ("fixed_limit", "pot_limit", "no_limit")


def _settings() -> list[tuple[int, str, str]]:
    """(players, preset, structure) in turn: every combination once per cycle."""
    return list(product(range(2, 7), PRESETS, STRUCTURES))


def _check_chips(game: Any, total: int) -> str | None:
    """What is wrong with the chips now, or None."""
    t = game.chips
    if t.total() != total:
        return f"chips not conserved: {t.total()} on the table, {total} at the start"
    if min(t.stacks) < 0 or min(t.contributed) < 0:
        return f"a negative amount: stacks {t.stacks}, in the middle {t.contributed}"
    if game.phase in ("deal-over", "match-over") and t.pot_total():
        return f"{t.pot_total()} chips left unpaid in the middle after the hand"
    return None


def soak(hands: int, seed: int = 1) -> dict[str, Any]:
    """Play at least ``hands`` hands; the counts of hands, moves, matches and breaks."""
    rng = random.Random(seed)
    done = moves = matches = 0
    breaks: list[str] = []
    for k, (players, preset, structure) in enumerate(cycle(_settings())):
        if done >= hands:
            break
        rules = {**PRESETS[preset], "structure": structure, "hand_limit": 40}
        levels = ["random", "medium"] * 3
        rng.shuffle(levels)
        bots: list[Bot] = [make_bot(level) for level in levels[:players]]
        names = [f"{b.name}{i}" for i, b in enumerate(bots)]
        matches += 1
        game: Any = None
        try:
            game = new_game("joker-poker", players=names, seed=seed * 100_000 + k, rules=rules)
            total = game.chips.total()
            while not game.is_over:
                if game.phase == "deal-over":
                    done += 1
                    game.play("next")
                else:
                    seat = game.to_act
                    game.play(decide(bots[seat], game, rng, budget=0.01).move)
                moves += 1
                problem = _check_chips(game, total)
                if problem:
                    raise AssertionError(problem)
            done += 1
        except Exception as exc:  # every crash is counted and reported, and the soak goes on
            where = f"match {k}: {players} players, {preset!r}, {structure}, seed {seed * 100_000 + k}"
            breaks.append(f"{where}: {exc!r}\n{traceback.format_exc(limit=3)}")
    return {"hands": done, "moves": moves, "matches": matches, "breaks": breaks}


def bench_poker_soak(quick: bool) -> list[Row]:
    hands = 1_000 if quick else 10_000
    start, cpu = time.perf_counter(), time.process_time()
    result = soak(hands)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    for text in result["breaks"]:
        print(text)
    return [
        (
            f"joker-poker soak: {result['hands']:,} hands, {result['matches']} matches, random + medium",
            f"{seconds:.1f} s ({cpu:.1f} s CPU, {result['moves'] / cpu:,.0f} moves/s), "
            f"{len(result['breaks'])} breaks",
            "0 breaks",
            "ok" if not result["breaks"] else "BROKEN",
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    result = soak(args.hands, args.seed)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    for text in result["breaks"]:
        print(text)
    print(
        f"{result['hands']:,} hands, {result['moves']:,} moves, {result['matches']} matches, "
        f"{len(result['breaks'])} breaks, {seconds:.1f} s ({cpu:.1f} s CPU)"
    )


if __name__ == "__main__":
    main()
