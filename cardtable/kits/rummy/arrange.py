"""The best arrangement of a rummy hand, computed exactly: shared by every rummy game.

:func:`best_arrangement` splits cards into disjoint melds and deadwood with the least
penalty; :func:`best_discard` also picks the card to throw from a hand one card too big
(gin's 11, Indian Rummy's 14); :func:`best_melds` finds the most points disjoint melds can
lay (Scala 40 and Rummy 51 openings, bots). All three follow a game's :class:`MeldRules`.

>>> from cardtable.engine.cards import parse_cards
>>> hand = parse_cards("7H 8H 9H 9S 9D 9C KS 2D")
>>> best = best_arrangement(hand, MeldRules(max_wilds=0), lambda c: min(c.rank, 10))
>>> [str(m) for m in best.groups], [c.name for c in best.deadwood], best.penalty
(['[7H 8H 9H]', '[9S 9D 9C]'], ['KS', '2D'], 12)

How it works, and why it is exact:

* Equal cards (two packs) form one *class*; the hand is a vector of class counts packed in
  one integer, a few bits a class, so taking a meld is one subtraction and a guard-bit test.
* Every meld the hand can make is listed once per *natural part* (the natural cards in it)
  with the interval ``[a, b]`` of wild cards it can hold: a run's gaps (including places
  whose natural card is kept for another meld) are the least, extending it at either end or
  up to ``max_wilds`` the most; a set likewise. Which wild card fills a place never matters
  for validity, so wild cards are fungible *tokens*: a meld owes ``a`` tokens and may absorb
  ``b - a`` more.
* A memoised search on the remaining classes takes the lowest class still held: one copy of
  it is deadwood, or (``best_discard``) the discard, or (a wild-rank card) a token, or it
  is in one of the melds whose lowest class it is (every meld holding it has all its other
  cards higher, as lower classes are used up). That covers every split exactly once per
  choice, so the minimum found is the true minimum. Printed jokers are only ever tokens:
  they are settled at the end, paying what is owed, highest value first.
* Requirements (``runs``, ``pure_runs``) are counters in the search state, capped at what is
  needed; a run that can be pure (no wild) is listed as a pure variant and a wild variant.
  A split missing the need costs a constant more than any split meeting it, so one search
  gives the best split meeting it, or (``ok=False``) the best split of all.
* Wild-rank cards come last in the order, so when the search reaches them it knows the
  tokens owed; a wild-rank card may also be given as a token before the meld that takes it
  (the count owed then goes negative). States owing more tokens than the wild cards left
  can pay are cut, and a state stops as soon as an option reaches cost 0.
* Branch and bound: a state is searched under a limit (the least cost its caller has
  found so far); an option whose own cost reaches it is not searched, and a state cut
  short keeps a lower bound, not a value (a higher limit searches it again). Below the
  limit every value is exact, so the optimum and the walk that rebuilds it are unchanged.
  A state owing one token fewer with one more free to absorb (same classes and counters)
  can make every split the state can: its value or lower bound is one of the state's too.
* A set of one card is not listed when a run of that card alone offers all it does.
* Hands with no wild card and no two equal cards (gin) take a direct road: each card is
  in at most one set (its rank's) and runs of its suit, and once the set cards are chosen
  every stretch of ``min_size`` or more consecutive cards of a suit is best laid whole. So
  trying every set choice (only ranks held in three or four suits have any; choices a
  bigger one beats by adding only cards no run could hold are skipped) and reading each
  suit is exhaustive; see the comment above :func:`._plain._solve_plain`. When the ace sits at
  one end only (gin) and no run is counted, a suit's reading is a few bit operations on
  the whole hand (:func:`._plain._solve_lanes`).

Costs are single integers ordered as the contract says (penalty, then the tie-breaks), so
the search compares ints only. The brute-force cross-check in ``tests/test_arrange.py``
compares it with an exhaustive search over thousands of seeded hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from cardtable.engine.cards import JOKER_RANK, Card

from ._hand import _SIGS, Arrangement, Cand, Requirement, _caps, _Hand
from ._plain import _solve_plain
from ._search import _build, _make_all_wild, _make_meld, _Search
from .melds import RUN, SET, Meld, MeldRules, any_suit_run

__all__ = ["Arrangement", "Requirement", "best_arrangement", "best_discard", "best_melds"]


# ---------------------------------------------------------------------------- public


def _values(cards: Sequence[Card], value: Callable[[Card], int]) -> list[int]:
    """Each card's value, after checking that they are cards."""
    for c in cards:
        if c.__class__ is not Card and not isinstance(c, Card):
            raise TypeError(f"expected cards, got {c!r}: pass Card objects (see parse_cards)")
    return [value(c) for c in cards]


