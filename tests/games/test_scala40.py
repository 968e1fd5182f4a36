"""Scala 40 rules tests, through the public engine API only.

Every conformance case of ``shared/rules/scala40.md`` (S-01 ... S-19), every toggle of
``Scala40Rules`` both on and off, the presets, and the error contract (IllegalMove,
InvalidNotation, InvalidRules). Positions are built with stacked deals: a hand given as a
string is exact, the stock lists its top card first, the discard pile lists its top card last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from support import deck, draw, hand, legal, melds, pass_turn, play, refused, rest_of, stacked, state
from support import names as cards

from cardtable.engine import (
    Game,
    IllegalMove,
    InvalidNotation,
    InvalidRules,
    new_game,
    parse_cards,
    replay,
)

# Ann (seat 0) opens and closes with this hand on her second turn: 34 + 30 + 9 + 18 = 91.
CLOSER = "7H 8H 9H 10H KS KD KC 2C 3C 4C 5D 6D 7D"
CLOSE_MELDS = "meld 7H 8H 9H 10H / KS KD KC / 2C 3C 4C / 5D 6D 7D"
# What the other seats draw (and throw straight back) on their first turn.
OTHER_DRAWS = ("4S", "3S", "2S", "6S", "8S")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")

# ----------------------------------------------------------------------------- helpers


def start(hands: Iterable[str | None], discard: str | None = "QC", **kw: Any) -> Game:
    """A new game from a stacked deal (seat 0 acts first); the upcard is QC unless given."""
    return stacked("scala40", hands, seats=NAMES, discard=discard, **kw)


def rest_of_deck(*used: str) -> list[str]:
    """The card names of the 108-card deck that are not in ``used`` (in a fixed order)."""
    return rest_of(sorted(deck(2, 4)), *used)


def close_on_second_turn(
    *others: str | None,
    rules: dict[str, object] | None = None,
    preset: str | None = None,
    last: str = "AS",
    players: list[str] | None = None,
):
    """Ann (seat 0) holds CLOSER; every seat passes one turn, then Ann melds 13 and discards
    ``last``. The other seats end the deal with exactly the hands given."""
    stock = " ".join(("9S", *OTHER_DRAWS[: len(others)], last))
    game = start([CLOSER, *others], stock=stock, rules=rules, players=players, preset=preset)
    for _ in range(1 + len(others)):
        pass_turn(game)
    assert draw(game) == parse_cards(last)[0].name
    game.play(CLOSE_MELDS)
    game.play(f"discard {last}")
    return game


def opened_with_two_left(rules: dict[str, object] | None = None, keep: str = "6S 6H", then: str = ""):
    """Ann opens on turn 1 keeping ``keep``; Bob passes (throwing 9C); Ann is at her second
    turn's draw, which gives her ``then`` if given.

    Table: 1 = [7H 8H 9H 10H], 2 = [KS KD KC], 3 = [2C 3C 4C]."""
    game = start(
        [f"7H 8H 9H 10H KS KD KC 2C 3C 4C {keep}", "3D 9D JD"],
        stock=f"QS 9C {then}",
        rules=rules,
    )
    play(game, "draw", "meld 7H 8H 9H 10H / KS KD KC / 2C 3C 4C", "discard QS")
    pass_turn(game)
    assert game.to_act == 0 and game.phase == "draw"
    return game


def penalty(text: str) -> int:
    """Base penalty of a hand (joker 25, ace 11, courts 10, others face value)."""
    values = {"A": 11, "J": 10, "Q": 10, "K": 10, "JK": 25}
    out = 0
    for name in cards(text):
        rank = "JK" if name == "JK" else name[:-1]
        out += values.get(rank) or int(rank)
    return out


# ----------------------------------------------------------------------------- deal


def test_random_deal_shape():
    game = new_game("scala40", players=["Ann", "Bob", "Cat"], seed=5)
    view = game.view(0)
    assert game.to_act == 0 and game.phase == "draw"
    assert [len(game.hand(s)) for s in range(3)] == [13, 13, 13]
    assert view.discard_count == 1 and view.discard_top is not None
    assert view.stock_count == 108 - 39 - 1
    assert view.deal_number == 1
    assert legal(game) == {"draw"}


def test_same_seed_same_deal_and_record_replays():
    a = new_game("scala40", players=["Ann", "Bob"], seed=42)
    b = new_game("scala40", players=["Ann", "Bob"], seed=42)
    assert hand(a, 0) == hand(b, 0) and a.view(None) == b.view(None)
    pass_turn(a)
    pass_turn(a)
    again = replay(a.record())
    assert again.record() == a.record()
    assert again.view(0) == a.view(0) and again.view(1) == a.view(1)


def test_stacked_deal_is_exact():
    game = start(["7H 8H 9H", None], stock="4C 5D", discard="2S QC")
    assert hand(game, 0) == ["7H", "8H", "9H"]
    assert len(game.hand(1)) == 13
    view = game.view(0)
    assert view.discard_top == "QC" and view.discard_count == 2
    assert view.stock_count == 108 - 3 - 13 - 2
    assert draw(game) == "4C"
    game.play("discard 4C")
    assert draw(game) == "5D"


def test_stacked_deal_without_discard_turns_an_upcard():
    game = start(["7H 8H 9H", "2S 3S 4S"], stock="4C", discard=None)
    view = game.view(0)
    assert view.discard_count == 1 and view.discard_top is not None
    assert view.stock_count == 108 - 6 - 1
    assert draw(game) == "4C"


def test_stacked_deal_recorded_and_replayed():
    game = start([CLOSER, "JK AH 5D"], stock="9S 4S QH")
    pass_turn(game)
    text = game.record()
    assert "deal:" in text and "Ann: draw" in text and "Ann: discard 9S" in text
    again = replay(text)
    assert again.view(1) == game.view(1)


def test_view_shows_only_what_the_seat_may_see():
    game = start(["7H 8H 9H KS", "2D 3D 4D 5D"], stock="QS")
    mine, theirs, spectator = game.view(0), game.view(1), game.view(None)
    assert mine.hand == ("7H", "8H", "9H", "KS")
    assert theirs.hand == ("2D", "3D", "4D", "5D")
    assert spectator.hand == ()
    assert [s.card_count for s in mine.seats] == [4, 4]
    assert mine.legal_moves == ("draw",) and theirs.legal_moves == ()


# ----------------------------------------------------------------------------- turn structure


def test_turn_cycle_draw_then_discard_passes_the_turn():
    game = start(["7H 8H 9H KS 2D", "3C 5C 9C"], stock="QS JD")
    refused(game, "discard KS", "draw first")
    refused(game, "take", "only after you have opened")
    refused(game, "next", "draw first")
    game.play("draw")
    assert game.phase == "play"
    refused(game, "draw", "drawn already")
    refused(game, "take", "drawn already")
    refused(game, "next", "still going on")
    refused(game, "cancel", "nothing to take back")
    game.play("discard KS")
    assert game.to_act == 1 and game.phase == "draw"
    assert game.view(1).discard_top == "KS"
    assert "KS" not in hand(game, 0) and len(game.hand(0)) == 5


# ----------------------------------------------------------------------------- opening


def test_s01_opening_worth_54():
    game = start(["7H 8H 9H KS KD KC 2C 3D 5S 6S 9C 10D QH", None], stock="4C")
    game.play("draw")
    game.play("meld 7H 8H 9H")
    assert game.view(0).facts["opening"] == "24 / 40"
    refused(game, "discard 4C", "24", "40", "cancel")
    game.play("meld KS KD KC")
    view = game.view(0)
    assert [m.value for m in view.melds] == [24, 30]
    assert "Ann opened with 54 points" in view.log
    assert "opened" in view.seats[0].badges
    assert "opening" not in view.facts
    assert "discard 4C" in legal(game)


def test_s03_low_ace_run_counts_one():
    game = start(["AC 2C 3C 10S JS QS KS 5H 8D", None], stock="4H")
    game.play("draw")
    game.play("meld AC 2C 3C")
    assert game.view(0).facts["opening"] == "6 / 40"
    game.play("meld 10S JS QS KS")
    assert [m.value for m in game.view(0).melds] == [6, 40]
    assert "Ann opened with 46 points" in game.view(0).log


def test_high_ace_counts_eleven_and_40_exactly_opens():
    game = start(["QS KS AS 2H 3H 4H 8D 9C", None], stock="5C")
    game.play("draw")
    game.play("meld QS KS AS")
    assert game.view(0).melds[0].value == 31
    game.play("meld 2H 3H 4H")
    assert "Ann opened with 40 points" in game.view(0).log


def test_39_points_do_not_open():
    game = start(["QS KS AS AH 2H 3H 8D 9C", None], stock="5C")
    game.play("draw")
    game.play("meld QS KS AS / AH 2H 3H")  # 31 + 6 = 37
    assert game.view(0).facts["opening"] == "37 / 40"
    refused(game, "discard 8D", "37", "short of the 40")
    assert "cancel" in legal(game)
    assert not any(m.startswith("discard") for m in legal(game))


def test_jokers_count_as_the_card_they_stand_for():
    game = start(["7H JK 9H KS KD JK 5C 8D", None], stock="2S")
    game.play("draw")
    game.play("meld 7H JK 9H / KS KD JK=KC")
    view = game.view(0)
    assert [m.value for m in view.melds] == [24, 30]
    assert view.melds[0].stands_for == ("7H", "8H", "9H")
    assert "KC" in view.melds[1].stands_for
    assert "Ann opened with 54 points" in view.log


def test_cancel_takes_back_provisional_melds():
    game = start(["7H 8H 9H 2S 3D 5C QD", None], stock="4C")
    game.play("draw")
    before = sorted(hand(game, 0))
    game.play("meld 7H 8H 9H")
    assert melds(game) == ["[7H 8H 9H]"] and len(game.hand(0)) == 5
    assert "cancel" in legal(game)
    game.play("cancel")
    assert melds(game) == [] and sorted(hand(game, 0)) == before
    assert game.phase == "play" and "opening" in game.view(0).facts
    assert game.view(0).facts["opening"] == "0 / 40"
    game.play("discard QD")
    assert game.to_act == 1
    assert "Ann: cancel" in game.record()


def test_cancel_refused_once_opened():
    game = start(["7H 8H 9H KS KD KC 2S 5C QD", None], stock="4C")
    game.play("draw")
    game.play("meld 7H 8H 9H / KS KD KC")
    assert "cancel" not in legal(game)
    refused(game, "cancel", "nothing to take back")


def test_several_groups_are_checked_together():
    game = start(["7H 8H 9H KD AD 2D 5C 8S QS", None], stock="4C")
    game.play("draw")
    message = refused(game, "meld 7H 8H 9H / KD AD 2D", "KD AD 2D", "never in the middle")
    assert melds(game) == [], message


def test_melds_wait_for_a_single_turn_to_reach_40():
    """Provisional melds never carry over: a short turn must be cancelled before discarding."""
    game = start(["7H 8H 9H KS KD 2C 5S 9D", "3C 6D 10S"], stock="QH JC KC")
    game.play("draw")
    game.play("meld 7H 8H 9H")
    assert not any(m.startswith("discard") for m in legal(game))
    game.play("cancel")
    game.play("discard QH")
    pass_turn(game)
    assert draw(game) == "KC"
    game.play("meld KS KD KC")  # 30: still short on its own
    assert game.view(0).facts["opening"] == "30 / 40"
    game.play("meld 7H 8H 9H")
    assert "Ann opened with 54 points" in game.view(0).log


# ----------------------------------------------------------------------------- meld validity


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("KD AD 2D", "never in the middle"),  # S-05 wrap-around
        ("7H 8H", "at least 3"),
        ("9H 9C 9C", "twice"),
        ("7H 8H 10H", "missing"),
        ("7H 8S 9H", "neither a run"),
        ("7H JK JK", "only one"),  # S-07 base
        ("QH KH AH AH", "two aces"),
        ("KS KD KC KH KS", "at most 4"),
        ("JK JK JK", "natural"),
    ],
)
def test_invalid_melds_are_refused(text, fragment):
    game = start(["KD AD 2D 7H 8H 10H 9H 9C 9C 8S JK JK JK QH KH AH AH KS KD KC KH KS", None])
    game.play("draw")
    refused(game, f"meld {text}", fragment)
    assert melds(game) == []


def test_s05_wrap_around_is_never_listed():
    game = start(["KD AD 2D 5S 9C", None], stock="4H")
    game.play("draw")
    assert not any("KD" in m and "AD" in m for m in legal(game) if m.startswith("meld"))
    refused(game, "meld KD AD 2D", "never in the middle")


def test_s07_two_jokers_in_one_meld():
    base = start(["7H JK JK 2S 5C 9D", None], stock="4H")
    base.play("draw")
    refused(base, "meld 7H JK JK", "only one")
    assert not any(m.count("JK") > 1 for m in legal(base))

    multi = start(["7H JK JK 2S 5C 9D", None], stock="4H", rules={"multiple_jokers_per_meld": True})
    multi.play("draw")
    multi.play("meld 7H JK JK")
    assert multi.view(0).melds[0].stands_for == ("7H", "8H", "9H")
    assert multi.view(0).melds[0].value == 24


def test_multiple_jokers_also_on_lay_off():
    def layoff_second_joker(rules):
        game = opened_with_two_left(rules=rules, keep="JK JK")
        game.play("draw")
        game.play("layoff 1 JK=JH")
        return game

    base = layoff_second_joker({})
    refused(base, "layoff 1 JK=6H", "already holds a joker")
    multi = layoff_second_joker({"multiple_jokers_per_meld": True})
    multi.play("layoff 1 JK=6H")
    assert melds(multi)[0] == "[JK(=6H) 7H 8H 9H 10H JK(=JH)]"


def test_full_suit_plus_joker_is_the_longest_run():
    suit = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    game = start([f"{suit} JK 5C 9D", None], stock="2S")
    game.play("draw")
    game.play(f"meld {suit} JK=AH")
    view = game.view(0)
    assert len(view.melds[0].cards) == 14
    assert view.melds[0].value == 85 + 11
    assert "Ann opened" in " ".join(view.log)


def test_joker_on_a_two_to_king_run_is_listed_once_as_the_high_ace():
    # 'layoff 1 JK=AH' cannot say which end; listing both made a record ambiguous.
    game = start(
        ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK 5D", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 5S"],
        stock="9S 8S 2H",
    )
    for move in ("draw", "discard 9S", "draw", "discard 8S", "draw"):
        game.play(move)
    notations = [str(m) for m in game.legal_moves()]
    assert notations.count("meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK=AH") == 1
    game.play("meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    notations = [str(m) for m in game.legal_moves()]
    assert notations == ["layoff 1 JK=AH", "discard JK", "discard 5D"]
    game.play("layoff 1 JK=AH")
    assert melds(game) == ["[2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK(=AH)]"]


def test_identical_runs_and_sets_of_the_same_rank_may_share_the_table():
    game = start(["7H 8H 9H 7H 8H 9H KS KD KC KS KD KC 5C 2D", None], stock="4S")
    game.play("draw")
    game.play("meld 7H 8H 9H / 7H 8H 9H / KS KD KC / KS KD KC")
    assert melds(game) == ["[7H 8H 9H]", "[7H 8H 9H]", "[KS KD KC]", "[KS KD KC]"]


def test_four_card_set_with_joker_needs_no_name():
    game = start(["7H 7S 7D JK KS KD KC 2C 9D", None], stock="4S")
    game.play("draw")
    game.play("meld 7H 7S 7D JK")
    assert "7C" in game.view(0).melds[0].stands_for


def test_s09_joker_in_a_set_of_three_must_be_named():
    game = start(["7H 7S JK KS KD KC 2C 3C 9D QS", None], stock="4S")
    game.play("draw")
    refused(game, "meld 7H 7S JK", "name the joker", "JK=7D", "JK=7C")
    assert "meld 7H 7S JK" not in legal(game)
    assert {"meld 7S 7H JK=7D", "meld 7S 7H JK=7C"} <= legal(game)
    refused(game, "meld 7H 7S JK=7S", "already in the set")
    game.play("meld 7H 7S JK=7D")
    assert melds(game) == ["[7S 7H JK(=7D)]"]
    assert game.view(0).melds[0].stands_for == ("7S", "7H", "7D")


def test_s09_only_the_natural_named_card_swaps_the_joker():
    game = start(
        ["7H 7S JK KS KD KC 2C 9D QS", "AS AH AD 2H 3H 4H 7C 7D 6S 8D"],
        stock="4S 5C",
    )
    play(game, "draw", "meld 7H 7S JK=7D / KS KD KC", "discard 4S", "draw")
    refused(game, "swap 1 7D", "only after you have opened")
    game.play("meld AS AH AD / 2H 3H 4H")
    refused(game, "swap 1 7C", "no joker standing for 7C")
    assert "swap 1 7C" not in legal(game)
    game.play("swap 1 7D")
    assert melds(game)[0] == "[7S 7H 7D]"
    assert "JK" in hand(game, 1)


# ----------------------------------------------------------------------------- lay-offs


def test_layoffs_on_runs_sets_and_with_jokers():
    game = opened_with_two_left(keep="6H JH KH KS JK")
    game.play("draw")
    assert {"layoff 1 6H", "layoff 1 JH", "layoff 2 KH"} <= legal(game)
    assert "layoff 2 KS" not in legal(game)
    game.play("layoff 1 6H")
    game.play("layoff 1 JH")
    assert melds(game)[0] == "[6H 7H 8H 9H 10H JH]"
    game.play("layoff 2 KH")
    assert len(game.melds[1].cards) == 4
    refused(game, "layoff 2 KS", "does not fit")
    refused(game, "layoff 2 JK", "does not fit")  # a set is full at four
    game.play("layoff 3 JK=AC")
    assert melds(game)[2] == "[JK(=AC) 2C 3C 4C]"
    refused(game, "layoff 9 KS", "no table meld 9")


def test_lay_off_on_an_opponents_meld():
    game = start(["7H 8H 9H KS KD KC 2D 5S", "QS QD QC JS JD JC 10H 4C 9S"], stock="6C 8C")
    play(game, "draw", "meld 7H 8H 9H / KS KD KC", "discard 6C", "draw")
    refused(game, "layoff 1 10H", "only after you have opened")
    game.play("meld QS QD QC / JS JD JC")
    game.play("layoff 1 10H")
    assert melds(game)[0] == "[7H 8H 9H 10H]"
    assert game.view(0).melds[0].owner == 0


def test_unnamed_joker_layoff_goes_up_a_run_and_can_be_named_down():
    up = opened_with_two_left(keep="JK 5S")
    up.play("draw")
    up.play("layoff 1 JK")
    assert melds(up)[0] == "[7H 8H 9H 10H JK(=JH)]"
    down = opened_with_two_left(keep="JK 5S")
    down.play("draw")
    down.play("layoff 1 JK=6H")
    assert melds(down)[0] == "[JK(=6H) 7H 8H 9H 10H]"


# ----------------------------------------------------------------------------- must-use cards


def test_s11_taken_discard_must_be_used_this_turn():
    game = start(
        ["7H 8H 9H 10H KS KD KC 7C 8C QS QD 2S", "3D 4D 9S JD"],
        stock="5S 6C",
    )
    play(game, "draw", "meld 7H 8H 9H 10H / KS KD KC", "discard 5S", "draw", "discard 6C")
    assert "take" in legal(game)
    game.play("take")
    assert game.view(0).own_facts["must use"] == "6C"
    assert game.view(1).own_facts == {}
    refused(game, "discard 6C", "6C", "must be melded or laid off")
    refused(game, "discard QS", "6C")  # the turn may not end with 6C still in hand
    assert not any(m.startswith("discard") for m in legal(game))
    game.play("meld 6C 7C 8C")
    assert "discard QS" in legal(game)
    game.play("discard QS")
    assert game.to_act == 1 and "6C" not in hand(game, 0)


def test_taken_discard_laid_off_frees_the_turn():
    game = start(["7H 8H 9H KS KD KC 2S 5D QD", "3D 4D 9S JD"], stock="4C 10H")
    play(game, "draw", "meld 7H 8H 9H / KS KD KC", "discard 4C", "draw", "discard 10H", "take")
    assert legal(game) == {"layoff 1 10H"}
    game.play("layoff 1 10H")
    assert "discard QD" in legal(game)


def test_unusable_discard_cannot_be_taken():
    game = opened_with_two_left()
    assert game.view(0).discard_top == "9C"
    assert "take" not in legal(game)
    refused(game, "take", "9C", "only if you can meld or lay it off")


def bob_opened_beside_anns_joker() -> Game:
    """Ann has opened with 7H JK 9H (the joker stands for 8H) and KS KD KC; Bob, holding 8H
    8D 6S 10C and 5C drawn, has just opened too: he may now swap the joker."""
    game = start(
        ["7H JK 9H KS KD KC 2C 5S 9D", "AS AH AD 2H 3H 4H 8H 6S 8D 10C"],
        stock="4S 5C",
    )
    play(game, "draw", "meld 7H JK 9H / KS KD KC", "discard 4S", "draw", "meld AS AH AD / 2H 3H 4H")
    return game


def test_swapped_joker_must_be_used_this_turn():
    game = bob_opened_beside_anns_joker()
    refused(game, "swap 1 8D", "no joker standing for 8D")
    game.play("swap 1 8H")
    assert melds(game)[0] == "[7H 8H 9H]"
    assert game.view(1).own_facts["must use"] == "JK"
    refused(game, "discard JK", "must be melded or laid off")
    refused(game, "discard 6S", "JK")
    assert not any(m.startswith("discard") for m in legal(game))
    game.play("layoff 4 JK")
    assert melds(game)[3] == "[2H 3H 4H JK(=5H)]"
    game.play("discard 6S")
    assert game.to_act == 0


def test_joker_swap_on_a_four_card_set():
    game = start(["7H 7S 7D JK KS KD KC 2C 9D", "AS AH AD 2H 3H 4H 7C 6S 8D"], stock="4S 5C")
    play(
        game,
        "draw",
        "meld 7H 7S 7D JK / KS KD KC",
        "discard 4S",
        "draw",
        "meld AS AH AD / 2H 3H 4H",
        "swap 1 7C",
    )
    assert game.view(0).melds[0].cards == ("7S", "7H", "7D", "7C")


# ----------------------------------------------------------------------------- closing


def test_closing_scores_every_card_left_even_melds():
    bob = "JK AH KS 9C 5H 5S 5C"
    game = close_on_second_turn(bob)
    assert game.phase == "deal-over" and not game.is_over
    assert game.deal_scores == ((0, penalty(bob)),)
    assert penalty(bob) == 25 + 11 + 10 + 9 + 15
    assert game.scores == (0, 70)
    assert "Ann closed" in game.view(1).result
    assert legal(game) == {"next"}
    assert game.to_act == 1


def test_next_deal_passes_the_deal_and_keeps_the_scores():
    game = close_on_second_turn("KS QD")
    refused(game, "draw", "deal is over", "next")
    game.play("next")
    view = game.view(1)
    assert view.deal_number == 2 and game.phase == "draw"
    assert game.to_act == 1  # the deal passed left: Ann deals, Bob plays first
    assert [len(game.hand(s)) for s in range(2)] == [13, 13]
    assert melds(game) == [] and game.scores == (0, 20)
    assert view.stock_count == 108 - 26 - 1


def test_closing_needs_a_discard():
    game = opened_with_two_left(keep="6S 6H", then="6D")
    assert draw(game) == "6D"
    assert "meld 6S 6H 6D" not in legal(game)
    refused(game, "meld 6S 6H 6D", "keep a card to discard", "closing needs a final discard")
    assert {"discard 6S", "discard 6H", "discard 6D"} <= legal(game)


def test_close_by_lay_offs_and_a_final_discard():
    game = opened_with_two_left(keep="JH 5S", then="QH")
    game.play("draw")
    game.play("layoff 1 JH")
    refused(game, "layoff 1 5S", "does not fit")
    game.play("layoff 1 QH")
    assert hand(game, 0) == ["5S"]
    assert melds(game)[0] == "[7H 8H 9H 10H JH QH]"
    assert legal(game) == {"discard 5S"}
    game.play("discard 5S")
    assert game.phase == "deal-over"
    assert game.deal_scores == ((0, penalty("3D 9D JD")),)


def test_after_closing_nobody_plays_on():
    game = close_on_second_turn("5H 5S 5C KH")
    refused(game, "meld 5H 5S 5C", "deal is over")
    refused(game, "discard KS", "deal is over")
    assert game.view(1).legal_moves == ("next",)


def test_s13_no_close_on_the_first_turn():
    game = start([CLOSER, "KS QD 2S"], stock="QH")
    game.play("draw")
    refused(game, CLOSE_MELDS, "5D 6D 7D", "first turn")
    game.play("meld 7H 8H 9H 10H / KS KD KC / 2C 3C 4C")
    assert "meld 5D 6D 7D" not in legal(game)
    refused(game, "meld 5D 6D 7D", "first turn", "at least two cards")
    assert "discard QH" in legal(game)


def test_s13_close_first_turn_allowed_and_others_count_all_cards():
    bob = "KS QD 2S"
    rules = {"close_first_turn": True, "unopened_flat_100": True}
    game = start([CLOSER, bob], stock="QH", rules=rules)
    game.play("draw")
    game.play(CLOSE_MELDS)
    assert legal(game) == {"discard QH"}
    game.play("discard QH")
    assert game.phase == "deal-over"
    # Bob never had a turn: he scores his cards (22), not the flat 100.
    assert game.deal_scores == ((0, 22),)


def test_s13_close_first_turn_counts_cards_even_of_a_40_point_hand():
    bob = "QS QD QH JS JD JC"  # a 60-point opening Bob never got to play
    game = start([CLOSER, bob], stock="QH", rules={"close_first_turn": True})
    game.play("draw")
    game.play(CLOSE_MELDS)
    game.play("discard QH")
    assert game.deal_scores == ((0, 60),)


def test_s15_open_and_close_in_one_turn_doubles():
    doubled = close_on_second_turn("JK AH 5D", rules={"open_and_close_double": True})
    assert doubled.deal_scores == ((0, 82),)
    assert "doubled" in doubled.view(0).result
    plain = close_on_second_turn("JK AH 5D")
    assert plain.deal_scores == ((0, 41),)


def test_open_and_close_double_needs_a_single_turn():
    """Opened on turn 1 and closing later: no doubling even with the toggle on."""
    game = opened_with_two_left(rules={"open_and_close_double": True}, keep="JH 5S", then="QH")
    play(game, "draw", "layoff 1 JH", "layoff 1 QH", "discard 5S")
    assert game.phase == "deal-over"
    assert game.deal_scores == ((0, penalty("3D 9D JD")),)


def test_chiusura_in_mano_unopened_pays_200():
    game = close_on_second_turn("2S", rules={"open_and_close_double": True, "unopened_flat_100": True})
    assert game.deal_scores == ((0, 200),)


@pytest.mark.parametrize(("flat", "expected"), [(False, 2), (True, 100)])
def test_unopened_flat_100(flat, expected):
    game = close_on_second_turn("2S", rules={"unopened_flat_100": flat})
    assert game.deal_scores == ((0, expected),)


def test_unopened_flat_100_spares_an_opened_player():
    game = start(
        ["7H 8H 9H 10H KS KD KC 2C 3C 4C 6S", "QS QD QC JS JD JC 5H 4H"],
        stock="5S 8S JH",
        rules={"unopened_flat_100": True},
    )
    play(
        game,
        "draw",
        "meld 7H 8H 9H 10H / KS KD KC / 2C 3C 4C",
        "discard 5S",
        "draw",
        "meld QS QD QC / JS JD JC",
        "discard 8S",
        "draw",
        "layoff 1 JH",
        "discard 6S",
    )
    assert game.deal_scores == ((0, 9),)  # Bob opened: 5H + 4H, not 100


# ----------------------------------------------------------------------------- the match


@pytest.mark.parametrize(("single", "row", "over"), [(True, (0, 0), True), (False, (0, 46), False)])
def test_single_game(single, row, over):
    game = close_on_second_turn("JK AH KS", rules={"single_game": single})
    assert game.deal_scores == (row,)
    assert game.is_over is over
    if single:
        assert game.outcome is not None and game.outcome.winners == (0,)
        assert game.to_act is None and game.phase == "match-over"
        with pytest.raises(IllegalMove, match="match is over"):
            game.play("next")
    else:
        assert game.outcome is None and legal(game) == {"next"}


BIG_120 = "KH KS QH QS QD QC JS JD JC 10C 10D 10S"


@pytest.mark.parametrize(("target", "over"), [(101, True), (151, False), (201, False), (501, False)])
def test_target_score(target, over):
    assert penalty(BIG_120) == 120
    game = close_on_second_turn(BIG_120, rules={"target_score": target})
    assert game.scores == (0, 120)
    assert game.is_over is over
    if over:
        assert game.outcome.winners == (0,)
        assert "retired" in game.view(0).seats[1].badges
        assert not game.view(0).seats[1].active
    else:
        assert game.view(0).seats[1].active and legal(game) == {"next"}


@pytest.mark.parametrize(
    ("bob", "points", "retires"),
    [
        ("KH KS QH QS QD QC JS JD JC 9C 2D", 101, True),  # reaching 101 is enough
        ("KH KS QH QS QD QC JS JD JC 9C", 99, False),
    ],
)
def test_reaching_the_target_retires(bob, points, retires):
    assert penalty(bob) == points
    game = close_on_second_turn(bob)
    assert game.scores == (0, points)
    assert game.is_over is retires
    if retires:
        assert game.outcome.winners == (0,) and "Ann is the last player left" in game.outcome.reason


A95 = "KH QH QS QD JS JD JC 10C 10D 5H"
B110 = "KH KD QH JH JS JD JC 10C 10D 10H 10S"
C60 = "9H 9D 9C 8S 8D 8C 9S"


def test_s17_hands_add_up():
    assert (penalty(A95), penalty(B110), penalty(C60), penalty(BIG_120)) == (95, 110, 60, 120)


@pytest.mark.parametrize("reentry", [True, False])
def test_s17_reentry_resets_to_the_highest_score_below(reentry):
    # Dan closes; A 95, B 110, C 60 after the hand.
    game = close_on_second_turn(A95, B110, C60, rules={"reentry": reentry}, players=["Dan", "A", "B", "C"])
    assert game.deal_scores == ((0, 95, 110, 60),)
    seats = game.view(0).seats
    if reentry:
        assert game.scores == (0, 95, 95, 60)
        assert all(s.active for s in seats)
        assert "B re-enters at 95" in game.view(0).log
    else:
        assert game.scores == (0, 95, 110, 60)
        assert not seats[2].active and "retired" in seats[2].badges
    assert not game.is_over


def test_s17_reentry_needs_two_players_below():
    # A 120 and B 110 reach 101; only C (the closer, 0) is below: both retire, C wins.
    game = close_on_second_turn(BIG_120, B110, rules={"reentry": True}, players=["C", "A", "B"])
    assert game.is_over
    assert game.outcome.winners == (0,)
    assert game.scores == (0, 120, 110)
    assert "C is the last player left" in game.outcome.reason


def test_s17_reentry_resets_everyone_over_the_target():
    game = close_on_second_turn(BIG_120, B110, C60, rules={"reentry": True}, players=["Dan", "A", "B", "C"])
    assert game.scores == (0, 60, 60, 60)
    assert not game.is_over


def test_retired_player_is_skipped_in_later_deals():
    game = close_on_second_turn("KS", B110, players=["Ann", "Bob", "Cat"])
    assert game.scores == (0, 10, 110) and not game.is_over
    game.play("next")
    assert game.hand(2) == ()
    assert [len(game.hand(s)) for s in (0, 1)] == [13, 13]
    assert game.to_act in (0, 1)
    for _ in range(4):
        pass_turn(game)
        assert game.to_act != 2


@pytest.mark.parametrize(("limit", "over", "bob_active"), [(0, True, False), (1000, False, True)])
def test_no_elimination_keeps_players_in(limit, over, bob_active):
    game = close_on_second_turn(BIG_120, rules={"no_elimination": limit})
    assert game.scores == (0, 120)
    assert game.is_over is over
    assert game.view(0).seats[1].active is bob_active


def test_no_elimination_ends_at_the_limit_and_lowest_wins():
    bob = " ".join(rest_of_deck(CLOSER, "9S 4S AS QC"))
    game = close_on_second_turn(bob, rules={"no_elimination": 1000, "open_and_close_double": True})
    assert game.scores[1] >= 1000
    assert game.is_over and game.outcome.winners == (0,)
    assert game.outcome.reason == f"a total reached 1000: Ann has the lowest total ({game.scores[0]})"


def test_no_elimination_bad_value():
    with pytest.raises(InvalidRules, match="no_elimination"):
        new_game("scala40", players=["Ann", "Bob"], rules={"no_elimination": 999}, seed=1)


# ----------------------------------------------------------------------------- toggles


@pytest.mark.parametrize(("high", "value", "opens"), [(False, 33, False), (True, 42, True)])
def test_court_values_high_aces_open_by_themselves(high, value, opens):
    game = start(["AS AH AD 5C 8D 9S", None], stock="2H", rules={"court_values_high": high})
    game.play("draw")
    game.play("meld AS AH AD")
    assert game.view(0).melds[0].value == value
    assert ("discard 5C" in legal(game)) is opens
    assert ("opened" in game.view(0).seats[0].badges) is opens


@pytest.mark.parametrize(
    ("meld", "base", "high"),
    [("KS KD KC", 30, 39), ("QH KH AH", 31, 39), ("JC QC KC", 30, 36), ("8D 9D 10D", 27, 27)],
)
def test_court_values_high_meld_values(meld, base, high):
    for rules, expected in (({}, base), ({"court_values_high": True}, high)):
        game = start([f"{meld} 2S 5H 7C", None], stock="4D", rules=rules)
        game.play("draw")
        game.play(f"meld {meld}")
        assert game.view(0).melds[0].value == expected, rules


@pytest.mark.parametrize(("high", "score"), [(False, 25 + 5), (True, 14 + 5)])
def test_court_values_high_joker_in_hand(high, score):
    game = close_on_second_turn("JK 5H", rules={"court_values_high": high})
    assert game.deal_scores == ((0, score),)


EARLY_HAND = "QS QD 7H 8H 9H 2C 5D 6S 8C 10D 3H 4S AC"


def test_earlier_discard_off_unopened_may_not_take():
    game = start([EARLY_HAND, None], stock="2S")
    assert "take" not in legal(game)
    refused(game, "take", "only after you have opened")


def test_earlier_discard_on_take_to_open():
    game = start([EARLY_HAND, None], stock="2S", rules={"earlier_discard": True})
    assert legal(game) == {"draw", "take"}
    game.play("take")
    assert game.view(0).own_facts["must use"] == "QC"
    assert not any(m.startswith("discard") for m in legal(game))
    refused(game, "discard 2C", "QC")
    game.play("meld QS QD QC")
    refused(game, "discard 2C", "30", "short of the 40")
    game.play("meld 7H 8H 9H")
    assert "Ann opened with 54 points" in game.view(0).log
    game.play("discard 2C")
    assert game.to_act == 1


def test_take_hint_only_on_the_takers_screen():
    # whether the discard is usable depends on the hidden hand: other screens only say 'draw'
    game = start([EARLY_HAND, None], stock="2S", rules={"earlier_discard": True})
    assert game.view(0).status == "Ann: draw from the stock or take QC"
    assert game.view(1).status == game.view(None).status == "Ann: draw from the stock"


def test_earlier_discard_cancel_puts_the_card_back():
    game = start([EARLY_HAND, None], stock="2S", rules={"earlier_discard": True})
    play(game, "take", "meld QS QD QC", "cancel")
    assert game.phase == "draw" and game.to_act == 0
    assert sorted(hand(game, 0)) == sorted(cards(EARLY_HAND))
    assert game.view(0).discard_top == "QC" and melds(game) == []
    assert draw(game) == "2S"


def test_earlier_discard_only_for_a_card_that_can_be_melded():
    game = start([EARLY_HAND, None], stock="2S", discard="KH", rules={"earlier_discard": True})
    assert "take" not in legal(game)
    refused(game, "take", "KH")


def test_s11_taken_card_not_melded_blocks_the_opening_turn():
    """With earlier_discard the taken card must be part of this turn's melds."""
    game = start([EARLY_HAND, None], stock="2S", rules={"earlier_discard": True})
    game.play("take")
    game.play("meld 7H 8H 9H")
    refused(game, "discard 2C", "short of the 40")
    assert "meld QS QD QC" in legal(game)


