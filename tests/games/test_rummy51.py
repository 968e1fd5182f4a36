"""Rummy 51 rules tests, through the public engine API only.

Every conformance case of ``shared/rules/rummy51.md`` (R-01 ... R-15), every toggle of
``Rummy51Rules`` on and off with a difference one can see, the presets, the scoring table of
the seed page, and the error contract (IllegalMove, InvalidNotation, InvalidRules). Positions
are built with stacked deals: a hand given as a string is exact, the stock lists its top card
first, the discard pile lists its top card last, and ``cut`` lists the cards shown at the cut.
Seat 0 plays first: it holds the stacked hand as dealt and starts by discarding, without a draw.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest
from support import (
    deck,
    discards,
    draw,
    hand,
    legal,
    melds,
    pass_turn,
    play,
    random_to_deal_end,
    refusals,
    refused,
    rest_of,
    run_cli,
    stacked,
    state,
)
from support import names as cards

from cardtable.engine import (
    Game,
    InvalidNotation,
    InvalidRules,
    new_game,
    replay,
)

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")

# Ann opens with exactly 51 on her first action: 10 + 10 + 10 and 7 + 7 + 7.
OPEN_51 = "QH KH AH 7S 7D 7C"
OPEN_51_MELDS = "meld QH KH AH / 7S 7D 7C"
# Hands that never meld (no two cards of a rank, no three of a suit).
IDLE = "2S 5D 8H JC KS 4H 9C"
IDLE_B = "3S 6D 9H QC AD 5H 10C"
IDLE_C = "4S 7D 10H KC 2D 6H JS"

# ----------------------------------------------------------------------------- helpers


start = partial(stacked, "rummy51", seats=NAMES)
"""``start(hands, **deal_and_rules)``: a new game from a stacked deal (seat 0 plays first)."""


def rest_of_deck(*used: str, jokers: int = 4) -> list[str]:
    """The card names of the deck that are not in ``used`` (in a fixed order)."""
    return rest_of(sorted(deck(2, jokers)), *used)


def finish_hand(game, rng: random.Random) -> None:
    """Random legal moves until the hand (or the match) is over."""
    random_to_deal_end(game, rng, 5_000)


def value_of(game, number: int) -> int:
    """The opening value of table meld ``number`` as the view shows it."""
    return game.view(0).melds[number - 1].value


# ----------------------------------------------------------------------------- deal


def test_r01_deal_size_four_players():
    game = new_game("rummy51", players=list(NAMES[:4]), seed=5, rules={"cut_joker_to_cutter": False})
    assert [len(game.hand(s)) for s in range(4)] == [15, 14, 14, 14]
    view = game.view(0)
    assert view.stock_count == 108 - 57 == 51
    assert view.discard_count == 0 and view.discard_top is None
    assert game.to_act == 0 and game.phase == "play"


def test_r01_cut_joker_goes_to_the_cutter_who_is_dealt_one_fewer():
    # Four players: Dan (seat 3) deals, Cat (seat 2, on his right) cuts, Ann plays first.
    game = start([None] * 4, cut="JK 5D")
    assert [len(game.hand(s)) for s in range(4)] == [15, 14, 14, 14]
    assert "JK" in hand(game, 2)
    view = game.view(1)
    assert view.stock_count == 51
    assert view.facts["stock bottom"] == "5D"
    assert "Cat cut JK and keeps it" in view.log
    assert [s.badges for s in view.seats][3] == ("dealer",)


def test_cut_joker_in_a_random_deal():
    """Some seed shows a joker at the cut: the cutter holds it and still has 14 cards."""
    for seed in range(300):
        game = new_game("rummy51", players=list(NAMES[:4]), seed=seed)
        if any("cut JK" in line for line in game.view(None).log):
            break
    else:
        raise AssertionError("no seed in 300 shows a joker at the cut")
    assert "JK" in hand(game, 2)
    assert [len(game.hand(s)) for s in range(4)] == [15, 14, 14, 14]
    assert game.view(None).stock_count == 51
    assert game.view(None).facts["stock bottom"] != "JK"


BOB_13 = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


@pytest.mark.parametrize(("on", "cut", "bob", "bottom"), [(True, "JK 5D", 14, "5D"), (False, "JK", 13, "JK")])
def test_cut_joker_to_cutter(on, cut, bob, bottom):
    # Three players: Cat (seat 2) deals and Bob (seat 1, on her right) cuts.
    game = start([None, BOB_13, None], cut=cut, rules={"cut_joker_to_cutter": on})
    assert len(game.hand(1)) == bob
    assert hand(game, 1) == cards(BOB_13) + (["JK"] if on else [])
    assert game.view(0).facts["stock bottom"] == bottom
    assert [len(game.hand(s)) for s in (0, 2)] == [15, 14]


def test_cut_toggle_off_shows_one_card_only():
    with pytest.raises(InvalidRules, match="nothing may follow"):
        start([None, None, None], cut="JK 5D", rules={"cut_joker_to_cutter": False})


def test_a_stacked_deal_without_a_cut_has_no_face_up_card():
    game = start(["7H 8H 9H", "2S 3S 4S"])
    assert "stock bottom" not in game.view(0).facts
    assert game.view(0).stock_count == 108 - 6


def test_the_card_shown_at_the_cut_is_the_last_card_drawn():
    big = rest_of_deck("5D")
    ann, bob, left = " ".join(big[:50]), " ".join(big[50:100]), big[100:]
    game = start([ann, bob], cut="5D")
    assert game.view(1).stock_count == len(left) + 1 == 8
    game.play(f"discard {hand(game, 0)[0]}")
    drawn = [pass_turn(game) for _ in range(8)]
    assert sorted(drawn[:7]) == sorted(left) and drawn[7] == "5D"
    assert any("drew the face-up 5D" in line for line in game.view(0).log)
    assert "stock bottom" not in game.view(0).facts


def test_first_player_starts_by_discarding_without_a_draw():
    game = start([f"{IDLE} 3C 6D 10H", "2C 4D 7H 9S"], stock="QD")
    assert game.phase == "play" and "draw" not in legal(game)
    assert game.view(0).status == "Ann: you start with 15 cards: meld if you can, then discard one"
    refused(game, "draw", "starts with 15 cards", "no draw")
    refused(game, "take", "no draw")
    game.play("discard 3C")
    assert game.view(1).discard_top == "3C" and game.view(1).discard_count == 1
    assert game.to_act == 1 and game.phase == "draw"
    assert legal(game) == {"draw", "take"}
    assert draw(game) == "QD"


def test_first_player_may_meld_before_the_first_discard():
    game = start([f"{OPEN_51} {IDLE}", None])
    game.play(OPEN_51_MELDS)
    assert "Ann opened with 51 points" in game.view(0).log
    game.play("discard KS")
    assert game.to_act == 1 and len(game.hand(0)) == 6


@pytest.mark.parametrize(
    ("direction", "dealer", "order"),
    [("clockwise", 2, [1, 2, 0]), ("counter-clockwise", 1, [2, 1, 0])],
)
def test_direction(direction, dealer, order):
    game = start([IDLE, IDLE_B, IDLE_C], stock="3D 6C 10S", rules={"direction": direction})
    assert game.view(0).seats[dealer].badges == ("dealer",)
    game.play("discard KS")
    seen = [game.to_act]
    pass_turn(game)
    seen.append(game.to_act)
    pass_turn(game)
    seen.append(game.to_act)
    assert seen == order


def test_counter_clockwise_cutter_sits_on_the_dealers_left():
    # Three players, counter-clockwise: Bob (1) deals, Ann (0) plays first, Cat (2) cuts.
    game = start([None] * 3, cut="JK 5D", rules={"direction": "counter-clockwise"})
    assert "Cat cut JK and keeps it" in game.view(0).log
    assert [len(game.hand(s)) for s in range(3)] == [15, 14, 14]


def ann_goes_out_on_her_second_turn(stock: str, rules: dict[str, Any] | None = None) -> Game:
    """Ann opens with 51 and discards 9D; Bob and Cat pass; Ann draws, melds 4C 5C 6C and goes
    out discarding the third card of ``stock`` (the first two went to Bob and Cat)."""
    game = start([f"{OPEN_51} 4C 5C 6C 9D", IDLE_B, IDLE_C], stock=stock, rules=rules)
    game.play(OPEN_51_MELDS)
    game.play("discard 9D")
    pass_turn(game)
    pass_turn(game)
    draw(game)
    game.play("meld 4C 5C 6C")
    game.play(f"discard {stock.split()[2]}")
    return game


@pytest.mark.parametrize(("direction", "first"), [("clockwise", 1), ("counter-clockwise", 2)])
def test_the_next_dealer_is_the_player_who_went_first(direction, first):
    game = ann_goes_out_on_her_second_turn("3D 6C 2H", {"direction": direction})
    assert game.phase == "deal-over"
    game.play("next")
    assert game.view(0).seats[0].badges == ("dealer",)
    assert game.to_act == first and len(game.hand(first)) == 15
    assert game.view(0).facts["hand"] == "2 of 12"


# ----------------------------------------------------------------------------- opening


def test_r03_opening_at_exactly_51():
    game = start([f"{OPEN_51} {IDLE}", None])
    game.play("meld QH KH AH")
    assert game.view(0).facts["opening"] == "30 / 51"
    assert game.view(1).facts["opening"] == "30 / 51"  # the melds are on the table for all to see
    refused(game, "discard KS", "30", "51", "cancel")
    assert not discards(game) and "cancel" in legal(game)
    game.play("meld 7S 7D 7C")
    view = game.view(0)
    assert [m.value for m in view.melds] == [30, 21]
    assert "Ann opened with 51 points" in view.log
    assert "opened" in view.seats[0].badges and "opening" not in view.facts
    assert "discard KS" in legal(game) and "cancel" not in legal(game)


def test_48_points_do_not_open_and_cancel_takes_them_back():
    game = start([f"QH KH AH 6S 6D 6C {IDLE}", None])
    before = sorted(hand(game, 0))
    game.play("meld QH KH AH / 6S 6D 6C")
    assert game.view(0).facts["opening"] == "48 / 51"
    refused(game, "discard KS", "48", "short of the 51")
    game.play("cancel")
    assert melds(game) == [] and sorted(hand(game, 0)) == before
    assert game.view(0).facts["opening"] == "0 / 51"
    game.play("discard KS")
    assert game.to_act == 1 and "Ann: cancel" in game.record()


def test_tens_count_ten_and_so_do_aces():
    game = start([f"10H JH QH AS AH AD {IDLE}", None])
    game.play("meld 10H JH QH / AS AH AD")
    assert [value_of(game, 1), value_of(game, 2)] == [30, 30]
    assert "Ann opened with 60 points" in game.view(0).log


def test_a_joker_counts_the_card_it_stands_for():
    game = start([f"QH JK AH 7S 7D JK {IDLE}", None])
    game.play("meld QH JK AH / 7S 7D JK=7C")
    view = game.view(0)
    assert view.melds[0].stands_for == ("QH", "KH", "AH")
    assert [m.value for m in view.melds] == [30, 21]
    assert "Ann opened with 51 points" in view.log


def test_melds_must_reach_51_in_one_turn():
    game = start([f"QH KH AH 9S 9D {IDLE}", IDLE_B], stock="4D 9C")
    play(game, "meld QH KH AH", "cancel", "discard KS")
    pass_turn(game)
    assert draw(game) == "9C"
    game.play("meld 9S 9D 9C")
    assert game.view(0).facts["opening"] == "27 / 51"
    game.play("meld QH KH AH")
    assert "Ann opened with 57 points" in game.view(0).log


def test_opening_minimum():
    def first_action(minimum):
        game = start([f"QH KH AH 8S 8D 8C {IDLE}", None], rules={"opening_minimum": minimum})
        game.play("meld QH KH AH / 8S 8D 8C")
        return game

    low = first_action(40)
    assert "Ann opened with 54 points" in low.view(0).log and discards(low)
    high = first_action(60)
    assert high.view(0).facts["opening"] == "54 / 60" and not discards(high)
    refused(high, "discard KS", "54", "short of the 60")
    assert first_action(51).view(0).seats[0].badges == ("opened",)


# ----------------------------------------------------------------------------- meld validity


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("2C#1 2D 2C#2", "twice"),  # a book never repeats a suit
        ("2C 2D 2C", "twice"),
        ("KD AD 2D", "never in the middle"),  # no wrap-around
        ("KS KD KC KH KS", "at most 4"),
        ("7H 8H", "at least 3"),
        ("7H 8H 10H", "missing"),
        ("7H 8S 9H", "neither a run"),
        ("JK JK JK", "natural"),
    ],
)
def test_invalid_melds_are_refused(text, fragment):
    game = start(["2C 2D 2C KD AD 2D KS KD KC KH KS 7H 8H 10H 8S 9H JK JK JK", None])
    refused(game, f"meld {text}", fragment)
    assert melds(game) == []


def test_r05_a_book_with_a_repeated_suit_is_never_listed():
    game = start(["2C 2D 2C 9S 5H KD", None])
    assert not any(m.startswith("meld") for m in legal(game))
    refused(game, "meld 2C#1 2D 2C#2", "2C appears twice")


@pytest.mark.parametrize(("text", "value"), [("QD KD AD", 30), ("AD 2D 3D", 15), ("2D 3D 4D", 9)])
def test_r13_runs_with_a_low_or_high_ace(text, value):
    game = start([f"{text} {IDLE}", None])
    assert f"meld {text}" in legal(game)
    game.play(f"meld {text}")
    assert value_of(game, 1) == value
    assert game.view(0).facts["opening"] == f"{value} / 51"


def test_r13_a_wrap_around_run_is_never_listed():
    game = start(["KD AD 2D 5S 9C", None])
    assert not any("KD" in m and "AD" in m for m in legal(game) if m.startswith("meld"))


def test_joker_in_a_book_of_three_must_be_named():
    game = start([f"7H 7S JK {IDLE}", None])
    refused(game, "meld 7H 7S JK", "name the joker", "JK=7D", "JK=7C")
    assert {"meld 7S 7H JK=7D", "meld 7S 7H JK=7C"} <= legal(game)
    refused(game, "meld 7H 7S JK=7S", "already in the set")
    game.play("meld 7H 7S JK=7C")
    assert game.view(0).melds[0].stands_for == ("7S", "7H", "7C")


# ----------------------------------------------------------------------------- lay-offs


def opened_with(extra: str, bob: str = IDLE_B, stock: str = "2H 3D", rules=None, bob_extra: str = ""):
    """Ann opens on her first action with [QH KH AH] and [7S 7D 7C], keeping ``extra`` and
    discarding 10S; Bob then draws (the stock's first card) and is to play."""
    game = start([f"{OPEN_51} {extra} 10S", f"{bob} {bob_extra}".strip()], stock=stock, rules=rules)
    game.play(OPEN_51_MELDS)
    game.play("discard 10S")
    game.play("draw")
    return game


def test_lay_off_only_once_opened_on_anyones_melds():
    game = opened_with("9D", bob="JH 7H KS KD KC 2S 5D", stock="3C")
    refused(game, "layoff 1 JH", "only after you have opened")
    game.play("meld KS KD KC")
    refused(game, "layoff 1 JH", "only after you have opened")  # 30: short of 51
    game.play("cancel")
    game.play("discard 3C")
    assert game.to_act == 0


def test_lay_offs_do_not_count_towards_the_opening_but_follow_it_in_the_same_turn():
    game = start([f"{OPEN_51} JH 7H 8C {IDLE}", None])
    refused(game, "layoff 1 JH", "no table meld 1")
    game.play("meld QH KH AH")
    refused(game, "layoff 1 JH", "only after you have opened")
    game.play("meld 7S 7D 7C")
    assert {"layoff 1 JH", "layoff 2 7H"} <= legal(game)
    game.play("layoff 1 JH")
    game.play("layoff 2 7H")
    assert melds(game) == ["[JH QH KH AH]", "[7S 7H 7D 7C]"]
    assert "Ann opened with 51 points" in game.view(0).log


def test_a_book_lay_off_never_repeats_a_suit():
    game = start([f"2C 2D 2H {OPEN_51} 2C 2S 2D {IDLE}", None])
    game.play(f"meld 2C 2D 2H / {OPEN_51_MELDS[5:]}")
    assert "layoff 1 2C" not in legal(game)
    refused(game, "layoff 1 2C", "may not hold two cards of one suit")
    game.play("layoff 1 2S")
    assert game.view(0).melds[0].cards == ("2S", "2H", "2D", "2C")
    refused(game, "layoff 1 2D", "full book")


# ----------------------------------------------------------------------------- joker limits


def joker_game(rules=None, extra: str = ""):
    """Ann's first action with three jokers in hand."""
    return start([f"7H 8H 10H JK JK JK 7S 7D QS KS AS {extra} {IDLE}", None], rules=rules)


def test_joker_limit_naturals_at_least_jokers_is_the_default():
    game = joker_game()
    refused(game, "meld 7H JK JK", "at least as many natural cards")
    assert not any(m.startswith("meld") and m.count("JK") > 1 and len(m.split()) == 4 for m in legal(game))
    game.play("meld 7H 8H JK JK")
    assert game.view(0).melds[0].stands_for == ("7H", "8H", "9H", "10H")
    game.play("meld 7S 7D JK=7C / QS KS AS")
    refused(game, "layoff 1 10H", "does not fit")
    assert melds(game)[1] == "[7S 7D JK(=7C)]"


def test_joker_limit_blocks_a_lay_off_that_would_outnumber_the_naturals():
    game = joker_game()
    game.play("meld 7H 8H JK JK / QS KS AS")  # 34 + 30: opened
    assert not any(m.startswith("layoff 1 JK") for m in legal(game))
    refused(game, "layoff 1 JK", "more jokers than natural cards")
    assert "layoff 2 JK=JS" in legal(game)  # [QS KS AS] has room for one
    assert "swap 1 10H" in legal(game)  # and the natural 10H may take back its place


def test_joker_limit_unlimited():
    game = joker_game({"joker_limit": "unlimited"})
    game.play("meld 7H JK JK")
    assert melds(game) == ["[7H JK(=8H) JK(=9H)]"]
    game.play("meld 7S 7D JK=7C / QS KS AS")
    assert "Ann opened with 75 points" in game.view(0).log


def test_joker_limit_one_per_meld():
    game = joker_game({"joker_limit": "one_per_meld"})
    refused(game, "meld 7H 8H JK JK", "only one")
    game.play("meld 7H 8H JK / QS KS AS")
    refused(game, "layoff 1 JK", "already holds a joker")
    assert not any(m.count("JK") > 1 for m in legal(game))


def test_joker_limit_no_adjacent_in_run():
    game = joker_game({"joker_limit": "no_adjacent_in_run"})
    refused(game, "meld 7H JK JK 10H", "side by side")
    refused(game, "meld 7S JK=7D JK=7C", "at least as many natural cards")
    game.play("meld 7H 8H JK JK")  # read as JK 7H 8H JK, the jokers apart
    assert melds(game) == ["[JK(=6H) 7H 8H JK(=9H)]"]
    game.play("meld QS KS AS")
    refused(game, "layoff 1 JK", "side by side")


def test_joker_limit_adjacent_jokers_allowed_by_default():
    game = joker_game()
    game.play("meld 7H JK JK 10H")
    assert melds(game) == ["[7H JK(=8H) JK(=9H) 10H]"]


# ----------------------------------------------------------------------------- ace at both ends

SUIT_H = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


@pytest.mark.parametrize("on", [False, True])
def test_ace_both_ends_in_run(on):
    game = start([f"{SUIT_H} AH 5C", None], rules={"ace_both_ends_in_run": on})
    if not on:
        refused(game, f"meld {SUIT_H} AH", "at most 13 cards")
        game.play(f"meld {SUIT_H}")
        assert "layoff 1 AH" not in legal(game)
        refused(game, "layoff 1 AH", "does not fit")
        return
    game.play(f"meld {SUIT_H} AH")
    view = game.view(0)
    assert len(view.melds[0].cards) == 14 and view.melds[0].value == 10 + 54 + 30 + 10
    assert hand(game, 0) == ["5C"]


def test_ace_both_ends_by_lay_off():
    game = start([f"{SUIT_H} AH 5C 9S", None], rules={"ace_both_ends_in_run": True})
    game.play(f"meld {SUIT_H}")
    game.play("layoff 1 AH")
    assert melds(game) == [f"[{SUIT_H} AH]"]


# ----------------------------------------------------------------------------- one text, one move


@pytest.mark.parametrize(
    ("ann", "meld", "table"),
    [
        # JK=AH cannot say which ace: the run is read with the joker as the high ace
        (
            f"2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK {IDLE}",
            "JK=AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "KH JK(=AH)]",
        ),
        # AH JK 3H ... QH is A-2-...-Q or 3-...-K-A: read with the ace high
        (
            f"AH JK 3H 4H 5H 6H 7H 8H 9H 10H JH QH {IDLE}",
            "AH JK 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "JK(=KH) AH]",
        ),
    ],
)
def test_a_run_whose_ace_could_sit_at_either_end_is_listed_once(ann, meld, table):
    game = start([ann, None])
    moves = game.legal_moves()
    assert len(set(moves)) == len(moves), "two listed moves share one notation"
    game.play(f"meld {meld}")
    assert melds(game)[0].endswith(table)
    assert replay(game.record()).view(0) == game.view(0)


