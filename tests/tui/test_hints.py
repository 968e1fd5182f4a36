"""The hint key (a suggested move with why, its cards selected), the arrange key, computer
levels in the picker's seats and the hints shown in the score table."""

from __future__ import annotations

from textual.widgets import DataTable
from tui_helpers import said, seated, until

from cardtable.engine.cards import card_faces
from cardtable.tui.screens.table import ScoresScreen, TableScreen
from cardtable.tui.widgets import HandWidget


def status(app) -> str:
    return said(app)


async def test_hint_suggests_selects_and_counts(make_app, stacked):
    session = stacked(bots=[None, "medium"])
    app = make_app(session)
    async with seated(app) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: "Hint" in status(app))
        assert "Hint (press d) — draw from the stock" in status(app)
        await pilot.press("d")
        await pilot.press("s")
        await until(pilot, lambda: "enough to open" in status(app))
        assert "— meld K♠ K♦ K♣ + 7♥ 8♥ 9♥ = 54, enough to open" in status(app)  # faces, not notation
        table = app.screen
        hand = table.hand_cards(0)
        assert sorted(hand[i].name for i in table.selected) == ["KC", "KD", "KS"]
        await pilot.press("m")  # the hinted meld is selected: its key plays it
        await until(pilot, lambda: len(session.game.melds) == 1)
        assert session.hints == [2, 0]


async def test_arrange_orders_the_hand_into_melds(make_app, stacked):
    session = stacked(bots=[None, "medium"])
    app = make_app(session)
    async with seated(app) as pilot:
        await pilot.press("r")
        await pilot.pause()
        shown = list(app.screen.query_one(HandWidget).cards)
        assert sorted(shown[:3]) == ["KC", "KD", "KS"]
        assert sorted(shown[3:9]) == sorted(["7H", "8H", "9H", "2C", "3C", "4C"])
        assert "Arranged: 3 melds" in status(app)


async def test_score_table_shows_hints_used(make_app, stacked):
    session = stacked()
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        view = session.game.view(None)
        app.push_screen(ScoresScreen(view, False, [3, 0]))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        last = table.get_row_at(table.row_count - 1)
        assert [str(c) for c in last] == ["Hints used", "3", "0"]


async def test_the_key_plays_the_hinted_joker_set_and_asks_which_without_a_hint(make_app, tmp_path):
    """'m' on a set with a joker asks what the joker stands for; after a hint the key plays
    the hinted choice (the hint already said which), and without one it asks."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.screens.choices import ChoiceModal

    ann = "KS KD JK QS QD QC 9H 9C 9D 2S 4H 6C 8D"
    game = new_game("scala40", players=["Ann", "Bob"], seed=1, deal={"hands": [ann, None], "stock": "5H"})
    game.play("draw")
    session = Session(game, [None, "medium"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: "enough to open" in status(app))
        hinted = app.screen.hinted
        assert hinted is not None and "JK=" in str(hinted) and card_faces(str(hinted)[5:]) in status(app)
        app.screen.hinted = None  # no hint: the key asks which
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        # the choices name the cards as the hand shows them (K♥), not in notation (KH)
        assert session.show(str(hinted)) in app.screen.moves and len(app.screen.moves) == 2
        assert all("♥" in m or "♠" in m for m in app.screen.moves), app.screen.moves
        shown = {session.show(str(m)): str(m) for m in session.game.legal_moves()}
        other = shown[next(m for m in app.screen.moves if m != session.show(str(hinted)))]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        # had the hint named the other suit, the key plays that one, asking nothing
        app.screen.hinted = session.game.find_move(other)
        await pilot.press("m")
        await until(pilot, lambda: len(session.game.melds) == 1)
        assert not isinstance(app.screen, ChoiceModal)
        joker = next(t for t in other.split() if t.startswith("JK="))
        laid = session.game.melds[0]
        assert [r.name for c, r in zip(laid.cards, laid.reps, strict=True) if c.name == "JK"] == [joker[3:]]


async def test_a_hint_does_not_stay_up_over_the_next_players_hand_off(make_app, stacked):
    """A hint names the cards of the player who asked: once they move, it goes, so neither
    the hand-off screen nor the next person's table shows it (as a toast it stayed up for its
    8 seconds, over Bob's table too; now it is the message line above the hand)."""
    from cardtable.tui.screens.handoff import HandoffScreen

    session = stacked()  # two people at one keyboard
    app = make_app(session)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")  # Ann takes the keyboard
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        await pilot.press("d")
        await pilot.press("s")
        await until(pilot, lambda: "K♠ K♦ K♣" in said(app))  # faces, not notation
        drawn = app.screen.hand_cards(0)[-1].name
        keys = ["space" if ch == " " else ch for ch in f"discard {drawn}"]
        await pilot.press("colon", *keys, "enter")  # she throws the drawn card instead
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")  # Bob takes the keyboard
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 1)
        await pilot.pause(0.1)
        assert "Hint" not in said(app) and "K♠ K♦ K♣" not in said(app)