# Bob opens on his first turn; Ann (unopened) then holds 10H, which fits Bob's run.
BAN_HANDS = ["10H 2S 4D 6C 8S QD 3H 5C 9D JC 7S 2D AH", "7H 8H 9H KS KD KC 3C 5S"]


def ban_position(rules):
    game = start(BAN_HANDS, stock="4C 6D 2H", rules=rules)
    pass_turn(game)
    play(game, "draw", "meld 7H 8H 9H / KS KD KC", "discard 6D", "draw")
    return game


def test_ban_playable_discard_unopened():
    free = ban_position({})
    assert "discard 10H" in legal(free)
    banned = ban_position({"ban_playable_discard_unopened": True})
    assert "discard 10H" not in legal(banned)
    refused(banned, "discard 10H", "10H fits a meld on the table")
    assert "discard 2S" in legal(banned)
    # the switch for opened players does not touch an unopened player
    other = ban_position({"ban_playable_discard_opened": True})
    assert "discard 10H" in legal(other)


def test_ban_playable_discard_allows_any_card_when_all_fit():
    game = start(
        ["10H 6H", "7H 8H 9H KS KD KC 3C 5S"],
        stock="4C 6D KH",
        rules={"ban_playable_discard_unopened": True},
    )
    pass_turn(game)
    play(game, "draw", "meld 7H 8H 9H / KS KD KC", "discard 6D")
    assert draw(game) == "KH"
    assert {"discard 10H", "discard 6H", "discard KH"} <= legal(game)


