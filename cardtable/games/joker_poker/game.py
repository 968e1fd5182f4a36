"""Joker Poker: five-card draw with one joker, 2-6 players with chips, hot-seat.

Rules: ``shared/rules/joker-poker.md`` §7.1-7.9 (the social draw game). 53 cards; antes
(or blinds, or both); five cards each; a betting round; one draw; a betting round; showdown.
Fixed-limit, pot-limit or no-limit betting with the raise cap, minimum raises and the short
all-in rule; side pots, split pots and the odd chip clockwise from the button. A player with
no chips left leaves the match; the match ends when one player holds every chip (or after
``hand_limit`` hands, most chips winning).

Notation:

* betting: ``check``, ``call``, ``bet 20``, ``raise 60`` (raise **to** a round total of 60),
  ``fold``, ``allin``. Any amount between the smallest and the largest allowed is accepted;
  the listed moves show a few of them. A ``bet``/``raise`` of the whole stack is ``allin``,
  and an ``allin`` that only calls is ``call``.
* the draw: ``discard 7C 3D`` (replaced from the stock) or ``stand`` (keep all five).
* ``next`` deals the next hand.

Stacked deals: ``deal={"hands": [...], "stock": "...", "dealer": 0, "chips": [100, 100,
100]}``: ``dealer`` is the button, ``chips`` the starting stacks, ``stock`` the top of the
stock (the first card listed is drawn first). ``{"totals": [...]}`` also sets the stacks.

Engine choices where the rules file leaves room:

* The button starts on the last seat, so seat 0 acts first in the first hand (the rules
  file draws it at random).
* Every unfolded hand is shown at a showdown; a player who wins uncontested shows nothing.
  A natural ace kept for the fourth card of the ace bonus is shown to the table.
* Folded hands stay face down in front of their player; discards lie face down (their
  player knows them).
* Openers are checked when the opener bets; the hand is not checked again at the showdown.
* The score of a hand is each player's net chips; the totals are the stacks.

>>> from cardtable.engine import new_game
>>> g = new_game("joker-poker", ["Ann", "Bob", "Cat"], seed=1)
>>> g.phase, g.to_act, len(g.hand(0)), g.scores
('bet', 0, 5, (200, 200, 200))
>>> [str(m) for m in g.legal_moves()]
['check', 'bet 2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import Card, make_deck
from cardtable.engine.deals import deal_hand, read_stacked
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.game import Outcome, TableMeld, leaders_text
from cardtable.engine.listing import MoveRange
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.engine.rng import shuffle
from cardtable.engine.rules import first_refusal
from cardtable.engine.table_game import TableGame
from cardtable.engine.views import ChipsView, PlayerView, PotView, SeatView
from cardtable.engine.words import plural
from cardtable.engine.zones import Visibility, Zone
from cardtable.kits.chips import ChipTable, Options, Pot

from . import SPEC
from .moves import (
    HAND_SIZE,
    BetTo,
    Exchange,
    Step,
    discard_picks,
    draw_limit,
    rank_hand,
    sort_key,
)
from .play_rules import PLAY_RULES
from .rules import JokerPokerRules

DECK = make_deck(1, 1)
"""The 53-card deck."""


def _n(cards: Sequence[Card]) -> str:
    return " ".join(c.name for c in cards)


class JokerPoker(TableGame):
    """A match of Joker Poker (draw). Phases: 'bet', 'draw', 'deal-over', 'match-over'."""

    spec = SPEC
    deal_word = "hand"
    play_rules = PLAY_RULES
    phase_kinds = {"bet": PhaseKind.BET, "draw": PhaseKind.EXCHANGE}

    rules: JokerPokerRules

    def _set_up(self) -> None:
        rules = self.rules
        self.melds_: list[Any] = []
        self.total = [rules.starting_stack] * self.n
        self.button = self.n - 1  # so that seat 0 acts first in the first hand
        self.hands_played = 0
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.shown: list[list[Card]] = [[] for _ in range(self.n)]
        self.discards: list[list[Card]] = [[] for _ in range(self.n)]
        self.stock: list[Card] = []
        self.revealed: set[int] = set()
        self.chips = ChipTable(self.total, self.button)
        self.round = 1
        self.cur = 0
        self.phase_ = "bet"
        self.drawn: dict[int, int] = {}
        """Cards each seat exchanged in this hand's draw (public)."""
        self.draw_order: list[int] = []
        self.last_aggressor: int | None = None
        self.start_stacks: list[int] = list(self.total)
        self.showdown: list[str] = []
        """The showdown's lines: each shown hand in words, then who takes which pot."""
        self.passed_out = 0
        self._options_memo: tuple[object, int, Options] | None = None
        self._start_hand(self.next_stacked_deal(), first=True)

    # ------------------------------------------------------------------ dealing
    def _start_hand(self, stacked: dict[str, Any] | None, first: bool = False) -> None:
        n = self.n
        self.deal_no += 1
        self.start_stacks = list(self.total)
        self.revealed = set()
        self.drawn = {}  # the last hand's draws say nothing about this one
        self.showdown = []
        self.result = ""
        self.last_aggressor = None
        if stacked is not None:
            self._read_setup(stacked, first)
        if self.seating.dealer != self.button:  # the usual next hand has it already
            self.seating = self.seating.with_dealer(self.button)
        dealt = [self.seating.in_match(s) for s in range(n)]
        r = self.rules
        self.chips = ChipTable(
            self.total,
            self.button,
            r.structure,
            dealt=dealt,
            raise_cap=r.raise_cap,
            short_all_in=r.short_all_in_rule,
        )
        self._deal_cards(stacked)
        self._forced_bets()

    def _read_setup(self, stacked: dict[str, Any], first: bool) -> None:
        n = self.n
        if "dealer" in stacked:
            dealer = stacked["dealer"]
            if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
                raise InvalidRules(f"deal: dealer must be a seat number from 0 to {n - 1}, not {dealer!r}")
            if not self.seating.in_match(dealer):
                raise InvalidRules(f"deal: seat {dealer} has left the match and cannot have the button")
            self.button = dealer
        if "chips" in stacked:
            if not first:
                raise InvalidRules(
                    "deal: 'chips' sets the starting stacks, so only the first hand may give it"
                )
            self._set_stacks(stacked["chips"], "chips")

    def _set_stacks(self, chips: Any, what: str) -> None:
        n = self.n
        if (
            not isinstance(chips, list)
            or len(chips) != n
            or any(isinstance(c, bool) or not isinstance(c, int) or c <= 0 for c in chips)
        ):
            raise InvalidRules(
                f"deal: {what} must list one positive whole number of chips per seat ({n}), not {chips!r}"
            )
        self.total = list(chips)
        self.start_stacks = list(chips)

    def _deal_cards(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        pool = list(DECK)
        self.hands = [[] for _ in range(n)]
        self.shown = [[] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        order = [
            (self.button + k) % n for k in range(1, n + 1) if self.seating.in_match((self.button + k) % n)
        ]
        if stacked is None:
            shuffle(self.rng, pool)
            for _ in range(HAND_SIZE):
                for s in order:
                    self.hands[s].append(pool.pop())
            self.stock = pool[::-1]  # stock[0] is drawn first
            return
        fixed, top, discard, _ = read_stacked(stacked, pool, n, self.title, other_keys=("dealer", "chips"))
        if discard:
            raise InvalidRules("deal: Joker Poker has no discard pile: give 'hands' and 'stock'")
        for seat, cards in fixed.items():
            if len(cards) != HAND_SIZE:
                raise InvalidRules(f"deal: hand {seat} has {len(cards)} cards; each hand has {HAND_SIZE}")
            if not self.seating.in_match(seat):
                raise InvalidRules(f"deal: seat {seat} has left the match and is dealt no hand")
        self.rng.shuffle(pool)
        for s in order:
            self.hands[s] = fixed[s] if s in fixed else deal_hand(pool, HAND_SIZE)
        self.stock = top + pool[::-1]

    def _forced_bets(self) -> None:
        r = self.rules
        t = self.chips
        in_match = self.seating.active_seats(self.button + 1)
        names = self.players
        if r.forced_bets in ("antes", "both"):
            t.post_antes(r.ante)
            self.log.append(
                f"Hand {self.deal_no}: {names[self.button]} has the button; everyone antes {r.ante}"
            )
        blind = 0
        first = self.seating.next_playing(self.button)
        if r.forced_bets in ("blinds", "both"):
            big = r.small_bet
            small = max(1, big // 2)
            if len(in_match) == 2:
                sb, bb = self.button, self.seating.next_playing(self.button)
            else:
                sb = self.seating.next_playing(self.button)
                bb = self.seating.next_playing(sb)
            t.post_blind(sb, small)
            t.post_blind(bb, big)
            blind = big
            first = self.seating.next_playing(bb)
            self.log.append(
                f"Hand {self.deal_no}: {names[self.button]} has the button; {names[sb]} posts {small}, "
                f"{names[bb]} posts {big}"
            )
        self.round = 1
        self.phase_ = "bet"
        t.start_round(first, r.small_bet, blind=blind)
        self._after_action()

    # ------------------------------------------------------------------ public
    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.shown[seat]) + tuple(self.hands[seat])

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """Poker has no melds."""
        return ()

    def options(self) -> Options:
        """The betting options of the seat to act."""
        # The rules ask for them several times per listed bet size: work them out once per
        # position (the stamp changes with every move; nothing asks in the middle of one).
        memo = self._options_memo
        if memo is not None and memo[0] is self._stamp and memo[1] == self.cur:
            return memo[2]
        o = self.chips.options(self.cur)
        self._options_memo = (self._stamp, self.cur, o)
        return o

    def call_amount(self) -> int:
        """What a call puts in for the seat to act: the bet to call, or its whole stack when
        that is less (it calls all-in for less, §7.8)."""
        return min(self.options().to_call, self.chips.stacks[self.cur])

    def bet_verb(self) -> str:
        """'raise' when there is a bet to raise, else 'bet'."""
        return "raise" if self.chips.current_bet > 0 else "bet"

    def opening_needed(self) -> bool:
        """A bet now must be opened with jacks or better."""
        return self.rules.openers == "jacks_or_better" and self.round == 1 and self.chips.current_bet == 0

    # ------------------------------------------------------------------ moves
    def _generate(self) -> Sequence[Move]:
        ph = self.phase_
        if ph == "deal-over":
            return [Move("next", payload=Step.NEXT, text="next")]
        if ph == "draw":
            return self._draw_moves()
        if ph != "bet":
            return []
        out: list[Move] = []
        o = self.options()
        if o.to_call == 0:
            out.append(Move("check", payload=Step.CHECK, text="check"))
        else:
            out.append(Move("call", payload=Step.CALL, text="call"))
        if o.may_fold:
            out.append(Move("fold", payload=Step.FOLD, text="fold"))
        verb = self.bet_verb()
        for total in self._listed_sizes(o):
            m = Move(verb, word=str(total), payload=BetTo(total))
            if first_refusal(self.play_rules, self, m) is None:
                out.append(m)
        allin = Move("allin", payload=Step.ALLIN, text="allin")
        if (
            o.all_in
            and o.all_in_to > self.chips.current_bet
            and first_refusal(self.play_rules, self, allin) is None
        ):
            out.append(allin)
        return out

    def _listed_sizes(self, o: Options) -> list[int]:
        if o.min_to is None or o.max_to is None:
            return []
        lo, hi = o.min_to, o.max_to
        pot = self.chips.pot_total() + o.to_call
        cb = self.chips.current_bet
        picks = {lo, (lo + hi) // 2, hi, cb + pot // 2, cb + pot}
        return sorted(p for p in picks if lo <= p <= hi and p != o.all_in_to)

    def _draw_moves(self) -> MoveRange:
        """Stand, then every discard the draw limit allows, listed on demand: a random
        playout reads one of up to 26 (same moves, same order as building them all)."""
        hand = sorted(self.hands[self.cur], key=sort_key)
        # The limit depends on the kept cards only through the ace bonus, so work it out
        # twice, not once per combination: one more card may go while a natural ace stays.
        aces = frozenset(i for i, c in enumerate(hand) if c.rank == 1 and not c.is_joker)
        plain = draw_limit((), self.rules)
        bonus = draw_limit([hand[i] for i in aces], self.rules)
        picks = discard_picks(len(hand), plain, bonus, aces)

        def build(i: int) -> Move:
            if i == 0:
                return Move("stand", payload=Step.STAND, text="stand")
            cards = tuple(hand[j] for j in picks[i - 1])
            return Move("discard", cards, payload=Exchange(cards))

        return MoveRange(len(picks) + 1, build)

    def _unlisted_move(self, move: Move) -> Move | None:
        """A typed bet or raise of any allowed size (the generator lists a few)."""
        if move.kind not in ("bet", "raise") or self.phase_ != "bet" or self.to_act is None:
            return None
        if move.cards or move.flags or not move.word.isdigit():
            return None
        total = int(move.word)
        canon = Move(move.kind, word=str(total))
        if canon.key in self._legal_by_key():
            return None
        o = self.options()
        if total == o.all_in_to and o.all_in and move.kind == self.bet_verb():
            allin = Move("allin", text="allin")
            if allin.key in self._legal_by_key():
                return self._legal_by_key()[allin.key]
            return None
        if first_refusal(self.play_rules, self, canon) is not None:
            return None
        return Move(move.kind, word=str(total), payload=BetTo(total))

    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if move.flags:
            raise IllegalMove(f"Joker Poker moves take no '{' '.join(move.flags)}'", str(move))
        if kind in ("check", "call", "fold", "allin", "stand", "next"):
            if move.cards or move.word or move.target is not None:
                raise IllegalMove(f"'{kind}' takes nothing more: write just '{kind}'", str(move))
            if kind == "allin" and self.phase_ == "bet" and self.to_act is not None:
                o = self.options()
                if 0 < self.chips.stacks[self.cur] <= o.to_call:
                    return Move("call", text="call")  # all it has only calls
            return Move(kind, text=kind)
        if kind in ("bet", "raise"):
            if move.cards or not move.word.isdigit() or int(move.word) <= 0:
                raise IllegalMove(
                    f"'{kind}' takes the round total in chips, as in '{kind} 20' ('raise 60' raises to 60)",
                    str(move),
                )
            return Move(kind, word=str(int(move.word)))
        if kind == "discard":
            if not move.cards:
                raise IllegalMove(
                    "name the cards to exchange, as in 'discard 7C 3D', or 'stand' to keep all five",
                    str(move),
                )
            if any(n is not None for n in move.named) or move.suits:
                raise IllegalMove("a discarded card stands for itself: write it plainly", str(move))
            return Move("discard", tuple(sorted(move.cards, key=sort_key)))
        raise IllegalMove(
            f"'{kind}' is not a Joker Poker move; the moves are check, call, bet, raise, fold, "
            "allin, discard, stand and next",
            str(move),
        )

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        seat = self.cur
        name = self.players[seat]
        t = self.chips
        match move.payload:
            case Step.CHECK:
                t.check(seat)
                self.log.append(f"{name} checks")
            case Step.CALL:
                put = t.call(seat)
                self.log.append(f"{name} calls {put}" + (" and is all-in" if t.stacks[seat] == 0 else ""))
            case Step.FOLD:
                t.fold(seat)
                self.log.append(f"{name} folds")
            case Step.ALLIN:
                before = t.current_bet
                t.all_in(seat)
                if t.current_bet > before:
                    self.last_aggressor = seat
                self.log.append(f"{name} goes all-in for {t.committed[seat]}")
            case BetTo(total):
                verb = "raises to" if t.current_bet else "bets"
                t.bet_to(seat, total)
                self.last_aggressor = seat
                self.log.append(f"{name} {verb} {total}")
            case Step.STAND:
                self.drawn[seat] = 0
                self.log.append(f"{name} stands pat")
                self._next_drawer()
                return
            case Exchange(cards):
                self._exchange(seat, cards)
                self._next_drawer()
                return
            case Step.NEXT:
                self._next_hand()
                return
            case other:
                raise AssertionError(other)
        self._after_action()

    def _after_action(self) -> None:
        t = self.chips
        if len(t.unfolded()) <= 1:
            self._uncontested()
            return
        if not t.round_over():
            assert t.to_act is not None
            self.cur = t.to_act
            return
        if self.round == 1:
            if self.opening_needed() and len(t.live()) >= 2:
                self._pass_out()
                return
            self._start_draw()
            return
        self._showdown()

    def _pass_out(self) -> None:
        self.passed_out += 1
        self.log.append(
            "Nobody opens: the cards are collected, everyone antes again and the same dealer deals again"
        )
        # the antes stay in the middle: build the new hand's table on the old one's chips
        old = self.chips
        self._deal_cards(self.next_stacked_deal())
        old.post_antes(self.rules.ante)
        self.round = 1
        old.start_round(self.seating.next_playing(self.button), self.rules.small_bet)
        self._after_action()

    def _start_draw(self) -> None:
        self.phase_ = "draw"
        self.drawn = {}
        self.draw_order = [s for s in self.seating.active_seats(self.button + 1) if self.chips.in_hand(s)]
        self.cur = self.draw_order[0]
        self.log.append("The draw")

    def _exchange(self, seat: int, cards: tuple[Card, ...]) -> None:
        hand = self.hands[seat]
        for card in cards:
            del hand[next(i for i, c in enumerate(hand) if c is card)]
        kept = list(hand)
        if len(cards) > self.rules.max_draw:
            ace = next(c for c in kept if c.rank == 1 and not c.is_joker)
            hand.remove(ace)
            self.shown[seat].append(ace)
            self.log.append(f"{self.players[seat]} shows {ace.name} to draw {len(cards)}")
        self.discards[seat].extend(cards)
        self._refill(seat, len(cards))
        self.drawn[seat] = len(cards)
        self.log.append(f"{self.players[seat]} draws {len(cards)}")

    def _refill(self, seat: int, k: int) -> None:
        hand = self.hands[seat]
        if len(self.stock) < k:
            # §7.7: deal what is left, then shuffle the earlier discards and folded cards
            # (not this player's own discards) into a new stock
            k -= len(self.stock)
            hand.extend(self.stock)
            self.stock.clear()
            for s in range(self.n):
                if s != seat:
                    self.stock.extend(self.discards[s])
                    self.discards[s].clear()
                if self.chips.folded[s] and self.seating.in_match(s):
                    self.stock.extend(self.hands[s])
                    self.hands[s].clear()
            self.rng.shuffle(self.stock)
            self.log.append(
                "The stock is out: the other discards and folded cards are shuffled into a new stock"
            )
        hand.extend(self.stock[:k])
        del self.stock[:k]

    def _next_drawer(self) -> None:
        i = self.draw_order.index(self.cur)
        if i + 1 < len(self.draw_order):
            self.cur = self.draw_order[i + 1]
            return
        t = self.chips
        if len(t.live()) < 2:
            self._showdown()
            return
        self.round = 2
        self.phase_ = "bet"
        self.last_aggressor = None
        t.start_round(self.seating.next_playing(self.button), 2 * self.rules.small_bet)
        self._after_action()

    # ------------------------------------------------------------------ the end of a hand
    def _returned(self, back: tuple[int, int]) -> str:
        """The words for chips of a bet nobody matched going back to their bettor."""
        seat, chips = back
        return f"{plural(chips, 'chip')} returned to {self.players[seat]} (uncalled)"

    def _refund(self) -> list[str]:
        """Give back the uncalled part of a bet; the line that says so (none if nothing)."""
        back = self.chips.refund_uncalled()
        if back is None:
            return []
        line = self._returned(back)
        self.log.append(line[0].upper() + line[1:])
        return [line]

    def _uncontested(self) -> None:
        t = self.chips
        returned = self._refund()
        winner = t.unfolded()[0]
        pot = t.pot_total()
        t.award(lambda seats: [winner])
        self.showdown = returned
        won = f"{self.players[winner]} wins {plural(pot, 'chip')} uncontested"
        self.log.append(won)  # the log says who took the pot, as after a showdown
        self._end_hand(f"{won} (no hand shown)")

    def _show_order(self) -> list[int]:
        live = [s for s in self.seating.active_seats(self.button + 1) if self.chips.in_hand(s)]
        first = self.last_aggressor if self.last_aggressor in live else live[0]
        i = live.index(first)
        return live[i:] + live[:i]

    def _showdown(self) -> None:
        t = self.chips
        returned = self._refund()
        ranks = {s: rank_hand(self.hand(s), self.rules) for s in t.unfolded()}
        lines = []
        for s in self._show_order():
            self.revealed.add(s)
            lines.append(f"{self.players[s]} shows {_n(self.hand(s))}: {ranks[s]}")
        self.log.extend(lines)

        def best(seats: Sequence[int]) -> list[int]:
            top = max(ranks[s] for s in seats)
            return [s for s in seats if ranks[s] == top]

        paid = list(reversed(t.award(best)))  # the main pot first
        won = []
        for i, (pot, shares) in enumerate(paid):
            label = "the pot" if len(paid) == 1 else "main pot" if i == 0 else f"side pot {i}"
            if len(shares) == 1:
                who = f"{self.players[next(iter(shares))]} takes it"
            else:
                parts = [f"{self.players[s]} ({c})" for s, c in shares.items()]
                who = f"split between {', '.join(parts[:-1])} and {parts[-1]}"
            won.append(f"{label}: {plural(pot.amount, 'chip')}, {who}")
        self.showdown = lines + won + returned
        self.log.extend(w[0].upper() + w[1:] for w in won)  # a log line starts a sentence
        self._end_hand("the showdown")

    def _end_hand(self, summary: str) -> None:
        t = self.chips
        self.hands_played += 1
        row: list[int | None] = []
        for s in range(self.n):
            if not self.seating.in_match(s):
                row.append(None)
                continue
            row.append(t.stacks[s] - self.start_stacks[s])
        self.total = list(t.stacks)
        self.rows.append(tuple(row))
        self.result = f"Hand {self.deal_no}: {summary}."
        busted = [s for s in range(self.n) if self.seating.in_match(s) and self.total[s] == 0]
        if busted:
            self.seating = self.seating.leave(*busted)
            if len(busted) == 1:
                self.log.append(f"{self.does(busted[0], 'busted and leaves')} the match")
            else:
                self.log.append(f"{' and '.join(self.players[s] for s in busted)} busted and leave the match")
        left = [s for s in range(self.n) if self.seating.in_match(s)]
        # (a seat out of the match has no chips, so the most are always someone's still in)
        top = max(self.total)
        winners = tuple(s for s in range(self.n) if self.total[s] == top)
        reason = ""
        if len(left) == 1:
            reason = f"{self.players[left[0]]} holds all {self.total[left[0]]} chips"
        elif self.rules.hand_limit and self.hands_played >= self.rules.hand_limit:
            who = leaders_text(self.players, winners, "the most chips", self.total)
            reason = f"after {self.hands_played} hands {who}"
        if reason:
            self.phase_ = "match-over"
            self._outcome = Outcome(winners, reason, tuple(self.total))
            self.log.append(f"Match over: {reason}.")
            return
        self.phase_ = "deal-over"
        self.cur = self.seating.next_playing(self.button)

    def _next_hand(self) -> None:
        self.seating = self.seating.next_deal()
        self.button = self.seating.dealer
        self._start_hand(self.next_stacked_deal())

    def start_from_totals(self, totals: Sequence[int]) -> None:
        """Start the match from given stacks (``deal={"totals": [...]}``)."""
        self._set_stacks(list(totals), "totals")
        self.deal_no -= 1
        self.log.clear()
        self.rng.seed(self.seed)
        self._deals_started = 0
        self._start_hand(self.next_stacked_deal(), first=True)
        self._bump()

    # ------------------------------------------------------------------ views
    def _status(self) -> str:
        if (over := self._over_status()) is not None:
            return over
        name = self.players[self.cur]
        if self.phase_ == "draw":
            r = self.rules
            # the bonus is a rule of the table, so saying it tells nothing about the hand
            bonus = f" ({r.max_draw + 1} keeping an ace)" if r.ace_bonus and r.max_draw < HAND_SIZE else ""
            return f"{name} to draw: exchange up to {r.max_draw} cards{bonus} or stand pat"
        o = self.options()
        when = self._round_words()
        if o.to_call:
            call = self.call_amount()
            all_in = " (all-in)" if call == self.chips.stacks[self.cur] else ""
            return f"{name} to act {when}: {call} to call{all_in}"
        return f"{name} to act {when}: check or bet"

    def _round_words(self) -> str:
        """Where the hand is: 'before the draw', 'the draw' or 'after the draw'."""
        if self.phase_ == "draw":
            return "the draw"
        return "before the draw" if self.round == 1 else "after the draw"

    def _stacks(self) -> tuple[int, ...]:
        """Each seat's chips behind now (during a hand) or its total (between hands): what the
        seats bar and the chips panel both show."""
        return tuple(self.chips.stacks) if self.phase_ in ("bet", "draw") else tuple(self.total)

    def _uncalled(self) -> tuple[list[Pot], tuple[int, int] | None]:
        """The pots now, and the uncalled chips (seat, chips) that go back before the showdown
        builds them. Only once the betting is closed (the draw): while a round goes on, a bet
        not yet matched may still be called. A bet nobody matched at the draw leaves one seat
        that can bet, so there is no betting after the draw and the showdown returns it."""
        if self.phase_ != "draw":
            return (self.chips.pots() if self.phase_ == "bet" else []), None
        settled = self.chips.copy()
        back = settled.refund_uncalled()
        return settled.pots(), back

    def _chips_view(self, seat: int | None) -> ChipsView:
        t = self.chips
        pots, back = self._uncalled()
        # while betting goes on, a seat with chips behind may still match any pot
        live = set(t.live()) if self.phase_ == "bet" else set()
        views = tuple(
            PotView(
                label="main pot" if i == 0 else f"side pot {i}",
                amount=p.amount,
                eligible=tuple(sorted(set(p.eligible) | live)),
            )
            for i, p in enumerate(pots)
        )
        if back is not None:  # shown as going back, not as a pot to win
            views += (PotView(label="uncalled", amount=back[1], eligible=(back[0],), uncalled=True),)
        to_call = lo = hi = None
        if seat is not None and seat == self.to_act and self.phase_ == "bet":
            o = self.options()
            to_call = self.call_amount()
            ok = (
                o.min_to is not None
                and first_refusal(self.play_rules, self, Move(self.bet_verb(), word=str(o.min_to))) is None
            )
            lo, hi = (o.min_to, o.max_to) if ok else (None, None)
        return ChipsView(
            stacks=self._stacks(),
            committed=tuple(t.committed) if self.phase_ == "bet" else (0,) * self.n,
            pots=views,
            to_call=to_call or 0,
            min_raise_to=lo,
            max_raise_to=hi,
        )

    def _view(self, seat: int | None) -> PlayerView:
        t = self.chips
        live_hand = self.phase_ in ("bet", "draw")
        seats = []
        stacks = self._stacks()
        for s in range(self.n):
            badges = []
            if not self.seating.in_match(s):
                badges.append("out")
            elif s == self.button:
                badges.append("button")
            if live_hand and self.seating.in_match(s):
                if t.folded[s]:
                    badges.append("folded")
                elif t.stacks[s] == 0:
                    badges.append("all-in")
                if s in self.drawn:
                    badges.append(f"drew {self.drawn[s]}")
            if s in self.revealed:
                badges.append("shown")
            seats.append(
                SeatView(
                    seat=s,
                    name=self.players[s],
                    card_count=len(self.hand(s)),
                    score=stacks[s],
                    active=self.seating.in_match(s),
                    to_act=self.to_act == s,
                    badges=tuple(badges),
                )
            )
        chips = self._chips_view(seat)
        facts: dict[str, str] = {"button": self.players[self.button]}
        if live_hand:
            facts["round"] = self._round_words()
            # the chips panel's uncalled chips (worked out once) are no part of the pot
            facts["pot"] = str(t.pot_total() - sum(p.amount for p in chips.pots if p.uncalled))
            if self.opening_needed():
                facts["openers"] = "jacks or better to open"
        for s in range(self.n):
            if self.shown[s] and s not in self.revealed:
                facts[f"{self.players[s]} shows"] = _n(self.shown[s])
        for s in sorted(self.revealed):
            facts[f"{self.players[s]}'s hand"] = f"{_n(self.hand(s))} ({rank_hand(self.hand(s), self.rules)})"
        own: dict[str, str] = {}
        if seat is not None and len(self.hand(seat)) == HAND_SIZE:
            own["your hand"] = str(rank_hand(self.hand(seat), self.rules))
            if self.discards[seat]:
                own["your discards"] = _n(self.discards[seat])
        over = self.phase_ in ("deal-over", "match-over")
        return self.table_view(
            seat,
            seats=tuple(seats),
            hand=tuple(c.name for c in self.hand(seat)) if seat is not None else (),
            stock_count=len(self.stock),
            discard_count=sum(len(d) for d in self.discards),
            discard_label="discards",
            chips=chips,
            status=self._status(),
            facts=facts,
            own_facts=own,
            result="\n".join([self.result, *self.showdown]) if over else "",
        )

    def zones(self) -> tuple[Zone, ...]:
        """The hands (face up once shown at the showdown), each seat's shown ace, the stock
        and each seat's discards (seen by their player only)."""
        out: list[Zone] = []
        for s in range(self.n):
            vis = Visibility.PUBLIC if s in self.revealed else Visibility.OWNER
            out.append(Zone(f"hand {s}", self.hands[s], vis, s, False))
            out.append(Zone(f"shown {s}", self.shown[s], Visibility.PUBLIC, s, False))
            out.append(Zone(f"discards {s}", self.discards[s], Visibility.OWNER, s, False))
        out.append(Zone("stock", self.stock, Visibility.HIDDEN))
        return tuple(out)

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (
            self.phase_,
            self.cur,
            self.button,
            self.deal_no,
            self.round,
            self.chips.state(),
            tuple(sorted(self.drawn.items())),
            tuple(self.draw_order),
            self.last_aggressor,
            tuple(sorted(self.revealed)),
            tuple(self.start_stacks),
            self.hands_played,
            self.passed_out,
            *self._match_state(),
        )

    def copy(self) -> JokerPoker:
        new = super().copy()
        new.chips = self.chips.copy()
        new.revealed = set(self.revealed)
        new.drawn = dict(self.drawn)
        return new
