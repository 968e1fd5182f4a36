"""The shared arrangement solver: hand-picked hands, then a brute-force cross-check.

The brute force below is deliberately plain: a group is a meld when some reading of its
wild cards satisfies the rules written out directly (:func:`readings`), and the best split
is an exhaustive search over every valid group (memoised on the cards left). The solver
must agree with it on the least penalty (and the tie-break count of deadwood cards), and
everything it returns must be valid under the same plain reading.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import cache
from itertools import pairwise, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import (
    ALL_SUITS,
    JOKER_RANK,
    SUITS,
    Card,
    make_deck,
    parse_cards,
)
from cardtable.games.progressive.five_crowns import make_five_crowns_deck
from cardtable.kits.rummy.arrange import (
    Arrangement,
    Requirement,
    best_arrangement,
    best_discard,
    best_melds,
)
from cardtable.kits.rummy.melds import RUN, Meld, MeldRules, build_meld, meld_value
from cardtable.testing import GIN_MELDS as GIN
from cardtable.testing import INDIAN_NEED, gin_value, meld_rich
from cardtable.testing import PROGRESSIVE_MELDS as PROGRESSIVE
from cardtable.testing import indian_melds as indian
from cardtable.testing import penalty_value as value_for


def names(cards: Sequence[Card]) -> list[str]:
    return [c.name for c in cards]


# ---------------------------------------------------------------------------- the plain reading


def readings(group: Sequence[Card], rules: MeldRules) -> Iterator[tuple[str, tuple[Card, ...]]]:
    """Every valid reading of ``group`` as ``(kind, reps)`` with reps in group order; an
    all-wild group reads as kind "wild". Straight from the rules, no cleverness."""
    n = len(group)
    if n < rules.min_size:
        return
    lo_min, hi_max = rules.lo_min, rules.hi_max
    flexible = [i for i, c in enumerate(group) if c.rank != JOKER_RANK and c.rank in rules.wild_ranks]
    jokers = [i for i, c in enumerate(group) if c.rank == JOKER_RANK]
    for as_wild in product((False, True), repeat=len(flexible)):
        wild = set(jokers) | {i for i, w in zip(flexible, as_wild, strict=True) if w}
        nat = [i for i in range(n) if i not in wild]
        if len(wild) > rules.max_wilds:
            continue
        if not nat:
            if rules.allow_all_wild:
                yield ("wild", ())
            continue
        # a set
        ranks = {group[i].rank for i in nat}
        if len(ranks) == 1 and n <= rules.set_max:
            suits = [group[i].suit for i in nat]
            distinct_ok = not rules.set_distinct_suits or (len(set(suits)) == len(suits) and n <= 4)
            if distinct_ok and not (rules.set_wilds_le_naturals and len(wild) > len(nat)):
                (rank,) = ranks
                free = [s for s in SUITS if s not in suits] if rules.set_distinct_suits else list(SUITS)
                reps = []
                k = 0
                for i in range(n):
                    if i in wild:
                        reps.append(Card(rank, free[k % len(free)]))
                        k += 1
                    else:
                        reps.append(group[i])
                yield ("set", tuple(reps))
        # a run (of one suit, or of any suits with runs_any_suit)
        suits_n = {group[i].suit for i in nat}
        if len(suits_n) != 1 and not rules.runs_any_suit:
            continue
        suit = group[nat[0]].suit
        aces = [i for i in nat if group[i].rank == 1]
        for ace_places in product((1, 14), repeat=len(aces)):
            place = {i: group[i].rank for i in nat}
            place.update(zip(aces, ace_places, strict=True))
            if len(set(place.values())) != len(place):
                continue
            # (only the windows holding every natural place: the others fail that test)
            first, last = min(place.values()), max(place.values())
            for lo in range(max(1, last - n + 1), min(first, 15 - n) + 1):
                hi = lo + n - 1
                if lo < lo_min or hi > hi_max:
                    continue
                if lo == 1 and hi == 14:
                    if rules.ace_both_ends == "never":
                        continue
                    if rules.ace_both_ends == "wild" and {1, 14} <= set(place.values()):
                        continue
                wild_places = sorted(set(range(lo, hi + 1)) - set(place.values()))
                if rules.run_wilds_le_naturals and len(wild_places) > len(nat):
                    continue
                if rules.run_wilds_apart and any(b == a + 1 for a, b in pairwise(wild_places)):
                    continue
                reps_by_place = {p: Card(1 if p == 14 else p, suit) for p in wild_places}
                wi = iter(wild_places)
                reps = tuple(group[i] if i in place else reps_by_place[next(wi)] for i in range(n))
                yield ("run", reps)


def group_kinds(group: Sequence[Card], rules: MeldRules) -> tuple[bool, bool, bool]:
    """(a valid group, can count as a run, can count as a pure run). A run counts only when
    some card of it is not wild."""
    # The answer depends on the cards' faces only, not their order or copy: kept per faces
    # (the brute force asks again for the same faces in many subsets and many hands)
    faces = tuple(sorted((c.rank, c.suit) for c in group))
    got = _KINDS.get((faces, rules))
    if got is None:
        got = _KINDS[faces, rules] = _group_kinds(group, rules)
    return got


_KINDS: dict[tuple[tuple[tuple[int, str], ...], MeldRules], tuple[bool, bool, bool]] = {}


def _group_kinds(group: Sequence[Card], rules: MeldRules) -> tuple[bool, bool, bool]:
    valid = run = pure = False
    counts = any(not rules.is_wild(c) for c in group)
    for kind, reps in readings(group, rules):
        valid = True
        if kind == "run" and counts:
            run = True
            if all(c == r for c, r in zip(group, reps, strict=True)):
                return True, True, True  # (no reading can add to this)
    return valid, run, pure


def all_groups(cards: Sequence[Card], rules: MeldRules) -> list[tuple[int, bool, bool]]:
    """Every valid group as (bit mask of card indices, run, pure). Subsets grow one card at
    a time; a subset whose plain (never-wild) cards share neither a suit nor a rank is
    dropped with all its supersets, since no reading can fix it."""
    n = len(cards)
    plain = [not rules.is_wild(c) for c in cards]
    out: list[tuple[int, bool, bool]] = []
    limit = max(14, rules.set_max)

    def grow(start: int, members: list[int], suits: set[str], ranks: set[int]) -> None:
        if len(members) >= rules.min_size:
            valid, run, pure = group_kinds([cards[i] for i in members], rules)
            if valid:
                out.append((sum(1 << i for i in members), run, pure))
        if len(members) == limit:
            return
        for j in range(start, n):
            c = cards[j]
            if plain[j]:
                s2 = suits if rules.runs_any_suit else suits & {c.suit}
                r2 = ranks & {c.rank}
                if not s2 and not r2:
                    continue
            else:
                s2, r2 = suits, ranks
            members.append(j)
            grow(j + 1, members, s2, r2)
            members.pop()

    grow(0, [], set(ALL_SUITS), set(range(1, 14)))
    return out


def brute_best(
    cards: Sequence[Card], rules: MeldRules, value: Callable[[Card], int], need: Requirement | None = None
) -> tuple[int, int] | None:
    """(least penalty, fewest deadwood cards at it) over every split meeting ``need``."""
    groups = all_groups(cards, rules)
    n = len(cards)
    vals = [value(c) for c in cards]
    long_size = 0 if need is None else need.long_run
    long_need = int(long_size > 0)
    runs_need = 0 if need is None else max(need.runs, need.pure_runs, long_need)
    pure_need = 0 if need is None else need.pure_runs
    by_low: dict[int, list[tuple[int, bool, bool, bool]]] = {}
    for g, run, pure in groups:
        long = run and g.bit_count() >= long_size
        by_low.setdefault(g & -g, []).append((g, run, pure, long))

    @cache
    def f(mask: int, r: int, p: int, q: int) -> tuple[int, int] | None:
        if mask == 0:
            return (0, 0) if r >= runs_need and p >= pure_need and q >= long_need else None
        low = mask & -mask
        i = low.bit_length() - 1
        options = []
        rest = f(mask ^ low, r, p, q)
        if rest is not None:
            options.append((rest[0] + vals[i], rest[1] + 1))
        for g, run, pure, long in by_low.get(low, ()):
            if g & mask == g:
                rest = f(
                    mask ^ g, min(r + run, runs_need), min(p + pure, pure_need), min(q + long, long_need)
                )
                if rest is not None:
                    options.append(rest)
        return min(options) if options else None

    return f((1 << n) - 1, 0, 0, 0)


def check_valid(
    cards: Sequence[Card], arr: Arrangement, rules: MeldRules, value: Callable[[Card], int]
) -> None:
    """The arrangement uses each card once, its groups are valid melds (by the plain reading
    and by build_meld with the reps named), and its penalty adds up."""
    used = [c for m in arr.groups for c in m.cards] + list(arr.deadwood)
    assert sorted(id(c) for c in used) == sorted(id(c) for c in cards) or sorted(
        c.key for c in used
    ) == sorted(c.key for c in cards)
    assert len(used) == len(cards)
    order = {id(c): i for i, c in enumerate(cards)}
    if len({id(c) for c in cards}) == len(cards):
        assert [order[id(c)] for c in arr.deadwood] == sorted(order[id(c)] for c in arr.deadwood)
    assert arr.penalty == sum(value(c) for c in arr.deadwood)
    for m in arr.groups:
        valid, _, _ = group_kinds(m.cards, rules)
        assert valid, f"{m} is not a valid group"
        if any(not rules.is_wild(c) for c in m.cards):
            named = [r if rules.is_wild(c) else None for c, r in zip(m.cards, m.reps, strict=True)]
            built = build_meld(m.cards, named, rules)
            assert isinstance(built, Meld), (str(m), built)
            assert built.kind == m.kind, (str(m), str(built))


def need_met(arr: Arrangement, rules: MeldRules, need: Requirement) -> bool:
    runs = pure = long = 0
    for m in arr.groups:
        # a run counts when some card is not wild (a wild-rank card in its own place keeps
        # a run pure, but runs of wild cards only never count)
        if m.kind == RUN and any(not rules.is_wild(c) for c in m.cards):
            runs += 1
            if all(c == r for c, r in zip(m.cards, m.reps, strict=True)):
                pure += 1
            if need.long_run and len(m.cards) >= need.long_run:
                long += 1
    return (
        runs >= max(need.runs, need.pure_runs, int(need.long_run > 0))
        and pure >= need.pure_runs
        and long >= int(need.long_run > 0)
    )


# ---------------------------------------------------------------------------- hand-picked hands


def arrange(
    text: str, rules: MeldRules, value: Callable[[Card], int] = gin_value, **kw: object
) -> Arrangement:
    cards = parse_cards(text)
    arr = best_arrangement(cards, rules, value, **kw)  # type: ignore[arg-type]
    check_valid(cards, arr, rules, value)
    return arr


def test_set_or_run_trap() -> None:
    # 7H can go in the run or the set of sevens: the greedy choice leaves 8H 9H or 7S 7D.
    arr = arrange("5H 6H 7H 7S 7D 8H", GIN)
    assert arr.penalty == 14 and names(arr.deadwood) == ["7S", "7D"]
    assert arrange("5H 6H 7H 7S 7D 7C", GIN).penalty == 0
    # the 4-set gives a card away to the run: 4H 5H 6H + 6S 6D 6C
    assert arrange("4H 5H 6H 6S 6D 6C", GIN).penalty == 0
    assert sorted(str(m) for m in arrange("4H 5H 6H 6S 6D 6C", GIN).groups) == ["[4H 5H 6H]", "[6S 6D 6C]"]


def test_classic_gin_trap() -> None:
    # 3 sets of 4 would take twelve cards; here the run must give up a card to a set.
    arr = arrange("AS 2S 3S 4S 4H 4D 2H 2D 3H 3D", GIN)
    assert arr.penalty == 0, [str(m) for m in arr.groups]


def test_no_wrap_and_ace_rules() -> None:
    assert arrange("KS AS 2S", GIN).penalty == 13
    assert arrange("QS KS AS", GIN).penalty == 21  # gin: ace low only
    assert arrange("QS KS AS", MeldRules()).penalty == 0
    assert arrange("KS AS 2S", MeldRules()).penalty == 13
    assert arrange("AS 2S 3S", GIN).penalty == 0


def test_wilds_fill_gaps_and_ends() -> None:
    r = indian(5)
    v = value_for(r)
    arr = arrange("6S 8S 5D", r, v)
    assert arr.penalty == 0
    (m,) = arr.groups
    assert [x.name for x in m.reps] == ["6S", "7S", "8S"]
    # two wilds at the ends of a lone card
    arr = arrange("9H JK 5C", r, v)
    assert arr.penalty == 0 and len(arr.groups) == 1


def test_pure_run_requirement() -> None:
    r = indian(4)
    v = value_for(r)
    # IR-09: one pure run, no second run possible: need not met, all counted elsewhere
    hand = "7D 8D 9D KH KS KC QH QS 2C 6H 10S 3D 9S"
    arr = arrange(hand, r, v, need=INDIAN_NEED)
    assert not arr.ok
    # counter-check: a joker and 2C 3C make a second (impure) run
    arr = arrange("7D 8D 9D KH KS KC QH QS 2C 3C JK 10S 3D", r, v, need=INDIAN_NEED)
    assert arr.ok and need_met(arr, r, INDIAN_NEED)
    # IR-01
    arr = arrange("AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK", indian(5), value_for(indian(5)), need=INDIAN_NEED)
    assert arr.ok and arr.penalty == 0 and not arr.deadwood


def test_wild_in_natural_place_is_pure() -> None:
    # IR-03: with 7s wild, 6H 7H 8H is pure; the toggle off makes the hand fail
    r = indian(7)
    v = value_for(r)
    hand = "6H 7H 8H 10D 7S QD 4C 4D 4S 9S 9H 9D 9C"
    arr = arrange(hand, r, v, need=INDIAN_NEED)
    assert arr.ok and arr.penalty == 0

    def strict(m: Meld) -> bool:
        return not any(r.is_wild(c) for c in m.cards)

    arr = arrange(hand, r, v, need=INDIAN_NEED, pure=strict)
    assert not arr.ok


def test_need_costs_points() -> None:
    # Without the need, the sets are best; with it, two runs must be made.
    r = indian(13)
    v = value_for(r)
    hand = "2S 3S 4S 5H 5D 5C 7H 8H 9H QS QH QD 6C"
    free = arrange(hand, r, v)
    need = arrange(hand, r, v, need=INDIAN_NEED)
    assert free.penalty == 6 and need.ok and need.penalty == 6
    need2 = arrange("2S 3S 4S 5H 5D 5C 7H 7S 7D QS QH QD 6C", r, v, need=INDIAN_NEED)
    assert not need2.ok and need2.penalty == 6  # no second run: the best split, flagged


def test_two_pack_duplicates() -> None:
    r = indian(13)
    v = value_for(r)
    # 5S#1 5S#2 5H is no set (distinct suits) but 5S 6S 7S + 5S 5H 5D both hold a 5S
    assert arrange("5S 5S 5H", r, v).penalty == 15
    arr = arrange("5S 6S 7S 5S 5H 5D", r, v)
    assert arr.penalty == 0
    # IR-17: 9C 9C JK with 9s wild: one 9C natural, the other standing in
    arr = arrange("9C 9C JK", indian(9), value_for(indian(9)))
    assert arr.penalty == 0 and len(arr.groups) == 1


def test_progressive_sets_repeat_suits() -> None:
    r = PROGRESSIVE
    v = value_for(r, 20)
    arr = arrange("KS KS KH", r, v)
    assert arr.penalty == 0
    # wild cards worth points are better in a meld (T-03: one 5-card set, or two sets)
    arr = arrange("7D 7C 7S 7H 2S JK", r, v)
    assert arr.penalty == 0 and not arr.deadwood
    arr = arrange("7D 7C 7S 7H 2S", r, v)
    assert arr.penalty == 0 and len(arr.groups) == 1


def test_fourteen_card_run() -> None:
    # min_size=14 leaves the full run as the only meld: A..K..A with the joker as one ace
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"
    arr = arrange(hand, MeldRules(max_wilds=1, ace_both_ends="wild", min_size=14))
    assert arr.penalty == 0 and len(arr.groups[0].cards) == 14
    assert arrange(hand, MeldRules(max_wilds=1, ace_both_ends="never", min_size=14)).penalty == 85
    two = MeldRules(max_wilds=0, ace_both_ends="natural", min_size=14)
    arr = arrange("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", two)
    assert arr.penalty == 0 and len(arr.groups) == 1
    wild = MeldRules(max_wilds=0, ace_both_ends="wild", min_size=14)
    assert arrange("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", wild).penalty == 86


def test_max_wilds_and_limits() -> None:
    one = MeldRules(max_wilds=1)
    assert arrange("5H JK JK", one).penalty == 5
    assert arrange("5H 6H JK JK", one).penalty == 0  # [5H 6H JK] and a joker left at 0
    le = MeldRules(max_wilds=4, run_wilds_le_naturals=True, set_wilds_le_naturals=True)
    assert arrange("5H JK JK", le).penalty == 5
    apart = MeldRules(
        max_wilds=4, run_wilds_apart=True, run_wilds_le_naturals=True, set_wilds_le_naturals=True
    )
    assert arrange("5H 8H JK JK", apart).penalty == 13


def test_best_discard_gin() -> None:
    cards = parse_cards("AS 2S 3S 4S 5H 5D 5C KH KD 7C 8C")
    card, rest = best_discard(cards, GIN, gin_value)
    assert card.rank == 13 and rest.penalty == 25
    # gin: all ten melded after throwing the odd card
    card, rest = best_discard(parse_cards("AS 2S 3S 4S 5H 5D 5C 9D 9H 9S KC"), GIN, gin_value)
    assert card.name == "KC" and rest.penalty == 0
    # a card from a four-card meld may be the discard
    card, rest = best_discard(parse_cards("AS 2S 3S 4S 5H 5D 5C 9D 9H 9S 9C"), GIN, gin_value)
    assert rest.penalty == 0 and card.name in ("4S", "AS", "9D", "9H", "9S", "9C")


def test_best_discard_may_discard_and_need() -> None:
    cards = parse_cards("AS 2S 3S 4S 5H 5D 5C KH KD 7C 8C")
    card, _ = best_discard(cards, GIN, gin_value, may_discard=lambda c: c.rank != 13)
    assert card.name == "8C"
    r = indian(5)
    v = value_for(r)
    hand = parse_cards("AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK QC")
    card, rest = best_discard(hand, r, v, need=INDIAN_NEED)
    assert card.name == "QC" and rest.ok and rest.penalty == 0
    with pytest.raises(ValueError, match="may be discarded"):
        best_discard(hand, r, v, may_discard=lambda c: False)
    with pytest.raises(ValueError, match="empty"):
        best_discard((), r, v)


def test_best_melds_opening_points() -> None:
    def pts(m: Meld) -> int:
        return meld_value(
            m, lambda p: 11 if p in (1, 14) else min(p, 10), lambda r: 11 if r == 1 else min(r, 10)
        )

    r = MeldRules(max_wilds=1)
    total, melds = best_melds(parse_cards("QH KH JK 5S 5D 5C 2C"), r, pts)
    assert total == 46 and len(melds) == 2  # JK as the ace: Q-K-A
    total, melds = best_melds(parse_cards("2C 3C 4C"), r, pts)
    assert total == 9
    assert best_melds((), r, pts) == (0, ())


def test_bad_input_messages() -> None:
    with pytest.raises(TypeError, match="Card"):
        best_arrangement(["7H"], GIN, gin_value)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="negative"):
        best_arrangement(parse_cards("7H"), GIN, gin_value, need=Requirement(runs=-1))
    with pytest.raises(ValueError, match="negative"):
        best_arrangement(parse_cards("7H"), GIN, gin_value, need=Requirement(long_run=-4))


# ---------------------------------------------------------------------------- the cross-check


def with_wilds(
    rng: random.Random, hand: list[Card], deck: Sequence[Card], rules: MeldRules, k: int
) -> list[Card]:
    """``hand`` with exactly ``k`` wild cards (replacing non-wild ones, or removing wilds)."""
    wild = [c for c in hand if rules.is_wild(c)]
    plain = [c for c in hand if not rules.is_wild(c)]
    spare_w = [c for c in deck if rules.is_wild(c) and all(c is not h for h in hand)]
    spare_p = [c for c in deck if not rules.is_wild(c) and all(c is not h for h in hand)]
    while len(wild) > k:
        wild.pop()
        plain.append(spare_p.pop(rng.randrange(len(spare_p))))
    while len(wild) < k:
        wild.append(spare_w.pop(rng.randrange(len(spare_w))))
        plain.pop(rng.randrange(len(plain)))
    out = wild + plain
    rng.shuffle(out)
    return out


def cross_check(
    cards: Sequence[Card], rules: MeldRules, value: Callable[[Card], int], need: Requirement | None = None
) -> None:
    arr = best_arrangement(cards, rules, value, need=need)
    check_valid(cards, arr, rules, value)
    want = brute_best(cards, rules, value, need)
    if want is None:
        assert not arr.ok, names(cards)
        want = brute_best(cards, rules, value)
        assert want is not None
    else:
        assert arr.ok, names(cards)
        if need is not None:
            assert need_met(arr, rules, need), (names(cards), [str(m) for m in arr.groups])
    assert (arr.penalty, len(arr.deadwood)) == want, (names(cards), [str(m) for m in arr.groups], want)


def hands_count(request: pytest.FixtureRequest, default: int) -> int:
    return default * 10 if request.config.getoption("--long") else default


def test_cross_check_gin(request: pytest.FixtureRequest) -> None:
    rng = random.Random(11)
    deck = make_deck(1)
    for k in range(hands_count(request, 2000)):
        hand = meld_rich(rng, deck, 10 + k % 2, rng.randint(2, 5))
        cross_check(hand, GIN, gin_value)


def test_cross_check_gin_discard(request: pytest.FixtureRequest) -> None:
    rng = random.Random(12)
    deck = make_deck(1)
    for _ in range(hands_count(request, 300)):
        hand = meld_rich(rng, deck, 11, rng.randint(2, 5))
        card, rest = best_discard(hand, GIN, gin_value)
        check_valid([c for c in hand if c is not card], rest, GIN, gin_value)
        assert any(c is card for c in hand)
        # least penalty, then the highest-value throw, then fewest deadwood cards
        options = []
        for d in hand:
            got = brute_best([c for c in hand if c is not d], GIN, gin_value)
            assert got is not None
            options.append((got[0], -gin_value(d), got[1]))
        want = min(options)
        assert (rest.penalty, -gin_value(card), len(rest.deadwood)) == want, names(hand)


FOUR_CARD_LIFE = Requirement(runs=2, pure_runs=1, long_run=4)
"""Indian Rummy's declaration with four-card life: one of the runs of 4 cards or more."""


