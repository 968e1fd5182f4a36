"""Faults: the process killed at a random moment, damaged or foreign saves, a data folder
that cannot be written (read-only, full, or not a folder at all).

The kill test drives ``cardtable play --text`` through a pipe with legal moves computed on
a replica of the game, sends SIGKILL at a random moment (often while a move is being
handled and saved), then checks that the autosave resumes with every answered move and at
most the one in flight lost, and that ``cardtable resume --text`` goes on from there.
"""

from __future__ import annotations

import errno
import io
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable.cli import main, play_text
from cardtable.engine import all_games, new_game
from cardtable.engine import saves as saves_module
from cardtable.engine.saves import AUTOSAVE_NAME, LOCK_NAME, write_atomic
from cardtable.session import Session, protect_autosave, set_aside

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = [spec.id for spec in all_games()]
KILL_TRIALS = 8
"""Kill-and-resume trials in the default run (each starts two processes); 10x with --long."""

PROMPT = re.compile(r"\n[^\n]*[^ \n]> $")
"""The text table's prompt ('Ann> ') ends the output while it waits for a line."""
HANDOFF = "press Enter\n"


# Every test here saves into a temporary folder (the data_dir fixture of tests/conftest.py).
pytestmark = pytest.mark.usefixtures("data_dir")


# ---------------------------------------------------------------------------- driving a process


class TextTable:
    """``cardtable ...`` in a subprocess with pipes, read until it waits for a line."""

    def __init__(self, args: list[str], data: Path) -> None:
        env = {**os.environ, "CARDTABLE_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        assert self.proc.stdout is not None
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.out = ""
        self.mark = 0
        """Where the output stood when the last line was sent: only later output answers it."""

    def wait_for_prompt(self, timeout: float = 60.0) -> str:
        """Read until the prompt of a seat (handing off on the way); returns the output."""
        assert self.proc.stdout is not None and self.proc.stdin is not None
        end = time.monotonic() + timeout
        start = len(self.out)
        while time.monotonic() < end:
            fresh = self.out[self.mark :]
            if PROMPT.search(fresh[-200:]):
                return self.out[start:]
            if fresh.endswith(HANDOFF):
                self.send("")
                continue
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                self.out += chunk.decode("utf-8", "replace")
            elif self.proc.poll() is not None:
                break
        raise AssertionError(f"no prompt; output so far:\n{self.out[-2000:]}\n{self._stderr()}")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.mark = len(self.out)
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def finish(self, timeout: float = 60.0) -> tuple[int, str]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=timeout)
        os.set_blocking(self.proc.stdout.fileno(), True)
        self.out += self.proc.stdout.read().decode("utf-8", "replace")
        return code, self.out

    def _stderr(self) -> str:
        if self.proc.poll() is None or self.proc.stderr is None:
            return ""
        return self.proc.stderr.read().decode("utf-8", "replace")


def moves_of(game) -> list[tuple[int, str]]:
    return [(seat, str(move)) for seat, move in game.history]


def kill_trial(data: Path, trial: int) -> None:
    game_id = GAME_IDS[trial % len(GAME_IDS)]
    rng = random.Random(f"kill:{trial}")
    spec = next(s for s in all_games() if s.id == game_id)
    names = ["Ann", "Bob", "Cy", "Di"][: max(2, spec.min_players)]
    seed = 100 + trial
    replica = new_game(game_id, names, seed=seed)
    table = TextTable(["play", game_id, "--players", ",".join(names), "--text", "--seed", str(seed)], data)
    answered = 0
    try:
        for _ in range(rng.randint(3, 40)):
            table.wait_for_prompt()
            answered = len(replica.history)
            move = rng.choice(replica.legal_moves())
            table.send(str(move))
            replica.play(move)
            if replica.is_over:
                break
        else:
            # The last move is in flight: kill at once or after a few milliseconds.
            time.sleep(rng.choice([0.0, 0.0, 0.001, 0.003, 0.01, 0.05]))
    finally:
        table.kill()
    saved = Session.resume(data / AUTOSAVE_NAME)
    got = moves_of(saved.game)
    sent = moves_of(replica)
    assert answered <= len(got) <= len(sent), (
        f"{game_id} trial {trial}: {len(got)} moves saved, {answered} answered, {len(sent)} sent"
    )
    assert got == sent[: len(got)], f"{game_id} trial {trial}: the saved moves are not the moves played"
    # ... and the game goes on from there.
    if trial % 2 == 0 and not saved.game.is_over:
        again = TextTable(["resume", "--text"], data)
        game = saved.game
        for _ in range(3):
            again.wait_for_prompt()
            move = rng.choice(game.legal_moves())
            again.send(str(move))
            game.play(move)
            if game.is_over:
                break
        if not game.is_over:
            again.wait_for_prompt()
            again.send("quit")
        code, out = again.finish()
        assert code == 0, out
        assert "Resuming" in out and "Traceback" not in out
        resumed = Session.resume(data / AUTOSAVE_NAME)
        assert moves_of(resumed.game) == moves_of(game)


