"""Melds: runs and sets with wild cards, written once for every rummy game.

A meld is its physical cards plus, for each card, the natural card it *represents*
(``reps``). Naturals represent themselves; a joker (or a card of a wild rank) represents
the card it stands in for. Runs keep their cards in ascending order and remember the
position of their first card (1 = low ace ... 13 = king, 14 = high ace), so a wild at
either end is stored explicitly. Joker swaps, lay-offs and opening values all follow.

>>> from cardtable.engine.cards import parse_cards
>>> rules = MeldRules()
>>> meld = build_meld(parse_cards("7H 8H JK"), (None, None, None), rules)
>>> str(meld), meld.kind, [c.name for c in meld.reps]
('[7H 8H JK(=9H)]', 'run', ['7H', '8H', '9H'])
>>> build_meld(parse_cards("KD AD 2D"), (None,) * 3, rules)
'KD AD 2D is not a run: an ace is either low (A-2-3) or high (Q-K-A), never in the middle'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations, pairwise
from typing import NamedTuple

from cardtable.engine.cards import (
    ALL_SUITS,
    JOKER_RANK,
    RANK_NAMES,
    STARS,
    SUIT_NAMES,
    SUITS,
    Card,
    card_of,
    names,
)

from ._enumerate import enumerate_melds
from ._meld import RUN, SET, Meld, MeldRules, rank_at

__all__ = [
    "ACE_LOW",
    "RUN",
    "SET",
    "Meld",
    "MeldRules",
    "ace_end",
    "ace_flags",
    "any_suit_run",
    "build_meld",
    "enumerate_melds",
    "extend_meld",
    "fitting_keys",
    "meld_value",
    "order_for_ace_end",
    "rank_at",
    "swap_wild",
]


# ---------------------------------------------------------------------------- building


def build_meld(
    cards: Sequence[Card],
    named: Sequence[Card | None],
    rules: MeldRules,
    owner: int = -1,
) -> Meld | str:
    """Make a meld of ``cards``; ``named[i]`` is what card ``i`` is declared to stand for
    (None: not named). Returns the :class:`Meld`, or a plain sentence saying why not.

    >>> from cardtable.engine.cards import parse_cards, parse_card
    >>> r = MeldRules()
    >>> build_meld(parse_cards("7H 7S JK"), (None,) * 3, r)
    'name the joker in 7H 7S JK: write JK=7D or JK=7C'
    >>> str(build_meld(parse_cards("7H 7S JK"), (None, None, parse_card("7D")), r))
    '[7S 7H JK(=7D)]'
    """
    n = len(cards)
    label = names(cards)
    if n < rules.min_size:
        return f"{label} is too short: a meld needs at least {rules.min_size} cards"
    for nm in named:
        if nm is not None and ((nm.suit == STARS and not rules.stars) or 0 < nm.rank < rules.min_rank):
            return f"{label}: a wild card cannot stand for {nm.name}, there is no such card in this game"
    if rules.runs_any_suit:
        plain = build_meld(cards, named, replace(rules, runs_any_suit=False), owner)
        if isinstance(plain, Meld):
            return plain
        # a run of mixed suits: read every card as a spade, then give the cards back
        stand = [c if c.rank == JOKER_RANK else Card(c.rank, "S", c.copy, c.id) for c in cards]
        names_s = [None if x is None else card_of(x.rank, "S") for x in named]
        mixed = build_meld(stand, names_s, replace(rules, runs_any_suit=False), owner)
        if isinstance(mixed, Meld) and mixed.kind == RUN:
            return any_suit_run(mixed, {id(s): c for s, c in zip(stand, cards, strict=True)})
        return plain
    wild_idx = [i for i, c in enumerate(cards) if rules.is_wild(c)]
    # A card of a wild rank may be natural; try the readings with fewest wilds first.
    flexible = [i for i in wild_idx if cards[i].rank != JOKER_RANK]
    first_error = ""
    for k in range(len(flexible) + 1):
        for as_natural in combinations(flexible, len(flexible) - k):
            nat_set = set(as_natural)
            wilds = [i for i in wild_idx if i not in nat_set]
            if any(named[i] is not None and named[i] != cards[i] for i in as_natural):
                continue
            result = _build(cards, named, wilds, rules, owner, label)
            if isinstance(result, Meld):
                return result
            if not first_error:
                first_error = result
    return first_error


def any_suit_run(meld: Meld, real: dict[int, Card]) -> Meld:
    """A run read on stand-in cards (every natural as a spade) given back its real cards
    (``real``: ``id()`` of a stand-in -> the card; others are their own): each natural stands
    for itself and each wild for its place in the suit of the first natural card.

    >>> from cardtable.engine.cards import parse_cards
    >>> stand = parse_cards("5S 6S JK")
    >>> run = Meld(RUN, stand, parse_cards("5S 6S 7S"), suit="S", lo=5)
    >>> real = dict(zip(map(id, stand[:2]), parse_cards("5H 6D"), strict=True))
    >>> str(any_suit_run(run, real))
    '[5H 6D JK(=7H)]'
    """
    cards = tuple(real.get(id(c), c) for c in meld.cards)
    natural = [c for c, r in zip(meld.cards, meld.reps, strict=True) if c == r]
    suit = real.get(id(natural[0]), natural[0]).suit if natural else meld.suit
    reps = tuple(
        card if c == r else card_of(r.rank, suit)
        for c, r, card in zip(meld.cards, meld.reps, cards, strict=True)
    )
    return Meld(RUN, cards, reps, suit=suit, lo=meld.lo, owner=meld.owner)


class _Given(NamedTuple):
    """A proposed meld as :func:`_build` read it, for the run and set builders."""

    cards: Sequence[Card]
    named: Sequence[Card | None]
    wilds: list[int]
    naturals: list[int]
    rules: MeldRules
    owner: int
    label: str


def _build(
    cards: Sequence[Card],
    named: Sequence[Card | None],
    wilds: list[int],
    rules: MeldRules,
    owner: int,
    label: str,
) -> Meld | str:
    wild_set = set(wilds)
    naturals = [i for i in range(len(cards)) if i not in wild_set]
    if not naturals and not rules.allow_all_wild:
        return f"{label} has no natural card: a meld needs at least one card that is not wild"
    if len(wilds) > rules.max_wilds:
        if rules.max_wilds == 0:
            return f"{label}: wild cards may not be used in melds"
        if rules.max_wilds == 1:
            return f"{label} has {len(wilds)} wild cards: a meld may hold only one"
        return f"{label} has {len(wilds)} wild cards: a meld may hold at most {rules.max_wilds}"
    if len(wilds) > len(naturals) and rules.run_wilds_le_naturals and rules.set_wilds_le_naturals:
        return (
            f"{label} has {len(wilds)} wild cards and {len(naturals)} natural: a meld needs at least "
            "as many natural cards as wild cards"
        )
    nat_ranks = {cards[i].rank for i in naturals}
    nat_suits = {cards[i].suit for i in naturals}
    names_given = [named[i] for i in wilds if named[i] is not None]
    run_ok = len(nat_suits) <= 1 and all(
        c is not None and (not nat_suits or c.suit in nat_suits) for c in names_given
    )
    run_ok = run_ok and len({c.suit for c in names_given if c is not None}) <= 1
    set_ok = len(nat_ranks) <= 1 and all(
        c is not None and (not nat_ranks or c.rank in nat_ranks) for c in names_given
    )
    set_ok = set_ok and len({c.rank for c in names_given if c is not None}) <= 1
    run_err = set_err = ""
    given = _Given(cards, named, wilds, naturals, rules, owner, label)
    if run_ok:
        run = _build_run(given)
        if isinstance(run, Meld):
            return run
        run_err = run
    if set_ok:
        st = _build_set(given)
        if isinstance(st, Meld):
            return st
        set_err = st
    if run_err and (not set_err or len(nat_ranks) > 1):
        return run_err
    if set_err:
        return set_err
    return f"{label} is neither a run (one suit, consecutive ranks) nor a set (one rank, different suits)"


def _build_run(given: _Given) -> Meld | str:
    cards, named, wilds, naturals, rules, owner, label = given
    suit = cards[naturals[0]].suit if naturals else ""
    if not suit:
        for i in wilds:
            nm = named[i]
            if nm is not None:
                suit = nm.suit
                break
    if not suit:
        return f"{label}: name the wild cards so the run's suit is known"
    lo_min, hi_max = rules.lo_min, rules.hi_max
    if rules.ace_both_ends == "never" and len(cards) > 13:
        return f"{label} is too long: a run holds at most 13 cards (an ace at one end only)"
    nat_aces = [i for i in naturals if cards[i].rank == 1]
    if len(nat_aces) > 1 and rules.ace_both_ends != "natural":
        return f"{label} is not a run: it may not hold two aces of {_suit_word(suit)}"
    # Each ace (natural or named) may sit low or high; try both where allowed.
    ace_like = [i for i in naturals if cards[i].rank == 1] + [
        i
        for i in wilds
        if named[i] is not None and named[i].rank == 1  # type: ignore[union-attr]
    ]
    fixed: dict[int, int] = {}
    for i in naturals:
        if cards[i].rank != 1:
            fixed[i] = cards[i].rank
    for i in wilds:
        nm = named[i]
        if nm is not None and nm.rank != 1:
            fixed[i] = nm.rank
    unnamed = [i for i in wilds if named[i] is None]
    ace_choices: list[int] = [p for p in (1, 14) if lo_min <= p <= hi_max]
    placements: list[dict[int, int]] = [{}]
    for i in ace_like:
        placements = [{**p, i: q} for p in placements for q in ace_choices]
    best_err = ""
    # Prefer the order the player wrote the cards in, if it reads as a run.
    hinted = _run_from_order(cards, named, set(wilds), suit, rules)
    if hinted is not None:
        meld = Meld(RUN, hinted[0], hinted[1], suit=suit, lo=hinted[2], owner=owner)
        limit = _limit_error(meld, rules, label)
        if not limit:
            return meld
        best_err = limit
    for placement in placements:
        pos = {**fixed, **placement}
        taken = sorted(pos.values())
        if len(set(taken)) != len(taken):
            dup = next(p for p in taken if taken.count(p) > 1)
            best_err = best_err or (
                f"{label} is not a run: it has two cards in the {RANK_NAMES[rank_at(dup)]} place"
            )
            continue
        if not taken:
            lo = lo_min
            hi = lo - 1
        else:
            lo, hi = taken[0], taken[-1]
        gaps = [p for p in range(lo, hi + 1) if p not in set(taken)]
        if len(gaps) > len(unnamed):
            best_err = best_err or _gap_reason(label, suit, gaps, len(unnamed))
            continue
        extra = len(unnamed) - len(gaps)
        up = min(extra, hi_max - hi)
        # Extra wilds go up first; with wilds kept apart, fewer up (more down) may be needed.
        for ups in range(up, -1, -1) if rules.run_wilds_apart else (up,):
            down = extra - ups
            if lo - down < lo_min:
                best_err = best_err or f"{label} is too long for a run"
                continue
            fill = gaps + list(range(hi + 1, hi + 1 + ups)) + list(range(lo - down, lo))
            for i, p in zip(unnamed, fill, strict=True):
                pos[i] = p
            order = sorted(pos, key=pos.__getitem__)
            phys = tuple(cards[i] for i in order)
            reps = tuple(card_of(rank_at(pos[i]), suit) for i in order)
            meld = Meld(RUN, phys, reps, suit=suit, lo=min(pos.values()), owner=owner)
            limit = _limit_error(meld, rules, label)
            if not limit:
                return meld
            best_err = limit
    if ace_like and not best_err:
        best_err = f"{label} is not a run: an ace is either low (A-2-3) or high (Q-K-A), never in the middle"
    if not best_err:
        best_err = f"{label} is not a run"
    if ace_like and ("gap" in best_err or "missing" in best_err) and _wraps(cards, naturals):
        best_err = f"{label} is not a run: an ace is either low (A-2-3) or high (Q-K-A), never in the middle"
    return best_err


ACE_LOW = "low"
"""The word that ends a meld's notation when its ace sits low in a run whose same cards could
also hold it high (without the word such a run holds its ace high)."""


def ace_end(meld: Meld, rules: MeldRules) -> str:
    """``"low"`` or ``"high"`` when the same cards also make the run with the ace at the
    other end (a long run with wild cards, such as ``AS 2S JK 4S ... KS``), else ``""``.

    The ace-low reading's notation ends with ``low`` (:func:`ace_flags`), so that the two
    readings are two different moves (they score differently, and a replay must lay the
    same one).

    >>> from cardtable.engine.cards import parse_cards
    >>> rules = MeldRules(max_wilds=1)
    >>> long = build_meld(parse_cards("AS 2S JK 4S 5S 6S 7S 8S 9S 10S JS QS KS"), [None] * 13, rules)
    >>> ace_end(long, rules), ace_end(build_meld(parse_cards("AS 2S 3S"), [None] * 3, rules), rules)
    ('low', '')
    """
    cards = meld.cards
    # the other reading needs a long run: cheap tests first (this is on the move-listing path)
    if meld.kind != RUN or len(cards) < 8 or not any(c.rank == 1 for c in cards):
        return ""
    high = meld.lo + len(cards) - 1 == 14
    aces = [c for c in cards if c.rank == 1]
    rest = [c for c in cards if c.rank != 1]
    flipped = [*rest, *aces] if not high else [*aces, *rest]
    other = build_meld(flipped, [None] * len(flipped), rules, meld.owner)
    if isinstance(other, str) or other.lo == meld.lo:
        return ""
    return "high" if high else "low"


def ace_flags(meld: Meld, rules: MeldRules) -> tuple[str, ...]:
    """The flags of ``meld``'s move: ``("low",)`` where the ace sits low and could also sit
    high (:func:`ace_end`), else none (the ace-high reading is the plain notation)."""
    return (ACE_LOW,) if ace_end(meld, rules) == ACE_LOW else ()


def order_for_ace_end(
    cards: Sequence[Card], named: Sequence[Card | None], end: str
) -> tuple[list[Card], list[Card | None]]:
    """The cards (and their names) with the aces put at ``end`` of the list, so that
    :func:`build_meld`, which prefers the written order, reads the run that way."""
    pairs = list(zip(cards, named, strict=True))
    aces = [p for p in pairs if p[0].rank == 1]
    rest = [p for p in pairs if p[0].rank != 1]
    ordered = [*aces, *rest] if end == "low" else [*rest, *aces]
    return [c for c, _ in ordered], [n for _, n in ordered]


def _limit_error(meld: Meld, rules: MeldRules, label: str) -> str:
    """Why ``meld`` breaks the rules' limits on wild cards ('' when it does not)."""
    wilds = meld.wild_count(rules)
    if not wilds:
        return ""
    naturals = len(meld.cards) - wilds
    if meld.kind == RUN:
        if rules.run_wilds_le_naturals and wilds > naturals:
            return (
                f"{label} has {wilds} wild cards and {naturals} natural: a run needs at least as "
                "many natural cards as wild cards"
            )
        if rules.run_wilds_apart:
            pairs = list(zip(meld.cards, meld.reps, strict=True))
            if any(a[0] != a[1] and b[0] != b[1] for a, b in pairwise(pairs)):
                return f"{label}: two wild cards may not sit side by side in a run"
    elif rules.set_wilds_le_naturals and wilds > naturals:
        return (
            f"{label} has {wilds} wild cards and {naturals} natural: a set needs at least as "
            "many natural cards as wild cards"
        )
    return ""


