"""Five Hundred's hard bot: determinised Monte-Carlo play and bids from simulated outcomes.

Each decision samples the cards hidden from the bot (``turn.sample``: the engine's leak-tested
determinisation), mends each sample so that it agrees with what the table has shown (a seat
that did not follow a suit holds none of it, read from this deal's log), and plays the rest
of the deal out on plain lists with a quick rule of thumb (:func:`rollout`) once per
candidate, on the same samples. The candidate with the best mean result for the bot's side
(its points minus the other sides' mean) is played.

Bids: for each denomination the bot plays whole deals out on sampled hands and kitties, as the
contractor who has taken the kitty and discarded its three weakest cards, and counts the
tricks its side takes; it bids the contract with the best expected score (made: +value,
failed: -value) when that is worth more than passing.

Work is capped by counts (:data:`PLAY_ROLLOUTS`, :data:`BID_WORLDS`), not by the clock, so a
seeded game replays the same; the thinking budget still stops a search on a slow machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from cardtable.bots import Decision, Turn
from cardtable.engine.cards import SUIT_NAMES, SUITS, Card, parse_card
from cardtable.engine.moves import Move
from cardtable.kits.tricks import TrickOrder, playable

from .contract import DENOMS, HAND_SIZE, Bid, rank_value, trick_order
from .game import FiveHundred
from .rules import FiveHundredRules

PLAY_ROLLOUTS = 200
"""Rollouts per card decision at most, spread over the candidates (:data:`PLAY_WORLDS`)."""
PLAY_WORLDS = (8, 32)
"""Sampled deals per card decision: at least, at most (sampling costs more than a rollout)."""
BID_WORLDS = 14
"""Sampled deals per denomination when the bot weighs a bid."""
EXPLORE = 0.1
"""How often a rollout player plays a random legal card instead of its rule of thumb (so
that the samples do not all assume the same perfect defence)."""


# ---------------------------------------------------------------------------- what was shown


def voids_from_log(turn: Turn, order: TrickOrder) -> dict[int, set[str]]:
    """The suits each seat has shown it lacks this deal: a card not of the suit led (by
    effective suit; a wild joker aside) played to a trick. Read from the view's log."""
    view = turn.view
    names = {s.name: s.seat for s in view.seats}
    log = list(view.log)
    start = max((i for i, line in enumerate(log) if line.startswith("Deal ")), default=0)
    voids: dict[int, set[str]] = {}
    led = ""
    for line in log[start:]:
        seat, verb, rest = _split(line, names)
        if seat is None:
            continue
        if verb == "leads":
            card = parse_card(rest.split()[0].rstrip(":"))
            if order.is_wild(card):
                named = rest.split(" and names ")
                led = _suit_of_name(named[1]) if len(named) > 1 else ""
            else:
                led = order.effective_suit(card)
        elif verb == "plays" and led:
            card = parse_card(rest.split()[0].rstrip(":"))
            if not order.is_wild(card) and order.effective_suit(card) != led:
                voids.setdefault(seat, set()).add(led)
    return voids


def _split(line: str, names: dict[str, int]) -> tuple[int | None, str, str]:
    for name, seat in names.items():
        for verb in ("leads", "plays", "lead", "play"):  # 'You lead'
            head = f"{name} {verb} "
            if line.startswith(head):
                return seat, verb if verb.endswith("s") else verb + "s", line[len(head) :]
    return None, "", ""


def _suit_of_name(text: str) -> str:
    word = text.split(":")[0].strip()
    return next((s for s, n in SUIT_NAMES.items() if n == word), "")


def consistent(world: FiveHundred, seat: int, voids: dict[int, set[str]], rng: random.Random) -> None:
    """Mend a sampled ``world`` so that no seat holds a suit it has shown void in: such a
    card is swapped with a hidden card (another hidden hand's, or the discards') that fits
    both places. Only places hidden from ``seat`` are touched."""
    order = world.order
    hidden = [s for s in range(world.n) if s != seat and not (world.open_shown and s == world.contractor)]
    for s, void in voids.items():
        if s not in hidden:
            continue
        hand = world.hands[s]
        for i, card in enumerate(hand):
            if order.effective_suit(card) not in void:
                continue
            places: list[tuple[list[Card], set[str]]] = [
                (world.hands[o], voids.get(o, set())) for o in hidden if o != s
            ]
            if seat != world.contractor:
                places.append((world.discards, set()))
            rng.shuffle(places)
            for cards, their_void in places:
                j = next(
                    (
                        j
                        for j, c in enumerate(cards)
                        if order.effective_suit(c) not in void
                        and order.effective_suit(card) not in their_void
                    ),
                    None,
                )
                if j is not None:
                    hand[i], cards[j] = cards[j], card
                    break