def _arrangement(
    cards: Sequence[Card], vals: list[int], melds: list[Meld], dead: list[int], ok: bool
) -> Arrangement:
    dead.sort()
    if len(melds) > 1:
        # groups in the order of their first card in the hand (the player's own order)
        where = {id(c): i for i, c in reversed(list(enumerate(cards)))}
        melds.sort(key=lambda m: min(where[id(c)] for c in m.cards))
    return Arrangement(tuple(melds), tuple(cards[i] for i in dead), sum(vals[i] for i in dead), ok)


class _OneSuit:
    """``MeldRules.runs_any_suit`` on the one-suit solver: with sets free to repeat suits
    and values by rank, suits matter for nothing else, so every natural card is read as a
    spade of its rank (a stand-in with the same id) and the result is given its real cards
    back. Exact: the stand-in hand has the same melds, as copies of equal cards."""

    def __init__(
        self,
        cards: Sequence[Card],
        rules: MeldRules,
        value: Callable[[Card], int],
        pure: Callable[[Meld], bool] | None,
    ) -> None:
        if rules.set_distinct_suits:
            raise ValueError(
                "runs_any_suit needs set_distinct_suits=False: the solver reads runs of mixed suits "
                "by ignoring suits, which sets of different suits cannot"
            )
        _values(cards, value)
        self.stand = [c if c.rank == JOKER_RANK else Card(c.rank, "S", c.copy, c.id) for c in cards]
        self.real = {id(s): c for s, c in zip(self.stand, cards, strict=True)}
        by_rank: dict[int, tuple[int, Card]] = {}
        for c in cards:
            v = value(c)
            seen = by_rank.setdefault(c.rank, (v, c))
            if c.rank != JOKER_RANK and seen[0] != v:
                raise ValueError(
                    f"with runs_any_suit the value function must depend on the rank only: it gives "
                    f"{seen[1].name} {seen[0]} and {c.name} {v}"
                )
        self.rules = replace(rules, runs_any_suit=False)
        self.value: Callable[[Card], int] = lambda c: value(self.card(c))
        self.pure = None if pure is None else lambda m: pure(self.meld(m))

    def card(self, c: Card) -> Card:
        """The real card of a stand-in."""
        return self.real.get(id(c), c)

    def meld(self, m: Meld) -> Meld:
        """A meld of stand-ins with its real cards (naturals stand for themselves)."""
        if m.kind == RUN:
            return any_suit_run(m, self.real)
        cards = tuple(self.card(c) for c in m.cards)
        reps = tuple(real if c == r else r for c, r, real in zip(m.cards, m.reps, cards, strict=True))
        return Meld(SET, cards, reps, rank=m.rank, owner=m.owner)

    def arrangement(self, arr: Arrangement) -> Arrangement:
        """An arrangement of stand-ins with its real cards."""
        groups = tuple(self.meld(m) for m in arr.groups)
        return Arrangement(groups, tuple(self.card(c) for c in arr.deadwood), arr.penalty, arr.ok)


def _solve_hand(
    hand: _Hand,
    costs: tuple[list[int], list[int | None], list[int], list[int | None]],
    caps: tuple[int, int, int],
    **kw: Any,
) -> tuple[list[Meld], list[int], int, bool]:
    """Search ``hand`` with the per-class and per-joker ``costs`` (deadwood, discard) and
    the :class:`._search._Search` keywords ``kw`` (``d0``: a card is to be thrown); returns
    (melds, deadwood indices, discard index, need met). When the need asks for a pure run
    and the hand can make none, no split meets it: the search then counts nothing (a
    smaller state) and says so."""
    d0 = kw.pop("d0")
    if caps[1] and not any(c[4][4] for row in hand.by_low for c in row):
        caps, kw["big"] = (0, 0, 0), 0  # no pure run can be made: no split meets the need
        ok = False
    else:
        ok = True
    search = _Search(hand, *costs, caps, **kw)
    best, choices, settle = search.solve(d0)
    melds, dead_idx, discard = _build(hand, choices, settle)
    return melds, dead_idx, discard, ok and (not search.big or best < search.big)


