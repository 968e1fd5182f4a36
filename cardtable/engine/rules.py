"""Rules of play as predicates: one function per rule, used both to list the legal moves
and to say why a move is refused, so the two cannot drift apart.

A :class:`Rule` has a short ``name``, the rule in words (``text``) and ``refuse(game, move)``:
the plain sentence saying why ``move`` breaks the rule now, or None when it does not. A game
lists its rules in order (``Game.play_rules``); the first that refuses a move gives the
reason, and a move that no rule refuses must be listed by the generator. The conformance
suite checks both directions over random positions and near-miss moves.

>>> from cardtable.engine.moves import Move
>>> odd = Rule("odd", "only odd numbers", lambda game, move: None if move.target % 2 else "that is even")
>>> first_refusal((odd,), None, Move("layoff", target=4))
Refusal(rule='odd', reason='that is even')
>>> first_refusal((odd,), None, Move("layoff", target=3)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import Card
from .moves import Move

FORM = "form"
"""The rule name of a move that cannot mean anything in the game (a verb it does not have,
a wrong number of cards): refused before any rule of play is asked."""
UNLISTED = "unlisted"
"""The rule name given when no rule refuses a move the generator does not list: the rules
and the generator disagree, which the conformance suite reports as a defect."""


class Refusal(NamedTuple):
    """Why a move is refused: the rule's name and the sentence for the player."""

    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of play: ``refuse(game, move)`` returns why ``move`` breaks it, or None."""

    name: str
    text: str
    refuse: Callable[[Any, Move], str | None]


def first_refusal(rules: Iterable[Rule], game: Any, move: Move) -> Refusal | None:
    """The first of ``rules`` that refuses ``move`` in ``game``, or None if none does."""
    for rule in rules:
        reason = rule.refuse(game, move)
        if reason is not None:
            return Refusal(rule.name, reason)
    return None


def not_held(cards: Iterable[Card], hand: Collection[Card]) -> str | None:
    """The refusal of a move naming cards the player does not hold, or None when ``hand``
    holds each of ``cards`` (the rule most games ask first).

    >>> from cardtable.engine.cards import parse_cards
    >>> not_held(parse_cards("7H 9C JS"), parse_cards("7H 8H"))
    'you do not hold 9C JS'
    >>> not_held(parse_cards("7H"), parse_cards("7H 8H")) is None
    True
    """
    missing = [c.name for c in cards if c not in hand]
    return f"you do not hold {' '.join(missing)}" if missing else None
