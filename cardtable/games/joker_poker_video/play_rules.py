"""The rules of play of the Joker Poker machine, one predicate each: the generator lists
exactly the moves no rule refuses, and the first rule that refuses a move says why."""

from __future__ import annotations

from typing import Any

from cardtable.engine.cards import names
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule

JokerPokerVideo = Any
"""The game the predicates read (game.py imports this module, so the class is not imported
here: modules do not import each other, even for types)."""

MAX_COINS = 5


def _double_up(game: JokerPokerVideo, move: Move) -> str | None:
    at_stake = game.phase_ == "double"
    if move.kind in ("double", "collect") and not at_stake:
        if not game.rules.double_up:
            return "this machine has no double-up (the 'Double-up' toggle is off)"
        return f"'{move.kind}' comes after a winning hand, while its win is at stake"
    if at_stake and move.kind not in ("double", "collect"):
        return f"{game.stake} credits are at stake: 'double' to risk them against a dealer card, or 'collect'"
    if move.kind == "double" and len(game.stock) < 2:
        return "the machine has no cards left to double with: 'collect'"
    return None


def _phase(game: JokerPokerVideo, move: Move) -> str | None:
    if move.kind in ("bet", "deal") and game.phase_ == "hold":
        return (
            f"'{move.kind}' starts a hand; now hold the cards to keep ('hold KH JK', or 'hold' to draw five)"
        )
    if move.kind == "hold" and game.phase_ != "hold":
        if game.phase_ == "deal-over":
            return f"this hand is paid: 'next' {game.next_words()}"
        return "'hold' comes after the deal: first 'bet 1' to 'bet 5' (or 'deal' to bet as last time)"
    if move.kind == "next" and game.phase_ != "deal-over":
        return f"'next' {game.next_words()} once the hand is paid"
    if move.kind in ("bet", "deal") and game.phase_ == "deal-over":
        return f"this hand is paid: 'next' {game.next_words()}, then bet"
    return None


def _bet_size(game: JokerPokerVideo, move: Move) -> str | None:
    if move.kind != "bet":
        return None
    coins = bet_coins(move)
    if coins is None or not 1 <= coins <= MAX_COINS:
        return f"a bet is 1 to {MAX_COINS} coins, as in 'bet 5' (got '{move.word}')"
    return None


def _credits(game: JokerPokerVideo, move: Move) -> str | None:
    if move.kind not in ("bet", "deal"):
        return None
    coins = bet_coins(move) if move.kind == "bet" else game.last_bet[game.cur]
    credits = game.total[game.cur]
    if coins is not None and coins > credits:
        return f"a bet of {coins} is more than your {credits} credits: bet {credits} or less"
    return None


def _dealt(game: JokerPokerVideo, move: Move) -> str | None:
    hand = game.hands[game.cur]
    missing = [c.name for c in move.cards if c not in hand] if move.kind == "hold" else []
    if not missing:
        return None
    return f"you can hold only the cards dealt to you ({names(hand)}); not {' '.join(missing)}"


def _joker_held(game: JokerPokerVideo, move: Move) -> str | None:
    if move.kind != "hold" or not game.rules.auto_hold_joker:
        return None
    if any(c.is_joker for c in game.hands[game.cur]) and not any(c.is_joker for c in move.cards):
        return "this machine holds the joker for you: every hold keeps JK"
    return None


def bet_coins(move: Move) -> int | None:
    """The coins of a ``bet N`` move, None if the word is not a whole number."""
    return int(move.word) if move.word.isdigit() else None


PLAY_RULES: tuple[Rule, ...] = (
    Rule("double-up", "after a win (double_up on): double against a dealer card, or collect", _double_up),
    Rule("phase", "bet (or deal) to start a hand; hold once per hand", _phase),
    Rule("bet size", "a bet is 1 to 5 coins", _bet_size),
    Rule("credits", "a bet may not exceed the player's credits", _credits),
    Rule("dealt cards", "only cards dealt may be held", _dealt),
    Rule("auto-hold joker", "with auto_hold_joker, every hold keeps a dealt joker", _joker_held),
)
"""The rules of play, checked in this order."""