def test_ban_playable_discard_opened():
    def opened(rules):
        game = start(["7H 8H 9H KS KD KC 10H 2S 5D", None], stock="QC", rules=rules)
        game.play("draw")
        game.play("meld 7H 8H 9H / KS KD KC")
        return game

    free = opened({})
    assert {"discard 10H", "discard QC"} <= legal(free)
    banned = opened({"ban_playable_discard_opened": True})
    assert "discard 10H" not in legal(banned)
    refused(banned, "discard 10H", "fits a meld")
    assert {"discard 2S", "discard 5D", "discard QC"} <= legal(banned)
    # the switch for unopened players does not touch an opened one
    other = opened({"ban_playable_discard_unopened": True})
    assert "discard 10H" in legal(other)


def test_ban_playable_discard_closing():
    def position(rules):
        game = opened_with_two_left(rules=rules, keep="JH", then="QH")
        game.play("draw")
        return game

    free = position({})
    free.play("layoff 1 JH")
    assert legal(free) == {"discard QH"}
    free.play("discard QH")  # closing with a card that fits the run
    assert free.phase == "deal-over"

    banned = position({"ban_playable_discard_closing": True})
    # laying off JH would leave QH, which fits the run: it could not be the closing discard
    assert "layoff 1 JH" not in legal(banned)
    refused(banned, "layoff 1 JH", "closing discard")
    assert legal(banned) == {"discard JH", "discard QH"}
    banned.play("discard QH")  # not closing: two cards were held
    assert banned.phase == "draw" and banned.to_act == 1


