"""The hand-off: a full, opaque screen between two people's turns."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    """ "Pass to Bob — press Enter". Nothing of any hand is on this screen."""

    BINDINGS = [Binding("enter,space", "ready", "I am Bob: show my hand", id="ready", show=False)]

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

    def on_click(self) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        self.dismiss(None)
