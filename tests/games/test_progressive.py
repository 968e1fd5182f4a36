"""Progressive Rummy (3-13) rules tests, through the public engine API only.

Every conformance case of ``shared/rules/progressive-rummy.md`` (T-01 ... T-17; T-17 and
the Five Crowns section test its deck, values and rounds), every
toggle of ``ProgressiveRules`` on and off with a difference one can see, the presets, the
views' round facts, and the error contract. Positions are built with stacked deals: a hand
given as a string is exact, the stock lists its top card first, the discard pile lists its
top card last, and ``round`` starts the match at that round. Seat 0 plays first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from support import draw, hand, legal, pass_turn, random_to_deal_end, refused, run_cli, stacked

from cardtable.engine import (
    Game,
    IllegalMove,
    InvalidNotation,
    InvalidRules,
    get,
    new_game,
    parse_cards,
    replay,
)
from cardtable.engine.saves import load_game, save_game
from cardtable.kits.rummy.melds import MeldRules
from cardtable.tui.cards import card_label

GAME = "progressive-rummy"
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def start(hands: Iterable[str | None], round_no: int | None = None, **kw: Any) -> Game:
    """A new game from a stacked deal (seat 0 plays first); ``round_no`` starts at that round."""
    return stacked(GAME, hands, seats=NAMES, round=round_no, **kw)


def outs(game) -> set[str]:
    return {m for m in legal(game) if m.startswith("out")}


def finish_round(game, rng: random.Random) -> None:
    """Random legal moves until the round (or the match) is over."""
    random_to_deal_end(game, rng, 20_000)


def badges(game, seat: int) -> tuple[str, ...]:
    return game.view(None).seats[seat].badges


def t01(rules: dict[str, object] | None = None, bob: str = "2C 7S QD", stock: str = "3C 8H", **kw):
    """T-01: Ann holds 5H 6H 9D in round 1 (3s wild) and the stock's top card is 3C."""
    return start(["5H 6H 9D", bob], stock=stock, discard="KS", rules=rules, **kw)


# ----------------------------------------------------------------------------- the conformance cases


def test_t01_round_one_wild_three_in_a_run():
    game = t01()
    assert draw(game) == "3C"
    assert outs(game) == {"out 9D"}
    game.play("out 9D")
    assert [str(m) for m in game.melds] in (["[5H 6H 3C(=7H)]"], ["[3C(=4H) 5H 6H]"])
    assert hand(game, 0) == []
    view = game.view(1)
    assert view.discard_top == "9D"
    assert game.to_act == 1 and game.phase == "draw"
    assert badges(game, 0) == ("went out",)
    assert "last turn" in badges(game, 1)
    assert "Ann went out with" in game.log[-1]


def test_groups_panel_before_and_after_the_draw():
    game = t01()
    before = game.grouping(0)
    assert before is not None and before.title == "your groups" and not before.ready
    assert sorted(before.loose) == ["5H", "6H", "9D"] and "20 points" in before.summary
    assert draw(game) == "3C"
    out = game.grouping(0)  # no card named: the one that goes out
    assert out is not None and out.ready and out.finish == "9D" and out.loose == ()
    assert out.summary == "press u to go out with 9D" and [g.kind for g in out.groups] == ["run"]
    keep = game.grouping(0, parse_cards("5H")[0])
    assert keep is not None and not keep.ready and sorted(keep.loose) == ["3C", "6H", "9D"]
    assert game.grouping(1) is not None and game.grouping(1).title == "your groups"


def test_t03_a_set_of_five_with_a_wild_five():
    game = start(["7D 7C 7S 7H KD", "2C 4S 9H JD QC"], stock="5S", round_no=3)
    assert game.view(0).facts["wild"] == "5s, jokers"
    assert draw(game) == "5S"
    assert "out KD" in outs(game)
    game.play("out KD")
    (meld,) = game.melds
    assert meld.kind == "set" and len(meld.cards) == 5
    assert sorted(c.name for c in meld.cards) == sorted(["7D", "7C", "7S", "7H", "5S"])


def test_t05_a_two_card_group_is_not_a_meld():
    game = start(["7D 7C 7S KD KH", "2C 4S 9H JD QC"], stock="2D", round_no=3)
    draw(game)
    assert outs(game) == set()
    refused(game, "out 2D", "without 2D", "KD KH", "3 or more")


def test_t07_a_wild_nine_inside_a_diamond_run():
    game = start(["4D 5D 9C KS KH KC 2S 2H 2C", "3S 4H 6C 8D 10S JH QC AD 6S"], stock="QD", round_no=7)
    assert game.view(0).facts["wild"] == "9s, jokers"
    draw(game)
    assert outs(game) == {"out QD"}
    game.play("out QD")
    run = next(m for m in game.melds if m.kind == "run")
    assert [c.name for c in run.cards if c.name != "9C"] == ["4D", "5D"]
    nine = next(r for c, r in zip(run.cards, run.reps, strict=True) if c.name == "9C")
    assert nine.name in ("6D", "3D")


def test_t09_family_values():
    game = new_game(GAME, ["Ann", "Bob"], seed=1, deal={"round": 6})
    assert game.view(0).facts["wild"] == "8s, jokers"
    assert game.penalty(parse_cards("KH 8C JK AS 7D")) == 10 + 20 + 20 + 1 + 7 == 58


