"""cardtable's benchmarks: ``uv run python -m benchmarks`` prints one table of figures."""

from __future__ import annotations

import random

from cardtable.engine import new_game


def random_playout(game_id: str, players: int, deals: int, seed: int) -> int:
    """Play random legal moves for ``deals`` deals (new matches seeded ``seed``, ``seed + 1``,
    ... as each ends) and return the player moves made: the workload of every playout rate."""
    rng = random.Random(seed)
    moves = done = k = 0
    while done < deals:
        game = new_game(game_id, players=[f"P{i}" for i in range(players)], seed=seed + k)
        k += 1
        while not game.is_over and done < deals:
            game.play(rng.choice(game.legal_moves()))
            moves += 1
            if game.phase == "deal-over" or game.is_over:  # a one-deal match ends "match-over"
                done += 1
    return moves
