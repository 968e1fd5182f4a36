"""Indian Rummy rules tests, through the public engine API only.

Every conformance case of ``shared/rules/indian-rummy.md`` (IR-01 ... IR-19), every toggle of
``IndianRummyRules`` on and off with a difference one can see, the formats and presets, and
the error contract. Positions are stacked deals: a hand is exact (13 cards), ``stock`` lists
the closed deck's top card first, ``discard`` the open deck (top last; without it one card
is turned up), ``wild`` the cut card. Seat 0 (Ann) plays first in the first deal.
Penalties: A K Q J 10, 2-10 face value, wild cards 0.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from functools import partial

import pytest
from support import discards, draw, hand, legal, pass_turn, refusals, refused, stacked
from support import names as cards

from cardtable.cli import main
from cardtable.engine import (
    IllegalMove,
    InvalidNotation,
    InvalidRules,
    make_deck,
    new_game,
    parse_card,
    parse_cards,
    replay,
)
from cardtable.games.indian_rummy.formats import FORMATS
from cardtable.games.indian_rummy.rules import PRESETS, IndianRummyRules

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")

# IR-01 with 5s wild: pure A-2-3H, 6S 7S 5D(=8S) 9S, two sets (KKK and 9H 9C JK).
IR01 = "AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK"
IR01_GROUPS = "AH 2H 3H / 6S 7S 5D 9S / KC KD KS / 9H 9C JK"
# IR-03 with 7s wild: 6H 7H 8H is pure (7H in its own place), 10D 7S(=JD) QD impure.
IR03 = "6H 7H 8H 10D 7S QD 4C 4D 4S 9S 9H 9D 9C"
# IR-09 with 4s wild: one pure sequence only, 104 points in all.
IR09 = "7D 8D 9D KH KS KC QH QS 2C 6H 10S 3D 9S"
# No pure sequence, low cards: 2S 3S 5S / 2H 4H 5H / 2D 3D 5D / 2C 4C 5C and 10S = 52.
LOW_52 = "2S 3S 5S 2H 4H 5H 2D 3D 5D 2C 4C 5C 10S"
# No pure sequence, worth far more than 80.
JUNK = "QS QH QD QC JS JH JD JC 9S 9H 9D 9C 7S"
# A valid declaration with kings wild and no king in it: three pure runs and four aces.
PURE_13 = "6S 7S 8S 6H 7H 8H 6D 7D 8D AC AS AH AD"
# No pure sequence, worth far more than 80 (kings wild count 0): shares no card with PURE_13.
JUNK_K = "KS KH KD QS QH QD QC 10S 10H 10D 10C 4S 4H"
# A valid declaration with 4s wild, sharing no card with IR09 and LOSER (one deck for two).
DECL_4 = "AS 2S 3S 5C 6C 7C 8H 9H 10H JS JD JC JH"
DECL_4_GROUPS = "AS 2S 3S / 5C 6C 7C / 8H 9H 10H / JS JD JC JH"
# With 4s wild: pure 7-8-9D, sets of K and Q, 2C 3C JK: only 6H is left.
LOSER = "7D 8D 9D KH KS KC QH QS QC 2C 3C JK 6H"


start = partial(stacked, "indian-rummy", seats=NAMES)
"""``start(hands, **deal_and_rules)``: a new game from a stacked deal (seat 0 plays first)."""


def declare_wins(game, finish: str) -> None:
    """The seat to act draws ``finish`` (the stock's top) and declares with it."""
    assert draw(game) == finish
    game.play(f"declare {finish}")


def shows(game) -> None:
    """Every loser accepts the best grouping."""
    while game.phase == "show":
        game.play("show")


def count(text: str, wild: int = 0) -> int:
    values = {1: 10, 11: 10, 12: 10, 13: 10}
    return sum(0 if c.rank in (0, wild) else values.get(c.rank, c.rank) for c in parse_cards(text))


# ----------------------------------------------------------------------------- the deal


def test_two_players_one_deck_and_a_joker():
    game = new_game("indian-rummy", ["Ann", "Bob"], seed=3)
    assert [len(game.hand(s)) for s in (0, 1)] == [13, 13]
    assert len(game.all_cards()) == 53
    view = game.view(0)
    assert view.stock_count == 53 - 26 - 2 and view.discard_count == 1
    assert (view.stock_label, view.discard_label) == ("closed deck", "open deck")
    assert view.facts["format"] == "Pool 101" and view.facts["out at"] == "101"
    assert "cut card" in view.facts["wild"]
    assert (game.to_act, game.phase) == (0, "draw")
    assert view.seats[1].badges == ("dealer",)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_three_to_six_players_two_decks_and_two_jokers(players):
    game = new_game("indian-rummy", list(NAMES[:players]), seed=players)
    everything = Counter(c.name for c in game.all_cards())
    assert len(game.all_cards()) == 106 and everything["JK"] == 2 and everything["7H"] == 2
    assert game.view(None).stock_count == 106 - 13 * players - 2


def test_decks_toggle():
    assert len(new_game("indian-rummy", ["Ann", "Bob"], seed=1, rules={"decks": 2}).all_cards()) == 106
    assert len(new_game("indian-rummy", list(NAMES[:3]), seed=1, rules={"decks": 1}).all_cards()) == 53
    with pytest.raises(InvalidRules, match="two decks"):
        new_game("indian-rummy", list(NAMES[:4]), seed=1, rules={"decks": 1})


def test_the_cut_card_makes_its_rank_wild_and_is_out_of_play():
    game = start([IR01, None], wild="5C")
    assert game.view(1).facts["wild"] == "5s (cut card 5C)"
    assert "5C" not in [c.name for c in game.hidden_cards(0)]  # face up for everyone
    assert game.view(0).stock_count == 53 - 26 - 2


def test_a_printed_joker_cut_makes_aces_wild():
    hand0 = "AS 2H 3H 4H 6S 7S 8S KC KD KS QH QC QD"  # AS(=5H) joins 2-3-4H
    game = start([hand0, None], wild="JK", stock="9D")
    assert game.view(0).facts["wild"] == "aces (cut card JK)"
    declare_wins(game, "9D")
    assert game.phase == "show"
    off = start([hand0, None], wild="JK", stock="9D", rules={"printed_joker_cut_makes_aces_wild": False})
    assert off.view(0).facts["wild"] == "printed jokers only (cut card JK)"
    declare_wins(off, "9D")
    assert off.phase == "deal-over" and off.deal_scores[-1] == (80, 0)


def test_wild_indicator_in_play_lies_under_the_closed_deck():
    game = start([None, None], wild="5C", rules={"wild_indicator_in_play": True})
    view = game.view(1)
    assert view.stock_count == 53 - 26 - 1 and view.facts["closed deck bottom"] == "5C"
    assert "5C" not in [c.name for c in game.hidden_cards(1)]
    while game.view(0).stock_count > 1:
        pass_turn(game)
    assert draw(game) == "5C"
    assert "closed deck bottom" not in game.view(0).facts


def test_stacked_deal_errors_are_clear():
    with pytest.raises(InvalidRules, match="13"):
        start(["AH 2H 3H", None])
    with pytest.raises(InvalidRules, match="one cut card"):
        start([None, None], wild="5C 6C")
    with pytest.raises(InvalidRules, match="unknown key"):
        new_game("indian-rummy", ["Ann", "Bob"], seed=1, deal={"cut": "5C"})
    with pytest.raises(InvalidRules, match="more often"):
        start([None, None], wild="JK", stock="JK")
    with pytest.raises(InvalidRules, match="too few"):
        start([None, None], discard=" ".join(c.name for c in make_deck(1, 0)[:30]))


def test_the_start_moves_one_seat_each_deal():
    game = start(["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", None], wild="2H", stock="KH")
    declare_wins(game, "KH")
    shows(game)
    assert game.phase == "deal-over" and game.to_act == 1
    game.play("next")
    assert (game.to_act, game.phase, game.view(0).deal_number) == (1, "draw", 2)
    assert game.view(0).seats[0].badges == ("dealer",)


# ----------------------------------------------------------------------------- the turn


def test_turn_start_offers_draw_take_drop_then_discard_or_declare():
    game = start([IR01, None], wild="5C", discard="QH", stock="2C")
    assert legal(game) == {"draw", "take", "drop"}
    assert game.view(0).facts["drop now"] == "20"
    game.play("draw")
    assert len(game.hand(0)) == 14
    distinct = set(cards(IR01)) | {"2C"}
    assert discards(game) == distinct
    assert {m.split()[1] for m in legal(game) if m.startswith("declare")} == distinct
    assert len(game.legal_moves()) == 2 * len(distinct)


def test_ir19_declaring_needs_a_draw_first():
    game = start([IR01, None], wild="5C")
    refused(game, "declare KS", "draw first")
    refused(game, "discard KS", "draw first")


def test_nothing_is_melded_on_the_table():
    game = start([IR01, None], wild="5C")
    game.play("draw")
    refusals(
        game,
        ("meld AH 2H 3H", "nothing is laid on the table"),
        ("layoff 1 4H", "nothing is laid on the table"),
        ("draw", "drawn already"),
        ("drop", "only at the start of your turn"),
        ("show", "nobody has declared"),
        ("next", "still going on"),
        ("declare AH 2H", "finish card"),
        ("discard AH 2H", "exactly one card"),
        ("discard 10D", "do not hold 10D"),
        ("declare 5D=8S", "stands for nothing"),
        ("knock", "not an Indian Rummy move"),
    )


def test_may_discard_taken_open_card():
    game = start([IR01, None], wild="5C", discard="QH")
    game.play("take")
    assert "QH" not in discards(game)
    assert game.view(0).own_facts == {"taken": "QH (keep it this turn)"}
    refused(game, "discard QH", "took QH from the open deck")
    allowed = start([IR01, None], wild="5C", discard="QH", rules={"may_discard_taken_open_card": True})
    allowed.play("take")
    assert "QH" in discards(allowed) and allowed.view(0).own_facts == {}


def test_taking_a_card_held_twice_bars_both_copies():
    game = start([IR01, None, None], wild="5C", discard="AH")  # two decks
    game.play("take")
    assert "AH" not in discards(game) and "declare AH" in legal(game)


@pytest.mark.parametrize(
    ("pickup", "first", "later"),
    [("allowed", True, True), ("first_card_only", True, False), ("never", False, False)],
)
def test_joker_pickup_from_open(pickup, first, later):
    rules = {"joker_pickup_from_open": pickup}
    game = start([IR01, None, None], wild="5C", discard="5H", stock="JK", rules=rules)
    assert ("take" in legal(game)) is first
    if not first:
        refused(game, "take", "wild card")
    game.play("draw")
    game.play("discard JK")  # a printed joker on the open deck
    assert ("take" in legal(game)) is later
    if not later:
        refused(game, "take", "wild card")


def test_first_card_only_also_covers_an_uncovered_up_card_after_a_drop():
    game = start(
        [None, None, None], wild="5C", discard="5H", rules={"joker_pickup_from_open": "first_card_only"}
    )
    game.play("drop")
    assert "take" in legal(game)


# ----------------------------------------------------------------------------- declaring


def test_ir01_valid_declaration():
    game = start([IR01, None], wild="5C", stock="QD")
    declare_wins(game, "QD")
    assert game.phase == "show" and game.to_act == 1 and game.hand(0) == ()
    kinds = sorted(m.kind for m in game.view(1).melds)
    assert kinds == ["pure sequence", "sequence", "set", "set"]
    assert game.view(1).facts["finish card"] == "QD"
    game.play("show")
    assert game.phase == "deal-over" and game.deal_scores[-1][0] == 0


def test_ir01_with_the_players_own_groups():
    game = start([IR01, None], wild="5C", stock="QD")
    game.play("draw")
    move = game.play(f"declare QD / {IR01_GROUPS}")
    assert str(move) == f"declare QD / {IR01_GROUPS}"
    assert [str(m) for m in game.melds] == [
        "[AH 2H 3H]",
        "[6S 7S 5D(=8S) 9S]",
        "[KS KD KC]",
        "[JK(=9S) 9H 9C]",
    ]
    assert replay(game.record()).snapshot() == game.snapshot()


def test_own_groups_in_any_order_and_the_finish_card_anywhere():
    game = start([IR01, None], wild="5C", stock="QD")
    game.play("draw")
    game.play("declare KC KD KS / QD / 9S 5D 7S 6S / AH 2H 3H / 9H 9C JK")
    assert game.phase == "show"


def test_own_groups_refused_when_malformed():
    game = start([IR01, None], wild="5C", stock="QD")
    refused(game, f"declare QD / {IR01_GROUPS}", "draw first")
    game.play("draw")
    refusals(
        game,
        (IR01_GROUPS.join(("declare ", "")), "finish card alone"),
        ("declare QD / AH 2H 3H / 6S 7S 5D 9S / KC KD KS", "put 9H 9C JK in a group"),
        ("declare QD / AH 2H / 3H 6S 7S 5D 9S KC KD KS 9H 9C JK", "at least 3 cards"),
        ("declare QD / AH 2H 3H / 6S 7S 5D 9S / KC KD KS / 9H 9C 9C", "do not hold 9C 2 times"),
        ("declare QD / AH 2H 3H / 6S 7S 5D 9S / KC KD KS / 9H 9C 8C", "do not hold 8C"),
        ("declare QD=KH / AH 2H 3H / 6S 7S 5D 9S / KC KD KS / 9H 9C JK", "stands for nothing"),
    )


def test_ir03_a_wild_card_in_its_own_place_keeps_a_run_pure():
    game = start([IR03, None], wild="7C", stock="KH")
    declare_wins(game, "KH")
    assert game.phase == "show"
    kinds = {m.text: m.kind for m in game.view(0).melds}
    assert kinds["[6H 7H 8H 9H]"] == "pure sequence" and kinds["[10D 7S(=JD) QD]"] == "sequence"
    strict = start([IR03, None], wild="7C", stock="KH", rules={"wild_in_natural_place_is_pure": False})
    declare_wins(strict, "KH")
    assert strict.phase == "deal-over" and strict.deal_scores[-1] == (80, 0)
    assert "two sequences, one of them pure" in strict.log[-2]


def test_strict_purity_preset():
    assert PRESETS["strict purity"] == {"wild_in_natural_place_is_pure": False}
    game = start([IR03, None], wild="7C", stock="KH", preset="strict purity")
    declare_wins(game, "KH")
    assert game.deal_scores[-1][0] == 80


def test_ir05_no_wrap_around():
    hand0 = "KS AS 2S 6H 7H 8H 4C 4D 4S 9S 9H 9D 9C"
    game = start([hand0, None], wild="3C", stock="QD")
    game.play("draw")
    verdict = game.declaration("QD")
    assert not verdict.valid and {c.name for c in verdict.loose} >= {"KS", "AS", "2S"}
    game.play("declare QD / KS AS 2S / 6H 7H 8H / 4C 4D 4S / 9S 9H 9D 9C")
    assert game.deal_scores[-1] == (80, 0)
    assert "never in the middle" in game.log[-2]


@pytest.mark.parametrize(
    ("group", "exceed", "valid"),
    [
        ("5S 5S 5H", False, False),
        ("5S 5H 5D 5C", False, True),
        ("5S 5H JK", False, True),
        ("5S 5H 5D 5C JK", False, False),
        ("5S 5H 5D 5C JK", True, True),
    ],
)
def test_ir07_sets_with_two_decks(group, exceed, valid):
    size = len(group.split())
    fill = {3: "QS QH QD QC", 4: "QS QH QD", 5: "6C 7C 8C 9C 10C"}[size]
    held = f"AH 2H 3H 7D 8D 9D {group} {fill}" if size < 5 else f"AH 2H 3H {group} {fill}"
    groups = f"AH 2H 3H / 7D 8D 9D / {group} / {fill}" if size < 5 else f"AH 2H 3H / {group} / {fill}"
    rules = {"set_may_exceed_4_with_jokers": exceed}
    game = start([held, None, None], wild="KC", stock="2C", rules=rules)
    game.play("draw")
    game.play(f"declare 2C / {groups}")
    assert (game.phase == "show") is valid
    if not valid:
        assert game.deal_scores == () and game.to_act == 1 and game.view(1).discard_top == "2C"


def test_the_engine_finds_a_place_for_a_fifth_card_of_a_set():
    game = start(["AH 2H 3H 5S 5H 5D 5C JK 6C 7C 8C 9C 10C", None], wild="KC", stock="2C")
    declare_wins(game, "2C")
    assert game.phase == "show" and game.hand(0) == ()
    assert sum(len(m.cards) for m in game.melds) == 13


def test_nexgen_table_preset():
    assert PRESETS["NexGen table"]["set_may_exceed_4_with_jokers"] is True
    game = start(
        ["AH 2H 3H 5S 5H 5D 5C JK 6C 7C 8C 9C 10C", None], wild="KC", stock="2C", preset="NexGen table"
    )
    game.play("draw")
    game.play("declare 2C / AH 2H 3H / 5S 5H 5D 5C JK / 6C 7C 8C 9C 10C")
    assert game.phase == "show" and "[5S JK(=5S) 5H 5D 5C]" in [str(m) for m in game.melds]


def test_ir17_a_group_of_wild_cards_only():
    hand0 = "AH 2H 3H 4S 5S 6S KC KD KH KS 9C 9C JK"
    groups = "AH 2H 3H / 4S 5S 6S / KC KD KH KS / 9C 9C JK"
    game = start([hand0, None, None], wild="9D", stock="2C")
    game.play("draw")
    game.play(f"declare 2C / {groups}")
    assert game.phase == "show"
    assert "joker group" in [m.kind for m in game.view(1).melds]
    off = start([hand0, None, None], wild="9D", stock="2C", rules={"allow_all_joker_group": False})
    off.play("draw")
    off.play(f"declare 2C / {groups}")
    assert off.view(1).seats[0].badges == ("wrong show",)
    assert "joker group is not allowed" in off.log[-1]


def test_ir17_a_joker_group_is_never_a_sequence():
    hand0 = "AH 2H 3H KC KD KH KS QS QH QD 9C 9C JK"
    game = start([hand0, None, None], wild="9D", stock="2C")
    game.play("draw")
    game.play("declare 2C / AH 2H 3H / KC KD KH KS / QS QH QD / 9C 9C JK")
    assert game.view(1).seats[0].badges == ("wrong show",)  # one sequence only
    # The engine's grouping finds a second sequence (such as QS JK(=KS) 9C(=AS)) and declares.
    again = start([hand0, None, None], wild="9D", stock="2C")
    declare_wins(again, "2C")
    assert again.phase == "show"
    assert sum(m.kind in ("sequence", "pure sequence") for m in again.view(1).melds) >= 2


def test_a_set_of_the_wild_rank():
    hand0 = "AH 2H 3H 4S 5S 6S KC KD KH KS 9C 9H JK"
    game = start([hand0, None], wild="9D", stock="2C", rules={"allow_all_joker_group": False})
    game.play("draw")
    game.play("declare 2C / AH 2H 3H / 4S 5S 6S / KC KD KH KS / 9C 9H JK")
    assert game.phase == "show"
    assert "set" in [m.kind for m in game.view(1).melds]


def test_a_wrong_show_costs_80_and_play_goes_on_for_the_others():
    game = start([JUNK, None, None], wild="KC", stock="2C")
    game.play("draw")
    game.play("declare 2C")
    assert (game.phase, game.to_act) == ("draw", 1)
    view = game.view(2)
    assert view.discard_top == "2C" and "wrong show" in view.seats[0].badges
    assert "declared wrongly" in game.log[-1] and ": 80 points" in game.log[-1]
    game.play("drop")  # Bob leaves too: Cat is the last one in the deal
    assert game.phase == "deal-over" and game.deal_scores[-1] == (80, 20, 0)
    assert "Cat is the last one in the deal and wins deal 1" in game.view(0).result


def test_declaration_preview():
    game = start([IR01, None], wild="5C", stock="QD")
    with pytest.raises(IllegalMove, match="after drawing"):
        game.declaration("QD")
    game.play("draw")
    assert game.declaration("QD").valid
    verdict = game.declaration("AH")
    assert not verdict.valid and verdict.reason
    with pytest.raises(IllegalMove, match="do not hold"):
        game.declaration("10D")


def test_declare_panel_judges_the_card_under_the_cursor():
    game = start([IR01, "7D 8D 9D QH QS QC 2C 3C 4C JH JS JD 6H"], wild="5C", stock="QD")
    before = game.grouping(0)
    assert before is not None and before.title == "your groups" and before.ready
    assert "draw, then declare" in before.summary and before.finish is None
    game.play("draw")
    panel = game.grouping(0, parse_card("QD"))
    assert panel is not None and panel.ready and panel.finish == "QD"
    assert panel.title == "declare with QD" and "press e" in panel.summary
    assert sorted(g.kind for g in panel.groups) == ["pure sequence", "sequence", "set", "set"]
    assert panel.loose == ()
    wrong = game.grouping(0, parse_card("AH"))
    assert wrong is not None and not wrong.ready and wrong.finish == "AH"
    assert "costs 80" in wrong.summary and wrong.loose
    # No card named: the cheapest declaration is offered, here the valid one.
    assert game.grouping(0) == panel
    # The other seat, holding 13, sees its own groups and what they would count.
    other = game.grouping(1)
    assert other is not None and not other.ready and other.loose == ("6H",)


def test_declare_panel_without_a_pure_sequence_still_shows_the_groups():
    game = start([JUNK, None], wild="5C")
    panel = game.grouping(0)
    assert panel is not None and not panel.ready
    assert [g.kind for g in panel.groups] == ["set", "set", "set"]
    assert "needs two sequences, one pure" in panel.summary and "80 points" in panel.summary


def test_declare_panel_in_the_show_phase_counts_the_points():
    game = start([DECL_4, LOSER], wild="4H", stock="KD")
    declare_wins(game, "KD")
    panel = game.grouping(1)
    assert panel is not None and panel.title == "your show"
    assert panel.summary == "showing now counts 6 points" and panel.loose == ("6H",)
    assert game.grouping(0) is None  # the declarer's cards are all on the table


def test_the_cut_card_is_a_face_up_card_on_the_table():
    game = start([IR01, None], wild="5C", stock="QD")
    (cut,) = game.view(None).face_up
    assert (cut.label, cut.card, cut.note) == ("cut card", "5C", "5s wild")
    (joker,) = start([JUNK, None], wild="JK").view(0).face_up
    assert joker.card == "JK" and joker.note == "aces wild"


# ----------------------------------------------------------------------------- losers


def test_ir09_a_loser_without_two_sequences_counts_every_card_capped_at_80():
    assert count(IR09) == 104
    game = start([DECL_4, IR09], wild="4H", stock="KD")
    declare_wins(game, "KD")
    game.play("show")
    assert game.deal_scores[-1] == (0, 80)
    assert game.hand(1) and not any(m.owner == 1 for m in game.melds)


def test_ir09_counter_check_a_second_impure_sequence():
    game = start([DECL_4, LOSER], wild="4H", stock="KD")
    declare_wins(game, "KD")
    game.play("show")
    assert game.deal_scores[-1] == (0, 6)
    assert hand(game, 1) == ["6H"]
    without_joker = start([DECL_4, LOSER.replace("JK", "5S")], wild="4H", stock="KD")
    declare_wins(without_joker, "KD")
    without_joker.play("show")
    assert without_joker.deal_scores[-1] == (0, 80)


def test_a_loser_may_show_their_own_groups():
    game = start([DECL_4, LOSER], wild="4H", stock="KD")
    declare_wins(game, "KD")
    game.play("show 7D 8D 9D / 2C 3C JK")  # the Qs and Ks left out: 6 + 60
    assert game.deal_scores[-1] == (0, 66)
    other = start([DECL_4, LOSER], wild="4H", stock="KD")
    declare_wins(other, "KD")
    other.play("show 7D 8D 9D / QH QS QC")  # no second sequence: every card counts
    assert other.deal_scores[-1] == (0, 80)
    bad = start([DECL_4, LOSER], wild="4H", stock="KD")
    declare_wins(bad, "KD")
    refused(bad, "show 7D 8D / 2C 3C JK", "at least 3 cards")
    refused(bad, "show 7D 8D 9D 10D", "do not hold 10D")
    refused(bad, "show KH", "at least 3 cards")


def test_show_phase_order_and_the_toggle():
    game = start([PURE_13, LOW_52, JUNK], wild="KC", stock="QC")
    declare_wins(game, "QC")
    assert (game.phase, game.to_act) == ("show", 1)
    assert legal(game) == {"show"}
    refused(game, "draw", "'show' to accept")
    game.play("show")
    assert (game.phase, game.to_act) == ("show", 2)
    game.play("show")
    assert game.phase == "deal-over" and game.deal_scores[-1] == (0, 52, 80)
    quick = start([PURE_13, LOW_52, JUNK], wild="KC", stock="QC", rules={"show_phase": False})
    declare_wins(quick, "QC")
    assert quick.phase == "deal-over" and quick.deal_scores[-1] == (0, 52, 80)


def test_max_deal_penalty():
    game = start([PURE_13, LOW_52, JUNK], wild="KC", stock="QC", rules={"max_deal_penalty": 50})
    declare_wins(game, "QC")
    shows(game)
    assert game.deal_scores[-1] == (0, 50, 50)


def test_first_hand_show_cap():
    for cap, expected in ((0, (0, 52, 80)), (40, (0, 40, 40))):
        game = start([PURE_13, LOW_52, JUNK], wild="KC", stock="QC", rules={"first_hand_show_cap": cap})
        declare_wins(game, "QC")
        shows(game)
        assert game.deal_scores[-1] == expected
    # Only players who have not had a turn are capped.
    later = start([LOW_52, JUNK, PURE_13], wild="KC", stock="2C 3C QC", rules={"first_hand_show_cap": 40})
    pass_turn(later)
    pass_turn(later)
    declare_wins(later, "QC")
    shows(later)
    assert later.deal_scores[-1] == (52, 80, 0)


def test_adda52_points_preset():
    game = start([PURE_13, LOW_52, JUNK], wild="KC", stock="QC", preset="Adda52 points")
    assert game.view(0).facts["drop now"] == "10"
    declare_wins(game, "QC")
    shows(game)
    assert game.deal_scores[-1] == (80, -40, -40) and game.is_over


FOUR_THREES = "AH 2H 3H 6S 7S JK 4C 4D 4S KS KH KD KC"  # 5s wild here, JK(=8S): runs of 3 only
FOUR_LONG = "AH 2H 3H 4H 6S 7S JK 4C 4D 4S KS KH KD"


def test_four_card_life():
    for hand0, plain, four in ((FOUR_THREES, True, False), (FOUR_LONG, True, True)):
        for on, valid in ((False, plain), (True, four)):
            game = start([hand0, None], wild="5C", stock="QD", rules={"four_card_life": on})
            declare_wins(game, "QD")
            assert (game.phase == "show") is valid, (hand0, on)
    preset = start([FOUR_THREES, None], wild="5C", stock="QD", preset="RummyOn points")
    declare_wins(preset, "QD")
    assert preset.deal_scores[-1] == (-80, 80)


def test_four_card_life_for_a_loser():
    for on, points in ((False, 6), (True, 80)):
        game = start([DECL_4, LOSER], wild="4H", stock="KD", rules={"four_card_life": on})
        declare_wins(game, "KD")
        game.play("show")
        assert game.deal_scores[-1] == (0, points)


# ----------------------------------------------------------------------------- drops


@pytest.mark.parametrize(
    ("fmt", "first", "middle"),
    [("pool101", 20, 40), ("pool201", 25, 50), ("pool61", 15, 30), ("points", 20, 40)],
)
def test_ir11_drop_penalties(fmt, first, middle):
    game = start([None, None, None], wild="5C", rules={"format": fmt})
    game.play("drop")
    assert game.view(1).seats[0].badges == ("dropped",)
    assert game.view(1).facts["drop now"] == str(first)
    pass_turn(game)
    pass_turn(game)
    assert game.view(1).facts["drop now"] == str(middle)
    game.play("drop")
    assert game.phase == ("match-over" if fmt == "points" else "deal-over")
    row = game.deal_scores[-1]
    if fmt == "points":
        assert row == (-first, -middle, first + middle)
    else:
        assert row == (first, middle, 0)


@pytest.mark.parametrize("fmt", ["best_of_3_pool", "deals"])
def test_no_drop_in_best_of_3_and_deals(fmt):
    game = start([None, None], wild="5C", rules={"format": fmt})
    assert "drop" not in legal(game)
    refused(game, "drop", "no drop")
    offered = start([None, None], wild="5C", rules={"format": fmt, "drop_penalties": "25/50"})
    offered.play("drop")
    assert offered.phase == "deal-over"


@pytest.mark.parametrize(("pair", "expected"), [("20/40", 20), ("25/50", 25), ("15/30", 15), ("10/30", 10)])
def test_drop_penalty_pairs(pair, expected):
    game = start([None, None], wild="5C", rules={"format": "pool201", "drop_penalties": pair})
    game.play("drop")
    assert game.deal_scores[-1] == (expected, 0)


def test_drop_penalties_none():
    game = start([None, None], wild="5C", rules={"drop_penalties": "none"})
    assert "drop" not in legal(game)
    refused(game, "drop", "not allowed at this table")


# ----------------------------------------------------------------------------- formats


def test_wrong_show_penalty():
    for rules, expected in (
        ({}, 80),
        ({"format": "pool61"}, 60),
        ({"format": "pool61", "wrong_show_penalty": 80}, 80),
        ({"wrong_show_penalty": 60}, 60),
    ):
        game = start([JUNK, None], wild="KC", stock="2C", rules=rules)
        game.play("draw")
        game.play("declare 2C")
        assert game.deal_scores[-1] == (expected, 0), rules


def test_ir15_points_rummy_settlement():
    game = start(
        [LOW_52, None, JUNK, PURE_13],
        wild="KC",
        stock="2C 3C QC",
        rules={"format": "points"},
    )
    pass_turn(game)  # Ann
    game.play("drop")  # Bob: first drop, 20
    pass_turn(game)  # Cat
    declare_wins(game, "QC")  # Dan
    shows(game)
    assert game.is_over and game.deal_scores[-1] == (-52, -20, -80, 152)
    assert game.scores == (-52, -20, -80, 152) and game.outcome.winners == (3,)
    assert "Dan collects 152" in game.view(0).result


def test_point_value_and_points_deals():
    game = start([PURE_13, LOW_52], wild="KC", stock="QC", rules={"format": "points", "point_value": 3})
    declare_wins(game, "QC")
    shows(game)
    assert game.is_over and game.scores == (156, -156)
    two = start([PURE_13, LOW_52], wild="KC", stock="QC", rules={"format": "points", "points_deals": 2})
    declare_wins(two, "QC")
    shows(two)
    assert two.phase == "deal-over" and not two.is_over and two.view(0).facts["match"] == "deal 2 of 2"
    two.play("next")
    two.play("drop")  # Bob starts deal 2 and drops: Ann collects 20
    assert two.is_over and two.scores == (72, -72)


def test_pool_elimination_and_the_last_player_left():
    game = start([PURE_13, JUNK_K], wild="KC", stock="JC")
    declare_wins(game, "JC")
    shows(game)
    assert game.scores == (0, 80) and not game.is_over
    game.play("next")
    game.play("drop")  # Bob starts and drops: 20 more, 100, still in
    assert game.scores == (0, 100) and not game.is_over
    game.play("next")
    game.play("drop")  # Ann starts deal 3 and drops: 20
    game.play("next")
    game.play("drop")  # Bob again: 120, out of the pool
    assert game.is_over and game.outcome.winners == (0,) and game.scores == (20, 120)
    assert "out of the pool" in game.view(0).seats[1].badges
    assert "last player left below 101" in game.outcome.reason


def test_pool_61_and_201_limits():
    assert FORMATS["pool61"].limit == 61 and FORMATS["pool201"].limit == 201
    game = start([PURE_13, JUNK_K], wild="KC", stock="JC", rules={"format": "pool61"})
    declare_wins(game, "JC")
    shows(game)
    assert game.is_over and game.scores == (0, 80)
    big = start([PURE_13, JUNK_K], wild="KC", stock="JC", rules={"format": "pool201"})
    declare_wins(big, "JC")
    shows(big)
    assert not big.is_over and big.view(0).facts["out at"] == "201"


def test_best_of_3_pool_ends_after_three_deals_unless_tied():
    game = new_game("indian-rummy", ["Ann", "Bob"], seed=2, rules={"format": "best_of_3_pool"})
    rng = random.Random(2)
    while not game.is_over:
        finish_deal(game, rng)
        if not game.is_over:
            game.play("next")
    counted = [r for r in game.deal_scores if any(r)]
    low = min(game.scores)
    assert len(counted) >= 3 and [s for s in game.scores].count(low) == 1
    assert game.outcome.winners == (game.scores.index(low),)


def test_deals_rummy_chips():
    game = start([PURE_13, LOW_52], wild="KC", stock="QC", rules={"format": "deals", "deals_count": 2})
    assert game.view(0).facts["chips"] == "Ann 160 · Bob 160"
    declare_wins(game, "QC")
    shows(game)
    assert game.deal_scores[-1] == (52, -52) and game.view(0).facts["chips"] == "Ann 212 · Bob 108"
    assert "Ann wins 52 chips" in game.view(1).result
    game.play("next")
    finish_deal(game)
    while not game.is_over:
        game.play("next")
        finish_deal(game)
    top = max(game.scores)
    assert game.outcome.winners == (game.scores.index(top),) and game.scores.count(top) == 1


@pytest.mark.parametrize("deals", [2, 3, 6])
def test_deals_count(deals):
    game = new_game(
        "indian-rummy", ["Ann", "Bob", "Cat"], seed=deals, rules={"format": "deals", "deals_count": deals}
    )
    assert game.view(0).facts["chips"] == " · ".join(f"{p} {80 * deals}" for p in ("Ann", "Bob", "Cat"))
    rng = random.Random(deals)
    played = 0
    while not game.is_over:
        finish_deal(game, rng)
        played += 1
        if not game.is_over:
            game.play("next")
    assert played >= deals


def finish_deal(game, rng=None):
    """Play until the deal ends: declare wrongly at once (a random deal never holds a valid
    show), so each deal ends quickly with known penalties."""
    rng = rng or random.Random(0)
    for _ in range(500):
        if game.phase in ("deal-over", "match-over"):
            return
        moves = game.legal_moves()
        kinds = {m.kind for m in moves}
        if "show" in kinds or "rejoin" in kinds:
            game.play(moves[0])
        elif "draw" in kinds:
            game.play("draw")
        else:
            game.play(rng.choice([m for m in moves if m.kind == "declare"]))
    raise AssertionError("the deal did not end")


# ----------------------------------------------------------------------------- rejoin

BOB_71 = "2S 3H 4D 5C 6S 7H 8D 9C 3S 4H 5D 6C 9S"  # no pure sequence, 71
CAT_80 = "KS KH KD KC 10S 10H 10D 10C 8S 8H 8D 8C 6H"  # no pure sequence, far above 80
ANN_Q = "AH 2H 3H 4S 5S 6S 7C 8C 9C JD JS JC JH"  # valid with queens wild


def rejoin_table(bob: str, rejoin: str = "once"):
    """Deal 1: Ann declares, Bob counts his hand, Cat 80. Deal 2: Bob draws and throws, Cat
    shows wrongly (80 more: out), Ann draws and throws, Bob too, Ann drops (middle, 40)."""
    game = start([ANN_Q, bob, CAT_80], wild="QH", stock="2D", rules={"rejoin": rejoin})
    declare_wins(game, "2D")
    shows(game)
    game.play("next")
    assert game.to_act == 1
    pass_turn(game)
    draw(game)
    game.play(game.legal_moves()[-1])  # Cat: a declaration, wrong
    assert game.deal_scores[-1:] != () and game.phase == "draw" and game.to_act == 0
    pass_turn(game)
    pass_turn(game)
    game.play("drop")
    assert game.phase == "deal-over"
    return game


def test_ir13_rejoin_on_the_highest_total_plus_one():
    game = rejoin_table(BOB_71)
    assert game.scores == (40, 71, 160)
    assert "out of the pool" in game.view(0).seats[2].badges
    game.play("next")
    assert (game.phase, game.to_act, legal(game)) == ("rejoin", 2, {"rejoin", "pass"})
    assert "rejoin' on 72" in game.view(2).status
    refused(game, "draw", "rejoin")
    game.play("rejoin")
    assert game.scores == (40, 71, 72) and game.phase == "draw"
    assert [len(game.hand(s)) for s in range(3)] == [13, 13, 13]


def test_ir13_rejoin_refused_above_79():
    game = rejoin_table(JUNK)
    assert game.scores == (40, 80, 160)
    game.play("next")
    assert game.phase == "draw" and game.hand(2) == ()


def test_rejoin_pass_and_off():
    game = rejoin_table(BOB_71)
    game.play("next")
    game.play("pass")
    assert game.phase == "draw" and game.hand(2) == () and game.scores[2] == 160
    off = rejoin_table(BOB_71, rejoin="off")
    off.play("next")
    assert off.phase == "draw" and off.hand(2) == ()


# ----------------------------------------------------------------------------- the closed deck


def test_the_closed_deck_is_rebuilt_then_the_deal_is_void():
    game = start([None, None], wild="5C", discard="QH", rules={"max_closed_deck_rebuilds": 1})
    while "shuffled into a new stock" not in game.log[-1]:
        pass_turn(game)
    view = game.view(0)
    assert view.discard_count == 1 and view.stock_count == 53 - 26 - 2
    while game.phase != "deal-over":
        pass_turn(game)
    assert game.deal_scores[-1] == (0, 0) and "void" in game.view(0).result
    game.play("next")
    assert game.view(0).deal_number == 2 and game.phase == "draw"


def test_rebuilds_for_ever_with_zero():
    game = start([None, None], wild="5C", rules={"max_closed_deck_rebuilds": 0})
    for _ in range(200):
        pass_turn(game)
    assert game.phase == "draw"


# ----------------------------------------------------------------------------- records, views, errors


def test_record_replay_with_own_groups_and_shows():
    game = start([DECL_4, LOSER], wild="4H", stock="KD")
    game.play("draw")
    game.play(f"declare KD / {DECL_4_GROUPS}")
    game.play("show 7D 8D 9D / 2C 3C JK / QH QS QC")
    text = game.record()
    assert "Bob: show 7D 8D 9D / 2C 3C JK / QH QS QC" in text
    again = replay(text)
    assert again.snapshot() == game.snapshot() and again.deal_scores == ((0, 36),)


def test_views_hide_other_hands_and_show_the_declared_groups():
    game = start([IR01, None], wild="5C", stock="QD")
    before = game.view(1)
    assert before.hand == tuple(hand(game, 1)) and before.melds == ()
    declare_wins(game, "QD")
    spectator = game.view(None)
    assert spectator.hand == () and len(spectator.melds) == 4
    assert spectator.seats[0].card_count == 0 and "declared" in spectator.seats[0].badges
    assert "Ann declared" in spectator.status


def test_bad_rules_name_the_field():
    with pytest.raises(InvalidRules, match="format"):
        new_game("indian-rummy", ["Ann", "Bob"], seed=1, rules={"format": "pool100"})
    with pytest.raises(InvalidRules, match="point_value"):
        new_game("indian-rummy", ["Ann", "Bob"], seed=1, rules={"point_value": 0})
    with pytest.raises(InvalidRules, match="2 to 6"):
        new_game("indian-rummy", ["Ann"], seed=1)
    with pytest.raises(InvalidRules, match="unknown rule"):
        new_game("indian-rummy", ["Ann", "Bob"], seed=1, rules={"jokers": 2})


def test_bad_notation_is_refused():
    game = start([IR01, None], wild="5C")
    with pytest.raises(InvalidNotation):
        game.play("declare ZZ")
    game.play("draw")
    with pytest.raises(InvalidNotation):
        game.play("declare QD / ")


def test_every_preset_starts():
    for preset in PRESETS:
        game = new_game("indian-rummy", ["Ann", "Bob", "Cat"], seed=1, preset=preset)
        assert game.legal_moves()


def test_random_matches_end_with_every_format():
    for fmt in FORMATS:
        for seed in range(3):
            rng = random.Random(seed)
            game = new_game("indian-rummy", list(NAMES[: 2 + seed]), seed=seed, rules={"format": fmt})
            for _ in range(20_000):
                if game.is_over:
                    break
                game.play(rng.choice(game.legal_moves()))
            assert game.is_over, fmt
            assert replay(game.record()).snapshot() == game.snapshot()


def test_status_follows_the_turn():
    game = start([IR01, None], wild="5C", discard="QH", stock="2C")
    assert game.view(1).status == "Ann: draw from the closed deck or take the open card, or drop (20)"
    game.play("draw")
    assert game.view(1).status == "Ann: discard a card, or declare with it when the other 13 are grouped"


def test_cardtable_rules_lists_every_toggle_and_preset():
    out = io.StringIO()
    assert main(["rules", "indian-rummy"], out=out) == 0
    text = out.getvalue()
    assert text.startswith("# Indian Rummy (13-card rummy)")
    for name in IndianRummyRules.model_fields:
        assert f"`{name}`" in text
    for preset in PRESETS:
        assert f"**{preset}**" in text
    assert "declare KS / AH 2H 3H" in text


@pytest.mark.parametrize(("mode", "offered"), [("once", False), ("unlimited", True)])
def test_rejoin_once_or_unlimited(mode, offered):
    game = rejoin_table(BOB_71, rejoin=mode)
    game.play("next")
    game.play("rejoin")  # Cat on 72; deal 3 starts with Ann (the start skipped Cat, who was out)
    game.play("drop")  # Ann: first drop, 60
    pass_turn(game)  # Bob
    draw(game)
    game.play(game.legal_moves()[-1])  # Cat: a wrong show again, 152; Bob wins
    assert game.scores == (60, 71, 152)
    game.play("next")
    assert (game.phase == "rejoin") is offered


def test_four_card_life_finds_the_cheapest_long_sequence():
    # Best without the rule: 2-3-4S, 3-4-5H, QH JK(=KH) AH, 23 left. With it: AH JK 3H 4H 5H, 33.
    loser = "4H 3S 2S QC 2C 6D AH 3H 5C 5H 4S QH JK"
    for on, points in ((False, 23), (True, 33)):
        long_13 = "5S 6S 7S 8S 6H 7H 8H 6D 7D 8D AS AH AD"
        game = start([long_13, loser, None], wild="9C", stock="KD", rules={"four_card_life": on})
        declare_wins(game, "KD")
        game.play("show")
        assert game.deal_scores == () and game.phase == "show"
        game.play("show")
        assert game.deal_scores[-1][1] == points