def test_a_joker_laid_off_at_either_ace_of_a_2_to_k_run_is_listed_once():
    game = start([f"2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH {OPEN_51} JK {IDLE}", None])
    game.play(f"meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH / {OPEN_51_MELDS[5:]}")
    layoffs = [str(m) for m in game.legal_moves() if str(m).startswith("layoff 1 JK")]
    assert layoffs == ["layoff 1 JK=AH"]
    game.play("layoff 1 JK=AH")
    assert melds(game)[0] == "[2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK(=AH)]"
    assert replay(game.record()).view(0) == game.view(0)


# ----------------------------------------------------------------------------- taking a joker

ANN_JOKER_RUN = f"5S JK 7S QH KH AH 2C 3C 4C 9D {IDLE}"
ANN_JOKER_MELDS = "meld 5S JK 7S / QH KH AH / 2C 3C 4C"


def joker_on_table(bob: str, rules=None, stock: str = "8D 2H 3H"):
    """Ann opens with [5S JK(=6S) 7S] as meld 1 and discards 9D; Bob has drawn 8D."""
    game = start([ANN_JOKER_RUN, bob], stock=stock, rules=rules)
    game.play(ANN_JOKER_MELDS)
    game.play("discard 9D")
    assert draw(game) == "8D"
    assert melds(game)[0] == "[5S JK(=6S) 7S]"
    return game


