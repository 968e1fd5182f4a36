"""Page One (the older Japanese game): a trick-taking race with one joker.

Rules: ``shared/rules/page-one.md`` (pagat's page, with its variations). 53 cards (one joker),
4 dealt each; follow suit or draw from the stock until you can; the joker always wins; the
first player to empty their hand wins the deal. Notation:

* ``play QH`` plays a card to the trick, as a lead or a follow. ``play QH call`` plays it and
  calls "Page One!". Whenever a play leaves you exactly one card both forms are listed: the
  plain one is forgetting the call, which is legal; the engine applies the penalty at the
  deadline and the log says so ("Bob forgot to call Page One and draws 5"). ``call`` with a
  play that does not leave one card is refused.
* ``draw`` takes one card from the stock: for a follower with no card of the suit led, again
  and again until a card of that suit comes, which must then be played (``play`` it); under
  ``joker_not_last``, for a leader whose only card is the joker, once before leading. An
  empty stock is rebuilt from the completed tricks first; with nothing to rebuild from,
  ``draw`` (listed only when no card can be played) ends the deal as a draw.
* ``take`` (``no_rebuild_pickup`` only, once the stock is used up): a player who cannot
  follow takes the cards of the trick into hand; the trick stops there and whoever played
  its highest card leads the next one.
* A joker led: the second player plays any card (``play 5D``) and its suit is the suit to
  follow for everyone after.
* ``next`` starts the next deal of a match.

Engine choices where the rules file leaves room (its recommended defaults):

* The call is made with the play that leaves one card (hot-seat: there is no later moment).
  A missed call costs ``call_penalty`` cards at once, drawn from the stock, rebuilt from the
  completed tricks when short (never under ``no_rebuild_pickup``), then whatever is there.
  If the uncalled play wins the trick (the special case) the deadline is the player's own
  lead: the last card is led and stays on the table, then the player draws the penalty, or
  with an empty stock takes the cards of the trick just won; either way they do not win.
  (Under ``joker_not_last`` with the joker as that last card, the penalty comes at once.)
* A drawn joker may be played at once (``drawn_joker_playable``), or the player draws on;
  a joker held before the search began may not be played once the player has drawn. A void
  player holding the joker may play it or draw (unless ``joker_forced_when_void``).
* ``joker_not_last`` leader holding only the joker with nothing to draw: the deal is a draw.
* ``max_rebuilds`` (not from the sources; 0 turns it off): after 20 rebuilds the stock is
  not rebuilt again, so random or stubborn play cannot make a deal endless.
* Player counts: 2 to 8 seats are accepted under every rule set; the source recommends 7 or
  8 only with ``no_rebuild_pickup`` (the "big table" preset), as the stock runs dry.
* Match scoring (``match``) is an app-level addition, not from any source: a deal won scores
  1 (``single``, ``first-to-n``); in ``fewest-cards`` the losers score their cards left and
  a drawn deal scores nothing.

Stacked deals take ``hands`` (exact), ``stock`` (top card first) and ``discard`` (the
completed-tricks pile), plus ``rest``: ``"stock"`` (default: the unlisted cards go under
the listed stock) or ``"played"`` (they go to the completed-tricks pile, so the stock is
exactly the listed cards).

>>> from cardtable.engine import new_game
>>> deal = {"hands": ["7H KS 9D QC", "3H AH 2C 4D"], "stock": "5S"}
>>> g = new_game("page-one", players=["Ann", "Bob"], seed=1, deal=deal)
>>> _ = g.play("play 7H")
>>> [str(m) for m in g.legal_moves()]
['play 3H', 'play AH']
>>> _ = g.play("play AH")
>>> g.log[-1], g.to_act, g.view(None).facts["trick"]
('Bob wins trick 1 with AH', 1, '2')
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any, Literal

from pydantic import Field

from cardtable.engine.cards import JOKER_RANK, SUIT_NAMES, Card, make_deck
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.game import Outcome, TableGame
from cardtable.engine.melds import Meld
from cardtable.engine.moves import Move
from cardtable.engine.registry import GameSpec, register
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import PENALTY, POINTS, by_rule
from cardtable.engine.verbs import verb_specs
from cardtable.engine.views import PlayerView, SeatView
from cardtable.engine.zones import Visibility, Zone, hand_zones
from cardtable.kits.tricks import (
    TrickOrder,
    follow_refusal,
    led_suit,
    must_follow,
    playable,
    trick_view,
    trick_winner,
)

RECOMMENDED_MAX = 6
"""More seats than this work best with ``no_rebuild_pickup`` (the rules file)."""


def _f(default: Any, title: str, description: str, **kw: Any) -> Any:
    return Field(default, title=title, description=description, **kw)


class PageOneRules(Ruleset):
    """Page One's variant toggles. Defaults follow pagat's base game (one deal, no scoring)."""

    deal_size: Literal[4, 5] = _f(
        4, "Cards dealt", "Cards dealt to each player: 4 (the base game) or 5 (a variation)."
    )
    joker_only_when_void: bool = _f(
        False,
        "Joker only when void",
        "The joker may be played only by a player who has no card of the suit led.",
    )
    joker_forced_when_void: bool = _f(
        False,
        "Joker forced when void",
        "A player with no card of the suit led who holds the joker must play it and may not draw.",
    )
    joker_not_last: bool = _f(
        False,
        "Joker may not be last",
        "The joker may not be played as a player's last card; a player whose only card is the "
        "joker draws from the stock before playing.",
    )
    no_rebuild_pickup: bool = _f(
        False,
        "No rebuilt stock: pick up the trick",
        "The stock is never rebuilt. Once it is used up, a player who cannot follow takes the "
        "cards of the trick into hand ('take'), the trick stops there, and whoever played its "
        "highest card leads. Good for 7 or 8 players.",
    )
    drawn_joker_playable: bool = _f(
        True,
        "Drawn joker playable",
        "A joker drawn while searching for the suit may be played at once (the sources are "
        "silent). Off: it stays in hand and the search goes on.",
    )
    page_one_call: bool = _f(
        True,
        "The Page One call",
        "A play that leaves one card must call 'Page One!' ('play QH call'); the engine "
        "applies the penalty for a missed call. Off: no call and no penalty.",
    )
    max_rebuilds: int = _f(
        20,
        "Stock rebuilds before a drawn deal",
        "Not from the sources: a guard against deals nobody can finish (two players can pass "
        "the same cards round for hundreds of tricks). Once the stock has been rebuilt this "
        "often it is not rebuilt again, and a player who must draw from an empty stock ends "
        "the deal as a draw. 0 = rebuild for ever (the sources).",
        ge=0,
        le=100,
    )
    call_penalty: int = _f(
        5, "Penalty cards", "Cards drawn by a player who forgot to call Page One.", ge=1, le=10
    )
    match: Literal["single", "first-to-n", "fewest-cards"] = _f(
        "single",
        "Match",
        "single: one deal, its winner wins (the source). first-to-n: deals until a player has "
        "won match_wins of them. fewest-cards: match_deals deals, losers score their cards "
        "left, the lowest total wins. The match modes are app additions, not from a source.",
    )
    match_wins: int = _f(
        3, "Deals to win the match", "first-to-n: deals a player must win to win the match.", ge=1, le=10
    )
    match_deals: int = _f(
        5, "Deals in the match", "fewest-cards: how many deals the match lasts.", ge=1, le=20
    )


PRESETS: dict[str, dict[str, Any]] = {
    "pagat base game": {},
    "five cards": {"deal_size": 5},
    "strict joker": {"joker_only_when_void": True, "joker_forced_when_void": True},
    "joker not last": {"joker_not_last": True},
    "big table (7-8 players)": {"no_rebuild_pickup": True},
    "match to 3 wins": {"match": "first-to-n", "match_wins": 3},
    "fewest cards over 5 deals": {"match": "fewest-cards", "match_deals": 5},
}


ORDER = TrickOrder(joker="wild", when_void="wild")
"""Page One's rank order (the trick kit): no trumps, the ace high, the joker a wild card that
wins any trick; a player who cannot follow may play only the joker (or draws)."""

STRICT_ORDER = TrickOrder(joker="wild", when_void="wild", joker_only_when_void=True)
"""The order under ``joker_only_when_void``."""


def _order(rules: PageOneRules) -> TrickOrder:
    return STRICT_ORDER if rules.joker_only_when_void else ORDER


def _n(cards: Sequence[Card]) -> str:
    return " ".join(c.name for c in cards)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class PageOne(TableGame):
    """A match of Page One (one deal by default). Phases: 'lead', 'follow', 'deal-over',
    'match-over'; there are no melds."""

    game_id = "page-one"
    title = "Page One"

    rules: PageOneRules

    def __init__(
        self, players: Sequence[str], rules: PageOneRules, seed: int, deal: dict[str, Any] | None
    ) -> None:
        super().__init__(players, rules, seed, deal)
        n = len(players)
        self.n = n
        self.rng = random.Random(seed)
        self.total = [0] * n
        self.rows: list[tuple[int | None, ...]] = []
        self.dealer = n - 1  # so that seat 0 leads in the first deal
        self.deal_no = 0
        self._outcome: Outcome | None = None
        self.result = ""
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
    @property
    def melds(self) -> tuple[Meld, ...]:
        """Page One has no melds."""
        return ()

    @property
    def trick_cards(self) -> tuple[tuple[int, Card], ...]:
        """The cards of the trick in progress, in order, with the seat that played each."""
        return tuple(self.trick)

    # ------------------------------------------------------------------ moves
    def _generate(self) -> list[Move]:
        ph = self.phase_
        if ph == "deal-over":
            return [Move("next", action=("next",), text="next")]
        if ph not in ("lead", "follow"):
            return []
        hand = self.hands[self.cur]
        if ph == "lead":
            if self._joker_stuck(hand):
                return [Move("draw", action=("draw",), text="draw")]
            return self._plays(hand, len(hand))
        cards, other = self._follow_options(hand)
        moves = self._plays(cards, len(hand))
        if other is not None:
            moves.append(Move(other, action=(other,), text=other))
        return moves

    def _joker_stuck(self, hand: Sequence[Card]) -> bool:
        """Under ``joker_not_last``: the only card is the joker, which may not be played."""
        return self.rules.joker_not_last and len(hand) == 1 and hand[0].rank == JOKER_RANK

    def _plays(self, cards: Sequence[Card], hand_size: int) -> list[Move]:
        duty = self.rules.page_one_call and hand_size == 2
        out = []
        for c in cards:
            out.append(Move("play", (c,), (None,), action=("play", c, False)))
            if duty:
                out.append(Move("play", (c,), (None,), flags=("call",), action=("play", c, True)))
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
        act = move.action
        kind = act[0]
        if kind == "play":
            self._play(act[1], act[2])
        elif kind == "draw":
            self._draw()
        elif kind == "take":
            self._pickup()
        elif kind == "next":
            self._deal(self.next_stacked_deal())
        else:
            raise AssertionError(kind)

    def _say(self, text: str) -> None:
        self.log.append(text)

    def _after_drawing(self) -> str:
        return f" after drawing {_plural(self.drawn, 'card')}" if self.drawn else ""

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
                    why = f"the stock ran out after {_plural(self.rebuilds, 'rebuild')} (max_rebuilds)"
                elif self.rules.no_rebuild_pickup:
                    why = "the stock is used up and is not rebuilt"
                else:
                    why = "the stock is empty and there are no completed tricks to rebuild it"
                self._end_deal(None, why)
                return
        card = self.stock.pop()
        self.hands[seat].append(card)
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
                    f"{self.players[winner]} is the first to win {_plural(rules.match_wins, 'deal')}",
                )
        elif self.deal_no >= rules.match_deals:
            low = min(self.total)
            winners = tuple(s for s in range(self.n) if self.total[s] == low)
            names = " and ".join(self.players[s] for s in winners)
            deals = _plural(self.deal_no, "deal")
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

    def _explain(self, move: Move) -> str:
        ph = self.phase_
        kind = move.kind
        if ph == "deal-over":
            return "the deal is over: play 'next' to deal again"
        if kind == "next":
            return "'next' starts the next deal once this one is over"
        hand = self.hands[self.cur]
        if kind == "play":
            return self._explain_play(move.cards[0], "call" in move.flags, hand)
        if kind == "draw":
            return self._explain_draw(hand)
        # take
        if not self.rules.no_rebuild_pickup:
            return "'take' is only for no_rebuild_pickup (picking up the trick): draw when you cannot follow"
        if ph == "lead":
            return "you lead this trick: play any card"
        if self.stock:
            return "the stock is not used up yet: draw until a card of the suit comes"
        return self._explain_draw(hand)

    def _suit_word(self) -> str:
        return SUIT_NAMES.get(self.led_suit, "the suit led")

    def _explain_play(self, card: Card, call: bool, hand: Sequence[Card]) -> str:
        held = next((c for c in hand if c == card), None)
        if held is None:
            return f"you do not hold {card.name}"
        if call and not self.rules.page_one_call:
            return f"these rules have no Page One call (page_one_call is off): write 'play {card.name}'"
        if call and len(hand) != 2:
            return (
                "call 'Page One' only with a play that leaves you one card "
                f"(this one leaves you {len(hand) - 1})"
            )
        if self.phase_ == "lead":
            if self._joker_stuck(hand):
                return "the joker may not be your last card (joker_not_last): draw first, then lead"
            return f"{card.name} cannot be played now"
        cards, other = self._follow_options(hand)
        if any(c is held for c in cards):
            return f"{card.name} cannot be played now"
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

    def _explain_draw(self, hand: Sequence[Card]) -> str:
        if self.phase_ == "lead":
            return "you lead this trick: play any card (drawing is for a player who cannot follow)"
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

    # ------------------------------------------------------------------ views, copies
    def _status(self, seat: int | None) -> str:
        """What the player to act must do; hints that depend on the hand only in their view."""
        if self._outcome is not None:
            return f"Match over: {self._outcome.reason}."
        name = self.players[self.cur]
        if self.phase_ == "deal-over":
            return f"{self.result} {name}: play 'next' for deal {self.deal_no + 1}."
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
            SeatView(
                seat=s,
                name=self.players[s],
                card_count=len(self.hands[s]),
                score=self.total[s],
                to_act=self.to_act == s,
                badges=tuple(
                    b
                    for b, on in (
                        ("dealer", s == self.dealer and live),
                        ("leads", s == self.leader and live),
                    )
                    if on
                ),
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
        facts["played"] = str(len(self.played))
        if self.rebuilds:
            limit = self.rules.max_rebuilds
            facts["rebuilds"] = f"{self.rebuilds} of {limit}" if limit else str(self.rebuilds)
        if self.rules.match == "first-to-n":
            facts["match"] = f"first to {self.rules.match_wins} wins"
        elif self.rules.match == "fewest-cards":
            facts["match"] = f"{self.rules.match_deals} deals, fewest cards"
        return PlayerView(
            game=self.game_id,
            title=self.title,
            seat=seat,
            phase=self.phase_,
            phase_kind=self.phase_kind,
            to_act=self.to_act,
            seats=seats,
            hand=tuple(c.name for c in self.hands[seat]) if seat is not None else (),
            stock_count=len(self.stock),
            discard_top=None,
            discard_count=len(self.played),
            discard_label="tricks",
            trick=trick,
            legal_moves=tuple(str(m) for m in self.legal_moves())
            if seat is not None and seat == self.to_act
            else (),
            status=self._status(seat),
            facts=facts,
            log=tuple(self.log[-50:]),
            deal_number=self.deal_no,
            deal_scores=tuple(self.rows),
            scores=tuple(self.total),
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
            self.phase_,
            self.cur,
            self.dealer,
            self.deal_no,
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
            tuple(self.total),
            tuple(self.rows),
            self._outcome,
            hash(self.rng.getstate()),
        )


def _factory(players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> PageOne:
    assert isinstance(rules, PageOneRules)
    return PageOne(players, rules, seed, deal)


RULES_TEXT = """\
# Page One

