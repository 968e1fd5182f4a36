"""The scores screen speaks the game's words: its button names the game's deal ('Next hand'
at the video machine, where one player plays hands, not deals) and credits are a total, not
a table's stacks (issue 21)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Button, DataTable, Static
from tui_helpers import until

from cardtable.engine import new_game
from cardtable.engine.views import PlayerView
from cardtable.tui.screens.scores import ScoresScreen


async def shown(app: Any, pilot: Any, view: PlayerView) -> DataTable[Any]:
    await pilot.pause()
    app.push_screen(ScoresScreen(view, False))
    await until(
        pilot,
        lambda: (
            isinstance(app.screen, ScoresScreen)
            and bool(app.screen.query(DataTable))
            and app.screen.query_one(DataTable).row_count > 0
        ),
    )
    return app.screen.query_one(DataTable)


def cells(table: DataTable[Any], row: int) -> list[str]:
    return [str(c) for c in table.get_row_at(row)]


async def test_the_machine_offers_the_next_hand_not_the_next_deal(make_app, stacked) -> None:
    game = new_game("joker-poker-video", ["Ann"], seed=1, deal={"hands": ["AH KH QH JH 2C"], "stock": "KS"})
    for move in ("bet 1", "hold AH KH QH JH"):
        game.play(move)
    view = game.view(0)
    assert view.deal_word == "hand"
    app = make_app(stacked())
    async with app.run_test(size=(100, 32)) as pilot:
        table = await shown(app, pilot, view)
        assert str(app.screen.query_one("#next", Button).label) == "Next hand"
        assert str(app.screen.query_one("#scores-title", Static).render()).startswith("Hand 1")
        assert "Deal" not in " ".join(cells(table, 0))
        assert cells(table, table.row_count - 1)[0] == "Total"  # credits, not a table's stacks


async def test_a_deal_game_keeps_next_deal_and_chips_keep_stacks(make_app, stacked) -> None:
    game = new_game("joker-poker", ["Ann", "Bob"], seed=1, deal={"hands": [None, None], "dealer": 1})
    game.play("bet 2")
    game.play("fold")
    assert game.phase == "deal-over"
    app = make_app(stacked())
    async with app.run_test(size=(100, 32)) as pilot:
        table = await shown(app, pilot, game.view(0))
        assert str(app.screen.query_one("#next", Button).label) == "Next hand"
        assert cells(table, table.row_count - 1)[0] == "Stacks"
        await pilot.press("escape")
        table = await shown(app, pilot, app.session.game.view(None))  # Scala 40 plays deals
        assert str(app.screen.query_one("#next", Button).label) == "Next deal"
