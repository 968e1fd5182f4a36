"""The joker poker hand evaluator: five cards of the 53-card deck (or the best five of more),
the joker as **the bug** or **fully wild** (rules: ``shared/rules/joker-poker.md`` §7.3-7.5).

:func:`evaluate` gives a :class:`HandRank`: ordered (``<``, ``==``, hashable), with a
:class:`Category` and a reading in words.

>>> evaluate("KD KS JK 4C 2H")                  # the bug is an ace here (JP-05 under the bug)
<HandRank pair of kings, ace kicker>
>>> evaluate("KD KS JK 4C 2H", joker="wild")    # JP-05
<HandRank three kings, four kicker>
>>> evaluate("JK 9H 7H 4H 2H") > evaluate("KH QH 9H 6H 3H")   # JP-07: the bug is AH
True
>>> evaluate("AS AH AD AC JK").category         # JP-03
<Category.FIVE_OF_A_KIND: 10>

How it works: every card has a weight; the sum of a hand's five weights is a key made of
per-rank counts (3 bits a rank, one field for the joker) and per-suit counts (4 bits a suit,
the joker counted in every suit) and, for :func:`evaluate`, one bit per card, so that a card
given twice shows as fewer than five bits. One addition and a mask leave the rank counts and
one bit per suit that is set only for five cards of that suit (the joker included); a
dictionary built once per rule set maps that to the hand. The dictionary is filled by
:func:`reference_evaluate`, the slow definition that tries every card the joker may stand
for, on one representative hand per entry (about 16,000 entries, built in under a second
the first time a rule set is used).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final, Literal

from cardtable.engine.cards import JOKER, SUITS, Card, card_of, parse_cards
from cardtable.engine.errors import CardtableError

JokerRule = Literal["bug", "wild"]
"""How the joker plays: ``"bug"`` (an ace, or any card that completes a straight, flush or
straight flush) or ``"wild"`` (any card; a fifth card of a rank held four times)."""

JOKER_RULES: Final[tuple[JokerRule, ...]] = ("bug", "wild")


class InvalidHand(CardtableError):
    """Cards that are not a hand of the 53-card deck: too few, a card twice (two jokers
    included), or a card that deck does not have (a star)."""


class Category(IntEnum):
    """The hand categories of §7.3, weakest to strongest; a royal flush is the ace-high
    straight flush (see :attr:`HandRank.is_royal`).

    >>> Category.FULL_HOUSE > Category.FLUSH, str(Category.FIVE_OF_A_KIND)
    (True, 'five of a kind')
    """

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_OF_A_KIND = 10

    @property
    def label(self) -> str:
        """The category in words: ``'three of a kind'``."""
        return self.name.lower().replace("_", " ")

    def __str__(self) -> str:
        return self.label


# --- values -----------------------------------------------------------------------------
# value = ((category << 20 | five 4-bit ranks, most significant first) << 1) | natural bit.
# Ranks count the ace as 14. The natural bit is set only under natural_beats_wild.
_CATEGORY_SHIFT: Final = 21
_KEY_LENGTH: Final[dict[Category, int]] = {
    Category.HIGH_CARD: 5,
    Category.ONE_PAIR: 4,
    Category.TWO_PAIR: 3,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 1,
    Category.FLUSH: 5,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 2,
    Category.STRAIGHT_FLUSH: 1,
    Category.FIVE_OF_A_KIND: 1,
}

_SINGULAR: Final = {
    14: "ace",
    13: "king",
    12: "queen",
    11: "jack",
    10: "ten",
    9: "nine",
    8: "eight",
    7: "seven",
    6: "six",
    5: "five",
    4: "four",
    3: "three",
    2: "two",
}
_PLURAL: Final = {r: ("sixes" if r == 6 else w + "s") for r, w in _SINGULAR.items()}
_COUNT_WORDS: Final = {3: "three", 4: "four"}


def _encode(category: Category, ranks: Sequence[int]) -> int:
    key = 0
    for i in range(5):
        key = (key << 4) | (ranks[i] if i < len(ranks) else 0)
    return ((int(category) << 20) | key) << 1


def category_of(value: int) -> Category:
    """The category of a :attr:`HandRank.value` (or a number from :func:`rank_values`).

    >>> category_of(evaluate("9S 9H 4D 4C JK", joker="wild").value)
    <Category.FULL_HOUSE: 7>
    """
    return Category(value >> _CATEGORY_SHIFT)


def _and_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class HandRank:
    """The strength of a poker hand: compare with ``<`` and ``==`` (equal hands tie and split
    the pot), hash it, read its :attr:`category` and its name in words.

    ``value`` is an int in the same order (larger is better; the numbers :func:`rank_values`
    returns). ``natural`` is True when the five cards hold no joker. Under
    ``natural_beats_wild`` a natural hand is one step above the same hand with the joker;
    otherwise the two are equal.

    >>> royal = evaluate("AH KH QH JH 10H")
    >>> wild_royal = evaluate("JK QS KS AS 10S")
    >>> royal == wild_royal, royal.is_royal, royal.natural, wild_royal.natural
    (True, True, True, False)
    >>> evaluate("AH KH QH JH 10H", natural_beats_wild=True) > evaluate(
    ...     "JK QS KS AS 10S", natural_beats_wild=True)
    True
    >>> str(evaluate("KS KH KD AS 7C")), evaluate("KS KH KD AS 7C").describe(full=True)
    ('three kings, ace kicker', 'three kings, ace and seven kickers')
    """

    __slots__ = ("natural", "value")

    value: int
    natural: bool

    def __init__(self, value: int, natural: bool) -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "natural", natural)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a HandRank never changes")

    def __reduce__(self) -> tuple[object, ...]:
        return (HandRank, (self.value, self.natural))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __lt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value >= other.value

    @property
    def category(self) -> Category:
        """The hand's category (five of a kind, straight flush, ..., high card)."""
        return Category(self.value >> _CATEGORY_SHIFT)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The comparison key of §7.5 after the category, ace 14 (a wheel's top card is 5):
        ``(13, 14, 7)`` for three kings with ace and seven kickers.

        >>> evaluate("10S 10H JK 7C 3D").ranks    # JP-01: the bug is the ace kicker
        (10, 14, 7, 3)
        """
        key = (self.value >> 1) & 0xFFFFF
        n = _KEY_LENGTH[self.category]
        return tuple((key >> (16 - 4 * i)) & 15 for i in range(n))

    @property
    def is_royal(self) -> bool:
        """True for the ace-high straight flush (natural or with the joker: see
        :attr:`natural`)."""
        return self.category is Category.STRAIGHT_FLUSH and self.ranks[0] == 14

    def describe(self, full: bool = False) -> str:
        """The hand in words. The short form names what players say ("three kings, ace
        kicker"); ``full=True`` names every rank that breaks ties.

        >>> hand = evaluate("10S 10H JK 7C 3D")
        >>> hand.describe(), hand.describe(full=True)
        ('pair of tens, ace kicker', 'pair of tens, ace, seven and three kickers')
        >>> [str(evaluate(h, joker="wild")) for h in ("QS QH QD QC JK", "AS 2C 3D 4H JK")]
        ['five of a kind, queens', 'five-high straight']
        """
        cat = self.category
        r = self.ranks
        one, many = _SINGULAR, _PLURAL
        if cat is Category.FIVE_OF_A_KIND:
            return f"five of a kind, {many[r[0]]}"
        if cat is Category.STRAIGHT_FLUSH:
            return "royal flush" if r[0] == 14 else f"{one[r[0]]}-high straight flush"
        if cat is Category.STRAIGHT:
            return f"{one[r[0]]}-high straight"
        if cat is Category.FULL_HOUSE:
            return f"full house, {many[r[0]]} over {many[r[1]]}"
        if cat is Category.FOUR_OF_A_KIND:
            return f"four {many[r[0]]}, {one[r[1]]} kicker"
        if cat is Category.TWO_PAIR:
            return f"two pair, {many[r[0]]} and {many[r[1]]}, {one[r[2]]} kicker"
        if cat in (Category.THREE_OF_A_KIND, Category.ONE_PAIR):
            head = f"three {many[r[0]]}" if cat is Category.THREE_OF_A_KIND else f"pair of {many[r[0]]}"
            kickers = [one[k] for k in r[1:]] if full else [one[r[1]]]
            return f"{head}, {_and_list(kickers)} kicker{'s' if len(kickers) > 1 else ''}"
        head = f"{one[r[0]]}-high flush" if cat is Category.FLUSH else f"{one[r[0]]} high"
        if not full:
            return head
        return f"{head}, then {', '.join(one[k] for k in r[1:])}"

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        return f"<HandRank {self.describe()}>"


# --- the slow definition ----------------------------------------------------------------


def _classify(ranks: Sequence[int], flush: bool) -> tuple[Category, tuple[int, ...]]:
    """Category and key of five natural cards given by rank (ace 14) and whether they are
    all of one suit. Five equal ranks (a joker read as a fifth card) are five of a kind."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    top = 0
    if len(shape) == 5:
        if order[0] - order[4] == 4:
            top = order[0]
        elif order == (14, 5, 4, 3, 2):
            top = 5
    if shape == (5,):
        return Category.FIVE_OF_A_KIND, order
    if top and flush:
        return Category.STRAIGHT_FLUSH, (top,)
    if shape == (4, 1):
        return Category.FOUR_OF_A_KIND, order
    if shape == (3, 2):
        return Category.FULL_HOUSE, order
    if flush:  # a double-ace flush (wild, double_ace_flush) keeps both aces: A A 9 7 4
        return Category.FLUSH, tuple(sorted(ranks, reverse=True))
    if top:
        return Category.STRAIGHT, (top,)
    if shape == (3, 1, 1):
        return Category.THREE_OF_A_KIND, order
    if shape == (2, 2, 1):
        return Category.TWO_PAIR, order
    if shape == (2, 1, 1, 1):
        return Category.ONE_PAIR, order
    return Category.HIGH_CARD, order


def _high(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


@cache
def _sorted_value(ranks: tuple[int, ...], flush: bool) -> int:
    return _encode(*_classify(ranks, flush))


def _natural_value(cards: Sequence[Card]) -> int:
    return _sorted_value(tuple(sorted(_high(c) for c in cards)), len({c.suit for c in cards}) == 1)


_COMPLETED: Final = frozenset({Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH})


def _readings(naturals: Sequence[Card], joker: JokerRule, double_ace_flush: bool) -> list[tuple[int, Card]]:
    """Every legal reading of the joker beside four natural cards: (value, the card it is),
    in a fixed order (suits S H D C, ranks ace down to 2)."""
    held = {c.key for c in naturals}
    ranks = [_high(c) for c in naturals]
    suits = {c.suit for c in naturals}
    out: list[tuple[int, Card]] = []
    for suit in SUITS:
        flush = suits == {suit}
        for rank in (1, *range(13, 1, -1)):
            card = card_of(rank, suit)
            value = _sorted_value(tuple(sorted((*ranks, _high(card)))), flush)
            category = value >> _CATEGORY_SHIFT
            if card.key in held:  # a duplicate: only a fifth of a kind, or a double-ace flush
                legal = category == Category.FIVE_OF_A_KIND and (joker == "wild" or rank == 1)
                legal = legal or (joker == "wild" and double_ace_flush and category == Category.FLUSH)
            else:
                legal = joker == "wild" or rank == 1 or category in _COMPLETED
            if legal:
                out.append((value, card))
    return out


def _check_rules(joker: str, double_ace_flush: bool) -> None:
    if joker not in JOKER_RULES:
        raise ValueError(f"joker must be 'bug' or 'wild', not {joker!r}")
    if double_ace_flush and joker != "wild":
        raise ValueError("double_ace_flush applies only to the wild joker (the bug never duplicates a card)")


def _cards(cards: Sequence[Card] | str) -> Sequence[Card]:
    hand = parse_cards(cards) if isinstance(cards, str) else cards
    if len(hand) < 5:
        raise InvalidHand(f"a poker hand needs five cards, not {len(hand)}")
    if len({c.key for c in hand}) != len(hand):
        raise InvalidHand("a card appears twice (the 53-card deck has one of each and one joker)")
    for c in hand:
        if c.suit not in SUITS and not c.is_joker:
            raise InvalidHand(f"{c.name} is not in the 53-card deck")
    return hand


def _reference_five(
    hand: Sequence[Card], joker: JokerRule, double_ace_flush: bool
) -> tuple[int, Card | None]:
    naturals = [c for c in hand if not c.is_joker]
    if len(naturals) == 5:
        return _natural_value(naturals), None
    return max(_readings(naturals, joker, double_ace_flush), key=lambda vc: vc[0])


def reference_evaluate(
    cards: Sequence[Card] | str,
    joker: JokerRule = "bug",
    *,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
) -> HandRank:
    """The definition :func:`evaluate` follows, slowly: for a hand with the joker, try every
    card the rules let it stand for (§7.4) and keep the best; for more than five cards, the
    best five. Tests compare the fast path with it; games should call :func:`evaluate`.

    >>> reference_evaluate("JK JC 10C 8C 7C")     # a straight flush beats the AC flush
    <HandRank jack-high straight flush>
    """
    _check_rules(joker, double_ace_flush)
    hand = _cards(cards)
    best: tuple[int, bool] = (-1, False)
    for five in combinations(hand, 5):
        value, _ = _reference_five(five, joker, double_ace_flush)
        natural = not any(c.is_joker for c in five)
        if natural_beats_wild:
            value |= natural
        best = max(best, (value, natural))
    return HandRank(*best)


# --- the fast path ----------------------------------------------------------------------

_RANK_BITS: Final = 3
_JOKER_FIELD: Final = 1 << (_RANK_BITS * 13)
_RANK_MASK: Final = (1 << (_RANK_BITS * 14)) - 1
_SUIT_SHIFT: Final = _RANK_BITS * 14
_SUIT_ONE: Final = tuple(1 << (_SUIT_SHIFT + 4 * s) for s in range(4))
_OFFSET: Final = 3 * sum(_SUIT_ONE)  # a suit field reaches 8 (its flush bit) only with 5 cards
_FLUSH_BIT: Final = tuple(8 * one for one in _SUIT_ONE)
_MASK: Final = _RANK_MASK | sum(_FLUSH_BIT)
# Above the fields (and the mask), the weights evaluate() adds carry one presence bit per card
# value: five distinct cards set five bits; a card twice carries into the next bit, so the
# sum has fewer than five. A card not in the deck (a star) has weight 0 and no bit.
_PRESENCE: Final = _SUIT_SHIFT + 16


def _weight(card: Card) -> int:
    if card.is_joker:
        return _JOKER_FIELD + sum(_SUIT_ONE)
    return (1 << (_RANK_BITS * (card.rank - 1))) + _SUIT_ONE[SUITS.index(card.suit)]


# indexed by Card.key (rank * 5 + suit index); a star stays 0
_WEIGHT_BY_KEY: Final[list[int]] = [0] * 70
for _c in (JOKER, *(card_of(r, s) for s in SUITS for r in range(1, 14))):
    _WEIGHT_BY_KEY[_c.key] = _weight(_c) + (1 << (_PRESENCE + _c.key))


def card_code(card: Card) -> int:
    """A card's number in the batch functions: its place in ``make_deck(1, 1)`` (suits S H
    D C, ace to king each, then the joker, 52), which is also that deck's ``Card.id``.

    >>> card_code(card_of(1, "S")), card_code(card_of(13, "C")), card_code(JOKER)
    (0, 51, 52)
    """
    if card.is_joker:
        return 52
    if card.suit not in SUITS:
        raise InvalidHand(f"{card.name} is not in the 53-card deck")
    return SUITS.index(card.suit) * 13 + card.rank - 1


_WEIGHT_BY_CODE: Final[list[int]] = [0] * 53
for _c in (JOKER, *(card_of(r, s) for s in SUITS for r in range(1, 14))):
    _WEIGHT_BY_CODE[card_code(_c)] = _weight(_c)

_BASE: dict[tuple[str, bool], dict[int, tuple[int, bool]]] = {}
_TABLES: dict[tuple[str, bool, bool], dict[int, HandRank]] = {}
_PLAIN_TABLES: dict[str, dict[int, HandRank]] = {}  # the default toggles, looked up faster
_VALUES: dict[tuple[str, bool, bool], dict[int, int]] = {}


def _representatives() -> Iterable[tuple[int, list[Card]]]:
    """One hand per table entry: (masked key, cards). The value of a hand depends only on
    its rank counts, its joker and whether its natural cards share one suit."""
    for jokers in (0, 1):
        for ranks in combinations_with_replacement(range(1, 14), 5 - jokers):
            counts = Counter(ranks)
            if max(counts.values()) > 4:
                continue
            seen: Counter[int] = Counter()
            mixed: list[Card] = []
            for i, rank in enumerate(ranks):  # pairs differ in suit; distinct ranks: S H S S S
                suit = SUITS[seen[rank]] if len(counts) < len(ranks) else SUITS[int(i == 1)]
                seen[rank] += 1
                mixed.append(card_of(rank, suit))
            extra = [JOKER] * jokers
            key = sum(_weight(c) for c in mixed + extra) + _OFFSET
            yield key & _MASK, mixed + extra
            if len(counts) == len(ranks):
                suited = [card_of(rank, "S") for rank in ranks] + extra
                key = sum(_weight(c) for c in suited) + _OFFSET
                assert key & _MASK == (key & _RANK_MASK) | _FLUSH_BIT[0]
                for bit in _FLUSH_BIT:  # the same hand in each suit
                    yield (key & _RANK_MASK) | bit, suited


def _base(joker: JokerRule, double_ace_flush: bool) -> dict[int, tuple[int, bool]]:
    base = _BASE.get((joker, double_ace_flush))
    if base is None:
        base = {}
        done: dict[tuple[Card, ...], int] = {}
        for key, hand in _representatives():
            sig = tuple(hand)
            if sig not in done:
                done[sig] = _reference_five(hand, joker, double_ace_flush)[0]
            base[key] = (done[sig], JOKER not in hand)
        _BASE[(joker, double_ace_flush)] = base
    return base


def _table(joker: str, natural_beats_wild: bool, double_ace_flush: bool) -> dict[int, HandRank]:
    _check_rules(joker, double_ace_flush)
    rule: JokerRule = "wild" if joker == "wild" else "bug"
    interned: dict[tuple[int, bool], HandRank] = {}
    table: dict[int, HandRank] = {}
    values: dict[int, int] = {}
    for key, (value, natural) in _base(rule, double_ace_flush).items():
        if natural_beats_wild:
            value |= natural
        rank = interned.setdefault((value, natural), HandRank(value, natural))
        table[key] = rank
        values[key] = value
    _TABLES[(joker, natural_beats_wild, double_ace_flush)] = table
    if not (natural_beats_wild or double_ace_flush):
        _PLAIN_TABLES[joker] = table
    _VALUES[(joker, natural_beats_wild, double_ace_flush)] = values
    return table


def _preference(rank: HandRank) -> tuple[int, bool]:
    return rank.value, rank.natural


def evaluate(
    cards: Sequence[Card] | str,
    joker: JokerRule = "bug",
    *,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
) -> HandRank:
    """The rank of a poker hand from the 53-card deck: five cards, or the best five of more.

    ``cards`` are :class:`Card` objects or notation (``"AS 2C 3D 4H JK"``). ``joker`` is
    ``"bug"`` (default: an ace, or the card that completes a straight, flush or straight
    flush; a bug flush takes the highest card of the suit missing from the hand) or
    ``"wild"`` (any card, a fifth card of a rank held four times for five of a kind).
    ``natural_beats_wild`` (§7.3, off by default) puts a hand without the joker above the
    same hand with it. ``double_ace_flush`` (wild only, off by default) lets the joker
    duplicate a held card in a flush. Raises :class:`InvalidHand` for fewer than five cards,
    a card twice or a card not in the deck.

    >>> evaluate("AS 2C 3D 4H JK")                               # JP-13: the bug wheel
    <HandRank five-high straight>
    >>> evaluate("JK 2C 3D 4S 5H")                               # not the wheel: 6-high
    <HandRank six-high straight>
    >>> evaluate("9S 9H 4D 4C JK"), evaluate("9S 9H 4D 4C JK", "wild")   # JP-21
    (<HandRank two pair, nines and fours, ace kicker>, <HandRank full house, nines over fours>)
    >>> evaluate("AH JK 9H 7H 4H").describe(full=True)           # the bug is KH
    'ace-high flush, then king, nine, seven, four'
    >>> evaluate("AH JK 9H 7H 4H", "wild", double_ace_flush=True).describe(full=True)
    'ace-high flush, then ace, nine, seven, four'
    >>> evaluate("2C 2D JK KS 9S 8S 7S")                        # best five of seven
    <HandRank ace-high flush>
    """
    if natural_beats_wild or double_ace_flush:
        table = _TABLES.get((joker, natural_beats_wild, double_ace_flush))
    else:
        table = _PLAIN_TABLES.get(joker)
    if table is None:
        table = _table(joker, natural_beats_wild, double_ace_flush)
    weights = _WEIGHT_BY_KEY
    if isinstance(cards, str):
        cards = parse_cards(cards)
    if len(cards) == 5:
        a, b, c, d, e = cards
        key = weights[a.key] + weights[b.key] + weights[c.key] + weights[d.key] + weights[e.key]
        if (key >> _PRESENCE).bit_count() == 5:  # five distinct cards of the deck
            return table[(key + _OFFSET) & _MASK]
    hand = _cards(cards)  # explains what is wrong, or allows six cards and more
    w = [weights[card.key] for card in hand]
    return max(
        (
            table[(w[i] + w[j] + w[k] + w[m] + w[n] + _OFFSET) & _MASK]
            for i, j, k, m, n in combinations(range(len(w)), 5)
        ),
        key=_preference,
    )


def evaluate_many(
    hands: Iterable[Sequence[Card]],
    joker: JokerRule = "bug",
    *,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
) -> list[HandRank]:
    """:func:`evaluate` for many hands (each of five or more cards, checked), in order.

    >>> evaluate_many([parse_cards("AS AH 7C 7D 2S"), parse_cards("JK 5D 6D 7D 8D")], "wild")
    [<HandRank two pair, aces and sevens, two kicker>, <HandRank nine-high straight flush>]
    """
    return [
        evaluate(
            hand,
            joker,
            natural_beats_wild=natural_beats_wild,
            double_ace_flush=double_ace_flush,
        )
        for hand in hands
    ]


def rank_values(
    hands: Iterable[Sequence[int]],
    joker: JokerRule = "bug",
    *,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
) -> list[int]:
    """The batch path: the :attr:`HandRank.value` of each hand of exactly five card codes
    (:func:`card_code`, 0-52), for tables, simulations and exhaustive counts.

    Speed comes first here: the codes are **not** checked (five distinct numbers 0-52; a
    repeated code gives a wrong value or a ``KeyError``). Compare values with ``<``; read one
    with :func:`category_of`.

    >>> aces, kings = (0, 13, 26, 39, 52), (12, 25, 38, 51, 52)   # four of a rank and the joker
    >>> [category_of(v) for v in rank_values([aces, kings])]      # the bug is an ace
    [<Category.FIVE_OF_A_KIND: 10>, <Category.FOUR_OF_A_KIND: 8>]
    >>> v = rank_values([aces, kings], "wild")
    >>> v[0] > v[1] == evaluate("KS KH KD KC JK", "wild").value
    True
    """
    rules = (joker, natural_beats_wild, double_ace_flush)
    if rules not in _VALUES:
        _table(*rules)
    table = _VALUES[rules]
    w = _WEIGHT_BY_CODE
    offset, mask = _OFFSET, _MASK
    return [table[(w[a] + w[b] + w[c] + w[d] + w[e] + offset) & mask] for a, b, c, d, e in hands]


def best_five(
    cards: Sequence[Card] | str,
    joker: JokerRule = "bug",
    *,
    natural_beats_wild: bool = False,
    double_ace_flush: bool = False,
) -> tuple[Card, ...]:
    """The five cards that make the hand (the first such five in the cards' order; a
    natural five before an equal five with the joker).

    >>> [c.name for c in best_five("2C 2D JK KS 9S 8S 7S")]
    ['JK', 'KS', '9S', '8S', '7S']
    """
    hand = _cards(cards)
    rules = {"natural_beats_wild": natural_beats_wild, "double_ace_flush": double_ace_flush}
    target = evaluate(hand, joker, **rules)
    for five in combinations(hand, 5):
        rank = evaluate(five, joker, **rules)
        if rank == target and rank.natural == target.natural:
            return five
    raise AssertionError("unreachable: the best hand is one of the fives")  # pragma: no cover


def joker_reading(
    cards: Sequence[Card] | str,
    joker: JokerRule = "bug",
    *,
    double_ace_flush: bool = False,
) -> Card | None:
    """The card the joker stands for in the best five (``JK(=AH)``), or None when the best
    five hold no joker. Among equal readings, the first in the order suits S H D C, ace then
    king down to 2 (so a bug ace kicker reads as an ace of spades when that is free).

    >>> [str(joker_reading(h)) for h in ("JK KH 8H 5H 2H", "JK JC 10C 8C 7C", "AS 2C 3D 4H JK")]
    ['AH', '9C', '5S']
    >>> joker_reading("KS KH JK 4C 2H", "wild"), joker_reading("KS KH 4C 2H 3D")
    (Card('KD'), None)
    """
    _check_rules(joker, double_ace_flush)
    five = best_five(cards, joker, double_ace_flush=double_ace_flush)
    if JOKER not in five:
        return None
    naturals = [c for c in five if not c.is_joker]
    return _reference_five([*naturals, JOKER], joker, double_ace_flush)[1]
