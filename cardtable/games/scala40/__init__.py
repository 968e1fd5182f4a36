"""The Scala 40 package: ``game.py`` (the rules of play), ``rules.py`` (the ruleset and
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
from .game import Scala40
from .rules import PRESETS, Scala40Rules


def _factory(players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> Scala40:
    assert isinstance(rules, Scala40Rules)
    return Scala40(players, rules, seed, deal)


RULES_TEXT = (files("cardtable.games.scala40") / "rules.md").read_text(encoding="utf-8")
"""The rules text behind ``cardtable rules`` and the in-app rules screen (``rules.md``)."""

SPEC = GameSpec(
    id="scala40",
    title="Scala 40",
    summary="Italian two-pack rummy: open with 40 points, retire at 101.",
    min_players=2,
    max_players=6,
    rules_type=Scala40Rules,
    factory=_factory,
    rules_text=RULES_TEXT,
    bot="cardtable.games.scala40.bot",
    presets=PRESETS,
    notation=game.__doc__ or "",
    verbs=verb_specs(Scala40.verbs),
    scoring=PENALTY,
)

__all__ = ["SPEC"]
