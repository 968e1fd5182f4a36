"""Gin Rummy: the two-player knock rummy with one pack, ten cards and a 100-point game.

Rules: the standard game (Hoyle, pagat, the common online rules); the shared rules folder has
no Gin section. A=1, 2-10 face value, J Q K 10; aces are low (A-2-3, never Q-K-A unless
``aces_low_only`` is off). Notation beyond the common verbs:

* ``take`` / ``pass``: the upcard offer that opens each hand, first to the non-dealer, then
  (if they pass) to the dealer. If both pass, the non-dealer must ``draw`` from the stock.
* ``draw`` or ``take`` starts every later turn. A card taken from the discard pile may not be
  thrown back in the same turn (``discard_taken_card`` allows it).
* ``discard KS`` ends the turn. ``knock KS`` discards KS face down and knocks: the deadwood
  left (the least the ten cards allow) must be at most the knock value. ``gin KS`` discards
  KS and goes gin (no deadwood). ``biggin`` goes big gin: all eleven cards melded, no
  discard (the bare ``gin`` is read as ``biggin``). A knock whose deadwood is 0 is gin, so
  only ``gin KS`` is listed then.
* The knocker's melds are the least-deadwood arrangement (ties: fewest deadwood cards, then
  the solver's fixed order) and are laid at once. With ``knocker_lays_melds`` the knocker
  chooses instead, when there is a choice: a ``knock`` phase in which they lay ``meld 7H 8H
  9H`` one meld at a time, each leaving the rest able to knock; every meld that can still be
  made must be made, the phase ends by itself once none is left (or only one way remains).
* Lay-offs: after a knock (not after gin) the defender's cards that fit the knocker's melds
  are laid off automatically, the best way for the defender (least deadwood left; among equal
  ones, fewest cards laid off), and the defender's own melds are arranged for least deadwood.
  With ``manual_layoffs`` the defender lays off by hand in a ``layoff`` phase: ``layoff 2
  9H`` puts 9H on table meld 2 (the knocker's melds are numbered from 1), ``pass`` ends it;
  the phase is skipped when nothing fits and ends by itself when nothing more does.
* ``next`` deals the next hand.

The knocker's melds, then the defender's, lie on the table once a hand is over; a seat's
hand keeps only its deadwood. The stock ends the hand at two cards: a plain discard that
leaves two or fewer cards in the stock makes the hand a draw (no score, one row of zeros).

Scoring: knock with less deadwood than the defender: the difference. Undercut (the
defender's deadwood, after lay-offs, at most the knocker's): the difference plus
``undercut_bonus`` to the defender. Gin: the defender's deadwood plus ``gin_bonus``; big gin:
plus ``big_gin_bonus``. Oklahoma: the first upcard sets the knock value (A = gin only, face
cards 10), and a spade upcard doubles the hand. The game ends when a player reaches
``target_score``; then the winner adds ``game_bonus``, each player ``line_bonus`` per hand
won, and if the loser scored nothing (a shutout) the winner's points and game bonus are
doubled first. These bonuses are added to the last hand's row, so the rows always sum to the
totals. The game's winner is the player who reached the target. Next dealer: the loser of
the hand (``next_dealer``: or the winner, or alternate); after a drawn hand the same dealer
deals again (except with ``alternate``). Not from the sources: ``max_hands`` (100) also ends
a game that nobody finishes, with no bonuses.

Stacked deals take ``hands`` (ten cards each), ``stock`` (top first) and ``discard`` (its
last card is the upcard; none listed: the upcard is dealt at random). Seat 0 is the
non-dealer of the first hand.

>>> from cardtable.engine import new_game
>>> hands = ["7H 8H 9H KS KD KC 2C 3C 4C 9D", "AS 3D 5S 7C 9S JD QH 2H 4D 6S"]
>>> g = new_game("gin", ["Ann", "Bob"], seed=1, deal={"hands": hands, "stock": "AC", "discard": "JC"})
>>> g.phase, g.to_act, [str(m) for m in g.legal_moves()]
('offer', 0, ['take', 'pass'])
>>> _ = g.play("pass"); _ = g.play("pass"); _ = g.play("draw")
>>> sorted(str(m) for m in g.legal_moves() if m.kind != "discard")
['gin 9D', 'knock 4C', 'knock AC']
>>> _ = g.play("gin 9D")
>>> g.phase, g.deal_scores[-1]
('deal-over', (82, 0))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from importlib.resources import files
from typing import Any, Literal, Self

from pydantic import Field

from cardtable.engine.cards import Card, make_deck, names
from cardtable.engine.deals import read_stacked
from cardtable.engine.errors import IllegalMove, InvalidRules
from cardtable.engine.game import Outcome, TableGame
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.engine.registry import GameSpec, register
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import POINTS
from cardtable.engine.verbs import Takes, VerbSpec, verb_specs
from cardtable.engine.views import GroupingView, MeldView, PlayerView, SeatView
from cardtable.engine.zones import Visibility, Zone, hand_zones
from cardtable.kits.rummy.arrange import Arrangement, best_arrangement, best_discard
from cardtable.kits.rummy.grouping import grouping_view
from cardtable.kits.rummy.melds import Meld, MeldRules, build_meld, enumerate_melds, extend_meld

HAND_SIZE = 10
STOCK_LEFT = 2
"""The hand is a draw once a plain discard leaves this many cards (or fewer) in the stock."""
VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Deadwood value by rank: ace 1, 2-10 face value, J Q K 10."""


