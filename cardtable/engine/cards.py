"""Cards, packs and the card notation.

A :class:`Card` is one physical card. Two cards of the same rank and suit from different
packs (``7H#1`` and ``7H#2``) are *equal* for the rules (``==`` and ``hash`` look only at
rank and suit) but stay distinguishable through :attr:`Card.id` and :attr:`Card.copy`, which
is what card-conservation checks use.

>>> seven, ten, joker = parse_cards("7h T♠ jk")
>>> seven, str(ten), joker.is_joker
(Card('7H'), '10S', True)
>>> deck = make_deck(packs=2, jokers=4)
>>> len(deck), deck[0] == deck[52], deck[0].id == deck[52].id
(108, True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from .errors import InvalidNotation

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
"""Suit letters in the engine's fixed order (spades, hearts, diamonds, clubs)."""

STARS = "X"
"""A fifth suit, stars, for decks that declare it (:func:`make_deck`'s ``suits``; Five Crowns)."""
ALL_SUITS: tuple[str, ...] = (*SUITS, STARS)
"""Every suit letter a card may have, in order (``Card.suit_index`` indexes this)."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "X": "★"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "X": "stars"}
RED_SUITS = frozenset({"H", "D"})

RANK_NAMES: dict[int, str] = {
    1: "A",
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
}
ELEVEN, TWELVE, THIRTEEN = 14, 15, 16
"""Plain ranks above 10 (written ``11H``, ``12S``, ``13D``), as in Five Hundred's 63-card
pack for six players. Their numbers only keep them apart from J Q K (11-13): a game that
uses them ranks them in its own order (A K Q J 13 12 11 10 ...)."""
RANK_NAMES.update({ELEVEN: "11", TWELVE: "12", THIRTEEN: "13"})
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
JOKER_RANK = 0

_RANK_TOKENS = {name: rank for rank, name in RANK_NAMES.items()} | {"T": 10, "1": 1}
# (11, 12 and 13 are the plain ranks of RANK_NAMES above, never J Q K)
_SUIT_TOKENS = {"S": "S", "H": "H", "D": "D", "C": "C", "X": "X"} | {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
    "★": "X",
    "☆": "X",
}
_BAD_CARD = "{token!r} is not a card: write a rank and a suit letter (S H D C), or JK for a joker"
# (T for 10, suit symbols and X for Five Crowns' stars are read too; the message names the
# usual forms, short enough for one line of an 80-column table)


class Card:
    """One physical card: ``rank`` 1-13 (ace 1) or 0 for a printed joker, ``suit`` a
    letter of :data:`ALL_SUITS` ('' for a joker; ``X``, stars, only in a deck that declares it),
    ``copy`` the pack (or joker number) it comes from, and ``id`` its unique number in the
    deck it was made in.

    ``suit_index`` is the suit's place in :data:`ALL_SUITS` (stars 4; a joker 4 too) and
    ``key`` is ``rank * 5 + suit_index``: the four-suit cards keep the keys they always had,
    and a star never shares a key with a joker (rank 0).

    Cards are created once per deck and never change; compare them with ``==`` for
    the rules and with ``.id`` for physical identity.

    >>> Card(7, "H").name, Card(0, "").name, Card(12, "S", copy=1).label
    ('7H', 'JK', 'QS#2')
    """

    __slots__ = ("copy", "id", "key", "name", "rank", "suit", "suit_index")

    rank: int
    suit: str
    copy: int
    id: int
    key: int
    name: str
    suit_index: int

    def __init__(self, rank: int, suit: str, copy: int = 0, id: int = -1) -> None:
        if rank == JOKER_RANK:
            suit = ""
        elif rank not in RANK_NAMES or suit not in ALL_SUITS:
            raise InvalidNotation(f"no such card: rank {rank!r}, suit {suit!r}")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "copy", copy)
        object.__setattr__(self, "id", id)
        suit_index = ALL_SUITS.index(suit) if suit else 4
        object.__setattr__(self, "suit_index", suit_index)
        # key: equal for equal rank and suit; a small int so comparisons are cheap.
        object.__setattr__(self, "key", rank * 5 + suit_index)
        object.__setattr__(self, "name", "JK" if rank == JOKER_RANK else RANK_NAMES[rank] + suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.key == self.key

    def __hash__(self) -> int:
        return self.key

    def __lt__(self, other: Card) -> bool:
        # jokers (suit_index 4, as stars) sort after every suit
        return (self.suit_index + (self.rank == JOKER_RANK), self.rank) < (
            other.suit_index + (other.rank == JOKER_RANK),
            other.rank,
        )

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.label!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Card, (self.rank, self.suit, self.copy, self.id))

    @property
    def is_joker(self) -> bool:
        """True for a printed joker."""
        return self.rank == JOKER_RANK

    @property
    def label(self) -> str:
        """The name with its pack number when it is not the first copy: ``7H#2``."""
        return self.name if self.copy == 0 else f"{self.name}#{self.copy + 1}"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit in RED_SUITS


@cache
def card_of(rank: int, suit: str) -> Card:
    """The canonical (copy-less) card of a rank and suit, used to name what a wild stands for.

    >>> card_of(9, "H").name
    '9H'
    """
    return Card(rank, suit)


JOKER = card_of(JOKER_RANK, "")