async def test_a_board_hint_reads_as_words_with_its_key_first(make_app, tmp_path):
    """Playtest (Joker at 80x24): the hint read 'Hint — JK:BS*61xY: joker: the blue marble …'
    and was cut before its key. Now the key comes first and the reason names the card as the
    hand shows it, with no notation before it."""
    import re

    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("joker-marbles", players=["Ann", "Bob", "Cy", "Di"], seed=2)
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (80, 24), lambda: game.to_act == 0) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: "Hint" in app.screen.last_message)
        text = app.screen.last_message
        assert re.match(r"Hint \(press \w\) — (play \S+: |no move)", text), text
        assert not re.search(r"[♠♥♦♣K]:(out|[A-Z]\d)", text), text  # no 'J♦:out B' or '8♣:B7<71'


async def test_a_long_hint_keeps_to_one_line_and_leaves_the_auction_whole_at_80x24(make_app, tmp_path):
    """Playtest (Five Hundred at 80x24): a two-line hint took the auction panel's last row.
    On a short screen a message keeps to one line, ending with '…'."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.widgets import AuctionPanel, HandWidget

    game = new_game("five-hundred", players=["Ann", "Bob", "Cy", "Di"], seed=3)
    session = Session(game, [None, "medium", "medium", "medium"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (80, 24), lambda: game.to_act == 0 and game.phase == "bid") as pilot:
        area = app.screen.query_one(AuctionPanel).parent  # the panels above the hand, clipped to it
        await pilot.pause()
        whole = area.region.height
        await pilot.press("s")
        await until(pilot, lambda: "Hint" in app.screen.last_message)
        await pilot.pause()
        hand = app.screen.query_one(HandWidget)
        first = str(hand.render()).split("\n")[0]
        assert len(app.screen.last_message) > 80 and first.startswith("Hint (") and first.endswith("…")
        assert area.region.height == whole  # the auction kept every row it had


async def test_a_long_refusal_is_shown_whole_at_80x24(make_app, tmp_path):
    """Playtest: refusals were cut at 80 columns like hints. A refusal says what is wrong and
    what to do, so it takes a second line even on a short screen."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.widgets import HandWidget

    game = new_game("five-hundred", players=["Ann", "Bob", "Cy", "Di"], seed=3)
    session = Session(game, [None, "medium", "medium", "medium"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (80, 24), lambda: game.to_act == 0 and game.phase == "bid") as pilot:
        await pilot.press("colon")
        await pilot.press(*"discard 7H 8H 9H", "enter")  # refused: the kitty comes after the auction
        await until(pilot, lambda: app.screen.last_message.startswith("✗"))
        await pilot.pause()
        reason = app.screen.last_message
        rows = str(app.screen.query_one(HandWidget).render()).split("\n")[:2]
        shown = " ".join(row.strip() for row in rows)
        assert len(reason) > 100 and "…" not in shown, shown
        assert shown.startswith(reason[:60]) and reason.split()[-1] in shown


async def test_a_hint_says_its_verb_once(make_app, tmp_path):
    """Playtest: 'Hint (press u) — out K♥: out: every card is in a meld' said 'out' twice."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("progressive-rummy", players=["Ann", "Bob"], seed=4)
    session = Session(game, [None, "medium"], tmp_path / "autosave.ctr")
    while game.to_act != 0 or session.hint().move.kind != "out":  # Ann's hints, to going out
        assert game.phase not in ("deal-over", "match-over")
        session.play(session.hint().move) if game.to_act == 0 else session.bot_move()
    app = make_app(session)
    async with seated(app, (110, 34), lambda: game.to_act == 0) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: "Hint" in app.screen.last_message)
        message = app.screen.last_message
        assert message.startswith("Hint (press u) — out ") and message.count("out") == 1, message