# ---------------------------------------------------------------------------- rollouts


class Deal:
    """The rest of a deal on plain lists: the hands, the trick, the tricks won, who plays."""

    __slots__ = (
        "best",
        "contract",
        "contractor",
        "cur",
        "hands",
        "led",
        "n",
        "order",
        "seats",
        "side",
        "trick",
        "trick_no",
        "tricks",
    )

    def __init__(self, world: FiveHundred) -> None:
        self.n = world.n
        self.hands = [list(h) for h in world.hands]
        self.trick = list(world.trick)
        self.led = world.led
        self.order = world.order
        self.best = _best(self.trick, self.order, self.led)
        self.tricks = list(world.tricks)
        self.trick_no = world.trick_no
        self.cur = world.cur
        self.contract = world.contract
        self.contractor = world.contractor
        self.seats = [s for s in range(self.n) if s not in world.sitting_out]
        self.side = _sides(world)

    def play(self, card: Card, suit: str = "") -> bool:
        """Play ``card`` for the seat to act; True when the deal is over."""
        seat = self.cur
        hand = self.hands[seat]
        del hand[next(i for i, c in enumerate(hand) if c is card)]
        order = self.order
        if not self.trick:
            self.led = (suit or _longest(hand)) if order.is_wild(card) else ""
            if not self.led:
                self.led = order.effective_suit(card)
            self.best = (seat, -1)
        power = order.strength(card, self.led)
        if power > self.best[1]:
            self.best = (seat, power)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.seats):
            i = self.seats.index(seat)
            self.cur = self.seats[(i + 1) % len(self.seats)]
            return False
        winner = self.best[0]
        self.tricks[winner] += 1
        self.trick = []
        self.led = ""
        self.cur = winner
        if self.contract is not None and self.contract.misere and winner == self.contractor:
            return True
        self.trick_no += 1
        return self.trick_no > HAND_SIZE

    def choose(self, rng: random.Random) -> tuple[Card, str]:
        """The rollout rule of thumb for the seat to act (a random card now and then)."""
        seat = self.cur
        hand = self.hands[seat]
        order = self.order
        options = playable(hand, self.led, order) if self.trick else list(hand)
        if len(options) == 1:
            return options[0], ""
        if rng.random() < EXPLORE:
            return rng.choice(options), ""
        misere = self.contract is not None and self.contract.misere
        if not self.trick:
            if misere and seat == self.contractor:
                return min(options, key=lambda c: (order.is_trump(c), rank_value(c))), ""
            trumps = [c for c in options if order.is_trump(c) and not order.is_wild(c)]
            if trumps and self.contract is not None and self.side[seat] == self.side[self.contractor or 0]:
                return max(trumps, key=lambda c: order.strength(c, order.trump or "")), ""
            plain = [c for c in options if not order.is_trump(c)]
            if plain:
                top = max(plain, key=rank_value)
                if rank_value(top) >= 14:
                    return top, ""
                return min(plain, key=rank_value), ""
            return options[0], ""
        led = self.led
        best_seat, power = self.best
        if misere:
            if seat == self.contractor:
                under = [c for c in options if order.strength(c, led) < power]
                if under:
                    return max(under, key=lambda c: (order.strength(c, led), rank_value(c))), ""
            return min(options, key=lambda c: (order.strength(c, led), rank_value(c))), ""
        last = len(self.trick) == len(self.seats) - 1
        if self.side[best_seat] == self.side[seat] and (last or power >= 14):
            return min(options, key=lambda c: (order.is_trump(c), rank_value(c))), ""
        winning = [c for c in options if order.strength(c, led) > power]
        if winning:
            return min(winning, key=lambda c: order.strength(c, led)), ""
        return min(options, key=lambda c: (order.is_trump(c), rank_value(c))), ""


def _best(trick: Sequence[tuple[int, Card]], order: TrickOrder, led: str) -> tuple[int, int]:
    """The seat winning ``trick`` so far and its card's strength ((-1, -1) when empty)."""
    best = (-1, -1)
    for seat, card in trick:
        power = order.strength(card, led)
        if power > best[1]:
            best = (seat, power)
    return best


def _longest(hand: Sequence[Card]) -> str:
    counts = {s: 0 for s in SUITS}
    for c in hand:
        if c.suit in counts:
            counts[c.suit] += 1
    return max(SUITS, key=lambda s: counts[s])