def test_cross_check_indian(request: pytest.FixtureRequest) -> None:
    rng = random.Random(13)
    deck = make_deck(2, 2)
    needs = [None, INDIAN_NEED, FOUR_CARD_LIFE, Requirement(runs=1, long_run=5)]
    for k in range(hands_count(request, 500)):
        rules = indian(rng.randint(1, 13))
        value = value_for(rules)
        hand = meld_rich(rng, deck, 13 + k % 2, rng.randint(2, 5))
        hand = with_wilds(rng, hand, deck, rules, k % 5)
        cross_check(hand, rules, value, needs[k % 4])


def test_cross_check_indian_discard(request: pytest.FixtureRequest) -> None:
    """best_discard with the requirements (four-card life too), against every throw."""
    rng = random.Random(17)
    deck = make_deck(2, 2)
    for k in range(hands_count(request, 40)):
        rules = indian(rng.randint(1, 13))
        value = value_for(rules)
        hand = with_wilds(rng, meld_rich(rng, deck, 14, rng.randint(3, 5)), deck, rules, k % 4)
        need = (INDIAN_NEED, FOUR_CARD_LIFE)[k % 2]
        card, rest = best_discard(hand, rules, value, need=need)
        check_valid([c for c in hand if c is not card], rest, rules, value)
        got = (not rest.ok, rest.penalty, -value(card))
        assert got == reference(hand, rules, value, need, lambda c: True, split_brute)[:3], names(hand)
        if rest.ok:
            assert need_met(rest, rules, need), (names(hand), [str(m) for m in rest.groups])


