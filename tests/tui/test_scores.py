"""The score table draws any score model from the view: penalty points, points, chips, and
teams with their totals (a fake two-team game registered for these tests only)."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from fake_games import OneMoveGame, fake_spec, open_registry
from textual.widgets import DataTable, Static
from tui_helpers import run_until, until

from cardtable.engine.moves import Move
from cardtable.engine.registry import GameSpec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import CHIPS, POINTS, ScoreModel
from cardtable.engine.seating import partnerships
from cardtable.engine.verbs import verb_specs
from cardtable.engine.views import BoardView, PlayerView, ScoringView, SeatView
from cardtable.session import Session
from cardtable.tui.screens.scores import ScoresScreen, cumulative_lines

NAMES = ["Ann", "Bob", "Cid", "Dee"]


class Pairs(OneMoveGame):
    """Four seats in two partnerships; the first deal is over and scored when it starts."""

    game_id = "pairs-test"
    title = "Pairs Test"
    only = "next"

    def _set_up(self) -> None:
        super()._set_up()
        self.phase_ = "deal-over"
        self.rows = [(10, 4, 6, 1)]
        self.total = [10, 4, 6, 1]

    def _view(self, seat: int | None) -> PlayerView:
        seats = tuple(map(self.seat_view, range(self.n)))
        return self.table_view(seat, seats=seats, result="Ann and Cid take the deal.")

    def _apply(self, move: Move) -> None:
        self.phase_ = "draw"


def pairs_spec(scoring: ScoreModel) -> GameSpec:
    return fake_spec(
        "pairs-test",
        4,
        4,
        Pairs,
        title="Pairs Test",
        summary="a test game in two partnerships",
        verbs=verb_specs(("draw", "next")),
        bot="cardtable.bots.closed",
        scoring=scoring,
        teams=lambda n, rules: partnerships(n, 2),
    )


@pytest.fixture
def register_pairs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``register_pairs(scoring)`` puts the fake team game in the registry for this test."""
    games = open_registry(monkeypatch)

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
    async with run_until(app, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen)) as pilot:
        table = app.screen.query_one(DataTable)
        assert headers(table) == ["Points", "Ann", "Bob", "Cid", "Dee", "Ann & Cid", "Bob & Dee"]
        assert cells(table, 0) == ["Deal 1", "10", "4", "6", "1", "16", "5"]
        assert cells(table, table.row_count - 1) == ["Total", "10", "4", "6", "1", "16", "5"]
        hint = str(app.screen.query_one("#scores-model", Static).render())
        assert "points: higher is better" in hint and "sum of its players' scores" in hint
        await pilot.press("enter")  # the next deal is played from the scores screen
        await until(pilot, lambda: game.phase == "draw")


