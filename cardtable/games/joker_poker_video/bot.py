"""Players at the Joker Poker machine (the shared ladder; the machine itself has no
opponents, so bots are for simulation and empty seats).

* easy: bets the most it can; holds a paying hand or a pair, else something random-ish.
* medium: a short strategy list (made hands, four to a flush or straight, the joker, a pair
  of kings or aces, any pair, three to a royal, high cards).
* hard: the exact best hold (:func:`cardtable.kits.poker.hold_values`), with the value of
  the holds in words (the hint).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from cardtable.bots import Decision, LevelPolicy, Turn
from cardtable.engine.cards import Card, parse_cards
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.kits.poker import PAY_LINES, hold_values, pay_line
from cardtable.kits.poker.video import pay_table

from .game import Bet, hold_text
from .play_rules import MAX_COINS
from .rules import JokerPokerVideoRules

_HIGH = (1, 13)  # ace, king: the paying pairs on kings tables
_MADE = PAY_LINES[: PAY_LINES.index("straight") + 1]
"""The paying lines of five cards that work together (a straight or better): stand pat."""


def _high(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def _coins_of(move: Move) -> int:
    """The coins a ``bet N`` or ``deal`` (the last bet again) move stakes."""
    return move.payload.coins if isinstance(move.payload, Bet) else int(move.word)


def _bet(turn: Turn, table: str) -> Decision:
    # `deal` repeats the last bet, so the most coins may be listed as `deal`, not `bet 5`
    bets = [m for m in turn.moves if m.kind in ("bet", "deal")]
    best = max(bets, key=_coins_of)
    coins = _coins_of(best)
    said = f"bet {coins}" if best.kind == "bet" else f"deal ({coins} coins)"
    if coins < MAX_COINS:
        return Decision(best, f"{said}: all the credits you have left")
    # Every other line pays the same per coin at any bet: only the royal's bonus differs.
    t = pay_table(table)
    top, below = t.pay("natural_royal", coins), t.pay("natural_royal", coins - 1)
    return Decision(best, f"{said}: a natural royal pays {top}, only {below} at {coins - 1} coins")


def _hold(moves: Sequence[Move], cards: Sequence[Card], why: str) -> Decision:
    want = Counter(c.name for c in cards)
    for m in moves:
        if Counter(c.name for c in m.cards) == want:
            return Decision(m, why)
    # auto_hold_joker may refuse a hold without the joker: keep the joker too
    joker = [c for c in moves[0].cards if c.is_joker] if moves else []
    return (
        _hold(moves, [*cards, *joker], why)
        if joker and not any(c.is_joker for c in cards)
        else Decision(moves[-1], why)
    )


def simple_hold(hand: Sequence[Card], table: str) -> tuple[list[Card], str]:
    """The medium strategy: the first line of a short list that fits the hand."""
    if pay_line(hand, table) in _MADE:
        return list(hand), "a made hand: stand"
    naturals = [c for c in hand if not c.is_joker]
    joker = [c for c in hand if c.is_joker]
    counts = Counter(c.rank for c in naturals)
    groups = [c for c in naturals if counts[c.rank] >= 2]
    if groups and (joker or max(counts.values()) >= 3 or len(groups) == 4):
        return groups + joker, "keep the trips or two pair"
    suits = Counter(c.suit for c in naturals)
    suit, n = suits.most_common(1)[0]
    if n + len(joker) >= 4:
        return [c for c in naturals if c.suit == suit] + joker, "four to a flush"
    for top in range(14, 4, -1):  # four to an open run
        run = [c for c in naturals if top - 4 <= _high(c) <= top or (top == 5 and c.rank == 1)]
        ranks = {_high(c) if not (top == 5 and c.rank == 1) else 1 for c in run}
        if len(ranks) + len(joker) >= 4 and len(ranks) == len(run):
            return run + joker, "four to a straight"
    if joker:
        high = [c for c in naturals if c.rank in _HIGH]
        return joker + high[:1], "keep the joker (and a king or ace: already a paying pair)"
    if groups:
        return groups, "keep the pair"
    royal = [c for c in naturals if _high(c) >= 10 and c.suit == suit]
    if len(royal) >= 3:
        return royal, "three to a royal flush"
    high = [c for c in naturals if c.rank in _HIGH]
    if high:
        return high[:2], "keep the kings and aces"
    return [], "nothing worth keeping: draw five"


def _fmt(value: Fraction, coins: int) -> str:
    return f"{float(value * coins):.2f}"


def exact_advice(hand: Sequence[Card], table: str, coins: int) -> tuple[list[Card], str]:
    """The best hold and the expected win of the holds in words, best first."""
    values = hold_values(hand, table, coins)
    best, value = values[0]
    shown = [f"{hold_text(h)} {_fmt(v, coins)}" for h, v in values[1:4]]
    draw_five = next(v for h, v in values if not h)
    # ("hold" alone is the notation of holding nothing; the words say it)
    said = hold_text(best) if best else "holding nothing (draw five)"
    why = (
        f"{said} is the best of the 32 holds: expected win {_fmt(value, coins)} credits "
        f"for {coins} coins ({float(value):.4f} a coin, exactly {value}); next: {'; '.join(shown)}; "
        f"draw five {_fmt(draw_five, coins)}"
    )
    return list(best), why


class VideoPolicy(LevelPolicy[JokerPokerVideoRules]):
    """One level's play at the machine."""

    def decide(self, turn: Turn) -> Decision:
        moves = turn.moves
        if moves[0].kind == "next":
            alone = len(turn.view.seats) == 1
            what = "on to the next hand" if alone else "pass the machine on"
            return Decision(moves[0], f"the hand is paid: {what}")
        if moves[0].kind in ("bet", "deal"):
            return _bet(turn, self.rules.pay_table)
        if moves[-1].kind == "collect":
            if self.level == "easy" and len(moves) > 1 and turn.rng.random() < 0.3:
                return Decision(moves[0], "double or nothing: feeling lucky")
            return Decision(moves[-1], "the double-up is an even bet with no edge: collect the win")
        hand = list(parse_cards(turn.view.hand))
        table = self.rules.pay_table
        if self.level == "hard":
            coins = self._coins(turn)
            cards, why = exact_advice(hand, table, coins)
            return _hold(moves, cards, why)
        if self.level == "easy" and turn.rng.random() < 0.4:
            return Decision(turn.rng.choice(moves), "a hunch")
        cards, why = simple_hold(hand, table)
        return _hold(moves, cards, why)

    @staticmethod
    def _coins(turn: Turn) -> int:
        text = turn.view.facts.get("bet", "5 coins")
        return int(text.split()[0])


def make_policy(level: str, rules: Ruleset) -> VideoPolicy:
    """The machine's policy at ``level`` (easy, medium or hard)."""
    assert isinstance(rules, JokerPokerVideoRules)
    return VideoPolicy(level, rules)


__all__ = ["VideoPolicy", "exact_advice", "make_policy", "simple_hold"]