def test_r07_anyone_may_take_the_joker_and_keep_it_for_later():
    game = joker_on_table(f"6S {IDLE_B}")
    assert "opened" not in game.view(1).seats[1].badges
    assert "swap 1 6S" in legal(game)
    game.play("swap 1 6S")
    assert melds(game)[0] == "[5S 6S 7S]"
    assert "JK" in hand(game, 1) and "6S" not in hand(game, 1)
    assert game.view(1).own_facts == {}
    assert "discard 8D" in legal(game)
    game.play("discard 8D")
    pass_turn(game)
    assert draw(game) == "3H"
    assert "JK" in hand(game, 1)
    assert "meld 3S 3H JK=3D" in legal(game)  # a later turn may use it


def test_r07_joker_must_be_used_now_and_cancel_puts_it_back():
    game = joker_on_table(f"6S {IDLE_B}", rules={"joker_must_be_used_now": True})
    game.play("swap 1 6S")
    assert game.view(1).own_facts == {"must use": "JK"}
    assert game.view(0).own_facts == {}
    assert not discards(game)
    refused(game, "discard JK", "JK was taken this turn and must be melded")
    refused(game, "discard 8D", "first meld or lay off JK")
    game.play("meld 6D JK 8D")
    refused(game, "discard 9H", "21", "short of the 51")
    game.play("cancel")
    assert melds(game) == ["[5S JK(=6S) 7S]", "[QH KH AH]", "[2C 3C 4C]"]
    assert "6S" in hand(game, 1) and "JK" not in hand(game, 1)
    assert game.view(1).own_facts == {} and "discard 8D" in legal(game)


