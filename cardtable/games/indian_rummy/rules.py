"""Indian Rummy's table rules: the variant toggles (with the rules file's recommended
defaults) and the named presets the picker offers.

>>> IndianRummyRules().format, PRESETS["pool 61"]
('pool101', {'format': 'pool61'})
"""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle
from cardtable.kits.rummy.options import stock_rebuilds

FIRST_HAND_CAP = 40
"""Adda52's cap on what a player who has not had a turn loses to a first-turn declaration."""


class IndianRummyRules(Ruleset):
    """Indian Rummy's variant toggles, with the rules file's recommended defaults."""

    format: Literal["points", "pool101", "pool201", "pool61", "best_of_3_pool", "deals"] = toggle(
        "pool101", "Format"
    )
    """points: one deal settled at the point value; pool101/pool201/pool61: totals add up and a
    player is out on reaching 101/201/61, the last one left wins; best_of_3_pool: three deals,
    lowest total wins; deals: a fixed number of deals played for chips."""
    deals_count: Literal[2, 3, 6] = toggle(2, "Deals (deals rummy)")
    """How many deals a deals-rummy match has (best of 2, 3 or 6)."""
    point_value: int = toggle(1, "Point value", ge=1, le=1000)
    """Points rummy: what one penalty point is worth in the settlement."""
    points_deals: int = toggle(1, "Deals (points rummy)", ge=1, le=50)
    """Points rummy: deals in the match, with a running total of the settlements."""
    decks: Literal["auto", 1, 2] = toggle("auto", "Decks")
    """auto: one 52-card deck and 1 printed joker for 2 players, two decks and 2 jokers for 3-6;
    or 1 or 2 decks (each with one printed joker)."""
    wild_indicator_in_play: bool = toggle(False, "Cut card in play")
    """The face-up cut card lies under the closed deck and is drawn as its last card. Off: it is
    only an indicator, out of play."""
    printed_joker_cut_makes_aces_wild: bool = toggle(True, "Joker cut makes aces wild")
    """When the cut card is a printed joker, aces are the wild rank. Off: only printed jokers are
    wild."""
    wild_in_natural_place_is_pure: bool = toggle(True, "Wild card in its place is pure")
    """A card of the wild rank used as itself (7H in 6H 7H 8H with 7s wild) keeps a sequence
    pure."""
    set_may_exceed_4_with_jokers: bool = toggle(False, "Sets above 4 with jokers")
    """A set of all four suits may take extra wild cards, making 5 or more cards (NexGen)."""
    allow_all_joker_group: bool = toggle(True, "Joker groups")
    """Three or more wild cards alone make a valid group (never a sequence)."""
    four_card_life: bool = toggle(False, "Four-card life")
    """One of the two required sequences must have 4 or more cards (RummyOn)."""
    joker_pickup_from_open: Literal["allowed", "first_card_only", "never"] = toggle(
        "allowed", "Jokers from the open deck"
    )
    """Whether a wild card may be taken from the open deck: always, only the first up-card before
    anyone has discarded (NexGen, 1toking), or never."""
    may_discard_taken_open_card: bool = toggle(False, "Throw back the taken card")
    """The card just taken from the open deck may be discarded in the same turn."""
    drop_penalties: Literal["format", "20/40", "25/50", "15/30", "10/30", "none"] = toggle(
        "format", "Drop penalties"
    )
    """First drop / middle drop: format = 20/40 in points and pool 101, 25/50 in pool 201, 15/30
    in pool 61, no drop in best-of-3 pool and deals; or a pair; none: no drop."""
    wrong_show_penalty: Literal["format", 80, 60] = toggle("format", "Wrong show")
    """Points for a wrong declaration: format = 80 (60 in pool 61), or 80, or 60."""
    max_deal_penalty: int = toggle(80, "Full count", ge=1, le=200)
    """The most a loser's cards can cost in one deal."""
    rejoin: Literal["off", "once", "unlimited"] = toggle("off", "Rejoin (pool)")
    """An eliminated player may come back on the highest remaining total + 1 while no remaining
    total is above 79 (101 pool), 174 (201) or 44 (61): never, once per player, or any number of
    times."""
    first_hand_show_cap: int = toggle(0, "First-turn show cap", ge=0, le=80)
    """When a player declares validly on their very first turn, players who have not had a turn
    yet lose at most this much (Adda52: 40; 0 = no cap)."""
    show_phase: bool = toggle(True, "Losers show in turn")
    """After a valid declaration each other player accepts the best grouping or shows their own
    ('show'). Off: the game scores them at once with the best grouping."""
    max_closed_deck_rebuilds: int = stock_rebuilds(
        "Closed deck rebuilds", "the deal is void and dealt again", default=5, pile="closed deck"
    )


PRESETS: dict[str, dict[str, Any]] = {
    "pool 101": {},
    "pool 201": {"format": "pool201"},
    "pool 61": {"format": "pool61"},
    "pool 101 with rejoin": {"rejoin": "once"},
    "best of 3 pool": {"format": "best_of_3_pool"},
    "points rummy": {"format": "points"},
    "deals, best of 2": {"format": "deals", "deals_count": 2},
    "deals, best of 3": {"format": "deals", "deals_count": 3},
    "deals, best of 6": {"format": "deals", "deals_count": 6},
    "strict purity": {"wild_in_natural_place_is_pure": False},
    "NexGen table": {"set_may_exceed_4_with_jokers": True, "joker_pickup_from_open": "first_card_only"},
    "RummyOn points": {"format": "points", "four_card_life": True, "drop_penalties": "10/30"},
    "Adda52 points": {"format": "points", "first_hand_show_cap": FIRST_HAND_CAP, "drop_penalties": "10/30"},
}
