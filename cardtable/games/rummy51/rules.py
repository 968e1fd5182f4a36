"""Rummy 51's ruleset: every variant toggle with its help text, and the presets."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle
from cardtable.kits.rummy.options import stock_rebuilds

JokerLimit = Literal["naturals_at_least_jokers", "unlimited", "one_per_meld", "no_adjacent_in_run"]
"""How many jokers a meld may hold (the ``joker_limit`` toggle's choices)."""


class Rummy51Rules(Ruleset):
    """Rummy 51's variant toggles. Defaults follow the seed page and the rules file's
    recommendations."""

    jokers: Literal[4, 2] = toggle(4, "Jokers")
    """Jokers shuffled in with the two packs: 4 (Balkan, 108 cards) or 2 (Romanian, 106)."""
    cut_joker_to_cutter: bool = toggle(True, "Cut joker to the cutter")
    """A joker shown at the cut goes to the player who cut, who is dealt one card fewer; the card
    shown lies face up at the bottom of the stock."""
    direction: Literal["clockwise", "counter-clockwise"] = toggle("clockwise", "Direction of play")
    """Clockwise: the first player sits left of the dealer. Counter-clockwise (Serbian): the
    first player sits right of the dealer and play goes that way."""
    opening_minimum: int = toggle(51, "Opening minimum", ge=10, le=120)
    """Points the first melds must reach together, in one turn."""
    all_at_once_needs_51: bool = toggle(False, "Out at once needs the minimum")
    """A player going out in one turn without having opened still needs the opening minimum."""
    ace_value: Literal["10", "11", "11/1"] = toggle("10", "Ace value")
    """In opening melds and in hand: 10 (seed), 11 (Romanian), or 11/1: 1 low in A-2-3, 11
    elsewhere (Polish)."""
    joker_hand_value: Literal[25, 20, 50] = toggle(25, "Joker left in hand")
    """What a joker left in hand costs: 25 (seed), 20 (Romanian), 50 (Polish)."""
    joker_limit: JokerLimit = toggle("naturals_at_least_jokers", "Jokers per meld")
    """naturals_at_least_jokers: no meld holds more jokers than natural cards; unlimited;
    one_per_meld; no_adjacent_in_run: no two jokers side by side in a run, and books as the first
    (Polish)."""
    joker_take_requires_opened: bool = toggle(False, "Take a joker only once opened")
    """Only a player who has opened may take a joker from the table."""
    joker_must_be_used_now: bool = toggle(False, "Taken joker used at once")
    """A joker taken from the table must be melded or laid off in the same turn."""
    discard_must_be_used: bool = toggle(False, "Taken discard must be used")
    """A card taken from the discard pile must go into a meld or lay-off that turn (Balkan)."""
    no_open_first_rounds: Literal[0, 2] = toggle(0, "Rounds before opening")
    """0, or 2: nobody may open or go out until every player has had two turns (askarte)."""
    ace_both_ends_in_run: bool = toggle(False, "Ace at both ends of a run")
    """A run may reach 14 cards, A 2 ... K A, with an ace at each end (askarte)."""
    final_discard_required: bool = toggle(True, "Going out needs a discard")
    """Going out ends with a discard. Off: melding or laying off the last card also goes out."""
    hands: Literal["4xn", "n", "custom"] = toggle("4xn", "Hands in the match")
    """4xn: four sets of one hand per player (16 hands with 4 players); n: one hand per player;
    custom: custom_hands."""
    custom_hands: int = toggle(8, "Custom number of hands", ge=1, le=100)
    """The match's hands when 'hands' is custom."""
    max_stock_rebuilds: int = stock_rebuilds(
        "Stock rebuilds before a void hand", "the hand ends with no score"
    )


PRESETS: dict[str, dict[str, Any]] = {
    "seed rules": {},
    "Balkan table": {
        "direction": "counter-clockwise",
        "discard_must_be_used": True,
        "no_open_first_rounds": 2,
        "ace_both_ends_in_run": True,
    },
    "Romanian Remi 51": {
        "jokers": 2,
        "ace_value": "11",
        "joker_hand_value": 20,
        "joker_limit": "unlimited",
    },
    "Polish Remik": {"ace_value": "11/1", "joker_hand_value": 50, "joker_limit": "no_adjacent_in_run"},
    "Scala-style jokers": {"joker_take_requires_opened": True, "joker_must_be_used_now": True},
    "short match": {"hands": "n"},
}
