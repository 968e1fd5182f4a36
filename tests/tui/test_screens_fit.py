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


# ---------------------------------------------------------------------- item 12: picker focus
def contrast(a: Any, b: Any) -> float:
    """The WCAG contrast ratio of two Textual colours."""

    def luminance(c: Any) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def theme_names() -> list[str]:
    from cardtable.tui.theming import load_themes

    return [t.name for t in load_themes()]


@pytest.mark.parametrize("theme", theme_names())
async def test_the_focused_picker_control_stands_out_in_every_theme(make_app, theme: str) -> None:
    from textual.widgets import Input, Select, Switch

    app = make_app(theme=theme, last_game="progressive-rummy")
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: getattr(app.screen, "ready", False))
        screen = app.screen
        assert app.theme == theme
        switch = screen.query(Switch).first()
        for selector, part in (("#preset", "SelectCurrent"), ("#seat-name-0", None), (f"#{switch.id}", None)):
            control = screen.query_one(selector)
            shown = control.query_one(part) if part else control
            blurred = shown.background_colors[1]
            control.focus()
            await pilot.pause()
            focused_bg, focused_fg = shown.colors[2], shown.colors[3]
            # the focused control's colour is clearly not the others', and its text reads on it
            assert contrast(focused_bg, blurred) >= 2.0, (theme, selector, focused_bg, blurred)
            if not isinstance(control, Switch):
                assert contrast(focused_fg, focused_bg) >= 4.5, (theme, selector)
            # and its row's label is reversed: seen even without colour
            row = control.parent
            label = row.query(".form-label, .seat-label").first()
            assert label.rich_style.reverse, (theme, selector)
        assert isinstance(screen.query_one("#preset"), Select)
        assert isinstance(screen.query_one("#seat-name-0"), Input)


def most_rules(count: int = 3) -> list[str]:
    """The games with the longest forms (with presets), where Tab passes the most controls."""
    from cardtable.engine import all_games

    specs = [s for s in all_games() if s.presets]
    return [s.id for s in sorted(specs, key=lambda s: -len(s.rules_type.model_fields))[:count]]


def picker_state(screen: Any) -> tuple[object, ...]:
    """Everything a start would send: the game, the preset and its box, the rules, the seats."""
    preset = screen.query("#preset")
    return (
        screen.game_id,
        screen._preset,
        preset.first().value if preset else None,
        screen.current_values(),
        screen._read_seats(),
    )


async def test_tab_through_the_picker_changes_nothing(make_app) -> None:
    """Tabbing once round every control of the longest form, and a few Shift+Tabs back over
    the wrap, change no value (every control kind is in it; the next test covers the other
    long forms' controls by direct focus, as the Tab key is the same for all)."""
    (game,) = most_rules(1)
    app = make_app(last_game=game)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: getattr(app.screen, "ready", False))
        screen = app.screen
        before = picker_state(screen)
        chain = screen.focus_chain
        start = app.focused
        # once round: each control gains and loses the focus (40 fixed Tabs did not reach
        # every control of the longest form, and went round the shorter ones again)
        for _ in chain:
            await pilot.press("tab")
            assert picker_state(screen) == before, ("tab", app.focused)
        assert app.focused is start, "one Tab per control goes once round"
        for _ in range(4):
            await pilot.press("shift+tab")
            assert picker_state(screen) == before, ("shift+tab", app.focused)


@pytest.mark.parametrize("game", most_rules()[1:])
async def test_focus_on_every_picker_control_changes_nothing(make_app, game: str) -> None:
    """Each control of the next longest forms gains and loses the focus in turn (as Tab would
    give it, without a key press and a wait per control: the test above tabs) and no value
    changes."""
    app = make_app(last_game=game)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: getattr(app.screen, "ready", False))
        screen = app.screen
        assert screen.game_id == game
        before = picker_state(screen)
        chain = screen.focus_chain
        start = app.focused
        assert start in chain
        at = chain.index(start)
        for control in [*chain[at + 1 :], *chain[: at + 1]]:  # once round, back where it began
            control.focus()
        await until(pilot, lambda: app.focused is start and start.has_focus)
        # every control's Blur handled, then whatever those handlers sent on
        await pilot.pause()
        await pilot.pause()
        assert picker_state(screen) == before


