"""Joker Poker (video) rules: every toggle with its help text.

The pay-table toggle's help shows each table's exact return with optimal play, computed by
the poker kit (:func:`cardtable.kits.poker.video_return`), read from its cache (see
:func:`cardtable.kits.poker.video.cached_return`) when this module is imported.
"""

from __future__ import annotations

from typing import Literal

from cardtable.engine.ruleset import Ruleset, toggle
from cardtable.kits.poker.video import PAY_TABLES, cached_return, percent

TableName = Literal["kings-full-pay", "kings-4700", "kings-18-7", "microgaming", "aces-9", "aces-8"]

assert set(TableName.__args__) == set(PAY_TABLES), "the pay-table toggle lists every table of the kit"  # type: ignore[attr-defined]


def table_help() -> str:
    """Each pay table in words with its exact return (four decimals, §7.10)."""
    parts = []
    for name, table in PAY_TABLES.items():
        value = cached_return(table)
        shown = percent(value) if value is not None else "return not computed yet"
        parts.append(f"{name}: {table.title}, {shown}")
    return (
        "The machine's pay table; the return is per coin with optimal play at 5 coins, computed "
        "exactly by this program. " + "; ".join(parts) + "."
    )


class JokerPokerVideoRules(Ruleset):
    """The machine's toggles (``shared/rules/joker-poker.md`` §7.10-7.11)."""

    pay_table: TableName = toggle("kings-full-pay", "Pay table", table_help())
    hands: int = toggle(10, "Hands each", ge=1, le=1000)
    """How many hands each player plays at the machine; most credits then wins."""
    credits: int = toggle(100, "Starting credits", ge=1, le=100_000)
    """Credits each player starts with; a bet is 1 to 5 coins of 1 credit."""
    auto_hold_joker: bool = toggle(False, "Machine holds the joker")
    """Some machines hold a dealt joker for you: every hold then keeps it (off by default)."""
    double_up: bool = toggle(False, "Double-up")
    """After a winning hand, 'double' risks the win against a dealer card: a higher card doubles
    it, a lower one loses it, the same rank keeps it; repeat or 'collect' any time (off by
    default)."""
