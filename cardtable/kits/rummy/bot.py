"""Computer players for the two-pack rummies (Scala 40, Rummy 51): shared heuristics.

A :class:`RummyPolicy` decides one move at a time from the seat's view and legal moves
(nothing else). Each call re-plans from the hand: the best split of the hand into melds
(the shared solver, :mod:`cardtable.kits.rummy.arrange`), then

* **draw**: take the discard when it joins a meld and lowers the hand's deadwood, else
  draw from the stock;
* **open**: lay the planned melds once they reach the opening minimum together (the
  "opening math"), never a provisional meld that cannot get there;
* **after opening**: lay every planned meld, lay off deadwood that fits the table, swap a
  table joker for the card it stands for when the joker then joins a meld;
* **discard**: the deadwood card that costs most and helps least (pairs and near-runs are
  kept, jokers never thrown while anything else can go), avoiding cards that fit the table.

Levels: ``easy`` opens and melds greedily, never takes the discard or lays off, and throws
its highest loose card (now and then any loose card); ``medium`` is the above; ``hard`` adds
tracking from the public log: cards the opponents took from the pile (and so collect) and
threw (and so do not want), the cards already seen (a pair whose third cards are all gone is
dead), and it weighs how dangerous each discard is to the next player. Hard also goes out
all at once, never having opened, whenever every card but one melds (below the minimum where
the rules waive it), and where that scores extra (Rummy 51's -140 against the others' 200 or
doubled hands) it holds an opening back until an opened player is down to their last card.

The per-game modules (``scala40_bot``, ``rummy51_bot``) describe their game with a
:class:`RummyTraits` built from a fresh game of the same rules (values, meld rules,
minimum), so nothing here reads a game in progress.

>>> from cardtable.engine.cards import parse_cards
>>> [c.name for c in physical(["7H", "7H", "JK"])], physical(["7H", "7H"])[1].copy
(['7H', '7H', 'JK'], 1)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from cardtable.bots import Decision, Turn
from cardtable.engine.cards import JOKER_RANK, Card, parse_card
from cardtable.engine.errors import IllegalMove, InvalidNotation
from cardtable.engine.game import Game
from cardtable.engine.moves import Move, parse_move
from cardtable.engine.views import PlayerView
from cardtable.kits.rummy.arrange import best_arrangement, best_discard
from cardtable.kits.rummy.melds import RUN, SET, Meld, MeldRules, ace_flags, enumerate_melds, extend_meld

# ---------------------------------------------------------------------------- cards


@cache
def _phys(name: str, copy: int) -> Card:
    # An id of its own for each name and copy (below every deck's ids and the -1 of a parsed
    # card), so that Card.id tells the bot's cards apart as it does a game's.
    base = parse_card(name)
    return Card(base.rank, base.suit, copy, -1000 - 100 * copy - base.key)


def physical(names: Iterable[str]) -> list[Card]:
    """Distinct card objects for card names (a second ``7H`` is another object, so the
    meld search can tell two copies apart)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        k = seen.get(name, 0)
        seen[name] = k + 1
        out.append(_phys(name, k))
    return out


def _without(cards: Sequence[Card], drop: Card) -> list[Card]:
    """``cards`` less one copy of ``drop`` (by rank and suit)."""
    out = list(cards)
    for i, c in enumerate(out):
        if c == drop:
            del out[i]
            break
    return out


def meld_of_view(kind: str, cards: Sequence[str], reps: Sequence[str]) -> Meld:
    """A table meld rebuilt from its public view (cards and what each stands for)."""
    phys = tuple(physical(cards))
    stands = tuple(parse_card(r) for r in reps)
    if kind == RUN:
        return Meld(RUN, phys, stands, suit=stands[0].suit, lo=stands[0].rank)
    return Meld(SET, phys, stands, rank=stands[0].rank)


# ---------------------------------------------------------------------------- arranging


@dataclass(frozen=True, slots=True)
class Split:
    """A hand split into melds and loose cards (deadwood)."""

    groups: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    penalty: int


