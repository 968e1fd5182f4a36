"""The Rules screen: the game's rules and every toggle, with the values in force."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

from cardtable.rulesdoc import rules_markdown


class RulesScreen(Screen[None]):
    """Markdown rules; Escape or q goes back. From a table, the keys of that table first."""

    BINDINGS = [
        Binding("escape,q", "app.pop_screen", "Back", id="back"),
    ]

    def __init__(self, game_id: str, active: dict[str, Any] | None = None, keys: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.active = active
        self.keys = keys

    def compose(self) -> ComposeResult:
        text = rules_markdown(self.game_id, self.active)
        yield MarkdownViewer(f"{self.keys}\n{text}" if self.keys else text, show_table_of_contents=False)
        yield Footer()
