"""Progressive Rummy (3-13, Three Thirteen, Progressive Rum, Dummy Rummy, Bush Rummy).

Rules: ``shared/rules/progressive-rummy.md`` (the seed is the family blog post in
``shared/seeds/000_...`` and its readers' comments). Eleven rounds: round ``r`` deals
``r + 2`` cards and that many is the wild rank (3s in round 1 ... kings in round 11);
printed jokers are wild in every round. Nothing is laid on the table until someone goes out.

Notation:

* ``draw`` takes the top card of the stock, ``take`` the top discard.
* ``discard KS`` ends the turn.
* ``out 9D`` goes out: discard 9D, and every other card of the hand goes down in sets and
  runs of 3 or more. The engine arranges them (the shared solver's arrangement, always the
  same for the same hand) and lays them on the table as the going-out player's melds. It is
  listed only when the rest of the hand really forms sets and runs.
* After someone goes out every other player, in turn from their left, has exactly one more
  turn: ``draw`` or ``take``, then ``discard``. With ``final_turn_layoff`` they may first lay
  cards off on the going-out player's melds: ``layoff 2 8H``, and a wild card names its place
  where a run could take it at either end (``layoff 1 JK=9H``, ``layoff 1 7C=4H``).
* ``next`` deals the next round.

Choices where the sources are silent (the rules file's recommended defaults, and these):
a set may repeat a suit and has no size limit; jokers are two per pack; a wild-rank card
left in hand scores as a wild card (20) under the ``family`` and ``bush`` values; the card
just taken may be discarded again; the stock, when empty at the end of a turn, is rebuilt
from the discard pile but its top card; when it runs out once more than
``max_stock_rebuilds`` allows (or nothing is left to rebuild it from) the round ends and
everyone scores the cards their best arrangement leaves out, as after a going out. At the
end of a round every player's sets and runs (the least-penalty arrangement, computed
exactly) go down on the table and only the cards left over stay in hand and score.
Ties for the lowest total share the win.

Stacked deals take ``"round"`` besides ``hands``, ``stock`` and ``discard``: the match
starts at that round (default 1), and each listed hand must have that round's number of
cards. Without ``discard`` a random card is turned up to start the pile.

Five Crowns (``deck = five_crowns``, the "Five Crowns" preset) plays on its own deck: two
packs of five suits (S H D C and X, stars: ``7X``, ``KX``), ranks 3 to king, and three jokers a
pack (116 cards). A run never goes below the 3 (no aces, no 2s); the Bush rounds and the high
ace do not exist there and are refused. Its card values are ``score_preset = five_crowns``.

>>> from cardtable.engine import new_game
>>> g = new_game("progressive-rummy", ["Ann", "Bob"], seed=1,
...              deal={"hands": ["5H 6H 9D", "2C 7S QD"], "stock": "3C"})
>>> g.view(0).facts
{'round': '1 of 11', 'dealt': '3', 'wild': '3s, jokers'}
>>> _ = g.play("draw")
>>> [str(m) for m in g.legal_moves() if m.kind == "out"]
['out 9D']
>>> _ = g.play("out 9D")
>>> [str(m) for m in g.melds], g.to_act
(['[5H 6H 3C(=7H)]'], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from cardtable.engine.cards import JOKER_RANK, Card, names, one_of_each
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import IllegalMove, InvalidNotation, InvalidRules
from cardtable.engine.moves import Move
from cardtable.engine.rng import shuffle
from cardtable.engine.views import GroupingView, PlayerView
from cardtable.kits.rummy.arrange import Arrangement, best_arrangement
from cardtable.kits.rummy.grouping import arrangement_view
from cardtable.kits.rummy.melds import RUN, Meld, MeldRules, extend_meld
from cardtable.kits.rummy.moves import Discard, LayOff, Step
from cardtable.kits.rummy.turn import RummyGame

from . import SPEC, five_crowns
from .decks import STANDARD, STANDARD_VALUES, CardValues, Deck
from .outs import out_candidates
from .payloads import GoOut
from .play_rules import PLAY_RULES
from .rounds import BUSH_ROUNDS, ROUNDS, cards_dealt, rank_plural, wild_rank
from .rules import ProgressiveRules

UNLIMITED = 99
"""``MeldRules.max_wilds`` when a meld may hold any number of wild cards."""

DECKS: dict[str, Deck] = {"standard": STANDARD, "five_crowns": five_crowns.DECK}
"""The decks the ``deck`` rule names."""
CARD_VALUES: dict[str, CardValues] = {**STANDARD_VALUES, "five_crowns": five_crowns.VALUES}
"""The card values the ``score_preset`` rule names."""


def _remove_cards(hand: list[Card], cards: Sequence[Card]) -> None:
    """Take these physical cards out of ``hand`` (by ``Card.id``: two packs hold equal cards)."""
    gone = {c.id for c in cards}
    hand[:] = [c for c in hand if c.id not in gone]


def _one(card: Card) -> int:
    """Every card counts 1 (the penalty is then the number of cards left over)."""
    return 1


class ProgressiveRummy(RummyGame):
    """A match of 3-13 (see the module)."""

    spec = SPEC
    deal_word = "round"
    move_caches = ("_discard_moves",)
    play_rules = PLAY_RULES

    rules: ProgressiveRules

    def _set_up(self) -> None:
        rules = self.rules
        n = self.n
        self.deck_kind = DECKS[rules.deck]
        """The kind of deck played (the ``deck`` rule)."""
        lacking = self.deck_kind.refuse(rules)
        if lacking is not None:
            raise InvalidRules(lacking)
        full = BUSH_ROUNDS if rules.bush_extension else ROUNDS
        self.last_round = full if rules.rounds_to_play >= ROUNDS else rules.rounds_to_play
        """The match's last round."""
        self.packs = self.deck_kind.auto_packs(n) if rules.decks == "auto" else int(rules.decks)
        self.jokers = self.deck_kind.jokers_per_pack * self.packs if rules.include_jokers else 0
        first = self.next_stacked_deal()
        start = 1
        if first is not None and "round" in first:
            start = first["round"]
            if isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= self.last_round:
                raise InvalidRules(
                    f"deal: round must be a whole number from 1 to {self.last_round} (this match's "
                    f"last round), not {start!r}"
                )
        biggest = cards_dealt(self.last_round)
        need = n * (biggest + 1) + 1
        have = self.deck_kind.pack_size * self.packs + self.jokers
        if need > have:
            raise InvalidRules(
                f"{self.packs}{self.deck_kind.label} pack(s) ({have} cards) are too few: {n} players "
                f"need {need} cards in round {self.last_round} ({biggest} each, one drawn, and the "
                "up-card); choose more packs or decks=auto"
            )
        values = CARD_VALUES[rules.score_preset]
        self.base_values: tuple[int, ...] = values.by_rank
        """What a card left in hand scores, by rank (0 = joker), before the wild rank."""
        self.wild_scores_20 = values.wild_scores_20
        self.dealer = n - 1  # seat 0 plays first in the first round
        self.hat: int | None = None
        self._discard_moves: dict[int, Move] = {}
        """The discard move of each physical card (by id), made once per game."""
        self.round_no = start
        self._deal(first)

    # ------------------------------------------------------------------ rounds
    def parse_move(self, text: str) -> Move:
        """The common notation; with Five Crowns' deck a card the notation cannot read is
        answered with the star suit too (``7X``), which only this deck has."""
        try:
            return super().parse_move(text)
        except InvalidNotation as exc:
            if self.deck_kind.stars and "is not a card" in str(exc):
                raise InvalidNotation(f"{exc}; stars are written X") from None
            raise

    def _round_rules(self) -> None:
        """The meld rules and card values of the current round."""
        rules = self.rules
        wild = wild_rank(self.round_no)
        self.wild = wild
        self.mrules = MeldRules(
            ace_low=True,
            ace_high=rules.ace_high,
            max_wilds=1 if rules.max_wilds_per_meld == "one" else UNLIMITED,
            set_max=UNLIMITED,
            set_distinct_suits=False,
            wild_ranks=frozenset({wild}),
            allow_all_wild=rules.all_wild_meld_allowed,
            name_set_wilds=False,
            ace_both_ends="never",
            min_rank=self.deck_kind.min_rank,
            stars=self.deck_kind.stars,
            runs_any_suit=rules.runs_any_suit,
        )
        self.allow_all_wild = rules.all_wild_meld_allowed
        self.strict_rules = MeldRules(
            ace_low=True,
            ace_high=rules.ace_high,
            max_wilds=self.mrules.max_wilds,
            set_max=UNLIMITED,
            set_distinct_suits=False,
            allow_all_wild=False,
            name_set_wilds=False,
            ace_both_ends="never",
            min_rank=self.mrules.min_rank,
            stars=self.deck_kind.stars,
            runs_any_suit=rules.runs_any_suit,
        )
        """The meld rules the solver sees when every meld needs a natural card (wild-rank
        cards are then passed as jokers)."""
        values = list(self.base_values)
        if self.wild_scores_20:
            values[wild] = 20
        self.values: tuple[int, ...] = tuple(values)
        table = self.values
        self.value: Callable[[Card], int] = lambda c: table[c.rank]

    def _deal(self, stacked: dict[str, Any] | None) -> None:
        n = self.n
        self.deal_no = self.round_no
        self._round_rules()
        k = cards_dealt(self.round_no)
        self.k = k
        self._clear_table()
        self.known: list[Card] = []
        """Cards in hands that everyone saw taken from the discard pile."""
        self.turns = [0] * n
        """Turns each seat has finished this round."""
        self.reshuffles = 0
        self.out_seat: int | None = None
        self.final_left: list[int] = []
        """Seats still to take their last turn after a going out, in order."""
        self.result = ""
        deck = list(self.deck_kind.build(self.packs, self.jokers))
        order = self._seat_order()
        if stacked is None:
            self._deal_round_robin(deck, k)
            self.discard = [deck.pop()]
            self.stock = deck
        else:
            fixed, stock_top, disc, _ = read_stacked(stacked, deck, n, self.title, other_keys=("round",))
            for s, cards in fixed.items():
                if len(cards) != k:
                    raise InvalidRules(
                        f"deal: hand {s} has {len(cards)} cards, but round {self.round_no} deals {k}"
                    )
            wanted = k * (n - len(fixed)) + (0 if disc else 1)
            if len(deck) + len(stock_top) < wanted + 1:
                raise InvalidRules(
                    f"deal: the cards listed leave {len(deck)} to deal, but the other hands"
                    f"{'' if disc else ' and the up-card'} need {wanted} and the stock at least one: "
                    "list fewer cards"
                )
            if len(deck) < wanted:
                raise InvalidRules(
                    f"deal: the stock lists so many cards that only {len(deck)} are left for the "
                    f"other hands{'' if disc else ' and the up-card'}, which need {wanted}: list fewer"
                )
            shuffle(self.rng, deck)  # as rng.shuffle, faster
            for s in order:
                self.hands[s] = fixed[s] if s in fixed else [deck.pop() for _ in range(k)]
            self.discard = disc if disc else [deck.pop()]
            self.stock = deck
            self.stock.extend(reversed(stock_top))
        self.cur = order[0]
        self.phase_ = "draw"
        self.log.append(
            f"Round {self.round_no} of {self.last_round}: {k} cards each, {self._wild_text()} wild; "
            f"{self.players[self.dealer]} deals, {self.players[self.cur]} plays first"
        )

    def _wild_text(self, join: str = " and ") -> str:
        text = rank_plural(self.wild)
        return f"{text}{join}jokers" if self.jokers else text

    # ------------------------------------------------------------------ values
    def meld_points(self, meld: Meld) -> int:
        """Melds score nothing in 3-13 (only the cards left out of them count)."""
        return 0

    def card_value(self, card: Card) -> int:
        """What one card left in hand scores this round (bots read this).

        >>> from cardtable.engine import new_game, parse_card
        >>> g = new_game("progressive-rummy", ["Ann", "Bob"], seed=1)
        >>> g.card_value(parse_card("3C")), g.card_value(parse_card("KH"))
        (20, 10)
        """
        return self.values[card.rank]

    def penalty(self, cards: Sequence[Card]) -> int:
        """What cards left in hand score this round.

        >>> from cardtable.engine import new_game, parse_cards
        >>> g = new_game("progressive-rummy", ["Ann", "Bob"], seed=1, deal={"round": 6})
        >>> g.penalty(parse_cards("KH 8C JK AS 7D"))  # T-09: 8s wild
        58
        """
        table = self.values
        return sum(table[c.rank] for c in cards)

    def arrange(self, cards: Sequence[Card], value: Callable[[Card], int] | None = None) -> Arrangement:
        """The least-penalty split of ``cards`` into this round's sets and runs (exact, by
        the shared solver); ``value`` replaces the card values (as when counting cards)."""
        value = value or self.value
        if self.allow_all_wild:
            return best_arrangement(cards, self.mrules, value)
        # Every meld needs a card that is neither a joker nor of the wild rank: the solver
        # sees each wild-rank card as a joker (a stand-in with the same id) and a meld must
        # hold a natural card; its result is mapped back to the real cards.
        wild = self.wild
        real: dict[int, Card] = {}
        shown: list[Card] = []
        for c in cards:
            if c.rank == wild:
                stand_in = Card(JOKER_RANK, "", c.copy, c.id)
                real[id(stand_in)] = c
                shown.append(stand_in)
            else:
                shown.append(c)

        def back(c: Card) -> Card:
            return real.get(id(c), c)

        arr = best_arrangement(shown, self.strict_rules, lambda c: value(back(c)))
        groups = tuple(
            Meld(g.kind, tuple(back(c) for c in g.cards), g.reps, suit=g.suit, rank=g.rank, lo=g.lo)
            for g in arr.groups
        )
        return Arrangement(groups, tuple(back(c) for c in arr.deadwood), arr.penalty, arr.ok)

    def grouping(self, seat: int, finish: Card | None = None) -> GroupingView | None:
        """``seat``'s hand in its best sets and runs and what the loose cards would score;
        after drawing, what throwing ``finish`` (by default the cheapest throw) leaves, and
        whether that goes out.

        >>> from cardtable.engine import new_game
        >>> g = new_game("progressive-rummy", ["Ann", "Bob"], seed=1)
        >>> print(g.grouping(0).summary)
        24 points in loose cards if the round ended now
        """
        hand = self.hands[seat]
        if self.phase_ not in ("draw", "play") or not hand:
            return None
        if not (self.phase_ == "play" and seat == self.cur):
            arr = self.arrange(hand)
            if not arr.deadwood:
                summary = "all grouped: draw, then go out with the card you do not need"
            else:
                summary = f"{arr.penalty} points in loose cards if the round ended now"
            return arrangement_view("your groups", None, arr, False, summary)
        card = next((c for c in hand if finish is not None and c.key == finish.key), None)
        outs = {m.cards[0].key for m in self.legal_moves() if m.kind == "out"}
        if card is None:  # the cheapest throw: going out first, then the fewest points kept
            card = min(
                one_of_each(hand),
                key=lambda c: (c.key not in outs, self.arrange([h for h in hand if h is not c]).penalty),
            )
        arr = self.arrange([c for c in hand if c is not card])
        title = f"throw {card.name}"
        if card.key in outs:
            return arrangement_view(title, card, arr, True, f"press u to go out with {card.name}")
        if arr.deadwood:
            summary = f"{arr.penalty} points in loose cards after throwing {card.name}"
        else:
            summary = f"all grouped after throwing {card.name}, but you may not go out this turn"
        return arrangement_view(title, card, arr, False, summary)

    # ------------------------------------------------------------------ moves
    def _can_take(self) -> bool:
        return bool(self.discard)

    def _last_turns(self) -> bool:
        """Someone has gone out: the others are taking their last turns."""
        return self.out_seat is not None

    def _first_turn_barred(self) -> bool:
        """The house rule keeps the seat to act from going out on its first turn."""
        return self.rules.no_go_out_first_turn and self.turns[self.cur] == 0

    def _may_go_out(self) -> bool:
        """Whether the seat to act may go out this turn (not a last turn, house rule kept)."""
        return not self._last_turns() and not self._first_turn_barred()

    @staticmethod
    def _last_card(hand: Sequence[Card]) -> bool:
        """The hand holds only the card its turn must end by discarding."""
        return len(hand) < 2

    def _may_lay_off(self, hand: Sequence[Card]) -> bool:
        """Lay-offs are open: a last turn, the toggle on, and a card kept for the discard."""
        return self._last_turns() and self.rules.final_turn_layoff and not self._last_card(hand)

    @staticmethod
    def _rest(hand: Sequence[Card], card: Card) -> list[Card]:
        """``hand`` without its first card equal to ``card``: what going out with it lays down."""
        at = next(i for i, c in enumerate(hand) if c == card)
        return [*hand[:at], *hand[at + 1 :]]

    def _play_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        moves: list[Move] = []
        if self._may_lay_off(hand) and self.melds_:
            self._layoff_moves(moves, hand)
        made = self._discard_moves
        for card in one_of_each(hand):
            throw = made.get(card.id)
            if throw is None:
                throw = made[card.id] = Move("discard", (card,), (None,), payload=Discard(card))
            moves.append(throw)
        if self._may_go_out():
            moves.extend(self._going_out(hand))
        return moves

    def _going_out(self, hand: Sequence[Card]) -> list[Move]:
        """The ``out X`` moves: for each candidate discard, the rest must arrange with nothing
        left over. With several candidates one count first: a hand whose best arrangement
        leaves two cards or more out cannot go out at all."""
        candidates = out_candidates(hand, self.mrules)
        if len(candidates) > 1 and len(self.arrange(hand, _one).deadwood) > 1:
            return []
        moves: list[Move] = []
        for card in candidates:
            arr = self.arrange(self._rest(hand, card))
            if not arr.deadwood:
                moves.append(Move("out", (card,), (None,), payload=GoOut(card, arr.groups)))
        return moves

    def _layoff_moves(self, moves: list[Move], hand: Sequence[Card]) -> None:
        """Lay-offs on the table melds (last turns with ``final_turn_layoff``): a wild card is
        named where a run could take it at either end or where it could also sit as itself."""
        for card in one_of_each(hand):
            for j, meld in enumerate(self.melds_):
                for named, new in self._layoff_options(meld, card):
                    moves.append(Move("layoff", (card,), (named,), j + 1, payload=LayOff(j, new, card)))

    def _layoff_options(self, meld: Meld, card: Card) -> list[tuple[Card | None, Meld]]:
        """The distinct ways to lay ``card`` off on ``meld``, each with the name its notation
        gives the card (None: as itself, or a wild in a set, whose place does not matter)."""
        out: list[tuple[Card | None, Meld]] = []
        options = extend_meld(meld, card, None, self.mrules)
        if not self.allow_all_wild and self.mrules.max_wilds < UNLIMITED:
            # wild-rank cards count as wild cards even in their own place (see arrange)
            is_wild = self.mrules.is_wild
            limit = self.mrules.max_wilds
            options = [o for o in options if sum(1 for c in o.cards if is_wild(c)) <= limit]
        if meld.kind != RUN:
            return [(None, options[0])] if options else []
        for new in options:
            rep = next(r for c, r in zip(new.cards, new.reps, strict=True) if c is card)
            named = None if rep == card else rep
            if all(named != o[0] for o in out):
                out.append((named, new))
        return out

    # ------------------------------------------------------------------ resolving text
    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if kind == "out":
            if move.flags or move.target is not None:
                raise IllegalMove("write 'out' and the card to discard, as in 'out 9D'", str(move))
            if len(move.cards) != 1:
                raise IllegalMove(
                    "name the one card you discard to go out, as in 'out 9D' (the rest of the hand "
                    "is laid down for you)",
                    str(move),
                )
            return Move("out", (move.cards[0],), (None,))
        if kind == "layoff" and move.target is not None and len(move.cards) == 1:
            j = move.target - 1
            if not 0 <= j < len(self.melds_):
                count = len(self.melds_)
                where = f"melds 1 to {count}" if count else "no melds"
                raise IllegalMove(f"there is no table meld {move.target} (the table has {where})", str(move))
            card, named = move.cards[0], move.named[0]
            if named is not None and (named == card or self.melds_[j].kind != RUN):
                named = None
            elif named is None and self.mrules.is_wild(card):
                options = self._layoff_options(self.melds_[j], card)
                if options and all(o[0] is not None for o in options):
                    named = options[0][0]  # unnamed, a wild extends the run upward
            return Move("layoff", (card,), (named,), move.target)
        if kind in ("meld", "swap", "cancel"):
            raise IllegalMove(
                f"there is no '{kind}' in {self.title}: cards stay in hand until someone goes out "
                "('out X' discards X and lays the rest down)",
                str(move),
            )
        return super()._canonical(move)

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        seat = self.cur
        name = self.players[seat]
        match move.payload:
            case Step.DRAW:
                self._draw_card()
            case Step.TAKE:
                self.known.append(self._take_card(must_use=False))
            case Discard(card):
                real = self._throw(card)
                self.log.append(f"{name} discarded {real.name}")
                self._end_turn()
            case GoOut(card, groups):
                real = self._throw(card)
                self._lay(seat, groups)
                assert not self.hands[seat]
                shown = " ".join(str(g) for g in groups)
                self.log.append(f"{name} went out with {shown}, discarding {real.name}")
                self.out_seat = seat
                order = self._seat_order()
                at = order.index(seat)
                self.final_left = order[at + 1 :] + order[:at]
                self._end_turn()
            case LayOff(j, new, card):
                # the hand keeps a card to discard (a lay-off never empties it here)
                real = self._take_from_hand(card)
                self.melds_[j] = new.replace(cards=tuple(real if c is card else c for c in new.cards))
                self.log.append(f"{name} laid off {move.tokens()[0]} on meld {j + 1}")
            case Step.NEXT:
                self.round_no += 1
                self.dealer = self._next_active(self.dealer)
                self._deal(self.next_stacked_deal())
            case other:
                raise AssertionError(other)

    def _throw(self, card: Card) -> Card:
        """Move ``card`` from the current hand to the discard pile (the dummy hat follows a
        wild card thrown)."""
        real = self._take_from_hand(card)
        self.discard.append(real)
        if self.known:
            self.known = [c for c in self.known if c is not real]
        if self.rules.dummy_hat and self.mrules.is_wild(real):
            if self.hat != self.cur:
                self.log.append(f"{self.players[self.cur]} threw away a wild card and wears the dummy hat")
            self.hat = self.cur
        return real

    def _end_turn(self) -> None:
        """Pass the turn: to the next seat, or the next last turn; the round ends after the
        last of those, or when the stock cannot be rebuilt any more."""
        seat = self.cur
        self.turns[seat] += 1
        if self.out_seat is not None and seat != self.out_seat:
            self.final_left.remove(seat)
        if self.out_seat is not None and not self.final_left:
            self._score_round(None)
            return
        if (why := self._refill_stock(self.rules.max_stock_rebuilds)) is not None:
            self._score_round(why)
            return
        self.cur = self.final_left[0] if self.out_seat is not None else self._next_active(seat)
        self.phase_ = "draw"

    def _went_out(self, seat: int) -> None:
        raise AssertionError("a hand is never emptied by a lay-off here")

    def _lay(self, seat: int, groups: Sequence[Meld]) -> None:
        """Move ``groups`` from ``seat``'s hand to the table as that seat's melds."""
        for group in groups:
            _remove_cards(self.hands[seat], group.cards)
            self.melds_.append(group.replace(owner=seat))

    # ------------------------------------------------------------------ scoring
    def _score_round(self, why: str | None) -> None:
        """Score the round: the going-out player 0, everyone else the cards their best
        arrangement leaves out; those arrangements go down on the table."""
        row: list[int | None] = [0] * self.n
        details: list[str] = []
        for s in range(self.n):
            if s == self.out_seat:
                continue
            arr = self.arrange(self.hands[s])
            self._lay(s, arr.groups)
            row[s] = arr.penalty
            left = f" ({names(arr.deadwood)})" if arr.deadwood else " (all in sets and runs)"
            details.append(f"{self.players[s]} {arr.penalty}{left}")
        self.rows.append(tuple(row))
        for s, gained in enumerate(row):
            self.total[s] += gained or 0
        if why is None:
            assert self.out_seat is not None
            head = f"{self.players[self.out_seat]} went out (0)"
        else:
            head = f"Nobody went out: {why}"
        self.result = f"Round {self.round_no}: {head} — {', '.join(details)}."
        self.log.append(self.result)
        self.phase_ = "deal-over"
        if self.round_no >= self.last_round:
            played = len(self.rows)
            rounds = f"{played} round" + ("s" if played != 1 else "")
            self._lowest_wins(f"after {rounds}")
            return
        self.cur = self._next_active(self._next_active(self.dealer))

    # ------------------------------------------------------------------ views
    def _status(self, seat: int | None) -> str:
        if (over := self._over_status()) is not None:
            return over
        name = self.players[self.cur]
        last = ""
        if self.out_seat is not None:
            last = f" (last turn: {self.players[self.out_seat]} went out)"
        if self.phase_ == "draw":
            top = f" or take {self.discard[-1].name}" if self.discard else ""
            return f"{name}: draw from the stock{top}{last}"
        if self.out_seat is not None:
            more = " or lay off on the table" if self.rules.final_turn_layoff and self.melds_ else ""
            whose = "your" if seat == self.cur else "the"  # issue 24 item 7: whose screen it is
            return f"{name}: discard{more} to end {whose} last turn; cards out of sets and runs will score"
        if seat == self.cur:
            outs = [str(m) for m in self.legal_moves() if m.kind == "out"]
            if outs:
                return f"{name}: you can go out ({', '.join(outs)}) or discard"
        return f"{name}: discard a card, or go out ('out X') when the rest forms sets and runs"

    def _view(self, seat: int | None) -> PlayerView:
        facts = {
            "round": f"{self.round_no} of {self.last_round}",
            "dealt": str(self.k),
            "wild": self._wild_text(", "),  # short: the table header has 80 columns
        }
        own: dict[str, str] = {}
        if seat is not None and seat == self.to_act and self.phase_ == "play":
            outs = [m.tokens()[0] for m in self.legal_moves() if m.kind == "out"]
            if outs:
                own["go out by discarding"] = " or ".join(outs)
            if self.out_seat is not None:
                own["last turn"] = f"{self.players[self.out_seat]} went out"
        return self._make_view(seat, self._status(seat), facts, own)

    def _badges(self, seat: int) -> tuple[str, ...]:
        return tuple(
            b
            for b, on in (
                ("dealer", seat == self.dealer and self.phase_ != "deal-over"),
                ("went out", seat == self.out_seat),
                ("last turn", seat in self.final_left),
                ("dummy hat", seat == self.hat),
            )
            if on
        )

    # ------------------------------------------------------------------ copies
    def _snapshot_extra(self) -> tuple[Any, ...]:
        return (
            self.round_no,
            tuple(self.turns),
            self.reshuffles,
            self.out_seat,
            tuple(self.final_left),
            self.hat,
            tuple(c.id for c in self.known),
        )

    def _pinned_ids(self) -> Collection[int]:
        return {c.id for c in self.known}


__all__ = ["CARD_VALUES", "DECKS", "ProgressiveRummy", "cards_dealt", "wild_rank"]
