"""The table: playing by keys, hand-offs that never show the wrong hand, refusals, scores."""

from __future__ import annotations

from textual.widgets import DataTable
from tui_helpers import indian_session, said, seated, until

from cardtable.session import Session
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.table import ScoresScreen, TableScreen
from cardtable.tui.widgets import HandWidget


async def type_move(pilot, text: str) -> None:
    await pilot.press("colon")
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.press("enter")
    await pilot.pause()


async def past_handoff(pilot, app) -> None:
    await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer is not None)


def shown_hand(app) -> list[str]:
    return list(app.screen.query_one(HandWidget).cards)


async def test_whole_deal_by_keys_with_handoffs_and_scores(make_app, stacked):
    session = stacked()
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Ann" in str(app.screen.query_one("#handoff-title").render())
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert sorted(shown_hand(app)) == sorted(c.name for c in session.game.hand(0))
        await pilot.press("d")
        await type_move(pilot, "meld 7H 8H 9H")
        await type_move(pilot, "meld KS KD KC")
        assert session.game.view(0).seats[0].badges[0] == "opened"
        await type_move(pilot, "discard QD")
        # Bob's turn: the table goes blank before the hand-off and shows Bob only after Enter.
        assert isinstance(app.screen, HandoffScreen)
        assert table.query_one(HandWidget).cards == []
        await pilot.press("enter")
        await pilot.pause()
        assert sorted(shown_hand(app)) == sorted(c.name for c in session.game.hand(1))
        ann = {c.name for c in session.game.hand(0)}
        assert not ann & set(shown_hand(app)) - {c.name for c in session.game.hand(1)}
        await pilot.press("d")
        await type_move(pilot, "discard 2D")
        await pilot.press("enter")  # hand-off back to Ann
        await pilot.pause()
        await pilot.press("d")
        await type_move(pilot, "meld 2C 3C 4C")
        remaining = [c.name for c in session.game.hand(0)]
        assert len(remaining) == 1
        await type_move(pilot, f"discard {remaining[0]}")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        grid = app.screen.query_one(DataTable)
        assert grid.row_count == 2  # the deal and the total
        assert session.game.deal_scores[0][0] == 0 and session.game.deal_scores[0][1] > 0
        await pilot.press("enter")  # next deal
        await pilot.pause()
        assert session.game.deal_scores and session.game.phase == "draw"
        assert session.game.view(None).deal_number == 2


async def test_illegal_gesture_shows_reason_and_changes_nothing(make_app, stacked):
    session = stacked()
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await past_handoff(pilot, app)
        before = session.game.record()
        await pilot.press("t")  # take before opening: refused by the engine
        await until(pilot, lambda: "only after you have opened" in said(app))
        assert session.game.record() == before
        await pilot.press("d")
        # select the first three cards as dealt (7H 8H 9H) and meld them: fine; then a bad meld
        await pilot.press("space", "right", "space", "right", "right", "right", "space", "m")
        await pilot.pause()
        assert "neither a run" in said(app) or len(session.game.melds) == 1


async def test_single_human_against_bot_needs_no_handoff(make_app, stacked):
    session = stacked(bots=[None, "random"])
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("d")
        await type_move(pilot, "discard QD")
        for _ in range(20):
            await pilot.pause(0.05)
            if session.game.to_act == 0:
                break
        assert session.game.to_act == 0
        assert isinstance(app.screen, TableScreen)
        assert any(line.startswith("Bob") for line in session.game.log)


async def test_resume_after_quitting(make_app, stacked, tmp_path):
    session = stacked()
    session.autosave()
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await past_handoff(pilot, app)
        await pilot.press("d")
        await until(pilot, lambda: session.game.phase == "play")
        await pilot.press("ctrl+q")
    again = Session.resume(tmp_path / "autosave.ctr")
    assert again.game.snapshot() == session.game.snapshot()
    assert again.game.phase == "play"


