"""Joker Poker bots: easy (loose, by the hand's category), medium (a fixed table of chances
by category and pot odds) and hard (the chance to win at showdown by simulation against the
cards it has not seen, bets sized by it and calls by pot odds).

The hint is the hard bot's decision, and its reason names the hand, the simulated chance to
win against the players still in, and the move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.bots import Decision, LevelPolicy, Turn
from cardtable.engine.cards import Card, make_deck, parse_card
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.views import PlayerView
from cardtable.kits.poker import Category, HandRank

from .moves import draw_limit, rank_hand, sort_key
from .rules import JokerPokerRules

DECK = make_deck(1, 1)
TRIALS = 240
"""Simulated deals per decision of the hard bot."""

# the chance that a hand of each category beats one random five-card hand at showdown after
# a draw (rough figures for medium; hard simulates)
_WIN_VS_ONE = {
    Category.HIGH_CARD: 0.22,
    Category.ONE_PAIR: 0.5,
    Category.TWO_PAIR: 0.72,
    Category.THREE_OF_A_KIND: 0.84,
    Category.STRAIGHT: 0.9,
    Category.FLUSH: 0.93,
    Category.FULL_HOUSE: 0.96,
    Category.FOUR_OF_A_KIND: 0.99,
    Category.STRAIGHT_FLUSH: 0.995,
    Category.FIVE_OF_A_KIND: 1.0,
}


def _rank_value(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def choose_hold(hand: Sequence[Card], rules: JokerPokerRules) -> list[Card]:
    """The cards to keep for the draw, by the usual draw-poker habits: keep a made straight
    or better, keep pairs and sets (and the joker), four to a flush, else the joker and the
    highest card or two. Never more discards than allowed."""
    rank = rank_hand(hand, rules)
    if rank.category >= Category.STRAIGHT:
        return list(hand)
    naturals = [c for c in hand if not c.is_joker]
    joker = [c for c in hand if c.is_joker]
    counts: dict[int, int] = {}
    for c in naturals:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    paired = [c for c in naturals if counts[c.rank] >= 2]
    if paired:
        keep = paired + joker
        if rank.category == Category.ONE_PAIR and not joker and len(keep) == 2:
            aces = [c for c in naturals if c.rank == 1 and c not in keep]
            keep += aces[:1]  # an ace kicker with a low pair
        return _within_limit(hand, keep, rules)
    suits: dict[str, list[Card]] = {}
    for c in naturals:
        suits.setdefault(c.suit, []).append(c)
    flushy = max(suits.values(), key=len)
    if len(flushy) + len(joker) >= 4:
        return _within_limit(hand, flushy + joker, rules)
    high = sorted(naturals, key=_rank_value, reverse=True)
    keep = [c for c in high if _rank_value(c) >= 13][:2] + joker
    if not keep:
        keep = high[:1]
    return _within_limit(hand, keep, rules)


def _within_limit(hand: Sequence[Card], keep: list[Card], rules: JokerPokerRules) -> list[Card]:
    keep = list(keep)
    rest = sorted((c for c in hand if c not in keep), key=_rank_value, reverse=True)
    while len(hand) - len(keep) > draw_limit(keep, rules) and rest:
        keep.append(rest.pop(0))
    return keep


class JokerPokerPolicy(LevelPolicy[JokerPokerRules]):
    """One level's policy (see the module)."""

    # ------------------------------------------------------------------ the draw
    def decide(self, turn: Turn) -> Decision:
        """The move for the turn."""
        kinds = {m.kind for m in turn.moves}
        if kinds <= {"next"}:
            return Decision(turn.moves[0], "deal the next hand")
        hand = [parse_card(n) for n in turn.view.hand]
        if "stand" in kinds:
            return self._draw(turn, hand)
        return self._bet(turn, hand)

    def _draw(self, turn: Turn, hand: list[Card]) -> Decision:
        if self.level == "easy":
            keep = [c for c in hand if c.is_joker or sum(1 for d in hand if d.rank == c.rank) >= 2]
            keep = _within_limit(hand, keep, self.rules) if keep else _within_limit(hand, [], self.rules)
        else:
            keep = choose_hold(hand, self.rules)
        throw = [c for c in hand if c not in keep]
        if not throw:
            return Decision(_find(turn.moves, "stand"), f"stand pat with {rank_hand(hand, self.rules)}")
        wanted = sorted(c.name for c in throw)
        for m in turn.moves:
            if m.kind == "discard" and sorted(c.name for c in m.cards) == wanted:
                kept = " ".join(c.name for c in sorted(keep, key=sort_key)) or "nothing"
                return Decision(m, f"keep {kept}, draw {len(throw)}")
        return Decision(_find(turn.moves, "stand"), "stand pat")

    # ------------------------------------------------------------------ betting
    def _bet(self, turn: Turn, hand: list[Card]) -> Decision:
        view = turn.view
        chips = view.chips
        assert chips is not None
        rank = rank_hand(hand, self.rules)
        opponents = [
            s.seat for s in view.seats if s.seat != turn.seat and s.active and "folded" not in s.badges
        ]
        k = max(1, len(opponents))
        pot = sum(p.amount for p in chips.pots)
        to_call = chips.to_call
        before_draw = view.facts.get("round") == "before the draw"
        if self.level == "hard":
            floors = [_floor(view, s, turn.seat, before_draw) for s in opponents] or [Category.HIGH_CARD]
            eq = equity(
                hand, k, self.rules, turn.rng, known=_known(view), before_draw=before_draw, floors=floors
            )
        else:
            eq = _WIN_VS_ONE[rank.category] ** k
            if before_draw:
                eq = min(1.0, eq + 0.05)
        if self.level == "easy":
            eq = min(1.0, max(0.0, eq + turn.rng.uniform(-0.15, 0.2)))
        fair = 1 / (k + 1)
        odds = to_call / (pot + to_call) if to_call else 0.0
        words = f"{rank}; about {eq:.0%} to win against {k} player{'s' if k != 1 else ''}"
        raises = sorted((m for m in turn.moves if m.kind in ("bet", "raise")), key=lambda m: int(m.word))
        allin = next((m for m in turn.moves if m.kind == "allin"), None)
        strong = fair + (0.12 if self.level == "hard" else 0.18)
        very = fair + (0.3 if self.level == "hard" else 0.35)
        # Facing a bet with chips already in this round (a raise war, with no cap heads-up):
        # raising again only with a very strong hand, else two good hands raised each other
        # ten times over (found by playing; every raise says the raiser holds more).
        blind = self.rules.small_bet if before_draw and self.rules.forced_bets != "antes" else 0
        again = to_call > 0 and bool(chips.committed) and chips.committed[turn.seat] > blind
        if eq >= (very if again else strong) and (raises or allin):
            size = self._size(raises, allin, eq, very, pot, to_call)
            if size is not None:
                verb = "raise" if to_call else "bet"
                return Decision(size, f"{words}: {verb} ({size})")
        if to_call == 0:
            return Decision(_find(turn.moves, "check"), f"{words}: check")
        margin = 0.0 if self.level == "hard" else 0.05 if self.level == "medium" else -0.1
        if eq >= odds + margin:
            return Decision(
                _find(turn.moves, "call"), f"{words}: call {to_call} into {pot} (pot odds {odds:.0%})"
            )
        return Decision(_find(turn.moves, "fold"), f"{words}: fold, the call needs {odds:.0%}")

    def _size(
        self, raises: list[Move], allin: Move | None, eq: float, very: float, pot: int, to_call: int
    ) -> Move | None:
        if not raises:
            return allin if eq >= very else None
        if len(raises) == 1:
            return raises[0]
        if self.level == "hard":
            # pot odds: bet what a weaker hand would still call; more with a stronger hand
            target = pot * (0.5 if eq < very else 1.0)
            return min(raises, key=lambda m: abs(int(m.word) - to_call - target))
        return raises[len(raises) // 2] if eq >= very else raises[0]


def _find(moves: Sequence[Move], kind: str) -> Move:
    found = next((m for m in moves if m.kind == kind), None)
    if found is None:
        found = next((m for m in moves if m.kind in ("check", "call")), moves[0])
    return found


def _floor(view: PlayerView, seat: int, me: int, before_draw: bool) -> Category:
    """The weakest hand ``seat`` is read for from what everyone saw: how many cards it drew
    and whether it bet into the reader this round."""
    floor = Category.HIGH_CARD
    badges = view.seats[seat].badges
    drew = next((int(b.split()[1]) for b in badges if b.startswith("drew ")), None)
    if drew is not None:
        floor = {0: Category.TWO_PAIR, 2: Category.THREE_OF_A_KIND, 3: Category.ONE_PAIR}.get(drew, floor)
    chips = view.chips
    if chips is not None and chips.committed and chips.committed[seat] > chips.committed[me]:
        floor = max(floor, Category.ONE_PAIR if before_draw else Category.TWO_PAIR)
    return floor


def _known(view: object) -> list[Card]:
    """Cards the seat has seen besides its hand: its discards and cards shown to the table."""
    out: list[Card] = []
    own = getattr(view, "own_facts", {})
    facts = getattr(view, "facts", {})
    for text in [own.get("your discards", "")] + [v for k, v in facts.items() if k.endswith(" shows")]:
        out.extend(parse_card(t) for t in text.split())
    return out


def equity(
    hand: Sequence[Card],
    opponents: int,
    rules: JokerPokerRules,
    rng: random.Random,
    known: Sequence[Card] = (),
    before_draw: bool = False,
    trials: int = TRIALS,
    floors: Sequence[Category] = (),
) -> float:
    """The chance to win at showdown against ``opponents`` hands dealt from the unseen cards
    (ties count as a share), by simulation. Before the draw every hand, this one included,
    draws by :func:`choose_hold`. ``floors`` give, per opponent, the weakest hand it is read
    for (its five cards before the draw, its final hand after): dealt hands weaker than that
    are dealt again, a few times at most."""
    seen = {c.key for c in hand} | {c.key for c in known}  # parsed cards have no id: compare keys
    unseen = [c for c in DECK if c.key not in seen]
    need = 5 * opponents + (10 if before_draw else 0)
    if len(unseen) < 5 * opponents:
        return 1 / (opponents + 1)
    score = 0.0
    for _ in range(trials):
        pool = rng.sample(unseen, min(len(unseen), need + 5 * opponents))
        mine = list(hand)
        others = [pool[5 * i : 5 * i + 5] for i in range(opponents)]
        rest = pool[5 * opponents :]
        if floors:
            others = [_at_least(h, f, unseen, rules, rng) for h, f in zip(others, floors, strict=False)]
            used = {c.key for h in others for c in h}
            rest = [c for c in rest if c.key not in used]
        if before_draw:
            mine, rest = _drawn(mine, rules, rest)
            others2 = []
            for h in others:
                h2, rest = _drawn(h, rules, rest)
                others2.append(h2)
            others = others2
        me = rank_hand(mine, rules)
        ranks: list[HandRank] = [rank_hand(h, rules) for h in others]
        best = max(ranks)
        if me > best:
            score += 1
        elif me == best:
            score += 1 / (1 + sum(1 for r in ranks if r == best))
    return score / trials


def _at_least(
    hand: list[Card],
    floor: Category,
    unseen: Sequence[Card],
    rules: JokerPokerRules,
    rng: random.Random,
) -> list[Card]:
    if floor == Category.HIGH_CARD:
        return hand
    for _ in range(12):
        if rank_hand(hand, rules).category >= floor:
            return hand
        hand = rng.sample(unseen, 5)
    return hand


def _drawn(hand: list[Card], rules: JokerPokerRules, rest: list[Card]) -> tuple[list[Card], list[Card]]:
    keep = choose_hold(hand, rules)
    k = len(hand) - len(keep)
    if k > len(rest):
        return hand, rest
    return keep + rest[:k], rest[k:]


def make_policy(level: str, rules: Ruleset) -> JokerPokerPolicy:
    """The policy of ``level``: easy, medium or hard."""
    assert isinstance(rules, JokerPokerRules)
    return JokerPokerPolicy(level if level in ("easy", "medium", "hard") else "medium", rules)


__all__ = ["JokerPokerPolicy", "choose_hold", "equity", "make_policy"]
