"""The trick kit: rank orders with trumps, bowers and a joker; the follow rule; the trick
winner; the trick-area view. Page One uses it, and Five Hundred is meant to.

A :class:`TrickOrder` says how cards rank in a trick game: the trump suit (or none), whether
the jacks of the trump colour are bowers, where the joker stands, and whether the ace is high.
It answers the questions every trick game asks, from lookup tables built once (bots call these
in their playouts):

* :meth:`TrickOrder.effective_suit`: the suit a card belongs to for following (the left bower
  and a trump joker belong to the trump suit);
* :meth:`TrickOrder.strength`: a number to compare cards in a trick, given the suit led;
* :func:`playable` and :func:`follow_refusal`: the follow rule, one predicate both for the
  list of legal cards and for the reason a card is refused;
* :func:`led_suit` and :func:`trick_winner`; :func:`trick_view` builds the engine's view.
* :class:`TrickGame`: the base of a trick game (no melds; ``trick_cards`` from its trick).

Five Hundred with hearts trumps: joker, right bower, left bower, then the hearts.

>>> from cardtable.engine.cards import parse_cards
>>> hearts = TrickOrder(trump="H", bowers=True, joker="trump")
>>> cards = parse_cards("QH JD AH JK KS JH")
>>> [c.name for c in sorted(cards, key=lambda c: -hearts.strength(c, "S"))]
['JK', 'JH', 'JD', 'AH', 'QH', 'KS']
>>> hearts.effective_suit(cards[1]), hearts.effective_suit(cards[3])
('H', 'H')

Page One: no trumps; the joker is a wild card that wins any trick it is played to.

>>> page_one = TrickOrder(joker="wild", when_void="wild")
>>> plays = list(enumerate(parse_cards("7H KH 2S")))
>>> trick_winner(plays, page_one)
(1, Card('KH'))
>>> trick_winner([*plays, (3, parse_cards("JK")[0])], page_one)
(3, Card('JK'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from cardtable.engine.cards import ELEVEN, JOKER_RANK, SUIT_NAMES, SUITS, THIRTEEN, TWELVE, Card
from cardtable.engine.game import TableMeld
from cardtable.engine.table_game import TableGame
from cardtable.engine.views import TrickView

JokerRole = Literal["trump", "wild", "plain"]
"""Where the joker stands. ``trump``: the highest trump, a card of the trump suit (Five
Hundred's suit contracts). ``wild``: a card of no suit that beats every other card, even
trumps (Page One; Five Hundred's No-Trumps and misère, where it is the only trump); led, it
leaves the suit to follow to a named suit or to the next card (:func:`led_suit`).
``plain``: a card of no suit and no strength (a game without a joker never meets it)."""

WhenVoid = Literal["any", "wild"]
"""What a player who cannot follow may play. ``any``: any card (most trick games). ``wild``:
only a wild joker; the game offers another move (Page One's players draw from the stock)."""

TRUMP = 20
"""Strengths from here up belong to trumps (and to a wild joker): they beat every card of
the suit led (at most 17)."""

_WILD = TRUMP + 30
_KEYS = 85
"""Card keys run from 0 to 16 * 5 + 4 (:attr:`Card.key`; ranks 14-16 are the plain 11-13)."""
_PLAIN_HIGH = {ELEVEN: 11, TWELVE: 12, THIRTEEN: 13, 11: 14, 12: 15, 13: 16, 1: 17}
"""Rank values with the plain ranks 11-13 (:attr:`TrickOrder.plain_high_ranks`): A K Q J 13
12 11 10 ... (at most 17, so trumps still start at :data:`TRUMP`)."""

_SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


@dataclass(frozen=True)
class TrickOrder:
    """How cards rank in a trick (a frozen value: games may keep one per rule set).

    ``trump``: the trump suit letter, or None (no trumps). ``bowers``: with a trump suit, the
    jack of trumps (right bower) and the other jack of its colour (left bower) are the
    highest trumps after a trump joker, and the left bower belongs to the trump suit.
    ``joker``: see :data:`JokerRole`. ``ace_high``: the ace ranks above the king (else below
    the two). ``joker_only_when_void``: a wild joker may be played only by a player who holds
    no card of the suit led. ``when_void``: see :data:`WhenVoid`.

    >>> TrickOrder(joker="trump")
    Traceback (most recent call last):
    ...
    ValueError: a trump joker needs a trump suit; with no trumps the joker is 'wild' (the only trump)
    """

    trump: str | None = None
    bowers: bool = False
    joker: JokerRole = "wild"
    ace_high: bool = True
    joker_only_when_void: bool = False
    when_void: WhenVoid = "any"
    plain_high_ranks: bool = False
    _suit: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _power: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _off_suit: tuple[tuple[bool, ...], tuple[bool, ...]] = field(init=False, repr=False, compare=False)
    """The follow rule as a table: ``_off_suit[holds_led][card.key]``, whether a card not of
    the suit led may be played by a player who does (1) or does not (0) hold that suit."""
    _wild_with_suit: bool = field(init=False, repr=False, compare=False)
    """Whether any card off the suit led may be played by a player who holds that suit (a
    wild joker, unless only when void): ``any(_off_suit[1])``."""

    def __post_init__(self) -> None:
        if self.trump is not None and self.trump not in SUITS:
            raise ValueError(f"trump must be one of {', '.join(SUITS)} or None, not {self.trump!r}")
        if self.joker == "trump" and self.trump is None:
            raise ValueError(
                "a trump joker needs a trump suit; with no trumps the joker is 'wild' (the only trump)"
            )
        suits = [""] * _KEYS
        power = [0] * _KEYS
        trump = self.trump
        left = _SAME_COLOUR[trump] if trump is not None and self.bowers else None
        plain = self.plain_high_ranks
        # Bowers and a trump joker sit just above the highest plain trump.
        top = TRUMP + (17 if plain else 14)
        left_bower, right_bower, trump_joker = top + 1, top + 2, top + 3
        for rank in range(1, 17):
            if plain:
                value = _PLAIN_HIGH.get(rank, rank)
            elif rank > 13:
                continue  # the plain ranks 11-13 are in no pack of this order
            else:
                value = 14 if rank == 1 and self.ace_high else rank
            for suit_index, suit in enumerate(SUITS):
                key = rank * 5 + suit_index
                suits[key], power[key] = suit, value
                if trump is None:
                    continue
                if rank == 11 and suit == trump and self.bowers:
                    power[key] = right_bower
                elif rank == 11 and suit == left:
                    suits[key], power[key] = trump, left_bower
                elif suit == trump:
                    power[key] = TRUMP + value
        joker = JOKER_RANK * 5 + 4
        if self.joker == "trump":
            assert trump is not None
            suits[joker], power[joker] = trump, trump_joker
        elif self.joker == "wild":
            power[joker] = _WILD
        wild = [p == _WILD for p in power]
        void_ok = self.when_void == "any"
        off_suit = (
            tuple(w or void_ok for w in wild),  # void: a wild joker, or any card
            tuple(w and not self.joker_only_when_void for w in wild),  # holding the suit
        )
        # Frozen: the tables are set once here, then only read.
        object.__setattr__(self, "_suit", tuple(suits))
        object.__setattr__(self, "_power", tuple(power))
        object.__setattr__(self, "_off_suit", off_suit)
        object.__setattr__(self, "_wild_with_suit", any(off_suit[1]))

    def effective_suit(self, card: Card) -> str:
        """The suit ``card`` belongs to for following and being void: its printed suit, but
        the trump suit for the left bower and a trump joker, and '' for a wild or plain joker.

        >>> from cardtable.engine.cards import parse_card
        >>> spades = TrickOrder(trump="S", bowers=True, joker="trump")
        >>> [spades.effective_suit(parse_card(n)) for n in ("JC", "JS", "JH", "JK")]
        ['S', 'S', 'H', 'S']
        >>> TrickOrder().effective_suit(parse_card("JK"))
        ''
        """
        return self._suit[card.key]

    def is_trump(self, card: Card) -> bool:
        """Whether ``card`` beats every card that is not a trump: a card of the trump suit
        (bowers and a trump joker included) or a wild joker (No-Trumps' only trump).

        >>> from cardtable.engine.cards import parse_card
        >>> nt = TrickOrder(joker="wild")
        >>> nt.is_trump(parse_card("JK")), nt.is_trump(parse_card("AS"))
        (True, False)
        """
        return self._power[card.key] >= TRUMP

    def strength(self, card: Card, led_suit: str) -> int:
        """How strongly ``card`` plays in a trick where ``led_suit`` was led: the higher wins.
        Trumps (and a wild joker) count from :data:`TRUMP` up; a card of the suit led counts
        its rank (ace 14 when high); any other card counts 0 and cannot win.

        >>> from cardtable.engine.cards import parse_card
        >>> clubs = TrickOrder(trump="C", bowers=True, joker="trump")
        >>> [clubs.strength(parse_card(n), "H") for n in ("AH", "2H", "KD", "2C", "JS", "JC", "JK")]
        [14, 2, 0, 22, 35, 36, 37]
        """
        power = self._power[card.key]
        if power >= TRUMP:
            return power
        return power if self._suit[card.key] == led_suit else 0

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Where ``card`` goes when a hand is sorted: ``(suit, strength)``, the suit it
        follows as, the trumps after the others (the left bower and a trump or wild joker
        with them), and its strength there (the ace high when it is, the bowers above it).
        A table sorts by suit on the pair, by rank on the pair reversed.

        >>> from cardtable.engine.cards import parse_cards
        >>> hearts = TrickOrder(trump="H", bowers=True, joker="trump")
        >>> [c.name for c in sorted(parse_cards("JK JD 9S AS JH 4H QD"), key=hearts.sort_key)]
        ['9S', 'AS', 'QD', '4H', 'JD', 'JH', 'JK']
        """
        power = self._power[card.key]
        if power >= TRUMP:
            return (len(SUITS), power)
        return (SUITS.index(self._suit[card.key]), power)

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` is a wild joker (see :data:`JokerRole`)."""
        return self._power[card.key] == _WILD


def led_suit(plays: Sequence[tuple[int, Card]], order: TrickOrder, named: str = "") -> str:
    """The suit to follow in a trick of ``(seat, card)`` plays: the led card's effective
    suit; for a led wild joker, the suit its player ``named`` (Five Hundred's ``play JK=C``)
    or else the first later card's (Page One). '' while it is not known.

    >>> from cardtable.engine.cards import parse_cards
    >>> order = TrickOrder(joker="wild")
    >>> joker, five = parse_cards("JK 5D")
    >>> led_suit([(0, joker)], order), led_suit([(0, joker)], order, "C")
    ('', 'C')
    >>> led_suit([(0, joker), (1, five)], order)
    'D'
    """
    for _, card in plays:
        if not order.is_wild(card):
            return order.effective_suit(card)
        if named:
            return named
    return ""


def must_follow(hand: Sequence[Card], led: str, order: TrickOrder) -> list[Card]:
    """The cards of ``hand`` that follow ``led`` (by effective suit), in hand order: a
    player holding any of them must play one (bar a wild joker, see :func:`playable`).

    F-17: spades trumps, clubs led, J♣ is a spade, so a player holding only J♣ is void.

    >>> from cardtable.engine.cards import parse_cards
    >>> spades = TrickOrder(trump="S", bowers=True, joker="trump")
    >>> must_follow(parse_cards("JC 4H"), "C", spades), must_follow(parse_cards("JC 4H"), "S", spades)
    ([], [Card('JC')])
    """
    suits = order._suit
    return [c for c in hand if suits[c.key] == led]


def _rule(card: Card, led: str, holds_led: bool, order: TrickOrder) -> str:
    """The follow predicate for one card, read from the order's table (the one
    :func:`playable` reads): '' when ``card`` may be played, else the rule it breaks
    ('follow suit', 'joker only when void', 'void')."""
    if not led or order._suit[card.key] == led or order._off_suit[holds_led][card.key]:
        return ""
    if order.is_wild(card):
        return "joker only when void"
    return "follow suit" if holds_led else "void"


def playable(hand: Sequence[Card], led: str, order: TrickOrder) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick where ``led`` was led ('' for a
    lead, or a led wild joker whose suit is not set yet: any card): the cards that follow
    first, in hand order, then the others allowed (a wild joker; any card when void).

    >>> from cardtable.engine.cards import parse_cards
    >>> hand = parse_cards("2C JK 9H 4H")
    >>> [c.name for c in playable(hand, "H", TrickOrder(joker="wild"))]
    ['9H', '4H', 'JK']
    >>> [c.name for c in playable(hand, "H", TrickOrder(joker="wild", joker_only_when_void=True))]
    ['9H', '4H']
    >>> [c.name for c in playable(hand, "S", TrickOrder(joker="wild", when_void="wild"))]
    ['JK']
    """
    if not led:
        return list(hand)
    suits = order._suit
    suited = [c for c in hand if suits[c.key] == led]
    # The table _rule reads, inlined (a hot path), and skipped where it allows nothing more
    # (no wild card may join a suit followed) or everything (any card when void).
    if suited:
        if not order._wild_with_suit:
            return suited
    elif order.when_void == "any":
        return list(hand)
    off_suit = order._off_suit[bool(suited)]
    return suited + [c for c in hand if off_suit[c.key] and suits[c.key] != led]


def follow_refusal(card: Card, hand: Sequence[Card], led: str, order: TrickOrder) -> str | None:
    """Why the follow rule refuses ``card`` from ``hand`` (None: it allows it). The same
    predicate as :func:`playable`, so a card is refused exactly when it is not listed. A
    'void' refusal (:data:`WhenVoid` ``wild``) names no remedy: the game adds its own.

    >>> from cardtable.engine.cards import parse_card, parse_cards
    >>> hand = parse_cards("2C JK 9H 4H")
    >>> follow_refusal(parse_card("2C"), hand, "H", TrickOrder())
    'you must follow suit: hearts were led, so play 9H or 4H or JK'
    >>> strict = TrickOrder(joker_only_when_void=True)
    >>> follow_refusal(parse_card("JK"), hand, "H", strict)
    'you hold hearts (9H 4H): the joker may be played only when you have none'
    >>> follow_refusal(parse_card("9H"), hand, "H", strict) is None
    True
    """
    suited = must_follow(hand, led, order)
    rule = _rule(card, led, bool(suited), order)
    if not rule:
        return None
    suit = SUIT_NAMES.get(led, "the suit led")
    if rule == "follow suit":
        options = " or ".join(c.name for c in playable(hand, led, order))
        return f"you must follow suit: {suit} were led, so play {options}"
    if rule == "joker only when void":
        held = " ".join(c.name for c in suited)
        return f"you hold {suit} ({held}): the joker may be played only when you have none"
    return f"you have no {suit}"


def trick_winner(
    plays: Sequence[tuple[int, Card]], order: TrickOrder, led: str | None = None
) -> tuple[int, Card]:
    """The ``(seat, card)`` that wins the trick so far: the strongest card (the highest
    trump, else the highest card of the suit led); of equal cards (two packs), the first.
    ``led`` defaults to :func:`led_suit` of the plays.

    >>> from cardtable.engine.cards import parse_cards
    >>> spades = TrickOrder(trump="S", bowers=True, joker="trump")
    >>> trick_winner(list(enumerate(parse_cards("AC KC JC 2C"))), spades)
    (2, Card('JC'))
    """
    if not plays:
        raise ValueError("an empty trick has no winner")
    if led is None:
        led = led_suit(plays, order)
    best = plays[0]
    top = order.strength(best[1], led)
    for play in plays[1:]:
        power = order.strength(play[1], led)
        if power > top:
            best, top = play, power
    return best


def trick_view(
    plays: Sequence[tuple[int, Card]],
    leader: int | None,
    last_winner: int | None,
    led: str,
) -> TrickView:
    """The engine's :class:`TrickView` of a trick in progress (cards by name).

    >>> from cardtable.engine.cards import parse_cards
    >>> trick_view(list(enumerate(parse_cards("7H KH"))), 0, None, "H").plays
    ((0, '7H'), (1, 'KH'))
    """
    return TrickView(
        plays=tuple((seat, card.name) for seat, card in plays),
        leader=leader,
        last_winner=last_winner,
        led_suit=led,
    )


__all__ = [
    "TRUMP",
    "JokerRole",
    "TrickOrder",
    "WhenVoid",
    "follow_refusal",
    "led_suit",
    "must_follow",
    "playable",
    "trick_view",
    "trick_winner",
]


class TrickGame(TableGame):
    """A table game played in tricks: it has no melds, and :attr:`trick` holds the trick in
    progress as ``(seat, card)`` pairs in the order played."""

    trick: list[tuple[int, Card]]

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """A trick game has no melds."""
        return ()

    @property
    def trick_cards(self) -> tuple[tuple[int, Card], ...]:
        """The cards of the trick in progress, in order, with the seat that played each."""
        return tuple(self.trick)