def test_killed_at_a_random_moment_loses_at_most_the_move_in_flight(tmp_path, request):
    trials = KILL_TRIALS * (10 if request.config.getoption("--long") else 1)
    for trial in range(trials):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        kill_trial(folder, trial)
        leftovers = sorted(
            p.name
            for p in folder.iterdir()
            if p.name not in (AUTOSAVE_NAME, LOCK_NAME) and not p.name.startswith("history.")
        )
        # A kill during a write may leave its temporary file, never a damaged autosave (the
        # match history is SQLite's to keep whole: its journal files may stay).
        assert all(name.endswith(".tmp") for name in leftovers), leftovers


# ---------------------------------------------------------------------------- damaged and foreign saves


def good_session(path: Path) -> Session:
    session = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=5, save_path=path)
    for move in ("draw",):
        session.play(move)
    return session


DAMAGE = {
    "truncated mid-line": lambda text: text[: len(text) - 3],
    "truncated to the header": lambda text: "".join(text.splitlines(keepends=True)[:3]),
    "edited move": lambda text: text.replace("Ann: draw", "Ann: discard ZZ"),
    "edited seed": lambda text: text.replace("seed: 5", "seed: five"),
    "a move by the wrong player": lambda text: text.replace("Ann: draw", "Bob: draw"),
    "another game's id": lambda text: text.replace("game: scala40", "game: bridge"),
    "foreign text": lambda text: "Dear diary, today I played cards.\n",
    "empty": lambda text: "",
}


@pytest.mark.parametrize("kind", [*DAMAGE, "foreign binary"])
def test_damaged_or_foreign_autosave_is_refused_and_kept(kind, data_dir, capsys, monkeypatch):
    path = data_dir / AUTOSAVE_NAME
    text = good_session(data_dir / "good.ctr").record()
    blob = bytes(range(256)) * 4 if kind == "foreign binary" else DAMAGE[kind](text).encode()
    assert blob != text.encode()
    path.write_bytes(blob)
    code = main(["resume", "--text"], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2, f"{kind}: resumed"
    assert err.startswith(f"cardtable: {path}") and ("cannot" in err or " not " in err), err
    assert "Traceback" not in err
    assert path.read_bytes() == blob, "the refused save was changed"
    # A new game sets the damaged save aside (kept, byte for byte) and saves itself.
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "scala40", "--players", "Ann,Bob", "--text"], out=out) == 0
    kept = sorted(data_dir.glob(f"{AUTOSAVE_NAME}.unreadable-*"))
    if blob:
        assert len(kept) == 1 and kept[0].read_bytes() == blob
        assert "kept as" in out.getvalue()
    Session.resume(path)  # the new game's autosave is whole


def test_a_good_autosave_is_never_replaced_by_a_failed_write(data_dir, monkeypatch):
    """The disk fills in the middle of writing: the old autosave is whole, no temp file stays."""
    path = data_dir / AUTOSAVE_NAME
    session = good_session(path)
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves_module.os, "fdopen", lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k)))
    session.play("discard " + session.game.hand(0)[0].name)
    assert session.save_error and "No space left on device" in session.save_error
    assert path.read_bytes() == before
    assert [p.name for p in data_dir.iterdir() if p.name.endswith(".tmp")] == []
    monkeypatch.undo()
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(data_dir))
    session.play("draw")  # space again: the next save has every move
    assert session.save_error is None
    assert moves_of(Session.resume(path).game) == moves_of(session.game)


def test_set_aside_twice_in_one_second_keeps_both(data_dir):
    """Two unreadable saves set aside within the same second: neither overwrites the other."""
    path = data_dir / AUTOSAVE_NAME
    kept = []
    for blob in (b"first broken save", b"second broken save", b"third"):
        path.write_bytes(blob)
        kept.append(set_aside(path))
    assert len(set(kept)) == 3
    assert sorted(p.read_bytes() for p in kept) == sorted(
        [b"first broken save", b"second broken save", b"third"]
    )


def test_protect_autosave_in_a_folder_that_cannot_change(data_dir, monkeypatch):
    """An unreadable autosave that cannot be moved aside (read-only folder): a note, no
    traceback, and the file stays as it is."""
    path = data_dir / AUTOSAVE_NAME
    path.write_bytes(b"junk")

    def refuse(self, target):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(Path, "replace", refuse)
    note = protect_autosave(path)
    assert note and "could not be moved aside" in note and "Read-only file system" in note
    assert path.read_bytes() == b"junk"


