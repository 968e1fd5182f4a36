"""Generic table widgets: a hand, piles, melds, seats, a trick. They draw views, not games."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from cardtable.engine.views import (
    AuctionView,
    CallView,
    ChipsView,
    FaceUpView,
    GroupingView,
    MeldView,
    PlayerView,
    SeatView,
    TrickView,
)
from cardtable.engine.words import counted, plural
from cardtable.tui.cards import SUIT_VARS, SYMBOLS, ascii_cards, card_back, card_label, card_text

CARD_GAP = 1


def _colours(widget: Widget) -> dict[str, str]:
    return dict(widget.app.theme_variables)


class HandWidget(Widget, can_focus=True):
    """The viewer's hand in their chosen order, with a cursor and selected cards.

    Holds only card *names* of the seat it shows; a spectator's hand is never given.
    """

    DEFAULT_CSS = """
    HandWidget { height: auto; min-height: 3; padding: 1 1 0 1; }
    HandWidget.-message-row { padding: 0 1; }
    """

    class CardClicked(Message):
        """A card of the hand was clicked (index in display order)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    MESSAGE_LINES = 2
    """The most lines a message takes above the cards (a longer one ends with '…')."""
    ROOMY_HEIGHT = 30
    """Below this many rows a message keeps to one line: at 80x24 a second line took the
    last row of the panels above the hand (an auction's calls), which matter more than the
    end of a hint. A refusal still takes two: it says what is wrong and what to do, and the
    player needs all of it."""

    def __init__(self, *, id: str | None = None, message_row: bool = False) -> None:
        super().__init__(id=id, classes="-message-row" if message_row else "")
        self.cards: list[str] = []
        self.selected: set[int] = set()
        self.cursor = 0
        self.hidden_note = ""
        self.message_row = message_row
        """A line above the cards carries the table's messages (refusals, hints): there they
        hide no card, unlike a toast over the hand's right end where a drawn card lands."""
        self.message = Text()
        self.warning = False
        """The message is a refusal (shown in the warning colour, and never cut to one line)."""
        self._spots: list[tuple[int, int, int]] = []

    def say(self, message: str, warning: bool = False) -> None:
        """Show one message above the cards, replacing the one before ('' clears it)."""
        style = "bold " + _colours(self).get("warning", "yellow") if warning else "bold"
        self.message = Text(message, style=style if message else "")
        self.warning = warning
        self.refresh(layout=True)

    def _message_lines(self, width: int) -> list[Text]:
        if not self.message_row:
            return []
        if not self.message.plain:
            return [Text()]
        lines = list(self.message.wrap(self.app.console, width))
        roomy = self.app.size.height >= self.ROOMY_HEIGHT
        most = self.MESSAGE_LINES if roomy or self.warning else 1
        if len(lines) > most:
            lines = lines[:most]
            last = lines[-1]
            last.truncate(max(1, width - 1))
            last.append("…")
        return lines

    def show(self, cards: Sequence[str], selected: set[int], cursor: int) -> None:
        """Show a hand (card names in display order)."""
        self.cards = list(cards)
        self.selected = set(selected)
        self.cursor = cursor
        self.hidden_note = ""
        self.refresh(layout=True)

    def hide(self, note: str) -> None:
        """Show no hand at all, only a note (the spectator view)."""
        self.cards = []
        self.selected = set()
        self.hidden_note = note
        self.refresh(layout=True)

    def _width(self, name: str) -> int:
        return max(4, len(card_label(name, ascii_cards(self))) + 2)

    def render(self) -> Text:
        if not self.cards:
            note = Text(self.hidden_note or "(no cards)", style="italic")
            if self.hidden_note:
                return note  # no hand in view: the status line carries the messages
            # an empty hand of one's own (the machine between hands) still shows a hint above it
            out = Text()
            for line in self._message_lines(max(10, self.size.width - 2)):
                out.append_text(line)
                out.append("\n")
            out.append_text(note)
            return out
        colours = _colours(self)
        ascii_only = ascii_cards(self)
        width = max(10, self.size.width - 2)
        self._spots = []
        rows: list[list[tuple[int, str, int]]] = [[]]
        x = 0
        for i, name in enumerate(self.cards):
            w = self._width(name)
            if x and x + w > width:
                rows.append([])
                x = 0
            rows[-1].append((i, name, w))
            x += w + CARD_GAP
        out = Text()
        for line in self._message_lines(width):
            out.append_text(line)
            out.append("\n")
        caret, dot = ("^", "*") if ascii_only else ("▲", "•")
        for y, row in enumerate(rows):
            line = Text()
            marks = Text()
            x = 0
            for i, name, w in row:
                line.append_text(
                    card_text(
                        name,
                        colours,
                        ascii_only=ascii_only,
                        selected=i in self.selected,
                        cursor=i == self.cursor,
                        width=w,
                    )
                )
                line.append(" " * CARD_GAP)
                # the row under the cards: the cursor, and a dot under each selected card (the
                # cursor's card too), so selection shows without colour
                mark = (caret if i == self.cursor else "") + (dot if i in self.selected else "")
                marks.append(mark.center(w) + " " * CARD_GAP, style="bold")
                self._spots.append((2 * y, x, x + w))
                self._spots.append((2 * y + 1, x, x + w))
                x += w + CARD_GAP
            if y:
                out.append("\n")
            out.append_text(line)
            out.append("\n")
            out.append_text(marks)
        return out

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        if not self.cards:
            return 1 if self.hidden_note else 1 + len(self._message_lines(max(10, width - 2)))
        usable = max(10, width - 2)
        above = len(self._message_lines(max(10, width - 2)))
        rows, x = 1, 0
        for name in self.cards:
            w = self._width(name)
            if x and x + w > usable:
                rows += 1
                x = 0
            x += w + CARD_GAP
        return above + 2 * rows

    def on_click(self, event: events.Click) -> None:
        for k, (row, start, end) in enumerate(self._spots):
            # Where the cards start: below and right of the padding (a board table has none above).
            top, left = self.styles.padding.top, self.styles.padding.left
            top += len(self._message_lines(max(10, self.size.width - 2)))
            if event.y - top == row and start <= event.x - left < end:
                self.post_message(self.CardClicked(k // 2))
                return


class PileWidget(Static):
    """The stock (a count) or the discard pile (its top card)."""

    DEFAULT_CSS = """
    PileWidget { width: 17; height: 4; border: round $primary 50%; content-align: center middle; }
    PileWidget:hover { border: round $accent; }
    """

    class Clicked(Message):
        """The pile was clicked."""

        def __init__(self, pile: str) -> None:
            super().__init__()
            self.pile = pile

    def __init__(self, pile: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pile = pile
        self.border_title = "stock" if pile == "stock" else "discard"

    def show(self, view: PlayerView) -> None:
        colours = _colours(self)
        ascii_only = ascii_cards(self)
        self.border_title = view.stock_label if self.pile == "stock" else view.discard_label
        if self.pile == "stock":
            body = card_back(colours, ascii_only=ascii_only) if view.stock_count else Text("empty")
            self.update(Text.assemble(body, f"\n{plural(view.stock_count, 'card')}"))
        else:
            top = view.discard_top
            if top:
                body = card_text(top, colours, ascii_only=ascii_only)
            elif view.discard_count:  # a face-down pile (finished tricks)
                body = card_back(colours, ascii_only=ascii_only)
            else:
                body = Text("empty")
            self.update(Text.assemble(body, f"\n{plural(view.discard_count, 'card')}"))

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.pile))


class FaceUpCard(Static):
    """A public face-up card outside the piles (a cut card), with what it means."""

    DEFAULT_CSS = """
    FaceUpCard { width: 14; height: 4; border: round $warning 60%; content-align: center middle; }
    """

    def show(self, card: FaceUpView) -> None:
        self.border_title = card.label
        body = card_text(card.card, _colours(self), ascii_only=ascii_cards(self))
        self.update(Text.assemble(body, f"\n{card.note}"))


class GroupsPanel(Static):
    """The viewer's hand in its best groups and what going out with them would give (a
    declare panel). Draws a :class:`GroupingView`; the game decides what is in it."""

    DEFAULT_CSS = """
    GroupsPanel { height: auto; border: round $accent 60%; padding: 0 1; }
    GroupsPanel.ready { border: round $success; }
    """

    LABEL = 15
    """Columns of a row's label ('set', 'ungrouped'); a row's cards start after it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._panel: GroupingView | None = None

    def show(self, panel: GroupingView | None) -> None:
        self._panel = panel
        if panel is None:
            self.display = False
            return
        self.display = True
        self.border_title = panel.title
        self.set_class(panel.ready, "ready")
        colours = _colours(self)
        ascii_only = ascii_cards(self)
        # a row too long for the panel goes on under its cards, not under its label
        width = self.content_size.width or 1_000
        text = Text()
        rows = [(g.kind, list(zip(g.cards, g.stands_for, strict=True))) for g in panel.groups]
        if panel.loose:
            rows.append((panel.loose_label, [(name, name) for name in panel.loose]))
        for label, cards in rows:
            text.append(f"{label:<{self.LABEL - 1}} ", style="bold")
            used = self.LABEL
            for name, rep in cards:
                card = card_text(
                    name, colours, ascii_only=ascii_only, stands_for=rep if rep != name else None
                )
                if used > self.LABEL and used + card.cell_len > width:
                    text.append("\n" + " " * self.LABEL)
                    used = self.LABEL
                text.append_text(card)
                text.append(" ")
                used += card.cell_len + 1
            text.append("\n")
        # not ready is no mistake (all grouped, waiting for the draw; points still loose):
        # a plain dot, not the refusals' cross
        mark = ("OK " if ascii_only else "✓ ") if panel.ready else ("-- " if ascii_only else "· ")
        text.append(mark + panel.summary, style="bold" if panel.ready else "italic")
        self.update(text)

    def on_resize(self) -> None:
        if self._panel is not None:
            self.show(self._panel)


class MeldLine(Static):
    """One table meld: its number (as in the notation), owner and cards with jokers' values."""

    DEFAULT_CSS = """
    MeldLine { height: 1; }
    MeldLine:hover { background: $boost; }
    """

    class Clicked(Message):
        """A meld was clicked."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, meld: MeldView, owner: str) -> None:
        super().__init__()
        self.number = meld.number
        self.meld = meld
        self.owner = owner

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        colours = _colours(self)
        ascii_only = ascii_cards(self)
        text = Text(f"{self.meld.number:>2} ", style="bold")
        for name, rep in zip(self.meld.cards, self.meld.stands_for, strict=True):
            text.append_text(
                card_text(name, colours, ascii_only=ascii_only, stands_for=rep if rep != name else None)
            )
            text.append(" ")
        text.append(f" {self.meld.value} pts · {self.owner}", style="dim")
        self.update(text)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.number))


class SeatsBar(Static):
    """Every seat: name, card count, score, badges and the turn marker.

    A seat is never split across two lines: its badges ("[dealer]") must not fall under
    another seat's name. Seats that do not fit on a line start the next one; when that
    would take more than two lines, the seats are written shorter (see :func:`seat_texts`).
    """

    SHORTEST = 3
    """The shortest way :func:`seat_texts` writes a seat."""

    DEFAULT_CSS = """
    SeatsBar { height: auto; padding: 0 1; }
    """

    GAP = 3
    """Spaces between two seats on a line."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._seats: tuple[SeatView, ...] = ()
        self._kinds: tuple[str, ...] = ()
        self._unit = "pts"
        self._teams: tuple[tuple[int, ...], ...] = ()

    def show(
        self,
        seats: Sequence[SeatView],
        kinds: Sequence[str],
        unit: str = "pts",
        teams: Sequence[Sequence[int]] = (),
    ) -> None:
        """Draw the seats; ``unit`` follows each score (the view's score label, short);
        ``teams`` (the view's) name each seat's partners, so a player knows their side."""
        self._seats, self._kinds, self._unit = tuple(seats), tuple(kinds), unit
        self._teams = tuple(tuple(team) for team in teams)
        self.update(self.lines(max(20, self.content_size.width or self.app.size.width - 2)))

    def on_resize(self) -> None:
        if self._seats:
            self.update(self.lines(self.content_size.width))

    def lines(self, width: int) -> Text:
        """The seats laid out in ``width`` columns, no seat split between lines."""
        if not self._seats:
            return Text()
        for short in range(self.SHORTEST + 1):
            texts = seat_texts(self._seats, self._kinds, self._unit, short, self._teams)
            rows = _pack(texts, width, self.GAP)
            # a computer player's kind is left out only to save more than one line
            if len(rows) <= 2 or (short == self.SHORTEST - 1 and len(rows) <= 3):
                break
        out = Text()
        for r, row in enumerate(rows):
            if r:
                out.append("\n")
            for i, text in enumerate(row):
                if i:
                    out.append(" " * self.GAP)
                out.append_text(text)
        return out


def score_unit(view: PlayerView) -> str:
    """What follows a seat's score in the seats bar: 'pts' for points of either kind, else
    the view's score label ('chips', 'credits')."""
    label = view.scoring.label
    return "pts" if label in ("points", "penalty points") else label


def seat_texts(
    seats: Sequence[SeatView],
    kinds: Sequence[str],
    unit: str,
    short: int = 0,
    teams: Sequence[Sequence[int]] = (),
) -> list[Text]:
    """One text per seat; ``short`` 1 writes the kind shorter ("medium bot"), 2 also the card
    count ("10c"), 3 leaves a computer player's kind out (six seats at 80 columns took a line
    each, and the panels below lost their last rows). A seat in one of ``teams`` names its
    partners ("[with Cat]")."""
    partners = {s: [o for o in team if o != s] for team in teams for s in team}
    texts: list[Text] = []
    for i, seat in enumerate(seats):
        text = Text(no_wrap=True)
        marker = "▶ " if seat.to_act else "  "
        style = "bold reverse" if seat.to_act else ("dim strike" if not seat.active else "bold")
        text.append(marker, style="bold")
        text.append(seat.name, style=style)
        count = f"{seat.card_count}c" if short >= 2 else plural(seat.card_count, "card")
        text.append(f" {count} · {counted(seat.score, unit)}")
        kind = kinds[i] if i < len(kinds) else ""
        if kind and short and kind.startswith("computer, "):
            kind = "" if short >= 3 else kind.removeprefix("computer, ") + " bot"
        if kind:
            text.append(f" ({kind})", style="dim")
        if partners.get(i):
            names = " & ".join(seats[o].name for o in partners[i])
            text.append(f" [with {names}]", style="italic")
        for badge in seat.badges:
            text.append(f" [{badge}]", style="italic")
        texts.append(text)
    return texts


def _pack(texts: Sequence[Text], width: int, gap: int) -> list[list[Text]]:
    """Texts on lines of ``width``, in order, a new line where the next would not fit (one
    too long for any line is cut with an ellipsis)."""
    rows: list[list[Text]] = [[]]
    used = 0
    for text in texts:
        if len(text) > width:
            text = text.copy()
            text.truncate(width, overflow="ellipsis")
        need = len(text) + (gap if rows[-1] else 0)
        if rows[-1] and used + need > width:
            rows.append([])
            used, need = 0, len(text)
        rows[-1].append(text)
        used += need
    return rows


class TrickArea(Static):
    """Cards played to the current trick, by whom (trick games only)."""

    DEFAULT_CSS = """
    TrickArea { height: auto; border: round $secondary 50%; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[TrickView, Sequence[str]] | None = None

    def show(self, trick: TrickView | None, names: Sequence[str]) -> None:
        self._shown = None if trick is None else (trick, names)
        if trick is None:
            self.display = False
            return
        self.display = True
        colours = _colours(self)
        text = Text("Trick: ")
        for seat, card in trick.plays:
            text.append(f"{names[seat]} ")
            text.append_text(card_text(card, colours, ascii_only=ascii_cards(self)))
            text.append("  ")
        if trick.last_winner is not None:
            last = f"(last trick won by {names[trick.last_winner]})"
            # whole on the next line when it does not fit: cut in two it read as two notes
            width = self.content_size.width
            gap = "\n" if width and text.cell_len + 2 + len(last) > width else "  "
            text.append(gap + last, style="dim")
        self.update(text)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


def call_text(call: CallView, colours: dict[str, str], ascii_only: bool, value: bool = False) -> Text:
    """A call's label with its suit symbols in the suit colours (letters in ASCII mode), and
    its value when asked."""
    text = Text()
    for ch in call.label:
        suit = next((k for k, sym in SYMBOLS.items() if sym == ch), None)
        if suit is None:
            text.append(ch)
        elif ascii_only:
            text.append(suit)
        else:
            text.append(ch, style=colours.get(SUIT_VARS[suit], ""))
    if value and call.value is not None:
        text.append(f" {call.value}", style="dim")
    return text


def auction_lines(
    auction: AuctionView,
    names: Sequence[str],
    colours: dict[str, str],
    ascii_only: bool,
    width: int | None = None,
) -> Text:
    """The auction as text: the calls so far by seat and the bid to beat, then the viewer's
    calls as a grid (a row per number, a column per suit, each cell the value; the column's
    key letter in the header) beside the calls of no row with their keys. With ``width`` the
    calls so far keep to one line of that many columns: the latest that fit, after '…'."""
    beat = Text("to beat: ")
    if auction.high is None:
        beat.append("nothing yet", style="dim")
    else:
        beat.append_text(call_text(auction.high, colours, ascii_only, value=True))
        beat.append(f" by {names[auction.high.seat]}")
    said: list[Text] = []
    for call in auction.calls:
        one = Text(f"{names[call.seat]} ")
        one.append_text(call_text(call, colours, ascii_only))
        one.append(" · ", style="dim")
        said.append(one)
    if width is not None:
        room = width - beat.cell_len
        kept = len(said)
        # the latest calls matter most: the first ones give way to '… ' (2 columns)
        while (
            kept and sum(t.cell_len for t in said[len(said) - kept :]) + (2 if kept < len(said) else 0) > room
        ):
            kept -= 1
        if kept < len(said):
            said = [Text("… ", style="dim"), *said[len(said) - kept :]]
    text = Text()
    for one in said:
        text.append_text(one)
    text.append_text(beat)
    if not auction.legal:
        return text
    rows: dict[str, dict[str, CallView]] = {}
    columns: list[tuple[str, str]] = []  # (label suffix, key letter), in the fullest row's order
    for call in auction.legal:
        if call.row:
            rows.setdefault(call.row, {})[call.label[len(call.row) :]] = call
    for row in sorted(rows.values(), key=len, reverse=True):
        for suffix, call in row.items():
            key = (suffix, call.keys[len(call.keys) - 1 :])
            if key not in columns:
                columns.append(key)
    side = [c for c in auction.legal if not c.row]
    lines: list[Text] = []
    if rows:
        head = Text("    ")
        for suffix, key in columns:
            cell = call_text(CallView(move="", label=suffix), colours, ascii_only)
            cell.append(key, style="bold reverse")
            head.append_text(Text(" " * max(0, 4 - len(cell.plain))) + cell)
        lines.append(head)
        for row, cells in rows.items():
            first = next(iter(cells.values()))
            # the row's key is its number's last digit (10 is 0), shown reversed
            line = Text(f"{row[:-1]:>2}", style="bold")
            line.append(row[-1:], style="bold reverse" if first.keys[:1] == row[-1:] else "bold")
            line.append(" ")
            for suffix, _ in columns:
                call = cells.get(suffix)
                value = "·" if call is None or call.value is None else str(call.value)
                line.append(f"{value:>4}", style="dim" if call is None else "")
            lines.append(line)
    for i, call in enumerate(side):
        if i >= len(lines):
            lines.append(Text(" " * (4 + 4 * len(columns))))
        line = lines[i]
        line.append("  ")
        line.append(call.keys, style="bold reverse")
        line.append(" ")
        line.append_text(call_text(call, colours, ascii_only, value=True))
    for line in lines:
        text.append("\n")
        text.append_text(line)
    return text


def call_how(auction: AuctionView, list_key: str = "", ascii_only: bool = False, short: bool = False) -> str:
    """How the viewer makes a call, with one of its own calls as the example ('' when the
    viewer has no call to make); ``short``: the few words a panel's border has room for.

    >>> from cardtable.engine.views import CallView
    >>> legal = (CallView(move="bid 7H", label="7♥", keys="7h"), CallView(move="pass", label="pass", keys="z"))
    >>> call_how(AuctionView(legal=legal), "b")
    "Type a call's keys (7h: 7♥) or press b to pick from a list."
    >>> call_how(AuctionView(legal=legal), "b", short=True)
    'type keys (7h: 7♥) or b for a list'
    """
    if not auction.legal:
        return ""
    typed = next((c for c in auction.legal if len(c.keys) > 1), auction.legal[0])
    example = f" ({typed.keys}: {call_label(typed, ascii_only)})" if typed.keys else ""
    if short:
        return f"type keys{example}" + (f" or {list_key} for a list" if list_key else "")
    pick = f" or press {list_key} to pick from a list" if list_key else ""
    return f"Type a call's keys{example}{pick}."


def call_label(call: CallView, ascii_only: bool = False) -> str:
    """A call's label as plain text: suit symbols, or their letters in ASCII mode."""
    return call_text(call, {}, ascii_only).plain


class AuctionPanel(Static):
    """The auction (bidding games): every call so far by seat, the bid to beat, and the
    viewer's calls with their keys (number then suit)."""

    DEFAULT_CSS = """
    AuctionPanel { height: auto; border: round $accent 60%; padding: 0 1; }
    """

    ROOMY_HEIGHT = HandWidget.ROOMY_HEIGHT
    """Below this many rows the panel is compact: the calls so far keep to one line and the
    how-to is a few words on the bottom border. At 80x24 the full panel (two lines of calls,
    a how-to wrapped on two) was three rows taller than the room above the hand, and the
    screen cut off its last bid row and its bottom border."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[AuctionView, Sequence[str], str] | None = None

    def show(self, auction: AuctionView | None, names: Sequence[str], list_key: str = "") -> None:
        """Draw ``auction`` (hidden when None). ``list_key`` is the key that lists the calls
        to pick from ('' when none does)."""
        if auction is None:
            self._shown = None
            self.display = False
            return
        self._shown = (auction, names, list_key)
        self.display = True
        # the title stays short (a border cuts it); the how-to is the last line, which wraps
        self.border_title = "auction · your call" if auction.legal else "auction"
        compact = self.app.size.height < self.ROOMY_HEIGHT
        # the panel's width is known once it is laid out (it is redrawn on resize)
        width = self.content_size.width if compact and auction.legal and self.content_size.width else None
        text = auction_lines(auction, names, _colours(self), ascii_cards(self), width)
        how = call_how(auction, list_key, ascii_cards(self), short=compact)
        self.border_subtitle = how if compact else ""
        if how and not compact:
            text.append("\n")
            text.append(how, style="dim")
        self.update(text)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class ChipsPanel(Static):
    """The chips of a betting table (any game whose view has ``chips``): each seat's stack and
    bet this round, the pot and every side pot with who may win it, what the viewer must call
    and the amount it may bet or raise to (``amount``: the one chosen with + and -)."""

    DEFAULT_CSS = """
    ChipsPanel { height: auto; border: round $secondary 50%; padding: 0 1; }
    """

    def show(
        self, chips: ChipsView | None, seats: Sequence[SeatView], amount: int | None, viewer: int | None
    ) -> None:
        if chips is None:
            self.display = False
            return
        self.display = True
        unit = chips.unit
        text = Text()
        for seat in seats:
            s = seat.seat
            if s >= len(chips.stacks):
                continue
            style = "dim" if not seat.active else "bold" if seat.to_act else ""
            text.append(f"{seat.name}: {chips.stacks[s]}", style=style)
            bet = chips.committed[s] if s < len(chips.committed) else 0
            if bet:
                text.append(f" (bet {bet})", style=style)
            text.append("   ")
        names = {seat.seat: seat.name for seat in seats}
        for pot in chips.pots:
            who = ", ".join(names.get(s, str(s)) for s in pot.eligible)
            if pot.uncalled:  # no pot to win: the bettor gets it back
                text.append(f"\n{counted(pot.amount, unit)} returned to {who}", style="bold")
                text.append("  (uncalled)", style="dim")
                continue
            text.append(f"\n{pot.label}: {counted(pot.amount, unit)}", style="bold")
            text.append(f"  ({who})", style="dim")
        if viewer is not None and (chips.to_call or chips.min_raise_to is not None):
            text.append("\n")
            if chips.to_call:
                # a call of the whole stack (for less than the bet, table stakes) is all-in
                all_in = viewer < len(chips.stacks) and chips.to_call >= chips.stacks[viewer]
                text.append(f"to call: {chips.to_call}{' (all-in)' if all_in else ''}   ", style="bold")
            lo, hi = chips.min_raise_to, chips.max_raise_to
            if lo is not None and hi is not None:
                text.append(f"bet/raise to {lo}" + (f"-{hi}" if hi != lo else ""))
                if amount is not None and hi != lo:
                    text.append(f"   chosen: {amount}", style="reverse")
                    text.append("  (+ - change it, : types any amount)", style="dim")
        self.update(text)