def split_hand(
    cards: Sequence[Card], rules: MeldRules, value: Callable[[Card], int], exact: bool = True
) -> Split:
    """The hand's melds and deadwood: the shared solver's least-penalty split when
    ``exact``, else a greedy pick (biggest, most valuable melds first: the easy player's
    looser eye)."""
    if exact:
        arr = best_arrangement(cards, rules, value)
        return Split(arr.groups, arr.deadwood, arr.penalty)
    melds = list(enumerate_melds(cards, rules))
    melds.sort(key=lambda m: (-sum(value(c) for c in m.cards if c.rank != JOKER_RANK), -len(m.cards)))
    used: set[int] = set()
    groups: list[Meld] = []
    for m in melds:
        if any(c.id in used for c in m.cards):
            continue
        groups.append(m)
        used.update(c.id for c in m.cards)
    dead = tuple(c for c in cards if c.id not in used)
    return Split(tuple(groups), dead, sum(value(c) for c in dead))


# ---------------------------------------------------------------------------- the game's traits


@dataclass(frozen=True)
class RummyTraits:
    """What the bot needs to know of one game's rules (all public)."""

    mrules: MeldRules
    meld_points: Callable[[Meld], int]
    value: Callable[[Card], int]
    """A card's cost when left in hand."""
    minimum: int
    """Points the opening melds must reach."""
    unopened_cost: int | None = None
    """What an unopened player pays when someone goes out (None: the cards in hand)."""
    take_needs_open: bool = False
    """Only opened players may take the discard (Scala 40)."""
    at_once_bonus: bool = False
    """Going out all at once, never having opened, scores extra (Rummy 51's -140 and 200)."""
    at_once_no_minimum: bool = False
    """Going out all at once needs no opening minimum."""


# ---------------------------------------------------------------------------- the log

_TOOK = re.compile(r"^(.*) took (\S+) from the discard pile$")
_THREW = re.compile(r"^(.*) discarded (\S+)$")
_LAID = re.compile(r"^(.*) (?:melded (.+) \(\d+\)|laid off (\S+) on meld \d+)$")


@dataclass
class Tracker:
    """What the public log has shown this deal: cards each player took from the pile and
    still holds, cards each threw, and every card seen leaving the game's hidden places."""

    deal: int = -1
    seen_log: list[str] = field(default_factory=list)
    took: dict[str, list[Card]] = field(default_factory=dict)
    threw: dict[str, list[Card]] = field(default_factory=dict)

    def update(self, deal: int, log: Sequence[str]) -> None:
        """Read the lines of ``log`` not read before (the view keeps its last 50)."""
        if deal != self.deal:
            self.deal = deal
            self.seen_log = []
            self.took = {}
            self.threw = {}
        old = self.seen_log
        new = list(log)
        start = 0
        for k in range(min(len(old), len(new)), 0, -1):
            if old[-k:] == new[:k]:
                start = k
                break
        for line in new[start:]:
            if line.startswith(("Deal ", "Hand ")):
                self.took = {}
                self.threw = {}
                continue
            m = _TOOK.match(line)
            if m:
                self.took.setdefault(m.group(1), []).append(parse_card(m.group(2)))
                continue
            m = _THREW.match(line)
            if m:
                name, card = m.group(1), parse_card(m.group(2))
                self.threw.setdefault(name, []).append(card)
                self._drop(name, [card])
                continue
            m = _LAID.match(line)
            if m:
                # a taken card laid on the table is no longer collected (Scala 40 makes the
                # taker use it at once, so most taken cards end here); a joker is logged with
                # what it stands for ("JK=7D")
                words = (m.group(2) or m.group(3)).split()
                self._drop(m.group(1), [parse_card(w.partition("=")[0]) for w in words])
        self.seen_log = new

    def _drop(self, name: str, cards: Sequence[Card]) -> None:
        """Cards ``name`` no longer holds: they leave what they were seen to take."""
        held = self.took.get(name)
        for card in cards:
            if held and card in held:
                held.remove(card)


# ---------------------------------------------------------------------------- the policy


def _adjacent(a: Card, b: Card) -> int:
    """Run distance between two cards of one suit (the ace both low and high), 0 if none."""
    if a.suit != b.suit or a.rank == b.rank:
        return 0
    ra, rb = a.rank, b.rank
    d = abs(ra - rb)
    if ra == 1 or rb == 1:
        d = min(d, abs((14 if ra == 1 else ra) - (14 if rb == 1 else rb)))
    return d if d <= 2 else 0