def test_long_run_and_wild_only_runs() -> None:
    r = indian(5)
    v = value_for(r)
    # two runs of 3 meet the plain need, not four-card life; a joker can stretch one
    hand = "AH 2H 3H 6S 7S 8S KC KD KS 9C 9H 9D 4D"
    assert arrange(hand, r, v, need=INDIAN_NEED).penalty == 4
    assert not arrange(hand, r, v, need=FOUR_CARD_LIFE).ok
    arr = arrange(hand.replace("4D", "JK"), r, v, need=FOUR_CARD_LIFE)
    assert arr.ok and arr.penalty == 0 and max(len(m.cards) for m in arr.groups) == 4
    # 5H JK JK (5s wild) is a group of wild cards only: it never counts as a run
    arr = arrange("AH 2H 3H 5H JK JK", r, v, need=INDIAN_NEED)
    assert not arr.ok
    assert arrange("AH 2H 3H 5H 6H JK", r, v, need=INDIAN_NEED).ok


def test_cross_check_progressive_four_jokers(request: pytest.FixtureRequest) -> None:
    rng = random.Random(14)
    deck = make_deck(3, 6)
    jokers = [c for c in deck if c.rank == JOKER_RANK]
    plain = [c for c in deck if c.rank != JOKER_RANK]
    for _ in range(hands_count(request, 24)):
        hand = meld_rich(rng, plain, 11, rng.randint(2, 4)) + jokers[:4]
        cross_check(hand, PROGRESSIVE, value_for(PROGRESSIVE, 20))