def test_t09_a_stuck_wild_card_scores_twenty_at_the_end_of_a_round():
    # Round 6, 8s wild: Bob's 8C has no partner to make a meld with, so it scores 20.
    ann = "2H 3H 4H 5H 9S 9D 9C 6C"
    bob = "KH 8C AS 7D 4C 10S 2D QD"
    game = start([ann, bob], stock="9H JC", round_no=6)
    assert draw(game) == "9H"
    game.play("out 6C")
    assert game.to_act == 1
    assert draw(game) == "JC"
    game.play("discard JC")
    assert game.deal_scores == ((0, 10 + 20 + 1 + 7 + 4 + 10 + 2 + 10),)
    assert "Bob 64 (KH 8C AS 7D 4C 10S 2D QD)" in game.view(0).result


def test_t11_last_turns_after_going_out():
    # Round 5, 7s wild, three players. Ann goes out; Bob and Cat have one turn each.
    ann = "2H 3H 4H 8C 8D 8S KC"
    bob = "4S 5S 6S QH QD QC KD"
    cat = "2C 5D 9S JH AC 10D 3S"
    game = start([ann, bob, cat], stock="5H 9H KS", round_no=5)
    assert draw(game) == "5H"
    assert outs(game) == {"out KC"}
    game.play("out KC")
    assert game.to_act == 1
    assert game.view(1).own_facts == {}
    assert draw(game) == "9H"
    assert game.view(1).own_facts == {"last turn": "Ann went out"}
    refused(game, "out 9H", "last turn", "discard 9H")
    game.play("discard 9H")
    assert game.to_act == 2  # Bob's one turn is over
    refused(game, "out 2C", "must draw first")
    assert draw(game) == "KS"
    refused(game, "out KS", "last turn")
    game.play("discard KS")
    assert game.phase == "deal-over"
    assert game.deal_scores == ((0, 10, 2 + 5 + 9 + 10 + 1 + 10 + 3),)
    assert game.scores == (0, 10, 40)
    refused(game, "draw", "round 5 is over", "next")
    # Bob's groups went down at scoring; only KD stays in his hand.
    assert hand(game, 1) == ["KD"]
    assert sorted(str(m) for m in game.melds if m.owner == 1) == ["[4S 5S 6S]", "[QH QD QC]"]


def test_t13_one_physical_card_is_never_in_two_melds():
    # Round 4, 6s wild. One pack: 7S cannot be in the run and in the set.
    game = start(["5S 6S 7S 7D 7C KH", "2C 4H 9H JD QC AD"], stock="2D", round_no=4)
    draw(game)
    assert outs(game) == set()
    refused(game, "out KH", "without KH")
    # Three players, two packs: 7S#1 in the run and 7S#2 in the set.
    game = start(["5S 6S 7S 7S#2 7D 7C", "2C 4H 9H JD QC AD", "3C 4D 9D JC QH AH"], stock="2D", round_no=4)
    draw(game)
    assert "out 2D" in outs(game)
    game.play("out 2D")
    assert sorted(len(m.cards) for m in game.melds) == [3, 3]
    laid = [c for m in game.melds for c in m.cards]
    assert len({c.id for c in laid}) == 6


def test_t15_bush_rummy_rounds():
    game = new_game(GAME, ["Ann", "Bob"], seed=4, preset="Bush Rummy", deal={"round": 12})
    facts = game.view(0).facts
    assert facts == {"round": "12 of 13", "dealt": "14", "wild": "aces, jokers"}
    assert [len(game.hand(s)) for s in range(2)] == [14, 14]
    assert game.penalty(parse_cards("JK")) == 50
    rng = random.Random(2)
    finish_round(game, rng)
    game.play("next")
    assert game.view(0).facts == {"round": "13 of 13", "dealt": "15", "wild": "2s, jokers"}
    assert [len(game.hand(s)) for s in range(2)] == [15, 15]
    finish_round(game, rng)
    assert game.is_over and len(game.deal_scores) == 2
    assert "after 2 rounds" in game.outcome.reason


def test_t15_a_joker_stuck_in_hand_scores_fifty_with_bush_values():
    game = t01(rules={"score_preset": "bush"}, bob="JK 5S 9C", stock="3C 8H")
    draw(game)
    game.play("out 9D")
    draw(game)
    game.play("discard 8H")
    assert game.deal_scores == ((0, 50 + 5 + 9),)


FIVE_CROWNS = "Five Crowns"


def test_t17_five_crowns_a_king_and_two_wilds_go_out():
    game = start(["KX 3H JK", "5S 8X QD"], stock="9D", discard="7X", preset=FIVE_CROWNS)
    assert game.rules.deck == "five_crowns" and game.rules.score_preset == "five_crowns"
    assert draw(game) == "9D"
    assert "out 9D" in outs(game)  # (9D with the two wilds is a meld too: 'out KX')
    game.play("out 9D")
    (meld,) = game.melds
    assert sorted(c.name for c in meld.cards) == ["3H", "JK", "KX"]
    assert meld.wild_count(MeldRules(wild_ranks=frozenset({3}))) == 2
    assert game.view(None).discard_top == "9D"


# ----------------------------------------------------------------------------- Five Crowns


