"""Undo at the table: ctrl+z takes back the player's own moves of this turn while they showed
no unseen card, says why not otherwise, autosaves, and never reaches back past a hand-off."""

from __future__ import annotations

from test_table import past_handoff, type_move
from tui_helpers import said, seated, until

from cardtable.engine.saves import read_record
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import TableScreen


def status(app) -> str:
    return said(app)


def footer_keys(app) -> set[str]:
    return {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}


async def test_ctrl_z_takes_back_a_meld_and_a_discard_but_not_the_draw(make_app, stacked, tmp_path):
    # a slow computer player: Ann's discard is taken back before Bob moves
    session = stacked([None, "random"])
    app = make_app(session, bot_delay=5.0)
    async with seated(app) as pilot:
        await pilot.press("d")
        await until(pilot, lambda: session.move_count == 1)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "showed you a card" in status(app))
        assert session.move_count == 1
        await type_move(pilot, "meld 7H 8H 9H")
        await type_move(pilot, "meld KS KD KC")
        await type_move(pilot, "discard QD")
        assert session.game.to_act == 1 and session.move_count == 4
        await until(pilot, lambda: "undo" in footer_keys(app))
        await pilot.press("ctrl+z")
        await until(pilot, lambda: session.move_count == 3)
        assert "Taken back: discard Q♦" in status(app)  # card faces, as everywhere
        assert session.game.to_act == 0
        saved = read_record(tmp_path / "autosave.ctr")
        assert "discard" not in saved.split("moves:")[1]  # autosaved without the undone move
        await pilot.press("ctrl+z")
        await pilot.press("ctrl+z")
        await until(pilot, lambda: session.move_count == 1)
        assert not session.game.melds
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "showed you a card" in status(app))
        assert session.move_count == 1 and "undo" not in footer_keys(app)


async def test_undo_never_crosses_the_hand_off(make_app, stacked):
    session = stacked()
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await past_handoff(pilot, app)
        await pilot.press("d")
        await type_move(pilot, "discard QD")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("ctrl+z")  # on the hand-off screen: nothing happens
        await pilot.pause()
        assert session.move_count == 2
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 1)
        await pilot.press("ctrl+z")
        await until(pilot, lambda: "keyboard has been passed" in status(app))
        assert session.move_count == 2 and session.game.to_act == 1
