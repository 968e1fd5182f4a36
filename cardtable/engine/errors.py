"""The engine's exceptions: few, specific, and all :class:`ValueError` subclasses.

>>> from cardtable.engine import parse_cards, InvalidNotation
>>> try:
...     parse_cards("7H 1Z")
... except InvalidNotation as exc:
...     print(exc)
'1Z' is not a card: write a rank and a suit letter (S H D C), or JK for a joker
"""

from __future__ import annotations


class CardtableError(ValueError):
    """Root of every error the engine raises on purpose."""


class InvalidNotation(CardtableError):
    """Text that is not valid card or move notation. The message names the bad token."""


class IllegalMove(CardtableError):
    """A well-formed move that the rules do not allow now.

    ``reason`` is a plain sentence for the player; ``move`` is the move's text; ``rule`` the
    name of the game's rule that refuses it (see :mod:`cardtable.engine.rules`; ``"form"``
    for a move that cannot mean anything here, empty where the game names no rule).
    """

    def __init__(self, reason: str, move: str = "", rule: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move
        self.rule = rule


class UnknownGame(CardtableError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class InvalidRules(CardtableError):
    """A variant toggle that is unknown or has a bad value; the message names the field."""


class InvalidRecord(CardtableError):
    """A record or save file that does not parse or does not replay.

    ``line`` is the 1-based line number where it went wrong (0 when not known).
    """

    def __init__(self, reason: str, line: int = 0) -> None:
        text = f"line {line}: {reason}" if line else reason
        super().__init__(text)
        self.reason = reason
        self.line = line
