"""A one-line prompt at the foot of a screen (the table's typed move, the replay's deal
number): hidden until opened, hidden again on Enter or Escape, focus handed back."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget
from textual.widgets import Input


class PromptLine(Input):
    """An :class:`~textual.widgets.Input` shown only while a screen asks for a line.

    ``open`` shows it empty and focused; ``take`` (on ``Input.Submitted``) hides it and gives
    the stripped text; Escape hides it. Either way the focus goes back where ``open`` was told.
    """

    DEFAULT_CSS = """
    PromptLine { dock: bottom; margin-bottom: 1; }
    """

    def __init__(self, placeholder: str, id: str) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.return_to: Widget | None = None

    def on_mount(self) -> None:
        self.display = False

    def open(self, return_to: Widget | None = None) -> None:
        """Show the prompt, empty and focused; ``return_to`` gets the focus when it closes."""
        self.return_to = return_to
        self.display = True
        self.value = ""
        self.focus()

    def close(self) -> None:
        """Hide the prompt and hand the focus back."""
        self.display = False
        if self.return_to is not None:
            self.return_to.focus()
        else:
            self.screen.set_focus(None)

    def take(self) -> str:
        """Close the prompt and return what was typed, stripped."""
        self.close()
        return self.value.strip()

    def on_key(self, event: Any) -> None:
        if event.key == "escape" and self.display:
            self.close()
            event.stop()
            event.prevent_default()
