"""Joker Poker (video), Kings or Better: the one-player machine with exact hold advice,
played by 1-6 people in turn (issue 21; notation in :mod:`.game`)."""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.scoring import CHIPS
from cardtable.engine.verbs import Takes, VerbSpec, verb_specs

from .rules import JokerPokerVideoRules

BET = VerbSpec("bet", "b", "Bet", example="bet 5", word=True)
"""Bet 1-5 coins and deal: a word (the coins), chosen from the listed bets."""
DEAL = VerbSpec("deal", "e", "Deal", enter=10, example="deal")
"""Deal with the last bet (Enter)."""
HOLD = VerbSpec("hold", "d", "Hold & draw", Takes.CARDS, enter=40, example="hold KH JK")
"""Keep the selected cards and draw the rest (none selected: draw five); Enter holds the
cards selected."""

DOUBLE = VerbSpec("double", "2", "Double up", example="double")
"""After a win with the double-up toggle on: risk the win against a dealer card."""
COLLECT = VerbSpec("collect", "c", "Collect", enter=20, example="collect")
"""Take the win at stake (Enter)."""

SPEC = package_spec(
    __name__,
    "JokerPokerVideo",
    JokerPokerVideoRules,
    id="joker-poker-video",
    title="Joker Poker (video)",
    summary="The Joker Poker machine, Kings or Better: hold and draw, exact advice, pay tables.",
    min_players=1,
    max_players=6,
    verbs=verb_specs(("bet", "deal", "hold", "double", "collect", "next"), BET, DEAL, HOLD, DOUBLE, COLLECT),
    family="poker",
    scoring=CHIPS.named("credits"),
)

__all__ = ["SPEC", "JokerPokerVideoRules"]