def pushed_view(
    scoring: ScoreModel,
    scores: tuple[int, ...],
    teams: tuple[tuple[int, ...], ...] = (),
    names: Sequence[str] = NAMES,
) -> PlayerView:
    model = ScoringView.of(scoring)
    seats = tuple(
        SeatView(seat=s, name=names[s], card_count=0, score=v, active=not scoring.has_left(v))
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


async def test_no_line_of_zeros_when_every_hand_is_empty(make_app, stacked):
    """Playtest: after a Five Hundred deal the box said "Cards left in hand: Ann 0, Bob 0,
    Bot 3 0"; a trick game empties every hand, so the line says nothing."""
    app = make_app(stacked())
    view = pushed_view(POINTS, (40, 20, 10))
    async with app.run_test(size=(100, 32)) as pilot:
        await show(app, pilot, view)
        assert not app.screen.query("#scores-cards")
    app = make_app(stacked())
    seats = tuple(s.model_copy(update={"card_count": 2 * s.seat}) for s in view.seats)
    async with app.run_test(size=(100, 32)) as pilot:
        await show(app, pilot, view.model_copy(update={"seats": seats}))
        shown = str(app.screen.query_one("#scores-cards").render())
        assert shown == "Cards left in hand: Ann 0, Bob 2, Cid 4"
    app = make_app(stacked())  # on a board the cards are moves: "Bot 1 5, Bot 2 5, ..." meant nothing
    board = BoardView(width=1, height=1, holes=())
    async with app.run_test(size=(100, 32)) as pilot:
        await show(app, pilot, view.model_copy(update={"seats": seats, "board": board}))
        assert not app.screen.query("#scores-cards")


async def test_gin_names_the_cards_left_deadwood(make_app, stacked):
    """Gin lays each hand's melds out at the end of a deal, so the cards a hand keeps are its
    deadwood: the line said "Cards left in hand: Ann 7", and Ann had held ten."""
    from cardtable.bots import decide, make_bot
    from cardtable.engine import new_game

    game = new_game("gin", ["Ann", "Bob"], seed=3)
    bot, rng = make_bot("medium"), random.Random(1)
    while game.phase != "deal-over":
        game.play(decide(bot, game, rng).move)
    real = game.view(0)
    assert real.scoring.cards_left == "deadwood cards"
    assert sum(s.card_count for s in real.seats) < 20  # the melds are out of the hands
    view = pushed_view(POINTS.left_as("deadwood cards"), (39, 0))
    seats = tuple(s.model_copy(update={"card_count": 7 - 4 * s.seat}) for s in view.seats)
    app = make_app(stacked())
    async with app.run_test(size=(100, 32)) as pilot:
        await show(app, pilot, view.model_copy(update={"seats": seats}))
        shown = str(app.screen.query_one("#scores-cards").render())
        assert shown == "Deadwood cards: Ann 7, Bob 3"


async def test_the_match_end_does_not_say_its_result_twice(make_app, stacked):
    """Playtest: the video machine's end box said "Bot 2 wins with 100 credits" and then
    "Match over: Bot 2 wins with 100 credits."; a different closing line still shows."""
    view = pushed_view(CHIPS.named("credits"), (91, 100))
    for status, shown in (
        ("Match over: Bot 2 wins with 100 credits.", False),
        ("Match over: after 2 hands the most credits win.", True),
    ):
        app = make_app(stacked())
        ended = view.model_copy(update={"result": "Bot 2 wins with 100 credits", "status": status})
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.push_screen(ScoresScreen(ended, True))
            await until(pilot, lambda a=app: isinstance(a.screen, ScoresScreen) and filled(a.screen))
            assert bool(app.screen.query("#scores-outcome")) is shown
            if shown:  # under the title "Match over", not said again (a Page One draw said it twice)
                line = str(app.screen.query_one("#scores-outcome", Static).render())
                assert line == "After 2 hands the most credits win.", line


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


async def test_a_one_deal_match_shows_bars_not_a_one_point_chart(make_app, stacked):
    """Playtest: the end chart of a one-deal match was one point per player, which says
    nothing; a sentence gives each player's score in that deal, best first, instead."""
    from cardtable.tui.charts import ScoreChart

    app = make_app(stacked())
    view = pushed_view(POINTS, (39, -12, 0)).model_copy(update={"deal_word": "hand"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(view, True))
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
        assert not app.screen.query(ScoreChart)
        text = str(app.screen.query_one("#scores-chart", Static).render())
        assert text.startswith("One hand played, so no chart of totals over time.")
        assert "That hand, best first: Ann +39, Cid 0, Bob -12 (points)." in text
        two = view.model_copy(update={"deal_scores": ((30, -2, 0), (9, -10, 0))})
        app.push_screen(ScoresScreen(two, True))
        await until(pilot, lambda: app.screen.view is two and filled(app.screen))
        chart = app.screen.query_one(ScoreChart)
        await until(pilot, lambda: chart.heading != "")
        assert chart.heading == "Totals hand by hand"  # two deals: lines
        # Playtest (Scala 40's single game: the closer wins, no card counts): "best first"
        # over three zeros listed the winner second
        even = view.model_copy(update={"deal_scores": ((0, 0, 0),)})
        app.push_screen(ScoresScreen(even, True))
        await until(pilot, lambda: app.screen.view is even and filled(app.screen))
        text = str(app.screen.query_one("#scores-chart", Static).render())
        assert text.endswith("That hand: 0 points each."), text


async def match_chart(app: Any, view: PlayerView, size: tuple[int, int]) -> str:
    """The match-end chart of ``view`` as drawn at ``size`` (colour codes removed)."""
    import re

    from cardtable.tui.charts import ScoreChart

    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(view, True))
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
        chart = app.screen.query_one(ScoreChart)
        await until(pilot, lambda: chart.heading != "")
        return re.sub(r"\x1b\[[0-9;]*m", "", chart.plt.build())


async def test_a_chart_of_whole_points_has_whole_number_ticks(make_app, stacked):
    """Playtest: a Gin match's end chart read "232.5" and "46.5" beside whole points."""
    import re

    view = pushed_view(POINTS, (0, 0, 0)).model_copy(
        update={"deal_scores": ((0, 40, 0), (0, 10, 0), (5, 0, 0), (18, 0, 0), (50, 229, 0))}
    )
    drawn = await match_chart(make_app(stacked()), view, (110, 34))
    ticks = re.findall(r"(-?[\d.]+)\s*┤", drawn)
    assert ticks, drawn
    assert all(t.lstrip("-").isdigit() for t in ticks), ticks
    assert {"0", "100", "200"} <= set(ticks), ticks


@pytest.mark.parametrize("height", [8, 9, 10, 12, 16, 24])
async def test_a_short_chart_keeps_evenly_spaced_y_ticks(height: int) -> None:
    """Playtest (gin at 80x24, a 100-point game bonus at the end): the chart had four rows
    and plotext dropped one of six ticks, so the axis read "400 300 100 0"."""
    from textual.app import App, ComposeResult

    from cardtable.tui.charts import ScoreChart

    class Holder(App[None]):
        CSS = f"ScoreChart {{ height: {height}; width: 36; }}"

        def compose(self) -> ComposeResult:
            yield ScoreChart()

    totals = {"Ann": [0, 0, 8, 14, 14, 24, 79, 390], "Bob": [0, 7, 7, 7, 24, 24, 24, 142]}
    app = Holder()
    async with app.run_test(size=(40, 30)) as pilot:
        chart = app.query_one(ScoreChart)
        chart.cumulative(totals, "points", "higher is better", "hand")
        await pilot.pause()
        drawn = re.sub(r"\x1b\[[0-9;]*m", "", chart.plt.build())
    ticks = [int(t) for t in re.findall(r"(-?\d+)\s*┤", drawn)]
    assert len(ticks) >= 2 and ticks[-1] == 0 and ticks[0] >= 390, drawn
    assert len({a - b for a, b in itertools.pairwise(ticks)}) == 1, (height, ticks, drawn)


async def test_the_match_end_table_shows_long_team_names_whole_at_80x24(make_app, stacked):
    """Playtest: at 80x24 a Five Hundred match ended with its points table cut to
    "Bot 2 & Bot" (the table had 3/5 of the box and scrolled sideways)."""
    from textual.containers import VerticalScroll

    app = make_app(stacked())
    names = ["Ann", "Bot 2", "Bot 3", "Bot 4"]
    view = pushed_view(POINTS.per_team(), (0, 0, 0, 0), ((0, 2), (1, 3)), names)
    # nine deals: the table and the pane below the box's height scroll up and down
    team_a = (-100, 40, 520, -60, 20, 100, 60, -80, 20)
    deals = tuple(zip(team_a, (420, 300, -160, 80, 10, -40, 70, 40, 60), strict=True))
    view = view.model_copy(
        update={
            "deal_scores": tuple((a, b, a, b) for a, b in deals),
            "team_deal_scores": deals,
            "team_totals": (sum(a for a, _ in deals), sum(b for _, b in deals)),
        }
    )
    records = ("Ann: 3 matches, 1 won", "Bot 2: 9 matches, 5 won")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(view, True, hints=[12, 0, 0, 0], records=records))
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert headers(table) == ["Points", "Ann & Bot 3", "Bot 2 & Bot 4"]
        pane = app.screen.query_one("#scores-left", VerticalScroll)
        # every column whole: nothing of the table lies beyond its pane's right edge
        assert table.virtual_size.width <= pane.scrollable_content_region.width, (
            table.virtual_size,
            pane.scrollable_content_region,
        )
        assert pane.max_scroll_x == 0 and table.max_scroll_x == 0
        assert app.screen.query_one("#scores-chart").region.width >= 22  # room for the chart and its legend


