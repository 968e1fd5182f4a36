"""Gin Rummy rules tests, through the public engine API only.

Positions are stacked deals: seat 0 (Ann) is the non-dealer of the first hand and is offered
the upcard first; ``stock`` lists the stock's top card first; the last ``discard`` card is the
upcard. ``drawn(game)`` passes the upcard twice and lets Ann draw, so she holds eleven cards.
Deadwood values: A=1, 2-10 face value, J Q K 10.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from support import hand, legal, melds, names, pass_turn, play, refusals, refused, stacked

from cardtable.cli import main
from cardtable.engine import (
    Game,
    IllegalMove,
    InvalidNotation,
    InvalidRules,
    all_games,
    new_game,
    parse_cards,
    replay,
)
from cardtable.engine.cards import make_deck
from cardtable.games.gin.deadwood import card_value, unmatched_floor
from cardtable.kits.rummy.arrange import best_arrangement, best_discard

# Ann's melds 7-8-9H, KKK, 2-3-4C and 9D; with AC drawn: gin 9D, or knock AC / 4C (9 left).
ANN_GIN = "7H 8H 9H KS KD KC 2C 3C 4C 9D"
# Bob's hands that hold no meld: 57 and 66 points (10H fits a 7-8-9H run).
BOB_57 = "AS 3D 5S 7C 9S JD QH 2H 4D 6S"
BOB_66 = "10H 3D 5S 7C 9S JD QH 2H 4D 6S"


def start(ann: str | None = None, bob: str | None = None, **kw: Any) -> Game:
    """A new game from a stacked deal: Ann's and Bob's hands."""
    return stacked("gin", [ann, bob], **kw)


def drawn(game):
    """Both pass the upcard, Ann draws the stock's top card: she holds eleven."""
    play(game, "pass", "pass", "draw")
    assert game.phase == "play" and game.to_act == 0 and len(game.hand(0)) == 11
    return game


def ends(game) -> set[str]:
    """The listed ways to end the hand (knock, gin, big gin)."""
    return {m for m in legal(game) if m.split()[0] in ("knock", "gin", "biggin")}


def cardsets(game) -> list[frozenset[str]]:
    """The table melds as sets of card names."""
    return [frozenset(c.name for c in m.cards) for m in game.melds]


def names_of(text: str) -> frozenset[str]:
    return frozenset(names(text))


# ----------------------------------------------------------------------------- the deal


def test_deal_and_the_upcard_offer_order():
    game = new_game("gin", ["Ann", "Bob"], seed=3)
    assert [len(game.hand(s)) for s in (0, 1)] == [10, 10]
    view = game.view(0)
    assert view.stock_count == 31 and view.discard_count == 1 and view.discard_top is not None
    assert view.seats[1].badges == ("dealer",)
    assert (game.phase, game.to_act) == ("offer", 0)
    assert legal(game) == {"take", "pass"}
    game.play("pass")
    assert (game.phase, game.to_act) == ("offer", 1) and legal(game) == {"take", "pass"}
    game.play("pass")
    assert (game.phase, game.to_act) == ("draw", 0)
    assert legal(game) == {"draw"}
    refused(game, "take", "both players passed")
    game.play("draw")
    assert len(game.hand(0)) == 11 and game.view(0).stock_count == 30


def test_the_non_dealer_takes_the_upcard_and_may_not_throw_it_back():
    game = start(ANN_GIN, BOB_57, discard="QC")
    game.play("take")
    assert "QC" in hand(game, 0) and game.phase == "play"
    assert "discard QC" not in legal(game) and "knock QC" not in legal(game)
    refused(game, "discard QC", "you took QC", "another card")
    assert game.view(1).facts["Ann holds"] == "QC"
    game.play("discard 2C")
    assert (game.phase, game.to_act) == ("draw", 1)
    assert legal(game) == {"draw", "take"}
    game.play("take")
    assert "2C" in hand(game, 1) and game.view(0).facts["Bob holds"] == "2C"


def test_the_dealer_may_take_the_upcard_after_the_non_dealer_passes():
    game = start(ANN_GIN, BOB_57, discard="QC")
    game.play("pass")
    game.play("take")
    assert (game.phase, game.to_act, len(game.hand(1))) == ("play", 1, 11)
    game.play("discard AS")
    assert (game.phase, game.to_act) == ("draw", 0) and legal(game) == {"draw", "take"}