The older Japanese Page One (pagat; popular in the 1950s-60s): a trick-taking race for 2 to 6
players (7 or 8 with the pick-up rule) with a 52-card pack and one joker. It is not "American
Page One", the later Crazy Eights game.

**Cards.** High to low: joker, A K Q J 10 9 8 7 6 5 4 3 2. No trumps.

**Deal.** 4 cards each, one at a time, clockwise; the rest is the stock, face down. The player
to the dealer's left leads.

**Tricks.** The leader plays any card (`play QH`). Everyone else must follow suit if they can.
A player with no card of the suit led draws from the stock (`draw`), one card at a time, until
a card of that suit comes; that card must be played, the others stay in hand. The joker may be
played to any trick and always wins it. If the joker is led, the second player plays any card
and the rest follow that card's suit. Otherwise the highest card of the suit led wins, and the
winner leads the next trick. The completed tricks lie face down.

**Stock.** When the stock is empty and someone must draw, the completed tricks (never the trick
in progress) are shuffled into a new stock. With no stock and no completed tricks, a player
who cannot follow ends the deal as a draw. (This program also stops rebuilding after 20
rebuilds, `max_rebuilds`, so that a deal nobody can finish ends as a draw.)

**Winning.** The first player with no cards left wins, at once, even in the middle of a trick.