def test_ban_playable_discard_closing_allows_an_unplayable_closing_card():
    game = opened_with_two_left(rules={"ban_playable_discard_closing": True}, keep="JH 5S", then="QH")
    play(game, "draw", "layoff 1 JH", "layoff 1 QH", "discard 5S")
    assert game.phase == "deal-over"


@pytest.mark.parametrize("on", [False, True])
def test_first_player_upcard(on):
    game = start(
        ["2S 4D 6C 8S QD 3H 5C 9D JC 7S 2D AH 10H", None], stock="4S", rules={"first_player_upcard": on}
    )
    assert ("take" in legal(game)) is on
    if not on:
        refused(game, "take", "only after you have opened")
        return
    game.play("take")
    assert "QC" in hand(game, 0)
    assert game.view(0).own_facts == {}  # kept freely: no must-use
    game.play("discard 2S")
    assert "QC" in hand(game, 0) and game.to_act == 1
    assert "take" not in legal(game)  # only the first player's first turn


@pytest.mark.parametrize("on", [False, True])
def test_no_discard_needed_to_close(on):
    game = opened_with_two_left(rules={"no_discard_needed_to_close": on}, keep="6S 6H", then="6D")
    game.play("draw")
    assert ("meld 6S 6H 6D" in legal(game)) is on
    if not on:
        refused(game, "meld 6S 6H 6D", "closing needs a final discard")
        return
    game.play("meld 6S 6H 6D")
    assert game.phase == "deal-over" and game.hand(0) == ()
    assert game.deal_scores == ((0, penalty("3D 9D JD")),)


