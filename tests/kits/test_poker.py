"""The joker poker evaluator (``cardtable.kits.poker``): the rules file's ranking cases
(``shared/rules/joker-poker.md`` §7.3-7.5 and JP-01..JP-35), exhaustive category counts over
all 2,869,685 hands of the 53-card deck for both joker rules against counts derived here by
combinatorics, pokerkit as an oracle on joker-free hands, and properties (hypothesis).

The full pokerkit runs (1,000,000 random pairs; every one of the 2,598,960 joker-free hands)
are marked ``long``: ``uv run pytest tests/kits/test_poker.py --long -k pokerkit``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, pairwise
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import JOKER, SUITS, Card, card_of, make_deck, parse_cards
from cardtable.kits import poker
from cardtable.kits.poker import Category, JokerRule

DECK = make_deck(1, 1)  # 52 cards then the joker; Card.id == poker.card_code
NATURALS = DECK[:52]
RULES: tuple[JokerRule, ...] = ("bug", "wild")
C = Category


def ev(text: str, joker: JokerRule = "bug", **kw: bool) -> poker.HandRank:
    return poker.evaluate(text, joker, **kw)


# --- the rules file's cases ----------------------------------------------------------------


def test_jp01_bug_pair_of_tens_with_ace_kicker_wild_three_tens() -> None:
    bug = ev("10S 10H JK 7C 3D")
    assert (bug.category, bug.ranks) == (C.ONE_PAIR, (10, 14, 7, 3))
    assert bug == ev("10C 10D AS 7H 3S")
    wild = ev("10S 10H JK 7C 3D", "wild")
    assert (wild.category, wild.ranks) == (C.THREE_OF_A_KIND, (10, 7, 3))


@pytest.mark.parametrize("joker", RULES)
def test_jp03_jp15_five_aces_beat_a_royal_flush(joker: JokerRule) -> None:
    five = ev("AS AH AD AC JK", joker)
    assert five.category is C.FIVE_OF_A_KIND and str(five) == "five of a kind, aces"
    assert five > ev("AH KH QH JH 10H", joker) and five > ev("KS KH KD KC JK", joker)
    assert all(five >= poker.evaluate(h, joker) for h in _sample_hands(500, seed=3))


def test_jp05_wild_three_kings_bug_pair_of_kings_ace_kicker() -> None:
    assert ev("KD KS JK 4C 2H", "wild").category is C.THREE_OF_A_KIND
    bug = ev("KD KS JK 4C 2H")
    assert (bug.category, bug.ranks) == (C.ONE_PAIR, (13, 14, 4, 2))
    assert str(bug) == "pair of kings, ace kicker"


@pytest.mark.parametrize("joker", RULES)
def test_jp07_bug_flush_joker_is_the_ace(joker: JokerRule) -> None:
    assert ev("JK 9H 7H 4H 2H", joker) > ev("KH QH 9H 6H 3H", joker)
    assert ev("JK 9H 7H 4H 2H", joker).ranks == (14, 9, 7, 4, 2)
    assert str(poker.joker_reading("JK 9H 7H 4H 2H", joker)) == "AH"


@pytest.mark.parametrize("joker", RULES)
def test_jp13_bug_wheel(joker: JokerRule) -> None:
    wheel = ev("AS 2C 3D 4H JK", joker)
    assert (wheel.category, wheel.ranks, str(wheel)) == (C.STRAIGHT, (5,), "five-high straight")
    assert poker.joker_reading("AS 2C 3D 4H JK", joker) in parse_cards("5S 5H 5D 5C")
    assert wheel < ev("2S 3C 4D 5H 6C", joker)
    assert wheel > ev("KS KH KD 9C 2S", joker)


def test_jp17_bug_flush_loses_on_the_third_card() -> None:
    assert ev("JK KH 8H 5H 2H").ranks == (14, 13, 8, 5, 2)
    assert ev("JK KH 8H 5H 2H") < ev("AD KD 9D 4D 3D")


@pytest.mark.parametrize("joker", RULES)
def test_jp19_wild_royal(joker: JokerRule) -> None:
    wild_royal = ev("JK QS KS AS 10S", joker)
    assert wild_royal.category is C.STRAIGHT_FLUSH and wild_royal.is_royal and not wild_royal.natural
    assert str(poker.joker_reading("JK QS KS AS 10S", joker)) == "JS"
    assert wild_royal > ev("KD QD JD 10D 9D", joker)
    natural = ev("AH KH QH JH 10H", joker)
    assert natural == wild_royal and natural.natural and hash(natural) == hash(wild_royal)
    nbw = {"natural_beats_wild": True}
    assert ev("AH KH QH JH 10H", joker, **nbw) > ev("JK QS KS AS 10S", joker, **nbw)
    assert ev("JK QS KS AS 10S", joker, **nbw) > ev("KD QD JD 10D 9D", joker, **nbw)


def test_jp21_two_pair_plus_joker() -> None:
    wild = ev("9S 9H 4D 4C JK", "wild")
    assert (wild.category, wild.ranks) == (C.FULL_HOUSE, (9, 4))
    bug = ev("9S 9H 4D 4C JK")
    assert (bug.category, bug.ranks) == (C.TWO_PAIR, (9, 4, 14))
    assert str(bug) == "two pair, nines and fours, ace kicker"


def test_jp31_video_hands_read_with_the_wild_joker() -> None:
    cases = {
        "7S 7H 7D 7C JK": (C.FIVE_OF_A_KIND, (7,)),
        "JK 5D 6D 7D 8D": (C.STRAIGHT_FLUSH, (9,)),
        "9S 9H 4D 4C JK": (C.FULL_HOUSE, (9, 4)),
        "JK 5C 6D 7S 9H": (C.STRAIGHT, (9,)),
        "3S 3H 8C 8D KS": (C.TWO_PAIR, (8, 3, 13)),
        "JK QH 8C 5D 2H": (C.ONE_PAIR, (12, 8, 5, 2)),
        "JK KH 7C 4D 2S": (C.ONE_PAIR, (13, 7, 4, 2)),  # JP-09: kings or better
    }
    for text, (category, ranks) in cases.items():
        hand = ev(text, "wild")
        assert (hand.category, hand.ranks) == (category, ranks), text
    assert str(poker.joker_reading("JK 5D 6D 7D 8D", "wild")) == "9D"
    assert poker.joker_reading("JK 5C 6D 7S 9H", "wild") in parse_cards("8S 8H 8D 8C")


def test_jp11_wild_royal_is_royal_but_not_natural() -> None:
    hand = ev("10H JH QH KH JK", "wild")
    assert hand.is_royal and not hand.natural and str(hand) == "royal flush"
    assert ev("10H JH QH KH AH", "wild").natural


def test_jp35_openers_jacks_with_the_joker() -> None:
    assert ev("JC JK 7H 4S 2D").category is C.HIGH_CARD  # the bug may not be a jack
    assert ev("JC JK 7H 4S 2D").ranks == (14, 11, 7, 4, 2)
    assert str(ev("JC JK 7H 4S 2D", "wild")) == "pair of jacks, seven kicker"
    for joker in RULES:
        assert str(ev("AS JK 9C 4D 2H", joker)) == "pair of aces, nine kicker"


def test_74_how_the_bug_resolves() -> None:
    assert str(poker.joker_reading("AH JK 9H 7H 4H")) == "KH"
    assert ev("AH JK 9H 7H 4H").ranks == (14, 13, 9, 7, 4)
    assert str(poker.joker_reading("AH KH JK 6H 3H")) == "QH"
    assert str(poker.joker_reading("JK 2C 3D 4S 5H"))[0] == "6" and ev("JK 2C 3D 4S 5H").ranks == (6,)
    sf = ev("JK JC 10C 8C 7C")
    assert (sf.category, sf.ranks, str(poker.joker_reading("JK JC 10C 8C 7C"))) == (
        C.STRAIGHT_FLUSH,
        (11,),
        "9C",
    )
    assert ev("AS KS QS JS 10D").category is C.STRAIGHT


def test_75_kickers_with_the_joker() -> None:
    wild, bug = ev("8S 8H 8D JK KC", "wild"), ev("8S 8H 8D JK KC")
    assert (wild.category, wild.ranks) == (C.FOUR_OF_A_KIND, (8, 13))
    assert (bug.category, bug.ranks) == (C.THREE_OF_A_KIND, (8, 14, 13))
    assert str(wild) == "four eights, king kicker"
    # the bug's ace kicker ties a natural ace kicker and beats a king kicker
    assert ev("KD KS JK 4C 2H") == ev("KH KC AS 4D 2S")
    assert ev("KD KS JK 4C 2H") < ev("KH KC AS 5D 2S")
    assert ev("KD KS JK 4C 2H") > ev("KH KC QS 5D 2S")
    # no wrap-around straights; suits never break ties
    assert ev("QS KH AD 2C 3S").category is C.HIGH_CARD
    assert ev("QS KH AD 2C JK", "wild").category is C.ONE_PAIR
    assert ev("2S 3S 4S 5S 7S") == ev("2H 3H 4H 5H 7H")


def test_natural_beats_wild_only_breaks_exact_ties() -> None:
    nbw = {"natural_beats_wild": True}
    assert ev("AS 2C 3D 4H 5S", **nbw) > ev("AS 2C 3D 4H JK", **nbw)  # two wheels
    assert ev("AS 2C 3D 4H 5S") == ev("AS 2C 3D 4H JK")
    assert ev("2S 3C 4D 5H 6C", **nbw) > ev("AS 2C 3D 4H 5S", **nbw) > ev("KS KH KD JK 2S", **nbw)


def test_words() -> None:
    words = {
        "AS AH AD AC JK": "five of a kind, aces",
        "AH KH QH JH 10H": "royal flush",
        "5S 4S 3S 2S AS": "five-high straight flush",
        "9C 9D 9H 9S 2C": "four nines, two kicker",
        "6C 6D 6H 2S 2C": "full house, sixes over twos",
        "AH 2H 9H 7H 4H": "ace-high flush",
        "10C JD QH KS AS": "ace-high straight",
        "KS KH KD AS 7C": "three kings, ace kicker",
        "3S 3H 2C 2D KS": "two pair, threes and twos, king kicker",
        "QS QH 9C 5D 2H": "pair of queens, nine kicker",
        "KS QH 9C 5D 2H": "king high",
    }
    for text, name in words.items():
        assert str(ev(text)) == name, text
    assert ev("KS QH 9C 5D 2H").describe(full=True) == "king high, then queen, nine, five, two"
    assert ev("QS QH 9C 5D 2H").describe(full=True) == "pair of queens, nine, five and two kickers"
    assert repr(ev("QS QH QC QD JK", "wild")) == "<HandRank five of a kind, queens>"
    assert [c.label for c in Category][:2] == ["high card", "one pair"]


def test_best_of_six_and_seven() -> None:
    seven = parse_cards("2C 2D JK KS 9S 8S 7S")
    assert ev("2C 2D JK KS 9S 8S 7S").category is C.FLUSH
    assert [c.name for c in poker.best_five(seven)] == ["JK", "KS", "9S", "8S", "7S"]
    for joker in RULES:  # JK = JS: a jack-high straight flush
        assert ev("2C 2D JK 10S 9S 8S 7S", joker).describe() == "jack-high straight flush"
    assert ev("2C 2D 2H KS KD 9S") == ev("2C 2D 2H KS KD")
    # natural beats wild picks the natural royal among seven cards
    hand = ev("AH KH QH JH 10H JK 9C", "wild")
    assert hand.is_royal and hand.natural
    assert [c.name for c in poker.best_five("JK 9C AH KH QH JH 10H")] == ["AH", "KH", "QH", "JH", "10H"]


def test_bad_hands_are_refused() -> None:
    for text, why in [
        ("AS KS QS JS", "five cards"),
        ("AS AS QS JS 9D", "twice"),
        ("AS KS QS JK JK", "twice"),
        ("AS KS QS JS 9X", "53-card deck"),
    ]:
        with pytest.raises(poker.InvalidHand, match=why):
            ev(text)
    with pytest.raises(ValueError, match="joker must be"):
        poker.evaluate("AS KS QS JS 9D", "wild!")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only to the wild"):
        poker.evaluate("AS KS QS JS 9D", "bug", double_ace_flush=True)
    with pytest.raises(poker.InvalidHand):
        poker.card_code(Card(5, "X"))


def test_batch_paths_agree_with_evaluate() -> None:
    hands = _sample_hands(3000, seed=11)
    for joker in RULES:
        for nbw in (False, True):
            ranks = [poker.evaluate(h, joker, natural_beats_wild=nbw) for h in hands]
            codes = [tuple(poker.card_code(c) for c in h) for h in hands]
            assert poker.rank_values(codes, joker, natural_beats_wild=nbw) == [r.value for r in ranks]
            assert poker.evaluate_many(hands, joker, natural_beats_wild=nbw) == ranks
            assert [poker.category_of(r.value) for r in ranks] == [r.category for r in ranks]
    assert [poker.card_code(c) for c in DECK] == [c.id for c in DECK]


# --- exhaustive counts against combinatorics ---------------------------------------------

# ranks 1..14, the ace both 1 and 14: the ten five-card straights
WINDOWS = [frozenset(r if r != 14 else 1 for r in range(low, low + 5)) for low in range(1, 11)]
# four ranks inside some straight: the joker completes them (41 sets)
FOUR_IN_A_WINDOW = {frozenset(s) for w in WINDOWS for s in combinations(w, 4)}
ACE = 1


def expected_counts(joker: JokerRule) -> dict[Category, int]:
    """Category counts over all 2,869,685 hands, by counting (never by evaluating).

    Joker-free hands are the 52-card counts. A hand with the joker is a four-card set of
    naturals; it is classified by its rank pattern, whether it holds aces, whether its four
    ranks fit inside a straight and whether it is one suit."""
    windows = len(WINDOWS)
    n: Counter[Category] = Counter()
    # 2,598,960 hands without the joker
    n[C.STRAIGHT_FLUSH] += windows * 4
    n[C.FOUR_OF_A_KIND] += 13 * 48
    n[C.FULL_HOUSE] += 13 * comb(4, 3) * 12 * comb(4, 2)
    n[C.FLUSH] += 4 * comb(13, 5) - windows * 4
    n[C.STRAIGHT] += windows * 4**5 - windows * 4
    n[C.THREE_OF_A_KIND] += 13 * comb(4, 3) * comb(12, 2) * 4**2
    n[C.TWO_PAIR] += comb(13, 2) * comb(4, 2) ** 2 * 11 * 4
    n[C.ONE_PAIR] += 13 * comb(4, 2) * comb(12, 3) * 4**3
    n[C.HIGH_CARD] += (comb(13, 5) - windows) * (4**5 - 4)

    # the joker with four naturals, by the naturals' rank pattern
    quads = 13
    trips_single = 13 * comb(4, 3) * 12 * 4
    two_pairs = comb(13, 2) * comb(4, 2) ** 2
    pair_two = 13 * comb(4, 2) * comb(12, 2) * 4**2
    in_window = len(FOUR_IN_A_WINDOW)
    distinct_sets = comb(13, 4)
    suited = 4  # four distinct ranks of one suit: the joker makes a flush or straight flush
    offsuit = 4**4 - 4
    # four distinct ranks, both rules: straight flush, flush, straight
    n[C.STRAIGHT_FLUSH] += in_window * suited
    n[C.FLUSH] += (distinct_sets - in_window) * suited
    n[C.STRAIGHT] += in_window * offsuit
    loose = distinct_sets - in_window  # neither straight nor flush
    if joker == "wild":  # the joker pairs the highest rank, or joins the biggest group
        n[C.FIVE_OF_A_KIND] += quads
        n[C.FOUR_OF_A_KIND] += trips_single
        n[C.FULL_HOUSE] += two_pairs
        n[C.THREE_OF_A_KIND] += pair_two
        n[C.ONE_PAIR] += loose * offsuit
    else:  # the bug is an ace: it matters whether the naturals hold aces, and where
        n[C.FIVE_OF_A_KIND] += 1  # four aces
        n[C.FOUR_OF_A_KIND] += quads - 1  # other quads, ace kicker
        trips_of_aces = comb(4, 3) * 48
        trips_with_ace_single = 12 * comb(4, 3) * 4
        n[C.FOUR_OF_A_KIND] += trips_of_aces
        n[C.FULL_HOUSE] += trips_with_ace_single
        n[C.THREE_OF_A_KIND] += trips_single - trips_of_aces - trips_with_ace_single
        pairs_with_aces = 12 * comb(4, 2) ** 2  # aces and another pair: full house, aces up
        n[C.FULL_HOUSE] += pairs_with_aces
        n[C.TWO_PAIR] += two_pairs - pairs_with_aces
        pair_of_aces = comb(4, 2) * comb(12, 2) * 4**2
        pair_and_ace = 12 * comb(4, 2) * 4 * 11 * 4
        n[C.THREE_OF_A_KIND] += pair_of_aces
        n[C.TWO_PAIR] += pair_and_ace
        n[C.ONE_PAIR] += pair_two - pair_of_aces - pair_and_ace
        ace_sets = comb(12, 3) - sum(ACE in s for s in FOUR_IN_A_WINDOW)  # not in a straight
        n[C.ONE_PAIR] += ace_sets * offsuit
        n[C.HIGH_CARD] += (loose - ace_sets) * offsuit
    return dict(n)


@pytest.mark.parametrize("joker", RULES)
def test_exhaustive_category_counts(joker: JokerRule) -> None:
    expected = expected_counts(joker)
    assert sum(expected.values()) == comb(53, 5) == 2_869_685
    values = poker.rank_values(combinations(range(53), 5), joker)
    counted = Counter(v >> 21 for v in values)
    assert {poker.category_of(v << 21): k for v, k in counted.items()} == expected


def test_exhaustive_counts_agree_between_rules_where_the_rules_file_says() -> None:
    bug, wild = expected_counts("bug"), expected_counts("wild")
    for category in (C.STRAIGHT_FLUSH, C.FLUSH, C.STRAIGHT):
        assert bug[category] == wild[category]
    assert bug[C.FIVE_OF_A_KIND] == 1 and wild[C.FIVE_OF_A_KIND] == 13
    # the published Joker Wild (53 cards) counts
    assert [wild[c] for c in sorted(wild, reverse=True)] == [
        13, 204, 3120, 6552, 7804, 20532, 137280, 123552, 1268088, 1302540,
    ]  # fmt: skip


# --- pokerkit as the oracle on joker-free hands -------------------------------------------

pokerkit = pytest.importorskip("pokerkit")


_PK = {
    c.key: next(iter(pokerkit.Card.parse(("T" if c.rank == 10 else c.name[:-1]) + c.suit.lower())))
    for c in NATURALS
}


def _pk_cards(hand: Sequence[Card]) -> tuple[object, ...]:
    return tuple(_PK[c.key] for c in hand)


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def _check_pairs_against_pokerkit(pairs: int, seed: int) -> None:
    rng = random.Random(seed)
    high = pokerkit.StandardHighHand
    bad = []
    for _ in range(pairs):
        a, b = rng.sample(NATURALS, 5), rng.sample(NATURALS, 5)
        ours = _sign(poker.evaluate(a), poker.evaluate(b))
        theirs = _sign(high(_pk_cards(a)), high(_pk_cards(b)))
        if ours != theirs:
            bad.append((a, b))
    assert not bad, f"{len(bad)} disagreements, e.g. {bad[:3]}"


def test_pokerkit_agrees_on_20000_random_pairs() -> None:
    _check_pairs_against_pokerkit(20_000, seed=21)


def test_pokerkit_agrees_on_hands_made_to_tie_or_nearly() -> None:
    """Random pairs rarely share a category; these pairs share their rank pattern."""
    rng = random.Random(5)
    high = pokerkit.StandardHighHand
    for _ in range(5000):
        a = rng.sample(NATURALS, 5)
        b = [card_of(c.rank, rng.choice(SUITS)) for c in a]
        if len(set(b)) < 5:
            continue
        i = rng.randrange(5)
        if rng.random() < 0.5:  # move one rank by one
            r = b[i].rank % 13 + 1
            b[i] = card_of(r, b[i].suit)
            if len(set(b)) < 5:
                continue
        assert _sign(poker.evaluate(a), poker.evaluate(b)) == _sign(high(_pk_cards(a)), high(_pk_cards(b))), (
            a,
            b,
        )


@pytest.mark.long
def test_pokerkit_agrees_on_a_million_random_pairs() -> None:
    _check_pairs_against_pokerkit(1_000_000, seed=2021)


@pytest.mark.long
def test_pokerkit_same_order_on_every_joker_free_hand() -> None:
    """All 2,598,960 hands sorted by our value fall into the same classes in the same order
    as pokerkit's: a complete check of the joker-free order (ties included)."""
    high = pokerkit.StandardHighHand
    by_code = [_PK[c.key] for c in NATURALS]
    everything = combinations(range(52), 5)
    theirs: dict[int, object] = {}  # our value -> pokerkit's hand for the first of its class
    for h, v in zip(combinations(range(52), 5), poker.rank_values(everything), strict=True):
        pk = high(tuple(by_code[i] for i in h))
        assert theirs.setdefault(v, pk) == pk, "one of our classes holds two pokerkit classes"
    ladder = [theirs[v] for v in sorted(theirs)]
    assert len(ladder) == 7462
    assert all(a < b for a, b in pairwise(ladder))  # type: ignore[operator]


