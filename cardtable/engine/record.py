"""Records: a match as plain text a person can read, and :func:`replay` to rebuild it.

::

    # cardtable record
    game: scala40
    program: cardtable 0.1.0
    seed: 7
    players: ["Ann", "Bob"]
    rules: {"target_score": 151}
    moves:
    Ann: draw
    Ann: discard KS

A record that does not parse or does not replay is refused whole with the line number
and the reason (:class:`InvalidRecord`); it never half-loads.

>>> from cardtable.engine import new_game, replay
>>> g = new_game("scala40", players=["Ann", "Bob"], seed=3)
>>> _ = g.play("draw")
>>> text = g.record()
>>> text.splitlines()[0], text.splitlines()[-1]
('# cardtable record', 'Ann: draw')
>>> replay(text).snapshot() == g.snapshot()
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import CardtableError, IllegalMove, InvalidNotation, InvalidRecord

if TYPE_CHECKING:
    from .game import Game

MAGIC = "# cardtable record"
HEADER_KEYS = ("game", "program", "seed", "players", "rules", "deal", "seats")
"""Header lines; ``seats`` (who is a computer player) is kept by sessions, not the engine."""


def write_record(game: Game, seats: list[str] | None = None) -> str:
    """The record text of a game (header, then one move a line).

    ``seats`` optionally notes each seat's kind ('human', 'bot:LEVEL') for resuming.
    """
    from cardtable import __version__

    from .ruleset import non_defaults

    lines = [
        MAGIC,
        f"game: {game.game_id}",
        f"program: cardtable {__version__}",
        f"seed: {game.seed}",
        f"players: {json.dumps(list(game.players), ensure_ascii=False)}",
    ]
    changed = non_defaults(game.rules)
    if changed:
        lines.append(f"rules: {json.dumps(changed, ensure_ascii=False)}")
    if game.deal_spec:
        lines.append(f"deal: {json.dumps(game.deal_spec, ensure_ascii=False)}")
    if seats:
        lines.append(f"seats: {json.dumps(seats)}")
    lines.append("moves:")
    for seat, move in game.history:
        lines.append(f"{game.players[seat]}: {move}")
    return "\n".join(lines) + "\n"


def parse_header(text: str) -> tuple[dict[str, Any], list[tuple[int, str, str]]]:
    """Split a record into its header values and its move lines ``(line_no, name, move)``."""
    if not isinstance(text, str):
        raise InvalidRecord("a record is text")
    lines = text.splitlines()
    if not lines or lines[0].strip() != MAGIC:
        raise InvalidRecord(f"this is not a cardtable record (its first line should be {MAGIC!r})", 1)
    header: dict[str, Any] = {}
    i = 1
    while i < len(lines):
        raw = lines[i].strip()
        i += 1
        if not raw or raw.startswith("#"):
            continue
        if raw == "moves:":
            break
        key, sep, value = raw.partition(":")
        key = key.strip()
        if not sep or key not in HEADER_KEYS:
            raise InvalidRecord(f"unknown header line {raw!r} (expected one of {', '.join(HEADER_KEYS)})", i)
        value = value.strip()
        if key in ("players", "rules", "deal", "seats"):
            try:
                header[key] = json.loads(value)
            except json.JSONDecodeError as exc:
                raise InvalidRecord(f"{key}: not valid JSON ({exc.msg})", i) from None
        elif key == "seed":
            try:
                header[key] = int(value)
            except ValueError:
                raise InvalidRecord(f"seed: {value!r} is not a whole number", i) from None
        else:
            header[key] = value
    else:
        raise InvalidRecord("the record has no 'moves:' line", len(lines))
    for need in ("game", "seed", "players"):
        if need not in header:
            raise InvalidRecord(f"the record's header has no {need!r} line", 1)
    moves: list[tuple[int, str, str]] = []
    for j in range(i, len(lines)):
        raw = lines[j].strip()
        if not raw or raw.startswith("#"):
            continue
        name, sep, move = raw.partition(":")
        if not sep:
            raise InvalidRecord(f"{raw!r} is not 'Name: move'", j + 1)
        moves.append((j + 1, name.strip(), move.strip()))
    return header, moves


def replay(text: str) -> Game:
    """Rebuild a game from its record; :class:`InvalidRecord` says where and why it fails."""
    from .api import new_game

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
    for line_no, name, move in moves:
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
