"""Moves and the move notation.

A :class:`Move` is one value type for every game: a verb (``kind``), cards (each with the
card it is named as, for wilds), an optional target (a table meld number, from 1) and
flags. ``str(move)`` is its notation, and :func:`parse_move` reads notation back.

>>> m = parse_move("meld KS KD JK=KC")
>>> m.kind, [c.name for c in m.cards], [n.name if n else None for n in m.named]
('meld', ['KS', 'KD', 'JK'], [None, None, 'KC'])
>>> str(parse_move("LAYOFF 2 t♥")), str(parse_move("meld 7H 8H 9H / ks kd kc"))
('layoff 2 10H', 'meld 7H 8H 9H / KS KD KC')
>>> parse_move("meld 7H 8H 9H") == parse_move("meld 9h 8h 7h")
True

A board game's record notation ``CARD:STEPS`` (Joker's ``QH:out B``, ``7D:B10>13,B30>34``)
reads as the verb :data:`BOARD_VERB` with that card and the steps as its word (a trailing
``#``, the record's mark of a winning move, is dropped):

>>> m = parse_move("5c:b10>15xR #")
>>> m.kind, m.cards[0].name, m.word, str(m), m == parse_move("5C:B10>15XR")
('move', '5C', 'b10>15xR', '5C:b10>15xR', True)

A verb of the grammar's ``worded`` set takes one word instead of cards (a bid: ``bid 7H``,
``bid misere``), kept in :attr:`Move.word` and compared without regard to case. A card may
name a suit instead of a card, ``JK=C`` (a led joker names the suit to follow), kept in
:attr:`Move.suits`:

>>> bid = parse_move("bid 7h", Grammar(worded=frozenset({"bid"})))
>>> bid.word, bid.cards, str(bid), bid == parse_move("BID 7H", Grammar(worded=frozenset({"bid"})))
('7h', (), 'bid 7h', True)
>>> lead = parse_move("play JK=♣")
>>> lead.suits, str(lead), lead == parse_move("play jk=c"), lead == parse_move("play JK")
(('C',), 'play JK=C', True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, parse_card
from .errors import InvalidNotation


@dataclass(frozen=True, slots=True)
class Grammar:
    """How a game's move text reads, verb by verb: which verbs take a table meld number
    first (``layoff 2 7H``), which take several groups split by ``/`` (``meld A / B``), and
    which words may follow the cards as flags (``play QH call``). Each game builds its own
    from its verb specs (:func:`cardtable.engine.verbs.grammar_of`), so the notation of a game
    lives with the game."""

    targeted: frozenset[str] = frozenset()
    grouped: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    verbs: frozenset[str] = frozenset()
    worded: frozenset[str] = frozenset()
    """Verbs followed by one word rather than cards (``bid 7H``): :attr:`Move.word`."""
    """The game's verbs (empty: any). A verb the game does not have, and the flag words of
    other games, are read as the built-in games write them, so that the game can say what
    is wrong in its own words ("'layoff' is not an Indian Rummy move") rather than the
    reader stumbling on a word it takes for a card."""
    bare: frozenset[str] = frozenset()
    """Verbs that take nothing after them (``call``, ``next``): words after one that are no
    cards are said to be more than the verb takes ("'call' takes no amount"), not read as
    bad cards."""


BOARD_VERB = "move"
"""The verb of a move written ``CARD:STEPS`` (a card played to move pieces on a board)."""

DEFAULT_GRAMMAR = Grammar(
    targeted=frozenset({"layoff", "swap"}),
    grouped=frozenset({"meld", "declare", "show"}),
    flags=frozenset({"call", "low"}),
    worded=frozenset({"bid", "bet", "raise"}),
)
"""The grammar :func:`parse_move` uses when no game is given: the union of the built-in
games' verbs (``layoff 2 7H``; ``meld A / B``; ``play QH call``; ``meld AS 2S JK 4S ... KS
low``, the ace low in a run whose same cards could also hold it high; ``bid 7H``; ``bet 20``
and ``raise 60`` in chips)."""


class Move:
    """One move. Build it with :func:`parse_move` or take it from ``game.legal_moves()``.

    Moves compare equal when they mean the same (same verb, target, flags and the same
    multiset of card tokens), so ``meld 9H 8H 7H == meld 7H 8H 9H``.
    """

    __slots__ = (
        "_key",
        "_stamp",
        "_text",
        "cards",
        "flags",
        "groups",
        "kind",
        "named",
        "payload",
        "suits",
        "target",
        "word",
    )

    kind: str
    cards: tuple[Card, ...]
    named: tuple[Card | None, ...]
    target: int | None
    groups: tuple[Move, ...]
    flags: tuple[str, ...]
    word: str
    """The word of a worded verb (``bid 7H``: ``'7H'``), '' for others; case does not count."""
    suits: tuple[str, ...]
    """Per card, the suit letter it names (``JK=C``: ``'C'``; '' for none), or empty when no
    card names a suit."""
    payload: Any
    """What the game does with the move, set by the game on the moves it lists: a small frozen
    value of the game's own type per verb (None on a move parsed from text). Not part of
    equality: the notation fields are."""
    _text: str | None
    _key: tuple[Any, ...] | None
    _stamp: object

    def __init__(
        self,
        kind: str,
        cards: tuple[Card, ...] = (),
        named: tuple[Card | None, ...] | None = None,
        target: int | None = None,
        *,
        groups: tuple[Move, ...] = (),
        flags: tuple[str, ...] = (),
        text: str | None = None,
        payload: Any = None,
        word: str = "",
        suits: tuple[str, ...] = (),
    ) -> None:
        self.kind = kind
        self.word = word
        self.suits = suits
        self.cards = cards
        self.named = named if named is not None else (None,) * len(cards)
        self.target = target
        self.groups = groups
        self.flags = flags
        self.payload = payload
        self._text = text
        self._key = None
        self._stamp = None

    def tokens(self) -> list[str]:
        """The card tokens, each as ``NAME``, ``NAME=STANDS_FOR`` or ``NAME=SUIT``."""
        out = [
            c.name if n is None else f"{c.name}={n.name}" for c, n in zip(self.cards, self.named, strict=True)
        ]
        if self.suits:
            out = [f"{t}={s}" if s else t for t, s in zip(out, self.suits, strict=True)]
        return out

    def __str__(self) -> str:
        if self._text is None:
            if self.kind == BOARD_VERB and self.word and len(self.cards) == 1:
                self._text = f"{self.cards[0].name}:{self.word}"
                return self._text
            if self.groups:
                body = " / ".join(" ".join(g.tokens()) for g in self.groups)
                parts = [self.kind, body]
            else:
                parts = [self.kind]
                if self.target is not None:
                    parts.append(str(self.target))
                if self.word:
                    parts.append(self.word)
                parts.extend(self.tokens())
            parts.extend(self.flags)
            self._text = " ".join(p for p in parts if p)
        return self._text

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @property
    def key(self) -> tuple[Any, ...]:
        """What equality compares: verb, target, flags, the sorted card tokens and the word
        (its case aside)."""
        if self._key is None:
            if self.groups:
                body: tuple[Any, ...] = tuple(sorted(tuple(sorted(g.tokens())) for g in self.groups))
            else:
                body = tuple(sorted(self.tokens()))
            self._key = (self.kind, self.target, body, tuple(sorted(self.flags)), self.word.casefold())
        return self._key

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            try:
                other = parse_move(other)
            except InvalidNotation:
                return False
        return isinstance(other, Move) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def split(self) -> tuple[Move, ...]:
        """A several-group meld as one move per group (a one-group move as itself)."""
        return self.groups if self.groups else (self,)


def _parse_group(tokens: list[str], kind: str) -> Move:
    cards: list[Card] = []
    named: list[Card | None] = []
    suits: list[str] = []
    for tok in tokens:
        base, eq, rep = tok.partition("=")
        cards.append(parse_card(base))
        suit = _SUIT_WORDS.get(rep.upper(), "") if eq else ""
        suits.append(suit)
        if suit:
            named.append(None)
        elif eq:
            r = parse_card(rep)
            if r.is_joker:
                raise InvalidNotation(f"{tok!r}: a wild card must stand for a real card, not a joker")
            named.append(r)
        else:
            named.append(None)
    return Move(kind, tuple(cards), tuple(named), suits=tuple(suits) if any(suits) else ())


_SUIT_WORDS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
"""Suit tokens a card may name (``JK=C``)."""


def parse_move(text: str, grammar: Grammar = DEFAULT_GRAMMAR) -> Move:
    """Read a move's notation (any case; ``10``/``T``, suit symbols, ``JK=9H`` naming).

    ``grammar`` is the game's (a game parses with its own: ``game.parse_move``). A bad card
    token or a missing meld number raises :class:`InvalidNotation`. Whether the verb exists
    in a given game is checked by the game.

    >>> str(parse_move("  Discard   qd "))
    'discard QD'
    >>> try:
    ...     parse_move("layoff two 7H")
    ... except InvalidNotation as exc:
    ...     print(exc)
    'layoff' needs a table meld number first, as in 'layoff 2 7H'; got 'two'
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"a move is text, not {type(text).__name__}")
    head = text.split(None, 1)[0] if text.strip() else ""
    if ":" in head:
        card_text, _, body = text.strip().partition(":")
        body = " ".join(body.split()).rstrip("#").strip()
        if not body:
            raise InvalidNotation(f"{text.strip()!r}: write the steps after the card, as in '5C:B10>15'")
        return Move(BOARD_VERB, (parse_card(card_text),), word=body)
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidNotation("empty move: type a move such as 'draw' or 'discard KS'")
    kind = words[0].lower()
    if not kind.isalpha():
        raise InvalidNotation(f"{words[0]!r} is not a move verb (moves start with a word such as 'draw')")
    if grammar.verbs and kind not in grammar.verbs:
        grammar = DEFAULT_GRAMMAR
    flag_words = grammar.flags | DEFAULT_GRAMMAR.flags
    rest = words[1:]
    flags: list[str] = []
    while rest and rest[-1].lower() in flag_words:
        flags.append(rest.pop().lower())
    target: int | None = None
    if kind in grammar.targeted:
        if not rest or not rest[0].isdigit():
            got = rest[0] if rest else "nothing"
            example = f"{kind} 2 7H"
            raise InvalidNotation(f"{kind!r} needs a table meld number first, as in {example!r}; got {got!r}")
        target = int(rest.pop(0))
        if target < 1:
            raise InvalidNotation("table melds are numbered from 1")
    if kind in grammar.worded:
        if len(rest) > 1:
            raise InvalidNotation(f"{kind!r} takes one word, as in '{kind} 7H'; got {' '.join(rest)!r}")
        return Move(kind, target=target, flags=tuple(flags), word=rest[0] if rest else "")
    if kind in grammar.grouped and "/" in " ".join(rest):
        joined = " ".join(rest).replace("/", " / ")
        chunks = [c.split() for c in joined.split(" / ")]
        if any(not c for c in chunks):
            raise InvalidNotation(f"{text.strip()!r}: an empty group between '/' marks")
        groups = tuple(_parse_group(c, kind) for c in chunks)
        return Move(kind, groups=groups, flags=tuple(flags))
    try:
        base = _parse_group(rest, kind)
    except InvalidNotation:
        if kind not in grammar.bare:
            raise
        what = "no amount" if all(w.isdigit() for w in rest) else "nothing more"
        raise InvalidNotation(f"{kind!r} takes {what}: type {kind!r}") from None
    return Move(kind, base.cards, base.named, target, flags=tuple(flags), suits=base.suits)
