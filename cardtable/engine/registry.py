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
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .ruleset import Ruleset
from .scoring import PENALTY, ScoreModel, ScoreRule, model_for
from .seating import Teams, check_teams
from .verbs import VerbSpec, verb_specs

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
    factory: Callable[..., Any]
    """Builds the game: ``factory(players, rules, seed, deal) -> Game`` (typed loosely because
    ``game.py`` reads its spec from here, and modules must not import each other)."""
    rules_text: str
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """Named presets: rule values over the defaults ({} is the default rules)."""
    notation: str = ""
    """Game-specific notation, for ``cardtable rules`` (see :meth:`notation_text`)."""
    notation_from: str = ""
    """A module whose docstring is the notation when :attr:`notation` is empty (the game's
    module, read when first asked, so that listing the games imports none of them)."""
    verbs: tuple[VerbSpec, ...] = ()
    """The move verbs this game uses, with their keys and what they take: a table offers
    exactly these keys and drives them from the specs."""
    bot: str = ""
    """The module of the game's computer players: it has ``make_policy(level, rules)`` and may
    have ``arrange(hand, rules)``. Named, not imported, so the registry pulls in no bot code
    and games and bots do not import each other in a circle (``cardtable.bots`` loads it)."""
    family: str = "rummy"
    """The kind of game, for grouping in the picker: one of :data:`FAMILIES`."""
    scoring: ScoreRule = PENALTY
    """How the game scores (:mod:`cardtable.engine.scoring`): a model, or one chosen by a
    rule with ``by_rule``. Penalty points, lowest wins, unless a game says otherwise."""
    teams: Callable[[int, Ruleset], Teams] | None = None
    """The teams for a number of seats under given rules (e.g. ``lambda n, rules:
    partnerships(n, 2)``); None: every seat plays for itself."""
    no_undo: str = ""
    """Why this game's rules allow no taking back of moves, in words for the player (empty:
    the fair-undo rule of :mod:`cardtable.engine.undo` applies)."""

    seat_counts: tuple[int, ...] = ()
    """The player counts the game takes when not every count from ``min_players`` to
    ``max_players`` works (Joker: 4, 6 or 8); empty: all of them."""
    usual_players: int = 0
    """The count a table is usually set for, which a picker offers first (Five Hundred: 4,
    two partnerships); 0 means ``min_players``.

    >>> from cardtable.engine import get
    >>> get("gin").usual_players
    2
    """

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"{self.id}: family {self.family!r} is not one of {', '.join(FAMILIES)}")
        if not self.usual_players:
            # frozen: the default follows from another field, so it is filled in here
            object.__setattr__(self, "usual_players", self.min_players)
        if self.usual_players not in self.player_counts:
            raise ValueError(f"{self.id}: usual_players {self.usual_players} is not a count it takes")

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every player count the game takes.

        >>> from cardtable.engine import get
        >>> get("gin").player_counts
        (2,)
        """
        return self.seat_counts or tuple(range(self.min_players, self.max_players + 1))

    @property
    def players_text(self) -> str:
        """The player counts in words: a range, one count, or the counts a board takes.

        >>> from cardtable.engine import get
        >>> get("scala40").players_text, get("gin").players_text, get("joker-marbles").players_text
        ('2-6 players', '2 players', '4, 6 or 8 players')
        """
        counts = self.player_counts
        if self.seat_counts and len(counts) > 1:
            return f"{', '.join(map(str, counts[:-1]))} or {counts[-1]} players"
        if len(counts) == 1:
            return f"{counts[0]} players"
        return f"{counts[0]}-{counts[-1]} players"

    @property
    def verb_names(self) -> tuple[str, ...]:
        """The names of :attr:`verbs`, in order (a game class's ``verbs``).

        >>> from cardtable.engine import get
        >>> get("gin").verb_names[:3]
        ('take', 'pass', 'draw')
        """
        return tuple(v.name for v in self.verbs)

    def notation_text(self) -> str:
        """The game's own notation, for ``cardtable rules``: :attr:`notation`, or the
        docstring of the module :attr:`notation_from` (imported now if it was not)."""
        if self.notation or not self.notation_from:
            return self.notation
        from importlib import import_module

        return import_module(self.notation_from).__doc__ or ""

    def score_model(self, rules: Ruleset) -> ScoreModel:
        """The score model under ``rules``.

        >>> from cardtable.engine import get
        >>> spec = get("scala40")
        >>> spec.score_model(spec.rules_type()).label
        'penalty points'
        """
        return model_for(self.scoring, rules)

    def seat_teams(self, seats: int, rules: Ruleset) -> Teams:
        """The teams of a match of ``seats`` players under ``rules`` (() without teams)."""
        return () if self.teams is None else check_teams(seats, self.teams(seats, rules))

    def preset_rules(self, name: str) -> Ruleset:
        """The ruleset of a named preset."""
        if name not in self.presets:
            raise UnknownGame(f"{self.title} has no preset {name!r} (presets: {', '.join(self.presets)})")
        return self.rules_type.model_validate(dict(self.presets[name]))


class _Build:
    """A spec's factory: the game class, called with the rules checked to be its own. The
    class may be named (``"package.game:Class"``): it is imported at the first build, so a
    picker that only lists games loads none of them."""

    __slots__ = ("_game", "_target", "rules_type")

    def __init__(self, game: type | str, rules_type: type[Ruleset]) -> None:
        self._target = game
        self._game: type | None = game if isinstance(game, type) else None
        self.rules_type = rules_type

    @property
    def game(self) -> type:
        """The game class (imported now if it was only named)."""
        if self._game is None:
            from importlib import import_module

            module, _, name = str(self._target).partition(":")
            try:
                game = getattr(import_module(module), name, None)
            except ImportError as exc:  # a plug-in's game module that does not load
                raise UnknownGame(f"the game in {module} could not be loaded: {exc}") from exc
            if not isinstance(game, type):
                raise UnknownGame(f"{module} has no game class {name!r}: its package's spec names it")
            self._game = game
        return self._game

    def __call__(self, players: Any, rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> Any:
        game = self.game
        if not isinstance(rules, self.rules_type):
            want, got = self.rules_type.__name__, type(rules).__name__
            raise TypeError(f"{game.__name__} takes {want}, not {got}")
        return game(players, rules, seed, deal)


def package_spec(
    package: str,
    game: Any,
    rules_type: type[Ruleset],
    *,
    own_verbs: tuple[VerbSpec, ...] = (),
    verbs: tuple[str, ...] | tuple[VerbSpec, ...] = (),
    **fields: Any,
) -> GameSpec:
    """The spec of a game package, with what follows from the package filled in: the factory,
    the rules text from the package's ``rules.md``, the notation from the game module's
    docstring, the bot from the package's ``bot`` module, the presets from the rules
    module's ``PRESETS`` (if it has them) and the verb specs: ``verbs`` as specs, or as names
    with ``own_verbs`` the game's own specs among them (see
    :func:`~cardtable.engine.verbs.verb_specs`); ``fields`` give the rest (and may override
    any of these).

    ``game`` is the name of the Game subclass in the package's ``game`` module, which is
    imported only when a game is built (listing the games then loads none of them); ``fields``
    then name the ``id`` and ``title``, and the class reads them back from the spec. A Game
    subclass itself may be given instead (a plug-in or a test's game): its ``game_id``,
    ``title`` and ``verbs`` then fill those in.

    >>> from cardtable.engine import get
    >>> get("scala40").factory.game.__name__, get("scala40").bot
    ('Scala40', 'cardtable.games.scala40.bot')
    >>> get("scala40").verbs[0].name, "seed rules" in get("scala40").presets
    ('draw', True)
    """
    from importlib import import_module
    from importlib.resources import files

    values: dict[str, Any] = {
        "rules_type": rules_type,
        "factory": _Build(game if isinstance(game, type) else f"{package}.game:{game}", rules_type),
        "rules_text": (files(package) / "rules.md").read_text(encoding="utf-8"),
        "notation_from": f"{package}.game",
        "bot": f"{package}.bot",
        "presets": getattr(import_module(rules_type.__module__), "PRESETS", {}),
    }
    if isinstance(game, type):
        cls: Any = game  # a Game subclass (the engine's Game is not imported here)
        values.update(id=cls.game_id, title=cls.title, notation_from=cls.__module__)
        verbs = verbs or getattr(game, "verbs", ())
    if all(isinstance(v, str) for v in verbs):
        values["verbs"] = verb_specs(tuple(map(str, verbs)), *own_verbs)
    else:
        values["verbs"] = verbs
    values.update(fields)
    return GameSpec(**values)


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game; registering the same id twice is an error."""
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} is registered already")
    _GAMES[spec.id] = spec
    return spec


