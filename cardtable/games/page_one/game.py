"""Page One's rules of play: the deal, the tricks, drawing to follow, scoring (the notation
and the engine's choices are documented in the package, ``cardtable.games.page_one``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from cardtable.engine.cards import JOKER_RANK, SUIT_NAMES, Card, make_deck
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.game import Outcome
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule
from cardtable.engine.views import PENALTY_EVENT, PlayerView, badges
from cardtable.engine.words import plural
from cardtable.engine.zones import Visibility, Zone, hand_zones
from cardtable.kits.tricks import (
    TrickGame,
    TrickOrder,
    follow_refusal,
    led_suit,
    must_follow,
    playable,
    trick_view,
    trick_winner,
)

from . import SPEC
from .rules import PageOneRules

EVENTS = {
    "lead": "the seat leads the card",
    "play": "the seat plays the card to the trick",
    "lead-drawn": "the seat leads the card after drawing this turn",
    "play-drawn": "the seat plays the card after drawing this turn (often a forced card)",
    "wins": "the seat wins the trick with the card",
    "draw": "the seat draws a card, unable to follow the suit given (no suit: before leading)",
    PENALTY_EVENT: "the seat is penalised for a missed call (drawn or picked-up cards; tables announce it)",
    "pickup": "the seat picks up the trick (no_rebuild_pickup)",
    "rebuild": "the completed tricks are shuffled into a new stock (no seat)",
}
"""The words of Page One's view ``events``: ``(seat, word, card or suit)``, in deal order."""


@dataclass(frozen=True, slots=True)
class Play:
    """The payload of ``play``: the card (as held) and whether 'Page One!' is called."""

    card: Card
    call: bool


class Step(Enum):
    """The payloads of the verbs that take no card."""

    DRAW = "draw"
    TAKE = "take"
    NEXT = "next"


DRAW, TAKE, NEXT = Step.DRAW, Step.TAKE, Step.NEXT
_STEPS = {"draw": DRAW, "take": TAKE, "next": NEXT}


ORDER = TrickOrder(joker="wild", when_void="wild")
"""Page One's rank order (the trick kit): no trumps, the ace high, the joker a wild card that
wins any trick; a player who cannot follow may play only the joker (or draws)."""

STRICT_ORDER = TrickOrder(joker="wild", when_void="wild", joker_only_when_void=True)
"""The order under ``joker_only_when_void``."""


def _order(rules: PageOneRules) -> TrickOrder:
    return STRICT_ORDER if rules.joker_only_when_void else ORDER


def _n(cards: Sequence[Card]) -> str:
    return " ".join(c.name for c in cards)


# ---------------------------------------------------------------------------- rules of play
# Each rule is one predicate: the generator lists exactly the moves none of them refuses
# (it calls the same helpers: _joker_stuck, _follow_options), and the first that refuses
# an unlisted move says why (tests/test_rules_agree.py checks both directions).


def _phase(g: PageOne, m: Move) -> str | None:
    if g.phase_ == "deal-over" and m.kind != "next":
        return "the deal is over: play 'next' to deal again"
    if m.kind == "next" and g.phase_ != "deal-over":
        return "'next' starts the next deal once this one is over"
    return None


def _hold(g: PageOne, m: Move) -> str | None:
    if m.kind == "play" and g._held(m) is None:
        return f"you do not hold {m.cards[0].name}"
    return None


def _call(g: PageOne, m: Move) -> str | None:
    if m.kind != "play" or "call" not in m.flags:
        return None
    if not g.rules.page_one_call:
        return f"these rules have no Page One call (page_one_call is off): write 'play {m.cards[0].name}'"
    left = len(g.hands[g.cur]) - 1
    if left != 1:
        return f"call 'Page One' only with a play that leaves you one card (this one leaves you {left})"
    return None


def _take_only_without_rebuild(g: PageOne, m: Move) -> str | None:
    if m.kind == "take" and not g.rules.no_rebuild_pickup:
        return "'take' is only for no_rebuild_pickup (picking up the trick): draw when you cannot follow"
    return None