async def test_a_long_match_chart_counts_its_deals_in_round_steps(make_app, stacked):
    """Playtest: a 30-hand Joker Poker match's chart at 80x24 read "0 4 12 16 24 28" under
    its x axis (a tick every fourth hand, two labels dropped where they collided)."""
    rows = tuple((k % 7 - 3, 3 - k % 7, 0) for k in range(30))
    view = pushed_view(CHIPS, (0, 0, 0)).model_copy(update={"deal_scores": rows})
    drawn = (await match_chart(make_app(stacked()), view, (80, 24))).splitlines()
    axis = next(i for i, line in enumerate(drawn) if "└" in line)
    assert drawn[axis + 1].split() == ["0", "10", "20", "30"], drawn[axis : axis + 2]


@pytest.mark.parametrize(("size", "chart"), [((80, 24), False), ((110, 34), True)])
async def test_a_table_too_wide_beside_the_chart_gets_the_whole_box(make_app, stacked, size, chart):
    """At 80x24 a six-seat match's table (Scala 40 seats up to six) needs more than the 65 %
    it may take beside the chart, and scrolled sideways: there the chart gives way and the
    table is shown whole; where both fit, both are shown."""
    from textual.containers import VerticalScroll

    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
    rows = tuple(tuple(10 * ((d + s) % 5) for s in range(6)) for d in range(4))
    view = pushed_view(POINTS, (0,) * 6, names=names).model_copy(update={"deal_scores": rows})
    app = make_app(stacked())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(view, True, hints=[3, 0, 0, 0, 0, 0]))
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        pane = app.screen.query_one("#scores-left", VerticalScroll)
        assert table.virtual_size.width <= pane.scrollable_content_region.width, table.virtual_size
        assert table.max_scroll_x == 0 and pane.max_scroll_x == 0
        graph = app.screen.query_one("#scores-chart")
        assert bool(graph.display and graph.region.width) is chart