def best_arrangement(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    *,
    need: Requirement | None = None,
    pure: Callable[[Meld], bool] | None = None,
) -> Arrangement:
    """Exact least-penalty split of ``cards`` into disjoint melds + deadwood.

    With ``need``, the least penalty among the splits meeting it (``ok=True``); if no split
    meets it, ``ok=False`` and the least-penalty split ignoring ``need``. ``pure(meld)``
    says whether a run with no wild card acting as one is pure (default: yes; a wild-rank
    card in its own place counts as natural, a run holding a card that stands in for
    another never is pure). Ties: fewest deadwood cards, then a fixed order (same input,
    same output).

    >>> from cardtable.engine.cards import parse_cards
    >>> rules = MeldRules(max_wilds=4, wild_ranks=frozenset({5}))
    >>> value = lambda c: 0 if rules.is_wild(c) else min(c.rank, 10)
    >>> hand = parse_cards("AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK")
    >>> best = best_arrangement(hand, rules, value, need=Requirement(runs=2, pure_runs=1))
    >>> best.penalty, best.ok, len(best.groups)
    (0, True, 4)
    >>> best_arrangement(parse_cards("KS AS 2S"), MeldRules(), value).penalty  # no wrapping
    13
    """
    if rules.runs_any_suit:
        one = _OneSuit(cards, rules, value, pure)
        return one.arrangement(best_arrangement(one.stand, one.rules, one.value, need=need, pure=one.pure))
    vals = _values(cards, value)
    if not cards:
        return Arrangement((), (), 0, True)
    caps = _caps(need)
    n = len(cards)
    step = n + 1
    if (pure is None or caps[1] == 0) and not caps[2]:
        plain = _solve_plain(cards, rules, vals, step, None, caps[0])
        if plain is not None:
            return plain[0]
    hand = _Hand(cards, rules, vals, need if any(caps) else None, pure)
    dead = [vals[idx[0]] * step + 1 if idx else 0 for idx in hand.copies]
    jdead = [vals[j] * step + 1 for j in hand.jokers]
    bound = sum(abs(vals[i]) * step + 1 for i in range(n)) + 1
    big = 2 * bound + 1  # added to a split that misses the need: any split meeting it is cheaper
    floor = 0 if min(vals) >= 0 else None  # every cost is then >= 0
    no_throw: list[int | None] = [None] * len(dead)
    no_joker_throw: list[int | None] = [None] * len(jdead)
    costs = (dead, no_throw, jdead, no_joker_throw)
    melds, dead_idx, _, ok = _solve_hand(hand, costs, caps, inf=4 * bound + 4, big=big, floor=floor, d0=0)
    return _arrangement(cards, vals, melds, dead_idx, ok)