def _sides(world: FiveHundred) -> list[int]:
    """Each seat's side this deal, as a number: a team, the contract's side (a called partner
    as the sample has it), or the seat alone."""
    n = world.n
    side = list(range(n))
    teams = world.seating.teams
    for t, team in enumerate(teams):
        for s in team:
            side[s] = n + t
    if not teams and world.contractor is not None:
        mates = {world.contractor, *world.partners}
        if world.secret_partner is not None and world.called is not None:
            mates.add(world.secret_partner)
        for s in mates:
            side[s] = 2 * n
    return side


def rollout(deal: Deal, rng: random.Random) -> None:
    """Play ``deal`` to its end with the rule of thumb."""
    while True:
        card, suit = deal.choose(rng)
        if deal.play(card, suit):
            return


def utility(deal: Deal, seat: int, rules: FiveHundredRules) -> float:
    """The deal's points for ``seat``'s side minus the mean of the other sides' points."""
    side = deal.side
    won: dict[int, int] = {}
    for s in range(deal.n):
        won[side[s]] = won.get(side[s], 0) + deal.tricks[s]
    points = dict.fromkeys(won, 0.0)
    contract, contractor = deal.contract, deal.contractor
    if contract is None or contractor is None:
        for k, t in won.items():
            points[k] = 10.0 * t
    else:
        mine = side[contractor]
        got = won[mine]
        made = got == 0 if contract.misere else got >= contract.tricks
        value = contract.value
        if made and not contract.misere and got == HAND_SIZE and rules.slam_bonus and value < 250:
            value = 250
        points[mine] = value if made else -value
        if not contract.misere or rules.misere_defender_tricks:
            for k, t in won.items():
                if k != mine:
                    points[k] = float(rules.defender_tricks * t)
    me = side[seat]
    others = [p for k, p in points.items() if k != me]
    return points[me] - (sum(others) / len(others) if others else 0.0)


# ---------------------------------------------------------------------------- decisions


