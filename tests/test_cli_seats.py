"""``cardtable play GAME`` with no ``--players`` seats every game: its minimum of seats, one
person and computer players; checked over every registered game and two fake ones (one seat,
four seats at the least)."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fake_games import OneMoveGame, fake_spec, open_registry

from cardtable.cli import main
from cardtable.engine import Card, all_games, get, make_deck
from cardtable.engine.game import Outcome
from cardtable.engine.moves import Move
from cardtable.engine.saves import autosave_path
from cardtable.engine.views import PlayerView
from cardtable.engine.zones import Visibility, Zone


class Solo(OneMoveGame):
    """A one-seat patience for the test: draw three cards, then the match is over."""

    game_id = "solo-test"
    title = "Solo Test"
    only = "draw"

    def _set_up(self) -> None:
        super()._set_up()
        self.stock: list[Card] = list(make_deck(1, 0))
        random.Random(self.seed).shuffle(self.stock)

    def _view(self, seat: int | None) -> PlayerView:
        return self.table_view(
            seat, seats=tuple(map(self.seat_view, range(self.n))), stock_count=len(self.stock)
        )

    def zones(self) -> tuple[Zone, ...]:
        return (Zone("stock", self.stock, Visibility.HIDDEN), *super().zones())

    def _apply(self, move: Move) -> None:
        self.hands[0].append(self.stock.pop())
        if len(self.hands[0]) == 3:
            self._outcome = Outcome((0,), "three cards drawn", tuple(self.total))


@pytest.fixture
def fakes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Two extra games in the registry for this test only: one seat, and four seats at the least."""
    games = open_registry(monkeypatch)
    page_one = get("page-one")
    games["solo-test"] = fake_spec("solo-test", 1, 1, Solo)
    games["four-test"] = fake_spec("four-test", 4, 6, page_one.factory, page_one.rules_type)
    yield ["solo-test", "four-test"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return tmp_path


def play_without_players(game_id: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    out = io.StringIO()
    code = main(["play", game_id, "--seed", "3", "--text"], out=out)
    return code, out.getvalue()


@pytest.mark.parametrize("game_id", [spec.id for spec in all_games()])
def test_every_game_starts_with_no_players_given(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = get(game_id)
    code, text = play_without_players(game_id, monkeypatch)
    assert code == 0, text
    record = autosave_path().read_text()
    names = ", ".join(['"You"', *(f'"Bot {i}"' for i in range(2, spec.min_players + 1))])
    assert f"players: [{names}]" in record, record
    seats = ", ".join(['"human"', *['"bot:medium"'] * (spec.min_players - 1)])
    assert f"seats: [{seats}]" in record, record


def test_a_one_seat_and_a_four_seat_game_start_too(fakes: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, text = play_without_players("solo-test", monkeypatch)
    assert code == 0, text
    assert 'players: ["You"]' in autosave_path().read_text()
    code, text = play_without_players("four-test", monkeypatch)
    assert code == 0, text
    assert 'players: ["You", "Bot 2", "Bot 3", "Bot 4"]' in autosave_path().read_text()
