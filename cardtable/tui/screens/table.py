"""The table: the current player's hand, piles, melds, seats, log and what to do now.

Gestures (keys or clicks) become moves by matching the engine's legal moves; when several
match, a chooser asks; when none does, the engine's own reason is shown. Between two
people's turns the table goes blank (a spectator view) and a hand-off screen waits.

The table knows no game: it draws the viewer's ``PlayerView`` (``session.view``) and reaches
the game only through the session (legal moves, ``find_move``, ``play``, hints, groups);
``tests/tui/test_knows_no_game.py`` fails if it reads the game object.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from cardtable.engine.errors import IllegalMove, InvalidNotation
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.engine.verbs import Takes, VerbSpec
from cardtable.engine.views import GroupingView, PlayerView
from cardtable.session import NewGame, Session
from cardtable.tui.board import BoardChooser, BoardWidget, SeatsPanel, board_legend
from cardtable.tui.cards import ascii_cards
from cardtable.tui.footer import KeysFooter
from cardtable.tui.header import TableHeader
from cardtable.tui.keys import (
    flagged_label,
    keys_help,
    split_groups,
    turn_end_question,
    wild_targets,
)
from cardtable.tui.panels import LogPanel, draw_panels, draw_piles, piles_row, play_panels
from cardtable.tui.prompt import PromptLine
from cardtable.tui.screens.choices import AuctionModal, ChoiceModal, ConfirmModal
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.screens.scores import ScoresScreen
from cardtable.tui.screens.table_hand import HandKeys
from cardtable.tui.screens.table_panels import PanelKeys
from cardtable.tui.screens.table_talk import TableTalk
from cardtable.tui.widgets import (
    GroupsPanel,
    HandWidget,
    MeldLine,
    PileWidget,
    SeatsBar,
    score_unit,
)

TAIL_BINDINGS = ("o", "s", "r", "colon", "question_mark", "f1", "ctrl+n", "ctrl+z")
"""Keys the footer lists after the game's verbs."""