def five_crowns(players: int = 2, **kw: object):
    return new_game(GAME, list(NAMES[:players]), seed=3, preset=FIVE_CROWNS, **kw)  # type: ignore[arg-type]


def test_five_crowns_deck_has_116_cards_in_five_suits_of_three_to_king():
    game = five_crowns()
    cards = game.all_cards()
    assert len(cards) == 116 and len({c.id for c in cards}) == 116
    assert sum(c.is_joker for c in cards) == 6
    naturals = [c for c in cards if not c.is_joker]
    assert Counter(c.suit for c in naturals) == {s: 22 for s in "SHDCX"}
    assert Counter(c.rank for c in naturals) == {r: 10 for r in range(3, 14)}
    assert Counter(c.name for c in naturals) == {c.name: 2 for c in naturals}
    # two packs whatever the player count; more packs on request
    assert len(five_crowns(6).all_cards()) == 116
    assert len(five_crowns(rules={"decks": "3"}).all_cards()) == 174
    assert len(five_crowns(rules={"include_jokers": False}).all_cards()) == 110


def test_five_crowns_round_table_wild_ranks_three_to_king():
    for r, wild in enumerate([*(f"{k}s" for k in range(3, 11)), "jacks", "queens", "kings"], start=1):
        game = new_game(GAME, ["Ann", "Bob", "Cat"], seed=r, preset=FIVE_CROWNS, deal={"round": r})
        assert [len(game.hand(s)) for s in range(3)] == [r + 2] * 3
        assert game.view(None).facts == {
            "round": f"{r} of 11",
            "dealt": str(r + 2),
            "wild": f"{wild}, jokers",
        }
        assert game.card_value(parse_cards("JK")[0]) == 50
        assert game.card_value(parse_cards(f"{RANKS[r + 2]}X")[0]) == 20  # the wild rank
    assert "jokers" in five_crowns().view(None).facts["wild"]


RANKS = {**{k: str(k) for k in range(3, 11)}, 11: "J", 12: "Q", 13: "K"}


def test_five_crowns_values():
    game = new_game(GAME, ["Ann", "Bob"], seed=1, preset=FIVE_CROWNS, deal={"round": 6})  # 8s wild
    assert game.penalty(parse_cards("3X 10S JX QH KX 8C JK")) == 3 + 10 + 11 + 12 + 13 + 20 + 50
    # at the end of a round: Bob keeps KS QX and a joker or 5D (no meld: QX KS are two suits)
    for third, value in (("JK", 50), ("5D", 5)):
        game = start(["KX 3H JK", f"KS QX {third}"], stock="9D 4S", discard="7X", preset=FIVE_CROWNS)
        draw(game)
        game.play("out 9D")
        draw(game)
        game.play("discard 4S")
        assert game.deal_scores == ((0, 13 + 12 + value),)


def test_five_crowns_runs_are_one_suit_and_start_at_three():
    # round 1 (3s wild): 4X 5X + a joker is a run; 4X 5H + a joker is not (but a book needs one rank)
    game = start(["4X 5X JK", "5S 8X QD"], stock="9D", discard="7X", preset=FIVE_CROWNS)
    draw(game)
    assert outs(game) == {"out 9D"}
    game = start(["4X 5H JK", "5S 8X QD"], stock="9D", discard="7X", preset=FIVE_CROWNS)
    draw(game)
    assert outs(game) == set()
    # books may repeat suits
    game = start(["QX QX QS", "5S 8X QD"], stock="9D", discard="7X", preset=FIVE_CROWNS)
    draw(game)
    assert outs(game) == {"out 9D"}
    # 3 to king with a joker is twelve cards: no room for the joker (no 2, no ace)
    game = new_game(GAME, ["Ann", "Bob"], seed=1, preset=FIVE_CROWNS, deal={"round": 10})
    run = parse_cards("3X 4X 5X 6X 7X 8X 9X 10X JX QX KX JK")
    arr = game.arrange(run)
    assert not arr.deadwood and all(r.rank >= 3 for m in arr.groups for r in m.reps)
    assert not game.arrange(run[:-1]).deadwood
    assert [c.name for c in game.arrange(parse_cards("JK 3X 4X")).groups[0].reps] == ["3X", "4X", "5X"]


def test_five_crowns_refuses_what_its_deck_lacks():
    with pytest.raises(InvalidRules, match="bush_extension"):
        new_game(GAME, ["Ann", "Bob"], seed=1, rules={"deck": "five_crowns", "bush_extension": True})
    with pytest.raises(InvalidRules, match="ace_high"):
        new_game(GAME, ["Ann", "Bob"], seed=1, rules={"deck": "five_crowns", "ace_high": True})
    with pytest.raises(InvalidRules, match="AS"):
        start(["AS 5X 6X", "5S 8X QD"], stock="9D", preset=FIVE_CROWNS)
    with pytest.raises(InvalidRules, match="7X"):
        start(["7X 5H 6H", "5S 8C QD"], stock="9D")
    with pytest.raises(InvalidRules, match="too few"):
        new_game(GAME, list(NAMES), seed=1, rules={"deck": "five_crowns", "decks": "1"})
    assert new_game(GAME, list(NAMES), seed=1, rules={"deck": "five_crowns", "decks": "2"}).legal_moves()


