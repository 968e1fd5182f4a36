"""Replays: a record or save file watched move by move (``cardtable.replay``), and
``cardtable replay FILE --text``."""

from __future__ import annotations

import io
import random

import pytest

from cardtable.cli import main
from cardtable.engine import IllegalMove, InvalidRecord, new_game
from cardtable.replay import CHECKPOINT_EVERY, Replay
from cardtable.session import Session

FINISHING_DEAL = {
    "hands": ["7H 8H 9H KS KD KC 2C 3C 4C", "2D 6D 10S QS 4H 6H 8S 2H 8C 10C 3S 9S 7C"],
    "stock": "QD JS 5H JD",
    "discard": "AS",
    "totals": [0, 95],
}
FINISHING_MOVES = ("draw", "meld 7H 8H 9H", "meld KS KD KC", "discard QD", "draw", "discard 2D", "draw")


def finished_match():
    """A Scala 40 match that ends in one deal: Ann closes and Bob passes 101."""
    game = new_game("scala40", players=["Ann", "Bob"], seed=11, deal=FINISHING_DEAL)
    for move in (*FINISHING_MOVES, "meld 2C 3C 4C", "discard 5H"):
        game.play(move)
    assert game.is_over
    return game


def random_match(game_id: str, moves: int, seed: int = 2):
    game = new_game(game_id, ["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_every_position_shows_what_was_seen_then_forward_and_back() -> None:
    game = random_match("gin", 3 * CHECKPOINT_EVERY + 5)
    views = []
    again = new_game("gin", ["Ann", "Bob"], seed=2)
    views.append(again.view(0))
    for _, move in game.history:
        again.play(move)
        views.append(again.view(0))
    match = Replay(game.record())
    assert len(match) == len(game.history)
    order = list(range(len(match) + 1))
    for position in [*order, *reversed(order), *random.Random(1).sample(order, 20)]:
        assert match.view(position, 0) == views[position], position


def test_deals_are_found_and_jumped_to() -> None:
    game = random_match("gin", 400)
    match = Replay(game.record())
    deals = match.deals
    assert deals[0] == 1 and len(deals) >= 2
    second = match.deal_start(2)
    assert match.deal_number(second) == 2 and match.deal_number(second - 1) == 1
    assert match.next_deal(0) == second
    assert match.previous_deal(second) == 0 and match.previous_deal(second + 3) == second
    with pytest.raises(IllegalMove, match="there is no deal 999"):
        match.deal_start(999)


def test_hands_open_only_for_a_finished_match() -> None:
    running = Replay(random_match("gin", 10).record())
    with pytest.raises(IllegalMove, match="not over"):
        running.open_hands(3)
    done = Replay(finished_match().record())
    hands = done.open_hands(0)
    assert sorted(hands[0]) == sorted(["7H", "8H", "9H", "KS", "KD", "KC", "2C", "3C", "4C"])
    assert len(hands[1]) == 13


def test_a_hint_says_what_a_computer_player_would_have_played() -> None:
    match = Replay(finished_match().record())
    decision = match.hint(0)
    assert decision is not None and str(decision.move) == "draw"
    assert match.hint(len(match)) is None  # the match is over: nobody to act


def test_text_prints_deal_headers_moves_results_and_the_end(tmp_path) -> None:
    path = tmp_path / "match.ctr"
    path.write_text(finished_match().record(), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path), "--text"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "Scala 40: Ann, Bob"
    assert "Deal 1" in lines
    assert "     1. Ann: draw" in lines and "     9. Ann: discard 5H" in lines
    assert "  -- this deal: Ann 0, Bob 93" in lines
    assert lines[-2].startswith("Match over: ") and lines[-1] == "Final scores: Ann 0, Bob 188"


def test_a_save_file_replays_with_its_computer_players(tmp_path) -> None:
    path = tmp_path / "autosave.ctr"
    session = Session.start("page-one", ["Ann", "Bot 2"], [None, "easy"], seed=4, save_path=path)
    session.play(session.legal_moves()[0])
    out = io.StringIO()
    assert main(["replay", str(path), "--text"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("Page One: Ann, Bot 2 (computer, easy)")
    assert "The match was not finished (1 moves recorded)." in text


def test_bad_sources_are_one_clear_line(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.ctr"
    header = '# cardtable record\ngame: scala40\nseed: 1\nplayers: ["Ann", "Bob"]\n'
    bad.write_text(header + "moves:\nAnn: take\n")
    assert main(["replay", str(bad), "--text"], out=io.StringIO()) == 2
    assert "line 6" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.ctr"), "--text"], out=io.StringIO()) == 2
    assert "there is no saved game" in capsys.readouterr().err
    assert main(["replay", "12", "--text"], out=io.StringIO()) == 2
    assert "cannot be looked up by id yet" in capsys.readouterr().err
    with pytest.raises(InvalidRecord):
        Replay("not a record")