def _wraps(cards: Sequence[Card], naturals: list[int]) -> bool:
    ranks = {cards[i].rank for i in naturals}
    return 1 in ranks and 13 in ranks and 2 in ranks


def _run_from_order(
    cards: Sequence[Card],
    named: Sequence[Card | None],
    wilds: set[int],
    suit: str,
    rules: MeldRules,
) -> tuple[tuple[Card, ...], tuple[Card, ...], int] | None:
    """Read the cards as written, ascending or descending, wilds taking the places between."""
    n = len(cards)
    for seq in (range(n), range(n - 1, -1, -1)):
        order = list(seq)
        anchor = next((k for k, i in enumerate(order) if i not in wilds), None)
        if anchor is None:
            return None
        c = cards[order[anchor]]
        for start_pos in (c.rank, 14) if c.rank == 1 else (c.rank,):
            lo = start_pos - anchor
            if lo < rules.lo_min or lo + n - 1 > rules.hi_max:
                continue
            ok = True
            for k, i in enumerate(order):
                want = card_of(rank_at(lo + k), suit)
                if i in wilds:
                    nm = named[i]
                    if nm is not None and nm != want:
                        ok = False
                        break
                elif cards[i] != want:
                    ok = False
                    break
            if ok:
                phys = tuple(cards[i] for i in order)
                reps = tuple(card_of(rank_at(lo + k), suit) for k in range(n))
                return phys, reps, lo
    return None


