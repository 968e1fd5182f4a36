"""The generic computer player for games without their own bot module: closed-hand
rummies (draw or take, discard, go out: Indian Rummy, Progressive Rummy, Gin), driven by
the shared solver's :func:`~cardtable.kits.rummy.arrange.best_discard`.

The game's meld rules and card values are read off a determinized sample (``turn.sample``):
they follow from the public rules and the public wild rank, never from a hidden card. Then:

* take the discard (or the offered up-card) when the best hand after taking it and
  throwing the best card has clearly less deadwood than now, else draw;
* discard what ``best_discard`` throws (a joker only when nothing else can go);
* go out (``gin``, ``out``, ``knock``) when the game lists it, and ``declare`` only with a
  valid hand (every card in melds, with Indian Rummy's two runs, one pure);
* easy plays the same but draws blind, throws its highest loose card, and knocks late;
* hard looks one draw ahead: it takes the open card only when that leaves a better hand
  than the stock is expected to (every unseen card weighed), and of its few best throws
  keeps the hand expected best after the next draw, less the risk of feeding the next player.

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
from dataclasses import dataclass, field
from typing import Any

from cardtable.bots import Decision, LevelPolicy, Turn
from cardtable.engine.cards import JOKER_RANK, Card, parse_card
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.kits.rummy.arrange import Arrangement, Requirement, best_arrangement, best_discard
from cardtable.kits.rummy.melds import Meld, MeldRules

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


@dataclass(frozen=True, slots=True)
class Position:
    """What one decision knows, read once from the turn and its determinized sample and
    handed to the steps of the plan (and to :class:`Lookahead`) as one piece."""

    turn: Turn
    game: Any
    """The determinized sample (``turn.sample``): it holds the seat's own hand."""
    hand: list[Card]
    rules: MeldRules
    value: Callable[[Card], int]
    """The game's card value (:func:`_value_of`)."""
    need: Requirement | None
    """What a hand must hold to go out (Indian Rummy's life), None when nothing."""
    pure: Callable[[Meld], bool] | None
    """The game's purity test for runs (``is_pure``), when it has one."""

    def arrange(self, cards: Sequence[Card]) -> Arrangement:
        """:func:`best_arrangement` of ``cards`` under this position's rules."""
        return best_arrangement(cards, self.rules, self.value, need=self.need, pure=self.pure)

    def throw(
        self, cards: Sequence[Card], may_discard: Callable[[Card], bool] | None = None
    ) -> tuple[Card, Arrangement]:
        """:func:`best_discard` from ``cards`` under this position's rules."""
        return best_discard(
            cards, self.rules, self.value, need=self.need, pure=self.pure, may_discard=may_discard
        )


