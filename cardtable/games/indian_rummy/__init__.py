"""Indian Rummy: the package's spec for the catalogue.

``rules.py`` holds the table rules and presets, ``formats.py`` the match formats (points,
pools, deals) and their scoring, ``declare.py`` how a show is grouped and judged,
``game.py`` the game itself, ``bot.py`` its computer player and ``rules.md`` its rules text.
"""

from cardtable.engine.registry import package_spec
from cardtable.engine.scoring import PENALTY, POINTS, by_rule
from cardtable.engine.verbs import verb_specs

from .game import INDIAN_VERBS, IndianRummy
from .rules import PRESETS, IndianRummyRules

SPEC = package_spec(
    __name__,
    IndianRummy,
    IndianRummyRules,
    summary="13-card rummy with a cut wild joker: points, pool 101/201/61 and deals rummy.",
    min_players=2,
    max_players=6,
    presets=PRESETS,
    verbs=verb_specs(IndianRummy.verbs, *INDIAN_VERBS),
    scoring=by_rule(
        "format", {"points": POINTS.named("points won"), "deals": POINTS.named("chips won")}, PENALTY
    ),
)
"""Indian Rummy's spec (the catalogue registers it)."""

__all__ = ["SPEC"]
