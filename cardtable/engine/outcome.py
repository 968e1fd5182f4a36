"""Value shapes a game hands the engine: how a match ended, and a meld on the table.

They sit apart from :mod:`cardtable.engine.game` because they depend on nothing but cards,
so scoring modules and kits can name them without the whole game base.

>>> Outcome(winners=(1,), reason="Bob went out", scores=(12, 0)).winners
(1,)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .cards import Card


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning seats, a sentence why, and the final scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]


class TableMeld(Protocol):
    """What the engine knows of a group of cards laid on the table (a rummy kit ``Meld``
    is one): its cards, in table order."""

    @property
    def cards(self) -> tuple[Card, ...]: ...
