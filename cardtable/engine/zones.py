"""Zones: where every card of a game lies, and who may see it.

A game declares its zones over its own state (:meth:`Game.zones`): each :class:`Zone` holds
a reference to one of the game's live lists (a hand, the stock, the discard pile) or, for a
zone nobody may shuffle, any sequence of cards (a meld's cards). The game keeps its storage
and its hot paths; the engine reads the zones to answer, once for every game, where every
card is (``all_cards``), what a seat may not see (``hidden_cards``), how to deal the hidden
cards afresh for a bot (``determinize``) and the card part of ``snapshot``.

Cards are told apart by :attr:`Card.id` (their number in the deck they were made in): the
one card identity of the engine. Two equal cards of a two-pack game have different ids.

>>> from cardtable.engine.cards import make_deck
>>> deck = list(make_deck())
>>> stock, hand0, hand1 = deck[:40], deck[40:46], deck[46:]
>>> zones = (
...     Zone("stock", stock, Visibility.HIDDEN),
...     Zone("hand 1", hand0, Visibility.OWNER, owner=0, ordered=False),
...     Zone("hand 2", hand1, Visibility.OWNER, owner=1, ordered=False),
... )
>>> [z.name for z in zones if z.hidden_from(0)]
['stock', 'hand 2']
>>> len(hidden_cards(zones, 0)), len(hidden_cards(zones, None))
(46, 52)
>>> hand1[0] in hidden_cards(zones, 1)
False
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .cards import Card

__all__ = ["Visibility", "Zone", "card_part", "cards_in", "deal_hidden", "hand_zones", "hidden_cards"]


class Visibility(Enum):
    """Who may see the cards of a zone.

    ``PUBLIC``: everyone (table melds, a discard pile whose cards were all seen when they
    were thrown, a trick). ``OWNER``: its owner seat only (a hand). ``HIDDEN``: nobody (the
    stock).

    >>> Visibility.OWNER.value
    'owner'
    """

    PUBLIC = "public"
    OWNER = "owner"
    HIDDEN = "hidden"


# Identity equality, as before: two zones holding equal cards are still two places.
@dataclass(slots=True, eq=False, repr=False)
class Zone:
    """One place where cards lie: ``name`` (unique in the game), ``cards`` (the game's live
    list for a zone that ``determinize`` may deal into; any sequence for a public one),
    ``visibility``, ``owner`` (a seat, or None), ``ordered`` (whether the order of its cards
    is part of the state: a pile is ordered, a hand is not) and ``shown``: the ids of cards
    of a hidden zone that lie face up for everyone (a card turned up under the stock).

    >>> from cardtable.engine.cards import parse_cards
    >>> z = Zone("hand 1", list(parse_cards("7H 8H")), Visibility.OWNER, owner=0, ordered=False)
    >>> z.hidden_from(0), z.hidden_from(1), z.hidden_from(None)
    (False, True, True)
    >>> z
    Zone('hand 1', 2 cards, owner, owner=0)
    """

    name: str
    cards: Sequence[Card]
    visibility: Visibility
    owner: int | None = None
    ordered: bool = True
    shown: Collection[int] = ()

    def hidden_from(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may not see this zone's cards (but for the
        ``shown`` ones)."""
        vis = self.visibility
        return vis is Visibility.HIDDEN or (vis is Visibility.OWNER and seat != self.owner)

    def __repr__(self) -> str:
        owner = "" if self.owner is None else f", owner={self.owner}"
        return f"Zone({self.name!r}, {len(self.cards)} cards, {self.visibility.value}{owner})"


_HIDDEN, _OWNER = Visibility.HIDDEN, Visibility.OWNER
_HAND_NAMES = tuple(f"hand {s}" for s in range(16))


def hand_zones(hands: Sequence[list[Card]]) -> list[Zone]:
    """One unordered zone per seat's hand, ``hand 0``, ``hand 1``..., seen by its seat only.

    >>> from cardtable.engine.cards import parse_cards
    >>> hand_zones([list(parse_cards("7H")), []])
    [Zone('hand 0', 1 cards, owner, owner=0), Zone('hand 1', 0 cards, owner, owner=1)]
    """
    names = _HAND_NAMES if len(hands) <= len(_HAND_NAMES) else [f"hand {s}" for s in range(len(hands))]
    return [Zone(names[s], h, Visibility.OWNER, s, False) for s, h in enumerate(hands)]