def test_five_crowns_record_and_save_round_trip(tmp_path):
    game = start(["KX 3H JK", "5S 8X QD"], stock="9D 4X", discard="7X", preset=FIVE_CROWNS)
    draw(game)
    game.play("out 9D")
    draw(game)
    game.play("discard 4X")
    assert "discard 4X" in game.record()
    again = replay(game.record())
    assert again.snapshot() == game.snapshot() and again.deal_scores == game.deal_scores
    path = save_game(game, tmp_path / "fc.save")
    loaded = load_game(path)
    assert loaded.snapshot() == game.snapshot()
    game.play("next")
    rng = random.Random(5)
    finish_round(game, rng)
    assert replay(game.record()).snapshot() == game.snapshot()
    assert any(c.suit == "X" for c in game.all_cards())


def test_five_crowns_card_notation_and_symbols():
    seven, king = parse_cards("7X K★")
    assert (seven.name, seven.suit, king.name) == ("7X", "X", "KX")
    assert parse_cards("★")[0].is_joker
    assert card_label("KX", ascii_only=False) == "K★" and card_label("KX", ascii_only=True) == "KX"
    with pytest.raises(InvalidNotation, match="is not a card"):
        parse_cards("7Z")
    # the star suit is named where the deck has it, and only there
    crowns = new_game("progressive-rummy", ["Ann", "Bob"], seed=1, preset="five crowns")
    with pytest.raises(InvalidNotation, match="; stars are written X"):
        crowns.parse_move("discard 7Z")
    with pytest.raises(InvalidNotation, match="is not a card") as plain:
        new_game("progressive-rummy", ["Ann", "Bob"], seed=1).parse_move("discard 7Z")
    assert "star" not in str(plain.value)


# ----------------------------------------------------------------------------- rounds and deals


def test_round_table():
    for r, (k, wild) in enumerate(
        [*((k, f"{k}s") for k in range(3, 11)), (11, "jacks"), (12, "queens"), (13, "kings")],
        start=1,
    ):
        game = new_game(GAME, ["Ann", "Bob", "Cat"], seed=r, deal={"round": r})
        assert [len(game.hand(s)) for s in range(3)] == [k] * 3
        assert game.view(None).facts == {
            "round": f"{r} of 11",
            "dealt": str(k),
            "wild": f"{wild}, jokers",
        }
        assert game.view(0).discard_count == 1
        assert game.view(0).stock_count == 108 - 3 * k - 1


def test_dealer_rotates_and_rounds_follow_each_other():
    game = new_game(GAME, ["Ann", "Bob", "Cat"], seed=9)
    assert badges(game, 2) == ("dealer",) and game.to_act == 0
    rng = random.Random(1)
    finish_round(game, rng)
    assert len(game.deal_scores) == 1
    assert game.view(0).status.endswith(". Play 'next' for round 2.")
    game.play("next")
    assert badges(game, 0) == ("dealer",) and game.to_act == 1
    assert [len(game.hand(s)) for s in range(3)] == [4, 4, 4]
    assert game.view(1).facts["wild"] == "4s, jokers"
    assert any(
        line.startswith("Round 2 of 11: 4 cards each, 4s and jokers wild; Ann deals") for line in game.log
    )


def test_a_whole_match_ends_with_the_lowest_total():
    game = new_game(GAME, ["Ann", "Bob"], seed=5)
    rng = random.Random(5)
    while not game.is_over:
        finish_round(game, rng)
        if not game.is_over:
            game.play("next")
    assert len(game.deal_scores) == 11
    low = min(game.scores)
    assert game.outcome.winners == tuple(s for s in range(2) if game.scores[s] == low)
    assert game.scores == tuple(sum(row[s] for row in game.deal_scores) for s in range(2))
    assert game.to_act is None and game.legal_moves() == ()


def test_equal_lowest_totals_share_the_win():
    # One round only; Bob keeps a run and scores 0 too.
    game = t01(rules={"rounds_to_play": 1}, bob="7S 8S 9S", stock="3C KD")
    draw(game)
    game.play("out 9D")
    draw(game)
    game.play("discard KD")
    assert game.is_over and game.outcome.winners == (0, 1)
    assert game.outcome.reason == "after 1 round Ann and Bob share the lowest total (0)"


def test_draw_take_discard():
    game = t01()
    assert legal(game) == {"draw", "take"}
    refused(game, "discard 5H", "must draw first")
    game.play("take")
    assert "KS" in hand(game, 0)
    assert game.view(1).discard_count == 0
    refused(game, "draw", "drawn already")
    refused(game, "discard 4C", "do not hold 4C")
    game.play("discard KS")  # the card just taken may go straight back
    assert game.to_act == 1 and game.view(1).discard_top == "KS"


def test_going_out_is_listed_only_when_the_rest_melds():
    game = t01()
    game.play("draw")
    assert {m for m in legal(game) if m.startswith("discard")} == {
        "discard 5H",
        "discard 6H",
        "discard 9D",
        "discard 3C",
    }
    refused(game, "out 5H", "without 5H", "6H 9D")


