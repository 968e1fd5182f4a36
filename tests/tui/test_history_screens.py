"""Pilot tests of the match history screens (list, one match, statistics), the end-of-match
records and chart, and snapshots of the statistics plots at 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Select, Static
from tui_helpers import until

from cardtable.engine.game import Outcome
from cardtable.history import HistoryStore, MatchInfo
from cardtable.history import store as store_module
from cardtable.session import Session
from cardtable.tui.charts import ScoreChart
from cardtable.tui.screens.history import SHOWN, HistoryScreen, MatchScreen, StatsScreen
from cardtable.tui.screens.scores import ScoresScreen

SIZE = (110, 34)


def fill(store: HistoryStore) -> None:
    """Nine matches, fixed: Scala 40 (penalty points) among Ann, Bob and Cid; Gin (points)."""
    scala = MatchInfo("scala40", "Scala 40", {}, 1, ("Ann", "Bob"), ("human", "bot:easy"))
    gin = MatchInfo("gin", "Gin Rummy", {}, 2, ("Ann", "Cid"), ("human", "human"), lower_is_better=False)
    for rows, winner in (
        ([(0, 40), (12, 30), (0, 45)], 0),
        ([(30, 0), (50, 0)], 1),
        ([(0, 60), (5, 20), (0, 35)], 0),
        ([(0, 70), (0, 50)], 0),
        ([(40, 0), (25, 0), (60, 0)], 1),
    ):
        totals = tuple(sum(r[s] for r in rows) for s in range(2))
        store.add_finished(scala, "# rec", Outcome((winner,), "closed", totals), rows)
    for rows, winner in (([(25, 0), (0, 40), (80, 0)], 0), ([(0, 60), (0, 45)], 1), ([(30, 0), (75, 0)], 0)):
        totals = tuple(sum(r[s] for r in rows) for s in range(2))
        store.add_finished(gin, "# rec", Outcome((winner,), "reached 100", totals), rows)
    store.start(gin, "# rec")  # one still being played


@pytest.fixture
def store(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> HistoryStore:
    # One fixed time, so that the screens (and their snapshots) are the same on every run.
    monkeypatch.setattr(store_module, "now", lambda: "2026-03-14T15:09:26.535+00:00")
    filled = HistoryStore()
    fill(filled)
    return filled


async def test_f2_on_the_picker_opens_the_history_latest_first(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        screen = app.screen
        table = screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 9)
        assert [m.id for m in screen.shown] == list(range(9, 0, -1))
        assert "9 matches" in str(screen.query_one("#history-summary", Static).render())
        assert screen.shown[0].status == "playing"
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HistoryScreen))


async def test_filters_by_game_and_by_player(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HistoryScreen(store))
        screen = app.screen
        table = screen.query_one(DataTable)
        screen.query_one(Select).value = "gin"
        await until(pilot, lambda: table.row_count == 4)
        assert {m.game for m in screen.shown} == {"gin"}
        screen.query_one(Input).focus()
        await pilot.press(*"cid")
        await until(pilot, lambda: screen.player == "cid" and table.row_count == 4)
        screen.query_one(Select).value = "scala40"
        await until(pilot, lambda: table.row_count == 0)
        assert "No matches" in str(screen.query_one("#history-summary", Static).render())
        await pilot.press("escape")  # from the filter back to the list
        assert table.has_focus and isinstance(app.screen, HistoryScreen)


async def test_enter_opens_a_match_with_its_chart(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HistoryScreen(store))
        await pilot.press("down", "enter")  # the second row: match 8, a finished Gin match
        await until(pilot, lambda: isinstance(app.screen, MatchScreen))
        screen = app.screen
        assert screen.match_id == 8
        summary = str(screen.query_one("#match-summary", Static).render())
        assert "Gin Rummy" in summary and "winner: Ann" in summary
        chart = screen.query_one(ScoreChart)
        assert chart.lines == {"Ann": [0, 30, 105], "Cid": [0, 0, 0]}
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen))


async def test_stats_screen_lists_players_and_games(make_app, store) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HistoryScreen(store))
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, StatsScreen))
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert [r[:4] for r in rows] == [
            ["Ann", "Gin Rummy", "3", "2"],
            ["Ann", "Scala 40", "5", "3"],
            ["Bob", "Scala 40", "5", "2"],
            ["Cid", "Gin Rummy", "3", "1"],
        ]
        # best score follows the game: lowest penalty points, highest points
        assert rows[1][6] == "0 (low)" and rows[0][6] == "105 (high)"
        series = app.screen.query_one(ScoreChart).lines
        # Ann over every game, oldest first: won, lost, won, won, lost (Scala 40), won, lost, won (Gin)
        assert [round(v, 1) for v in series["Ann"]] == [100.0, 50.0, 66.7, 75.0, 60.0, 66.7, 57.1, 62.5]


async def test_the_history_can_be_read_when_it_is_many_matches(make_app, data_dir) -> None:
    store = HistoryStore()
    info = MatchInfo("gin", "Gin Rummy", {}, 2, ("Ann", "Cid"), ("human", "human"), lower_is_better=False)
    for k in range(SHOWN + 30):
        store.add_finished(info, "# rec", Outcome((k % 2,), "", (100, 0)), [(100, 0)])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HistoryScreen(store))
        table = app.screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == SHOWN)
        assert f"latest {SHOWN} of {SHOWN + 30}" in str(
            app.screen.query_one("#history-summary", Static).render()
        )


async def test_a_corrupt_history_is_moved_aside_with_a_message(make_app, data_dir) -> None:
    (data_dir / "history.sqlite3").write_text("junk " * 500)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HistoryScreen())
        await until(pilot, lambda: any("could not be used" in n.message for n in app._notifications))
        assert app.screen.query_one(DataTable).row_count == 0
    assert list(data_dir.glob("history.sqlite3.unreadable-*"))


async def test_the_end_of_the_match_shows_the_chart_and_the_updated_records(make_app, data_dir) -> None:
    store = HistoryStore()
    fill(store)
    session = Session.start("scala40", ["Ann", "Bob"], ["random", "random"], seed=2, history=store)
    while not session.game.is_over:
        session.bot_move()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen))
        screen = app.screen
        records = str(screen.query_one("#scores-records", Static).render())
        ann = next(line for line in records.splitlines() if line.startswith("Ann"))
        assert "of 6" in ann  # five stored before, this one too
        chart = screen.query_one(ScoreChart)
        assert list(chart.lines) == ["Ann", "Bob"]
        assert [line[-1] for line in chart.lines.values()] == list(session.game.scores)
        # playtest: the records ran into the chart's axis labels ("longest streak 0,203.3┤")
        assert chart.region.x > screen.query_one("#scores-left").region.right


async def test_the_records_put_the_people_first_one_line_each_at_80x24(make_app, data_dir) -> None:
    """Playtest: at 80x24 a Five Hundred match of two people and two bots ended with only the
    first seat's record in sight (each wrapped over two lines; the seats in table order)."""
    from cardtable.bots import decide, make_bot

    store = HistoryStore()
    fill(store)
    session = Session.start("scala40", ["Bot 1", "Ann", "Bob"], ["random", None, None], seed=2, history=store)
    stand_in = make_bot("random")
    while not session.game.is_over:
        if session.is_bot(session.game.to_act):
            session.bot_move()
        else:
            session.play(decide(stand_in, session.game, session.rng).move)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen))
        await pilot.pause()
        widget = app.screen.query_one("#scores-records", Static)
        lines = str(widget.render()).splitlines()
        assert [line.split()[0] for line in lines] == ["Records", "Ann", "Bob", "Bot"]
        assert " of 6 " in lines[1]  # Ann: five matches stored before, this one too
        assert widget.region.height == len(lines), "a record wrapped"


