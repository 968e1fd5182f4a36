"""The picker's lines about the shown game (players, family, summary, presets), fitted to
the box's width. Light to import: the picker's first frame shows it."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from textual.widgets import Static

if TYPE_CHECKING:
    from cardtable.engine import GameSpec


SUMMARY_LINES = 5
"""The summary's height (``#game-summary`` in the picker's style)."""


def summary_text(spec: GameSpec, width: int) -> str:
    """The picker's lines about a game: players and family, its summary, its presets. Where
    the presets' names would run past the box's :data:`SUMMARY_LINES` at ``width`` (0: not
    laid out yet), they are counted instead: the Preset box of the form names them.

    >>> from types import SimpleNamespace
    >>> spec = SimpleNamespace(players_text="3-6 players", family="trick-taking",
    ...     summary="Bid for trumps with a partner: bowers, the joker on top, first side to 500.",
    ...     presets={"Australian standard": {}, "contractor only wins": {}, "no misère": {}})
    >>> summary_text(spec, 30).splitlines()[-1]
    'Presets: 3, in the Preset box below'
    >>> summary_text(spec, 80).splitlines()[-1]
    'Presets: Australian standard, contractor only wins, no misère'
    """
    head = f"{spec.players_text} · {spec.family}\n{spec.summary}"
    if not spec.presets:
        return head
    names = f"Presets: {', '.join(spec.presets)}"
    if width > 0:
        used = sum(len(textwrap.wrap(line, width)) or 1 for line in head.splitlines())
        if used + len(textwrap.wrap(names, width)) > SUMMARY_LINES:
            names = f"Presets: {len(spec.presets)}, in the Preset box below"
    return f"{head}\n{names}"


class GameSummary(Static):
    """The shown game's :func:`summary_text`, written again when the box's width changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self._spec: GameSpec | None = None

    def show(self, spec: GameSpec) -> None:
        """Show ``spec``'s lines, fitted to the box's width now (and at each resize)."""
        self._spec = spec
        self._fill()

    def on_resize(self) -> None:
        self._fill()

    def _fill(self) -> None:
        if self._spec is not None:
            self.update(summary_text(self._spec, self.content_size.width))
