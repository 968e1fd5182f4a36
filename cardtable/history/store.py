"""The match history database: a versioned SQLite file beside the saves.

One row per match (game, rules that differ from the defaults, seed, players and their
seats, the full record, the result, start and end time), one row per finished deal, and
one row per seat (for the player filters and the statistics). Every match event (started,
deal finished, finished, abandoned) is one transaction; the file is in WAL mode with a busy
timeout, so two terminals can play at once without losing a row.

A file that is not a cardtable history (corrupt, or some other program's database) is moved
aside with a timestamp and a fresh one made; a folder that cannot be written turns history
off with a message, and play goes on.

>>> import tempfile, pathlib
>>> store = HistoryStore(pathlib.Path(tempfile.mkdtemp()) / "history.sqlite3")
>>> info = MatchInfo("scala40", "Scala 40", {}, 7, ("Ann", "Bob"), ("human", "bot:easy"))
>>> match_id = store.start(info, "# cardtable record\\n")
>>> from cardtable.engine.game import Outcome
>>> store.finish(match_id, "# record", Outcome(winners=(0,), reason="Bob passes 101", scores=(0, 120)),
...              deal_rows=[(0, 120)])
>>> [(m.game, m.winner_names, m.scores) for m in store.matches()]
[('scala40', ('Ann',), (0, 120))]
>>> load_record(match_id, store.path)
'# record'
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.engine.game import Outcome

HISTORY_NAME = "history.sqlite3"
APPLICATION_ID = 0x43544842
"""``PRAGMA application_id`` of a cardtable history ('CTHB'): another program's SQLite file
is told apart from ours by it."""
SCHEMA_VERSION = 2
BUSY_MS = 10_000
"""How long a writer waits for another terminal's transaction before giving up."""


class HistoryError(Exception):
    """The history cannot be read or written; the message says why and what to do."""


def history_path() -> Path:
    """The history database in the user data folder (``CARDTABLE_DATA_DIR`` overrides it),
    found as the saves are."""
    from cardtable.engine.saves import data_dir

    return data_dir() / HISTORY_NAME


# ---------------------------------------------------------------------------- schema

_V1 = """
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER NOT NULL,
    players TEXT NOT NULL,
    seats TEXT NOT NULL,
    teams TEXT NOT NULL DEFAULT '[]',
    lower_is_better INTEGER NOT NULL DEFAULT 1,
    score_label TEXT NOT NULL DEFAULT 'points',
    team_scored INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
    record TEXT NOT NULL,
    winners TEXT,
    scores TEXT,
    reason TEXT,
    save_path TEXT,
    started TEXT NOT NULL,
    ended TEXT
);
CREATE TABLE deals (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    scores TEXT NOT NULL,
    PRIMARY KEY (match_id, number)
);
CREATE INDEX matches_by_game ON matches(game, started);
"""

_V2 = """
CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    score INTEGER,
    won INTEGER,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_by_name ON seats(name);
CREATE INDEX matches_by_started ON matches(started);
"""


def _script(db: sqlite3.Connection, script: str) -> None:
    """Run statements inside the open transaction (``executescript`` would commit it)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _migrate_1_to_2(db: sqlite3.Connection) -> None:
    """Version 2 keeps each seat in a row of its own (players filter and stats by index);
    the seats of the matches stored so far are filled in from their JSON columns."""
    _script(db, _V2)
    for match_id, players, seats, winners, scores in db.execute(
        "SELECT id, players, seats, winners, scores FROM matches"
    ).fetchall():
        names = json.loads(players)
        kinds = json.loads(seats)
        won = set(json.loads(winners)) if winners else set()
        final = json.loads(scores) if scores else [None] * len(names)
        db.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
            [
                (match_id, s, name, kinds[s], final[s], None if winners is None else int(s in won))
                for s, name in enumerate(names)
            ],
        )


MIGRATIONS = {0: lambda db: _script(db, _V1 + _V2), 1: _migrate_1_to_2}
"""From a version to the latest: version 0 is a new file."""


# ---------------------------------------------------------------------------- values


@dataclass(frozen=True)
class MatchInfo:
    """What the history keeps of a match when it starts (from the session, not the game)."""

    game: str
    title: str
    rules: dict[str, Any]
    """The rules that differ from the game's defaults."""
    seed: int
    players: tuple[str, ...]
    seats: tuple[str, ...]
    """Per seat: 'human' or 'bot:LEVEL'."""
    teams: tuple[tuple[int, ...], ...] = ()
    lower_is_better: bool = True
    score_label: str = "points"
    team_scored: bool = False


