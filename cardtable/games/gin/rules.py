"""Gin Rummy's rules model: the variant toggles (``GinRules``) and the named presets."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle


class GinRules(Ruleset):
    """Gin Rummy's variant toggles. Defaults: the standard game (knock at 10, 25-point gin and
    undercut bonuses, game to 100 with 100 game bonus, 25 a hand won, shutout doubled)."""

    knock_value: int = toggle(10, "Knock value", ge=0, le=10)
    """The most deadwood a player may knock with. 0: no knocking, only gin ends a hand (straight
    gin)."""
    oklahoma: bool = toggle(False, "Oklahoma")
    """The first upcard sets each hand's knock value instead: its deadwood value (face cards 10);
    an ace means gin only."""
    spades_double: bool = toggle(True, "Oklahoma: spades double")
    """With Oklahoma, a spade as the first upcard doubles everything that hand scores."""
    gin_bonus: int = toggle(25, "Gin bonus", ge=0, le=100)
    """Added to the defender's deadwood for going gin."""
    big_gin: bool = toggle(True, "Big gin")
    """A player whose eleven cards all meld after drawing may go big gin without discarding."""
    big_gin_bonus: int = toggle(31, "Big gin bonus", ge=0, le=100)
    """Added to the defender's deadwood for big gin (instead of the gin bonus)."""
    undercut_bonus: int = toggle(25, "Undercut bonus", ge=0, le=100)
    """Added to the difference when the defender's deadwood is at most the knocker's (10 or 20 in
    some rules)."""
    target_score: int = toggle(100, "Game to", ge=10, le=1000)
    """The game ends when a player's hand points reach this."""
    game_bonus: int = toggle(100, "Game bonus", ge=0, le=500)
    """Added to the winner's score at the end of the game."""
    line_bonus: int = toggle(25, "Line (box) bonus", ge=0, le=100)
    """Added at the end of the game for each hand a player won."""
    shutout_doubles: bool = toggle(True, "Shutout doubles")
    """If the loser scored nothing in the game, the winner's points and game bonus are doubled
    (before the line bonuses)."""
    aces_low_only: bool = toggle(True, "Aces low only")
    """A-2-3 is a run and Q-K-A is not. Off: Q-K-A is a run too (never K-A-2)."""
    discard_taken_card: bool = toggle(False, "Throw back a taken card")
    """A card taken from the discard pile may be discarded again in the same turn."""
    knocker_lays_melds: bool = toggle(False, "Knocker arranges the melds")
    """After a knock the knocker lays the melds one by one (when more than one arrangement is
    possible), which decides what the defender can lay off. Off: the least-deadwood arrangement
    is laid at once."""
    manual_layoffs: bool = toggle(False, "Defender lays off by hand")
    """After a knock the defender chooses the lay-offs ('layoff 1 9H', then 'pass'). Off: the
    best lay-offs for the defender are made automatically."""
    max_hands: int = toggle(100, "Hands at most", ge=0, le=1000)
    """Not from the sources: the game also ends after this many hands, the higher total winning
    (both on a tie), with no bonuses. A guard against games nobody finishes, such as straight gin
    played at random. 0: no limit."""
    next_dealer: Literal["loser", "winner", "alternate"] = toggle("loser", "Next dealer")
    """Who deals the next hand: the loser of the hand (pagat), the winner, or the players in
    turn. After a drawn hand the same dealer deals again, except in turn."""


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "Oklahoma": {"oklahoma": True, "target_score": 150},
    "straight gin": {"knock_value": 0},
    "10/20 scoring": {"gin_bonus": 20, "undercut_bonus": 10},
    "at the table": {"knocker_lays_melds": True, "manual_layoffs": True},
}
