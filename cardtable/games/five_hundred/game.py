"""Five Hundred's rules of play: the deal, the auction, the kitty, the tricks, the score (the
notation and the engine's choices are documented in the package,
``cardtable.games.five_hundred``)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from cardtable.engine.cards import JOKER, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.listing import MoveRange
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.engine.rng import shuffle
from cardtable.engine.views import PlayerView
from cardtable.engine.words import plural
from cardtable.engine.zones import Visibility, Zone
from cardtable.kits.tricks import TrickGame, playable, trick_view, trick_winner

from . import SPEC
from .auction import Auction, discard_moves
from .contract import (
    HAND_SIZE,
    KITTY_SIZE,
    MISERE,
    OPEN_MISERE,
    PACKETS,
    Bid,
    BidPayload,
    CallCard,
    Discard,
    Nominate,
    Play,
    Step,
    face,
    faces,
    make_five_hundred_pack,
    read_bid,
    remove_card,
    trick_order,
)
from .contract import (
    sort_key as _sort_key,
)
from .play_rules import PLAY_RULES
from .rules import FiveHundredRules
from .scoring import Scoring

FACT_RANK = (
    "contract",
    "needs",
    "made",
    "lost",
    "high bid",
    "joker's suit",
    "called card",
    "led suit",
    "tricks won",
    "trick",
    "open hand",
    "trumps",
    "thrown in",
    "kitty",
    "auction",
)
"""The header's facts, the most useful first: a narrow header keeps these whole (the
contract and what it needs; the trumps' long order of cards, which the contract's suit
implies, and the auction, which the auction panel shows, give way first)."""


class FiveHundred(TrickGame, Auction, Scoring):
    """A match of Five Hundred. Phases: 'bid', 'exchange', 'call' (five players), 'nominate'
    (``nt_joker_suit = nominated``), 'lead', 'follow', 'deal-over', 'match-over'."""

    spec = SPEC
    play_rules = PLAY_RULES
    phase_kinds = {
        "bid": PhaseKind.BID,
        "exchange": PhaseKind.EXCHANGE,
        "call": PhaseKind.EXCHANGE,
        "nominate": PhaseKind.EXCHANGE,
    }

    rules: FiveHundredRules

    def _set_up(self) -> None:
        n = self.n
        self.pack = make_five_hundred_pack(n)
        self.melds_: list[Any] = []
        self._moves = _MOVES.setdefault(n, {})
        self.dealer = n - 1  # so that seat 0 bids first in the first deal
        self.thrown_in = 0
        self._deal(self.next_stacked_deal())

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        self.deal_no += 1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.kitty: list[Card] = []
        self.discards: list[Card] = []
        self.won: list[Card] = []
        """The cards of completed tricks (all seen as they were played)."""
        self.trick: list[tuple[int, Card]] = []
        self.tricks = [0] * n
        self.led = ""
        self.leader: int | None = None
        self.last_winner: int | None = None
        self.trick_no = 1
        self.auction: list[tuple[int, str]] = []
        """The auction so far: (seat, bid word or 'pass')."""
        self.high: Bid | None = None
        self.high_seat: int | None = None
        self.passed: list[bool] = [False] * n
        self.passes_in_row = 0
        self.seven_bid = False
        self.contract: Bid | None = None
        self.contractor: int | None = None
        self.partners: tuple[int, ...] = ()
        """The contractor's partners this hand (a called partner is among them only once known)."""
        self.called: Card | None = None
        self.secret_partner: int | None = None
        self.sitting_out: tuple[int, ...] = ()
        self.open_shown = False
        self.nominated = ""
        self.order = trick_order(None, self.rules, self.n)
        self.phase_ = "bid"
        if stacked is not None and "dealer" in stacked:
            dealer = stacked["dealer"]
            if not isinstance(dealer, int) or not 0 <= dealer < n:
                raise InvalidRules(f"deal: dealer must be a seat number from 0 to {n - 1}, not {dealer!r}")
            self.dealer = dealer
        self.seating = self.seating.with_dealer(self.dealer)
        self.cur = (self.dealer + 1) % n
        pool = list(self.pack)
        if stacked is None:
            shuffle(self.rng, pool)
            order = [(self.dealer + 1 + k) % n for k in range(n)]
            # Dealt from the top of the shuffled pool (its end), a packet at a time.
            pool.reverse()
            top = 0
            for packet in PACKETS:
                if packet == "kitty":
                    self.kitty.append(pool[top])
                    top += 1
                else:
                    assert isinstance(packet, int)
                    for s in order:
                        self.hands[s].extend(pool[top : top + packet])
                        top += packet
            assert top == len(pool)
        else:
            self._deal_stacked(stacked, pool)
        how = "" if stacked is None else " a stacked deal"
        first = self.does(self.cur, "bids")
        self.log.append(f"Deal {self.deal_no}: {self.does(self.dealer, 'deals')}{how}; {first} first")

    def _deal_stacked(self, stacked: dict[str, Any], pool: list[Card]) -> None:
        fixed, stock_top, discard, extras = read_stacked(
            stacked, pool, self.n, self.title, card_keys=("kitty",), other_keys=("dealer",)
        )
        if stock_top or discard:
            raise InvalidRules("deal: Five Hundred has no stock or discard pile: give 'hands' and 'kitty'")
        for seat, cards in fixed.items():
            if len(cards) != HAND_SIZE:
                raise InvalidRules(f"deal: hand {seat} has {len(cards)} cards; each hand has {HAND_SIZE}")
        kitty = extras["kitty"]
        if kitty and len(kitty) != KITTY_SIZE:
            raise InvalidRules(f"deal: the kitty has {len(kitty)} cards; it has {KITTY_SIZE}")
        self.rng.shuffle(pool)
        for s in range(self.n):
            self.hands[s] = fixed[s] if s in fixed else [pool.pop() for _ in range(HAND_SIZE)]
        self.kitty = kitty or [pool.pop() for _ in range(KITTY_SIZE)]
        assert not pool

    # ------------------------------------------------------------------ public
    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that score with ``seat`` this deal: its team (the contractor's side
        includes a known called partner), else the seat alone."""
        team = self.seating.team_of(seat)
        if team is not None:
            return self.seating.teams[team]
        return (seat,)

    def contract_side(self) -> tuple[int, ...]:
        """The contractor and the partners who play with it this hand."""
        if self.contractor is None:
            return ()
        return tuple(sorted({self.contractor, *self.partners}))

    # ------------------------------------------------------------------ moves
    def _generate(self) -> list[Move] | MoveRange:
        # The listed moves come from caches shared by the games of a player count: making
        # Move objects was most of a random playout's cost.
        ph = self.phase_
        if ph == "follow":
            cards = playable(self.hands[self.cur], self.led, self.order)
            moves = self._moves
            try:  # (_play_moves, inlined: three plays in four follow)
                return [moves[c.id] for c in cards]
            except KeyError:
                return self._play_moves(cards)
        if ph == "lead":
            hand = self.hands[self.cur]
            # (a joker is wild only without trumps: there, the joker's key in the hand)
            if self.nominated or self.order.trump is not None or _JOKER_KEY not in map(_KEY, hand):
                return self._play_moves(hand)
            out = []
            for c in hand:
                if self._names_suit(c):
                    out.extend(self._naming_play(c, s) for s in SUITS)
                else:
                    out.append(self._play_move(c))
            return out
        if ph == "deal-over":
            return [self._step("next", Step.NEXT)]
        if ph == "bid":
            return self._bid_moves()
        hand = self.hands[self.cur]
        if ph == "exchange":
            return discard_moves(self.n, sorted(hand, key=_sort_key))
        if ph == "call":
            return [Move("call", (c,), payload=CallCard(c)) for c in self.pack if c not in hand]
        if ph == "nominate":
            return [Move("nominate", word=s, payload=Nominate(s)) for s in SUITS]
        return []

    def _play_moves(self, cards: Sequence[Card]) -> list[Move]:
        # The trick play's listing, in one comprehension: most of a playout's moves are plays.
        moves = self._moves
        try:
            return [moves[c.id] for c in cards]
        except KeyError:  # a card first listed at this player count: its move is made once
            return [self._play_move(c) for c in cards]

    def _play_move(self, card: Card) -> Move:
        move = self._moves.get(card.id)
        if move is None:
            move = self._moves[card.id] = Move("play", (card,), payload=Play(card, ""))
        return move

    def _naming_play(self, card: Card, suit: str) -> Move:
        """A led joker naming ``suit`` (``play JK=C``), kept like the other plays."""
        move = self._moves.get((card.id, suit))
        if move is None:
            move = self._moves[(card.id, suit)] = Move(
                "play", (card,), suits=(suit,), payload=Play(card, suit)
            )
        return move

    def _step(self, verb: str, step: Step) -> Move:
        move = self._moves.get(verb)
        if move is None:
            move = self._moves[verb] = Move(verb, payload=step, text=verb)
        return move

    def _names_suit(self, card: Card) -> bool:
        """Whether leading ``card`` now must name the suit to follow: a No-Trumps (or misère)
        joker led when the contractor has nominated no suit for it."""
        return self.phase_ == "lead" and self.order.is_wild(card) and not self.nominated

    def _held(self, card: Card) -> Card | None:
        return next((c for c in self.hands[self.cur] if c == card), None)

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        payload = move.payload
        if type(payload) is Play:  # most moves: checked before the match's other cases
            self._play(payload.card, payload.suit)
            return
        match payload:
            case BidPayload(bid):
                self._bid(bid)
            case Step.PASS:
                self._pass()
            case Discard(cards):
                self._discard(cards)
            case CallCard(card):
                self._call_card(card)
            case Nominate(suit):
                self._nominate(suit)
            case Play(card, suit):
                self._play(card, suit)
            case Step.NEXT:
                self.seating = self.seating.next_deal()
                self.dealer = self.seating.dealer
                self._deal(self.next_stacked_deal())
            case other:
                raise AssertionError(other)

    def _say(self, text: str) -> None:
        self.log.append(text)

    def _does(self, seat: int, verb: str) -> str:
        """:meth:`does`, kept by name and verb: the log line of every card played says it."""
        key = (self.players[seat], verb)
        text = _DOES.get(key)
        if text is None:
            if len(_DOES) > 1_000:
                _DOES.clear()
            text = _DOES[key] = self.does(seat, verb)
        return text

    def _start_play(self, leader: int) -> None:
        self.phase_ = "lead"
        self.cur = leader
        self.leader = leader

    def _next_seat(self, seat: int) -> int:
        s = (seat + 1) % self.n
        while s in self.sitting_out:
            s = (s + 1) % self.n
        return s

    def _play(self, card: Card, suit: str) -> None:
        seat = self.cur
        hand = self.hands[seat]
        try:  # remove_card's first way, inlined: the card played is the very one held
            del hand[list(map(id, hand)).index(id(card))]
        except ValueError:
            remove_card(hand, card)
        leading = self.phase_ == "lead"
        trick = self.trick
        trick.append((seat, card))
        verb = "leads" if leading else "plays"
        does = _DOES.get((self.players[seat], verb)) or self._does(seat, verb)
        text = f"{does} {card.name}"
        if leading:
            self.leader = seat
            if self.order.is_wild(card):
                self.led = suit or self.nominated
                text += f" and names {SUIT_NAMES[self.led]}"
            else:
                self.led = self.order.effective_suit(card)  # (led_suit of a trick of one card)
        if self.called is not None and card == self.called and self.secret_partner is not None:
            self.partners = (self.secret_partner,)
            text += f": {self.does(seat, 'is')} the contractor's partner"
        self.log.append(text)
        if len(trick) == self.n - len(self.sitting_out):
            self._finish_trick()
        else:
            self.cur = (seat + 1) % self.n if not self.sitting_out else self._next_seat(seat)
            self.phase_ = "follow"

    def _finish_trick(self) -> None:
        trick = self.trick
        winner, best = trick_winner(trick, self.order, self.led)
        self.tricks[winner] += 1
        self.won += [c for _, c in trick]
        does = _DOES.get((self.players[winner], "wins")) or self._does(winner, "wins")
        self.log.append(f"{does} trick {self.trick_no} with {best.name}")
        self.trick = []
        self.led = ""
        self.last_winner = winner
        contract = self.contract
        if contract is not None and contract.misere:
            if contract.denom == OPEN_MISERE and not self.open_shown:
                self.open_shown = True
                owner = self.players[self.contractor or 0]
                whose = "Your" if owner.casefold() == "you" else f"{owner}'s"
                self._say(f"{whose} hand is laid face up (open misère)")
            if winner == self.contractor:
                self._end_deal()
                return
        if self.trick_no == HAND_SIZE:
            self._end_deal()
            return
        self.trick_no += 1
        self.cur = winner
        self.leader = winner
        self.phase_ = "lead"

    # ------------------------------------------------------------------ explaining
    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if move.flags:
            raise IllegalMove(f"Five Hundred moves take no '{' '.join(move.flags)}'", str(move))
        if kind in ("pass", "next"):
            if move.cards or move.word or move.target is not None:
                raise IllegalMove(f"'{kind}' takes nothing more: write just '{kind}'", str(move))
            return Move(kind, text=kind)
        if kind == "bid":
            bid = read_bid(move.word)
            if bid is None:
                raise IllegalMove(
                    "bid a number of tricks (6-10) and S C D H or NT, as in 'bid 7H' or 'bid 6NT', "
                    "or 'bid misere', 'bid open-misere'",
                    str(move),
                )
            return Move("bid", word=bid.word)
        if kind == "nominate":
            return Move("nominate", word=move.word.upper())
        if kind in ("discard", "call"):
            if any(n is not None for n in move.named) or move.suits:
                raise IllegalMove(f"a card of '{kind}' stands for itself: write it plainly", str(move))
            if kind == "discard":
                return Move("discard", tuple(sorted(move.cards, key=_sort_key)))
            return Move("call", move.cards)
        if kind == "play":
            if len(move.cards) != 1:
                raise IllegalMove("play exactly one card, as in 'play QH'", str(move))
            if move.named[0] is not None:
                raise IllegalMove(
                    "a card in a trick stands for itself; a led joker names a suit: 'play JK=C'", str(move)
                )
            return Move("play", move.cards, suits=move.suits)
        raise IllegalMove(
            f"'{kind}' is not a Five Hundred move; the moves are bid, pass, discard, call, nominate, "
            "play and next",
            str(move),
        )

    def _status(self, seat: int | None) -> str:
        if (over := self._over_status()) is not None:
            return over
        name = self.players[self.cur]
        ph = self.phase_
        if ph == "bid":
            high = (
                "no bid yet"
                if self.high is None
                else f"the bid to beat is {self.high.label} ({self.high.value})"
            )
            return f"{name} to bid or pass: {high}"
        contract = self.contract
        if ph == "exchange":
            return f"{name} has taken the kitty: discard three cards"
        if ph == "call":
            return f"{name}: call a card; its holder is your partner for this hand"
        if ph == "nominate":
            return f"{name}: nominate the suit a led joker stands for this hand"
        # ("contract": a bare 7♣ read as the card to follow, after one was just played)
        what = "No-Trumps, no contract" if contract is None else f"contract {contract.label}"
        if ph == "lead":
            return f"{name} to lead ({what})"
        return f"{name} to follow {SUIT_NAMES.get(self.led, 'the suit led')} ({what})"

    def _trumps_text(self) -> str:
        contract = self.contract
        if contract is None or contract.trump is None:
            rule = "only when void in the suit led" if self.rules.nt_joker_void_rule else "at any time"
            return f"none: the joker is the only trump (played {rule})"
        t = contract.trump
        left = {"S": "C", "C": "S", "H": "D", "D": "H"}[t]
        ts, ls = SUIT_SYMBOLS[t], SUIT_SYMBOLS[left]
        plain = f"13{ts} 12{ts} 11{ts} " if self.n == 6 else ""
        return (
            f"{SUIT_NAMES[t]}: JK, J{ts}, J{ls} (the left bower is a {SUIT_NAMES[t][:-1]}, "
            f"not a {SUIT_NAMES[left][:-1]}), then A{ts} K{ts} Q{ts} {plain}10{ts} …"
        )

    def _contract_progress(self, contract: Bid) -> tuple[str, str]:
        """The header's word on the contract in play, beside it: what it still needs, or, once
        that is settled (made, or fewer tricks left than it needs), that it is made or lost.
        Short: at 80 columns the header has some 27 columns left after the contract."""
        won = sum(self.tricks[s] for s in self.contract_side())
        over = self.phase_ in ("deal-over", "match-over")
        if contract.misere:
            if won:
                return "lost", f"{plural(won, 'trick')} taken"
            if over:
                return "made", "no tricks taken"
            return "needs", "no tricks at all"
        to_go = contract.tricks - won
        if to_go <= 0:
            return "made", plural(won, "trick")
        # the tricks not yet won by anyone: the one on the table is still to win
        short = to_go - (HAND_SIZE - sum(self.tricks))
        if short > 0:
            # after the last trick the shortfall is exact; before it the side may end further short
            if over:
                return "lost", plural(short, "trick") + " short"
            return "lost", f"{short}+ tricks short"
        # the contract already says how many; the header has room for what is left
        return "needs", plural(to_go, "more trick")

    def _view(self, seat: int | None) -> PlayerView:
        live = self.phase_ in ("lead", "follow")
        contract, cseat = self.contract, self.contractor
        public_partners = set(self.partners) if self.called is None or self.partners else set()
        seats = []
        for s in range(self.n):
            badges = []
            if s == self.dealer and self.phase_ != "match-over":
                badges.append("dealer")
            if s == cseat:
                badges.append("contractor")
            elif s in public_partners and cseat is not None:
                badges.append("partner")
            if s in self.sitting_out:
                badges.append("sits out")
            if self.phase_ == "bid" and self.passed[s] and self.rules.pass_is_final:
                badges.append("passed")
            if live and self.tricks[s]:
                badges.append(plural(self.tricks[s], "trick"))
            seats.append(self.seat_view(s, badges))
        facts: dict[str, str] = {"deal": str(self.deal_no)}
        if self.phase_ == "bid":
            facts["high bid"] = (
                "none"
                if self.high is None or self.high_seat is None
                else f"{self.high.label} ({self.high.value}) by {self.players[self.high_seat]}"
            )
        if contract is not None and cseat is not None:
            facts["contract"] = f"{contract.label} ({contract.value}) by {self.players[cseat]}"
            if live or self.phase_ in ("deal-over", "match-over"):
                # what a player checks each trick first: a one-line header shows what fits
                key, value = self._contract_progress(contract)
                facts[key] = value
        if live:
            # '&', not 'and': at 110 columns the whole line of sides must fit beside the contract
            facts["tricks won"] = " · ".join(
                f"{' & '.join(self.players[s] for s in side)} {sum(self.tricks[s] for s in side)}"
                for side in self._sides()
            )
            if self.led:
                facts["led suit"] = SUIT_NAMES[self.led]
        if live or self.phase_ in ("exchange", "call", "nominate"):
            facts["trumps"] = self._trumps_text()
        if live:  # after the trumps: the trick's number is the tricks won plus one
            facts["trick"] = str(self.trick_no)
        if self.nominated:
            facts["joker's suit"] = SUIT_NAMES[self.nominated]
        if self.called is not None:
            facts["called card"] = face(self.called)
        if self.open_shown and cseat is not None:
            facts["open hand"] = faces(sorted(self.hands[cseat], key=_sort_key))
        if self.kitty:
            facts["kitty"] = f"{len(self.kitty)} cards face down"
        if self.thrown_in:
            facts["thrown in"] = str(self.thrown_in)
        if self.auction:  # last: a one-line header at 110 columns cut the contract and needs off
            facts["auction"] = " · ".join(
                f"{self.players[s]} {'pass' if w == 'pass' else (read_bid(w) or Bid(0, MISERE)).label}"
                for s, w in self.auction[-12:]
            )
        own: dict[str, str] = {}
        if seat is not None and seat == cseat and self.discards:
            own["your discards"] = faces(self.discards)
        trick = trick_view(self.trick, self.leader if live else None, self.last_winner, self.led)
        auction = self._auction_view(seat) if self.phase_ == "bid" else None
        return PlayerView(
            game=self.game_id,
            title=self.title,
            seat=seat,
            phase=self.phase_,
            phase_kind=self.phase_kind,
            to_act=self.to_act,
            seats=tuple(seats),
            hand=tuple(c.name for c in self.hands[seat]) if seat is not None else (),
            hand_sort=tuple(map(self.order.sort_key, self.hands[seat])) if seat is not None else (),
            stock_count=len(self.kitty),
            stock_label="kitty",
            discard_top=None,
            discard_count=len(self.won),
            discard_label="tricks",
            trick=trick,
            auction=auction,
            legal_moves=tuple(str(m) for m in self.legal_moves())
            if seat is not None and seat == self.to_act
            else (),
            status=self._status(seat),
            facts=facts,
            fact_rank=FACT_RANK,
            own_facts=own,
            log=tuple(self.log[-50:]),
            deal_number=self.deal_no,
            deal_scores=tuple(self.rows),
            scores=tuple(self.total),
            result=self.result if self.phase_ in ("deal-over", "match-over") else "",
        )

    def zones(self) -> tuple[Zone, ...]:
        """The hands (the open misère hand face up once shown), the kitty (face down), the
        contractor's discards (seen by the contractor only), the completed tricks and the
        trick on the table."""
        hands = [
            Zone(
                f"hand {s}",
                h,
                Visibility.PUBLIC if self.open_shown and s == self.contractor else Visibility.OWNER,
                s,
                False,
            )
            for s, h in enumerate(self.hands)
        ]
        return (
            *hands,
            Zone("kitty", self.kitty, Visibility.HIDDEN, ordered=False),
            Zone("discards", self.discards, Visibility.OWNER, owner=self.contractor, ordered=False),
            Zone("tricks", self.won, Visibility.PUBLIC),
            Zone("trick", [c for _, c in self.trick], Visibility.PUBLIC),
        )

    def _after_determinize(self, seat: int | None) -> None:
        if self.called is not None and not (self.partners and self.secret_partner in self.partners):
            holder = next((s for s in range(self.n) if self.called in self.hands[s]), None)
            self.secret_partner = holder

    def _state_snapshot(self) -> tuple[Any, ...]:
        return (
            *self._turn_state(),
            tuple(s for s, _ in self.trick),
            tuple(self.tricks),
            self.led,
            self.leader,
            self.last_winner,
            self.trick_no,
            tuple(self.auction),
            self.high,
            self.high_seat,
            tuple(self.passed),
            self.passes_in_row,
            self.seven_bid,
            self.contract,
            self.contractor,
            self.partners,
            self.called,
            self.secret_partner,
            self.sitting_out,
            self.open_shown,
            self.nominated,
            self.thrown_in,
            *self._match_state(),
        )


_MOVES: dict[int, dict[Any, Move]] = {}
"""The plays (by card id) and the 'next' move, per player count (each count has its one
pack), shared by every game as the discards are (see :func:`~.auction.discard_moves`): a new game
made its forty plays anew, a seventh of a random deal's time."""

_DOES: dict[tuple[str, str], str] = {}
"""'Ann plays', 'You play'... by player name and verb (shared by every game)."""

_KEY = attrgetter("key")
_JOKER_KEY = JOKER.key
