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
        # the picker under the table builds nothing while no one sees it (its first showing does)
        picker = app.screen_stack[0]
        await pilot.pause(0.3)  # well past its FORM_DELAY
        assert type(picker).__name__ == "PickerScreen" and not picker.ready and not picker._specs
        await pilot.press("ctrl+n")
        await until(pilot, lambda: type(app.screen).__name__ == "PickerScreen")
        screen = app.screen
        await until(pilot, lambda: getattr(screen, "ready", False) and screen.game_id == "five-hundred")
        want = [("Ann", "human"), ("Bot 2", "medium"), ("Bob", "human"), ("Bot 4", "hard")]
        await until(pilot, lambda: screen._read_seats() == want)
        assert screen.query_one("#player-count").value == 4
        assert screen.query_one("#seat-3").display and not screen.query_one("#seat-4").display
        # the person is yet to choose the game: the list has the focus (Down moves along it),
        # the game just played highlighted; the menu's "New game: Gin Rummy" goes to the seats
        await until(pilot, lambda: app.focused is screen.query_one("#game-list"))
        await pilot.press("down")
        await until(pilot, lambda: screen.game_id != "five-hundred")
        assert app.focused is screen.query_one("#game-list")
        app.back_to_picker("gin")
        await until(
            pilot, lambda: screen.game_id == "gin" and app.focused is screen.query_one("#player-count")
        )


async def test_play_again_starts_the_same_game_with_the_same_seats_and_rules(make_app, tmp_path) -> None:
    """'Play again' (and the palette's 'Restart with a new seed') asks the app for a new match
    of the same game, players, bot levels and changed rules."""
    session = Session.start(
        "gin",
        ["Ann", "Bob"],
        [None, "medium"],
        rules={"knock_value": 7},
        seed=3,
        save_path=tmp_path / "a.ctr",
    )
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")  # one person: no hand-over
        table = app.screen
        await until(pilot, lambda: [log.border_title for log in table.query("#log")] == ["log"])  # mounted
        table.play_again()
        await until(pilot, lambda: app.session is not session)
        again = app.session
        # the new table is up (mounted) before the app closes
        await until(
            pilot,
            lambda: app.screen is not table and [x.border_title for x in app.screen.query("#log")] == ["log"],
        )
        assert again.game.game_id == "gin"
        assert list(again.game.players) == ["Ann", "Bob"]
        assert list(again.bots) == [None, "medium"]
        assert again.game.rules.knock_value == 7


async def test_new_game_at_the_match_end_shows_every_game_again(make_app, tmp_path) -> None:
    """Playtest: "New game" on the match-over box went back to the picker as it was left, its
    list still filtered ("okla": Gin Rummy alone), while ctrl+n clears the filter."""
    from textual.widgets import Input, OptionList

    from cardtable.engine import all_games

    session = Session.start("gin", ["Ann", "Bob"], ["medium", "medium"], seed=2, save_path=tmp_path / "a.ctr")
    while not session.game.is_over:
        session.bot_move()
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "ScoresScreen")
        picker = next(s for s in app.screen_stack if type(s).__name__ == "PickerScreen")
        picker.query_one("#game-filter", Input).value = "okla"  # as the person typed it
        await pilot.pause()
        await pilot.click("#picker")  # the "New game" button
        await until(pilot, lambda: app.screen is picker and picker.game_id == "gin")
        await until(pilot, lambda: picker.query_one("#game-filter", Input).value == "")
        games = picker.query_one("#game-list", OptionList)
        every = {spec.id for spec in all_games()}

        def listed() -> set[str | None]:
            return {games.get_option_at_index(i).id for i in range(games.option_count)} & every

        await until(pilot, lambda: listed() == every)


async def test_after_looking_at_the_table_the_person_deals_on_when_a_computer_won(make_app, tmp_path) -> None:
    """Playtest: a computer player won the deal, the person chose "Look at the table", and
    'n' was refused as the computer's turn (computer players never play 'next'): the match
    stood still. Whoever holds the keyboard deals on, as the deal-over box's button does."""
    import random

    from cardtable.bots import decide, make_bot
    from cardtable.engine import new_game

    game = new_game("page-one", ["Ann", "Bot 2"], seed=1, preset="match to 3 wins")
    bot, rng = make_bot("easy"), random.Random(1)
    while game.phase_ != "deal-over":  # both seats played by the bot's rules, to the deal's end
        game.play(decide(bot, game, rng).move)
    assert game.to_act == 1 and game.deal_no == 1, "the stacked start no longer has the computer to deal on"
    session = Session(game, [None, "easy"], tmp_path / "a.ctr")
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "ScoresScreen")
        await pilot.click("#look")
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
        await pilot.press("n")
        await until(pilot, lambda: session.game.deal_no == 2)


async def test_the_picker_under_a_table_is_built_when_it_shows(make_app, tmp_path) -> None:
    """However the picker comes back into view (here: the table closed), it builds its list
    and form then."""
    session = Session.start(
        "gin", ["Ann", "Bot"], [None, "easy"], seed=1, save_path=tmp_path / "autosave.ctr"
    )
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "TableScreen")
        picker = app.screen_stack[0]
        await pilot.pause(0.3)
        assert not picker.ready
        while app.screen is not picker:
            app.pop_screen()
        await until(pilot, lambda: picker.ready)
        assert (
            picker.game_id in {"gin", picker._specs[0].id} and picker.query_one("#game-list").option_count > 5
        )