def best_discard(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    *,
    need: Requirement | None = None,
    pure: Callable[[Meld], bool] | None = None,
    may_discard: Callable[[Card], bool] | None = None,
) -> tuple[Card, Arrangement]:
    """For a hand one card too big (gin's 11, Indian Rummy's 14): the card to throw so that
    the rest has the least penalty (exact), and that arrangement of the rest.

    ``may_discard(card)`` rules cards out (default: any card). With ``need``, splits that
    meet it come first (as in :func:`best_arrangement`). Ties: the highest-value discard,
    then a non-wild one, then fewest deadwood cards, then a fixed order.

    >>> from cardtable.engine.cards import parse_cards
    >>> gin = MeldRules(max_wilds=0, ace_high=False)
    >>> card, rest = best_discard(parse_cards("AS 2S 3S 4S 5H 5D 5C KH KD 7C 8C"), gin,
    ...                           lambda c: min(c.rank, 10))
    >>> card.name, rest.penalty, [c.name for c in rest.deadwood]
    ('KH', 25, ['KD', '7C', '8C'])
    """
    if rules.runs_any_suit:
        one = _OneSuit(cards, rules, value, pure)
        allow = None if may_discard is None else lambda c: may_discard(one.card(c))
        card, rest = best_discard(
            one.stand, one.rules, one.value, need=need, pure=one.pure, may_discard=allow
        )
        return one.card(card), one.arrangement(rest)
    vals = _values(cards, value)
    if not cards:
        raise ValueError("best_discard needs at least one card: the hand is empty")
    if may_discard is None:
        allowed = [True] * len(cards)
    else:
        allowed = [bool(may_discard(c)) for c in cards]
        if not any(allowed):
            raise ValueError("no card may be discarded: may_discard refused every card in the hand")
    caps = _caps(need)
    n = len(cards)
    vmax, vmin = max(vals), min(vals)
    tie = 2 * (n + 1)  # discard value and wildness sit above the deadwood count
    step = tie * (vmax - vmin + 2)
    if (pure is None or caps[1] == 0) and not caps[2]:
        if may_discard is None:
            throws: list[int | None] = [(vmax - v) * tie for v in vals]
        else:
            throws = [(vmax - v) * tie if ok else None for v, ok in zip(vals, allowed, strict=True)]
        plain = _solve_plain(cards, rules, vals, step, throws, caps[0])
        if plain is not None:
            return cards[plain[1]], plain[0]
    hand = _Hand(cards, rules, vals, need if any(caps) else None, pure, bound=True)
    # a throw's cost: its value (highest first), then whether it is wild (natural first)
    wild_ranks, wild_cost = rules.wild_ranks, n + 1
    throw = [
        (vmax - v) * tie + (wild_cost if c.rank == JOKER_RANK or c.rank in wild_ranks else 0)
        for c, v in zip(cards, vals, strict=True)
    ]
    dead = [vals[idx[0]] * step + 1 if idx else 0 for idx in hand.copies]
    jdead = [vals[j] * step + 1 for j in hand.jokers]
    disc: list[int | None]
    jdisc: list[int | None]
    if may_discard is None:
        disc = [throw[idx[0]] if idx else None for idx in hand.copies]
        jdisc = [throw[j] for j in hand.jokers]
    else:
        disc = []
        for c, idx in enumerate(hand.copies):
            free = [i for i in idx if allowed[i]]
            disc.append(throw[free[0]] if free else None)
            # the discarded copy must be one may_discard allows: put an allowed copy last in
            # its pool (equal copies cost the same, so the search is unchanged)
            if free and not allowed[idx[-1]]:
                hand.copies[c] = [i for i in idx if i != free[-1]] + [free[-1]]
        jdisc = [throw[j] if allowed[j] else None for j in hand.jokers]
    bound = sum(map(abs, vals)) * step + n + step + 1
    big = 2 * bound + 1
    floor = 0 if vmin >= 0 else None  # every cost is then >= 0
    costs = (dead, disc, jdead, jdisc)
    melds, dead_idx, discard, ok = _solve_hand(
        hand, costs, caps, inf=4 * bound + 4, big=big, floor=floor, d0=1
    )
    return cards[discard], _arrangement(cards, vals, melds, dead_idx, ok)


