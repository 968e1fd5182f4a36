"""Joker Poker's move payloads and the small helpers the game, its rules and its bot share."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cardtable.engine.cards import Card
from cardtable.kits.poker import Category, HandRank, evaluate

from .rules import JokerPokerRules

BET_VERBS = ("check", "call", "bet", "raise", "fold", "allin")
DRAW_VERBS = ("discard", "stand")
HAND_SIZE = 5


class Step(Enum):
    """The moves that carry nothing."""

    CHECK = "check"
    CALL = "call"
    FOLD = "fold"
    ALLIN = "allin"
    STAND = "stand"
    NEXT = "next"


@dataclass(frozen=True, slots=True)
class BetTo:
    """``bet N`` / ``raise N``: bring this round's total to ``total`` chips."""

    total: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """``discard ...``: these cards go, as many come from the stock."""

    cards: tuple[Card, ...]


def rank_hand(cards: Sequence[Card], rules: JokerPokerRules) -> HandRank:
    """The hand's rank under the rules' joker mode."""
    return evaluate(
        cards,
        rules.joker_mode,
        natural_beats_wild=rules.natural_beats_wild,
        double_ace_flush=rules.double_ace_flush and rules.joker_mode == "wild",
    )


def has_openers(cards: Sequence[Card], rules: JokerPokerRules) -> bool:
    """A pair of jacks or better under the joker mode (JP-35: ``JC JK`` is not jacks under
    the bug)."""
    rank = rank_hand(cards, rules)
    if rank.category > Category.ONE_PAIR:
        return True
    return rank.category == Category.ONE_PAIR and rank.ranks[0] >= 11


def draw_limit(kept: Sequence[Card], rules: JokerPokerRules) -> int:
    """How many cards a player keeping ``kept`` may exchange: the limit, one more when the
    ace bonus applies and a natural ace is kept."""
    bonus = rules.ace_bonus and any(c.rank == 1 and not c.is_joker for c in kept)
    return min(HAND_SIZE, rules.max_draw + (1 if bonus else 0))


@functools.cache
def discard_picks(size: int, plain: int, bonus: int, aces: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """The hand positions of every discard allowed from a sorted hand of ``size``: up to
    ``plain`` cards, or up to ``bonus`` while a natural ace (at ``aces``) stays."""
    return tuple(
        p
        for k in range(1, min(size, bonus) + 1)
        for p in itertools.combinations(range(size), k)
        if k <= plain or not aces.issubset(p)
    )


def sort_key(card: Card) -> tuple[int, int]:
    """Ace high, then suit: how a poker hand is usually held."""
    return (14 if card.rank == 1 else 99 if card.is_joker else card.rank, card.suit_index)
