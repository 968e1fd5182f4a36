"""Every module of the package stays at most 800 lines: past that a file holds more than one
concern, and the place to split it is a real seam (as the piles row the table and the replay
share), not squeezed lines."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardtable"
MOST_LINES = 800


def test_no_module_of_the_package_is_longer_than_800_lines() -> None:
    sizes = {
        p.relative_to(PACKAGE).as_posix(): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")
    }
    assert len(sizes) > 50  # the package was found
    assert {name: n for name, n in sizes.items() if n > MOST_LINES} == {}
