"""Keys that lost cards or skipped screens by accident (issue 24 items 1, 2, 3, 3b, 3c):
Enter never ends a turn unasked, the footer names the card a key takes, messages sit on
a line above the hand, and a screen that opens under a player's fingers waits for a
deliberate key."""

from __future__ import annotations

from contextlib import asynccontextmanager

from textual.widgets._toast import Toast
from tui_helpers import run_until, said, seated, until

from cardtable.tui.screens import deliberate
from cardtable.tui.screens.choices import ChoiceModal, ConfirmModal
from cardtable.tui.screens.deliberate import TOO_SOON
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.scores import ScoresScreen
from cardtable.tui.screens.table import TableScreen
from cardtable.tui.widgets import HandWidget


def label(app, verb: str) -> str:
    """The footer label of a verb's key now."""
    return next(
        b.description
        for group in app.screen._bindings.key_to_bindings.values()
        for b in group
        if b.id == f"verb-{verb}"
    )


class Clock:
    """The grace period's clock, moved by the test: on a loaded machine a real second can pass
    between a screen's first frame and the next key, which made these tests flaky."""

    def __init__(self, monkeypatch) -> None:
        self.now = 1000.0
        monkeypatch.setattr(deliberate, "monotonic", lambda: self.now)

    async def moment_passes(self, pilot, screen) -> None:
        """Wait for the screen's first frame, then let its grace period run out."""
        await until(pilot, lambda: screen._opened_at is not None)
        self.now += screen.GRACE + 1
        assert screen.fresh()
        # a key pressed in the first moment may have started a button's short "pressed" look,
        # during which the button takes no press (Textual's own timer, on real time)
        await until(pilot, lambda: not screen.query(".-active"))


async def ann_has_drawn(pilot, app, session) -> None:
    await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
    await pilot.press("enter")  # Enter draws in the draw phase
    await until(pilot, lambda: session.game.phase == "play")


@asynccontextmanager
async def drawn(make_app, stacked):
    """Ann's table (Bob a slow computer player) after she drew Q♦: (pilot, app, session)."""
    session = stacked(bots=[None, "medium"])
    app = make_app(session, bot_delay=5.0)
    async with app.run_test(size=(110, 34)) as pilot:
        await ann_has_drawn(pilot, app, session)
        yield pilot, app, session


async def test_enter_after_drawing_asks_before_the_drawn_card_goes(make_app, stacked):
    """Item 1: Enter, Enter threw the drawn card away and passed the turn, nothing selected."""
    async with drawn(make_app, stacked) as (pilot, app, session):
        hand = [c.name for c in session.game.hand(0)]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        assert "Discard Q♦ and end your turn?" in app.screen.question
        await pilot.press("escape")  # no: nothing changed
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert [c.name for c in session.game.hand(0)] == hand and session.game.to_act == 0
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("enter")  # yes
        await until(pilot, lambda: session.game.to_act == 1)
        assert "QD" not in {c.name for c in session.game.hand(0)}


async def test_a_question_ignores_an_enter_repeated_at_once(make_app, stacked, monkeypatch):
    """Item 1: a fast Enter, Enter, Enter after a draw does not answer the question."""
    monkeypatch.setattr(ConfirmModal, "GRACE", 0.6)
    clock = Clock(monkeypatch)
    async with drawn(make_app, stacked) as (pilot, app, session):
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal) and session.game.to_act == 0
        await clock.moment_passes(pilot, app.screen)  # its first moment is over
        await pilot.press("enter")
        await until(pilot, lambda: session.game.to_act == 1)


async def test_x_on_the_drawn_card_asks_and_a_selected_card_goes_at_once(make_app, stacked):
    """Item 3b: x right after drawing threw the drawn card (even a joker) with no question."""
    async with drawn(make_app, stacked) as (pilot, app, session):
        await pilot.press("x")  # the card under the cursor (the drawn Q♦): asks
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("home", "space", "x")  # a card chosen on purpose: no question
        await until(pilot, lambda: session.game.to_act == 1)
        assert not isinstance(app.screen, ConfirmModal)


async def test_the_question_can_be_turned_off_and_the_setting_is_kept(make_app, stacked, tmp_path):
    """Item 1: experienced players skip the question (a setting, saved like the theme)."""
    async with drawn(make_app, stacked) as (pilot, app, session):
        app.toggle_ask_turn_end()
        assert '"ask_turn_end": false' in (tmp_path / "settings.json").read_text()
        await pilot.press("enter")
        await until(pilot, lambda: session.game.to_act == 1)