def _lead(g: PageOne, m: Move) -> str | None:
    if g.phase_ != "lead":
        return None
    stuck = g._joker_stuck(g.hands[g.cur])
    if m.kind == "play" and stuck:
        return "the joker may not be your last card (joker_not_last): draw first, then lead"
    if m.kind == "draw" and not stuck:
        return "you lead this trick: play any card (drawing is for a player who cannot follow)"
    if m.kind == "take":
        return "you lead this trick: play any card"
    return None


def _follow(g: PageOne, m: Move) -> str | None:
    if g.phase_ != "follow" or m.kind != "play":
        return None
    hand = g.hands[g.cur]
    held = g._held(m)
    cards, _other = g._follow_options(hand)
    if held is None or any(c is held for c in cards):
        return None
    return g._why_not_follow(m.cards[0], held, hand)


def _search(g: PageOne, m: Move) -> str | None:
    if g.phase_ != "follow" or m.kind not in ("draw", "take"):
        return None
    hand = g.hands[g.cur]
    _cards, other = g._follow_options(hand)
    if m.kind == other:
        return None
    if m.kind == "take" and g.stock:
        return "the stock is not used up yet: draw until a card of the suit comes"
    return g._why_not_draw(hand)


PLAY_RULES = (
    Rule("phase", "a deal is played to its end; 'next' deals again", _phase),
    Rule("hold", "a player plays a card from their own hand", _hold),
    Rule("call", "'Page One!' is called with the play that leaves one card", _call),
    Rule("pickup", "the trick is taken only under no_rebuild_pickup", _take_only_without_rebuild),
    Rule("lead", "the leader plays any card (the joker not as the last card)", _lead),
    Rule("follow", "follow suit if you can; the joker when void (see the toggles)", _follow),
    Rule("search", "a player who cannot follow draws until a card of the suit comes", _search),
)