class TableScreen(HandKeys, PanelKeys, TableTalk, Screen[None]):
    """The table for one session; the viewer is the seat whose hand is shown (or None)."""

    AUTO_FOCUS = "#hand"
    """The hand has the focus from the start: beside a board the log came first and took it,
    and its scrolling ate Home / End, which move along the hand."""

    BINDINGS = [
        Binding("left,h", "cursor(-1)", "Left", show=False, id="cursor-left"),
        Binding("right,l", "cursor(1)", "Right", show=False, id="cursor-right"),
        Binding("home", "cursor_end(0)", "First card", show=False, id="cursor-home"),
        Binding("end", "cursor_end(1)", "Last card", show=False, id="cursor-end"),
        Binding("space", "select", "Pick", show=False, id="select"),
        Binding("shift+left,H", "shift(-1)", "Move card left", show=False, id="move-left"),
        Binding("shift+right,L", "shift(1)", "Move card right", show=False, id="move-right"),
        Binding("escape", "clear", "Clear", show=False, id="clear"),
        Binding("enter", "act", "Act", show=False, id="act"),
        Binding("o", "sort", "Sort", id="sort"),
        Binding("s", "hint", "Hint", id="hint"),
        Binding("r", "arrange", "Arrange", id="arrange"),
        Binding("colon", "command", "Type", id="command"),
        Binding("plus,equals_sign", "amount(1)", "More", id="amount-up"),
        Binding("minus", "amount(-1)", "Less", id="amount-down"),
        Binding("question_mark,f1", "rules", "Rules", id="rules"),
        Binding("ctrl+n", "new_game", "New game", id="new-game"),
        # Board games: Tab cycles the picked card's moves on the board (before focus moves).
        Binding("tab", "board_cycle(1)", "Next move", priority=True, id="board-next"),
        Binding("shift+tab", "board_cycle(-1)", "Previous", show=False, priority=True, id="board-prev"),
        Binding("number_sign", "board_numbers", "Hole numbers", id="board-numbers"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.viewer: int | None = None
        self.order: dict[int, list[int]] = session.hand_orders  # saved with the game (issue 24 item 15)
        self.selected: set[int] = set()
        self.hinted: Move | None = None
        """The last hint's move: first among the choices when its cards allow several."""
        self.cursor = 0
        self.amount: int | None = None
        """The bet or raise chosen with + and - (None: the smallest allowed)."""
        self.sort_mode = 0
        self.bot_timer: Any = None
        self.handing_off = False
        self.keyboard_from = 0
        """The move count when the keyboard last changed hands: undo never reaches back
        past a hand-off."""
        self.last_message = ""
        self.message_timer: Any = None
        """Clears the message line: a message is short-lived."""
        self.events_seen: tuple[int, int] | None = None
        """The deal number and how many events it had after the last move (a penalty among
        the new ones is announced)."""
        self.log_shown: tuple[str, ...] = ()
        self.board_game = session.view(None).board is not None
        """The game is played on a board: the table draws it, with the seats beside it."""
        self.chooser: BoardChooser | None = None
        """The move being chosen on the board, for the picked card."""
        self.opening_call: AuctionModal | None = None
        """The call chooser while it is open: keys typed fast after the first reach the table
        before the chooser has the focus, and are passed on to it."""
        specs = session.verbs
        self.verb_specs: dict[str, VerbSpec] = {v.name: v for v in specs}
        """The game's verbs by name: keys, labels and what each takes come from here."""
        self.verbs = set(self.verb_specs)
        self.key_verbs = {v.key: v.name for v in specs}
        self.melds_game = any(v.takes in (Takes.GROUPS, Takes.TARGET) for v in specs)
        """The game lays melds on the table during play (so the meld area is always shown)."""
        self.groups_shown = False
        """A declare panel has shown the viewer's groups at this table (so ``r`` arranges)."""
        self.hand_size = 0
        """Cards in the hand drawn last (``o`` sorts only two or more)."""
        keys = self._bindings.key_to_bindings
        for v in specs:  # the keys of this game's verbs, declared by the game
            keys.setdefault(v.key, []).append(
                Binding(v.key, f"verb('{v.name}')", v.label, id=f"verb-{v.name}")
            )
        for key in TAIL_BINDINGS:  # the game's verbs first in the footer
            if key in keys:
                keys[key] = keys.pop(key)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TableHeader(id="table-header")
        yield SeatsBar(id="seats")
        if self.board_game:
            yield from self._compose_board()
        else:
            with Horizontal(id="middle"):
                with Vertical(id="play-area"):
                    yield from piles_row()
                    yield from play_panels()
                    yield GroupsPanel(id="groups")
                    yield VerticalScroll(id="melds")
                yield LogPanel(id="log")
        # the message line is the hand's first row (a board game has its line under the board)
        yield HandWidget(id="hand", message_row=not self.board_game)
        yield Static(id="status")
        examples = [v.example for v in self.verb_specs.values() if v.example]
        example = next((v.example for v in self.verb_specs.values() if v.uses_cards and v.example), "")
        yield PromptLine(
            f"Type a move, e.g. {example or (examples[0] if examples else 'next')} — Enter to play, Escape to close",
            id="command-input",
        )
        # keys that can act now; help and quit kept, the least needed dropped first (item 9)
        yield KeysFooter(drop_first=("command", "new_game", "sort", "board_numbers", "arrange", "hint"))

    def _compose_board(self) -> ComposeResult:
        """A board game: the board on the left; piles, seats by team and the log beside it
        (the hand below), so the 72-hole board fits an 80x24 terminal."""
        with Horizontal(id="middle"):
            yield BoardWidget(id="board")
            with Vertical(id="side"):
                yield from piles_row()
                yield SeatsPanel(id="board-seats")
                yield LogPanel(id="log")
            with Vertical(id="play-area"):  # unused panels, kept for the shared redraw
                yield from play_panels()
                yield GroupsPanel(id="groups")
                yield VerticalScroll(id="melds")

    def on_mount(self) -> None:
        self.set_class(self.board_game, "board-table")
        if self.board_game:
            self.query_one("#seats", SeatsBar).display = False
            self.query_one("#play-area", Vertical).display = False
        self.query_one("#melds", VerticalScroll).border_title = "melds"
        # A game without melds (a trick game) gets the space for its trick area instead.
        self.query_one("#melds", VerticalScroll).display = self.melds_game
        hand = self.query_one(HandWidget)
        # the keys the footer has no room for (issue 24 item 13); ? lists every key
        hand.border_title = "←→ cursor · shift+←→ move card · space select · esc clear · enter act · ? keys"
        if self.board_game:
            hand.border_title = "←→ pick a card · tab its moves · enter play · # numbers · : type"
        self.redraw()
        self.advance()

    # ------------------------------------------------------------------ state helpers
    def seen(self) -> PlayerView:
        """What the viewer may see now (a spectator's view while no one views): everything
        the table draws comes from here (its texts with card faces, unless in ASCII mode)."""
        self.session.faces = not ascii_cards(self)
        return self.session.view(self.viewer)

    def names(self, view: PlayerView | None = None) -> list[str]:
        """The players' names by seat."""
        return [s.name for s in (view or self.seen()).seats]

    def my_turn(self) -> bool:
        if self.handing_off:
            return False
        view = self.seen()
        if view.phase_kind is PhaseKind.DEAL_OVER:
            # whoever is at the keyboard deals on for the table, as the deal-over box's button
            # does ('next' shows no hand): computer players never play it, so after "Look at
            # the table" a person's 'n' was refused as the computer's turn and the match stood
            return True
        seat = view.to_act
        return self.viewer is not None and seat == self.viewer and not self.session.is_bot(seat)

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        view = self.seen()
        names = self.names(view)
        self.query_one(TableHeader).show(view)
        kinds = [
            "you"
            if s == self.viewer
            else (f"computer, {self.session.bots[s]}" if self.session.is_bot(s) else "")
            for s in range(len(names))
        ]
        self.query_one(SeatsBar).show(view.seats, kinds, score_unit(view), view.teams)
        facts = Text()
        for key, value in view.own_facts.items():
            facts.append(f"{key}: {value}\n", style="bold")
        draw_piles(self, view, facts)  # the header has the public facts; here the viewer's own
        chooser = self.viewer if self.my_turn() else None
        draw_panels(self, view, names, kinds, self.chosen_amount(view), chooser, self.call_list_key(view))
        self._draw_melds(view)
        self._draw_hand(view)
        self._draw_log(view)
        if self.board_game:
            self._draw_board(view, kinds)
        self._draw_status(view)
        self.refresh_bindings()

    def _draw_status(self, view: PlayerView) -> None:
        status = view.status
        if self.board_game:
            # One line under a board: a refusal, else the choice being made, else what to do.
            line = self.query_one("#status", Static)
            width = line.content_size.width or self.app.size.width - 2
            choice = self.chooser.describe(width, self.session.show) if self.chooser else ""
            status = self.last_message or choice or status
        elif self.last_message and (self.viewer is None or self.handing_off):
            status = f"{status}\n{self.last_message}"  # no hand to carry the message line
        self.query_one("#status", Static).update(status)

    def _grouping(self) -> GroupingView | None:
        """The viewer's declare panel (their own cards only; none while the table is blank).
        The one card selected, else the card under the cursor, is the one to go out with."""
        if self.viewer is None or self.handing_off:
            return None
        chosen = self.selected_cards()
        finish = chosen[0] if len(chosen) == 1 else self.cursor_card()
        try:
            return self.session.grouping(self.viewer, None if finish is None else finish.id)
        except Exception as exc:  # a panel must never take the table down
            self.notify(f"The groups could not be shown: {exc}", severity="warning")
            return None

    def _draw_melds(self, view: PlayerView) -> None:
        area = self.query_one("#melds", VerticalScroll)
        area.remove_children()
        # Games that meld only when going out show the area once melds exist.
        area.display = self.melds_game or bool(view.melds)
        if not view.melds:
            area.mount(Static("(no melds on the table yet)", classes="empty-note"))
            return
        names = self.names(view)
        area.mount_all(MeldLine(m, names[m.owner]) for m in view.melds)

    def _draw_hand(self, view: PlayerView | None = None) -> None:
        widget = self.query_one(HandWidget)
        if self.viewer is None or self.handing_off:
            view = view or self.seen()
            nxt = view.to_act
            who = self.names(view)[nxt] if nxt is not None else "nobody"
            widget.hide(f"Hands are hidden. Next to play: {who}.")
            self.query_one(GroupsPanel).show(None)
            return
        cards = self.hand_cards(self.viewer)
        self.hand_size = len(cards)
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        self.selected = {i for i in self.selected if i < len(cards)}
        widget.show([c.name for c in cards], self.selected, self.cursor)
        widget.say(self.last_message, warning=self.last_message.startswith("✗"))
        self._label_keys()
        if self.board_game:
            # A board game has no declare panel; the board follows the picked card instead.
            self._sync_chooser(view, [c.name for c in cards])
            return
        # The declare panel follows the cursor: it judges going out with the card under it.
        panel = self._grouping()
        self.groups_shown = self.groups_shown or panel is not None
        self.query_one(GroupsPanel).show(panel)

    # ------------------------------------------------------------------ board
    @on(BoardWidget.HoleClicked)
    def hole_clicked(self, event: BoardWidget.HoleClicked) -> None:
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        if self.chooser is None or not self.chooser.options():
            card = self.picked_card()
            self.refuse(f"no move on the board with {card}" if card else "pick a card first")
            return
        text = self.chooser.pick(event.hole)
        if text is not None:
            self.chooser = None
            self.play_move(text)
        else:
            self.last_message = ""
            self.redraw()

    def _draw_log(self, view: PlayerView) -> None:
        lines = view.log
        if lines == self.log_shown:
            return
        self.log_shown = lines
        self.query_one(LogPanel).show(lines)

    # ------------------------------------------------------------------ turn flow
    def advance(self) -> None:
        """After a move: scores, a bot's turn, or the next human (with a hand-off)."""
        if self.session.save_error:
            self.notify(self.session.save_error, severity="warning", timeout=6)
        view = self.seen()
        self._flash_gains(view)
        seat = view.to_act
        if seat is None or view.phase_kind is PhaseKind.DEAL_OVER:  # no one to act: the match is over
            self.show_scores()
            return
        if self.session.is_bot(seat):
            delay = float(self.app.settings.bot_delay) if hasattr(self.app, "settings") else 0.5
            self.bot_timer = self.set_timer(max(0.01, delay), self.bot_step)
            return
        if seat == self.viewer:
            return
        humans = self.session.humans
        if len(humans) == 1:
            self.viewer = seat
            self.aim_cursor()
            self.redraw()
            return
        self.hand_off(seat)

    def hand_off(self, seat: int) -> None:
        # Blank the table first: the next frame shows no hand at all.
        self.handing_off = True
        self.viewer = None
        self.selected = set()
        self.redraw()
        name = self.names()[seat]

        def done(_: None) -> None:
            self.handing_off = False
            self.keyboard_from = self.session.move_count
            self.viewer = seat
            self.cursor = 0
            self.last_message = ""
            self.aim_cursor()
            self.redraw()

        self.app.push_screen(HandoffScreen(name), done)

    def bot_step(self) -> None:
        seat = self.seen().to_act
        if seat is None or not self.session.is_bot(seat) or self.handing_off:
            return
        try:
            self.session.bot_move()
        except Exception as exc:  # a bot must never take the table down
            self.notify(f"The computer player failed: {exc}", severity="error")
            return
        self.aim_cursor()  # when the person's turn starts now (aim_cursor checks whose turn)
        self.redraw()
        self.advance()

    def show_scores(self) -> None:
        view = self.seen()

        def chosen(what: str | None) -> None:
            if what == "next":
                self.play_move("next")
            elif what == "again":
                self.play_again()
            elif what == "picker":
                self.action_new_game()  # as ctrl+n: the picker shows this game, its filter cleared
            elif what == "quit":
                self.app.exit()

        over = view.to_act is None
        records = self._records(view) if over else []
        self.app.push_screen(ScoresScreen(view, over, list(self.session.hints), records), chosen)

    def _records(self, view: PlayerView) -> list[str]:
        """The players' records at this game, this match included (none without a history)."""
        recorder = self.session.recorder
        if self.session.history_error:
            self.notify(self.session.history_error, title="Match history off", severity="warning")
        if recorder is None or recorder.match_id is None:
            return []
        from cardtable.history import HistoryError, records_of, records_table

        try:
            matches = recorder.store.matches(game=view.game, finished_only=True, with_deals=True)
        except HistoryError:
            return []
        # the people at the table first: at 80x24 the pane shows only the first lines
        names = self.names(view)
        people = [n for s, n in enumerate(names) if not self.session.is_bot(s)]
        return records_table(records_of(matches, view.game, people + names))

    def play_again(self) -> None:
        view = self.seen()
        app: Any = self.app
        app.pop_screen()
        app.start_session(
            NewGame(view.game, self.names(view), list(self.session.bots), rules=self.session.changed_rules())
        )

    # ------------------------------------------------------------------ moves
    def play_move(self, move: Move | str, confirmed: bool = False) -> bool:
        """Play a move for the seat to act; refusals show the engine's reason. A move the
        game warns about (a wrong show that costs points) is played only once confirmed."""
        try:
            if not confirmed:
                found = self.session.find_move(move)
                warning = self.session.warning(found)
                if warning:
                    yes = f"yes: {found}"

                    def picked(text: str | None) -> None:
                        if text == yes:
                            self.play_move(found, confirmed=True)

                    self.app.push_screen(ChoiceModal(f"Careful: {warning}.", [yes, "no, go back"]), picked)
                    return False
            done = self.session.play(move)
        except (IllegalMove, InvalidNotation) as exc:
            self.refuse(str(exc))
            return False
        self.last_message = ""
        self.selected = set()
        self.amount = None
        self.hinted = None  # a hint answers for one position only
        # toasts about the position before (a hint naming this player's cards, a refusal)
        # are stale now, and a hint must not stay up over the next player's hand-off
        self.app.clear_notifications()
        drew = self.verb_specs.get(done.kind)
        if drew is not None and drew.pile and self.viewer is not None:  # the new card is last: show it
            self.cursor = len(self.seen().hand) - 1
        self.redraw()
        self.advance()
        return True

    def gesture(self, verb: str, target: int | None = None, by_enter: bool = False) -> None:
        """Turn a verb (+ selected cards, + a meld number) into a legal move. A move that
        ends the turn asks first when Enter chose it or it takes the card under the cursor."""
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        legal = [m for m in self.session.legal_moves() if m.kind == verb]
        spec = self.verb_specs.get(verb)
        if spec is None:
            self.refuse(f"'{verb}' is not a move of this game")
            return
        cards = self.selected_or_cursor() if spec.takes is Takes.CARD else self.selected_cards()
        if spec.takes is Takes.AMOUNT:
            amount = self.chosen_amount(self.seen())
            if amount is None:
                self._explain(verb)
                return
            self.play_move(f"{verb} {amount}")
            return
        if not spec.uses_cards:
            auction = self.seen().auction
            calls = [c for c in auction.legal if c.move.split()[0] == verb] if auction else []
            if self.hinted in legal:  # the key the hint named: it already said which one
                self.play_move(self.hinted)
            elif len(calls) > 1 and auction:  # an auction: choose a call by its keys, with its value
                self.choose_call(list(auction.legal))  # every call, so the pass key works there too
            elif len(legal) > 1:  # a verb of a word (a bid): choose among the listed ones
                listed = sorted(legal, key=lambda m: m != self.hinted)
                options = [self.session.show(str(m)) for m in listed]  # cards as the hand shows them

                def chosen(text: str | None) -> None:
                    if text is not None:
                        self.play_move(listed[options.index(text)])

                self.app.push_screen(ChoiceModal(f"{spec.label}: which one?", options), chosen)
            elif legal:
                self.play_move(legal[0])
            else:
                # Not listed, yet the game may read the verb as a listed move, as when it is
                # typed (going all-in with less than the call is the call): play that, or
                # say the game's reason why not.
                self.play_move(verb)
            return
        if not cards:
            if not legal:  # the game says why no such move is possible now ("draw first")
                self._explain(verb)
                return
            empty = [m for m in legal if not m.cards and m.target is None]
            if empty and spec.takes is Takes.CARDS:  # a move of no cards is listed: keep none
                self.play_move(empty[0])
                return
            self.refuse(f"select the cards first (space selects, arrows move), then press {spec.key}")
            return
        want = Counter(c.name for c in cards)
        matches = [
            m
            for m in legal
            if Counter(c.name for c in m.cards) == want and (target is None or m.target == target)
        ]
        if not matches and spec.takes is Takes.CARD:
            # a one-card verb whose listed move takes more (Joker's Tock: a stuck hand thrown
            # in whole): the move that holds the chosen card
            matches = [m for m in legal if want <= Counter(c.name for c in m.cards)]
        if len(matches) == 1:
            self._play_or_ask(spec, matches[0], by_enter)
        elif self.hinted in matches:  # the hint's cards and key: it already said which move
            assert self.hinted is not None
            self._play_or_ask(spec, self.hinted, by_enter)
        elif matches:
            # The hinted move first, then a move with a call ("play 2S call"): forgetting
            # should not be the default.
            matches.sort(key=lambda m: (m != self.hinted, not m.flags))
            options = [
                # a flag in the game's words (VerbSpec.flag_words), not notation
                flagged_label(spec, m.flags, " ".join(c.name for c in m.cards), self.session.show)
                if spec.flag_words
                else self.session.show(str(m))  # cards as the hand shows them, not notation
                for m in matches
            ]

            def picked(text: str | None) -> None:
                if text is not None:
                    self.play_move(matches[options.index(text)])

            self.app.push_screen(ChoiceModal("Which do you mean?", options), picked)
        else:
            names = " ".join(c.name for c in cards)
            if spec.takes is Takes.GROUPS and self._lay_groups(verb, [c.name for c in cards]):
                return
            if spec.takes is Takes.TARGET:
                melds = self.seen().melds
                if not melds:
                    self.refuse(f"there are no melds on the table to {spec.label.lower()} on")
                    return
                # no number given: the meld where a wild stands for the card, else the first
                number = target or next(iter(wild_targets(melds, names.split())), 1)
                self._explain(f"{verb} {number} {names}")
            else:
                self._explain(f"{verb} {names}")

    def _lay_groups(self, verb: str, names: list[str]) -> bool:
        """Several groups selected for one key (issue 24 item 5: a two-group opening was
        refused as 'neither a run nor a set'): split them with the game's solver and lay
        them one group at a time. False when the selection is not whole groups."""
        groups = split_groups(names, self.session.arrange)
        if groups is None:
            return False
        for group in groups:
            want = Counter(group)
            found = [
                m
                for m in self.session.legal_moves()
                if m.kind == verb and m.target is None and Counter(c.name for c in m.cards) == want
            ]
            found.sort(key=lambda m: m != self.hinted)
            if not found:
                self._explain(f"{verb} {' '.join(group)}")
                return True
            if not self.play_move(found[0]):
                return True
        return True

    def _play_or_ask(self, spec: VerbSpec, move: Move, by_enter: bool) -> None:
        """Play ``move``, or first ask when it ends the turn by Enter or on the card under the
        cursor (issue 24 item 1: Enter twice after a draw threw the drawn card away). The
        player's setting ``ask_turn_end`` turns the question off."""
        settings = getattr(self.app, "settings", None)
        ask = getattr(settings, "ask_turn_end", True)
        question = (
            turn_end_question(
                spec,
                move.cards[0].name,
                by_enter=by_enter,
                chosen=bool(self.selected),
                show=self.session.show,
                meld_of=self.meld_of,
            )
            if ask and len(move.cards) == 1
            else None
        )
        if question is None:
            self.play_move(move)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.play_move(move)

        self.app.push_screen(ConfirmModal(question), answered)

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb":
            verb = str(parameters[0])
            if verb not in self.verbs or not self.my_turn():
                return False  # no such move in this game, or not the viewer's turn
            kinds = {m.kind for m in self.session.legal_moves()}
            # only the moves possible now are listed (a key not listed still says why)
            return verb in kinds
        if action == "amount":
            view = self.seen()
            if view.chips is None:
                return False  # no chips at this table: keep the footer short
            chips = view.chips
            ranged = chips.min_raise_to is not None and chips.min_raise_to != chips.max_raise_to
            return True if self.my_turn() and ranged else None
        if action in ("act", "hint"):
            return True if self.my_turn() else None
        if action.startswith("board_"):
            # No board (or typing a move): Tab moves the focus as everywhere else.
            return self.board_game and not self.query_one("#command-input", Input).has_focus
        if action == "arrange":
            if not (self.melds_game or self.groups_shown):
                return False  # no melds and no groups in this game: nothing to arrange into
            return True if self.viewer is not None and not self.handing_off else None
        if action == "sort":
            return self.hand_size > 1 and self.viewer is not None and not self.handing_off
        if action == "undo":
            # shown only when a move can be taken back; pressed otherwise, it says why not
            return not self._undo_refusal()
        return True

    def action_verb(self, verb: str) -> None:
        self.gesture(verb)

    def action_act(self) -> None:
        """Enter: the obvious move, from the game's verbs in their Enter order (see
        :class:`~cardtable.engine.verbs.VerbSpec`): a draw in a draw phase, a meld of three
        or more selected cards, going out with the card under the cursor, a one-card move,
        the next deal."""
        if not self.my_turn():
            return
        if self.board_game and self._board_enter():
            return
        kinds = {m.kind for m in self.session.legal_moves()}
        count = len(self.selected)
        going_out = self._going_out_verb() if count <= 1 else None
        spec = self._enter_verb(kinds, count, going_out)
        if spec is not None:
            self.gesture(spec.name, by_enter=True)
            return
        only = [v for v in self.verb_specs.values() if v.name in kinds]
        if len(only) == 1 and only[0].takes is Takes.NOTHING:
            self.gesture(only[0].name)  # the one thing to do (drawing until a card follows suit)
            return
        card_verbs = [v for v in self.verb_specs.values() if v.uses_cards and v.name in kinds]
        if card_verbs:
            how = ", ".join(
                f"{'enter or ' if v.enter else ''}{v.key} to {v.label.lower()}" for v in card_verbs
            )
            self.refuse(f"select cards, then press {how}")
        else:
            keys = [
                f"{self.verb_specs[k].key} {k}"
                for k in dict.fromkeys(m.kind for m in self._legal())
                if k in self.verb_specs
            ]
            self.refuse("press " + " · ".join(keys) if keys else "no move is possible now")

    def _going_out_verb(self) -> str | None:
        """The go-out verb (a ``VerbSpec`` with ``goes_out``) listed for the selected or cursor card."""
        if self.viewer is None:
            return None
        cards = self.selected_or_cursor()
        if len(cards) != 1:
            return None
        name = cards[0].name
        for verb in (v.name for v in self.verb_specs.values() if v.goes_out):
            if any(m.kind == verb and [c.name for c in m.cards] == [name] for m in self._legal()):
                return verb
        return None

    def action_command(self) -> None:
        self.query_one("#command-input", PromptLine).open(return_to=self.query_one(HandWidget))

    @on(Input.Submitted, "#command-input")
    def command_submitted(self, event: Input.Submitted) -> None:
        text = self.query_one("#command-input", PromptLine).take()
        if not text:
            return
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        self.play_move(text)

    def on_key(self, event: Any) -> None:
        box = self.query_one("#command-input", Input)
        char = event.character or ""
        if len(char) == 1 and not box.has_focus and self._auction_key(char):
            event.stop()
            return
        verb = self.key_verbs.get(event.key)
        if verb in self.verbs and not box.has_focus and not self.check_action("verb", (verb,)):
            # A key whose move is not possible now still says why it does nothing.
            self.gesture(verb)
            event.stop()
            return
        if event.key == "ctrl+z" and not box.has_focus and self.check_action("undo", ()) is False:
            self.action_undo()  # a hidden key still says why it does nothing now
            event.stop()
            return
        if event.key == "escape" and box.display:
            box.display = False
            self.query_one(HandWidget).focus()
            event.stop()
        elif event.key.isdigit() and event.key != "0" and not box.has_focus:
            number = int(event.key)
            verb = self._target_verb(number)
            if verb is not None:
                self.gesture(verb, target=number)
                event.stop()

    def _kinds(self) -> set[str]:
        return {m.kind for m in self._legal()}

    def _target_verb(self, number: int) -> str | None:
        """The verb a meld number (a digit key, a click on a meld) plays: the first of the
        game's verbs onto a table meld that is legal on that meld, else the first of them."""
        targeted = [v.name for v in self.verb_specs.values() if v.takes is Takes.TARGET]
        legal = {m.kind for m in self._legal() if m.target == number}
        return next((v for v in targeted if v in legal), targeted[0] if targeted else None)

    def _legal(self) -> Sequence[Move]:
        return self.session.legal_moves() if self.my_turn() else ()

    def action_rules(self) -> None:
        app: Any = self.app
        keys = keys_help(self.verb_specs.values(), groups=self._grouping() is not None)
        view = self.seen()
        if view.board is not None:
            keys += "\n" + board_legend(ascii_cards(self))
        app.show_rules(view.game, self.session.rule_values(), keys=keys)

    def action_new_game(self) -> None:
        """Back to the picker for a new game (this one stays saved: Resume goes on)."""
        app: Any = self.app
        app.back_to_picker()

    # ------------------------------------------------------------------ mouse
    @on(HandWidget.CardClicked)
    def card_clicked(self, event: HandWidget.CardClicked) -> None:
        self.cursor = event.index
        self.action_select()

    @on(PileWidget.Clicked)
    def pile_clicked(self, event: PileWidget.Clicked) -> None:
        # Drawing verbs name their pile; outside a draw phase a click on the face-up pile
        # plays the selected card there (the first one-card verb on the Enter ladder).
        drawing = self.seen().phase_kind is PhaseKind.DRAW or event.pile == "stock"
        if drawing:
            verb = next((v.name for v in self.verb_specs.values() if v.pile == event.pile), None)
        else:
            cards = sorted(
                (v for v in self.verb_specs.values() if v.takes is Takes.CARD and v.enter),
                key=lambda v: v.enter,
            )
            verb = cards[0].name if cards else None
        if verb is not None:
            self.gesture(verb)

    @on(MeldLine.Clicked)
    def meld_clicked(self, event: MeldLine.Clicked) -> None:
        verb = self._target_verb(event.number)
        if verb is not None:
            self.gesture(verb, target=event.number)
