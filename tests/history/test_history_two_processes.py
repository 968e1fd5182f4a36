"""Two terminals at once: two processes play bot matches against one history file; every
match is there, finished, and neither process saw an error."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from cardtable.history import HistoryStore
from cardtable.session import Session

MATCHES = 12


def play_matches(path: str, first_seed: int, queue, barrier) -> None:  # type: ignore[no-untyped-def]
    """One 'terminal': short Page One matches between random bots, each stored."""
    errors: list[str] = []
    ids: list[int] = []
    store = HistoryStore(Path(path))
    barrier.wait(timeout=60)  # both start writing together, so their transactions overlap
    for k in range(MATCHES):
        session = Session.start(
            "page-one", [f"P{first_seed}", "Q"], ["random", "random"], seed=first_seed + k, history=store
        )
        while not session.game.is_over:
            session.bot_move()
        if session.history_error:
            errors.append(session.history_error)
        if session.match_id is not None:
            ids.append(session.match_id)
    queue.put((ids, errors))


def test_two_processes_lose_no_row(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    ctx = multiprocessing.get_context("spawn")  # a clean interpreter, as a second terminal is
    queue = ctx.Queue()
    barrier = ctx.Barrier(2)
    workers = [
        ctx.Process(target=play_matches, args=(str(path), seed, queue, barrier)) for seed in (100, 200)
    ]
    for w in workers:
        w.start()
    results = [queue.get(timeout=120) for _ in workers]
    for w in workers:
        w.join(timeout=30)
        assert w.exitcode == 0
    ids = [i for got, _ in results for i in got]
    assert [e for _, errors in results for e in errors] == []
    assert len(ids) == len(set(ids)) == 2 * MATCHES
    store = HistoryStore(path)
    stored = store.matches(with_deals=True)
    assert sorted(m.id for m in stored) == sorted(ids)
    assert all(m.status == "finished" and m.deal_rows for m in stored)
    assert {m.players[0] for m in stored} == {"P100", "P200"}


def test_a_first_start_waits_while_another_sets_the_file_up(tmp_path: Path) -> None:
    """Seen once in the suite on a loaded machine: two first starts at once, and one was told
    "database is locked; history is off for this match". Switching a new file to WAL while
    another connection holds a write lock fails at once in SQLite, without the busy timeout;
    the store now waits for it as for any other lock."""
    import sqlite3
    import threading

    path = tmp_path / "history.sqlite3"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # a rollback-journal file, mid-transaction elsewhere
    released = threading.Timer(0.4, lambda: other.execute("COMMIT"))
    released.start()
    try:
        store = HistoryStore(path)
        with store.connect() as db:  # sets the file up: WAL, schema
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.matches() == []
    finally:
        released.join()
        other.close()
