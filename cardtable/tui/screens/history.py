"""The match history screens: the list of matches (filter by game and player), one match
with its score chart, and the statistics with the win rate over time.

They read :mod:`cardtable.history` (the SQLite store) and the registry's titles; they know
no game. A history that cannot be read says why and shows nothing; play is never affected.
"""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Select, Static

from cardtable.history import (
    HistoryError,
    HistoryStore,
    StoredMatch,
    cumulative_scores,
    player_stats,
    win_rate_series,
)
from cardtable.tui.charts import ScoreChart

SHOWN = 200
"""Matches listed at once (the latest); the filters reach older ones."""
FIRST_ROWS = 40
"""Rows in the first frame (more than a screenful); the rest follow just after it."""
ALL_GAMES = "all"


def _players(match: StoredMatch) -> str:
    return ", ".join(
        name + ("" if match.seats[s] == "human" else f" ({match.seats[s][4:]})")
        for s, name in enumerate(match.players)
    )


def _when(match: StoredMatch) -> str:
    return (match.ended or match.started)[:16].replace("T", " ")


class HistoryScreen(Screen[None]):
    """Every stored match, latest first; Enter opens one, F3 the statistics."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="history.back"),
        Binding("enter", "open", "Open match", id="history.open", show=True),
        Binding("f3", "stats", "Stats", id="history.stats"),
        Binding("ctrl+f", "focus_player", "Filter by player", id="history.player"),
    ]
    DEFAULT_CSS = """
    HistoryScreen { layout: vertical; background: $background; }
    HistoryScreen #history-filters { height: 3; }
    HistoryScreen #history-game { width: 30; }
    HistoryScreen #history-player { width: 30; }
    HistoryScreen #history-summary { height: 1; padding: 0 1; color: $text-muted; }
    HistoryScreen DataTable { height: 1fr; }
    """

    def __init__(self, store: HistoryStore | None = None, game: str | None = None, player: str | None = None):
        super().__init__()
        self.store = store or HistoryStore()
        self.game = game
        self.player = player
        self.shown: list[StoredMatch] = []
        self._generation = 0
        self.first_frame_at: float | None = None
        """When the first frame was drawn (``time.perf_counter``; for the benchmark)."""
        self.first_frame_cpu: float | None = None
        """The process's CPU time then (``time.process_time``: not slowed by other processes)."""

    def compose(self) -> ComposeResult:
        from cardtable.engine import all_games

        options = [("All games", ALL_GAMES), *((spec.title, spec.id) for spec in all_games())]
        with Horizontal(id="history-filters"):
            yield Select(options, value=self.game or ALL_GAMES, allow_blank=False, id="history-game")
            yield Input(value=self.player or "", placeholder="player name", id="history-player")
        yield Static("", id="history-summary")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for key, label in (
            ("id", "#"),
            ("when", "ended"),
            ("game", "game"),
            ("winner", "winner"),
            ("scores", "scores"),
            ("status", "status"),
            ("players", "players"),
        ):
            table.add_column(label, key=key)
        self.reload()
        table.focus()

    def reload(self) -> None:
        """Read the matches the filters keep (the latest :data:`SHOWN`)."""
        table = self.query_one(DataTable)
        table.clear()
        summary = self.query_one("#history-summary", Static)
        try:
            self.shown = self.store.matches(game=self.game, player=self.player or None, limit=SHOWN)
            total = self.store.count(game=self.game, player=self.player or None)
        except HistoryError as exc:
            self.shown = []
            summary.update(f"The history cannot be read: {exc}")
            return
        if self.store.notice:
            self.notify(self.store.notice, severity="warning", timeout=10)
            self.store.notice = None
        self._generation += 1
        self._add_rows(self.shown[:FIRST_ROWS])
        generation = self._generation
        self.call_after_refresh(lambda: self._add_rest(generation))
        if not total:
            summary.update("No matches here yet: every match played is kept here.")
        elif total > len(self.shown):
            summary.update(
                f"The latest {len(self.shown)} of {total:,} matches (filter to find older ones) · Enter opens one"
            )
        else:
            summary.update(f"{total:,} match{'es' if total != 1 else ''} · Enter opens one")

    def _add_rows(self, matches: list[StoredMatch]) -> None:
        table = self.query_one(DataTable)
        for m in matches:
            # Text cells: a name is never read as markup (and no markup is parsed per cell).
            table.add_row(
                *(
                    Text(cell)
                    for cell in (
                        str(m.id),
                        _when(m),
                        m.title,
                        m.winner_text,
                        " ".join(str(v) for v in m.scores),
                        m.status,
                        _players(m),
                    )
                ),
                key=str(m.id),
            )

    def _add_rest(self, generation: int) -> None:
        """After the first frame: the rows below the first screenful (unless the filters
        changed meanwhile)."""
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_cpu = time.process_time()
        if generation == self._generation:
            self._add_rows(self.shown[FIRST_ROWS:])

    @on(Select.Changed, "#history-game")
    def _game_changed(self, event: Select.Changed) -> None:
        value = event.value
        game = None if value == ALL_GAMES or not isinstance(value, str) else value
        if game != self.game:
            self.game = game
            self.reload()

    @on(Input.Changed, "#history-player")
    def _player_changed(self, event: Input.Changed) -> None:
        player = event.value.strip() or None
        if player != self.player:
            self.player = player
            self.reload()

    @on(Input.Submitted, "#history-player")
    def _player_submitted(self, event: Input.Submitted) -> None:
        self.query_one(DataTable).focus()

    @on(DataTable.RowSelected)
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def selected(self) -> StoredMatch | None:
        """The match under the cursor."""
        table = self.query_one(DataTable)
        if not self.shown or not 0 <= table.cursor_row < len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def action_open(self) -> None:
        """The match under the cursor, with its chart."""
        match = self.selected()
        if match is not None:
            self.app.push_screen(MatchScreen(self.store, match.id))

    def action_stats(self) -> None:
        """The statistics for the same filters."""
        self.app.push_screen(StatsScreen(self.store, self.game, self.player))

    def action_focus_player(self) -> None:
        self.query_one("#history-player", Input).focus()

    def action_back(self) -> None:
        """Escape: from a filter back to the list; from the list back to the picker."""
        if not self.query_one(DataTable).has_focus:
            self.query_one(DataTable).focus()
        else:
            self.app.pop_screen()


