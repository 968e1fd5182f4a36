"""Charts of the match history, drawn by textual-plotext (no hand-drawn plots).

:class:`ScoreChart` draws lines from plain data (names to values), so it knows no game:
cumulative scores deal by deal, or each player's win rate over their matches.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from rich.console import RenderableType
from textual_plotext import PlotextPlot

# Colours told apart on dark and light themes alike (plotext colour names).
LINE_COLOURS = ("cyan", "orange", "green", "magenta", "yellow", "blue", "red", "white")
MARKER = "braille"


class ScoreChart(PlotextPlot):
    """A line chart: one line per name."""

    DEFAULT_CSS = """
    ScoreChart { height: 1fr; min-height: 8; }
    """

    lines: dict[str, list[float]]
    """What is drawn now (name to values), for a reader that is not a person."""

    heading: str = ""
    """The title drawn now."""

    _xrange: tuple[int, int] | None = None
    """The first and last x drawn (ticks are chosen at drawing time, for the width)."""

    _yrange: tuple[int, int] | None = None
    """The lowest and highest whole y (or the fixed limits): ticks chosen for the height."""

    _fit_y: bool = True
    """The y range follows the data (not fixed limits): it grows to keep the legend clear."""

    def plot_lines(
        self,
        lines: Mapping[str, Sequence[float]],
        title: str,
        xlabel: str,
        ylabel: str,
        ylim: tuple[float, float] | None = None,
        start: int = 0,
    ) -> None:
        """Draw ``lines`` (x = ``start``, ``start`` + 1, ...) and refresh."""
        self.lines = {name: list(values) for name, values in lines.items()}
        self.heading = title
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        plt.xlabel(xlabel)
        plt.ylabel(ylabel)
        longest = max((len(v) for v in lines.values()), default=0)
        for i, (name, values) in enumerate(lines.items()):
            if not values:
                continue
            xs = list(range(start, start + len(values)))
            plt.plot(xs, list(values), label=name, marker=MARKER, color=LINE_COLOURS[i % len(LINE_COLOURS)])
        self._xrange = (start, start + longest - 1) if longest else None
        self._yrange = None
        self._fit_y = ylim is None
        if ylim is not None:
            plt.ylim(*ylim)
            self._yrange = (int(ylim[0]), int(ylim[1]))
        else:
            values = [v for vs in lines.values() for v in vs]
            if values and all(float(v).is_integer() for v in values):
                # points and chips are whole: plotext's own ticks read "232.5"
                self._yrange = (int(min(values)), int(max(values)))
        self.refresh()

    def render(self) -> RenderableType:
        """The chart at the widget's size, its x ticks in round steps (0 10 20 30) as many as
        fit: plotext's own choice left out the labels that collided ("0 4 12 16 24 28")."""
        if self._xrange is not None:
            first, last = self._xrange
            fit = max(4, (self.size.width - 8) // 5)  # a label and its gap: about 5 columns
            ticks = [t for t in _round_ticks(first, last, fit) if first <= t <= last]
            self.plt.xticks(ticks, [str(t) for t in ticks])
        if self._yrange is not None:
            # as many round y ticks as the plot's rows hold with a row between them: on a
            # short chart plotext dropped one of six and read "400 300 100 0"
            low, high = self._yrange
            rows = self.size.height - 5  # less the title, x ticks, x label and the frame
            most = max(2, min(6, (rows + 1) // 2))
            ticks = _round_ticks(low, high, most)
            legend = sum(1 for v in self.lines.values() if v)
            if self._fit_y and 0 < legend < rows - 2 and high > low:
                # room above the data for the legend's rows (top left): a line drawn through
                # a name read as that player's. A row is centred on its value, so the data
                # stays below the legend's last row and half a row more.
                for _ in range(8):
                    step = (ticks[-1] - ticks[0]) / (rows - 1)
                    if high <= ticks[-1] - (legend + 0.5) * step:
                        break
                    ticks = _round_ticks(low, ticks[-1] + int(step) + 1, most)
            self.plt.yticks(ticks, [str(t) for t in ticks])
            if len(ticks) > 1:
                self.plt.ylim(ticks[0], ticks[-1])
        return super().render()

    def cumulative(
        self, lines: Mapping[str, Sequence[int]], label: str, hint: str, word: str = "deal"
    ) -> None:
        """Running totals deal by deal (from where each began before the first deal: 0 points,
        or a stack of chips); ``word``: the game's own word for a deal ("hand" at a betting
        table)."""
        self.plot_lines(lines, f"Totals {word} by {word}", word, f"{label}, {hint}")

    def win_rates(self, series: Mapping[str, Sequence[float]]) -> None:
        """Each player's win rate (%) after each of their matches."""
        self.plot_lines(series, "Win rate over time", "matches played", "win %", ylim=(0, 100), start=1)


def _round_ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Round whole-number ticks (steps of 1, 2 or 5 times a power of ten) covering ``low``
    to ``high``, at most ``most`` of them.

    >>> _round_ticks(0, 279), _round_ticks(-40, 35), _round_ticks(5, 5)
    ([0, 100, 200, 300], [-40, -20, 0, 20, 40], [5])
    """
    if low == high:
        return [low]
    for step in (m * 10**k for k in itertools.count() for m in (1, 2, 5)):
        first, last = (low // step) * step, -(-high // step) * step
        if (last - first) // step + 1 <= most:
            return list(range(first, last + 1, step))
    raise AssertionError("unreachable: some step fits")
