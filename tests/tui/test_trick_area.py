"""The trick panel names who won the last trick in words a player reads without guessing."""

from __future__ import annotations

from textual.app import App, ComposeResult

from cardtable.engine.views import TrickView
from cardtable.tui.widgets import TrickArea


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield TrickArea()


async def test_the_trick_panel_says_who_won_the_last_trick() -> None:
    app = _One()
    async with app.run_test(size=(80, 10)) as pilot:
        area = app.query_one(TrickArea)
        names = ["Ann", "Bob", "Cy", "Dee"]
        area.show(TrickView(plays=((1, "10H"), (2, "QH")), leader=1, last_winner=0), names)
        await pilot.pause()
        text = str(area.render())
        assert "last trick won by Ann" in text
        assert "Bob" in text and "Cy" in text
        # four plays and the winner still fit one line of an 80-column table
        area.show(TrickView(plays=((1, "10H"), (2, "QH"), (3, "KH"), (0, "AH")), last_winner=3), names)
        await pilot.pause()
        assert len(str(area.render())) <= 80 - 4
