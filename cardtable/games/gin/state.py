"""The state of a game of Gin Rummy: the deal, the cards and the arithmetic on them that the
moves, the scoring and the views share (``GinState``, the base of ``GinRummy``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

from cardtable.engine.cards import Card, make_deck
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import InvalidRules
from cardtable.engine.game import Outcome, TableGame
from cardtable.engine.zones import Visibility, Zone, hand_zones
from cardtable.kits.rummy.arrange import Arrangement, best_arrangement
from cardtable.kits.rummy.melds import Meld, MeldRules

from .deadwood import card_value
from .rules import GinRules

HAND_SIZE = 10
STOCK_LEFT = 2
"""The hand is a draw once a plain discard leaves this many cards (or fewer) in the stock."""


class GinState(TableGame):
    """The cards and counters of a game of Gin Rummy, dealt and arranged; the moves
    (``game.py``), the scoring (``scoring.py``) and the views (``view.py``) build on it."""

    rules: GinRules

    def __init__(
        self, players: Sequence[str], rules: GinRules, seed: int, deal: dict[str, Any] | None
    ) -> None:
        super().__init__(players, rules, seed, deal)
        self.rng = random.Random(seed)
        self.mrules = MeldRules(ace_high=not rules.aces_low_only, max_wilds=0, ace_both_ends="never")
        self.ace_high = not rules.aces_low_only
        self._seats = range(len(players))
        """Every seat, in turn order (Gin Rummy is a game for two: the opponent is the next seat)."""
        self.total = [0 for _ in self._seats]
        self.rows: list[tuple[int | None, ...]] = []
        self.wins = [0 for _ in self._seats]
        """Hands won by each seat in this game (for the line bonus)."""
        self.deal_no = 0
        self.dealer = self._seats[-1]  # so seat 0 is offered the first upcard
        self._outcome: Outcome | None = None
        self.result = ""
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
        return best_arrangement(cards, self.mrules, card_value).penalty

    def _barred(self) -> Card | None:
        """The card that may not be discarded now (taken from the pile this turn)."""
        return None if self.rules.discard_taken_card else self.taken

    def _may_discard(self) -> Callable[[Card], bool] | None:
        """``best_discard``'s filter: everything but the barred card."""
        barred = self._barred()
        if barred is None:
            return None
        return lambda c: c is not barred

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
            self.phase_,
            self.cur,
            self.dealer,
            self.deal_no,
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
            tuple(self.total),
            tuple(self.rows),
            tuple(self.wins),
            self._outcome,
            hash(self.rng.getstate()),
        )
