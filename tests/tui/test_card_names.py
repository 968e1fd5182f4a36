"""Issue 24 item 16: one name per card in everything a player reads. Hints, the log and
refusals name a card as the hand shows it (4★ for Five Crowns' star suit, JK for a joker,
10♥), in the table and in the replay viewer; the move notation (4X) stays in records."""

from __future__ import annotations

import re

from tui_helpers import said, seated, until

from cardtable.engine import new_game
from cardtable.replay import Replay
from cardtable.session import Session
from cardtable.tui.screens.replay import ReplayScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget

NOTATION = re.compile(r"(?<![0-9A-Za-z=])(10|[2-9AJQK])[SHDCX](?![0-9A-Za-z])")
"""A card in notation standing alone in a sentence ('4X', 'QH')."""


def five_crowns(tmp_path, bob: str | None = "random") -> Session:
    """Round 1 of Five Crowns (3 cards, 3s and jokers wild): Ann holds 4★ JK 9♠ and draws K★."""
    deal = {"hands": ["4X JK 9S", "5H 6H 9D"], "stock": "KX 7C"}
    game = new_game("progressive-rummy", ["Ann", "Bob"], seed=1, preset="Five Crowns", deal=deal)
    return Session(game, [None, bob], tmp_path / "autosave.ctr")


async def test_a_hint_a_refusal_and_the_log_name_star_cards_and_jokers_as_the_hand(make_app, tmp_path):
    session = five_crowns(tmp_path)
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        table = app.screen
        hand = table.query_one(HandWidget)
        assert "4★" in hand.render().plain and "JK" in hand.render().plain  # the form to match
        await pilot.press("d")  # draws K★
        await until(pilot, lambda: len(session.game.hand(0)) == 4)
        await pilot.press("s")
        await until(pilot, lambda: "Hint" in said(app))
        hint = said(app)  # e.g. "Hint (press x) — discard K★: the rest leaves 63 points loose"
        assert any(face in hint for face in ("4★", "K★", "9♠", "JK")) and not NOTATION.search(hint), hint
        table.play_move("discard 7X")  # typed: a card Ann does not hold
        await until(pilot, lambda: "✗" in said(app))
        assert "7★" in said(app) and "7X" not in said(app), said(app)
        table.play_move("out 4X")  # the rest (JK 9♠ K★) is no meld: the refusal names them
        await until(pilot, lambda: "without 4★" in said(app))
        assert "JK 9♠ K★" in said(app), said(app)
        assert not NOTATION.search(said(app)), said(app)
        table.play_move("discard 4X")
        await until(pilot, lambda: "Ann discarded 4★" in str(table.query_one("#log-text").render()))
        log = str(table.query_one("#log-text").render())
        assert "4X" not in log
    assert "discard 4X" in session.game.record()  # the record keeps the notation


def test_a_joker_in_the_log_is_named_as_the_hand_names_it(tmp_path):
    session = five_crowns(tmp_path, bob=None)
    session.faces = True
    for move in ("draw", "discard 4X", "draw", "discard 6H", "draw", "discard JK"):
        session.play(move)
    log = session.view(0).log
    assert "Ann discarded 4★" in log and "Ann discarded JK" in log, log
    assert not any(NOTATION.search(line) for line in log), log


async def test_the_replay_names_cards_as_its_hands_do(tmp_path):
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.settings import Settings

    session = five_crowns(tmp_path, bob=None)
    for move in ("draw", "discard 4X", "draw", "discard 6H"):
        session.play(move)
    app = CardTableApp(
        settings=Settings(bot_delay=0.0),
        settings_file=tmp_path / "settings.json",
        save_path=tmp_path / "other.ctr",
        replay=Replay(session.game.record()),
    )
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("right", "right")
        await until(pilot, lambda: screen.position == 2)
        status = str(screen.query_one("#status").render())
        log = str(screen.query_one("#log-text").render())
        assert "Last: Ann: discard 4★" in status and "Ann discarded 4★" in log, (status, log)
        assert not NOTATION.search(status + log)


async def test_selection_shows_without_colour_under_the_cursor_too(make_app, stacked):
    """Playtest: a selected card was marked by colour and underline alone once the cursor
    stood on it (the cursor's mark took the dot's place); in ASCII mode the dot was not ASCII."""
    from cardtable.tui.widgets import HandWidget

    for ascii_cards, caret, dot in ((False, "▲", "•"), (True, "^", "*")):
        app = make_app(stacked([None, "random"]), ascii_cards=ascii_cards)
        async with seated(app):
            hand = app.screen.query_one(HandWidget)
            hand.show(["7H", "8H", "9H"], {0, 2}, 0)
            marks = str(hand.render()).split("\n")[-1]
            assert marks.split() == [caret + dot, dot], marks
