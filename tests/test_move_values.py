"""Moves are values, in every game: ``str(move)`` reads back (in the game's own notation) to
an equal move, and two listed moves are equal exactly when playing them gives the same state.

Listed moves are distinct by key (equality), so the second half is: playing any two listed
moves of one position leads to two different states (``snapshot()`` with the hands). A pair
that leads to one state would be two notations for one move; the long-ace-run bug of Scala 40
was the opposite (one notation for two outcomes), caught by the parse-back half.
"""

from __future__ import annotations

import pytest

from cardtable.engine import all_games
from cardtable.testing import random_moves, start, state_of

SEEDS = range(4)
POSITIONS = 10


@pytest.mark.parametrize("game_id", [spec.id for spec in all_games()])
def test_moves_are_values(game_id: str) -> None:
    spec = next(s for s in all_games() if s.id == game_id)
    compared = 0
    for seed in SEEDS:
        game, _args, rng = start(spec, seed)
        for _ in range(POSITIONS):
            if game.is_over:
                break
            legal = game.legal_moves()
            assert len({m.key for m in legal}) == len(legal), f"{game_id}: a move is listed twice"
            outcomes: dict[object, str] = {}
            for m in legal:
                text = str(m)
                back = game.parse_move(text)
                assert back == m and hash(back) == hash(m), f"{game_id}: {text!r} reads back as {back!r}"
                assert str(back) == text or game.find_move(back) is m, f"{game_id}: {text!r} is not stable"
                trial = game.copy()
                trial.play(m)
                state = state_of(trial)[:2]  # the history length is the same for every move
                other = outcomes.setdefault(state, text)
                assert other == text, f"{game_id}: {other!r} and {text!r} are two moves with one outcome"
                compared += 1
            random_moves(game, rng, rng.randint(1, 8))
    assert compared
