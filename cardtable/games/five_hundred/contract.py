"""Five Hundred's packs, bids (Avondale values, reading ``bid 7H``), trump orders and the
typed payloads of its moves: the data the game and its bot share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from cardtable.engine.cards import ELEVEN, RED_SUITS, SUIT_SYMBOLS, SUITS, THIRTEEN, TWELVE, Card, make_pack
from cardtable.kits.tricks import TrickOrder

from .rules import FiveHundredRules

# ---------------------------------------------------------------------------- packs and bids

DENOMS = ("S", "C", "D", "H", "NT")
"""The denominations of a trick bid, lowest first (Avondale index i = 0..4)."""
MISERE, OPEN_MISERE = "MIS", "OPEN"
_MISERES = {MISERE: ("misere", "misère", 250), OPEN_MISERE: ("open-misere", "open misère", 500)}
"""Each misère bid's notation word, label for people and Avondale value."""

HAND_SIZE = 10
KITTY_SIZE = 3
PACKETS: tuple[int | str, ...] = (3, "kitty", 4, "kitty", 3, "kitty")
"""The deal, clockwise from the dealer's left: 3 each, one to the kitty, 4 each, one to the
kitty, 3 each, one to the kitty (data: any packet scheme gives the same game)."""


def pack_ranks(players: int) -> dict[str, Sequence[int]]:
    """The ranks of each suit in the pack for ``players`` (the joker aside), §6.1.

    >>> sum(len(r) for r in pack_ranks(4).values()) + 1, sum(len(r) for r in pack_ranks(3).values()) + 1
    (43, 33)
    >>> sum(len(r) for r in pack_ranks(5).values()) + 1, sum(len(r) for r in pack_ranks(6).values()) + 1
    (53, 63)
    """
    full = list(range(1, 14))
    if players == 3:
        return {s: [1, *range(7, 14)] for s in SUITS}
    if players == 4:
        return {s: [r for r in full if r >= 5 or r == 1 or (r == 4 and s in "HD")] for s in SUITS}
    if players == 6:
        # 11s and 12s in every suit, 13s in the red suits (plain ranks above the 10)
        return {s: [*full, ELEVEN, TWELVE, *([THIRTEEN] if s in RED_SUITS else [])] for s in SUITS}
    return {s: full for s in SUITS}


@cache
def make_five_hundred_pack(players: int) -> tuple[Card, ...]:
    """The pack for ``players`` with its one joker (ids in pack order). Cards are immutable,
    so every game shares the one pack per player count (making it was a third of a new game's
    cost)."""
    return make_pack(pack_ranks(players), 1, 1)


@dataclass(frozen=True, slots=True)
class Bid:
    """One bid: ``tricks`` 6-10 and a denomination of :data:`DENOMS`, or misère / open misère
    (``tricks`` 0). ``value`` is the Avondale value; ``rank`` orders bids (open misère, 500,
    ranks below 10♥, also 500).

    >>> [Bid(7, "D").value, Bid(8, "S").value, Bid(0, MISERE).value, Bid(10, "NT").value]
    [180, 240, 250, 520]
    >>> Bid(0, OPEN_MISERE).rank < Bid(10, "H").rank, Bid(7, "NT").word, Bid(0, OPEN_MISERE).label
    (True, '7NT', 'open misère')
    """

    tricks: int
    denom: str
    # Derived once at creation: a random playout reads them at every bid (they were a
    # noticeable share of its time as properties).
    misere: bool = field(init=False, repr=False, compare=False)
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        misere = self.denom in _MISERES
        if misere:
            value = _MISERES[self.denom][2]
        else:
            value = 40 + 20 * DENOMS.index(self.denom) + 100 * (self.tricks - 6)
        object.__setattr__(self, "misere", misere)
        object.__setattr__(self, "value", value)

    @property
    def rank(self) -> tuple[int, int]:
        return (self.value, 0 if self.misere else 1)

    @property
    def word(self) -> str:
        """The notation word: ``7H``, ``6NT``, ``misere``, ``open-misere``."""
        if self.misere:
            return _MISERES[self.denom][0]
        return f"{self.tricks}{self.denom}"

    @property
    def label(self) -> str:
        """For people: ``7♥``, ``6 No-Trumps``, ``misère``."""
        if self.misere:
            return _MISERES[self.denom][1]
        if self.denom == "NT":
            return f"{self.tricks} No-Trumps"
        return f"{self.tricks}{SUIT_SYMBOLS[self.denom]}"

    @property
    def trump(self) -> str | None:
        return self.denom if self.denom in SUITS else None


ALL_BIDS: tuple[Bid, ...] = tuple(
    sorted(
        [Bid(t, d) for t in range(6, 11) for d in DENOMS] + [Bid(0, MISERE), Bid(0, OPEN_MISERE)],
        key=lambda b: b.rank,
    )
)
"""Every bid, lowest first."""

_BID_WORD = re.compile(r"^(6|7|8|9|10)(s|c|d|h|nt|n|♠|♣|♦|♥)$")
_SUIT_OF = {
    "s": "S",
    "c": "C",
    "d": "D",
    "h": "H",
    "nt": "NT",
    "n": "NT",
    "♠": "S",
    "♣": "C",
    "♦": "D",
    "♥": "H",
}