async def test_the_footer_names_the_card_a_key_takes(make_app, stacked):
    """Item 2: x took the selected card, not the one under the cursor, with no sign which."""
    async with drawn(make_app, stacked) as (pilot, app, session):
        assert label(app, "discard") == "Discard Q♦"  # the drawn card, under the cursor
        await pilot.press("home")
        first = app.screen.hand_cards(0)[0].name
        assert label(app, "discard") == f"Discard {session.show(first)}"
        await pilot.press("space", "end")  # selected, then the cursor moves on: still that one
        assert label(app, "discard") == f"Discard {session.show(first)}"
        await pilot.press("escape")  # Escape clears the selection: the cursor card again
        assert label(app, "discard") == "Discard Q♦"


async def test_messages_sit_above_the_hand_and_no_toast_covers_it(make_app, stacked):
    """Item 3: a 'Not allowed' toast hid the newest cards at the hand's right end."""
    session = stacked(bots=[None, "medium"])
    app = make_app(session, bot_delay=5.0)
    async with app.run_test(size=(110, 34), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        await pilot.press("t")  # refused: take before opening
        hand = app.screen.query_one(HandWidget)
        await until(pilot, lambda: "only after you have opened" in hand.message.plain)
        assert not list(app.screen.query(Toast))
        await pilot.press("s")  # a second message replaces the first: never stacked
        await until(pilot, lambda: "Hint" in hand.message.plain)
        assert "opened" not in hand.message.plain
        app.screen._message_over()  # its time is up: the line empties
        assert hand.message.plain == "" and said(app).strip() == session.view(0).status


async def test_space_does_not_pass_the_hand_off_and_enter_waits_a_moment(make_app, stacked, monkeypatch):
    """Item 3b: Space (the select key) passed the hand-off screen; an Enter repeated from the
    turn before could pass it too, showing the next hand to the wrong person."""
    monkeypatch.setattr(HandoffScreen, "GRACE", 0.6)
    clock = Clock(monkeypatch)
    app = make_app(stacked())
    async with run_until(app, lambda: isinstance(app.screen, HandoffScreen), (110, 34)) as pilot:
        await pilot.press("enter", "space")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await clock.moment_passes(pilot, app.screen)  # its first moment is over
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)


async def test_the_result_screen_waits_for_a_deliberate_key(make_app, stacked, monkeypatch):
    """Item 3c: Enter pressed during play carried straight past the result screen."""
    monkeypatch.setattr(ScoresScreen, "GRACE", 0.6)
    clock = Clock(monkeypatch)
    session = stacked(bots=[None, "medium"])
    for move in ("draw", "meld 7H 8H 9H", "meld KS KD KC", "discard QD"):
        session.play(move)
    app = make_app(session, bot_delay=0.0)
    async with seated(app, (110, 34), lambda: session.game.to_act == 0) as pilot:
        for move in ("draw", "meld 2C 3C 4C"):
            session.play(move)
        app.screen.play_move(f"discard {session.game.hand(0)[0].name}")  # Ann goes out
        await until(pilot, lambda: isinstance(app.screen, ScoresScreen))
        await pilot.press("enter")  # still typing: not taken as "next deal"
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen) and session.view(None).deal_number == 1
        # ... and not silently: the player is told to press again (once, not at every key)
        await pilot.press("enter")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert said.count(TOO_SOON) == 1, said
        await clock.moment_passes(pilot, app.screen)  # its first moment is over
        await pilot.press("enter")
        await until(pilot, lambda: session.view(None).deal_number == 2)


