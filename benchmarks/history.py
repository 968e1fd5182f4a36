"""Match history timings: storing a match, and opening the history screen over 10,000 stored
matches (issue 23: <= 10 ms and <= 200 ms to first frame)."""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from cardtable.engine import new_game
from cardtable.engine.game import Game, Outcome
from cardtable.history import HistoryStore, match_info
from cardtable.history.store import MatchInfo

Row = tuple[str, str, str, str]
STORED = 10_000


def _played_game() -> tuple[Game, list[str]]:
    """A finished four-deal Scala 40 match between random players (its record is ~500 moves)."""
    rng = random.Random(2)
    game = new_game("scala40", players=["Ann", "Bob"], seed=2)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game, ["human", "bot:random"]


def store_times(repeats: int) -> list[float]:
    """Seconds to store a whole match as a session does: its start, each deal, its end (one
    transaction each; four deals here)."""
    game, seats = _played_game()
    record = game.record()
    folder = Path(tempfile.mkdtemp())
    store = HistoryStore(folder / "history.sqlite3")
    store.matches()  # the file made once, as it is after the first match
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        match_id = store.start(match_info(game, seats), record)
        rows = game.deal_scores
        for number, row in enumerate(rows[:-1], start=1):
            store.deal_finished(match_id, number, row, record)
        outcome = game.outcome
        assert outcome is not None
        store.finish(match_id, record, outcome, rows)
        times.append(time.perf_counter() - t0)
    return times


def filled_store(count: int = STORED) -> HistoryStore:
    """A history of ``count`` finished matches among six players at three games."""
    game, seats = _played_game()
    record = game.record()
    store = HistoryStore(Path(tempfile.mkdtemp()) / "history.sqlite3")
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
    games = [("scala40", "Scala 40", True), ("gin", "Gin Rummy", False), ("page-one", "Page One", False)]
    rng = random.Random(7)
    with store.transaction() as db:  # one transaction: filling is not what is measured
        for k in range(count):
            gid, title, lower = games[k % 3]
            players = tuple(rng.sample(names, 2))
            info = MatchInfo(gid, title, {}, k, players, tuple(seats), lower_is_better=lower)
            rows = [(rng.randrange(60), rng.randrange(60)) for _ in range(rng.randrange(1, 6))]
            totals = tuple(sum(r[s] for r in rows) for s in range(2))
            match_id = store._insert(db, info, record, None)
            store._finish(db, match_id, record, Outcome((rng.randrange(2),), "", totals), rows)
    return store


def open_times(store: HistoryStore, repeats: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds from pushing the history screen over ``store`` to its first frame (the screen
    notes when its first refresh is done; headless Textual), and, to judge the machine's load,
    the same for a bare screen (a line of text and the footer); and the CPU time the history
    screen took (on a shared machine the wall time also counts other processes' turns)."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Footer, Static

    from cardtable.tui.screens.history import HistoryScreen

    class Bare(Screen[None]):
        def compose(self) -> Any:
            yield Static("bare")
            yield Footer()

        def on_mount(self) -> None:
            self.call_after_refresh(self.drawn)

        def drawn(self) -> None:
            self.first_frame_at = time.perf_counter()
            self.first_frame_cpu = time.process_time()

    async def measure() -> tuple[list[float], list[float], list[float]]:
        times: list[float] = []
        bare: list[float] = []
        cpu: list[float] = []
        app = App[None]()
        async with app.run_test(size=(110, 34)) as pilot:
            for k in range(repeats + 1):  # the first is a warm-up (imports, the registry)
                for screen, out in ((HistoryScreen(store), times), (Bare(), bare)):
                    c0 = time.process_time()
                    t0 = time.perf_counter()
                    await app.push_screen(screen)
                    while getattr(screen, "first_frame_at", None) is None:
                        await pilot.pause(0.001)
                    if k:
                        out.append(screen.first_frame_at - t0)  # type: ignore[attr-defined]
                        if out is times:
                            cpu.append(screen.first_frame_cpu - c0)  # type: ignore[attr-defined]
                    await app.pop_screen()
                    await pilot.pause()
        return times, bare, cpu

    return asyncio.run(measure())


def bench_history(quick: bool) -> list[Row]:
    stores = store_times(10 if quick else 40)
    med = statistics.median(stores) * 1000
    store = filled_store()
    opens, bare, cpu = open_times(store, 3 if quick else 9)
    open_med = statistics.median(opens) * 1000
    cpu_med = statistics.median(cpu) * 1000
    bare_med = statistics.median(bare) * 1000
    return [
        (
            "history: store a match (start, 4 deals, end)",
            f"{med:.1f} ms median (max {max(stores) * 1000:.1f}, n={len(stores)})",
            "≤ 10 ms",
            "ok" if med <= 10 else "ABOVE",
        ),
        (
            f"history screen open, {STORED:,} matches stored",
            f"{open_med:.0f} ms median to first frame, {cpu_med:.0f} ms of CPU (n={len(opens)})",
            "≤ 200 ms",
            "ok" if open_med <= 200 else "ABOVE" + (" (CPU ok: a loaded machine)" if cpu_med <= 200 else ""),
        ),
        ("  a bare screen (text, footer), same machine", f"{bare_med:.0f} ms median", "", ""),
    ]
