"""The player's settings: theme, card style, bot speed and the last set-up per game.

Kept as JSON in the data folder (atomic writes). A settings file that cannot be read is
replaced by defaults in memory and left on disk untouched; ``problem`` says why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable.engine.saves import data_dir, write_atomic

SETTINGS_NAME = "settings.json"


class GameSetup(BaseModel):
    """What the picker last used for one game."""

    model_config = ConfigDict(extra="ignore")

    preset: str | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    seats: list[tuple[str, str]] = Field(default_factory=list)
    """(name, 'human' or a bot level) per seat."""


class Settings(BaseModel):
    """Everything the app remembers between runs."""

    model_config = ConfigDict(extra="ignore")

    theme: str = "felt"
    """Colour theme (a file in themes/)."""
    ascii_cards: bool = False
    """Cards as plain letters (7H, JK) with no suit symbols or box glyphs."""
    bot_delay: float = Field(0.6, ge=0.0, le=5.0)
    """Seconds a computer player waits before each move, so people can follow."""
    board_numbers: bool = False
    """A board shows its track holes' numbers (the # key), kept for the next table."""
    ask_turn_end: bool = True
    """Ask before a discard from Enter (or on the card under the cursor) ends the turn."""
    last: dict[str, GameSetup] = Field(default_factory=dict)
    """The last set-up per game id."""
    last_game: str | None = None
    """The id of the game last started: the picker opens on it."""


def settings_path() -> Path:
    return data_dir() / SETTINGS_NAME


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The settings and, if the file was unreadable, a sentence saying so."""
    target = path or settings_path()
    if not target.exists():
        return Settings(), None
    try:
        return Settings.model_validate(json.loads(target.read_text(encoding="utf-8"))), None
    except (OSError, ValueError, ValidationError) as exc:
        reason = str(exc).splitlines()[0]
        return Settings(), f"settings in {target} could not be read ({reason}); using defaults"


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; returns a sentence on failure (play goes on)."""
    target = path or settings_path()
    try:
        write_atomic(target, settings.model_dump_json(indent=2))
    except OSError as exc:
        return f"could not save settings to {target}: {exc.strerror or exc}"
    return None
