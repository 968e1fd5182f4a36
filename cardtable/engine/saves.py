"""Saving records: atomic writes (temp file + rename) to the user's data folder.

The data folder is ``platformdirs.user_data_dir("cardtable")``, or ``$CARDTABLE_DATA_DIR``
when set (tests and portable installs use that).

>>> import tempfile, pathlib
>>> from cardtable.engine import new_game
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> g = new_game("scala40", players=["Ann", "Bob"], seed=1)
>>> path = save_game(g, folder / "autosave.ctr")
>>> load_game(path).snapshot() == g.snapshot()
True
"""

from __future__ import annotations

import contextlib
import glob
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import CardtableError, InvalidRecord

if TYPE_CHECKING:
    from .game import Game

AUTOSAVE_NAME = "autosave.ctr"
MAX_RECORD_BYTES = 8 * 1024 * 1024


def data_dir() -> Path:
    """Where saves live (created on demand by the writers, not here)."""
    override = os.environ.get("CARDTABLE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("cardtable", appauthor=False))


def autosave_path() -> Path:
    """The autosave file of the last game."""
    return data_dir() / AUTOSAVE_NAME


class AutosaveInUse(CardtableError):
    """Another cardtable is playing from the same data folder (see :func:`hold_autosave`)."""


LOCK_NAME = "autosave.lock"
"""The file :func:`hold_autosave` locks, beside the autosave (it holds nothing)."""


_HELD: dict[Path, int] = {}
"""The autosave locks this process holds (their files stay open, so the locks last as long
as the process: the system drops them when it ends, however it ends)."""


def hold_autosave(folder: Path | None = None) -> None:
    """Claim the data folder's autosave for this process, or raise :class:`AutosaveInUse`.

    Two cardtables playing from one folder would write over each other's autosave (and the
    second would mark the first one's match abandoned in the history): one plays at a time.
    Idempotent within a process. A folder where no lock can be made (read-only, or a file
    system without locks) is not refused: the autosave's own messages speak for it.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> hold_autosave(folder); hold_autosave(folder)  # the second claim is this process's own
    >>> (folder / LOCK_NAME).exists()
    True
    """
    folder = Path(folder) if folder is not None else data_dir()
    lock = folder / LOCK_NAME
    if lock in _HELD:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return
    if _try_lock(fd):
        _HELD[lock] = fd
        return
    os.close(fd)
    raise AutosaveInUse(
        f"another cardtable is already playing from {folder} (its autosave would be written over);"
        " finish or quit that one first, or start this one with CARDTABLE_DATA_DIR set to another folder"
    )


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` without waiting: False when another process holds it (True when the file
    system cannot lock at all: nothing to be refused for)."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except PermissionError:
            return False
        except OSError:
            return True
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return True
    return True


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half.

    Raises :class:`OSError` (read-only or full disk) with the old file untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    _clear_stale_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


STALE_SECONDS = 600
"""A temporary file of a write older than this was left by a killed process."""


def _clear_stale_temporaries(path: Path) -> None:
    """Remove what killed writers of ``path`` left behind (a write takes milliseconds, so
    an old temporary file has no writer any more); errors are ignored."""
    now = time.time()
    with contextlib.suppress(OSError):
        for old in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
            with contextlib.suppress(OSError):
                if now - old.stat().st_mtime > STALE_SECONDS:
                    old.unlink()


def save_game(game: Game, path: Path | None = None) -> Path:
    """Write the game's record atomically; returns the path written."""
    target = Path(path) if path is not None else autosave_path()
    write_atomic(target, game.record())
    return target


def read_record(path: Path) -> str:
    """A save file's text; :class:`InvalidRecord` if it is missing, huge or not text."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise InvalidRecord(f"{path} is {size} bytes, too big to be a cardtable save")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InvalidRecord(f"there is no saved game at {path}") from None
    except UnicodeDecodeError:
        raise InvalidRecord(f"{path} is not a cardtable save (it is not text)") from None
    except OSError as exc:
        raise InvalidRecord(f"{path} cannot be read: {exc.strerror or exc}") from None


def load_game(path: Path | None = None) -> Game:
    """Load and replay a save; a corrupted or foreign file raises :class:`InvalidRecord`."""
    from .api import replay

    target = Path(path) if path is not None else autosave_path()
    text = read_record(target)
    try:
        return replay(text)
    except InvalidRecord as exc:
        raise InvalidRecord(f"{target} cannot be resumed: {exc}") from None