def test_no_discard_needed_to_close_by_lay_off():
    game = opened_with_two_left(rules={"no_discard_needed_to_close": True}, keep="JH", then="QH")
    play(game, "draw", "layoff 1 JH", "layoff 1 QH")
    assert game.phase == "deal-over"


@pytest.mark.parametrize("on", [False, True])
def test_four_of_kind_to_discard(on):
    game = start(["KS KD KC KH 2S 5D 9C", None], stock="QS", rules={"four_of_kind_to_discard": on})
    game.play("draw")
    game.play("meld KS KD KC KH")
    assert "Ann opened with 40 points" in game.view(0).log
    game.play("discard QS")
    view = game.view(1)
    assert view.discard_top == "QS"
    if on:
        assert melds(game) == [] and view.discard_count == 1 + 4 + 1
    else:
        assert melds(game) == ["[KS KH KD KC]"] and view.discard_count == 2


def test_four_of_kind_with_a_joker_stays():
    game = start(["KS KD KC JK 2S 5D 9C", None], stock="QS", rules={"four_of_kind_to_discard": True})
    play(game, "draw", "meld KS KD KC JK", "discard QS")
    assert len(melds(game)) == 1 and game.view(1).discard_count == 2


def test_four_of_kind_goes_in_its_owners_turn():
    game = start(
        ["7H 8H 9H KS KD KC 2S 5D 9C", "QS QD QC JS JD JC KH 5S 4H"],
        stock="3C 6C 8C",
        rules={"four_of_kind_to_discard": True},
    )
    play(
        game,
        "draw",
        "meld 7H 8H 9H / KS KD KC",
        "discard 3C",
        "draw",
        "meld QS QD QC / JS JD JC",
        "layoff 2 KH",  # Bob completes Ann's set
        "discard 6C",
    )
    assert len(game.melds[1].cards) == 4  # not Bob's set: it stays in Bob's turn
    game.play("draw")
    game.play("discard 8C")
    assert len(game.melds) == 3 and all(len(m.cards) == 3 for m in game.melds)
    assert game.view(1).discard_top == "8C"


