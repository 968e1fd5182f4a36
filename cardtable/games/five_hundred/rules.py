"""Five Hundred's rules model: every toggle of ``shared/rules/five-hundred.md`` §6.7 with its
help text, and the presets."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle

When = Literal["any time", "after a seven bid", "never"]
"""When misère (or open misère) may be bid."""


class FiveHundredRules(Ruleset):
    """Five Hundred's variant toggles. Defaults: the Australian standard (Avondale schedule)."""

    pass_is_final: bool = toggle(True, "A pass is final")
    """A player who passes may not bid again in that auction. Off: a player may re-enter (the
    auction still ends when the others have all passed after the last bid)."""
    misere: When = toggle("after a seven bid", "Misère")
    """When misère (win no tricks, 250, between 8♠ and 8♣) may be bid: any time, only once
    somebody has bid seven or more in this auction, or never."""
    open_misere: When = toggle("any time", "Open misère")
    """When open misère (misère with the hand laid face up after the first trick, 500; 10♥
    overcalls it) may be bid: any time, only after a seven bid, or never."""
    all_pass: Literal["redeal", "play_nt"] = toggle("redeal", "All pass")
    """When nobody bids: redeal (the next dealer deals, no score), or play the hand out in
    No-Trumps with no contractor, each side scoring 10 a trick."""
    nt_joker_void_rule: bool = toggle(True, "No-Trumps joker only when void")
    """In No-Trumps and misère the joker may be played only by a player with no card of the suit
    led (the usual Australian rule). Off: any time."""
    nt_joker_suit: Literal["when_led", "nominated"] = toggle("when_led", "No-Trumps joker's suit")
    """In No-Trumps and misère, the suit to follow when the joker is led: named by its player as
    it is led ('play JK=C'), or nominated by the contractor for the whole hand before the first
    lead ('nominate C')."""
    slam_bonus: bool = toggle(True, "Slam bonus")
    """Taking all ten tricks on a contract worth less than 250 scores 250 instead."""
    defender_tricks: int = toggle(10, "Points per defending trick", ge=0, le=50)
    """What the defenders score for each trick they take in suit and No-Trumps contracts (0:
    nothing)."""
    misere_defender_tricks: bool = toggle(False, "Defenders score against misère")
    """The defenders also score their points per trick against misère and open misère."""
    contractor_only_wins: bool = toggle(False, "Only the contractor can win")
    """A side can pass the target only by making a contract: defending points stop at 10 below
    the target (490)."""
    target: int = toggle(500, "Target", ge=100, le=1000)
    """The first side to reach this wins; a side at minus this or lower loses. If both sides pass
    it on one hand, the contractor's side wins."""
    six_player_teams: Literal["3x2", "2x3"] = toggle("3x2", "Six-player teams")
    """With six players: three teams of two, partners opposite, or two teams of three in
    alternating seats."""
    five_player_partner: Literal["called card", "contractor alone"] = toggle(
        "called card", "Five-player partner"
    )
    """With five players: the contractor calls a card after the kitty and its holder is the
    secret partner for the hand ('call QH'), or the contractor plays alone."""


PRESETS: dict[str, dict[str, Any]] = {
    "Australian standard": {},
    "contractor only wins": {"contractor_only_wins": True},
    "no misère": {"misere": "never", "open_misere": "never"},
    "play it out when all pass": {"all_pass": "play_nt"},
    "joker any time in No-Trumps": {"nt_joker_void_rule": False},
}