def _gap_reason(label: str, suit: str, gaps: list[int], wild_count: int) -> str:
    missing = " ".join(RANK_NAMES[rank_at(p)] + suit for p in gaps)
    if wild_count:
        return f"{label} is not a run: {missing} missing and only {wild_count} wild card(s) to fill"
    return f"{label} is not a run: {missing} missing"


def _build_set(given: _Given) -> Meld | str:
    cards, named, wilds, naturals, rules, owner, label = given
    if naturals:
        rank = cards[naturals[0]].rank
    else:
        nm0 = next((named[i] for i in wilds if named[i] is not None), None)
        if nm0 is None:
            return f"{label}: name the wild cards so the set's rank is known"
        rank = nm0.rank
    n = len(cards)
    if n > rules.set_max:
        return f"{label} is too big: a set has at most {rules.set_max} cards"
    if rules.set_wilds_le_naturals and len(wilds) > len(naturals):
        return (
            f"{label} has {len(wilds)} wild cards and {len(naturals)} natural: a set needs at least "
            "as many natural cards as wild cards"
        )
    used: list[str] = []
    for i in naturals:
        s = cards[i].suit
        if rules.set_distinct_suits and s in used:
            return (
                f"{label} is not a set: {RANK_NAMES[rank]}{s} appears twice and a set needs different suits"
            )
        used.append(s)
    reps: dict[int, Card] = {i: cards[i] for i in naturals}
    unnamed: list[int] = []
    for i in wilds:
        nm = named[i]
        if nm is None:
            unnamed.append(i)
            continue
        if rules.set_distinct_suits and nm.suit in used:
            return f"{label}: the wild card cannot stand for {nm.name}, that suit is already in the set"
        used.append(nm.suit)
        reps[i] = card_of(rank, nm.suit)
    if unnamed:
        free = [s for s in SUITS if s not in used] if rules.set_distinct_suits else list(SUITS)
        if len(free) < len(unnamed):
            return f"{label} is not a set: there are not enough suits left for its wild cards"
        if rules.name_set_wilds and rules.set_distinct_suits and len(free) > len(unnamed):
            options = " or ".join(f"{cards[unnamed[0]].name}={RANK_NAMES[rank]}{s}" for s in free)
            return f"name the joker in {label}: write {options}"
        for i, s in zip(unnamed, free, strict=False):
            reps[i] = card_of(rank, s)
    order = sorted(reps, key=lambda i: (reps[i].suit_index, cards[i].rank == JOKER_RANK))
    meld = Meld(
        SET,
        tuple(cards[i] for i in order),
        tuple(reps[i] for i in order),
        rank=rank,
        owner=owner,
    )
    return _limit_error(meld, rules, label) or meld


