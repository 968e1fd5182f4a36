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
from collections.abc import Sequence
from typing import Any, Protocol

from .errors import InvalidRecord
from .ruleset import Ruleset


class Recorded(Protocol):
    """What a record is written from: any game (the engine's ``Game`` satisfies it).

    A protocol rather than ``Game`` itself, so that ``game.py`` may import this module
    without an import circle.
    """

    @property
    def game_id(self) -> str: ...

    players: tuple[str, ...]
    rules: Ruleset
    seed: int
    deal_spec: dict[str, Any] | None

    @property
    def history(self) -> Sequence[tuple[int, Any]]: ...


MAGIC = "# cardtable record"
HEADER_KEYS = ("game", "program", "seed", "players", "rules", "deal", "seats")
"""Header lines; ``seats`` (who is a computer player) is kept by sessions, not the engine."""


class MoveLines:
    """The move lines of one game's record, kept from one write to the next: a history only
    grows between undos, so a table that saves after every move formats only the new moves
    (written whole each time, a 10,000-move match spent 6 ms a save on them).

    >>> from cardtable.engine import new_game
    >>> g, lines = new_game("gin", ["Ann", "Bob"], seed=1), MoveLines()
    >>> _ = g.play("pass")
    >>> lines.of(g)
    ['Ann: pass']
    >>> _ = g.play("pass"); lines.of(g)
    ['Ann: pass', 'Bob: pass']
    """

    __slots__ = ("_history", "_last", "_lines")

    def __init__(self) -> None:
        self._history: object = None
        self._last: object = None
        self._lines: list[str] = []

    def of(self, game: Recorded) -> list[str]:
        """``game``'s move lines ('Ann: draw'), formatting only the moves not seen before."""
        history, lines = game.history, self._lines
        done = len(lines)
        # another list (a new game, an undo), or one cut back: start again
        cut = done > len(history) or (done and history[done - 1] is not self._last)
        if history is not self._history or cut:
            self._history, lines, done = history, [], 0
            self._lines = lines
        players = game.players
        lines.extend(f"{players[seat]}: {move}" for seat, move in history[done:])
        self._last = history[-1] if history else None
        return lines


def write_record(game: Recorded, seats: list[str] | None = None, cache: MoveLines | None = None) -> str:
    """The record text of a game (header, then one move a line).

    ``seats`` optionally notes each seat's kind ('human', 'bot:LEVEL') for resuming;
    ``cache`` keeps the move lines for the next write of the same game (see
    :class:`MoveLines`).
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
    lines.extend((cache or MoveLines()).of(game))
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