class MatchScreen(Screen[None]):
    """One stored match: who played, the result, and the scores deal by deal as a chart."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back", id="match.back"),
        Binding("w", "watch", "Watch again", id="match.watch"),
    ]
    DEFAULT_CSS = """
    MatchScreen { layout: vertical; background: $background; }
    MatchScreen #match-summary { height: auto; padding: 0 1; }
    """

    def __init__(self, store: HistoryStore, match_id: int) -> None:
        super().__init__()
        self.store = store
        self.match_id = match_id
        """The stored match shown (what a replay would open)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="match-summary")
        yield ScoreChart(id="match-chart")
        yield Footer()

    def on_mount(self) -> None:
        summary = self.query_one("#match-summary", Static)
        try:
            match = self.store.match(self.match_id)
        except (HistoryError, LookupError) as exc:
            summary.update(str(exc))
            return
        lines = [
            f"[b]{match.title}[/b] · match {match.id} · {match.status} · {_when(match)} · seed {match.seed}",
            f"Players: {_players(match)}",
        ]
        if match.rules:
            lines.append("Rules: " + ", ".join(f"{k}={v}" for k, v in match.rules.items()))
        if match.status == "finished":
            lines.append(f"{match.reason} · winner: {match.winner_text}")
            lines.append(
                "Scores: " + ", ".join(f"{n} {v}" for n, v in zip(match.players, match.scores, strict=False))
            )
        summary.update("\n".join(lines))
        hint = "lower is better" if match.lower_is_better else "higher is better"
        self.query_one(ScoreChart).cumulative(cumulative_scores(match), match.score_label, hint)

    def action_watch(self) -> None:
        """Open the match in the replay viewer (every hand open only once it is finished)."""
        from cardtable.engine.errors import CardtableError
        from cardtable.replay import Replay

        try:
            replay = Replay(self.store.record(self.match_id))
        except (HistoryError, LookupError, CardtableError) as exc:
            self.notify(f"This match cannot be replayed: {exc}", severity="warning")
            return
        open_replay = getattr(self.app, "open_replay", None)
        if open_replay is not None:
            open_replay(replay)


class StatsScreen(Screen[None]):
    """Per player and game: matches, wins, win rate, scores, streaks; and the win rate over
    time of the players who played most (or the one filtered)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back", id="stats.back")]
    DEFAULT_CSS = """
    StatsScreen { layout: vertical; background: $background; }
    StatsScreen #stats-title { height: 1; padding: 0 1; text-style: bold; color: $primary; }
    StatsScreen #stats-table { height: auto; max-height: 45%; }
    StatsScreen #stats-chart { height: 1fr; min-height: 8; }
    """

    def __init__(
        self, store: HistoryStore | None = None, game: str | None = None, player: str | None = None
    ) -> None:
        super().__init__()
        self.store = store or HistoryStore()
        self.game = game
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Statistics", id="stats-title")
            yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            yield ScoreChart(id="stats-chart")
        yield Footer()

    def on_mount(self) -> None:
        title = self.query_one("#stats-title", Static)
        table: DataTable[Any] = self.query_one(DataTable)
        for label in (
            "player",
            "game",
            "played",
            "won",
            "win %",
            "average",
            "best",
            "streak",
            "per deal",
        ):  # short headings: the nine columns fit 80 columns
            table.add_column(label, key=label)
        try:
            matches = self.store.matches(
                game=self.game, player=self.player, finished_only=True, with_deals=True
            )
        except HistoryError as exc:
            title.update(f"The history cannot be read: {exc}")
            return
        rows = player_stats(matches, self.player)
        scope = " · ".join(x for x in (self.game, self.player) if x) or "every game and player"
        title.update(f"Statistics of the finished matches ({scope})" if rows else "No finished matches yet")
        for r in rows:
            table.add_row(*r.cells(percent=""))  # the heading says "win %"
        series = win_rate_series(matches, [self.player] if self.player else None)
        self.query_one(ScoreChart).win_rates(series)
