"""Issue 24: back to the picker (ctrl+n) from a game started on the command line carries that
game's seats (names, people or computer players, bot levels) into the picker's form, as it
does for a game started from the picker."""

from __future__ import annotations

from tui_helpers import until

from cardtable.session import Session


async def test_ctrl_n_from_a_command_line_game_carries_its_seats(make_app, tmp_path) -> None:
    # as `cardtable play five-hundred --players Ann,bot:medium,Bob,bot:hard` starts it
    names = ["Ann", "Bot 2", "Bob", "Bot 4"]
    session = Session.start(
        "five-hundred", names, [None, "medium", None, "hard"], seed=3, save_path=tmp_path / "autosave.ctr"
    )
    app = make_app(session, last_game="gin")  # the picker last showed another game
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "HandoffScreen")
        await pilot.press("enter")  # Ann takes the keyboard
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
        await pilot.press("ctrl+n")
        await until(pilot, lambda: type(app.screen).__name__ == "PickerScreen")
        screen = app.screen
        await until(pilot, lambda: getattr(screen, "ready", False) and screen.game_id == "five-hundred")
        want = [("Ann", "human"), ("Bot 2", "medium"), ("Bob", "human"), ("Bot 4", "hard")]
        await until(pilot, lambda: screen._read_seats() == want)
        assert screen.query_one("#player-count").value == 4
        assert screen.query_one("#seat-3").display and not screen.query_one("#seat-4").display
