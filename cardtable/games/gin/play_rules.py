"""Gin Rummy's rules of play, one predicate each (``PLAY_RULES``, in the order they are asked).

Each rule says why a move breaks it now, or None. The move generator (``game.py``) lists
exactly the moves no rule refuses, and it asks the same questions of the state: the ways to
end a hand (``GinState.endings``), the melds a knocker may lay (``feasible_melds``), whether a
card fits a table meld (``extended``), the card taken this turn (``_barred``).

>>> from cardtable.engine import new_game
>>> g = new_game("gin", ["Ann", "Bob"], seed=1)
>>> g.check("draw")
Refusal(rule='phase', reason="first the upcard: Ann may 'take' 2H or 'pass'")
>>> g.check("next")
Refusal(rule='next', reason='the hand is still going on')
"""

from __future__ import annotations

from cardtable.engine.cards import Card, names
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule, not_held

from .state import GinState

CARD_VERBS = ("discard", "knock", "gin")
"""The verbs that end a turn by throwing one card."""

AFTER_DRAWING = {
    "draw": "you have drawn already this turn: discard, knock or go gin",
    "take": "you have drawn already this turn: discard, knock or go gin",
    "pass": "'pass' is only for the upcard offer at the start of a hand",
    "meld": "melds go down when you knock: 'knock KS' or 'gin KS' lays them",
    "layoff": "only the defender lays off, after the other player knocks",
}
"""Why a verb of another phase is refused once the player has drawn."""


def _next(game: GinState, move: Move) -> str | None:
    if game.phase_ == "deal-over":
        return None if move.kind == "next" else "the hand is over: play 'next' to deal the next one"
    return "the hand is still going on" if move.kind == "next" else None


def _phase(game: GinState, move: Move) -> str | None:
    """The verbs each phase takes (the upcard offer, the draw, the discard, the knocker's
    melds, the lay-offs)."""
    phase, kind = game.phase_, move.kind
    name = game.players[game.cur]
    if phase == "offer" and kind not in ("take", "pass"):
        return f"first the upcard: {name} may 'take' {game.discard[-1].name} or 'pass'"
    if phase == "draw" and kind not in ("draw", "take"):
        if kind == "pass":
            return "'pass' is only for the upcard offer at the start of a hand: draw or take"
        how = (
            "'draw' from the stock"
            if game.no_take
            else f"'draw' from the stock or 'take' {game.discard[-1].name}"
        )
        return f"{name} must draw first: {how}"
    if phase == "play":
        return AFTER_DRAWING.get(kind)
    if phase == "knock" and kind != "meld":
        return f"{name} knocked: lay your melds first, as in 'meld 7H 8H 9H'"
    if phase == "layoff" and kind not in ("layoff", "pass"):
        return "lay off on the knocker's melds ('layoff 1 9H') or 'pass' to stop"
    return None


def _stock(game: GinState, move: Move) -> str | None:
    if game.phase_ == "draw" and move.kind == "take" and game.no_take:
        return "both players passed the upcard: the first card comes from the stock ('draw')"
    return None


def _big_gin(game: GinState, move: Move) -> str | None:
    if game.phase_ != "play" or move.kind != "biggin":
        return None
    if not game.rules.big_gin:
        return "big gin is not played under these rules (big_gin is off): discard a card"
    hand = game.hands[game.cur]
    if game.endings(hand, game._barred()).big:
        return None
    return f"big gin needs all eleven cards in melds; {names(game.arrange(hand).deadwood)} are left over"


def _hold(game: GinState, move: Move) -> str | None:
    return not_held(move.cards, game.hands[game.cur])


def _taken(game: GinState, move: Move) -> str | None:
    barred = game._barred()
    if game.phase_ == "play" and move.kind in CARD_VERBS and barred is not None and move.cards[0] == barred:
        return f"you took {barred.name} from the discard pile this turn: discard another card"
    return None


def _knock(game: GinState, move: Move) -> str | None:
    """Knock with at most the knock value of deadwood; with none, it is gin."""
    found = _refused_ending(game, move, "knock")
    if found is None:
        return None
    card, penalty, left = found
    if penalty == 0:
        return f"with {card.name} discarded you have gin: write 'gin {card.name}'"
    if game.knock_value == 0:
        why = "the upcard was an ace (Oklahoma)" if game.rules.oklahoma else "knock_value is 0"
        return f"only gin ends this hand ({why}): with {card.name} discarded your deadwood is {left}"
    return (
        f"with {card.name} discarded your deadwood is {left}: you may knock with at most {game.knock_value}"
    )


def _gin(game: GinState, move: Move) -> str | None:
    """Gin leaves no deadwood."""
    found = _refused_ending(game, move, "gin")
    if found is None:
        return None
    card, penalty, left = found
    text = f"that is not gin: with {card.name} discarded your deadwood is {left}"
    if penalty <= game.knock_value:
        text += f"; you may knock ('knock {card.name}')"
    return text


def _refused_ending(game: GinState, move: Move, verb: str) -> tuple[Card, int, str] | None:
    """For a ``verb`` move ('knock' or 'gin') after drawing that is not one of the ways to end
    the hand the state allows: the card thrown and the least deadwood left without it (a
    number, and in words). None for any other move."""
    if game.phase_ != "play" or move.kind != verb:
        return None
    hand = game.hands[game.cur]
    card = move.cards[0]
    endings = game.endings(hand, game._barred())
    if any(c.key == card.key for c in (endings.knocks if verb == "knock" else endings.gins)):
        return None
    arr = game.arrange([c for c in hand if c != card])
    return card, arr.penalty, f"{arr.penalty} ({names(arr.deadwood)})"


def _meld(game: GinState, move: Move) -> str | None:
    """The knocker lays melds that keep the deadwood left within the knock value."""
    if game.phase_ != "knock" or move.kind != "meld":
        return None
    wanted = sorted(c.key for c in move.cards)
    if any(sorted(c.key for c in m.cards) == wanted for m in game.feasible_melds(game.hands[game.cur])):
        return None
    return (
        f"{' '.join(move.tokens())} would leave you more than {game.knock_limit} deadwood: "
        "lay your melds another way"
    )


def _fit(game: GinState, move: Move) -> str | None:
    """A card laid off extends the table meld it goes on."""
    if game.phase_ != "layoff" or move.kind != "layoff" or move.target is None:
        return None
    card = move.cards[0]
    meld = game.melds_[move.target - 1]
    if game.extended(meld, card) is not None:
        return None
    return f"{card.name} does not fit meld {move.target} {meld}"


PLAY_RULES = (
    Rule("next", "'next' deals the next hand once this one is over, and only then.", _next),
    Rule(
        "phase",
        "Each phase takes its own verbs: take or pass the upcard, draw, discard, meld, lay off.",
        _phase,
    ),
    Rule("stock", "If both players pass the upcard, the first card is drawn from the stock.", _stock),
    Rule("biggin", "Big gin (when played) needs all eleven cards in melds.", _big_gin),
    Rule("hold", "A player plays only cards they hold.", _hold),
    Rule("taken", "A card taken from the discard pile is not thrown back the same turn.", _taken),
    Rule("knock", "A knock leaves at most the knock value of deadwood (none: that is gin).", _knock),
    Rule("gin", "Gin leaves no deadwood.", _gin),
    Rule("meld", "The knocker's melds leave deadwood within the knock value.", _meld),
    Rule("fit", "A card laid off must extend the knocker's meld it goes on.", _fit),
)
"""Gin Rummy's rules of play, in the order they are asked."""
