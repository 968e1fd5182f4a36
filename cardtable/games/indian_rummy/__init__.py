"""Indian Rummy: the package's spec for the catalogue.

``rules.py`` holds the table rules and presets, ``formats.py`` the match formats (points,
pools, deals) and their scoring, ``declare.py`` how a show is grouped and judged,
``game.py`` the game itself, ``bot.py`` its computer player and ``rules.md`` its rules text.
"""

from cardtable.engine.registry import package_spec
from cardtable.engine.scoring import PENALTY, POINTS, by_rule
from cardtable.engine.verbs import Takes, VerbSpec

from .rules import IndianRummyRules

INDIAN_VERBS = (
    VerbSpec(
        "declare",
        "e",
        "Declare",
        Takes.CARD,
        example="declare 9D",
        groups=True,
        about="go out: throw the card chosen and show your 13 cards in groups (a wrong show costs points)",
    ),
    VerbSpec("drop", "b", "Drop", example="drop", about="leave this deal for a fixed penalty (asks first)"),
    VerbSpec(
        "show",
        "v",
        "Show",
        example="show",
        groups=True,
        about="after someone declares: show your best groups, so only the loose cards count",
    ),
    VerbSpec(
        "rejoin", "j", "Rejoin", example="rejoin", about="pool games: an eliminated player buys back in"
    ),
)
"""This game's own verbs (a declaration may cost points, so it is never on the Enter key)."""

SPEC = package_spec(
    __name__,
    "IndianRummy",
    IndianRummyRules,
    id="indian-rummy",
    title="Indian Rummy",
    summary="13-card rummy with a cut wild joker: points, pool 101/201/61 and deals rummy.",
    min_players=2,
    max_players=6,
    verbs=("draw", "take", "drop", "discard", "declare", "show", "next", "rejoin", "pass"),
    own_verbs=INDIAN_VERBS,
    scoring=by_rule(
        "format", {"points": POINTS.named("points won"), "deals": POINTS.named("chips won")}, PENALTY
    ),
)
"""Indian Rummy's spec (the catalogue registers it)."""

__all__ = ["SPEC"]
