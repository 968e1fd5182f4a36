"""The generic computer player for games without their own bot module: closed-hand
rummies (draw or take, discard, go out: Indian Rummy, Progressive Rummy, Gin), driven by
the shared solver's :func:`~cardtable.engine.arrange.best_discard`.

The game's meld rules and card values are read off a determinized sample (``turn.sample``):
they follow from the public rules and the public wild rank, never from a hidden card. Then:

* take the discard (or the offered up-card) when the best hand after taking it and
  throwing the best card has clearly less deadwood than now, else draw;
* discard what ``best_discard`` throws (a joker only when nothing else can go);
* go out (``gin``, ``out``, ``knock``) when the game lists it, and ``declare`` only with a
  valid hand (every card in melds, with Indian Rummy's two runs, one pure);
* easy plays the same but draws blind, throws its highest loose card, and knocks late.

Anything unexpected (a verb it does not know, a phase of its own) gets a careful random
choice: never a joker thrown while another card can go, never a voluntary drop.

>>> import random
>>> from cardtable.engine.moves import parse_move
>>> policy = ClosedRummyPolicy("medium", None)
>>> moves = tuple(parse_move(t) for t in ("discard JK", "discard 7H"))
>>> str(policy.pick(moves, random.Random(1)).move)
'discard 7H'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.bots import Decision, Turn
from cardtable.engine.arrange import Arrangement, Requirement, best_arrangement, best_discard
from cardtable.engine.cards import JOKER_RANK, Card, parse_card
from cardtable.engine.melds import MeldRules
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset

GO_OUT = ("gin", "biggin", "out", "knock")
"""Verbs that go out and that the games list only when they are valid."""
AVOID = ("drop", "pass", "rejoin", "cancel")
"""Verbs a careful player does not choose at random."""


def _value_of(game: Any) -> Callable[[Card], int]:
    """The game's card value (a method, a ``penalty(cards)``, else face value capped at 10)."""
    fn = getattr(game, "card_value", None)
    if callable(fn):
        return fn  # type: ignore[no-any-return]
    module = __import__(type(game).__module__, fromlist=["card_value"])
    fn = getattr(module, "card_value", None)
    if callable(fn):
        return fn  # type: ignore[no-any-return]
    return lambda c: 25 if c.rank == JOKER_RANK else min(c.rank, 10)