@dataclass(frozen=True, kw_only=True)
class StoredMatch(MatchInfo):
    """A match as the history holds it: what it kept at the start, then its id and how it
    went (its record is read with :func:`load_record`)."""

    id: int
    status: str
    """'playing' (may be resumed), 'finished' or 'abandoned'."""
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    started: str
    ended: str | None
    deal_rows: tuple[tuple[int | None, ...], ...] = field(default=())

    @property
    def winner_names(self) -> tuple[str, ...]:
        """The winners' names, seat order."""
        return tuple(self.players[s] for s in self.winners)

    @property
    def winner_text(self) -> str:
        """Who won in words: a team as 'Bob & Dee', players joined by commas."""
        if not self.winners:
            return "—" if self.status == "finished" else ""
        won = set(self.winners)
        parts: list[str] = []
        for team in self.teams:
            if set(team) <= won:
                parts.append(" & ".join(self.players[s] for s in team))
                won -= set(team)
        parts += [self.players[s] for s in sorted(won)]
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The object ``cardtable history --json`` prints for this match."""
        return {
            "id": self.id,
            "game": self.game,
            "title": self.title,
            "status": self.status,
            "players": [
                {"name": name, "seat": s, "bot": _bot_level(self.seats[s])}
                for s, name in enumerate(self.players)
            ],
            "teams": [list(t) for t in self.teams],
            "winner": list(self.winner_names),
            "scores": list(self.scores),
            "lower_is_better": self.lower_is_better,
            "reason": self.reason,
            "rules": self.rules,
            "seed": self.seed,
            "deals": [list(r) for r in self.deal_rows],
            "started": self.started,
            "finished": self.ended if self.status == "finished" else None,
        }


def _bot_level(kind: str) -> str | None:
    return kind[4:] if kind.startswith("bot:") else None


def now() -> str:
    """The time now, UTC, ISO 8601 to the millisecond (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


# ---------------------------------------------------------------------------- the store


class HistoryStore:
    """The history database at ``path`` (the data folder's by default).

    Opening checks the file once per store: a corrupt or foreign file is moved aside
    (:attr:`notice` says where) and a new one made; :class:`HistoryError` when the folder
    or the disk refuses (the caller turns history off and goes on).
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else history_path()
        self.notice: str | None = None
        """A sentence for the player when the old file had to be moved aside."""
        self._ready = False
        self._db: sqlite3.Connection | None = None
        self._pid = 0
        self._lock = threading.RLock()  # the TUI may write from a worker thread

    # ------------------------------------------------------------------ connection
    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")  # WAL keeps it safe; a commit costs no fsync
        return db

    @contextlib.contextmanager
    def connect(self) -> Iterator[sqlite3.Connection]:
        """The store's connection (the schema made or migrated on first use). It stays open:
        closing the last connection of a WAL file checkpoints it, which costs a sync each
        time. A failure closes it (the next use opens a new one) and raises HistoryError."""
        with self._lock:
            if self._db is not None and self._pid != os.getpid():
                self._db = None  # a forked child must not share its parent's connection
            try:
                if not self._ready:
                    self._prepare()
                if self._db is None:
                    self._db = self._open()
                    self._pid = os.getpid()
                yield self._db
            except (sqlite3.Error, OSError) as exc:
                self.close()
                raise HistoryError(_why(self.path, exc)) from None

    def close(self) -> None:
        """Close the connection (it is opened again when needed)."""
        with self._lock:
            if self._db is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._db.close()
            self._db = None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taken at once, so two writers queue instead of failing)."""
        with self.connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _prepare(self) -> None:
        """Make, check or migrate the file; move a bad one aside."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HistoryError(_why(self.path, exc)) from None
        try:
            self._check_and_migrate()
        except _NotOurs as exc:
            moved = self._move_aside()
            self.notice = (
                f"The match history {self.path} could not be used ({exc}); it was kept as "
                f"{moved.name} and a new history started."
            )
            try:
                self._check_and_migrate()
            except (_NotOurs, sqlite3.Error, OSError) as err:
                raise HistoryError(_why(self.path, err)) from None
        except (sqlite3.Error, OSError) as exc:
            raise HistoryError(_why(self.path, exc)) from None
        self._ready = True

    def _check_and_migrate(self) -> None:
        try:
            db = self._open()
        except sqlite3.OperationalError:  # cannot open (read-only, missing folder): no verdict on the file
            raise
        except sqlite3.DatabaseError as exc:  # "file is not a database"
            raise _NotOurs(f"it is not a database: {exc}") from None
        try:
            try:
                # One read transaction: read one by one, another process's first start could
                # commit in between (no application id yet, then its tables), and this file
                # was judged another program's and moved aside.
                db.execute("BEGIN")
                app_id = db.execute("PRAGMA application_id").fetchone()[0]
                version = db.execute("PRAGMA user_version").fetchone()[0]
                tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                db.execute("COMMIT")
            except sqlite3.OperationalError:
                raise
            except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed"
                raise _NotOurs(f"it is not a database: {exc}") from None
            if app_id != APPLICATION_ID and (app_id != 0 or tables):
                raise _NotOurs("it is another program's database")
            if version > SCHEMA_VERSION:
                raise HistoryError(
                    f"the match history {self.path} was written by a newer cardtable (schema"
                    f" {version}, this one knows {SCHEMA_VERSION}); update cardtable to keep"
                    " a history"
                )
            if version == SCHEMA_VERSION:
                return
            _to_wal(db)  # kept by the file once set
            db.execute("BEGIN IMMEDIATE")
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may be quicker
            while version < SCHEMA_VERSION:
                step = MIGRATIONS[version]
                step(db)
                version = SCHEMA_VERSION if version == 0 else version + 1
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        finally:
            db.close()

    def _move_aside(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        number = 1
        while target.exists():
            number += 1
            target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{number}")
        try:
            self.path.replace(target)
            for suffix in ("-wal", "-shm"):  # a foreign file's journal belongs with it
                extra = self.path.with_name(self.path.name + suffix)
                if extra.exists():
                    extra.replace(target.with_name(target.name + suffix))
        except OSError as exc:
            raise HistoryError(_why(self.path, exc)) from None
        return target

    # ------------------------------------------------------------------ match events
    def start(self, info: MatchInfo, record: str, save_path: Path | None = None) -> int:
        """A match begins; returns its id."""
        with self.transaction() as db:
            return self._insert(db, info, record, save_path)

    def _insert(self, db: sqlite3.Connection, info: MatchInfo, record: str, save_path: Path | None) -> int:
        cur = db.execute(
            "INSERT INTO matches (game, title, rules, seed, players, seats, teams,"
            " lower_is_better, score_label, team_scored, status, record, save_path, started)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?, ?)",
            (
                info.game,
                info.title,
                json.dumps(info.rules, sort_keys=True, default=str),
                info.seed,
                json.dumps(list(info.players)),
                json.dumps(list(info.seats)),
                json.dumps([list(t) for t in info.teams]),
                int(info.lower_is_better),
                info.score_label,
                int(info.team_scored),
                record,
                None if save_path is None else str(save_path),
                now(),
            ),
        )
        match_id = int(cur.lastrowid or 0)
        db.executemany(
            "INSERT INTO seats (match_id, seat, name, kind) VALUES (?, ?, ?, ?)",
            [(match_id, s, name, info.seats[s]) for s, name in enumerate(info.players)],
        )
        return match_id

    def add_finished(
        self,
        info: MatchInfo,
        record: str,
        outcome: Outcome,
        deal_rows: Sequence[Sequence[int | None]],
    ) -> int:
        """Store a match played elsewhere (a headless bot match), start and end in one
        transaction; returns its id."""
        with self.transaction() as db:
            match_id = self._insert(db, info, record, None)
            self._finish(db, match_id, record, outcome, deal_rows)
        return match_id

    def deal_finished(self, match_id: int, number: int, row: Sequence[int | None], record: str) -> None:
        """Deal ``number`` (from 1) ended with ``row``; the record so far is kept with it."""
        with self.transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO deals VALUES (?, ?, ?)", (match_id, number, json.dumps(list(row)))
            )
            db.execute("UPDATE matches SET record = ? WHERE id = ?", (record, match_id))

    def finish(
        self,
        match_id: int,
        record: str,
        outcome: Outcome,
        deal_rows: Sequence[Sequence[int | None]],
    ) -> None:
        """The match is over: the result, every deal's scores and the whole record."""
        with self.transaction() as db:
            self._finish(db, match_id, record, outcome, deal_rows)

    def _finish(
        self,
        db: sqlite3.Connection,
        match_id: int,
        record: str,
        outcome: Outcome,
        deal_rows: Sequence[Sequence[int | None]],
    ) -> None:
        won, scores = set(outcome.winners), outcome.scores
        db.execute(
            "UPDATE matches SET status = 'finished', record = ?, winners = ?, scores = ?,"
            " reason = ?, ended = ? WHERE id = ?",
            (record, json.dumps(sorted(won)), json.dumps(list(scores)), outcome.reason, now(), match_id),
        )
        db.executemany(
            "INSERT OR REPLACE INTO deals VALUES (?, ?, ?)",
            [(match_id, n, json.dumps(list(r))) for n, r in enumerate(deal_rows, start=1)],
        )
        db.executemany(
            "UPDATE seats SET score = ?, won = ? WHERE match_id = ? AND seat = ?",
            [(score, int(s in won), match_id, s) for s, score in enumerate(scores)],
        )

    def abandon(self, match_id: int, record: str | None = None) -> None:
        """The match will not go on (its save was replaced by a new game)."""
        with self.transaction() as db:
            db.execute(
                "UPDATE matches SET status = 'abandoned', ended = ?, record = coalesce(?, record)"
                " WHERE id = ? AND status = 'playing'",
                (now(), record, match_id),
            )

    def abandon_at(self, save_path: Path) -> int:
        """Mark the unfinished matches autosaved at ``save_path`` abandoned (a new game is about
        to be saved there); returns how many."""
        with self.transaction() as db:
            cur = db.execute(
                "UPDATE matches SET status = 'abandoned', ended = ? WHERE status = 'playing'"
                " AND save_path = ?",
                (now(), str(save_path)),
            )
            return cur.rowcount

    def find_resumed(self, info: MatchInfo, record: str, save_path: Path | None) -> StoredMatch | None:
        """The stored match a resumed save goes on with: same save file, game, seed and players,
        and a stored record that the save's record begins with (the latest such)."""
        with self.connect() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS}, record FROM matches WHERE game = ? AND seed = ? AND players = ?"
                " AND save_path IS ? ORDER BY id DESC LIMIT 20",
                (
                    info.game,
                    info.seed,
                    json.dumps(list(info.players)),
                    None if save_path is None else str(save_path),
                ),
            ).fetchall()
        for row in rows:
            if _moves(record).startswith(_moves(row[-1])):
                return self.match(row[0])
        return None

    # ------------------------------------------------------------------ reading
    def matches(
        self,
        game: str | None = None,
        player: str | None = None,
        limit: int | None = None,
        finished_only: bool = False,
        with_deals: bool = False,
    ) -> list[StoredMatch]:
        """Stored matches, latest first; ``player`` matches a name, case ignored."""
        where, args = _filters(game, player, finished_only)
        sql = f"SELECT {_COLUMNS} FROM matches{where} ORDER BY started DESC, id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self.connect() as db:
            found = [_stored(row) for row in db.execute(sql, args)]
            if with_deals and found:
                rows: dict[int, list[tuple[int | None, ...]]] = {}
                ids = [m.id for m in found]
                for chunk in range(0, len(ids), 500):
                    part = ids[chunk : chunk + 500]
                    marks = ",".join("?" * len(part))
                    for match_id, _, scores in db.execute(
                        f"SELECT * FROM deals WHERE match_id IN ({marks}) ORDER BY match_id, number", part
                    ):
                        rows.setdefault(match_id, []).append(tuple(json.loads(scores)))
                found = [_with_deals(m, rows.get(m.id, [])) for m in found]
        return found

    def count(self, game: str | None = None, player: str | None = None) -> int:
        """How many matches the filters keep."""
        where, args = _filters(game, player, False)
        with self.connect() as db:
            return int(db.execute(f"SELECT count(*) FROM matches{where}", args).fetchone()[0])

    def match(self, match_id: int) -> StoredMatch:
        """One stored match with its deals; :class:`LookupError` when there is none."""
        with self.connect() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone()
            if row is None:
                raise LookupError(f"there is no match {match_id} in the history ({self.path})")
            deals = [
                tuple(json.loads(s))
                for (s,) in db.execute(
                    "SELECT scores FROM deals WHERE match_id = ? ORDER BY number", (match_id,)
                )
            ]
        return _with_deals(_stored(row), deals)

    def record(self, match_id: int) -> str:
        """The record text of a stored match (as saves hold it: ``replay`` rebuilds the game)."""
        with self.connect() as db:
            row = db.execute("SELECT record FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise LookupError(f"there is no match {match_id} in the history ({self.path})")
        return str(row[0])

    def games(self) -> list[str]:
        """The ids of the games in the history, sorted."""
        with self.connect() as db:
            return [g for (g,) in db.execute("SELECT DISTINCT game FROM matches ORDER BY game")]

    def player_names(self) -> list[str]:
        """Every player name in the history, sorted."""
        with self.connect() as db:
            return [n for (n,) in db.execute("SELECT DISTINCT name FROM seats ORDER BY name")]


def load_record(match_id: int, path: Path | None = None) -> str:
    """The record text of stored match ``match_id``, as a save file holds it (header with
    the seats line, then the moves): ``cardtable.engine.replay(text)`` rebuilds the game and
    ``Session``'s header reading gives who sat where. Raises :class:`LookupError` for an
    unknown id and :class:`HistoryError` when the history cannot be read."""
    return HistoryStore(path).record(match_id)


class _NotOurs(Exception):
    """The file is no cardtable history."""


_COLUMNS = (
    "id, game, title, rules, seed, players, seats, teams, lower_is_better, score_label,"
    " team_scored, status, winners, scores, reason, started, ended"
)


def _stored(row: Sequence[Any]) -> StoredMatch:
    (mid, game, title, rules, seed, players, seats, teams, lower, label, team_scored) = row[:11]
    status, winners, scores, reason, started, ended = row[11:17]
    return StoredMatch(
        id=mid,
        game=game,
        title=title,
        rules=json.loads(rules),
        seed=seed,
        players=tuple(json.loads(players)),
        seats=tuple(json.loads(seats)),
        teams=tuple(tuple(t) for t in json.loads(teams)),
        lower_is_better=bool(lower),
        score_label=label,
        team_scored=bool(team_scored),
        status=status,
        winners=tuple(json.loads(winners)) if winners else (),
        scores=tuple(json.loads(scores)) if scores else (),
        reason=reason or "",
        started=started,
        ended=ended,
    )


def _with_deals(match: StoredMatch, rows: Sequence[tuple[int | None, ...]]) -> StoredMatch:
    from dataclasses import replace

    return replace(match, deal_rows=tuple(rows))


def _filters(game: str | None, player: str | None, finished_only: bool) -> tuple[str, list[Any]]:
    clauses: list[str] = []
    args: list[Any] = []
    if game:
        clauses.append("game = ?")
        args.append(game)
    if player:
        clauses.append("id IN (SELECT match_id FROM seats WHERE name = ? COLLATE NOCASE)")
        args.append(player)
    if finished_only:
        clauses.append("status = 'finished'")
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), args


