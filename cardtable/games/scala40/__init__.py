"""The Scala 40 package: ``game.py`` (the rules of play), ``rules.py`` (the ruleset and
presets), ``bot.py`` (its bot), ``rules.md`` (its rules text). The package holds the game's
:class:`~cardtable.engine.registry.GameSpec`; the catalogue registers it."""

from __future__ import annotations

from cardtable.engine.registry import package_spec

from .rules import Scala40Rules

SPEC = package_spec(
    __name__,
    "Scala40",
    Scala40Rules,
    id="scala40",
    title="Scala 40",
    verbs=("draw", "take", "meld", "layoff", "swap", "cancel", "discard", "next"),
    summary="Italian two-pack rummy: open with 40 points, retire at 101.",
    min_players=2,
    max_players=6,
)

__all__ = ["SPEC"]
