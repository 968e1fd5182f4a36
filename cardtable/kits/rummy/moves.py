"""The payloads of the shared rummy verbs: what a listed move carries for ``_apply`` to do.

Each is a small frozen value, so ``_apply`` dispatches on its type (``match payload: case
Discard(card): ...``) instead of reading a tuple by position. A payload is not part of a
move's equality (see :class:`~cardtable.engine.moves.Move`). The verbs without a value are
the members of :class:`Step`, matched by value (``case Step.DRAW: ...``).

>>> from cardtable.engine.cards import parse_card
>>> match Discard(parse_card("KS")):
...     case Discard(card):
...         card.name
'KS'
>>> match Step.DRAW:
...     case Step.DRAW:
...         "draw"
'draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.engine.cards import Card

from .melds import Meld

__all__ = [
    "Discard",
    "LayMeld",
    "LayOff",
    "Step",
    "Swap",
]


@dataclass(frozen=True, slots=True)
class LayMeld:
    """``meld``: lay ``meld`` (its cards as listed; the hand's own copies are laid)."""

    meld: Meld


@dataclass(frozen=True, slots=True)
class LayOff:
    """``layoff``: ``card`` joins table meld ``index`` (from 0), which becomes ``meld``."""

    index: int
    meld: Meld
    card: Card


@dataclass(frozen=True, slots=True)
class Swap:
    """``swap``: ``card`` takes the place of ``wild`` in table meld ``index`` (from 0), which
    becomes ``meld``; the wild card comes to hand."""

    index: int
    meld: Meld
    card: Card
    wild: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """``discard``: throw ``card`` onto the discard pile."""

    card: Card


class Step(Enum):
    """The payloads of the verbs that carry no value: ``draw`` (the top card of the stock),
    ``take`` (the top discard), ``cancel`` (take back this turn's provisional melds) and
    ``next`` (deal the next deal)."""

    DRAW = "draw"
    TAKE = "take"
    CANCEL = "cancel"
    NEXT = "next"
