"""Small wording helpers the games share for the sentences a player reads."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an ``s`` unless the count is exactly one.

    >>> plural(1, "trick"), plural(0, "card"), plural(3, "more trick")
    ('1 trick', '0 cards', '3 more tricks')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
