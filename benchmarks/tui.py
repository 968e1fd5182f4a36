"""TUI timings on a real pseudo-terminal: start to first frame, and key press to screen.

Each run starts a fresh Python process on a pty (as a person's terminal would be), so
imports and Textual's start-up are included.
"""

from __future__ import annotations

import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("hello " * 400)
Minimal().run()
"""

PICKER_APP = """
import sys
from cardtable.cli import main
sys.argv = ["cardtable"]
raise SystemExit(main())
"""
"""What ``cardtable`` runs (its console script), so that the command line's own imports count."""

TABLE_APP = """
from pathlib import Path
from cardtable.session import Session
from cardtable.tui.app import CardTableApp
from cardtable.tui.settings import Settings
s = Session.start("scala40", ["Ann", "Bob"], [None, "random"], seed=4, save_path=Path({save!r}))
s.play("draw")
CardTableApp(session=s, settings=Settings(bot_delay=0.0), save_path=Path({save!r})).run()
"""

BOARD_APP = """
import sys
from pathlib import Path
from cardtable.engine import all_games, new_game
from cardtable.session import Session
from cardtable.tui.app import CardTableApp
from cardtable.tui.settings import Settings
save = Path({save!r})
bots = [None, "random", "random", "random"]
# The first registered game played on a board (4 seats), else the tests' fake board game.
spec = next((g for g in all_games() if g.min_players <= 4 <= g.max_players
             and new_game(g.id, players=list("ABCD"), seed=1).view(None).board is not None), None)
if spec is not None:
    session = Session.start(spec.id, ["Ann", "Bob", "Cy", "Di"], bots, seed=4, save_path=save)
else:
    sys.path.insert(0, {tests!r})
    from board_fake import four_player
    session = four_player(bots)
CardTableApp(session=session, settings=Settings(bot_delay=0.0), save_path=save).run()
"""
"""A 4-seat board table (72 holes): cursor moves along the hand re-highlight the board."""


def _spawn(code: str, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=ROOT,
        env={**env, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "32"},
        close_fds=True,
    )
    os.close(slave)
    return proc, master


def _read(master: int, wait: float) -> bytes | None:
    """What the terminal sends within ``wait`` s: None when it sends nothing, b"" once it
    has closed."""
    ready, _, _ = select.select([master], [], [], wait)
    if not ready:
        return None
    try:
        return os.read(master, 65536)
    except OSError:
        return b""


def _drain(master: int, quiet: float, limit: float) -> int:
    """Read until the terminal is quiet for ``quiet`` s (or ``limit``); bytes read."""
    total = 0
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        chunk = _read(master, quiet)
        if not chunk:
            return total
        total += len(chunk)
    return total


FRAME_BYTES = 1500
"""Output that counts as a first frame (the terminal set-up alone is a few hundred bytes)."""


def time_to_exit(code: str, env: dict[str, str]) -> float:
    """Seconds from spawn until the app's first frame has reached the terminal."""
    return start_costs(code, env)[0]


def start_costs(code: str, env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds from spawn until the app's first frame has reached the terminal, and the
    CPU seconds (user + system) the app had used when it was stopped just after that frame:
    on a loaded machine the wall time mostly says how long the app waited for a core."""
    start = time.perf_counter()
    proc, master = _spawn(code, env)
    seen = 0
    elapsed = float("nan")
    deadline = start + 60
    while time.perf_counter() < deadline:
        chunk = _read(master, 0.5)
        if chunk is None:
            if proc.poll() is not None:
                break
            continue
        if not chunk:
            break
        seen += len(chunk)
        if seen >= FRAME_BYTES:
            elapsed = time.perf_counter() - start
            break
    proc.kill()
    _, status, usage = os.wait4(proc.pid, 0)  # reaped here, for its CPU use
    proc.returncode = status
    os.close(master)
    return elapsed, usage.ru_utime + usage.ru_stime


def startup(repeats: int) -> tuple[float, float]:
    """Median start-to-first-frame of the picker and of a minimal Textual app.

    Python may write its bytecode caches here (a person's second start has them): with
    PYTHONDONTWRITEBYTECODE set, as on some shared machines, every start compiled every module
    again, which added about the same to both apps and hid the picker's own cost (CPU to first
    frame, December 2026: 0.83 s vs 0.63 s, 1.3×, without caches; 0.47 s vs 0.27 s, 1.7×, with)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["CARDTABLE_DATA_DIR"] = tmp
        time_to_exit(MINIMAL_APP, env)  # warm the file cache for both
        time_to_exit(PICKER_APP, env)
        # interleaved, so that a busy minute on a shared machine slows both alike
        minimal, picker = [], []
        for _ in range(repeats):
            minimal.append(start_costs(MINIMAL_APP, env))
            picker.append(start_costs(PICKER_APP, env))
    walls = [w for w, _ in picker], [w for w, _ in minimal]
    STARTS[:] = [(min(walls[0]), max(walls[0])), (min(walls[1]), max(walls[1]))]
    CPU_STARTS[:] = [statistics.median(c for _, c in picker), statistics.median(c for _, c in minimal)]
    return statistics.median(walls[0]), statistics.median(walls[1])


STARTS: list[tuple[float, float]] = []
"""(min, max) seconds of the last :func:`startup`'s picker and minimal runs."""

CPU_STARTS: list[float] = []
"""Median CPU seconds to the first frame of the last :func:`startup`'s picker and minimal runs
(steadier than the wall times when other work shares the cores)."""


def key_latency(presses: int, board: bool = False) -> list[float]:
    """Seconds from writing a key to the first screen update, for cursor moves on a full table
    (``board``: on a board table, where each move of the cursor re-highlights the board)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "CARDTABLE_DATA_DIR": tmp}
        save = str(Path(tmp) / "autosave.ctr")
        if board:
            code = BOARD_APP.format(save=save, tests=str(ROOT / "tests" / "tui"))
        else:
            code = TABLE_APP.format(save=save)
        proc, master = _spawn(code, env)
        try:
            seen = 0
            deadline = time.perf_counter() + 60
            while seen < 3000 and time.perf_counter() < deadline:  # the first full frame
                seen += _drain(master, 0.2, 1.0)
            _drain(master, 0.5, 30.0)  # ... and settles
            out: list[float] = []
            for i in range(presses):
                key = b"\x1b[C" if i % 2 == 0 else b"\x1b[D"  # right, left: a redraw each time
                start = time.perf_counter()
                os.write(master, key)
                # The update is done when its last byte has arrived (then 50 ms of quiet).
                last = None
                size = 0
                while chunk := _read(master, 0.05 if last else 2.0):
                    size += len(chunk)
                    last = time.perf_counter()
                if last is not None and size > 50:
                    out.append(last - start)
            os.write(master, b"\x11")  # ctrl+q
            end = time.perf_counter() + 10
            while proc.poll() is None and time.perf_counter() < end:
                _drain(master, 0.05, 0.2)
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(master)
        return out