def test_no_melding_or_laying_off_during_play():
    game = t01()
    game.play("draw")
    refused(game, "meld 5H 6H 3C", "no 'meld'", "out X")
    refused(game, "layoff 1 5H", "no table meld 1")
    refused(game, "out", "name the one card")
    refused(game, "out 9D 5H", "name the one card")
    with pytest.raises(IllegalMove, match="not a Progressive Rummy move"):
        game.play("drop")


def test_stacked_deal_errors():
    with pytest.raises(InvalidRules, match="hand 0 has 3 cards, but round 2 deals 4"):
        start(["5H 6H 9D", None], round_no=2)
    with pytest.raises(InvalidRules, match="round must be a whole number from 1 to 11"):
        start([None, None], round_no=12)
    with pytest.raises(InvalidRules, match="from 1 to 13"):
        start([None, None], round_no=14, rules={"bush_extension": True})
    with pytest.raises(InvalidRules, match="listed more often"):
        start(["5H 5H 9D", None])
    with pytest.raises(InvalidRules, match="unknown key"):
        new_game(GAME, ["Ann", "Bob"], seed=1, deal={"wild": "5D"})


def test_record_and_replay():
    game = t01()
    draw(game)
    game.play("out 9D")
    draw(game)
    game.play("discard 8H")
    again = replay(game.record())
    assert again.snapshot() == game.snapshot()
    assert again.deal_scores == game.deal_scores


def test_views_show_the_round_facts_and_hide_the_hands():
    game = t01()
    for seat in (0, 1, None):
        assert game.view(seat).facts == {"round": "1 of 11", "dealt": "3", "wild": "3s, jokers"}
    draw(game)
    assert game.view(0).own_facts == {"go out by discarding": "9D"}
    assert game.view(0).status == "Ann: you can go out (out 9D) or discard"
    assert game.view(1).own_facts == {} and game.view(None).own_facts == {}
    assert "out 9D" not in game.view(1).status
    assert game.view(1).hand == ("2C", "7S", "QD")


# ----------------------------------------------------------------------------- toggles


@pytest.mark.parametrize(
    ("preset", "bob", "score"),
    [
        ("family", "KD QS JK", 10 + 10 + 20),
        ("numeric", "KD QS JK", 13 + 12 + 20),
        ("bush", "KD QS JK", 10 + 10 + 50),
        ("family", "3D KC 9C", 20 + 10 + 9),
        ("numeric", "3D KC 9C", 3 + 13 + 9),
        ("bush", "3D KC 9C", 20 + 10 + 9),
        ("numeric", "JD 2S 6C", 11 + 2 + 6),
    ],
)
def test_score_preset(preset, bob, score):
    game = t01(rules={"score_preset": preset}, bob=bob, stock="3C 8H")
    draw(game)
    game.play("out 9D")
    draw(game)
    game.play("discard 8H")
    assert game.deal_scores == ((0, score),)


@pytest.mark.parametrize(("on", "rounds"), [(False, 11), (True, 13)])
def test_bush_extension(on, rounds):
    game = new_game(GAME, ["Ann", "Bob"], seed=2, rules={"bush_extension": on})
    assert game.view(0).facts["round"] == f"1 of {rounds}"
    late = new_game(GAME, ["Ann", "Bob"], seed=2, rules={"bush_extension": on}, deal={"round": 11})
    rng = random.Random(4)
    finish_round(late, rng)
    assert late.is_over is (not on)


@pytest.mark.parametrize("rounds", [1, 3, 11])
def test_rounds_to_play(rounds):
    game = new_game(GAME, ["Ann", "Bob"], seed=3, rules={"rounds_to_play": rounds})
    assert game.view(0).facts["round"] == f"1 of {rounds}"
    rng = random.Random(6)
    for r in range(1, rounds + 1):
        finish_round(game, rng)
        assert len(game.deal_scores) == r
        assert game.is_over is (r == rounds)
        if not game.is_over:
            game.play("next")
    plural = "s" if rounds > 1 else ""  # playtest: a one-round match ended "after 1 rounds"
    assert game.outcome is not None and game.outcome.reason.startswith(f"after {rounds} round{plural} ")
    # the winner named, with the total (it said only "the lowest total wins")
    winner = game.players[game.outcome.winners[0]]
    assert f"{winner} " in game.outcome.reason
    assert f"the lowest total ({min(game.scores)})" in game.outcome.reason


def test_short_game_preset_with_bush_still_stops_early():
    game = new_game(GAME, ["Ann", "Bob"], seed=3, rules={"rounds_to_play": 5, "bush_extension": True})
    assert game.view(0).facts["round"] == "1 of 5"


@pytest.mark.parametrize("on", [False, True])
def test_no_go_out_first_turn(on):
    game = t01(rules={"no_go_out_first_turn": on}, stock="3C 4D 8S")
    draw(game)
    if not on:
        assert outs(game) == {"out 9D"}
        return
    assert outs(game) == set()
    refused(game, "out 9D", "own first turn")
    game.play("discard 9D")
    pass_turn(game)  # Bob
    assert draw(game) == "8S"
    assert outs(game) == {"out 8S"}


@pytest.mark.parametrize("on", [False, True])
def test_ace_high(on):
    game = start(["QH KH 9D", "2C 7S 5D"], stock="AH", rules={"ace_high": on})
    draw(game)
    assert outs(game) == ({"out 9D"} if on else set())
    low = start(["2H 3D 9D", "2C 7S 5D"], stock="AH", rules={"ace_high": on})
    draw(low)
    assert outs(low) == {"out 9D"}  # A-2-3 (the wild 3D as 3H) either way


