"""The trick kit: Page One's order and Five Hundred's (suit contracts with bowers, No-Trumps
with the joker as the only trump), the follow rule and its refusals, the trick winner."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import SUITS, Card, make_deck, parse_card, parse_cards
from cardtable.kits import tricks as kit
from cardtable.kits.tricks import TrickOrder

PAGE_ONE = TrickOrder(joker="wild", when_void="wild")
HEARTS = TrickOrder(trump="H", bowers=True, joker="trump")
SPADES = TrickOrder(trump="S", bowers=True, joker="trump")
NO_TRUMPS = TrickOrder(joker="wild", joker_only_when_void=True)

DECK = make_deck(1, 1)


def names(cards: Sequence[Card]) -> list[str]:
    return [c.name for c in cards]


def ranked(order: TrickOrder, text: str, led: str) -> list[str]:
    """The cards of ``text`` strongest first."""
    return names(sorted(parse_cards(text), key=lambda c: -order.strength(c, led)))


def cards_(text: str) -> list[Card]:
    return list(parse_cards(text))


def trick(text: str) -> list[tuple[int, Card]]:
    return list(enumerate(parse_cards(text)))


# ---------------------------------------------------------------------------- orders


def test_page_one_order_joker_then_ace_high_in_the_suit_led() -> None:
    assert ranked(PAGE_ONE, "2H KH JK AH 10H", "H") == ["JK", "AH", "KH", "10H", "2H"]
    # off-suit cards cannot win: they count nothing, whatever their rank
    assert PAGE_ONE.strength(parse_card("AS"), "H") == 0
    assert not PAGE_ONE.is_trump(parse_card("AS"))
    assert PAGE_ONE.effective_suit(parse_card("JK")) == ""


def test_five_hundred_hearts_trumps_run_joker_bowers_then_hearts() -> None:
    # F-15's order (the engine's cards stop at the king: no 11-13 ranks here)
    text = "10H JD 9H QH JK AH KH JH"
    assert ranked(HEARTS, text, "S") == ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H"]
    for name in text.split():
        assert HEARTS.is_trump(parse_card(name)) and HEARTS.effective_suit(parse_card(name)) == "H"


def test_five_hundred_side_suits_lose_their_left_bower() -> None:
    # hearts trumps: diamonds rank A K Q 10 ... (J♦ is a heart); clubs keep their jack
    assert ranked(HEARTS, "JC QD 10D AD KD", "D") == ["AD", "KD", "QD", "10D", "JC"]
    assert ranked(HEARTS, "QC JC 10C", "C") == ["QC", "JC", "10C"]
    assert kit.must_follow(parse_cards("JD 4D"), "D", HEARTS) == cards_("4D")


def test_f17_the_left_bower_is_not_of_its_printed_suit() -> None:
    """Spades trumps, clubs led, a player holds J♣ and no other club: void in clubs, may play
    any card; J♣ played is a trump and wins unless a higher trump comes."""
    hand = parse_cards("JC 5H 9D")
    assert kit.must_follow(hand, "C", SPADES) == []
    assert kit.playable(hand, "C", SPADES) == list(hand)
    assert all(kit.follow_refusal(c, hand, "C", SPADES) is None for c in hand)
    assert kit.trick_winner(trick("AC JC KC"), SPADES) == (1, parse_card("JC"))
    assert kit.trick_winner(trick("AC JC JS"), SPADES) == (2, parse_card("JS"))
    assert kit.trick_winner(trick("AC JC JK"), SPADES) == (2, parse_card("JK"))
    # and with spades led, J♣ must follow
    spades_led = parse_cards("JC 5H")
    assert kit.playable(spades_led, "S", SPADES) == cards_("JC")
    assert kit.follow_refusal(parse_card("5H"), spades_led, "S", SPADES) == (
        "you must follow suit: spades were led, so play JC"
    )


def test_no_trumps_the_joker_is_the_only_trump() -> None:
    joker, ace = parse_cards("JK AS")
    assert NO_TRUMPS.is_trump(joker) and not NO_TRUMPS.is_trump(ace)
    assert ranked(NO_TRUMPS, "JS QS AS JK", "S") == ["JK", "AS", "QS", "JS"]
    # no bowers in No-Trumps: J♣ is a club
    assert NO_TRUMPS.effective_suit(parse_card("JC")) == "C"
    assert kit.trick_winner(trick("2C AC JK KC"), NO_TRUMPS) == (2, joker)


def test_no_trumps_joker_void_rule_and_a_led_joker_names_its_suit() -> None:
    hand = parse_cards("JK 7D 8C")
    assert kit.playable(hand, "D", NO_TRUMPS) == cards_("7D")
    joker = parse_card("JK")
    assert kit.follow_refusal(joker, hand, "D", NO_TRUMPS) == (
        "you hold diamonds (7D): the joker may be played only when you have none"
    )
    assert kit.playable(hand, "S", NO_TRUMPS) == list(hand)  # void: any card, the joker too
    led = [(0, joker)]
    assert kit.led_suit(led, NO_TRUMPS) == "" and kit.led_suit(led, NO_TRUMPS, named="C") == "C"
    plays = [*led, (1, parse_card("AC")), (2, parse_card("KD"))]
    assert kit.trick_winner(plays, NO_TRUMPS, led="C") == (0, joker)


def test_ace_low_orders() -> None:
    low = TrickOrder(ace_high=False)
    assert ranked(low, "AS 2S KS", "S") == ["KS", "2S", "AS"]


def test_bad_orders_are_refused() -> None:
    with pytest.raises(ValueError, match="trump must be"):
        TrickOrder(trump="X")
    with pytest.raises(ValueError, match="needs a trump suit"):
        TrickOrder(joker="trump")


def test_orders_are_values() -> None:
    assert TrickOrder(trump="H", bowers=True) == TrickOrder(trump="H", bowers=True)
    assert hash(HEARTS) == hash(TrickOrder(trump="H", bowers=True, joker="trump"))
    assert HEARTS != SPADES


# ---------------------------------------------------------------------------- following


def test_page_one_follow_rule_and_refusals() -> None:
    hand = parse_cards("3H JK KS AH")
    assert names(kit.playable(hand, "H", PAGE_ONE)) == ["3H", "AH", "JK"]
    assert kit.follow_refusal(parse_card("KS"), hand, "H", PAGE_ONE) == (
        "you must follow suit: hearts were led, so play 3H or AH or JK"
    )
    # void: only the joker; the game offers the draw and names it
    void = parse_cards("KS JK 2C")
    assert kit.playable(void, "H", PAGE_ONE) == cards_("JK")
    assert kit.follow_refusal(parse_card("KS"), void, "H", PAGE_ONE) == "you have no hearts"
    assert kit.playable(parse_cards("KS 2C"), "H", PAGE_ONE) == []
    # a lead, or a led joker before the next card: any card
    assert kit.playable(hand, "", PAGE_ONE) == list(hand)


def test_trick_view_lists_cards_by_name() -> None:
    view = kit.trick_view(trick("JK 5D"), 0, 3, "D")
    assert view.plays == ((0, "JK"), (1, "5D"))
    assert (view.leader, view.last_winner, view.led_suit) == (0, 3, "D")


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError):
        kit.trick_winner([], PAGE_ONE)


# ---------------------------------------------------------------------------- properties

orders = st.builds(
    TrickOrder,
    trump=st.sampled_from([None, *SUITS]),
    bowers=st.booleans(),
    ace_high=st.booleans(),
    joker_only_when_void=st.booleans(),
    when_void=st.sampled_from(["any", "wild"]),
).flatmap(
    lambda o: st.sampled_from(["wild", "plain"] + (["trump"] if o.trump else [])).map(
        lambda j: TrickOrder(o.trump, o.bowers, j, o.ace_high, o.joker_only_when_void, o.when_void)  # type: ignore[arg-type]
    )
)
tricks = st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique_by=lambda c: c.id)
hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=10, unique_by=lambda c: c.id)


@settings(max_examples=300, deadline=None)
@given(orders, tricks)
def test_the_winner_is_a_card_of_the_trick_and_none_beats_it(order: TrickOrder, cards: list[Card]) -> None:
    plays = list(enumerate(cards))
    led = kit.led_suit(plays, order)
    seat, card = kit.trick_winner(plays, order)
    assert plays[seat] == (seat, card)
    top = order.strength(card, led)
    assert all(order.strength(c, led) <= top for c in cards)
    # the first of equal cards wins
    assert all(order.strength(c, led) < top for c in cards[:seat])


@settings(max_examples=300, deadline=None)
@given(orders, tricks)
def test_any_trump_beats_any_non_trump(order: TrickOrder, cards: list[Card]) -> None:
    plays = list(enumerate(cards))
    _, card = kit.trick_winner(plays, order)
    if any(order.is_trump(c) for c in cards):
        assert order.is_trump(card)
    else:
        # no trump: the winner follows the suit led (or is the lead itself)
        led = kit.led_suit(plays, order)
        assert order.effective_suit(card) == led or card is cards[0]


@settings(max_examples=300, deadline=None)
@given(orders, hands, st.sampled_from(["", *SUITS]))
def test_playable_and_refusal_are_one_predicate(order: TrickOrder, hand: list[Card], led: str) -> None:
    legal = kit.playable(hand, led, order)
    allowed = [c for c in hand if kit.follow_refusal(c, hand, led, order) is None]
    assert sorted(c.id for c in legal) == sorted(c.id for c in allowed)
    suited = kit.must_follow(hand, led, order)
    if led and suited:
        # holding the suit: only the suit, or a wild joker
        assert all(c in suited or order.is_wild(c) for c in legal)
        assert set(map(id, suited)) <= set(map(id, legal))
    if led and not suited and order.when_void == "any":
        assert len(legal) == len(hand)