# ---------------------------------------------------------------------- item 11: back to the picker
async def test_new_game_from_the_table_goes_back_to_the_picker_with_the_game_saved(
    make_app, tmp_path
) -> None:
    session = Session.start(
        "gin", ["Ann", "Bob"], [None, "medium"], seed=3, save_path=tmp_path / "autosave.ctr"
    )
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
        await pilot.press("z")
        await until(pilot, lambda: session.move_count >= 1)
        await pilot.press("ctrl+n")
        await until(pilot, lambda: type(app.screen).__name__ == "PickerScreen")
        await until(pilot, lambda: getattr(app.screen, "ready", False) and app.screen.game_id == "gin")
        saved = Session.resume(tmp_path / "autosave.ctr")
        assert saved.game.snapshot() == session.game.snapshot()
        assert app.settings.last_game == "gin"


async def test_palette_new_game_opens_the_picker_on_that_preset(make_app, tmp_path) -> None:
    from cardtable.engine import get

    spec = get("progressive-rummy")
    preset = next(iter(spec.presets))
    session = Session.start("gin", ["Ann", "Bob"], [None, None], seed=3, save_path=tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ in ("TableScreen", "HandoffScreen"))
        app.back_to_picker("progressive-rummy", preset)
        await until(pilot, lambda: getattr(app.screen, "game_id", None) == "progressive-rummy")
        screen = app.screen
        await until(pilot, lambda: screen.query_one("#preset").value == preset)
        assert app.focused is screen.query_one("#player-count")  # seats next: people or bots
        labels = [c.title for c in app.get_system_commands(screen)]
        assert f"New game: {spec.title} ({preset})" in labels and "New game: back to the picker" in labels


# ---------------------------------------------------------------------- item 17: "custom"
async def test_the_preset_says_custom_once_a_rule_departs_from_it(make_app) -> None:
    from textual.widgets import Switch

    from cardtable.tui.screens.picker_build import CUSTOM

    app = make_app(last_game="progressive-rummy")
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: getattr(app.screen, "ready", False))
        screen = app.screen
        preset = next(iter(screen._spec.presets))
        box = screen.query_one("#preset")
        box.value = preset
        await until(pilot, lambda: screen._preset == preset)
        switch = screen.query(Switch).first()
        switch.value = not switch.value
        await until(pilot, lambda: box.value is CUSTOM)
        assert screen._preset == preset  # still the base a start sends
        switch.value = not switch.value
        await until(pilot, lambda: box.value == preset)


async def test_the_player_bar_names_each_players_partners(make_app, tmp_path) -> None:
    """In a partnership game a player learns their side from the table, not from the rules:
    Five Hundred with four has Ann and Cat against Bob and Dan; with five the called partner
    is a secret, and no partner is named."""
    import re

    from cardtable.tui.screens.table import TableScreen
    from cardtable.tui.widgets import SeatsBar

    for names, expected in (
        (["Ann", "Bob", "Cat", "Dan"], {"Ann": "[with Cat]", "Bob": "[with Dan]"}),
        (["Ann", "Bob", "Cat", "Dan", "Eve"], {}),
    ):
        game = new_game("five-hundred", names, seed=3)
        session = Session(game, [None] + ["random"] * (len(names) - 1), tmp_path / "autosave.ctr")
        app = make_app(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(pilot, lambda a=app: isinstance(a.screen, TableScreen) and a.screen.viewer == 0)
            bar = str(app.screen.query_one(SeatsBar).render())
            for name, words in expected.items():
                # the first tag after the name is its own: the seat's text reaches no other seat
                assert re.search(rf"{name} [^\[▶]*{re.escape(words)}", bar), bar
            if not expected:
                assert "[with" not in bar, bar
