"""The solver against the brute force on 10-15 cards with 0-4 wild cards (jokers and
wild-rank cards mixed), where its search meets the same cards again owing a different
number of wild tokens: a state that owes fewer tokens with more free bounds one owing
more (``cardtable.kits.rummy._search``), and that shortcut must leave every answer exact."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import make_deck
from cardtable.kits.rummy.arrange import Requirement
from cardtable.testing import INDIAN_NEED
from cardtable.testing import PROGRESSIVE_MELDS as PROGRESSIVE
from cardtable.testing import indian_melds as indian
from cardtable.testing import penalty_value as value_for
from tests.test_arrange import FOUR_CARD_LIFE, cross_check, hand_of


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(10, 15),
    wilds=st.integers(0, 4),
    need=st.sampled_from([None, INDIAN_NEED, FOUR_CARD_LIFE, Requirement(runs=1)]),
    progressive=st.booleans(),
    rich=st.booleans(),
)
def test_wild_tokens_against_brute_force(
    seed: int, size: int, wilds: int, need: Requirement | None, progressive: bool, rich: bool
) -> None:
    """Two packs and two jokers (Indian Rummy's rules, any wild rank, with its needs), or
    three packs and six jokers (Progressive's: 2s wild, sets of any size; no need)."""
    rng = random.Random(seed)
    if progressive:
        rules, deck, need = PROGRESSIVE, make_deck(3, 6), None
        value = value_for(rules, 20)
    else:
        rules, deck = indian(rng.randint(1, 13)), make_deck(2, 2)
        value = value_for(rules)
    cross_check(hand_of(rng, size, wilds, rich, rules, deck), rules, value, need)
