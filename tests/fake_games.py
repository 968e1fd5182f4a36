"""Fake games for tests that need a game of a shape no built-in game has (one seat, two
partnerships scored from the start): the smallest table games the engine accepts, and the
registry opened to them for one test."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any, ClassVar

import pytest

from cardtable.engine import all_games
from cardtable.engine import registry as registry_module
from cardtable.engine.moves import Move
from cardtable.engine.registry import GameSpec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.table_game import TableGame
from cardtable.engine.verbs import verb_specs
from cardtable.engine.zones import Zone, hand_zones


class OneMoveGame(TableGame):
    """A table game whose only legal move is :attr:`only` (what it does is the subclass's
    ``_apply``); seat 0 acts and deals, hands start empty, nothing is melded."""

    only: ClassVar[str]

    def _set_up(self) -> None:
        self.cur, self.dealer, self.phase_ = 0, 0, "draw"
        self.hands = [[] for _ in range(self.n)]
        self.melds_ = []

    def zones(self) -> tuple[Zone, ...]:
        return hand_zones(self.hands)

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (*self._turn_state(), tuple(self.total), self._outcome is not None)

    def _generate(self) -> list[Move]:
        return [Move(self.only)]

    def _canonical(self, move: Move) -> Move:
        return move

    def _explain(self, move: Move) -> str:
        return f"the only move is '{self.only}'"


def open_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, GameSpec]:
    """The registry's games for this test only: a game put in the dict returned is
    registered until the test ends (the catalogue is loaded first, so fakes come on top)."""
    all_games()
    games = dict(registry_module._GAMES)
    monkeypatch.setattr(registry_module, "_GAMES", games)
    return games


def with_broken_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """For this test only, the registry loads afresh from the installed entry points plus two
    broken plug-ins: one whose module is not installed, one that holds no GameSpec."""
    group = registry_module.ENTRY_POINT_GROUP
    real = list(registry_module.entry_points(group=group))
    fakes = [
        EntryPoint("nosuch", "cardtable_no_such_plugin:GAMES", group),
        EntryPoint("notaspec", "cardtable.engine.registry:ENTRY_POINT_GROUP", group),
    ]
    monkeypatch.setattr(registry_module, "entry_points", lambda group: real + fakes)
    monkeypatch.setattr(registry_module, "_loaded", False)
    monkeypatch.setattr(registry_module, "_PROBLEMS", [])
    monkeypatch.setattr(registry_module, "_GAMES", {})


def fake_spec(
    game_id: str, lo: int, hi: int, factory: Any, rules_type: type[Ruleset] = Ruleset, **extra: Any
) -> GameSpec:
    """A registry entry for a fake game: ``lo``..``hi`` seats, the verbs draw, play and next,
    no rules text; ``extra`` sets any other field (title, bot, scoring, teams)."""
    fields: dict[str, Any] = {
        "title": game_id.title(),
        "summary": "a test game",
        "rules_text": "",
        "verbs": verb_specs(("draw", "play", "next")),
        "bot": "cardtable.kits.rummy.closed",
        "family": "trick-taking",
        **extra,
    }
    return GameSpec(
        id=game_id,
        min_players=lo,
        max_players=hi,
        rules_type=rules_type,
        factory=factory,
        **fields,
    )
