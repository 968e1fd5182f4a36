"""Fixtures for the TUI tests: an app with its own data folder and no bot delay."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable.session import Session
from cardtable.tui.settings import Settings


@pytest.fixture(autouse=True)
def form_at_once(monkeypatch):
    """The picker builds its form just after the first frame; tests want it at once."""
    from cardtable.tui.screens.picker import PickerScreen

    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 0.0)


@pytest.fixture(autouse=True)
def keys_at_once(monkeypatch):
    """Result screens, hand-offs and questions ignore the keys of their first moment (issue 24
    item 3c); tests press on purpose, at once. ``tests/tui/test_keys.py`` tests the wait."""
    from cardtable.tui.screens.choices import ConfirmModal
    from cardtable.tui.screens.handoff import HandoffScreen
    from cardtable.tui.screens.scores import ScoresScreen

    for screen in (ConfirmModal, HandoffScreen, ScoresScreen):
        monkeypatch.setattr(screen, "GRACE", 0.0)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def make_app(tmp_path) -> Callable[..., object]:
    """``make_app(session=None, **settings)`` -> a CardTableApp writing under tmp_path."""
    try:
        import cardtable.tui.screens.picker  # noqa: F401
    except ImportError:  # the picker lands separately; the table tests do not need it
        from textual.screen import Screen

        module = types.ModuleType("cardtable.tui.screens.picker")

        class PickerScreen(Screen[None]):
            pass

        module.PickerScreen = PickerScreen  # type: ignore[attr-defined]
        sys.modules["cardtable.tui.screens.picker"] = module
    from cardtable.tui.app import CardTableApp

    def build(session: Session | None = None, **settings: object) -> CardTableApp:
        values = {"bot_delay": 0.0, **settings}
        return CardTableApp(
            settings=Settings(**values),
            settings_file=tmp_path / "settings.json",
            save_path=tmp_path / "autosave.ctr",
            session=session,
        )

    return build


@pytest.fixture
def stacked(tmp_path: Path) -> Callable[..., Session]:
    """``stacked(bots=None)``: a session where Ann opens with 54 and closes on turn two."""

    def build(bots: list[str | None] | None = None) -> Session:
        return stacked_session(tmp_path, bots)

    return build


def stacked_session(tmp_path: Path, bots: list[str | None] | None = None) -> Session:
    """Ann can open with 54 on her first turn and close on her second."""
    from cardtable.engine import new_game

    deal = {
        "hands": ["7H 8H 9H KS KD KC 2C 3C 4C", "2D 6D 10S QS 4H 6H 8S 2H 8C 10C 3S 9S 7C"],
        "stock": "QD JS 5H JD",
        "discard": "AS",
    }
    game = new_game("scala40", players=["Ann", "Bob"], seed=11, deal=deal)
    return Session(game, bots or [None, None], tmp_path / "autosave.ctr")
