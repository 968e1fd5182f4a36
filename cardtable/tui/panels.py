"""The panels a :class:`~cardtable.engine.views.PlayerView` declares, shared by the table and
the replay viewer so the two draw the same things the same way.

A view with ``auction`` gets the auction panel, with ``chips`` the chips panel, with ``trick``
the trick area, and with ``board`` the board and the seats-by-team panel beside it; each panel
hides itself while its part of the view is None. The screens lay the panels out (with
:func:`piles_row`, :func:`play_panels` and the board's ids ``#board``, ``#board-seats`` and
``#side``) and call :func:`draw_piles`, :func:`draw_panels` and :func:`show_board` on every
redraw.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from cardtable.engine.views import PlayerView
from cardtable.tui.board import BoardChooser, BoardWidget, SeatsPanel
from cardtable.tui.widgets import AuctionPanel, ChipsPanel, FaceUpCard, PileWidget, TrickArea

SIDE_MIN = 28
"""The narrowest the column beside a board gets (piles, seats, log)."""


class LogPanel(VerticalScroll):
    """The log (the table's and the replay's): its lines as one text, anchored to its end,
    so the newest line stays in sight when a line is added and when the text reflows (a
    resize). The text is at least the panel's height, so a short log starts at the top."""

    DEFAULT_CSS = "LogPanel > #log-text { min-height: 100%; }"

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def on_mount(self) -> None:
        self.border_title = "log"
        self.anchor()

    def show(self, lines: Sequence[str]) -> None:
        """Show ``lines``, scrolled to the newest (also after someone scrolled back)."""
        self.query_one("#log-text", Static).update("\n".join(lines))
        self.scroll_end(animate=False)


def piles_row() -> ComposeResult:
    """The row of piles: stock and discard, the face-up cards (mounted as the view has them)
    and the facts beside them (``#piles``, ``#stock``, ``#discard``, ``#facts``)."""
    with Horizontal(id="piles"):
        yield PileWidget("stock", id="stock")
        yield PileWidget("discard", id="discard")
        yield Static(id="facts")


def draw_piles(screen: Screen[None], view: PlayerView, facts: Text | str) -> None:
    """Draw the row of :func:`piles_row`: the piles and face-up cards of ``view``, and
    ``facts`` (each screen says its own: the table's header has the public ones)."""
    screen.query_one("#stock", PileWidget).show(view)
    screen.query_one("#discard", PileWidget).show(view)
    screen.query_one("#facts", Static).update(facts)
    piles = screen.query_one("#piles", Horizontal)
    shown = list(piles.query(FaceUpCard))
    for extra in shown[len(view.face_up) :]:
        extra.remove()
    for i, card in enumerate(view.face_up):
        if i < len(shown):  # only the cards that come or go are mounted or removed
            shown[i].show(card)
        else:
            widget = FaceUpCard(classes="face-up")
            piles.mount(widget, before="#facts")
            widget.show(card)


def play_panels() -> ComposeResult:
    """The auction, trick and chips panels, in the order the table shows them."""
    yield AuctionPanel(id="auction")
    yield TrickArea(id="trick")
    yield ChipsPanel(id="chips")


def draw_panels(
    screen: Screen[None],
    view: PlayerView,
    names: Sequence[str],
    kinds: Sequence[str],
    amount: int | None = None,
    chooser: int | None = None,
    list_key: str = "",
) -> None:
    """Draw the panels ``view`` declares on ``screen``. ``amount`` is the bet chosen with + and
    -, ``chooser`` the seat choosing it (None where nobody chooses, as in a replay);
    ``list_key`` the key that lists the viewer's calls of an auction."""
    screen.query_one(AuctionPanel).show(view.auction, names, list_key)
    # while an auction runs, the (empty) trick makes room for it
    screen.query_one(TrickArea).show(None if view.auction is not None else view.trick, names)
    screen.query_one(ChipsPanel).show(view.chips, view.seats, amount, chooser)
    if view.board is not None and screen.query(SeatsPanel):
        screen.query_one(SeatsPanel).show(view.seats, kinds, view.teams, view.board)


def show_board(screen: Screen[None], view: PlayerView, chooser: BoardChooser | None = None) -> None:
    """Draw ``view.board`` (with the move being chosen, if any) and give the ``#side`` column
    what the board leaves of the screen's width."""
    screen.query_one(BoardWidget).show(view.board, chooser)
    board = view.board
    if board is None:
        return
    # The side panel takes what the board leaves (the widest cells that fit first).
    width = screen.app.size.width
    cell = BoardWidget.cell_for(board, width - SIDE_MIN - 1)
    need = cell * board.width - (cell - 1) + 1
    side = screen.query_one("#side", Vertical)
    wanted = max(SIDE_MIN, min(46, width - need))
    if side.styles.width is None or side.styles.width.value != wanted:
        side.styles.width = wanted  # only on a change: each set lays the screen out again