async def test_the_end_box_fits_three_players_scores_at_80x24(make_app, data_dir) -> None:
    """Playtest: at 80x24 the score table beside the chart cut its third column ("Bot")."""
    session = Session.start("scala40", ["Ann", "Bob", "Bot 3"], ["random"] * 3, seed=2)
    while not session.game.is_over:
        session.bot_move()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen))
        await pilot.pause()
        table = app.screen.query_one("#scores-table", DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width


# ---------------------------------------------------------------------------- snapshots


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_stats_plots_snapshot(snap_compare, make_app, store, size) -> None:
    async def open_stats(pilot) -> None:
        await pilot.app.push_screen(StatsScreen(store))
        await pilot.pause()

    assert snap_compare(make_app(), run_before=open_stats, terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_match_chart_snapshot(snap_compare, make_app, store, size) -> None:
    async def open_match(pilot) -> None:
        await pilot.app.push_screen(MatchScreen(store, 1))
        await pilot.pause()

    assert snap_compare(make_app(), run_before=open_match, terminal_size=size)


async def test_w_on_a_stored_match_watches_it_again(make_app, data_dir: Path) -> None:
    """A match played through a session is stored whole: its screen opens the replay viewer;
    a record that does not replay ('# rec' of the filled store) is refused in words."""
    import io

    from cardtable.cli import main
    from cardtable.tui.screens.replay import ReplayScreen

    args = ["simulate", "gin", "--games", "1", "--seed", "5", "--players", "bot:easy,bot:easy", "--history"]
    assert main(args, out=io.StringIO()) == 0
    store = HistoryStore()
    stored = store.matches()[0].id
    store.add_finished(
        MatchInfo("gin", "Gin Rummy", {}, 2, ("Ann", "Cid"), ("human", "human")),
        "# rec",
        Outcome((0,), "x", (1, 0)),
        [],
    )
    broken = store.matches()[0].id
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(MatchScreen(store, broken))
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)  # refused, said in a notice
        await app.push_screen(MatchScreen(store, stored))
        await pilot.press("w")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))


async def test_the_end_chart_counts_in_the_games_own_word(make_app, data_dir) -> None:
    """Playtest: a poker match's chart said 'Totals deal by deal' where the game says hands."""
    session = Session.start(
        "joker-poker", ["Ann", "Bob", "Cy"], ["random"] * 3, seed=2, rules={"hand_limit": 2}
    )
    while not session.game.is_over:
        session.bot_move()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen))
        await until(pilot, lambda: app.screen.query_one(ScoreChart).heading != "")
        assert app.screen.query_one(ScoreChart).heading == "Totals hand by hand"
