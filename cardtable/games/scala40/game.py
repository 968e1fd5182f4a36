"""Scala 40 (Scala Quaranta): Italy's rummy with a 40-point opening and 101 elimination.

Rules: ``shared/rules/scala40.md``. Notation beyond the common verbs:

* ``take`` takes the top discard (only after opening; it must be melded or laid off this
  turn). ``cancel`` takes back this turn's melds while they are short of 40, and a
  discard taken to open goes back to the pile.
* ``meld 7H 7S JK=7D``: a joker in a set of three must be named. A joker at either end
  of a run may be named (``meld 7H 8H JK=6H``); unnamed it extends the run upward.
* ``layoff 2 JK=10H``, ``swap 2 8H`` (the freed joker must be used this turn).
* ``next`` starts the next deal.

Choices where the sources are silent (recommended defaults of the rules file): laying off
and swapping are allowed in the opening turn once the melds reach 40; if every card in
hand is barred from being discarded, any card may be; a card that must be used and no
longer can be used (no meld or lay-off takes it) stops binding; ``court_values_high``
also raises J/Q/K/A left in hand to 11/12/13/14 (the joker in hand then counts 14).

>>> from cardtable.engine import new_game
>>> deal = {"hands": ["7H 8H 9H KS KD KC 2C 3D 5S 6S 9C 10D QH", None], "stock": "4C"}
>>> g = new_game("scala40", players=["Ann", "Bob"], seed=1, deal=deal)
>>> _ = g.play("draw")
>>> _ = g.play("meld 7H 8H 9H")
>>> g.view(0).facts["opening"]
'24 / 40'
>>> _ = g.play("meld KS KD KC")
>>> g.log[-1]
'Ann opened with 54 points'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.cards import JOKER_RANK, Card, make_deck, names
from cardtable.engine.deals import deal_hand
from cardtable.engine.errors import InvalidRules
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule
from cardtable.engine.views import PlayerView
from cardtable.kits.rummy.melds import (
    SET,
    Meld,
    MeldRules,
    enumerate_melds,
    extend_meld,
    meld_value,
)
from cardtable.kits.rummy.moves import Discard, LayMeld, LayOff, Step, Swap
from cardtable.kits.rummy.turn import MUST_USE, SWAP, LayoffFilter, RummyGame, opening_turn_rules

from . import SPEC
from .rules import Scala40Rules

HAND_SIZE = 13
OPENING = 40


# ---------------------------------------------------------------------- rules of play
# One function per rule: each says why a move breaks it now, or None. The generator filters
# with the same helpers (``_min_left``, ``_short_out``, ``_adds_now``, ``_may_cancel``,
# ``_holds_discard``, ``_barred``...), so a rule is written once.


def _drawn(game: Scala40, move: Move) -> str | None:
    if game.phase_ == "play" and move.kind in ("draw", "take"):
        return "you have drawn already this turn: meld, lay off or discard"
    return None


def _opened(game: Scala40, move: Move) -> str | None:
    if move.kind not in ("layoff", "swap"):
        return None
    if not game.opened[game.cur]:
        what = "lay off" if move.kind == "layoff" else "swap jokers"
        return f"you may {what} only after you have opened with {OPENING} points"
    if not game._adds_now():
        return "lay-offs and swaps wait until your next turn after opening"
    return None


def _layoff(game: Scala40, move: Move) -> str | None:
    if move.kind != "layoff" or move.target is None:
        return None
    meld = game.melds_[move.target - 1]
    card, named = move.cards[0], move.named[0]
    options = extend_meld(meld, card, named, game.mrules)
    if not options:
        return game._layoff_reason(meld, card, named)
    size = len(game.hands[game.cur])
    if size - 1 < game._min_left():
        return game._too_few_left()
    if size == 2 and game._strands_playable(_held(game, (card,)), game._with(move.target - 1, options[0])):
        return _STRANDED
    return None


def _meld(game: Scala40, move: Move) -> str | None:
    if move.kind != "meld" or not isinstance(move.payload, LayMeld):
        return None
    meld = move.payload.meld
    left = len(game.hands[game.cur]) - len(move.cards)
    if left < game._min_left():
        return game._too_few_left()
    if game._short_out(meld, left):
        return f"going out at once still needs {OPENING} points in melds"
    if left == 1 and game._strands_playable(_held(game, meld.cards), [*game.melds_, meld]):
        return _STRANDED
    return None


def _short_of_40(game: Scala40, move: Move) -> str | None:
    if move.kind == "discard" and game._holds_discard():
        return (
            f"your melds this turn make {game.prov_value}, short of the {OPENING} needed to open: "
            "meld more or 'cancel'"
        )
    return None


def _first_turn(game: Scala40, move: Move) -> str | None:
    if move.kind == "discard" and len(game.hands[game.cur]) == 1 and not game.can_close(game.cur):
        return "nobody may close on their first turn: keep a card"
    return None


def _barred(game: Scala40, move: Move) -> str | None:
    if move.kind != "discard":
        return None
    card = move.cards[0]
    bans = game._discard_bans()
    if not game._barred(card, bans) or game._all_barred(bans):
        return None
    if bans[1] and card.rank == JOKER_RANK:
        return "a joker may be discarded only as the closing card"
    return f"{card.name} fits a meld on the table and may not be discarded"


def _held(game: Scala40, cards: Sequence[Card]) -> list[Card]:
    """The hand's own copies of ``cards`` (a move read from text names equal cards, not the
    physical ones; the hold rule has made sure they are held)."""
    hand = list(game.hands[game.cur])
    return [hand.pop(next(i for i, h in enumerate(hand) if h.key == c.key)) for c in cards]


_STRANDED = (
    "the card you would keep would fit a meld on the table, and a playable card may not "
    "be the closing discard"
)
"""Why a meld or lay-off may not leave a last card that fits the table (the closing ban)."""


class Scala40(RummyGame):
    """A match of Scala 40."""

    spec = SPEC
    play_rules = (
        *opening_turn_rules(
            "deal",
            take="The top discard is taken only when it can be used this turn.",
            drawn=Rule("drawn", "A player draws once a turn.", _drawn),
            cancel="'cancel' takes back melds still short of 40.",
        ),
        Rule("opened", "Lay-offs and joker swaps come after opening with 40.", _opened),
        SWAP,
        Rule("layoff", "A lay-off fits its meld and keeps a card to discard.", _layoff),
        Rule("meld", "Melds keep a card to discard, and going out at once needs 40.", _meld),
        Rule("opening", "Melds short of 40 are completed or cancelled before the discard.", _short_of_40),
        Rule("first-turn", "Nobody closes on their first turn.", _first_turn),
        MUST_USE,
        Rule("barred", "The variant's barred discards (playable cards, jokers) stay in hand.", _barred),
    )

    rules: Scala40Rules

    def _set_up(self) -> None:
        rules = self.rules
        n = self.n
        self.mrules = MeldRules(max_wilds=4 if rules.multiple_jokers_per_meld else 1, set_max=4)
        self.court = rules.court_values_high
        self.minimum = OPENING
        self.dealer = n - 1  # so that seat 0 acts first in the first deal
        self.last_closer: int | None = None
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        self.deal_no += 1
        self._clear_table()
        self.turns = [0] * n
        self.start_size = 0
        self.start_opened = False
        self.reshuffles = 0
        self.first = self._next_active(self.dealer)
        self.cur = self.first
        self.phase_ = "draw"
        deck = list(make_deck(2, 4))
        if stacked is None:
            self._deal_round_robin(deck, HAND_SIZE)
            self.stock = deck
            self.discard: list[Card] = []
            self._turn_upcard()
        else:
            self._deal_stacked(stacked, deck, self._seat_order())
        self._start_turn()
        self.log.append(
            f"Deal {self.deal_no}: {self.players[self.dealer]} deals; {self.players[self.first]} plays first"
        )

    def _deal_stacked(self, stacked: dict[str, Any], deck: list[Card], order: list[int]) -> None:
        pool = deck
        fixed, stock_top, disc, _ = self._read_stacked(stacked, pool)
        self.rng.shuffle(pool)
        for s in order:
            self.hands[s] = fixed[s] if s in fixed else deal_hand(pool, HAND_SIZE)
        self.stock = pool
        self.discard = []
        if "discard" not in stacked and not pool:
            raise InvalidRules("deal: the cards listed leave none for the up-card; list fewer cards")
        if "discard" in stacked:
            self.discard = disc
        else:
            self._turn_upcard()
        self.stock.extend(reversed(stock_top))

    def _turn_upcard(self) -> None:
        card = self.stock.pop()
        while (
            card.rank == JOKER_RANK
            and not self.rules.upcard_may_be_joker
            and any(c.rank != JOKER_RANK for c in self.stock)  # a stock of jokers only: keep it
        ):
            self.stock.insert(self.rng.randrange(len(self.stock) + 1), card)
            card = self.stock.pop()
        self.discard.append(card)

    def _start_turn(self) -> None:
        super()._start_turn()
        self.start_size = len(self.hands[self.cur])

    # ------------------------------------------------------------------ values
    def run_value(self, pos: int) -> int:
        """Points of a run place (1 low ace ... 14 high ace)."""
        if pos == 1:
            return 1
        if pos <= 10:
            return pos
        if self.court:
            return pos
        return 11 if pos == 14 else 10

    def set_value(self, rank: int) -> int:
        """Points of each card of a set of this rank."""
        if rank == 1:
            return 14 if self.court else 11
        if rank >= 11:
            return rank if self.court else 10
        return rank

    def meld_points(self, meld: Meld) -> int:
        """A meld's opening value (jokers count as what they stand for)."""
        return meld_value(meld, self.run_value, self.set_value)

    def card_penalty(self, card: Card) -> int:
        """A card's penalty when left in hand."""
        if card.rank == JOKER_RANK:
            return 14 if self.court else 25
        return self.set_value(card.rank)

    def hand_penalty(self, hand: Sequence[Card]) -> int:
        """Penalty points of a hand at the end of a deal."""
        if self.rules.single_ace_in_hand_counts_1 and len(hand) == 1 and hand[0].rank == 1:
            return 1
        return sum(self.card_penalty(c) for c in hand)

    # ------------------------------------------------------------------ public
    def can_close(self, seat: int) -> bool:
        """Whether ``seat`` may go out this turn (not on one's first turn, by default)."""
        return self.rules.close_first_turn or self.turns[seat] >= 1

    # ------------------------------------------------------------------ moves
    def _min_left(self) -> int:
        """Cards that must stay in hand after a meld or lay-off."""
        if not self.can_close(self.cur):
            return 2
        return 0 if self.rules.no_discard_needed_to_close else 1

    def _can_take(self) -> bool:
        if not self.discard:
            return False
        seat = self.cur
        top = self.discard[-1]
        if (
            self.rules.first_player_upcard
            and seat == self.first
            and sum(self.turns) == 0
            and len(self.discard) == 1
        ):
            return True
        if self.opened[seat]:
            return self.rules.keep_taken_discard or self._usable_with(top, True, self._min_left())
        if self.rules.earlier_discard:
            return self._usable_with(top, False, self._min_left())
        return False

    def _play_moves(self) -> list[Move]:
        seat = self.cur
        hand = self.hands[seat]
        opened = self.opened[seat]
        size = len(hand)
        min_left = self._min_left()
        moves: list[Move] = []
        for meld in enumerate_melds(hand, self.mrules):
            left = size - len(meld.cards)
            if left < min_left or self._short_out(meld, left):
                continue
            if left == 1 and self._strands_playable(meld.cards, [*self.melds_, meld]):
                continue
            moves.append(self._meld_move(meld))
        can_add = opened and self._adds_now()
        if can_add and size - 1 >= min_left:
            skip: LayoffFilter | None = None
            if size == 2:

                def skip(card: Card, j: int, new: Meld) -> bool:
                    return self._strands_playable((card,), self._with(j, new))

            # One listing per text: 'layoff N JK=AH' on a 2-K run cannot say which ace.
            self._add_layoffs(moves, hand, skip, one_notation=True)
        if can_add:
            self._add_swaps(moves, hand)
        if self._may_cancel():
            moves.append(Move("cancel", payload=Step.CANCEL, text="cancel"))
        moves.extend(self._discards(moves))
        return moves

    def _short_out(self, meld: Meld, left: int) -> bool:
        """Would laying ``meld`` go out (``left`` cards after it) short of the opening 40?"""
        if left or self.opened[self.cur] or self.prov_value + self.meld_points(meld) >= OPENING:
            return False
        return not (self.rules.close_in_hand_no_minimum and not self.start_opened)

    def _adds_now(self) -> bool:
        """Whether an opened player may lay off and swap this turn (not in the opening turn
        without ``layoff_same_turn_as_opening``)."""
        return self.rules.layoff_same_turn_as_opening or self.start_opened

    def _take_refusal(self) -> str:
        if not self.opened[self.cur] and not self.rules.earlier_discard:
            return "you may take the discard only after you have opened (draw from the stock)"
        return super()._take_refusal()

    def _holds_discard(self) -> bool:
        """Whether melds short of 40 keep the player from discarding (unless the last card
        goes out at once with ``close_in_hand_no_minimum``)."""
        closing = len(self.hands[self.cur]) == 1
        return bool(self.prov) and not (
            closing and self.rules.close_in_hand_no_minimum and not self.start_opened
        )

    def _discard_bans(self) -> tuple[bool, bool]:
        """Whether (cards that fit the table, jokers) may not be discarded now."""
        rules = self.rules
        closing = len(self.hands[self.cur]) == 1
        if closing:
            ban = rules.ban_playable_discard_closing
        else:
            ban = (
                rules.ban_playable_discard_opened
                if self.opened[self.cur]
                else rules.ban_playable_discard_unopened
            )
        return ban, rules.joker_discard_only_when_closing and not closing

    def _barred(self, card: Card, bans: tuple[bool, bool]) -> bool:
        """Whether ``bans`` bar ``card`` from being discarded."""
        ban, joker_ban = bans
        return (ban and self._fits_table(card)) or (joker_ban and card.rank == JOKER_RANK)

    def _all_barred(self, bans: tuple[bool, bool]) -> bool:
        """Whether every card in hand is barred: then any may go (the rules file's REC)."""
        return all(self._barred(c, bans) for c in self.hands[self.cur])

    def _strands_playable(self, used: Sequence[Card], table: Sequence[Meld]) -> bool:
        """With ``ban_playable_discard_closing``: would playing ``used`` leave a single card
        that fits a meld of ``table``? It could not be the closing discard, so it is refused."""
        if not self.rules.ban_playable_discard_closing or self._min_left() != 1:
            return False
        left = [c for c in self.hands[self.cur] if all(c is not u for u in used)]
        return len(left) == 1 and any(extend_meld(m, left[0], None, self.mrules) for m in table)

    def _discards(self, moves: list[Move]) -> list[Move]:
        seat = self.cur
        hand = self.hands[seat]
        closing = len(hand) == 1
        if closing and not self.can_close(seat):
            return []
        if self._holds_discard():
            return []
        if self.must_use and self._binding_must_use(moves):
            return []  # a card that must be used may not stay in hand: no discard until it is used
        candidates: list[Card] = []
        seen: set[int] = set()
        for card in hand:
            key = card.key
            if key in seen:
                continue
            seen.add(key)
            candidates.append(card)
        if not candidates:
            return []
        bans = self._discard_bans()
        if any(bans):
            allowed = [c for c in candidates if not self._barred(c, bans)]
            if not allowed:
                allowed = candidates  # every card is barred: any may go (rules file's REC)
        else:
            allowed = candidates
        return [Move("discard", (c,), (None,), payload=Discard(c)) for c in allowed]

    def _fits_table(self, card: Card) -> bool:
        return any(extend_meld(m, card, None, self.mrules) for m in self.melds_)

    # ------------------------------------------------------------------ refusals
    def _too_few_left(self) -> str:
        if not self.can_close(self.cur):
            return "nobody may close on their first turn, so keep at least two cards after melding"
        return "you must keep a card to discard: closing needs a final discard"

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        seat = self.cur
        name = self.players[seat]
        match move.payload:
            # class patterns first: a value pattern (Step.X) tests ==, which for a dataclass payload
            # is a Python-level __eq__ call
            case Discard(card):
                if self.rules.four_of_kind_to_discard:
                    self._bury_fours(seat)
                real = self._take_from_hand(card)
                self.discard.append(real)
                self.turns[seat] += 1
                self.log.append(f"{name} discarded {real.name}")
                if not self.hands[seat]:
                    self._close(seat)
                    return
                self.cur = self._next_active(seat)
                self._start_turn()
                if not self.stock:
                    self._end_deal(None, f"the stock ran out after {self.reshuffles} rebuilds")
            case LayMeld(meld):
                self._apply_meld(meld, OPENING)
            case LayOff():
                self._apply_layoff(move)
            case Swap():
                self._apply_swap(move, must_use=True)
            case Step.DRAW:
                if not self.stock:
                    self._rebuild_stock(keep_top=True)
                if not self.stock:
                    self._end_deal(None, "the stock and discard pile are both empty")
                    return
                self._draw_card()
                limit = self.rules.max_stock_rebuilds
                if not self.stock and (limit == 0 or self.reshuffles < limit):
                    self._rebuild_stock(keep_top=False)
            case Step.TAKE:
                free = (
                    self.rules.first_player_upcard and seat == self.first and sum(self.turns) == 0
                ) or self.rules.keep_taken_discard
                self._take_card(must_use=not free)
            case Step.NEXT:
                self._deal(self.next_stacked_deal())
            case Step.CANCEL:
                self._apply_cancel()
            case other:
                raise AssertionError(other)

    def _bury_fours(self, seat: int) -> None:
        """Move ``seat``'s four-card sets without jokers onto the discard pile (in its turn)."""
        keep: list[Meld] = []
        for meld in self.melds_:
            full = meld.kind == SET and len(meld.cards) == 4
            if full and meld.owner == seat and all(c.rank != JOKER_RANK for c in meld.cards):
                self.discard.extend(meld.cards)
                self.log.append(f"the four of a kind {names(meld.cards)} goes onto the discard pile")
            else:
                keep.append(meld)
        self.melds_ = keep

    # ------------------------------------------------------------------ scoring
    def _went_out(self, seat: int) -> None:
        self._close(seat)

    def _close(self, seat: int) -> None:
        self.turns[seat] += 0
        doubled = self.rules.open_and_close_double and not self.start_opened and self.start_size == HAND_SIZE
        self._end_deal(seat, "", doubled)

    def _end_deal(self, closer: int | None, why: str, doubled: bool = False) -> None:
        rules = self.rules
        self.last_closer = closer
        row: list[int | None] = [None] * self.n
        details = []
        for s in range(self.n):
            if not self.active[s]:
                continue
            if closer is None or s == closer or rules.single_game:
                row[s] = 0
                continue
            if (
                rules.unopened_flat_100
                and not self.opened[s]
                and not (rules.close_first_turn and self.turns[s] == 0)
            ):
                pts = 100
            else:
                pts = self.hand_penalty(self.hands[s])
            if doubled:
                pts *= 2
            row[s] = pts
            details.append(f"{self.players[s]} {pts}")
        self.rows.append(tuple(row))
        for s, gained in enumerate(row):
            if gained:
                self.total[s] += gained
        if closer is None:
            self.result = f"Deal {self.deal_no} ends with no winner: {why}."
        else:
            self.result = f"{self.players[closer]} closed" + (
                " in one turn: scores doubled" if doubled else ""
            )
            if details and not rules.single_game:
                self.result += " — " + ", ".join(details)
            self.result += "."
        self.log.append(self.result)
        self.phase_ = "deal-over"
        if rules.single_game and closer is not None:
            self._finish((closer,), f"{self.players[closer]} closed and wins the game")
            return
        self._settle_match()
        if self._outcome is None:
            self.dealer = self._next_active(self.dealer)
            self.cur = self._next_active(self.dealer)

    def _settle_match(self) -> None:
        rules = self.rules
        alive = [s for s in range(self.n) if self.active[s]]
        if rules.no_elimination:
            if max(self.total[s] for s in alive) >= rules.no_elimination:
                self._lowest_wins(f"a total reached {rules.no_elimination}:", alive)
            return
        target = rules.target_score
        over = [s for s in alive if self.total[s] >= target]
        if not over:
            return
        below = [s for s in alive if self.total[s] < target]
        if rules.reentry and len(below) >= 2:
            reset = max(self.total[s] for s in below)
            for s in over:
                self.total[s] = reset
                self.log.append(f"{self.players[s]} re-enters at {reset}")
            return
        for s in over:
            self.active[s] = False
            self.log.append(f"{self.players[s]} reaches {self.total[s]} and retires")
        if len(below) <= 1:
            if below:
                self._finish((below[0],), f"{self.players[below[0]]} is the last player left")
            else:
                self._finish((), "everyone reached the target together")

    # ------------------------------------------------------------------ views, copies
    def _view(self, seat: int | None) -> PlayerView:
        facts: dict[str, str] = {"deal": str(self.deal_no), "target": self._target_text()}
        if self.phase_ == "play" and not self.opened[self.cur]:
            facts["opening"] = f"{self.prov_value} / {OPENING}"
        own: dict[str, str] = {}
        if seat is not None and seat == self.cur and self.must_use:
            own["must use"] = names(self.must_use)
        return self._make_view(seat, self._status(seat), facts, own)

    def _target_text(self) -> str:
        if self.rules.single_game:
            return "single game"
        if self.rules.no_elimination:
            return f"play to {self.rules.no_elimination}"
        return f"retire at {self.rules.target_score}"

    def _snapshot_extra(self) -> tuple[Any, ...]:
        return (tuple(self.turns),)
