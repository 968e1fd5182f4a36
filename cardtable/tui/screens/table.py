"""The table: the current player's hand, piles, melds, seats, log and what to do now.

Gestures (keys or clicks) become moves by matching the engine's legal moves; when several
match, a chooser asks; when none does, the engine's own reason is shown. Between two
people's turns the table goes blank (a spectator view) and a hand-off screen waits.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.errors import IllegalMove, InvalidNotation
from cardtable.engine.moves import Move
from cardtable.engine.views import GroupingView, PlayerView
from cardtable.session import Session
from cardtable.tui.screens.handoff import HandoffScreen
from cardtable.tui.widgets import (
    FaceUpCard,
    GroupsPanel,
    HandWidget,
    MeldLine,
    PileWidget,
    SeatsBar,
    TrickArea,
)

VERB_KEYS = {
    "draw": "d",
    "take": "t",
    "meld": "m",
    "layoff": "a",
    "swap": "w",
    "discard": "x",
    "cancel": "c",
    "next": "n",
    "play": "p",
    "pass": "z",
    "out": "u",
    "knock": "k",
    "gin": "g",
    "biggin": "G",
    "declare": "e",
    "drop": "b",
    "show": "v",
    "rejoin": "j",
}
"""The notation's verbs (engine contract) and their keys; no game is named here."""

KEY_VERBS = {key: verb for verb, key in VERB_KEYS.items()}

CARD_VERBS = {"meld", "layoff", "swap", "discard", "play", "declare", "out", "knock", "gin"}

ONE_CARD_VERBS = {"discard", "play", "declare", "out", "knock", "gin"}
"""Verbs of one card: with nothing selected they take the card under the cursor."""

GO_OUT_VERBS = ("out", "gin")
"""Going out with the card under the cursor: Enter prefers it to a plain discard."""


