"""Screen-level behaviour of issue 24: the minimum-size notice on every screen (item 10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from tui_helpers import until

from cardtable.engine import new_game
from cardtable.replay import Replay
from cardtable.session import Session
from cardtable.tui.minsize import TOO_SMALL, SizeNotice


def _table(app: Any, session: Session) -> None:
    app.open_table(session)


def _scores(app: Any, session: Session) -> None:
    from cardtable.tui.screens.scores import ScoresScreen

    app.push_screen(ScoresScreen(session.view(0), over=False))


def _rules(app: Any, session: Session) -> None:
    app.show_rules("gin")


def _history(app: Any, session: Session) -> None:
    from cardtable.tui.screens.history import HistoryScreen

    app.push_screen(HistoryScreen())


def _stats(app: Any, session: Session) -> None:
    from cardtable.tui.screens.history import StatsScreen

    app.push_screen(StatsScreen())


def _replay(app: Any, session: Session) -> None:
    game = new_game("gin", ["Ann", "Bob"], seed=2)
    game.play(game.legal_moves()[0])
    app.open_replay(Replay(game.record()))


def _handoff(app: Any, session: Session) -> None:
    from cardtable.tui.screens.handoff import HandoffScreen

    app.push_screen(HandoffScreen("Bob"))


OPENERS: dict[str, Callable[[Any, Session], None]] = {
    "picker": lambda app, session: None,
    "table": _table,
    "scores": _scores,
    "rules": _rules,
    "history": _history,
    "stats": _stats,
    "replay": _replay,
    "handoff": _handoff,
}


def covered(app: Any) -> bool:
    """The notice is what the middle of the window shows."""
    from textual.errors import NoWidget

    try:
        widget, _ = app.screen.get_widget_at(app.size.width // 2, app.size.height // 2)
    except NoWidget:  # not laid out yet
        return False
    return isinstance(widget, SizeNotice) and app.screen.has_class(TOO_SMALL)


@pytest.mark.parametrize("name", list(OPENERS))
async def test_every_screen_says_how_big_and_recovers(make_app, tmp_path, name: str) -> None:
    session = Session.start("gin", ["Ann", "Bob"], [None, None], seed=3, save_path=tmp_path / "a.ctr")
    app = make_app()
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        OPENERS[name](app, session)
        await pilot.pause()
        screen = app.screen
        assert not covered(app)
        await pilot.resize_terminal(70, 20)
        await until(pilot, lambda: covered(app))
        text = str(screen.query_one(SizeNotice).render())
        assert "at least 80×24" in text and "70×20" in text
        await pilot.resize_terminal(110, 34)
        await until(pilot, lambda: not covered(app))
        assert app.screen is screen  # the same screen, as it was


async def test_keys_wait_while_the_window_is_too_small(make_app, tmp_path) -> None:
    session = Session.start("gin", ["Ann", "Bob"], [None, None], seed=3, save_path=tmp_path / "a.ctr")
    app = make_app(session)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert covered(app)
        await pilot.press("enter", "enter", "z")  # past the hand-off, and a pass: not while unseen
        await pilot.pause()
        assert session.move_count == 0
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not covered(app))
        await pilot.press("enter")  # the hand-off is still there, and now answers
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")


async def test_a_screen_opened_while_small_is_covered_too(make_app, tmp_path) -> None:
    session = Session.start("gin", ["Ann", "Bob"], [None, None], seed=3, save_path=tmp_path / "a.ctr")
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        _table(app, session)
        await until(pilot, lambda: type(app.screen).__name__ == "HandoffScreen")
        await until(pilot, lambda: covered(app))
        await pilot.resize_terminal(110, 34)
        await until(pilot, lambda: not covered(app))
        assert type(app.screen).__name__ == "HandoffScreen"


# ---------------------------------------------------------------------- item 13c: the player bar
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


@pytest.mark.parametrize("width", [80, 110, 120])
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
async def test_the_player_bar_never_splits_a_seat(make_app, tmp_path, seats: int, width: int) -> None:
    from cardtable.tui.widgets import SeatsBar

    # a person and computer players: the longest seat texts ("(computer, medium) [dealer]")
    game = "page-one" if seats % 2 else "scala40"
    session = Session.start(
        game, NAMES[:seats], [None] + ["medium"] * (seats - 1), seed=5, save_path=tmp_path / "a.ctr"
    )
    app = make_app(session)
    async with app.run_test(size=(width, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
        bar = app.screen.query_one(SeatsBar)
        await pilot.pause()
        lines = str(bar.render()).split("\n")
        assert bar.size.height == len(lines) <= 3  # drawn as laid out: nothing wrapped by the widget
        assert all(len(line) <= bar.content_size.width for line in lines)
        view = session.view(0)
        for seat in view.seats:
            home = [line for line in lines if f" {seat.name} " in line]
            assert len(home) == 1, (seat.name, lines)
            line = home[0]
            # everything between this name and the next seat's name is this seat's
            rest = line.split(f" {seat.name} ", 1)[1]
            later = [n for n in NAMES[:seats] if n != seat.name and f" {n} " in rest]
            own = rest.split(f" {later[0]} ")[0] if later else rest
            for badge in seat.badges:
                assert f"[{badge}]" in own, (seat.name, badge, lines)


# ---------------------------------------------------------------------- item 9: the footer
def footer_keys(screen: Any) -> list[Any]:
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    return list(screen.query_one(Footer).query(FooterKey))


def game_ids() -> list[str]:
    from cardtable.engine import all_games

    return [spec.id for spec in all_games()]


@pytest.mark.parametrize("width", [80, 110])
@pytest.mark.parametrize("game", game_ids())
async def test_the_table_footer_keeps_help_and_quit_and_only_keys_that_act(
    make_app, tmp_path, game: str, width: int
) -> None:
    from cardtable.engine import get

    spec = get(game)
    seats = spec.seat_counts[0] if spec.seat_counts else max(2, spec.min_players)
    session = Session.start(
        game, NAMES[:seats], [None] + ["medium"] * (seats - 1), seed=4, save_path=tmp_path / "a.ctr"
    )
    app = make_app(session)
    async with app.run_test(size=(width, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
        screen = app.screen
        await until(pilot, lambda: screen.my_turn() and footer_keys(screen))
        await pilot.pause()
        keys = footer_keys(screen)
        described = [k.description for k in keys]
        assert "Rules" in described and "Quit" in described, described
        assert sum(k.outer_size.width for k in keys) <= width
        for key in keys:
            assert not key.has_class("-disabled"), key.description
            action = key.action
            if action.startswith("verb("):  # a move key: its move is possible now
                verb = action[6:-2]
                assert verb in {m.kind for m in session.legal_moves()}, (verb, described)


async def test_a_crowded_footer_drops_the_least_needed_keys_first() -> None:
    from textual.app import App, ComposeResult
    from textual.binding import Binding

    from cardtable.tui.footer import KeysFooter

    class Crowded(App[None]):
        BINDINGS = [
            *(Binding(c, f"noop('{c}')", f"Action {c}") for c in "abcdefghijkl"),
            Binding("o", "sort", "Sort"),
            Binding("question_mark", "rules", "Rules"),
            Binding("ctrl+q", "quit", "Quit", priority=True),
        ]

        def compose(self) -> ComposeResult:
            yield KeysFooter(drop_first=("sort",))

        def action_noop(self, _: str) -> None:
            pass

        def action_sort(self) -> None:
            pass

        def action_rules(self) -> None:
            pass

    app = Crowded()
    async with app.run_test(size=(80, 10)) as pilot:
        await pilot.pause()
        described = [k.description for k in footer_keys(app.screen)]
        assert "Rules" in described and "Quit" in described, described
        assert "Sort" not in described and "Action a" in described and "Action l" not in described
        assert sum(k.outer_size.width for k in footer_keys(app.screen)) <= 80
        await pilot.resize_terminal(200, 10)
        await until(pilot, lambda: "Action l" in [k.description for k in footer_keys(app.screen)])
        assert "Sort" in [k.description for k in footer_keys(app.screen)]
