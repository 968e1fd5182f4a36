"""A broken game plug-in is named and left out; the built-in games still load."""

from __future__ import annotations

import io

import pytest
from fake_games import fake_spec, with_broken_plugins

from cardtable.engine import registry


def test_broken_plugins_are_named_and_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    with_broken_plugins(monkeypatch)
    ids = [spec.id for spec in registry.all_games()]
    assert "gin" in ids and "scala40" in ids
    found = registry.problems()
    assert len(found) == 2
    assert "'nosuch'" in found[0] and "ModuleNotFoundError" in found[0]
    assert "cardtable_no_such_plugin" in found[0]
    assert "'notaspec'" in found[1] and "not a GameSpec" in found[1]
    assert all("reinstall or remove it" in p for p in found)


def test_list_names_a_broken_plugin_on_stderr(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardtable.cli import main

    with_broken_plugins(monkeypatch)
    out = io.StringIO()
    assert main(["list"], out=out) == 0
    assert "gin" in out.getvalue()
    assert "the game plug-in 'nosuch'" in capsys.readouterr().err


def test_a_healthy_install_has_no_problems() -> None:
    assert registry.problems() == []


def test_a_plugin_reusing_a_game_id_is_named_and_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Review: a plug-in whose game had a built-in game's id stopped every start (the error
    escaped from all_games), and the next call went on as if nothing had happened."""
    import sys
    import types
    from importlib.metadata import EntryPoint

    with_broken_plugins(monkeypatch)
    module = types.ModuleType("cardtable_dupe_plugin")
    module.GAMES = (fake_spec("fresh-game", 2, 4, None), fake_spec("gin", 2, 2, None))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardtable_dupe_plugin", module)
    real = registry.entry_points(group=registry.ENTRY_POINT_GROUP)
    dupe = EntryPoint("dupe", "cardtable_dupe_plugin:GAMES", registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [*real, dupe])
    games = {spec.id: spec for spec in registry.all_games()}
    assert games["gin"].title == "Gin Rummy" and "fresh-game" not in games  # refused whole
    found = [p for p in registry.problems() if "'dupe'" in p]
    assert len(found) == 1 and "'gin' is taken by 'Gin Rummy'" in found[0], registry.problems()


def test_a_spec_naming_a_missing_game_class_is_refused_when_built() -> None:
    """A package's spec names its game class (imported at the first build): a wrong name is
    a clear error then, not an AttributeError."""
    from cardtable.engine import UnknownGame
    from cardtable.engine.registry import package_spec
    from cardtable.games.gin.rules import GinRules

    spec = package_spec(
        "cardtable.games.gin",
        "NoSuchGame",
        GinRules,
        id="typo",
        title="Typo",
        summary="",
        min_players=2,
        max_players=2,
    )
    with pytest.raises(UnknownGame, match="has no game class 'NoSuchGame'"):
        spec.factory(["Ann", "Bob"], GinRules(), 1, None)