def _suit_word(suit: str) -> str:
    return SUIT_NAMES.get(suit, suit)


# ---------------------------------------------------------------------------- changing


def fitting_keys(meld: Meld, rules: MeldRules) -> tuple[int, ...]:
    """Keys of the natural cards that could be laid off on ``meld`` (a quick prefilter).

    >>> from cardtable.engine.cards import parse_cards
    >>> m = build_meld(parse_cards("7H 8H 9H"), (None,) * 3, MeldRules())
    >>> sorted(card_of(k // 5, SUITS[k % 5]).name for k in fitting_keys(m, MeldRules()))
    ['10H', '6H']
    """
    if meld.kind == RUN:
        out: list[int] = []
        for pos in (meld.lo - 1, meld.hi + 1):
            if rules.lo_min <= pos <= rules.hi_max:
                if rules.runs_any_suit:
                    out.extend(rank_at(pos) * 5 + i for i in range(len(ALL_SUITS)))
                else:
                    out.append(rank_at(pos) * 5 + ALL_SUITS.index(meld.suit))
        return tuple(out)
    if len(meld.cards) >= rules.set_max:
        return ()
    used = {r.suit for r in meld.reps}
    return tuple(
        meld.rank * 5 + i for i, s in enumerate(ALL_SUITS) if not (rules.set_distinct_suits and s in used)
    )


