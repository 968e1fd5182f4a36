"""Progressive Rummy (3-13), with Five Crowns as a named preset.

The package: ``rules.py`` (the rule toggles and presets), ``game.py`` (the game), ``rounds.py``
(cards dealt and the wild rank per round), ``decks.py`` and ``five_crowns.py`` (the decks and
card values the rules name), ``outs.py`` (the quick filter for going out), ``rules.md`` (the
rules text). Its bot is the rummy kit's closed-hand bot. This module holds the game's
:class:`~cardtable.engine.registry.GameSpec`; the catalogue registers it.
"""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.verbs import Takes, VerbSpec

from .rules import ProgressiveRules

GO_OUT = VerbSpec("out", "u", "Go out", Takes.CARD, enter=30, goes_out=True, example="out 9S")
"""Going out with a card: Enter prefers it to a discard when the card under the cursor can."""

SPEC = package_spec(
    __name__,
    "ProgressiveRummy",
    ProgressiveRules,
    id="progressive-rummy",
    title="Progressive Rummy",
    verbs=("draw", "take", "discard", "out", "layoff", "next"),
    summary="3-13: eleven rounds of 3 to 13 cards, a new wild rank each round, lowest total wins.",
    min_players=2,
    max_players=6,
    bot="cardtable.kits.rummy.closed",
    own_verbs=(GO_OUT,),
)
"""Progressive Rummy for the catalogue (``cardtable.games.catalog``)."""

__all__ = ["SPEC"]
