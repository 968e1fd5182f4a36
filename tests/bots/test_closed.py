"""The generic closed-hand rummy bot on stacked Gin Rummy deals: big gin before gin, and
the lay-offs it makes by hand; and the hard level's reading of the table."""

from __future__ import annotations

import random

import pytest

from cardtable.bots import decide, make_bot, turn_of
from cardtable.engine import new_game
from cardtable.engine.game import Game
from cardtable.kits.rummy.closed import read_table

BOB = "AS 3D 5S 7C 9S JD KH 10H 4D 6S"
"""The defender: KH fits the knocker's kings, 10H their hearts, the rest nothing."""


def gin_deal(ann: str, bob: str = BOB, **rules: object) -> Game:
    """A gin hand after both players pass the upcard and Ann draws AC from the stock."""
    deal = {"hands": [ann, bob], "stock": "AC", "discard": "JC"}
    game = new_game("gin", ["Ann", "Bob"], seed=1, rules=rules, deal=deal)
    for move in ("pass", "pass", "draw"):
        game.play(move)
    return game


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_big_gin_is_preferred_to_gin(level):
    game = gin_deal("7H 8H 9H KS KD KC 2C 3C 4C 5C")
    listed = {str(m) for m in game.legal_moves()}
    assert "biggin" in listed and "gin AC" in listed
    assert str(decide(make_bot(level), game, random.Random(0)).move) == "biggin"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_defender_lays_off_every_card_that_fits(level):
    game = gin_deal("7H 8H 9H KS KD KC 2C 3C 4C 9D", manual_layoffs=True)
    game.play("knock 4C")
    assert (game.phase, game.to_act) == ("layoff", 1)
    bot, rng = make_bot(level), random.Random(0)
    laid = []
    while game.phase == "layoff":
        move = decide(bot, game, rng).move
        assert move.kind == "layoff", "it passes only when nothing more fits"
        laid.append(move.cards[0].name)
        game.play(move)
    assert sorted(laid) == ["10H", "KH"]
    assert "KH" not in [c.name for c in game.hand(1)]


def test_the_table_remembers_what_the_next_player_took():
    game = new_game("gin", ["Ann", "Bob"], seed=3)
    up = game.view(1).facts["upcard"]  # (the header names it only while it is offered)
    game.play("take")  # Ann takes the upcard: Bob's bot should see it as wanted
    game.play("discard " + next(c.name for c in game.hand(0) if c.name != up))
    game.play("draw")
    turn = turn_of(game, random.Random(1))
    table = read_table(turn, turn.sample(random.Random(2)))
    assert [k for k, n in table.wanted.items() if n] == [next(c.key for c in game.hand(0) if c.name == up)]
    assert table.total == 52 - 11 - len(game.discard) - 1  # type: ignore[attr-defined]


def test_the_lookahead_averages_the_hand_after_one_draw():
    from collections import Counter

    from cardtable.engine.cards import parse_cards
    from cardtable.kits.rummy.arrange import best_arrangement
    from cardtable.kits.rummy.closed import Lookahead, Position, Table
    from cardtable.kits.rummy.melds import MeldRules

    rules = MeldRules(max_wilds=0, ace_high=False)

    def value(c):
        return min(c.rank, 10)

    four, nine = parse_cards("4H 9C")
    table = Table(
        Counter(), set(), Counter({four.key: 1, nine.key: 1}), 2, 0, {four.key: four, nine.key: nine}
    )
    kept = list(parse_cards("5H 6H KS"))
    # any turn and sample will do: the lookahead reads only the rules, value, need and purity
    game = gin_deal("7H 8H 9H KS KD KC 2C 3C 4C 5C")
    pos = Position(turn_of(game, random.Random(0)), game, kept, rules, value, None, None)
    look = Lookahead(pos, table)
    # 4H makes a run and KS goes (0 left); 9C melds nothing and replaces KS (20 left)
    assert look.after_draw(kept, best_arrangement(kept, rules, value)) == 10
    assert look.calls < 200, "4H went to the solver, 9C did not need it"
    look.calls = 0
    assert look.after_draw(kept, best_arrangement(kept, rules, value)) is None, "out of work"


def test_hard_decisions_follow_the_injected_rng():
    game = new_game("indian-rummy", ["Ann", "Bob"], seed=4)
    moves = []
    for _ in range(12):
        first = decide(make_bot("hard"), game, random.Random(7))
        again = decide(make_bot("hard"), game, random.Random(7))
        assert (str(first.move), first.why) == (str(again.move), again.why)
        moves.append(first.move)
        game.play(first.move)
    assert any(m.kind == "discard" for m in moves)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_discard_is_taken_only_for_a_throw_the_bot_would_make(level):
    """With 3s wild, taking KD pays only by throwing the wild 3H, which the bot never throws
    while another card may go: so it draws. Weighing that throw made two medium players pass
    KD back and forth for ever (``simulate progressive-rummy --players medium,medium --seed 3``)."""
    deal = {"hands": ["3H 9D 5D", "9S 2C JK"], "discard": "KD"}
    game = new_game("progressive-rummy", ["Ann", "Bob"], seed=1, deal=deal)
    assert {str(m) for m in game.legal_moves()} == {"draw", "take"}
    assert str(decide(make_bot(level), game, random.Random(0)).move) == "draw"


def test_two_medium_players_finish_the_match_that_used_to_loop():
    from cardtable.bots.simulate import run_matches

    stats = run_matches("progressive-rummy", ["medium", "medium"], games=2, seed=3)
    assert (stats.games, stats.errors) == (2, 0), stats.error_lines
