"""Chips: stacks, antes and blinds, betting rounds, all-in, side pots and split pots.

Game-independent and fast (slots and ints, no Pydantic): a poker game keeps one
:class:`ChipTable` per hand and asks it what each seat may do. The rules are those of
``shared/rules/joker-poker.md`` §7.8-7.9: fixed-limit, pot-limit and no-limit structures,
the raise cap, minimum raises, a short all-in that does not reopen the betting (or, with the
``half_bet`` rule in fixed limit, counts as a full bet when it is at least half of one),
uncalled bets returned, side pots built level by level and split with the odd chip going
clockwise from the button.

>>> t = ChipTable([100, 100, 100], button=0, structure="no_limit")
>>> t.post_antes(1)
>>> t.start_round(first=1, bet_size=2)
>>> t.to_act, t.options(1).min_to, t.options(1).max_to
(1, 2, 99)
>>> t.bet_to(1, 10); t.fold(0) if t.call(2) == 10 else None
>>> t.round_over(), t.pot_total(), t.stacks
(True, 23, [99, 89, 89])
>>> [(p.amount, p.eligible) for p in t.pots()]
[(23, (1, 2))]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

Structure = Literal["fixed_limit", "pot_limit", "no_limit"]
"""How much a seat may bet: one fixed size, up to the pot, or up to the whole stack."""
ShortAllIn = Literal["full_bet", "half_bet"]
"""When an all-in short of a full raise reopens the betting (§7.8)."""

__all__ = [
    "ChipTable",
    "Options",
    "Pot",
    "ShortAllIn",
    "Structure",
    "build_pots",
    "odd_chip_order",
    "split_pot",
]


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the seats that may win it (in seat order)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Options:
    """What the seat to act may do: ``to_call`` (0: it may check), whether it may fold, and
    the round totals it may bet or raise to (``min_to``..``max_to``; both None when it may
    not bet or raise). ``all_in_to`` is the round total of going all-in, ``all_in`` whether
    that is allowed now (it always is as a call; as a bet or raise only where one is)."""

    to_call: int
    may_fold: bool
    min_to: int | None
    max_to: int | None
    all_in_to: int
    all_in: bool
    raising: bool
    """A bet or raise would be a raise (there is a bet to call), not an opening bet."""


def odd_chip_order(button: int, seats: int) -> list[int]:
    """The seats clockwise from the button's left, the button last: the order odd chips go.

    >>> odd_chip_order(0, 4)
    [1, 2, 3, 0]
    """
    return [(button + k) % seats for k in range(1, seats + 1)]


def split_pot(amount: int, winners: Sequence[int], button: int, seats: int) -> dict[int, int]:
    """Divide ``amount`` equally among ``winners``; the remainder goes one chip each to the
    winners in seat order clockwise from the button (JP-29).

    >>> split_pot(25, [1, 3], button=0, seats=4)     # P2 and P4 tie, P1 has the button
    {1: 13, 3: 12}
    >>> split_pot(10, [0, 2, 3], button=2, seats=4)
    {0: 3, 2: 3, 3: 4}
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    share, odd = divmod(amount, len(winners))
    out = {w: share for w in sorted(winners)}
    chosen = set(winners)
    for s in odd_chip_order(button, seats):
        if odd == 0:
            break
        if s in chosen:
            out[s] += 1
            odd -= 1
    return out


def build_pots(contributed: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """The main pot and side pots of §7.9 from each seat's whole-hand contribution.

    Levels are the totals of the all-in seats and the largest total of any unfolded seat;
    each pot takes every seat's chips between the previous level and its own, and is open to
    the unfolded seats that reached the level. Chips a folded seat put in above every level
    join the top pot. A pot with one eligible seat is that seat's uncalled chips (the caller
    gives them back). Worked example JP-23:

    >>> pots = build_pots([20, 50, 80, 80, 10], [False] * 4 + [True], [True, True, True, False, False])
    >>> [(p.amount, p.eligible) for p in pots]
    [(90, (0, 1, 2, 3)), (90, (1, 2, 3)), (60, (2, 3))]
    """
    n = len(contributed)
    live = [s for s in range(n) if not folded[s]]
    if not live:
        return [Pot(sum(contributed), ())] if sum(contributed) else []
    levels = sorted({contributed[s] for s in live if all_in[s]} | {max(contributed[s] for s in live)})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributed)
        eligible = tuple(s for s in live if contributed[s] >= level)
        if amount:
            pots.append(Pot(amount, eligible))
        prev = level
    rest = sum(c - min(c, prev) for c in contributed)
    if rest:
        top = pots[-1] if pots else Pot(0, tuple(live))
        pots[-1:] = [Pot(top.amount + rest, top.eligible)]
    return pots


