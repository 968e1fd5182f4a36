"""Small wording helpers the games share for the sentences a player reads."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an ``s`` unless the count is exactly one.

    >>> plural(1, "trick"), plural(0, "card"), plural(3, "more trick")
    ('1 trick', '0 cards', '3 more tricks')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def counted(count: int, label: str) -> str:
    """``count`` and a plural ``label`` ('deals won', 'chips'), the label's first plural word
    made singular when the count is exactly one.

    >>> counted(1, "deals won"), counted(2, "deals won"), counted(1, "chips"), counted(1, "pts")
    ('1 deal won', '2 deals won', '1 chip', '1 pt')
    """
    if count != 1:
        return f"{count} {label}"
    words = label.split(" ")
    for i, word in enumerate(words):
        if word.endswith("s") and len(word) > 1:
            words[i] = word[:-1]
            break
    return f"{count} {' '.join(words)}"


def one_of(items: list[str]) -> str:
    """Choices in words: 'A', 'A or B', 'A, B or C'.

    >>> one_of(["Draw"]), one_of(["A♦", "J♥", "K♠"])
    ('Draw', 'A♦, J♥ or K♠')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