def test_r07_joker_must_be_used_now_in_an_opening():
    game = joker_on_table(f"6S KS KD QS QD QC {IDLE_B}", rules={"joker_must_be_used_now": True})
    game.play("swap 1 6S")
    assert not discards(game)
    game.play("meld KS KD JK=KC / QS QD QC")
    assert "Bob opened with 60 points" in game.view(1).log
    assert "cancel" not in legal(game) and "discard 8D" in legal(game)


def test_r07_joker_take_requires_opened():
    game = joker_on_table(f"6S KS KD KC QS QD QC {IDLE_B}", rules={"joker_take_requires_opened": True})
    assert "swap 1 6S" not in legal(game)
    refused(game, "swap 1 6S", "only after you have opened")
    game.play("meld KS KD KC / QS QD QC")
    game.play("swap 1 6S")
    assert "JK" in hand(game, 1)


def test_swap_needs_the_card_the_joker_stands_for():
    game = joker_on_table(f"6S 6H {IDLE_B}")
    refusals(
        game,
        ("swap 1 6H", "no joker standing for 6H"),
        ("swap 2 6S", "no joker standing for 6S"),
        ("swap 1 8S", "you do not hold 8S"),
    )


# ----------------------------------------------------------------------------- the discard


def test_a_taken_discard_may_be_kept_by_default():
    game = opened_with("4C 5C 6C", stock="2H 3D")
    game.play("discard 2H")
    assert game.to_act == 0
    pass_turn(game)  # Ann throws 3D
    assert legal(game) == {"draw", "take"}
    game.play("take")
    assert "3D" in hand(game, 1) and game.view(1).own_facts == {}
    game.play("discard 5H")
    assert "3D" in hand(game, 1)