def test_ace_is_never_in_the_middle():
    game = start(["KH 2H 9D", "2C 7S 5D"], stock="AH", rules={"ace_high": True})
    draw(game)
    assert outs(game) == set()


@pytest.mark.parametrize(("on", "cards"), [(True, 54), (False, 52)])
def test_include_jokers(on, cards):
    game = new_game(GAME, ["Ann", "Bob"], seed=1, rules={"include_jokers": on})
    deck = game.all_cards()
    assert len(deck) == cards
    assert any(c.name == "JK" for c in deck) is on
    assert game.view(0).facts["wild"] == ("3s, jokers" if on else "3s")


@pytest.mark.parametrize(
    ("players", "decks", "cards"),
    [(2, "auto", 54), (3, "auto", 108), (4, "auto", 108), (5, "auto", 162), (6, "auto", 162), (2, "3", 162)],
)
def test_decks(players, decks, cards):
    game = new_game(GAME, list(NAMES[:players]), seed=1, rules={"decks": decks})
    assert len(game.all_cards()) == cards


def test_too_few_packs_are_refused():
    with pytest.raises(InvalidRules, match="too few"):
        new_game(GAME, list(NAMES[:4]), seed=1, rules={"decks": "1"})
    short = new_game(GAME, list(NAMES[:4]), seed=1, rules={"decks": "1", "rounds_to_play": 3})
    assert len(short.all_cards()) == 54
    # Bush Rummy, 6 players: 6 x 16 + 1 = 97 cards fit in three packs (162).
    assert new_game(GAME, list(NAMES), seed=1, preset="Bush Rummy").view(0).facts["round"] == "1 of 13"


@pytest.mark.parametrize("value", ["unlimited", "one"])
def test_max_wilds_per_meld(value):
    game = start(["5H JK 9D", "2C 7S QD"], stock="3C", rules={"max_wilds_per_meld": value})
    draw(game)
    # two wild cards with any natural card make a meld: 5H or 9D may go
    assert outs(game) == ({"out 9D", "out 5H"} if value == "unlimited" else set())


@pytest.mark.parametrize("on", [False, True])
def test_final_turn_layoff(on):
    game = t01(rules={"final_turn_layoff": on}, bob="4H 7H QD", stock="3C KC")
    draw(game)
    game.play("out 9D")
    draw(game)
    layoffs = sorted(m for m in legal(game) if m.startswith("layoff"))
    if not on:
        assert layoffs == []
        refused(game, "layoff 1 4H", "final_turn_layoff")
        return
    assert layoffs and all(m in ("layoff 1 4H", "layoff 1 7H") for m in layoffs)
    move = layoffs[0]
    game.play(move)
    laid = move.split()[-1]
    assert laid in [c.name for c in game.melds[0].cards] and laid not in hand(game, 1)
    assert "Bob: discard or lay off" in game.view(1).status
    game.play("discard KC")
    kept = parse_cards(" ".join(hand(game, 1)))
    assert game.deal_scores == ((0, game.penalty(kept)),)


def test_final_turn_layoff_keeps_a_card_to_discard_and_names_wild_places():
    # Ann goes out with [5H 6H 7H]; Bob holds two wild 3s and lays them off.
    game = start(["5H 6H 9D", "3S 3D QD"], stock="7H KC", rules={"final_turn_layoff": True})
    draw(game)
    game.play("out 9D")
    assert [str(m) for m in game.melds] == ["[5H 6H 7H]"]
    draw(game)
    assert {"layoff 1 3S=8H", "layoff 1 3S=4H", "layoff 1 3D=8H", "layoff 1 3D=4H"} <= legal(game)
    game.play("layoff 1 3S")  # unnamed, a wild extends the run upward
    assert str(game.melds[0]) == "[5H 6H 7H 3S(=8H)]"
    game.play("layoff 1 3D=4H")
    assert str(game.melds[0]) == "[3D(=4H) 5H 6H 7H 3S(=8H)]"
    assert sorted(hand(game, 1)) == ["KC", "QD"]
    game.play("discard KC")
    assert game.deal_scores == ((0, 10),)


@pytest.mark.parametrize("on", [False, True])
def test_dummy_hat(on):
    game = t01(rules={"dummy_hat": on}, stock="3C 8H")
    draw(game)
    game.play("discard 3C")
    assert ("dummy hat" in badges(game, 0)) is on
    assert any("dummy hat" in line for line in game.log) is on


@pytest.mark.parametrize(("limit", "ends"), [(1, True), (0, False)])
def test_max_stock_rebuilds(limit, ends):
    game = start(["2C 7S QD", "4H 9S KD"], rules={"max_stock_rebuilds": limit, "include_jokers": False})
    # 52 - 6 dealt - 1 up-card = 45 in the stock; rebuilt once from 45 discards
    for _ in range(90):
        seat = game.to_act
        card = draw(game)
        game.play(f"discard {card}")
        assert game.to_act != seat or game.phase == "deal-over"
    assert (game.phase == "deal-over") is ends
    if ends:
        assert "Nobody went out: the stock ran out after being rebuilt once" in game.view(0).result
        assert len(game.deal_scores) == 1 and all(v > 0 for v in game.deal_scores[0])