async def test_the_help_lists_the_hidden_keys_and_what_declare_and_show_do(make_app, tmp_path):
    """Item 13: Escape, shift+arrows and 'v' (show) against 'e' (declare) were found by
    chance; the hand's title names the first ones, '?' lists every key with what it does."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.screens.rules import RulesScreen

    game = new_game("indian-rummy", players=["Ann", "Bob"], seed=4)
    app = make_app(Session(game, [None, "random"], tmp_path / "autosave.ctr"))
    async with seated(app, (110, 34), lambda: game.to_act == 0) as pilot:
        title = app.screen.query_one(HandWidget).border_title
        assert "esc clear" in title and "shift+←→ move card" in title and "? keys" in title
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        keys = app.screen.keys
        assert "| escape | clear the selection |" in keys and "| shift+←→ |" in keys
        assert "| e | Declare: go out" in keys and "| v | Show: after someone declares" in keys


async def test_the_keys_screen_lists_meld_keys_only_where_there_are_melds(make_app, tmp_path):
    """Playtest: F1 at the poker table listed '1-9 lay off…' and 'enter: draw, meld…'. The
    meld keys follow the game's verbs (and Indian Rummy's declare panel keeps 'r')."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.screens.rules import RulesScreen

    for game_id, names, melds, arranges in (
        ("joker-poker", ["Ann", "Bob"], False, False),
        ("scala40", ["Ann", "Bob"], True, True),
        ("indian-rummy", ["Ann", "Bob"], False, True),
    ):
        game = new_game(game_id, players=names, seed=4)
        app = make_app(Session(game, [None, "random"], tmp_path / f"{game_id}.ctr"))
        async with seated(app, (110, 34), lambda g=game: g.to_act == 0) as pilot:
            await pilot.press("f1")
            await until(pilot, lambda a=app: isinstance(a.screen, RulesScreen))
            keys = app.screen.keys
            assert ("| 1-9 | lay off" in keys) is melds, (game_id, keys)
            assert ("| r | arrange" in keys) is arranges, (game_id, keys)
            assert "## Board keys and marks" not in keys, game_id  # a legend for board tables only
            assert "meld" not in keys.split("| enter |")[1].split("\n")[0], keys


async def test_the_machine_dealing_a_hand_is_no_penalty_warning(make_app, tmp_path):
    """Playtest: betting at the video machine said "⚠ Ann now holds 5 cards: Ann bets 1"."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("joker-poker-video", players=["Ann"], seed=3)
    session = Session(game, [None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        await pilot.press("e")  # deal, betting five
        await until(pilot, lambda: len(game.hand(0)) == 5)
        await pilot.pause(0.1)
        assert "now holds" not in said(app)


async def test_a_hint_shows_above_an_empty_hand(make_app, tmp_path):
    """Playtest: at the video machine, before a hand is dealt, 's' said nothing: the message
    line above the hand was not drawn while the hand was empty."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.widgets import HandWidget

    game = new_game("joker-poker-video", players=["Ann"], seed=3)
    session = Session(game, [None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        assert not game.hand(0)
        await pilot.press("s")
        hand = app.screen.query_one(HandWidget)
        await until(pilot, lambda: "Hint" in app.screen.last_message)
        await pilot.pause()
        drawn = str(hand.render())
        assert "Hint (press e) — deal" in drawn and drawn.endswith("(no cards)") and hand.size.height >= 2


def _one_card_from_the_call(tmp_path):
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("page-one", players=["Ann", "Bob"], seed=1, deal={"hands": ["7H 5S", "AH 2S 3S 4S"]})
    return Session(game, [None, "medium"], tmp_path / "autosave.ctr")


async def test_the_page_one_call_is_said_in_words_and_a_penalty_is_flashed(make_app, tmp_path):
    """Item 13b: 'p' on the card that leaves one offered 'play 9S call / play 9S'; a missed
    call's penalty (one card to six) was only a log line."""
    session = _one_card_from_the_call(tmp_path)
    app = make_app(session, bot_delay=5.0)
    async with seated(app, (110, 34)) as pilot:
        table = app.screen
        table.cursor = [c.name for c in table.hand_cards(0)].index("7H")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ChoiceModal))
        assert app.screen.moves == ["Play 7♥ and call 'Page One!'", "Play 7♥ (no call)"]
        await pilot.press("down", "enter")  # forget the call
        await until(pilot, lambda: len(session.game.hand(0)) == 6)
        assert "⚠ Ann now holds 6 cards: Ann forgot to call Page One and draws 5" in said(app)


