"""Start-up stays light: the first frame does not wait for Pydantic or the games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_app_and_picker_import_without_pydantic_or_games():
    # nor the set-up form's modules (their dataclasses and widget classes): the form is
    # built after the first frame. cardtable.cli too: a bare ``cardtable`` runs it before
    # the picker's first frame (and goes to the picker without building the argument parser)
    code = (
        "import sys\n"
        "import cardtable.cli, cardtable.tui.app, cardtable.tui.screens.picker\n"
        "heavy = [m for m in ('pydantic', 'cardtable.games', 'cardtable.session', 'cardtable.bots',"
        " 'argparse', 'cardtable.tui.screens.picker_form', 'cardtable.tui.screens.picker_build',"
        " 'textual.widgets._switch') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == ""


def test_engine_names_still_import_directly():
    from cardtable.engine import IllegalMove, new_game
    from cardtable.engine.errors import IllegalMove as same

    assert IllegalMove is same
    assert new_game("scala40", players=["Ann", "Bob"], seed=1).to_act == 0


def _sources(app: object) -> set[str]:
    """Where the app's stylesheet has read CSS from: file names and ``Class.DEFAULT_CSS``."""
    return {Path(path).name + ":" + var for path, var in app.stylesheet.source}  # type: ignore[attr-defined]


async def test_the_first_frame_parses_no_form_or_table_css(tmp_path: Path, monkeypatch) -> None:
    """The picker's first frame is the picker alone: the set-up form's rules come with the
    first form, the table's with the first table, and the picker is the first screen (no
    blank screen under it to lay out and draw)."""
    from cardtable.tui.app import TABLE_CSS, CardTableApp
    from cardtable.tui.screens.picker import PickerScreen

    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 30.0)  # the form waits: the first frame alone
    app = CardTableApp(settings_file=tmp_path / "settings.json", save_path=tmp_path / "autosave.ctr")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PickerScreen) and app.screen_stack == [screen]
        assert not screen.ready
        loaded = _sources(app)
        assert "app.tcss:" in loaded
        assert not any("GameForm" in s for s in loaded), loaded
        assert f"{TABLE_CSS.name}:" not in loaded
        await screen._populate()
        assert screen.ready and any("GameForm" in s for s in _sources(app))
        assert screen.query_one("#start").parent is screen.query_one("#picker-buttons")


async def test_the_table_reads_its_css_when_it_opens(make_app, stacked) -> None:
    """The table's rules, out of app.tcss, are there (once) when a table opens."""
    from cardtable.tui.app import TABLE_CSS
    from cardtable.tui.screens.table import TableScreen

    app = make_app(stacked())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))  # under a hand-off
        assert f"{TABLE_CSS.name}:" in _sources(app)
        log = table.query_one("#log")
        assert log.styles.max_width is not None and log.styles.max_width.value == 34  # a rule of table.tcss
        app._read_table_css()  # a second table adds nothing
        assert sum(1 for path, _ in app.stylesheet.source if path == str(TABLE_CSS)) == 1


async def test_the_collector_paused_for_start_up_runs_again_after_the_first_frame(tmp_path: Path) -> None:
    """``cardtable`` pauses the garbage collector while it starts; the app turns it back on."""
    import gc

    from cardtable.tui.app import CardTableApp

    gc.disable()
    try:
        app = CardTableApp(
            settings_file=tmp_path / "settings.json", save_path=tmp_path / "autosave.ctr", gc_paused=True
        )
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


async def test_the_saved_theme_is_set_without_a_second_css_pass(tmp_path: Path, monkeypatch) -> None:
    """The theme is chosen before any CSS is read, so nothing is parsed or restyled twice
    before the first frame (through Textual's theme watcher, every stylesheet was parsed
    again and every node restyled, some 10 ms of start-up); the theme is still in force."""
    from textual.app import App

    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.picker import PickerScreen
    from cardtable.tui.settings import Settings

    refreshed: list[bool] = []
    monkeypatch.setattr(App, "refresh_css", lambda self, animate=True: refreshed.append(animate))
    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 30.0)
    app = CardTableApp(settings=Settings(theme="midnight"), save_path=tmp_path / "autosave.ctr")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert refreshed == []
        assert app.theme == "midnight" and app.current_theme.name == "midnight"
        assert "-theme-midnight" in app.classes and not any(
            c.startswith("-theme-") and c != "-theme-midnight" for c in app.classes
        )
        background = app.current_theme.background
        assert background is not None
        assert app.screen.styles.background.hex.lower() == background.lower()


async def test_the_game_list_has_the_focus_from_the_start(tmp_path: Path, monkeypatch) -> None:
    """The list is focused at once (letters typed on it filter it): the filter box is not
    focused and blurred again first, each change a restyle before the first frame."""
    from textual.widget import Widget

    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.picker import PickerScreen

    changes: list[tuple[str | None, bool]] = []
    watch = Widget.watch_has_focus

    def record(self: Widget, value: bool) -> None:
        changes.append((self.id, value))
        watch(self, value)

    monkeypatch.setattr(Widget, "watch_has_focus", record)
    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 30.0)
    app = CardTableApp(settings_file=tmp_path / "settings.json", save_path=tmp_path / "autosave.ctr")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert changes == [("game-list", True)]
        assert app.focused is not None and app.focused.id == "game-list"


async def test_a_big_enough_window_mounts_no_size_notice(tmp_path: Path, monkeypatch) -> None:
    """The "make the window bigger" notice is mounted the first time it is needed, not in
    every first frame; a window made too small then still gets it (test_screens_fit)."""
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.minsize import TOO_SMALL, SizeNotice
    from cardtable.tui.screens.picker import PickerScreen

    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 30.0)
    app = CardTableApp(settings_file=tmp_path / "settings.json", save_path=tmp_path / "autosave.ctr")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert not app.screen.query(SizeNotice) and not app.screen.has_class(TOO_SMALL)
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert app.screen.has_class(TOO_SMALL)
        assert "70×20" in str(app.screen.query_one(SizeNotice).render())
