"""The game package: ``game.py`` (the rules), ``bot.py`` (its bot), ``rules.md`` (its rules text)."""

from .game import SPEC

__all__ = ["SPEC"]
