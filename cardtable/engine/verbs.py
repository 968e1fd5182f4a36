"""Verb specs: each move verb a game uses, with its key, label and what it takes.

A table drives any game from these: the keys and footer come from ``key`` and ``label``;
``takes`` says whether a key press uses the selected cards, the card under the cursor, a
table meld's number, or nothing; ``enter`` places the verb on the Enter key's ladder. The
verbs of the notation that several games share are in :data:`COMMON_VERBS`; a game declares
its own beside its rules and picks the rest from here with :func:`verb_specs`.

>>> [v.key for v in verb_specs(("draw", "discard"))]
['d', 'x']
>>> verb_specs(("draw", "boast"))
Traceback (most recent call last):
...
ValueError: no spec for the verb 'boast': declare it with the game
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .moves import Grammar


class Takes(Enum):
    """What a verb's key press uses."""

    NOTHING = "nothing"
    """Nothing: the move is the verb alone (``draw``, ``next``)."""
    CARD = "card"
    """One card: the selected one, or the card under the cursor (``discard KS``)."""
    CARDS = "cards"
    """The selected cards."""
    GROUPS = "groups"
    """The selected cards as one or more groups (``meld 7H 8H 9H``)."""
    TARGET = "target"
    """The selected cards onto a numbered table meld (``layoff 2 7H``)."""
    AMOUNT = "amount"
    """A number of chips."""


@dataclass(frozen=True, slots=True)
class VerbSpec:
    """One verb of a game: its notation word, key, footer label and what it takes.

    ``enter`` orders the verbs that the Enter key may play (lower first; 0: never on Enter).
    ``draw_phase_only`` keeps a verb of nothing on Enter to DRAW phases. ``goes_out`` marks a
    verb that ends the hand with the card under the cursor: Enter prefers it when that card
    can go out. ``example`` shows the notation (for the typed-move box).
    """

    name: str
    key: str
    label: str
    takes: Takes = Takes.NOTHING
    enter: int = 0
    goes_out: bool = False
    draw_phase_only: bool = False
    example: str = ""
    pile: str = ""
    """The pile this verb takes a card from (``"stock"``, ``"discard"``): a click on it plays it."""
    target: bool = False
    """Notation: a table meld number comes first (``layoff 2 7H``)."""
    groups: bool = False
    """Notation: several groups may be given, split by ``/`` (``meld 7H 8H 9H / KS KD KC``)."""
    flags: tuple[str, ...] = ()
    """Notation: words that may follow the cards (``play QH call``)."""
    word: bool = False
    """Notation: one word follows the verb instead of cards (``bid 7H``, ``bid misere``); a
    table offers the listed moves of such a verb to choose from."""
    about: str = ""
    """One line for a table's keys help: what the move does, when its label alone leaves
    doubt (a declaration against a show)."""
    flag_words: tuple[tuple[str, str], ...] = ()
    """How a table says each flag to a player (``("call", "and call 'Page One!'")``), so a
    choice between the move with and without it reads as words, not notation."""
    ends_turn: bool = False
    """The move ends the player's turn with a card they might still want (a discard): a
    table asks before playing it from Enter or on the card under the cursor."""

    @property
    def uses_cards(self) -> bool:
        """A key press needs cards (selected, or the one under the cursor)."""
        return self.takes in (Takes.CARD, Takes.CARDS, Takes.GROUPS, Takes.TARGET)


COMMON_VERBS: dict[str, VerbSpec] = {
    v.name: v
    for v in (
        VerbSpec("draw", "d", "Draw", enter=10, draw_phase_only=True, example="draw", pile="stock"),
        VerbSpec("take", "t", "Take", example="take", pile="discard"),
        VerbSpec(
            "meld", "m", "Meld", Takes.GROUPS, enter=20, example="meld 7H 8H 9H", groups=True, flags=("low",)
        ),
        VerbSpec("layoff", "a", "Lay off", Takes.TARGET, example="layoff 2 10H", target=True),
        VerbSpec("swap", "w", "Swap", Takes.TARGET, example="swap 2 8H", target=True),
        VerbSpec("discard", "x", "Discard", Takes.CARD, enter=40, example="discard KS", ends_turn=True),
        VerbSpec("cancel", "c", "Cancel", example="cancel"),
        VerbSpec("next", "n", "Next", enter=60, example="next"),
        VerbSpec("play", "p", "Play", Takes.CARD, enter=50, example="play QH"),
        VerbSpec("pass", "z", "Pass", example="pass"),
    )
}
"""The notation verbs that several games share."""


def verb_specs(names: Iterable[str], *own: VerbSpec) -> tuple[VerbSpec, ...]:
    """The specs of ``names`` in that order: the game's ``own`` specs first, then the common
    ones. A name with no spec is an error (every verb a game lists must have a key)."""
    mine = {v.name: v for v in own}
    out = []
    for name in names:
        spec = mine.get(name) or COMMON_VERBS.get(name)
        if spec is None:
            raise ValueError(f"no spec for the verb {name!r}: declare it with the game")
        out.append(spec)
    return tuple(out)


def grammar_of(verbs: Iterable[VerbSpec]) -> Grammar:
    """A game's notation grammar from its verb specs.

    >>> g = grammar_of(verb_specs(("meld", "layoff", "discard")))
    >>> sorted(g.targeted), sorted(g.grouped), sorted(g.flags), sorted(g.bare)
    (['layoff'], ['meld'], ['low'], [])
    >>> from .moves import parse_move
    >>> parse_move("next 2", grammar_of(verb_specs(("next", "discard"))))
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.InvalidNotation: 'next' takes no amount: type 'next'
    """
    verbs = tuple(verbs)
    return Grammar(
        targeted=frozenset(v.name for v in verbs if v.target),
        grouped=frozenset(v.name for v in verbs if v.groups),
        flags=frozenset(f for v in verbs for f in v.flags),
        verbs=frozenset(v.name for v in verbs),
        worded=frozenset(v.name for v in verbs if v.word),
        bare=frozenset(
            v.name for v in verbs if v.takes is Takes.NOTHING and not (v.word or v.target or v.groups)
        ),
    )


_QUOTED_VERB = re.compile(r"(\b(?:play|write|type) )?'([a-z-]+)'")


def key_words(text: str, verbs: Iterable[VerbSpec]) -> str:
    """Player-facing text with the quoted one-word moves it suggests ('play 'next'') said as
    the keys of a table (the text mode keeps the words, which a player types there).

    >>> key_words("Ann: play 'next' for hand 2.", verb_specs(("next", "draw")))
    'Ann: press n (next) for hand 2.'
    >>> key_words("'take' is only for ...; write 'play 9S'", verb_specs(("take",)))
    "take (t) is only for ...; write 'play 9S'"
    """
    keys = {v.name: v.key for v in verbs if v.key}

    def say(m: re.Match[str]) -> str:
        verb = m.group(2)
        key = keys.get(verb)
        if key is None:
            return m.group(0)
        return f"press {key} ({verb})" if m.group(1) else f"{verb} ({key})"

    return _QUOTED_VERB.sub(say, text)