class RummyPolicy:
    """Scala 40 / Rummy 51 decisions at one level (see the module).

    The class attributes below are the heuristics' weights; a game's module may subclass
    the policy to tune them for one level (Scala 40's hard player does)."""

    take_margin = 3
    """Take the discard when it joins a meld and lowers the loose points by this much."""
    potential_weight = 7.0
    """How much a loose card's help towards a meld (pairs, near runs) counts against its
    points when choosing the discard, until an opponent is near the end."""
    swap_loose = False
    """Swap a loose card for the table joker it stands for (the joker then goes anywhere)."""
    untakeable_is_safe = False
    """Where only opened players may take the discard, a discard's risk (fitting the table,
    what the next players want) counts only once an opponent has opened."""
    threat_cards = 0
    """While unopened, an opened opponent with this many cards or fewer may go out soon:
    the discard then weighs points :attr:`threat_value` times as much (0: never)."""
    threat_value = 1.0

    def __init__(self, level: str, traits: RummyTraits) -> None:
        self.level = level
        self.t = traits
        self.tracker = Tracker()
        self._values: dict[int, int] = {}
        self._cancelled: set[tuple[int, tuple[str, ...]]] = set()

    # ------------------------------------------------------------------ helpers
    def value(self, card: Card) -> int:
        v = self._values.get(card.key)
        if v is None:
            v = self._values[card.key] = self.t.value(card)
        return v

    def split(self, cards: Sequence[Card]) -> Split:
        return split_hand(cards, self.t.mrules, self.value, exact=self.level != "easy")

    def _fits(self, card: Card, table: Sequence[Meld]) -> bool:
        return any(extend_meld(m, card, None, self.t.mrules) for m in table)

    @staticmethod
    def _by_key(moves: Sequence[Move]) -> dict[tuple[object, ...], Move]:
        return {m.key: m for m in moves}

    def _meld_move(self, meld: Meld) -> Move:
        return parse_move(" ".join(("meld", *meld.tokens(), *ace_flags(meld, self.t.mrules))))

    # ------------------------------------------------------------------ decide
    def decide(self, turn: Turn) -> Decision:
        view = turn.view
        moves = turn.moves
        kinds = {m.kind for m in moves}
        if "next" in kinds:
            return Decision(next(m for m in moves if m.kind == "next"), "start the next deal")
        if self.level == "hard":
            self.tracker.update(view.deal_number, view.log)
        hand = physical(view.hand)
        seat = turn.seat
        opened = "opened" in view.seats[seat].badges
        table = [meld_of_view(m.kind, m.cards, m.stands_for) for m in view.melds]
        if "draw" in kinds:
            return self._draw(turn, hand, opened, table)
        return self._play(turn, hand, opened, table)

    # ------------------------------------------------------------------ drawing
    def _draw(self, turn: Turn, hand: list[Card], opened: bool, table: list[Meld]) -> Decision:
        moves = turn.moves
        draw = next(m for m in moves if m.kind == "draw")
        take = next((m for m in moves if m.kind == "take"), None)
        top_name = turn.view.discard_top
        if take is None or top_name is None or self.level == "easy":
            if self.t.take_needs_open and not opened:
                return Decision(draw, "draw from the stock: the discard may be taken only after opening")
            return Decision(draw, "draw from the stock")
        top = physical([*turn.view.hand, top_name])[-1]
        before = self._loose_cost(hand, opened, table)
        grown = [*hand, top]
        split = self.split(grown)
        if any(c is top for g in split.groups for c in g.cards) or (opened and self._fits(top, table)):
            after = min(
                self._loose_cost(_without(grown, d), opened, table) for d in self._throwable(grown, top)
            )
            if after + self.take_margin <= before:
                return Decision(take, f"take {top.name}: it joins a meld ({before} -> {after} loose points)")
        return Decision(draw, f"draw from the stock: {top.name} does not join a meld")

    def _after_take(self, grown: list[Card], top: Card, opened: bool, table: Sequence[Meld]) -> int:
        """Loose points after taking ``top`` and throwing the best other card (one solver call
        for medium and hard; the easy player never takes)."""
        _, arr = best_discard(grown, self.t.mrules, self.value, may_discard=lambda c: c is not top)
        return sum(self.value(c) for c in arr.deadwood if not (opened and self._fits(c, table)))

    def _throwable(self, cards: Sequence[Card], keep: Card) -> list[Card]:
        """Cards that could be thrown after taking ``keep`` (one of each name, never it)."""
        out: dict[str, Card] = {}
        for c in cards:
            if c is not keep and c.rank != JOKER_RANK:
                out.setdefault(c.name, c)
        return list(out.values()) or [c for c in cards if c is not keep][:1]

    def _loose_cost(self, cards: Sequence[Card], opened: bool, table: Sequence[Meld]) -> int:
        """Points of the cards no meld takes (laying off counts once opened)."""
        split = self.split(cards)
        return sum(self.value(c) for c in split.deadwood if not (opened and self._fits(c, table)))

    # ------------------------------------------------------------------ playing
    def _play(self, turn: Turn, hand: list[Card], opened: bool, table: list[Meld]) -> Decision:
        moves = turn.moves
        legal = self._by_key(moves)
        view = turn.view
        prov, need = _opening(view.facts.get("opening"), self.t.minimum)
        split = self.split(hand)
        groups = sorted(split.groups, key=self.t.meld_points, reverse=True)
        if not opened:
            total = prov + sum(self.t.meld_points(g) for g in groups)
            state = (view.deal_number, tuple(sorted(view.hand)))
            # a hand whose melds were taken back this turn is not laid again (by either path)
            if self.level == "hard" and state not in self._cancelled:
                once = self._at_once(turn, hand, split, table, legal, prov, need, total >= need)
                if once is not None:
                    return once
            if groups and total >= need and state not in self._cancelled:
                planned = self._opening_plan(turn, groups, prov, need)
                if planned:
                    return self._lay(legal, planned[0], self._open_words(prov, planned, need))
            if prov:
                cancel = next((m for m in moves if m.kind == "cancel"), None)
                if cancel is not None:
                    # remembered, so the same hand is never laid and taken back again and again
                    self._cancelled.add(
                        (view.deal_number, tuple(sorted(c.name for c in self._after_cancel(view))))
                    )
                    return Decision(cancel, f"take the melds back: {prov} cannot reach {need} this turn")
        else:
            for g in groups:
                move = legal.get(self._meld_move(g).key)
                if move is not None:
                    return Decision(move, f"meld {_tokens(g)} ({self.t.meld_points(g)} points)")
            lay = self._layoff(moves, split, len(hand))
            if lay is not None:
                return lay
        swap = self._swap(moves, hand, split, table, opened)
        if swap is not None:
            return swap
        return self._discard(turn, hand, split, opened, table)

    def _at_once(
        self,
        turn: Turn,
        hand: list[Card],
        split: Split,
        table: list[Meld],
        legal: dict[tuple[object, ...], Move],
        prov: int,
        need: int,
        can_open: bool,
    ) -> Decision | None:
        """The hard level's going out all at once, never having opened: when every card
        but one melds, lay the melds (even short of the minimum where the rules waive it)
        and throw the last; and where going out at once scores extra, hold an opening back
        until an opened player is down to :data:`HOLD_THREAT` cards. ``split`` is the hand's
        best split. None: play on as medium does."""
        card, arr = best_discard(hand, self.t.mrules, self.value)
        if not arr.deadwood and not can_open:
            # the least-penalty split may fall short where this one (another joker place,
            # another split) reaches the minimum: a plan begun this turn is finished
            can_open = prov + sum(self.t.meld_points(g) for g in arr.groups) >= need
        if not arr.deadwood and (can_open or self.t.at_once_no_minimum):
            if not arr.groups:
                move = next((m for m in turn.moves if m.kind == "discard" and m.cards[0] == card), None)
                if move is not None:
                    return Decision(move, f"discard {card.name} and go out all at once")
                return None
            plan = sorted(arr.groups, key=self.t.meld_points, reverse=True)
            if self._goes_out(turn, plan):
                return self._lay(legal, plan[0], f"meld {_tokens(plan[0])}: going out all at once")
            return None
        if prov or not can_open or not self.t.at_once_bonus:
            return None
        # Rummy 51's going out at once swings a two-player deal by ~300 points against a
        # plain going out's ~140, so an opening is held back (the melds stay hidden, and
        # nobody can lay off on them) until an opened player is down to their last cards.
        if any(
            s.seat != turn.seat and s.active and "opened" in s.badges and s.card_count <= HOLD_THREAT
            for s in turn.view.seats
        ):
            return None
        decision = self._discard(turn, hand, split, False, table)
        why = f"{HOLD_WHY}; {decision.why}"
        return Decision(decision.move, why)

    def _goes_out(self, turn: Turn, plan: Sequence[Meld]) -> bool:
        """Whether laying ``plan`` leaves a discard that empties the hand."""
        trial = self._tried(turn, plan)
        return (
            trial is not None
            and len(trial.hand(turn.seat)) == 1
            and any(m.kind == "discard" for m in trial.legal_moves())
        )

    @staticmethod
    def _after_cancel(view: PlayerView) -> list[Card]:
        """The hand once this turn's provisional melds are back in it."""
        cards = physical(view.hand)
        for m in view.melds:
            if (
                m.owner == view.seat
                and view.seat is not None
                and "opened" not in view.seats[view.seat].badges
            ):
                cards.extend(physical(m.cards))
        return cards

    def _opening_plan(self, turn: Turn, groups: Sequence[Meld], prov: int, need: int) -> list[Meld] | None:
        """Melds that open together and leave a legal turn behind, tried on a determinized
        copy (the seat's own cards and the table are real there): all the groups first, then
        fewer, dropping the least valuable. None when no plan opens."""
        plans: list[list[Meld]] = [list(groups)]
        for k in range(len(groups) - 1, 0, -1):
            plan = list(groups[:k])
            if prov + sum(self.t.meld_points(g) for g in plan) >= need:
                plans.append(plan)
        for plan in plans:
            trial = self._tried(turn, plan)
            if trial is None:
                continue
            view = trial.view(turn.seat)
            if "opened" in view.seats[turn.seat].badges and trial.legal_moves():
                return plan
        return None

    def _tried(self, turn: Turn, plan: Sequence[Meld]) -> Game | None:
        """A determinized copy with ``plan`` laid (the seat's own cards and the table are
        real there); None when a meld of it is refused."""
        trial = turn.sample(turn.rng)
        try:
            for meld in plan:
                trial.play(self._meld_move(meld))
        except (IllegalMove, InvalidNotation):
            return None
        return trial

    def _lay(self, legal: dict[tuple[object, ...], Move], meld: Meld, why: str) -> Decision:
        return Decision(legal[self._meld_move(meld).key], why)

    def _open_words(self, prov: int, planned: Sequence[Meld], need: int) -> str:
        parts = " + ".join(_tokens(g) for g in planned)
        total = prov + sum(self.t.meld_points(g) for g in planned)
        already = f"{prov} laid + " if prov else ""
        words = f"meld {already}{parts} = {total}, enough to open (needs {need})"
        if len(planned) > 1:  # the move is the first group: say how the rest follow
            words += f"; one group at a time, {_tokens(planned[0])} first"
        return words

    def _layoff(self, moves: Sequence[Move], split: Split, size: int) -> Decision | None:
        if self.level == "easy":
            return None
        loose = {c.name for c in split.deadwood}
        best: tuple[int, Move] | None = None
        for m in moves:
            if m.kind != "layoff":
                continue
            card = m.cards[0]
            if card.name not in loose:
                continue
            if card.rank == JOKER_RANK and size > 3:
                continue  # a loose joker is worth more in hand until the end is near
            score = self.value(card)
            if best is None or score > best[0]:
                best = (score, m)
        if best is None:
            return None
        move = best[1]
        return Decision(move, f"lay off {move.tokens()[0]} on meld {move.target}")

    def _swap(
        self, moves: Sequence[Move], hand: list[Card], before: Split, table: list[Meld], opened: bool
    ) -> Decision | None:
        """A joker swap worth making; ``before`` is the hand's best split (the caller's)."""
        if self.level == "easy":
            return None
        if self.swap_loose and opened:
            loose = {c.name for c in before.deadwood if c.rank != JOKER_RANK}
            for m in moves:
                if m.kind == "swap" and m.target is not None and m.cards[0].name in loose:
                    name = m.cards[0].name
                    return Decision(
                        m,
                        f"swap {name} for the joker in meld {m.target}: {name} is loose, and "
                        "the joker (which must go on a meld this turn) fits almost any meld",
                    )
        for m in moves:
            if m.kind != "swap" or m.target is None:
                continue
            natural = m.cards[0]
            meld = table[m.target - 1]
            joker = next(c for c, r in zip(meld.cards, meld.reps, strict=True) if c != r and r == natural)
            after_hand = [*_without(hand, natural), _phys(joker.name, 7)]
            after = self.split(after_hand)
            used = any(c.rank == JOKER_RANK and c.copy == 7 for g in after.groups for c in g.cards)
            if used and after.penalty <= before.penalty:
                return Decision(
                    m, f"swap {natural.name} for the joker in meld {m.target}: the joker joins a meld"
                )
        return None

    # ------------------------------------------------------------------ discarding
    def _discard(
        self, turn: Turn, hand: list[Card], split: Split, opened: bool, table: list[Meld]
    ) -> Decision:
        moves = turn.moves
        throws = {m.cards[0].name: m for m in moves if m.kind == "discard"}
        if not throws:
            return self._fallback(moves)
        loose = [c for c in split.deadwood if c.name in throws]
        pool = [c for c in loose if c.rank != JOKER_RANK] or [
            c for c in hand if c.name in throws and c.rank != JOKER_RANK
        ]
        if not pool:
            pool = [c for c in hand if c.name in throws]
        if len(pool) == 1:
            card = pool[0]
            return Decision(throws[card.name], f"discard {card.name}: {self._throw_reason(card, split)}")
        if self.level == "easy":
            card = turn.rng.choice(pool) if turn.rng.random() < 0.3 else max(pool, key=self.value)
            return Decision(throws[card.name], f"discard {card.name}")
        others_seats = [s for s in turn.view.seats if s.seat != turn.seat and s.active]
        near_end = min((s.card_count for s in others_seats), default=13)
        weight = 3.0 if near_end <= 3 else self.potential_weight
        # where only opened players may take the discard, nobody can take it from us while
        # every opponent is unopened: a card that fits the table is then as safe as any
        takeable = not (self.untakeable_is_safe and self.t.take_needs_open) or any(
            "opened" in s.badges for s in others_seats
        )
        threat = (
            not opened
            and self.threat_cards > 0
            and any("opened" in s.badges and s.card_count <= self.threat_cards for s in others_seats)
        )
        points = self.threat_value if threat else 1.0
        scored = []
        rest = list(split.deadwood)
        for card in pool:
            others = [c for c in rest if c is not card]
            score = points * self.value(card) - weight * self._potential(card, others, turn)
            if takeable and self._fits(card, table):
                score -= 6  # another player may take it to lay off
            if self.level == "hard" and takeable:
                score -= self._danger(card, turn)
            scored.append((score, -card.key, card))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        card = scored[0][2]
        why = f"discard {card.name}: {self._throw_reason(card, split)}"
        if threat and self.value(card) >= 10:
            why += "; an opened player is close to going out, so high cards go first"
        return Decision(throws[card.name], why)

    def _throw_reason(self, card: Card, split: Split) -> str:
        if any(c is card for c in split.deadwood):
            return f"it is loose and costs {self.value(card)}"
        return "every card is in a meld, but a turn must end with a discard; this one is spared most easily"

    def _potential(self, card: Card, others: Sequence[Card], turn: Turn) -> float:
        """How much ``card`` helps the other loose cards towards a meld (pairs, near runs)."""
        score = 0.0
        seen = self._seen(turn) if self.level == "hard" else None
        for o in others:
            if o.rank == JOKER_RANK:
                continue
            if o.rank == card.rank and o.suit != card.suit:
                live = 1.0 if seen is None else self._live_set(card.rank, {card.suit, o.suit}, seen)
                score += live
            else:
                d = _adjacent(card, o)
                if d:
                    score += (1.0 if d == 1 else 0.6) * (
                        1.0 if seen is None else self._live_run(card, o, seen)
                    )
        return min(score, 1.5)

    def _seen(self, turn: Turn) -> dict[int, int]:
        """How many copies of each card (by key) the seat has seen: own hand, table melds,
        the top of the pile and the cards thrown this deal."""
        counts: dict[int, int] = {}
        names = [*turn.view.hand]
        for m in turn.view.melds:
            names.extend(m.cards)
        for cards in self.tracker.threw.values():
            names.extend(c.name for c in cards)
        for name in names:
            key = parse_card(name).key
            counts[key] = counts.get(key, 0) + 1
        return counts

    @staticmethod
    def _live_set(rank: int, suits: set[str], seen: dict[int, int]) -> float:
        left = 0
        for s in "SHDC":
            if s not in suits:
                left += max(0, 2 - seen.get(Card(rank, s).key, 0))
        return min(1.0, left / 2)

    @staticmethod
    def _live_run(a: Card, b: Card, seen: dict[int, int]) -> float:
        lo, hi = sorted((a.rank, b.rank))
        wanted = [lo - 1, hi + 1] if hi - lo == 1 else [lo + 1]
        left = 0
        for r in wanted:
            r = 1 if r == 14 else r
            if 1 <= r <= 13:
                left += max(0, 2 - seen.get(Card(r, a.suit).key, 0))
        return min(1.0, left / 2)

    def _danger(self, card: Card, turn: Turn) -> float:
        """How likely the next players want ``card``, from what they took and threw."""
        danger = 0.0
        names = {s.seat: s.name for s in turn.view.seats}
        for seat, name in names.items():
            if seat == turn.seat:
                continue
            for c in self.tracker.took.get(name, []):
                if c.rank == card.rank or _adjacent(c, card):
                    danger += 4.0
            for c in self.tracker.threw.get(name, [])[-6:]:
                if c.rank == card.rank or _adjacent(c, card) == 1:
                    danger -= 1.5
        return danger

    def _fallback(self, moves: Sequence[Move]) -> Decision:
        """No discard is allowed (a taken card must be used first): use it."""
        for kind in ("meld", "layoff", "swap"):
            for m in moves:
                if m.kind == kind:
                    return Decision(m, f"{kind} with the card that must be used this turn")
        other = next((m for m in moves if m.kind != "cancel"), moves[0])
        return Decision(other, "the only way on")