def joker_upcard_seed():
    for seed in range(2000):
        game = new_game("scala40", players=["Ann", "Bob"], seed=seed)
        if game.view(0).discard_top == "JK":
            return seed
    raise AssertionError("no seed turns a joker up")


def test_upcard_may_be_joker():
    seed = joker_upcard_seed()
    assert new_game("scala40", players=["Ann", "Bob"], seed=seed).view(0).discard_top == "JK"
    fisca = new_game("scala40", players=["Ann", "Bob"], seed=seed, rules={"upcard_may_be_joker": False})
    assert fisca.view(0).discard_top not in (None, "JK")
    assert fisca.view(0).discard_count == 1 and fisca.view(0).stock_count == 81
    for s in range(150):
        g = new_game("scala40", players=["Ann", "Bob"], seed=s, rules={"upcard_may_be_joker": False})
        assert g.view(0).discard_top != "JK"


@pytest.mark.parametrize("on", [False, True])
def test_joker_discard_only_when_closing(on):
    game = start(["JK 2S 4D 6C 8S", None], stock="QS", rules={"joker_discard_only_when_closing": on})
    game.play("draw")
    assert ("discard JK" in legal(game)) is not on
    if on:
        refused(game, "discard JK", "joker may be discarded only as the closing card")
        assert "discard 2S" in legal(game)
    else:
        game.play("discard JK")
        assert game.view(1).discard_top == "JK"


def test_joker_may_be_the_closing_discard():
    game = close_on_second_turn("KS", rules={"joker_discard_only_when_closing": True}, last="JK")
    assert game.phase == "deal-over" and game.view(0).discard_top == "JK"
    assert game.deal_scores == ((0, 10),)


@pytest.mark.parametrize(
    ("bob", "on", "score"),
    [("AH", False, 11), ("AH", True, 1), ("AH AS", True, 22), ("KH", True, 10)],
)
def test_single_ace_in_hand_counts_1(bob, on, score):
    game = close_on_second_turn(bob, rules={"single_ace_in_hand_counts_1": on})
    assert game.deal_scores == ((0, score),)


SHORT_HAND = "AC 2C 3C 2D 3D 4D 2H 3H 4H 2S 3S 4S 5S"  # 6 + 9 + 9 + 14 = 38


