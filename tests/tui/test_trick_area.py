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


async def test_the_last_winner_goes_whole_to_the_next_line_when_the_trick_fills_it() -> None:
    """Playtest (Page One, Five Hundred at 80x24): '(last trick' ended one line and 'won by
    Bot 2)' began the next."""
    app = _One()
    async with app.run_test(size=(50, 10)) as pilot:
        area = app.query_one(TrickArea)
        names = ["Ann", "Bot 2", "Bot 3", "Bot 4"]
        area.show(TrickView(plays=((1, "9C"), (2, "JC"), (3, "7D")), last_winner=1), names)
        await pilot.pause()
        lines = [line for line in (str(area.render()).splitlines()) if line.strip()]
        assert lines[-1].strip() == "(last trick won by Bot 2)", lines
        assert lines[0].startswith("Trick: Bot 2") and "last" not in lines[0], lines
