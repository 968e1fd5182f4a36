"""Joker Poker, Kings or Better: the one-player video poker machine, played by 1-6 people in
turn (rules: ``shared/rules/joker-poker.md`` §7.10).

A hand: the player at the machine bets 1 to 5 coins (credits), five cards are dealt from a
fresh shuffle of the 53-card deck, the player holds any of them, the rest are replaced from
the same deck once, and the final hand is paid by the pay table (the joker fully wild, read
to pay most). Players take turns, one hand each, for ``hands`` hands each; a player without
credits sits out the rest. Most credits wins.

Notation:

* ``bet 5`` (1-5): bet that many coins and deal at once.
* ``deal``: bet as last time (5 coins at first) and deal. A ``bet`` equal to the last bet is
  the same move and is recorded as ``deal``.
* ``hold KH JK``: keep those cards and draw the rest; ``hold`` alone draws five.
* ``next``: after a hand is paid (the deal is over), the machine passes to the next player.
* ``double`` / ``collect`` (toggle ``double_up``): after a winning hand its win is at stake:
  ``double`` turns a dealer card and then the player's card from the machine's deck (the
  cards left after the draw, in order); a higher rank doubles the win, a lower one loses it,
  the same rank keeps it (aces high, the joker above every card); after a double that did
  not lose, ``double`` again or ``collect`` the win.

Engine choices where the rules file leaves room:

* The final hand stays on the machine's screen, face up for everyone, until the next deal.
* Each hand is one score row: the player's net (pay minus bet), 0 for the others.
* Double-up is double or nothing against one dealer card (the rules file leaves its form
  open): nothing to choose but whether to risk the win, so no pick of a face-down card.

Each hand is one deal. Stacked deals: ``deal={"hands": ["AH KH QH JH 2C"], "stock": "10H 3D"}``
stacks the first hand dealt (``hands`` is by seat: only the entry of the seat at the machine
is used; the stock's first card is drawn first); ``{"deals": [...]}`` stacks later hands, one
entry per hand dealt in the match; ``{"totals": [50, 80]}`` sets the starting credits.

>>> from cardtable.engine import new_game
>>> g = new_game("joker-poker-video", ["Ann"], seed=1,
...              deal={"hands": ["AH KH QH JH 2C"], "stock": "10H"})
>>> [str(m) for m in g.legal_moves()]
['bet 1', 'bet 2', 'bet 3', 'bet 4', 'deal']
>>> _ = g.play("bet 5"); g.phase, g.scores, g.view(0).facts["bet"]
('hold', (100,), '5 coins')
>>> _ = g.play("hold AH KH QH JH"); g.log[-1]
'Ann: AH KH QH JH 10H, natural royal flush: pays 4000'
>>> g.scores
(4095,)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cardtable.engine.cards import Card, make_deck
from cardtable.engine.deals import check_plan, read_stacked, stacked_deal
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.game import Outcome
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.engine.table_game import TableGame
from cardtable.engine.views import PlayerView
from cardtable.engine.words import plural
from cardtable.engine.zones import Visibility, Zone
from cardtable.kits.poker.video import PAY_LINES, PayTable, cached_return, pay_line, pay_table, percent

from . import SPEC
from .play_rules import MAX_COINS, PLAY_RULES, bet_coins
from .rules import JokerPokerVideoRules

DECK = make_deck(1, 1)
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class Bet:
    """Bet ``coins`` and deal (``bet N``, or ``deal`` with the last bet)."""

    coins: int


_SHORT = {
    "natural_royal": "Royal",
    "five_kind": "5 kind",
    "wild_royal": "Wild royal",
    "straight_flush": "Str. flush",
    "four_kind": "4 kind",
    "three_kind": "3 kind",
}

NEXT = "next"
"""The payload of ``next``: the machine passes to the next player."""
DOUBLE = "double"
"""The payload of ``double``: risk the win at stake against a dealer card."""
COLLECT = "collect"
"""The payload of ``collect``: take the win at stake."""


def _double_rank(card: Card) -> int:
    """A card's rank in the double-up: aces high, the joker above every card."""
    return 15 if card.is_joker else 14 if card.rank == 1 else card.rank