def best_melds(
    cards: Sequence[Card], rules: MeldRules, points: Callable[[Meld], int]
) -> tuple[int, tuple[Meld, ...]]:
    """Most points that disjoint melds from ``cards`` can lay (Scala 40 / Rummy 51 opening
    math, bots). Every placement of the wild cards is tried, since what a wild stands for
    changes the points. Ties: most cards laid, then fewest wild cards used, then a fixed
    order.

    >>> from cardtable.engine.cards import parse_cards
    >>> from cardtable.kits.rummy.melds import meld_value
    >>> run_pts = lambda p: 11 if p == 14 else min(p, 10)
    >>> pts = lambda m: meld_value(m, run_pts, lambda r: 11 if r == 1 else min(r, 10))
    >>> best_melds(parse_cards("QH KH JK 5S 5D 5C 2C"), MeldRules(), pts)[0]
    46
    """
    if rules.runs_any_suit:
        one = _OneSuit(cards, rules, lambda c: 0, None)
        total, laid = best_melds(one.stand, one.rules, lambda m: points(one.meld(m)))
        return total, tuple(one.meld(m) for m in laid)
    vals = [0] * len(cards)
    _values(cards, lambda c: 0)
    if not cards:
        return 0, ()
    hand = _Hand(cards, rules, vals, None, None, keep_all=True)
    n = len(cards)
    unit = n + 1  # a card left in hand, above the wild-card count
    step = unit * (n + 1)  # a point, above the cards left
    # Every meld with an exact number of wilds, at the placement worth the most points.
    tok_cards = [cards[j] for j in hand.jokers] + [cards[i] for idx in hand.copies[hand.wbase :] for i in idx]
    by_low: list[list[tuple[int, int, int, int, Cand]]] = []
    for group in hand.by_low:
        top: dict[tuple[int, int], tuple[int, tuple[Any, ...]]] = {}
        for n_mask, _sid, _a, _wt, (_n, a, b, _dr, _dp, spec) in group:
            for w in range(a, min(b, len(tok_cards)) + 1):
                pts, best_spec = _best_placement(hand, spec, w, tok_cards, rules, points)
                if best_spec is not None and ((n_mask, w) not in top or pts > top[n_mask, w][0]):
                    top[n_mask, w] = (pts, best_spec)
        row: list[tuple[int, int, int, int, Cand]] = []
        by_low.append(row)
        for (n_mask, w), (pts, best_spec) in sorted(top.items(), key=lambda kv: kv[0][1]):
            sid = _SIGS.setdefault((w, w, 0, 0, 0), len(_SIGS))
            row.append((n_mask, sid, w, -pts * step + w, (n_mask, w, w, 0, 0, best_spec)))
    hand.by_low = by_low
    aw = hand.all_wild
    hand.all_wild = None  # all-wild groups: laid by the search below as one extra step
    dead = [unit for _ in hand.copies]
    jdead = [unit for _ in hand.jokers]
    bound = (n + 1) * unit + sum(abs(c[3]) for row in by_low for c in row) + 1
    search = _Search(hand, dead, [None] * len(dead), jdead, [None] * len(jdead), (0, 0, 0), inf=4 * bound)
    _best, choices, settle = search.solve(0)
    # In this mode every meld holds exactly its wilds: the jokers used are those owed.
    melds, _dead_idx, _ = _build(hand, choices, settle)
    total = sum(points(m) for m in melds)
    if aw is not None:
        left = [c for c in cards if rules.is_wild(c) and not any(c is x for m in melds for x in m.cards)]
        extra: list[Meld] = []
        while len(left) >= aw[0]:
            size = min(aw[1], len(left))
            lump = _make_all_wild(left[:size], rules)
            if points(lump) <= 0:
                break
            extra.append(lump)
            left = left[size:]
        melds += extra
        total += sum(points(m) for m in extra)
    return total, tuple(melds)


def _best_placement(
    hand: _Hand,
    spec: tuple[Any, ...],
    w: int,
    tok_cards: list[Card],
    rules: MeldRules,
    points: Callable[[Meld], int],
) -> tuple[int, tuple[Any, ...] | None]:
    """The most points a meld of ``spec`` with ``w`` wilds scores, and the spec that does."""
    wilds = tok_cards[:w]
    pools = [list(x) for x in hand.copies]
    if spec[0] == RUN:
        si, places = spec[1], spec[2]
        lo, hi = places[0], places[-1]
        gaps = hi - lo + 1 - len(places)
        extra = w - gaps
        best: tuple[int, tuple[Any, ...] | None] = (-(1 << 60), None)
        for down in range(extra + 1):
            up = extra - down
            lo2, hi2 = lo - down, hi + up
            if lo2 < rules.lo_min or hi2 > rules.hi_max:
                continue
            if lo2 == 1 and hi2 == 14 and rules.ace_both_ends == "never":
                continue
            if rules.run_wilds_apart and (down > 1 or up > 1):
                continue
            placed = (RUN, si, places, lo2)
            pts = points(_make_meld(hand, [list(x) for x in pools], placed, wilds))
            if pts > best[0]:
                best = (pts, placed)
        return best
    return points(_make_meld(hand, pools, spec, wilds)), spec
