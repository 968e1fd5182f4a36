"""``least_deadwood`` gives the exact solver's penalty on every hand (issue 25).

The bit-parallel road is checked against ``best_arrangement`` / ``best_discard`` on hands
hypothesis draws (rules and values varied, jokers and wild ranks sent to the full solver)
and on 20,000 fixed-seed gin hands, half random and half meld-rich.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import Card, make_deck, parse_cards
from cardtable.kits.rummy.arrange import best_arrangement, best_discard
from cardtable.kits.rummy.deadwood import by_face, least_deadwood
from cardtable.kits.rummy.melds import MeldRules
from cardtable.testing import GIN_MELDS as GIN
from cardtable.testing import gin_value, meld_rich

DECK = make_deck(1, 2)
VALUES: list[Callable[[Card], int]] = [
    gin_value,  # marked by_face: read once per face
    lambda c: 10 if c.rank in (1, 11, 12, 13) else max(c.rank, 1),  # unmarked: read per card
    lambda c: 1 + c.id % 7,  # by card, not by rank
    lambda c: c.rank % 4,  # some cards cost 0: the full solver answers
    by_face(lambda c: c.rank % 4),  # the same, marked: the zero faces must still go there
    by_face(lambda c: 10 if c.rank in (1, 11, 12, 13) else max(c.rank, 1)),
]


def exact(cards: list[Card], rules: MeldRules, value: Callable[[Card], int], discard: bool) -> int:
    if discard:
        return best_discard(cards, rules, value)[1].penalty
    return best_arrangement(cards, rules, value).penalty


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=1, max_size=12, unique_by=lambda c: c.id),
    ace=st.sampled_from([(True, False), (False, True), (False, False), (True, True)]),
    min_size=st.sampled_from([3, 4]),
    set_max=st.sampled_from([3, 4, 8]),
    wild=st.sampled_from([frozenset(), frozenset({2})]),
    value=st.sampled_from(VALUES),
    discard=st.booleans(),
)
def test_agrees_with_the_exact_solver(
    cards: list[Card],
    ace: tuple[bool, bool],
    min_size: int,
    set_max: int,
    wild: frozenset[int],
    value: Callable[[Card], int],
    discard: bool,
) -> None:
    rules = MeldRules(
        max_wilds=4 if wild else 0,
        ace_low=ace[0],
        ace_high=ace[1],
        min_size=min_size,
        set_max=set_max,
        wild_ranks=wild,
    )
    assert least_deadwood(cards, rules, value, discard=discard) == exact(cards, rules, value, discard)


@pytest.mark.parametrize("n", [10, 11])
def test_twenty_thousand_gin_hands(n: int) -> None:
    rng = random.Random(25 + n)
    deck = make_deck(1)
    wrong = []
    for k in range(10_000):
        hand = rng.sample(deck, n) if k % 2 else meld_rich(rng, deck, n, rng.randint(2, 5))
        got = least_deadwood(hand, GIN, gin_value, discard=n == 11)
        if got != exact(hand, GIN, gin_value, n == 11):
            wrong.append(" ".join(c.name for c in hand))
    assert wrong == []


def test_all_melded_eleven_throws_from_a_set_of_four_or_a_long_run() -> None:
    four = parse_cards("5H 5D 5C 5S AS 2S 3S 7H 8H 9H TH")
    assert least_deadwood(four, GIN, gin_value, discard=True) == 0
    threes = parse_cards("5H 5D 5C 6H 6D 6C 7H 7D 7C KS KH")
    assert least_deadwood(threes, GIN, gin_value, discard=True) == exact(threes, GIN, gin_value, True)


def test_bad_input_gets_the_solvers_messages() -> None:
    with pytest.raises(TypeError, match="expected cards"):
        least_deadwood(["7H"], GIN, gin_value)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="hand is empty"):
        least_deadwood([], GIN, gin_value, discard=True)
    assert least_deadwood([], GIN, gin_value) == 0


def test_a_face_value_is_read_once_per_face_not_per_hand() -> None:
    calls: list[Card] = []

    @by_face
    def value(c: Card) -> int:
        calls.append(c)
        return min(c.rank, 10)

    rng = random.Random(5)
    deck = make_deck(1)
    hands = [rng.sample(deck, 11) for _ in range(50)]
    for h in hands:
        assert least_deadwood(h, GIN, value, discard=True) == best_discard(h, GIN, gin_value)[1].penalty
    assert len(calls) == 52  # one read of each face, then kept

    calls.clear()

    def unmarked(c: Card) -> int:
        return value(c)

    least_deadwood(hands[0], GIN, unmarked, discard=True)
    assert len(calls) == 11  # an unmarked function is asked about each card of the hand
