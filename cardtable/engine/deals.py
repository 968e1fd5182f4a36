"""Stacked deals: the ``deal={...}`` argument of ``new_game``, read the same way by every game.

The argument stacks the first deal (``{"hands": [...], "stock": ..., "discard": ...}`` and the
game's own keys), or any deals by number with ``{"deals": [first, second, ...]}`` (``None``
for a deal left to the shuffle), and may start the match from given totals with
``{"totals": [40, 75]}`` (one whole number per seat). :func:`stacked_deal` picks deal ``n``'s
part and :func:`start_totals` the totals; :func:`check_plan` checks the whole argument.

>>> plan = {"totals": [10, 20], "deals": [None, {"hands": ["7H 8H 9H", None]}]}
>>> check_plan(plan, 2)
>>> stacked_deal(plan, 1), stacked_deal(plan, 2), stacked_deal(plan, 3), start_totals(plan)
(None, {'hands': ['7H 8H 9H', None]}, None, [10, 20])
>>> stacked_deal({"hands": ["7H", None], "totals": [0, 5]}, 1)
{'hands': ['7H', None]}

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

MATCH_KEYS = ("totals", "deals")
"""Keys of the ``deal`` argument that are about the match, not one deal."""


def check_plan(plan: Any, seats: int) -> None:
    """Check the shape of a ``deal`` argument: :class:`InvalidRules` says what is wrong.

    (Each deal's cards are checked by the game when it deals them.)

    >>> check_plan({"totals": [1]}, 2)
    Traceback (most recent call last):
    ...
    cardtable.engine.errors.InvalidRules: deal: totals must list one whole number per seat (2), not [1]
    """
    if plan is None:
        return
    if not isinstance(plan, dict):
        raise InvalidRules(f"deal must be a mapping such as {{'hands': [...]}}, not {type(plan).__name__}")
    totals = plan.get("totals")
    if totals is not None and (
        not isinstance(totals, list)
        or len(totals) != seats
        or any(isinstance(t, bool) or not isinstance(t, int) for t in totals)
    ):
        raise InvalidRules(f"deal: totals must list one whole number per seat ({seats}), not {totals!r}")
    if "deals" in plan:
        deals = plan["deals"]
        if not isinstance(deals, list) or not all(d is None or isinstance(d, dict) for d in deals):
            raise InvalidRules(
                "deal: deals must be a list with one stacked deal (a mapping) or null per deal"
            )
        first_keys = sorted(k for k in plan if k not in MATCH_KEYS)
        if first_keys:
            raise InvalidRules(
                f"deal: {', '.join(first_keys)} beside 'deals': put the first deal's cards in deals[0]"
            )


def stacked_deal(plan: dict[str, Any] | None, number: int) -> dict[str, Any] | None:
    """The stacked part of deal ``number`` (from 1) of a ``deal`` argument; None: shuffle."""
    if not plan:
        return None
    if "deals" in plan:
        deals = plan["deals"]
        found = deals[number - 1] if number <= len(deals) else None
        return dict(found) if found else None
    if number != 1:
        return None
    first = {k: v for k, v in plan.items() if k not in MATCH_KEYS}
    return first or None


def start_totals(plan: dict[str, Any] | None) -> list[int] | None:
    """The match totals a ``deal`` argument starts from, if it names them."""
    totals = (plan or {}).get("totals")
    return list(totals) if totals is not None else None


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
