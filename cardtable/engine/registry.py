"""The game registry: how the command line, the TUI and tests find games.

>>> from cardtable.engine import registry
>>> spec = registry.get("scala40")
>>> spec.title, spec.min_players, spec.max_players
('Scala 40', 2, 6)
>>> "scala40" in [s.id for s in registry.all_games()]
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import UnknownGame
from .ruleset import Ruleset

if TYPE_CHECKING:
    from .game import Game


FAMILIES = ("rummy", "trick-taking", "poker", "board")
"""The game families, in the order a picker lists them."""


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of one game."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    rules_type: type[Ruleset]
    factory: Callable[..., Game]
    rules_text: str
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Named presets: rule values over the defaults ({} is the default rules)."""
    notation: str = ""
    """Game-specific notation, for ``cardtable rules``."""
    verbs: tuple[str, ...] = ()
    """The move verbs this game uses (so a UI offers only those keys)."""
    family: str = "rummy"
    """The kind of game, for grouping in the picker: one of :data:`FAMILIES`."""

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"{self.id}: family {self.family!r} is not one of {', '.join(FAMILIES)}")

    def preset_rules(self, name: str) -> Ruleset:
        """The ruleset of a named preset."""
        if name not in self.presets:
            raise UnknownGame(f"{self.title} has no preset {name!r} (presets: {', '.join(self.presets)})")
        return self.rules_type.model_validate(dict(self.presets[name]))


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game; registering the same id twice is an error."""
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} is registered already")
    _GAMES[spec.id] = spec
    return spec


def _load_builtin() -> None:
    import cardtable.games  # noqa: F401  (registers the built-in games)


def get(game_id: str) -> GameSpec:
    """The spec of a game by id; :class:`UnknownGame` names the known ids."""
    _load_builtin()
    key = game_id.strip().lower().replace("_", "-")
    for spec in _GAMES.values():
        if key in (spec.id, spec.id.replace("-", "")):
            return spec
    raise UnknownGame(f"no game {game_id!r}; the games are: {', '.join(_GAMES)}")


def all_games() -> list[GameSpec]:
    """Every registered game, in registration order."""
    _load_builtin()
    return list(_GAMES.values())