@pytest.mark.parametrize("on", [False, True])
def test_close_in_hand_no_minimum(on):
    game = start([SHORT_HAND, "KD 7C"], stock="9S 6C KH", rules={"close_in_hand_no_minimum": on})
    pass_turn(game)
    pass_turn(game)
    game.play("draw")
    game.play("meld AC 2C 3C / 2D 3D 4D / 2H 3H 4H / 2S 3S 4S 5S")
    assert game.view(0).facts["opening"] == "38 / 40"
    assert ("discard KH" in legal(game)) is on
    if on:
        game.play("discard KH")
        assert game.phase == "deal-over" and game.deal_scores == ((0, 17),)
    else:
        refused(game, "discard KH", "38", "short of the 40")


def test_close_in_hand_no_minimum_still_needs_40_to_stay_in():
    """Without closing, short melds stay provisional even with the toggle."""
    game = start([SHORT_HAND, "KD 7C"], stock="9S 6C KH", rules={"close_in_hand_no_minimum": True})
    pass_turn(game)
    pass_turn(game)
    game.play("draw")
    game.play("meld AC 2C 3C / 2D 3D 4D")
    refused(game, "discard KH", "short of the 40")


@pytest.mark.parametrize("on", [False, True])
def test_keep_taken_discard(on):
    game = start(
        ["7H 8H 9H KS KD KC QS 5S 3D", "2C 6H JD"],
        stock="JS 2D",
        rules={"keep_taken_discard": on},
    )
    play(game, "draw", "meld 7H 8H 9H / KS KD KC", "discard JS", "draw", "discard 2D")
    assert ("take" in legal(game)) is on
    if not on:
        refused(game, "take", "2D", "only if you can meld or lay it off")
        return
    game.play("take")
    assert game.view(0).own_facts == {}
    game.play("discard QS")
    assert "2D" in hand(game, 0) and game.to_act == 1


def test_keep_taken_discard_also_frees_a_usable_card():
    game = start(
        ["7H 8H 9H KS KD KC QS 5S 3D", "2C 6H JD"],
        stock="JS 10H",
        rules={"keep_taken_discard": True},
    )
    play(game, "draw", "meld 7H 8H 9H / KS KD KC", "discard JS", "draw", "discard 10H", "take")
    assert "discard QS" in legal(game) and "layoff 1 10H" in legal(game)
    game.play("discard QS")
    assert "10H" in hand(game, 0)


def big_hands_small_stock(rules):
    """Stock 4C 5D, discard QC; the rest of the deck split between the two hands."""
    rest = rest_of_deck("4C 5D QC")
    return start([" ".join(rest[0::2]), " ".join(rest[1::2])], stock="4C 5D", rules=rules)


@pytest.mark.parametrize(("limit", "void"), [(1, True), (2, False), (0, False)])
def test_max_stock_rebuilds(limit, void):
    game = big_hands_small_stock({"max_stock_rebuilds": limit})
    assert game.view(0).stock_count == 2
    assert pass_turn(game) == "4C"
    assert pass_turn(game) == "5D"  # the last card: rebuild 1 from QC 4C
    assert game.view(0).stock_count == 2 and game.view(0).discard_top == "5D"
    pass_turn(game)
    pass_turn(game)  # the stock runs out a second time
    if void:
        assert game.phase == "deal-over" and game.deal_scores == ((0, 0),)
        assert "no winner" in game.view(0).result
        game.play("next")
        assert game.view(0).deal_number == 2 and game.scores == (0, 0)
    else:
        assert game.phase == "draw" and game.deal_scores == ()
        assert game.view(0).stock_count == 2 and game.view(0).discard_count == 1


def test_max_stock_rebuilds_bounds():
    for bad in (-1, 51):
        with pytest.raises(InvalidRules, match="max_stock_rebuilds"):
            new_game("scala40", players=["Ann", "Bob"], rules={"max_stock_rebuilds": bad}, seed=1)


def test_s19_empty_stock_reshuffles_the_whole_pile():
    ann = "2S 4S 6S 8S 10S QS 2H 4H 6H 8H 10H QH AD"
    bob = "3S 5S 7S 9S JS KS 3H 5H 7H 9H JH KH AC"
    pile = rest_of_deck(ann, bob, "4C 5D")
    game = start([ann, bob], stock="4C 5D", discard=" ".join(pile))
    assert game.view(0).stock_count == 2 and game.view(0).discard_count == 80
    pass_turn(game)
    old_pile = Counter([*pile, "4C"])
    assert game.view(1).discard_count == 81
    assert draw(game) == "5D"  # P draws the last stock card
    view = game.view(1)
    assert view.stock_count == 81 and view.discard_count == 0 and view.discard_top is None
    assert "take" not in legal(game)
    game.play("discard 5D")  # P's discard starts the new pile
    view = game.view(0)
    assert view.discard_top == "5D" and view.discard_count == 1 and view.stock_count == 81
    assert draw(game) in old_pile  # the new stock is the old pile
    total = sum(len(game.hand(s)) for s in (0, 1))
    assert total + game.view(0).stock_count + game.view(0).discard_count == 108


@pytest.mark.parametrize("on", [True, False])
def test_layoff_same_turn_as_opening(on):
    game = start(
        ["7H 8H 9H KS KD KC 10H 2S 5D", "3D 9D JD"],
        stock="QC 4S",
        rules={"layoff_same_turn_as_opening": on},
    )
    game.play("draw")
    game.play("meld 7H 8H 9H / KS KD KC")
    assert ("layoff 1 10H" in legal(game)) is on
    if on:
        game.play("layoff 1 10H")
        assert melds(game)[0] == "[7H 8H 9H 10H]"
        return
    refused(game, "layoff 1 10H", "wait until your next turn")
    game.play("discard 2S")
    pass_turn(game)
    game.play("draw")
    game.play("layoff 1 10H")  # the next turn it is allowed
    assert melds(game)[0] == "[7H 8H 9H 10H]"


@pytest.mark.parametrize("on", [True, False])
def test_swap_in_the_opening_turn_follows_layoff_same_turn(on):
    game = start(["7H JK 9H KS KD KC 8H 2S 5D", None], stock="QC", rules={"layoff_same_turn_as_opening": on})
    game.play("draw")
    game.play("meld 7H JK 9H / KS KD KC")
    assert ("swap 1 8H" in legal(game)) is on
    if not on:
        refused(game, "swap 1 8H", "wait until your next turn")


# ----------------------------------------------------------------------------- presets


def test_presets_set_their_rules():
    fed = new_game("scala40", players=["Ann", "Bob"], seed=1, preset="Italian federation")
    assert fed.rules.earlier_discard and fed.rules.open_and_close_double
    assert fed.rules.unopened_flat_100 and not fed.rules.upcard_may_be_joker
    assert fed.rules.ban_playable_discard_opened and fed.rules.ban_playable_discard_unopened
    assert not fed.rules.ban_playable_discard_closing
    assert '"earlier_discard": true' in fed.record()
    home = new_game("scala40", players=["Ann", "Bob"], seed=1, preset="Italian home game")
    assert home.rules.reentry and home.rules.single_ace_in_hand_counts_1
    quick = new_game("scala40", players=["Ann", "Bob"], seed=1, preset="quick game")
    assert quick.rules.single_game
    seed_rules = new_game("scala40", players=["Ann", "Bob"], seed=1, preset="seed rules")
    plain = new_game("scala40", players=["Ann", "Bob"], seed=1)
    assert seed_rules.rules == plain.rules
    assert replay(fed.record()).rules == fed.rules


