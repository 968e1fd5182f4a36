"""Five Crowns, played as a preset of Progressive Rummy: its deck and its card values.

Five Crowns deals and wilds its rounds as 3-13 does (round ``r`` deals ``r + 2`` cards and
that rank is wild, 3s to kings), on its own deck: two packs of five suits (S H D C and X,
stars), ranks 3 to king, three jokers a pack (116 cards). A run never goes below the 3, and
what needs an ace (the Bush rounds, the high ace) is refused. A card left in hand scores its
face value, J 11, Q 12, K 13, a card of the wild rank 20 and a joker 50.
"""

from __future__ import annotations

from cardtable.engine.cards import ALL_SUITS, Card, make_deck

from .decks import CardValues, Deck
from .rules import ProgressiveRules

RANKS: tuple[int, ...] = tuple(range(3, 14))
"""The ranks of a Five Crowns deck: 3 to king (no aces, no 2s)."""
SUITS: tuple[str, ...] = ALL_SUITS
"""Its five suits: S H D C and X, stars."""


def make_five_crowns_deck(packs: int = 2, jokers_per_pack: int = 3) -> tuple[Card, ...]:
    """Five Crowns' deck in a fixed order: ``packs`` 55-card packs (suits S H D C X, ranks
    3 to king) then ``jokers_per_pack`` jokers a pack; ids as in :func:`make_deck`.

    >>> d = make_five_crowns_deck()
    >>> len(d), d[0].name, d[54].name, d[-1].name, sum(c.is_joker for c in d)
    (116, '3S', 'KX', 'JK', 6)
    """
    return make_deck(packs, packs * jokers_per_pack, SUITS, RANKS)


def _refuse(rules: ProgressiveRules) -> str | None:
    """The rules that need cards this deck does not have."""
    if rules.bush_extension:
        return (
            "bush_extension: the Bush rounds have aces and 2s wild, and the Five Crowns deck "
            "has neither (its ranks are 3 to king); turn one of them off"
        )
    if rules.ace_high:
        return "ace_high: the Five Crowns deck has no aces (its ranks are 3 to king); turn it off"
    return None


DECK = Deck(
    label=" Five Crowns",
    pack_size=len(SUITS) * len(RANKS),
    jokers_per_pack=3,
    auto_packs=lambda players: 2,  # the box holds two packs, for any number of players
    build=lambda packs, jokers: make_deck(packs, jokers, SUITS, RANKS),
    min_rank=RANKS[0],
    stars=True,
    refuse=_refuse,
)
"""Five Crowns' deck (``deck = five_crowns``)."""

VALUES = CardValues(joker=50, jack=11, queen=12, king=13, wild_scores_20=True)
"""Five Crowns' card values (``score_preset = five_crowns``)."""
