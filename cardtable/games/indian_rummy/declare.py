"""Indian Rummy's declaration: how a shown hand is grouped and judged.

A :class:`Judge` holds what judging depends on in a deal (the table's rules and the wild
rank the cut card gives): it finds the least-penalty grouping of a hand (the shared solver,
read by this game's rules: joker groups, sets above four, spare wild cards), judges groups a
player shows, and says what a loser's cards cost. A :class:`Verdict` is its answer.

>>> from cardtable.engine.cards import parse_cards
>>> from cardtable.games.indian_rummy.rules import IndianRummyRules
>>> judge = Judge(IndianRummyRules(), 5)
>>> v = judge.best_grouping(parse_cards("AH 2H 3H 6S 7S 5D 9S KC KD KS 9H 9C JK"), declaring=True)
>>> v.valid, len(v.groups), v.points
(True, 4, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardtable.engine.cards import JOKER_RANK, SUITS, Card, card_of, names
from cardtable.engine.errors import IllegalMove
from cardtable.engine.moves import Move
from cardtable.engine.views import GroupingView
from cardtable.kits.rummy.arrange import Arrangement, Requirement, best_arrangement
from cardtable.kits.rummy.cover import may_group_all
from cardtable.kits.rummy.grouping import grouping_view
from cardtable.kits.rummy.melds import RUN, SET, Meld, MeldRules, build_meld

from .moves import Declare, OwnGroups, Show
from .rules import IndianRummyRules

HAND = 13
"""Cards dealt to each player (a player who has drawn holds one more)."""
VALUES = (0, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Penalty of a card left ungrouped, by rank (0 = printed joker); a wild rank counts 0."""
JOKERS = "jokers"
"""``Meld.kind`` of a group made only of wild cards (never a sequence)."""
NEED = Requirement(runs=2, pure_runs=1)
"""A declaration's life: two sequences, one of them pure."""
FOUR_CARD_NEED = Requirement(runs=2, pure_runs=1, long_run=4)
"""The life with ``four_card_life``: one of the two sequences of 4 cards or more."""

TOO_FEW_WILDS = "not every card can be in a group: filling the gaps needs more wild cards than the hand holds"
"""Why a declaration is wrong when its natural cards need more wild cards than it has."""

Shown = Sequence[tuple[Sequence[Card], Sequence[Card | None]]]
"""Groups as a player shows them: each group's cards and what each card is named to be."""

_MELD_RULES: dict[int, MeldRules] = {}