def card_value(card: Card) -> int:
    """A card's deadwood value: ace 1, 2-10 face value, J Q K 10.

    >>> from cardtable.engine import parse_cards
    >>> [card_value(c) for c in parse_cards("AS 7H 10D QC")]
    [1, 7, 10, 10]
    """
    return VALUES[card.rank]


def unmatched_floor(hand: Sequence[Card], ace_high: bool = False) -> tuple[int, int]:
    """``(total, top)``: the value of the cards that fit no meld at all within ``hand``, and
    the highest of those values. No arrangement leaves less deadwood than ``total``, and no
    discard then less than ``total - top``: a cheap bound that spares the exact solver on
    most turns. (A card fits a meld when two more of its rank, or two suit neighbours that
    make a run with it, are in the hand.)

    >>> from cardtable.engine import parse_cards
    >>> unmatched_floor(parse_cards("7H 8H 9H KS KD 2C"))
    (22, 10)
    >>> unmatched_floor(parse_cards("QS KS AS"), ace_high=True)
    (0, 0)
    """
    masks = [0, 0, 0, 0]
    counts = [0] * 14
    for c in hand:
        masks[c.suit_index] |= 1 << c.rank
        counts[c.rank] += 1
    runs = []
    for m in masks:
        if ace_high and m & 2:
            m |= 1 << 14
        t = m & (m >> 1) & (m >> 2)
        runs.append(t | t << 1 | t << 2)
    total = top = 0
    for c in hand:
        r = c.rank
        if counts[r] >= 3:
            continue
        member = runs[c.suit_index]
        if member >> r & 1 or (r == 1 and member >> 14 & 1):
            continue
        v = VALUES[r]
        total += v
        if v > top:
            top = v
    return total, top


def _upper_bounds(whole: Arrangement) -> dict[int, int]:
    """For each melded card of ``whole`` (by id): the deadwood ``whole`` leaves once that
    card is gone, its meld split into the pieces that are still melds and loose cards.

    >>> deck = {c.name: c for c in make_deck(1, 0)}
    >>> cards = [deck[n] for n in "2C 3C 4C 5C 6C 9D".split()]
    >>> whole = best_arrangement(cards, MeldRules(max_wilds=0), card_value)
    >>> bounds = _upper_bounds(whole)
    >>> [(c.name, bounds[c.id]) for c in whole.groups[0].cards]
    [('2C', 9), ('3C', 11), ('4C', 25), ('5C', 15), ('6C', 9)]
    """
    base = whole.penalty
    out: dict[int, int] = {}
    for g in whole.groups:
        cards = g.cards
        if g.kind == "set":
            for c in cards:
                out[c.id] = (
                    base if len(cards) > 3 else base + sum(VALUES[x.rank] for x in cards if x is not c)
                )
            continue
        for k, c in enumerate(cards):
            extra = 0
            for piece in (cards[:k], cards[k + 1 :]):
                if len(piece) < 3:
                    extra += sum(VALUES[x.rank] for x in piece)
            out[c.id] = base + extra
    return out


def _f(default: Any, title: str, description: str, **kw: Any) -> Any:
    return Field(default, title=title, description=description, **kw)


class GinRules(Ruleset):
    """Gin Rummy's variant toggles. Defaults: the standard game (knock at 10, 25-point gin and
    undercut bonuses, game to 100 with 100 game bonus, 25 a hand won, shutout doubled)."""

    knock_value: int = _f(
        10,
        "Knock value",
        "The most deadwood a player may knock with. 0: no knocking, only gin ends a hand (straight gin).",
        ge=0,
        le=10,
    )
    oklahoma: bool = _f(
        False,
        "Oklahoma",
        "The first upcard sets each hand's knock value instead: its deadwood value (face cards 10); "
        "an ace means gin only.",
    )
    spades_double: bool = _f(
        True,
        "Oklahoma: spades double",
        "With Oklahoma, a spade as the first upcard doubles everything that hand scores.",
    )
    gin_bonus: int = _f(25, "Gin bonus", "Added to the defender's deadwood for going gin.", ge=0, le=100)
    big_gin: bool = _f(
        True,
        "Big gin",
        "A player whose eleven cards all meld after drawing may go big gin without discarding.",
    )
    big_gin_bonus: int = _f(
        31,
        "Big gin bonus",
        "Added to the defender's deadwood for big gin (instead of the gin bonus).",
        ge=0,
        le=100,
    )
    undercut_bonus: int = _f(
        25,
        "Undercut bonus",
        "Added to the difference when the defender's deadwood is at most the knocker's (10 or 20 "
        "in some rules).",
        ge=0,
        le=100,
    )
    target_score: int = _f(
        100, "Game to", "The game ends when a player's hand points reach this.", ge=10, le=1000
    )
    game_bonus: int = _f(
        100, "Game bonus", "Added to the winner's score at the end of the game.", ge=0, le=500
    )
    line_bonus: int = _f(
        25, "Line (box) bonus", "Added at the end of the game for each hand a player won.", ge=0, le=100
    )
    shutout_doubles: bool = _f(
        True,
        "Shutout doubles",
        "If the loser scored nothing in the game, the winner's points and game bonus are doubled "
        "(before the line bonuses).",
    )
    aces_low_only: bool = _f(
        True, "Aces low only", "A-2-3 is a run and Q-K-A is not. Off: Q-K-A is a run too (never K-A-2)."
    )
    discard_taken_card: bool = _f(
        False,
        "Throw back a taken card",
        "A card taken from the discard pile may be discarded again in the same turn.",
    )
    knocker_lays_melds: bool = _f(
        False,
        "Knocker arranges the melds",
        "After a knock the knocker lays the melds one by one (when more than one arrangement is "
        "possible), which decides what the defender can lay off. Off: the least-deadwood "
        "arrangement is laid at once.",
    )
    manual_layoffs: bool = _f(
        False,
        "Defender lays off by hand",
        "After a knock the defender chooses the lay-offs ('layoff 1 9H', then 'pass'). Off: the "
        "best lay-offs for the defender are made automatically.",
    )
    max_hands: int = _f(
        100,
        "Hands at most",
        "Not from the sources: the game also ends after this many hands, the higher total "
        "winning (both on a tie), with no bonuses. A guard against games nobody finishes, such "
        "as straight gin played at random. 0: no limit.",
        ge=0,
        le=1000,
    )
    next_dealer: Literal["loser", "winner", "alternate"] = _f(
        "loser",
        "Next dealer",
        "Who deals the next hand: the loser of the hand (pagat), the winner, or the players in "
        "turn. After a drawn hand the same dealer deals again, except in turn.",
    )


PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "Oklahoma": {"oklahoma": True, "target_score": 150},
    "straight gin": {"knock_value": 0},
    "10/20 scoring": {"gin_bonus": 20, "undercut_bonus": 10},
    "at the table": {"knocker_lays_melds": True, "manual_layoffs": True},
}


class GinRummy(TableGame):
    """A game of Gin Rummy (two players, hands until one reaches the target). Phases:
    'offer', 'draw', 'play', 'knock', 'layoff', 'deal-over', 'match-over'; ``melds`` are the
    knocker's once a hand is being ended (then the defender's too, at its end)."""

    game_id = "gin"
    title = "Gin Rummy"
    phase_kinds = {"offer": PhaseKind.DRAW}
    verbs = ("take", "pass", "draw", "discard", "knock", "gin", "biggin", "meld", "layoff", "next")

    rules: GinRules

    def __init__(
        self, players: Sequence[str], rules: GinRules, seed: int, deal: dict[str, Any] | None
    ) -> None:
        super().__init__(players, rules, seed, deal)
        self.rng = random.Random(seed)
        self.mrules = MeldRules(ace_high=not rules.aces_low_only, max_wilds=0, ace_both_ends="never")
        self.ace_high = not rules.aces_low_only
        self.total = [0, 0]
        self.rows: list[tuple[int | None, ...]] = []
        self.wins = [0, 0]
        """Hands won by each seat in this game (for the line bonus)."""
        self.deal_no = 0
        self.dealer = 1  # seat 0 is offered the first upcard
        self._outcome: Outcome | None = None
        self.result = ""
        self._init_moves()
        self._deal(self.next_stacked_deal())

    def _init_moves(self) -> None:
        """This game's reusable moves (a listed move carries the stamp of one game)."""
        self._discards: list[Move | None] = [None] * 52
        self._m = {v: Move(v, payload=(v, None, None), text=v) for v in ("draw", "take", "pass", "next")}

    # ------------------------------------------------------------------ dealing
    def _deal(self, stacked: dict[str, Any] | None) -> None:
        self.deal_no += 1
        self.hands: list[list[Card]] = [[], []]
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
        first = 1 - self.dealer
        if stacked is None:
            self.rng.shuffle(deck)
            for _ in range(HAND_SIZE):
                for s in (first, self.dealer):
                    self.hands[s].append(deck.pop())
            self.discard = [deck.pop()]
            self.stock = deck
        else:
            self._deal_stacked(stacked, deck, first)
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

    def _deal_stacked(self, stacked: dict[str, Any], pool: list[Card], first: int) -> None:
        fixed, stock_top, discard, _ = read_stacked(stacked, pool, 2, self.title)
        for seat, cards in fixed.items():
            if len(cards) != HAND_SIZE:
                raise InvalidRules(
                    f"deal: hand {seat} has {len(cards)} cards; a Gin Rummy hand has {HAND_SIZE}"
                )
        self.rng.shuffle(pool)
        wanted = HAND_SIZE * (2 - len(fixed)) + (0 if discard else 1)
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
        for s in (first, self.dealer):
            self.hands[s] = fixed[s] if s in fixed else [pool.pop() for _ in range(HAND_SIZE)]
        self.discard = discard or [pool.pop()]
        self.stock = pool
        self.stock.extend(reversed(stock_top))
        if len(self.stock) <= STOCK_LEFT:
            raise InvalidRules(f"deal: the stock would hold only {len(self.stock)} cards")

    def _knock_text(self) -> str:
        return "gin only" if self.knock_value == 0 else str(self.knock_value)

    # ------------------------------------------------------------------ arithmetic
    def arrange(self, cards: Sequence[Card]) -> Arrangement:
        """The least-deadwood arrangement of ``cards`` under this game's meld rules."""
        return best_arrangement(cards, self.mrules, card_value)

    def deadwood(self, cards: Sequence[Card]) -> int:
        """The least deadwood ``cards`` can be arranged to leave."""
        return best_arrangement(cards, self.mrules, card_value).penalty

    def grouping(self, seat: int, finish: Card | None = None) -> GroupingView | None:
        """``seat``'s melds and deadwood; after drawing, what throwing ``finish`` (by default
        the best discard) would leave, and whether that is a knock, gin or big gin.

        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=3)
        >>> panel = g.grouping(0)
        >>> panel.title, sum(len(x.cards) for x in panel.groups) + len(panel.loose)
        ('your melds', 10)
        """
        hand = self.hands[seat]
        if self.phase_ not in ("offer", "draw", "play") or not hand:
            return None
        limit = self.knock_value
        if not (self.phase_ == "play" and seat == self.cur and len(hand) > HAND_SIZE):
            arr = self.arrange(hand)
            if arr.penalty == 0:
                summary = "gin: every card is in a meld"
            elif limit:
                summary = f"deadwood {arr.penalty}; a knock needs {limit} or less"
            else:
                summary = f"deadwood {arr.penalty}; this hand is gin only"
            return self._panel("your melds", None, arr, False, summary)
        kinds = {(m.kind, m.cards[0].key if m.cards else None) for m in self.legal_moves()}
        if ("biggin", None) in kinds:
            return self._panel(
                "big gin", None, self.arrange(hand), True, "big gin: press G, all 11 cards meld"
            )
        barred = self._barred()
        card = next((c for c in hand if finish is not None and c.key == finish.key), None)
        if card is None:
            card, _ = best_discard(hand, self.mrules, card_value, may_discard=self._may_discard())
        rest = [c for c in hand if c is not card]
        arr = self.arrange(rest)
        title = f"throw {card.name}"
        if ("gin", card.key) in kinds:
            return self._panel(title, card, arr, True, f"gin: press g to go gin with {card.name}")
        if ("knock", card.key) in kinds:
            summary = f"deadwood {arr.penalty}: press k to knock with {card.name}"
            return self._panel(title, card, arr, True, summary)
        if barred is not None and card.key == barred.key:
            summary = f"{card.name} was just taken from the discard pile: it may not go back now"
        elif limit:
            summary = f"deadwood {arr.penalty}: a knock needs {limit} or less"
        else:
            summary = f"deadwood {arr.penalty}: this hand is gin only"
        return self._panel(title, card, arr, False, summary)

    @staticmethod
    def _panel(title: str, finish: Card | None, arr: Arrangement, ready: bool, summary: str) -> GroupingView:
        return grouping_view(title, finish, arr.groups, arr.deadwood, ready, summary, loose_label="deadwood")

    # ------------------------------------------------------------------ moves
    def _generate(self) -> list[Move]:
        ph = self.phase_
        m = self._m
        if ph == "draw":
            if self.no_take:
                return [m["draw"]]
            return [m["draw"], m["take"]]
        if ph == "play":
            return self._play_moves()
        if ph == "offer":
            return [m["take"], m["pass"]]
        if ph == "deal-over":
            return [m["next"]]
        if ph == "knock":
            return self._knock_moves()
        if ph == "layoff":
            moves = self._layoff_moves()
            moves.append(m["pass"])
            return moves
        return []

    def _barred(self) -> Card | None:
        """The card that may not be discarded now (taken from the pile this turn)."""
        return None if self.rules.discard_taken_card else self.taken

    def _may_discard(self) -> Callable[[Card], bool] | None:
        """``best_discard``'s filter: everything but the barred card."""
        barred = self._barred()
        if barred is None:
            return None
        return lambda c: c is not barred

    def _play_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        barred = self._barred()
        made = self._discards
        moves: list[Move] = []
        for c in hand:
            if c is barred:
                continue
            move = made[c.id]
            if move is None:
                move = made[c.id] = Move("discard", (c,), (None,), payload=("discard", c, None))
            moves.append(move)
        moves.extend(self._ending_moves(hand, barred))
        return moves

    def _ending_moves(self, hand: Sequence[Card], barred: Card | None) -> list[Move]:
        """``biggin``, then ``gin X``, then ``knock X`` (least deadwood first), as allowed.

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
            return []  # the usual case: no discard brings the deadwood down to the knock value
        whole = self.arrange(hand)
        out: list[Move] = []
        if big and whole.penalty == 0:
            out.append(Move("biggin", payload=("biggin", None, None), text="biggin"))
        base = whole.penalty
        loose = {c.id for c in whole.deadwood}
        upper = _upper_bounds(whole)
        knocks: list[tuple[int, int, Move]] = []
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
                out.append(Move("gin", (c,), (None,), payload=("gin", c, None)))
            elif left <= limit:
                knocks.append((left, -v, Move("knock", (c,), (None,), payload=("knock", c, None))))
        # The knock that keeps the least deadwood first (a simple bot takes the first one).
        knocks.sort(key=lambda k: k[:2])
        out.extend(k[2] for k in knocks)
        return out

    def _feasible_melds(self, cards: Sequence[Card]) -> list[Meld]:
        """The melds of ``cards`` that leave the rest able to stay within the knock limit."""
        out = []
        for meld in enumerate_melds(cards, self.mrules):
            ids = {c.id for c in meld.cards}
            rest = [c for c in cards if c.id not in ids]
            if self.deadwood(rest) <= self.knock_limit:
                out.append(meld)
        return out

    def _knock_moves(self) -> list[Move]:
        return [
            Move("meld", m.cards, None, payload=("meld", m, None))
            for m in self._feasible_melds(self.hands[self.cur])
        ]

    def _layoff_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        moves = []
        for j, meld in enumerate(self.melds_):
            for c in hand:
                options = extend_meld(meld, c, None, self.mrules)
                if options:
                    moves.append(Move("layoff", (c,), (None,), j + 1, payload=("layoff", c, (j, options[0]))))
        return moves

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        kind, card, extra = move.payload
        seat = self.cur
        name = self.players[seat]
        hand = self.hands[seat]
        if kind == "discard":
            hand.remove(card)
            self.discard.append(card)
            self.known.discard(card.id)
            self.log.append(f"{name} discarded {card.name}")
            self.taken = None
            if len(self.stock) <= STOCK_LEFT:
                self._drawn_hand()
                return
            self.cur = 1 - seat
            self.phase_ = "draw"
            self.no_take = False
            return
        if kind == "draw":
            hand.append(self.stock.pop())
            self.taken = None
            self.phase_ = "play"
            self.log.append(f"{name} drew from the stock")
            return
        if kind == "take":
            up = self.discard.pop()
            hand.append(up)
            self.known.add(up.id)
            self.taken = up
            what = "the upcard" if self.phase_ == "offer" else "the discard"
            self.phase_ = "play"
            self.log.append(f"{name} took {what} {up.name}")
            return
        if kind == "pass":
            if self.phase_ == "layoff":
                self.log.append(f"{name} lays off no more")
                self._settle()
                return
            self.passes += 1
            self.log.append(f"{name} passed the upcard")
            if self.passes == 1:
                self.cur = 1 - seat
            else:
                self.cur = 1 - self.dealer
                self.phase_ = "draw"
                self.no_take = True
            return
        if kind in ("knock", "gin", "biggin"):
            self._knock(kind, card)
            return
        if kind == "meld":
            self._lay(seat, [card])
            self.log.append(f"{name} laid {card}")
            self._continue_laying()
            return
        if kind == "layoff":
            j, new = extra
            hand.remove(card)
            self.melds_[j] = new
            self.laid_off.append(card)
            self.log.append(f"{name} laid off {card.name} on meld {j + 1}")
            if not self._layoff_moves():
                self._settle()
            return
        if kind == "next":
            self._deal(self.next_stacked_deal())
            return
        raise AssertionError(kind)

    def _knock(self, kind: str, card: Card | None) -> None:
        seat = self.cur
        hand = self.hands[seat]
        name = self.players[seat]
        if card is not None:
            hand.remove(card)
            self.discard.append(card)
        self.taken = None
        self.knocker = seat
        self.ending = kind
        self.known.update(c.id for c in hand)  # the knocker's hand is laid open
        after = f", discarding {card.name}" if card is not None else ""
        verb = {"knock": "knocks", "gin": "goes gin", "biggin": "goes big gin"}[kind]
        self.log.append(f"{name} {verb}{after}")
        if kind == "knock" and self.rules.knocker_lays_melds:
            self.knock_limit = self.knock_value
            self.phase_ = "knock"
            self._continue_laying()
            return
        self._lay(seat, self.arrange(hand).groups)
        self._defend()

    def _lay(self, seat: int, groups: Sequence[Meld]) -> None:
        """Move ``groups`` from ``seat``'s hand to the table as that seat's melds."""
        hand = self.hands[seat]
        for g in groups:
            ids = {c.id for c in g.cards}
            hand[:] = [c for c in hand if c.id not in ids]
            self.melds_.append(g.replace(owner=seat))

    def _continue_laying(self) -> None:
        """In the knock phase: finish by itself once the knocker has no choice left."""
        seat = self.cur
        hand = self.hands[seat]
        ways = self._completions(hand, {})
        if len(ways) > 1:
            return
        only = next(iter(ways.values()), ())
        if only:
            self._lay(seat, only)
            self.log.append(f"{self.players[seat]} laid {' '.join(str(m) for m in only)}")
        self._defend()

    def _completions(
        self,
        cards: Sequence[Card],
        memo: dict[frozenset[int], dict[frozenset[frozenset[int]], tuple[Meld, ...]]],
    ) -> dict[frozenset[frozenset[int]], tuple[Meld, ...]]:
        """Every way the knocker may still lay ``cards`` (melding while a meld can be made,
        deadwood within the limit), keyed by the card sets of its melds."""
        key = frozenset(c.id for c in cards)
        done = memo.get(key)
        if done is not None:
            return done
        out: dict[frozenset[frozenset[int]], tuple[Meld, ...]] = {}
        melds = self._feasible_melds(cards)
        if not melds and sum(map(card_value, cards)) <= self.knock_limit:
            out[frozenset()] = ()
        for meld in melds:
            ids = frozenset(c.id for c in meld.cards)
            rest = [c for c in cards if c.id not in ids]
            for way, groups in self._completions(rest, memo).items():
                out.setdefault(way | {ids}, (meld, *groups))
        memo[key] = out
        return out

    def _defend(self) -> None:
        """After the knocker's melds are down: the defender lays off (not on gin), then settle."""
        knocker = self.knocker
        assert knocker is not None
        defender = 1 - knocker
        self.cur = defender
        if self.ending != "knock":
            self._settle()
            return
        if self.rules.manual_layoffs:
            if self._layoff_moves():
                self.phase_ = "layoff"
                return
            self._settle()
            return
        laid = self._best_layoffs(self.hands[defender])
        for card, j, new in laid:
            self.hands[defender].remove(card)
            self.melds_[j] = new
            self.laid_off.append(card)
        if laid:
            self.log.append(f"{self.players[defender]} lays off {names([c for c, _, _ in laid])}")
        self._settle()

    def _best_layoffs(self, hand: Sequence[Card]) -> list[tuple[Card, int, Meld]]:
        """The lay-offs that leave the defender the least deadwood (fewest cards among equals).

        Every set of cards that can go on the knocker's melds (one after another, so a run
        can grow by several cards) is tried against the exact arrangement of the rest."""
        penalties: dict[frozenset[int], int] = {}
        seen: set[frozenset[tuple[int, int]]] = set()
        best: list[Any] = [None, []]

        def visit(melds: list[Meld], rest: list[Card], laid: list[tuple[Card, int, Meld]]) -> None:
            key = frozenset(c.id for c in rest)
            pen = penalties.get(key)
            if pen is None:
                pen = penalties[key] = self.deadwood(rest)
            score = (pen, len(laid))
            if best[0] is None or score < best[0]:
                best[0], best[1] = score, laid
            for j, meld in enumerate(melds):
                for c in rest:
                    options = extend_meld(meld, c, None, self.mrules)
                    if not options:
                        continue
                    path = frozenset([(c.id, j), *((x.id, i) for x, i, _ in laid)])
                    if path in seen:
                        continue
                    seen.add(path)
                    new = options[0]
                    visit(
                        [*melds[:j], new, *melds[j + 1 :]],
                        [x for x in rest if x is not c],
                        [*laid, (c, j, new)],
                    )

        visit(list(self.melds_), list(hand), [])
        result: list[tuple[Card, int, Meld]] = best[1]
        return result

    # ------------------------------------------------------------------ scoring
    def _settle(self) -> None:
        """Score the hand that was just ended by a knock, gin or big gin."""
        knocker = self.knocker
        assert knocker is not None
        defender = 1 - knocker
        arr = self.arrange(self.hands[defender])
        self._lay(defender, arr.groups)
        self.known.update(c.id for h in self.hands for c in h)
        kname, dname = self.players[knocker], self.players[defender]
        kd = sum(map(card_value, self.hands[knocker]))
        dd = sum(map(card_value, self.hands[defender]))
        left = f"{dname} has {dd}" + (f" ({names(self.hands[defender])})" if dd else "")
        if self.laid_off:
            left += f" after laying off {names(self.laid_off)}"
        if self.ending in ("gin", "biggin"):
            bonus = self.rules.gin_bonus if self.ending == "gin" else self.rules.big_gin_bonus
            winner, points = knocker, dd + bonus
            what = "gin" if self.ending == "gin" else "big gin"
            text = f"{kname} goes {what}; {left}: {kname} scores {dd} + {bonus} {what} bonus"
        elif dd > kd:
            winner, points = knocker, dd - kd
            text = f"{kname} knocks with {kd} ({names(self.hands[knocker])}); {left}: {kname} scores {points}"
        else:
            bonus = self.rules.undercut_bonus
            winner, points = defender, kd - dd + bonus
            text = (
                f"{kname} knocks with {kd} ({names(self.hands[knocker])}); {left}: {dname} undercuts and "
                f"scores {kd - dd} + {bonus} undercut bonus"
            )
        if self.doubled:
            points *= 2
            text += ", doubled for the spade upcard"
        text += f" = {points}."
        row = [0, 0]
        row[winner] = points
        self.wins[winner] += 1
        self._end_hand(row, text, winner)

    def _drawn_hand(self) -> None:
        text = f"The stock is down to {len(self.stock)} cards: the hand is a draw, nobody scores."
        self._end_hand([0, 0], text, None)

    def _end_hand(self, row: list[int], text: str, winner: int | None) -> None:
        for s in (0, 1):
            self.total[s] += row[s]
        target = self.rules.target_score
        over = winner is not None and self.total[winner] >= target
        if over:
            assert winner is not None
            text += " " + self._game_bonuses(row, winner)
        self.rows.append(tuple(row))
        self.result = text
        self.log.append(text)
        mode = self.rules.next_dealer
        if mode == "alternate":
            self.dealer = 1 - self.dealer
        elif winner is not None:
            self.dealer = winner if mode == "winner" else 1 - winner
        self.cur = 1 - self.dealer
        self.phase_ = "deal-over"
        limit = self.rules.max_hands
        if over:
            assert winner is not None
            self._finish((winner,), f"{self.players[winner]} reached {target} points")
        elif limit and len(self.rows) >= limit:
            top = max(self.total)
            leaders = tuple(s for s in (0, 1) if self.total[s] == top)
            self._finish(
                leaders, f"nobody reached {target} in {limit} hands (max_hands): the higher total wins"
            )

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase_ = "match-over"
        self._outcome = Outcome(winners, reason, tuple(self.total))
        self.log.append(f"Game over: {reason}.")

    def _game_bonuses(self, row: list[int], winner: int) -> str:
        """Add the end-of-game bonuses to the totals and to the last row; say what they were."""
        rules = self.rules
        loser = 1 - winner
        shutout = rules.shutout_doubles and self.total[loser] == 0
        base = self.total[winner] + rules.game_bonus
        if shutout:
            base *= 2
        final = [0, 0]
        final[winner] = base + rules.line_bonus * self.wins[winner]
        final[loser] = self.total[loser] + rules.line_bonus * self.wins[loser]
        parts = [f"game bonus {rules.game_bonus}"]
        if shutout:
            parts.append("doubled for the shutout")
        parts.append(
            "line bonuses "
            + ", ".join(f"{self.players[s]} {self.wins[s]} × {rules.line_bonus}" for s in (winner, loser))
        )
        for s in (0, 1):
            row[s] += final[s] - self.total[s]
            self.total[s] = final[s]
        final_text = ", ".join(f"{self.players[s]} {self.total[s]}" for s in (0, 1))
        return f"{self.players[winner]} wins the game: {'; '.join(parts)}. Final: {final_text}."

    # ------------------------------------------------------------------ reading moves
    def _canonical(self, move: Move) -> Move:
        kind = move.kind
        if kind == "gin" and not move.cards:
            kind = "biggin"  # 'gin' alone: all eleven cards melded
        if kind in ("draw", "take", "pass", "next", "biggin"):
            if move.cards or move.target is not None or move.flags:
                raise IllegalMove(f"'{kind}' takes no cards: write just '{kind}'", str(move))
            return Move(kind, text=kind)
        if move.flags:
            raise IllegalMove(f"'{' '.join(move.flags)}' does not belong to a Gin Rummy move", str(move))
        if kind in ("discard", "knock", "gin"):
            if len(move.cards) != 1 or move.target is not None:
                raise IllegalMove(f"name one card to discard, as in '{kind} KS'", str(move))
            if move.named[0] is not None:
                raise IllegalMove(
                    f"Gin Rummy has no wild cards: write '{kind} {move.cards[0].name}'", str(move)
                )
            return Move(kind, (move.cards[0],), (None,))
        if kind == "meld":
            if not move.cards:
                raise IllegalMove("name the cards to meld, as in 'meld 7H 8H 9H'", str(move))
            built = build_meld(move.cards, move.named, self.mrules)
            if isinstance(built, str):
                raise IllegalMove(built, str(move))
            return Move("meld", built.cards, None)
        if kind == "layoff":
            assert move.target is not None
            count = len(self.melds_)
            if not 1 <= move.target <= count:
                where = f"melds 1 to {count}" if count else "no melds yet"
                raise IllegalMove(f"there is no table meld {move.target} (the table has {where})", str(move))
            if len(move.cards) != 1:
                raise IllegalMove(f"lay off one card at a time, as in 'layoff {move.target} 9H'", str(move))
            return Move("layoff", (move.cards[0],), (None,), move.target)
        raise IllegalMove(
            f"'{kind}' is not a Gin Rummy move; the moves are {', '.join(self.verbs)}", str(move)
        )

    def _explain(self, move: Move) -> str:
        ph = self.phase_
        kind = move.kind
        name = self.players[self.cur]
        hand = self.hands[self.cur]
        if ph == "deal-over":
            return "the hand is over: play 'next' to deal the next one"
        if kind == "next":
            return "the hand is still going on"
        if ph == "offer":
            up = self.discard[-1].name
            return f"first the upcard: {name} may 'take' {up} or 'pass'"
        if ph == "draw":
            if kind == "take" and self.no_take:
                return "both players passed the upcard: the first card comes from the stock ('draw')"
            if kind == "pass":
                return "'pass' is only for the upcard offer at the start of a hand: draw or take"
            how = (
                "'draw' from the stock"
                if self.no_take
                else f"'draw' from the stock or 'take' {self.discard[-1].name}"
            )
            return f"{name} must draw first: {how}"
        if ph == "play":
            return self._explain_play(move, hand)
        if ph == "knock":
            knocker = self.players[self.cur]
            if kind != "meld":
                return f"{knocker} knocked: lay your melds first, as in 'meld 7H 8H 9H'"
            missing = self._missing(move.cards, hand)
            if missing:
                return f"you do not hold {missing.name}"
            return (
                f"{' '.join(move.tokens())} would leave you more than {self.knock_limit} deadwood: "
                "lay your melds another way"
            )
        if ph == "layoff":
            if kind != "layoff":
                return "lay off on the knocker's melds ('layoff 1 9H') or 'pass' to stop"
            card = move.cards[0]
            missing = self._missing(move.cards, hand)
            if missing:
                return f"you do not hold {missing.name}"
            assert move.target is not None
            return f"{card.name} does not fit meld {move.target} {self.melds_[move.target - 1]}"
        return f"'{move}' is not allowed now"

    def _missing(self, cards: Sequence[Card], hand: Sequence[Card]) -> Card | None:
        return next((c for c in cards if c not in hand), None)

    def _explain_play(self, move: Move, hand: Sequence[Card]) -> str:
        kind = move.kind
        if kind in ("draw", "take"):
            return "you have drawn already this turn: discard, knock or go gin"
        if kind == "pass":
            return "'pass' is only for the upcard offer at the start of a hand"
        if kind == "meld":
            return "melds go down when you knock: 'knock KS' or 'gin KS' lays them"
        if kind == "layoff":
            return "only the defender lays off, after the other player knocks"
        if kind == "biggin":
            if not self.rules.big_gin:
                return "big gin is not played under these rules (big_gin is off): discard a card"
            arr = self.arrange(hand)
            return f"big gin needs all eleven cards in melds; {names(arr.deadwood)} are left over"
        card = move.cards[0]
        if card not in hand:
            return f"you do not hold {card.name}"
        barred = self._barred()
        if barred is not None and card == barred:
            return f"you took {card.name} from the discard pile this turn: discard another card"
        rest = [c for c in hand if c != card]
        arr = self.arrange(rest)
        left = f"{arr.penalty} ({names(arr.deadwood)})"
        if kind == "knock":
            if arr.penalty == 0:
                return f"with {card.name} discarded you have gin: write 'gin {card.name}'"
            if self.knock_value == 0:
                why = "the upcard was an ace (Oklahoma)" if self.rules.oklahoma else "knock_value is 0"
                return f"only gin ends this hand ({why}): with {card.name} discarded your deadwood is {left}"
            return (
                f"with {card.name} discarded your deadwood is {left}: you may knock with at most "
                f"{self.knock_value}"
            )
        if kind == "gin":
            text = f"that is not gin: with {card.name} discarded your deadwood is {left}"
            if arr.penalty <= self.knock_value:
                text += f"; you may knock ('knock {card.name}')"
            return text
        return f"'{move}' is not allowed now"

    # ------------------------------------------------------------------ views
    def _status(self, seat: int | None) -> str:
        """What the player to act must do (hints from their hand only in their own view)."""
        if self._outcome is not None:
            return f"Game over: {self._outcome.reason}."
        name = self.players[self.cur]
        ph = self.phase_
        if ph == "deal-over":
            return f"{self.result} {name}: play 'next' for hand {self.deal_no + 1}."
        if ph == "offer":
            return f"{name}: take the upcard {self.discard[-1].name} or pass"
        if ph == "draw":
            if self.no_take:
                return f"{name}: draw from the stock (both passed the upcard)"
            return f"{name}: draw from the stock or take {self.discard[-1].name}"
        if ph == "knock":
            limit = self.knock_limit
            return f"{name} knocked: lay the melds one by one (the deadwood left must stay within {limit})"
        if ph == "layoff":
            knocker = self.players[1 - self.cur]
            return f"{name}: lay off on {knocker}'s melds, or pass"
        if seat != self.cur:
            return f"{name} to discard"
        kinds = {m.kind for m in self.legal_moves()}
        ways = ["discard"]
        if "knock" in kinds:
            ways.append("knock")
        if "gin" in kinds:
            ways.append("go gin")
        if "biggin" in kinds:
            ways.append("go big gin (biggin)")
        return f"{name}: " + (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else "discard a card")

    def _view(self, seat: int | None) -> PlayerView:
        live = self.phase_ not in ("deal-over", "match-over")
        seats = tuple(
            SeatView(
                seat=s,
                name=self.players[s],
                card_count=len(self.hands[s]),
                score=self.total[s],
                to_act=self.to_act == s,
                badges=tuple(
                    b
                    for b, on in (
                        ("dealer", s == self.dealer and live),
                        ("knocked", s == self.knocker and live),
                    )
                    if on
                ),
            )
            for s in (0, 1)
        )
        melds = tuple(
            MeldView(
                number=i + 1,
                owner=m.owner,
                kind=m.kind,
                cards=tuple(c.name for c in m.cards),
                stands_for=tuple(r.name for r in m.reps),
                text=str(m),
            )
            for i, m in enumerate(self.melds_)
        )
        facts = {
            "hand": str(self.deal_no),
            "knock value": self._knock_text(),
            "upcard": self.upcard.name,
            "game to": str(self.rules.target_score),
        }
        if self.doubled:
            facts["spades"] = "this hand counts double"
        for s in (0, 1):
            seen = [c for c in self.hands[s] if c.id in self.known]
            if seen and live and s != self.knocker:
                facts[f"{self.players[s]} holds"] = names(seen)
        if self.knocker is not None and self.phase_ == "layoff":
            left = self.hands[self.knocker]
            facts[f"{self.players[self.knocker]}'s deadwood"] = (
                f"{names(left)} ({sum(map(card_value, left))})" if left else "none"
            )
        own: dict[str, str] = {}
        if seat is not None and self.phase_ in ("offer", "draw", "play"):
            mine = self.hands[seat]
            if len(mine) > HAND_SIZE:
                _, arr = best_discard(mine, self.mrules, card_value, may_discard=self._may_discard())
                own["deadwood"] = f"{arr.penalty} after the best discard"
            else:
                own["deadwood"] = str(self.deadwood(mine))
        return PlayerView(
            game=self.game_id,
            title=self.title,
            seat=seat,
            phase=self.phase_,
            phase_kind=self.phase_kind,
            to_act=self.to_act,
            seats=seats,
            hand=tuple(c.name for c in self.hands[seat]) if seat is not None else (),
            stock_count=len(self.stock),
            discard_top=self.discard[-1].name if self.discard else None,
            discard_count=len(self.discard),
            melds=melds,
            legal_moves=tuple(str(m) for m in self.legal_moves())
            if seat is not None and seat == self.to_act
            else (),
            status=self._status(seat),
            facts=facts,
            own_facts=own,
            log=tuple(self.log[-50:]),
            deal_number=self.deal_no,
            deal_scores=tuple(self.rows),
            scores=tuple(self.total),
            result=self.result if not live else "",
        )

    # ------------------------------------------------------------------ copies
    def copy(self) -> Self:
        new = super().copy()
        new._init_moves()
        return new

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