def test_a_taken_card_may_be_thrown_back_with_the_toggle():
    game = start(ANN_GIN, BOB_57, discard="QC", rules={"discard_taken_card": True})
    game.play("take")
    game.play("discard QC")
    assert game.view(1).discard_top == "QC"


# ----------------------------------------------------------------------------- knocking

# 9H sits in both 6-7-8-9H and 9S 9D 9H: the least deadwood melds it with the nines.
SHARED = "6H 7H 8H 9H 9S 9D 2S AS 3D 4C"
SHARED_BOB = "AH 3C 5D 7S 9C JH QS 2C 4H 6D"


def test_knock_at_exactly_the_knock_value_with_a_card_in_a_set_and_a_run():
    game = drawn(start(SHARED, SHARED_BOB, stock="KC", discard="10S"))
    assert ends(game) == {"knock KC"}
    assert game.view(0).own_facts["deadwood"] == "10 after the best discard"
    game.play("knock KC")
    assert names_of("6H 7H 8H") in cardsets(game)
    # Bob lays 9C off on Ann's nines; his other nine cards (48 points) meld nothing.
    assert names_of("9S 9H 9D 9C") in cardsets(game)
    assert game.phase == "deal-over" and game.deal_scores == ((38, 0),)
    assert set(hand(game, 0)) == {"2S", "AS", "3D", "4C"}
    assert "Ann knocks with 10" in game.view(1).result


def test_a_knock_above_the_knock_value_is_refused():
    game = drawn(start(SHARED, SHARED_BOB, stock="KC", discard="10S", rules={"knock_value": 9}))
    assert ends(game) == set()
    refused(game, "knock KC", "deadwood is 10", "at most 9")


def test_knock_or_gin_must_say_what_the_hand_is():
    game = drawn(start(ANN_GIN, BOB_57, stock="AC", discard="JC"))
    assert ends(game) == {"gin 9D", "knock AC", "knock 4C"}
    refusals(
        game,
        ("knock 9D", "you have gin", "gin 9D"),
        ("gin AC", "not gin", "deadwood is 9", "knock AC"),
        ("knock 7H", "deadwood is 26"),
        ("biggin", "all eleven", "9D"),
        ("knock 5H", "you do not hold 5H"),
    )


def test_gin_scores_the_deadwood_and_the_bonus_with_no_lay_offs():
    game = drawn(start(ANN_GIN, BOB_66, stock="AC", discard="JC"))
    game.play("gin 9D")
    assert game.deal_scores == ((66 + 25, 0),)
    assert "10H" in hand(game, 1), "no lay-off on gin: 10H would have fit Ann's 7-8-9H"
    assert names_of("7H 8H 9H") in cardsets(game)
    assert "Ann goes gin" in game.view(0).result


def test_gin_bonus_toggle():
    game = drawn(start(ANN_GIN, BOB_66, stock="AC", discard="JC", rules={"gin_bonus": 20}))
    game.play("gin 9D")
    assert game.deal_scores == ((86, 0),)


ANN_BIG = "7H 8H 9H KS KD KC 2C 3C 4C 5C"


def test_big_gin_keeps_all_eleven_cards():
    game = drawn(start(ANN_BIG, BOB_57, stock="6C", discard="JC"))
    assert ends(game) == {"biggin", "gin 2C", "gin 6C", "knock 3C", "knock 5C"}
    game.play("gin")  # the bare 'gin' means big gin
    assert game.history[-1][1].kind == "biggin"
    assert game.deal_scores == ((57 + 31, 0),)
    assert hand(game, 0) == [] and game.view(0).discard_top == "JC"


def test_big_gin_off():
    game = drawn(start(ANN_BIG, BOB_57, stock="6C", discard="JC", rules={"big_gin": False}))
    assert ends(game) == {"gin 2C", "gin 6C", "knock 3C", "knock 5C"}
    refused(game, "biggin", "big gin is not played")


def test_big_gin_bonus_toggle():
    game = drawn(
        start(ANN_BIG, BOB_57, stock="6C", discard="JC", rules={"big_gin_bonus": 50, "target_score": 200})
    )
    game.play("biggin")
    assert game.deal_scores == ((107, 0),)