def meld_rules(wild_rank: int) -> MeldRules:
    """The groups of a deal whose wild rank is ``wild_rank`` (0: printed jokers only).

    Any number of wild cards per group, sets of 3-4 cards of different suits, A-2-3 and
    Q-K-A but never K-A-2. Joker groups and sets above four are judged by the game.

    >>> sorted(meld_rules(7).wild_ranks), meld_rules(0).max_wilds
    ([7], 13)
    """
    rules = _MELD_RULES.get(wild_rank)
    if rules is None:
        rules = _MELD_RULES[wild_rank] = MeldRules(
            max_wilds=13,
            set_max=4,
            wild_ranks=frozenset({wild_rank}) if wild_rank else frozenset(),
            allow_all_wild=False,
            name_set_wilds=False,
            ace_both_ends="never",
        )
    return rules


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judged show: the groups (valid ones only), the cards in no valid group, whether the
    groups hold the required sequences (``life``), the points these cards cost a loser
    (capped) and, for a declaration, whether it is valid and why not. A declaration seen to
    be wrong at a glance (a card no group can take, too few wild cards to group them all)
    carries no groups and 0 points."""

    groups: tuple[Meld, ...]
    loose: tuple[Card, ...]
    life: bool
    points: int
    valid: bool
    reason: str


class Judge:
    """The judge of one deal's shows: the table's ``rules`` and the deal's ``wild_rank``
    (0: only the printed jokers are wild) fix the groups and the cards' values."""

    def __init__(self, rules: IndianRummyRules, wild_rank: int) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        self.mrules = meld_rules(wild_rank)
        vals = list(VALUES)
        vals[wild_rank] = 0
        self.vals = tuple(vals)

    def meld_points(self, meld: Meld) -> int:
        """What a group's cards would cost if left ungrouped (what grouping them saves)."""
        return self._count(meld.cards)

    def card_value(self, card: Card) -> int:
        """A card's penalty this deal: A K Q J 10, 2-10 face value, wild cards 0."""
        return self.vals[card.rank]

    def _count(self, cards: Sequence[Card]) -> int:
        vals = self.vals
        return sum(vals[c.rank] for c in cards)

    def is_pure(self, meld: Meld) -> bool:
        """Whether a sequence is pure: no card stands in for another (a wild-rank card in its
        own place is natural unless ``wild_in_natural_place_is_pure`` is off)."""
        if meld.kind != RUN:
            return False
        if self.rules.wild_in_natural_place_is_pure:
            return all(c.key == r.key for c, r in zip(meld.cards, meld.reps, strict=True))
        is_wild = self.mrules.is_wild
        return not any(is_wild(c) for c in meld.cards)

    @property
    def life_need(self) -> Requirement:
        """The solver's requirement for a declaration's life at this table (with four-card
        life, one of the sequences of 4+ cards)."""
        return FOUR_CARD_NEED if self.rules.four_card_life else NEED

    def _has_life(self, groups: Sequence[Meld]) -> bool:
        """Two sequences or more, one of them pure (and one of 4+ cards with four_card_life)."""
        runs = [m for m in groups if m.kind == RUN]
        if len(runs) < 2 or not any(self.is_pure(m) for m in runs):
            return False
        return not self.rules.four_card_life or any(len(m.cards) >= 4 for m in runs)

    def best_grouping(self, cards: Sequence[Card], declaring: bool = False) -> Verdict:
        """The least-penalty grouping of ``cards`` (a 13-card hand), found exactly by the shared
        solver, and judged: a valid declaration when every card is grouped with the required
        sequences; else what the cards cost a loser.

        The solver's requirement is the life (two sequences, one pure, one of 4+ cards with
        four-card life); it never counts a group of wild cards only as a sequence.
        """
        if not self._may_have_pure(cards):
            return self._verdict((), cards, cards, False)  # no pure sequence: every card counts
        if declaring:
            lonely = self._lonely(cards)
            if lonely is not None:  # a card no group can take: the show is wrong, whatever the rest
                return Verdict((), tuple(cards), False, 0, False, f"{lonely.name} fits in no group")
            if not may_group_all(cards, self.mrules):  # too few wild cards to fill the gaps
                return Verdict((), tuple(cards), False, 0, False, TOO_FEW_WILDS)
        arr = self._solve(cards, self.life_need, self._base_pure())
        if not arr.ok:
            return self._verdict(arr.groups, arr.deadwood, cards, False)
        groups, loose = self._normalize(arr.groups, arr.deadwood)
        return self._verdict(groups, loose, cards, self._has_life(groups))

    def _may_have_pure(self, cards: Sequence[Card]) -> bool:
        """Whether three natural cards of one suit in sequence are there (a pure sequence is
        possible): a quick test that spares the solver most hopeless hands."""
        masks = [0, 0, 0, 0]
        wild = self.wild_rank if not self.rules.wild_in_natural_place_is_pure else -1
        for c in cards:
            r = c.rank
            if r in (JOKER_RANK, wild):
                continue
            masks[c.suit_index] |= (1 << r) | (1 << 14 if r == 1 else 0)
        return any(m & (m >> 1) & (m >> 2) for m in masks)

    def _lonely(self, cards: Sequence[Card]) -> Card | None:
        """A natural card that no group of these cards can hold (None if each may be in one):
        a quick test that spares the solver most wrong declarations."""
        is_wild = self.mrules.is_wild
        wild = sum(1 for c in cards if is_wild(c))
        if wild >= 2:
            return None  # any card makes a sequence with two wild cards
        by_rank: dict[int, set[str]] = {}
        places: dict[str, set[int]] = {}
        for c in cards:
            if c.rank == JOKER_RANK:
                continue
            places.setdefault(c.suit, set()).update((c.rank, 14) if c.rank == 1 else (c.rank,))
            if not is_wild(c):
                by_rank.setdefault(c.rank, set()).add(c.suit)
        for c in cards:
            if is_wild(c):
                continue
            suits = len(by_rank[c.rank])
            own = places[c.suit]
            spots = (1, 14) if c.rank == 1 else (c.rank,)
            if wild:
                near = any(p + d in own for p in spots for d in (-2, -1, 1, 2))
                if suits < 2 and not near:
                    return c
            elif suits < 3 and not any(
                {p + a, p + b} <= own for p in spots for a, b in ((-2, -1), (-1, 1), (1, 2))
            ):
                return c
        return None

    def _base_pure(self) -> Callable[[Meld], bool] | None:
        """The solver's purity test: its default (a wild-rank card in its place is natural),
        or none of the wild cards at all with ``wild_in_natural_place_is_pure`` off."""
        return None if self.rules.wild_in_natural_place_is_pure else self.is_pure

    def _solve(
        self, cards: Sequence[Card], need: Requirement, pure: Callable[[Meld], bool] | None
    ) -> Arrangement:
        return best_arrangement(cards, self.mrules, self.card_value, need=need, pure=pure)

    def _normalize(self, groups: Sequence[Meld], loose: Sequence[Card]) -> tuple[list[Meld], list[Card]]:
        """The solver's groups read by this game's rules: a group of wild cards only is a set
        of the wild rank or a joker group (or, without joker groups, spare cards); spare wild
        cards then go into a sequence when the required ones are there (they cost nothing but
        a declaration must group every card)."""
        is_wild = self.mrules.is_wild
        keep: list[Meld] = []
        spare: list[Card] = []
        for meld in groups:
            if all(is_wild(c) for c in meld.cards):
                again = self._group(meld.cards, (None,) * len(meld.cards))
                if isinstance(again, Meld):
                    keep.append(again)
                    continue
                spare.extend(meld.cards)
                continue
            keep.append(meld)
        wild_loose = spare + [c for c in loose if is_wild(c)]
        rest = [c for c in loose if not is_wild(c)]
        if wild_loose and self._has_life(keep):
            keep, wild_loose = self._place_spare_wilds(keep, wild_loose)
        return keep, rest + wild_loose

    def _place_spare_wilds(self, groups: list[Meld], spare: list[Card]) -> tuple[list[Meld], list[Card]]:
        """Put spare wild cards into the longest sequence that may take them (never the only
        pure one); failing that, three or more make a joker group."""
        pure_count = sum(self.is_pure(m) for m in groups)
        for meld in sorted(groups, key=lambda m: (m.kind != RUN, self.is_pure(m), -len(m.cards))):
            if meld.kind != RUN or (self.is_pure(meld) and pure_count < 2):
                continue
            grown = build_meld((*meld.cards, *spare), (*meld.reps, *(None,) * len(spare)), self.mrules)
            if isinstance(grown, Meld) and grown.kind == RUN:
                return [grown if m is meld else m for m in groups], []
        if len(spare) >= 3 and self.rules.allow_all_joker_group:
            return [*groups, Meld(JOKERS, tuple(spare), tuple(spare))], []
        return groups, spare

    def judge_groups(self, shown: Shown) -> list[Meld | str]:
        """Each shown group as a valid :class:`Meld` (kind ``run``, ``set`` or ``jokers``) or
        the sentence saying why it is not one."""
        return [self._group(cards, named) for cards, named in shown]

    def _group(self, cards: Sequence[Card], named: Sequence[Card | None]) -> Meld | str:
        label = names(cards)
        rules = self.mrules
        if len(cards) < 3:
            return f"{label} is too short: a group needs at least 3 cards"
        if all(rules.is_wild(c) for c in cards):
            as_set = self._set_of(cards, named, lambda c: c.rank == self.wild_rank and c.rank != JOKER_RANK)
            if as_set is not None:
                return as_set
            if not self.rules.allow_all_joker_group:
                return f"{label} is made only of wild cards: a joker group is not allowed at this table"
            if any(nm is not None for nm in named):
                return f"{label} is a group of wild cards only: its cards stand for nothing, do not name them"
            return Meld(JOKERS, tuple(cards), tuple(cards))
        built = build_meld(cards, named, rules)
        if isinstance(built, Meld):
            return built
        if self.rules.set_may_exceed_4_with_jokers and len(cards) > 4:
            big = self._set_of(cards, named, lambda c: not rules.is_wild(c))
            if big is not None:
                return big
        return built

    def _set_of(
        self, cards: Sequence[Card], named: Sequence[Card | None], natural: Callable[[Card], bool]
    ) -> Meld | None:
        """``cards`` as a set: the ``natural`` cards one rank and different suits, the others
        filling the missing suits (and, with ``set_may_exceed_4_with_jokers``, beyond four once
        all four suits are there). None when they are no such set."""
        nat = [i for i, c in enumerate(cards) if natural(c)]
        if not nat:
            return None
        rank = cards[nat[0]].rank
        suits = [cards[i].suit for i in nat]
        if any(cards[i].rank != rank for i in nat) or len(set(suits)) != len(suits):
            return None
        size = len(cards)
        if size > 4 and not self.rules.set_may_exceed_4_with_jokers:
            return None
        reps: dict[int, Card] = {i: cards[i] for i in nat}
        used = set(suits)
        fill = [i for i in range(size) if i not in reps]
        for i in fill:
            nm = named[i]
            if nm is not None:
                if nm.rank != rank or (nm.suit in used and len(used) < 4):
                    return None
                used.add(nm.suit)
                reps[i] = card_of(rank, nm.suit)
        free = [s for s in SUITS if s not in used]
        for i in fill:
            if i in reps:
                continue
            suit = free.pop(0) if free else SUITS[len(reps) % 4]
            reps[i] = card_of(rank, suit)
        order = sorted(range(size), key=lambda i: (reps[i].suit_index, i not in nat))
        return Meld(SET, tuple(cards[i] for i in order), tuple(reps[i] for i in order), rank=rank)

    def _verdict(
        self, groups: Sequence[Meld], loose: Sequence[Card], cards: Sequence[Card], life: bool
    ) -> Verdict:
        """Judge groups and the cards in no group: points a loser pays, and for a declaration
        whether it is valid and why not."""
        points = min(self._count(loose) if life else self._count(cards), self.rules.max_deal_penalty)
        valid = life and not loose
        reason = ""
        if not life:
            reason = "the groups do not hold two sequences, one of them pure"
            if self.rules.four_card_life:
                reason += ", one of them of 4 cards or more"
        elif loose:
            reason = f"{names(loose)} {'is' if len(loose) == 1 else 'are'} in no group"
        return Verdict(tuple(groups), tuple(loose), life, points, valid, reason)

    def judge_own(self, cards: Sequence[Card], shown: Shown) -> Verdict:
        """A show as the player grouped it: invalid groups count as ungrouped cards."""
        groups: list[Meld] = []
        loose: list[Card] = []
        bad: list[str] = []
        for (group, _), judged in zip(shown, self.judge_groups(shown), strict=True):
            if isinstance(judged, Meld):
                groups.append(judged)
            else:
                loose.extend(group)
                bad.append(judged)
        grouped = {c.id for m in groups for c in m.cards} | {c.id for c in loose}
        loose.extend(c for c in cards if c.id not in grouped)
        verdict = self._verdict(groups, loose, cards, self._has_life(groups))
        if bad and not verdict.valid:
            return Verdict(verdict.groups, verdict.loose, verdict.life, verdict.points, False, "; ".join(bad))
        return verdict

    def show(self, cards: Sequence[Card], own: OwnGroups | None, declaring: bool = False) -> Verdict:
        """A show of ``cards``: the best grouping (``own`` None) or the player's own groups."""
        if own is None:
            return self.best_grouping(cards, declaring)
        return self.judge_own(cards, physical(cards, own))

    def lacking(self, verdict: Verdict) -> str:
        """What keeps a grouping from being a valid show, briefly."""
        if verdict.life:
            return verdict.reason
        four = ", one of 4+ cards" if self.rules.four_card_life else ""
        return f"needs two sequences, one pure{four}"

    def panel(self, title: str, finish: Card | None, verdict: Verdict, summary: str) -> GroupingView:
        """The declare panel showing ``verdict`` (see :meth:`IndianRummy.grouping`)."""
        melds, loose = verdict.groups, verdict.loose
        if not melds and not verdict.life:
            # Without the required sequences every card counts, so the judged show has no
            # groups; the panel still shows what the hand holds so far.
            arr = self._solve(loose, Requirement(), self._base_pure())
            normal = self._normalize(arr.groups, arr.deadwood)
            melds, loose = tuple(normal[0]), tuple(normal[1])
        return grouping_view(title, finish, melds, loose, verdict.valid, summary, kind=self.kind_word)

    def kind_word(self, meld: Meld) -> str:
        """What a group is called at the table: pure sequence, sequence, set, joker group."""
        if meld.kind == RUN:
            return "pure sequence" if self.is_pure(meld) else "sequence"
        return "joker group" if meld.kind == JOKERS else "set"


