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
