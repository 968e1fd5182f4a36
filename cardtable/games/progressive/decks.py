"""What a deck and a table of card values are to 3-13, and the standard ones.

A match plays on the deck its ``deck`` rule names and scores by the values its
``score_preset`` names; the game looks both up in :data:`.game.DECKS` and
:data:`.game.CARD_VALUES` and asks no other question about which deck it is. Five Crowns
declares its own in :mod:`.five_crowns`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardtable.engine.cards import Card, make_deck

from .rules import ProgressiveRules


def _never(rules: ProgressiveRules) -> str | None:
    """A deck that can play every rule."""
    return None


@dataclass(frozen=True, slots=True)
class Deck:
    """A kind of deck: its packs, its jokers, its lowest rank and what it cannot play."""

    label: str
    """Said before 'pack(s)' when there are too few cards ('' for the standard deck)."""
    pack_size: int
    """Cards in one pack besides its jokers."""
    jokers_per_pack: int
    """Jokers a pack when jokers are on."""
    auto_packs: Callable[[int], int]
    """Packs for ``decks = auto``, by the number of players."""
    build: Callable[[int, int], tuple[Card, ...]]
    """The deck in its fixed order, from the number of packs and of jokers in all."""
    min_rank: int = 1
    """The lowest rank: a run never goes below it (``MeldRules.min_rank``)."""
    stars: bool = False
    """The deck has the fifth suit, stars (``MeldRules.stars``)."""
    refuse: Callable[[ProgressiveRules], str | None] = _never
    """Why the rules ask for something the deck lacks (an :class:`InvalidRules` message), or None."""


@dataclass(frozen=True, slots=True)
class CardValues:
    """What a card left in hand scores: 1 to 10 at face value, and these."""

    joker: int
    jack: int
    queen: int
    king: int
    wild_scores_20: bool
    """A card of the round's wild rank scores 20 (else its face value)."""

    @property
    def by_rank(self) -> tuple[int, ...]:
        """The values by rank (0 = joker), before the wild rank."""
        return (self.joker, *range(1, 11), self.jack, self.queen, self.king)


STANDARD = Deck(
    label="",
    pack_size=52,
    jokers_per_pack=2,
    auto_packs=lambda players: -(-players // 2),  # one pack per two players
    build=make_deck,
)
"""52-card packs with two jokers a pack."""

STANDARD_VALUES: dict[str, CardValues] = {
    "family": CardValues(20, 10, 10, 10, True),
    "numeric": CardValues(20, 11, 12, 13, False),
    "bush": CardValues(50, 10, 10, 10, True),
}
"""The ``score_preset`` values of the standard deck's games."""