# --- properties -----------------------------------------------------------------------------


def _sample_hands(count: int, seed: int, size: int = 5) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


def hands(size: int = 5, joker: bool | None = None) -> st.SearchStrategy[list[Card]]:
    """Hands of the 53-card deck; ``joker`` True forces the joker in, None leaves it to chance
    (about half the hands hold it)."""
    naturals = st.lists(st.sampled_from(NATURALS), min_size=size - 1, max_size=size - 1, unique=True)
    with_joker = naturals.map(lambda cs: [*cs, JOKER])
    if joker:
        return with_joker
    plain = st.lists(st.sampled_from(NATURALS), min_size=size, max_size=size, unique=True)
    return with_joker | plain if joker is None else plain


rules = st.sampled_from(RULES)


@settings(max_examples=300, deadline=None)
@given(hands(), rules, st.booleans())
def test_fast_path_follows_the_reference(hand: list[Card], joker: JokerRule, nbw: bool) -> None:
    fast = poker.evaluate(hand, joker, natural_beats_wild=nbw)
    slow = poker.reference_evaluate(hand, joker, natural_beats_wild=nbw)
    assert (fast.value, fast.natural) == (slow.value, slow.natural)


@settings(max_examples=40, deadline=None)
@given(st.integers(6, 7).flatmap(hands), rules)
def test_more_cards_take_the_best_five(hand: list[Card], joker: JokerRule) -> None:
    rank = poker.evaluate(hand, joker)
    assert rank == max(poker.evaluate(five, joker) for five in combinations(hand, 5))
    assert rank.value == poker.reference_evaluate(hand, joker).value
    assert poker.evaluate(poker.best_five(hand, joker), joker) == rank