class ClosedRummyPolicy:
    """Closed-hand rummy decisions at one level (see the module)."""

    def __init__(self, level: str, rules: Ruleset | None) -> None:
        self.level = level
        self.rules = rules

    def decide(self, turn: Turn) -> Decision:
        try:
            decision = self._decide(turn)
        except Exception:  # an unknown game's oddity: never stop the table
            decision = None
        return decision if decision is not None else self.pick(turn.moves, turn.rng)

    def pick(self, moves: Sequence[Move], rng: random.Random) -> Decision:
        """A careful random move: go out or start the next deal when possible, else any
        move but a voluntary drop or pass, keeping jokers."""
        for verb in (*GO_OUT, "next"):
            for m in moves:
                if m.kind == verb:
                    return Decision(
                        m, "start the next deal" if verb == "next" else f"{verb}: it ends the hand"
                    )
        keep = [
            m
            for m in moves
            if m.kind not in AVOID
            and m.kind != "declare"
            and not (m.kind == "discard" and m.cards and m.cards[0].rank == JOKER_RANK)
        ]
        return Decision(rng.choice(keep or list(moves)), "")

    # ------------------------------------------------------------------ the plan
    def _decide(self, turn: Turn) -> Decision | None:
        moves = turn.moves
        kinds = {m.kind for m in moves}
        for verb in ("next", "show", "rejoin"):
            move = next((m for m in moves if m.kind == verb), None)
            if move is not None and len(kinds) == 1:
                return Decision(move, "the only move")
        game = turn.sample(turn.rng)
        rules: MeldRules = game.mrules  # type: ignore[attr-defined]
        value = _value_of(game)
        hand = list(game.hand(turn.seat))
        need: Requirement | None = None
        pure = getattr(game, "is_pure", None)
        if callable(pure):
            # the game's own life requirement when it names one (Indian Rummy's four-card life)
            need = getattr(game, "life_need", None) or Requirement(runs=2, pure_runs=1)
        # Big gin first: it scores more than gin (its bonus is bigger) and is listed with it.
        for verb in ("biggin", "gin", "out"):
            move = next((m for m in moves if m.kind == verb), None)
            if move is not None:
                return Decision(move, f"{verb}: every card is in a meld")
        if "layoff" in kinds:
            laid = self._layoff(moves, hand, rules, value, need, pure)
            if laid is not None:
                return laid
        if "draw" in kinds or "take" in kinds or "pass" in kinds:
            return self._draw(turn, hand, rules, value, need, pure)
        knock = next((m for m in moves if m.kind == "knock"), None)
        throws = [m for m in moves if m.kind == "discard"]
        if throws:
            allowed = {m.cards[0].key for m in throws}
            card, arr = best_discard(
                hand, rules, value, need=need, pure=pure, may_discard=lambda c: c.key in allowed
            )
            if need is not None and arr.ok and arr.penalty == 0:
                declare = self._declare(game, moves, card)
                if declare is not None:
                    return declare
            if knock is not None and (self.level != "easy" or arr.penalty <= 4):
                return Decision(knock, f"knock: {arr.penalty} points of deadwood")
            if self.level == "hard":
                card, arr = self._hard_throw(turn, game, hand, rules, value, need, pure, allowed, card, arr)
            if self.level == "easy" and turn.rng.random() < 0.3:
                loose = [c for c in arr.deadwood if c.key in allowed and c.rank != JOKER_RANK] or [card]
                card = max(loose, key=value)
            move = next(m for m in throws if m.cards[0] == card)
            return Decision(move, f"discard {card.name}: the rest leaves {arr.penalty} points loose")
        if knock is not None and self.level != "easy":
            return Decision(knock, "knock")
        return None

    @staticmethod
    def _declare(game: Any, moves: Sequence[Move], card: Card) -> Decision | None:
        """A declaration the game itself judges valid (``game.declaration(card)``, Indian
        Rummy's verdict on the sample, which holds the seat's own hand: it knows the rules
        the solver's requirement does not, such as four-card life), throwing ``card`` first,
        else any other card; without that method, the solver's word is taken."""
        declares = sorted(
            (m for m in moves if m.kind == "declare" and m.cards), key=lambda m: m.cards[0] != card
        )
        judge = getattr(game, "declaration", None)
        for m in declares:
            if not callable(judge):
                if m.cards[0] == card:
                    return Decision(m, f"declare, throwing {card.name}: every card is in a valid group")
                continue
            verdict = judge(m.cards[0])
            if verdict.valid:
                return Decision(m, f"declare, throwing {m.cards[0].name}: the show is valid")
        return None

    def _layoff(
        self,
        moves: Sequence[Move],
        hand: list[Card],
        rules: MeldRules,
        value: Callable[[Card], int],
        need: Requirement | None,
        pure: Any,
    ) -> Decision | None:
        """The lay-off that leaves the least penalty, if it leaves no more than keeping the
        card (a card laid off is one less to count; one taken out of an own meld may not be).
        Called again after each lay-off, so every card that can go, goes."""
        throws = any(m.kind == "discard" for m in moves)

        def left(cards: list[Card]) -> int:
            # With a discard still to come (Progressive's last turn) the best throw is made too.
            if throws and cards:
                return best_discard(cards, rules, value, need=need, pure=pure)[1].penalty
            return best_arrangement(cards, rules, value, need=need, pure=pure).penalty

        if throws and len(hand) < 2:
            return None  # the last card must be discarded
        now = left(hand)
        best: tuple[int, Move] | None = None
        for m in moves:
            if m.kind != "layoff" or not m.cards:
                continue
            card = m.cards[0]
            k = next((i for i, c in enumerate(hand) if c.key == card.key), None)
            if k is None:
                continue
            after = left(hand[:k] + hand[k + 1 :])
            if after <= now and (best is None or after < best[0]):
                best = (after, m)
        if best is None:
            return None
        card = best[1].cards[0]
        return Decision(best[1], f"lay off {card.name}: {now} -> {best[0]} points left")

    def _hard_throw(
        self,
        turn: Turn,
        game: Any,
        hand: list[Card],
        rules: MeldRules,
        value: Callable[[Card], int],
        need: Requirement | None,
        pure: Any,
        allowed: set[int],
        card: Card,
        arr: Arrangement,
    ) -> tuple[Card, Arrangement]:
        """The hard level's throw: among the cards whose throw leaves little more penalty
        than the least, the one that keeps the best draws (unseen cards that would meld two
        loose cards) and feeds the next player least (cards near what they took)."""
        table = read_table(turn, game)
        best = (self._throw_score(card, arr, value, table), card, arr)
        seen: set[int] = {card.key}
        for c in hand:
            if c.key in seen or c.key not in allowed or rules.is_wild(c):
                continue
            seen.add(c.key)
            rest = [h for h in hand if h is not c]
            a = best_arrangement(rest, rules, value, need=need, pure=pure)
            if a.ok < arr.ok or a.penalty > arr.penalty + SLACK:
                continue  # clearly worse now: no draw or danger makes up for it
            score = self._throw_score(c, a, value, table)
            if score < best[0]:
                best = (score, c, a)
        return best[1], best[2]

    @staticmethod
    def _throw_score(card: Card, arr: Arrangement, value: Callable[[Card], int], table: Table) -> float:
        """Lower is better: the penalty kept, less what the next draws may meld, plus the
        risk of handing the next player a card they want."""
        return arr.penalty - table.potential(arr.deadwood, value) + table.danger(card)

    def _draw(
        self,
        turn: Turn,
        hand: list[Card],
        rules: MeldRules,
        value: Callable[[Card], int],
        need: Requirement | None,
        pure: Any,
    ) -> Decision | None:
        moves = turn.moves
        take = next((m for m in moves if m.kind == "take"), None)
        other = next((m for m in moves if m.kind in ("draw", "pass")), None)
        top_name = turn.view.discard_top
        if take is None or top_name is None or self.level == "easy":
            return Decision(other, f"{other.kind}") if other is not None else None
        top = next((c for c in _discard_cards(turn) if c.name == top_name), None)
        if top is None:
            return None
        now = best_arrangement(hand, rules, value, need=need, pure=pure)
        # after taking, a card is thrown: compare the best hand then with the hand now
        _, after = best_discard(
            [*hand, top], rules, value, need=need, pure=pure, may_discard=lambda c: c is not top
        )
        if after.penalty + 3 <= now.penalty:
            melded = any(c is top for g in after.groups for c in g.cards)
            why = "it joins a meld" if melded else "it is lower than the card it replaces"
            return Decision(take, f"take {top.name}: {why} ({now.penalty} -> {after.penalty} loose)")
        if other is None:
            return Decision(take, f"take {top.name}")
        return Decision(other, f"{other.kind}: {top.name} does not join a meld")


