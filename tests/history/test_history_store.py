"""The history store: schema and migration, corrupt or foreign files moved aside, a folder
that cannot be written or a full disk turn history off for the match while play goes on."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.engine import replay
from cardtable.history import HistoryError, HistoryStore, MatchInfo, load_record
from cardtable.history import store as store_module
from cardtable.session import Session

INFO = MatchInfo("page-one", "Page One", {}, 5, ("Ann", "Bob"), ("human", "bot:easy"))


def play_out(session: Session) -> Session:
    """Bots play the session to its end."""
    while not session.game.is_over:
        session.bot_move()
    return session


def bots_session(
    tmp_path: Path, store: HistoryStore | None, seed: int = 2, game: str = "page-one"
) -> Session:
    return Session.start(
        game,
        ["Ann", "Bob"],
        ["random", "random"],
        seed=seed,
        save_path=tmp_path / "autosave.ctr",
        history=store,
    )


# ---------------------------------------------------------------------------- schema


def test_a_new_file_has_the_schema_the_version_the_id_and_wal(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "h.sqlite3")
    assert store.matches() == []
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == store_module.APPLICATION_ID
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"matches", "deals", "seats"}


def test_a_version_1_file_is_migrated_and_its_seats_filled_in(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(store_module._V1)
    db.execute(f"PRAGMA application_id = {store_module.APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO matches (game, title, rules, seed, players, seats, status, record, winners,"
        " scores, reason, started, ended) VALUES ('gin', 'Gin Rummy', '{}', 4, ?, ?, 'finished',"
        " '# rec', '[1]', '[40, 100]', 'Bob reached 100', '2026-01-01T10:00', '2026-01-01T11:00')",
        (json.dumps(["Ann", "Bob"]), json.dumps(["human", "bot:hard"])),
    )
    db.execute("INSERT INTO deals VALUES (1, 1, '[0, 100]')")
    db.commit()
    db.close()

    store = HistoryStore(path)
    [match] = store.matches(player="bob", with_deals=True)
    assert (match.game, match.winner_names, match.scores, match.deal_rows) == (
        "gin",
        ("Bob",),
        (40, 100),
        ((0, 100),),
    )
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert db.execute("SELECT seat, name, kind, score, won FROM seats ORDER BY seat").fetchall() == [
        (0, "Ann", "human", 40, 0),
        (1, "Bob", "bot:hard", 100, 1),
    ]
    assert store.notice is None


def test_a_newer_schema_is_left_alone_and_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    HistoryStore(path).matches()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(HistoryError, match="newer cardtable"):
        HistoryStore(path).matches()
    assert path.exists() and not list(tmp_path.glob("*.unreadable-*"))


# ---------------------------------------------------------------------------- bad files


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda p: p.write_bytes(b"not a database at all, just words\n" * 200), id="garbage"),
        pytest.param(
            lambda p: p.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8), id="torn-header"
        ),
        pytest.param(
            lambda p: sqlite3.connect(p).executescript(
                "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('hi');"
            ),
            id="foreign-db",
        ),
    ],
)
def test_a_corrupt_or_foreign_file_is_moved_aside_and_a_new_history_started(tmp_path: Path, spoil) -> None:
    path = tmp_path / "h.sqlite3"
    spoil(path)
    before = path.read_bytes()
    store = HistoryStore(path)
    match_id = store.start(INFO, "# rec")
    assert match_id == 1 and [m.id for m in store.matches()] == [1]
    [kept] = tmp_path.glob("h.sqlite3.unreadable-*[0-9]")
    assert kept.read_bytes() == before  # nothing lost
    assert store.notice is not None
    assert "could not be used" in store.notice and kept.name in store.notice


def test_a_corrupt_history_does_not_stop_a_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    (tmp_path / "history.sqlite3").write_text("junk " * 1000)
    store = HistoryStore()
    session = play_out(bots_session(tmp_path, store))
    assert session.history_error is None and store.notice
    assert [m.status for m in store.matches()] == ["finished"]


# ---------------------------------------------------------------------------- cannot write


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` made read-only (chmod; as root, whom chmod does not stop, the immutable flag)."""
    folder.chmod(0o555)
    immutable = False
    try:
        if os.access(folder, os.W_OK):
            immutable = subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
        probe = folder / ".probe"
        try:
            probe.write_text("x")
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.skip("cannot make a read-only folder here")
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
        folder.chmod(0o755)