def test_discard_must_be_used_refuses_an_unusable_discard():
    game = start([f"{OPEN_51} 9D {IDLE}", IDLE_B], rules={"discard_must_be_used": True})
    game.play(OPEN_51_MELDS)
    game.play("discard 9D")
    assert legal(game) == {"draw"}
    refused(game, "take", "take 9D only if you can meld or lay it off")
    assert game.view(1).status == "Bob: draw from the stock"


def test_a_free_discard_is_offered_on_every_screen():
    # without discard_must_be_used anyone may take it, so every screen says so
    game = opened_with("4C 5C 6C")
    game.play("discard 2H")
    assert {game.view(s).status for s in (0, 1, None)} == {"Ann: draw from the stock or take 2H"}


def test_discard_must_be_used_before_opening_means_in_the_opening():
    game = start([f"{OPEN_51} 9D {IDLE}", f"9S {IDLE_B}"], rules={"discard_must_be_used": True})
    game.play(OPEN_51_MELDS)
    game.play("discard 9D")
    assert game.view(1).status == "Bob: draw from the stock or take 9D"
    assert game.view(0).status == "Bob: draw from the stock"  # Bob's hand decides it: not for Ann
    game.play("take")
    assert game.view(1).own_facts == {"must use": "9D"}
    refused(game, "discard 9D", "9D was taken this turn and must be melded")
    refused(game, "discard 5H", "first meld or lay off 9D")
    game.play("meld 9S 9H 9D")
    refused(game, "discard 5H", "27", "short of the 51")
    game.play("cancel")
    assert game.phase == "draw" and game.view(1).discard_top == "9D"
    assert "9D" not in hand(game, 1) and legal(game) == {"draw", "take"}


def test_discard_must_be_used_after_opening_means_a_lay_off():
    game = opened_with("4C 5C 6C", stock="JH 3D", rules={"discard_must_be_used": True})
    game.play("discard JH")
    game.play("take")
    assert not discards(game) and "cancel" not in legal(game)
    refused(game, "discard 4C", "first meld or lay off JH")
    game.play("layoff 1 JH")
    assert melds(game)[0] == "[JH QH KH AH]" and "discard 4C" in legal(game)


# ----------------------------------------------------------------------------- first rounds


@pytest.mark.parametrize("rounds", [0, 2])
def test_no_open_first_rounds(rounds):
    game = start([f"{OPEN_51} {IDLE}", IDLE_B], rules={"no_open_first_rounds": rounds})
    if rounds == 0:
        assert "opening from" not in game.view(0).facts
        game.play(OPEN_51_MELDS)
        assert "Ann opened with 51 points" in game.view(0).log
        return
    assert game.view(1).facts["opening from"] == "round 3"
    assert not any(m.startswith("meld") for m in legal(game))
    refused(game, OPEN_51_MELDS, "first 2 rounds")
    assert game.view(0).status == "Ann: you start with 15 cards: meld if you can, then discard one"
    game.play("discard KS")
    pass_turn(game)
    card = draw(game)
    refused(game, "meld QH KH AH", "first 2 rounds")
    assert game.view(0).status == "Ann: nobody may open in the first 2 rounds: discard"
    game.play(f"discard {card}")
    pass_turn(game)
    draw(game)
    assert "opening from" not in game.view(0).facts
    game.play(OPEN_51_MELDS)
    assert "Ann opened with 51 points" in game.view(0).log


# ----------------------------------------------------------------------------- going out


def test_r15_going_out_needs_a_final_discard():
    game = opened_with("4C 5C 6C", stock="2H 7C")
    game.play("discard 2H")
    assert draw(game) == "7C"
    assert "meld 4C 5C 6C 7C" not in legal(game)
    refused(game, "meld 4C 5C 6C 7C", "keep a card to discard")
    game.play("meld 4C 5C 6C")
    assert legal(game) == {"discard 7C"}  # laying off the last card is not listed
    game.play("discard 7C")
    assert game.phase == "deal-over"
    assert game.deal_scores == ((-40, 100),)


def test_final_discard_not_required_melding_the_last_cards_goes_out():
    game = opened_with("4C 5C 6C", stock="2H 7C", rules={"final_discard_required": False})
    game.play("discard 2H")
    draw(game)
    game.play("meld 4C 5C 6C 7C")
    assert game.phase == "deal-over" and game.deal_scores == ((-40, 100),)
    assert "Ann went out (-40)" in game.view(1).result


@pytest.mark.parametrize("required", [True, False])
def test_final_discard_and_the_last_lay_off(required):
    game = start(
        [f"{OPEN_51} 5C 6C 7C 4C 10S", IDLE_B], stock="2H 3C", rules={"final_discard_required": required}
    )
    game.play(f"{OPEN_51_MELDS} / 5C 6C 7C")
    game.play("discard 10S")
    pass_turn(game)
    assert draw(game) == "3C"
    game.play("layoff 3 4C")
    if required:
        refused(game, "layoff 3 3C", "keep a card to discard")
        game.play("discard 3C")
    else:
        game.play("layoff 3 3C")
        assert melds(game)[2] == "[3C 4C 5C 6C 7C]"
    assert game.phase == "deal-over" and game.deal_scores == ((-40, 100),)


# ----------------------------------------------------------------------------- scoring

CAT_OPENS = "KS KD KC QS QD QC"


