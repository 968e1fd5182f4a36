"""Progressive Rummy's rule toggles (:class:`ProgressiveRules`) and its named presets.

The Five Crowns preset plays on Five Crowns' own deck with its card values; what those are
lives in :mod:`.five_crowns`, chosen by the ``deck`` and ``score_preset`` fields.
"""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle
from cardtable.kits.rummy.options import stock_rebuilds


class ProgressiveRules(Ruleset):
    """3-13's variant toggles. Defaults follow the seed post and the rules file."""

    score_preset: Literal["family", "numeric", "bush", "five_crowns"] = toggle("family", "Card values")
    """family: A 1, 2-10 face value, J Q K 10, a wild-rank card or joker 20 (seed comments).
    numeric: J 11, Q 12, K 13, a wild-rank card its face value, joker 20. bush: as family, but a
    joker 50. five_crowns: face value, J 11, Q 12, K 13, a wild-rank card 20, joker 50."""
    deck: Literal["standard", "five_crowns"] = toggle("standard", "Deck")
    """standard: 52-card packs and 2 jokers a pack. five_crowns: Five Crowns' packs of five suits
    (stars, X, the fifth), ranks 3 to king only, 3 jokers a pack; two packs unless 'Packs' says
    otherwise. No aces there: the Bush rounds and the high ace are refused."""
    bush_extension: bool = toggle(False, "Bush Rummy rounds")
    """After the kings round play an ace round (14 cards, aces wild) and a 2s round (15 cards, 2s
    wild): 13 rounds."""
    rounds_to_play: int = toggle(11, "Rounds to play", ge=1, le=11)
    """Play only the first R rounds (the short game for young children); 11 plays them all, with
    the Bush rounds too when those are on."""
    no_go_out_first_turn: bool = toggle(False, "No going out on the first turn")
    """Nobody may go out on their own first turn of a round (a family's house rule)."""
    runs_any_suit: bool = toggle(False, "Runs of any suits")
    """A run may mix suits, as in 5H 6S 7H (a suggestion for small children); normally a run is
    one suit."""
    ace_high: bool = toggle(False, "Ace high too")
    """Q-K-A is a run as well as A-2-3 (never K-A-2). Normally the ace is low only."""
    include_jokers: bool = toggle(True, "Jokers")
    """Two jokers per pack, wild in every round (seed). Off: no jokers (Wikipedia)."""
    decks: Literal["auto", "1", "2", "3"] = toggle("auto", "Packs")
    """auto: one pack per two players (seed; pagat's 1 for 2 players and 2 for 3-4 agree), or two
    Five Crowns packs; or a fixed number, refused if too few for the largest round."""
    all_wild_meld_allowed: bool = toggle(True, "All-wild melds")
    """A meld may be made of wild cards only (pagat). Off: each meld needs a card that is neither
    a joker nor of the wild rank (gamerules.com); a wild-rank card then always counts as a wild
    card, even in its own place."""
    max_wilds_per_meld: Literal["unlimited", "one"] = toggle("unlimited", "Wild cards per meld")
    """Any number (pagat, Five Crowns), or one (a Wikipedia variant)."""
    final_turn_layoff: bool = toggle(False, "Lay off on the last turn")
    """In their last turn the other players may lay cards off on the melds of the player who went
    out (familycardgame). Normally there is no laying off."""
    dummy_hat: bool = toggle(False, "Dummy hat")
    """Whoever last discarded a wild card wears the dummy hat (a badge, no score effect)."""
    max_stock_rebuilds: int = stock_rebuilds(
        "Stock rebuilds before the round ends",
        "the round ends and everyone scores the cards left out of sets and runs",
    )


PRESETS: dict[str, dict[str, Any]] = {
    "3-13 (seed rules)": {},
    "numeric card values": {"score_preset": "numeric"},
    "Bush Rummy": {"bush_extension": True, "score_preset": "bush"},
    "Dummy Rummy": {"dummy_hat": True},
    "short game for younger kids": {"rounds_to_play": 5},
    "house rule: no going out on the first turn": {"no_go_out_first_turn": True},
    "Wikipedia (two packs, no jokers)": {"include_jokers": False, "decks": "2"},
    "gamerules.com (a natural card in every meld)": {"all_wild_meld_allowed": False},
    "Five Crowns": {"deck": "five_crowns", "score_preset": "five_crowns"},
    "runs of mixed suits (for small children)": {"runs_any_suit": True},
}

__all__ = ["PRESETS", "ProgressiveRules"]