def test_preset_rules_can_be_overridden():
    game = new_game(
        "scala40",
        players=["Ann", "Bob"],
        seed=1,
        preset="Italian federation",
        rules={"earlier_discard": False, "target_score": 201},
    )
    assert not game.rules.earlier_discard and game.rules.target_score == 201
    assert game.rules.open_and_close_double


def test_unknown_preset():
    with pytest.raises(InvalidRules, match="no preset 'Sicilian'"):
        new_game("scala40", players=["Ann", "Bob"], seed=1, preset="Sicilian")


def test_italian_federation_chiusura_in_mano():
    game = close_on_second_turn("2S", preset="Italian federation")
    assert game.deal_scores == ((0, 200),)


def test_italian_federation_takes_the_discard_to_open():
    game = start([EARLY_HAND, None], stock="2S", preset="Italian federation")
    game.play("take")
    game.play("meld QS QD QC / 7H 8H 9H")
    assert "opened" in game.view(0).seats[0].badges


def test_quick_game_preset_ends_with_the_first_close():
    game = close_on_second_turn("JK AH", preset="quick game")
    assert game.is_over and game.outcome.winners == (0,) and game.scores == (0, 0)


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("move", "fragment"),
    [
        ("take", "only after you have opened"),
        ("discard QS", "draw first"),
        ("meld 7H 8H 9H", "draw first"),
        ("next", "draw first"),
        ("take 7H", "takes no cards"),
        ("pass", "not a Scala 40 move"),
        ("layoff 1 7H", "no table meld 1"),
    ],
)
def test_illegal_moves_before_drawing(move, fragment):
    game = start(["7H 8H 9H KS KD KC 2S 5D 9C", None], stock="QS")
    refused(game, move, fragment)


@pytest.mark.parametrize(
    ("move", "fragment"),
    [
        ("draw", "drawn already"),
        ("discard 6D", "do not hold 6D"),
        ("meld 7H 8H 9H 10H", "do not hold 7H"),
        ("meld KD AD 2D", "never in the middle"),
        ("layoff 3 10H", "no table meld 3"),
        ("layoff 1 2S", "does not fit"),
        ("layoff 1 10H 6H", "one card at a time"),
        ("swap 1 8H", "do not hold 8H"),
        ("swap 1 6H", "no joker standing for 6H"),
        ("swap 2 KD", "no joker standing for KD"),
        ("discard QS KS", "exactly one card"),
        ("meld", "name the cards"),
        ("cancel", "nothing to take back"),
        ("next", "still going on"),
        ("discard QS call", "does not belong"),
    ],
)
def test_illegal_moves_after_opening(move, fragment):
    game = start(["7H 8H 9H KS KD KC 2S 5D 9C KD AD 2D 6H", None], stock="QS")
    game.play("draw")
    game.play("meld 7H 8H 9H / KS KD KC")
    refused(game, move, fragment)


@pytest.mark.parametrize(
    ("move", "token"),
    [("discard 17H", "17H"), ("meld 7H 8H 9Z", "9Z"), ("discard ZZ", "ZZ"), ("layoff two 7H", "two")],
)
def test_bad_tokens_raise_invalid_notation_and_change_nothing(move, token):
    game = start(["7H 8H 9H KS KD KC 2S 5D 9C", None], stock="QS")
    game.play("draw")
    before = state(game)
    with pytest.raises(InvalidNotation) as info:
        game.play(move)
    assert token in str(info.value)
    assert state(game) == before


def test_joker_must_stand_for_a_real_card():
    game = start(["7H 8H JK KS", None], stock="QS")
    game.play("draw")
    with pytest.raises(InvalidNotation, match="JK=JK"):
        game.play("meld 7H 8H JK=JK")


def test_parse_cards():
    assert [c.name for c in parse_cards("7H 10s T♠ qd JK")] == ["7H", "10S", "10S", "QD", "JK"]
    with pytest.raises(InvalidNotation, match="'1Z'"):
        parse_cards("7H 1Z")


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"target": 151}, "target"),
        ({"target_score": 150}, "target_score"),
        ({"earlier_discard": "maybe"}, "earlier_discard"),
        ({"no_elimination": 100}, "no_elimination"),
        ({"max_stock_rebuilds": "many"}, "max_stock_rebuilds"),
        ({"multiple_jokers": True}, "multiple_jokers"),
    ],
)
def test_bad_rules_name_the_field(rules, field):
    with pytest.raises(InvalidRules) as info:
        new_game("scala40", players=["Ann", "Bob"], rules=rules, seed=1)
    assert field in str(info.value)


@pytest.mark.parametrize(
    ("deal", "fragment"),
    [
        ({"hands": ["JK JK JK", "JK JK"]}, "JK"),
        ({"hands": ["7H 7H 7H"]}, "7H"),
        ({"hands": [None], "wild": "5D"}, "wild"),
        ({"hands": [None, None, None]}, "hands"),
        ({"hands": ["7H 8X"]}, "8X"),
    ],
)
def test_bad_stacked_deals(deal, fragment):
    with pytest.raises((InvalidRules, InvalidNotation)) as info:
        new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
    assert fragment in str(info.value)


@pytest.mark.parametrize("count", [1, 7])
def test_player_count(count):
    with pytest.raises(InvalidRules, match="2 to 6 players"):
        new_game("scala40", players=[f"P{i}" for i in range(count)], seed=1)


def test_match_over_refuses_everything():
    game = close_on_second_turn(BIG_120)
    assert game.is_over and game.to_act is None and game.legal_moves() == ()
    with pytest.raises(IllegalMove, match="match is over"):
        game.play("next")


def test_take_then_cancel_returns_the_discard():
    game = start([EARLY_HAND, None], stock="2S", rules={"earlier_discard": True})
    game.play("take")
    assert legal(game) >= {"cancel", "meld QS QD QC"}
    game.play("cancel")
    assert game.phase == "draw" and game.view(0).discard_top == "QC"
    assert "QC" not in hand(game, 0)


def test_a_whole_deal_replays_from_its_record():
    game = bob_opened_beside_anns_joker()
    play(game, "swap 1 8H", "layoff 4 JK", "discard 6S")
    text = game.record()
    assert "Bob: swap 1 8H" in text and "Bob: layoff 4 JK=5H" in text
    again = replay(text)
    assert again.record() == text
    assert [again.view(s) for s in (0, 1, None)] == [game.view(s) for s in (0, 1, None)]


@pytest.mark.parametrize(
    ("meld", "stands_for", "value"),
    [
        ("QS KS JK", ("QS", "KS", "AS"), 31),  # unnamed: extends upward, a high ace
        ("JK=JS QS KS", ("JS", "QS", "KS"), 30),
        ("7H 8H JK", ("7H", "8H", "9H"), 24),
        ("JK=6H 7H 8H", ("6H", "7H", "8H"), 21),
        ("JK=AD 2D 3D", ("AD", "2D", "3D"), 6),
    ],
)
def test_joker_at_a_run_end_is_stored_as_declared(meld, stands_for, value):
    game = start(["QS KS JK 7H 8H 2D 3D 5C 9C", None], stock="4S")
    game.play("draw")
    game.play(f"meld {meld}")
    view = game.view(0).melds[0]
    assert view.stands_for == stands_for and view.value == value


def test_status_speaks_to_the_seat_whose_screen_it_is():
    """Issue 24 item 7: "Cat: your melds make 33 of 40" showed on Bob's screen."""
    game = start(["7H 8H 9H KS KD KC 2S 5D 9C", None], stock="QS")
    game.play("draw")
    game.play("meld 7H 8H 9H")
    assert game.view(0).status == "Ann: your melds make 24 of 40: meld more to open, or cancel"
    for seat in (1, None):
        status = game.view(seat).status
        assert "your" not in status and status.startswith("Ann's melds make 24 of 40"), status