def _moves(record: str) -> str:
    """The moves part of a record (comment lines such as the hints left out)."""
    _, _, moves = record.partition("\nmoves:\n")
    return "\n".join(line for line in moves.splitlines() if not line.startswith("#"))


def _why(path: Path, exc: BaseException) -> str:
    """A failure in words, with what to do."""
    text = getattr(exc, "strerror", None) or str(exc)
    if "full" in text.lower() or getattr(exc, "errno", None) == 28:
        hint = "free some disk space"
    elif "readonly" in text.replace("-", "").replace(" ", "").lower() or "unable to open" in text:
        hint = f"make {path.parent} writable, or set CARDTABLE_DATA_DIR to a writable folder"
    elif "locked" in text or "busy" in text:
        hint = "another cardtable is writing it; try again"
    else:
        hint = f"move {path} away to start a new history"
    return f"match history {path} cannot be written ({text}): {hint}; history is off for this match"


def _to_wal(db: sqlite3.Connection) -> None:
    """Put the file in WAL mode. While another connection is inside a write transaction on a
    rollback-journal file (two first starts at once), SQLite refuses the switch at once with
    "database is locked", without its busy timeout: wait here as that timeout would."""
    deadline = time.monotonic() + BUSY_MS / 1000
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL").fetchone()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)
