"""Scala 40's computer players: the shared two-pack rummy heuristics
(:mod:`cardtable.kits.rummy.bot`) with Scala 40's values, meld rules and 40 to open;
the hard player re-weighs them for this game (:class:`Scala40Hard`).

The traits come from a fresh game of the same rules (nothing of a game in progress).

>>> from cardtable.games.scala40.rules import Scala40Rules
>>> policy = make_policy("medium", Scala40Rules())
>>> policy.t.minimum, policy.t.take_needs_open
(40, True)
>>> type(make_policy("hard", Scala40Rules())).__name__
'Scala40Hard'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.ruleset import Ruleset
from cardtable.kits.rummy.bot import RummyPolicy, RummyTraits, arrange_names

from .game import OPENING, Scala40
from .rules import Scala40Rules


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


class Scala40Hard(RummyPolicy):
    """The hard player's tuning for Scala 40 (measured against medium in two-player
    matches; Rummy 51 keeps the shared weights):

    * a loose card that a table joker stands for is swapped for the joker, which then goes
      on a meld this turn: one loose card fewer;
    * the discard is taken whenever it joins a meld, not only when that saves 3 points;
    * loose cards that could still make a meld are kept more firmly (speed to go out
      matters more than the points held, since an unopened loser pays every card);
    * while no opponent has opened, nobody can take the discard, so its danger is ignored;
    * while unopened, when an opened opponent is down to a few cards, high cards go first.
    """

    take_margin = 0
    potential_weight = 10.0
    swap_loose = True
    untakeable_is_safe = True
    threat_cards = 5
    threat_value = 3.0


def make_policy(level: str, rules: Ruleset) -> RummyPolicy:
    """Scala 40's policy at ``level`` (easy, medium or hard)."""
    assert isinstance(rules, Scala40Rules)
    if level == "hard":
        return Scala40Hard(level, traits(rules))
    return RummyPolicy(level, traits(rules))


def arrange(hand: Sequence[str], rules: Ruleset) -> tuple[list[list[str]], list[str]]:
    """The hand (card names): its best melds and its loose cards (the arrange key)."""
    assert isinstance(rules, Scala40Rules)
    return arrange_names(hand, traits(rules))