@settings(max_examples=200, deadline=None)
@given(st.lists(hands(), min_size=3, max_size=3), rules)
def test_a_total_order_consistent_with_categories(trio: list[list[Card]], joker: JokerRule) -> None:
    a, b, c = (poker.evaluate(h, joker) for h in trio)
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a <= b) == (a < b or a == b) and (a >= b) == (a > b or a == b)
    if a == b:
        assert hash(a) == hash(b)
    if a.category != b.category:
        assert (a < b) == (a.category < b.category)
    else:
        assert (a < b) == (a.ranks < b.ranks)
    if a <= b <= c:
        assert a <= c
    assert sorted([a, b, c]) == sorted([a, b, c], key=lambda r: (r.category, r.ranks))


@settings(max_examples=200, deadline=None)
@given(hands(), rules, st.randoms(use_true_random=False))
def test_permutation_invariance(hand: list[Card], joker: JokerRule, rnd: random.Random) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    a, b = poker.evaluate(hand, joker), poker.evaluate(shuffled, joker)
    assert (a.value, a.natural) == (b.value, b.natural)


def _stand_ins(naturals: list[Card], cards: Sequence[Card], joker: JokerRule) -> list[poker.HandRank]:
    """The ranks of the hand with the joker replaced by each of ``cards`` not already in it."""
    return [poker.evaluate([*naturals, card], joker) for card in cards if card not in naturals]