class ChoiceModal(ModalScreen[str | None]):
    """Pick one of several legal moves that match a gesture."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel-choice")]
    DEFAULT_CSS = """
    ChoiceModal { align: center middle; }
    ChoiceModal > Vertical { width: 60; height: auto; max-height: 20; border: thick $primary; background: $surface; padding: 0 1; }
    ChoiceModal OptionList { height: auto; max-height: 14; }
    """

    def __init__(self, prompt: str, moves: list[str]) -> None:
        super().__init__()
        self.prompt = prompt
        self.moves = moves

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.prompt)
            yield OptionList(*[Option(m, id=f"choice-{i}") for i, m in enumerate(self.moves)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.moves[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ScoresScreen(Screen[str]):
    """End of a deal or of the match: per-deal and total scores, and what happened."""

    BINDINGS = [
        Binding("enter", "primary", "Continue", id="continue"),
        Binding("escape", "dismiss_back", "Back to the table", id="back-to-table", show=False),
    ]
    DEFAULT_CSS = """
    ScoresScreen { align: center middle; background: $panel; }
    ScoresScreen > Vertical { width: 90%; max-width: 100; height: auto; max-height: 95%; border: heavy $primary; background: $surface; padding: 1 2; }
    ScoresScreen #scores-title { text-style: bold; color: $primary; }
    ScoresScreen DataTable { height: auto; max-height: 14; margin: 1 0; }
    ScoresScreen Horizontal { height: auto; }
    ScoresScreen Button { margin-right: 2; }
    """

    def __init__(self, view: PlayerView, over: bool, hints: list[int] | None = None) -> None:
        super().__init__()
        self.view = view
        self.over = over
        self.hints = hints or []

    def compose(self) -> ComposeResult:
        view = self.view
        title = "Match over" if self.over else f"Deal {view.deal_number} is over"
        with Vertical():
            yield Static(title, id="scores-title")
            yield Static(view.result or "", id="scores-result")
            left = ", ".join(f"{s.name} {s.card_count}" for s in view.seats if s.active or s.card_count)
            yield Static(f"Cards left in hand: {left}", id="scores-cards")
            if self.over:
                yield Static(view.status, id="scores-outcome")
            yield DataTable(id="scores-table", cursor_type="none", zebra_stripes=True)
            with Horizontal():
                if self.over:
                    yield Button("Play again", id="again", variant="primary")
                    yield Button("New game", id="picker")
                    yield Button("Quit", id="quit")
                else:
                    yield Button("Next deal", id="next", variant="primary")
                    yield Button("Look at the table", id="look")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        names = [s.name for s in self.view.seats]
        table.add_columns("Deal", *names)
        for i, row in enumerate(self.view.deal_scores, start=1):
            table.add_row(str(i), *("—" if v is None else str(v) for v in row))
        table.add_row(Text("Total", style="bold"), *(Text(str(v), style="bold") for v in self.view.scores))
        if any(self.hints):
            table.add_row(
                Text("Hints used", style="italic"), *(Text(str(h), style="italic") for h in self.hints)
            )
        table.can_focus = False
        self.query_one(Button).focus()

    def action_primary(self) -> None:
        self.dismiss("again" if self.over else "next")

    def action_dismiss_back(self) -> None:
        if not self.over:
            self.dismiss("look")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "next")


class TableScreen(Screen[None]):
    """The table for one session; the viewer is the seat whose hand is shown (or None)."""

    BINDINGS = [
        Binding("left,h", "cursor(-1)", "Left", show=False, id="cursor-left"),
        Binding("right,l", "cursor(1)", "Right", show=False, id="cursor-right"),
        Binding("space", "select", "Pick", show=False, id="select"),
        Binding("shift+left,H", "shift(-1)", "Move card left", show=False, id="move-left"),
        Binding("shift+right,L", "shift(1)", "Move card right", show=False, id="move-right"),
        Binding("escape", "clear", "Clear", show=False, id="clear"),
        Binding("enter", "act", "Act", show=False, id="act"),
        Binding("d", "verb('draw')", "Draw", id="verb-draw"),
        Binding("t", "verb('take')", "Take", id="verb-take"),
        Binding("m", "verb('meld')", "Meld", id="verb-meld"),
        Binding("a", "verb('layoff')", "Lay off", id="verb-layoff"),
        Binding("w", "verb('swap')", "Swap", id="verb-swap"),
        Binding("x", "verb('discard')", "Discard", id="verb-discard"),
        Binding("c", "verb('cancel')", "Cancel", id="verb-cancel"),
        Binding("n", "verb('next')", "Next", id="verb-next"),
        Binding("p", "verb('play')", "Play", id="verb-play"),
        Binding("z", "verb('pass')", "Pass", id="verb-pass"),
        Binding("u", "verb('out')", "Go out", id="verb-out"),
        Binding("k", "verb('knock')", "Knock", id="verb-knock"),
        Binding("g", "verb('gin')", "Gin", id="verb-gin"),
        Binding("G", "verb('biggin')", "Big gin", id="verb-biggin"),
        Binding("e", "verb('declare')", "Declare", id="verb-declare"),
        Binding("b", "verb('drop')", "Drop", id="verb-drop"),
        Binding("v", "verb('show')", "Show", id="verb-show"),
        Binding("j", "verb('rejoin')", "Rejoin", id="verb-rejoin"),
        Binding("o", "sort", "Sort", id="sort"),
        Binding("s", "hint", "Hint", id="hint"),
        Binding("r", "arrange", "Arrange", id="arrange"),
        Binding("colon", "command", "Type", id="command"),
        Binding("question_mark,f1", "rules", "Rules", id="rules"),
        Binding("ctrl+n", "new_game", "New game", show=False, id="new-game"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.viewer: int | None = None
        self.order: dict[int, list[int]] = {}
        self.selected: set[int] = set()
        self.hinted: Move | None = None
        """The last hint's move: first among the choices when its cards allow several."""
        self.cursor = 0
        self.sort_mode = 0
        self.log_seen = 0
        self.bot_timer: Any = None
        self.handing_off = False
        self.last_message = ""
        from cardtable.engine import get

        self.verbs = set(get(session.game.game_id).verbs or VERB_KEYS)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="table-header")
        yield SeatsBar(id="seats")
        with Horizontal(id="middle"):
            with Vertical(id="play-area"):
                with Horizontal(id="piles"):
                    yield PileWidget("stock", id="stock")
                    yield PileWidget("discard", id="discard")
                    yield Static(id="facts")
                yield TrickArea(id="trick")
                yield GroupsPanel(id="groups")
                yield VerticalScroll(id="melds")
            with VerticalScroll(id="log"):
                yield Static(id="log-text")
        yield HandWidget(id="hand")
        yield Static(id="status")
        yield Input(
            placeholder="Type a move, e.g. meld 7H 8H 9H — Enter to play, Escape to close", id="command-input"
        )
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#command-input", Input).display = False
        self.query_one("#log", VerticalScroll).border_title = "log"
        self.query_one("#melds", VerticalScroll).border_title = "melds"
        # A game without melds (a trick game) gets the space for its trick area instead.
        self.query_one("#melds", VerticalScroll).display = "meld" in self.verbs
        hand = self.query_one(HandWidget)
        hand.border_title = "←→ move · space select · enter act · s hint · r arrange · : type · ctrl+p menu"
        self.redraw()
        self.advance()

    # ------------------------------------------------------------------ state helpers
    @property
    def game(self) -> Any:
        return self.session.game

    def hand_order(self, seat: int) -> list[int]:
        """The viewer's arrangement (card ids), kept across moves: new cards go last."""
        hand = self.game.hand(seat)
        ids = {c.id for c in hand}
        order = [i for i in self.order.get(seat, []) if i in ids]
        known = set(order)
        order.extend(c.id for c in hand if c.id not in known)
        self.order[seat] = order
        return order

    def hand_cards(self, seat: int) -> list[Any]:
        by_id = {c.id: c for c in self.game.hand(seat)}
        return [by_id[i] for i in self.hand_order(seat)]

    def my_turn(self) -> bool:
        game = self.game
        return (
            not self.handing_off
            and self.viewer is not None
            and game.to_act == self.viewer
            and not self.session.is_bot(game.to_act)
        )

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        game = self.game
        view = game.view(self.viewer)
        names = list(game.players)
        header = Text(f" {view.title} ", style="bold reverse")
        header.append(f"  deal {view.deal_number}")
        for key, value in view.facts.items():
            if key != "deal":
                header.append(f"  {key}: {value}")
        self.query_one("#table-header", Static).update(header)
        kinds = [
            "you"
            if s == self.viewer
            else (f"computer, {self.session.bots[s]}" if self.session.is_bot(s) else "")
            for s in range(len(names))
        ]
        self.query_one(SeatsBar).show(view.seats, kinds)
        self.query_one("#stock", PileWidget).show(view)
        self.query_one("#discard", PileWidget).show(view)
        facts = Text()
        for key, value in view.own_facts.items():
            facts.append(f"{key}: {value}\n", style="bold")
        self.query_one("#facts", Static).update(facts)
        self.query_one(TrickArea).show(view.trick, names)
        self._draw_face_up(view)
        self._draw_melds(view)
        self._draw_hand()
        self._draw_log()
        status = view.status
        if self.last_message:
            status = f"{status}\n{self.last_message}"
        self.query_one("#status", Static).update(status)
        self.refresh_bindings()

    def _draw_face_up(self, view: PlayerView) -> None:
        piles = self.query_one("#piles", Horizontal)
        shown = list(piles.query(FaceUpCard))
        for extra in shown[len(view.face_up) :]:
            extra.remove()
        for i, card in enumerate(view.face_up):
            if i < len(shown):
                shown[i].show(card)
            else:
                widget = FaceUpCard(classes="face-up")
                piles.mount(widget, before="#facts")
                widget.show(card)

    def _grouping(self) -> GroupingView | None:
        """The viewer's declare panel (their own cards only; none while the table is blank).
        The one card selected, else the card under the cursor, is the one to go out with."""
        if self.viewer is None or self.handing_off:
            return None
        chosen = self.selected_cards()
        finish = chosen[0] if len(chosen) == 1 else self.cursor_card()
        try:
            return self.game.grouping(self.viewer, finish)
        except Exception as exc:  # a panel must never take the table down
            self.notify(f"The groups could not be shown: {exc}", severity="warning")
            return None

    def _draw_melds(self, view: PlayerView) -> None:
        area = self.query_one("#melds", VerticalScroll)
        area.remove_children()
        # Games that meld only when going out (Gin, Indian Rummy) show the area once melds exist.
        area.display = "meld" in self.verbs or bool(view.melds)
        if not view.melds:
            area.mount(Static("(no melds on the table yet)", classes="empty-note"))
            return
        area.mount_all(MeldLine(m, self.game.players[m.owner]) for m in view.melds)

    def _draw_hand(self) -> None:
        widget = self.query_one(HandWidget)
        if self.viewer is None or self.handing_off:
            nxt = self.game.to_act
            who = self.game.players[nxt] if nxt is not None else "nobody"
            widget.hide(f"Hands are hidden. Next to play: {who}.")
            self.query_one(GroupsPanel).show(None)
            return
        cards = self.hand_cards(self.viewer)
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        self.selected = {i for i in self.selected if i < len(cards)}
        widget.show([c.name for c in cards], self.selected, self.cursor)
        # The declare panel follows the cursor: it judges going out with the card under it.
        self.query_one(GroupsPanel).show(self._grouping())

    def _draw_log(self) -> None:
        lines = self.game.log
        if len(lines) == self.log_seen:
            return
        self.log_seen = len(lines)
        self.query_one("#log-text", Static).update("\n".join(lines[-60:]))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    # ------------------------------------------------------------------ turn flow
    def advance(self) -> None:
        """After a move: scores, a bot's turn, or the next human (with a hand-off)."""
        game = self.game
        if self.session.save_error:
            self.notify(self.session.save_error, severity="warning", timeout=6)
        if game.is_over or game.phase == "deal-over":
            self.show_scores()
            return
        seat = game.to_act
        if seat is None:
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
            self.redraw()
            return
        self.hand_off(seat)

    def hand_off(self, seat: int) -> None:
        # Blank the table first: the next frame shows no hand at all.
        self.handing_off = True
        self.viewer = None
        self.selected = set()
        self.redraw()
        name = self.game.players[seat]

        def done(_: None) -> None:
            self.handing_off = False
            self.viewer = seat
            self.cursor = 0
            self.last_message = ""
            self.redraw()

        self.app.push_screen(HandoffScreen(name), done)

    def bot_step(self) -> None:
        seat = self.game.to_act
        if seat is None or not self.session.is_bot(seat) or self.handing_off:
            return
        try:
            self.session.bot_move()
        except Exception as exc:  # a bot must never take the table down
            self.notify(f"The computer player failed: {exc}", severity="error")
            return
        self.redraw()
        self.advance()

    def show_scores(self) -> None:
        game = self.game
        view = game.view(self.viewer)

        def chosen(what: str | None) -> None:
            if what == "next":
                self.play_move("next")
            elif what == "again":
                self.play_again()
            elif what == "picker":
                self.app.pop_screen()
            elif what == "quit":
                self.app.exit()

        self.app.push_screen(ScoresScreen(view, game.is_over, list(self.session.hints)), chosen)

    def play_again(self) -> None:
        game = self.game
        from cardtable.engine.ruleset import non_defaults

        app: Any = self.app
        app.pop_screen()
        app.start_session(
            game.game_id, list(game.players), list(self.session.bots), rules=non_defaults(game.rules)
        )

    # ------------------------------------------------------------------ moves
    def play_move(self, move: Move | str, confirmed: bool = False) -> bool:
        """Play a move for the seat to act; refusals show the engine's reason. A move the
        game warns about (a wrong show that costs points) is played only once confirmed."""
        try:
            if not confirmed:
                found = self.game.find_move(move)
                warning = self.game.warning(found)
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
        # toasts about the position before (a hint naming this player's cards, a refusal)
        # are stale now, and a hint must not stay up over the next player's hand-off
        self.app.clear_notifications()
        if done.kind in ("draw", "take") and self.viewer is not None:
            self.cursor = len(self.game.hand(self.viewer)) - 1
        self.redraw()
        self.advance()
        return True

    def refuse(self, reason: str) -> None:
        self.last_message = f"✗ {reason}"
        self.notify(reason, title="Not allowed", severity="warning", timeout=5)
        self.redraw()

    def selected_cards(self) -> list[Any]:
        if self.viewer is None:
            return []
        cards = self.hand_cards(self.viewer)
        return [cards[i] for i in sorted(self.selected) if i < len(cards)]

    def cursor_card(self) -> Any:
        """The viewer's card under the cursor (None without a hand)."""
        if self.viewer is None:
            return None
        hand = self.hand_cards(self.viewer)
        return hand[self.cursor] if 0 <= self.cursor < len(hand) else None

    def selected_or_cursor(self) -> list[Any]:
        """The selected cards, or with none selected the card under the cursor."""
        cards = self.selected_cards()
        if not cards:
            card = self.cursor_card()
            cards = [card] if card is not None else []
        return cards

    def gesture(self, verb: str, target: int | None = None) -> None:
        """Turn a verb (+ selected cards, + a meld number) into a legal move."""
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        game = self.game
        legal = [m for m in game.legal_moves() if m.kind == verb]
        cards = self.selected_or_cursor() if verb in ONE_CARD_VERBS else self.selected_cards()
        if verb not in CARD_VERBS:
            if legal:
                self.play_move(legal[0])
            else:
                self._explain(verb)
            return
        if not cards:
            self.refuse(f"select the cards first (space selects, arrows move), then press {VERB_KEYS[verb]}")
            return
        want = Counter(c.name for c in cards)
        matches = [
            m
            for m in legal
            if Counter(c.name for c in m.cards) == want and (target is None or m.target == target)
        ]
        if len(matches) == 1:
            self.play_move(matches[0])
        elif matches:
            # The hinted move first, then a move with a call ("play 2S call"): forgetting
            # should not be the default.
            matches.sort(key=lambda m: (m != self.hinted, not m.flags))
            options = [str(m) for m in matches]

            def picked(text: str | None) -> None:
                if text is not None:
                    self.play_move(next(m for m in matches if str(m) == text))

            self.app.push_screen(ChoiceModal("Which do you mean?", options), picked)
        else:
            names = " ".join(c.name for c in cards)
            if verb in ("layoff", "swap"):
                number = target if target is not None else 1
                if not game.melds:
                    self.refuse("there are no melds on the table to lay off on")
                    return
                self._explain(f"{verb} {number} {names}")
            else:
                self._explain(f"{verb} {names}")

    def _explain(self, text: str) -> None:
        try:
            self.game.find_move(text)
        except (IllegalMove, InvalidNotation) as exc:
            self.refuse(str(exc))
            return
        self.refuse(f"'{text}' is not possible now")

    def _not_your_turn(self) -> str:
        game = self.game
        if game.to_act is None:
            return "the match is over"
        if self.session.is_bot(game.to_act):
            return f"{game.players[game.to_act]} (computer) is thinking"
        return f"it is {game.players[game.to_act]}'s turn"

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "verb":
            verb = str(parameters[0])
            if verb not in self.verbs:
                return False  # this game has no such move: keep the footer short
            if not self.my_turn():
                return None
            kinds = {m.kind for m in self.game.legal_moves()}
            return True if verb in kinds else None
        if action in ("act", "hint"):
            return True if self.my_turn() else None
        if action == "arrange":
            return True if self.viewer is not None and not self.handing_off else None
        return True

    def action_verb(self, verb: str) -> None:
        self.gesture(verb)

    def action_act(self) -> None:
        if not self.my_turn():
            return
        kinds = {m.kind for m in self.game.legal_moves()}
        if self.game.phase == "draw" and "draw" in kinds:
            self.gesture("draw")
            return
        count = len(self.selected)
        going_out = self._going_out_verb() if count <= 1 else None
        if count >= 3 and "meld" in kinds:
            self.gesture("meld")
        elif going_out is not None:
            self.gesture(going_out)
        elif count <= 1 and "discard" in kinds:
            self.gesture("discard")
        elif count <= 1 and "play" in kinds:
            self.gesture("play")
        elif "next" in kinds:
            self.gesture("next")
        elif "meld" in kinds or "discard" in kinds:
            self.refuse("select cards, then press m to meld, a to lay off or x to discard")
        else:
            keys = [
                f"{VERB_KEYS[k]} {k}" for k in dict.fromkeys(m.kind for m in self._legal()) if k in VERB_KEYS
            ]
            self.refuse("press " + " · ".join(keys) if keys else "no move is possible now")

    def _going_out_verb(self) -> str | None:
        """The go-out verb (``out X``, ``gin X``) listed for the selected or cursor card."""
        if self.viewer is None:
            return None
        cards = self.selected_or_cursor()
        if len(cards) != 1:
            return None
        name = cards[0].name
        for verb in GO_OUT_VERBS:
            if any(m.kind == verb and [c.name for c in m.cards] == [name] for m in self._legal()):
                return verb
        return None

    def action_cursor(self, step: int) -> None:
        if self.viewer is None:
            return
        size = len(self.game.hand(self.viewer))
        if size:
            self.cursor = (self.cursor + step) % size
            self._draw_hand()

    def action_select(self) -> None:
        if self.viewer is None:
            return
        if self.cursor in self.selected:
            self.selected.discard(self.cursor)
        else:
            self.selected.add(self.cursor)
        self._draw_hand()

    def action_clear(self) -> None:
        self.selected = set()
        self._draw_hand()

    def action_shift(self, step: int) -> None:
        if self.viewer is None:
            return
        order = self.hand_order(self.viewer)
        i, j = self.cursor, self.cursor + step
        if 0 <= j < len(order):
            order[i], order[j] = order[j], order[i]
            if (i in self.selected) != (j in self.selected):
                self.selected ^= {i, j}
            self.cursor = j
            self._draw_hand()

    def action_sort(self) -> None:
        if self.viewer is None:
            return
        by_id = {c.id: c for c in self.game.hand(self.viewer)}
        self.sort_mode = (self.sort_mode + 1) % 2
        if self.sort_mode == 1:
            # jokers last (their suit_index, 4, is also the stars')
            key = lambda i: (by_id[i].suit_index + (by_id[i].rank == 0), by_id[i].rank)  # noqa: E731
        else:
            key = lambda i: (by_id[i].rank == 0, by_id[i].rank, by_id[i].suit_index)  # noqa: E731
        self.order[self.viewer] = sorted(self.hand_order(self.viewer), key=key)
        self.selected = set()
        self._draw_hand()
        self.notify("Sorted by suit" if self.sort_mode == 1 else "Sorted by rank", timeout=2)

    def action_hint(self) -> None:
        """Suggest a move and say why; its cards are selected, so Enter (or its key) plays it."""
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        try:
            decision = self.session.hint()
        except Exception as exc:  # a hint must never take the table down
            self.notify(f"No hint this time: {exc}", severity="warning")
            return
        move = decision.move
        self.hinted = move
        self.selected = set()
        if self.viewer is not None and move.cards:
            cards = self.hand_cards(self.viewer)
            for want in move.cards:
                i = next(
                    (k for k, c in enumerate(cards) if c == want and k not in self.selected),
                    None,
                )
                if i is not None:
                    self.selected.add(i)
            if self.selected:
                self.cursor = min(self.selected)
        key = VERB_KEYS.get(move.kind, "")
        how = f" (press {key})" if key and move.kind in self.verbs else ""
        why = decision.why or str(move)
        if move.cards and not any(c.name in why for c in move.cards):
            why = f"{move}: {why}"  # the reason does not name the move's cards: say the move too
        self.last_message = f"Hint — {why}{how}"
        self.notify(self.last_message, title="Hint", timeout=8)
        self.redraw()

    def action_arrange(self) -> None:
        """Order the hand into its best groups (melds first, then the loose cards)."""
        if self.viewer is None or self.handing_off:
            return
        from cardtable.bots import arrange

        cards = self.hand_cards(self.viewer)
        melds, loose = arrange(self.game.game_id, self.game.rules, [c.name for c in cards])
        taken: set[int] = set()
        order: list[int] = []
        for group in [*melds, loose]:
            for name in group:
                card = next((c for c in cards if c.name == name and c.id not in taken), None)
                if card is not None:
                    taken.add(card.id)
                    order.append(card.id)
        order.extend(c.id for c in cards if c.id not in taken)
        self.order[self.viewer] = order
        self.selected = set()
        self._draw_hand()
        if melds:
            count = f"{len(melds)} meld{'s' if len(melds) != 1 else ''}"
            text = f"Arranged: {count} ({' · '.join(' '.join(g) for g in melds)}), then the loose cards"
        elif "meld" in self.verbs or "declare" in self.verbs:
            text = "Arranged: no melds yet, the cards by suit and rank"
        else:
            text = "Arranged by suit and rank"
        self.last_message = text
        self.notify(text, timeout=4)
        self.redraw()

    def action_command(self) -> None:
        box = self.query_one("#command-input", Input)
        box.display = True
        box.value = ""
        box.focus()

    @on(Input.Submitted, "#command-input")
    def command_submitted(self, event: Input.Submitted) -> None:
        box = event.input
        text = event.value.strip()
        box.display = False
        self.query_one(HandWidget).focus()
        if not text:
            return
        if not self.my_turn():
            self.refuse(self._not_your_turn())
            return
        self.play_move(text)

    def on_key(self, event: Any) -> None:
        box = self.query_one("#command-input", Input)
        verb = KEY_VERBS.get(event.key)
        if verb in self.verbs and not box.has_focus and self.check_action("verb", (verb,)) is None:
            # A dimmed key still says why it does nothing now.
            self.gesture(verb)
            event.stop()
            return
        if event.key == "escape" and box.display:
            box.display = False
            self.query_one(HandWidget).focus()
            event.stop()
        elif event.key.isdigit() and event.key != "0" and not box.has_focus:
            number = int(event.key)
            verb = (
                "swap"
                if any(m.kind == "swap" and m.target == number for m in self._legal())
                and not any(m.kind == "layoff" and m.target == number for m in self._legal())
                else "layoff"
            )
            self.gesture(verb, target=number)
            event.stop()

    def _legal(self) -> tuple[Move, ...]:
        return self.game.legal_moves() if self.my_turn() else ()

    def action_rules(self) -> None:
        from cardtable.engine.ruleset import non_defaults

        app: Any = self.app
        app.show_rules(self.game.game_id, {**self.game.rules.model_dump(), **non_defaults(self.game.rules)})

    def action_new_game(self) -> None:
        self.app.pop_screen()

    # ------------------------------------------------------------------ mouse
    @on(HandWidget.CardClicked)
    def card_clicked(self, event: HandWidget.CardClicked) -> None:
        self.cursor = event.index
        self.action_select()

    @on(PileWidget.Clicked)
    def pile_clicked(self, event: PileWidget.Clicked) -> None:
        if event.pile == "stock":
            self.gesture("draw")
        elif self.game.phase == "draw":
            self.gesture("take")
        else:
            self.gesture("discard")

    @on(MeldLine.Clicked)
    def meld_clicked(self, event: MeldLine.Clicked) -> None:
        legal = self._legal()
        swaps = any(m.kind == "swap" and m.target == event.number for m in legal)
        lays = any(m.kind == "layoff" and m.target == event.number for m in legal)
        self.gesture("swap" if swaps and not lays else "layoff", target=event.number)