def _factory(players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None) -> GinRummy:
    assert isinstance(rules, GinRules)
    return GinRummy(players, rules, seed, deal)


RULES_TEXT = (files("cardtable.games.gin") / "rules.md").read_text(encoding="utf-8")
"""The rules text behind ``cardtable rules`` and the in-app rules screen (``rules.md``)."""

GIN_VERBS = (
    VerbSpec("knock", "k", "Knock", Takes.CARD, example="knock 9S"),
    VerbSpec("gin", "g", "Gin", Takes.CARD, enter=30, goes_out=True, example="gin 9S"),
    VerbSpec("biggin", "G", "Big gin", example="biggin"),
)
"""Gin's own verbs: Enter prefers going gin with the card under the cursor to a discard."""

SPEC = register(
    GameSpec(
        id="gin",
        title="Gin Rummy",
        summary="Two-player knock rummy: ten cards, knock at 10 or go gin, game to 100.",
        min_players=2,
        max_players=2,
        rules_type=GinRules,
        factory=_factory,
        rules_text=RULES_TEXT,
        bot="cardtable.kits.rummy.closed",
        presets=PRESETS,
        notation=__doc__ or "",
        scoring=POINTS,
        verbs=verb_specs(GinRummy.verbs, *GIN_VERBS),
    )
)

__all__ = ["PRESETS", "SPEC", "GinRules", "GinRummy", "card_value", "unmatched_floor"]