SLACK = 4
"""How much more penalty than the least a hard bot's throw may keep for better draws."""
HORIZON = 3.0
"""Draws a partial meld is given to fill when its draws are weighed."""


@dataclass
class Table:
    """What a seat knows of the other players' wishes, from the public log, and which
    cards it has not seen (keys, counted)."""

    wanted: Counter[int]
    """Cards the next player took from the discard pile and has not thrown again."""
    rejected: set[int]
    """Cards the next player threw this deal."""
    unseen: Counter[int]
    """Cards hidden from the seat (the stock and other hands), less the wanted ones."""
    total: int
    wilds: int = 0
    """Unseen wild cards: each would meld any of the pairs."""

    def outs(self, rank: int, suit_index: int) -> int:
        """Unseen copies of one card (rank 14 is the ace above the king)."""
        if rank == 14:
            rank = 1
        if not 1 <= rank <= 13:
            return 0
        return self.unseen[rank * 5 + suit_index]

    def potential(self, loose: Sequence[Card], value: Callable[[Card], int]) -> float:
        """The penalty the next few draws may save: each pair of loose cards that one more
        card would make a meld of, weighted by how many such cards are unseen."""
        if not self.total:
            return 0.0
        gain = 0.0
        cards = [c for c in loose if c.rank != JOKER_RANK]
        for i, a in enumerate(cards):
            for b in cards[i + 1 :]:
                if a.rank == b.rank:
                    n = sum(self.outs(a.rank, s) for s in range(4)) - (a.suit_index == b.suit_index)
                elif a.suit_index == b.suit_index and abs(a.rank - b.rank) <= 2:
                    lo, hi = min(a.rank, b.rank), max(a.rank, b.rank)
                    s = a.suit_index
                    n = self.outs(lo + 1, s) if hi - lo == 2 else self.outs(lo - 1, s) + self.outs(hi + 1, s)
                else:
                    continue
                n += self.wilds
                gain += min(1.0, HORIZON * n / self.total) * (value(a) + value(b))
        return gain / 2  # two loose cards share one draw at a time; halved keeps the penalty first

    def danger(self, card: Card) -> float:
        """Points of risk in throwing ``card``: it may meld with what the next player took;
        less when they threw its rank or a neighbour themselves."""
        risk = 0.0
        for key, n in self.wanted.items():
            rank, suit = divmod(key, 5)
            if rank == card.rank:
                risk += 5 * n
            elif suit == card.suit_index and abs(rank - card.rank) <= 2:
                risk += (4 if abs(rank - card.rank) == 1 else 2) * n
        for key in self.rejected:
            rank, suit = divmod(key, 5)
            if rank == card.rank:
                risk -= 1.5
            elif suit == card.suit_index and abs(rank - card.rank) == 1:
                risk -= 0.5
        return max(risk, -2.0)


