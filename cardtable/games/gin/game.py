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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, assert_never

from cardtable.engine.cards import Card, names
from cardtable.engine.errors import IllegalMove
from cardtable.engine.moves import Move
from cardtable.engine.phases import PhaseKind
from cardtable.kits.rummy.melds import Meld, build_meld
from cardtable.kits.rummy.moves import Discard, LayMeld, LayOff, Step

from . import SPEC
from .deadwood import card_value
from .play_rules import PLAY_RULES
from .scoring import GinScoring
from .state import STOCK_LEFT
from .view import GinView

# ---------------------------------------------------------------------- payloads
# What ``_apply`` does with each listed move: a small frozen value, or an enum member for
# a move with no value to carry.


class Pass(Enum):
    """The two ``pass`` moves: in the offer, leave the upcard to the other player
    (``UPCARD``); in the layoff phase, lay off no more (``LAYOFFS``)."""

    UPCARD = "pass"
    LAYOFFS = "stop"


@dataclass(frozen=True, slots=True)
class Ending:
    """``knock X``, ``gin X`` or ``biggin`` (``kind``): end the hand, throwing ``card`` (face
    down for a knock; none for big gin, where all eleven cards meld)."""

    kind: str
    card: Card | None = None


Payload = Literal[Step.DRAW, Step.TAKE, Step.NEXT] | Pass | Discard | Ending | LayMeld | LayOff
"""Every payload a listed Gin Rummy move carries."""

FIXED: dict[str, tuple[str, Payload]] = {
    "draw": ("draw", Step.DRAW),
    "take": ("take", Step.TAKE),
    "pass": ("pass", Pass.UPCARD),
    "stop": ("pass", Pass.LAYOFFS),
    "next": ("next", Step.NEXT),
}
"""The moves that take no card, by name: their verb and payload."""


class GinRummy(GinScoring, GinView):
    """A game of Gin Rummy (two players, hands until one reaches the target). Phases:
    'offer', 'draw', 'play', 'knock', 'layoff', 'deal-over', 'match-over'; ``melds`` are the
    knocker's once a hand is being ended (then the defender's too, at its end)."""

    spec = SPEC
    deal_word = "hand"
    phase_kinds = {"offer": PhaseKind.DRAW}
    play_rules = PLAY_RULES

    move_caches = ("_fixed_moves", "_discard_moves")

    # ------------------------------------------------------------------ moves
    def _fixed(self, name: str) -> Move:
        """The move ``name`` of :data:`FIXED`, made once per game (a listed move carries the
        stamp of one game, so a copy starts its caches empty)."""
        move = self._fixed_moves.get(name)
        if move is None:
            verb, payload = FIXED[name]
            move = self._fixed_moves[name] = Move(verb, payload=payload, text=verb)
        return move

    def _generate(self) -> list[Move]:
        ph = self.phase_
        m = self._fixed
        if ph == "draw":
            if self.no_take:
                return [m("draw")]
            return [m("draw"), m("take")]
        if ph == "play":
            return self._play_moves()
        if ph == "offer":
            return [m("take"), m("pass")]
        if ph == "deal-over":
            return [m("next")]
        if ph == "knock":
            return self._knock_moves()
        if ph == "layoff":
            moves = self._layoff_moves()
            moves.append(m("stop"))
            return moves
        return []

    def _play_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        barred = self._barred()
        made = self._discard_moves
        moves: list[Move] = []
        for c in hand:
            if c is barred:
                continue
            move = made.get(c.id)
            if move is None:
                move = made[c.id] = Move("discard", (c,), (None,), payload=Discard(c))
            moves.append(move)
        big, gins, knocks = self.endings(hand, barred)
        if big:
            moves.append(Move("biggin", payload=Ending("biggin"), text="biggin"))
        if gins:
            moves.extend(Move("gin", (c,), (None,), payload=Ending("gin", c)) for c in gins)
        if knocks:
            moves.extend(Move("knock", (c,), (None,), payload=Ending("knock", c)) for c in knocks)
        return moves

    def _knock_moves(self) -> list[Move]:
        return [
            Move("meld", m.cards, None, payload=LayMeld(m)) for m in self.feasible_melds(self.hands[self.cur])
        ]

    def _layoff_moves(self) -> list[Move]:
        hand = self.hands[self.cur]
        moves = []
        for j, meld in enumerate(self.melds_):
            for c in hand:
                new = self.extended(meld, c)
                if new is not None:
                    moves.append(Move("layoff", (c,), (None,), j + 1, payload=LayOff(j, new, c)))
        return moves

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move) -> None:
        payload: Payload = move.payload
        seat = self.cur
        name = self.players[seat]
        hand = self.hands[seat]
        # the two moves of almost every turn first, by a plain test (a class pattern costs
        # an isinstance and an attribute fetch per case tried)
        if type(payload) is Discard:
            self._throw(seat, payload.card)
            return
        if payload is Step.DRAW:
            self._draw_stock(seat)
            return
        match payload:
            # class patterns first: a value pattern (Step.X) tests ==, which for a dataclass payload
            # is a Python-level __eq__ call
            case Discard(card):
                self._throw(seat, card)
            case Ending(kind, card):
                self._knock(kind, card)
            case LayMeld(meld):
                self._lay(seat, [meld])
                self.log.append(f"{name} laid {meld}")
                self._continue_laying()
            case LayOff(j, new, card):
                hand.remove(card)
                self.melds_[j] = new
                self.laid_off.append(card)
                self.log.append(f"{name} laid off {card.name} on meld {j + 1}")
                if not self._layoff_moves():
                    self._settle()
            case Step.DRAW:
                self._draw_stock(seat)
            case Step.TAKE:
                up = self.discard.pop()
                hand.append(up)
                self.known.add(up.id)
                self.taken = up
                what = "the upcard" if self.phase_ == "offer" else "the discard"
                self.phase_ = "play"
                self.log.append(f"{name} took {what} {up.name}")
            case Pass.LAYOFFS:
                self.log.append(f"{name} lays off no more")
                self._settle()
            case Pass.UPCARD:
                self.passes += 1
                self.log.append(f"{name} passed the upcard")
                if self.passes < len(self._seats):
                    self.cur = self._next_seat(seat)
                else:
                    self.cur = self._next_seat(self.dealer)
                    self.phase_ = "draw"
                    self.no_take = True
            case Step.NEXT:
                self._deal(self.next_stacked_deal())
            case _:
                assert_never(payload)

    def _throw(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.known.discard(card.id)
        self.log.append(f"{self.players[seat]} discarded {card.name}")
        self.taken = None
        if len(self.stock) <= STOCK_LEFT:
            self._drawn_hand()
            return
        self.cur = self._next_seat(seat)
        self.phase_ = "draw"
        self.no_take = False

    def _draw_stock(self, seat: int) -> None:
        self.hands[seat].append(self.stock.pop())
        self.taken = None
        self.phase_ = "play"
        self.log.append(f"{self.players[seat]} drew from the stock")

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
        melds = self.feasible_melds(cards)
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
        defender = self._sides()[1]
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
                    new = self.extended(meld, c)
                    if new is None:
                        continue
                    path = frozenset([(c.id, j), *((x.id, i) for x, i, _ in laid)])
                    if path in seen:
                        continue
                    seen.add(path)
                    visit(
                        [*melds[:j], new, *melds[j + 1 :]],
                        [x for x in rest if x is not c],
                        [*laid, (c, j, new)],
                    )

        visit(list(self.melds_), list(hand), [])
        result: list[tuple[Card, int, Meld]] = best[1]
        return result

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


__all__ = ["GinRummy"]
