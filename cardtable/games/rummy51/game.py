"""Rummy 51 (Remi 51): the Balkan two-pack rummy with a 51-point opening and a score table.

Rules: ``shared/rules/rummy51.md`` (the seed page is ``shared/seeds/004_...``). Notation
beyond the common verbs:

* The first player is dealt 15 cards and starts without drawing: meld if able, then
  ``discard`` (the pile starts with that card). Everyone else draws first.
* ``take`` takes the top discard. By default anyone may take it and keep it; with
  ``discard_must_be_used`` it must go into a meld or lay-off that same turn.
* ``meld 7H 7S JK=7D``: a joker in a book of three must be named (a book never repeats a
  suit). A joker at either end of a run may be named (``meld JK=6H 7H 8H``); unnamed it
  extends the run upward. Several melds at once: ``meld QH KH AH / 7S 7D 7C``.
* ``layoff 2 10H``, ``layoff 2 JK=6H``: once opened, on anyone's meld.
* ``swap 2 6S``: any player on their turn (opened or not, by default) puts the natural card
  in place of the joker standing for it and takes the joker into hand, to use now or later.
* ``cancel`` takes back this turn's melds while they are short of 51 (and puts a discard
  taken to open back on the pile).
* ``next`` starts the next hand.

Stacked deals take ``"cut"`` besides ``hands``, ``stock`` and ``discard``: the cards shown
at the cut, in order. With ``cut_joker_to_cutter`` each joker goes to the cutter (on top of
the cards dealt to them, which are one fewer a joker) and the first other card lies face up
at the bottom of the stock; without the toggle the first card listed does. A stacked deal
without ``"cut"`` has no cut and no face-up card.

Choices where the rules file is silent (its recommended defaults, and these): the card shown
at the cut is the stock's last card, drawn like any other (so the stock is still 108 − 57 =
51 with four players); lay-offs are allowed in the turn a player opens, once the melds reach
51, and never count towards the 51; a joker taken from the table may be used at once or on
a later turn, and with ``joker_must_be_used_now`` a player who has not opened must use it in
that turn's opening (``cancel`` puts it back); a taken discard may be thrown again;
``no_adjacent_in_run`` (Polish Remik) also keeps books to no more jokers than natural cards;
a card that must be used and can no longer be used stops binding; a run whose text does not
say where its ace sits (``JK=AH 2H ... KH``, ``AH JK 3H ... QH``) is read with the ace high,
and so is a joker laid off at either end of a run from 2 to K. The stock is rebuilt from
the discard pile (all but its top card) when it is empty at the end of a turn; when it runs
out once more than ``max_stock_rebuilds`` allows, or there is nothing to rebuild it from, the
hand ends with no score and counts as one of the match's hands.

>>> from cardtable.engine import new_game
>>> hand = "QH KH AH 7S 7D 7C 2C 5D 8S 9H JC 3S 4D 6C 10H"
>>> g = new_game("rummy51", players=["Ann", "Bob"], seed=1, deal={"hands": [hand, None]})
>>> g.phase, len(g.hand(0)), len(g.hand(1))
('play', 15, 14)
>>> _ = g.play("meld QH KH AH")
>>> g.view(0).facts["opening"]
'30 / 51'
>>> _ = g.play("meld 7S 7D 7C")
>>> g.log[-1]
'Ann opened with 51 points'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cardtable.engine.cards import JOKER_RANK, Card, make_deck, names
from cardtable.engine.deals import deal_hand
from cardtable.engine.errors import InvalidRules
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule
from cardtable.engine.views import PlayerView
from cardtable.kits.rummy.melds import (
    RUN,
    SET,
    Meld,
    MeldRules,
    ace_flags,
    enumerate_melds,
    extend_meld,
    meld_value,
)
from cardtable.kits.rummy.moves import Discard, LayMeld, LayOff, Step, Swap
from cardtable.kits.rummy.turn import MUST_USE, SWAP, RummyGame, opening_turn_rules

from . import SPEC
from .rules import Rummy51Rules

FIRST_HAND = 15
HAND_SIZE = 14
OUT = -40
OUT_AT_ONCE = -140
NOT_OPENED = 100
NOT_OPENED_AT_ONCE = 200


# ---------------------------------------------------------------------- rules of play
# One function per rule: each says why a move breaks it now, or None. The generator filters
# with the same helpers (``may_open``, ``_short_out``, ``_may_swap``, ``_may_cancel``,
# ``_holds_discard``...), so a rule is written once.


def _drawn(game: Rummy51, move: Move) -> str | None:
    if game.phase_ != "play" or move.kind not in ("draw", "take"):
        return None
    if game.turn_no == 0 and game.cur == game.first and not game.start_opened:
        return "the first player starts with 15 cards and no draw: meld if you can, then discard"
    return "you have drawn already this turn: meld, lay off or discard"


def _joker_take(game: Rummy51, move: Move) -> str | None:
    if move.kind == "swap" and not game._may_swap():
        return f"you may take a joker from the table only after you have opened with {game.minimum} points"
    return None


def _layoff(game: Rummy51, move: Move) -> str | None:
    if move.kind != "layoff" or move.target is None:
        return None
    if not game.opened[game.cur]:
        return f"you may lay off only after you have opened with {game.minimum} points"
    meld = game.melds_[move.target - 1]
    if not extend_meld(meld, move.cards[0], move.named[0], game.mrules):
        return game._layoff_reason(meld, move.cards[0], move.named[0])
    if len(game.hands[game.cur]) - 1 < game.min_left:
        return game._keep_one()
    return None


def _meld(game: Rummy51, move: Move) -> str | None:
    if move.kind != "meld" or not isinstance(move.payload, LayMeld):
        return None
    if not game.opened[game.cur] and not game.may_open():
        return game._closed_text()
    left = len(game.hands[game.cur]) - len(move.cards)
    if left < game.min_left:
        return game._keep_one()
    if game._short_out(move.payload.meld, left):
        return f"going out in one turn still needs {game.minimum} points in melds"
    return None


def _short_of_minimum(game: Rummy51, move: Move) -> str | None:
    if move.kind != "discard" or not game._holds_discard():
        return None
    minimum = game.minimum
    text = (
        f"your melds this turn make {game.prov_value}, short of the {minimum} needed to "
        "open: meld more or 'cancel'"
    )
    if len(game.hands[game.cur]) == 1:
        text += f" (going out at once needs {minimum} too)"
    return text


class Rummy51(RummyGame):
    """A match of Rummy 51."""

    spec = SPEC
    deal_word = "hand"
    move_caches = ("_discard_moves",)
    play_rules = (
        *opening_turn_rules(
            "hand",
            take="The top discard is taken only where the variant lets it be.",
            drawn=Rule(
                "drawn", "A player draws once a turn; the first player of a hand does not draw.", _drawn
            ),
            cancel="'cancel' takes back melds still short of the minimum.",
        ),
        Rule(
            "joker-take", "With the variant, only an opened player takes a joker from the table.", _joker_take
        ),
        SWAP,
        Rule("layoff", "Lay-offs come after opening, fit their meld and keep a card to discard.", _layoff),
        Rule(
            "meld",
            "Melds wait for the opening rounds, keep a card to discard and open with the minimum.",
            _meld,
        ),
        Rule(
            "opening",
            "Melds short of the minimum are completed or cancelled before the discard.",
            _short_of_minimum,
        ),
        MUST_USE,
    )

    rules: Rummy51Rules

    def _set_up(self) -> None:
        rules = self.rules
        n = self.n
        self.step = -1 if rules.direction == "counter-clockwise" else 1
        limit = rules.joker_limit
        self.mrules = MeldRules(
            max_wilds=1 if limit == "one_per_meld" else rules.jokers,
            set_max=4,
            ace_both_ends="natural" if rules.ace_both_ends_in_run else "never",
            run_wilds_le_naturals=limit == "naturals_at_least_jokers",
            set_wilds_le_naturals=limit in ("naturals_at_least_jokers", "no_adjacent_in_run"),
            run_wilds_apart=limit == "no_adjacent_in_run",
        )
        self.loose = MeldRules(max_wilds=4, set_max=4, ace_both_ends=self.mrules.ace_both_ends)
        """The meld rules without the joker limits (to explain a refused joker)."""
        ace = rules.ace_value
        high = 10 if ace == "10" else 11
        low = {"10": 10, "11": 11, "11/1": 1}[ace]
        self.run_values = (0, low, *range(2, 11), 10, 10, 10, high)
        """Opening value of each run place (1 = low ace ... 14 = high ace)."""
        self.set_values = (0, high, *range(2, 11), 10, 10, 10)
        """Opening value of each card of a book, by rank."""
        self.penalties = (rules.joker_hand_value, *self.set_values[1:])
        """Hand value of a card left in hand, by rank (0 = joker)."""
        self.minimum = rules.opening_minimum
        self.match_hands = {"4xn": 4 * n, "n": n, "custom": rules.custom_hands}[rules.hands]
        self.closed_rounds = rules.no_open_first_rounds * n
        """Turns at the start of a hand in which nobody may open."""
        self.min_left = 1 if rules.final_discard_required else 0
        """Cards that must stay in hand after a meld or lay-off."""
        # seat 0 plays first in the first hand: the dealer sits just before it
        self.dealer = (-self.step) % n
        self.table_version = 0
        """Bumped whenever the table may change (keys the cache of :meth:`_table`)."""
        self._table_cache: tuple[int, dict[int, list[int]], list[tuple[int, Meld]]] | None = None
        self._discard_moves: dict[int, Move] = {}
        """The discard move of each physical card (by id), made once per game, never shared."""
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        self.deal_no += 1
        self._clear_table()
        self.known: list[Card] = []
        """Cards in hands whose place everyone knows (cut jokers, taken cards, the bottom card)."""
        self.turn_no = 0
        self.reshuffles = 0
        self.bottom: Card | None = None
        """The card shown at the cut, face up at the bottom of the stock until drawn."""
        self.first = self._next_active(self.dealer)
        self.cutter = (self.dealer - self.step) % n
        self.cur = self.first
        deck = list(make_deck(2, self.rules.jokers))
        order = self._seat_order()
        if stacked is None:
            self.rng.shuffle(deck)
            jokers = self._cut(deck, [])
            for s in order:
                size = self._deal_size(s, len(jokers))
                self.hands[s] = [deck.pop() for _ in range(size)]
            self.stock = deck
            self.discard = []
        else:
            jokers = self._deal_stacked(stacked, deck, order)
        self.hands[self.cutter].extend(jokers)
        self.known.extend(jokers)
        if self.bottom is not None:
            self.stock.insert(0, self.bottom)
        self._start_turn()
        self.phase_ = "play"  # the first player starts by discarding
        self.log.append(
            f"Hand {self.deal_no} of {self.match_hands}: {self.players[self.dealer]} deals; "
            f"{self.players[self.first]} plays first"
        )
        if jokers:
            self.log.append(
                f"{self.players[self.cutter]} cut {names(jokers)} and keeps it"
                if len(jokers) == 1
                else f"{self.players[self.cutter]} cut {names(jokers)} and keeps them"
            )

    def _deal_size(self, seat: int, cut_jokers: int) -> int:
        """Cards dealt to ``seat``: 15 to the first player, 14 to the others, one fewer to
        the cutter for each joker kept from the cut."""
        size = FIRST_HAND if seat == self.first else HAND_SIZE
        return size - cut_jokers if seat == self.cutter else size

    def _cut(self, deck: list[Card], shown: list[Card]) -> list[Card]:
        """Turn cards at the cut (``shown`` first, then from ``deck``): the jokers the
        cutter keeps are returned, and the first other card becomes :attr:`bottom`."""
        keep = self.rules.cut_joker_to_cutter
        jokers: list[Card] = []
        while True:
            if not shown and not deck:
                raise InvalidRules("deal: no card is left to show at the cut")
            card = shown.pop(0) if shown else deck.pop()
            if keep and card.rank == JOKER_RANK:
                jokers.append(card)
                continue
            if shown:
                raise InvalidRules(
                    f"deal: the cut shows {card.name} face up, so nothing may follow it "
                    f"(list the jokers the cutter keeps, then one card)"
                )
            self.bottom = card
            return jokers

    def _deal_stacked(self, stacked: dict[str, Any], deck: list[Card], order: list[int]) -> list[Card]:
        pool = deck
        fixed, stock_top, disc, extras = self._read_stacked(stacked, pool, ("cut",))
        self.rng.shuffle(pool)
        jokers = self._cut(pool, extras["cut"]) if "cut" in stacked else []
        for s in order:
            if s in fixed:
                self.hands[s] = fixed[s]
            else:
                self.hands[s] = deal_hand(pool, self._deal_size(s, len(jokers)))
        self.stock = pool
        self.discard = disc
        self.stock.extend(reversed(stock_top))
        return jokers

    def _start_turn(self) -> None:
        super()._start_turn()
        self.swaps: list[tuple[int, Meld, Card, Card]] = []
        """Joker swaps of this turn that 'cancel' undoes: (meld index, the meld before, the
        natural card put in, the joker taken)."""

    # ------------------------------------------------------------------ values
    def meld_points(self, meld: Meld) -> int:
        """A meld's opening value (jokers count as the card they stand for)."""
        return meld_value(meld, self.run_values.__getitem__, self.set_values.__getitem__)

    def hand_penalty(self, hand: Sequence[Card]) -> int:
        """Points of the cards left in a hand."""
        values = self.penalties
        return sum(values[c.rank] for c in hand)

    # ------------------------------------------------------------------ state helpers
    def may_open(self) -> bool:
        """Whether opening (and so going out) is allowed yet in this hand."""
        return self.turn_no >= self.closed_rounds

    def _waived(self) -> bool:
        """Whether melds short of the minimum may go out at once this turn."""
        return not self.rules.all_at_once_needs_51 and not self.start_opened

    # ------------------------------------------------------------------ moves
    def _can_take(self) -> bool:
        if not self.discard:
            return False
        if not self.rules.discard_must_be_used:
            return True
        opened = self.opened[self.cur]
        return (opened or self.may_open()) and self._usable_with(self.discard[-1], opened, self.min_left)

    def _play_moves(self) -> list[Move]:
        seat = self.cur
        hand = self.hands[seat]
        opened = self.opened[seat]
        size = len(hand)
        min_left = self.min_left
        moves: list[Move] = []
        if opened or self.may_open():
            # Without a joker in hand every meld is natural and needs no naming.
            plain = all(c.rank != JOKER_RANK for c in hand)
            ace_runs: dict[tuple[Any, ...], int] = {}
            for meld in enumerate_melds(hand, self.mrules):
                left = size - len(meld.cards)
                if left < min_left or self._short_out(meld, left):
                    continue
                if plain:
                    moves.append(Move("meld", meld.cards, None, payload=LayMeld(meld)))
                    continue
                move = self._joker_meld_move(meld)
                if meld.kind == RUN and (meld.lo == 1 or meld.lo + len(meld.cards) == 15):
                    # The notation does not say where an ace sits: 'AH JK 3H ... QH' is A-2-...-Q
                    # or 3-...-K-A, and 'JK=AH' with 2H ... KH either ace. A run with an ace
                    # keeps one reading per text, the higher (runs come low to high).
                    at = ace_runs.get(move.key)
                    if at is not None:
                        moves[at] = move
                        continue
                    ace_runs[move.key] = len(moves)
                moves.append(move)
        if self.melds_:
            table = self._table()
            if opened and size - 1 >= min_left:
                self._add_layoffs(moves, hand, one_notation=True, wanted=table[1])
            if table[2] and self._may_swap():
                self._add_swaps(moves, hand, table[2])
        if self._may_cancel():
            moves.append(Move("cancel", payload=Step.CANCEL, text="cancel"))
        if self._holds_discard():
            return moves  # melds short of the minimum: meld more or cancel, no discard yet
        if self.must_use and self._binding_must_use(moves):
            return moves  # a card that must be used may not stay in hand: no discard until it is
        distinct: dict[int, Card] = {}
        for card in hand:
            distinct.setdefault(card.key, card)
        # A discard move is a value (the card it throws): make each once, list it again and again.
        made = self._discard_moves
        for card in distinct.values():
            throw = made.get(card.id)
            if throw is None:
                throw = made[card.id] = Move("discard", (card,), (None,), payload=Discard(card))
            moves.append(throw)
        return moves

    def _short_out(self, meld: Meld, left: int) -> bool:
        """Would laying ``meld`` go out (``left`` cards after it) short of the minimum, where
        going out at once still needs it?"""
        if left or self.opened[self.cur] or self._waived():
            return False
        return self.meld_points(meld) < self.minimum - self.prov_value

    def _may_swap(self) -> bool:
        """Whether the player may take a joker from the table now."""
        return self.opened[self.cur] or not self.rules.joker_take_requires_opened

    def _take_refusal(self) -> str:
        return super()._take_refusal() + " (a taken discard must be used)"

    def _may_cancel(self) -> bool:
        """Whether 'cancel' has something to take back: melds short of the minimum, swaps
        made for them, or a discard taken to open."""
        return not self.opened[self.cur] and bool(self.prov or self.swaps or self.taken is not None)

    def _holds_discard(self) -> bool:
        """Whether melds short of the minimum keep the player from discarding (unless the
        last card goes out at once where that needs no minimum)."""
        return bool(self.prov) and not (len(self.hands[self.cur]) == 1 and self._waived())

    def _joker_meld_move(self, meld: Meld) -> Move:
        """The listed move of a meld from a hand holding a joker: the notation of
        :meth:`_meld_move`, found faster (jokers are the only wild cards here)."""
        cards, reps = meld.cards, meld.reps
        flags = ace_flags(meld, self.mrules)
        last = len(cards) - 1
        if meld.kind == RUN:
            low, high = cards[0].rank == JOKER_RANK, cards[last].rank == JOKER_RANK
            if not (low or high):
                return Move("meld", cards, None, payload=LayMeld(meld), flags=flags)
            named: list[Card | None] = [None] * len(cards)
            if low:
                named[0] = reps[0]
            if high:
                named[last] = reps[last]
            return Move("meld", cards, tuple(named), payload=LayMeld(meld), flags=flags)
        wild = [c.rank == JOKER_RANK for c in cards]
        count = sum(wild)
        if not count or (count == 1 and len(cards) == 4):
            return Move("meld", cards, None, payload=LayMeld(meld), flags=flags)
        return Move(
            "meld",
            cards,
            tuple(r if w else None for r, w in zip(reps, wild, strict=True)),
            payload=LayMeld(meld),
            flags=flags,
        )

    def _table(self) -> tuple[int, dict[int, list[int]], list[tuple[int, Meld]]]:
        """What move generation needs to know of the table, cached until it changes: its
        version, the lay-off lookup and the melds that hold a joker."""
        cached = self._table_cache
        if cached is not None and cached[0] == self.table_version:
            return cached
        with_jokers = [
            (j, m) for j, m in enumerate(self.melds_) if any(c.rank == JOKER_RANK for c in m.cards)
        ]
        fresh = (self.table_version, self._wanted_keys(), with_jokers)
        self._table_cache = fresh
        return fresh

    # ------------------------------------------------------------------ refusals
    def _keep_one(self) -> str:
        return "you must keep a card to discard: going out needs a final discard"

    def _closed_text(self) -> str:
        rounds = self.rules.no_open_first_rounds
        return f"nobody may open or go out in the first {rounds} rounds (until all have had {rounds} turns)"

    def _layoff_reason(self, meld: Meld, card: Card, named: Card | None) -> str:
        idx = self.melds_.index(meld) + 1
        where = f"meld {idx} {meld}"
        if card.rank == JOKER_RANK and extend_meld(meld, card, named, self.loose):
            limit = self.rules.joker_limit
            if limit == "one_per_meld":
                return f"{where} already holds a joker: a meld may hold only one"
            if limit == "no_adjacent_in_run" and meld.kind != SET:
                return f"a joker there would sit beside another in {where}: jokers may not be side by side"
            return f"{where} would hold more jokers than natural cards"
        if meld.kind == SET and card.rank == meld.rank:
            if len(meld.cards) >= 4:
                return f"{where} is a full book of four"
            return f"{card.name} does not fit {where}: a book may not hold two cards of one suit"
        return f"{card.name} does not fit {where}"

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        seat = self.cur
        name = self.players[seat]
        payload = move.payload
        if isinstance(payload, (LayMeld, LayOff, Swap)) or payload is Step.CANCEL or payload is Step.NEXT:
            self.table_version += 1  # the table may change: move generation reads it afresh
        match payload:
            # class patterns first: a value pattern (Step.X) tests ==, which for a dataclass payload
            # is a Python-level __eq__ call
            case Discard(card):
                real = self._take_from_hand(card)
                self.discard.append(real)
                if self.known:
                    self.known = [c for c in self.known if c is not real]
                self.log.append(f"{name} discarded {real.name}")
                if not self.hands[seat]:
                    self._went_out(seat)
                    return
                self.turn_no += 1
                self._end_turn()
            case LayMeld(meld):
                self._apply_meld(meld, self.minimum)
                if self.swaps and self.opened[seat]:
                    self.swaps = []  # opened: this turn's joker swaps stand
            case LayOff():
                self._apply_layoff(move)
            case Swap(j):
                before = self.melds_[j]
                must_use = self.rules.joker_must_be_used_now
                natural, wild = self._apply_swap(move, must_use)
                self.known.append(wild)
                if must_use and not self.opened[seat]:
                    # The joker must go into this turn's opening: 'cancel' puts it back.
                    self.swaps.append((j, before, natural, wild))
                    return
                taken = self.taken
                if taken is not None and all(h is not taken for h in self.hands[seat]):
                    self.taken = None  # the taken discard went onto the table for good
            case Step.DRAW:
                bottom = self.bottom
                if (card := self._draw_card()) is bottom:
                    self.known.append(card)  # the face-up card: everyone saw where it went
            case Step.TAKE:
                self.known.append(self._take_card(self.rules.discard_must_be_used))
            case Step.CANCEL:
                self._apply_cancel()
            case Step.NEXT:
                self._deal(self.next_stacked_deal())
            case other:
                raise AssertionError(other)

    def _undo_provisional(self) -> None:
        """Undo this turn's joker swaps that had to serve the opening (last first)."""
        hand = self.hands[self.cur]
        for j, before, natural, wild in reversed(self.swaps):
            if j >= len(self.melds_):
                continue  # a swap inside a provisional meld: its cards are back in hand already
            hand[:] = [h for h in hand if h is not wild]
            self.must_use = [m for m in self.must_use if m is not wild]
            hand.append(natural)
            self.melds_[j] = before
            self.log.append(f"{self.players[self.cur]} puts the joker back in meld {j + 1}")
        self.swaps = []

    def _end_turn(self) -> None:
        """Pass the turn; an empty stock is rebuilt first, or the hand ends void."""
        if (why := self._refill_stock(self.rules.max_stock_rebuilds)) is not None:
            self._end_deal(None, why)
            return
        self.cur = self._next_active(self.cur)
        self._start_turn()

    # ------------------------------------------------------------------ scoring
    def _went_out(self, seat: int) -> None:
        self._end_deal(seat, "", at_once=not self.start_opened)

    def _end_deal(self, out: int | None, why: str, at_once: bool = False) -> None:
        row: list[int | None] = [0] * self.n
        details = []
        if out is not None:
            for s in range(self.n):
                if s == out:
                    pts = OUT_AT_ONCE if at_once else OUT
                elif not self.opened[s]:
                    pts = NOT_OPENED_AT_ONCE if at_once else NOT_OPENED
                else:
                    pts = self.hand_penalty(self.hands[s]) * (2 if at_once else 1)
                row[s] = pts
                if s != out:
                    details.append(f"{self.players[s]} {pts}")
        self.rows.append(tuple(row))
        for s, gained in enumerate(row):
            self.total[s] += gained or 0
        if out is None:
            self.result = f"Hand {self.deal_no} ends with no score: {why}."
        else:
            how = f"all at once ({OUT_AT_ONCE})" if at_once else f"({OUT})"
            self.result = f"{self.players[out]} went out {how} — {', '.join(details)}."
        self.log.append(self.result)
        self.phase_ = "deal-over"
        if len(self.rows) >= self.match_hands:
            hands = f"{len(self.rows)} hand" + ("s" if len(self.rows) != 1 else "")
            self._lowest_wins(f"after {hands}")
            return
        self.dealer = self.first  # the next dealer is the player who went first this hand
        self.cur = self._next_active(self.dealer)

    # ------------------------------------------------------------------ views
    def _hints_take(self, seat: int | None) -> bool:
        """A discard anyone may take is offered on every screen; one that must be used only on
        the player's own (whether they can use it depends on their hidden hand)."""
        return seat == self.cur or not self.rules.discard_must_be_used

    def _turn_note(self, name: str, seat: int | None) -> str | None:
        """The first player's opening discard, and the rounds in which nobody may open."""
        if self.turn_no == 0 and self.cur == self.first and not self.start_opened:
            if seat != self.cur:
                return f"{name} starts with 15 cards: {name} melds if possible, then discards one"
            return f"{name}: you start with 15 cards: meld if you can, then discard one"
        if not self.opened[self.cur] and not self.may_open():
            rounds = self.rules.no_open_first_rounds
            return f"{name}: nobody may open in the first {rounds} rounds: discard"
        return None

    def _view(self, seat: int | None) -> PlayerView:
        facts: dict[str, str] = {"hand": f"{self.deal_no} of {self.match_hands}"}
        if self.phase_ == "play" and not self.opened[self.cur]:
            facts["opening"] = f"{self.prov_value} / {self.minimum}"
        if not self.may_open() and self.phase_ in ("draw", "play"):
            facts["opening from"] = f"round {self.rules.no_open_first_rounds + 1}"
        if self.bottom is not None:
            facts["stock bottom"] = self.bottom.name
        own: dict[str, str] = {}
        if seat is not None and seat == self.cur and self.must_use:
            own["must use"] = names(self.must_use)
        return self._make_view(seat, self._status(seat), facts, own)

    def _badges(self, seat: int) -> tuple[str, ...]:
        return tuple(
            b
            for b, on in (
                ("opened", self.opened[seat]),
                ("dealer", seat == self.dealer and self.phase_ != "deal-over"),
            )
            if on
        )

    # ------------------------------------------------------------------ copies
    def _snapshot_extra(self) -> tuple[Any, ...]:
        return (
            self.turn_no,
            self.reshuffles,
            self.start_opened,
            self.bottom.id if self.bottom is not None else None,
            tuple(c.id for c in self.known),
            tuple((j, natural.id, wild.id) for j, _, natural, wild in self.swaps),
        )

    def _pinned_ids(self) -> Collection[int]:
        """The cards to use this turn and the cards taken in sight of all (the face-up
        bottom card is shown by the stock)."""
        return {c.id for c in self.must_use} | {c.id for c in self.known}