DEAL_START = ("Hand ", "Deal ", "Round ")
"""How the games' logs start a deal (the log is read back to the latest one)."""


def _cards_in(words: Sequence[str]) -> list[Card]:
    out = []
    for w in words:
        try:
            out.append(parse_card(w.strip(".,;:()")))
        except Exception:  # not a card name
            continue
    return out


def read_table(turn: Turn, game: Any) -> Table:
    """:class:`Table` for the seat to act: the next player's takes and throws this deal,
    read from the public log (``took ... X``, ``discarded X``), and the unseen cards (what
    ``hidden_cards`` holds: a sample hides the same cards as the real game)."""
    view = turn.view
    seats = [s for s in view.seats if s.active and s.card_count]
    order = [s.seat for s in seats]
    nxt = None
    if turn.seat in order and len(order) > 1:
        nxt = order[(order.index(turn.seat) + 1) % len(order)]
    name = next((s.name for s in view.seats if s.seat == nxt), None)
    wanted: Counter[int] = Counter()
    rejected: set[int] = set()
    if name is not None:
        lines = []
        for line in reversed(view.log):
            if line.startswith(DEAL_START):
                break
            lines.append(line)
        for line in reversed(lines):
            if not line.startswith(name + " "):
                continue
            words = line[len(name) + 1 :].split()
            if not words:
                continue
            if words[0] == "took":
                for c in _cards_in(words[1:]):
                    wanted[c.key] += 1
            elif words[0] == "discarded":
                for c in _cards_in(words[1:2]):
                    rejected.add(c.key)
                    if wanted[c.key]:
                        wanted[c.key] -= 1
    cards = game.hidden_cards(turn.seat)
    is_wild = game.mrules.is_wild
    hidden = Counter(c.key for c in cards)
    wilds = sum(1 for c in cards if is_wild(c))
    wanted = Counter({k: min(n, hidden[k]) for k, n in wanted.items() if hidden[k]})
    hidden.subtract(wanted)
    return Table(wanted, rejected, hidden, sum(hidden.values()), wilds)


def _discard_cards(turn: Turn) -> list[Card]:
    """The top discard as a card (parsed from the public view)."""
    from cardtable.engine.cards import parse_card

    top = turn.view.discard_top
    return [parse_card(top)] if top else []


__all__ = ["AVOID", "GO_OUT", "ClosedRummyPolicy"]