async def test_too_small_terminal_says_how_big(make_app, stacked):
    app = make_app(stacked())
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#too-small-text").render())
        assert "at least 80×24" in text and "60×20" in text

    # no scroll bar of the table below shows through (a stray '▇▇' in the corner)
    app = make_app(stacked([None, "random"]))
    async with app.run_test(size=(60, 18)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        assert not (app.screen.show_vertical_scrollbar or app.screen.show_horizontal_scrollbar)


async def test_picker_to_scores_by_key_presses(make_app, monkeypatch):
    """Through the real picker: start, hand-offs, a whole deal, the score table."""
    import cardtable.session as session_module
    from cardtable.engine import new_game

    deal = {
        "hands": ["7H 8H 9H KS KD KC 2C 3C 4C", "2D 6D 10S QS 4H 6H 8S 2H 8C 10C 3S 9S 7C"],
        "stock": "QD JS 5H JD",
        "discard": "AS",
    }

    def stacked_new_game(game_id, players, rules=None, seed=None, preset=None):
        return new_game(game_id, players=players, rules=rules, seed=11, deal=deal, preset=preset)

    monkeypatch.setattr(session_module, "new_game", stacked_new_game)
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        game = app.session.game
        script = [
            ("d", None),
            (None, "meld 7H 8H 9H"),
            (None, "meld KS KD KC"),
            (None, "discard QD"),
            ("enter", None),  # hand-off to Bob
            ("d", None),
            (None, "discard 2D"),
            ("enter", None),  # hand-off to Ann
            ("d", None),
            (None, "meld 2C 3C 4C"),
            (None, "discard 5H"),
        ]
        for key, text in script:
            if key:
                await pilot.press(key)
                await pilot.pause()
            else:
                await type_move(pilot, text)
            if isinstance(app.screen, TableScreen) and app.screen.viewer is not None:
                viewer = app.screen.viewer
                assert sorted(shown_hand(app)) == sorted(c.name for c in game.hand(viewer))
        assert isinstance(app.screen, ScoresScreen)
        assert game.deal_scores[0][0] == 0
        assert "Ann closed" in str(app.screen.query_one("#scores-result").render())


async def test_mouse_clicks_draw_select_and_lay_off(make_app, stacked):
    session = stacked()
    game = session.game
    for move in ("draw", "meld 7H 8H 9H", "meld KS KD KC", "discard QD", "draw", "discard 2D"):
        game.play(move)
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await past_handoff(pilot, app)
        await pilot.click("#stock")
        await until(pilot, lambda: game.phase == "play")
        assert len(game.hand(0)) == 4  # 2C 3C 4C and the 5H drawn
        table = app.screen
        hand = [c.name for c in table.hand_cards(0)]
        # click the 5H card (hand row 0; cards are 4 wide plus a gap, after 1 cell of padding)
        index = hand.index("5H")
        await pilot.click("#hand", offset=(2 + 5 * index, 1))
        await until(pilot, lambda: table.selected == {index})
        await pilot.click(".empty-note" if not game.melds else "MeldLine")
        await pilot.pause()
        # 5H fits neither meld: the reason is shown and nothing changed
        assert "5H" not in {c.name for m in game.melds for c in m.cards}
        assert "does not fit" in said(app)


async def test_page_one_table_shows_the_trick_and_the_tricks_pile(make_app, tmp_path):
    from cardtable.engine import new_game
    from cardtable.tui.widgets import PileWidget, TrickArea

    game = new_game("page-one", players=["Ann", "Bob"], seed=5)
    session = Session(game, [None, "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (100, 32), lambda: game.to_act == 0) as pilot:
        screen = app.screen
        assert screen.query_one("#discard", PileWidget).border_title == "tricks"
        assert screen.query_one("#stock", PileWidget).border_title == "stock"
        play = next(m for m in game.legal_moves() if m.kind == "play")
        await type_move(pilot, str(play))
        await until(pilot, lambda: game.to_act == 0 or game.phase != "play")
        trick = str(screen.query_one(TrickArea).render())
        assert "Ann" in trick or "last trick" in trick


async def test_enter_goes_out_with_the_cursor_card_when_the_rest_melds(make_app, tmp_path):
    from cardtable.engine import new_game

    deal = {"hands": ["5H 6H 9D", "2C 8S KD"], "stock": "3C 4D 7S", "discard": "KS"}
    game = new_game("progressive-rummy", players=["Ann", "Bob"], seed=1, deal=deal)
    session = Session(game, [None, "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app) as pilot:
        await pilot.press("d")
        await until(pilot, lambda: len(game.hand(0)) == 4)
        screen = app.screen
        screen.cursor = shown_hand(app).index("9D")
        await pilot.press("enter")
        await until(pilot, lambda: not game.hand(0))
        assert any("Ann went out" in line for line in game.log)
        assert screen.query_one("#melds").display


async def test_keys_of_verbs_without_cards_and_enter_names_them(make_app, tmp_path):
    from cardtable.engine import new_game

    game = new_game("gin", players=["Ann", "Bob"], seed=3)
    session = Session(game, [None, None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await past_handoff(pilot, app)
        assert {m.kind for m in game.legal_moves()} == {"take", "pass"}
        seat = game.to_act
        await pilot.press("enter")
        assert "t take" in app.screen.last_message and "z pass" in app.screen.last_message
        await pilot.press("z")
        await until(pilot, lambda: game.to_act != seat)
        assert any("pass" in line for line in game.log)


async def test_a_wrong_show_asks_first_and_going_back_changes_nothing(make_app, tmp_path):
    from cardtable.engine import new_game
    from cardtable.tui.screens.choices import ChoiceModal

    game = new_game("indian-rummy", players=["Ann", "Bob"], seed=4)
    session = Session(game, [None, "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (100, 32), lambda: game.to_act == 0) as pilot:
        await pilot.press("d")
        await until(pilot, lambda: len(game.hand(0)) == 14)
        before = game.snapshot()
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        assert "wrong show" in app.screen.prompt and "80 points" in app.screen.prompt
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert game.snapshot() == before
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        await pilot.press("enter")  # the first option: yes
        await until(pilot, lambda: any("wrong" in line.lower() for line in game.log))


async def test_indian_table_shows_the_cut_card_and_a_declare_panel_that_follows_the_cursor(
    make_app, tmp_path
):
    from cardtable.tui.widgets import FaceUpCard, GroupsPanel

    session = indian_session(tmp_path, "AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK")
    game = session.game
    app = make_app(session)
    async with seated(app, (80, 24), lambda: game.to_act == 0) as pilot:
        table = app.screen
        (cut,) = table.query(FaceUpCard)
        assert cut.border_title == "cut card" and "5s wild" in str(cut.render())
        panel = table.query_one(GroupsPanel)
        assert panel.display and panel.border_title == "your groups" and panel.has_class("ready")
        await pilot.press("d")
        await until(pilot, lambda: len(game.hand(0)) == 14)
        # The drawn card comes last, under the cursor: declaring with it is valid.
        assert shown_hand(app)[table.cursor] == "QD"
        assert panel.border_title == "declare with Q♦" and panel.has_class("ready")
        await pilot.press("left")
        await pilot.pause()
        assert panel.border_title == f"declare with {shown_hand(app)[table.cursor]}"
        assert not panel.has_class("ready") and "wrong show costs 80" in str(panel.render())
        # not ready is marked plainly, not with the refusals' cross (a playtest read it as an error)
        assert "· " in str(panel.render()) and "✗" not in str(panel.render())


async def test_enter_draws_when_drawing_is_the_only_move(make_app, tmp_path):
    """Page One: a player who cannot follow suit must draw; Enter does it (no key to learn)."""
    from cardtable.engine import new_game

    deal = {"hands": ["3H 4H 5H 6H", "9S 5D 5S 2C"], "stock": "2D 7H"}
    game = new_game("page-one", players=["Ann", "Bob"], seed=1, deal=deal)
    session = Session(game, ["random", None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (100, 32), lambda: app.screen.viewer == 1) as pilot:
        assert {m.kind for m in game.legal_moves()} == {"draw"}
        await pilot.press("enter")
        await until(pilot, lambda: len(game.hand(1)) == 5)
        assert [c.name for c in game.hand(1)][-1] == "2D"


async def test_a_turn_starts_with_the_cursor_on_a_card_that_may_be_played(make_app, tmp_path):
    """Page One: hearts were led and only 7H follows; the cursor starts on it (not on the
    first card, which Enter would only have refused), so Enter plays it."""
    from cardtable.engine import new_game

    deal = {"hands": ["3H 4H 5H 6H", "9S 5D 7H 2C"], "stock": "2D 8H"}
    game = new_game("page-one", players=["Ann", "Bob"], seed=1, deal=deal)
    session = Session(game, ["random", None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (100, 32), lambda: app.screen.viewer == 1) as pilot:
        assert {str(m) for m in game.legal_moves() if m.kind == "play"} == {"play 7H"}
        assert shown_hand(app)[app.screen.cursor] == "7H"
        await pilot.press("enter")
        await until(pilot, lambda: "7H" not in [c.name for c in game.hand(1)])
        assert any("7H" in line for line in game.log)


async def test_auction_panel_shows_the_calls_and_bids_by_number_then_suit(make_app, tmp_path):
    from cardtable.engine import new_game
    from cardtable.tui.screens.choices import AuctionModal
    from cardtable.tui.widgets import AuctionPanel

    game = new_game("five-hundred", players=["Ann", "Bob", "Cat", "Dan"], seed=3)
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (80, 24), lambda: game.to_act == 0) as pilot:
        panel = app.screen.query_one(AuctionPanel)
        shown = str(panel.render())
        assert panel.display and "to beat: nothing yet" in shown and "220" in shown and "z pass" in shown
        assert "misère 250" not in shown  # misère only once somebody has bid seven
        await pilot.press("7")
        await until(pilot, lambda: isinstance(app.screen, AuctionModal))
        await pilot.press("x")  # no call has the keys 7x: said, and nothing is played
        prompt = lambda: str(app.screen.query_one("#auction-prompt").render())  # noqa: E731
        await until(pilot, lambda: "no call has the keys" in prompt())
        await pilot.press("7", "h")
        await until(pilot, lambda: any(line.startswith("Ann bids 7♥") for line in game.log))
        await until(pilot, lambda: game.to_act == 0 or game.phase != "bid")
        if game.phase == "bid":
            shown = str(app.screen.query_one(AuctionPanel).render())
            # at 80x24 the calls keep to one line: the latest that fit, the first giving way to '…'
            last = game.view(0).auction.calls[-1]
            first_line = shown.split("\n")[0]
            assert f"{game.players[last.seat]} {last.label} · to beat:" in first_line, shown
            assert "Ann 7♥" in first_line or first_line.startswith("… "), shown


async def test_the_call_list_takes_the_pass_key_too(make_app, tmp_path):
    """Playtest: in the list of bids (opened with the bid verb's key) 'z', the pass key the
    auction panel names, was refused as 'no call has the keys z'."""
    from cardtable.engine import new_game
    from cardtable.tui.screens.choices import AuctionModal

    game = new_game("five-hundred", players=["Ann", "Bob", "Cat", "Dan"], seed=3)
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (110, 34), lambda: game.to_act == 0) as pilot:
        key = app.screen.call_list_key(app.screen.seen())
        assert key
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, AuctionModal))
        await pilot.press("z")
        await until(pilot, lambda: any(line.startswith("Ann passes") for line in game.log))


async def test_a_call_typed_fast_is_not_split_between_the_table_and_the_chooser(make_app, tmp_path):
    """'7s' typed quickly: the '7' opens the call chooser, and the 's' reached the table before
    the chooser had the focus (a hint instead of the suit). The table passes it on."""
    from cardtable.engine import new_game

    game = new_game("five-hundred", players=["Ann", "Bob", "Cat", "Dan"], seed=3)
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (110, 34), lambda: game.to_act == 0) as pilot:
        table = app.screen
        # both keys in one go, as a fast typist's reach the table before the chooser mounts
        assert table._auction_key("7") and table._auction_key("s")
        await until(pilot, lambda: any(line.startswith("Ann bids 7♠") for line in game.log))
        assert "Hint" not in table.last_message


async def _faces_or_letters(make_app, stacked, ascii_cards: bool, queen: str, refused: str) -> None:
    session = stacked(bots=[None, "medium"])
    app = make_app(session, ascii_cards=ascii_cards)
    async with seated(app) as pilot:
        await pilot.press("d")
        await type_move(pilot, "discard QD")
        await until(pilot, lambda: app.screen.viewer == 0 and session.game.to_act == 0)
        log = str(app.screen.query_one("#log-text").render())
        assert f"Ann discarded {queen}" in log, log
        await pilot.press("d")
        await type_move(pilot, "meld KH 5D")
        assert refused in app.screen.last_message, app.screen.last_message
    assert "discard QD" in session.record()


async def test_log_status_and_refusals_show_card_faces_or_notation_in_ascii_mode(make_app, stacked):
    """Issue 24 items 14 and 16: player-facing text names cards as the hand shows them (Q♦,
    not QD), and suggested moves by their keys; ASCII mode keeps the letters; the record
    keeps the notation."""
    await _faces_or_letters(make_app, stacked, False, "Q♦", "K♥")
    await _faces_or_letters(make_app, stacked, True, "QD", "KH")


async def test_meld_key_before_drawing_says_draw_first(make_app, stacked):
    """Issue 24 item 8: 'm' before drawing said "select the cards first"; the game's answer
    is to draw first (with or without cards selected)."""
    session = stacked(bots=[None, "medium"])
    app = make_app(session)
    async with seated(app) as pilot:
        assert session.game.phase == "draw"
        await pilot.press("m")
        assert "must draw first" in app.screen.last_message, app.screen.last_message
        await pilot.press("space", "right", "space", "right", "space", "m")
        assert "must draw first" in app.screen.last_message, app.screen.last_message
        assert session.game.phase == "draw" and len(session.game.hand(0)) == 9


async def test_a_resumed_table_shows_the_hand_as_the_player_arranged_it(make_app, stacked):
    """Issue 24 item 15: the arrangement is the session's, which the save keeps."""
    session = stacked()
    mine = [c.id for c in session.game.hand(0)]
    session.hand_orders[0] = list(reversed(mine))
    resumed = Session.resume(session.save_path) if session.autosave() else session
    app = make_app(resumed)
    async with app.run_test(size=(100, 32)) as pilot:
        await past_handoff(pilot, app)
        by_id = {c.id: c.name for c in resumed.game.hand(0)}
        assert shown_hand(app) == [by_id[i] for i in reversed(mine)]


async def test_home_and_end_jump_to_the_ends_of_the_hand(make_app, stacked):
    """Issue 24 item 15: Home/End did nothing (the cursor only wraps with the arrows)."""
    session = stacked(bots=[None, "medium"])
    app = make_app(session)
    async with seated(app) as pilot:
        await pilot.press("right", "right", "end")
        assert app.screen.cursor == len(session.game.hand(0)) - 1
        await pilot.press("home")
        assert app.screen.cursor == 0


async def test_a_declare_row_too_long_for_the_panel_goes_on_under_its_cards(make_app, tmp_path):
    """Playtest (Indian Rummy, Gin at 80x24): ten loose cards wrapped under the row's label,
    where they read as a row of their own."""
    from cardtable.tui.widgets import GroupsPanel

    session = indian_session(tmp_path, "3H 9D JH 6D 9C 8C 10D QC 8S 4S KS KH KC")
    game = session.game
    app = make_app(session)
    async with seated(app, (80, 24), lambda: game.to_act == 0) as pilot:
        panel = app.screen.query_one(GroupsPanel)
        await pilot.pause()
        lines = str(panel.render()).splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("ungrouped"))
        assert lines[at + 1].startswith(" " * GroupsPanel.LABEL), lines  # under the cards
        assert all(len(line) <= panel.content_size.width for line in lines[: at + 2]), lines
        shown = " ".join(lines[at : at + 2]).split()[1:]
        assert len(shown) == 10 and "10♦" in shown, shown  # every loose card, once


async def test_the_log_keeps_its_newest_line_in_sight_after_a_resize(make_app, tmp_path):
    """The log shows its newest line: as lines are added and when a resize reflows its text
    (it used to stay where it was, the newest lines below the panel's edge)."""
    from textual.containers import VerticalScroll

    game = new_game_with_long_log(tmp_path)
    session = Session(game, [None, "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with seated(app, (120, 40), lambda: game.to_act == 0) as pilot:
        log = app.screen.query_one("#log", VerticalScroll)
        await until(pilot, lambda: log.scroll_y == log.max_scroll_y)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: log.size.width < 34)  # the narrower log has reflowed
        await until(pilot, lambda: log.scroll_y == log.max_scroll_y)
        assert log.max_scroll_y > 0


def new_game_with_long_log(tmp_path):
    """A Page One game some tricks in, Ann to act, with more log lines than an 80x24 table
    shows."""
    import random

    from cardtable.engine import new_game

    game = new_game("page-one", players=["Ann", "Bob", "Cat"], seed=5)
    rng = random.Random(1)
    while len(game.view(0).log) < 24 or game.to_act != 0:
        assert game.phase not in ("deal-over", "match-over"), "the deal ended before the log was long"
        game.play(rng.choice(game.legal_moves()))
    return game
