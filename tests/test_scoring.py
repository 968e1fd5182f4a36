"""Score models: which way is better, team totals, and the model each game declares (checked
against how each game really picks its winners)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import all_games, get, new_game
from cardtable.engine.scoring import CHIPS, PENALTY, POINTS, ScoreKind, ScoreModel, by_rule, model_for
from cardtable.engine.seating import partnerships

MODELS = [PENALTY, POINTS, CHIPS, POINTS.per_team(), PENALTY.named("cards left")]


def test_the_three_kinds_label_their_column_and_say_which_way_is_better() -> None:
    assert (PENALTY.label, PENALTY.lower_is_better, PENALTY.hint) == (
        "penalty points",
        True,
        "lower is better",
    )
    assert (POINTS.label, POINTS.lower_is_better, POINTS.hint) == ("points", False, "higher is better")
    assert (CHIPS.label, CHIPS.lower_is_better, CHIPS.kind) == ("chips", False, ScoreKind.CHIPS)


@given(st.sampled_from(MODELS), st.lists(st.integers(-200, 500), min_size=1, max_size=8))
def test_best_and_ranking_agree_with_better(model: ScoreModel, scores: list[int]) -> None:
    ranking = model.ranking(scores)
    assert sorted(ranking) == list(range(len(scores)))
    for a, b in itertools.pairwise(ranking):
        assert not model.better(scores[b], scores[a])
    best = model.best(scores)
    assert best == tuple(i for i in ranking if scores[i] == scores[ranking[0]])
    assert all(not model.better(s, scores[best[0]]) for s in scores)


@given(st.integers(1, 3), st.integers(1, 3), st.data())
def test_team_totals_sum_the_seats_or_share_one_score(teams: int, size: int, data: st.DataObject) -> None:
    n = teams * size
    parts = partnerships(n, teams)
    scores = data.draw(st.lists(st.integers(-100, 300), min_size=n, max_size=n))
    assert POINTS.team_totals(scores, parts) == tuple(sum(scores[s] for s in team) for team in parts)
    shared = [0] * n
    for t, team in enumerate(parts):
        for s in team:
            shared[s] = t * 10
    assert POINTS.per_team().team_totals(shared, parts) == tuple(t * 10 for t in range(teams))
    assert POINTS.team_totals(scores, ()) == ()
    rows = POINTS.team_rows([scores, scores], parts)
    assert rows == (POINTS.team_totals(scores, parts),) * 2


def test_a_team_row_skips_seats_that_did_not_score() -> None:
    assert PENALTY.team_rows([(None, 5, None, 7)], ((0, 2), (1, 3))) == ((None, 12),)


def test_a_chip_stack_at_zero_has_left() -> None:
    assert CHIPS.has_left(0) and CHIPS.has_left(-5) and not CHIPS.has_left(1)
    assert not PENALTY.has_left(0) and not POINTS.has_left(0)


def test_a_model_chosen_by_a_rule_falls_back_to_its_default() -> None:
    pick = by_rule("format", {"deals": POINTS.named("chips won")}, PENALTY)
    assert model_for(pick, get("indian-rummy").rules_type(format="deals")).label == "chips won"
    assert model_for(pick, get("indian-rummy").rules_type()) is PENALTY
    assert model_for(pick, object()) is PENALTY  # rules without that rule at all


EXPECTED = [
    ("scala40", None, "penalty points", True),
    ("rummy51", None, "penalty points", True),
    ("progressive-rummy", None, "penalty points", True),
    ("gin", None, "points", False),
    ("page-one", {"match": "single"}, "deals won", False),
    ("page-one", {"match": "first-to-n"}, "deals won", False),
    ("page-one", {"match": "fewest-cards"}, "cards left", True),
    ("indian-rummy", {"format": "pool101"}, "penalty points", True),
    ("indian-rummy", {"format": "best_of_3_pool"}, "penalty points", True),
    ("indian-rummy", {"format": "points"}, "points won", False),
    ("indian-rummy", {"format": "deals"}, "chips won", False),
    ("five-hundred", None, "points", False),
    ("joker-poker-video", None, "credits", False),
    ("joker-poker", None, "chips", False),
    ("joker-marbles", None, "games won", False),
]


@pytest.mark.parametrize(("game_id", "rules", "label", "lower_is_better"), EXPECTED)
def test_each_game_declares_how_it_scores(
    game_id: str, rules: dict[str, str] | None, label: str, lower_is_better: bool
) -> None:
    seats = ["Ann", "Bob", "Cat", "Dan"][: max(2, get(game_id).min_players)]
    game = new_game(game_id, seats, seed=1, rules=rules)
    scoring = game.view(0).scoring
    assert (scoring.label, scoring.lower_is_better) == (label, lower_is_better)
    if game_id == "joker-marbles":  # the only form: two teams of partners opposite
        assert game.view(0).teams == ((0, 2), (1, 3))
    else:  # two seats (three in Five Hundred) play for themselves
        assert game.view(0).teams == ()


def test_five_hundred_scores_by_partnership_with_four() -> None:
    view = new_game("five-hundred", ["Ann", "Bob", "Cat", "Dan"], seed=1).view(0)
    assert view.teams == ((0, 2), (1, 3)) and view.scoring.team_scored


def test_every_registered_game_is_in_the_table_above() -> None:
    assert {spec.id for spec in all_games()} == {row[0] for row in EXPECTED}


def play_out(game_id: str, rules: dict[str, object], seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A random match to the end: its winners and final scores."""
    game = new_game(game_id, ["Ann", "Bob"], seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(20000):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    outcome = game.outcome
    assert outcome is not None, f"{game_id} did not finish"
    return outcome.winners, outcome.scores


@pytest.mark.parametrize(
    ("game_id", "rules"),
    [
        ("scala40", {}),
        ("rummy51", {}),
        ("progressive-rummy", {}),
        ("gin", {"target_score": 25}),
        ("page-one", {"match": "fewest-cards", "match_deals": 2}),
        ("page-one", {"match": "first-to-n", "match_wins": 2}),
        ("indian-rummy", {"format": "best_of_3_pool"}),
        ("indian-rummy", {"format": "deals"}),
    ],
)
def test_the_declared_direction_is_the_one_the_winner_is_picked_by(
    game_id: str, rules: dict[str, object]
) -> None:
    """Where a game picks the winner by the totals, the declared model agrees: the winners
    hold the best total by it."""
    model = get(game_id).score_model(get(game_id).rules_type(**rules))
    for seed in (1, 2):
        winners, scores = play_out(game_id, rules, seed)
        assert winners and set(winners) <= set(model.best(scores)), (seed, winners, scores)
