"""Indian Rummy's quick refusals of a declaration agree with the full solver (issue 25).

A declaration is judged with quick tests first (no pure sequence possible, a card no group
can take, too few wild cards to group every card) and the solver only when they pass.
Judging the same 13 cards as a show (``declaring=False``) always runs the solver, so the
two must agree on validity, on seeded hands (random and meld-rich, 0-4 wild cards) under
every table rule that changes what a group is.
"""

from __future__ import annotations

import random

import pytest

from cardtable.engine.cards import make_deck
from cardtable.games.indian_rummy.declare import TOO_FEW_WILDS, Judge
from cardtable.games.indian_rummy.rules import IndianRummyRules
from cardtable.testing import meld_rich

DECK = make_deck(2, 2)
VARIANTS = [
    {},
    {"four_card_life": True},
    {"wild_in_natural_place_is_pure": False},
    {"allow_all_joker_group": False, "set_may_exceed_4_with_jokers": True},
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "default")
def test_a_quick_refusal_is_never_wrong(variant: dict[str, bool]) -> None:
    rules = IndianRummyRules(**variant)
    rng = random.Random(2025)
    valid = quick = 0
    for k in range(700):
        judge = Judge(rules, rng.randint(0, 13))
        wild = [c for c in DECK if judge.mrules.is_wild(c)]
        plain = [c for c in DECK if not judge.mrules.is_wild(c)]
        w = k % 5
        base = meld_rich(rng, plain, 13 - w, 4) if k % 3 else rng.sample(plain, 13 - w)
        cards = base + rng.sample(wild, min(w, len(wild)))
        declared = judge.best_grouping(cards, declaring=True)
        shown = judge.best_grouping(cards)
        assert declared.valid == shown.valid, [c.name for c in cards]
        valid += shown.valid
        quick += declared.reason == TOO_FEW_WILDS
    assert valid >= 20 and quick >= 50  # both roads are taken
