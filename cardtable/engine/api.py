"""``new_game``: the one way to start a game.

>>> g = new_game("scala40", players=["Ann", "Bob"], rules={"target_score": 151}, seed=7)
>>> g.rules.target_score, g.players
(151, ('Ann', 'Bob'))
>>> new_game("scala40", players=["Ann"], seed=1)
Traceback (most recent call last):
...
cardtable.engine.errors.InvalidRules: Scala 40 needs 2 to 6 players, not 1
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import registry
from .deals import check_plan, start_totals
from .errors import CardtableError, IllegalMove, InvalidNotation, InvalidRecord, InvalidRules
from .game import Game
from .record import parse_header
from .rng import fresh_seed
from .ruleset import Ruleset, validate_rules
from .verbs import grammar_of

MAX_NAME = 24


def check_players(players: Sequence[str], lo: int, hi: int, title: str) -> tuple[str, ...]:
    """Validate seat names: count in range, 1-24 characters, no ':' or line breaks, unique."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidRules("players must be a list of names, one per seat")
    names = tuple(str(p).strip() for p in players)
    if not lo <= len(names) <= hi:
        raise InvalidRules(f"{title} needs {lo} to {hi} players, not {len(names)}")
    seen: set[str] = set()
    for name in names:
        if not name:
            raise InvalidRules("a player's name may not be empty")
        if len(name) > MAX_NAME:
            raise InvalidRules(f"the name {name[:30]!r} is too long (at most {MAX_NAME} characters)")
        if ":" in name or not name.isprintable():
            raise InvalidRules(f"the name {name!r} may not contain ':', line breaks or control characters")
        if name.startswith("#"):
            raise InvalidRules(f"the name {name!r} may not start with '#' (records use it for comments)")
        if name.lower() in seen:
            raise InvalidRules(f"two players are called {name!r}: give each seat its own name")
        seen.add(name.lower())
    return names


def preset_name(presets: Iterable[str], given: str) -> str:
    """The preset that ``given`` names: exactly, or written with dashes for spaces and
    punctuation and in any case, as a command line types it (``five-crowns``,
    ``no-limit-blinds``); else ``given`` unchanged.

    >>> preset_name(["Five Crowns", "pool 101"], "five-crowns"), preset_name(["pool 101"], "pool-201")
    ('Five Crowns', 'pool-201')
    >>> preset_name(["no limit, blinds"], "no-limit-blinds")
    'no limit, blinds'
    """
    names = list(presets)
    if given in names:
        return given

    def key(name: str) -> str:
        return "-".join(re.sub(r"[^\w]+", " ", name).lower().split())

    return next((name for name in names if key(name) == key(given)), given)


def new_game(
    game_id: str,
    players: Sequence[str],
    rules: Mapping[str, Any] | Ruleset | None = None,
    seed: int | None = None,
    deal: Mapping[str, Any] | None = None,
    preset: str | None = None,
) -> Game:
    """Start a match. ``rules`` are toggles over the defaults (or over ``preset``).

    ``deal`` stacks the first deal, or any deals with ``{"deals": [...]}``, and may start the
    match from given totals with ``{"totals": [...]}`` (see :mod:`cardtable.engine.deals`).
    Unknown rules or bad values raise :class:`InvalidRules` naming the field.

    >>> g = new_game("scala40", ["Ann", "Bob"], seed=1, deal={"totals": [60, 95]})
    >>> g.scores
    (60, 95)
    """
    spec = registry.get(game_id)
    names = check_players(players, spec.min_players, spec.max_players, spec.title)
    if len(names) not in spec.player_counts:
        counts = ", ".join(map(str, spec.player_counts))
        raise InvalidRules(f"{spec.title} is played by {counts} players, not {len(names)}")
    if preset:
        preset = preset_name(spec.presets, preset)
        if preset not in spec.presets:
            raise InvalidRules(f"{spec.title} has no preset {preset!r} (presets: {', '.join(spec.presets)})")
    values: dict[str, Any] = dict(spec.presets[preset]) if preset else {}
    if isinstance(rules, Ruleset):
        values.update(rules.model_dump())
    elif rules:
        if not isinstance(rules, Mapping):
            raise InvalidRules("rules must be a mapping of rule names to values")
        values.update(rules)
    ruleset = validate_rules(spec.rules_type, values)
    if seed is None:
        seed = fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidRules(f"seed must be a whole number, not {seed!r}")
    if deal is not None and not isinstance(deal, Mapping):
        raise InvalidRules(f"deal must be a mapping such as {{'hands': [...]}}, not {type(deal).__name__}")
    plan = dict(deal) if deal else None
    check_plan(plan, len(names))
    game: Game = spec.factory(names, ruleset, seed, plan)
    if spec.verbs and type(game).__dict__.get("_notation") is None:
        type(game)._notation = grammar_of(spec.verbs)
    totals = start_totals(plan)
    if totals is not None:
        game.start_from_totals(totals)
    return game


def replay(text: str) -> Game:
    """Rebuild a game from its record; :class:`InvalidRecord` says where and why it fails."""
    header, moves = parse_header(text)
    players = header["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidRecord("players: expected a JSON list of names", 1)
    try:
        game = new_game(
            header["game"],
            players=players,
            rules=header.get("rules") or {},
            seed=header["seed"],
            deal=header.get("deal"),
        )
    except CardtableError as exc:
        raise InvalidRecord(f"the header does not start a game: {exc}", 1) from None
    # An undo right after a resume rebuilds from a point kept where the last player's own run
    # of moves began (the only moves it may take back), not from the first move of the match.
    turn = len(moves)
    while turn and moves[turn - 1][1] == moves[-1][1]:
        turn -= 1
    for index, (line_no, name, move) in enumerate(moves):
        if index == turn:
            game.keep_undo_point()
        seat = game.to_act
        if seat is None:
            raise InvalidRecord(f"the match was already over before {move!r}", line_no)
        if name != game.players[seat]:
            raise InvalidRecord(f"it is {game.players[seat]}'s turn, not {name}'s", line_no)
        try:
            game.play(move)
        except (IllegalMove, InvalidNotation) as exc:
            raise InvalidRecord(f"{move!r} does not replay: {exc}", line_no) from None
    return game