def extend_meld(meld: Meld, card: Card, named: Card | None, rules: MeldRules) -> list[Meld]:
    """Every way ``card`` can be laid off on ``meld`` (two for a wild at a run's ends).

    >>> from cardtable.engine.cards import parse_cards, parse_card
    >>> r = MeldRules()
    >>> m = build_meld(parse_cards("7H 8H 9H"), (None,) * 3, r)
    >>> [str(x) for x in extend_meld(m, parse_card("10H"), None, r)]
    ['[7H 8H 9H 10H]']
    >>> [str(x) for x in extend_meld(m, parse_card("JK"), None, r)]
    ['[7H 8H 9H JK(=10H)]', '[JK(=6H) 7H 8H 9H]']
    """
    out: list[Meld] = []
    wild = rules.is_wild(card)
    if meld.kind == RUN:
        suit = meld.suit
        for pos in (meld.hi + 1, meld.lo - 1):
            if pos < rules.lo_min or pos > rules.hi_max:
                continue
            if (pos == 1 and meld.hi == 14) or (pos == 14 and meld.lo == 1):
                # both aces: by default allowed only with a wild as one of them
                if rules.ace_both_ends == "never":
                    continue
                if rules.ace_both_ends == "wild":
                    ace_natural = [
                        c for c, r in zip(meld.cards, meld.reps, strict=True) if c == r and r.rank == 1
                    ]
                    if ace_natural and not wild:
                        continue
            want = card_of(rank_at(pos), suit)
            if rules.runs_any_suit and card.rank == want.rank and named in (None, card):
                want = card  # a natural of any suit sits as itself
            elif rules.runs_any_suit and named is not None and named.rank == want.rank:
                want = named
            if named is not None and named != want:
                continue
            is_natural_here = card == want
            if not is_natural_here and not wild:
                continue
            if not is_natural_here and not _may_add_wild(meld, pos, rules):
                continue
            if pos > meld.hi:
                out.append(
                    Meld(
                        RUN, (*meld.cards, card), (*meld.reps, want), suit=suit, lo=meld.lo, owner=meld.owner
                    )
                )
            else:
                out.append(
                    Meld(RUN, (card, *meld.cards), (want, *meld.reps), suit=suit, lo=pos, owner=meld.owner)
                )
        return out
    # a set
    if len(meld.cards) >= rules.set_max:
        return out
    used = {r.suit for r in meld.reps}
    if not wild or (card.rank == meld.rank and (named is None or named == card)):
        if card.rank != meld.rank or (rules.set_distinct_suits and card.suit in used):
            if not wild:
                return out
        else:
            return [_set_with(meld, card, card)]
    if not _may_add_wild(meld, 0, rules):
        return out
    free = [s for s in SUITS if s not in used] if rules.set_distinct_suits else list(SUITS)
    if named is not None:
        if named.rank != meld.rank or named.suit not in free:
            return out
        return [_set_with(meld, card, card_of(meld.rank, named.suit))]
    return [_set_with(meld, card, card_of(meld.rank, s)) for s in free]


