"""Shared test options: ``--long`` turns on the extended runs marked ``long``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# Keep the bytecode of test modules (rewritten asserts) and of what they import: with
# PYTHONDONTWRITEBYTECODE set, as on the project's machines, every pytest process, each xdist
# worker, re-rewrote every test module and compiled every module anew (about 2.5 s of CPU
# per worker and per run). The caches go to __pycache__ folders, which git ignores.
sys.dont_write_bytecode = False

# The shared invariant checks assert in a package module: let pytest explain their failures.
pytest.register_assert_rewrite("cardtable.testing")


@pytest.fixture(autouse=True)
def _no_user_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's saves and history (a test that forgot ``data_dir``
    once found the machine's own match 12): each gets an empty folder of its own."""
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _no_disk_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves skip the wait for the disk: every autosave is a ``write_atomic`` and its
    ``os.fsync`` (a whole bots' match made 480 of them, 1.1 s of waiting on a shared disk).
    Whether a save survives a power cut no test can see; the file is still written, flushed
    and renamed into place, the descriptor still checked, and the tests of a failing fsync
    patch it themselves."""
    monkeypatch.setattr(os, "fsync", os.fstat)  # fstat: a bad descriptor still raises OSError


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves go to a temporary folder, never the user's."""
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="run the extended tests (marked 'long'); the conformance run plays 10x the deals",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--long"):
        return
    skip = pytest.mark.skip(reason="extended run: use --long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one xdist worker more than there are cores. The Textual tests sleep in
    their waits for the app (17% of a worker's time in a serial run of the heaviest TUI
    files), a core left idle with one worker per core: on 2 quiet cores the picker, privacy
    and keys tests took 69 s with 3 workers, 81 s with 2 (medians, interleaved), the same
    CPU. PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    return len(os.sched_getaffinity(0)) + 1
