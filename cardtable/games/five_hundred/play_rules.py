"""Five Hundred's rules of play, one predicate each (the generator shares their helpers)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.cards import JOKER_RANK, SUIT_NAMES, SUITS
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule, not_held
from cardtable.kits.tricks import follow_refusal

from .contract import (
    KITTY_SIZE,
    PHASE_WORDS,
    VERBS_OF_PHASE,
    read_bid,
)

FiveHundred = Any
"""The game the predicates read (game.py imports this module, so the class is not imported
here: modules do not import each other, even for types)."""


# ---------------------------------------------------------------------------- rules of play
# One predicate per rule: the generator lists exactly the moves none of them refuses (it
# calls the same helpers), and the first that refuses an unlisted move says why.


def _phase(g: FiveHundred, m: Move) -> str | None:
    verbs = VERBS_OF_PHASE.get(g.phase_, ())
    if m.kind in verbs:
        return None
    if g.phase_ == "deal-over":
        return "the deal is over: play 'next' to deal again"
    where = next((p for p, vs in VERBS_OF_PHASE.items() if m.kind in vs), None)
    now = PHASE_WORDS.get(g.phase_, g.phase_)
    if where is None:
        return f"'{m.kind}' is not a Five Hundred move now: this is {now}"
    return f"'{m.kind}' belongs to {PHASE_WORDS[where]}, and this is {now}"


def _overcall(g: FiveHundred, m: Move) -> str | None:
    if m.kind != "bid" or g.high is None:
        return None
    bid = read_bid(m.word)
    assert bid is not None  # _canonical refuses other words
    if bid.rank > g.high.rank:
        return None
    return (
        f"a bid must be worth more than the last one: {bid.label} ({bid.value}) does not beat "
        f"{g.high.label} ({g.high.value})"
    )


def _misere_allowed(g: FiveHundred, m: Move) -> str | None:
    if m.kind != "bid":
        return None
    bid = read_bid(m.word)
    assert bid is not None
    if not bid.misere:
        return None
    refusal: str | None = g._misere_refusal(bid)
    return refusal


def _kitty(g: FiveHundred, m: Move) -> str | None:
    if m.kind != "discard":
        return None
    hand = g.hands[g.cur]
    if len(m.cards) != KITTY_SIZE:
        return (
            f"discard exactly three cards to end the kitty exchange (you named {len(m.cards)}): "
            "'discard 4H 5C 6D'"
        )
    if (unheld := not_held(m.cards, hand)) is not None:
        return unheld
    if len(set(m.cards)) != len(m.cards):
        return "discard three different cards"
    return None


def _call(g: FiveHundred, m: Move) -> str | None:
    if m.kind != "call":
        return None
    if len(m.cards) != 1:
        return "call one card, as in 'call QH'"
    card = m.cards[0]
    if card in g.hands[g.cur]:
        return f"you hold {card.name} yourself: call a card you do not hold"
    if card not in g.pack:
        return f"{card.name} is not in this pack"
    return None


def _hold(g: FiveHundred, m: Move) -> str | None:
    if m.kind == "play" and g._held(m.cards[0]) is None:
        return f"you do not hold {m.cards[0].name}"
    return None


def _joker_suit(g: FiveHundred, m: Move) -> str | None:
    if m.kind != "play":
        return None
    card = m.cards[0]
    naming = bool(m.suits and m.suits[0])
    needs = g._names_suit(card)
    if needs and not naming:
        return "name the suit the others must follow as you lead the joker: 'play JK=C' (or =S, =H, =D)"
    if naming and not needs:
        if card.rank != JOKER_RANK:
            return "only a led joker names a suit: write just the card"
        if g.phase_ != "lead":
            return "the joker names a suit only when it is led: write 'play JK'"
        if g.nominated:
            return f"the contractor nominated {SUIT_NAMES[g.nominated]} for the joker: write 'play JK'"
        return "the joker names a suit only in No-Trumps and misère: write 'play JK'"
    return None


def _follow(g: FiveHundred, m: Move) -> str | None:
    if m.kind != "play" or g.phase_ != "follow":
        return None
    held = g._held(m.cards[0])
    if held is None:
        return None
    return follow_refusal(held, g.hands[g.cur], g.led, g.order)


def _nominate(g: FiveHundred, m: Move) -> str | None:
    if m.kind == "nominate" and m.word.upper() not in SUITS:
        return "nominate one suit for the joker: 'nominate S', 'nominate H', 'nominate D' or 'nominate C'"
    return None


PLAY_RULES = (
    Rule("phase", "the auction, the kitty, the play, then 'next' deals again", _phase),
    Rule("overcall", "each bid must be worth more (Avondale value) than the last", _overcall),
    Rule("misere", "misère and open misère only when the rules allow them", _misere_allowed),
    Rule("kitty", "the contractor discards exactly three cards from the hand", _kitty),
    Rule("call", "with five players the contractor calls a card not in the hand", _call),
    Rule("nominate", "the contractor nominates a suit for the joker (nt_joker_suit)", _nominate),
    Rule("hold", "a player plays a card from their own hand", _hold),
    Rule("joker suit", "a joker led in No-Trumps or misère names the suit to follow", _joker_suit),
    Rule("follow", "follow the suit led (the left bower is a trump) if you can", _follow),
)