def test_a_read_only_folder_turns_history_off_and_play_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    store = HistoryStore(folder / "history.sqlite3")
    with read_only(folder):
        session = bots_session(tmp_path, store)
        assert session.history_error is not None
        assert "cannot be written" in session.history_error and "writable" in session.history_error
        play_out(session)
        assert session.game.is_over and session.match_id is None
    assert not (folder / "history.sqlite3").exists()


def test_a_folder_that_cannot_be_made_turns_history_off(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    store = HistoryStore(blocker / "history.sqlite3")
    session = play_out(bots_session(tmp_path, store))
    assert session.game.is_over
    assert session.history_error is not None and "history is off for this match" in session.history_error


def test_a_full_disk_mid_match_turns_history_off_for_that_match(tmp_path: Path, monkeypatch) -> None:
    store = HistoryStore(tmp_path / "h.sqlite3")
    session = bots_session(tmp_path, store, seed=2, game="scala40")  # several deals
    assert session.match_id == 1
    opened = HistoryStore._open

    def full(self: HistoryStore) -> sqlite3.Connection:
        db = opened(self)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
        return db

    monkeypatch.setattr(HistoryStore, "_open", full)
    store.close()  # the next event opens a connection on the "full disk"
    big = "x" * 200_000  # a record that needs new pages

    monkeypatch.setattr(session, "record", lambda: big)
    play_out(session)
    assert session.game.is_over
    assert session.history_error is not None and "disk" in session.history_error
    monkeypatch.undo()
    [match] = store.matches()
    assert match.status == "playing"  # the last event that fitted; nothing half-written


# ---------------------------------------------------------------------------- sessions


def test_a_match_is_stored_with_its_deals_result_and_record(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "h.sqlite3")
    session = play_out(bots_session(tmp_path, store, seed=2, game="scala40"))
    match = store.match(session.match_id or 0)
    game = session.game
    assert match.status == "finished" and match.ended is not None
    assert match.deal_rows == game.deal_scores and len(match.deal_rows) > 1
    assert match.scores == game.scores
    assert match.winners == game.outcome.winners
    assert match.seats == ("bot:random", "bot:random") and match.lower_is_better
    text = load_record(match.id, store.path)
    assert replay(text).snapshot() == game.snapshot()
    assert Session.resume.__doc__  # the record is a save: Session can read it
    with pytest.raises(LookupError, match="no match 99"):
        load_record(99, store.path)


def test_a_resumed_match_goes_on_in_the_same_row(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "h.sqlite3")
    session = bots_session(tmp_path, store, seed=2, game="scala40")
    while len(session.game.deal_scores) < 1:
        session.bot_move()
    assert store.match(1).deal_rows == session.game.deal_scores
    again = play_out(Session.resume(session.save_path, history=store))
    assert again.match_id == 1
    [match] = store.matches(with_deals=True)
    assert match.status == "finished" and match.deal_rows == again.game.deal_scores
    # resuming the finished save adds nothing
    assert Session.resume(session.save_path, history=store).match_id == 1
    assert store.count() == 1


def test_a_new_game_over_an_unfinished_save_marks_it_abandoned(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "h.sqlite3")
    first = bots_session(tmp_path, store, seed=2)
    first.bot_move()
    second = bots_session(tmp_path, store, seed=3)
    statuses = {m.id: m.status for m in store.matches()}
    assert statuses == {first.match_id: "abandoned", second.match_id: "playing"}


def test_a_team_game_stores_the_winning_team(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path / "h.sqlite3")
    session = Session.start(
        "five-hundred", ["Ann", "Bob", "Cid", "Dee"], ["random"] * 4, seed=3, history=store
    )
    play_out(session)
    [match] = store.matches()
    assert match.teams == ((0, 2), (1, 3)) and match.team_scored and not match.lower_is_better
    assert match.winner_text == "Bob & Dee"
