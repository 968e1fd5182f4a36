"""What each listed move of 3-13 carries for ``_apply`` (``Move.payload``): one small frozen
value per verb. ``draw``, ``take`` and ``next`` carry the rummy turn's own words."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.cards import Card
from cardtable.kits.rummy.melds import Meld


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn by throwing ``card`` on the discard pile."""

    card: Card


@dataclass(frozen=True, slots=True)
class GoOut:
    """Throw ``card`` and lay ``groups`` (the rest of the hand, arranged) on the table."""

    card: Card
    groups: tuple[Meld, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """Lay ``card`` off on table meld ``index`` (from 0), which becomes ``meld``."""

    index: int
    meld: Meld
    card: Card
