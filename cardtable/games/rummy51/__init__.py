"""The Rummy 51 package: ``game.py`` (the rules of play), ``rules.py`` (the ruleset and
presets), ``bot.py`` (its bot), ``rules.md`` (its rules text). The package holds the game's
:class:`~cardtable.engine.registry.GameSpec`; the catalogue registers it."""

from __future__ import annotations

from cardtable.engine.registry import package_spec

from .rules import Rummy51Rules

SPEC = package_spec(
    __name__,
    "Rummy51",
    Rummy51Rules,
    id="rummy51",
    title="Rummy 51",
    verbs=("draw", "take", "meld", "layoff", "swap", "cancel", "discard", "next"),
    summary="Balkan two-pack rummy (Remi): open with 51, -40 for going out, lowest total wins.",
    min_players=2,
    max_players=5,
)

__all__ = ["SPEC"]
