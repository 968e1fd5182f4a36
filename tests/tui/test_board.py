"""The board on the table: drawn from a BoardView, moves chosen from its BoardMoveView list
by keys and clicks, played through the same path as a typed move."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from board_fake import FakeBoardSession, eight_player, four_player, step
from textual.widgets import Input, Static
from tui_helpers import until

from cardtable.kits.board import track_layout
from cardtable.tui.board import BoardChooser, BoardWidget, SeatsPanel
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget


@asynccontextmanager
async def at_table(app, size: tuple[int, int] = (80, 24)) -> AsyncIterator[tuple[Any, TableScreen]]:
    """Run ``app`` in a terminal of ``size`` past the hand-off: its pilot and the table."""
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer is not None)
        yield pilot, app.screen


def status(table: TableScreen) -> str:
    return str(table.query_one("#status", Static).render())


def board_text(table: TableScreen) -> str:
    return str(table.query_one(BoardWidget).render())


def drawn_at(table: TableScreen, hole_id: str) -> str:
    """The two cells the board draws for a hole (its glyph and the one after it)."""
    widget = table.query_one(BoardWidget)
    lines = board_text(table).splitlines()
    assert widget.board is not None
    hole = next(h for h in widget.board.holes if h.id == hole_id)
    left, top = widget._origin
    x = left + hole.x * widget._cell
    return lines[top + hole.y][x : x + 2]


async def pick(pilot, table: TableScreen, card: str) -> None:
    """Move the hand's cursor to ``card``."""
    while table.picked_card() != card:
        await pilot.press("right")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (110, 34), (120, 40)])
async def test_the_four_player_board_fits_whole(make_app, size):
    async with at_table(make_app(four_player()), size) as (_pilot, table):
        widget = table.query_one(BoardWidget)
        board = widget.board
        assert board is not None and (board.width, board.height) == (19, 19)
        assert widget.size.height >= board.height
        assert widget.size.width >= 2 * board.width - 1
        rows = board_text(table).splitlines()
        assert len([r for r in rows if r.strip()]) == 19
        # Every piece is drawn as its letter: 5 per colour on the board.
        letters = "".join(rows)
        for colour in "BRGY":
            assert letters.count(colour) == 5, colour
        # The seats beside the board, by team, and the hand below it.
        seats = str(table.query_one(SeatsPanel).render())
        assert "team 1" in seats and "team 2" in seats and "Ann" in seats
        assert table.query_one(HandWidget).cards[0] == "7D"


async def test_the_eight_player_board_fits_120_by_40(make_app):
    async with at_table(make_app(eight_player()), (120, 40)) as (_pilot, table):
        widget = table.query_one(BoardWidget)
        assert widget.board is not None and widget.board.width == 46
        assert BoardWidget.cell_for(widget.board, widget.size.width) == 2
        assert widget.size.height >= widget.board.height == 28
        assert table.query_one("#side").size.width >= 28


async def test_tab_cycles_a_cards_moves_and_enter_plays_one(make_app):
    session = four_player()
    async with at_table(make_app(session)) as (pilot, table):
        await pick(pilot, table, "5C")
        chooser = table.chooser
        assert chooser is not None
        assert chooser.movable() == {"10", "30"} and chooser.landings() == {"15", "35"}
        assert "5C 1/2: 5C:10>15" in status(table)
        await pilot.press("tab")
        assert chooser.step() == ("30", "35")
        await pilot.press("shift+tab", "tab")
        assert "5C 2/2: 5C:30>35" in status(table)
        await pilot.press("enter")
        await until(pilot, lambda: session.played == ["5C:30>35"])
        assert session.pieces["35"] == "B" and "30" not in session.pieces


def drawn_lines(widget: BoardWidget) -> list[str]:
    """The characters of the widget's lines as Textual draws them."""
    return ["".join(seg.text for seg in widget.render_line(y)) for y in range(widget.size.height)]