def read_bid(word: str) -> Bid | None:
    """The bid a word means (any case; suit symbols, ``misère``), or None.

    >>> [read_bid(w) for w in ("7h", "10♠", "5H")]
    [Bid(tricks=7, denom='H'), Bid(tricks=10, denom='S'), None]
    >>> read_bid("Misère").word, read_bid("open-misere").word
    ('misere', 'open-misere')
    """
    w = word.strip().lower().replace("è", "e").replace("_", "-")
    if w in ("misere", "mis"):
        return Bid(0, MISERE)
    if w in ("open-misere", "openmisere", "open"):
        return Bid(0, OPEN_MISERE)
    m = _BID_WORD.match(w)
    if m is None:
        return None
    return Bid(int(m.group(1)), _SUIT_OF[m.group(2)])


def trick_order(bid: Bid | None, rules: FiveHundredRules, players: int = 4) -> TrickOrder:
    """The rank order of a contract (None: all passed, played in No-Trumps): a suit contract
    has bowers and the joker as its highest trump; No-Trumps and misère have the joker as the
    only trump (the void rule by the toggle). With six players the plain 11-13 rank between
    the 10 and the jack.

    >>> trick_order(Bid(7, "H"), FiveHundredRules()).trump
    'H'
    >>> trick_order(Bid(7, "H"), FiveHundredRules(), 6).plain_high_ranks
    True
    """
    return _order(None if bid is None else bid.trump, rules.nt_joker_void_rule, players == 6)


@cache
def _order(trump: str | None, void_rule: bool, plain: bool) -> TrickOrder:
    # A TrickOrder is immutable and costs a table build (about a tenth of a random deal),
    # so the few there are are made once and shared.
    if trump is not None:
        return TrickOrder(trump=trump, bowers=True, joker="trump", plain_high_ranks=plain)
    return TrickOrder(joker="wild", joker_only_when_void=void_rule, plain_high_ranks=plain)


_PLAIN_SORT = {ELEVEN: 10.25, TWELVE: 10.5, THIRTEEN: 10.75}
"""Where the plain 11-13 sort among the ranks (between the 10 and the jack)."""


def sort_key(card: Card) -> tuple[int, float]:
    """Cards by suit, then rank (the plain 11-13 between the 10 and the jack)."""
    return (card.suit_index, _PLAIN_SORT.get(card.rank, card.rank))


def rank_value(card: Card) -> float:
    """A plain rank value, ace high (the joker highest; the plain 11-13 just above the 10).

    >>> from cardtable.engine.cards import parse_cards
    >>> [rank_value(c) for c in parse_cards("AS 10H 12D JK")]
    [14, 10, 10.5, 20]
    """
    if card.rank == 0:
        return 20
    if card.rank == 1:
        return 14
    return _PLAIN_SORT.get(card.rank, card.rank)


# ---------------------------------------------------------------------------- payloads


@dataclass(frozen=True, slots=True)
class BidPayload:
    bid: Bid


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    suit: str
    """The suit a led No-Trumps joker names ('' otherwise)."""


@dataclass(frozen=True, slots=True)
class Nominate:
    suit: str


@dataclass(frozen=True, slots=True)
class CallCard:
    card: Card


class Step(Enum):
    PASS = "pass"
    NEXT = "next"


VERBS_OF_PHASE = {
    "bid": ("bid", "pass"),
    "exchange": ("discard",),
    "call": ("call",),
    "nominate": ("nominate",),
    "lead": ("play",),
    "follow": ("play",),
    "deal-over": ("next",),
}
"""Which verbs each phase takes."""
PHASE_WORDS = {
    "bid": "the auction ('bid 7H', 'pass')",
    "exchange": "the kitty exchange ('discard' three cards)",
    "call": "calling a partner's card ('call QH')",
    "nominate": "nominating the joker's suit ('nominate C')",
    "lead": "the play ('play' a card)",
    "follow": "the play ('play' a card)",
    "deal-over": "the end of the deal ('next')",
}


def _n(cards: Sequence[Card]) -> str:
    return " ".join(c.name for c in cards)


def face(card: Card) -> str:
    """A card as the table shows it: ``10♥``, ``JK`` (facts for people, not notation).

    >>> from cardtable.engine.cards import parse_cards
    >>> faces(parse_cards("10H JK 13D"))
    '10♥ JK 13♦'
    """
    return card.name if not card.suit else card.name[: -len(card.suit)] + SUIT_SYMBOLS[card.suit]


def faces(cards: Sequence[Card]) -> str:
    """Cards as the table shows them, space-separated."""
    return " ".join(face(c) for c in cards)


def remove_card(hand: list[Card], card: Card) -> None:
    """Take this very card (the physical card: its id, unique in the pack) out of ``hand``."""
    try:  # the very object, searched in C (a card is played from the hand that holds it)
        del hand[list(map(id, hand)).index(id(card))]
        return
    except ValueError:  # an equal card made elsewhere (a stacked deal, a parsed move)
        pass
    ident = card.id
    for i, c in enumerate(hand):
        if c.id == ident:
            del hand[i]
            return
    raise AssertionError(f"{card} is not in the hand")