def test_cross_check_variants(request: pytest.FixtureRequest) -> None:
    """Rule toggles the games use: one wild per meld, wilds apart, wilds no more than naturals."""
    rng = random.Random(15)
    deck = make_deck(2, 4)
    variants = [
        MeldRules(max_wilds=1),
        MeldRules(max_wilds=4, run_wilds_apart=True, set_wilds_le_naturals=True),
        MeldRules(
            max_wilds=4, run_wilds_le_naturals=True, set_wilds_le_naturals=True, ace_both_ends="natural"
        ),
        MeldRules(max_wilds=2, ace_low=False),
    ]
    for k in range(hands_count(request, 600)):
        rules = variants[k % len(variants)]
        hand = meld_rich(rng, [c for c in deck if c.rank != JOKER_RANK], 10, rng.randint(2, 4))
        hand += [c for c in deck if c.rank == JOKER_RANK][: k % 3]
        cross_check(hand, rules, value_for(rules, 25))


def split_brute(
    rest: Sequence[Card], rules: MeldRules, value: Callable[[Card], int], need: Requirement | None
) -> tuple[bool, int, int]:
    """(need missed, least penalty, deadwood cards) of ``rest`` by the exhaustive search: the
    best split meeting ``need``, else the best of all (as :func:`best_arrangement` does)."""
    got = brute_best(rest, rules, value, need)
    missed = got is None
    if got is None:
        got = brute_best(rest, rules, value)
    assert got is not None
    return missed, got[0], got[1]


