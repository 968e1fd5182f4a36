"""A quick, sound filter for going out: which discards might leave a hand all in sets and
runs, by a lower bound on the wild cards a full cover needs. The exact solver then decides."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from cardtable.engine.cards import JOKER_RANK, Card, one_of_each
from cardtable.kits.rummy.melds import MeldRules

_NEVER = 1e9
"""A wild-card share too big to pay: the card fits no meld."""


def _wild_shares(nat: Sequence[Card], ace_high: bool, limit: int, any_suit: bool = False) -> list[float]:
    """For each natural card, the least share of wild cards it owes in any meld it can join
    when a meld may hold ``limit`` wild cards at most (``_NEVER``: in none).

    A meld with ``m`` natural cards needs at least ``need`` wild cards: ``3 - m`` for a
    set, and for a run also its gaps (``span - m``). Spread evenly over its naturals, each
    owes ``need / m``. A card's share is the least over the melds it could be in: a set with
    every natural of its rank, or a run with every natural of its suit between two of them
    (more naturals only lower the share). The shares of a cover add up to no more than the
    wild cards it uses, so their sum is a lower bound; removing a card only raises the
    others' shares. With ``any_suit`` (runs may mix suits) every card counts as one suit:
    a run then may hold any naturals of distinct ranks, so the bound stays sound.

    >>> from cardtable.engine import parse_cards
    >>> _wild_shares(parse_cards("5H 8H 7S 7D KC"), False, 2)
    [1.0, 1.0, 0.5, 0.5, 2.0]
    >>> _wild_shares(parse_cards("5H 8H 7S 7D KC"), False, 1)[-1] == _NEVER
    True
    """
    count = [0] * 15
    masks = [0, 0, 0, 0, 0]  # the fifth: Five Crowns' stars
    for c in nat:
        count[c.rank] += 1
        si = 0 if any_suit else c.suit_index
        masks[si] |= 1 << c.rank
        if ace_high and c.rank == 1:
            masks[si] |= 1 << 14
    lows = [_run_shares(mask, limit) for mask in masks]
    out = []
    for c in nat:
        q = count[c.rank]
        need = 3 - q if q < 3 else 0
        share = need / q if need <= limit else _NEVER
        low = lows[0 if any_suit else c.suit_index]
        share = min(share, low[c.rank], low[14] if c.rank == 1 else _NEVER)
        out.append(share)
    return out


@lru_cache(maxsize=1 << 16)
def _run_shares(mask: int, limit: int) -> tuple[float, ...]:
    """The least run share (see :func:`_wild_shares`) of the natural card at each place of
    one suit (bit p of ``mask``: a card at place p, 1..14), by place; cached per mask."""
    pos = [p for p in range(1, 15) if mask >> p & 1]
    low = [_NEVER] * 15
    for i in range(len(pos)):
        first = pos[i]
        for j in range(i, len(pos)):
            m = j - i + 1
            gaps = pos[j] - first + 1 - m
            if gaps > limit:
                break
            need = max(gaps, 3 - m)
            if need > limit:
                continue
            share = need / m
            for p in pos[i : j + 1]:
                if share < low[p]:
                    low[p] = share
    return tuple(low)


def out_candidates(hand: Sequence[Card], rules: MeldRules) -> list[Card]:
    """Distinct cards whose discard might leave a hand all in sets and runs: a quick,
    sound filter before the exact solver.

    It bounds from below the wild cards a full cover needs (see :func:`_wild_shares`;
    wild-rank cards count as wild, as one could always stand for itself): a hand that
    needs more wild cards than it holds cannot go out.
    """
    wild_ranks = rules.wild_ranks
    nat = [c for c in hand if c.rank != JOKER_RANK and c.rank not in wild_ranks]
    w = len(hand) - len(nat)
    # At most max_wilds cards act as wild in a meld, but a wild-rank card in its own
    # place does not count (unless every wild-rank card is wild: all-wild melds off).
    own_place = 0 if not rules.allow_all_wild else sum(1 for c in hand if c.rank in wild_ranks)
    limit = min(w, rules.max_wilds + own_place)
    shares = _wild_shares(nat, rules.ace_high, limit, rules.runs_any_suit)
    # The shares are fractions: keep float error on the safe side, and count the cards
    # that fit no meld apart (adding _NEVER to the sum would swallow the fractions' digits).
    never = sum(1 for x in shares if x >= _NEVER)
    owed = sum(x for x in shares if x < _NEVER) - 1e-9
    out: list[Card] = []
    at = {c.id: i for i, c in enumerate(nat)}
    for card in one_of_each(hand):
        i = at.get(card.id)
        # a wild card leaves one fewer wild for the rest; a natural one owes no share
        if i is None:
            fits = not never and owed <= w - 1
        elif shares[i] >= _NEVER:
            fits = never == 1 and owed <= w
        else:
            fits = not never and owed - shares[i] <= w
        if fits:
            out.append(card)
    return out