def test_presets_set_their_rules():
    spec = get(GAME)
    default = new_game(GAME, ["Ann", "Bob"], seed=1).rules
    assert new_game(GAME, ["Ann", "Bob"], seed=1, preset="3-13 (seed rules)").rules == default
    for name, values in spec.presets.items():
        game = new_game(GAME, ["Ann", "Bob"], seed=1, preset=name)
        for key, value in values.items():
            assert getattr(game.rules, key) == value, (name, key)


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"score_preset": "six_crowns"}, "score_preset"),
        ({"deck": "tarot"}, "deck"),
        ({"rounds_to_play": 12}, "rounds_to_play"),
        ({"decks": 4}, "decks"),
        ({"wild": True}, "wild"),
    ],
)
def test_bad_rules_name_the_field(rules, field):
    with pytest.raises(InvalidRules, match=field):
        new_game(GAME, ["Ann", "Bob"], seed=1, rules=rules)


# ----------------------------------------------------------------------------- command line


def test_cardtable_rules_lists_every_toggle_and_preset():
    code, text = run_cli(["rules", GAME])
    assert code == 0
    assert text.startswith("# Progressive Rummy (3-13)")
    for name in get(GAME).rules_type.model_fields:
        assert f"`{name}`" in text
    for preset in get(GAME).presets:
        assert f"**{preset}**" in text
    assert "`out 9D`" in text and "| wild rank | 3 |" in text


def test_player_counts():
    spec = get(GAME)
    assert (spec.min_players, spec.max_players) == (2, 6)
    with pytest.raises(InvalidRules, match="2 to 6 players"):
        new_game(GAME, [*NAMES, "Gus"], seed=1)


@pytest.mark.parametrize(
    ("ann", "allowed", "strict"),
    [
        # JK JK 3C is wild cards only; JK 9D 3C and JK JK 9D hold the natural 9D
        ("JK JK 9D", {"out 9D", "out JK", "out 3C"}, {"out JK", "out 3C"}),
        # 3D 3H 3C is a set of the wild rank: all wild when all-wild melds are off
        ("3D 3H 9D", {"out 9D", "out 3D", "out 3H", "out 3C"}, {"out 3D", "out 3H", "out 3C"}),
        ("JK 5H 9D", {"out 9D", "out 5H"}, {"out 9D", "out 5H"}),
    ],
)
def test_all_wild_meld_allowed(ann, allowed, strict):
    for on, expected in ((True, allowed), (False, strict)):
        game = start([ann, "2C 7S QD"], stock="3C", rules={"all_wild_meld_allowed": on})
        draw(game)
        assert outs(game) == expected, on


def test_all_wild_off_scores_wild_sets_as_left_over():
    # Bob keeps 3D 3H 3S in round 1: with all-wild melds off they are no meld and score 60.
    for on, score in ((True, 0), (False, 60)):
        game = t01(rules={"all_wild_meld_allowed": on}, bob="3D 3H 3S", stock="3C 8H")
        draw(game)
        game.play("out 9D")
        draw(game)
        game.play("discard 8H")
        assert game.deal_scores == ((0, score),), on


@pytest.mark.parametrize("on", [False, True])
def test_runs_any_suit(on):
    # round 1, 3s wild: 5H 6S 7D is a run only with the toggle; a wild fills a mixed run too
    game = start(["5H 6S 9D", "2C 7S QD"], stock="7D 8H", discard="KS", rules={"runs_any_suit": on})
    draw(game)
    assert outs(game) == ({"out 9D"} if on else set())
    game = start(["5H 3S 9D", "2C 7S QD"], stock="6D 8H", discard="KS", rules={"runs_any_suit": on})
    draw(game)
    assert outs(game) == ({"out 9D"} if on else set())
    if on:
        game.play("out 9D")
        (meld,) = game.melds
        assert meld.kind == "run" and sorted(c.name for c in meld.cards) == ["3S", "5H", "6D"]
    # at the end of a round the other hands' mixed runs do not score
    game = t01(rules={"runs_any_suit": on}, bob="7S 8D 9C", stock="3C 8H")
    draw(game)
    game.play("out 9D")
    draw(game)
    game.play("discard 8H")
    assert game.deal_scores == ((0, 0 if on else 24),)


def test_runs_any_suit_with_a_lay_off_and_five_crowns():
    rules = {"runs_any_suit": True, "final_turn_layoff": True}
    game = start(["5H 6S 7D 8H", "9C 2D QD 10S"], stock="9D 4S", discard="KS", round_no=2, rules=rules)
    draw(game)
    game.play("out 9D")
    draw(game)
    assert "layoff 1 9C" in legal(game)
    game.play("layoff 1 9C")
    assert str(game.melds[0]) == "[5H 6S 7D 8H 9C]"
    fc = start(
        ["8X 9H 10X", "5S 8X QD"], stock="9D", discard="7X", preset=FIVE_CROWNS, rules={"runs_any_suit": True}
    )
    draw(fc)
    assert outs(fc) == {"out 9D", "out 9H"}  # 8X 9D 10X is a mixed run too


