"""Gin Rummy's card values and the cheap deadwood bounds that spare the exact meld solver."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.kits.rummy.arrange import Arrangement
from cardtable.kits.rummy.deadwood import by_face

VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Deadwood value by rank: ace 1, 2-10 face value, J Q K 10."""


@by_face
def card_value(card: Card) -> int:
    """A card's deadwood value: ace 1, 2-10 face value, J Q K 10.

    >>> from cardtable.engine import parse_cards
    >>> [card_value(c) for c in parse_cards("AS 7H 10D QC")]
    [1, 7, 10, 10]
    """
    return VALUES[card.rank]


def unmatched_floor(hand: Sequence[Card], ace_high: bool = False) -> tuple[int, int]:
    """``(total, top)``: the value of the cards that fit no meld at all within ``hand``, and
    the highest of those values. No arrangement leaves less deadwood than ``total``, and no
    discard then less than ``total - top``: a cheap bound that spares the exact solver on
    most turns. (A card fits a meld when two more of its rank, or two suit neighbours that
    make a run with it, are in the hand.)

    >>> from cardtable.engine import parse_cards
    >>> unmatched_floor(parse_cards("7H 8H 9H KS KD 2C"))
    (22, 10)
    >>> unmatched_floor(parse_cards("QS KS AS"), ace_high=True)
    (0, 0)
    """
    masks = [0, 0, 0, 0]
    counts = [0] * 14
    for c in hand:
        masks[c.suit_index] |= 1 << c.rank
        counts[c.rank] += 1
    runs = []
    for m in masks:
        if ace_high and m & 2:
            m |= 1 << 14
        t = m & (m >> 1) & (m >> 2)
        runs.append(t | t << 1 | t << 2)
    total = top = 0
    for c in hand:
        r = c.rank
        if counts[r] >= 3:
            continue
        member = runs[c.suit_index]
        if member >> r & 1 or (r == 1 and member >> 14 & 1):
            continue
        v = VALUES[r]
        total += v
        if v > top:
            top = v
    return total, top


def upper_bounds(whole: Arrangement) -> dict[int, int]:
    """For each melded card of ``whole`` (by id): the deadwood ``whole`` leaves once that
    card is gone, its meld split into the pieces that are still melds and loose cards.

    >>> from cardtable.engine.cards import make_deck
    >>> from cardtable.kits.rummy.arrange import best_arrangement
    >>> from cardtable.kits.rummy.melds import MeldRules
    >>> deck = {c.name: c for c in make_deck(1, 0)}
    >>> cards = [deck[n] for n in "2C 3C 4C 5C 6C 9D".split()]
    >>> whole = best_arrangement(cards, MeldRules(max_wilds=0), card_value)
    >>> bounds = upper_bounds(whole)
    >>> [(c.name, bounds[c.id]) for c in whole.groups[0].cards]
    [('2C', 9), ('3C', 11), ('4C', 25), ('5C', 15), ('6C', 9)]
    """
    base = whole.penalty
    out: dict[int, int] = {}
    for g in whole.groups:
        cards = g.cards
        if g.kind == "set":
            for c in cards:
                out[c.id] = (
                    base if len(cards) > 3 else base + sum(VALUES[x.rank] for x in cards if x is not c)
                )
            continue
        for k, c in enumerate(cards):
            extra = 0
            for piece in (cards[:k], cards[k + 1 :]):
                if len(piece) < 3:
                    extra += sum(VALUES[x.rank] for x in piece)
            out[c.id] = base + extra
    return out