@dataclass(frozen=True, slots=True)
class Hold:
    """Keep ``cards`` and draw the rest."""

    cards: tuple[Card, ...]


def hold_text(cards: Sequence[Card]) -> str:
    """The notation of a hold: ``hold KH JK`` (``hold`` for none)."""
    return " ".join(["hold", *(c.name for c in cards)])


class JokerPokerVideo(TableGame):
    """The Joker Poker machine (see the module)."""

    spec = SPEC
    deal_word = "hand"
    phase_kinds = {
        "bet": PhaseKind.BET,
        "hold": PhaseKind.EXCHANGE,
        "double": PhaseKind.MOVE,
        "deal-over": PhaseKind.DEAL_OVER,
        "match-over": PhaseKind.MATCH_OVER,
    }
    play_rules = PLAY_RULES

    rules: JokerPokerVideoRules

    def _set_up(self) -> None:
        rules = self.rules
        self.table: PayTable = pay_table(rules.pay_table)
        n = self.n
        self._check_stacked(self.deal_spec)
        self.total = [rules.credits] * n
        self.start = list(self.total)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.melds_: list[Any] = []
        self.stock: list[Card] = list(DECK)  # the next card drawn is stock[0]
        self.discards: list[Card] = []
        self.played = [0] * n
        self.last_bet = [MAX_COINS] * n
        self.bet = 0
        self.shown: int | None = None
        """The seat whose final hand lies face up on the machine, until the next deal."""
        self.stake = 0
        """The win at stake in the double-up (0 outside it)."""
        self.line: str | None = None
        """The paying line of the hand just drawn (for the result once the win is settled)."""
        self.doubled: list[Card] = []
        """The double-up's cards turned so far this hand, dealer's and player's in turn."""
        self.cur = 0
        self.phase_ = "bet"
        self._next_player(0)

    def _check_stacked(self, plan: dict[str, Any] | None) -> None:
        """Refuse a bad stacked deal now, not in the middle of a move."""
        check_plan(plan, self.n)
        if not plan:
            return
        count = len(plan.get("deals") or []) or 1
        for number in range(1, count + 1):
            stacked = stacked_deal(plan, number)
            if stacked:
                pool = list(DECK)
                fixed, _, discard, _ = read_stacked(dict(stacked), pool, self.n, self.title)
                if discard:
                    raise InvalidRules("deal: the machine has no discard pile to stack")
                for cards in fixed.values():
                    if len(cards) != HAND_SIZE:
                        raise InvalidRules(f"deal: a hand at the machine is 5 cards, not {len(cards)}")
                if len(pool) < HAND_SIZE + (0 if fixed else HAND_SIZE):
                    raise InvalidRules(
                        f"deal: the cards listed leave {len(pool)} in the machine, too few to deal and "
                        "draw five; list fewer cards"
                    )

    def start_from_totals(self, totals: Sequence[int]) -> None:
        self.total[:] = totals
        self.start = list(totals)
        self._next_player(self.cur)
        self._bump()

    # ------------------------------------------------------------------ turns
    def _left(self, first: int) -> int | None:
        """The first seat from ``first`` on with hands to play and credits to bet."""
        for step in range(self.n):
            s = (first + step) % self.n
            if self.played[s] < self.rules.hands and self.total[s] > 0:
                return s
        return None

    def passes_to(self) -> int | None:
        """The seat 'next' gives the machine to, or None: not when one plays alone, nor when
        the others have no hands or credits left (the same player goes on)."""
        nxt = self._left(self.cur + 1)
        return None if nxt == self.cur else nxt

    def next_words(self) -> str:
        """What 'next' does after a paid hand, in words ('passes the machine on')."""
        return "passes the machine on" if self.passes_to() is not None else "starts the next hand"

    def _next_player(self, first: int) -> None:
        """The machine passes to the first seat from ``first`` on that has hands to play and
        credits to bet; with none, the match is over."""
        s = self._left(first)
        if s is not None:
            self.cur = s
            self.phase_ = "bet"
            return
        self.phase_ = "match-over"
        best = max(self.total)
        winners = tuple(s for s in range(self.n) if self.total[s] == best)
        names = " and ".join(self.players[s] for s in winners)
        if self.n == 1:  # alone at the machine nobody is beaten: what was won or lost
            net = best - self.start[0]
            how = f"{net} up" if net > 0 else f"{-net} down" if net < 0 else "even"
            self.result = f"{names} ends with {best} credits ({how})"
            # a session is won when it ends up (the records counted every session won, even
            # one that lost every credit: play-test)
            winners = winners if net > 0 else ()
        else:
            self.result = f"{names} {'wins' if len(winners) == 1 else 'share the win'} with {best} credits"
        self._outcome = Outcome(winners, self.result, tuple(self.total))

    # ------------------------------------------------------------------ moves
    def _bets(self) -> tuple[int, int, bool]:
        """What the player at the machine may bet: the most coins the credits allow, the last
        bet, and whether 'deal' can bet it again (the moves and the status both read this)."""
        credits, last = self.total[self.cur], self.last_bet[self.cur]
        return min(MAX_COINS, credits), last, last <= credits

    def _generate(self) -> list[Move]:
        if self.phase_ == "bet":
            top, last, again = self._bets()
            # a bet equal to the last one is the `deal` move (one move per outcome)
            moves = [
                Move("bet", word=str(k), payload=Bet(k), text=f"bet {k}")
                for k in range(1, top + 1)
                if k != last
            ]
            if again:
                moves.append(Move("deal", payload=Bet(last), text="deal"))
            return moves
        if self.phase_ == "deal-over":
            return [Move("next", payload=NEXT, text="next")]
        if self.phase_ == "double":
            moves = [Move("collect", payload=COLLECT, text="collect")]
            if len(self.stock) >= 2:
                moves.insert(0, Move("double", payload=DOUBLE, text="double"))
            return moves
        if self.phase_ == "hold":
            hand = self.hands[self.cur]
            joker = self.rules.auto_hold_joker and any(c.is_joker for c in hand)
            moves = []
            for k in range(HAND_SIZE, -1, -1):
                for held in combinations(hand, k):
                    if joker and not any(c.is_joker for c in held):
                        continue
                    moves.append(Move("hold", held, payload=Hold(held), text=hold_text(held)))
            return moves
        return []

    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if kind == "bet":
            word = move.word.strip()
            if not word:
                raise IllegalMove("say how many coins: 'bet 1' to 'bet 5'", str(move))
            coins = bet_coins(move)
            if coins == self.last_bet[self.cur] and self.phase_ == "bet":
                return Move("deal")  # the same bet as last time: listed as `deal`
            return Move("bet", word=str(coins) if coins is not None else word)
        if kind == "deal":
            if move.cards or move.word:
                raise IllegalMove(
                    "'deal' takes nothing: it bets as last time; to change the bet write 'bet 3'", str(move)
                )
            return Move("deal")
        if kind == "hold":
            if any(n is not None for n in move.named) or move.suits:
                raise IllegalMove("the machine reads the joker itself: write 'hold JK'", str(move))
            if len({c.name for c in move.cards}) != len(move.cards):
                raise IllegalMove("a card is named twice: name each card to hold once", str(move))
            return Move("hold", move.cards)
        if kind in ("next", "double", "collect"):
            if move.cards or move.word:
                raise IllegalMove(f"'{kind}' takes nothing: write just '{kind}'", str(move))
            return Move(kind)
        raise IllegalMove(
            f"'{kind}' is not a move at the machine: bet, deal, hold, double, collect or next", str(move)
        )

    def _apply(self, move: Move) -> None:
        payload = move.payload
        if isinstance(payload, Bet):
            self._deal(payload.coins)
        elif isinstance(payload, Hold):
            self._draw(payload.cards)
        elif payload is NEXT:
            self._next_player(self.cur + 1)
        elif payload is DOUBLE:
            self._double()
        elif payload is COLLECT:
            self._settle(self.stake, "collects after the double-up" if self.doubled else "collects")

    def _deal(self, coins: int) -> None:
        s = self.cur
        # the bet leaves the credits when the hand is paid (win - bet in one step), so the
        # totals move only when a deal ends
        self.bet = coins
        self.last_bet[s] = coins
        self.deal_no += 1
        self.result = ""
        pool = list(DECK)  # every card back in the machine: a fresh shuffle each hand
        self.rng.shuffle(pool)
        stacked = self.next_stacked_deal()
        hand: list[Card] = []
        top: list[Card] = []
        if stacked:
            fixed, top, _, _ = read_stacked(stacked, pool, self.n, self.title)
            hand = fixed.get(s, [])
        if not hand:
            hand = [pool.pop() for _ in range(HAND_SIZE)]
        self.hands = [[] for _ in range(self.n)]
        self.hands[s] = hand
        self.stock = [*top, *pool]
        self.discards = []
        self.doubled = []
        self.shown = None
        self.phase_ = "hold"
        self.log.append(f"{self.players[s]} bets {coins}")  # the dealt cards are the player's alone

    def _draw(self, held: tuple[Card, ...]) -> None:
        s = self.cur
        hand = self.hands[s]
        final = []
        for card in hand:  # a discarded card is replaced in its place, as on the machine
            if card in held:
                final.append(card)
            else:
                self.discards.append(card)
                final.append(self.stock.pop(0))
        self.hands[s] = final
        line = pay_line(final, self.table)
        win = 0 if line is None else self.table.pay(line, self.bet)
        self.shown = s
        self.line = line
        if win and self.rules.double_up:
            self.stake = win
            self.phase_ = "double"
            what = self.table.line_label(line or "").lower()
            self.result = f"{self.players[s]}: {' '.join(c.name for c in final)}, {what}: wins {win}"
            self.log.append(self.result)
            return
        self._settle(win, "")

    def _double(self) -> None:
        """Turn a dealer card and the player's: higher doubles the stake, lower loses it."""
        s = self.cur
        dealer, mine = self.stock.pop(0), self.stock.pop(0)
        self.doubled += [dealer, mine]
        a, b = _double_rank(dealer), _double_rank(mine)
        name = self.players[s]
        if b < a:
            self.log.append(f"{name} doubles: dealer {dealer.name}, {name} {mine.name}: loses {self.stake}")
            self._settle(0, "loses the double-up")
            return
        if b > a:
            self.stake *= 2
        word = "wins" if b > a else "a push, keeps"
        self.result = f"{name} doubles: dealer {dealer.name}, {name} {mine.name}: {word} {self.stake}"
        self.log.append(self.result)

    def _settle(self, win: int, how: str) -> None:
        """The hand is paid ``win``: the totals and the score row move, and the machine is
        ready for the next player (or the match is over)."""
        s = self.cur
        final = self.hands[s]
        line = self.line
        self.stake = 0
        self.total[s] += win - self.bet
        row: list[int | None] = [0] * self.n
        row[s] = win - self.bet
        self.rows.append(tuple(row))
        self.played[s] += 1
        what = "nothing" if line is None else self.table.line_label(line).lower()
        if self.doubled:  # the double-up's cards, each dealer's card and the player's after it
            name = self.players[s]
            turned = "; ".join(
                f"dealer {d.name}, {name} {m.name}"
                for d, m in zip(self.doubled[::2], self.doubled[1::2], strict=True)
            )
            how = f"{how}: {turned}"
        after = f" ({how})" if how else ""
        self.result = f"{self.players[s]}: {' '.join(c.name for c in final)}, {what}: pays {win}{after}"
        self.log.append(self.result)
        self.bet = 0
        if self._left(s + 1) is None:
            self._next_player(s + 1)  # the last hand of the match: it is over
        else:
            self.phase_ = "deal-over"

    # ------------------------------------------------------------------ reading
    def final_line(self) -> str | None:
        """The paying line of the hand face up on the machine (None: it pays nothing or
        there is none)."""
        if self.shown is None:
            return None
        return pay_line(self.hands[self.shown], self.table)

    def zones(self) -> tuple[Zone, ...]:
        """The deck in the machine (hidden), the hand at the machine (its player's, face up
        for all once drawn) and the discards of this hand (seen when dealt: public)."""
        hands = tuple(
            Zone(
                f"hand {s}",
                self.hands[s],
                Visibility.PUBLIC if s == self.shown else Visibility.OWNER,
                owner=s,
                ordered=False,
            )
            for s in range(self.n)
        )
        return (
            Zone("stock", self.stock, Visibility.HIDDEN),
            *hands,
            Zone("discards", self.discards, Visibility.PUBLIC, ordered=False),
            Zone("double-up", self.doubled, Visibility.PUBLIC),
        )

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (
            self.phase_,
            self.cur,
            tuple(self.total),
            tuple(self.start),
            tuple(self.rows),
            tuple(self.played),
            tuple(self.last_bet),
            self.bet,
            self.shown,
            self.stake,
            self.line,
            tuple(self.doubled),
            self.deal_no,
            self.result,
            self.rng.getstate(),
        )

    def pay_lines(self) -> dict[str, str]:
        """The pay table as the machine's glass shows it, short enough for an 80-column
        table: each line's pay per coin (the natural royal also at 5 coins)."""
        t = self.table
        out = {}
        for line in PAY_LINES:
            per = t.pay(line, 1)
            text = f"{per}, {t.royal_5} at 5" if line == "natural_royal" else str(per)
            label = f"{t.min_pair_word.capitalize()}+" if line == "high_pair" else _SHORT.get(line)
            out[label or t.line_label(line)] = text
        return out

    def _view(self, seat: int | None) -> PlayerView:
        live = self._outcome is None
        seats = tuple(
            self.seat_view(
                s,
                [b for b, on in (("at the machine", s == self.cur and live),) if on]
                # before a deal, what it will take ('deal' repeats the last bet); once taken,
                # the header's 'bet' says it ('5 bet' beside the credits read as if it were not)
                + ([f"next deal bets {self.last_bet[s]}"] if s == self.cur and self.phase_ == "bet" else [])
                + [f"{self.played[s]}/{self.rules.hands} hands"],
            )
            for s in range(self.n)
        )
        value = cached_return(self.table)
        # the hand in play, or the one just over (not yet the next, as the deal's number)
        hand = min(self.played[self.cur] + (self.phase_ not in ("deal-over", "match-over")), self.rules.hands)
        facts = {
            "pay table": self.table.title + (f" ({percent(value)})" if value is not None else ""),
            "hand": f"{hand} of {self.rules.hands}",
        }
        if self.phase_ == "hold":
            facts["bet"] = plural(self.bet, "coin")
        if self.phase_ == "double":
            facts["at stake"] = f"{self.stake} credits"
        if self.doubled:
            facts["double-up"] = " ".join(
                f"dealer {d.name} / {m.name}"
                for d, m in zip(self.doubled[::2], self.doubled[1::2], strict=True)
            )
        own = self.pay_lines()
        status = self._status(seat)
        return self.table_view(
            seat,
            seats=seats,
            facts=facts,
            own_facts=own,
            status=status,
            stock_count=len(self.stock),
            stock_label="deck",
            discard=tuple(c.name for c in self.discards),
            discard_top=self.discards[-1].name if self.discards else None,
            discard_count=len(self.discards),
            discard_label="discards",
            result=self.result,
            deal_number=self.deal_no + (self.phase_ == "bet"),  # the hand about to be dealt
        )

    def _status(self, seat: int | None) -> str:
        if self._outcome is not None:
            return f"Match over: {self.result}."
        name = self.players[self.cur]
        if self.phase_ == "bet":
            last = f" {self.result}." if self.result else ""
            # what the credits allow (with 1 credit left it offered 1-5 coins: play-test)
            top, last_bet, again = self._bets()
            coins = "1 coin" if top == 1 else f"1-{top} coins"
            deal = f", or 'deal' to bet {last_bet}" if again else ""
            return f"{name} to bet {coins} ('bet {top}'{deal}).{last}"
        if self.phase_ == "double":
            return f"{self.result}: 'double' to risk {self.stake} against a dealer card, or 'collect'."
        if self.phase_ == "deal-over":
            nxt = self.passes_to()
            if nxt is None:  # alone, or the others are done: no one to pass to
                return f"{self.result}. 'next' starts {name}'s next hand."
            return f"{self.result}. 'next' passes the machine to {self.players[nxt]}."
        return f"{name}: select the cards to hold and draw ('hold KH JK'; 'hold' alone draws five)."