def r09(cat_keeps: str = "KD 5C JK", rules=None):
    """R-09: Ann opens on her first action, Bob never opens, Cat opens keeping ``cat_keeps``,
    then Ann goes out normally on her second turn."""
    game = start(
        [f"{OPEN_51} 4C 5C 6C 9D", IDLE_B, f"{CAT_OPENS} {cat_keeps}"], stock="2H 8S 10S", rules=rules
    )
    game.play(OPEN_51_MELDS)
    game.play("discard 9D")
    pass_turn(game)
    assert draw(game) == "8S"
    game.play("meld KS KD KC / QS QD QC")
    game.play("discard 8S")
    assert hand(game, 2) == cards(cat_keeps)
    assert draw(game) == "10S"
    game.play("meld 4C 5C 6C")
    game.play("discard 10S")
    return game


def test_r09_normal_out():
    game = r09()
    assert game.deal_scores == ((-40, 100, 40),)
    assert game.scores == (-40, 100, 40)
    view = game.view(None)
    assert game.phase == "deal-over"
    assert view.result == "Ann went out (-40) — Bob 100, Cat 40."
    assert view.seats[2].badges == ("opened",) and view.seats[1].badges == ()
    assert legal(game) == {"next"}


def test_r11_out_while_nobody_else_had_opened():
    game = ann_goes_out_on_her_second_turn("2H 8S 10S")
    assert game.deal_scores == ((-40, 100, 100),)


# Cat melds her 14 cards plus the card she draws, all on one turn: 9 + 9 + 14 + 14 = 46.
ALL_AT_ONCE = "2H 3H 4H 2S 3S 4S 2C 3C 4C 5C 2D 3D 4D 5D"
ALL_AT_ONCE_MELDS = "meld 2H 3H 4H / 2S 3S 4S / 2C 3C 4C 5C / 2D 3D 4D 5D"


def at_once(rules=None):
    """Ann opens keeping KD 5C JK, Bob passes, Cat has drawn 9S and melds 14 cards."""
    game = start([f"{OPEN_51} KD 5C JK 9D", IDLE_B, ALL_AT_ONCE], stock="10D 9S", rules=rules)
    game.play(OPEN_51_MELDS)
    game.play("discard 9D")
    pass_turn(game)
    assert draw(game) == "9S"
    game.play(ALL_AT_ONCE_MELDS)
    assert game.view(2).facts["opening"] == "46 / 51"
    return game


def test_out_all_at_once_without_opening_needs_no_51():
    game = at_once()
    assert "discard 9S" in legal(game)
    game.play("discard 9S")
    assert game.deal_scores == ((2 * 40, 200, -140),)
    assert game.view(0).result == "Cat went out all at once (-140) — Ann 80, Bob 200."


def test_all_at_once_needs_51():
    game = at_once({"all_at_once_needs_51": True})
    assert not discards(game)
    refused(game, "discard 9S", "46", "short of the 51", "going out at once needs 51")
    game.play("cancel")
    assert len(game.hand(2)) == 15


def test_opening_and_going_out_in_the_same_turn_is_all_at_once():
    game = start(["QH KH AH 7S 7D 7C 7H 2C 3C 4C 5C 9H 10H JH 9S", IDLE_B])
    game.play("meld QH KH AH / 7S 7D 7C 7H / 2C 3C 4C 5C / 9H 10H JH")
    assert "Ann opened with 58 points" in game.view(0).log  # reached with the second meld
    game.play("discard 9S")
    assert game.deal_scores == ((-140, 200),)


def test_first_action_out_all_at_once():
    hand_ = f"{ALL_AT_ONCE} 9S"
    game = start([hand_, IDLE_B])
    game.play(ALL_AT_ONCE_MELDS)
    game.play("discard 9S")
    assert game.deal_scores == ((-140, 200),)


@pytest.mark.parametrize(
    ("ace", "opening", "low_run", "cat"),
    [("10", 30, 15, 10 + 5 + 25), ("11", 31, 16, 11 + 5 + 25), ("11/1", 31, 6, 11 + 5 + 25)],
)
def test_ace_value(ace, opening, low_run, cat):
    game = r09(cat_keeps="AD 5C JK", rules={"ace_value": ace})
    assert value_of(game, 1) == opening  # [QH KH AH]
    assert game.deal_scores == ((-40, 100, cat),)
    runs = start([f"AH 2H 3H AS AC AD {IDLE}", None], rules={"ace_value": ace})
    runs.play("meld AH 2H 3H / AS AC AD")
    assert value_of(runs, 1) == low_run
    assert value_of(runs, 2) == 3 * (10 if ace == "10" else 11)


@pytest.mark.parametrize(("value", "cat"), [(25, 40), (20, 35), (50, 65)])
def test_joker_hand_value(value, cat):
    game = r09(rules={"joker_hand_value": value})
    assert game.deal_scores == ((-40, 100, cat),)


def test_scores_add_up_over_hands():
    game = r09()
    game.play("next")
    assert game.view(0).deal_number == 2 and game.scores == (-40, 100, 40)
    rng = random.Random(4)
    finish_hand(game, rng)
    assert len(game.deal_scores) == 2
    assert game.scores == tuple(sum(row[s] for row in game.deal_scores) for s in range(3))


# ----------------------------------------------------------------------------- the match


@pytest.mark.parametrize(
    ("players", "rules", "count"),
    [
        (2, {}, 8),
        (3, {}, 12),
        (2, {"hands": "n"}, 2),
        (4, {"hands": "n"}, 4),
        (2, {"hands": "custom", "custom_hands": 3}, 3),
        (2, {"custom_hands": 3}, 8),  # custom_hands counts only when hands is custom
    ],
)
def test_match_length(players, rules, count):
    game = new_game("rummy51", list(NAMES[:players]), rules=rules, seed=11)
    assert game.view(0).facts["hand"] == f"1 of {count}"
    rng = random.Random(3)
    for k in range(1, count + 1):
        finish_hand(game, rng)
        assert len(game.deal_scores) == k
        if k < count:
            assert not game.is_over and legal(game) == {"next"}
            game.play("next")
            assert game.view(0).facts["hand"] == f"{k + 1} of {count}"
    assert game.is_over and game.to_act is None and game.phase == "match-over"
    low = min(game.scores)
    assert game.outcome.winners == tuple(s for s in range(players) if game.scores[s] == low)
    names = " and ".join(game.players[s] for s in game.outcome.winners)
    verb = "has" if len(game.outcome.winners) == 1 else "share"
    hands = f"{count} hand{'s' if count > 1 else ''}"
    assert game.outcome.reason == f"after {hands} {names} {verb} the lowest total ({low})"
    assert game.scores == tuple(sum(row[s] for row in game.deal_scores) for s in range(players))


