"""Five Hundred's auction and kitty exchange: the bids open at a turn, bidding and passing,
the end of the auction (thrown in, played out, or won), the contractor's discard, the called
partner and the nominated joker suit, and the auction's view: a part of
:class:`~cardtable.games.five_hundred.game.FiveHundred` kept apart by concern, as the scoring
is."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from cardtable.engine.cards import SUIT_NAMES, Card
from cardtable.engine.listing import MoveRange
from cardtable.engine.moves import Move
from cardtable.engine.seating import Seating
from cardtable.engine.views import AuctionView, CallView

from .contract import (
    ALL_BIDS,
    KITTY_SIZE,
    MISERE,
    Bid,
    BidPayload,
    Discard,
    Step,
    read_bid,
    remove_card,
    trick_order,
)
from .rules import FiveHundredRules


class Auction:
    """The auction and exchange methods of
    :class:`~cardtable.games.five_hundred.game.FiveHundred` (a mixin: it reads and writes the
    game's state, declared here for the type checker)."""

    n: int
    rules: FiveHundredRules
    seating: Seating
    cur: int
    dealer: int
    deal_no: int
    phase_: str
    hands: list[list[Card]]
    kitty: list[Card]
    discards: list[Card]
    auction: list[tuple[int, str]]
    high: Bid | None
    high_seat: int | None
    passed: list[bool]
    passes_in_row: int
    seven_bid: bool
    thrown_in: int
    contract: Bid | None
    contractor: int | None
    partners: tuple[int, ...]
    called: Card | None
    secret_partner: int | None
    sitting_out: tuple[int, ...]
    nominated: str
    order: Any

    if TYPE_CHECKING:  # the game's own methods, which these call
        to_act: int | None

        def side_of(self, seat: int) -> tuple[int, ...]: ...
        def does(self, seat: int, verb: str) -> str: ...
        def _does(self, seat: int, verb: str) -> str: ...
        def _say(self, text: str) -> None: ...
        def _names(self, seats: tuple[int, ...]) -> str: ...
        def _deal(self, stacked: dict[str, Any] | None) -> None: ...
        def next_stacked_deal(self) -> dict[str, Any] | None: ...
        def _start_play(self, leader: int) -> None: ...
        def legal_moves(self) -> Any: ...

    def _bid_moves(self) -> list[Move]:
        """The bids open at the seat to act, then pass: they depend only on the bid to beat
        and whether seven was bid, so the lists are shared across games like the discards."""
        start = 0 if self.high is None else _AFTER[self.high]
        key = (self.rules.misere, self.rules.open_misere, start, self.seven_bid)
        bids = _BID_LISTS.get(key)
        if bids is None:
            bids = _BID_LISTS[key] = [
                *(Move("bid", word=b.word, payload=BidPayload(b)) for b in self._legal_bids()),
                Move("pass", payload=Step.PASS, text="pass"),
            ]
        return bids  # (not copied: the engine lists a tuple of them)

    def _legal_bids(self) -> list[Bid]:
        start = 0 if self.high is None else _AFTER[self.high]
        return [b for b in ALL_BIDS[start:] if not b.misere or self._misere_refusal(b) is None]

    def _misere_refusal(self, bid: Bid) -> str | None:
        when = self.rules.misere if bid.denom == MISERE else self.rules.open_misere
        toggle = "misere" if bid.denom == MISERE else "open_misere"
        if when == "never":
            return f"these rules have no {bid.label} ({toggle} is 'never')"
        if when == "after a seven bid" and not self.seven_bid:
            return f"{bid.label} may be bid only once somebody has bid seven or more ({toggle})"
        return None

    def _bid(self, bid: Bid) -> None:
        seat = self.cur
        self.auction.append((seat, bid.word))
        self.high, self.high_seat = bid, seat
        self.passes_in_row = 0
        if bid.tricks >= 7:
            self.seven_bid = True
        self._say(f"{self._does(seat, 'bids')} {bid.label} ({bid.value})")
        self._next_bidder()

    def _pass(self) -> None:
        seat = self.cur
        self.auction.append((seat, "pass"))
        self.passed[seat] = True
        self.passes_in_row += 1
        self._say(self._does(seat, "passes"))
        self._next_bidder()

    def _next_bidder(self) -> None:
        n = self.n
        if self.rules.pass_is_final:
            live = [s for s in range(n) if not self.passed[s]]
            if self.high is None and not live:
                self._all_passed()
                return
            if self.high is not None and live == [self.high_seat]:
                self._won_auction()
                return
            s = (self.cur + 1) % n
            while self.passed[s]:
                s = (s + 1) % n
            self.cur = s
            return
        if self.high is None and self.passes_in_row >= n:
            self._all_passed()
            return
        if self.high is not None and self.passes_in_row >= n - 1:
            self._won_auction()
            return
        self.cur = (self.cur + 1) % n

    def _all_passed(self) -> None:
        if self.rules.all_pass == "redeal":
            self.thrown_in += 1
            self._say("Everybody passed: the hand is thrown in and the next dealer deals")
            self.seating = self.seating.next_deal()
            self.dealer = self.seating.dealer
            # the thrown-in hand scored nothing and has no row: the new one keeps its number,
            # so the score sheet's deals and the results' 'Deal N' agree
            self.deal_no -= 1
            self._deal(self.next_stacked_deal())
            return
        self._say("Everybody passed: the hand is played out in No-Trumps, each side scoring 10 a trick")
        self.order = trick_order(None, self.rules, self.n)
        self._start_play((self.dealer + 1) % self.n)

    def _won_auction(self) -> None:
        bid, seat = self.high, self.high_seat
        assert bid is not None and seat is not None
        self.contract, self.contractor = bid, seat
        self.order = trick_order(bid, self.rules, self.n)
        if self.n in (4, 6):
            self.partners = tuple(s for s in self.side_of(seat) if s != seat)
        self._say(f"{self.does(seat, 'wins')} the auction with {bid.label} ({bid.value}) and takes the kitty")
        self.hands[seat].extend(self.kitty)
        self.kitty.clear()
        self.cur = seat
        self.phase_ = "exchange"

    def _discard(self, cards: tuple[Card, ...]) -> None:
        seat = self.cur
        hand = self.hands[seat]
        for card in cards:
            remove_card(hand, card)
        self.discards.extend(cards)
        self._say(f"{self.does(seat, 'discards')} three cards face down")
        contract = self.contract
        assert contract is not None
        if self.n == 5 and self.rules.five_player_partner == "called card" and not contract.misere:
            self.phase_ = "call"
            return
        self._after_exchange()

    def _call_card(self, card: Card) -> None:
        seat = self.cur
        self.called = card
        holder = next((s for s in range(self.n) if card in self.hands[s]), None)
        self.secret_partner = holder  # known only to the engine (and the holder) until played
        self._say(f"{self.does(seat, 'calls')} {card.name}: its holder is the partner for this hand")
        self._after_exchange()

    def _after_exchange(self) -> None:
        contract = self.contract
        assert contract is not None and self.contractor is not None
        if contract.trump is None and self.rules.nt_joker_suit == "nominated":
            self.phase_ = "nominate"
            return
        self._begin_contract_play()

    def _nominate(self, suit: str) -> None:
        self.nominated = suit
        self._say(f"{self.does(self.cur, 'nominates')} {SUIT_NAMES[suit]} as the joker's suit")
        self._begin_contract_play()

    def _begin_contract_play(self) -> None:
        contract, seat = self.contract, self.contractor
        assert contract is not None and seat is not None
        if contract.misere and self.partners:
            self.sitting_out = self.partners
            self.seating = self.seating.sit_out(*self.sitting_out)
            self._say(f"{self._names(self.sitting_out)} lay the hand down and sit out the misère")
        self._start_play(seat)

    def _auction_view(self, seat: int | None) -> AuctionView:
        """The auction so far, the bid to beat and, for the seat to act, its calls with keys
        (number then suit: ``7h``, ``10n`` as ``0n``; ``m`` misère, ``M`` open misère, ``z`` pass,
        the pass verb's key)."""
        calls = tuple(_call_view(w, s) for s, w in self.auction)
        high = None
        if self.high is not None and self.high_seat is not None:
            high = _call_view(self.high.word, self.high_seat)
        legal: tuple[CallView, ...] = ()
        if seat is not None and seat == self.to_act:
            legal = tuple(_call_view(str(m)[4:] if m.kind == "bid" else "pass") for m in self.legal_moves())
        return AuctionView(calls=calls, high=high, legal=legal)


_BID_LISTS: dict[tuple[Any, ...], list[Move]] = {}
"""The bids and pass open at a turn, by the misère rules, the bid to beat and whether seven
has been bid (a handful of lists, shared by every game)."""

_DISCARDS: dict[int, dict[tuple[int, ...], Move]] = {}
"""The discard moves made so far, per player count (each count has its one pack, shared by
every game), by their cards' ids."""

_DISCARDS_KEPT = 20_000
"""The most discard moves kept per player count (a 43-card pack has 12,341 trios)."""

_TRIOS: dict[int, list[tuple[int, int, int]]] = {}
"""Every three places of a hand of each size, in the order of ``combinations``."""


def discard_moves(players: int, ordered: list[Card]) -> MoveRange:
    """Every three of the contractor's cards (in ``ordered``, the kitty in it) as a discard,
    in the order of ``combinations(ordered, 3)``.

    A random playout takes one of these 286 moves once a deal, so they are built only as they
    are read (a :class:`MoveRange`: a random pick builds one) and kept across games. Sharing
    them is safe: a move read carries the stamp of the game that read it last, and a game
    plays a move stamped by another through its full check.
    """
    cache = _DISCARDS.setdefault(players, {})
    trios = _TRIOS.get(len(ordered))
    if trios is None:
        trios = _TRIOS[len(ordered)] = list(itertools.combinations(range(len(ordered)), KITTY_SIZE))
    ids = [c.id for c in ordered]

    def build(i: int) -> Move:
        a, b, c = trios[i]
        key = (ids[a], ids[b], ids[c])
        move = cache.get(key)
        if move is None:
            if len(cache) > _DISCARDS_KEPT:
                cache.clear()
            trio = (ordered[a], ordered[b], ordered[c])
            move = cache[key] = Move("discard", trio, payload=Discard(trio))
        return move

    return MoveRange(len(trios), build)


_AFTER = {b: i + 1 for i, b in enumerate(ALL_BIDS)}
"""Where the bids that beat each bid start in :data:`ALL_BIDS` (ranked lowest first)."""

_DENOM_KEY = {"S": "s", "C": "c", "D": "d", "H": "h", "NT": "n"}


def _call_view(word: str, seat: int = -1) -> CallView:
    """An auction call for the view: 'pass' or a bid word, with its label, value and keys."""
    if word == "pass":
        return CallView(seat=seat, move="pass", label="pass", keys="z")
    bid = read_bid(word)
    assert bid is not None
    if bid.misere:
        keys = "m" if bid.denom == MISERE else "M"
        return CallView(seat=seat, move=f"bid {bid.word}", label=bid.label, value=bid.value, keys=keys)
    label = f"{bid.tricks}NT" if bid.denom == "NT" else bid.label
    keys = f"{bid.tricks % 10}{_DENOM_KEY[bid.denom]}"
    return CallView(
        seat=seat, move=f"bid {bid.word}", label=label, value=bid.value, keys=keys, row=str(bid.tricks)
    )
