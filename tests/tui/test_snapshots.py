"""Snapshots of the key screens (pytest-textual-snapshot). Update with --snapshot-update
after looking at the report."""

from __future__ import annotations

import pytest

from cardtable.engine import new_game
from cardtable.session import Session

SIZE = (100, 32)


def opened_session(tmp_path, ann: str = "7H 8H 9H KS KD KC 2C 3C 4C JK 5D") -> Session:
    deal = {
        "hands": [ann, "2D 6D 10S QS 4H 6H 8S 2H 8C 10C 3S 9S 7C"],
        "stock": "QD JS 5H JD",
        "discard": "AS",
    }
    game = new_game("scala40", players=["Ann", "Bob"], seed=11, deal=deal)
    for move in ("draw", "meld 7H 8H 9H", "meld KS KD KC", "discard QD", "draw"):
        game.play(move)
    return Session(game, [None, None], tmp_path / "autosave.ctr")


@pytest.mark.parametrize("size", [(80, 24), (110, 34)])
def test_picker(snap_compare, make_app, size):
    assert snap_compare(make_app(), terminal_size=size)


def test_handoff(snap_compare, make_app, tmp_path):
    assert snap_compare(make_app(opened_session(tmp_path)), terminal_size=SIZE)


@pytest.mark.parametrize("theme", ["felt", "midnight", "contrast", "fourcolour"])
def test_table_in_each_theme(snap_compare, make_app, tmp_path, theme):
    app = make_app(opened_session(tmp_path), theme=theme)
    assert snap_compare(app, press=["enter", "space", "right", "space"], terminal_size=SIZE)


def test_table_ascii_cards(snap_compare, make_app, tmp_path):
    app = make_app(opened_session(tmp_path), ascii_cards=True)
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)


def test_score_table(snap_compare, make_app, tmp_path):
    session = opened_session(tmp_path, ann="7H 8H 9H KS KD KC 2C 3C 4C JK")
    game = session.game
    for move in ("discard 2D", "draw", "meld 2C 3C 4C JK", "discard 5H"):
        game.play(move)
    assert game.phase == "deal-over"
    assert snap_compare(make_app(session), terminal_size=SIZE)


def test_indian_table_with_the_cut_card_and_the_declare_panel(snap_compare, make_app, tmp_path):
    deal = {"hands": ["AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK", None], "wild": "5C", "stock": "QD"}
    game = new_game("indian-rummy", players=["Ann", "Bob"], seed=4, deal=deal)
    game.play("draw")
    session = Session(game, [None, None], tmp_path / "autosave.ctr")
    assert snap_compare(make_app(session), press=["enter", "left"], terminal_size=SIZE)


@pytest.mark.parametrize("size", [(80, 24), (110, 34)])
def test_auction_panel(snap_compare, make_app, tmp_path, size):
    game = new_game("five-hundred", players=["Bob", "Cat", "Ann", "Dan"], seed=3)
    for move in ("bid 6S", "bid 7C"):
        game.play(move)
    session = Session(game, ["random", "random", None, "random"], tmp_path / "autosave.ctr")
    assert snap_compare(make_app(session), terminal_size=size)
