"""The built wheel carries the package, the themes and the console script."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("uv") is None, reason="building needs uv")
def test_wheel_contains_themes_and_entry_point(tmp_path):
    subprocess.run(
        ["uv", "build", "--wheel", "--out-dir", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    wheel = next(tmp_path.glob("cardtable-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    themes = sorted(Path(n).name for n in names if n.startswith("cardtable/themes/"))
    assert themes == sorted(p.name for p in (ROOT / "themes").glob("*.toml"))
    assert len(themes) >= 4
    assert "cardtable/tui/app.tcss" in names
    assert "cardtable/tui/table.tcss" in names  # read when the first table opens
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry).decode()
    assert "cardtable = cardtable.cli:main" in text


def test_themes_load_and_include_card_colours():
    from cardtable.tui.theming import load_themes

    themes = {t.name: t for t in load_themes()}
    assert {"felt", "midnight", "contrast", "fourcolour"} <= set(themes)
    four = themes["fourcolour"].variables
    suits = {four[f"card-{s}"] for s in ("spades", "hearts", "diamonds", "clubs")}
    assert len(suits) == 4, "the colour-blind-safe deck gives every suit its own colour"


def test_python_dash_m_runs():
    out = subprocess.run(
        [sys.executable, "-m", "cardtable", "list"], capture_output=True, text=True, timeout=60, check=True
    )
    assert "scala40" in out.stdout
