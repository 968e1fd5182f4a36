"""The poker kit: the joker poker hand evaluator both Joker Poker games use (issue 21), and
the video machine's pay tables, exact hold values and returns (:mod:`.video`).

Public and stable: tools outside the project call these names.

>>> from cardtable.kits.poker import evaluate
>>> hand = evaluate("AS AH AD AC JK")
>>> hand.category, str(hand), hand > evaluate("AH KH QH JH 10H")     # JP-15
(<Category.FIVE_OF_A_KIND: 10>, 'five of a kind, aces', True)
"""

from __future__ import annotations

from .evaluator import (
    JOKER_RULES,
    Category,
    HandRank,
    InvalidHand,
    JokerRule,
    best_five,
    card_code,
    category_of,
    evaluate,
    evaluate_many,
    joker_reading,
    rank_values,
    reference_evaluate,
)
from .video import PAY_LINES, PAY_TABLES, PayTable, hold_values, pay_line, payout, video_return

__all__ = [
    "JOKER_RULES",
    "PAY_LINES",
    "PAY_TABLES",
    "Category",
    "HandRank",
    "InvalidHand",
    "JokerRule",
    "PayTable",
    "best_five",
    "card_code",
    "category_of",
    "evaluate",
    "evaluate_many",
    "hold_values",
    "joker_reading",
    "pay_line",
    "payout",
    "rank_values",
    "reference_evaluate",
    "video_return",
]
