"""Five Hundred's computer players (see :mod:`cardtable.bots` for the ladder).

Every level reads only its :class:`~cardtable.bots.Turn`: its view (hand, trick, facts such as
the contract, the seats' badges) and the listed moves.

* ``medium``: bids from hand strength: for each denomination it counts the tricks it expects
  (the joker and bowers, top trumps, trump length, side aces and guarded kings; a partner's
  help and the kitty), and bids the cheapest legal contract up to that count in its best
  denomination; it does not overcall its partner without a clearly stronger hand, and bids
  misère with a hand of low cards. It keeps trumps and aces from the kitty and discards its
  lowest side cards (its highest, in misère). In play it draws trumps when it holds the top
  ones, cashes aces, wins a trick as cheaply as it can unless its partner is already winning
  it, and otherwise throws its lowest card; in misère the contractor ducks with its highest
  losing card.
* ``easy``: bids from the same count with noise, and plays a random legal card half the time.
* ``hard``: determinised Monte-Carlo (:mod:`.search`): it plays the card whose rollouts on
  sampled deals (consistent with the voids shown) score best for its side, and bids the
  contract with the best expected score over simulated deals; misère, the kitty, the call
  and the nomination as medium.

>>> import random
>>> from cardtable.bots import decide, make_bot
>>> from cardtable.engine import new_game
>>> hands = ["JK JH JD AH KH QH 10H 9H AS AC", None, None, None]
>>> g = new_game("five-hundred", ["Ann", "Bob", "Cat", "Dan"], seed=1, deal={"hands": hands})
>>> d = decide(make_bot("medium"), g, random.Random(0))
>>> str(d.move), d.why.split(":")[0]
('bid 10H', 'I count 11.1 tricks in hearts')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from cardtable.bots import Decision, LevelPolicy, Turn
from cardtable.engine.cards import JOKER_RANK, SUIT_NAMES, SUITS, Card, parse_card
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.kits.tricks import TrickOrder, trick_winner

from .contract import ALL_BIDS, DENOMS, MISERE, Bid, pack_ranks, rank_value, read_bid, trick_order
from .rules import FiveHundredRules
from .search import search_bid, search_play

_BY_LABEL = {b.label: b for b in ALL_BIDS}
_TRUMP_WEIGHTS = (1.0, 1.0, 0.9, 0.8, 0.6, 0.45, 0.35)
"""Expected tricks from the trumps held, by their place in the trump order (JK, right, left,
A, K, Q, then the rest)."""


_value = rank_value


def estimate(hand: Sequence[Card], denom: str, helpers: int) -> float:
    """Tricks ``hand`` may take in ``denom`` (a suit letter or 'NT'), counting ``helpers``
    partners' help and the kitty.

    >>> from cardtable.engine import parse_cards
    >>> round(estimate(parse_cards("JK JH JD AH KH QH 10H 9H AS AC"), "H", 1), 1)
    11.1
    """
    est = 0.0
    if denom in SUITS:
        order = TrickOrder(trump=denom, bowers=True, joker="trump")
        trumps = sorted((c for c in hand if order.is_trump(c)), key=lambda c: -order.strength(c, denom))
        ladder = _ladder(denom)
        for c in trumps:
            place = ladder.index(c.name) if c.name in ladder else len(_TRUMP_WEIGHTS) - 1
            est += _TRUMP_WEIGHTS[min(place, len(_TRUMP_WEIGHTS) - 1)]
        est += 0.5 * max(0, len(trumps) - 4)
        side = [c for c in hand if not order.is_trump(c)]
    else:
        side = [c for c in hand if c.rank != JOKER_RANK]
        est += 1.0 if len(side) < len(hand) else 0.0
    for suit in SUITS:
        cards = [c for c in side if c.suit == suit]
        ranks = {c.rank for c in cards}
        if 1 in ranks:
            est += 0.85
        if 13 in ranks and (1 in ranks or len(cards) >= 3):
            est += 0.45
        if denom == "NT" and 1 in ranks and 13 in ranks:
            est += 0.4 * max(0, len(cards) - 3)
    return est + 1.6 * helpers + 0.4


def _ladder(trump: str) -> list[str]:
    left = {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]
    return ["JK", f"J{trump}", f"J{left}", f"A{trump}", f"K{trump}", f"Q{trump}"]


def misere_danger(hand: Sequence[Card], players: int = 4) -> float:
    """How likely ``hand`` is to be forced to win a trick in misère (0: very safe; the medium
    bidder takes 4 at most). Heights are read against the pack for ``players``, on a scale of
    ten per suit: a jack has nine cards of its suit below it in the 53-card pack, four in the
    33-card one (7 up), and is the riskier in the first.

    * each card above the middle of its suit counts its height over it (a 10 of a black suit
      with four players 1, an ace 5): high cards win tricks the hand cannot duck;
    * a suit held without one of its lowest cards counts again its lowest card's height over
      the bottom fifth (a lone 9, led into, must win against 5s to 8s);
    * the joker counts 10: it wins every trick it is played to, and misère has no way to lose it.

    >>> from cardtable.engine.cards import parse_cards
    >>> misere_danger(parse_cards("5S 6S 7S 5C 6C 4H 5H 4D 5D 6D"))
    0.0
    >>> misere_danger(parse_cards("JK 6S 7S 5C 6C 4H 5H 4D 5D 6D")) >= 10
    True
    >>> misere_danger(parse_cards("9S 9C 7C 5H 6H 4D 5D 6D 7D 8D"))  # the lone 9S
    2.0
    >>> round(misere_danger(parse_cards("JS"), 5), 1), misere_danger(parse_cards("JS"), 3)
    (7.8, 4.0)
    """
    heights = _heights(players)
    danger = 0.0
    lowest: dict[str, float] = {}
    for c in hand:
        if c.rank == JOKER_RANK:
            danger += 10
            continue
        h = heights[c.suit][c.rank]
        danger += max(0.0, h - 4)
        lowest[c.suit] = min(h, lowest.get(c.suit, h))
    return danger + sum(max(0.0, h - 2) for h in lowest.values())


@cache
def _heights(players: int) -> dict[str, dict[int, float]]:
    """Each rank's height in its suit of the pack for ``players``: its place from the bottom
    (ace high) times ten over the suit's length, so 0 is the lowest card and 9-odd the ace."""
    out: dict[str, dict[int, float]] = {}
    for suit, ranks in pack_ranks(players).items():
        ordered = sorted(ranks, key=lambda r: _value(Card(r, suit)))
        out[suit] = {r: 10 * i / len(ordered) for i, r in enumerate(ordered)}
    return out