def _may_add_wild(meld: Meld, pos: int, rules: MeldRules) -> bool:
    """Whether one more wild card, at run place ``pos`` (ignored for a set), keeps the limits."""
    wilds = meld.wild_count(rules)
    if wilds >= rules.max_wilds:
        return False
    size = len(meld.cards)
    if meld.kind == RUN:
        if rules.run_wilds_le_naturals and 2 * (wilds + 1) > size + 1:
            return False
        if rules.run_wilds_apart:
            k = size - 1 if pos > meld.hi else 0
            if meld.cards[k] != meld.reps[k]:
                return False
        return True
    return not (rules.set_wilds_le_naturals and 2 * (wilds + 1) > size + 1)


def _set_with(meld: Meld, card: Card, rep: Card) -> Meld:
    pairs = sorted(
        [*zip(meld.cards, meld.reps, strict=True), (card, rep)],
        key=lambda cr: (cr[1].suit_index, cr[0].rank == JOKER_RANK),
    )
    return Meld(
        SET,
        tuple(c for c, _ in pairs),
        tuple(r for _, r in pairs),
        rank=meld.rank,
        owner=meld.owner,
    )


def swap_wild(meld: Meld, card: Card, rules: MeldRules) -> tuple[Meld, Card] | None:
    """Put natural ``card`` in place of the wild that stands for it; returns the new meld
    and the wild card freed, or None when no wild there stands for ``card``.

    >>> from cardtable.engine.cards import parse_cards, parse_card
    >>> r = MeldRules()
    >>> m = build_meld(parse_cards("7H JK 9H"), (None,) * 3, r)
    >>> new, freed = swap_wild(m, parse_card("8H"), r)
    >>> str(new), freed.name
    ('[7H 8H 9H]', 'JK')
    """
    if rules.is_wild(card) and card.rank == JOKER_RANK:
        return None
    for i, (c, r) in enumerate(zip(meld.cards, meld.reps, strict=True)):
        if c != r and r == card:
            cards = (*meld.cards[:i], card, *meld.cards[i + 1 :])
            return meld.replace(cards=cards), c
    return None


def meld_value(meld: Meld, run_value: Callable[[int], int], set_value: Callable[[int], int]) -> int:
    """A meld's points: ``run_value(position)`` for each place of a run, or
    ``set_value(rank)`` times the size of a set. Wilds count as what they stand for.

    >>> from cardtable.engine.cards import parse_cards
    >>> m = build_meld(parse_cards("QS KS AS"), (None,) * 3, MeldRules())
    >>> meld_value(m, lambda p: {1: 1, 14: 11}.get(p, min(p, 10)), lambda r: 10)
    31
    """
    if meld.kind == RUN:
        return sum(run_value(p) for p in meld.positions())
    return set_value(meld.rank) * len(meld.cards)