def test_the_melds_panel_says_what_throwing_a_card_would_give():
    game = start(ANN_GIN, BOB_57, stock="AC", discard="JC")
    before = game.grouping(0)
    assert before is not None and before.title == "your melds" and not before.ready
    assert before.loose == ("9D",) and before.loose_label == "deadwood"
    assert before.summary == "deadwood 9; a knock needs 10 or less"
    drawn(game)
    gin = game.grouping(0, parse_cards("9D")[0])
    assert gin is not None and gin.ready and gin.finish == "9D" and gin.loose == ()
    assert gin.summary == "gin: press g to go gin with 9D"
    knock = game.grouping(0, parse_cards("AC")[0])
    assert knock is not None and knock.ready and knock.summary == "deadwood 9: press k to knock with AC"
    worse = game.grouping(0, parse_cards("KS")[0])
    assert worse is not None and not worse.ready and "a knock needs 10 or less" in worse.summary
    assert game.grouping(0) == gin  # no card named: the best discard
    assert game.grouping(1) is not None and game.grouping(1).title == "your melds"


def test_the_melds_panel_offers_big_gin_first():
    game = drawn(start(ANN_BIG, BOB_57, stock="6C", discard="JC"))
    panel = game.grouping(0, parse_cards("2C")[0])
    assert panel is not None and panel.title == "big gin" and panel.ready and panel.finish is None
    assert sum(len(g.cards) for g in panel.groups) == 11 and "press G" in panel.summary


# ----------------------------------------------------------------------------- undercut

UNDER_ANN = "2H 3H 4H 5S 5D 5C 9C 10C JC 8D"  # with KD drawn: knock KD keeps 8D (8)


@pytest.mark.parametrize(
    ("last", "row"),
    [
        ("AC", (0, 8 - 1 + 25)),  # Bob keeps 1: undercut
        ("8H", (0, 0 + 25)),  # equal deadwood is an undercut too
        ("8C", (0, 8 + 25)),  # 8C goes on Ann's 9-10-J of clubs: Bob keeps nothing
        ("KH", (2, 0)),  # Bob keeps 10: Ann scores 10 - 8
    ],
)
def test_undercut(last, row):
    bob = f"6S 7S 8S QH QS QD 2D 3D 4D {last}"
    game = drawn(start(UNDER_ANN, bob, stock="KD", discard="10H"))
    assert ends(game) == {"knock KD", "knock 8D"}
    game.play("knock KD")
    assert game.deal_scores == (row,)
    if row[1]:
        assert "Bob undercuts" in game.view(0).result


def test_undercut_bonus_toggle():
    bob = "6S 7S 8S QH QS QD 2D 3D 4D AC"
    game = drawn(start(UNDER_ANN, bob, stock="KD", discard="10H", rules={"undercut_bonus": 10}))
    game.play("knock KD")
    assert game.deal_scores == ((0, 17),)


# ----------------------------------------------------------------------------- lay-offs


def test_lay_offs_chain_on_a_run_and_fill_a_set():
    ann = "5H 6H 7H 9S 9D 9C JC QC KC 3D"
    bob = "4H 8H 9H 10C 2S 3S 4S KH KD KS"
    game = drawn(start(ann, bob, stock="AS", discard="6C"))
    game.play("knock AS")
    # 4H below and 8H 9H above the hearts, 10C below the clubs: Bob keeps nothing.
    assert hand(game, 1) == []
    assert names_of("4H 5H 6H 7H 8H 9H") in cardsets(game) or names_of("9S 9H 9D 9C") in cardsets(game)
    assert names_of("10C JC QC KC") in cardsets(game)
    assert game.deal_scores == ((0, 3 + 25),)
    assert "after laying off" in game.view(0).result


def test_a_lay_off_can_beat_the_defenders_own_meld():
    # Bob's 8C 9C 10C could be his run, or 9C 10C can go on Ann's J-Q-K of clubs and 8C
    # join 8S 8D: only the exact search sees that this leaves 7S AC (8), not 8S 8D 7S AC.
    ann = "JC QC KC 2H 3H 4H 6S 6D 6H AD"
    bob = "8S 8D 8C 9C 10C 2S 3S 4S 7S AC"
    game = drawn(start(ann, bob, stock="KD", discard="5C"))
    game.play("knock KD")
    assert set(hand(game, 1)) == {"7S", "AC"}
    assert names_of("9C 10C JC QC KC") in cardsets(game)
    assert names_of("8S 8D 8C") in cardsets(game)
    assert game.deal_scores == ((8 - 1, 0),)