class FiveHundredPolicy(LevelPolicy[FiveHundredRules]):
    """One level of Five Hundred play (see the module's docstring)."""

    def decide(self, turn: Turn) -> Decision:
        moves = turn.moves
        kinds = {m.kind for m in moves}
        if "next" in kinds:
            return Decision(moves[0], "on to the next deal")
        if "bid" in kinds or "pass" in kinds:
            return self._bid(turn)
        if "discard" in kinds:
            return self._discard(turn)
        if "nominate" in kinds:
            return self._nominate(turn)
        if "call" in kinds:
            return self._call(turn)
        if self.level == "easy" and turn.rng.random() < 0.5:
            return Decision(turn.rng.choice(moves), "a card at random")
        if self.level == "hard":
            found = search_play(turn, self.rules)
            if found is not None:
                return found
        return self._play(turn)

    # ------------------------------------------------------------------ auction
    def _bid(self, turn: Turn) -> Decision:
        if self.level == "hard":
            return self._hard_bid(turn)
        return self._count_bid(turn)

    def _hard_bid(self, turn: Turn) -> Decision:
        move, why = search_bid(turn, self.rules)
        if move is not None and self._partner_holds_high(turn):
            high = _BY_LABEL.get(turn.view.facts.get("high bid", "").split(" (")[0])
            bid = read_bid(move.word)
            # overcall a partner only for a clearly bigger contract
            if high is not None and bid is not None and bid.value < high.value + 100:
                move = None
                why = f"my partner holds the bid ({high.label}); {why}, not enough to take it over"
        if move is not None:
            return Decision(move, why)
        counted = self._count_bid(turn)
        if counted.move.kind == "bid" and counted.move.word == "misere":
            return counted
        passing = next(m for m in turn.moves if m.kind == "pass")
        return Decision(passing, why)

    def _count_bid(self, turn: Turn) -> Decision:
        view = turn.view
        hand = [parse_card(n) for n in view.hand]
        helpers = 1 if view.teams else 0
        legal = {m.word.casefold(): m for m in turn.moves if m.kind == "bid"}
        passing = next(m for m in turn.moves if m.kind == "pass")
        scores = {d: estimate(hand, d, helpers) for d in DENOMS}
        if self.level == "easy":
            scores = {d: s + turn.rng.uniform(-1.2, 0.8) for d, s in scores.items()}
        denom = max(DENOMS, key=lambda d: (scores[d], DENOMS.index(d)))
        est = scores[denom]
        partner_high = self._partner_holds_high(turn)
        slack = 1.5 if partner_high else 0.0
        # medium bids what it counts in its best denomination that is still open; easy bids
        # the cheapest contract it may, and so undersells its hands
        options = [Bid(min(10, int(scores[d] - slack)), d) for d in DENOMS if int(scores[d] - slack) >= 6]
        for bid in sorted(options, key=lambda b: -b.value if self.level != "easy" else b.value):
            levels = range(6, bid.tricks + 1) if self.level == "easy" else (bid.tricks,)
            for tricks in levels:
                move = legal.get(Bid(tricks, bid.denom).word.casefold())
                if move is not None:
                    count = scores[bid.denom]
                    why = f"I count {count:.1f} tricks in {_denom_word(bid.denom)}: bid {tricks}"
                    return Decision(move, why)
        mis = legal.get(Bid(0, MISERE).word)
        if (
            mis is not None
            and not partner_high
            and misere_danger(hand, len(view.seats)) <= 4
            and all(c.rank != JOKER_RANK for c in hand)
        ):
            return Decision(mis, "my cards are all low: misère")
        why = f"at most {est:.1f} tricks in {_denom_word(denom)}: not enough to bid higher"
        return Decision(passing, why)

    def _partner_holds_high(self, turn: Turn) -> bool:
        view = turn.view
        high = view.facts.get("high bid", "none")
        if high == "none" or not view.teams:
            return False
        team = next(t for t in view.teams if turn.seat in t)
        return any(high.endswith(f"by {view.seats[s].name}") for s in team if s != turn.seat)

    # ------------------------------------------------------------------ kitty
    def _contract(self, turn: Turn) -> Bid | None:
        text = turn.view.facts.get("contract")
        if text is None:
            return None
        return _BY_LABEL.get(text.split(" (")[0])

    def _discard(self, turn: Turn) -> Decision:
        bid = self._contract(turn)
        order = trick_order(bid, self.rules, len(turn.view.seats))
        hand = [parse_card(n) for n in turn.view.hand]
        counts = {s: sum(1 for c in hand if order.effective_suit(c) == s) for s in SUITS}
        if bid is not None and bid.misere:

            def keep(c: Card) -> float:
                return -(_value(c) + (30 if c.rank == JOKER_RANK else 0))

            why = "my highest cards go back, to win no trick"
        else:

            def keep(c: Card) -> float:
                if order.is_trump(c):
                    return 100 + order.strength(c, order.trump or "")
                base = _value(c)
                if c.rank == 1:
                    return 60
                return base - 3 * (5 - min(5, counts[order.effective_suit(c)]))

            why = "I keep trumps and aces and throw my lowest side cards"
        throw = sorted(hand, key=keep)[:3]
        names = sorted(c.name for c in throw)
        move = next(
            (m for m in turn.moves if sorted(c.name for c in m.cards) == names),
            turn.moves[0],
        )
        return Decision(move, why)

    def _nominate(self, turn: Turn) -> Decision:
        hand = [parse_card(n) for n in turn.view.hand]
        bid = self._contract(turn)
        counts = {s: sum(1 for c in hand if c.suit == s) for s in SUITS}
        pick = (
            min(SUITS, key=lambda s: counts[s])
            if bid is not None and bid.misere
            else max(SUITS, key=lambda s: counts[s])
        )
        move = next(m for m in turn.moves if m.word.upper() == pick)
        return Decision(move, f"the joker stands for {SUIT_NAMES[pick]}")

    def _call(self, turn: Turn) -> Decision:
        hand = {parse_card(n) for n in turn.view.hand}
        bid = self._contract(turn)
        order = trick_order(bid, self.rules, len(turn.view.seats))
        best = max(
            (m for m in turn.moves if m.cards[0] not in hand),
            key=lambda m: order.strength(m.cards[0], order.trump or m.cards[0].suit),
        )
        return Decision(best, f"the strongest card I lack: {best.cards[0].name}")

    # ------------------------------------------------------------------ play
    def _play(self, turn: Turn) -> Decision:
        view = turn.view
        bid = self._contract(turn)
        order = trick_order(bid, self.rules, len(turn.view.seats))
        trick = view.trick
        plays = [(s, parse_card(n)) for s, n in (trick.plays if trick else ())]
        led = trick.led_suit if trick else ""
        moves = list(turn.moves)
        contractor = next((s.seat for s in view.seats if "contractor" in s.badges), None)
        team = next((t for t in view.teams if turn.seat in t), (turn.seat,))
        misere = bid is not None and bid.misere
        if not plays:
            return self._lead(turn, moves, order, bid, contractor, team)
        winner, best = trick_winner(plays, order, led)
        power = order.strength(best, led)
        cards = [(m, m.cards[0]) for m in moves]
        if misere and turn.seat == contractor:
            under = [(m, c) for m, c in cards if order.strength(c, led) < power]
            if under:
                m, c = max(under, key=lambda mc: (order.strength(mc[1], led), _value(mc[1])))
                return Decision(m, f"duck with {c.name}, the highest card that loses")
            m, c = min(cards, key=lambda mc: (order.strength(mc[1], led), _value(mc[1])))
            return Decision(m, f"I cannot lose this trick: {c.name}")
        if misere:
            m, c = min(cards, key=lambda mc: (order.strength(mc[1], led), _value(mc[1])))
            return Decision(m, f"keep low against misère: {c.name}")
        last = len(plays) == len(view.seats) - 1 - sum("sits out" in s.badges for s in view.seats)
        if winner in team and (last or power >= 14):
            m, c = self._lowest(cards, order)
            return Decision(m, f"my partner is winning the trick: throw {c.name}")
        winning = [(m, c) for m, c in cards if order.strength(c, led) > power]
        if winning:
            m, c = min(winning, key=lambda mc: order.strength(mc[1], led))
            return Decision(m, f"win the trick as cheaply as I can: {c.name}")
        m, c = self._lowest(cards, order)
        return Decision(m, f"I cannot win this trick: throw {c.name}")

    def _lowest(self, cards: list[tuple[Move, Card]], order: TrickOrder) -> tuple[Move, Card]:
        return min(cards, key=lambda mc: (order.is_trump(mc[1]), _value(mc[1])))

    def _lead(
        self,
        turn: Turn,
        moves: list[Move],
        order: TrickOrder,
        bid: Bid | None,
        contractor: int | None,
        team: Sequence[int],
    ) -> Decision:
        hand = [m.cards[0] for m in moves]
        if bid is not None and bid.misere and turn.seat == contractor:
            m = min(moves, key=lambda m: (order.is_trump(m.cards[0]), _value(m.cards[0])))
            return Decision(m, f"lead low in misère: {m.cards[0].name}")
        ours = contractor is not None and contractor in team
        trump = order.trump
        if ours and trump is not None:
            trumps = sorted((c for c in hand if order.is_trump(c)), key=lambda c: -order.strength(c, trump))
            if trumps and order.strength(trumps[0], trump) >= order.strength(parse_card(f"J{trump}"), trump):
                m = next(m for m in moves if m.cards[0] is trumps[0])
                return Decision(m, f"draw trumps with {trumps[0].name}")
        aces = [m for m in moves if m.cards[0].rank == 1 and not order.is_trump(m.cards[0])]
        if aces:
            return Decision(aces[0], f"cash {aces[0].cards[0].name}")
        joker = [m for m in moves if m.suits]
        if joker and ours:
            counts = {s: sum(1 for c in hand if c.suit == s) for s in SUITS}
            m = max(joker, key=lambda m: counts[m.suits[0]])
            return Decision(m, f"lead the joker and call for {SUIT_NAMES[m.suits[0]]}")
        plain = [m for m in moves if not m.suits and not order.is_trump(m.cards[0])] or [
            m for m in moves if not m.suits
        ]
        m = min(plain or moves, key=lambda m: _value(m.cards[0]))
        return Decision(m, f"lead low: {m.cards[0].name}")


def _denom_word(denom: str) -> str:
    return "No-Trumps" if denom == "NT" else SUIT_NAMES[denom]


def make_policy(level: str, rules: Ruleset) -> FiveHundredPolicy:
    """The policy of ``level``: easy, medium or hard (random and unknown levels play as medium)."""
    assert isinstance(rules, FiveHundredRules)
    return FiveHundredPolicy(level if level in ("easy", "hard") else "medium", rules)


__all__ = ["FiveHundredPolicy", "estimate", "make_policy", "misere_danger"]
