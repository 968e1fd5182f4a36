"""The replay viewer: stepping by move and by deal, jumping to a deal, playing at a speed,
seat views and open hands (a finished match only), hints; and a snapshot."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tui_helpers import run_until, until

from cardtable.engine import new_game
from cardtable.replay import Replay
from cardtable.tui.screens.replay import OPEN, ReplayScreen
from cardtable.tui.settings import Settings
from cardtable.tui.widgets import HandWidget
from tests.test_replay import finished_match


def running_match(moves: int = 300) -> Replay:
    game = new_game("gin", ["Ann", "Bob"], seed=2)
    rng = random.Random(2)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    assert not game.is_over and game.view(None).deal_number >= 3
    return Replay(game.record())


def viewer_app(tmp_path: Path, match: Replay):
    from cardtable.tui.app import CardTableApp

    return CardTableApp(
        settings=Settings(bot_delay=0.0),
        settings_file=tmp_path / "settings.json",
        save_path=tmp_path / "autosave.ctr",
        replay=match,
    )


def hands_shown(screen: ReplayScreen) -> list[tuple[str, list[str]]]:
    return [(str(w.border_title), list(w.cards)) for w in screen.query(HandWidget)]


async def test_step_by_move_and_by_deal_and_jump(tmp_path) -> None:
    match = running_match()
    app = viewer_app(tmp_path, match)
    async with run_until(app, lambda: isinstance(app.screen, ReplayScreen)) as pilot:
        screen = app.screen
        assert screen.position == 0 and screen.viewer == 0
        await pilot.press("right", "right", "right", "left")
        await until(pilot, lambda: screen.position == 2)
        # the move as the table says it: Q♣, not the record's QC
        assert screen.show("Last: " + match.move_text(1)) in str(screen.query_one("#status").render())
        await pilot.press("pagedown")
        await until(pilot, lambda: screen.position == match.deal_start(2))
        await pilot.press("pagedown", "pageup")
        await until(pilot, lambda: screen.position == match.deal_start(2))
        await pilot.press("g", "3", "enter")
        await until(pilot, lambda: screen.position == match.deal_start(3))
        assert "hand 3" in str(screen.query_one("#replay-header").render())  # Gin says hand
        await pilot.press("g", "9", "9", "enter")
        await until(pilot, lambda: "there is no deal 99" in str(screen.query_one("#status").render()))
        await pilot.press("end")
        await until(pilot, lambda: screen.position == len(match))
        await pilot.press("right")
        await pilot.pause()
        assert screen.position == len(match)  # the end of the record stays the end


async def test_a_running_match_never_shows_open_hands(tmp_path) -> None:
    match = running_match()
    app = viewer_app(tmp_path, match)
    async with run_until(app, lambda: isinstance(app.screen, ReplayScreen)) as pilot:
        screen = app.screen
        await pilot.press("right")
        seen = []
        for _ in range(3):
            await pilot.pause()
            seen.append(screen.viewer)
            shown = hands_shown(screen)
            assert len(shown) == 1 and shown[0][1] == list(match.view(screen.position, screen.viewer).hand)
            await pilot.press("v")
        assert OPEN not in seen and set(seen) == {0, 1}
        assert "only for a finished match" in str(screen.query_one("#status").render())


async def test_a_finished_match_opens_every_hand_and_hints(tmp_path) -> None:
    match = Replay(finished_match().record())
    app = viewer_app(tmp_path, match)
    async with run_until(app, lambda: isinstance(app.screen, ReplayScreen)) as pilot:
        screen = app.screen
        assert screen.viewer == OPEN
        shown = hands_shown(screen)
        assert [name for name, _ in shown] == ["Ann", "Bob"]
        assert [cards for _, cards in shown] == [list(h) for h in match.open_hands(0)]
        await pilot.press("s")
        hints = screen.query_one("#hints")
        await until(pilot, lambda: "would have played draw" in str(hints.render()))
        await pilot.press("v", "v")  # Ann's view, then Bob's: Ann is to act, so no hint
        await pilot.press("s")
        await until(pilot, lambda: "press v for their view" in str(screen.query_one("#status").render()))


async def test_play_at_a_speed_and_close(tmp_path) -> None:
    match = Replay(finished_match().record())
    app = viewer_app(tmp_path, match)
    async with run_until(app, lambda: isinstance(app.screen, ReplayScreen)) as pilot:
        screen = app.screen
        for _ in range(4):
            await pilot.press("plus")
        assert screen.speed == 4
        await pilot.press("space")
        await until(pilot, lambda: screen.position >= 2)
        await until(pilot, lambda: screen.position == len(match) and screen.player is None, tries=300)
        await pilot.press("minus")
        assert screen.speed == 3
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, ReplayScreen))


@pytest.mark.parametrize("size", [(100, 32)])
def test_replay_screen_snapshot(snap_compare, tmp_path, size) -> None:
    app = viewer_app(tmp_path, Replay(finished_match().record()))
    assert snap_compare(app, press=["right", "right", "right", "right"], terminal_size=size)


async def test_the_log_keeps_some_lines_at_80x24_beside_three_open_hands(tmp_path) -> None:
    """Playtest: replaying a three-player Joker Poker match at 80x24, the log box beside the
    table had no line at all (the hints box below it took every row)."""
    game = new_game("joker-poker", ["Ann", "Bob", "Cat"], rules={"hand_limit": 1}, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    app = viewer_app(tmp_path, Replay(game.record()))
    async with run_until(app, lambda: isinstance(app.screen, ReplayScreen), size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert len(hands_shown(screen)) == 3
        log = screen.query_one("#log")
        assert log.scrollable_content_region.height >= 3, log.region
        assert screen.query_one("#hints").region.height >= 3  # the hint still shows