def parse_card(token: str) -> Card:
    """Parse one card token: ``7H``, ``10s``, ``Tc``, ``q♦``, ``JK``; ``#2`` may name the pack.

    The result is a canonical card (``copy`` from ``#n``, ``id`` -1); games match it to
    a physical card in a hand by rank and suit.

    >>> parse_card("t♥"), parse_card("JK"), parse_card("7H#2").copy
    (Card('10H'), Card('JK'), 1)
    """
    text = token.strip()
    copy = 0
    if "#" in text:
        text, _, num = text.partition("#")
        if not num.isdigit() or int(num) < 1:
            raise InvalidNotation(_BAD_CARD.format(token=token))
        copy = int(num) - 1
    upper = text.upper()
    if upper in ("JK", "JOKER", "★", "🃏"):
        return Card(JOKER_RANK, "", copy) if copy else JOKER
    if len(upper) < 2:
        raise InvalidNotation(_BAD_CARD.format(token=token))
    rank = _RANK_TOKENS.get(upper[:-1])
    suit = _SUIT_TOKENS.get(upper[-1])
    if rank is None or suit is None:
        raise InvalidNotation(_BAD_CARD.format(token=token))
    return Card(rank, suit, copy) if copy else card_of(rank, suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse space- or comma-separated card tokens; a bad token raises :class:`InvalidNotation`.

    >>> [c.name for c in parse_cards("7H 10s, qd JK")]
    ['7H', '10S', 'QD', 'JK']
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(parse_card(t) for t in tokens)


RANKS: tuple[int, ...] = tuple(range(1, 14))
"""The ranks of a standard pack, ace (1) to king (13)."""


@cache
def make_deck(
    packs: int = 1, jokers: int = 0, suits: tuple[str, ...] = SUITS, ranks: tuple[int, ...] = RANKS
) -> tuple[Card, ...]:
    """A deck in a fixed order: ``packs`` packs of ``suits`` by ``ranks`` (standard: 52
    cards, S H D C, ace to king), then ``jokers`` jokers. A game with its own deck declares
    its suits (of :data:`ALL_SUITS`) and ranks.

    Every card has a distinct ``id`` (its index here). The same arguments return the same
    objects, so cards can be compared by identity inside one deck.

    >>> d = make_deck(1, 2)
    >>> len(d), d[0].name, d[-1].name, d[-1].copy
    (54, 'AS', 'JK', 1)
    >>> names(make_deck(1, 0, ("H", STARS), (12, 13)))
    'QH KH QX KX'
    """
    return make_pack(dict.fromkeys(suits, ranks), packs, jokers)


def make_pack(ranks: dict[str, Sequence[int]], packs: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """A deck described as data: the ranks of each suit (in that order), ``packs`` times,
    then ``jokers``; every card's ``id`` is its index. Games with stripped or extended packs
    build theirs with it.

    >>> no_low = {s: [r for r in range(1, 14) if r > 4 or r == 1 or (r == 4 and s in "HD")] for s in SUITS}
    >>> len(make_pack(no_low, jokers=1))  # Five Hundred's four-player pack
    43
    >>> [c.name for c in make_pack({"H": [10, ELEVEN, TWELVE, THIRTEEN]})]
    ['10H', '11H', '12H', '13H']
    """
    cards: list[Card] = []
    for copy in range(packs):
        for suit, suit_ranks in ranks.items():
            for rank in suit_ranks:
                cards.append(Card(rank, suit, copy, len(cards)))
    for copy in range(jokers):
        cards.append(Card(JOKER_RANK, "", copy, len(cards)))
    return tuple(cards)


def one_of_each(cards: Sequence[Card]) -> list[Card]:
    """The first card of each value (rank and suit) in ``cards``, in their order: the
    distinct throws of a hand that may hold two equal cards.

    >>> names(one_of_each(parse_cards("7H KS 7H JK")))
    '7H KS JK'
    """
    first: dict[int, Card] = {}
    for c in cards:
        first.setdefault(c.key, c)
    return list(first.values())


def names(cards: Sequence[Card]) -> str:
    """Cards as notation, separated by spaces.

    >>> names(parse_cards("7H 8H JK"))
    '7H 8H JK'
    """
    return " ".join(c.name for c in cards)


def rank_word(rank: int) -> str:
    """A rank as a word for messages: ``'ace'``, ``'7'``, ``'king'``."""
    return RANK_WORDS.get(rank, RANK_NAMES.get(rank, "joker"))


_CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])([SHDCX])(?![0-9A-Za-z])")
"""A card name standing alone in a sentence ('QH', '10S', '4X'; the '9H' of 'JK=9H')."""


def card_faces(text: str, keep: Iterable[str] = ()) -> str:
    """Player-facing text with the card names in notation shown as faces, as a hand shows
    them: a suit symbol for the letter, the joker as ``JK``. Records, saves and the text mode
    keep the notation; a table shows this (in ASCII mode it shows the text as it is). Words
    in ``keep`` (the players' names, which may look like cards) are left alone.

    >>> card_faces("Ann discarded QH; KH 5D is too short; meld JK=9H, 4X")
    'Ann discarded Q♥; K♥ 5♦ is too short; meld JK=9♥, 4★'
    >>> card_faces("AS leads 10S", keep=["AS"])
    'AS leads 10♠'
    """
    kept = set(keep)

    def face(m: re.Match[str]) -> str:
        return m.group(0) if m.group(0) in kept else m.group(1) + SUIT_SYMBOLS[m.group(2)]

    return _CARD_TOKEN.sub(face, text)