def test_cross_check_no_wilds(request: pytest.FixtureRequest) -> None:
    """Hands without wild cards take their own road: check it with the ace both ways, at
    one end (the lane layout) or in no run, longer melds, the run need, and a card that
    may not be thrown."""
    rng = random.Random(16)
    deck = make_deck(1)
    variants = [
        MeldRules(),
        MeldRules(ace_low=False),
        MeldRules(min_size=3, set_max=3),
        GIN,
        MeldRules(ace_low=False, ace_high=False),
        MeldRules(ace_high=False, min_size=4),
    ]
    for k in range(hands_count(request, 300)):
        rules = variants[k % len(variants)]
        value = value_for(rules)
        hand = meld_rich(rng, deck, 9 + k % 4, rng.randint(2, 5))
        need = Requirement(runs=k % 3) if k % 2 else None
        cross_check(hand, rules, value, need)
        banned = hand[k % len(hand)]

        def allowed(c: Card, banned: Card = banned) -> bool:
            return c is not banned

        card, rest = best_discard(hand, rules, value, need=need, may_discard=allowed)
        assert card is not banned and any(c is card for c in hand)
        check_valid([c for c in hand if c is not card], rest, rules, value)
        got = (not rest.ok, rest.penalty, -value(card))
        assert got == reference(hand, rules, value, need, allowed, split_brute)[:3], names(hand)
        if need is not None and rest.ok:
            assert need_met(rest, rules, need)


