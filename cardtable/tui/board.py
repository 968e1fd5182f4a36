"""A generic board: holes on a grid, pieces by colour, and choosing a move on it.

:class:`BoardWidget` draws any :class:`~cardtable.engine.views.BoardView` (a track of holes,
start areas, castles, pieces); it names no game. Pieces are their colour letters on their
colour, so they read without colour too; the ASCII mode uses plain characters only.

:class:`BoardChooser` turns the view's :class:`~cardtable.engine.views.BoardMoveView` list
into a choice made one step at a time: for a card, the steps a move can start with (Tab
cycles them), then, for a move of several steps (a split), the next step, until a whole
move is chosen; its ``move`` text is what the table plays.

:class:`SeatsPanel` lists the seats by team with their colours, for the side of a board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget
from textual.widgets import Static

from cardtable.engine.views import BoardMoveView, BoardView, HoleView, SeatView
from cardtable.engine.words import one_of
from cardtable.tui.cards import app_setting, ascii_cards
from cardtable.tui.header import cut_whole

Step = tuple[str, str]
"""(from hole id, to hole id)."""

PIECE_COLOURS: dict[str, str] = {
    "blue": "#2f6fdf",
    "red": "#d0312d",
    "green": "#1e9e4a",
    "yellow": "#e8c21a",
    "purple": "#8e44ad",
    "orange": "#f07f13",
    "white": "#f2f2f2",
    "black": "#202020",
}
"""Piece colours by name; a theme may set ``piece-<name>`` variables to change them."""

_DARK_LETTERS = {"yellow", "white", "orange"}
"""Colours light enough to need a dark letter on them."""

GLYPHS = {
    False: {"track": "·", "castle": "○", "start": "◦", "in": "+", "land": "◎", "go": "◉"},
    True: {"track": ".", "castle": "=", "start": "o", "in": "+", "land": "*", "go": "@"},
}
"""Empty holes by kind, the in-spot, a landing hole and the chosen landing hole, with
(``True``) and without ASCII mode."""


def board_legend(ascii_only: bool = False) -> str:
    """The ``?`` screen's section on what the board's marks mean, in the marks drawn (ASCII
    mode's or not).

    >>> print(board_legend(True).splitlines()[11])
    | . | an empty hole of the track |
    """
    g = GLYPHS[ascii_only]
    mark, start, bump = ("'", "<", "x") if ascii_only else ("˙", "◂", "x")
    rows = [
        (g["track"], "an empty hole of the track"),
        ("b", "a small letter: where that colour's pieces come out of their start onto the track"),
        (g["in"], "a colour's way in: from here its pieces turn into its castle"),
        (g["start"], "an empty start hole (a piece waiting there to come out shows as its letter)"),
        (g["castle"], "an empty castle hole (where a colour's pieces end their way)"),
        ("B", "a capital letter: a piece of that colour"),
        (f"B{mark}", "a piece the chosen card can move"),
        (f"B{start}", "where the step being chosen starts"),
        (g["land"], "a hole the step can end in"),
        (g["go"], "the hole the step ends in now (Enter takes it)"),
        (f"B{bump}", "a piece the step sends away (the status line says where to)"),
    ]
    keys = [
        ("tab / shift+tab", "the chosen card's next / previous step"),
        ("enter", f"take the step shown ({g['go']}); a card moving two pieces then asks for the second"),
        ("click", f"a piece or a hole: the step from or to it; its {g['go']} again takes it"),
        ("#", "show or hide the holes' numbers (the notation names holes by them)"),
    ]
    out = ["## Board keys and marks", "", "| key | does |", "|---|---|"]
    out += [f"| {k} | {does} |" for k, does in keys]
    out += ["", "| mark | means |", "|---|---|"]
    out += [f"| {m} | {does} |" for m, does in rows]
    return "\n".join(out) + "\n"


@dataclass
class BoardChooser:
    """Choosing one of a card's board moves a step at a time.

    >>> m = [BoardMoveView(move="7D:B10>17", card="7D", steps=(("10", "17"),)),
    ...      BoardMoveView(move="7D:B10>13,B30>34", card="7D", steps=(("10", "13"), ("30", "34")),
    ...                    bumps=("34",)),
    ...      BoardMoveView(move="5C:B10>15", card="5C", steps=(("10", "15"),))]
    >>> c = BoardChooser(m, "7D")
    >>> c.options(), c.step()
    ([('10', '17'), ('10', '13')], ('10', '17'))
    >>> c.cycle(1), c.enter()
    (('10', '13'), None)
    >>> c.prefix, c.options(), c.bumps()
    ([('10', '13')], [('30', '34')], {'34'})
    >>> c.enter()
    '7D:B10>13,B30>34'
    """

    moves: Sequence[BoardMoveView]
    card: str | None
    prefix: list[Step] = field(default_factory=list)
    """The steps chosen so far (of a move of several steps)."""
    index: int = 0
    """Which of :meth:`options` is chosen now."""
    prefer: str | None = None
    """A move to offer first at every step (a hint's), by its text."""

    def __post_init__(self) -> None:
        self._offer()

    def _offer(self) -> None:
        """Point at the preferred move's next step, if it goes through the steps so far."""
        want = next((m for m in self._through() if m.move == self.prefer), None)
        if want is not None:
            self.index = self.options().index(want.steps[len(self.prefix)])

    def card_moves(self) -> list[BoardMoveView]:
        """The moves of the chosen card (every board move when no card is chosen)."""
        return [m for m in self.moves if self.card is None or m.card == self.card]

    def _through(self) -> list[BoardMoveView]:
        n = len(self.prefix)
        return [m for m in self.card_moves() if len(m.steps) > n and list(m.steps[:n]) == self.prefix]

    def options(self) -> list[Step]:
        """The distinct next steps, in the order the moves list them."""
        n = len(self.prefix)
        return list(dict.fromkeys(m.steps[n] for m in self._through()))

    def step(self) -> Step | None:
        """The step chosen now (None when the card has no move)."""
        options = self.options()
        return options[self.index % len(options)] if options else None

    def cycle(self, by: int) -> Step | None:
        """Choose the next (or previous, ``by`` -1) option; the step chosen."""
        options = self.options()
        if options:
            self.index = (self.index + by) % len(options)
        return self.step()

    def candidates(self) -> list[BoardMoveView]:
        """The moves that go through the steps chosen so far and the step chosen now."""
        step = self.step()
        if step is None:
            return []
        n = len(self.prefix)
        return [m for m in self._through() if m.steps[n] == step]

    def complete(self) -> BoardMoveView | None:
        """The move the chosen steps make on their own, if they make one."""
        n = len(self.prefix) + 1
        return next((m for m in self.candidates() if len(m.steps) == n), None)

    def enter(self) -> str | None:
        """Take the chosen step: the move text once a whole move is chosen, else None (the
        next step is to be chosen)."""
        done = self.complete()
        if done is not None:
            return done.move
        step = self.step()
        if step is not None:
            self.prefix.append(step)
            self.index = 0
            self._offer()
        return None

    def back(self) -> bool:
        """Undo the last chosen step; False when there was none."""
        if not self.prefix:
            return False
        step = self.prefix.pop()
        options = self.options()
        self.index = options.index(step) if step in options else 0
        return True

    def pick(self, hole: str) -> str | None:
        """A click on a hole: choose the option starting or landing there (the next one
        from that hole on a second click); clicking the chosen landing hole takes the step
        as :meth:`enter` does. Returns what :meth:`enter` returns, else None."""
        options = self.options()
        step = self.step()
        if step is not None and hole == step[1] and hole != step[0]:
            return self.enter()
        here = [i for i, s in enumerate(options) if s[0] == hole]
        here = here or [i for i, s in enumerate(options) if s[1] == hole]
        if here:
            # The same piece again: its next move; another hole: its first.
            after = [i for i in here if i > self.index]
            again = step is not None and self.index % len(options) in here
            self.index = (after or here)[0] if again else here[0]
        return None

    def movable(self) -> set[str]:
        """Holes whose pieces the next step can move."""
        return {s[0] for s in self.options()}

    def landings(self) -> set[str]:
        """Holes the next step can land on."""
        return {s[1] for s in self.options()}

    def bumps(self) -> set[str]:
        """Holes whose pieces the chosen move (any move still possible) sends away."""
        return {b for m in self.candidates() for b in m.bumps}

    def describe(self, width: int | None = None, show: Callable[[str], str] = str) -> str:
        """The choice in words, for the status line, as ``show`` writes it for players; in
        ``width`` columns if given. A narrow line drops whole parts, the keys first (the
        footer names tab and enter), then the move's notation, and keeps the words, which say
        what the move does; only then are the words cut, after a word."""
        moves = self.card_moves()
        if not moves:
            if self.card is None or not self.moves:
                return ""
            # the picked card has no move: which cards have (Enter says the same)
            movers = one_of(list(dict.fromkeys(m.card for m in self.moves)))
            return _fit_forms([show(f"{self.card} has no move on the board now: {movers} can")], width)
        if not any(m.steps for m in moves):
            # a card that moves no piece (given to a partner, discarded): what it does; its
            # verb's key in the footer plays it
            forms = [f"{self.card}: {moves[0].text}"] if moves[0].text else []
            return _fit_forms([show(f) for f in forms], width)
        options = self.options()
        done = self.complete()
        chosen = self.candidates()
        what = done.move if done is not None else (chosen[0].move if chosen else "")
        text = done.text if done is not None and done.text else ""
        count = f"{self.index % len(options) + 1}/{len(options)}" if options else "0"
        if self.prefix:
            made = ", ".join(f"{a}>{b}" for a, b in self.prefix)
            head = f"{self.card} ({made} taken), the rest {count}"
        else:
            head = f"{self.card or 'any card'} {count}"
        keys = ["tab next"] if len(options) > 1 else []
        keys.append("enter plays" if done is not None else "enter: then the rest")
        if self.prefix:
            keys.append("esc back")
        tail = f" — {text}" if text else ""
        forms = [f"{head}: {what} · {' · '.join(keys)}{tail}"]
        if text:
            # the way back out of a part taken is said nowhere else
            back = " · esc back" if self.prefix else ""
            forms += [f"{head}: {what}{back}{tail}", f"{head}{back}{tail}"]
            if not self.prefix:  # then the card alone, before the words are cut
                forms.append(f"{self.card}: {text}")
        return _fit_forms([show(f) for f in forms], width)


def _fit_forms(forms: Sequence[str], width: int | None) -> str:
    """The first of ``forms`` (fullest first) that fits in ``width`` columns, else the last
    cut after a word.

    >>> _fit_forms(["K♥ 1/2: out · tab next — a piece comes out", "K♥ 1/2 — a piece comes out"], 24)
    'K♥ 1/2 — a piece comes …'
    """
    if not forms:
        return ""
    if width is None:
        return forms[0]
    fitting = [f for f in forms if cell_len(f) <= width]
    return fitting[0] if fitting else cut_whole(forms[-1], width)


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether two cache keys match: item by item, the same object or an equal one (a view
    built again for an unchanged board compares equal)."""
    return len(a) == len(b) and all(x is y or x == y for x, y in zip(a, b, strict=True))


def piece_style(name: str, colours: dict[str, str], *, bold: bool = True) -> Style:
    """A piece: its letter on its colour (theme variable ``piece-<name>`` if set)."""
    bg = colours.get(f"piece-{name}", PIECE_COLOURS.get(name, "#808080"))
    fg = "#111111" if name in _DARK_LETTERS else "#ffffff"
    return Style(color=fg, bgcolor=bg, bold=bold)


Cell = tuple[str, Style]
"""One character of the board and its (Rich) style."""


class BoardWidget(Widget):
    """Draws a :class:`BoardView`, with the highlights of a :class:`BoardChooser`.

    A hole takes ``cell`` columns (3, 2 or 1, the widest that fits) and one row; the board
    is centred in the widget. ``numbers`` prints the track holes' numbers.

    The widget draws its own lines (Textual's line API): turning a Rich ``Text`` of the whole
    board into lines took most of a key press's time. The holes' plain looks are kept until
    the pieces, theme or ASCII mode change, and the drawn lines until the board, the choice,
    the size or the numbers change; a line whose cells did not change keeps its strip.
    :meth:`render` still gives the same board as a ``Text``.
    """

    DEFAULT_CSS = """
    BoardWidget { width: 1fr; height: 1fr; }
    """

    ALLOW_SELECT = False
    """The board is drawn line by line, without the offsets text selection needs."""

    class HoleClicked(Message):
        """A hole of the board was clicked."""

        def __init__(self, hole: str) -> None:
            super().__init__()
            self.hole = hole

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board: BoardView | None = None
        self.chooser: BoardChooser | None = None
        self.numbers = False
        """The track holes' numbers are shown (the # key; a setting, read at mount)."""
        self._origin = (0, 0)
        self._cell = 2
        self._at: dict[tuple[int, int], str] = {}
        self._looks_key: tuple[object, ...] = ()
        self._looks: dict[str, tuple[str, Style]] = {}
        self._drawn_key: tuple[object, ...] = ()
        self._lines: list[Strip] = []
        self._rows: dict[tuple[int, int, tuple[Cell, ...]], Strip] = {}
        self._styles: dict[Style, Style] = {}
        self._styles_key: tuple[object, ...] = ()

    def on_mount(self) -> None:
        self.numbers = app_setting(self, "board_numbers")

    def show(self, board: BoardView | None, chooser: BoardChooser | None = None) -> None:
        """Draw ``board`` (None: nothing) with ``chooser``'s highlights, if any."""
        if board is not self.board and not (board is not None and board == self.board):
            self._at = {(h.x, h.y): h.id for h in board.holes} if board else {}
            self.board = board
        elif chooser is self.chooser and _same(self._draw_key(self.visual_style), self._drawn_key):
            return  # the same board, choice and look (ASCII mode, theme): nothing to draw again
        self.chooser = chooser
        self._refresh_changed()

    def _refresh_changed(self) -> None:
        """Repaint the rows whose drawing changed (a cursor move changes a few): the screen
        then redraws and sends the terminal those rows only. Before the first drawing, or
        when the lines do not line up, the whole widget."""
        old = self._lines
        if not self._drawn_key or not self.is_mounted:
            self.refresh()
            return
        new = self._draw()
        if len(new) != len(old):
            self.refresh()
            return
        width = self.size.width
        changed = [
            Region(0, y, width, 1) for y, (a, b) in enumerate(zip(old, new, strict=True)) if a is not b
        ]
        if changed:
            self.refresh(*changed)

    @staticmethod
    def _choice(chooser: BoardChooser | None) -> tuple[object, ...]:
        """What of ``chooser`` the drawing shows (it changes in place as steps are chosen)."""
        if chooser is None:
            return (None,)
        return ((id(chooser), chooser.card, tuple(chooser.prefix), chooser.index),)

    @staticmethod
    def cell_for(board: BoardView, columns: int) -> int:
        """The widest cell (3, 2 or 1 columns a hole) with which ``board`` fits ``columns``."""
        return next((c for c in (3, 2) if c * board.width - (c - 1) <= columns), 1)

    def render(self) -> Text:
        """The board as text (what :meth:`render_line` draws), with its styles."""
        painted = self._paint()
        if painted is None:
            return Text("")
        left, top, grid = painted
        out = Text("\n" * top)
        for y, row in enumerate(grid):
            if y:
                out.append("\n")
            out.append(" " * left)
            for run, style in self._runs(row):
                out.append(run, style)
        return out

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the board (the lines are drawn once per change, see the class)."""
        lines = self._draw()
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self.visual_style.rich_style)

    @staticmethod
    def _runs(row: Sequence[Cell]) -> list[Cell]:
        """``row`` as runs of equal style: far fewer segments than cells."""
        out: list[Cell] = []
        run, run_style = "", Style()
        for ch, style in row:
            if style != run_style and run:
                out.append((run, run_style))
                run = ""
            run += ch
            run_style = style
        out.append((run, run_style))
        return out

    def _draw_key(self, base: VisualStyle) -> tuple[object, ...]:
        """What the drawn lines depend on: the board, the choice, the size, the numbers, ASCII
        mode, the theme and the widget's own style ``base``."""
        return (
            self.board,
            *self._choice(self.chooser),
            self.size,
            self.numbers,
            ascii_cards(self),
            self.app.theme_variables,
            base,
        )

    def _draw(self) -> list[Strip]:
        """The widget's lines: the board's rows under ``top`` blank lines."""
        base = self.visual_style  # (computed: read once)
        key = self._draw_key(base)
        if _same(key, self._drawn_key):
            return self._lines
        self._drawn_key = key
        painted = self._paint()
        if painted is None:
            self._lines = []
            return self._lines
        left, top, grid = painted
        styles_key = (base, self.app.theme_variables)
        if styles_key != self._styles_key:
            self._styles_key, self._styles, self._rows = styles_key, {}, {}
        width = self.size.width
        rows: dict[tuple[int, int, tuple[Cell, ...]], Strip] = {}
        # An empty line is one empty segment in the widget's style, as Textual draws text.
        lines = [Strip([Segment("", (base + base).rich_style)], 0)] * top
        for y, row in enumerate(grid, top):
            cells = tuple(row)
            strip = self._rows.get((y, left, cells))
            if strip is None:
                strip = self._strip(left, cells, base)
                if strip.cell_length > width:
                    strip = strip.crop(0, width)
            rows[(y, left, cells)] = strip
            lines.append(strip)
        self._rows = rows  # only the lines drawn now: the cache never grows
        self._lines = lines
        return lines

    def _strip(self, left: int, cells: Sequence[Cell], base: VisualStyle) -> Strip:
        """One row as Textual would draw it from text: each run's style over the widget's."""
        styles = self._styles
        theme = self.app.ansi_theme
        segments = [Segment(" " * left, (base + base).rich_style)] if left else []
        for run, style in self._runs(cells):
            rich = styles.get(style)
            if rich is None:
                rich = styles[style] = (base + (base + VisualStyle.from_rich_style(style, theme))).rich_style
            segments.append(Segment(run, rich))
        return Strip(segments, left + len(cells))

    def _plain_looks(
        self, board: BoardView, ascii_only: bool, colours: dict[str, str]
    ) -> dict[str, tuple[str, Style]]:
        """Each hole's glyph and style with nothing chosen (kept while the pieces stay)."""
        key = (board.holes, board.colours, ascii_only, colours)
        if _same(key, self._looks_key):
            return self._looks
        glyphs = GLYPHS[ascii_only]
        dim = Style(color=colours.get("foreground", "#dddddd"), dim=True)
        looks: dict[str, tuple[str, Style]] = {}
        for h in board.holes:
            glyph, style = self._hole(h, glyphs, board.colours, colours)
            if h.kind == "track" and not h.mark and not h.piece:
                style = dim
            looks[h.id] = (glyph, style)
        self._looks_key, self._looks = key, looks
        return looks

    def _paint(self) -> tuple[int, int, list[list[Cell]]] | None:
        """The board's cells by row with the chooser's highlights, its left margin and the
        blank lines above it (None: no board)."""
        board = self.board
        if board is None:
            return None
        colours = self.app.theme_variables
        ascii_only = ascii_cards(self)
        glyphs = GLYPHS[ascii_only]
        cell = self.cell_for(board, self.size.width)
        self._cell = cell
        left = max(0, (self.size.width - (cell * board.width - (cell - 1))) // 2)
        top = max(0, (self.size.height - board.height) // 2)
        self._origin = (left, top)
        chooser = self.chooser
        movable = chooser.movable() if chooser else set()
        landings = chooser.landings() if chooser else set()
        bumps = chooser.bumps() if chooser else set()
        step = chooser.step() if chooser else None
        done = {h for s in (chooser.prefix if chooser else []) for h in s}
        accent = colours.get("card-selected", "#ffe08a")
        cursor = colours.get("card-cursor", "#e8c65a")
        danger = colours.get("error", "#d03030")
        dim = Style(color=colours.get("foreground", "#dddddd"), dim=True)
        names = board.colours
        looks = self._plain_looks(board, ascii_only, colours)
        # The steps taken so far are drawn made: the piece on its new hole, the old one empty.
        moved: dict[str, str] = {}
        if chooser is not None and chooser.prefix:
            on = {h.id: h.piece for h in board.holes}
            for a, b in chooser.prefix:
                moved[b], moved[a] = moved.get(a, on.get(a, "")), ""
        marked = movable | landings | bumps | done | set(moved) | set(step or ())
        drawn: dict[str, tuple[str, Style, str]] = {}
        for h in board.holes:
            if h.id not in marked:
                glyph, style = looks[h.id]
                drawn[h.id] = (glyph, style, " ")
                continue
            if h.id in moved:
                h = h.model_copy(update={"piece": moved[h.id]})
                glyph, style = self._hole(h, glyphs, names, colours)
                if h.kind == "track" and not h.mark and not h.piece:
                    style = dim
            else:
                glyph, style = looks[h.id]
            gap = " "
            if h.id in bumps:
                style = style + Style(bgcolor=danger, color="#ffffff", bold=True)
                gap = "x"  # a letter too: the bump reads without colour
            elif step is not None and h.id == step[0]:
                style = style + Style(reverse=True, underline=True)
                gap = "<" if ascii_only else "◂"
            elif step is not None and h.id == step[1]:
                glyph = glyph if h.piece else glyphs["go"]
                style = Style(color="#111111", bgcolor=cursor, bold=True)
            elif h.id in done:
                style = style + Style(underline=True)
            elif h.id in movable and h.piece:
                style = style + Style(underline=True, bold=True)
                gap = "'" if ascii_only else "˙"
            elif h.id in landings:
                glyph = glyph if h.piece else glyphs["land"]
                style = Style(color="#111111", bgcolor=accent, bold=True)
            drawn[h.id] = (glyph, style, gap)
        numbers = self._numbers(board.holes, drawn, cell, dim) if self.numbers else {}
        width = cell * board.width
        blank: Cell = (" ", Style())
        grid = [[blank] * width for _ in range(board.height)]
        for (x, y), char in numbers.items():
            grid[y][x] = char
        for h in board.holes:
            x = h.x * cell
            if (x, h.y) in numbers:
                continue  # under a neighbour's number (or showing its own)
            glyph, style, gap = drawn[h.id]
            grid[h.y][x] = (glyph, style)
            if gap != " " and x + 1 < width:
                grid[h.y][x + 1] = (gap, Style(color=danger if gap == "x" else None, bold=True))
        return left, top, grid

    @staticmethod
    def _numbers(
        holes: Sequence[HoleView],
        drawn: dict[str, tuple[str, Style, str]],
        cell: int,
        dim: Style,
    ) -> dict[tuple[int, int], tuple[str, Style]]:
        """Where the track holes' numbers go: over plain empty holes only, each followed by
        a blank or a glyph so neighbours never run together (in narrow cells, every other)."""
        keep = {
            (h.x * cell, h.y)
            for h in holes
            if h.piece or drawn[h.id][1].bgcolor is not None or drawn[h.id][2] != " "
        }
        # A number may end against a blank or a plain track hole, never against a letter
        # or another hole's mark ('42g' would read as one thing).
        keep |= {(h.x * cell, h.y) for h in holes if h.kind != "track" or h.mark}
        used: set[tuple[int, int]] = set()
        out: dict[tuple[int, int], tuple[str, Style]] = {}
        track = sorted((h for h in holes if h.kind == "track"), key=lambda h: int(h.label))
        for h in track:
            x, y = h.x * cell, h.y
            span = [(x + k, y) for k in range(len(h.label))]
            after = (x + len(h.label), y)
            if (x, y) in used or any(c in used or c in keep for c in [*span[1:], after]):
                continue
            if drawn[h.id][1].bgcolor is not None or drawn[h.id][2] != " " or h.piece:
                continue
            style = drawn[h.id][1] if h.mark else dim + Style(dim=False)
            used.update([*span, (x + len(h.label), y)])
            out.update((c, (ch, style)) for c, ch in zip(span, h.label, strict=True))
        return out

    @staticmethod
    def _hole(
        h: HoleView,
        glyphs: dict[str, str],
        names: dict[str, str],
        colours: dict[str, str],
    ) -> tuple[str, Style]:
        if h.piece:
            return h.piece, piece_style(names.get(h.piece, h.piece), colours)
        tint = h.owner or (h.mark.split(":", 1)[1][:1] if ":" in h.mark else "")
        colour = colours.get(f"piece-{names.get(tint, '')}", PIECE_COLOURS.get(names.get(tint, ""), ""))
        style = Style(color=colour or None, bold=bool(colour))
        if h.kind == "track":
            marks = h.mark.split()
            if any(m.startswith("out:") for m in marks):
                return marks[0].split(":", 1)[1][:1].lower(), style
            if any(m.startswith("in:") for m in marks):
                return glyphs["in"], style
            return glyphs["track"], style
        return glyphs.get(h.kind, glyphs["track"]), style

    def hole_at(self, x: int, y: int) -> str | None:
        """The id of the hole drawn at content cell (x, y), if any."""
        left, top = self._origin
        col, row = x - left, y - top
        if col < 0 or row < 0:
            return None
        gx, rem = divmod(col, self._cell)
        if rem > 1:
            return None
        return self._at.get((gx, row))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        hole = self.hole_at(offset.x, offset.y)
        if hole is not None:
            self.post_message(self.HoleClicked(hole))


class SeatsPanel(Static):
    """The seats by team, each with its colour letter, card count and badges."""

    DEFAULT_CSS = """
    SeatsPanel { height: auto; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(
        self,
        seats: Sequence[SeatView],
        kinds: Sequence[str],
        teams: Sequence[Sequence[int]],
        board: BoardView | None,
    ) -> None:
        """Draw the seats; ``kinds`` says who is 'you' or a computer player."""
        colours = dict(self.app.theme_variables)
        letters = list(board.colours) if board else []
        names = board.colours if board else {}
        groups = [list(t) for t in teams] or [[s.seat for s in seats]]
        text = Text()  # one line a seat, however narrow (the CSS cuts, never wraps)
        for t, team in enumerate(groups):
            if len(groups) > 1:
                if t:
                    text.append("\n")
                text.append(f"team {t + 1}", style="bold underline")
            for seat in team:
                if seat >= len(seats):
                    continue
                s = seats[seat]
                text.append("\n" if text else "")
                text.append("▶ " if s.to_act else "  ", style="bold")
                if seat < len(letters):
                    letter = letters[seat]
                    text.append(f" {letter} ", piece_style(names.get(letter, letter), colours))
                    text.append(" ")
                style = "bold reverse" if s.to_act else ("dim strike" if not s.active else "bold")
                text.append(s.name, style=style)
                text.append(f" {s.card_count}c")
                colour = names.get(letters[seat], "") if seat < len(letters) else ""
                for badge in s.badges:
                    if colour and colour in badge.lower():
                        continue  # the coloured letter says it already
                    text.append(f" [{badge}]", style="italic")
                kind = kinds[seat] if seat < len(kinds) else ""
                if kind:  # last: the first thing cut in a narrow column
                    text.append(f" ({kind.replace('computer, ', 'bot ')})", style="dim")
        self.update(text)