HOLD_WHY = "hold the opening back: you could open, but going out all at once later scores far more"
"""What a hint says when it holds an opening back (a new player's first question is why)."""
HOLD_THREAT = 1
"""An opened player with this many cards or fewer may go out next turn: a hard hand that
could open stops holding back for going out at once then."""


def arrange_names(hand: Sequence[str], traits: RummyTraits) -> tuple[list[list[str]], list[str]]:
    """The hand's best melds (most valuable first) and its loose cards by suit and rank,
    as card names."""
    cards = physical(hand)
    split = split_hand(cards, traits.mrules, traits.value)
    groups = sorted(split.groups, key=traits.meld_points, reverse=True)
    loose = sorted(split.deadwood, key=lambda c: (c.rank == JOKER_RANK, c.suit_index, c.rank))
    return [[c.name for c in g.cards] for g in groups], [c.name for c in loose]


def _opening(fact: str | None, minimum: int) -> tuple[int, int]:
    """(points laid this turn towards opening, the minimum) from the view's 'opening' fact."""
    if not fact:
        return 0, minimum
    made, _, need = fact.partition("/")
    try:
        return int(made), int(need)
    except ValueError:
        return 0, minimum


def _names(cards: Iterable[Card]) -> str:
    return " ".join(c.name for c in cards)


def _tokens(meld: Meld) -> str:
    """A meld as the move names it: a joker with the card it stands for ("9S JK=9H 9C")."""
    return " ".join(meld.tokens())


__all__ = [
    "RummyPolicy",
    "RummyTraits",
    "Split",
    "Tracker",
    "arrange_names",
    "meld_of_view",
    "physical",
    "split_hand",
]