class PageOne(TrickGame):
    """A match of Page One (one deal by default). Phases: 'lead', 'follow', 'deal-over',
    'match-over'; there are no melds."""

    spec = SPEC
    play_rules = PLAY_RULES
    move_caches = ("_play_moves",)

    rules: PageOneRules

    def _set_up(self) -> None:
        self._play_moves: dict[Any, Any] = {}
        """The listed moves, made once and listed again and again (a move is a value, and making
        it was most of the cost of listing): by card id the two play moves (plain, calling),
        by verb the moves that take no card."""
        n = self.n
        self.dealer = n - 1  # so that seat 0 leads in the first deal
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        self.deal_no += 1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # the top card is the last
        self.played: list[Card] = []  # completed tricks, face down
        self.trick: list[tuple[int, Card]] = []
        self.led_suit = ""
        self.trick_no = 1
        self.last_winner: int | None = None
        self.last_trick: list[Card] = []
        self.searching = False
        """The player to act has drawn this turn, looking for the suit led."""
        self.just_drawn: Card | None = None
        self.owes_call: int | None = None
        """A seat that won a trick with an uncalled second-to-last card (penalty at its lead)."""
        self.public: set[int] = set()
        """Ids of cards in hands that everyone has seen (picked-up tricks)."""
        self.drawn = 0
        """Cards the player to act has drawn this turn (for the log)."""
        self.rebuilds = 0
        self.events: list[tuple[int | None, str, str]] = []
        """This deal's public happenings, for the view's ``events`` (see :data:`EVENTS`)."""
        lead = (self.dealer + 1) % n
        self.leader = lead
        self.cur = lead
        self.phase_ = "lead"
        deck = list(make_deck(1, 1))
        order = [(lead + k) % n for k in range(n)]
        if stacked is None:
            self.rng.shuffle(deck)
            for _ in range(self.rules.deal_size):
                for s in order:
                    self.hands[s].append(deck.pop())
            self.stock = deck
        else:
            self._deal_stacked(stacked, deck, order)
        dealt = f"{self.rules.deal_size} cards each" if stacked is None else "a stacked deal"
        self.log.append(
            f"Deal {self.deal_no}: {self.players[self.dealer]} deals {dealt}; {self.players[lead]} leads"
        )

    def _deal_stacked(self, stacked: dict[str, Any], deck: list[Card], order: list[int]) -> None:
        pool = deck
        fixed, stock_top, played, _ = read_stacked(stacked, pool, self.n, self.title, other_keys=("rest",))
        rest = stacked.get("rest", "stock")
        if rest not in ("stock", "played"):
            raise InvalidRules(f"deal: rest must be 'stock' or 'played', not {rest!r}")
        self.rng.shuffle(pool)
        for s in order:
            if s in fixed:
                self.hands[s] = fixed[s]
                continue
            if len(pool) < self.rules.deal_size:
                raise InvalidRules(f"deal: too few cards are left to deal hand {s}")
            self.hands[s] = [pool.pop() for _ in range(self.rules.deal_size)]
        if rest == "played":
            self.played = played + pool
            self.stock = []
        else:
            self.played = played
            self.stock = pool
        self.stock.extend(reversed(stock_top))

    # ------------------------------------------------------------------ public
    # ------------------------------------------------------------------ moves
    def _generate(self) -> list[Move]:
        ph = self.phase_
        if ph == "deal-over":
            return [self._fixed("next")]
        if ph not in ("lead", "follow"):
            return []
        hand = self.hands[self.cur]
        if ph == "lead":
            if self._joker_stuck(hand):
                return [self._fixed("draw")]
            return self._plays(hand, len(hand))
        cards, other = self._follow_options(hand)
        moves = self._plays(cards, len(hand))
        if other is not None:
            moves.append(self._fixed(other))
        return moves

    def _fixed(self, verb: str) -> Move:
        """The move of a verb that takes no card ('draw', 'take', 'next'), made once a game."""
        move = self._play_moves.get(verb)
        if move is None:
            move = self._play_moves[verb] = Move(verb, payload=_STEPS[verb], text=verb)
        return move

    def _joker_stuck(self, hand: Sequence[Card]) -> bool:
        """Under ``joker_not_last``: the only card is the joker, which may not be played."""
        return self.rules.joker_not_last and len(hand) == 1 and hand[0].rank == JOKER_RANK

    def _plays(self, cards: Sequence[Card], hand_size: int) -> list[Move]:
        made = self._play_moves
        out = []
        duty = self.rules.page_one_call and hand_size == 2
        for c in cards:
            pair: tuple[Move, Move] | None = made.get(c.id)
            if pair is None:
                pair = made[c.id] = (
                    Move("play", (c,), (None,), payload=Play(c, False)),
                    Move("play", (c,), (None,), flags=("call",), payload=Play(c, True)),
                )
            out.append(pair[0])
            if duty:
                out.append(pair[1])
        return out

    def _follow_options(self, hand: Sequence[Card]) -> tuple[list[Card], str | None]:
        """The cards the follower may play, and the other action open to them, if any."""
        suit = self.led_suit
        if not suit:  # a joker was led: the second player plays any card
            return list(hand), None
        rules = self.rules
        order = _order(rules)
        if self.searching:  # the card just drawn is of the suit: it must be played
            suited = must_follow(hand, suit, order)
            if suited:
                return suited, None
        # the kit's follow rule: the suit (and the joker, unless joker_only_when_void), or
        # when void the joker alone; Page One's own rules on drawing come on top
        cards = playable(hand, suit, order)
        if cards and not order.is_wild(cards[0]):  # holding the suit
            return cards, None
        if cards:  # void, holding the joker
            if self._joker_stuck(hand):
                cards = []
            elif rules.joker_forced_when_void:
                return cards, None
            elif self.searching and not (rules.drawn_joker_playable and self.just_drawn is cards[0]):
                cards = []
        return cards, self._search_verb(bool(cards))

    def _search_verb(self, can_play: bool) -> str | None:
        """'draw', or 'take' once the stock is used up under ``no_rebuild_pickup``; None
        when there is nothing to draw and a card can be played instead."""
        if self.stock:
            return "draw"
        if self.rules.no_rebuild_pickup:
            return "take"
        if self._can_rebuild():
            return "draw"
        return None if can_play else "draw"

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        act = move.payload
        if act.__class__ is Play:  # the common case first: a plain test beats a class pattern
            self._play(act.card, act.call)
        elif act is Step.DRAW:
            self._draw()
        elif act is Step.TAKE:
            self._pickup()
        elif act is Step.NEXT:
            self._deal(self.next_stacked_deal())
        else:
            raise AssertionError(act)

    def _say(self, text: str) -> None:
        self.log.append(text)

    def _after_drawing(self) -> str:
        return f" after drawing {plural(self.drawn, 'card')}" if self.drawn else ""

    def _play(self, card: Card, call: bool) -> None:
        seat = self.cur
        name = self.players[seat]
        hand = self.hands[seat]
        del hand[next(i for i, c in enumerate(hand) if c is card)]
        self.public.discard(card.id)
        leading = self.phase_ == "lead"
        self.trick.append((seat, card))
        if leading:
            self.leader = seat
        if not self.led_suit:  # the lead, or the card after a led joker
            self.led_suit = led_suit(self.trick, ORDER)
        what = "lead" if leading else "play"
        self.events.append((seat, f"{what}-drawn" if self.drawn else what, card.name))
        text = f"{name} {'leads' if leading else 'plays'} {card.name}{self._after_drawing()}"
        if call:
            text += ' and calls "Page One!"'
        elif leading and card.rank == JOKER_RANK:
            text += ": the next card sets the suit"
        self._say(text)
        self.searching = False
        self.just_drawn = None
        self.drawn = 0
        if self.owes_call == seat:  # the special case: the led last card stands, then the penalty
            self.owes_call = None
            self._special_penalty(seat)
        if not hand:
            self._end_deal(seat, "")
            return
        missed = len(hand) == 1 and self.rules.page_one_call and not call
        winner: int | None = None
        if len(self.trick) == self.n:
            winner = self._finish_trick()
        else:
            self.cur = (seat + 1) % self.n
            self.phase_ = "follow"
        if not missed:
            return
        if winner == seat:
            if self._joker_stuck(hand):  # must draw before leading: the deadline is now
                self._special_penalty(seat)
            else:
                self.owes_call = seat
                self._say(f"{name} did not call Page One")
        else:
            self._penalty(seat)

    def _finish_trick(self) -> int:
        winner, best = self._best()
        cards = [c for _, c in self.trick]
        self.played.extend(cards)
        self.last_trick = cards
        self.last_winner = winner
        self.events.append((winner, "wins", best.name))
        self._say(f"{self.players[winner]} wins trick {self.trick_no} with {best.name}")
        self._next_trick(winner)
        return winner

    def _next_trick(self, leader: int) -> None:
        self.trick = []
        self.led_suit = ""
        self.trick_no += 1
        self.cur = leader
        self.leader = leader
        self.phase_ = "lead"
        self.searching = False
        self.just_drawn = None
        self.drawn = 0

    def _best(self) -> tuple[int, Card]:
        """The seat and card that win the trick so far: the joker, else the highest card of
        the suit to follow."""
        return trick_winner(self.trick, ORDER, self.led_suit)

    def _can_rebuild(self) -> bool:
        """Whether an empty stock may be rebuilt from the completed tricks now."""
        limit = self.rules.max_rebuilds
        return (
            bool(self.played) and not self.rules.no_rebuild_pickup and (limit == 0 or self.rebuilds < limit)
        )

    def _rebuild(self) -> None:
        pile = self.played
        self.played = []
        self.last_trick = []
        self.rng.shuffle(pile)
        self.stock = pile + self.stock
        self.rebuilds += 1
        self.events.append((None, "rebuild", ""))
        self._say(f"the completed tricks ({len(pile)} cards) are shuffled into a new stock")

    def _draw_cards(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards for a penalty, rebuilding the stock when allowed."""
        got = 0
        while got < count:
            if not self.stock:
                if not self._can_rebuild():
                    break
                self._rebuild()
            self.hands[seat].append(self.stock.pop())
            got += 1
        return got

    def _penalty(self, seat: int) -> None:
        want = self.rules.call_penalty
        got = self._draw_cards(seat, want)
        self.events.append((seat, PENALTY_EVENT, ""))
        name = self.players[seat]
        if got == want:
            self._say(f"{name} forgot to call Page One and draws {got}")
        elif got:
            self._say(f"{name} forgot to call Page One and draws {got} (all there was)")
        else:
            self._say(f"{name} forgot to call Page One, but there is nothing to draw")

    def _special_penalty(self, seat: int) -> None:
        """Missed call after winning the trick: draw the penalty, or with no stock take the
        cards of the trick just won."""
        name = self.players[seat]
        if self.stock or not self.last_trick:
            self._penalty(seat)
            return
        won = {c.id for c in self.last_trick}
        self.played = [c for c in self.played if c.id not in won]
        self.hands[seat].extend(self.last_trick)
        self.public |= won
        self.events.append((seat, PENALTY_EVENT, ""))
        self._say(
            f"{name} forgot to call Page One; with no stock, {name} takes the cards of the trick "
            f"just won ({_n(self.last_trick)})"
        )
        self.last_trick = []

    def _draw(self) -> None:
        seat = self.cur
        name = self.players[seat]
        if not self.stock:
            if self._can_rebuild():
                self._rebuild()
            else:
                self._say(f"{name} cannot play and there is nothing left to draw")
                if self.played and not self.rules.no_rebuild_pickup:
                    why = f"the stock ran out after {plural(self.rebuilds, 'rebuild')} (max_rebuilds)"
                elif self.rules.no_rebuild_pickup:
                    why = "the stock is used up and is not rebuilt"
                else:
                    why = "the stock is empty and there are no completed tricks to rebuild it"
                self._end_deal(None, why)
                return
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.events.append((seat, "draw", self.led_suit if self.phase_ == "follow" else ""))
        if self.phase_ == "follow":
            self.searching = True
            self.just_drawn = card
        if not self.drawn:  # one line a search; the play that ends it says how many were drawn
            if self.phase_ == "follow":
                self._say(f"{name} cannot follow {self._suit_word()} and draws")
            else:
                self._say(f"{name} draws before leading: the joker may not be the last card")
        self.drawn += 1

    def _pickup(self) -> None:
        seat = self.cur
        cards = [c for _, c in self.trick]
        best_seat, best = self._best()
        self.hands[seat].extend(cards)
        self.public.update(c.id for c in cards)
        self.events.append((seat, "pickup", ""))
        who, after = self.players[seat], self._after_drawing()
        self._say(
            f"{who} cannot follow{after} and picks up the trick ({_n(cards)}); "
            f"{self.players[best_seat]} played the highest card ({best.name}) and leads"
        )
        self.last_winner = None
        self.last_trick = []
        self.drawn = 0
        self._next_trick(best_seat)

    # ------------------------------------------------------------------ scoring
    def _end_deal(self, winner: int | None, why: str) -> None:
        rules = self.rules
        n = self.n
        row = [0] * n
        if winner is not None:
            if rules.match == "fewest-cards":
                row = [0 if s == winner else len(self.hands[s]) for s in range(n)]
            else:
                row[winner] = 1
        self.rows.append(tuple(row))
        for s in range(n):
            self.total[s] += row[s]
        if winner is None:
            self.result = f"Deal {self.deal_no} is a draw: {why}."
        else:
            self.result = f"{self.players[winner]} has no cards left and wins deal {self.deal_no}"
            if rules.match == "fewest-cards":
                left = ", ".join(f"{self.players[s]} {row[s]}" for s in range(n) if s != winner)
                self.result += f" — cards left: {left}"
            self.result += "."
        self._say(self.result)
        self.phase_ = "deal-over"
        self.owes_call = None
        self.searching = False
        self.just_drawn = None
        self._settle_match(winner)
        if self._outcome is None:
            self.dealer = (self.dealer + 1) % n
            self.cur = (self.dealer + 1) % n

    def _settle_match(self, winner: int | None) -> None:
        rules = self.rules
        if rules.match == "single":
            if winner is None:
                self._finish((), "the deal is a draw")
            else:
                self._finish((winner,), f"{self.players[winner]} went out first and wins")
        elif rules.match == "first-to-n":
            if winner is not None and self.total[winner] >= rules.match_wins:
                self._finish(
                    (winner,),
                    f"{self.players[winner]} is the first to win {plural(rules.match_wins, 'deal')}",
                )
        elif self.deal_no >= rules.match_deals:
            low = min(self.total)
            winners = tuple(s for s in range(self.n) if self.total[s] == low)
            names = " and ".join(self.players[s] for s in winners)
            deals = plural(self.deal_no, "deal")
            self._finish(winners, f"after {deals} {names} has the fewest cards ({low})")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase_ = "match-over"
        self._outcome = Outcome(winners, reason, tuple(self.total))
        self._say(f"Match over: {reason}.")

    # ------------------------------------------------------------------ explaining
    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if kind in ("draw", "take", "next"):
            if move.flags:
                raise IllegalMove("'call' goes with a play, as in 'play QH call'", str(move))
            if move.cards or move.target is not None:
                raise IllegalMove(f"'{kind}' takes no cards: write just '{kind}'", str(move))
            return Move(kind, text=kind)
        if kind == "play":
            if len(move.cards) != 1:
                raise IllegalMove("play exactly one card, as in 'play QH'", str(move))
            if move.named[0] is not None:
                raise IllegalMove("a card in a trick stands for itself: write 'play JK'", str(move))
            return Move("play", (move.cards[0],), (None,), flags=tuple(sorted(set(move.flags))))
        raise IllegalMove(
            f"'{kind}' is not a Page One move; the moves are play (with 'call'), draw, take and next",
            str(move),
        )

    def _suit_word(self) -> str:
        return SUIT_NAMES.get(self.led_suit, "the suit led")

    def _held(self, move: Move) -> Card | None:
        """The card of a ``play`` as held in hand (None: not held)."""
        return next((c for c in self.hands[self.cur] if c == move.cards[0]), None)

    def _why_not_follow(self, card: Card, held: Card, hand: Sequence[Card]) -> str:
        """Why ``held``, not among the follower's options, may not be played to the trick."""
        cards, other = self._follow_options(hand)
        suit = self._suit_word()
        order = _order(self.rules)
        suited = must_follow(hand, self.led_suit, order)
        # the kit's follow rule says why, when it is the rule that refuses the card
        refusal = follow_refusal(held, hand, self.led_suit, order) or ""
        if card.rank == JOKER_RANK:
            if self._joker_stuck(hand):
                return "the joker may not be your last card (joker_not_last): draw"
            if suited and self.searching:
                return f"you drew {suited[0].name}: it must be played to the trick"
            if suited:
                return f"{refusal} (joker_only_when_void)"
            if not self.rules.drawn_joker_playable and self.just_drawn is held:
                return "a joker drawn while looking for the suit stays in hand (drawn_joker_playable is off)"
            return (
                "once you have started drawing, only a card of the suit (or a joker just drawn) may be played"
            )
        if suited and self.searching:
            return f"you drew {suited[0].name}: it must be played to the trick"
        if suited:
            return refusal
        if cards and cards[0].rank == JOKER_RANK and other is None:
            if self.rules.joker_forced_when_void:
                return f"you have no {suit} and hold the joker: you must play it (joker_forced_when_void)"
            return f"you have no {suit} and there is nothing left to draw: play the joker"
        verb = "take the trick ('take')" if other == "take" else "draw from the stock until one comes"
        return f"{refusal}: {verb}"

    def _why_not_draw(self, hand: Sequence[Card]) -> str:
        """Why the follower may not draw now (they can follow, or must play the joker)."""
        if not self.led_suit:
            return "the joker was led: you may play any card, so there is nothing to draw for"
        cards, other = self._follow_options(hand)
        suit = self._suit_word()
        suited = must_follow(hand, self.led_suit, _order(self.rules))
        if suited and self.searching:
            return f"you drew {suited[0].name}: play it to the trick"
        if suited:
            return f"you can follow {suit}: play one ({_n(suited)}); only a player who cannot follow draws"
        if cards and other is None:
            if self.rules.joker_forced_when_void and self.stock:
                return f"you have no {suit} and hold the joker: you must play it (joker_forced_when_void)"
            return "there is nothing left to draw: play the joker"
        if other == "take":
            return "the stock is used up and is not rebuilt (no_rebuild_pickup): 'take' the trick instead"
        return "you cannot draw now"

    def _status(self, seat: int | None) -> str:
        """What the player to act must do; hints that depend on the hand only in their view."""
        if (over := self._over_status()) is not None:
            return over
        name = self.players[self.cur]
        mine = seat == self.cur
        hand = self.hands[self.cur]
        if self.phase_ == "lead":
            if mine and self._joker_stuck(hand):
                return f"{name}: your only card is the joker, which may not be played last: draw"
            return f"{name} to lead: play any card"
        if not self.led_suit:
            return f"{name}: the joker was led; play any card, and its suit is the suit to follow"
        suit = self._suit_word()
        if not mine:
            if self.searching:
                return f"{name} cannot follow {suit} and is drawing"
            return f"{name} to follow {suit}"
        cards, other = self._follow_options(hand)
        if self.searching and cards and cards[0].rank != JOKER_RANK:
            return f"{name}: you drew {cards[0].name}; play it"
        if not cards:
            if other == "take":
                return f"{name}: you have no {suit} and the stock is used up: take the trick"
            return f"{name}: you have no {suit}: draw until one comes"
        if other is not None:
            return f"{name}: you have no {suit}: play the joker or {other}"
        return f"{name}: follow {suit}"

    def _view(self, seat: int | None) -> PlayerView:
        live = self.phase_ in ("lead", "follow")
        seats = tuple(
            self.seat_view(
                s, badges({"dealer": s == self.dealer and live, "leads": s == self.leader and live})
            )
            for s in range(self.n)
        )
        trick = trick_view(self.trick, self.leader if live else None, self.last_winner, self.led_suit)
        facts: dict[str, str] = {"deal": str(self.deal_no)}
        if live:
            facts["trick"] = str(self.trick_no)
            if self.led_suit:
                facts["led suit"] = SUIT_NAMES[self.led_suit]
            elif self.trick:
                facts["led suit"] = "joker led: the next card sets it"
        # (cards of the completed tricks: "played" was read as the cards of this trick)
        facts["in tricks"] = str(len(self.played))
        if self.rebuilds:
            limit = self.rules.max_rebuilds
            facts["rebuilds"] = f"{self.rebuilds} of {limit}" if limit else str(self.rebuilds)
        if self.rules.match == "first-to-n":
            facts["match"] = f"first to {self.rules.match_wins} wins"
        elif self.rules.match == "fewest-cards":
            facts["match"] = f"{self.rules.match_deals} deals, fewest cards"
        return self.table_view(
            seat,
            seats=seats,
            stock_count=len(self.stock),
            discard_top=None,
            discard_count=len(self.played),
            discard_label="tricks",
            trick=trick,
            events=tuple(self.events),
            hand_sort=tuple(map(_order(self.rules).sort_key, self.hands[seat])) if seat is not None else (),
            status=self._status(seat),
            facts=facts,
            result=self.result if self.phase_ in ("deal-over", "match-over") else "",
        )

    def zones(self) -> tuple[Zone, ...]:
        """The stock, the hands, the completed tricks (face down, but every card in them was
        seen when it was played) and the trick on the table."""
        return (
            Zone("stock", self.stock, Visibility.HIDDEN),
            *hand_zones(self.hands),
            Zone("completed tricks", self.played, Visibility.PUBLIC),
            Zone("trick", [c for _, c in self.trick], Visibility.PUBLIC),
        )

    def _pinned_ids(self) -> Collection[int]:
        """Picked-up trick cards: everyone saw them go into that hand."""
        return self.public

    def _after_determinize(self, seat: int | None) -> None:
        if self.searching and self.cur != seat:
            self.just_drawn = self.hands[self.cur][-1]  # drawn cards go to the end of the hand

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (
            *self._turn_state(),
            tuple(s for s, _ in self.trick),
            self.leader,
            self.led_suit,
            self.trick_no,
            self.last_winner,
            tuple(c.id for c in self.last_trick),
            self.searching,
            self.just_drawn.id if self.just_drawn is not None else None,
            self.owes_call,
            self.rebuilds,
            self.drawn,
            tuple(sorted(self.public)),
            *self._match_state(),
        )