def test_the_defender_keeps_a_run_that_would_gain_nothing_laid_off():
    ann = "5H 6H 7H 9S 9D 9C JC QC KC 3D"
    bob = "8H 9H 10H 2S 3S 4S KH KD KS 5C"
    game = drawn(start(ann, bob, stock="AS", discard="6C"))
    game.play("knock AS")
    owned = {frozenset(c.name for c in m.cards): m.owner for m in game.melds}
    assert owned[names_of("5H 6H 7H")] == 0
    assert owned[names_of("8H 9H 10H")] == 1
    assert hand(game, 1) == ["5C"]
    assert game.deal_scores == ((5 - 3, 0),)


# The tie: after 2D is drawn, knock 3H and knock 6H both keep 2D (2), but they leave
# different runs, and Bob's 7H fits only 4-5-6H.
TIE_ANN = "3H 4H 5H 6H 8S 8D 8C JC QC KC"
TIE_BOB = "7H AS 3D 5S 9C JD QH 2S 4D 10S"  # 61 points, no meld


def test_equal_discards_whose_runs_take_different_lay_offs():
    game = drawn(start(TIE_ANN, TIE_BOB, stock="2D", discard="KH"))
    assert ends(game) == {"gin 2D", "knock 3H", "knock 6H"}
    assert game.view(0).own_facts["deadwood"] == "0 after the best discard"
    low, high = game.copy(), game.copy()
    low.play("knock 3H")
    assert names_of("4H 5H 6H 7H") in cardsets(low)
    assert low.deal_scores == ((61 - 7 - 2, 0),)
    high.play("knock 6H")
    assert names_of("3H 4H 5H") in cardsets(high) and "7H" in hand(high, 1)
    assert high.deal_scores == ((61 - 2, 0),)
    game.play("gin 2D")
    assert game.deal_scores == ((61 + 25, 0),)


# ----------------------------------------------------------------------------- arrangement

# A-4H and three fours share 4H: A-4H leaves 4S 4D AC (9), A-3H + 4H 4S 4D leaves AC (1).
CHOICE_ANN = "AH 2H 3H 4H 4S 4D KS KD KC AC"
CHOICE_BOB = "5H 4C 6S 7S 8S 9D 10D JD 2C 7C"  # 5H 4C 2C 7C unmatched: 18


def choice_game(**rules):
    game = drawn(start(CHOICE_ANN, CHOICE_BOB, stock="QD", discard="3S", rules=rules))
    game.play("knock QD")
    return game


def test_by_default_the_knocker_lays_the_least_deadwood_melds():
    game = choice_game()
    assert names_of("AH 2H 3H") in cardsets(game)
    assert names_of("4H 4S 4D 4C") in cardsets(game)  # Bob's 4C laid off
    assert hand(game, 0) == ["AC"]
    assert game.deal_scores == ((18 - 4 - 1, 0),)


def test_the_knocker_may_choose_the_melds():
    game = choice_game(knocker_lays_melds=True)
    assert (game.phase, game.to_act) == ("knock", 0)
    offered = {frozenset(c.name for c in m.cards) for m in game.legal_moves()}
    assert {m.kind for m in game.legal_moves()} == {"meld"}
    assert offered == {
        names_of("AH 2H 3H 4H"),
        names_of("AH 2H 3H"),
        names_of("2H 3H 4H"),
        names_of("4S 4H 4D"),
        names_of("KS KD KC"),
    }
    refused(game, "discard AC", "lay your melds first")
    refused(game, "meld 2H 3H", "too short")
    game.play("meld 4H 3H 2H AH")
    # The kings are the only meld left: laid by themselves, and Bob lays 5H on the run.
    assert game.phase == "deal-over"
    assert names_of("AH 2H 3H 4H 5H") in cardsets(game)
    assert set(hand(game, 0)) == {"4S", "4D", "AC"}
    assert game.deal_scores == ((13 - 9, 0),)


def test_a_chosen_meld_must_keep_the_knock():
    game = choice_game(knocker_lays_melds=True, knock_value=9)
    offered = {frozenset(c.name for c in m.cards) for m in game.legal_moves()}
    assert names_of("2H 3H 4H") not in offered  # it would leave AH 4S 4D AC: 10
    refused(game, "meld 2H 3H 4H", "more than 9 deadwood")
    game.play("meld KS KD KC")
    assert game.phase == "knock", "A-4H or A-3H with the fours: still a choice"
    game.play("meld AH 2H 3H")
    assert game.phase == "deal-over" and hand(game, 0) == ["AC"]