async def test_a_long_match_keeps_the_deal_end_buttons_in_sight_at_80x24(make_app, stacked):
    """Playtest (the video machine at 80x24): after some eight hands the table of a hand's end
    pushed its buttons below the box. The table gives up rows and keeps the latest deals and
    the totals in sight; the arrow keys move between the buttons."""
    from textual.widgets import Button

    app = make_app(stacked())
    view = pushed_view(CHIPS.named("credits"), (65,)).model_copy(
        update={
            "deal_scores": tuple((-5,) for _ in range(12)),
            "result": "Ann: 3D AS 8H 6D 6C, nothing: pays 0",
        }
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table, _ = await show(app, pilot, view)
        screen = app.screen
        buttons = list(screen.query(Button))
        await until(pilot, lambda: all(b.region.bottom <= screen.size.height - 1 for b in buttons))
        await until(pilot, lambda: table.scroll_y == table.max_scroll_y > 0)  # the totals in sight
        assert app.focused is buttons[0]
        await pilot.press("right")
        assert app.focused is buttons[1]
        await pilot.press("right")  # round the row
        assert app.focused is buttons[0]
        await pilot.press("left")
        assert app.focused is buttons[1]


def test_the_chart_of_a_stack_ends_at_the_total_shown() -> None:
    """A stack of credits or chips is its stake plus each hand's change: the chart's line
    starts at the stake and ends at the Total beside it (it showed the change, 0 to -23,
    beside a Total of 77); points start at 0 either way, and the one-deal sentence keeps
    the change."""
    hands = ((-5,), (20,), (-38,))
    view = pushed_view(CHIPS, (77,), names=["Ann"]).model_copy(update={"deal_scores": hands})
    assert cumulative_lines(view, balances=True) == {"Ann": [100, 95, 115, 77]}
    assert cumulative_lines(view) == {"Ann": [0, -5, 15, -23]}
    points = pushed_view(POINTS, (30, 12)).model_copy(update={"deal_scores": ((10, 12), (20, 0))})
    assert cumulative_lines(points, balances=True) == cumulative_lines(points)
    assert list(cumulative_lines(points, balances=True).values()) == [[0, 10, 30], [0, 12, 12]]


@pytest.mark.parametrize("size", [(80, 24), (110, 34)])
async def test_a_long_match_shows_its_final_stacks_and_a_clear_legend(make_app, stacked, size):
    """Playtest: at the end of a 200-hand Joker Poker match at 80x24 the table showed hands
    192-198 beside a scrollbar, the stacks below the fold; and the chart's lines ran through
    its legend (the dots on 'Bot 2's row were Ann's line). The legend is kept clear where
    the chart has rows enough (not the four rows it has at 80x24)."""
    import io

    from rich.console import Console

    from cardtable.tui.charts import ScoreChart

    rows = tuple((5, -5) if k % 3 else (-4, 4) for k in range(200))
    totals = (200 + sum(a for a, _ in rows), 200 + sum(b for _, b in rows))
    view = pushed_view(CHIPS, totals, names=["Ann", "Bot 2"]).model_copy(update={"deal_scores": rows})
    app = make_app(stacked())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(ScoresScreen(view, True, records=("Records  won", "Ann       3")))
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen) and filled(app.screen))
        chart = app.screen.query_one(ScoreChart)
        await until(pilot, lambda: chart.heading != "")
        await pilot.pause()
        console = Console(width=size[0], height=size[1], file=io.StringIO(), force_terminal=True, record=True)
        console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
        screen = console.export_text()
        assert re.search(rf"Stacks\s+{totals[0]}\s+{totals[1]}", screen), screen
        if size[1] >= 34:
            drawn = re.sub(r"\x1b\[[0-9;]*m", "", chart.plt.build())
            for name in ("Ann", "Bot 2"):
                row = next(line for line in drawn.splitlines() if f" {name} " in line)
                assert not re.search(r"[\u2801-\u28ff]", row.replace("⢕⢕", "")), drawn  # no line on it
