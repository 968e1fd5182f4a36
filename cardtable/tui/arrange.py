"""The arrange key: the hand ordered into its best groups, as the game sees them.

A game with a declare panel (``session.grouping``) is arranged into that panel's groups, so
``r`` and the panel never disagree (issue 24 item 4: a panel showed four groups while ``r``
only sorted); other games use the session's
``arrange`` (their best melds, or suit and rank).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.cards import Card, parse_card
from cardtable.engine.views import GroupingView


def panel_groups(panel: GroupingView | None) -> tuple[list[list[str]], list[str], list[str]] | None:
    """The groups, their kinds and the loose cards of a declare panel (None: no groups)."""
    if panel is None or not panel.groups:
        return None
    loose = sorted(panel.loose, key=_by_suit) + ([panel.finish] if panel.finish else [])
    return [list(g.cards) for g in panel.groups], [g.kind for g in panel.groups], loose


def _by_suit(name: str) -> tuple[int, int]:
    card = parse_card(name)
    return card.suit_index, card.rank


def order_of(cards: Sequence[Card], groups: Sequence[Sequence[str]]) -> list[int]:
    """Card ids in the order of ``groups`` (names), then any card they leave out.

    >>> from cardtable.engine.cards import parse_card
    >>> hand = [Card(c.rank, c.suit, c.copy, i) for i, c in enumerate(map(parse_card, "2C KS 7H KD".split()))]
    >>> order_of(hand, [["KS", "KD"], ["2C"]])
    [1, 3, 0, 2]
    """
    taken: set[int] = set()
    order: list[int] = []
    for group in groups:
        for name in group:
            card = next((c for c in cards if c.name == name and c.id not in taken), None)
            if card is not None:
                taken.add(card.id)
                order.append(card.id)
    order.extend(c.id for c in cards if c.id not in taken)
    return order


def arranged_text(
    melds: Sequence[Sequence[str]], kinds: Sequence[str], show: Callable[[str], str], groups_game: bool
) -> str:
    """What the arrange key says it did, with card faces (``show``).

    >>> arranged_text([["KS", "KD", "KC"]], ["set"], str, True)
    'Arranged: 1 group (set KS KD KC), then the loose cards'
    >>> arranged_text([], [], str, False)
    'Arranged by suit and rank'
    """
    if melds:
        plural = "s" if len(melds) != 1 else ""
        count = f"{len(melds)} group{plural}" if kinds else f"{len(melds)} meld{plural}"
        named = [(f"{kinds[i]} " if i < len(kinds) else "") + show(" ".join(g)) for i, g in enumerate(melds)]
        return f"Arranged: {count} ({' · '.join(named)}), then the loose cards"
    if groups_game:
        return "Arranged: no melds yet, the cards by suit and rank"
    return "Arranged by suit and rank"
