"""Scala 40's computer players: the shared two-pack rummy heuristics
(:mod:`cardtable.games._rummy_bot`) with Scala 40's values, meld rules and 40 to open.

The traits come from a fresh game of the same rules (nothing of a game in progress).

>>> from cardtable.games.scala40 import Scala40Rules
>>> policy = make_policy("medium", Scala40Rules())
>>> policy.t.minimum, policy.t.take_needs_open
(40, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.ruleset import Ruleset

from ._rummy_bot import RummyPolicy, RummyTraits, arrange_names
from .scala40 import OPENING, Scala40, Scala40Rules


def traits(rules: Scala40Rules) -> RummyTraits:
    """What the bot needs of Scala 40 under ``rules``."""
    game = Scala40(["a", "b"], rules, 0, None)
    return RummyTraits(
        mrules=game.mrules,
        meld_points=game.meld_points,
        value=game.card_penalty,
        minimum=OPENING,
        unopened_cost=100 if rules.unopened_flat_100 else None,
        take_needs_open=not rules.earlier_discard,
        # open_and_close_double only doubles the others' hands: holding an opening back for
        # it lost to medium (41.5% of 200 matches), unlike Rummy 51's -140 for the closer
        at_once_bonus=False,
        at_once_no_minimum=rules.close_in_hand_no_minimum,
    )


def make_policy(level: str, rules: Ruleset) -> RummyPolicy:
    """Scala 40's policy at ``level`` (easy, medium or hard)."""
    assert isinstance(rules, Scala40Rules)
    return RummyPolicy(level, traits(rules))


def arrange(hand: Sequence[str], rules: Ruleset) -> tuple[list[list[str]], list[str]]:
    """The hand (card names): its best melds and its loose cards (the arrange key)."""
    assert isinstance(rules, Scala40Rules)
    return arrange_names(hand, traits(rules))
