"""Moves are values: ``str(move)`` parses back to an equal move, and two listed moves are equal
exactly when playing them gives the same state (every registered game, random positions)."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import all_games, new_game, parse_move, replay

GAMES = [spec.id for spec in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_text_round_trips_and_equal_means_same_outcome(game_id: str) -> None:
    spec = next(s for s in all_games() if s.id == game_id)
    checked = 0
    for seed in range(3):
        game = new_game(game_id, [f"P{i}" for i in range(spec.min_players)], seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if game.is_over:
                break
            moves = game.legal_moves()
            outcomes: dict[object, object] = {}
            for move in moves:
                assert parse_move(str(move)) == move, str(move)
                trial = game.copy()
                trial.play(move)
                after = trial.snapshot()
                # equal moves must lead to the same state; the same state from two unequal
                # moves is allowed only for the same cards' physical twins (two-pack games)
                assert outcomes.setdefault(move.key, after) == after, f"{move} means two things"
                checked += 1
            game.play(rng.choice(moves))
    assert checked > 50


def test_a_run_whose_ace_may_sit_at_either_end_lists_two_moves_that_play_differently() -> None:
    """Scala 40: AS 2S JK 4S ... KS is A-K (ace low) or 2-A (ace high): two melds, scoring
    differently; each listed move, and its text, lays its own, and a replay too."""
    hand = "AS 2S JK 4S 5S 6S 7S 8S 9S 10S JS QS KS 3H"
    game = new_game("scala40", ["Ann", "Bob"], seed=1, deal={"hands": [hand, None], "stock": "5D"})
    game.play("draw")
    long = [m for m in game.legal_moves() if m.kind == "meld" and len(m.cards) == 13]
    assert sorted(str(m).split()[-1] for m in long) == ["AS", "low"]
    assert long[0] != long[1]
    laid = set()
    for move in long:
        for how in (move, str(move)):
            trial = game.copy()
            trial.play(how)
            meld = trial.melds[0]
            ace_first = meld.cards[0].rank == 1
            assert ace_first == str(move).endswith("low"), (str(move), str(meld))
            assert replay(trial.record()).snapshot() == trial.snapshot()
            laid.add(str(meld))
    assert len(laid) == 2
    # without the word the ace is high, whatever the order (records always read it so)
    trial = game.copy()
    trial.play("meld AS 2S JK 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert trial.melds[0].cards[-1].rank == 1