def test_scoring_lays_down_the_very_cards_of_each_hand():
    """With two packs equal cards (7H and 7H#2) stay distinct when the groups go down."""
    for seed in range(12):
        game = new_game(GAME, ["Ann", "Bob", "Cat"], seed=seed, deal={"round": 9})
        before = sorted(c.id for c in game.all_cards())
        finish_round(game, random.Random(seed))
        after = [c.id for c in game.all_cards()]
        assert sorted(after) == before
        for s in range(3):
            laid = [c for m in game.melds if m.owner == s for c in m.cards]
            assert not {c.id for c in laid} & {c.id for c in game.hand(s)}


@pytest.mark.parametrize(
    "rules",
    [
        {},
        {"ace_high": True},
        {"max_wilds_per_meld": "one"},
        {"all_wild_meld_allowed": False},
        {"deck": "five_crowns", "score_preset": "five_crowns"},
        {"runs_any_suit": True},
        {"runs_any_suit": True, "deck": "five_crowns", "max_wilds_per_meld": "one"},
    ],
)
def test_going_out_is_listed_exactly_when_the_solver_covers_the_rest(rules):
    """The quick filter before the solver never hides a way out: in random positions of every
    round the listed ``out X`` are exactly the discards whose rest the solver covers."""
    checked = found = 0
    for seed in range(22):  # two of each starting round: each position asks the solver ~12 times
        rng = random.Random(seed)
        start_round = 1 + seed % 11
        game = new_game(
            GAME, ["Ann", "Bob", "Cat"][: 2 + seed % 2], rules=rules, seed=seed, deal={"round": start_round}
        )
        for _ in range(60):
            if game.phase != "draw":
                break
            game.play(rng.choice(["draw", "take"]))
            seat = game.to_act
            cards = game.hand(seat)
            expected = set()
            for card in cards:
                rest = list(cards)
                rest.remove(card)
                if not game.arrange(rest).deadwood:
                    expected.add(f"out {card.name}")
            assert outs(game) == expected, (seed, [c.name for c in cards])
            checked += 1
            found += bool(expected)
            game.play(rng.choice([m for m in game.legal_moves() if m.kind == "discard"]))
    assert checked > 500 and found > 5


def test_a_stacked_deal_must_leave_cards_for_the_hands_and_the_stock():
    every = " ".join(c.name for c in new_game(GAME, ["Ann", "Bob"], seed=1).all_cards())
    with pytest.raises(InvalidRules, match="deal: the cards listed leave 0 to deal"):
        new_game(GAME, ["Ann", "Bob"], seed=1, deal={"discard": every})
    with pytest.raises(InvalidRules, match="deal: the stock lists so many cards"):
        new_game(GAME, ["Ann", "Bob"], seed=1, deal={"stock": every})
    rest = every.split()
    hands = [" ".join(rest[:3]), " ".join(rest[3:6])]
    with pytest.raises(InvalidRules, match="the stock at least one"):
        new_game(GAME, ["Ann", "Bob"], seed=1, deal={"hands": hands, "discard": " ".join(rest[6:])})
    game = new_game(GAME, ["Ann", "Bob"], seed=1, deal={"hands": hands, "discard": " ".join(rest[6:-1])})
    assert game.view(0).stock_count == 1 and legal(game) == {"draw", "take"}


def test_a_card_that_fits_no_meld_does_not_hide_a_way_out():
    """Round 2 (4s wild): 2H 3H 4S 5H is a run; the quick filter's sum of fractional wild
    shares once lost its digits to the 'fits no meld' share of QC and hid 'out QC'."""
    game = start(["5H QC 4S 2H", "6C 7S 9D JD"], stock="3H 8H", discard="KS", round_no=2)
    draw(game)
    assert outs(game) == {"out QC"}


@pytest.mark.parametrize("preset", [FIVE_CROWNS, "runs of mixed suits (for small children)"])
def test_whole_matches_with_the_new_presets_keep_the_contract(preset):
    """The registry's contract checks (cardtable.testing, as the conformance suite and the
    soak runner use them) over whole random matches of the Five Crowns and mixed-run presets."""
    from cardtable.testing import play_match
    from cardtable.testing import start as start_checked

    for seed in range(2):
        game, _args, rng = start_checked(get(GAME), 900 + seed, preset=preset)
        assert game.rules == get(GAME).rules_type.model_validate(get(GAME).presets[preset])
        play_match(game, rng)


@pytest.mark.parametrize("seed", [10, 25, 31, 42])
def test_a_hint_keeps_wild_cards_unless_it_says_why(seed):
    """Issue 24 item 16: Five Crowns hints proposed 'discard JK' (a wild joker) in the first
    rounds with 'the rest leaves 30 points loose'; a wild card melds with anything, so it
    goes only when every card that may go is wild, and the reason says so."""
    from cardtable.session import Session

    session = Session.start(
        "progressive-rummy", ["Ann", "Bob"], [None, None], preset="Five Crowns", seed=seed, save_path=None
    )
    for _ in range(6):
        if session.view(None).to_act is None:
            break
        decision = session.hint()
        move = decision.move
        if move.kind == "discard":
            card = move.cards[0]
            if card.rank == 0 or session.game.mrules.is_wild(card):
                assert "wild" in decision.why, (str(move), decision.why)
        session.play(move)