def cards_in(zones: Sequence[Zone]) -> Iterator[Card]:
    """Every card of the zones, zone by zone.

    >>> from cardtable.engine.cards import parse_cards
    >>> [c.name for c in cards_in([Zone("a", parse_cards("7H"), Visibility.PUBLIC),
    ...                            Zone("b", parse_cards("KS QS"), Visibility.HIDDEN)])]
    ['7H', 'KS', 'QS']
    """
    for z in zones:
        yield from z.cards


def hidden_cards(zones: Sequence[Zone], seat: int | None) -> list[Card]:
    """The cards ``seat`` may not see, zone by zone in the zones' order: every card of the
    zones hidden from it but for their ``shown`` cards.

    >>> from cardtable.engine.cards import make_deck
    >>> stock = list(make_deck()[:3])
    >>> [c.name for c in hidden_cards([Zone("stock", stock, Visibility.HIDDEN, shown={0})], 1)]
    ['2S', '3S']
    """
    out: list[Card] = []
    for z in zones:
        if z.hidden_from(seat):
            shown = z.shown
            if shown:
                out.extend(c for c in z.cards if c.id not in shown)
            else:
                out.extend(z.cards)
    return out


def deal_hidden(zones: Sequence[Zone], seat: int | None, pinned: Collection[int], rng: random.Random) -> None:
    """Shuffle the cards hidden from ``seat`` among the places hidden from it, in place.

    The cards of the zones hidden from ``seat`` are gathered zone by zone in the zones'
    order, leaving out the ``pinned`` ones (ids of cards whose place everyone knows: a card
    taken from the discard pile) and the zones' ``shown`` ones; ``rng.shuffle`` mixes them
    once and they are dealt back into the free places in the same order. Zone sizes and the
    pinned and shown cards stay where they were. The zones hidden from ``seat`` must hold
    mutable lists.

    >>> from cardtable.engine.cards import make_deck, names
    >>> deck = list(make_deck())
    >>> stock, mine, yours = deck[:4], deck[4:6], deck[6:9]
    >>> zones = [Zone("stock", stock, Visibility.HIDDEN, shown={0}),
    ...          Zone("hand 1", mine, Visibility.OWNER, owner=0),
    ...          Zone("hand 2", yours, Visibility.OWNER, owner=1)]
    >>> names(yours)
    '7S 8S 9S'
    >>> deal_hidden(zones, 0, {deck[7].id}, random.Random(1))
    >>> names(stock), names(mine), names(yours)
    ('AS 4S 7S 9S', '5S 6S', '2S 8S 3S')
    """
    hidden = [z for z in zones if z.visibility is _HIDDEN or (z.visibility is _OWNER and z.owner != seat)]
    fixed = pinned
    shown = [z.shown for z in hidden if z.shown]
    if shown:  # rare: copy the pinned ids only then (determinize is a bot's inner loop)
        fixed = set(pinned).union(*shown)
    if fixed:
        pool = [c for z in hidden for c in z.cards if c.id not in fixed]
    else:
        pool = [c for z in hidden for c in z.cards]
    rng.shuffle(pool)
    it = iter(pool)
    for z in hidden:
        cards: list[Card] = z.cards  # type: ignore[assignment]  # hidden zones are live lists
        if fixed:
            for i, c in enumerate(cards):
                if c.id not in fixed:
                    cards[i] = next(it)
        else:
            cards[:] = [next(it) for _ in cards]


def card_part(zones: Sequence[Zone]) -> tuple[Any, ...]:
    """The card part of a snapshot: each zone's name and card ids (sorted for a zone whose
    order does not count).

    >>> from cardtable.engine.cards import make_deck
    >>> d = make_deck()
    >>> card_part([Zone("hand 1", [d[5], d[2]], Visibility.OWNER, 0, ordered=False),
    ...            Zone("discard", [d[5], d[2]], Visibility.PUBLIC)])
    (('hand 1', (2, 5)), ('discard', (5, 2)))
    """
    return tuple(
        (z.name, tuple(c.id for c in z.cards) if z.ordered else tuple(sorted(c.id for c in z.cards)))
        for z in zones
    )
