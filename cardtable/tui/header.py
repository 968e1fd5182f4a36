"""The table's header line: the game's title, the deal in the game's own word, and the
view's public facts, fitted to the width of the window.

The facts are the game's (the TUI names no game), in the game's order. When they do not all
fit on the line, the long ones are shortened first, with an ellipsis: long facts are
descriptions (a pay table's name, hands shown at a showdown, the history of a double-up)
that the result and status lines also give, while short ones are what changes from move to
move (a pot, a bet, a win at stake). Only when even the shortened line does not fit are
facts left out, from the last.

A game may instead rank its facts (``fact_rank`` in the view: the most useful first); then
:func:`ranked_fit` keeps whole facts by rank while they fit, skipping one that does not, and
fills the room left with the long ones cut after a word, still in the game's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from cardtable.engine.views import PlayerView

GAP = "  "
"""What stands before each part of the line after the title."""

MIN_VALUE = 8
"""Columns a shortened fact keeps of its value (the ellipsis included)."""

LONG = 32
"""A fact longer than this (in columns) is a description, which may be shortened."""


def header_parts(view: PlayerView) -> tuple[str, list[str], list[int] | None]:
    """The deal in the game's word, the facts as ``'key: value'`` and, if the game ranks
    them, their places in the list from the most useful to the least. A fact that repeats
    the deal's number is not written twice, and one that says it the game's own way
    (``round: 3 of 7``) takes the deal's place (``round 3 of 7``)."""
    deal = f"{view.deal_word} {view.deal_number}"
    facts: list[str] = []
    keys: list[str] = []
    for key, value in view.facts.items():
        if key in ("deal", view.deal_word):
            if value == str(view.deal_number):
                continue
            if value.startswith(f"{view.deal_number} "):
                deal = f"{view.deal_word} {value}"
                continue
        facts.append(f"{key}: {value}")
        keys.append(key)
    if not view.fact_rank:
        return deal, facts, None
    ranked = [keys.index(k) for k in view.fact_rank if k in keys]
    return deal, facts, ranked + [i for i in range(len(keys)) if i not in ranked]


def _floor(fact: str) -> int:
    """The fewest columns ``fact`` is cut to: a long one keeps its key and a few characters
    of its value; a short one is never cut."""
    if cell_len(fact) <= LONG:
        return cell_len(fact)
    return cell_len(fact.partition(": ")[0]) + 2 + MIN_VALUE


def cut_whole(text: str, width: int, sep: str = " ") -> str:
    """``text`` cut to at most ``width`` columns after a whole item (parted by ``sep``), with
    an ellipsis; whole if it fits; empty when not even its first item fits.

    >>> cut_whole("a blue piece moves out onto spot 7", 24)
    'a blue piece moves out …'
    >>> cut_whole("Ann 6♠ · Bob pass · Cat pass", 20, " · ")
    'Ann 6♠ · Bob pass …'
    >>> cut_whole("onto", 3)
    ''
    """
    if cell_len(text) <= width:
        return text
    items = text.split(sep)
    while items:
        items.pop()
        line = f"{sep.join(items)} …"
        if items and cell_len(line) <= width:
            return line
    return ""


def _cut_at_word(fact: str, width: int) -> str:
    """``fact``, longer than ``width``, cut after a whole item of its value (a list's
    ``·``-parted item, else a word); empty when not even its key and one item fit.

    >>> _cut_at_word("wild: hearts: 9♥, 8♥, 7♥ (the ones that count)", 30)
    'wild: hearts: 9♥, 8♥, 7♥ …'
    >>> _cut_at_word("bids: Ann 6♠ · Bob pass · Cat pass", 30)
    'bids: Ann 6♠ · Bob pass …'
    >>> _cut_at_word("wild: hearts: 9♥", 12)
    ''
    """
    key, _, value = fact.partition(": ")
    value = cut_whole(value, width - cell_len(key) - 2, " · " if " · " in value else " ")
    return f"{key}: {value}" if value else ""


