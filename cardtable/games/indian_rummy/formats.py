"""Indian Rummy's formats: what a match is made of and how a deal is scored.

Points rummy settles each deal at the point value; pool 101, 201 and 61 add penalty points
until one player is left below the limit (with an optional rejoin); best-of-3 pool adds
penalty points over three deals, the lowest total winning; deals rummy plays a fixed number
of deals for chips. A table's rules may change a format's drops, wrong-show penalty and
number of deals: :func:`table_format` applies them.

>>> from cardtable.games.indian_rummy.rules import IndianRummyRules
>>> fmt = table_format(IndianRummyRules(format="points", point_value=2))
>>> fmt.title, fmt.drops, fmt.deal_row(0, {1: 30}, 2)
('Points rummy', (20, 40), [60, -60])
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from .rules import IndianRummyRules

CHIPS_PER_DEAL = 80
"""Deals rummy: each player starts with this many chips per deal of the match."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """What a format fixes: its name, the pool limit (0: no elimination), the drop
    penalties (None: no drop), the wrong-show penalty, the rejoin bar (highest remaining
    total that still allows a rejoin), the number of deals (0: until one is left), how a
    deal is scored (penalty points, a settlement at the point value, or chips) and the
    point value."""

    title: str
    limit: int
    drops: tuple[int, int] | None
    wrong: int
    rejoin_max: int
    deals: int
    scoring: Literal["penalty", "points", "chips"] = "penalty"
    point_value: int = 1

    def deal_row(self, winner: int, pts: dict[int, int], n: int) -> list[int | None]:
        """A won deal's score row from the losers' penalty points (None: not in the match):
        in a pool each loser adds their points; in points and deals rummy the winner
        collects what the losers pay (at the point value, or in chips)."""
        row: list[int | None] = [None] * n
        if self.scoring == "penalty":
            for s, p in pts.items():
                row[s] = p
            row[winner] = 0
            return row
        value = self.point_value if self.scoring == "points" else 1
        for s, p in pts.items():
            row[s] = -p * value
        row[winner] = sum(pts.values()) * value
        return row

    def winnings(self, name: str, amount: int | None) -> str:
        """The end of a deal's result saying what the winner gains ('' in a pool)."""
        if self.scoring == "points":
            return f"; {name} collects {amount}"
        if self.scoring == "chips":
            return f"; {name} wins {amount} chips"
        return ""

    def leaders(self, totals: list[int]) -> tuple[tuple[int, ...], str] | None:
        """When a fixed-length match's deals are played: the winners and what they have
        the most (or least) of, or None when a tie for the lead asks for one more deal
        (points rummy takes the tie)."""
        lowest = self.scoring == "penalty"
        best = min(totals) if lowest else max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        if self.scoring == "points":
            return winners, "the highest score"
        if len(winners) != 1:
            return None
        return winners, "the lowest total" if lowest else "the most chips"


FORMATS: dict[str, FormatInfo] = {
    "points": FormatInfo("Points rummy", 0, (20, 40), 80, 0, 1, "points"),
    "pool101": FormatInfo("Pool 101", 101, (20, 40), 80, 79, 0),
    "pool201": FormatInfo("Pool 201", 201, (25, 50), 80, 174, 0),
    "pool61": FormatInfo("Pool 61", 61, (15, 30), 60, 44, 0),
    "best_of_3_pool": FormatInfo("Best-of-3 pool", 0, None, 80, 0, 3),
    "deals": FormatInfo("Deals rummy", 0, None, 80, 0, 2, "chips"),
}
DROP_CHOICES: dict[str, tuple[int, int] | None] = {
    "20/40": (20, 40),
    "25/50": (25, 50),
    "15/30": (15, 30),
    "10/30": (10, 30),
    "none": None,
}


def table_format(rules: IndianRummyRules) -> FormatInfo:
    """The format of ``rules`` with the table's own drops, wrong-show penalty, number of
    deals and point value."""
    fmt = FORMATS[rules.format]
    return dataclasses.replace(
        fmt,
        drops=fmt.drops if rules.drop_penalties == "format" else DROP_CHOICES[rules.drop_penalties],
        wrong=fmt.wrong if rules.wrong_show_penalty == "format" else int(rules.wrong_show_penalty),
        deals={"deals": rules.deals_count, "points": rules.points_deals}.get(rules.format, fmt.deals),
        point_value=rules.point_value,
    )