def test_stale_temporary_files_are_cleared_fresh_ones_kept(data_dir):
    """A kill during a write leaves a temporary file; the next write clears old ones."""
    path = data_dir / AUTOSAVE_NAME
    stale = data_dir / f".{AUTOSAVE_NAME}.abc123.tmp"
    fresh = data_dir / f".{AUTOSAVE_NAME}.def456.tmp"
    other = data_dir / ".settings.json.xyz.tmp"
    for p in (stale, fresh, other):
        p.write_text("half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_atomic(path, "new content\n")
    assert not stale.exists()
    assert fresh.exists() and other.exists(), "only old temporary files of this save go"
    assert path.read_text() == "new content\n"


# ---------------------------------------------------------------------------- an unwritable data folder


@pytest.mark.parametrize(
    ("where", "error"),
    [
        ("mkstemp", PermissionError(errno.EACCES, "Permission denied")),
        ("mkstemp", OSError(errno.EROFS, "Read-only file system")),
        ("fsync", OSError(errno.ENOSPC, "No space left on device")),
    ],
)
def test_unwritable_data_folder_is_reported_and_play_goes_on(data_dir, monkeypatch, where, error):
    path = data_dir / AUTOSAVE_NAME
    session = good_session(path)
    saved = path.read_bytes()

    def fail(*args, **kwargs):
        raise error

    target = saves_module.tempfile if where == "mkstemp" else saves_module.os
    monkeypatch.setattr(target, where, fail)
    game = session.game
    rng = random.Random(1)
    for _ in range(6):
        session.play(rng.choice(game.legal_moves()))
        assert session.save_error and error.strerror in session.save_error
        assert str(path) in session.save_error
    assert path.read_bytes() == saved, "a failed save touched the autosave"
    monkeypatch.undo()
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(data_dir))
    session.play(rng.choice(game.legal_moves()))
    assert session.save_error is None
    assert moves_of(Session.resume(path).game) == moves_of(game)


def test_text_table_with_a_data_folder_that_is_a_file(tmp_path, monkeypatch):
    """CARDTABLE_DATA_DIR under a plain file (no folder can be made there, even for root):
    every move says it could not be saved, and the game goes on to the end of the input."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("I am a file")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(blocker / "cardtable"))
    out = io.StringIO()
    session = Session.start("page-one", ["Ann", "Bob"], [None, None], seed=2, save_path=blocker / "x" / "a")
    assert session.save_error and "could not save" in session.save_error
    rng = random.Random(3)
    lines = []
    replica = session.game.copy()
    for _ in range(8):
        if replica.is_over:
            break
        move = str(rng.choice(replica.legal_moves()))
        replica.play(move)
        lines += ["", move]  # Enter for the hand-off, then the move
    code = play_text(session, out=out, inp=io.StringIO("\n".join(lines) + "\nquit\n"))
    text = out.getvalue()
    assert code == 0
    assert text.count("could not save") >= 4 and "play goes on" in text
    assert len(session.game.history) == len(replica.history)


def test_command_line_with_a_data_folder_that_is_a_file(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    table = TextTable(["play", "scala40", "--players", "Ann,Bob", "--text", "--seed", "1"], blocker / "sub")
    table.wait_for_prompt()
    table.send("draw")
    table.wait_for_prompt()
    table.send("quit")
    code, out = table.finish()
    assert code == 0, out
    assert "could not save" in out and "play goes on" in out
    assert "Traceback" not in out


async def test_table_screen_reports_a_failed_save_and_play_goes_on(tmp_path, monkeypatch):
    from cardtable.tui.app import CardTableApp
    from cardtable.tui.screens.table import TableScreen
    from cardtable.tui.settings import Settings

    blocker = tmp_path / "file"
    blocker.write_text("x")
    session = Session.start("scala40", ["Ann", "Bob"], [None, "random"], seed=3, save_path=blocker / "a.ctr")
    app = CardTableApp(
        settings=Settings(bot_delay=0.0),
        settings_file=blocker / "settings.json",
        save_path=blocker / "a.ctr",
        session=session,
    )
    said: list[str] = []
    real_notify = app.notify

    def notify(message, *args, **kwargs):
        said.append(str(message))
        return real_notify(message, *args, **kwargs)

    monkeypatch.setattr(app, "notify", notify)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, TableScreen) and app.screen.viewer == 0:
                break
        await pilot.press("d")
        for _ in range(50):
            await pilot.pause(0.02)
            if session.game.phase == "play":
                break
        assert session.game.phase == "play", "the draw did not go through"
        assert any("could not save" in s for s in said), said
        app.toggle_ascii()  # the settings cannot be saved either: said, not raised
        await pilot.pause()
        assert any("could not save settings" in s for s in said), said
