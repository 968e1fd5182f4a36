"""Scala 40's ruleset: every variant toggle with its help text, and the presets."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle
from cardtable.kits.rummy.options import stock_rebuilds


class Scala40Rules(Ruleset):
    """Scala 40's variant toggles. Defaults follow the seed page (pagat's base game)."""

    single_game: bool = toggle(False, "Single game")
    """Each deal stands alone: the closer wins and no one counts cards."""
    target_score: Literal[101, 151, 201, 501] = toggle(101, "Retiring score")
    """A player whose total reaches this retires from the match."""
    reentry: bool = toggle(False, "Re-entry")
    """While two or more players are below the target, those who reach it are reset to the
    highest score below it instead of retiring."""
    no_elimination: Literal[0, 1000, 1500, 2000] = toggle(0, "Play to (no elimination)")
    """0 = off. Otherwise nobody retires; the match ends when the highest total reaches this and
    the lowest total wins."""
    court_values_high: bool = toggle(False, "Court cards high")
    """J 11, Q 12, K 13, A 14 in sets and at the top of runs (so AAA opens); in hand too, and a
    joker left in hand counts 14."""
    earlier_discard: bool = toggle(False, "Earlier use of the discard")
    """A player who has not opened may take the top discard to use in the opening melds that
    turn."""
    open_and_close_double: bool = toggle(False, "Open and close doubles")
    """A player who melds all 13 cards in one turn without having opened makes everyone else
    score double."""
    close_first_turn: bool = toggle(False, "Close on the first turn")
    """Closing on one's first turn is allowed; players who have not had a turn count all their
    cards."""
    unopened_flat_100: bool = toggle(False, "100 if not opened")
    """When someone closes, a player who has not opened scores a flat 100."""
    ban_playable_discard_unopened: bool = toggle(False, "No playable discards before opening")
    """A player who has not opened may not discard a card that fits a meld on the table."""
    ban_playable_discard_opened: bool = toggle(False, "No playable discards after opening")
    """An opened player who is not closing may not discard a card that fits a meld on the table."""
    ban_playable_discard_closing: bool = toggle(False, "No playable closing discard")
    """The closing discard may not be a card that fits a meld on the table."""
    first_player_upcard: bool = toggle(False, "First player may take the up-card")
    """The first player's first turn may take the turned-up card and keep it."""
    no_discard_needed_to_close: bool = toggle(False, "Close without a discard")
    """A player may close by melding every card, with nothing to discard."""
    four_of_kind_to_discard: bool = toggle(False, "Four of a kind is discarded")
    """A four-card set without jokers goes onto the discard pile, under its owner's discard."""
    multiple_jokers_per_meld: bool = toggle(False, "Several jokers per meld")
    """A meld may hold more than one joker."""
    upcard_may_be_joker: bool = toggle(True, "Joker may be the up-card")
    """Off: a joker turned up to start the discard pile goes back into the stock (FISCA)."""
    joker_discard_only_when_closing: bool = toggle(False, "Joker discard only to close")
    """A joker may be discarded only as the closing card."""
    single_ace_in_hand_counts_1: bool = toggle(False, "Lone ace counts 1")
    """An ace that is the only card left in hand counts 1."""
    close_in_hand_no_minimum: bool = toggle(False, "Closing in hand needs no 40")
    """Going out all at once without having opened needs no 40-point minimum."""
    keep_taken_discard: bool = toggle(False, "Keep the taken discard")
    """A card taken from the discard pile may stay in hand."""
    max_stock_rebuilds: int = stock_rebuilds(
        "Stock rebuilds before a void deal", "the deal ends with no score and is dealt again"
    )
    layoff_same_turn_as_opening: bool = toggle(True, "Lay off in the opening turn")
    """Once the opening melds reach 40, lay-offs and joker swaps are allowed in that same turn."""


PRESETS: dict[str, dict[str, Any]] = {
    "seed rules": {},
    "Italian federation": {
        "upcard_may_be_joker": False,
        "earlier_discard": True,
        "open_and_close_double": True,
        "unopened_flat_100": True,
        "ban_playable_discard_opened": True,
        "ban_playable_discard_unopened": True,
    },
    "Italian home game": {
        "earlier_discard": True,
        "open_and_close_double": True,
        "unopened_flat_100": True,
        "single_ace_in_hand_counts_1": True,
        "reentry": True,
    },
    "quick game": {"single_game": True},
}
