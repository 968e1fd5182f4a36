"""The replay viewer: a recorded match, move by move and deal by deal, drawn like the table.

It draws the views of a :class:`~cardtable.replay.Replay` with the table's own widgets (seats,
piles, trick, melds, hands, log) and the panels the view declares (board, chips, auction:
:mod:`cardtable.tui.panels`, shared with the table, read-only here), from one seat's view or, once the match is over, with every
hand open; the hints panel says what a strong computer player would have played. It knows no
game: everything comes from the views.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from cardtable.engine.cards import card_faces
from cardtable.engine.errors import CardtableError
from cardtable.engine.views import PlayerView
from cardtable.replay import Replay
from cardtable.session import faced_view
from cardtable.tui.board import BoardWidget, SeatsPanel
from cardtable.tui.cards import ascii_cards
from cardtable.tui.panels import LogPanel, draw_panels, draw_piles, piles_row, play_panels, show_board
from cardtable.tui.prompt import PromptLine
from cardtable.tui.widgets import HandWidget, MeldLine, SeatsBar, score_unit

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)
"""Seconds per move when playing, slowest first."""
OPEN = -1
"""The viewer value for every hand open."""


class ReplayScreen(Screen[None]):
    """Watch a recorded match: ``viewer`` is a seat, or :data:`OPEN` for every hand."""

    BINDINGS = [
        Binding("right,l", "step(1)", "Next", key_display="→", id="replay-next"),
        Binding("left,h", "step(-1)", "Back", key_display="←", id="replay-back"),
        Binding("pagedown,n", "deal(1)", "Next deal", key_display="PgDn", id="replay-next-deal"),
        Binding("pageup,p", "deal(-1)", "Deal back", key_display="PgUp", id="replay-deal-back"),
        Binding("g", "jump", "Go to deal", id="replay-jump"),
        Binding("space", "run", "Play/pause", id="replay-play"),
        Binding("plus,equals_sign", "speed(1)", "Faster", id="replay-faster"),
        Binding("minus", "speed(-1)", "Slower", id="replay-slower"),
        Binding("v", "view", "View", id="replay-view"),
        Binding("s", "hint", "Hint", id="replay-hint"),
        Binding("home", "go(0)", "Start", show=False, id="replay-start"),
        Binding("end", "go(-1)", "End", show=False, id="replay-end"),
        Binding("escape,q", "close", "Close", id="replay-close"),
    ]

    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #replay-header { height: 1; background: $panel; color: $foreground; }
    ReplayScreen #seats { height: auto; background: $surface; }
    ReplayScreen #middle { height: 1fr; }
    ReplayScreen #play-area { width: 1fr; }
    ReplayScreen #piles { height: 4; }
    ReplayScreen #facts { width: 1fr; padding: 0 1; color: $warning; }
    ReplayScreen #melds { height: 1fr; border: round $primary 40%; padding: 0 1; }
    ReplayScreen #side { width: 38%; min-width: 28; max-width: 40; }
    ReplayScreen #log { height: 1fr; min-height: 5; border: round $secondary 40%; }  /* 3 lines, even at 80x24 */
    ReplayScreen #hints { height: auto; max-height: 8; border: round $accent 60%; padding: 0 1; }
    ReplayScreen #hands { height: auto; max-height: 14; }
    ReplayScreen #hands HandWidget { border-top: solid $primary 40%; border-title-align: left; }
    ReplayScreen #status { height: auto; max-height: 3; padding: 0 1; background: $panel; text-style: bold; }
    ReplayScreen.board-replay #side { width: 34; max-width: 46; }
    ReplayScreen.board-replay #piles { height: auto; }
    ReplayScreen.board-replay #piles PileWidget { width: 1fr; max-width: 17; }
    ReplayScreen.board-replay #hands HandWidget { border-top: none; padding: 0 1; min-height: 2; }
    ReplayScreen.board-replay #status { height: 1; }
    ReplayScreen.board-replay #hints { max-height: 4; }
    """

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.position = 0
        self.viewer = OPEN if replay.finished else 0
        self.speed = 1
        self.player: Any = None
        self.hint_text = ""
        self.note = ""
        self.board_game = replay.view(0, None).board is not None
        """Played on a board: the board on the left, piles, seats and log beside it."""

    def compose(self) -> ComposeResult:
        yield Static(id="replay-header")
        yield SeatsBar(id="seats")
        with Horizontal(id="middle"):
            if self.board_game:
                yield BoardWidget(id="board")
            with Vertical(id="play-area"):
                if not self.board_game:
                    yield from piles_row()
                yield from play_panels()
                yield VerticalScroll(id="melds")
            with Vertical(id="side"):
                if self.board_game:
                    yield from piles_row()
                    yield SeatsPanel(id="board-seats")
                yield LogPanel(id="log")
                yield Static(id="hints")
        yield VerticalScroll(id="hands")
        yield Static(id="status")
        yield PromptLine("Go to deal number — Enter to go, Escape to close", id="jump-input")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.set_class(self.board_game, "board-replay")
        if self.board_game:  # the seats panel beside the board replaces the seats bar
            self.query_one("#seats", SeatsBar).display = False
            self.query_one("#play-area", Vertical).display = False
        self.query_one("#melds", VerticalScroll).border_title = "melds"
        self.query_one("#hints", Static).border_title = "hints"
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def seen(self) -> PlayerView:
        """The view drawn now: the viewer's, or a spectator's while every hand is open."""
        return faced_view(
            self.replay.view(self.position, None if self.viewer == OPEN else self.viewer), self.show
        )

    def show(self, text: str) -> str:
        """``text`` with its card names as the hands show them (4★, 10♥; letters in ASCII
        mode), as the table says them."""
        if ascii_cards(self):
            return text
        return card_faces(text, keep=self.replay.players)

    def redraw(self) -> None:
        view = self.seen()
        names = [s.name for s in view.seats]
        total = len(self.replay)
        header = Text(f" {view.title} — replay ", style="bold reverse")
        header.append(f"  {view.deal_word} {view.deal_number}  move {self.position}/{total}")
        header.append(f"  {'playing' if self.player else 'paused'} ({SPEEDS[self.speed]} s a move)")
        header.append(f"  view: {'every hand open' if self.viewer == OPEN else names[self.viewer]}")
        self.query_one("#replay-header", Static).update(header)
        kinds = [
            f"computer, {kind[4:]}" if kind.startswith("bot:") else "" for kind in self.replay.seat_kinds
        ]
        self.query_one(SeatsBar).show(view.seats, kinds, score_unit(view), view.teams)
        draw_panels(self, view, names, kinds)  # read-only: no amount, nobody choosing
        if self.board_game:
            show_board(self, view)
        # no header line of facts here: the public facts stand beside the piles
        draw_piles(self, view, "\n".join(f"{k}: {v}" for k, v in view.facts.items()))
        melds = self.query_one("#melds", VerticalScroll)
        melds.remove_children()
        melds.display = bool(view.melds) or (
            view.trick is None and view.chips is None and view.auction is None
        )
        melds.mount_all(MeldLine(m, names[m.owner]) for m in view.melds)
        self._draw_hands(view, names)
        self.query_one(LogPanel).show(view.log)
        self.query_one("#hints", Static).update(self._hint_panel())
        self.query_one("#status", Static).update(self._status(view))
        self.refresh_bindings()

    def _draw_hands(self, view: PlayerView, names: list[str]) -> None:
        area = self.query_one("#hands", VerticalScroll)
        if self.viewer == OPEN:
            hands = self.replay.open_hands(self.position)
            shown = list(enumerate(hands))
        else:
            shown = [(self.viewer, view.hand)]
        widgets = list(area.query(HandWidget))
        for extra in widgets[len(shown) :]:
            extra.remove()
        for i, (seat, cards) in enumerate(shown):
            if i < len(widgets):
                widget = widgets[i]
            else:
                widget = HandWidget()
                area.mount(widget)
            widget.border_title = names[seat]
            widget.show(list(cards), set(), -1)

    def _status(self, view: PlayerView) -> str:
        replay = self.replay
        done = replay.move_text(self.position - 1) if self.position else "the deal as dealt"
        nxt = replay.move_text(self.position) if self.position < len(replay) else "the end of the record"
        lines = [self.show(f"Last: {done} · next: {nxt}")]
        if view.result:
            lines.append(view.result)
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def _hint_panel(self) -> str:
        replay = self.replay
        played = (
            f"Played here: {replay.move_text(self.position)}"
            if self.position < len(replay)
            else "The record ends here."
        )
        return self.show(
            f"{played}\n{self.hint_text or 's: what the hard computer player would have played'}"
        )

    # ------------------------------------------------------------------ moving
    def go(self, position: int) -> None:
        """Show ``position`` (kept within the record)."""
        new = self.replay.clamp(position)
        if new != self.position:
            self.hint_text = ""
        self.position = new
        self.note = ""
        self.redraw()

    def action_step(self, step: int) -> None:
        self.go(self.position + step)

    def action_go(self, position: int) -> None:
        self.go(len(self.replay) if position < 0 else position)

    def action_deal(self, step: int) -> None:
        if step > 0:
            self.go(self.replay.next_deal(self.position))
        else:
            self.go(self.replay.previous_deal(self.position))

    def action_jump(self) -> None:
        self.query_one("#jump-input", PromptLine).open()

    @on(Input.Submitted, "#jump-input")
    def jump_submitted(self, event: Input.Submitted) -> None:
        text = self.query_one("#jump-input", PromptLine).take()
        if not text:
            return
        deals = self.replay.deals
        if not text.isdigit():
            self.say(f"type a deal number, {deals[0]} to {deals[-1]}")
            return
        try:
            self.go(self.replay.deal_start(int(text)))
        except CardtableError as exc:
            self.say(str(exc))

    def action_run(self) -> None:
        if self.player is not None:
            self._stop()
        else:
            if self.position >= len(self.replay):
                self.go(0)
            self.player = self.set_interval(SPEEDS[self.speed], self._tick)
        self.redraw()

    def _stop(self) -> None:
        if self.player is not None:
            self.player.stop()
            self.player = None

    def _tick(self) -> None:
        if self.position >= len(self.replay):
            self._stop()
            self.redraw()
            return
        self.go(self.position + 1)

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        if self.player is not None:  # the new pace at once
            self._stop()
            self.player = self.set_interval(SPEEDS[self.speed], self._tick)
        self.redraw()

    def action_view(self) -> None:
        """The next seat's view; after the last seat every hand open (a finished match only)."""
        seats = len(self.replay.players)
        if self.viewer == OPEN:
            self.viewer = 0
        elif self.viewer + 1 < seats:
            self.viewer += 1
        elif self.replay.finished:
            self.viewer = OPEN
        else:
            self.viewer = 0
            self.note = "Every hand is shown open only for a finished match."
        self.hint_text = ""
        self.redraw()

    def action_hint(self) -> None:
        """What the hard computer player would have played here, for the player to act. Only
        with their hand in view (every hand open, or their seat's view)."""
        view = self.seen()
        seat = view.to_act
        if seat is None or self.viewer not in (OPEN, seat):
            if seat is not None:
                self.say(f"hints need {view.seats[seat].name}'s hand: press v for their view")
            else:
                self.say("nobody is to play here")
            return
        try:
            decision = self.replay.hint(self.position)
        except Exception as exc:  # a hint must never take the viewer down
            self.say(f"no hint here: {exc}")
            return
        if decision is None:
            self.say("nobody is to play here")
            return
        why = f" — {decision.why}" if decision.why else ""
        self.hint_text = f"The hard computer player would have played {decision.move}{why}"
        self.redraw()

    def say(self, text: str) -> None:
        self.note = text
        self.notify(text, severity="warning", timeout=4)
        self.redraw()

    def action_close(self) -> None:
        self._stop()
        self.app.pop_screen()