# ---------------------------------------------------------------------------- Five Crowns and mixed runs


def five_crowns(wild_rank: int, **kw: object) -> MeldRules:
    """Five Crowns' melds (3-13's, on the deck of 3 to king in five suits) in one round."""
    fields: dict[str, object] = {"wild_ranks": frozenset({wild_rank}), "min_rank": 3, "stars": True}
    return replace(PROGRESSIVE, **{**fields, **kw})  # type: ignore[arg-type]


def test_five_crowns_stars_and_no_rank_below_three() -> None:
    r = five_crowns(3)
    v = value_for(r, 20)
    arr = arrange("KX 3H JK", r, v)  # T-17: a king and two wild cards
    assert arr.penalty == 0 and len(arr.groups) == 1
    arr = arrange("4X 5X 6X 7X KX KS KX 9D", r, v)
    assert names(arr.deadwood) == ["9D"] and sorted(str(m) for m in arr.groups) == [
        "[4X 5X 6X 7X]",
        "[KS KX KX]",
    ]
    # a run never reaches below the 3: eleven places, 3 to king
    run = " ".join(f"{x}X" for x in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
    assert isinstance(build_meld(parse_cards(f"{run} JK"), (None,) * 12, five_crowns(4)), str)
    assert isinstance(build_meld(parse_cards(f"{run} JK"), (None,) * 12, PROGRESSIVE), Meld)
    (m,) = arrange("JK 3X 4X", five_crowns(9), value_for(five_crowns(9))).groups
    assert [c.name for c in m.reps] == ["3X", "4X", "5X"]


def test_runs_any_suit() -> None:
    mixed = replace(PROGRESSIVE, runs_any_suit=True)
    v = value_for(PROGRESSIVE, 20)
    assert arrange("5H 6S 7D", PROGRESSIVE, v).penalty == 18
    (m,) = arrange("5H 6S 7D", mixed, v).groups
    assert m.kind == RUN and names(m.reps) == ["5H", "6S", "7D"]
    (m,) = arrange("5H 6S 2C", mixed, v).groups  # 2s wild: it stands for a 7 (or a 4)
    assert m.kind == RUN and m.wild_count(mixed) == 1
    assert arrange("5H 5S 6S 7H 7D", mixed, v).penalty == 12  # one run: a 5 and a 7 are left
    assert arrange("KH AS 2C", mixed, v).penalty == 40  # no wrapping: K-A-2 is no run, mixed or not
    assert arrange("8X 9H 10X JK", replace(five_crowns(5), runs_any_suit=True), v).penalty == 0
    with pytest.raises(ValueError, match="set_distinct_suits"):
        best_arrangement(parse_cards("5H 6S 7D"), MeldRules(runs_any_suit=True), v)
    with pytest.raises(ValueError, match="rank only"):
        best_arrangement(parse_cards("5H 5S 7D"), mixed, lambda c: c.rank + c.suit_index)


def test_cross_check_five_crowns(request: pytest.FixtureRequest) -> None:
    """Five suits, two packs, 3 to king, any wild rank of the deck and up to three jokers."""
    rng = random.Random(17)
    deck = make_five_crowns_deck()
    plain = [c for c in deck if c.rank != JOKER_RANK]
    jokers = [c for c in deck if c.rank == JOKER_RANK]
    for k in range(hands_count(request, 160)):
        rules = five_crowns(rng.randint(3, 13), max_wilds=15 if k % 4 else 1)
        value = value_for(rules, 20)
        hand = meld_rich(rng, plain, 8 + k % 3, rng.randint(2, 4)) + jokers[: k % 3]
        cross_check(hand, rules, value)


def test_cross_check_runs_any_suit(request: pytest.FixtureRequest) -> None:
    """Runs of mixed suits, on the standard packs and on Five Crowns', best_discard too."""
    rng = random.Random(18)
    decks = (make_deck(2, 4), make_five_crowns_deck())
    for k in range(hands_count(request, 160)):
        deck = decks[k % 2]
        base = five_crowns(rng.randint(3, 13)) if k % 2 else replace(PROGRESSIVE, wild_ranks=frozenset())
        rules = replace(base, runs_any_suit=True, max_wilds=15 if k % 3 else 1)
        value = value_for(rules, 20)
        plain = [c for c in deck if c.rank != JOKER_RANK]
        hand = meld_rich(rng, plain, 8 + k % 2, rng.randint(2, 4))
        hand += [c for c in deck if c.rank == JOKER_RANK][: k % 3]
        cross_check(hand, rules, value)
        if k % 4 == 0:
            card, rest = best_discard(hand, rules, value)
            check_valid([c for c in hand if c is not card], rest, rules, value)
            best = reference(hand, rules, value, None, lambda c: True, split_brute)
            assert (rest.penalty, -value(card)) == best[1:3], names(hand)


def test_a_wild_is_never_named_as_a_card_the_deck_lacks() -> None:
    kx, two = parse_cards("KX 2X")
    why = build_meld(parse_cards("KS KD JK"), (None, None, kx), MeldRules(name_set_wilds=False))
    assert why == "KS KD JK: a wild card cannot stand for KX, there is no such card in this game"
    assert isinstance(build_meld(parse_cards("KS KD JK"), (None, None, kx), five_crowns(3)), Meld)
    assert "2X" in str(build_meld(parse_cards("3X 4X JK"), (None, None, two), five_crowns(5)))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(13, 15),
    wilds=st.integers(2, 4),
    need=st.sampled_from([None, INDIAN_NEED, FOUR_CARD_LIFE]),
    rich=st.booleans(),
)
def test_cross_check_jokers_two_packs(
    seed: int, size: int, wilds: int, need: Requirement | None, rich: bool
) -> None:
    """The benchmark's slow case (13-15 cards, two packs, 2-4 wild cards: the search's
    branch and bound and pruned options), random or meld-rich, against the brute force."""
    rng = random.Random(seed)
    deck = make_deck(2, 2)
    rules = indian(rng.randint(1, 13))
    hand = meld_rich(rng, deck, size, rng.randint(2, 5)) if rich else rng.sample(deck, size)
    cross_check(with_wilds(rng, hand, deck, rules, wilds), rules, value_for(rules), need)


