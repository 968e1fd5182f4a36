"""Gin Rummy's scoring: a hand ended by a knock, gin, big gin or an empty stock, and the
bonuses that end the game (``GinScoring``, a part of ``GinRummy``)."""

from __future__ import annotations

from cardtable.engine.cards import names
from cardtable.engine.game import Outcome

from .deadwood import card_value
from .state import GinState


class GinScoring(GinState):
    """Scoring a hand once it ends, and the game once a player reaches the target."""

    def _settle(self) -> None:
        """Score the hand that was just ended by a knock, gin or big gin."""
        knocker, defender = self._sides()
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
            # the sum, not "scores 4 = 4." (issue 24 item 14)
            text = (
                f"{kname} knocks with {kd} ({names(self.hands[knocker])}); {left}: {kname} scores {dd} - {kd}"
            )
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
        row = [0 for _ in self._seats]
        row[winner] = points
        self.wins[winner] += 1
        self._end_hand(row, text, winner)

    def _drawn_hand(self) -> None:
        text = f"The stock is down to {len(self.stock)} cards: the hand is a draw, nobody scores."
        self._end_hand([0 for _ in self._seats], text, None)

    def _end_hand(self, row: list[int], text: str, winner: int | None) -> None:
        for s in self._seats:
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
            self.dealer = self._next_seat(self.dealer)
        elif winner is not None:
            self.dealer = winner if mode == "winner" else self._next_seat(winner)  # the loser, of two
        self.cur = self._next_seat(self.dealer)
        self.phase_ = "deal-over"
        limit = self.rules.max_hands
        if over:
            assert winner is not None
            self._finish((winner,), f"{self.players[winner]} reached {target} points")
        elif limit and len(self.rows) >= limit:
            top = max(self.total)
            leaders = tuple(s for s in self._seats if self.total[s] == top)
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
        loser = self._next_seat(winner)  # Gin Rummy has two players: the other one lost
        shutout = rules.shutout_doubles and self.total[loser] == 0
        base = self.total[winner] + rules.game_bonus
        if shutout:
            base *= 2
        final = [0 for _ in self._seats]
        final[winner] = base + rules.line_bonus * self.wins[winner]
        final[loser] = self.total[loser] + rules.line_bonus * self.wins[loser]
        parts = [f"game bonus {rules.game_bonus}"]
        if shutout:
            parts.append("doubled for the shutout")
        parts.append(
            "line bonuses "
            + ", ".join(f"{self.players[s]} {self.wins[s]} × {rules.line_bonus}" for s in (winner, loser))
        )
        for s in self._seats:
            row[s] += final[s] - self.total[s]
            self.total[s] = final[s]
        final_text = ", ".join(f"{self.players[s]} {self.total[s]}" for s in self._seats)
        return f"{self.players[winner]} wins the game: {'; '.join(parts)}. Final: {final_text}."