def test_with_no_choice_the_knocker_lays_at_once():
    game = drawn(start(SHARED, SHARED_BOB, stock="KC", discard="10S", rules={"knocker_lays_melds": True}))
    game.play("knock KC")
    assert game.phase == "deal-over" and game.deal_scores == ((38, 0),)


def test_the_defender_may_lay_off_by_hand():
    game = choice_game(manual_layoffs=True)
    assert (game.phase, game.to_act) == ("layoff", 1)
    number = cardsets(game).index(names_of("4H 4S 4D")) + 1
    assert legal(game) == {f"layoff {number} 4C", "pass"}
    refusals(
        game,
        (f"layoff {number} 5H", "5H does not fit"),
        ("layoff 9 4C", "no table meld 9"),
        ("discard 4C", "lay off on the knocker's melds"),
    )
    done = game.copy()
    done.play(f"layoff {number} 4C")
    assert done.phase == "deal-over", "nothing more fits: the lay-offs end by themselves"
    assert done.deal_scores == ((13, 0),)
    game.play("pass")
    assert game.phase == "deal-over" and "4C" in hand(game, 1)
    assert game.deal_scores == ((17, 0),)


def test_manual_lay_offs_are_skipped_when_nothing_fits():
    bob = "6S 7S 8S QH QS QD 2D 3D 4D AC"
    game = drawn(start(UNDER_ANN, bob, stock="KD", discard="10H", rules={"manual_layoffs": True}))
    game.play("knock KD")
    assert game.phase == "deal-over"


# ----------------------------------------------------------------------------- the stock


def test_the_stock_ends_the_hand_at_two_cards():
    game = new_game("gin", ["Ann", "Bob"], seed=11)
    game.play("pass")
    game.play("pass")
    turns = 0
    while game.phase != "deal-over":
        pass_turn(game)
        turns += 1
    assert turns == 31 - 2
    assert game.view(0).stock_count == 2
    assert game.deal_scores == ((0, 0),) and game.scores == (0, 0)
    assert "draw" in game.view(0).result
    game.play("next")
    assert (game.phase, game.to_act) == ("offer", 0), "after a draw the same dealer deals again"
    assert game.view(0).seats[1].badges == ("dealer",)


def short_stock(ann: str, bob: str, top: str, upcard: str) -> dict[str, object]:
    """A deal whose stock holds three cards, ``top`` first: the rest of the deck is discarded."""
    used = {c.name for c in parse_cards(f"{ann} {bob} {top} {upcard}")}
    rest = [c.name for c in make_deck(1, 0) if c.name not in used]
    discard = " ".join([*rest[2:], upcard])
    return {"hands": [ann, bob], "stock": f"{top} {rest[0]} {rest[1]}", "discard": discard}


def test_the_last_turn_may_still_knock_or_go_gin():
    deal = short_stock(ANN_GIN, BOB_57, "AC", "JC")
    game = new_game("gin", ["Ann", "Bob"], seed=1, deal=deal)
    assert game.view(0).stock_count == 3
    drawn(game)
    assert game.view(0).stock_count == 2
    plain = game.copy()
    plain.play("discard 9D")
    assert plain.phase == "deal-over" and plain.deal_scores == ((0, 0),)
    game.play("gin 9D")
    assert game.deal_scores == ((57 + 25, 0),)


# ----------------------------------------------------------------------------- Oklahoma


def test_oklahoma_the_upcard_sets_the_knock_value():
    game = start(UNDER_ANN, None, stock="KD", discard="5H", rules={"oklahoma": True})
    assert game.view(1).facts["knock value"] == "5"
    drawn(game)
    assert ends(game) == set()
    refused(game, "knock KD", "deadwood is 8", "at most 5")


def test_oklahoma_face_card_upcard_counts_ten():
    game = start(UNDER_ANN, None, stock="KD", discard="QH", rules={"oklahoma": True})
    assert game.view(0).facts["knock value"] == "10"


def test_oklahoma_an_ace_means_gin_only_and_a_spade_doubles():
    rules = {"oklahoma": True, "target_score": 1000}
    game = drawn(start(ANN_GIN, BOB_66, stock="AC", discard="AS", rules=rules))
    assert game.view(0).facts["knock value"] == "gin only"
    assert game.view(0).facts["spades"] == "this hand counts double"
    assert ends(game) == {"gin 9D"}
    refused(game, "knock AC", "only gin ends this hand", "ace")
    game.play("gin 9D")
    assert game.deal_scores == ((2 * (66 + 25), 0),)
    assert "doubled for the spade upcard" in game.view(0).result


