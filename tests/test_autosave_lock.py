"""One cardtable plays from a data folder at a time (playtest: a second window's new game
wrote over the first one's autosave and marked its match abandoned in the history)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine.saves import AutosaveInUse, autosave_path, hold_autosave

HOLDER = """
import sys
from pathlib import Path
from cardtable.engine.saves import hold_autosave
hold_autosave(Path(sys.argv[1]))
print("held", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def other_cardtable(data_dir: Path):
    """Another process holding ``data_dir``'s autosave until the test ends."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(data_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    yield proc
    if proc.poll() is None:
        proc.communicate("\n", timeout=30)


def test_a_second_cardtable_is_refused_with_what_to_do(other_cardtable, data_dir, capsys) -> None:
    autosave_path().write_text("the other window's game, never to be written over\n")
    for argv in (["play", "gin", "--players", "Ann,bot:random", "--text"], ["resume", "--text"]):
        code = main(argv, out=io.StringIO())
        err = capsys.readouterr().err
        assert code == 2, argv
        assert "another cardtable is already playing from" in err and "CARDTABLE_DATA_DIR" in err, err
    assert autosave_path().read_text() == "the other window's game, never to be written over\n"
    with pytest.raises(AutosaveInUse):
        hold_autosave()


def test_the_folder_is_free_again_once_the_other_has_ended(other_cardtable, data_dir, monkeypatch) -> None:
    other_cardtable.communicate("\n", timeout=30)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # nobody types: the text table stops at once
    code = main(["play", "gin", "--players", "Ann,bot:random", "--text"], out=io.StringIO())
    assert code == 0
    assert autosave_path().exists()
    hold_autosave()  # this process holds it now: claiming again is no refusal


def test_another_folder_is_not_refused(other_cardtable, tmp_path_factory) -> None:
    hold_autosave(tmp_path_factory.mktemp("elsewhere"))
