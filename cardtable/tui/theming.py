"""Themes: ``themes/*.toml`` palettes turned into Textual themes.

The folder ships inside the package (``cardtable/themes`` in a wheel); in a source
checkout it is the top-level ``themes/``. Widgets use only theme variables.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from textual.theme import Theme

CARD_VARIABLES = {
    "felt": "#0b4d26",
    "card-face": "#fbf8ef",
    "card-back": "#27408b",
    "card-spades": "#111111",
    "card-clubs": "#111111",
    "card-hearts": "#c8102e",
    "card-diamonds": "#c8102e",
    "card-stars": "#8b6508",
    "card-joker": "#6a1b9a",
    "card-selected": "#ffe08a",
    "card-cursor": "#e8c65a",
}
"""Defaults every palette inherits."""


THEME_KEYS = {
    "name": str,
    "dark": bool,
    "primary": str,
    "secondary": str,
    "accent": str,
    "foreground": str,
    "background": str,
    "surface": str,
    "panel": str,
    "success": str,
    "warning": str,
    "error": str,
}
"""The keys a palette file may have (besides [variables]), with their types."""


def theme_from_toml(data: dict[str, object]) -> Theme:
    """A Textual theme from one palette file's data; ``ValueError`` says what is wrong.

    (Checked by hand rather than with Pydantic: themes load before the first frame.)
    """
    values: dict[str, object] = {}
    for key, value in data.items():
        if key == "variables":
            continue
        kind = THEME_KEYS.get(key)
        if kind is None:
            raise ValueError(f"unknown key {key!r} in a theme")
        if not isinstance(value, kind):
            raise ValueError(f"{key} must be {kind.__name__}")
        values[key] = value
    for need in ("name", "primary"):
        if need not in values:
            raise ValueError(f"a theme needs {need!r}")
    variables = data.get("variables", {})
    if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
        raise ValueError("[variables] must map names to colour strings")
    return Theme(**values, variables={**CARD_VARIABLES, **variables})  # type: ignore[arg-type]


def peek_theme(settings_file: Path | None = None) -> str:
    """The theme named in the settings file, read cheaply ('felt' if none can be read)."""
    from cardtable.engine.saves import data_dir

    path = settings_file or data_dir() / "settings.json"
    try:
        value = json.loads(path.read_text(encoding="utf-8")).get("theme")
    except (OSError, ValueError, AttributeError):
        return "felt"
    return value if isinstance(value, str) else "felt"


def themes_dir() -> Path:
    """Where the palettes are: inside the package when installed, else the checkout's."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "themes"
    if packaged.is_dir():
        return packaged
    return here.parent / "themes"


def load_themes() -> list[Theme]:
    """Every valid palette (a broken file is skipped rather than stopping the app)."""
    out: list[Theme] = []
    folder = themes_dir()
    for path in sorted(folder.glob("*.toml")):
        try:
            out.append(theme_from_toml(tomllib.loads(path.read_text(encoding="utf-8"))))
        except (OSError, ValueError):
            continue
    return out
