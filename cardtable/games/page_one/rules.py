"""Page One's rules model: every toggle with its help text, and the presets."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle

RECOMMENDED_MAX = 6
"""More seats than this work best with ``no_rebuild_pickup`` (the rules file)."""


class PageOneRules(Ruleset):
    """Page One's variant toggles. Defaults follow pagat's base game (one deal, no scoring)."""

    deal_size: Literal[4, 5] = toggle(4, "Cards dealt")
    """Cards dealt to each player: 4 (the base game) or 5 (a variation)."""
    joker_only_when_void: bool = toggle(False, "Joker only when void")
    """The joker may be played only by a player who has no card of the suit led."""
    joker_forced_when_void: bool = toggle(False, "Joker forced when void")
    """A player with no card of the suit led who holds the joker must play it and may not draw."""
    joker_not_last: bool = toggle(False, "Joker may not be last")
    """The joker may not be played as a player's last card; a player whose only card is the joker
    draws from the stock before playing."""
    no_rebuild_pickup: bool = toggle(False, "No rebuilt stock: pick up the trick")
    """The stock is never rebuilt. Once it is used up, a player who cannot follow takes the cards
    of the trick into hand ('take'), the trick stops there, and whoever played its highest card
    leads. Good for 7 or 8 players."""
    drawn_joker_playable: bool = toggle(True, "Drawn joker playable")
    """A joker drawn while searching for the suit may be played at once (the sources are silent).
    Off: it stays in hand and the search goes on."""
    page_one_call: bool = toggle(True, "The Page One call")
    """A play that leaves one card must call 'Page One!' ('play QH call'); the engine applies the
    penalty for a missed call. Off: no call and no penalty."""
    max_rebuilds: int = toggle(20, "Stock rebuilds before a drawn deal", ge=0, le=100)
    """Not from the sources: a guard against deals nobody can finish (two players can pass the
    same cards round for hundreds of tricks). Once the stock has been rebuilt this often it is
    not rebuilt again, and a player who must draw from an empty stock ends the deal as a draw. 0
    = rebuild for ever (the sources)."""
    call_penalty: int = toggle(5, "Penalty cards", ge=1, le=10)
    """Cards drawn by a player who forgot to call Page One."""
    match: Literal["single", "first-to-n", "fewest-cards"] = toggle("single", "Match")
    """single: one deal, its winner wins (the source). first-to-n: deals until a player has won
    match_wins of them. fewest-cards: match_deals deals, losers score their cards left, the
    lowest total wins. The match modes are app additions, not from a source."""
    match_wins: int = toggle(3, "Deals to win the match", ge=1, le=10)
    """first-to-n: deals a player must win to win the match."""
    match_deals: int = toggle(5, "Deals in the match", ge=1, le=20)
    """fewest-cards: how many deals the match lasts."""


PRESETS: dict[str, dict[str, Any]] = {
    "pagat base game": {},
    "five cards": {"deal_size": 5},
    "strict joker": {"joker_only_when_void": True, "joker_forced_when_void": True},
    "joker not last": {"joker_not_last": True},
    "big table (7-8 players)": {"no_rebuild_pickup": True},
    "match to 3 wins": {"match": "first-to-n", "match_wins": 3},
    "fewest cards over 5 deals": {"match": "fewest-cards", "match_deals": 5},
}