@settings(max_examples=200, deadline=None)
@given(hands(joker=True))
def test_wild_joker_is_never_worse_than_a_card_it_could_be(hand: list[Card]) -> None:
    rank = poker.evaluate(hand, "wild")
    naturals = [c for c in hand if not c.is_joker]
    assert all(stand_in <= rank for stand_in in _stand_ins(naturals, NATURALS, "wild"))
    reading = poker.joker_reading(hand, "wild")
    assert reading is not None
    if reading not in naturals:  # a fifth of a kind has no natural stand-in
        assert poker.evaluate([*naturals, reading], "wild") == rank
    else:
        assert rank.category is C.FIVE_OF_A_KIND


@settings(max_examples=200, deadline=None)
@given(hands(joker=True))
def test_bug_is_at_least_an_ace_and_at_most_wild(hand: list[Card]) -> None:
    bug = poker.evaluate(hand, "bug")
    naturals = [c for c in hand if not c.is_joker]
    aces = [card_of(1, suit) for suit in SUITS]
    assert all(stand_in <= bug for stand_in in _stand_ins(naturals, aces, "bug"))
    assert bug <= poker.evaluate(hand, "wild")
    reading = poker.joker_reading(hand)
    assert reading is not None
    if reading not in naturals:
        stand_in = poker.evaluate([*naturals, reading])
        assert stand_in == bug
        assert reading.rank == ACE or stand_in.category in (C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH)


