"""Five Hundred rules tests, through the public engine API (and the trick kit).

The conformance cases of ``shared/rules/later-games.md`` §6 (F-01 ... F-11) and of
``shared/rules/five-hundred.md`` (F-13 ... F-23), the five- and six-player forms, the
toggles on and off, the bad-input contract and random playouts. Positions come from stacked
deals; seat 3 deals the first deal, so seat 0 bids first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine import Game, IllegalMove, InvalidRules, get, new_game, parse_cards, replay
from cardtable.engine.cards import Card
from cardtable.games.five_hundred.contract import Bid, faces, read_bid, trick_order
from cardtable.games.five_hundred.rules import FiveHundredRules
from cardtable.kits.tricks import must_follow, trick_winner
from cardtable.rulesdoc import rules_markdown
from cardtable.tui.header import fit_facts, header_parts, ranked_fit

NAMES = ["Ann", "Bob", "Cat", "Dan"]
SIX = [*NAMES, "Eve", "Fay"]

# Hearts hands (F-03): Ann holds the top hearts, Bob's only "heart" is the left bower J♦.
HEARTS = [
    "JK JH AH KH QH 10H 9H 8H 7H 6H",
    "JD AS KS QS 5S 6S 7S AC KC QC",
    "5H 4H AD KD QD 10D 9D 8D 7D 6D",
    "JS 8S 9S 10S JC 10C 9C 8C 7C 6C",
]
HEARTS_KITTY = "5D 4D 5C"


def start(hands: list[str | None] | None = None, kitty: str | None = None, **kw: Any) -> Game:
    deal: dict[str, Any] = {"hands": hands or HEARTS}
    if kitty is not None or hands is None:
        deal["kitty"] = kitty or HEARTS_KITTY
    deal.update(kw.pop("extra", {}))
    return new_game(
        "five-hundred", kw.pop("players", NAMES), rules=kw.pop("rules", {}), seed=kw.pop("seed", 1), deal=deal
    )


def auction(game: Game, *moves: str) -> Game:
    for m in moves:
        game.play(m)
    return game


def state(game: Game) -> tuple[Any, ...]:
    return (game.snapshot(), game.record())


def play_random_until(game: Game, rng: random.Random, stop: Callable[[Game], bool]) -> None:
    while not stop(game):
        game.play(rng.choice(game.legal_moves()))


def legal(game: Game) -> list[str]:
    return [str(m) for m in game.legal_moves()]


# ---------------------------------------------------------------------------- F-01 deck


def test_f01_four_player_pack_and_deal() -> None:
    g = new_game("five-hundred", NAMES, seed=3)
    cards = g.all_cards()
    assert len(cards) == 43 and sum(c.is_joker for c in cards) == 1
    names = {c.name for c in cards}
    assert not names & {"2S", "2H", "3D", "3C", "4S", "4C"} and {"4H", "4D", "5S"} <= names
    assert [len(g.hand(s)) for s in range(4)] == [10] * 4
    assert g.view(None).stock_count == 3 and g.view(None).stock_label == "kitty"


def test_f13_three_player_pack() -> None:
    g = new_game("five-hundred", NAMES[:3], seed=3)
    cards = g.all_cards()
    assert len(cards) == 33 and {c.rank for c in cards if not c.is_joker} == {1, 7, 8, 9, 10, 11, 12, 13}
    assert [len(g.hand(s)) for s in range(3)] == [10] * 3 and g.view(None).teams == ()


def test_f15_six_player_pack_and_rank_order() -> None:
    g = new_game("five-hundred", SIX, seed=3)
    cards = g.all_cards()
    assert len(cards) == 63 and [len(g.hand(s)) for s in range(6)] == [10] * 6
    assert g.view(None).stock_count == 3
    names = {c.name for c in cards}
    assert {f"{r}{s}" for r in (11, 12) for s in "SHDC"} | {"13H", "13D"} <= names
    assert not {"13S", "13C"} & names
    clubs = trick_order(Bid(7, "C"), FiveHundredRules(), 6)
    hearts = parse_cards("9H 11H KH 13H 10H AH JH 12H QH")
    ranked = sorted(hearts, key=lambda c: -clubs.strength(c, "H"))
    assert [c.name for c in ranked] == ["AH", "KH", "QH", "JH", "13H", "12H", "11H", "10H", "9H"]
    trumps = trick_order(Bid(7, "H"), FiveHundredRules(), 6)
    mixed = parse_cards("10H 11H 12H 13H QH KH AH JD JH JK")
    ranked = sorted(mixed, key=lambda c: -trumps.strength(c, "S"))
    assert [c.name for c in ranked] == ["JK", "JH", "JD", "AH", "KH", "QH", "13H", "12H", "11H", "10H"]


@pytest.mark.parametrize(
    ("rules", "teams"),
    [({}, ((0, 3), (1, 4), (2, 5))), ({"six_player_teams": "2x3"}, ((0, 2, 4), (1, 3, 5)))],
)
def test_six_player_teams_share_their_scores(
    rules: dict[str, Any], teams: tuple[tuple[int, ...], ...]
) -> None:
    g = new_game("five-hundred", SIX, rules=rules, seed=5)
    assert g.view(0).teams == teams
    play_random_until(g, random.Random(5), lambda x: x.phase in ("deal-over", "match-over"))
    row = g.deal_scores[-1]
    for team in teams:
        assert len({row[s] for s in team}) == 1
    assert any(row)


def test_six_player_misere_two_teams_of_three_both_partners_sit_out() -> None:
    g = new_game("five-hundred", SIX, rules={"six_player_teams": "2x3", "misere": "any time"}, seed=2)
    auction(g, "bid misere", *["pass"] * 5)
    g.play(g.legal_moves()[0])
    assert g.view(None).seats[2].badges.count("sits out") == 1 and "sits out" in g.view(None).seats[4].badges
    g.play(g.legal_moves()[0])
    assert g.to_act == 1  # seats 2 and 4 sit out, so each trick has four cards


def test_five_player_pack_and_called_partner() -> None:
    hands: list[str | None] = [
        "JK JH JD AH KH QH 10H 9H 8H 7H",
        "AS 2C 3C 4C 5C 6C 7C 8C 9C 10C",
        None,
        None,
        None,
    ]
    g = new_game("five-hundred", [*NAMES, "Eve"], seed=4, deal={"hands": hands})
    assert len(g.all_cards()) == 53 and g.view(0).teams == ()
    auction(g, "bid 7H", "pass", "pass", "pass", "pass")
    g.play(g.legal_moves()[0])
    assert g.phase == "call" and "call QH" not in legal(g) and "call AS" in legal(g)
    before = state(g)
    with pytest.raises(IllegalMove, match="you hold JK yourself"):
        g.play("call JK")
    assert state(g) == before
    g.play("call AS")
    assert g.phase == "lead" and g.view(2).facts["called card"] == "A♠"
    assert all("partner" not in seat.badges for v in (g.view(2), g.view(None)) for seat in v.seats)
    rng = random.Random(1)
    while not (g.to_act == 1 and "play AS" in legal(g)):
        g.play(rng.choice(g.legal_moves()))
    assert all("partner" not in seat.badges for seat in g.view(3).seats)
    g.play("play AS")
    assert "partner" in g.view(3).seats[1].badges
    play_random_until(g, rng, lambda x: x.phase in ("deal-over", "match-over"))
    row = g.deal_scores[-1]
    assert row[0] == row[1] != 0 and all(row[s] >= 0 for s in (2, 3, 4))


def test_five_player_contractor_alone_and_misere_call_no_card() -> None:
    g = new_game("five-hundred", [*NAMES, "Eve"], rules={"five_player_partner": "contractor alone"}, seed=4)
    auction(g, "bid 7H", *["pass"] * 4)
    g.play(g.legal_moves()[0])
    assert g.phase == "lead"
    g = new_game("five-hundred", [*NAMES, "Eve"], rules={"misere": "any time"}, seed=4)
    auction(g, "bid misere", *["pass"] * 4)
    g.play(g.legal_moves()[0])
    assert g.phase == "lead" and not any("sits out" in s.badges for s in g.view(None).seats)


# ---------------------------------------------------------------------------- F-03, F-17 order


def test_f03_trump_order_hearts() -> None:
    order = trick_order(Bid(7, "H"), FiveHundredRules())
    cards = parse_cards("4H 10H QH KH AH JD JH JK 5H 9H")
    ranked = sorted(cards, key=lambda c: -order.strength(c, "S"))
    assert [c.name for c in ranked] == ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "5H", "4H"]
    # on a diamond lead J♦ is not a diamond
    assert must_follow(parse_cards("JD 5S"), "D", order) == []


def test_f03_left_bower_must_follow_a_heart_lead_and_wins() -> None:
    g = auction(start(), "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C", "play 6H")
    assert legal(g) == ["play JD"]
    with pytest.raises(IllegalMove, match="follow suit"):
        g.play("play AS")
    g.play("play JD")
    assert sorted(legal(g)) == ["play 4H", "play 5H"]
    g.play("play 5H")
    assert len(legal(g)) == 10  # Dan has no heart (J♦ aside, he holds none): any card
    g.play("play 6C")
    assert g.to_act == 1 and "Bob wins trick 1 with JD" in g.log


def test_f17_left_bower_is_not_of_its_printed_suit() -> None:
    spades = trick_order(Bid(7, "S"), FiveHundredRules())
    hand = parse_cards("JC 5H 9D")
    assert must_follow(hand, "C", spades) == []  # void in clubs: any card
    plays = list(enumerate(parse_cards("AC KC JC")))
    assert trick_winner(plays, spades) == (2, Card(11, "C"))
    assert trick_winner([*plays, (3, parse_cards("JS")[0])], spades)[0] == 3


# ---------------------------------------------------------------------------- scoring cases


def _deal_with(contract: str, contractor_tricks: int, seed_range: range = range(400), **kw: Any) -> Game:
    """A deal played out at random after Ann's ``contract`` in which Ann and Cat take
    ``contractor_tricks`` tricks (searched over seeds)."""
    for seed in seed_range:
        g = auction(start(**kw), f"bid {contract}", "pass", "pass", "pass")
        g.play(g.legal_moves()[0])
        rng = random.Random(seed)
        play_random_until(g, rng, lambda x: x.phase in ("deal-over", "match-over"))
        if _side_tricks(g, (0, 2)) == contractor_tricks:
            return g
    raise AssertionError(f"no seed gives {contractor_tricks} tricks")


def _side_tricks(g: Game, side: tuple[int, ...]) -> int:
    return sum(1 for line in g.log for s in side if line.startswith(f"{NAMES[s]} wins trick"))


MIXED = [
    "JK AD KD QD 5D 6D AS 5S 6S 7S",
    "JD 10D 9D AC KC QC JC 5C 6C 7C",
    "8D 7D AH KH QH JH 10H 9H 8H KS",
    "4D 4H 5H 6H 7H QS JS 10S 9S 8S",
]
MIXED_KITTY = "10C 9C 8C"


def test_f05_contract_failed() -> None:
    g = _deal_with("7D", 6, hands=MIXED, kitty=MIXED_KITTY)
    assert g.deal_scores[-1] == (-180, 40, -180, 40)
    assert g.view(0).team_totals == (-180, 40)


def test_f07_slam_on_a_big_contract_scores_its_value() -> None:
    hands = ["JK JH JD AH KH QH 10H 9H 8H 7H", *HEARTS[1:]]
    hands[2] = "5H 4H AD KD QD 10D 9D 8D 7D 6D"
    hands[1] = "6H AS KS QS 5S 6S 7S AC KC QC"
    g = auction(start(hands, kitty="5D 4D 5C"), "bid 9H", "pass", "pass", "pass", "discard 5D 4D 5C")
    play_random_until(g, random.Random(1), lambda x: x.phase == "deal-over")
    assert g.deal_scores[-1] == (400, 0, 400, 0)


def test_slam_bonus_on_a_small_contract_and_off() -> None:
    hands = ["JK JH JD AH KH QH 10H 9H 8H 7H", "6H AS KS QS 5S 6S 7S AC KC QC", *HEARTS[2:]]
    for bonus, score in ((True, 250), (False, 200)):
        g = start(hands, kitty="5D 4D 5C", rules={"slam_bonus": bonus})
        auction(g, "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C")
        play_random_until(g, random.Random(2), lambda x: x.phase == "deal-over")
        assert g.deal_scores[-1] == (score, 0, score, 0)


def test_f09_joker_led_in_no_trumps_names_the_suit() -> None:
    g = auction(start(MIXED, kitty=MIXED_KITTY), "bid 6NT", "pass", "pass", "pass", "discard 10C 9C 8C")
    assert "play JK" not in legal(g) and {"play JK=C", "play JK=S"} <= set(legal(g))
    with pytest.raises(IllegalMove, match="name the suit"):
        g.play("play JK")
    g.play("play JK=C")
    assert sorted(legal(g)) == ["play 5C", "play 6C", "play 7C", "play AC", "play JC", "play KC", "play QC"]
    g.play("play AC")
    g.play("play KS")  # Cat has no clubs
    g.play("play 8S")
    assert g.to_act == 0 and "Ann wins trick 1 with JK" in g.log
    assert "names clubs" in " ".join(g.log)


def test_f11_made_contract_wins_over_searched_seeds() -> None:
    g = _deal_with("6S", 6, hands=MIXED, kitty=MIXED_KITTY, extra={"totals": [480, 0, 480, 0]})
    assert g.is_over and g.outcome is not None and g.outcome.winners == (0, 2) and g.scores[0] == 520


def test_minus_500_loses() -> None:
    g = _deal_with("10NT", 3, hands=MIXED, kitty=MIXED_KITTY, extra={"totals": [0, 0, 0, 0]})
    assert g.is_over and g.outcome is not None and g.outcome.winners == (1, 3)


def test_the_match_result_agrees_with_one_winner_or_a_team() -> None:
    """Playtest: three players ended on "Bot 3 reach 100 and win"."""
    pair = _deal_with("6S", 6, hands=MIXED, kitty=MIXED_KITTY, extra={"totals": [480, 0, 480, 0]})
    assert pair.outcome is not None and "Ann and Cat reach 520 and win" in pair.outcome.reason
    for seed in range(40):
        g = new_game("five-hundred", ["Ann", "Bob", "Cy"], rules={"target": 100}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_moves()))
        assert g.outcome is not None
        if len(g.outcome.winners) == 1 and " reach" in g.outcome.reason:
            assert " reaches " in g.outcome.reason and g.outcome.reason.endswith(" and wins")
            return
    raise AssertionError("no three-player match was won by reaching the target")


def test_contractor_only_wins_freezes_defenders_at_490() -> None:
    g = _deal_with(
        "7D",
        6,
        hands=MIXED,
        kitty=MIXED_KITTY,
        extra={"totals": [0, 480, 0, 480]},
        rules={"contractor_only_wins": True},
    )
    assert g.scores == (-180, 490, -180, 490) and not g.is_over
    free = _deal_with("7D", 6, hands=MIXED, kitty=MIXED_KITTY, extra={"totals": [0, 480, 0, 480]})
    assert free.is_over and free.outcome is not None and free.outcome.winners == (1, 3)


def test_defender_tricks_toggle() -> None:
    g = _deal_with("7D", 6, hands=MIXED, kitty=MIXED_KITTY, rules={"defender_tricks": 0})
    assert g.deal_scores[-1] == (-180, 0, -180, 0)


# ---------------------------------------------------------------------------- auction


def test_avondale_values_and_bid_words() -> None:
    assert [Bid(6, d).value for d in ("S", "C", "D", "H", "NT")] == [40, 60, 80, 100, 120]
    assert Bid(10, "NT").value == 520 and Bid(0, "MIS").value == 250 and Bid(0, "OPEN").value == 500
    assert read_bid("7♥") == Bid(7, "H") and read_bid("6nt") == Bid(6, "NT") and read_bid("11H") is None


def test_bid_notation_round_trips_in_any_case() -> None:
    g = start()
    for m in g.legal_moves():
        assert g.parse_move(str(m)) == m
    assert g.find_move("bid 7h") is g.find_move("BID 7H")
    assert g.find_move("bid 6nt") is g.find_move("bid 6NT")


def test_f19_overcalling_misere() -> None:
    g = auction(start(), "bid 7S", "bid misere")
    before = state(g)
    with pytest.raises(IllegalMove, match="worth more"):
        g.play("bid 8S")
    assert state(g) == before
    g.play("bid 8C")
    assert g.to_act == 3


def test_misere_only_after_a_seven_bid_by_default() -> None:
    g = start()
    assert "bid misere" not in legal(g) and "bid open-misere" in legal(g)
    with pytest.raises(IllegalMove, match="seven or more"):
        g.play("bid misere")
    g.play("bid 6S")
    assert "bid misere" not in legal(g)
    g.play("bid 7S")
    assert "bid misere" in legal(g)


@pytest.mark.parametrize(
    ("rules", "misere", "open_misere"),
    [
        ({"misere": "any time"}, True, True),
        ({"misere": "never", "open_misere": "never"}, False, False),
        ({"open_misere": "after a seven bid"}, False, False),
    ],
)
def test_misere_toggles(rules: dict[str, Any], misere: bool, open_misere: bool) -> None:
    g = start(rules=rules)
    assert ("bid misere" in legal(g)) == misere
    assert ("bid open-misere" in legal(g)) == open_misere


def test_open_misere_ranks_below_ten_hearts() -> None:
    g = auction(start(), "bid open-misere")
    assert "bid 10H" in legal(g) and "bid 10D" not in legal(g)


def test_pass_is_final_and_its_toggle() -> None:
    g = auction(start(), "pass", "bid 6S", "bid 6C", "pass")
    assert g.to_act == 1  # Ann passed for good: Bob again
    g2 = auction(start(rules={"pass_is_final": False}), "pass", "bid 6S", "bid 6C", "pass")
    assert g2.to_act == 0 and "bid 6D" in legal(g2)
    auction(g2, "bid 6D", "pass", "pass", "pass")
    assert g2.phase == "exchange" and g2.to_act == 0


def test_auction_ends_when_the_others_have_passed() -> None:
    g = auction(start(), "bid 6S", "pass", "pass", "pass")
    assert g.phase == "exchange" and g.to_act == 0 and len(g.hand(0)) == 13
    assert g.view(1).facts["contract"].startswith("6♠ (40) by Ann")


def test_f23_all_pass_redeals() -> None:
    g = start(extra={})
    auction(g, "pass", "pass", "pass", "pass")
    assert g.scores == (0, 0, 0, 0) and g.deal_scores == ()
    assert g.phase == "bid" and g.to_act == 1
    # a thrown-in hand keeps its number: the score sheet's rows and 'Deal N' agree
    assert g.view(None).deal_number == 1 and g.view(None).facts["thrown in"] == "1"
    assert "thrown in" in " ".join(g.log)
    auction(g, "bid 6S", "pass", "pass", "pass")
    assert g.view(None).deal_number == 1 and g.phase == "exchange"


def test_all_pass_play_nt_scores_10_a_trick() -> None:
    g = start(rules={"all_pass": "play_nt"})
    auction(g, "pass", "pass", "pass", "pass")
    assert g.phase == "lead" and g.to_act == 0 and g.view(0).stock_count == 3
    play_random_until(g, random.Random(3), lambda x: x.phase == "deal-over")
    row = g.deal_scores[-1]
    assert row[0] == row[2] and row[1] == row[3] and row[0] + row[1] == 100


# ---------------------------------------------------------------------------- kitty


def test_kitty_exchange_is_private_and_counted() -> None:
    g = auction(start(), "bid 7H", "pass", "pass", "pass")
    assert {"5D", "4D", "5C"} <= {c.name for c in g.hand(0)}
    before = state(g)
    for bad, why in (
        ("discard 5D 4D", "exactly three"),
        ("discard 5D 4D 5C 6H", "exactly three"),
        ("discard 5D 4D AS", "do not hold AS"),
    ):
        with pytest.raises(IllegalMove, match=why):
            g.play(bad)
        assert state(g) == before
    g.play("discard 5D 4D 5C")
    assert g.phase == "lead" and len(g.hand(0)) == 10
    assert g.view(0).own_facts["your discards"] == "4♦ 5♦ 5♣"
    assert "your discards" not in g.view(1).own_facts
    assert {c.name for c in g.hidden_cards(1)} >= {"5D", "4D", "5C"}
    assert not {c.name for c in g.hidden_cards(0)} & {"5D", "4D", "5C"}


def test_discards_shared_by_two_games_play_in_either() -> None:
    # The discard moves are kept across games: a move last listed by another game is still
    # played (through the full check) and does the same.
    a = auction(start(), "bid 7H", "pass", "pass", "pass")
    b = auction(start(), "bid 7H", "pass", "pass", "pass")
    listed = a.legal_moves()
    assert len(listed) == 286 and len(set(map(str, listed))) == 286
    assert [str(m) for m in b.legal_moves()] == [str(m) for m in listed]
    a.play(listed[5])  # stamped by b last
    b.play(str(listed[5]))
    assert a.snapshot() == b.snapshot() and len(a.hand(0)) == 10
    with pytest.raises(IllegalMove):
        a.play(listed[6])  # listed for the exchange, which is over


def test_hard_bid_simulation_counts_the_called_partner() -> None:
    from cardtable.games.five_hundred.search import _called_holder

    top, clubs = "JH JD AH KH QH 10H 9H 8H 7H 6H", "JK 2C 3C 4C 5C 6C 7C 8C 9C 10C"
    g = new_game("five-hundred", [*NAMES, "Eve"], seed=4, deal={"hands": [top, clubs, *[None] * 3]})
    order = trick_order(Bid(7, "H"), FiveHundredRules(), 5)
    own = [*g.hand(0), *parse_cards("2D 3D 4D")]
    assert _called_holder(g, own, order) == 1  # the joker, the strongest card it lacks
    alone = [*own, *g.hand(1)]
    assert _called_holder(g, alone, order) not in (0, 1)


# ---------------------------------------------------------------------------- misère


MISERE_HANDS = [
    "AS 6S 7S 5C 6C 7C 4H 5H 4D 5D",
    "5S KS QS AC KC QC AH KH AD KD",
    "JK JS 10S JC 10C JH 10H JD 10D 9S",
    "8S 8C 9C 6H 7H 8H 9H 6D 7D 8D",
]
MISERE_KITTY = "QH QD 9D"


def test_misere_partner_sits_out_and_defenders_score_nothing() -> None:
    for seed in range(300):
        g = start(MISERE_HANDS, kitty=MISERE_KITTY, rules={"misere": "any time"})
        auction(g, "bid misere", "pass", "pass", "pass", "discard QH QD 9D")
        assert g.view(0).seats[2].badges.count("sits out") == 1
        rng = random.Random(seed)
        play_random_until(
            g, rng, lambda x: x.phase == "deal-over" or (x.to_act == 2 and x.phase != "deal-over")
        )
        assert g.phase == "deal-over"
        if len(g.hand(0)) == 7 and g.deal_scores[-1][0] < 0:  # F-21: lost on the third trick
            assert g.deal_scores[-1] == (-250, 0, -250, 0)
            assert len(g.hand(2)) == 10  # Cat sat out
            return
    raise AssertionError("no seed lost the misère on the third trick")


def test_misere_defender_tricks_toggle() -> None:
    for seed in range(300):
        g = start(
            MISERE_HANDS, kitty=MISERE_KITTY, rules={"misere": "any time", "misere_defender_tricks": True}
        )
        auction(g, "bid misere", "pass", "pass", "pass", "discard QH QD 9D")
        play_random_until(g, random.Random(seed), lambda x: x.phase == "deal-over")
        tricks_played = 10 - len(g.hand(0))
        if tricks_played >= 3 and g.deal_scores[-1][0] < 0:
            assert g.deal_scores[-1] == (-250, 10 * (tricks_played - 1), -250, 10 * (tricks_played - 1))
            return
    raise AssertionError("no seed lost the misère after two tricks")


def test_open_misere_hand_is_laid_face_up_after_the_first_trick() -> None:
    g = start(MISERE_HANDS, kitty=MISERE_KITTY)
    auction(g, "bid open-misere", "pass", "pass", "pass", "discard QH QD 9D", "play 6S")
    assert "open hand" not in g.view(1).facts
    g.play("play 8S" if "play 8S" in legal(g) else legal(g)[0])
    while g.phase == "follow":
        g.play(legal(g)[0])
    # the stacked deal is played the same way every time: the contractor loses no trick yet
    assert g.phase != "deal-over"
    assert g.view(1).facts["open hand"] == faces(sorted(g.hand(0), key=lambda c: (c.suit_index, c.rank)))
    assert not {c.id for c in g.hand(0)} & {c.id for c in g.hidden_cards(1)}


# ---------------------------------------------------------------------------- NT joker toggles


def test_nt_joker_void_rule_on_and_off() -> None:
    hands = list(MIXED)
    # Bob leads: Cat and Dan have no club; Ann holds JK and no club, but holds diamonds
    for rule in (True, False):
        for lead, ann_void in (("5C", True), ("10D", False)):
            g = auction(
                start(hands, kitty=MIXED_KITTY, rules={"nt_joker_void_rule": rule}),
                "pass",
                "bid 6NT",
                "pass",
                "pass",
                "discard 10C 9C 8C",
                f"play {lead}",
            )
            assert g.to_act == 2
            g.play(legal(g)[0])
            g.play(legal(g)[0])
            assert ("play JK" in legal(g)) is (ann_void or not rule)
            if rule and not ann_void:
                with pytest.raises(IllegalMove, match="joker may be played only when"):
                    g.play("play JK")


def test_nt_joker_suit_nominated() -> None:
    g = auction(
        start(MIXED, kitty=MIXED_KITTY, rules={"nt_joker_suit": "nominated"}),
        "bid 6NT",
        "pass",
        "pass",
        "pass",
        "discard 10C 9C 8C",
    )
    assert g.phase == "nominate" and legal(g) == ["nominate S", "nominate H", "nominate D", "nominate C"]
    g.play("nominate c")
    assert "play JK" in legal(g) and "play JK=C" not in legal(g)
    g.play("play JK")
    assert g.view(1).facts["led suit"] == "clubs" and all(
        m.startswith("play") and m.endswith("C") for m in legal(g)
    )


# ---------------------------------------------------------------------------- errors, views


def test_bad_stacked_deals_say_what_is_wrong() -> None:
    with pytest.raises(InvalidRules, match="hand 1 has 9 cards"):
        start([HEARTS[0], "JD AS KS QS 5S 6S 7S AC KC", None, None])
    with pytest.raises(InvalidRules, match="listed more often"):
        start([HEARTS[0], HEARTS[0], None, None])
    with pytest.raises(InvalidRules, match="kitty has 2"):
        start(HEARTS, kitty="5D 4D")
    g = start(HEARTS, extra={"dealer": 1})
    assert g.to_act == 2


def test_revoke_and_wrong_phase_are_refused_without_change() -> None:
    g = auction(start(), "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C", "play 6H")
    before = state(g)
    for bad in ("play AS", "bid 8H", "pass", "discard AS KS QS", "next", "play JK=C", "play 2H"):
        with pytest.raises((IllegalMove, Exception)):
            g.play(bad)
        assert state(g) == before


def test_views_show_the_auction_trumps_and_teams() -> None:
    g = auction(start(), "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C")
    v = g.view(1)
    assert v.phase_kind.value == "play" and v.teams == ((0, 2), (1, 3))
    assert "left bower" in v.facts["trumps"] and v.facts["needs"] == "7 more tricks"
    assert "Ann 7♥" in v.facts["auction"] and "contractor" in v.seats[0].badges
    assert g.view(0).phase_kind.value == "play"
    assert new_game("five-hundred", NAMES, seed=1).view(0).phase_kind.value == "bid"


def test_the_header_says_a_contract_is_lost_once_too_few_tricks_are_left() -> None:
    # Bob's 10♠ needs every trick: the first one Ann and Cat take loses it (Ann holds the joker)
    g = auction(start(), "pass", "bid 10S", "pass", "pass")
    g.play(legal(g)[0])
    assert g.view(0).facts["needs"] == "10 more tricks"
    rng = random.Random(1)
    seen_lost = False
    while g.phase in ("lead", "follow"):
        facts = g.view(0).facts
        won = sum(int(part.rsplit(" ", 1)[1]) for part in facts["tricks won"].split(" · ")[1:])
        if won:  # the defenders' tricks are the contract's shortfall, at the least
            assert "needs" not in facts and facts["lost"] == f"{won}+ tricks short", facts
            # and at 80 columns the header keeps it beside the contract
            deal, shown, rank = header_parts(g.view(0))
            room = 80 - len(" Five Hundred ") - len(f"  {deal}")
            fitted = fit_facts(shown, room) if rank is None else ranked_fit(shown, room, rank)
            assert fitted[:2] == ["contract: 10♠ (440) by Bob", f"lost: {won}+ tricks short"]
            seen_lost = True
        else:
            assert facts["needs"] == "10 more tricks"
        g.play(rng.choice(legal(g)))
    assert seen_lost
    assert g.phase == "deal-over"
    short = 10 - _side_tricks(g, (1, 3))  # all ten played: the shortfall is exact
    assert g.view(0).facts["lost"] == f"{short} tricks short"


def test_the_header_says_a_misere_is_lost_after_the_contractor_takes_a_trick() -> None:
    for seed in range(300):
        g = start(MISERE_HANDS, kitty=MISERE_KITTY, rules={"misere": "any time"})
        auction(g, "bid misere", "pass", "pass", "pass", "discard QH QD 9D")
        assert g.view(1).facts["needs"] == "no tricks at all"
        play_random_until(g, random.Random(seed), lambda x: x.phase == "deal-over")
        if g.deal_scores[-1][0] < 0:
            assert g.view(1).facts["lost"] == "1 trick taken" and "needs" not in g.view(1).facts
            return
    raise AssertionError("no seed lost the misère")


def test_the_header_says_a_contract_is_made() -> None:
    g = auction(start(), "bid 6H", "pass", "pass", "pass", "discard 5D 4D 5C")
    play_random_until(g, random.Random(2), lambda x: x.phase in ("deal-over", "match-over"))
    won = _side_tricks(g, (0, 2))
    assert won >= 6 and g.view(1).facts["made"] == f"{won} tricks"


def test_rules_text_and_presets() -> None:
    spec = get("five-hundred")
    text = rules_markdown(spec.id)
    assert "bid 7H" in text and "play JK=C" in text and "pass_is_final" in text
    for name in ("Australian standard", "contractor only wins", "no misère"):
        assert name in spec.presets
    g = new_game("five-hundred", NAMES, preset="no misère", seed=1)
    assert "bid open-misere" not in legal(g)


# ---------------------------------------------------------------------------- random playouts


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([3, 4, 5, 6]),
    toggles=st.randoms(use_true_random=False),
)
def test_random_matches_conserve_cards_and_replay(seed: int, players: int, toggles: random.Random) -> None:
    spec = get("five-hundred")
    rules = {
        "pass_is_final": toggles.random() < 0.5,
        "misere": toggles.choice(["any time", "after a seven bid", "never"]),
        "open_misere": toggles.choice(["any time", "after a seven bid", "never"]),
        "all_pass": toggles.choice(["redeal", "play_nt"]),
        "nt_joker_void_rule": toggles.random() < 0.5,
        "nt_joker_suit": toggles.choice(["when_led", "nominated"]),
        "contractor_only_wins": toggles.random() < 0.5,
        "six_player_teams": toggles.choice(["3x2", "2x3"]),
        "five_player_partner": toggles.choice(["called card", "contractor alone"]),
        "target": 200,
    }
    g = new_game(spec.id, SIX[:players], rules=rules, seed=seed)
    ids = sorted(c.id for c in g.all_cards())
    rng = random.Random(seed)
    moves = 0
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
        moves += 1
        assert sorted(c.id for c in g.all_cards()) == ids
        assert moves < 5000
    again = replay(g.record())
    assert again.snapshot() == g.snapshot()
    assert g.outcome is not None and g.outcome.winners


# ---------------------------------------------------------------------------- bots


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_whole_matches_with_reasons(level: str) -> None:
    from cardtable.bots import decide, make_bot

    for players in (3, 4, 5, 6):
        g = new_game("five-hundred", SIX[:players], seed=players, rules={"misere": "any time"})
        bot, rng = make_bot(level), random.Random(players)
        # the hard bot searches: one deal each, on a short budget, keeps the test quick
        while not g.is_over and (level != "hard" or g.phase != "deal-over"):
            d = decide(bot, g, rng, 0.02 if level == "hard" else 0.12)
            assert d.why
            g.play(d.move)
        assert g.deal_scores


def test_medium_keeps_trumps_from_the_kitty() -> None:
    from cardtable.bots import decide, make_bot

    g = auction(start(), "bid 7H", "pass", "pass", "pass")
    d = decide(make_bot("medium"), g, random.Random(0))
    assert str(d.move) == "discard 4D 5D 5C"


def test_hard_reads_voids_from_the_log_and_keeps_samples_consistent() -> None:
    from cardtable.bots import turn_of
    from cardtable.games.five_hundred.search import consistent, voids_from_log

    g = auction(
        start(), "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C", "play 6H", "play JD", "play 5H"
    )
    g.play("play 6C")  # Dan shows he has no heart
    turn = turn_of(g, random.Random(0))
    voids = voids_from_log(turn, trick_order(Bid(7, "H"), FiveHundredRules()))
    assert voids == {3: {"H"}}
    for k in range(20):
        world = turn.sample(random.Random(k))
        consistent(world, turn.seat, voids, random.Random(k))  # type: ignore[arg-type]
        assert not [c for c in world.hand(3) if c.suit == "H" or c.name in ("JD", "JK")]
        assert world.hand(1) == g.hand(1)


def test_hard_bids_from_simulated_deals_and_plays_with_reasons() -> None:
    from cardtable.bots import decide, hint, make_bot

    hands: list[str | None] = ["JK JH JD AH KH QH 10H 9H AS AC", None, None, None]
    g = new_game("five-hundred", NAMES, seed=1, deal={"hands": hands})
    d = decide(make_bot("hard"), g, random.Random(0))
    assert d.move.kind == "bid" and d.move.word.endswith("H") and "simulated deals" in d.why
    weak: list[str | None] = ["5S 6S 7C 8C 5D 6D 7D 8H 9H 4H", None, None, None]
    g = new_game("five-hundred", NAMES, seed=1, deal={"hands": weak})
    assert str(decide(make_bot("hard"), g, random.Random(0)).move) == "pass"
    g = auction(start(), "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C")
    h = hint(g)
    assert h.move.kind == "play" and "sampled deals" in h.why


def test_the_log_agrees_with_a_player_named_you_and_facts_show_faces() -> None:
    g = new_game(
        "five-hundred", ["You", "Bob", "Cat", "Dan"], seed=1, deal={"hands": HEARTS, "kitty": HEARTS_KITTY}
    )
    auction(g, "bid 7H", "pass", "pass", "pass", "discard 5D 4D 5C", "play 6H")
    text = "\n".join(g.log)
    assert "You bid first" in text and "You bid 7♥" in text and "You win the auction" in text
    assert "You discard three" in text and "You lead 6H" in text and "You bids" not in text
    assert "J♥, J♦" in g.view(1).facts["trumps"]
