"""Drawing cards as Rich text, with theme colours and an ASCII-only mode."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text


def app_setting(node: Any, name: str) -> bool:
    """A switch of the app's settings, read from a widget or screen (off in an app without
    settings, as in a test's)."""
    return bool(getattr(getattr(node.app, "settings", None), name, False))


def ascii_cards(node: Any) -> bool:
    """Whether the app draws cards in ASCII letters (the ``ascii_cards`` setting)."""
    return app_setting(node, "ascii_cards")


SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "X": "★"}
"""Suit symbols; ``X`` is Five Crowns' stars (``KX`` shows ``K★``, or ``KX`` in ASCII mode)."""
SUIT_VARS = {
    "S": "card-spades",
    "H": "card-hearts",
    "D": "card-diamonds",
    "C": "card-clubs",
    "X": "card-stars",
}


def card_label(name: str, ascii_only: bool) -> str:
    """'10H' -> '10♥' (or '10H' in ASCII mode); jokers stay 'JK'."""
    if name == "JK" or ascii_only:
        return name
    return name[:-1] + SYMBOLS.get(name[-1], name[-1])


def card_text(
    name: str,
    colours: Mapping[str, str],
    *,
    ascii_only: bool = False,
    selected: bool = False,
    cursor: bool = False,
    stands_for: str | None = None,
    width: int = 4,
) -> Text:
    """One card face, ``width`` cells wide (more with a joker's ``=7♥``)."""
    label = card_label(name, ascii_only)
    if stands_for and stands_for != name:
        label = f"{label}={card_label(stands_for, ascii_only)}"
    colour = colours.get("card-joker" if name == "JK" else SUIT_VARS.get(name[-1], "card-spades"), "#000000")
    face = colours.get("card-selected" if selected else "card-face", "#ffffff")
    style = Style(color=colour, bgcolor=face, bold=True, underline=cursor)
    body = (
        label.center(max(width, len(label) + 1))
        if not ascii_only
        else f"{label:^{max(width, len(label) + 1)}}"
    )
    text = Text(body, style=style)
    return text


def card_back(colours: Mapping[str, str], *, ascii_only: bool = False, width: int = 4) -> Text:
    """The back of a card."""
    pattern = "##" if ascii_only else "▒▒"
    return Text(
        pattern.center(width),
        style=Style(color=colours.get("card-face", "#ffffff"), bgcolor=colours.get("card-back", "#000080")),
    )