@settings(max_examples=200, deadline=None)
@given(hands(joker=False), rules)
def test_joker_rules_agree_without_the_joker(hand: list[Card], joker: JokerRule) -> None:
    rank = poker.evaluate(hand, joker)
    assert rank == poker.evaluate(hand, "bug") and rank.natural
    assert poker.joker_reading(hand, joker) is None


@settings(max_examples=200, deadline=None)
@given(hands(), hands(), rules)
def test_natural_beats_wild_keeps_every_strict_order(a: list[Card], b: list[Card], joker: JokerRule) -> None:
    plain = _sign(poker.evaluate(a, joker), poker.evaluate(b, joker))
    nbw_a, nbw_b = (poker.evaluate(h, joker, natural_beats_wild=True) for h in (a, b))
    if plain:
        assert _sign(nbw_a, nbw_b) == plain
    elif nbw_a.natural != nbw_b.natural:
        assert (nbw_a > nbw_b) == nbw_a.natural
    else:
        assert nbw_a == nbw_b


@settings(max_examples=100, deadline=None)
@given(hands(joker=True))
def test_double_ace_flush_only_changes_flushes(hand: list[Card]) -> None:
    plain = poker.evaluate(hand, "wild")
    doubled = poker.evaluate(hand, "wild", double_ace_flush=True)
    assert doubled >= plain
    if doubled != plain:
        assert doubled.category is C.FLUSH and plain.category is C.FLUSH
        assert doubled.ranks[0] == doubled.ranks[1]  # the joker doubled the top card


@settings(max_examples=200, deadline=None)
@given(hands(), st.integers(0, 4), st.integers(1, 4), rules)
def test_a_card_twice_is_refused(hand: list[Card], i: int, step: int, joker: JokerRule) -> None:
    """The fast path's duplicate check (presence bits) catches every repeated card, the
    second copy from another pack included."""
    twice = list(hand)
    original = twice[i]
    twice[(i + step) % 5] = Card(original.rank, original.suit, copy=1)
    with pytest.raises(poker.InvalidHand, match="twice"):
        poker.evaluate(twice, joker)
    with pytest.raises(poker.InvalidHand, match="twice"):
        poker.evaluate([*twice, *(c for c in NATURALS if c not in twice)][:7], joker)
