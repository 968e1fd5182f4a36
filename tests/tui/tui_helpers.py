"""Helpers shared by the TUI tests (a name of its own: tests/games has a ``support`` module too)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any


async def until(pilot: Any, condition: Callable[[], object], tries: int = 500) -> None:
    """Wait (briefly, many times: up to 10 s of sleeps) for the app to reach a state; a
    machine under a load of 10 on 2 cores took over 2 s for a screen change."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


@asynccontextmanager
async def run_until(
    app: Any, condition: Callable[[], object], size: tuple[int, int] = (100, 32)
) -> AsyncIterator[Any]:
    """Run ``app`` in a terminal of ``size`` and give its pilot once ``condition()`` holds."""
    async with app.run_test(size=size) as pilot:
        await until(pilot, condition)
        yield pilot


def seated(app: Any, size: tuple[int, int] = (100, 32), ready: Callable[[], object] | None = None) -> Any:
    """:func:`run_until` the table shows, and ``ready()`` holds (by default: the table shows
    seat 0, Ann, her hand): where most table tests start."""
    from cardtable.tui.screens.table import TableScreen

    def condition() -> object:
        return isinstance(app.screen, TableScreen) and (ready() if ready else app.screen.viewer == 0)

    return run_until(app, condition, size)


def said(app: Any) -> str:
    """What the table says now: its message line above the hand (issue 24 item 3: no toasts
    over the hand) and its status line (which carries the message while no hand shows)."""
    from cardtable.tui.widgets import HandWidget

    screen = app.screen
    return screen.query_one(HandWidget).message.plain + "\n" + str(screen.query_one("#status").render())


def indian_session(tmp_path: Any, hand: str) -> Any:
    """Indian Rummy with Ann's 13 cards stacked (5s wild, QD to draw) against a random bot."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    deal = {"hands": [hand, None], "wild": "5C", "stock": "QD"}
    game = new_game("indian-rummy", players=["Ann", "Bob"], seed=4, deal=deal)
    return Session(game, [None, "random"], tmp_path / "autosave.ctr")
