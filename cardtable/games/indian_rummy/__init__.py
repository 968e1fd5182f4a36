"""Indian Rummy: the package's spec for the catalogue.

``rules.py`` holds the table rules and presets, ``formats.py`` the match formats (points,
pools, deals) and their scoring, ``declare.py`` how a show is grouped and judged,
``game.py`` the game itself, ``bot.py`` its computer player and ``rules.md`` its rules text.
"""

from collections.abc import Sequence
from importlib.resources import files
from typing import Any

from cardtable.engine.registry import GameSpec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.verbs import verb_specs

from . import game
from .game import INDIAN_VERBS, IndianRummy
from .rules import PRESETS, IndianRummyRules


def _factory(players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> IndianRummy:
    assert isinstance(rules, IndianRummyRules)
    return IndianRummy(players, rules, seed, deal)


RULES_TEXT = (files(__name__) / "rules.md").read_text(encoding="utf-8")
"""The rules text behind ``cardtable rules`` and the in-app rules screen (``rules.md``)."""

SPEC = GameSpec(
    id="indian-rummy",
    title="Indian Rummy",
    summary="13-card rummy with a cut wild joker: points, pool 101/201/61 and deals rummy.",
    min_players=2,
    max_players=6,
    rules_type=IndianRummyRules,
    factory=_factory,
    rules_text=RULES_TEXT,
    bot="cardtable.games.indian_rummy.bot",
    presets=PRESETS,
    notation=game.__doc__ or "",
    verbs=verb_specs(IndianRummy.verbs, *INDIAN_VERBS),
)
"""Indian Rummy's spec (the catalogue registers it)."""

__all__ = ["SPEC"]
