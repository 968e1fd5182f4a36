"""Joker (marbles): the marbles-and-cards board game, in teams, on a board drawn in the terminal.

The rules and the notation are documented in :mod:`cardtable.games.joker_marbles.game` (its
docstring is the notation ``cardtable rules`` shows); the rules text is ``rules.md``.
"""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import POINTS
from cardtable.engine.seating import Teams, partnerships
from cardtable.engine.verbs import Takes, VerbSpec, verb_specs

from .rules import PLAYER_COUNTS, PRESETS, JokerMarblesRules


def _teams(seats: int, rules: Ruleset) -> Teams:
    """Two teams in alternating seats (partners opposite with four), or pairs opposite."""
    assert isinstance(rules, JokerMarblesRules)
    if seats % 2:
        return ()
    if rules.teams == "pairs_opposite" and seats > 4:
        return partnerships(seats, seats // 2)
    return partnerships(seats, 2)


MOVE = VerbSpec("move", "m", "Move", Takes.CARD, enter=50, example="5C:B10>15")
"""A card played to move marbles (``CARD:STEPS``); the board offers the listed moves."""
PASS = VerbSpec("pass", "z", "Pass", Takes.CARD, enter=40, example="pass 9D")
"""No move is possible: discard a card (or, in Tock and Dog, the whole hand)."""
GIVE = VerbSpec("give", "g", "Give", Takes.CARD, enter=45, example="give 5H")
"""The partner exchange after a deal in rounds: a card to the partner, face down."""
# 'next' is declared though a game of Joker is one deal and never lists it: the table's
# generic "next deal" button and typed-move example speak of it for every game.

SPEC = package_spec(
    "cardtable.games.joker_marbles",
    "JokerMarbles",
    JokerMarblesRules,
    id="joker-marbles",
    title="Joker (marbles)",
    summary="Race your marbles round the board and home with a partner; cards are the moves.",
    min_players=4,
    max_players=8,
    seat_counts=PLAYER_COUNTS,
    verbs=verb_specs(("move", "pass", "give", "next"), MOVE, PASS, GIVE),
    family="board",
    scoring=POINTS.named("games won").per_team(),
    teams=_teams,
)

__all__ = ["PRESETS", "SPEC", "JokerMarblesRules"]
