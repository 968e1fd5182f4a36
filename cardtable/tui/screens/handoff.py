"""The hand-off: a full, opaque screen between two people's turns."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from cardtable.tui.screens.deliberate import Deliberate


class HandoffScreen(Deliberate, Screen[None]):
    """ "Pass to Bob — press Enter". Nothing of any hand is on this screen.

    Only Enter (or a click) passes it, and not in its first moment: Space is the select key
    and a key repeated by the player before would show Bob's hand to them."""

    BINDINGS = [Binding("enter", "ready", "I am Bob: show my hand", id="ready", show=False)]

    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $panel; }
    HandoffScreen #handoff-box { width: 52; height: auto; border: heavy $primary; padding: 1 2; background: $surface; }
    HandoffScreen #handoff-title { text-align: center; text-style: bold; color: $primary; }
    HandoffScreen #handoff-help { text-align: center; color: $foreground; margin-top: 1; }
    """

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            yield Static(f"Pass to {self.player}", id="handoff-title")
            yield Static(
                (self.note + "\n\n" if self.note else "")
                + f"{self.player}, press Enter when only you can see the screen.",
                id="handoff-help",
            )

    def on_mount(self) -> None:
        self.start_grace()

    def on_click(self) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        if self.fresh():
            self.dismiss(None)