def test_after_the_match_every_move_is_refused():
    game = r09(rules={"hands": "custom", "custom_hands": 1})
    assert game.is_over and game.outcome.winners == (0,)
    assert game.legal_moves() == ()
    for move in ("next", "draw", "discard 7H"):
        refused(game, move, "the match is over")
    low = game.scores[0]
    # not "1 hands"; and the winner named (it said only "the lowest total wins")
    assert game.view(1).status == f"Match over: after 1 hand Ann has the lowest total ({low})."


def small_stock(rules=None, cut=None):
    """Ann and Bob hold 50 natural cards each; the stock is the other 8 (the jokers among them).
    Ann has made her first discard."""
    naturals = [c for c in rest_of_deck() if c != "JK"]
    game = start([" ".join(naturals[:50]), " ".join(naturals[50:100])], rules=rules, cut=cut)
    assert game.view(0).stock_count == 8
    game.play(f"discard {hand(game, 0)[0]}")
    return game


def run_the_stock(game, turns: int = 200) -> int:
    """Pass turns until the hand ends (or ``turns`` passes); returns how often the stock was rebuilt."""
    rebuilds = 0
    for _ in range(turns):
        if game.phase == "deal-over":
            break
        before = game.view(0).stock_count
        pass_turn(game)
        if before == 1 and game.phase != "deal-over":
            rebuilds += 1
    return rebuilds


def test_an_empty_stock_is_rebuilt_from_the_discards_but_their_top_card():
    game = small_stock()
    last = ""
    for _ in range(8):
        last = pass_turn(game)
    view = game.view(1)
    assert view.discard_count == 1 and view.discard_top == last
    assert view.stock_count == 8  # Ann's first discard and the seven before the last
    assert "the discard pile is shuffled into a new stock" in view.log


@pytest.mark.parametrize(("limit", "times", "text"), [(1, 1, "once"), (2, 2, "2 times")])
def test_max_stock_rebuilds(limit, times, text):
    game = small_stock({"max_stock_rebuilds": limit})
    assert run_the_stock(game) == times
    assert game.phase == "deal-over" and game.deal_scores == ((0, 0),)
    assert game.view(0).result == f"Hand 1 ends with no score: the stock ran out after being rebuilt {text}."
    game.play("next")  # a void hand still counts as one of the match's hands
    assert game.view(0).facts["hand"] == "2 of 8"


def test_max_stock_rebuilds_zero_rebuilds_for_ever():
    game = small_stock({"max_stock_rebuilds": 0})
    assert run_the_stock(game, turns=80) == 10  # the stock of 8 is rebuilt every 8 turns
    assert game.phase == "draw" and game.deal_scores == ()


def test_a_stock_with_nothing_to_rebuild_it_from_ends_the_hand():
    naturals = [c for c in rest_of_deck() if c != "JK"]
    rest = naturals[20:] + ["JK"] * 4
    hands = [" ".join(naturals[:20])] + [" ".join(rest[k::4]) for k in range(4)]
    game = start(hands)
    assert game.view(0).stock_count == 0
    game.play(f"discard {hand(game, 0)[0]}")
    assert game.deal_scores == ((0, 0, 0, 0, 0),)
    assert "no discards to rebuild it from" in game.view(0).result


@pytest.mark.parametrize(("jokers", "stock"), [(4, 108 - 29), (2, 106 - 29)])
def test_jokers(jokers, stock):
    game = new_game("rummy51", ["Ann", "Bob"], seed=2, rules={"jokers": jokers})
    assert game.view(0).stock_count == stock
    three = {"hands": ["JK JK JK 7H", None]}
    if jokers == 4:
        assert hand(new_game("rummy51", ["Ann", "Bob"], seed=2, deal=three), 0) == ["JK", "JK", "JK", "7H"]
    else:
        with pytest.raises(InvalidRules, match="JK is listed more often than the deck holds it"):
            new_game("rummy51", ["Ann", "Bob"], seed=2, rules={"jokers": 2}, deal=three)


# ----------------------------------------------------------------------------- presets

PRESET_RULES = {
    "Balkan table": {
        "direction": "counter-clockwise",
        "discard_must_be_used": True,
        "no_open_first_rounds": 2,
        "ace_both_ends_in_run": True,
    },
    "Romanian Remi 51": {"jokers": 2, "ace_value": "11", "joker_hand_value": 20, "joker_limit": "unlimited"},
    "Polish Remik": {"ace_value": "11/1", "joker_hand_value": 50, "joker_limit": "no_adjacent_in_run"},
    "Scala-style jokers": {"joker_take_requires_opened": True, "joker_must_be_used_now": True},
    "short match": {"hands": "n"},
}


def test_presets_set_their_rules():
    seed_rules = new_game("rummy51", ["Ann", "Bob"], seed=1, preset="seed rules")
    assert seed_rules.rules == new_game("rummy51", ["Ann", "Bob"], seed=1).rules
    for name, values in PRESET_RULES.items():
        game = new_game("rummy51", ["Ann", "Bob"], seed=1, preset=name)
        for key, value in values.items():
            assert getattr(game.rules, key) == value, (name, key)


def test_balkan_table_plays_counter_clockwise_and_keeps_the_opening_for_round_three():
    game = start([f"{OPEN_51} {IDLE}", IDLE_B, IDLE_C], preset="Balkan table")
    assert not any(m.startswith("meld") for m in legal(game))
    game.play("discard KS")
    assert game.to_act == 2


def test_romanian_remi_has_two_jokers_and_aces_of_eleven():
    assert new_game("rummy51", ["Ann", "Bob"], seed=3, preset="Romanian Remi 51").view(0).stock_count == 77
    game = start([f"QH KH AH {IDLE}", None], preset="Romanian Remi 51")
    game.play("meld QH KH AH")
    assert value_of(game, 1) == 31


def test_polish_remik_counts_a_low_ace_one():
    game = start([f"AH 2H 3H {IDLE}", None], preset="Polish Remik")
    game.play("meld AH 2H 3H")
    assert value_of(game, 1) == 6