def test_oklahoma_without_spades_double():
    rules = {"oklahoma": True, "spades_double": False, "target_score": 1000}
    game = drawn(start(ANN_GIN, BOB_66, stock="AC", discard="AS", rules=rules))
    game.play("gin 9D")
    assert game.deal_scores == ((66 + 25, 0),)


def test_knock_value_zero_is_straight_gin():
    game = drawn(start(ANN_GIN, BOB_57, stock="AC", discard="JC", preset="straight gin"))
    assert ends(game) == {"gin 9D"}


# ----------------------------------------------------------------------------- the game


@pytest.mark.parametrize(
    ("rules", "final"),
    [
        ({}, (91 + 100) * 2 + 25),  # the loser scored nothing: a shutout doubles
        ({"shutout_doubles": False}, 91 + 100 + 25),
        ({"game_bonus": 0, "line_bonus": 0, "shutout_doubles": False}, 91),
        ({"line_bonus": 20}, (91 + 100) * 2 + 20),
    ],
)
def test_the_game_ends_at_the_target_with_bonuses(rules, final):
    game = drawn(start(ANN_GIN, BOB_66, stock="AC", discard="JC", rules={"target_score": 50, **rules}))
    game.play("gin 9D")
    assert game.is_over and game.phase == "match-over" and game.to_act is None
    assert game.scores == (final, 0)
    assert game.deal_scores == ((final, 0),), "the bonuses are part of the last row"
    assert game.outcome is not None and game.outcome.winners == (0,)
    assert "Ann reached 50" in game.outcome.reason
    assert "game bonus" in game.view(1).result
    assert game.legal_moves() == ()


def test_an_undercut_can_win_the_game():
    bob = "6S 7S 8S QH QS QD 2D 3D 4D AC"
    game = drawn(start(UNDER_ANN, bob, stock="KD", discard="10H", rules={"target_score": 30}))
    game.play("knock KD")
    assert game.outcome is not None and game.outcome.winners == (1,)
    assert game.scores == (0, (32 + 100) * 2 + 25)


def test_whole_games_rows_sum_to_the_totals_and_bonuses_add_up():
    """Random play through whole games: the loser's last row is exactly their line bonuses,
    and the winner's is the hand's points plus the game bonus (doubled on a shutout) plus
    theirs."""
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game("gin", ["Ann", "Bob"], seed=seed, rules={"target_score": 40})
        before = game.scores
        while not game.is_over:
            if game.phase == "deal-over":
                before = game.scores
            # Take a knock or gin when one is listed, so that games end quickly.
            moves = game.legal_moves()
            ending = [m for m in moves if m.kind in ("knock", "gin", "biggin")]
            game.play(rng.choice(ending or moves))
        rows, totals = game.deal_scores, game.scores
        assert tuple(map(sum, zip(*rows, strict=True))) == totals
        assert game.outcome is not None
        (w,) = game.outcome.winners
        loser = 1 - w
        # The last row holds the bonuses: count the hands won before it, then the last one.
        wins = [sum(1 for r in rows[:-1] if (r[s] or 0) > 0) for s in (0, 1)]
        wins[w] += 1
        assert totals[loser] == before[loser] + 25 * wins[loser]
        double = 2 if before[loser] == 0 else 1
        points, rest = divmod(totals[w] - 25 * wins[w], double)
        assert rest == 0 and points - 100 - before[w] >= 1
        assert before[w] < 40 <= points - 100


@pytest.mark.parametrize(("mode", "first"), [("loser", 0), ("winner", 1), ("alternate", 1)])
def test_next_dealer(mode, first):
    game = drawn(start(ANN_GIN, BOB_57, stock="AC", discard="JC", rules={"next_dealer": mode}))
    game.play("gin 9D")  # Ann wins; Bob dealt the first hand
    assert game.to_act == first and legal(game) == {"next"}
    game.play("next")
    assert (game.phase, game.to_act) == ("offer", first)
    assert game.view(0).seats[1 - first].badges == ("dealer",)


