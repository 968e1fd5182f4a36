"""The replay viewer draws the panels a view declares (board, chips, auction), with the
table's own shared code (cardtable/tui/panels.py): they show, step with the moves, and keep
hidden cards hidden from a seat's view; and snapshots of each at 80x24 and 110x34."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from test_replay_screen import viewer_app
from tui_helpers import run_until, until

from cardtable.engine import new_game
from cardtable.replay import Replay
from cardtable.tui.board import BoardWidget, SeatsPanel
from cardtable.tui.screens.replay import OPEN, ReplayScreen
from cardtable.tui.widgets import AuctionPanel, ChipsPanel, HandWidget

PLAYERS = {"joker-marbles": 4, "joker-poker": 3, "five-hundred": 4}
NAMES = ["Ann", "Bob", "Cy", "Di"]


def match(game_id: str, moves: int = 30, seed: int = 3) -> Replay:
    """A match of random legal moves (not finished: only seat views are allowed)."""
    game = new_game(game_id, NAMES[: PLAYERS[game_id]], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return Replay(game.record())


@asynccontextmanager
async def opened(tmp_path: Path, replay: Replay) -> AsyncIterator[tuple[Any, ReplayScreen]]:
    """The viewer on ``replay`` at 110x34, once its screen is up: (pilot, screen)."""
    app = viewer_app(tmp_path, replay)
    async with run_until(app, lambda: isinstance(app.screen, ReplayScreen), (110, 34)) as pilot:
        assert isinstance(app.screen, ReplayScreen)
        yield pilot, app.screen


def shown(widget) -> str:
    return str(widget.render()) if widget.display else ""


async def test_joker_replay_draws_the_board_and_seats_and_steps(tmp_path) -> None:
    replay = match("joker-marbles")
    async with opened(tmp_path, replay) as (pilot, screen):
        board = screen.query_one(BoardWidget)
        assert board.display and board.board == replay.view(0, 0).board
        assert "Ann" in shown(screen.query_one(SeatsPanel))
        await pilot.press("right", "right", "right")
        await until(pilot, lambda: screen.position == 3)
        assert board.board == replay.view(3, 0).board != replay.view(0, 0).board
        await pilot.press("left")
        await until(pilot, lambda: board.board == replay.view(2, 0).board)


async def test_poker_replay_draws_chips_and_hides_other_hands(tmp_path) -> None:
    replay = match("joker-poker", moves=8)
    async with opened(tmp_path, replay) as (pilot, screen):
        chips = screen.query_one(ChipsPanel)
        assert chips.display and "Ann:" in shown(chips)
        before = shown(chips)
        first = replay.view(0, 0).chips
        assert first is not None
        stepped = next(
            p
            for p in range(1, len(replay) + 1)
            if (c := replay.view(p, 0).chips) is not None
            and (c.stacks, c.committed) != (first.stacks, first.committed)
        )
        await pilot.press(*["right"] * stepped)
        await until(pilot, lambda: screen.position == stepped)
        assert shown(chips) != before  # the chips follow the moves
        # Ann's view: only her own hand is drawn; Bob's cards appear nowhere.
        assert screen.viewer == 0
        hands = list(screen.query(HandWidget))
        assert [list(h.cards) for h in hands] == [list(replay.view(stepped, 0).hand)]
        bob = set(replay.view(stepped, 1).hand) - set(replay.view(stepped, 0).hand)
        assert bob and not any(card in hands[0].cards for card in bob)
        await pilot.press("v")
        await until(pilot, lambda: screen.viewer == 1)
        assert screen.viewer != OPEN
        assert [list(h.cards) for h in screen.query(HandWidget)] == [list(replay.view(stepped, 1).hand)]


async def test_five_hundred_replay_draws_the_auction_then_the_trick(tmp_path) -> None:
    replay = match("five-hundred", moves=12)
    async with opened(tmp_path, replay) as (pilot, screen):
        auction = screen.query_one(AuctionPanel)
        assert auction.display and replay.view(0, 0).auction is not None
        await pilot.press("right")
        await until(pilot, lambda: screen.position == 1)
        first = replay.move_text(0).split(": ", 1)[0]
        assert first in shown(auction)
        assert not auction.border_title or "your call" not in str(auction.border_title)
        end = next(p for p in range(len(replay) + 1) if replay.view(p, 0).auction is None)
        await pilot.press(*["right"] * (end - 1))
        await until(pilot, lambda: screen.position == end)
        assert not auction.display


@pytest.mark.parametrize("size", [(80, 24), (110, 34)])
@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_replay_panels_snapshot(snap_compare, tmp_path, game_id, size) -> None:
    app = viewer_app(tmp_path, match(game_id, moves=12))
    assert snap_compare(app, press=["right"] * 6, terminal_size=size)
