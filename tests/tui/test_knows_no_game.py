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
PILE_NAMES = {"stock", "discard"}
"""The view's piles (``stock_count``, ``discard_top``): zone names, not verbs."""


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
