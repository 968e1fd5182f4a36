"""The state of a game of Gin Rummy: the deal, the cards and the arithmetic on them that the
moves, the scoring and the views share (``GinState``, the base of ``GinRummy``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, NamedTuple

from cardtable.engine.cards import Card, make_deck
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import InvalidRules
from cardtable.engine.moves import Move
from cardtable.engine.table_game import TableGame
from cardtable.engine.zones import Visibility, Zone, hand_zones
from cardtable.kits.rummy.arrange import Arrangement, best_arrangement
from cardtable.kits.rummy.deadwood import least_deadwood
from cardtable.kits.rummy.melds import Meld, MeldRules, enumerate_melds, extend_meld

from .deadwood import VALUES, card_value, unmatched_floor, upper_bounds
from .rules import GinRules

HAND_SIZE = 10
STOCK_LEFT = 2
"""The hand is a draw once a plain discard leaves this many cards (or fewer) in the stock."""


class Endings(NamedTuple):
    """How the player to discard may end the hand now: big gin, and the cards to go gin or
    knock with (the knocks that keep the least deadwood first)."""

    big: bool
    gins: list[Card]
    knocks: list[Card]


NO_ENDINGS = Endings(False, [], [])
"""The usual answer, made once (its lists are never changed)."""


class GinState(TableGame):
    """The cards and counters of a game of Gin Rummy, dealt and arranged; the moves
    (``game.py``), the scoring (``scoring.py``) and the views (``view.py``) build on it."""

    rules: GinRules

    def _set_up(self) -> None:
        rules = self.rules
        self.mrules = MeldRules(ace_high=not rules.aces_low_only, max_wilds=0, ace_both_ends="never")
        self.ace_high = not rules.aces_low_only
        self._seats = range(self.n)
        """Every seat, in turn order (Gin Rummy is a game for two: the opponent is the next seat)."""
        self.wins = [0 for _ in self._seats]
        """Hands won by each seat in this game (for the line bonus)."""
        self.dealer = self._seats[-1]  # so seat 0 is offered the first upcard
        # the listed moves reused across turns (``move_caches``: a copy starts them empty)
        self._fixed_moves: dict[str, Move] = {}
        self._discard_moves: dict[int, Move] = {}
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        self.deal_no += 1
        self.hands: list[list[Card]] = [[] for _ in self._seats]
        self.melds_: list[Meld] = []
        self.known: set[int] = set()
        """Ids of cards in hands that both players have seen: cards taken from the discard
        pile, and the hands laid open after a knock."""
        self.taken: Card | None = None
        """The card taken from the discard pile this turn."""
        self.passes = 0
        self.no_take = False
        """Both players passed the upcard: the non-dealer's first draw is from the stock."""
        self.knocker: int | None = None
        self.ending = ""
        """How the hand is being ended: 'knock', 'gin' or 'biggin' ('' while it goes on)."""
        self.laid_off: list[Card] = []
        self.knock_limit = 0
        """The most deadwood the knocker may keep while laying melds (knock phase)."""
        deck = list(make_deck(1, 0))
        first = self._next_seat(self.dealer)
        if stacked is None:
            self.rng.shuffle(deck)
            for _ in range(HAND_SIZE):
                for s in self._deal_order():
                    self.hands[s].append(deck.pop())
            self.discard = [deck.pop()]
            self.stock = deck
        else:
            self._deal_stacked(stacked, deck)
        up = self.discard[-1]
        self.upcard = up
        if self.rules.oklahoma:
            self.knock_value = 0 if up.rank == 1 else card_value(up)
            self.doubled = self.rules.spades_double and up.suit == "S"
        else:
            self.knock_value = self.rules.knock_value
            self.doubled = False
        self.cur = first
        self.phase_ = "offer"
        self.log.append(
            f"Hand {self.deal_no}: {self.players[self.dealer]} deals; the upcard is {up.name}"
            + (f" (knock value {self._knock_text()})" if self.rules.oklahoma else "")
            + ("; spades double this hand" if self.doubled else "")
        )

    def _deal_stacked(self, stacked: dict[str, Any], pool: list[Card]) -> None:
        fixed, stock_top, discard, _ = read_stacked(stacked, pool, len(self._seats), self.title)
        for seat, cards in fixed.items():
            if len(cards) != HAND_SIZE:
                raise InvalidRules(
                    f"deal: hand {seat} has {len(cards)} cards; a Gin Rummy hand has {HAND_SIZE}"
                )
        self.rng.shuffle(pool)
        wanted = HAND_SIZE * (len(self._seats) - len(fixed)) + (0 if discard else 1)
        if len(pool) + len(stock_top) < wanted + STOCK_LEFT + 1:
            raise InvalidRules(
                "deal: too few cards are left for the hands not listed, the upcard and a stock "
                "of three or more: list fewer cards"
            )
        if len(pool) < wanted:
            raise InvalidRules(
                f"deal: the listed stock leaves {len(pool)} cards for the hands and the upcard, "
                f"which need {wanted}: list fewer stock cards"
            )
        for s in self._deal_order():
            self.hands[s] = fixed[s] if s in fixed else [pool.pop() for _ in range(HAND_SIZE)]
        self.discard = discard or [pool.pop()]
        self.stock = pool
        self.stock.extend(reversed(stock_top))
        if len(self.stock) <= STOCK_LEFT:
            raise InvalidRules(f"deal: the stock would hold only {len(self.stock)} cards")

    def _next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in turn; of two players, the other one."""
        return (seat + 1) % len(self._seats)

    def _sides(self) -> tuple[int, int]:
        """The knocker and the defender (of two players, the one who did not knock)."""
        assert self.knocker is not None
        return self.knocker, self._next_seat(self.knocker)

    def _deal_order(self) -> list[int]:
        """The seats in the order they are dealt to, from the dealer's left."""
        return [self._next_seat(self.dealer + k) for k in self._seats]

    def _knock_text(self) -> str:
        return "gin only" if self.knock_value == 0 else str(self.knock_value)

    # ------------------------------------------------------------------ arithmetic
    def arrange(self, cards: Sequence[Card]) -> Arrangement:
        """The least-deadwood arrangement of ``cards`` under this game's meld rules."""
        return best_arrangement(cards, self.mrules, card_value)

    def deadwood(self, cards: Sequence[Card]) -> int:
        """The least deadwood ``cards`` can be arranged to leave."""
        return least_deadwood(cards, self.mrules, card_value)

    def _barred(self) -> Card | None:
        """The card that may not be discarded now (taken from the pile this turn)."""
        return None if self.rules.discard_taken_card else self.taken

    def _may_discard(self) -> Callable[[Card], bool] | None:
        """``best_discard``'s filter: everything but the barred card."""
        barred = self._barred()
        if barred is None:
            return None
        return lambda c: c is not barred

    def endings(self, hand: Sequence[Card], barred: Card | None) -> Endings:
        """The ways ``hand`` (eleven cards) may end the hand: big gin, gin or knock with a card
        other than ``barred``, as the knock value and the rules allow.

        Exact, with few solver calls. No arrangement of the hand leaves less than the value
        of its cards that fit no meld at all (:func:`unmatched_floor`), which rules out most
        turns at once. Otherwise, with ``whole`` the best arrangement of the eleven cards,
        throwing X leaves at least ``whole.penalty - value(X)`` (X added back as deadwood to
        any split of the ten is a split of the eleven), exactly that when X is deadwood in
        ``whole``, and at most ``whole.penalty`` when X's meld stays a meld without it. The
        solver is asked only about the melded cards these bounds leave open.
        """
        total, top = unmatched_floor(hand, self.ace_high)
        limit = self.knock_value
        big = total == 0 and self.rules.big_gin
        if total - top > limit and not big:
            # the usual case: no discard brings the deadwood down to the knock value
            return NO_ENDINGS
        whole = self.arrange(hand)
        base = whole.penalty
        loose = {c.id for c in whole.deadwood}
        upper = upper_bounds(whole)
        gins: list[Card] = []
        knocks: list[tuple[int, int, Card]] = []
        for c in hand:
            v = VALUES[c.rank]
            if c is barred or base - v > limit:
                continue
            if c.id in loose:
                left = base - v
            else:
                rest = [h for h in hand if h is not c]
                low = max(base - v, unmatched_floor(rest, self.ace_high)[0])
                high = upper[c.id]
                if low > limit:
                    continue
                # Settled when the bounds meet, or when it is a knock for sure (then ``high`` is
                # only an upper bound, used for the order); else ask the solver.
                settled = low == high or (low > 0 and high <= limit)
                left = high if settled else self.deadwood(rest)
            if left == 0:
                gins.append(c)
            elif left <= limit:
                knocks.append((left, -v, c))
        # The knock that keeps the least deadwood first (a simple bot takes the first one).
        knocks.sort(key=lambda k: k[:2])
        return Endings(big and whole.penalty == 0, gins, [k[2] for k in knocks])

    def feasible_melds(self, cards: Sequence[Card]) -> list[Meld]:
        """The melds of ``cards`` that leave the rest able to stay within the knock limit."""
        out = []
        for meld in enumerate_melds(cards, self.mrules):
            ids = {c.id for c in meld.cards}
            rest = [c for c in cards if c.id not in ids]
            if self.deadwood(rest) <= self.knock_limit:
                out.append(meld)
        return out

    def extended(self, meld: Meld, card: Card) -> Meld | None:
        """``meld`` with ``card`` laid off on it, or None if the card does not fit."""
        options = extend_meld(meld, card, None, self.mrules)
        return options[0] if options else None

    def _lay(self, seat: int, groups: Sequence[Meld]) -> None:
        """Move ``groups`` from ``seat``'s hand to the table as that seat's melds."""
        hand = self.hands[seat]
        for g in groups:
            ids = {c.id for c in g.cards}
            hand[:] = [c for c in hand if c.id not in ids]
            self.melds_.append(g.replace(owner=seat))

    # ------------------------------------------------------------------ zones and snapshot
    def zones(self) -> tuple[Zone, ...]:
        """The stock, the two hands, the discard pile and the melds laid at the knock."""
        return (
            Zone("stock", self.stock, Visibility.HIDDEN),
            *hand_zones(self.hands),
            Zone("discard", self.discard, Visibility.PUBLIC),
            *[Zone(f"meld {i}", m.cards, Visibility.PUBLIC, m.owner) for i, m in enumerate(self.melds_, 1)],
        )

    def _pinned_ids(self) -> Collection[int]:
        """Cards seen going into a hand (a taken discard, a hand laid open)."""
        return self.known

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (
            *self._turn_state(),
            tuple((m.kind, m.owner) for m in self.melds_),
            tuple(sorted(self.known)),
            self.taken.id if self.taken is not None else None,
            self.passes,
            self.no_take,
            self.knocker,
            self.ending,
            tuple(c.id for c in self.laid_off),
            self.knock_limit,
            self.upcard.id,
            self.knock_value,
            self.doubled,
            tuple(self.wins),
            *self._match_state(),
        )
