"""The medium bidder's misère judgement (issue 20): it once bid a misère it then failed
badly. Stacked hands: low cards bid misère; the joker, an ace or a hand of high cards never."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots import decide, make_bot
from cardtable.engine import new_game
from cardtable.engine.cards import Card
from cardtable.games.five_hundred.bot import misere_danger
from cardtable.games.five_hundred.contract import make_five_hundred_pack

NAMES = ["Ann", "Bob", "Cat", "Dan"]
ANY_TIME = {"misere": "any time"}
PACK = make_five_hundred_pack(4)


def medium_call(hand: str | list[Card], players: list[str] = NAMES) -> str:
    """What the medium bot bids first (seat 0 bids first) holding ``hand``, misère open."""
    text = hand if isinstance(hand, str) else " ".join(c.name for c in hand)
    hands: list[str | None] = [text, *[None] * (len(players) - 1)]
    g = new_game("five-hundred", players, rules=ANY_TIME, seed=1, deal={"hands": hands})
    return str(decide(make_bot("medium"), g, random.Random(0)).move)


def test_a_hand_of_low_cards_bids_misere() -> None:
    assert medium_call("5S 6S 7S 5C 6C 4H 5H 4D 5D 6D") == "bid misere"


def test_the_joker_or_high_cards_never_bid_misere() -> None:
    assert medium_call("JK 6S 7S 5C 6C 4H 5H 4D 5D 6D") != "bid misere"  # the joker
    assert medium_call("JH JD 7S 5C 6C 4H 5H 4D 5D KD") != "bid misere"  # both red jacks, a king
    assert medium_call("AS 6S 7S 5C 6C 4H 5H 4D 5D 6D") != "bid misere"  # an ace


def test_a_suit_without_a_low_card_counts_against_misere() -> None:
    """A lone 9 cannot duck when its suit is led: it counts though no card is above the middle."""
    assert misere_danger([Card(9, "S")]) > misere_danger([Card(5, "S")]) == 0


def test_heights_follow_the_pack() -> None:
    """A 10 is above the middle of a suit of the 43-card pack (5 up), below it in the 33-card
    pack (7 up)."""
    ten = [Card(7, "S"), Card(10, "S")]
    assert misere_danger(ten, 3) < misere_danger(ten, 4)
    assert medium_call("7S 8S 9S 7C 8C 9C 7H 8H 9H 10S", ["Ann", "Bob", "Cat"]) == "bid misere"
    assert medium_call("7S 8S 9S 7C 8C 9C 7H 8H QH KS", ["Ann", "Bob", "Cat"]) != "bid misere"


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_medium_never_bids_misere_holding_the_joker_or_an_ace(data: st.DataObject) -> None:
    high = data.draw(st.sampled_from([c for c in PACK if c.rank in (0, 1)]), label="joker or ace")
    rest = data.draw(st.permutations([c for c in PACK if c is not high]), label="rest")[:9]
    assert misere_danger([high, *rest]) > 4
    assert medium_call([high, *rest]) != "bid misere"
