"""Five Hundred's scoring at the end of a deal (the Avondale values, slams, the defenders'
tricks) and the end of the match (500 up or down, and the variants of who may win): a part
of :class:`~cardtable.games.five_hundred.game.FiveHundred` kept apart by concern."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.game import Outcome
from cardtable.engine.seating import Seating
from cardtable.engine.words import plural

from .contract import HAND_SIZE, Bid
from .rules import FiveHundredRules


class Scoring:
    """The scoring methods of :class:`~cardtable.games.five_hundred.game.FiveHundred` (a
    mixin: it reads and writes the game's state, declared here for the type checker)."""

    n: int
    players: tuple[str, ...]
    rules: FiveHundredRules
    seating: Seating
    tricks: list[int]
    total: list[int]
    rows: list[tuple[int, ...]]
    contract: Bid | None
    contractor: int | None
    deal_no: int
    dealer: int
    cur: int
    result: str
    phase_: str
    _outcome: Outcome | None

    if TYPE_CHECKING:  # the game's own methods, which these call

        def contract_side(self) -> tuple[int, ...]: ...
        def side_of(self, seat: int) -> tuple[int, ...]: ...
        def does(self, seat: int, verb: str) -> str: ...
        def _say(self, text: str) -> None: ...

    def _sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides of this deal: the contractor's side, then the others."""
        if self.contractor is None:
            return self.seating.sides
        mine = self.contract_side()
        if self.seating.teams:
            return (mine, *[t for t in self.seating.teams if not set(t) & set(mine)])
        return (mine, *[(s,) for s in range(self.n) if s not in mine])

    def _end_deal(self) -> None:
        rules = self.rules
        n = self.n
        row = [0] * n
        contract, seat = self.contract, self.contractor
        per_trick = rules.defender_tricks
        parts: list[str] = []
        taken = {side: sum(self.tricks[s] for s in side) for side in self._sides()}
        target = rules.target

        def give(side: tuple[int, ...], points: int, defending: bool) -> None:
            if defending and rules.contractor_only_wins:
                room = max(0, target - 10 - self.total[side[0]])
                points = min(points, room)
            for s in self._scorers(side):
                row[s] += points

        if contract is None or seat is None:
            for side, won in taken.items():
                give(side, 10 * won, True)
            parts.append("no contract: each side scores 10 a trick")
        else:
            mine = self.contract_side()
            won = taken[mine]
            made = won == 0 if contract.misere else won >= contract.tricks
            value = contract.value
            if made and not contract.misere and won == HAND_SIZE and rules.slam_bonus and value < 250:
                value = 250
                parts.append("a slam scores 250")
            give(mine, value if made else -value, False)
            verb = "makes" if made else "fails"
            who = f"{self._names(mine)} {verb[:-1]}" if len(mine) > 1 else self.does(mine[0], verb)
            sign = "+" if made else "-"
            parts.append(f"{who} {contract.label} with {plural(won, 'trick')}: {sign}{value}")
            if not contract.misere or rules.misere_defender_tricks:
                for side, got in taken.items():
                    if side != mine and got and per_trick:
                        give(side, per_trick * got, True)
                        names = " and ".join(self.players[s] for s in side)
                        parts.append(f"{names} {per_trick * got} for {plural(got, 'trick')}")
        self.rows.append(tuple(row))
        for s in range(n):
            self.total[s] += row[s]
        self.result = f"Deal {self.deal_no}: " + "; ".join(parts) + "."
        self._say(self.result)
        self.phase_ = "deal-over"
        self.cur = (self.dealer + 1) % n
        self._settle_match()

    def _scorers(self, side: tuple[int, ...]) -> tuple[int, ...]:
        """The seats whose score a side's points go to: with teams, the whole team of each
        member (a team shares one score); without, the side's seats."""
        if not self.seating.teams:
            return side
        out: set[int] = set()
        for s in side:
            out.update(self.side_of(s))
        return tuple(sorted(out))

    def _settle_match(self) -> None:
        target = self.rules.target
        sides = self.seating.sides
        score = {side: self.total[side[0]] for side in sides}
        reached = [side for side in sides if score[side] >= target]
        mine = self.contract_side()
        winners: tuple[int, ...] = ()
        reason = ""
        if reached:
            own = [side for side in reached if set(side) & set(mine)]
            if own and len(reached) > 1:
                winners = tuple(s for side in own for s in side)
                reach, win = self._says(winners, "reach"), self._says(winners, "win")
                reason = f"{self._names(winners)} {reach} {target} on their own contract and {win}"
            else:
                top = max(score[side] for side in reached)
                winners = tuple(s for side in reached if score[side] == top for s in side)
                reach, win = self._says(winners, "reach"), self._says(winners, "win")
                reason = f"{self._names(winners)} {reach} {top} and {win}"
        else:
            lost = [side for side in sides if score[side] <= -target]
            if lost:
                others = [side for side in sides if side not in lost]
                if others:
                    top = max(score[side] for side in others)
                    winners = tuple(s for side in others if score[side] == top for s in side)
                fallen = tuple(s for side in lost for s in side)
                fall, lose = self._says(fallen, "fall"), self._says(fallen, "lose")
                reason = f"{self._names(fallen)} {fall} to -{target} and {lose}" + (
                    f"; {self._names(winners)} {self._says(winners, 'win')}" if winners else ""
                )
        if reason:
            self.phase_ = "match-over"
            self._outcome = Outcome(tuple(sorted(winners)), reason, tuple(self.total))
            self._say(f"Match over: {reason}.")

    def _names(self, seats: Sequence[int]) -> str:
        return " and ".join(self.players[s] for s in seats)

    @staticmethod
    def _says(seats: Sequence[int], verb: str) -> str:
        """The verb agreeing with the seats named: 'Bot 3 reaches', 'Ann and Cy reach'."""
        return verb if len(seats) > 1 else verb + ("es" if verb.endswith("ch") else "s")
