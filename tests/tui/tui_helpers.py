"""Helpers shared by the TUI tests (a name of its own: tests/games has a ``support`` module too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


async def until(pilot: Any, condition: Callable[[], object], tries: int = 100) -> None:
    """Wait (briefly, many times) for the app to reach a state; loaded machines are slow."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


def said(app: Any) -> str:
    """What the table says now: its message line above the hand (issue 24 item 3: no toasts
    over the hand) and its status line (which carries the message while no hand shows)."""
    from cardtable.tui.widgets import HandWidget

    screen = app.screen
    return screen.query_one(HandWidget).message.plain + "\n" + str(screen.query_one("#status").render())