async def test_the_drawn_lines_are_the_board_text_and_only_changes_are_drawn_again(make_app):
    session = four_player()
    async with at_table(make_app(session), size=(120, 40)) as (pilot, table):
        widget = table.query_one(BoardWidget)
        text = board_text(table).splitlines()
        assert drawn_lines(widget)[: len(text)] == text
        before = [widget.render_line(y) for y in range(widget.size.height)]
        # The same board and choice again (a redraw with nothing new): the same strips.
        widget.show(widget.board, widget.chooser)
        assert all(widget.render_line(y) is line for y, line in enumerate(before))
        repainted: list[tuple[Any, ...]] = []
        refresh = widget.refresh
        widget.refresh = lambda *regions, **kw: repainted.append(regions) or refresh(*regions, **kw)  # type: ignore[method-assign]
        await pilot.press("tab")  # another move of the card: its rows change, the others stay
        await pilot.pause()
        after = [widget.render_line(y) for y in range(widget.size.height)]
        changed = [y for y, (a, b) in enumerate(zip(before, after, strict=True)) if a is not b]
        assert 0 < len(changed) < len(text) // 2
        # ... and only those rows are repainted (sent to the terminal), not the whole board.
        assert [r.y for regions in repainted for r in regions] == changed
        assert drawn_lines(widget)[: len(text)] == board_text(table).splitlines()


async def test_a_split_is_chosen_in_two_steps_with_the_rest_shown(make_app):
    session = four_player()
    async with at_table(make_app(session)) as (pilot, table):
        assert table.picked_card() == "7D"
        await pilot.press("tab", "tab")  # 10>17, 30>37, then 10>13: the first part of a split
        chooser = table.chooser
        assert chooser is not None and chooser.step() == ("10", "13")
        assert chooser.bumps() == {"13", "34"}
        await pilot.press("enter")
        assert chooser.prefix == [("10", "13")] and chooser.options() == [("30", "34")]
        # The part taken is drawn made: Blue on 13 (its bump marked), 10 empty.
        assert drawn_at(table, "13") == "Bx" and drawn_at(table, "10")[0] in "·◎"
        # at 80 columns the words of the whole move stay, its notation gives way
        assert "(10>13 taken), the rest 1/1 · esc back — 3 with 10, 4 with 30" in status(table)
        await pilot.press("escape")  # back to the first part
        assert chooser.prefix == [] and chooser.step() == ("10", "13")
        await pilot.press("enter", "enter")
        await until(pilot, lambda: session.played == ["7D:10>13,30>34"])
        # Both red pieces were sent to their start.
        assert session.pieces["13"] == "B" and session.pieces["34"] == "B"
        assert sum(1 for h, c in session.pieces.items() if c == "R" and "S" in h) == 5


async def test_clicking_a_piece_then_its_landing_hole_plays(make_app):
    session = four_player()
    async with at_table(make_app(session)) as (pilot, table):
        widget = table.query_one(BoardWidget)
        board = widget.board
        assert board is not None

        def spot(hole_id: str) -> tuple[int, int]:
            hole = next(h for h in board.holes if h.id == hole_id)
            left, top = widget._origin
            return left + hole.x * widget._cell, top + hole.y

        assert widget.hole_at(*spot("30")) == "30"
        await pilot.click(BoardWidget, offset=spot("30"))
        assert table.chooser is not None and table.chooser.step() == ("30", "37")
        await pilot.click(BoardWidget, offset=spot("37"))
        await until(pilot, lambda: session.played == ["7D:30>37"])


async def test_the_joker_from_start_and_bumps_are_drawn(make_app):
    session = four_player()
    async with at_table(make_app(session)) as (pilot, table):
        await pick(pilot, table, "JK")
        await pilot.press("tab")  # the second joker move: from the start onto Red at 13
        assert table.chooser is not None and table.chooser.step() == ("BS1", "13")
        text = board_text(table)
        assert "Rx" in text  # the bumped piece says so in a letter, not only in colour
        await pilot.press("enter")
        await until(pilot, lambda: session.played == ["JK:BS1>13"])


