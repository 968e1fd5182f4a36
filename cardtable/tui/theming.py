"""Themes: ``themes/*.toml`` palettes turned into Textual themes.

The folder ships inside the package (``cardtable/themes`` in a wheel); in a source
checkout it is the top-level ``themes/``. Widgets use only theme variables.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field
from textual.theme import Theme

CARD_VARIABLES = {
    "felt": "#0b4d26",
    "card-face": "#fbf8ef",
    "card-back": "#27408b",
    "card-spades": "#111111",
    "card-clubs": "#111111",
    "card-hearts": "#c8102e",
    "card-diamonds": "#c8102e",
    "card-joker": "#6a1b9a",
    "card-selected": "#ffe08a",
    "card-cursor": "#e8c65a",
}
"""Defaults every palette inherits."""


class ThemeFile(BaseModel):
    """One palette file."""

    model_config = ConfigDict(extra="forbid")

    name: str
    dark: bool = True
    primary: str
    secondary: str | None = None
    accent: str | None = None
    foreground: str | None = None
    background: str | None = None
    surface: str | None = None
    panel: str | None = None
    success: str | None = None
    warning: str | None = None
    error: str | None = None
    variables: dict[str, str] = Field(default_factory=dict)

    def to_theme(self) -> Theme:
        data = self.model_dump(exclude={"variables"})
        return Theme(**data, variables={**CARD_VARIABLES, **self.variables})


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
            out.append(ThemeFile.model_validate(tomllib.loads(path.read_text(encoding="utf-8"))).to_theme())
        except (OSError, ValueError):
            continue
    return out