**"Page One!"** A play that leaves you one card must call it: `play QH call`. Forget, and you
draw 5 cards from the stock as soon as the next player acts. If that play won the trick, the
deadline is your own lead: your last card is led, then you draw 5 — or, with no stock, take
the cards of the trick you just won — so you do not go out. Drawing back to two cards and
playing one means calling again.

**Variations** (toggles below): 5 cards dealt; joker only when void in the suit led; joker
forced when void (no drawing while holding it); joker never played last (a player whose only
card is the joker draws first); no rebuilt stock — once it is used up, a player who cannot
follow picks up the trick (`take`), and whoever played its highest card leads. Match scoring
over several deals is an addition of this program, not of the sources.
"""

SPEC = register(
    GameSpec(
        id="page-one",
        title="Page One",
        summary="Japanese trick-taking race with one joker: follow or draw, call 'Page One!'.",
        min_players=2,
        max_players=8,
        rules_type=PageOneRules,
        factory=_factory,
        rules_text=RULES_TEXT,
        bot="cardtable.games.page_one_bot",
        presets=PRESETS,
        notation=__doc__ or "",
        scoring=by_rule("match", {"fewest-cards": PENALTY.named("cards left")}, POINTS.named("deals won")),
        verbs=verb_specs(("play", "draw", "take", "next")),
        family="trick-taking",
    )
)

__all__ = ["PRESETS", "SPEC", "PageOne", "PageOneRules"]