def test_scala_style_jokers_preset_keeps_unopened_players_off_the_jokers():
    game = start([ANN_JOKER_RUN, f"6S {IDLE_B}"], stock="8D", preset="Scala-style jokers")
    game.play(ANN_JOKER_MELDS)
    game.play("discard 9D")
    game.play("draw")
    refused(game, "swap 1 6S", "only after you have opened")


def test_short_match_preset_and_override():
    assert new_game("rummy51", ["Ann", "Bob"], seed=1, preset="short match").view(0).facts["hand"] == "1 of 2"
    game = new_game(
        "rummy51", ["Ann", "Bob"], seed=1, preset="Balkan table", rules={"direction": "clockwise"}
    )
    assert game.rules.direction == "clockwise" and game.rules.discard_must_be_used
    with pytest.raises(InvalidRules, match="no preset 'Greek'"):
        new_game("rummy51", ["Ann", "Bob"], seed=1, preset="Greek")


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("move", "fragment"),
    [
        ("draw", "drawn already"),
        ("take", "drawn already"),
        ("next", "still going on"),
        ("cancel", "nothing to take back"),
        ("discard 7H", "you do not hold 7H"),
        ("discard 3S 6D", "exactly one card"),
        ("layoff 1 3S", "only after you have opened"),
        ("layoff 9 3S", "no table meld 9"),
        ("layoff 1 3S 6D", "one card at a time"),
        ("swap 1 3S", "no joker standing for 3S"),
        ("swap 1 QH", "you do not hold QH"),
        ("meld 3S 6D 9H", "neither a run"),
        ("meld", "name the cards"),
        ("play 3S", "not a Rummy 51 move"),
        ("draw 3S", "takes no cards"),
        ("discard 3S call", "does not belong"),
    ],
)
def test_illegal_moves_are_refused_with_a_reason(move, fragment):
    game = opened_with("4C 5C 6C")
    refused(game, move, fragment)


@pytest.mark.parametrize("move", ["discard ZZ", "meld 7H=JK", "layoff x 7H", "layoff 0 7H", ""])
def test_bad_notation_raises_invalid_notation_and_changes_nothing(move):
    game = opened_with("4C 5C 6C")
    before = state(game)
    with pytest.raises(InvalidNotation):
        game.play(move)
    assert state(game) == before


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"jokers": 3}, "jokers"),
        ({"ace_value": "12"}, "ace_value"),
        ({"opening_minimum": 5}, "opening_minimum"),
        ({"direction": "left"}, "direction"),
        ({"hands": "all"}, "hands"),
        ({"joker_limit": "two"}, "joker_limit"),
        ({"max_stock_rebuilds": -1}, "max_stock_rebuilds"),
        ({"bogus": 1}, "bogus"),
    ],
)
def test_bad_rules_name_the_field(rules, field):
    with pytest.raises(InvalidRules, match=field):
        new_game("rummy51", ["Ann", "Bob"], seed=1, rules=rules)


@pytest.mark.parametrize(
    ("deal", "fragment"),
    [
        ({"hands": [None, None], "cutt": "JK"}, "unknown key 'cutt'"),
        ({"hands": ["JK JK JK JK JK", None]}, "JK is listed more often"),
        ({"hands": [None, None], "cut": 5}, "cut must be card text"),
        ({"hands": [None, None, None]}, "at most 2 entries"),
        ({"hands": ["", None]}, "hand 0 is empty"),
        ({"hands": [None, None], "cut": "JK 5D 7H"}, "nothing may follow"),
    ],
)
def test_bad_stacked_deals(deal, fragment):
    with pytest.raises(InvalidRules, match=fragment):
        new_game("rummy51", ["Ann", "Bob"], seed=1, deal=deal)


@pytest.mark.parametrize("count", [1, 6])
def test_player_count_outside_two_to_five(count):
    with pytest.raises(InvalidRules, match="2 to 5 players"):
        new_game("rummy51", [f"P{i}" for i in range(count)], seed=1)


def test_five_players():
    game = new_game("rummy51", list(NAMES), seed=8)
    assert sorted(len(game.hand(s)) for s in range(5)) == [14, 14, 14, 14, 15]
    assert game.view(0).stock_count == 108 - 71


# ----------------------------------------------------------------------------- records and views


def test_a_stacked_deal_with_a_cut_replays_from_its_record():
    game = start([None] * 4, cut="JK 5D", seed=9)
    rng = random.Random(1)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    text = game.record()
    assert '"cut": "JK 5D"' in text
    again = replay(text)
    assert again.record() == text
    assert all(again.view(s) == game.view(s) for s in range(4))
    assert again.view(None) == game.view(None)


def test_view_shows_only_what_the_seat_may_see():
    game = start(["7H 8H 9H KS", "2D 3D 4D 5D"], cut="9C")
    mine, theirs, spectator = game.view(0), game.view(1), game.view(None)
    assert mine.hand == ("7H", "8H", "9H", "KS") and theirs.hand == ("2D", "3D", "4D", "5D")
    assert spectator.hand == () and spectator.legal_moves == ()
    assert [s.card_count for s in mine.seats] == [4, 4]
    assert theirs.legal_moves == () and "discard KS" in mine.legal_moves
    assert {v.facts["stock bottom"] for v in (mine, theirs, spectator)} == {"9C"}
    # a spectator is not addressed as the player to act (issue 24 item 7)
    assert spectator.status == "Ann starts with 15 cards: Ann melds if possible, then discards one"


def test_status_follows_the_turn():
    game = opened_with("4C 5C 6C")
    assert game.view(1).status == "Bob: meld 51+ points to open, or discard"
    game.play("discard 2H")
    assert game.view(0).status == "Ann: draw from the stock or take 2H"
    game.play("draw")
    assert game.view(0).status == "Ann: meld, lay off or discard to end the turn"


# ----------------------------------------------------------------------------- command line


def test_cardtable_rules_lists_every_toggle_and_preset():
    from cardtable.engine import get

    code, text = run_cli(["rules", "rummy51"])
    assert code == 0
    assert text.startswith("# Rummy 51 (Remi 51)")
    for name in get("rummy51").rules_type.model_fields:
        assert f"`{name}`" in text
    for preset in PRESET_RULES:
        assert f"**{preset}**" in text
    assert "-140" in text and "default 51" in text


def test_cardtable_simulate_reports_zero_errors(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    code, text = run_cli(["simulate", "rummy51", "--games", "2", "--seed", "5"])
    assert code == 0 and "errors 0" in text and "2 games" in text