class ChipTable:
    """The chips of one hand: stacks behind, what each seat put in (this round and the whole
    hand), who folded, and the betting round in progress.

    Seats not ``dealt`` take no part (busted). All amounts are whole chips. The caller checks
    :meth:`options` before each action (the game's rules do); the actions assert legality.
    """

    __slots__ = (
        "acted",
        "acted_full",
        "bet_size",
        "button",
        "cap",
        "capped",
        "committed",
        "contributed",
        "current_bet",
        "dealt",
        "folded",
        "full_count",
        "half_bet",
        "last_raise",
        "n",
        "raises",
        "stacks",
        "structure",
        "to_act",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        button: int,
        structure: Structure = "fixed_limit",
        *,
        dealt: Sequence[bool] | None = None,
        raise_cap: int = 4,
        short_all_in: ShortAllIn = "full_bet",
    ) -> None:
        self.n = len(stacks)
        self.stacks = list(stacks)
        self.button = button
        self.structure: Structure = structure
        self.dealt = list(dealt) if dealt is not None else [s > 0 for s in stacks]
        self.folded = [not d for d in self.dealt]
        self.contributed = [0] * self.n
        self.committed = [0] * self.n
        self.cap = raise_cap
        self.half_bet = short_all_in == "half_bet" and structure == "fixed_limit"
        self.current_bet = 0
        self.last_raise = 0
        self.bet_size = 0
        self.raises = 0
        """Full bets and raises this round (the fixed-limit cap counts them)."""
        self.capped = False
        self.full_count = 0
        self.acted = [False] * self.n
        self.acted_full = [0] * self.n
        """The value of :attr:`full_count` when each seat last acted: a seat may raise only
        after a full bet or raise it has not yet answered."""
        self.to_act: int | None = None

    def copy(self) -> ChipTable:
        """An independent copy."""
        new = object.__new__(ChipTable)
        for name in ChipTable.__slots__:
            value = getattr(self, name)
            setattr(new, name, list(value) if isinstance(value, list) else value)
        return new

    def state(self) -> tuple[object, ...]:
        """Every value of the table, comparable (for snapshots)."""
        return tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, k) for k in ChipTable.__slots__)
        )

    # ------------------------------------------------------------------ who is in
    def in_hand(self, seat: int) -> bool:
        """``seat`` was dealt in and has not folded."""
        return not self.folded[seat]

    def is_all_in(self, seat: int) -> bool:
        """``seat`` is in the hand with no chips behind."""
        return not self.folded[seat] and self.stacks[seat] == 0

    def live(self) -> list[int]:
        """Seats in the hand that can still bet (not folded, not all-in)."""
        return [s for s in range(self.n) if not self.folded[s] and self.stacks[s] > 0]

    def unfolded(self) -> list[int]:
        """Seats still in the hand (all-in ones included)."""
        return [s for s in range(self.n) if not self.folded[s]]

    def pot_total(self) -> int:
        """Every chip in the middle (this round's bets included)."""
        return sum(self.contributed)

    def total(self) -> int:
        """Stacks plus the middle: constant through a hand (chips are conserved)."""
        return sum(self.stacks) + sum(self.contributed)

    # ------------------------------------------------------------------ forced bets
    def _put(self, seat: int, amount: int, round_bet: bool = True) -> int:
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.contributed[seat] += amount
        if round_bet:
            self.committed[seat] += amount
        return amount

    def post_antes(self, ante: int) -> None:
        """Every seat in the hand antes (a short stack posts what it has and is all-in). Antes
        go to the pot, not to the round's bets."""
        for s in range(self.n):
            if self.dealt[s] and not self.folded[s]:
                self._put(s, ante, round_bet=False)

    def post_blind(self, seat: int, amount: int) -> int:
        """``seat`` posts a blind of ``amount`` (or all it has) as a bet of round 1; returns
        what was posted. Call before :meth:`start_round` with ``blind``."""
        return self._put(seat, amount)

    # ------------------------------------------------------------------ rounds
    def start_round(self, first: int, bet_size: int, blind: int = 0) -> None:
        """Begin a betting round: ``first`` acts first (or the next seat that can), the
        round's bet size (fixed limit: the bet; otherwise the minimum), and ``blind`` the big
        blind when blinds were posted (it counts as the opening bet)."""
        if not blind:
            self.committed = [0] * self.n
        self.bet_size = bet_size
        self.current_bet = blind
        self.last_raise = blind
        self.raises = 1 if blind else 0
        self.full_count = 1 if blind else 0
        self.capped = False
        self.acted = [False] * self.n
        self.acted_full = [0] * self.n
        self.to_act = None
        self._advance(first, include=True)

    def _needs_action(self, s: int) -> bool:
        if self.folded[s] or self.stacks[s] == 0:
            return False
        return not self.acted[s] or self.committed[s] < self.current_bet

    def round_over(self) -> bool:
        """No seat has anything left to decide in this round."""
        return self.to_act is None

    def _advance(self, start: int, include: bool = False) -> None:
        if self.folded.count(False) <= 1:  # as len(unfolded()), without the list
            self.to_act = None
            return
        live = self.live()
        if len(live) == 1 and self.committed[live[0]] >= self.current_bet:
            self.to_act = None  # nobody left to bet against
            return
        for k in range(0 if include else 1, self.n + 1):
            s = (start + k) % self.n
            if self._needs_action(s):
                self.to_act = s
                return
        self.to_act = None

    def _size(self) -> int:
        return self.bet_size

    def _cap_reached(self) -> bool:
        if self.structure != "fixed_limit":
            return False
        if self.capped:
            return True
        return self.folded.count(False) > 2 and self.raises >= 1 + self.cap

    def options(self, seat: int) -> Options:
        """What ``seat`` may do now (see :class:`Options`)."""
        to_call = max(0, self.current_bet - self.committed[seat])
        stack = self.stacks[seat]
        all_in_to = self.committed[seat] + stack
        may_raise = (
            stack > to_call
            and not self._cap_reached()
            and (not self.acted[seat] or self.acted_full[seat] < self.full_count)
        )
        lo = hi = None
        if may_raise:
            size = self._size()
            if self.current_bet == 0:
                lo = size
            else:
                lo = self.current_bet + (
                    size if self.structure == "fixed_limit" else max(self.last_raise, size)
                )
            if self.structure == "fixed_limit":
                hi = lo
            elif self.structure == "pot_limit":
                hi = self.current_bet + self.pot_total() + to_call
            else:
                hi = all_in_to
            hi = min(hi, all_in_to)
            lo = min(lo, hi)
            if lo >= all_in_to:
                lo = hi = None  # only an all-in is left
        all_in = stack > 0 and (stack <= to_call or (may_raise and (hi is None or all_in_to <= hi)))
        return Options(to_call, to_call > 0, lo, hi, all_in_to, all_in, self.current_bet > 0)

    # ------------------------------------------------------------------ actions
    def _acted(self, seat: int) -> None:
        self.acted[seat] = True
        self.acted_full[seat] = self.full_count
        self._advance(seat)

    def check(self, seat: int) -> None:
        """``seat`` checks (nothing to call)."""
        assert self.current_bet <= self.committed[seat], "a check with a bet to call"
        self._acted(seat)

    def call(self, seat: int) -> int:
        """``seat`` calls (all it has if that is less); returns the chips put in."""
        put = self._put(seat, self.current_bet - self.committed[seat])
        self._acted(seat)
        return put

    def fold(self, seat: int) -> None:
        """``seat`` folds: its chips stay in the pot."""
        self.folded[seat] = True
        self.acted[seat] = True
        self._advance(seat)

    def bet_to(self, seat: int, total: int) -> None:
        """``seat`` bets or raises to a round total of ``total`` (or goes all-in for it).

        A raise of at least a full raise (a bet of at least the bet size) reopens the betting;
        a shorter all-in does not (with ``half_bet`` in fixed limit, half a bet is enough).
        """
        before = self.current_bet
        self._put(seat, total - self.committed[seat])
        total = self.committed[seat]
        if total > before:
            increase = total - before
            full = max(self.last_raise, self.bet_size) if before else self.bet_size
            if self.structure == "fixed_limit":
                full = self.bet_size
            is_full = increase >= full or (self.half_bet and 2 * increase >= self.bet_size)
            self.current_bet = total
            if is_full:
                self.last_raise = max(increase, full) if self.structure == "fixed_limit" else increase
                self.full_count += 1
                self.raises += 1
                if (
                    self.structure == "fixed_limit"
                    and len(self.unfolded()) > 2
                    and self.raises >= 1 + self.cap
                ):
                    self.capped = True
        self._acted(seat)

    def all_in(self, seat: int) -> None:
        """``seat`` puts in its whole stack: a call, bet or raise by its size."""
        self.bet_to(seat, self.committed[seat] + self.stacks[seat])

    # ------------------------------------------------------------------ the end
    def refund_uncalled(self) -> tuple[int, int] | None:
        """Give back the part of the largest contribution nobody matched; returns (seat,
        chips) or None."""
        unfolded = self.unfolded()
        if not unfolded:
            return None
        order = sorted(range(self.n), key=lambda s: -self.contributed[s])
        top = order[0]
        second = self.contributed[order[1]] if self.n > 1 else 0
        extra = self.contributed[top] - second
        if extra <= 0 or self.folded[top]:
            return None
        self.contributed[top] -= extra
        self.committed[top] = max(0, self.committed[top] - extra)
        self.stacks[top] += extra
        return top, extra

    def pots(self) -> list[Pot]:
        """The main pot and the side pots now (see :func:`build_pots`)."""
        return build_pots(self.contributed, self.folded, [self.is_all_in(s) for s in range(self.n)])

    def award(self, beats: Callable[[Sequence[int]], Sequence[int]]) -> list[tuple[Pot, dict[int, int]]]:
        """Pay every pot, from the last side pot down to the main pot: ``beats(eligible)``
        names the winners among the eligible seats (several on a tie). Each pot is split on
        its own (odd chips clockwise from the button). Returns each pot and its payouts; the
        middle is empty afterwards.
        """
        paid: list[tuple[Pot, dict[int, int]]] = []
        for pot in reversed(self.pots()):
            eligible = pot.eligible or tuple(self.unfolded())
            winners = list(beats(eligible)) if len(eligible) > 1 else list(eligible)
            shares = split_pot(pot.amount, winners, self.button, self.n)
            for s, chips in shares.items():
                self.stacks[s] += chips
            paid.append((pot, shares))
        self.contributed = [0] * self.n
        self.committed = [0] * self.n
        return paid