def test_alternate_dealing_goes_on_after_a_draw():
    game = new_game("gin", ["Ann", "Bob"], seed=11, rules={"next_dealer": "alternate"})
    game.play("pass")
    game.play("pass")
    while game.phase != "deal-over":
        pass_turn(game)
    game.play("next")
    assert game.to_act == 1


def test_max_hands_ends_a_game_nobody_finishes():
    """Drawing and throwing back the card drawn never knocks: two drawn hands end the game."""
    game = new_game("gin", ["Ann", "Bob"], seed=11, rules={"max_hands": 2})
    for number in (1, 2):
        game.play("pass")
        game.play("pass")
        while game.phase == "play" or game.phase == "draw":
            pass_turn(game)
        if number == 1:
            assert game.phase == "deal-over"
            game.play("next")
    assert game.is_over and game.deal_scores == ((0, 0), (0, 0)) and game.scores == (0, 0)
    assert game.outcome is not None and game.outcome.winners == (0, 1)
    assert "max_hands" in game.outcome.reason


def test_aces_high_toggle():
    ann = "QS KS AS 2H 3H 4H 7D 7C 7H 5C"
    low = drawn(start(ann, None, stock="9D", discard="10D"))
    assert ends(low) == set()
    high = drawn(start(ann, None, stock="9D", discard="10D", rules={"aces_low_only": False}))
    assert ends(high) == {"knock 9D", "knock 5C"}
    assert unmatched_floor(parse_cards("KS AS 2S"), ace_high=True) == (13, 10)


# ----------------------------------------------------------------------------- errors


def test_bad_deals_and_rules_are_refused_with_a_reason():
    with pytest.raises(InvalidRules, match="has 9 cards"):
        start("7H 8H 9H KS KD KC 2C 3C 4C")
    with pytest.raises(InvalidRules, match="knock_value"):
        new_game("gin", ["Ann", "Bob"], rules={"knock_value": 11})
    with pytest.raises(InvalidRules, match="unknown rule"):
        new_game("gin", ["Ann", "Bob"], rules={"knock": 10})
    with pytest.raises(InvalidRules, match="2 to 2 players"):
        new_game("gin", ["Ann", "Bob", "Cat"])
    everything = " ".join(c.name for c in make_deck(1, 0))
    with pytest.raises(InvalidRules, match="too few cards"):
        new_game("gin", ["Ann", "Bob"], deal={"discard": everything})
    for stock in (everything, " ".join(everything.split()[:40])):
        with pytest.raises(InvalidRules, match="list fewer stock cards"):
            new_game("gin", ["Ann", "Bob"], deal={"stock": stock})


def test_bad_moves_say_why():
    game = start(ANN_GIN, BOB_57, stock="AC", discard="JC")
    refusals(
        game,
        ("draw", "first the upcard", "take"),
        ("discard 9D", "first the upcard"),
        ("next", "still going on"),
    )
    game.play("pass")
    game.play("pass")
    refused(game, "pass", "only for the upcard offer")
    refused(game, "discard 9D", "must draw first")
    game.play("draw")
    refusals(
        game,
        ("knock", "name one card", "knock KS"),
        ("knock 7H 8H", "name one card"),
        ("draw", "drawn already"),
        ("meld 7H 8H 9H", "when you knock"),
        ("layoff 1 9D", "no table meld 1"),
        ("swap 1 9D", "not a Gin Rummy move"),
        ("pass", "upcard offer"),
    )
    with pytest.raises(InvalidNotation):
        game.play("discard ZZ")
    with pytest.raises(IllegalMove, match="no wild cards"):
        game.play("knock AC=2C")


# ----------------------------------------------------------------------------- views, records


def test_the_view_carries_what_a_bot_needs_and_nothing_hidden():
    game = start(ANN_GIN, BOB_57, stock="AC", discard="JC")
    view = game.view(0)
    assert view.hand == tuple(hand(game, 0)) and view.discard_top == "JC" and view.stock_count == 31
    assert view.phase == "offer" and view.facts["knock value"] == "10" and view.facts["upcard"] == "JC"
    assert view.own_facts["deadwood"] == "9"
    assert view.legal_moves == ("take", "pass")
    other = game.view(1)
    assert other.hand == tuple(hand(game, 1)) and other.legal_moves == ()
    assert not set(other.hand) & set(view.hand)
    assert game.view(None).hand == () and game.view(None).own_facts == {}


