"""Joker Poker's rules of play, one predicate each: the generator lists exactly the moves
none of them refuses, and the first that refuses a move says why (§7.7-7.8)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule, not_held
from cardtable.engine.words import plural

from .moves import BET_VERBS, DRAW_VERBS, draw_limit, has_openers, rank_hand

JokerPoker = Any
"""The game the predicates read (game.py imports this module)."""

_PHASE_WORDS = {"bet": "a betting round", "draw": "the draw", "deal-over": "the end of the hand"}


def _phase(g: JokerPoker, m: Move) -> str | None:
    ph = g.phase_
    verbs = BET_VERBS if ph == "bet" else DRAW_VERBS if ph == "draw" else ("next",)
    if m.kind in verbs:
        return None
    if ph == "deal-over":
        return "the hand is over: play 'next' to deal the next one"
    if m.kind in DRAW_VERBS:
        now = _PHASE_WORDS[ph]
        return f"'{m.kind}' belongs to the draw, and this is {now}: check, call, bet, raise, fold or allin"
    if m.kind in BET_VERBS:
        return (
            f"'{m.kind}' belongs to a betting round, and this is the draw: "
            "discard the cards to exchange, or stand"
        )
    return f"'{m.kind}' is not possible now: this is {_PHASE_WORDS.get(ph, ph)}"


def _check(g: JokerPoker, m: Move) -> str | None:
    if m.kind != "check":
        return None
    if not g.options().to_call:
        return None
    call = g.call_amount()
    if call == g.chips.stacks[g.cur]:
        return f"you cannot check: {plural(call, 'chip')} to call, all you have (call or fold)"
    return f"you cannot check: {plural(call, 'chip')} to call (call, raise or fold)"


def _call(g: JokerPoker, m: Move) -> str | None:
    if m.kind == "call" and g.options().to_call == 0:
        return "there is nothing to call: check, or bet"
    return None


def _fold(g: JokerPoker, m: Move) -> str | None:
    if m.kind == "fold" and g.options().to_call == 0:
        return "you may check for free, so folding is refused: check instead"
    return None


def _bet_or_raise(g: JokerPoker, m: Move) -> str | None:
    if m.kind == "bet" and g.chips.current_bet > 0:
        example = g.options().min_to or 2 * g.chips.current_bet
        return f"there is a bet ({g.chips.current_bet}) already: raise to a total ('raise {example}') or call"
    if m.kind == "raise" and g.chips.current_bet == 0:
        return "there is no bet to raise: bet, as in 'bet 2'"
    return None


def _openers(g: JokerPoker, m: Move) -> str | None:
    opens = m.kind == "bet" or (m.kind == "allin" and g.chips.current_bet == 0)
    if not opens or not g.opening_needed():
        return None
    hand = g.hand(g.cur)
    if has_openers(hand, g.rules):
        return None
    return f"jacks or better to open: your hand is {rank_hand(hand, g.rules)}, so check"


def _may_raise(g: JokerPoker, m: Move) -> str | None:
    if m.kind not in ("bet", "raise", "allin"):
        return None
    o = g.options()
    t = g.chips
    if m.kind == "allin":
        if o.all_in:
            return None
        if t.stacks[g.cur] == 0:
            return "you are all-in already"
    elif o.min_to is not None or (o.all_in and o.all_in_to > t.current_bet):
        return None
    if t.stacks[g.cur] <= o.to_call:
        return "your stack only calls: call (you are then all-in) or fold"
    if t._cap_reached():
        return f"the betting is capped (a bet and {g.rules.raise_cap} raises this round): call or fold"
    if t.acted[g.cur] and t.acted_full[g.cur] >= t.full_count:
        return "a short all-in does not reopen the betting for you: call or fold"
    if g.rules.structure == "fixed_limit" and m.kind == "allin":
        return f"fixed limit: you may raise only to {o.min_to}; going all-in for {o.all_in_to} is more"
    return "you may not bet or raise now"


def _amount(g: JokerPoker, m: Move) -> str | None:
    if m.kind not in ("bet", "raise") or not m.word.isdigit():
        return None
    total = int(m.word)
    o = g.options()
    stack_to = o.all_in_to
    if total > stack_to:
        return f"{total} is more than you have: your stack takes you to {stack_to} at most ('allin')"
    if o.min_to is None or o.max_to is None:
        if total == stack_to:
            return None  # the all-in, which _may_raise has judged
        return f"you may only go all-in ({stack_to}) now"
    if g.rules.structure == "fixed_limit" and total != o.min_to and total != stack_to:
        return f"fixed limit: {'bets' if m.kind == 'bet' else 'raises'} are to exactly {o.min_to} now"
    if total < o.min_to and total != stack_to:
        what = "bet" if m.kind == "bet" else "raise"
        return f"the smallest {what} is to {o.min_to} (only an all-in may be less)"
    if total > o.max_to:
        return f"pot limit: you may raise to {o.max_to} at most"
    return None


def _discard(g: JokerPoker, m: Move) -> str | None:
    if m.kind != "discard":
        return None
    hand = g.hands[g.cur]
    if (unheld := not_held(m.cards, hand)) is not None:
        return unheld
    if len(set(m.cards)) != len(m.cards):
        return "name each card to exchange once"
    kept = [c for c in hand if c not in m.cards]
    limit = draw_limit(kept, g.rules)
    if len(m.cards) > limit:
        bonus = " (one more when you keep and show a natural ace)" if g.rules.ace_bonus and limit < 5 else ""
        return f"you may exchange at most {limit} cards{bonus}"
    return None


PLAY_RULES = (
    Rule("phase", "two betting rounds around one draw, then 'next' deals again", _phase),
    Rule("check", "a player may check only with nothing to call", _check),
    Rule("call", "a player calls only a bet", _call),
    Rule("fold", "folding is refused when checking is free", _fold),
    Rule("bet or raise", "bet when nobody has; raise a bet", _bet_or_raise),
    Rule("openers", "with jackpots, opening the betting needs jacks or better", _openers),
    Rule("raise", "the raise cap and the short all-in limit raising", _may_raise),
    Rule("amount", "bets and raises within the structure's sizes and the stack", _amount),
    Rule("draw", "exchange cards held, up to the draw limit", _discard),
)
