"""The score table draws any score model from the view: penalty points, points, chips, and
teams with their totals (a fake two-team game registered for these tests only)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from textual.widgets import DataTable, Static
from tui_helpers import until

from cardtable.engine import all_games
from cardtable.engine import registry as registry_module
from cardtable.engine.game import TableGame
from cardtable.engine.moves import Move
from cardtable.engine.registry import GameSpec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import CHIPS, POINTS, ScoreModel
from cardtable.engine.seating import partnerships
from cardtable.engine.verbs import verb_specs
from cardtable.engine.views import PlayerView, ScoringView, SeatView
from cardtable.engine.zones import Zone, hand_zones
from cardtable.session import Session
from cardtable.tui.screens.scores import ScoresScreen

NAMES = ["Ann", "Bob", "Cid", "Dee"]


class Pairs(TableGame):
    """Four seats in two partnerships; the first deal is over and scored when it starts."""

    game_id = "pairs-test"
    title = "Pairs Test"

    def __init__(self, players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None):
        super().__init__(players, rules, seed, deal)
        self.n = len(self.players)
        self.cur, self.phase_, self.dealer = 0, "deal-over", 0
        self.hands: list[list[Any]] = [[] for _ in range(self.n)]
        self.melds_, self._outcome = [], None
        self.rows = [(10, 4, 6, 1)]
        self.total = [10, 4, 6, 1]

    def _view(self, seat: int | None) -> PlayerView:
        seats = tuple(
            SeatView(seat=s, name=p, card_count=0, score=self.total[s]) for s, p in enumerate(self.players)
        )
        return PlayerView(
            game=self.game_id,
            title=self.title,
            seat=seat,
            phase=self.phase,
            phase_kind=self.phase_kind,
            to_act=self.to_act,
            seats=seats,
            deal_scores=tuple(self.rows),
            scores=tuple(self.total),
            result="Ann and Cid take the deal.",
        )

    def zones(self) -> tuple[Zone, ...]:
        return hand_zones(self.hands)

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (self.phase_, tuple(self.total))

    def _generate(self) -> list[Move]:
        return [Move("next")]

    def _canonical(self, move: Move) -> Move:
        return move

    def _explain(self, move: Move) -> str:
        return "the only move is 'next'"

    def _apply(self, move: Move) -> None:
        self.phase_ = "draw"


def pairs_spec(scoring: ScoreModel) -> GameSpec:
    return GameSpec(
        id="pairs-test",
        title="Pairs Test",
        summary="a test game in two partnerships",
        min_players=4,
        max_players=4,
        rules_type=Ruleset,
        factory=Pairs,
        rules_text="",
        verbs=verb_specs(("draw", "next")),
        bot="cardtable.bots.closed",
        family="trick-taking",
        scoring=scoring,
        teams=lambda n, rules: partnerships(n, 2),
    )


@pytest.fixture
def register_pairs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``register_pairs(scoring)`` puts the fake team game in the registry for this test."""
    all_games()
    games = dict(registry_module._GAMES)
    monkeypatch.setattr(registry_module, "_GAMES", games)

    def register(scoring: ScoreModel) -> None:
        games["pairs-test"] = pairs_spec(scoring)

    yield register


def filled(screen: ScoresScreen) -> bool:
    """The screen is composed and its table filled."""
    tables = screen.query(DataTable)
    return bool(tables) and tables.first().row_count > 0


def cells(table: DataTable[Any], row: int) -> list[str]:
    return [str(c) for c in table.get_row_at(row)]


def headers(table: DataTable[Any]) -> list[str]:
    return [str(c.label) for c in table.columns.values()]