def physical(hand: Sequence[Card], shown: Shown) -> list[tuple[tuple[Card, ...], tuple[Card | None, ...]]]:
    """The physical cards of ``hand`` that shown groups name (each card used once)."""
    pool = list(hand)
    out = []
    for cards, named in shown:
        phys = []
        for card in cards:
            k = next(i for i, h in enumerate(pool) if h.key == card.key)
            phys.append(pool.pop(k))
        out.append((tuple(phys), tuple(named)))
    return out


def is_own(move: Move) -> bool:
    """A ``declare`` or ``show`` that lists the player's own groups."""
    return (move.kind == "declare" and bool(move.groups)) or (
        move.kind == "show" and bool(move.groups or move.cards)
    )


def read_own(move: Move, hand: Sequence[Card]) -> Move:
    """The playable form of a ``declare`` or ``show`` with the player's own groups, from
    ``hand`` (:class:`IllegalMove` says why it cannot be played): a declaration puts the
    finish card alone and shows every other card; a show may leave cards out."""
    text = str(move)
    kind = move.kind
    parts = list(move.groups) if move.groups else [move]
    finish: Card | None = None
    if kind == "declare":
        singles = [g for g in parts if len(g.cards) == 1]
        if len(singles) != 1:
            raise IllegalMove(
                "put the finish card alone and then your groups, as in 'declare KS / AH 2H 3H / ...'",
                text,
            )
        if singles[0].named[0] is not None:
            raise IllegalMove("the finish card stands for nothing: do not name it", text)
        finish = singles[0].cards[0]
        parts = [g for g in parts if g is not singles[0]]
    for g in parts:
        if len(g.cards) < 3:
            raise IllegalMove(
                f"{' '.join(g.tokens())}: a group has at least 3 cards (leave ungrouped cards out)", text
            )
    listed = [c for g in parts for c in g.cards] + ([finish] if finish is not None else [])
    for card in listed:
        if sum(1 for h in hand if h == card) < sum(1 for c in listed if c == card):
            held = sum(1 for h in hand if h == card)
            more = "" if not held else f" {sum(1 for c in listed if c == card)} times (you hold {held})"
            raise IllegalMove(f"you do not hold {card.name}{more}", text, "hold")
    if kind == "declare" and len(listed) != len(hand):
        rest = list(hand)
        for card in listed:
            rest.remove(card)
        raise IllegalMove(
            f"a declaration shows every card: put {names(rest)} in a group (the finish card alone)",
            text,
        )
    groups = tuple(Move(kind, g.cards, g.named) for g in parts)
    if finish is not None:
        groups = (Move(kind, (finish,), (None,)), *groups)
    own = tuple((g.cards, g.named) for g in parts)
    if finish is not None:
        return Move(kind, groups=groups, payload=Declare(finish, own))
    if len(groups) == 1:
        return Move(kind, groups[0].cards, groups[0].named, payload=Show(own))
    return Move(kind, groups=groups, payload=Show(own))
