"""Import hygiene: the engine, the games and the bots stay free of UI code, and the TUI
reaches games only through the registry (never by importing ``cardtable.games``)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardtable

PACKAGE = Path(cardtable.__file__).resolve().parent
UI_LIBRARIES = ("textual", "rich")
HEADLESS_PACKAGES = ("engine", "kits", "games", "bots")

_HEADLESS_SCRIPT = """
import json, sys
import cardtable.engine, cardtable.games, cardtable.bots
from cardtable.engine import all_games, new_game, replay
specs = all_games()
for spec in specs:
    game = new_game(spec.id, players=[f"P{i}" for i in range(spec.min_players)], seed=1)
    game.play(game.legal_moves()[0])
    game.view(0), game.view(None)
    replay(game.record())
print(json.dumps({
    "games": [s.id for s in specs],
    "modules": sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich")
                      or m.startswith(("cardtable.tui", "cardtable.cli"))),
}))
"""


def test_headless_imports_load_no_ui() -> None:
    """Engine + games + bots + a game in progress: textual, rich and the TUI stay unloaded."""
    proc = subprocess.run(
        [sys.executable, "-c", _HEADLESS_SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["games"], "no game is registered"
    assert result["modules"] == [], f"headless use imported UI modules: {result['modules']}"


_LISTING_SCRIPT = """
import json, sys
from cardtable.cli import main
from cardtable.engine import all_games
import cardtable.tui.app, cardtable.tui.screens.picker
specs = all_games()
presets = [spec.preset_rules(name) for spec in specs for name in spec.presets]
print(json.dumps({
    "games": len(specs),
    "modules": sorted(m for m in sys.modules if m.startswith("cardtable.games.")
                      and m.rsplit(".", 1)[1] not in ("rules",) and m.count(".") > 2),
}))
"""


def test_listing_the_games_imports_none_of_them() -> None:
    """What the picker needs (the registry, each game's spec, rules model and presets) loads
    no game module: a game's code is imported when a game is first built, which keeps the
    start to the first frame short."""
    proc = subprocess.run(
        [sys.executable, "-c", _LISTING_SCRIPT], capture_output=True, text=True, timeout=120, check=False
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["games"] >= 10
    assert result["modules"] == [], f"listing the games imported: {result['modules']}"


# ---------------------------------------------------------------------------- static scans


def imported_modules(source: str, module: str) -> Iterator[tuple[int, str]]:
    """``(line, dotted name)`` of everything ``source`` (the module ``module``) imports:
    ``import a.b``, ``from a import b`` (as ``a.b``), relative imports resolved, and
    ``importlib.import_module('a.b')`` / ``__import__('a.b')`` with a literal name."""
    package = module.rsplit(".", 1)[0] if "." in module else module
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base_parts = parts[: len(parts) - node.level + 1]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield node.lineno, arg.value


def _is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _modules_in(folder: Path) -> list[tuple[Path, str]]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = [*parts[:-1], "__init__"]
        out.append((path, ".".join(parts)))
    return out


def offending_imports(folder: Path, banned: tuple[str, ...]) -> list[str]:
    found = []
    for path, module in _modules_in(folder):
        for line, name in imported_modules(path.read_text(encoding="utf-8"), module):
            if any(_is_under(name, b) for b in banned):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    return found


def test_scanner_finds_every_form_of_import() -> None:
    """The scanner itself: each way of importing cardtable.games is caught, others are not."""
    module = "cardtable.tui.screens.table"
    caught = {
        "import cardtable.games": "cardtable.games",
        "import cardtable.games.scala40 as s": "cardtable.games.scala40",
        "from cardtable.games import scala40": "cardtable.games",
        "from cardtable import games": "cardtable.games",
        "from ...games import scala40": "cardtable.games",
        "from ... import games": "cardtable.games",
        "def f():\n    from cardtable.games.scala40 import Scala40": "cardtable.games.scala40",
        "import importlib\nimportlib.import_module('cardtable.games.scala40')": "cardtable.games.scala40",
    }
    for source, name in caught.items():
        names = [n for _, n in imported_modules(source, module)]
        assert name in names, (source, names)
        assert any(_is_under(n, "cardtable.games") for n in names), source
    for source in (
        "from cardtable.engine import all_games",
        "import cardtable.gamesx",
        "from ..widgets import Hand",
        "x = 'cardtable.games'",
    ):
        names = [n for _, n in imported_modules(source, module)]
        assert not any(_is_under(n, "cardtable.games") for n in names), (source, names)
    assert [n for _, n in imported_modules("from ..widgets import Hand", module)] == [
        "cardtable.tui.widgets",
        "cardtable.tui.widgets.Hand",
    ]


def test_tui_never_imports_the_games() -> None:
    tui = PACKAGE / "tui"
    if not tui.is_dir() or not list(tui.rglob("*.py")):
        pytest.skip("there is no cardtable/tui package yet")
    assert offending_imports(tui, ("cardtable.games",)) == []


def test_engine_games_and_bots_never_import_ui_code() -> None:
    """Also imports inside functions, which the subprocess test would not run."""
    banned = (*UI_LIBRARIES, "cardtable.tui", "cardtable.cli")
    scanned = 0
    for name in HEADLESS_PACKAGES:
        folder = PACKAGE / name
        if folder.is_dir():
            scanned += len(_modules_in(folder))
            assert offending_imports(folder, banned) == [], name
    assert scanned >= 2, "the engine and games packages were not found"


# ---------------------------------------------------------------------------- import-linter


def test_import_linter_contracts_are_kept() -> None:
    """The layer contracts in pyproject.toml (``uv run lint-imports``): UI > games > kits > bots >
    engine, the UI imports no game, and engine, games and bots import no UI (imports inside
    functions count too)."""
    proc = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=PACKAGE.parent,
    )
    assert proc.returncode == 0 and " kept, 0 broken" in proc.stdout, proc.stdout[-3000:] + proc.stderr


def test_no_import_circles() -> None:
    """No two modules of cardtable import each other, directly or round a longer loop (also
    through imports inside functions and under TYPE_CHECKING)."""
    import grimp

    graph = grimp.build_graph("cardtable")
    circles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            path = graph.find_shortest_chain(importer=imported, imported=module)
            if path:
                circles.append(" -> ".join((module, *path)))
    assert circles == [], "import circles:\n" + "\n".join(circles)
