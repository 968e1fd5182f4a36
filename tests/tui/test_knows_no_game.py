"""The table knows no game: nothing under cardtable/tui names a registered game (its id or
title) or a move verb that only some games have. Keys, labels and the Enter ladder come from
each game's verb specs, panels from phase kinds and views."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import cardtable
from cardtable.engine import all_games

TUI = Path(cardtable.__file__).resolve().parent / "tui"
FAMILY_WORDS = r"scala|rummy|indian|page.?one|five.?hundred|poker|marbles"
"""The games of the source pages, present and coming (the before-stop hook greps these too)."""
PILE_NAMES = {"stock", "discard", "deal"}
"""The view's piles (``stock_count``, ``discard_top``): zone names, not verbs; and "deal", the
deal number's fact and score column (the video machine's ``deal`` verb shares the word)."""


def sources() -> list[tuple[Path, str]]:
    return [(p, p.read_text(encoding="utf-8")) for p in sorted(TUI.rglob("*.py"))]


def game_only_verbs() -> set[str]:
    verb_sets = [{v.name for v in spec.verbs} for spec in all_games()]
    return set.union(*verb_sets) - set.intersection(*verb_sets)


def test_no_game_is_named_in_the_tui() -> None:
    words = [FAMILY_WORDS]
    for spec in all_games():
        words.append(re.escape(spec.id))
        words.append(r"\s*".join(re.escape(w) for w in spec.title.split()))
    pattern = re.compile(r"\b(?:" + "|".join(words) + r")\b", re.IGNORECASE)
    hits = [
        f"{path.relative_to(TUI.parent)}:{n}: {line.strip()}"
        for path, text in sources()
        for n, line in enumerate(text.splitlines(), start=1)
        if pattern.search(line)
    ]
    assert hits == []


def test_no_verb_of_only_some_games_is_spelt_in_the_tui() -> None:
    only_some = game_only_verbs() - PILE_NAMES
    assert {"meld", "knock", "declare", "play"} <= only_some  # the check has teeth
    hits = [
        f"{path.relative_to(TUI.parent)}:{node.lineno}: {node.value!r}"
        for path, text in sources()
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in only_some
    ]
    assert hits == []


def test_every_game_declares_a_key_for_each_verb_and_no_key_twice() -> None:
    reserved = {"h", "l", "H", "L", "o", "s", "r"}  # the table's own keys
    for spec in all_games():
        keys = [v.key for v in spec.verbs]
        assert spec.verbs, spec.id
        assert len(keys) == len(set(keys)), (spec.id, keys)
        assert not reserved & set(keys), (spec.id, keys)


def game_reads(text: str) -> list[tuple[int, str]]:
    """Where a source reaches into a game: ``X.game`` where X is a session (``session.game``,
    ``self.session.game``), any attribute read on something called ``game`` (``game.hands``,
    ``self.game.phase_``), and an import of the ``Game`` class or its module. A ``PlayerView``'s
    own ``game`` field (the game's id) is read as ``view.game``, which none of these match."""
    hits: list[tuple[int, str]] = []

    def called(node: ast.expr, name: str) -> bool:
        return (isinstance(node, ast.Name) and node.id == name) or (
            isinstance(node, ast.Attribute) and node.attr == name
        )

    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Attribute):
            if node.attr == "game" and called(node.value, "session"):
                hits.append((node.lineno, f"session.game: {ast.unparse(node)}"))
            elif called(node.value, "game"):
                hits.append((node.lineno, f"reads the game: {ast.unparse(node)}"))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module == "cardtable.engine.game" or (
                module == "cardtable.engine" and any(a.name in ("Game", "game") for a in node.names)
            ):
                hits.append((node.lineno, f"imports the game: from {module} import ..."))
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("cardtable.engine.game")]
            hits.extend((node.lineno, f"imports {name}") for name in names)
    return hits


def test_the_tui_reads_views_and_the_session_never_the_game() -> None:
    """Widgets and screens draw views (``PlayerView``) and talk to the game through the
    session (``session.view``, ``legal_moves``, ``play``, ``find_move``, ``hint``...): no file
    under cardtable/tui reads the game object or imports its class. No allow-list."""
    hits = [
        f"{path.relative_to(TUI.parent)}:{line}: {what}"
        for path, text in sources()
        for line, what in game_reads(text)
    ]
    assert hits == []


def test_the_game_reads_check_has_teeth() -> None:
    """The check catches each way of reaching the game that the table used before, and lets
    views and the session be."""
    caught = [
        "self.session.game.hands",
        "game = session.game",
        "self.game.legal_moves()",
        "game.phase_kind",
        "from cardtable.engine.game import Game",
        "from cardtable.engine import Game, get",
        "import cardtable.engine.game",
    ]
    for text in caught:
        assert game_reads(text), text
    assert game_reads("view.game\nself.seen().game\nself.session.view(0).hand\nsession.play('draw')") == []
