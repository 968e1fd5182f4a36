"""A broken game plug-in is named and left out; the built-in games still load."""

from __future__ import annotations

import io

import pytest
from fake_games import with_broken_plugins

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
