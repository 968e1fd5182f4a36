"""Joker Poker's rules model: every toggle of ``shared/rules/joker-poker.md`` §7.6 and §7.11
for the draw game, with its help text, and the presets."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle


class JokerPokerRules(Ruleset):
    """Joker Poker (draw) variant toggles. Defaults: §7.6 (antes, fixed limit, the bug)."""

    joker_mode: Literal["bug", "wild"] = toggle("bug", "Joker")
    """The bug: the joker is an ace, or completes a straight, flush or straight flush. Wild: it
    stands for any card."""
    natural_beats_wild: bool = toggle(False, "Natural beats wild")
    """On an exact tie, a hand without the joker beats the same hand with it. Off: equal hands
    split."""
    double_ace_flush: bool = toggle(False, "Double-ace flush")
    """With the wild joker, in a flush the joker may duplicate a card already held."""
    starting_stack: int = toggle(200, "Starting stack", ge=2, le=100_000)
    """The chips each player starts with."""
    forced_bets: Literal["antes", "blinds", "both"] = toggle("antes", "Forced bets")
    """Antes (everyone posts the ante), blinds (the two players left of the button post half a
    small bet and a small bet), or both."""
    ante: int = toggle(1, "Ante", ge=1, le=1000)
    """What each player antes under antes (or both)."""
    structure: Literal["fixed_limit", "pot_limit", "no_limit"] = toggle("fixed_limit", "Betting")
    """Fixed limit (bets and raises of exactly the small bet before the draw and twice it after),
    pot limit (up to the pot) or no limit (up to the whole stack)."""
    small_bet: int = toggle(2, "Small bet", ge=2, le=1000)
    """The bet before the draw (the minimum bet in pot and no limit; the big blind); the bet
    after the draw is twice it."""
    raise_cap: int = toggle(4, "Raise cap", ge=1, le=10)
    """Fixed limit: raises allowed after the bet in one round with three or more players (none
    heads-up)."""
    openers: Literal["none", "jacks_or_better"] = toggle("none", "Openers")
    """Jacks or better: before the draw a player may open the betting only with a pair of jacks
    or better; if nobody opens, everyone antes again and the hand is dealt again."""
    max_draw: Literal[3, 4, 5] = toggle(3, "Draw limit")
    """The most cards a player may exchange in the draw."""
    ace_bonus: bool = toggle(True, "Ace bonus")
    """A player who keeps a natural ace may exchange one card more than the draw limit, showing
    the ace."""
    short_all_in_rule: Literal["full_bet", "half_bet"] = toggle("full_bet", "Short all-in")
    """Full bet: an all-in short of a full raise does not reopen the betting. Half bet (fixed
    limit only): an all-in of at least half a bet counts as a full bet or raise."""
    hand_limit: int = toggle(0, "Hand limit", ge=0, le=10_000)
    """The match ends after this many hands, most chips winning (0: play until one player has all
    the chips)."""


PRESETS: dict[str, dict[str, Any]] = {
    "home game": {},
    "jackpots": {"openers": "jacks_or_better"},
    "no limit, blinds": {"structure": "no_limit", "forced_bets": "blinds"},
    "pot limit, wild joker": {"structure": "pot_limit", "joker_mode": "wild"},
    "quick match (30 hands)": {"hand_limit": 30},
}