async def test_a_card_without_a_board_move_says_so_and_typed_moves_work(make_app):
    session = four_player()
    async with at_table(make_app(session)) as (pilot, table):
        await pick(pilot, table, "9D")
        assert table.chooser is not None and table.chooser.options() == []
        await pilot.press("tab")
        assert "9D has no move on the board now: 7D, 5C, JK, 8S or 2H can" in status(table)
        await pilot.press("colon")
        box = table.query_one("#command-input", Input)
        box.value = "2H:10>12"
        await pilot.press("enter")
        await until(pilot, lambda: session.played == ["2H:10>12"])


async def test_enter_falls_back_to_the_games_verbs_when_no_board_move_exists(make_app, tmp_path):
    layout = track_layout("BRGY")
    session = FakeBoardSession(layout, {}, [["9D", "4C"], ["5S"], ["5S"], ["5S"]], [])
    async with at_table(make_app(session)) as (pilot, table):
        assert table.chooser is None
        await pilot.press("enter")
        await until(pilot, lambda: session.played == ["pass 9D"])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_hole_numbers_toggle_and_ascii_mode(make_app, size):
    async with at_table(make_app(four_player(), ascii_cards=True), size) as (pilot, table):
        text = board_text(table)
        assert text.isascii() and "*" in text  # landing holes of the 7D's moves
        assert not re.search(r"\d", text)
        await pilot.press("number_sign")
        text = board_text(table)
        assert text.isascii()
        # Each number stands apart; in 2-column cells every other one along a row.
        numbers = {int(n) for n in re.findall(r"\b\d+\b", text)}
        assert {16, 22, 38, 40} <= numbers and max(numbers) < 72
        if size[0] == 120:
            assert {19, 20, 21, 23, 39, 41} <= numbers
        await pilot.press("number_sign")
        assert not re.search(r"\d", board_text(table))


async def test_the_hole_numbers_stay_on_for_the_next_table(make_app, tmp_path):
    """Playtest: hole numbers switched on were gone after a resume. The choice is a setting."""
    from cardtable.tui.settings import load_settings

    app = make_app(four_player(), ascii_cards=True)
    async with at_table(app) as (pilot, table):
        await pilot.press("number_sign")
        assert re.search(r"\d", board_text(table))
    assert load_settings(tmp_path / "settings.json")[0].board_numbers
    async with at_table(make_app(four_player(), ascii_cards=True, board_numbers=True)) as (pilot, table):
        assert re.search(r"\d", board_text(table))  # the next table opens with them


async def test_the_next_players_turn_shows_no_highlights_until_the_hand_off(make_app):
    session = four_player()
    app = make_app(session)
    async with at_table(app) as (pilot, table):
        await pilot.press("enter")  # 7D:10>17
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert table.chooser is None and table.query_one(BoardWidget).chooser is None
        assert table.query_one(BoardWidget).board is not None  # the board is public


def test_chooser_clicks_cycle_a_pieces_moves() -> None:
    moves = [step("7D", ("10", "17")), step("7D", ("30", "37")), step("7D", ("10", "13"), ("30", "34"))]
    chooser = BoardChooser(moves, "7D")
    assert chooser.pick("30") is None and chooser.step() == ("30", "37")
    assert chooser.pick("10") is None and chooser.step() == ("10", "17")
    assert chooser.pick("10") is None and chooser.step() == ("10", "13")
    assert chooser.pick("99") is None and chooser.step() == ("10", "13")  # not a choice: nothing
    assert chooser.pick("13") is None and chooser.prefix == [("10", "13")]
    assert chooser.pick("34") == "7D:10>13,30>34"
    assert BoardChooser(moves, "5C").describe() == "5C has no move on the board now: 7D can"


def test_chooser_offers_a_preferred_move_first_at_each_step() -> None:
    moves = [
        step("7D", ("10", "17")),
        step("7D", ("10", "13"), ("30", "34")),
        step("7D", ("10", "13"), ("50", "54")),
    ]
    chooser = BoardChooser(moves, "7D", prefer="7D:10>13,50>54")
    assert chooser.step() == ("10", "13")
    assert chooser.enter() is None and chooser.step() == ("50", "54")
    assert chooser.enter() == "7D:10>13,50>54"