async def test_a_two_team_game_shows_team_columns_and_totals(make_app, register_pairs, tmp_path):
    register_pairs(POINTS)
    game = Pairs(NAMES, Ruleset(), 1, None)
    assert game.seating.teams == ((0, 2), (1, 3))
    session = Session(game, [None] * 4, tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
        table = app.screen.query_one(DataTable)
        assert headers(table) == ["Points", "Ann", "Bob", "Cid", "Dee", "Ann & Cid", "Bob & Dee"]
        assert cells(table, 0) == ["Deal 1", "10", "4", "6", "1", "16", "5"]
        assert cells(table, table.row_count - 1) == ["Total", "10", "4", "6", "1", "16", "5"]
        hint = str(app.screen.query_one("#scores-model", Static).render())
        assert "points: higher is better" in hint and "sum of its players' scores" in hint
        await pilot.press("enter")  # the next deal is played from the scores screen
        await until(pilot, lambda: game.phase == "draw")


def pushed_view(
    scoring: ScoreModel, scores: tuple[int, ...], teams: tuple[tuple[int, ...], ...] = ()
) -> PlayerView:
    model = ScoringView.of(scoring)
    seats = tuple(
        SeatView(seat=s, name=NAMES[s], card_count=0, score=v, active=not scoring.has_left(v))
        for s, v in enumerate(scores)
    )
    return PlayerView(
        game="x",
        title="X",
        seat=None,
        phase="deal-over",
        to_act=None,
        seats=seats,
        deal_scores=(scores,),
        scores=scores,
        scoring=model,
        teams=teams,
        team_totals=scoring.team_totals(scores, teams),
        team_deal_scores=scoring.team_rows([scores], teams),
    )


async def show(app, pilot, view: PlayerView) -> tuple[DataTable[Any], str]:
    await pilot.pause()
    app.push_screen(ScoresScreen(view, False))
    await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
    return app.screen.query_one(DataTable), str(app.screen.query_one("#scores-model", Static).render())


async def test_a_team_scored_game_shows_one_column_per_team(make_app, stacked):
    app = make_app(stacked())
    view = pushed_view(POINTS.per_team(), (120, -40, 120, -40), ((0, 2), (1, 3)))
    async with app.run_test(size=(100, 32)) as pilot:
        table, hint = await show(app, pilot, view)
        assert headers(table) == ["Points", "Ann & Cid", "Bob & Dee"]
        assert cells(table, table.row_count - 1) == ["Total", "120", "-40"]
        assert "Each team scores as one" in hint
        assert not app.screen.query("#scores-cards")  # no "Cards left: Ann 0, ..." once every hand is played


async def test_chips_are_stacks_and_an_empty_stack_is_out(make_app, stacked):
    app = make_app(stacked())
    view = pushed_view(CHIPS, (150, 0, 50))
    async with app.run_test(size=(100, 32)) as pilot:
        table, hint = await show(app, pilot, view)
        assert headers(table) == ["Chips", "Ann", "Bob", "Cid"]
        assert cells(table, 0) == ["Deal 1", "+150", "0", "+50"]
        assert cells(table, table.row_count - 1) == ["Stacks", "150", "0 (out)", "50"]
        assert "Chips: higher is better" in hint and "no chips has left" in hint
        assert not app.screen.query("#scores-cards")  # cards left count nothing at a betting table


async def test_a_machine_counts_credits_in_its_own_word(make_app, stacked):
    app = make_app(stacked())
    view = pushed_view(CHIPS.named("credits"), (150, 0))
    async with app.run_test(size=(100, 32)) as pilot:
        _, hint = await show(app, pilot, view)
        assert hint == "Credits: higher is better; a player with no credits has left the match."
        assert "Chips" not in hint and not app.screen.query("#scores-cards")


async def test_each_game_labels_its_own_score_column(make_app, stacked):
    app = make_app(stacked())
    async with app.run_test(size=(100, 32)) as pilot:
        table, hint = await show(app, pilot, app.session.game.view(None))
        assert headers(table)[0] == "Penalty points" and hint == "Scores are penalty points: lower is better."


async def test_the_score_box_names_a_deal_as_the_game_does(make_app, stacked):
    """Issue 24 item 17: the box said "Deal 1 is over" while its text said "Round 1"."""
    import random

    from cardtable.engine import new_game

    game = new_game("progressive-rummy", ["Ann", "Bob"], seed=2)
    rng = random.Random(2)
    while game.phase != "deal-over":
        game.play(rng.choice(game.legal_moves()))
    view = game.view(0)
    assert view.deal_word == "round" and view.result.startswith("Round 1")
    app = make_app(stacked())
    async with app.run_test(size=(100, 32)) as pilot:
        table, _ = await show(app, pilot, view)
        assert str(app.screen.query_one("#scores-title", Static).render()) == "Round 1 is over"
        assert cells(table, 0)[0] == "Round 1"
