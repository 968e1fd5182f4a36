"""Gin Rummy as a package: ``game.py`` (the moves, with its notation), ``play_rules.py`` (the
rules of play as predicates), ``state.py`` (the deal and the cards), ``scoring.py``,
``view.py``, ``deadwood.py`` (card values and bounds), ``rules.py`` (the rules model and
presets) and ``rules.md`` (the text of ``cardtable rules``). The catalogue
(``games/catalog.py``) registers ``SPEC``; the bot is the shared closed-hand rummy bot, named
in the spec."""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.scoring import POINTS
from cardtable.engine.verbs import Takes, VerbSpec

from .rules import GinRules

GIN_VERBS = (
    VerbSpec("knock", "k", "Knock", Takes.CARD, example="knock 9S"),
    VerbSpec("gin", "g", "Gin", Takes.CARD, enter=30, goes_out=True, example="gin 9S"),
    VerbSpec("biggin", "G", "Big gin", example="biggin"),
)
"""Gin's own verbs: Enter prefers going gin with the card under the cursor to a discard."""

SPEC = package_spec(
    __name__,
    "GinRummy",
    GinRules,
    id="gin",
    title="Gin Rummy",
    verbs=("take", "pass", "draw", "discard", "knock", "gin", "biggin", "meld", "layoff", "next"),
    summary="Two-player knock rummy: ten cards, knock at 10 or go gin, game to 100.",
    min_players=2,
    max_players=2,
    bot="cardtable.kits.rummy.closed",
    own_verbs=GIN_VERBS,
    # a hand keeps only its deadwood once its melds are laid out at the end of a deal
    scoring=POINTS.left_as("deadwood cards"),
)
"""Gin Rummy's entry in the catalogue."""

__all__ = ["SPEC"]
