"""best_discard against a plain reference: every allowed throw, each followed by
best_arrangement of the rest, the winner picked by the tie order the docstring gives.

The search makes the throw inside one search over the whole hand (with a lower bound that
cuts states early), so this checks that it still picks exactly what trying each throw
would, ties included, on hands of 11-15 cards from two packs with 0-4 wild cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import Card, make_deck
from cardtable.kits.rummy.arrange import Arrangement, Requirement, best_arrangement, best_discard
from cardtable.kits.rummy.melds import Meld, MeldRules, build_meld
from cardtable.testing import INDIAN_NEED, meld_rich
from cardtable.testing import indian_melds as indian
from cardtable.testing import penalty_value as value_for

FOUR_CARD_LIFE = Requirement(runs=2, pure_runs=1, long_run=4)
NEEDS = [None, INDIAN_NEED, FOUR_CARD_LIFE, Requirement(runs=1)]


def reference(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    need: Requirement | None,
    allowed: Callable[[Card], bool],
) -> tuple[bool, int, int, bool, int]:
    """The best key over every allowed throw: (need missed, penalty, -throw's value, throw is
    wild, deadwood cards), the order best_discard's docstring promises."""
    keys = []
    for i, card in enumerate(cards):
        if allowed(card):
            rest = best_arrangement([c for j, c in enumerate(cards) if j != i], rules, value, need=need)
            keys.append((not rest.ok, rest.penalty, -value(card), rules.is_wild(card), len(rest.deadwood)))
    return min(keys)


def check_split(
    cards: Sequence[Card], arr: Arrangement, rules: MeldRules, value: Callable[[Card], int]
) -> None:
    """Each card once, valid melds (build_meld with the wild cards' stand-ins named), and
    the penalty adds up."""
    used = [c for m in arr.groups for c in m.cards] + list(arr.deadwood)
    assert sorted(map(id, used)) == sorted(map(id, cards))
    assert arr.penalty == sum(value(c) for c in arr.deadwood)
    for m in arr.groups:
        if all(rules.is_wild(c) for c in m.cards):
            assert rules.allow_all_wild and len(m.cards) >= rules.min_size, str(m)
            continue
        named = [r if rules.is_wild(c) else None for c, r in zip(m.cards, m.reps, strict=True)]
        built = build_meld(m.cards, named, rules)
        assert isinstance(built, Meld), (str(m), built)


def hand_of(rng: random.Random, size: int, wilds: int, rich: bool, rules: MeldRules) -> list[Card]:
    """``size`` cards from two packs and two jokers with exactly ``wilds`` wild cards."""
    deck = make_deck(2, 2)
    wild = [c for c in deck if rules.is_wild(c)]
    plain = [c for c in deck if not rules.is_wild(c)]
    if rich:
        base = [c for c in meld_rich(rng, plain, size * 2, rng.randint(2, 5)) if not rules.is_wild(c)]
        natural = base[: size - wilds]
        natural += rng.sample(
            [c for c in plain if all(c is not x for x in natural)], size - wilds - len(natural)
        )
    else:
        natural = rng.sample(plain, size - wilds)
    hand = rng.sample(wild, wilds) + natural
    rng.shuffle(hand)
    return hand


@settings(max_examples=120, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(11, 15),
    wilds=st.integers(0, 4),
    need=st.sampled_from(NEEDS),
    rich=st.booleans(),
    refuse=st.booleans(),
)
def test_best_discard_is_the_best_single_throw(
    seed: int, size: int, wilds: int, need: Requirement | None, rich: bool, refuse: bool
) -> None:
    rng = random.Random(seed)
    rules = indian(rng.randint(1, 13))
    # wild cards worth 0 (Indian Rummy) or some points (ties between a wild and a natural throw)
    value = value_for(rules, rng.choice((0, 0, 5, 10)))
    hand = hand_of(rng, size, wilds, rich, rules)
    banned = {id(c) for c in rng.sample(hand, 3)} if refuse else set()
    allowed = (lambda c: id(c) not in banned) if refuse else None
    card, rest = best_discard(hand, rules, value, need=need, may_discard=allowed)
    assert any(c is card for c in hand)
    assert id(card) not in banned
    check_split([c for c in hand if c is not card], rest, rules, value)
    got = (not rest.ok, rest.penalty, -value(card), rules.is_wild(card), len(rest.deadwood))
    assert got == reference(hand, rules, value, need, lambda c: id(c) not in banned), (
        [c.name for c in hand],
        card.name,
        [str(m) for m in rest.groups],
    )


def test_duplicate_and_wild_throws_tie_as_documented() -> None:
    """Two copies of the best throw: one is thrown, the other stays as the rest asks; a wild
    card worth as much as a natural one is kept (a natural throw comes first)."""
    rules = indian(5)
    value = value_for(rules, 10)
    cards = [Card(r, s) for r, s in [(2, "S"), (3, "S"), (4, "S"), (9, "H"), (9, "D"), (9, "C")]]
    cards += [Card(13, "H", 0), Card(13, "H", 1), Card(5, "D"), Card(7, "C"), Card(7, "D"), Card(7, "S")]
    cards += [Card(11, "C"), Card(6, "S")]
    card, rest = best_discard(cards, rules, value, need=INDIAN_NEED)
    key = (not rest.ok, rest.penalty, -value(card), rules.is_wild(card), len(rest.deadwood))
    assert key == reference(cards, rules, value, INDIAN_NEED, lambda c: True)
    assert card.rank == 13 and not rules.is_wild(card)
