"""Joker Poker: five-card draw with the joker, 2-6 players with chips (see ``game.py``)."""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.scoring import CHIPS
from cardtable.engine.verbs import Takes, VerbSpec, verb_specs

from .rules import PRESETS, JokerPokerRules

CHECK = VerbSpec("check", "k", "Check", enter=10, example="check")
CALL = VerbSpec("call", "c", "Call", example="call")
BET = VerbSpec("bet", "b", "Bet", Takes.AMOUNT, example="bet 20", word=True)
RAISE = VerbSpec("raise", "u", "Raise", Takes.AMOUNT, example="raise 60", word=True)
FOLD = VerbSpec("fold", "f", "Fold", example="fold")
ALLIN = VerbSpec("allin", "a", "All-in", example="allin")
DISCARD = VerbSpec("discard", "x", "Exchange", Takes.CARDS, enter=40, example="discard 7C 3D")
STAND = VerbSpec("stand", "t", "Stand pat", example="stand")

SPEC = package_spec(
    "cardtable.games.joker_poker",
    "JokerPoker",
    JokerPokerRules,
    id="joker-poker",
    title="Joker Poker",
    summary="Five-card draw with the joker: antes, bets, one draw, side pots; bust them all.",
    min_players=2,
    max_players=6,
    verbs=verb_specs(
        ("check", "call", "bet", "raise", "fold", "allin", "discard", "stand", "next"),
        CHECK,
        CALL,
        BET,
        RAISE,
        FOLD,
        ALLIN,
        DISCARD,
        STAND,
    ),
    family="poker",
    scoring=CHIPS,
)

__all__ = ["PRESETS", "SPEC", "JokerPokerRules"]