class ClosedRummyPolicy(LevelPolicy[Ruleset | None]):
    """Closed-hand rummy decisions at one level (see the module)."""

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
        need: Requirement | None = None
        pure = getattr(game, "is_pure", None)
        if callable(pure):
            # the game's own life requirement when it names one (Indian Rummy's four-card life)
            need = getattr(game, "life_need", None) or Requirement(runs=2, pure_runs=1)
        # read once: every step below (and its lookahead) works on this same sample
        pos = Position(turn, game, list(game.hand(turn.seat)), rules, _value_of(game), need, pure)
        # Big gin first: it scores more than gin (its bonus is bigger) and is listed with it.
        for verb in ("biggin", "gin", "out"):
            move = next((m for m in moves if m.kind == verb), None)
            if move is not None:
                return Decision(move, f"{verb}: every card is in a meld")
        if "layoff" in kinds:
            laid = self._layoff(pos)
            if laid is not None:
                return laid
        if "draw" in kinds or "take" in kinds or "pass" in kinds:
            return self._draw(pos)
        knock = next((m for m in moves if m.kind == "knock"), None)
        throws = [m for m in moves if m.kind == "discard"]
        if throws:
            allowed = {m.cards[0].key for m in throws}
            # A wild card melds with anything: it is thrown only when nothing else may go
            # (issue 24 item 16: a Five Crowns hint proposed throwing a joker in round 1).
            tame = {k for k in allowed if not self._wild(rules, pos.hand, k)}
            card, arr = pos.throw(pos.hand, may_discard=lambda c: c.key in (tame or allowed))
            if need is not None and arr.ok and arr.penalty == 0:
                declare = self._declare(game, moves, card)
                if declare is not None:
                    return declare
            if knock is not None and (self.level != "easy" or arr.penalty <= 4):
                return Decision(knock, f"knock: {arr.penalty} points of deadwood")
            if self.level == "hard":
                card, arr = self._hard_throw(pos, allowed, card, arr)
            if self.level == "easy" and turn.rng.random() < 0.3:
                loose = [c for c in arr.deadwood if c.key in tame] or [card]
                card = max(loose, key=pos.value)
            move = next(m for m in throws if m.cards[0] == card)
            if card.key not in tame:
                return Decision(move, f"discard {card.name}: every card that may go is wild")
            return Decision(move, f"discard {card.name}: the rest leaves {arr.penalty} points loose")
        if knock is not None and self.level != "easy":
            return Decision(knock, "knock")
        return None

    @staticmethod
    def _wild(rules: MeldRules, hand: Sequence[Card], key: int) -> bool:
        """The card of ``key`` in ``hand`` is a joker or wild under ``rules``."""
        card = next((c for c in hand if c.key == key), None)
        return card is not None and rules.is_wild(card)

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

    def _layoff(self, pos: Position) -> Decision | None:
        """The lay-off that leaves the least penalty, if it leaves no more than keeping the
        card (a card laid off is one less to count; one taken out of an own meld may not be).
        Called again after each lay-off, so every card that can go, goes."""
        moves, hand = pos.turn.moves, pos.hand
        throws = any(m.kind == "discard" for m in moves)

        def left(cards: list[Card]) -> int:
            # With a discard still to come (Progressive's last turn) the best throw is made too.
            if throws and cards:
                return pos.throw(cards)[1].penalty
            return pos.arrange(cards).penalty

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
        self, pos: Position, allowed: set[int], card: Card, arr: Arrangement
    ) -> tuple[Card, Arrangement]:
        """The hard level's throw: among the cards whose throw leaves little more penalty
        than the least, the one whose kept hand is best after the next draw (a one-ply
        expectimax over the unseen cards, :class:`Lookahead`) and feeds the next player
        least (cards near what they took). Static weights (draws that meld a loose pair)
        order the candidates and decide when the lookahead's work cap is reached."""
        table = read_table(pos.turn, pos.game)
        found = [(self._throw_score(card, arr, pos.value, table), card, arr)]
        seen: set[int] = {card.key}
        for c in pos.hand:
            if c.key in seen or c.key not in allowed or pos.rules.is_wild(c):
                continue
            seen.add(c.key)
            rest = [h for h in pos.hand if h is not c]
            a = pos.arrange(rest)
            if a.ok < arr.ok or a.penalty > arr.penalty + SLACK:
                continue  # clearly worse now: no draw or danger makes up for it
            found.append((self._throw_score(c, a, pos.value, table), c, a))
        found.sort(key=lambda t: t[0])
        look = Lookahead(pos, table)
        best: tuple[float, Card, Arrangement] | None = None
        for _, c, a in found[:LOOK_THROWS]:
            rest = [h for h in pos.hand if h is not c]
            ev = look.after_draw(rest, a)
            if ev is None:
                break  # out of work: the candidates weighed so far (or the static order) decide
            score = ev + table.danger(c)
            if best is None or score < best[0]:
                best = (score, c, a)
        if best is None:
            return found[0][1], found[0][2]
        return best[1], best[2]

    @staticmethod
    def _throw_score(card: Card, arr: Arrangement, value: Callable[[Card], int], table: Table) -> float:
        """Lower is better: the penalty kept, less what the next draws may meld, plus the
        risk of handing the next player a card they want."""
        return arr.penalty - table.potential(arr.deadwood, value) + table.danger(card)

    def _draw(self, pos: Position) -> Decision | None:
        turn, hand = pos.turn, pos.hand
        moves = turn.moves
        take = next((m for m in moves if m.kind == "take"), None)
        other = next((m for m in moves if m.kind in ("draw", "pass")), None)
        top_name = turn.view.discard_top
        if take is None or top_name is None or self.level == "easy":
            return Decision(other, f"{other.kind}") if other is not None else None
        top = next((c for c in _discard_cards(turn) if c.name == top_name), None)
        if top is None:
            return None
        now = pos.arrange(hand)
        # after taking, a card is thrown: compare the best hand then with the hand now. The
        # throw weighed is one the discard below would make (never the taken card, a wild card
        # only when nothing else may go): weighing a wild throw here and then keeping the wild
        # made two bots pass one card back and forth for ever (Progressive Rummy, seed 3).
        throwable = {id(c) for c in hand if not pos.rules.is_wild(c)} or {id(c) for c in hand}
        _, after = pos.throw([*hand, top], may_discard=lambda c: id(c) in throwable)
        if self.level == "hard":
            # the open card against what the stock is expected to bring (one-ply lookahead)
            look = Lookahead(pos, read_table(turn, pos.game))
            stock = look.after_draw(hand, now)
            if stock is not None:
                if other is None or look.loss(after) + TAKE_EDGE <= stock:
                    return Decision(
                        take,
                        f"take {top.name}: {now.penalty} -> {after.penalty} loose (the stock: {stock:.0f})",
                    )
                return Decision(
                    other, f"{other.kind}: the stock averages {stock:.0f}, {top.name} leaves {after.penalty}"
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
LOOK_THROWS = 4
"""How many of the best throws (by the static weights) the hard lookahead weighs."""
LOOK_CALLS = 200
"""Solver work one hard decision's lookahead may do, in calls (a work cap, not a clock:
the same position always gets the same answer). A call with a requirement (Indian
Rummy's life: a slower search, ~1 ms on 14 cards) counts twice, so a move stays well
inside the 200 ms target."""
TAKE_EDGE = 1.0
"""How much better than the stock's average the open card must leave a hard hand (taking
shows the other side what is kept)."""
NO_LIFE = 20
"""What a hand short of its requirement (Indian Rummy's life) costs the lookahead beyond
its penalty: such a hand cannot declare and loses more when the other side does."""
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
    cards: dict[int, Card] = field(default_factory=dict)
    """One unseen card of each key in ``unseen`` (what a draw may bring, for the lookahead)."""

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


class Lookahead:
    """One-ply expectimax for the hard level: the hand expected after drawing one unseen
    card (each weighted by its unseen copies) and throwing the best card then.

    A drawn card that touches nothing kept (no card of its rank, none of its suit within
    two ranks, not wild) is not given to the solver: the arrangement stays and the card
    replaces the highest loose one if it is lower. Each solver call spends from
    :data:`LOOK_CALLS`."""

    def __init__(self, pos: Position, table: Table, calls: int = LOOK_CALLS) -> None:
        self.pos = pos
        self.table = table
        self.calls = calls

    def loss(self, arr: Arrangement) -> float:
        """What a hand is worth to its holder (lower is better)."""
        return arr.penalty + (0 if arr.ok else NO_LIFE)

    def _touches(self, card: Card, kept: Sequence[Card]) -> bool:
        """Whether ``card`` may meld with something kept (or is wild)."""
        rules = self.pos.rules
        if rules.is_wild(card):
            return True
        ranks = {card.rank, 14} if card.rank == 1 else {card.rank}
        for c in kept:
            if rules.is_wild(c):
                continue
            if c.rank == card.rank:
                return True
            if c.suit_index == card.suit_index or rules.runs_any_suit:
                theirs = {c.rank, 14} if c.rank == 1 else {c.rank}
                if any(abs(a - b) <= 2 for a in ranks for b in theirs):
                    return True
        return False

    def after_draw(self, kept: list[Card], arr: Arrangement) -> float | None:
        """The expected :meth:`loss` after one draw onto ``kept`` (best arranged as
        ``arr``) and the best throw; None when the work cap runs out first."""
        table, pos = self.table, self.pos
        now = self.loss(arr)
        loose = [pos.value(c) for c in arr.deadwood if not pos.rules.is_wild(c)]
        top = max(loose, default=0)
        total = 0.0
        count = 0
        for key, n in table.unseen.items():
            card = table.cards.get(key)
            if n <= 0 or card is None:
                continue
            if self._touches(card, kept):
                if self.calls <= 0:
                    return None
                self.calls -= 1 if pos.need is None else 2
                _, a = pos.throw([*kept, card])
                got = min(now, self.loss(a))
            else:
                got = now - max(0, top - pos.value(card))
            total += n * got
            count += n
        return total / count if count else now


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
    by_key = {c.key: c for c in cards if hidden[c.key] > 0}
    return Table(wanted, rejected, hidden, sum(hidden.values()), wilds, by_key)


def _discard_cards(turn: Turn) -> list[Card]:
    """The top discard as a card (parsed from the public view)."""
    from cardtable.engine.cards import parse_card

    top = turn.view.discard_top
    return [parse_card(top)] if top else []


def make_policy(level: str, rules: Ruleset) -> ClosedRummyPolicy:
    """The closed-hand rummy policy at ``level``: the bot of games that name this module."""
    return ClosedRummyPolicy(level, rules)


__all__ = ["AVOID", "GO_OUT", "ClosedRummyPolicy", "make_policy"]