def search_play(turn: Turn, rules: FiveHundredRules) -> Decision | None:
    """The card with the best mean rollout result, with why; None when there is no choice."""
    moves = [m for m in turn.moves if m.kind == "play"]
    if len(moves) < 2:
        return None
    rng = turn.rng
    deadline = time.perf_counter() + turn.budget
    first = turn.sample(rng)
    assert isinstance(first, FiveHundred)
    voids = voids_from_log(turn, first.order)
    totals = [0.0] * len(moves)
    worlds = min(PLAY_WORLDS[1], max(PLAY_WORLDS[0], PLAY_ROLLOUTS // len(moves)))
    done = 0
    world: FiveHundred | None = first
    for k in range(worlds):
        if k and time.perf_counter() > deadline:
            break
        if world is None:
            sampled = turn.sample(rng)
            assert isinstance(sampled, FiveHundred)
            world = sampled
        consistent(world, turn.seat, voids, rng)
        base = Deal(world)
        seed = rng.getrandbits(32)
        for i, m in enumerate(moves):
            deal = _copy(base)
            card = next(c for c in deal.hands[deal.cur] if c == m.cards[0])
            if not deal.play(card, m.suits[0] if m.suits else ""):
                rollout(deal, random.Random(seed))
            totals[i] += utility(deal, turn.seat, rules)
        done += 1
        world = None
    best = max(range(len(moves)), key=lambda i: totals[i])
    move = moves[best]
    mean = totals[best] / done
    ranked = sorted(totals, reverse=True)
    edge = (ranked[0] - ranked[1]) / done if len(ranked) > 1 else 0.0
    signed = f"{mean:+.0f}"
    points = f"{signed} point{'' if signed in ('+1', '-1') else 's'}"
    why = (
        f"over {done} sampled deals {move.cards[0].name} does best: {points} for my side "
        f"on average, {edge:.0f} more than the next card"
    )
    if move.suits:
        why += f"; the joker calls for {SUIT_NAMES[move.suits[0]]}"
    return Decision(move, why)


def _copy(deal: Deal) -> Deal:
    new = Deal.__new__(Deal)
    new.n = deal.n
    new.hands = [list(h) for h in deal.hands]
    new.trick = list(deal.trick)
    new.best = deal.best
    new.led = deal.led
    new.order = deal.order
    new.tricks = list(deal.tricks)
    new.trick_no = deal.trick_no
    new.cur = deal.cur
    new.contract = deal.contract
    new.contractor = deal.contractor
    new.seats = deal.seats
    new.side = deal.side
    return new


def expected_tricks(turn: Turn, rules: FiveHundredRules) -> dict[str, list[int]]:
    """For each denomination, the tricks the bot's side took in each sampled deal played out
    with the bot as contractor (kitty taken, three weakest cards discarded)."""
    rng = turn.rng
    deadline = time.perf_counter() + turn.budget
    out: dict[str, list[int]] = {d: [] for d in DENOMS}
    seat = turn.seat
    players = len(turn.view.seats)
    # With five players the contractor calls a card after the kitty and its holder plays on
    # its side: simulating the bidder alone undervalued every five-player contract.
    called_partner = players == 5 and rules.five_player_partner == "called card"
    for k in range(BID_WORLDS):
        if k and time.perf_counter() > deadline:
            break
        world = turn.sample(rng)
        assert isinstance(world, FiveHundred)
        seed = rng.getrandbits(32)
        for denom in DENOMS:
            bid = Bid(7, denom)
            order = trick_order(bid, rules, players)
            hand = world.hands[seat] + world.kitty
            keep = sorted(hand, key=lambda c: _keep(c, order))[3:]
            deal = Deal.__new__(Deal)
            deal.n = world.n
            deal.hands = [list(h) for h in world.hands]
            deal.hands[seat] = keep
            deal.trick, deal.led, deal.order, deal.best = [], "", order, (-1, -1)
            deal.tricks, deal.trick_no, deal.cur = [0] * world.n, 1, seat
            deal.contract, deal.contractor = bid, seat
            deal.seats = list(range(world.n))
            side = list(range(world.n))
            for t, team in enumerate(world.seating.teams):
                for s in team:
                    side[s] = world.n + t
            if called_partner:
                partner = _called_holder(world, hand, order)
                if partner is not None:
                    side[partner] = side[seat]
            deal.side = side
            rollout(deal, random.Random(seed))
            out[denom].append(sum(deal.tricks[s] for s in range(world.n) if side[s] == side[seat]))
    return out


def _called_holder(world: FiveHundred, hand: list[Card], order: TrickOrder) -> int | None:
    """The seat holding the card the contractor (with ``hand``, the kitty in it) would call,
    as the bot calls: the strongest card it lacks. None if that card is in nobody's hand."""
    lacking = [c for c in world.pack if c not in hand]
    if not lacking:
        return None
    card = max(lacking, key=lambda c: order.strength(c, order.trump or c.suit))
    return next((s for s, h in enumerate(world.hands) if card in h), None)


def _keep(card: Card, order: TrickOrder) -> float:
    """How much the contractor wants to keep ``card`` (the three lowest go back)."""
    if order.is_trump(card):
        return 100 + order.strength(card, order.trump or "")
    return 60 if card.rank == 1 else rank_value(card)


def search_bid(turn: Turn, rules: FiveHundredRules) -> tuple[Move | None, str]:
    """The trick bid with the best expected score from simulated deals (None: pass), with why."""
    legal = {m.word.casefold(): m for m in turn.moves if m.kind == "bid"}
    counts = expected_tricks(turn, rules)
    best: tuple[float, Move | None, str] = (0.0, None, "")
    for denom, tricks in counts.items():
        if not tricks:
            continue
        for level in range(6, 11):
            move = legal.get(Bid(level, denom).word.casefold())
            if move is None:
                continue
            bid = Bid(level, denom)
            made = sum(t >= level for t in tricks) / len(tricks)
            ev = (2 * made - 1) * bid.value
            if ev > best[0]:
                mean = sum(tricks) / len(tricks)
                why = (
                    f"over {len(tricks)} simulated deals my side takes {mean:.1f} tricks in "
                    f"{_denom_word(denom)} and makes {bid.label} {made:.0%} of the time: "
                    f"expected {ev:+.0f}"
                )
                best = (ev, move, why)
    if best[1] is None:
        top = max(DENOMS, key=lambda d: sum(counts[d]) / max(1, len(counts[d])))
        mean = sum(counts[top]) / max(1, len(counts[top]))
        return None, (
            f"simulated deals give my side {mean:.1f} tricks at best ({_denom_word(top)}): "
            "no open bid is worth the risk"
        )
    return best[1], best[2]


def _denom_word(denom: str) -> str:
    return "No-Trumps" if denom == "NT" else SUIT_NAMES[denom]


__all__ = [
    "consistent",
    "expected_tricks",
    "rollout",
    "search_bid",
    "search_play",
    "utility",
    "voids_from_log",
]