async def test_taking_the_kitty_is_no_penalty_warning(make_app, tmp_path):
    """Playtest: when Ann won the auction and took the kitty, the line above the hand said
    "⚠ Ann now holds 13 cards: Ann wins the auction…" into the first trick, as if it were a
    penalty. Only a penalty the game reports is announced."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("five-hundred", players=["Ann", "Bob", "Cat", "Dan"], seed=11)
    for move in ("bid 6H", "pass", "pass"):
        game.play(move)
    session = Session(game, ["random", "random", "random", None], tmp_path / "autosave.ctr")
    app = make_app(session, bot_delay=5.0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 3)
        await pilot.press("z")  # Dan passes: Ann wins and takes the kitty
        await until(pilot, lambda: len(game.hand(0)) == 13)
        await pilot.pause(0.1)
        assert "now holds" not in said(app), said(app)


async def test_the_footer_names_only_a_card_the_key_may_take(make_app, tmp_path):
    """A trick to follow: the play key names the card under the cursor only when it may be
    played ('p Play 7♠' was offered while Ann had to follow hearts)."""
    import random

    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("five-hundred", ["Ann", "Bob", "Cy", "Di"], seed=2)
    rng = random.Random(2)
    while not (
        game.to_act == 0
        and {m.kind for m in game.legal_moves()} == {"play"}
        and len(game.legal_moves()) < len(game.hand(0))
    ):
        game.play(rng.choice(game.legal_moves()))
    session = Session(game, [None, "random", "random", "random"], tmp_path / "autosave.ctr")
    app = make_app(session, bot_delay=5.0)
    async with seated(app, (110, 34)):
        screen = app.screen
        playable = {m.cards[0].name for m in game.legal_moves()}
        hand = screen.hand_cards(0)
        for at, card in enumerate(hand):
            screen.cursor = at
            screen._label_keys()
            expected = f"Play {session.show(card.name)}" if card.name in playable else "Play"
            assert label(app, "play") == expected, (card.name, playable)


async def test_the_key_a_hint_names_plays_the_hinted_move_without_asking(make_app, tmp_path):
    """Playtest: the machine's hint said 'bet 4 (press b)', then 'b' opened a list of bets to
    choose from again. The hint answered that: its key plays its move; after a move the hint
    is spent, and the key asks again."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    # 3 credits: the hint is 'bet 3' (with 5 or more it is 'deal', 5 coins again)
    game = new_game("joker-poker-video", players=["Ann"], rules={"credits": 3}, seed=3)
    session = Session(game, [None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        await pilot.press("s")
        await until(pilot, lambda: "Hint (press b)" in app.screen.last_message)
        hinted = str(app.screen.hinted)
        assert hinted.startswith("bet "), hinted
        await pilot.press("b")
        await until(pilot, lambda: len(game.hand(0)) == 5)
        assert not isinstance(app.screen, ChoiceModal)
        assert any(line.endswith(f"bets {hinted.split()[1]}") for line in game.log), game.log[-3:]
        assert app.screen.hinted is None


async def test_the_footer_offers_sort_and_arrange_only_where_they_do_something(make_app, tmp_path):
    """Playtest: the footer showed 'o Sort' and 'r Arrange' at games without melds (poker,
    Five Hundred) and 'o Sort' before the machine had dealt a card. Arrange follows the game's
    meld verbs or its declare panel (Gin); sort wants two cards in the hand."""
    from textual.widgets._footer import FooterKey

    from cardtable.engine import new_game
    from cardtable.session import Session

    for game_id, names, sorts, arranges in (
        ("joker-poker", ["Ann", "Bob"], True, False),
        ("five-hundred", ["Ann", "Bob", "Cy", "Di"], True, False),
        ("joker-poker-video", ["Ann"], False, False),
        ("gin", ["Ann", "Bob"], True, True),
        ("scala40", ["Ann", "Bob"], True, True),
    ):
        game = new_game(game_id, players=names, seed=4)
        bots = [None] + ["random"] * (len(names) - 1)
        app = make_app(Session(game, bots, tmp_path / f"{game_id}.ctr"), bot_delay=5.0)
        async with seated(app, (160, 34), lambda g=game: g.to_act == 0) as pilot:
            await pilot.pause()
            shown = {key.action for key in app.screen.query(FooterKey)}
            assert ("sort" in shown) is sorts, (game_id, shown)
            assert ("arrange" in shown) is arranges, (game_id, shown)


async def test_the_keys_screen_says_what_every_mark_of_the_board_means(make_app, tmp_path):
    """Play-test: nothing said what ◦, ○, + or a small letter on the board stand for. The
    '?' screen of a board table has a legend naming every mark its board draws (a card
    table has none: above), in ASCII mode too."""
    from cardtable.engine import new_game
    from cardtable.session import Session
    from cardtable.tui.board import BoardWidget
    from cardtable.tui.screens.rules import RulesScreen

    for ascii_only in (False, True):
        game = new_game("joker-marbles", players=["Ann", "Bob", "Cy", "Di"], seed=2)
        app = make_app(Session(game, [None, "random", "random", "random"], tmp_path / f"m{ascii_only}.ctr"))
        async with seated(app, (110, 34), lambda g=game: g.to_act == 0) as pilot:
            table = app.screen
            widget = table.query_one(BoardWidget)
            if ascii_only:  # chosen from the menu, as a player does
                await pilot.press("ctrl+p")
                await pilot.pause(0.3)
                await pilot.press(*"ASCII letters")
                await pilot.pause(0.5)
                await pilot.press("enter")
                await until(pilot, lambda a=app, t=table: a.settings.ascii_cards and a.screen is t)
                # drawn again at once (it waited for the cursor to move: play-test)
                shown = "".join(segment.text for strip in widget._lines for segment in strip)
                assert "○" not in shown and "=" in shown, shown
            drawn = set(str(widget.render())) - set(" \n")
            await pilot.press("question_mark")
            await until(pilot, lambda a=app: isinstance(a.screen, RulesScreen))
            keys = app.screen.keys
            assert "## Board keys and marks" in keys and "| # | show or hide the holes' numbers" in keys
            rows = keys.split("| mark | means |")[1].splitlines()[2:]
            legend = [row.split(" | ")[0].strip("| ") for row in rows]
            unexplained = {c for c in drawn if not c.isalnum() and not any(c in m for m in legend)}
            assert not unexplained, (ascii_only, unexplained, keys)


async def test_enter_exchanges_the_one_or_two_cards_chosen(make_app, tmp_path):
    """Playtest: at the draw, Enter with two cards picked said "select cards, then press x to
    exchange": Enter took a move of several cards for a group of three or more."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("joker-poker", players=["Ann", "Bob"], seed=1)
    for move in ("check", "check"):  # to the draw, Ann first: 9♠ 10♣ 4♥ 6♦ 5♦
        game.play(move)
    assert game.phase == "draw" and game.to_act == 0
    session = Session(game, [None, "random"], tmp_path / "autosave.ctr")
    app = make_app(session, bot_delay=5.0)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        table = app.screen
        names = [c.name for c in table.hand_cards(0)]
        for name in ("9S", "10C"):
            table.cursor = names.index(name)
            await pilot.press("space")
        await pilot.press("enter")
        await until(pilot, lambda: game.phase != "draw" or game.to_act != 0)
        assert str(game.history[-1][1]) == "discard 9S 10C", game.history[-1]
        assert {"9S", "10C"} & {c.name for c in game.hand(0)} == set()


async def test_enter_holds_the_cards_chosen_at_the_machine(make_app, tmp_path):
    """Playtest: at the video machine, Enter with 9♦ and 9♠ chosen said "select cards, then
    press d to hold & draw"."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("joker-poker-video", players=["Ann"], seed=3)
    game.play("deal")
    held = [c.name for c in game.hand(0)][:2]
    session = Session(game, [None], tmp_path / "autosave.ctr")
    app = make_app(session)
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.viewer == 0)
        table = app.screen
        names = [c.name for c in table.hand_cards(0)]
        for name in held:
            table.cursor = names.index(name)
            await pilot.press("space")
        await pilot.press("enter")
        await until(pilot, lambda: len(game.history) == 2)
        assert str(game.history[-1][1]) == "hold " + " ".join(held), game.history[-1]


async def test_the_discard_question_names_the_meld_the_card_is_in(make_app, tmp_path):
    """Playtest (Gin): after drawing 9♠ to 9♣ 9♦, Enter asked "Discard 9♠ and end your
    turn?", and Enter again threw away the card that had made the set."""
    from cardtable.engine import new_game
    from cardtable.session import Session

    game = new_game("gin", players=["Ann", "Bob"], seed=4)
    game.play("pass")  # Ann passes the upcard, then Bob: Ann draws 9♠
    game.play("pass")
    session = Session(game, [None, "random"], tmp_path / "autosave.ctr")
    app = make_app(session, bot_delay=5.0)
    async with app.run_test(size=(110, 34)) as pilot:
        await ann_has_drawn(pilot, app, session)
        assert app.screen.cursor_card().name == "9S"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        assert "Discard 9♠ from your meld 9♠ 9♦ 9♣ and end your turn?" in app.screen.question
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        app.screen.cursor = [c.name for c in app.screen.hand_cards(0)].index("3H")
        await pilot.press("enter")  # a loose card: the question as before
        await until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        assert app.screen.question.startswith("Discard 3♥ and end your turn?"), app.screen.question
