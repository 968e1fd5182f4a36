"""``may_group_all`` never says no to a hand the exact solver groups whole (issue 25).

Its "no" spares the solver most wrong declarations, so it must be exact: whenever
``best_arrangement`` leaves no natural card out (penalty 0 with wild cards worth 0), the
quick test must say yes. Checked on hands hypothesis draws (rules varied) and on fixed-seed
meld-rich hands from two packs with jokers, where both answers occur often.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import Card, make_deck, parse_cards
from cardtable.kits.rummy.arrange import best_arrangement
from cardtable.kits.rummy.cover import may_group_all, wilds_to_cover
from cardtable.kits.rummy.melds import MeldRules
from cardtable.testing import indian_melds, meld_rich

DECK = make_deck(2, 2)


def groups_whole(cards: list[Card], rules: MeldRules) -> bool:
    """The exact answer: the solver's best split leaves no natural card out."""
    value = lambda c: 0 if rules.is_wild(c) else 1  # noqa: E731
    return best_arrangement(cards, rules, value).penalty == 0


@settings(max_examples=400, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(3, 14),
    melds=st.integers(0, 5),
    ace=st.sampled_from([(True, True), (True, False), (False, True)]),
    min_size=st.sampled_from([3, 4]),
    max_wilds=st.sampled_from([0, 1, 2, 14]),
    distinct=st.booleans(),
    wild=st.sampled_from([frozenset(), frozenset({2}), frozenset({7})]),
)
def test_never_refuses_a_hand_the_solver_groups_whole(
    seed: int,
    size: int,
    melds: int,
    ace: tuple[bool, bool],
    min_size: int,
    max_wilds: int,
    distinct: bool,
    wild: frozenset[int],
) -> None:
    rules = MeldRules(
        max_wilds=max_wilds,
        ace_low=ace[0],
        ace_high=ace[1],
        min_size=min_size,
        set_distinct_suits=distinct,
        set_max=4 if distinct else 8,
        wild_ranks=wild,
        ace_both_ends="never",
    )
    cards = meld_rich(random.Random(seed), DECK, size, melds)
    if groups_whole(cards, rules):
        assert may_group_all(cards, rules), [c.name for c in cards]


def test_agrees_on_seeded_indian_hands_and_refuses_many() -> None:
    rng = random.Random(25)
    whole = refused = 0
    for k in range(3000):
        rules = indian_melds(rng.randint(1, 13))
        cards = meld_rich(rng, DECK, 13, rng.randint(2, 5)) if k % 2 else rng.sample(DECK, 13)
        exact = groups_whole(cards, rules)
        quick = may_group_all(cards, rules)
        assert quick or not exact, [c.name for c in cards]
        whole += exact
        refused += not quick
    # both answers occur, and the quick test refuses most hands that cannot be grouped whole
    assert whole >= 100
    assert refused >= 0.8 * (3000 - whole)


def test_counts_the_wild_cards_the_gaps_need() -> None:
    rules = MeldRules(max_wilds=4)
    assert wilds_to_cover(parse_cards("7H 8H 9H"), rules) == 0
    assert wilds_to_cover(parse_cards("7H 9H 10H"), rules) == 1
    assert wilds_to_cover(parse_cards("7H 7S"), rules) == 1  # a set of two and a wild
    assert wilds_to_cover(parse_cards("QS KS AS 2S"), rules) == 2  # Q-K-A with 2 _ _, or _ Q K with A 2 _
    assert wilds_to_cover(parse_cards("KS 2D"), rules, limit=3) == 4  # more than the limit
    assert wilds_to_cover(parse_cards("JK 2C"), rules) == 2