ENTRY_POINT_GROUP = "cardtable.games"
"""The package entry-point group through which the registry finds games. Each entry names a
:class:`GameSpec` or a sequence of them; the built-in games are one entry,
``cardtable.games.catalog:GAMES``. So the engine imports no game package, and an installed
plug-in adds a game the same way."""

_loaded = False
_PROBLEMS: list[str] = []


def _load_builtin() -> None:
    """Register every game of the catalogue (once, in the catalogue's order)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    found = entry_points(group=ENTRY_POINT_GROUP)
    if not found:
        raise UnknownGame(
            "no games are installed: the cardtable package's metadata is missing "
            "(run 'uv sync', or 'pip install -e .', in the project folder)"
        )
    for entry in sorted(found, key=lambda e: (e.name != "builtin", e.name)):
        try:
            loaded = entry.load()
            specs = loaded if isinstance(loaded, (tuple, list)) else (loaded,)
            for spec in specs:
                if not isinstance(spec, GameSpec):
                    raise TypeError(f"it holds {spec!r}, not a GameSpec")
            # refused whole before any of its games is registered: an id taken twice
            seen: set[str] = set()
            for spec in specs:
                taken = _GAMES.get(spec.id)
                if taken is not None and taken is not spec:
                    raise ValueError(f"its game id {spec.id!r} is taken by {taken.title!r}")
                if spec.id in seen:
                    raise ValueError(f"its game id {spec.id!r} is taken by another of its games")
                seen.add(spec.id)
        except Exception as exc:
            if entry.name == "builtin":
                raise
            # a broken plug-in is left out and named; the other games stay playable
            _PROBLEMS.append(
                f"the game plug-in {entry.name!r} ({entry.value}) was left out: "
                f"{type(exc).__name__}: {exc} (reinstall or remove it)"
            )
            continue
        for spec in specs:
            register(spec)
            # in the catalogue's order, whatever order the modules registered in on import
            _GAMES[spec.id] = _GAMES.pop(spec.id)


def problems() -> list[str]:
    """The game plug-ins that could not be loaded, each with the reason; they are left out
    of the registry (the built-in games and the other plug-ins still load)."""
    _load_builtin()
    return list(_PROBLEMS)


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
