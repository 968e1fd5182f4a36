"""Rummy 51's computer players: the shared two-pack rummy heuristics
(:mod:`cardtable.kits.rummy.bot`) with Rummy 51's values, joker limits and 51 to open.

The traits come from a fresh game of the same rules (nothing of a game in progress).

>>> from cardtable.games.rummy51.rules import Rummy51Rules
>>> policy = make_policy("medium", Rummy51Rules(opening_minimum=60))
>>> policy.t.minimum, policy.t.unopened_cost
(60, 100)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card
from cardtable.engine.ruleset import Ruleset
from cardtable.kits.rummy.bot import RummyPolicy, RummyTraits, arrange_names

from .game import NOT_OPENED, Rummy51
from .rules import Rummy51Rules


def traits(rules: Rummy51Rules) -> RummyTraits:
    """What the bot needs of Rummy 51 under ``rules``."""
    game = Rummy51(["a", "b"], rules, 0, None)

    def value(card: Card) -> int:
        return game.hand_penalty((card,))

    return RummyTraits(
        mrules=game.mrules,
        meld_points=game.meld_points,
        value=value,
        minimum=game.minimum,
        unopened_cost=NOT_OPENED,
        take_needs_open=False,
        at_once_bonus=True,
        at_once_no_minimum=not rules.all_at_once_needs_51,
    )


def make_policy(level: str, rules: Ruleset) -> RummyPolicy:
    """Rummy 51's policy at ``level`` (easy, medium or hard)."""
    assert isinstance(rules, Rummy51Rules)
    return RummyPolicy(level, traits(rules))


def arrange(hand: Sequence[str], rules: Ruleset) -> tuple[list[list[str]], list[str]]:
    """The hand (card names): its best melds and its loose cards (the arrange key)."""
    assert isinstance(rules, Rummy51Rules)
    return arrange_names(hand, traits(rules))
