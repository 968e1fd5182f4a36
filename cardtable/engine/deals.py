"""Stacked deals: the ``deal={...}`` argument of ``new_game``, read the same way by every game.

>>> from cardtable.engine.cards import make_deck
>>> pool = list(make_deck(1, 0))
>>> hands, stock, discard, extras = read_stacked({"hands": ["7H 8H", None], "stock": "2C"}, pool, 2, "Demo")
>>> [c.name for c in hands[0]], [c.name for c in stock], discard, len(pool)
(['7H', '8H'], ['2C'], [], 49)
"""

from __future__ import annotations

from typing import Any

from .cards import Card, parse_cards
from .errors import InvalidRules


def take_listed(pool: list[Card], text: Any, what: str) -> list[Card]:
    """Take the cards written in ``text`` out of ``pool`` (``7H#2`` names the pack).

    Bad text, or a card listed more often than the deck holds it, raises :class:`InvalidRules`.
    """
    if text is None:
        return []
    if not isinstance(text, str):
        raise InvalidRules(f"deal: {what} must be card text such as '7H 8H 9H'")
    out = []
    for card in parse_cards(text):
        idx = next(
            (i for i, c in enumerate(pool) if c == card and (card.copy == 0 or c.copy == card.copy)),
            None,
        )
        if idx is None:
            raise InvalidRules(f"deal: {card.label} is listed more often than the deck holds it")
        out.append(pool.pop(idx))
    return out


def read_stacked(
    stacked: dict[str, Any],
    pool: list[Card],
    seats: int,
    title: str,
    card_keys: tuple[str, ...] = (),
    other_keys: tuple[str, ...] = (),
) -> tuple[dict[int, list[Card]], list[Card], list[Card], dict[str, list[Card]]]:
    """Take a stacked deal's cards out of ``pool``: the fixed hands by seat, the stock top
    (first card drawn first), the discard pile (top last) and the cards of each of the game's
    own ``card_keys``. ``other_keys`` are allowed but not card text (the game reads them).

    Unknown keys, bad card text, an empty hand and a card listed more often than the deck
    holds it raise :class:`InvalidRules` naming the problem.
    """
    keys = ("hands", "stock", "discard", *card_keys, *other_keys)
    for key in stacked:
        if key not in keys:
            raise InvalidRules(f"deal: unknown key {key!r} ({title} deals take: {', '.join(keys)})")
    hands = stacked.get("hands") or []
    if not isinstance(hands, list) or len(hands) > seats:
        raise InvalidRules(f"deal: hands must be a list of at most {seats} entries (one per seat)")
    fixed: dict[int, list[Card]] = {}
    for seat, text in enumerate(hands):
        if text is not None:
            fixed[seat] = take_listed(pool, text, f"hand {seat}")
            if not fixed[seat]:
                raise InvalidRules(
                    f"deal: hand {seat} is empty; list its cards, or null to deal it at random"
                )
    stock_top = take_listed(pool, stacked.get("stock"), "stock")
    discard = take_listed(pool, stacked.get("discard"), "discard")
    extras = {key: take_listed(pool, stacked.get(key), key) for key in card_keys}
    return fixed, stock_top, discard, extras


def deal_hand(pool: list[Card], count: int) -> list[Card]:
    """Deal ``count`` cards off the end of ``pool`` for a hand the stacked deal left open.

    >>> try:
    ...     deal_hand([], 13)
    ... except InvalidRules as exc:
    ...     print(str(exc).split(";")[0])
    deal: the cards listed leave 0 to deal, too few for another hand of 13
    """
    if len(pool) < count:
        raise InvalidRules(
            f"deal: the cards listed leave {len(pool)} to deal, too few for another hand of {count}; "
            "list fewer cards"
        )
    return [pool.pop() for _ in range(count)]
