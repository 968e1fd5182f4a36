"""The Rummy 51 package: ``game.py`` (the rules of play), ``rules.py`` (the ruleset and
presets), ``bot.py`` (its bot), ``rules.md`` (its rules text). The package holds the game's
:class:`~cardtable.engine.registry.GameSpec`; the catalogue registers it."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.resources import files
from typing import Any

from cardtable.engine.registry import GameSpec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import PENALTY
from cardtable.engine.verbs import verb_specs

from . import game
from .game import Rummy51
from .rules import PRESETS, Rummy51Rules


def _factory(players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> Rummy51:
    assert isinstance(rules, Rummy51Rules)
    return Rummy51(players, rules, seed, deal)


RULES_TEXT = (files("cardtable.games.rummy51") / "rules.md").read_text(encoding="utf-8")
"""The rules text behind ``cardtable rules`` and the in-app rules screen (``rules.md``)."""

SPEC = GameSpec(
    id="rummy51",
    title="Rummy 51",
    summary="Balkan two-pack rummy (Remi): open with 51, -40 for going out, lowest total wins.",
    min_players=2,
    max_players=5,
    rules_type=Rummy51Rules,
    factory=_factory,
    rules_text=RULES_TEXT,
    bot="cardtable.games.rummy51.bot",
    presets=PRESETS,
    notation=game.__doc__ or "",
    verbs=verb_specs(Rummy51.verbs),
    scoring=PENALTY,
)

__all__ = ["SPEC"]