def test_the_header_names_the_upcard_only_while_it_matters():
    """Playtest: the header kept 'upcard: 10S' long after the card was buried."""
    game = drawn(start(ANN_GIN, BOB_57, stock="AC", discard="JC"))
    assert "upcard" not in game.view(0).facts and "first upcard" not in game.view(0).facts
    okla = drawn(start(UNDER_ANN, None, stock="KD", discard="5H", rules={"oklahoma": True}))
    assert okla.view(0).facts["first upcard"] == "5H"  # it set this hand's knock value


def test_record_and_replay_through_a_knock():
    game = choice_game(manual_layoffs=True, knocker_lays_melds=True)
    game.play("meld KS KD KC")
    game.play("meld AH 2H 3H")
    assert game.phase == "layoff"
    game.play("pass")
    text = game.record()
    again = replay(text)
    assert again.snapshot() == game.snapshot() and again.record() == text
    assert melds(again) == melds(game)


def test_registered_with_its_rules_text():
    spec = next(s for s in all_games() if s.id == "gin")
    assert (spec.min_players, spec.max_players, spec.title) == (2, 2, "Gin Rummy")
    assert {"knock", "gin", "biggin", "pass", "layoff"} <= {v.name for v in spec.verbs}
    out = io.StringIO()
    assert main(["rules", "gin"], out=out) == 0
    text = out.getvalue()
    assert "Gin Rummy" in text and "`knock_value`" in text and "biggin" in text


# ----------------------------------------------------------------------------- the bound


def test_the_unmatched_floor_never_hides_a_knock():
    """The shortcut that skips the exact solver is a true lower bound, on random hands."""
    deck = list(make_deck(1, 0))
    rng = random.Random(5)
    game = new_game("gin", ["Ann", "Bob"], seed=1)
    for ace_high in (False, True):
        rules = type(game.mrules)(ace_high=ace_high, max_wilds=0, ace_both_ends="never")
        for _ in range(1500):
            cards = rng.sample(deck, 11)
            total, top = unmatched_floor(cards, ace_high)
            assert total <= best_arrangement(cards, rules, card_value).penalty
            _, best = best_discard(cards, rules, card_value)
            assert total - top <= best.penalty


def meld_rich_hand(rng: random.Random, deck: list) -> list:
    """Eleven distinct cards, most of them in two or three random runs and sets."""
    cards: list = []
    by_name = {c.name: c for c in deck}
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    while len(cards) < 9:
        if rng.random() < 0.5:
            suit, start, size = rng.choice("SHDC"), rng.randrange(13), rng.choice((3, 3, 4, 5))
            group = [by_name[ranks[(start + k) % 13] + suit] for k in range(size)]
        else:
            rank = rng.choice(ranks)
            group = [by_name[rank + s] for s in rng.sample("SHDC", rng.choice((3, 3, 4)))]
        cards.extend(c for c in group if c not in cards and len(cards) < 11)
    cards.extend(rng.sample([c for c in deck if c not in cards], 11 - len(cards)))
    rng.shuffle(cards)
    return cards


def test_listed_endings_match_the_solver_card_by_card():
    """The bounds that spare solver calls never change what is listed: every knock, gin and
    big gin is checked against the solver's count for each discard."""
    deck = list(make_deck(1, 0))
    rng = random.Random(7)
    for case in range(400):
        cards = meld_rich_hand(rng, deck)
        rules = {"knock_value": rng.choice((10, 10, 5, 0)), "aces_low_only": rng.random() < 0.7}
        names = [c.name for c in cards]
        taking = case % 3 == 0  # take the 11th card from the pile: it may not be thrown back
        deal = {"hands": [" ".join(names[:10]), None]}
        if taking:
            deal["discard"] = names[10]
        else:
            deal["stock"] = names[10]
        game = new_game("gin", ["Ann", "Bob"], seed=case, rules=rules, deal=deal)
        if taking:
            game.play("take")
        else:
            drawn(game)
        mrules = game.mrules
        held = list(game.hand(0))
        expected = set()
        if best_arrangement(held, mrules, card_value).penalty == 0:
            expected.add("biggin")
        for c in held:
            if taking and c.name == names[10]:
                continue
            left = best_arrangement([h for h in held if h is not c], mrules, card_value).penalty
            if left == 0:
                expected.add(f"gin {c.name}")
            elif left <= rules["knock_value"]:
                expected.add(f"knock {c.name}")
        assert ends(game) == expected, (names, rules, taking)