async def test_a_stuck_tock_hand_is_thrown_in_with_the_pass_key(make_app, tmp_path):
    """Tock's pass takes the whole hand: 'z' on any one card of it plays that move."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    hands = ["2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H", "AD 2D 3D 4D 5D", "AC 2C 3C 4C 5C"]
    game = new_game(
        "joker-marbles",
        ["Ann", "Bob", "Cat", "Dan"],
        seed=1,
        preset="tock",
        rules={"partner_exchange": False},
        deal={"hands": hands},
    )
    async with at_table(
        make_app(Session(game, [None, "medium", None, "medium"], tmp_path / "autosave.ctr"))
    ) as (pilot, table):
        await pick(pilot, table, "4S")
        await pilot.press("z")
        await until(pilot, lambda: len(game.history) > 0)
        assert str(game.history[0][1]) == "pass 2S 3S 4S 5S 6S"


def test_a_narrow_status_line_keeps_the_moves_words_whole() -> None:
    words = "a blue marble comes out onto hole 7, sending Bot 3's green marble home"
    moves = [step("KH", ("out", "7"), text=words), step("KH", ("2", "15"), text="13 with the blue marble")]
    chooser = BoardChooser(moves, "KH")
    full = chooser.describe()
    assert full == f"KH 1/2: KH:out>7 · tab next · enter plays — {words}"
    assert chooser.describe(200) == full
    # the keys go first (the footer names them), then the notation: the words stay whole
    assert chooser.describe(len(full) - 1) == f"KH 1/2: KH:out>7 — {words}"
    assert chooser.describe(80) == f"KH 1/2 — {words}"
    # then the count goes (the card stays: "sending … home" was cut at 80 columns)
    assert chooser.describe(78) == f"KH: {words}"
    # only a line narrower than the words cuts them, after a word
    assert chooser.describe(60) == "KH: a blue marble comes out onto hole 7, sending Bot 3's …"
    assert chooser.describe(80, str.lower) == f"kh 1/2 — {words.lower()}"  # fitted as shown


async def test_home_and_end_move_along_the_hand_beside_a_board(make_app, tmp_path):
    """Playtest: at a board table Home / End did nothing (the keys help lists them). The log,
    first in the screen, could have the focus and scrolled instead: the hand has it now from
    the start."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.widgets import HandWidget

    game = new_game("joker-marbles", ["Ann", "Bob", "Cat", "Dan"], seed=2)  # Bob plays first
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session, bot_delay=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        assert app.focused is app.screen.query_one(HandWidget), app.focused
        await until(pilot, lambda: game.to_act == 0)
        table = app.screen
        hand = [c.name for c in table.hand_cards(0)]
        assert len(hand) > 1
        await pilot.press("end")
        await pilot.pause()
        assert table.picked_card() == hand[-1]
        await pilot.press("home")
        await pilot.pause()
        assert table.picked_card() == hand[0]


async def test_enter_on_a_card_with_no_move_says_which_cards_can(make_app, tmp_path):
    """Playtest: Enter on a card that cannot move answered with the notation's error ("write a
    card and its steps, as in '5♣:B10>15'"), as if the player had typed a move."""
    from tui_helpers import said

    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("joker-marbles", ["Ann", "Bob", "Cat", "Dan"], seed=9)  # Ann first: A♦ J♥ K♠ 4♣ 6♠ 3♠
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session, bot_delay=5.0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.my_turn())
        table = app.screen
        await pick(pilot, table, "4C")
        await pilot.press("enter")
        await pilot.pause()
        assert "✗ 4♣ has no move on the board now: A♦, J♥ or K♠ can" in said(app), said(app)
        assert "4♣ has no move on the board now" in status(table)  # (before Enter too)
        await pilot.press("home")  # the refusal goes with the card (it stayed on the line)
        await pilot.pause()
        assert "✗" not in said(app) and "A♦" in status(table), said(app)
        assert not game.history
