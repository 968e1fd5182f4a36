"""What the two-pack rummies share (Scala 40, Rummy 51): one base class, no rules of its own.

A :class:`RummyGame` holds the state every such game has: hands, a stock (its top is the
end of the list) and a discard pile (its top is the end too), numbered table melds, seats
that open with a minimum, provisional melds that ``cancel`` takes back, cards that must be
used this turn, and a match of deals with one score row each. It supplies the parts that
do not depend on a game's rules: seat rotation, stacked-deal parsing, meld and lay-off and
joker-swap move generation, reading move text, applying melds, lay-offs, swaps and
``cancel``, rebuilding the stock, the player view, and its zones (from which the engine
builds ``snapshot`` and ``determinize``). A subclass deals, lists the moves of each phase,
explains refusals and scores.

>>> from cardtable.engine import new_game
>>> game = new_game("scala40", players=["Ann", "Bob", "Cat"], seed=3)
>>> isinstance(game, RummyGame), game._next_active(2), game._seat_order()
(True, 0, [0, 1, 2])
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Collection, Sequence
from typing import Any

from cardtable.engine.cards import JOKER_RANK, Card, names
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import IllegalMove
from cardtable.engine.game import Outcome, leaders_text
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule
from cardtable.engine.table_game import TableGame
from cardtable.engine.views import PlayerView, badges, pile_fields
from cardtable.engine.zones import Visibility, Zone, hand_zones
from cardtable.kits.rummy.grouping import meld_views
from cardtable.kits.rummy.melds import (
    ACE_LOW,
    RUN,
    Meld,
    MeldRules,
    ace_end,
    ace_flags,
    build_meld,
    enumerate_melds,
    extend_meld,
    fitting_keys,
    order_for_ace_end,
    swap_wild,
)
from cardtable.kits.rummy.moves import LayMeld, LayOff, Step, Swap

HIDDEN, PUBLIC = Visibility.HIDDEN, Visibility.PUBLIC

LayoffFilter = Callable[[Card, int, Meld], bool]
"""``(card, meld index, meld after the lay-off) -> True`` to leave that lay-off out."""


# ---------------------------------------------------------------------- shared rules of play
# Rules that read the same in every game built on RummyGame; a game puts them in its own
# ``play_rules`` among its own rules (see cardtable.engine.rules).


def _refuse_undrawn(game: RummyGame, move: Move) -> str | None:
    if game.phase_ != "draw" or move.kind in ("draw", "take"):
        return None
    return f"{game.players[game.cur]} must draw first: 'draw' from the stock" + (
        f" or 'take' {game.discard[-1].name}" if game._can_take() else ""
    )


def _refuse_missing(game: RummyGame, move: Move) -> str | None:
    missing = game._missing(move)
    return f"you do not hold {missing[0].name}" if missing else None


def _refuse_swap(game: RummyGame, move: Move) -> str | None:
    if move.kind != "swap" or move.target is None:
        return None
    meld = game.melds_[move.target - 1]
    card = move.cards[0]
    if swap_wild(meld, card, game.mrules) is None:
        return f"meld {move.target} {meld} has no joker standing for {card.name}"
    return None


def _refuse_binding(game: RummyGame, move: Move) -> str | None:
    if move.kind != "discard":
        return None
    binding = game._binding_must_use(list(game.legal_moves()))
    card = move.cards[0]
    if any(c == card for c in binding):
        return f"{card.name} was taken this turn and must be melded or laid off, not discarded"
    if binding:
        return f"first meld or lay off {names(binding)}: a card taken this turn may not stay in hand"
    return None


# Refusals that read the same in every such game but whose rule text is the game's own: a
# game wraps each in ``Rule(name, text, refuse_...)``. A deal is what the game's
# ``deal_word`` calls it ("the hand is over").


def refuse_after_deal(game: RummyGame, move: Move) -> str | None:
    """Once the deal is over, the only move is 'next'."""
    if game.phase_ == "deal-over" and move.kind != "next":
        return f"the {game.deal_word} is over: play 'next' to deal the next one"
    return None


def refuse_early_next(game: RummyGame, move: Move) -> str | None:
    """'next' waits until the deal is over."""
    if game.phase_ == "play" and move.kind == "next":
        return f"the {game.deal_word} is still going on"
    return None


def refuse_take(game: RummyGame, move: Move) -> str | None:
    """'take' only when :meth:`RummyGame._can_take` lets it (:meth:`RummyGame._take_refusal`
    says why not when there is a discard to take)."""
    if game.phase_ != "draw" or move.kind != "take" or game._can_take():
        return None
    if not game.discard:
        return "the discard pile is empty: draw from the stock"
    return game._take_refusal()


def refuse_cancel(game: RummyGame, move: Move) -> str | None:
    """'cancel' only when :meth:`RummyGame._may_cancel` finds something to take back."""
    if move.kind == "cancel" and not game._may_cancel():
        return f"there is nothing to take back: cancel returns melds still short of {game.minimum}"
    return None


DRAW_FIRST = Rule("draw-first", "A turn starts with 'draw' or 'take'.", _refuse_undrawn)
HOLD = Rule("hold", "A move uses only cards the player holds.", _refuse_missing)
SWAP = Rule("swap", "A natural card swaps only for the wild card standing for it.", _refuse_swap)
MUST_USE = Rule(
    "must-use",
    "A card that must be used this turn is melded or laid off before the discard, while it can be.",
    _refuse_binding,
)


def opening_turn_rules(word: str, take: str, drawn: Rule, cancel: str) -> tuple[Rule, ...]:
    """The first rules of play of a rummy with an opening minimum (Scala 40, Rummy 51), in
    the order they are asked: nothing but 'next' once the deal (the game's ``word`` for it)
    is over, 'take' (rule text ``take``), draw first, the game's own ``drawn`` rule, no 'next'
    during the deal, 'cancel' (rule text ``cancel``), and cards held.

    >>> drawn = Rule("drawn", "A player draws once a turn.", lambda game, move: None)
    >>> [r.name for r in opening_turn_rules("hand", "Take text.", drawn, "Cancel text.")]
    ['hand-over', 'take', 'draw-first', 'drawn', 'going-on', 'cancel', 'hold']
    """
    return (
        Rule(f"{word}-over", f"Once a {word} is over, the only move is 'next'.", refuse_after_deal),
        Rule("take", take, refuse_take),
        DRAW_FIRST,
        drawn,
        Rule("going-on", f"'next' waits until the {word} is over.", refuse_early_next),
        Rule("cancel", cancel, refuse_cancel),
        HOLD,
    )


class RummyGame(TableGame):
    """Base of the two-pack rummy games: shared state, moves and views (see the module)."""

    step: int = 1
    """Seat direction: +1 plays to the next seat number (clockwise), -1 the other way."""

    n: int
    rng: random.Random
    mrules: MeldRules
    active: list[bool]
    total: list[int]
    rows: list[tuple[int | None, ...]]
    dealer: int
    deal_no: int
    _outcome: Outcome | None
    result: str
    hands: list[list[Card]]
    melds_: list[Meld]
    opened: list[bool]
    must_use: list[Card]
    prov: list[int]
    prov_value: int
    taken: Card | None
    start_opened: bool
    """Whether the player to act had opened when this turn began."""
    bottom: Card | None = None
    """A card lying face up at the bottom of the stock, seen by all (None: none)."""
    stock: list[Card]
    discard: list[Card]
    cur: int
    phase_: str
    reshuffles: int
    minimum: int
    """The points a seat's melds need to open (what ``cancel`` messages name)."""

    def _start_match(self, seed: int) -> None:
        """The match-wide state before the first deal (the table's, and every seat active)."""
        super()._start_match(seed)
        self.active = [True] * self.n

    def _clear_table(self) -> None:
        """The table at the start of a deal: empty hands and melds, nobody opened, nothing
        provisional, taken or owed."""
        n = self.n
        self.hands = [[] for _ in range(n)]
        self.melds_ = []
        self.opened = [False] * n
        self.must_use = []
        self.prov = []
        self.prov_value = 0
        self.taken = None

    def _start_turn(self) -> None:
        """A new turn for the player to act: a draw comes first, nothing is provisional yet."""
        self.phase_ = "draw"
        self.must_use = []
        self.prov = []
        self.prov_value = 0
        self.taken = None
        self.start_opened = self.opened[self.cur]

    # ------------------------------------------------------------------ rules hooks
    @abstractmethod
    def meld_points(self, meld: Meld) -> int:
        """A meld's opening value (jokers count as what they stand for)."""

    @abstractmethod
    def _can_take(self) -> bool:
        """Whether the seat to act may take the top discard now."""

    def _take_refusal(self) -> str:
        """Why the top discard may not be taken now (there is one; :meth:`_can_take` says no)."""
        return f"you may take {self.discard[-1].name} only if you can meld or lay it off this turn"

    def _may_cancel(self) -> bool:
        """Whether 'cancel' has something to take back: this turn's melds short of the
        minimum, or a discard taken to open."""
        return bool(self.prov) or (self.taken is not None and not self.opened[self.cur])

    @abstractmethod
    def _play_moves(self) -> list[Move]:
        """The moves after drawing: melds, lay-offs, swaps, cancel, discards."""

    def _generate(self) -> list[Move]:
        ph = self.phase_
        if ph == "draw":
            moves = [Move("draw", payload=Step.DRAW, text="draw")]
            if self._can_take():
                moves.append(Move("take", payload=Step.TAKE, text="take"))
            return moves
        if ph == "deal-over":
            return [Move("next", payload=Step.NEXT, text="next")]
        if ph != "play":
            return []
        return self._play_moves()

    @abstractmethod
    def _went_out(self, seat: int) -> None:
        """``seat`` has no cards left after a meld, lay-off or discard: score the deal."""

    # ------------------------------------------------------------------ public
    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    # ------------------------------------------------------------------ seats and deals
    def _next_active(self, seat: int) -> int:
        """The next seat still in the match, in the direction of play."""
        for k in range(1, self.n + 1):
            s = (seat + k * self.step) % self.n
            if self.active[s]:
                return s
        return seat

    def _seat_order(self) -> list[int]:
        """The active seats in playing order, from the one after the dealer."""
        order = [self._next_active(self.dealer)]
        while len(order) < sum(self.active):
            order.append(self._next_active(order[-1]))
        return order

    def _deal_round_robin(self, deck: list[Card], size: int) -> None:
        """Shuffle ``deck`` and deal ``size`` cards to each seat from its end, one card a seat
        at a time in playing order; the rest stays in ``deck``."""
        self.rng.shuffle(deck)
        order = self._seat_order()
        for _ in range(size):
            for s in order:
                self.hands[s].append(deck.pop())

    def _read_stacked(
        self, stacked: dict[str, Any], pool: list[Card], extra_keys: tuple[str, ...] = ()
    ) -> tuple[dict[int, list[Card]], list[Card], list[Card], dict[str, list[Card]]]:
        """Take a stacked deal's cards out of ``pool``: the fixed hands by seat, the stock
        top (first card drawn first), the discard pile (top last) and each extra key's cards.

        Unknown keys, bad card text, an empty hand and a card listed more often than the
        deck holds it raise :class:`InvalidRules` naming the problem.
        """
        return read_stacked(stacked, pool, self.n, self.title, card_keys=extra_keys)

    def _rebuild_stock(self, keep_top: bool) -> None:
        """Shuffle the discard pile (all of it, or all but its top card) into a new stock."""
        pile = self.discard[:-1] if keep_top else self.discard[:]
        self.discard = self.discard[-1:] if keep_top else []
        self.rng.shuffle(pile)
        self.stock = pile
        self.reshuffles += 1
        if pile:
            self.log.append("the discard pile is shuffled into a new stock")

    def _refill_stock(self, limit: int, name: str = "stock") -> str | None:
        """Rebuild an empty stock from the discards (keeping the top card); None if the stock
        has cards now, else why the deal ends: too few discards, or ``limit`` rebuilds already
        (0 means no limit). ``name`` is what the game calls its stock."""
        if self.stock:
            return None
        if len(self.discard) < 2:
            return f"the {name} ran out with no discards to rebuild it from"
        if limit and self.reshuffles >= limit:
            times = "once" if limit == 1 else f"{limit} times"
            return f"the {name} ran out after being rebuilt {times}"
        self._rebuild_stock(keep_top=True)
        return None

    def _lowest_wins(self, when: str, among: Sequence[int] | None = None) -> None:
        """End a match won by the lowest total of the seats ``among`` (all), naming who has
        it: "after 11 rounds Bob has the lowest total (44)" (it said only "the lowest total
        wins", and nobody's name)."""
        seats = range(self.n) if among is None else among
        low = min(self.total[s] for s in seats)
        winners = tuple(s for s in seats if self.total[s] == low)
        self._finish(winners, f"{when} {leaders_text(self.players, winners, 'the lowest total', self.total)}")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        """End the match."""
        self.phase_ = "match-over"
        self._outcome = Outcome(winners, reason, tuple(self.total))
        self.log.append(f"Match over: {reason}.")

    # ------------------------------------------------------------------ move generation
    def _meld_move(self, meld: Meld) -> Move:
        """The listed move that lays ``meld`` (wilds named where the notation needs it)."""
        cards, reps = meld.cards, meld.reps
        flags = ace_flags(meld, self.mrules)
        wild_at = [i for i, (c, r) in enumerate(zip(cards, reps, strict=True)) if c.key != r.key]
        if not wild_at:
            return Move("meld", cards, None, payload=LayMeld(meld), flags=flags)
        # Name a wild where the plain notation would not say what it is (matches Meld.tokens).
        last = len(cards) - 1
        if meld.kind == RUN:
            show = [i for i in wild_at if i in (0, last)]
        else:
            show = [] if len(cards) == 4 and len(wild_at) == 1 else wild_at
        named = tuple(reps[i] if i in show else None for i in range(len(cards)))
        return Move("meld", cards, named, payload=LayMeld(meld), flags=flags)

    def _with(self, j: int, meld: Meld) -> list[Meld]:
        """The table with meld ``j`` replaced."""
        return [*self.melds_[:j], meld, *self.melds_[j + 1 :]]

    def _add_layoffs(
        self,
        moves: list[Move],
        hand: Sequence[Card],
        skip: LayoffFilter | None = None,
        one_notation: bool = False,
        wanted: dict[int, list[int]] | None = None,
    ) -> None:
        """Append every lay-off of a card of ``hand`` on a table meld (one joker stands for
        all the jokers in hand), leaving out those ``skip`` refuses.

        With ``one_notation`` a joker that could go at either end of a run from 2 to K is
        listed once (as the high ace): ``layoff 1 JK=AH`` cannot tell the two places apart.
        ``wanted`` may pass :meth:`_wanted_keys` computed earlier for the same table.
        """
        if wanted is None:
            wanted = self._wanted_keys()
        seen: set[int] = set()
        joker: Card | None = None
        for card in hand:
            key = card.key
            if card.rank == JOKER_RANK:
                joker = joker or card
                continue
            if key in seen or key not in wanted:
                continue
            seen.add(key)
            for j in wanted[key]:
                options = extend_meld(self.melds_[j], card, None, self.mrules)
                if options and skip is not None and skip(card, j, options[0]):
                    continue
                if options:
                    moves.append(Move("layoff", (card,), (None,), j + 1, payload=LayOff(j, options[0], card)))
        if joker is not None:
            for j, meld in enumerate(self.melds_):
                reps_seen: list[Card] = []
                for new in extend_meld(meld, joker, None, self.mrules):
                    if skip is not None and skip(joker, j, new):
                        continue
                    rep = next(r for c, r in zip(new.cards, new.reps, strict=True) if c is joker)
                    if one_notation:
                        if rep in reps_seen:
                            continue
                        reps_seen.append(rep)
                    moves.append(Move("layoff", (joker,), (rep,), j + 1, payload=LayOff(j, new, joker)))

    def _wanted_keys(self) -> dict[int, list[int]]:
        """For each natural card key, the table melds (by index) it might be laid off on."""
        wanted: dict[int, list[int]] = {}
        for j, meld in enumerate(self.melds_):
            for key in fitting_keys(meld, self.mrules):
                wanted.setdefault(key, []).append(j)
        return wanted

    def _add_swaps(
        self, moves: list[Move], hand: Sequence[Card], melds: Sequence[tuple[int, Meld]] | None = None
    ) -> None:
        """Append every swap of a natural card of ``hand`` for the wild that stands for it
        (on ``melds``, ``(index, meld)`` pairs, when given: those that hold a wild)."""
        seen_swap: set[tuple[int, int]] = set()
        for j, meld in enumerate(self.melds_) if melds is None else melds:
            for c, r in zip(meld.cards, meld.reps, strict=True):
                if c.key == r.key:
                    continue
                rkey = r.key
                mine = next((h for h in hand if h.key == rkey), None)
                if mine is None or (j, mine.key) in seen_swap:
                    continue
                seen_swap.add((j, mine.key))
                swapped = swap_wild(meld, mine, self.mrules)
                if swapped is not None:
                    moves.append(
                        Move("swap", (mine,), (None,), j + 1, payload=Swap(j, swapped[0], mine, swapped[1]))
                    )

    def _usable_with(self, card: Card, lay_off: bool, min_left: int) -> bool:
        """Could ``card``, once taken, be melded (or, with ``lay_off``, laid off) this turn,
        leaving ``min_left`` cards in hand?"""
        hand = self.hands[self.cur]
        size = len(hand) + 1
        if (
            lay_off
            and size - 1 >= min_left
            and any(extend_meld(m, card, None, self.mrules) for m in self.melds_)
        ):
            return True
        return any(size - len(m.cards) >= min_left for m in enumerate_melds(hand, self.mrules, need=card))

    def _binding_must_use(self, moves: list[Move]) -> list[Card]:
        """Must-use cards still in hand that some listed meld/lay-off/swap could use."""
        out = []
        for card in self.must_use:
            key = card.key
            for m in moves:
                if m.kind in ("meld", "layoff", "swap") and any(c.key == key for c in m.cards):
                    out.append(card)
                    break
        return out

    # ------------------------------------------------------------------ resolving text
    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if kind in ("meld", "discard") and DRAW_FIRST in self.play_rules:
            # before the draw, "draw first" is the answer, not what is wrong with the cards
            # (issue 24 item 8: 'm' before drawing said "select the cards first")
            why = _refuse_undrawn(self, move)
            if why is not None:
                raise IllegalMove(why, str(move), DRAW_FIRST.name)
        if kind in ("draw", "take", "cancel", "next"):
            if move.cards or move.target is not None or move.flags:
                raise IllegalMove(f"'{kind}' takes no cards: write just '{kind}'", str(move))
            return Move(kind, text=kind)
        ends = [f for f in move.flags if f == ACE_LOW]
        if move.flags and (kind != "meld" or len(ends) != len(move.flags) or len(ends) > 1):
            raise IllegalMove(f"'{' '.join(move.flags)}' does not belong to a {self.title} move", str(move))
        if kind == "discard":
            if len(move.cards) != 1:
                raise IllegalMove("discard exactly one card, as in 'discard KS'", str(move))
            return Move("discard", (move.cards[0],), (None,))
        if kind == "meld":
            if not move.cards:
                raise IllegalMove("name the cards to meld, as in 'meld 7H 8H 9H'", str(move))
            laid, names_ = list(move.cards), list(move.named)
            if ends:  # 'low': the ace low in a run that could hold it at either end
                laid, names_ = order_for_ace_end(laid, names_, "low")
            built = build_meld(laid, names_, self.mrules, self.cur)
            if isinstance(built, str):
                raise IllegalMove(built, str(move))
            if not ends and ace_end(built, self.mrules) == "low":
                # without the word, a run that could hold its ace at either end holds it high
                # (as records written before the word existed always replayed)
                laid, names_ = order_for_ace_end(laid, names_, "high")
                high = build_meld(laid, names_, self.mrules, self.cur)
                built = high if isinstance(high, Meld) else built
            return self._meld_move(built)
        if kind in ("layoff", "swap"):
            assert move.target is not None
            j = move.target - 1
            if not 0 <= j < len(self.melds_):
                count = len(self.melds_)
                where = f"melds 1 to {count}" if count else "no melds yet"
                raise IllegalMove(f"there is no table meld {move.target} (the table has {where})", str(move))
            if len(move.cards) != 1:
                if kind == "layoff" and len(move.cards) > 1:
                    raise IllegalMove("lay off one card at a time, as in 'layoff 2 10H'", str(move))
                raise IllegalMove(f"name one card, as in '{kind} {move.target} 8H'", str(move))
            card, named = move.cards[0], move.named[0]
            if kind == "swap":
                return Move("swap", (card,), (None,), move.target)
            meld = self.melds_[j]
            if card.rank == JOKER_RANK:
                options = extend_meld(meld, card, named, self.mrules)
                if not options:
                    raise IllegalMove(self._layoff_reason(meld, card, named), str(move))
                rep = next(r for c, r in zip(options[0].cards, options[0].reps, strict=True) if c is card)
                return Move("layoff", (card,), (rep,), move.target)
            return Move("layoff", (card,), (None,), move.target)
        raise IllegalMove(
            f"'{kind}' is not a {self.title} move; the moves are {', '.join(self.verbs)}",
            str(move),
        )

    def _layoff_reason(self, meld: Meld, card: Card, named: Card | None) -> str:
        """Why ``card`` cannot be laid off on ``meld``."""
        idx = self.melds_.index(meld) + 1
        if card.rank == JOKER_RANK and meld.wild_count(self.mrules) >= self.mrules.max_wilds:
            return f"meld {idx} {meld} already holds a joker: a meld may hold only one"
        return f"{card.name} does not fit meld {idx} {meld}"

    def _missing(self, move: Move) -> list[Card]:
        """The cards of ``move`` that the seat to act does not hold (as often as named)."""
        hand = self.hands[self.cur]
        return [
            c for c in move.cards if sum(1 for h in hand if h == c) < sum(1 for m in move.cards if m == c)
        ]

    # ------------------------------------------------------------------ applying
    def _draw_card(self) -> Card:
        """``draw``: the stock's top card to the hand of the seat to act, which then plays on.
        The face-up :attr:`bottom` card, when it is the one drawn, is named and no longer shown."""
        seat = self.cur
        card = self.stock.pop()
        self.hands[seat].append(card)
        if card is self.bottom:
            self.bottom = None
            self.log.append(f"{self.players[seat]} drew the face-up {card.name}, the last card of the stock")
        else:
            self.log.append(f"{self.players[seat]} drew from the stock")
        self.phase_ = "play"
        return card

    def _take_card(self, must_use: bool) -> Card:
        """``take``: the top discard to the hand of the seat to act, which then plays on. With
        ``must_use`` it must be used this turn, and before opening ``cancel`` puts it back."""
        seat = self.cur
        card = self.discard.pop()
        self.hands[seat].append(card)
        if must_use:
            self.must_use.append(card)
            if not self.opened[seat]:
                self.taken = card
        self.log.append(f"{self.players[seat]} took {card.name} from the discard pile")
        self.phase_ = "play"
        return card

    def _take_from_hand(self, card: Card) -> Card:
        """Remove a card from the current hand, preferring a copy that must be used."""
        hand = self.hands[self.cur]
        key = card.key
        for i, m in enumerate(self.must_use):
            if m.key == key:
                for k, h in enumerate(hand):
                    if h is m:
                        del hand[k]
                        del self.must_use[i]
                        return h
        for k, h in enumerate(hand):
            if h.key == key:
                del hand[k]
                return h
        raise AssertionError(f"{card} not in hand")

    def _apply_meld(self, proto: Meld, minimum: int) -> None:
        """Lay ``proto`` from the current hand; it opens the seat once this turn's melds
        reach ``minimum``, and an empty hand goes out."""
        seat = self.cur
        name = self.players[seat]
        phys = tuple(self._take_from_hand(c) for c in proto.cards)
        meld = proto.replace(cards=phys, owner=seat)
        self.melds_.append(meld)
        points = self.meld_points(meld)
        self.log.append(f"{name} melded {names(phys)} ({points})")
        if not self.opened[seat]:
            self.prov.append(len(self.melds_) - 1)
            self.prov_value += points
            if self.prov_value >= minimum:
                self.opened[seat] = True
                self.log.append(f"{name} opened with {self.prov_value} points")
                self.prov = []
        if not self.hands[seat]:
            self._went_out(seat)

    def _apply_layoff(self, move: Move) -> None:
        """Lay off the move's card on its table meld; an empty hand goes out."""
        seat = self.cur
        payload = move.payload
        if not isinstance(payload, LayOff):  # a game still listing ("layoff", j, meld, card)
            payload = LayOff(*payload[1:])
        j, new, card = payload.index, payload.meld, payload.card
        real = self._take_from_hand(card)
        cards = tuple(real if c is card else c for c in new.cards)
        self.melds_[j] = new.replace(cards=cards)
        self.log.append(f"{self.players[seat]} laid off {move.tokens()[0]} on meld {j + 1}")
        if not self.hands[seat]:
            self._went_out(seat)

    def _apply_swap(self, move: Move, must_use: bool) -> tuple[Card, Card]:
        """Put the move's natural card in place of the wild; the wild comes to hand (and
        must be used this turn if ``must_use``). Returns the natural card placed and the wild."""
        seat = self.cur
        payload = move.payload
        assert isinstance(payload, Swap)
        j, new, card, wild = payload.index, payload.meld, payload.card, payload.wild
        real = self._take_from_hand(card)
        cards = tuple(real if c is card else c for c in new.cards)
        self.melds_[j] = new.replace(cards=cards)
        self.hands[seat].append(wild)
        if must_use:
            self.must_use.append(wild)
        self.log.append(f"{self.players[seat]} swapped {card.name} for the joker in meld {j + 1}")
        return real, wild

    def _apply_cancel(self) -> None:
        """Take back this turn's provisional melds; a discard taken to open goes back."""
        seat = self.cur
        name = self.players[seat]
        for j in sorted(self.prov, reverse=True):
            meld = self.melds_.pop(j)
            self.hands[seat].extend(meld.cards)
        self._undo_provisional()
        self.prov = []
        self.prov_value = 0
        if self.taken is not None:
            card = self.taken
            self.hands[seat] = [h for h in self.hands[seat] if h is not card]
            self.must_use = [m for m in self.must_use if m is not card]
            self.discard.append(card)
            self.taken = None
            self.phase_ = "draw"
            self.log.append(f"{name} took back the melds and put {card.name} back on the discard pile")
        else:
            self.log.append(f"{name} took back the melds")

    def _undo_provisional(self) -> None:
        """A subclass's own undoing on ``cancel``, after the provisional melds are back in
        hand and before a taken discard goes back on the pile."""

    # ------------------------------------------------------------------ views
    def _status(self, seat: int | None) -> str:
        """What the player to act must do, in words, in a rummy that opens with
        :attr:`minimum` (a game without an opening has its own). Only their own view hints at
        'take' (:meth:`_hints_take`): whether the top discard is usable depends on their
        hidden hand; :meth:`_turn_note` lets a game say more before the opening line."""
        if (over := self._over_status()) is not None:
            return over
        name = self.players[self.cur]
        if self.phase_ == "draw":
            top = self.discard[-1].name if self.discard else None
            if top and self._hints_take(seat) and self._can_take():
                return f"{name}: draw from the stock or take {top}"
            return f"{name}: draw from the stock"
        if self.prov:
            made = f"{self.prov_value} of {self.minimum}"
            if seat != self.cur:  # another seat's screen: say whose melds (issue 24 item 7)
                return f"{name}'s melds make {made}: {name} may meld more, or cancel"
            return f"{name}: your melds make {made}: meld more to open, or cancel"
        if self.must_use:
            return f"{name}: use {names(self.must_use)} in a meld or lay-off, then discard"
        if (note := self._turn_note(name, seat)) is not None:
            return note
        if not self.opened[self.cur]:
            return f"{name}: meld {self.minimum}+ points to open, or discard"
        return f"{name}: meld, lay off or discard to end the turn"

    def _hints_take(self, seat: int | None) -> bool:
        """Whether ``seat``'s status line may offer 'take' (by default only the player's own)."""
        return seat == self.cur

    def _turn_note(self, name: str, seat: int | None) -> str | None:
        """A game's own status line for the turn of ``name`` (who acts), as ``seat`` sees it,
        before the opening line; None to say nothing more."""
        return None

    def _badges(self, seat: int) -> tuple[str, ...]:
        """Public facts shown beside a seat."""
        return badges(
            {
                "opened": self.opened[seat],
                "dealer": seat == self.dealer and self.phase_ != "deal-over",
                "retired": not self.active[seat],
            }
        )

    def _make_view(
        self, seat: int | None, status: str, facts: dict[str, str], own: dict[str, str]
    ) -> PlayerView:
        """The view of ``seat`` with the game's status line and facts."""
        seats = tuple(self.seat_view(s, self._badges(s), self.active[s]) for s in range(self.n))
        melds = meld_views(self.melds_, value=self.meld_points)
        return self.table_view(
            seat,
            seats=seats,
            **pile_fields(self.stock, self.discard),
            melds=melds,
            status=status,
            facts=facts,
            own_facts=own,
            result=self.result if self.phase_ in ("deal-over", "match-over") else "",
        )

    # ------------------------------------------------------------------ copies
    def _snapshot_extra(self) -> tuple[Any, ...]:
        """A subclass's own state for :meth:`snapshot` (after the seats' opened flags)."""
        return ()

    def zones(self) -> tuple[Zone, ...]:
        """The stock (its face-up :attr:`bottom` card shown to all), the hands, the discard
        pile, the table melds, then a subclass's :meth:`_extra_zones`."""
        bottom = self.bottom
        return (
            Zone("stock", self.stock, HIDDEN, shown=() if bottom is None else (bottom.id,)),
            *hand_zones(self.hands),
            Zone("discard", self.discard, PUBLIC),
            *[Zone(f"meld {i}", m.cards, PUBLIC, m.owner) for i, m in enumerate(self.melds_, 1)],
            *self._extra_zones(),
        )

    def _extra_zones(self) -> tuple[Zone, ...]:
        """A subclass's own zones (after the melds)."""
        return ()

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (
            *self._turn_state(),
            tuple((m.kind, tuple(r.key for r in m.reps), m.owner) for m in self.melds_),
            tuple(self.opened),
            *self._snapshot_extra(),
            tuple(self.active),
            tuple(c.id for c in self.must_use),
            tuple(self.prov),
            self.prov_value,
            self.taken.id if self.taken else None,
            *self._match_state(),
        )

    def _pinned_ids(self) -> Collection[int]:
        """By default the cards that must be used this turn, taken in sight of all."""
        return {c.id for c in self.must_use}
