"""The rummy kit: melds, the meld solver, the declare panel's grouping, the rummy turn and
the rummy bots, shared by the six rummy games. It imports the engine (and the bot ladder),
never a game.

Two public functions answer a tool's usual questions without a game in progress:

>>> from cardtable.kits.rummy import MeldRules, judge_group, score_loose
>>> str(judge_group("7H 8H JK=9H", MeldRules()))
'[7H 8H JK(=9H)]'
>>> judge_group("7H 8S 9H", MeldRules())
'7H 8S 9H is neither a run (one suit, consecutive ranks) nor a set (one rank, different suits)'
>>> score_loose("7H 8H 9H KS 2C", MeldRules(), lambda c: min(c.rank, 10)).penalty
12
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.cards import Card, parse_card, parse_cards
from cardtable.engine.errors import InvalidNotation

from .arrange import Arrangement, Requirement, best_arrangement, best_discard, best_melds
from .deadwood import least_deadwood
from .melds import RUN, SET, Meld, MeldRules, build_meld

__all__ = [
    "RUN",
    "SET",
    "Arrangement",
    "Meld",
    "MeldRules",
    "Requirement",
    "best_arrangement",
    "best_discard",
    "best_melds",
    "build_meld",
    "judge_group",
    "least_deadwood",
    "score_loose",
]


def judge_group(
    cards: str | Sequence[Card], rules: MeldRules, named: Sequence[Card | None] | None = None
) -> Meld | str:
    """Judge one group: the :class:`Meld` it makes under ``rules``, or a sentence saying why
    it is none. Text takes card tokens, a wild card naming what it stands for as ``JK=9H``.

    A bad token raises :class:`~cardtable.engine.errors.InvalidNotation`.
    """
    if isinstance(cards, str):
        real: list[Card] = []
        names: list[Card | None] = []
        for token in cards.replace(",", " ").split():
            base, eq, rep = token.partition("=")
            real.append(parse_card(base))
            names.append(parse_card(rep) if eq else None)
        if not real:
            raise InvalidNotation("no cards to judge: give card tokens such as '7H 8H 9H'")
        return build_meld(real, names, rules)
    return build_meld(list(cards), list(named) if named is not None else [None] * len(cards), rules)


def score_loose(
    cards: str | Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    need: Requirement | None = None,
) -> Arrangement:
    """The best split of a hand into melds and loose cards, with the loose cards' total
    ``value`` as ``penalty`` (the least possible): what a rummy hand counts against its
    holder. See :func:`~cardtable.kits.rummy.arrange.best_arrangement`."""
    hand = parse_cards(cards) if isinstance(cards, str) else list(cards)
    return best_arrangement(hand, rules, value, need=need)
