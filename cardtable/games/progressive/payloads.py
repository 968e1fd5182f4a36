"""What each listed move of 3-13 carries for ``_apply`` (``Move.payload``): one small frozen
value per verb. ``draw``, ``take``, ``next``, ``discard`` and ``layoff`` carry the rummy
kit's payloads (:mod:`cardtable.kits.rummy.moves`); going out is this game's own."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.cards import Card
from cardtable.kits.rummy.melds import Meld


@dataclass(frozen=True, slots=True)
class GoOut:
    """Throw ``card`` and lay ``groups`` (the rest of the hand, arranged) on the table."""

    card: Card
    groups: tuple[Meld, ...]