# ----------------------------------------------------------------------------- best_discard
# against a plain reference: every allowed throw, each followed by best_arrangement of the
# rest, the winner picked by the tie order the docstring gives. The search makes the throw
# inside one search over the whole hand (with a lower bound that cuts states early), so this
# checks that it still picks exactly what trying each throw would, ties included, on hands of
# 11-15 cards from two packs with 0-4 wild cards.

FOUR_CARD_LIFE = Requirement(runs=2, pure_runs=1, long_run=4)
NEEDS = [None, INDIAN_NEED, FOUR_CARD_LIFE, Requirement(runs=1)]


def split_solver(
    rest: Sequence[Card], rules: MeldRules, value: Callable[[Card], int], need: Requirement | None
) -> tuple[bool, int, int]:
    """(need missed, least penalty, deadwood cards) of ``rest`` by :func:`best_arrangement`."""
    arr = best_arrangement(rest, rules, value, need=need)
    return not arr.ok, arr.penalty, len(arr.deadwood)


def reference(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    need: Requirement | None,
    allowed: Callable[[Card], bool],
    split: Callable[..., tuple[bool, int, int]] = split_solver,
) -> tuple[bool, int, int, bool, int]:
    """The best key over every allowed throw, the rest split by ``split`` (the solver, or
    :func:`split_brute`): (need missed, penalty, -throw's value, throw is wild, deadwood
    cards), the order best_discard's docstring promises."""
    keys = []
    for i, card in enumerate(cards):
        if allowed(card):
            missed, penalty, dead = split([c for j, c in enumerate(cards) if j != i], rules, value, need)
            keys.append((missed, penalty, -value(card), rules.is_wild(card), dead))
    return min(keys)


def hand_of(
    rng: random.Random, size: int, wilds: int, rich: bool, rules: MeldRules, deck: list[Card] | None = None
) -> list[Card]:
    """``size`` cards of ``deck`` (two packs and two jokers) with exactly ``wilds`` wild cards:
    printed jokers and wild-rank cards alike, the rest random or meld-rich."""
    deck = make_deck(2, 2) if deck is None else deck
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
    check_valid([c for c in hand if c is not card], rest, rules, value)
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