def ranked_fit(facts: Sequence[str], width: int, rank: Sequence[int]) -> list[str]:
    """``facts`` fitted into ``width`` columns by ``rank`` (their places, the most useful
    first): whole facts in that order while they fit, skipping one that does not; then the
    long ones left out fill the room left, cut after a word. The game's order is kept.

    >>> facts = ["stake: 7♦ (180) by Bot 2", "wild: diamonds: 9♦, 8♦, 7♦ then A♦ K♦", "round: 3"]
    >>> ranked_fit(facts, 64, [0, 2, 1])
    ['stake: 7♦ (180) by Bot 2', 'wild: diamonds: 9♦, 8♦, …', 'round: 3']
    >>> ranked_fit(facts, 40, [0, 2, 1])
    ['stake: 7♦ (180) by Bot 2', 'round: 3']
    """
    room = width
    kept: dict[int, str] = {}
    for i in rank:
        if len(GAP) + cell_len(facts[i]) <= room:
            kept[i] = facts[i]
            room -= len(GAP) + cell_len(facts[i])
    for i in rank:
        if i not in kept and cell_len(facts[i]) > LONG and (cut := _cut_at_word(facts[i], room - len(GAP))):
            kept[i] = cut
            room -= len(GAP) + cell_len(cut)
    return [kept[i] for i in sorted(kept)]


def _cut(fact: str, width: int) -> str:
    text = Text(fact)
    text.truncate(width, overflow="ellipsis")
    return text.plain


def fit_facts(facts: Sequence[str], width: int) -> list[str]:
    """``facts`` (each ``'key: value'``, written with two spaces before it) fitted into
    ``width`` columns: the long ones shortened, longest first and evenly, each to no less
    than its key and a few characters of its value; when even that does not fit, the last
    facts are left out.

    >>> facts = ["pay table: Kings or better, full pay (100.6463%)", "hand: 10 of 10", "at stake: 4 credits"]
    >>> fit_facts(facts, 90) == facts
    True
    >>> fit_facts(facts, 64)
    ['pay table: Kings or bett…', 'hand: 10 of 10', 'at stake: 4 credits']
    >>> fit_facts(facts, 40)
    ['pay table: Kings or b…', 'hand: 10 of 10']
    >>> fit_facts(facts, 10)
    []
    """
    out = list(facts)
    floors = [_floor(f) for f in out]
    while out and sum(len(GAP) + f for f in floors) > width:
        out.pop()
        floors.pop()
    # the short forms fit now, so cutting down to them ends
    while out and (excess := sum(len(GAP) + cell_len(f) for f in out) - width) > 0:
        shrinkable = [k for k, f in enumerate(out) if cell_len(f) > floors[k]]
        i = max(shrinkable, key=lambda k: (cell_len(out[k]), k))
        size = cell_len(out[i])
        level = max((cell_len(out[k]) for k in shrinkable if k != i), default=0)
        # down to the next longest (so that long facts end up evenly cut), at least one column
        out[i] = _cut(out[i], max(floors[i], size - excess, min(level, size - 1)))
    return out


class TableHeader(Static):
    """The header line of a table (see the module's docstring); redrawn to fit on resize."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._title = ""
        self._deal = ""
        self._facts: list[str] = []
        self._rank: list[int] | None = None

    def show(self, view: PlayerView) -> None:
        """Draw the header of ``view``."""
        self._title = view.title
        self._deal, self._facts, self._rank = header_parts(view)
        self.update(self.line(self.content_size.width or self.app.size.width))

    def on_resize(self) -> None:
        if self._title:
            self.update(self.line(self.content_size.width))

    def line(self, width: int) -> Text:
        """The header in ``width`` columns."""
        text = Text(f" {self._title} ", style="bold reverse", no_wrap=True, overflow="crop")
        text.append(f"{GAP}{self._deal}")
        room = width - text.cell_len
        if self._rank is None:
            fitted = fit_facts(self._facts, room)
        else:
            fitted = ranked_fit(self._facts, room, self._rank)
        for fact in fitted:
            text.append(f"{GAP}{fact}")
        return text
