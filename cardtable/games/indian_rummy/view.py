"""What Indian Rummy's players see: the status line, the facts, the seats' badges and the
declare panel, built from the game's state (:class:`IndianViews`, a base of the game).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.cards import Card, one_of_each, rank_word
from cardtable.engine.views import FaceUpView, GroupingView, PlayerView
from cardtable.kits.rummy.grouping import meld_views
from cardtable.kits.rummy.turn import RummyGame

from .declare import HAND, Judge, Verdict
from .formats import CHIPS_PER_DEAL, FormatInfo
from .moves import waiting_for
from .rules import IndianRummyRules


class IndianViews(RummyGame):
    """The views of an Indian Rummy game (the state is the game's: see :mod:`.game`)."""

    rules: IndianRummyRules
    fmt: FormatInfo
    judge: Judge
    cut: Card
    wild_rank: int
    draws: list[int]
    notes: list[str]
    finish: list[Card]
    declarer: int | None
    rejoin_total: int
    deals_played: int

    def _drop_cost(self) -> int:
        """What a drop costs the seat to act now (first or middle drop)."""
        assert self.fmt.drops is not None
        return self.fmt.drops[0 if self.draws[self.cur] == 0 else 1]

    def _status(self, seat: int | None = None) -> str:
        """The status line: whose turn it is and what they may do (the same on every screen,
        whatever ``seat``)."""
        if (over := self._over_status()) is not None:
            return over
        if (waiting := waiting_for(self)) is not None:
            return waiting
        name = self.players[self.cur]
        if self.phase_ == "draw":
            options = "draw from the closed deck"
            if self._can_take():
                options += " or take the open card"
            if self.fmt.drops is not None:
                options += f", or drop ({self._drop_cost()})"
            return f"{name}: {options}"
        return f"{name}: discard a card, or declare with it when the other 13 are grouped"

    def _view(self, seat: int | None) -> PlayerView:
        """What ``seat`` sees: the rummy view with this game's facts, its groups named the
        Indian way, the cut card face up and the decks' names."""
        facts: dict[str, str] = {"format": self.fmt.title}
        if self.fmt.deals:
            facts["match"] = f"deal {self.deals_played + 1} of {self.fmt.deals}"
        if self.wild_rank:
            facts["wild"] = f"{rank_word(self.wild_rank)}s (cut card {self.cut.name})"
        else:
            facts["wild"] = f"printed jokers only (cut card {self.cut.name})"
        if self.fmt.limit:
            facts["out at"] = str(self.fmt.limit)
        if self.rules.format == "points":
            facts["point value"] = str(self.rules.point_value)
        if self.rules.format == "deals":
            start = CHIPS_PER_DEAL * self.fmt.deals
            facts["chips"] = " · ".join(
                f"{p} {start + t}" for p, t in zip(self.players, self.total, strict=True)
            )
        if self.phase_ == "draw" and self.fmt.drops is not None:
            facts["drop now"] = str(self._drop_cost())
        if self.bottom is not None:
            facts["closed deck bottom"] = self.bottom.name
        if self.finish:
            facts["finish card"] = self.finish[0].name
        own: dict[str, str] = {}
        taken = self.taken
        if (
            seat == self.to_act
            and self.phase_ == "play"
            and taken
            and not self.rules.may_discard_taken_open_card
        ):
            own["taken"] = f"{taken.name} (keep it this turn)"
        view = self._make_view(seat, self._status(), facts, own)
        melds = meld_views(self.melds_, self.judge.kind_word)
        wild = f"{rank_word(self.wild_rank)}s wild" if self.wild_rank else "jokers only"
        cut = FaceUpView(label="cut card", card=self.cut.name, note=wild)
        return view.model_copy(
            update={
                "melds": melds,
                "stock_label": "closed deck",
                "discard_label": "open deck",
                "face_up": (cut,),
            }
        )

    def _badges(self, seat: int) -> tuple[str, ...]:
        """Public facts shown beside a seat: dealer, out of the pool, dropped, wrong show, declared."""
        note = self.notes[seat]
        return tuple(
            b
            for b, on in (
                ("dealer", seat == self.dealer and self.phase_ not in ("deal-over", "match-over")),
                ("out of the pool", not self.active[seat] and bool(self.fmt.limit)),
                ("dropped", note.endswith("drop")),
                ("wrong show", note == "wrong show"),
                ("declared", note == "declared"),
            )
            if on
        )

    def _declare_panel(self, seat: int, hand: Sequence[Card], finish: Card | None) -> GroupingView:
        """The declare panel for ``seat`` (see :meth:`grouping`): with 14 cards the
        declaration with ``finish`` (or the cheapest one), else the best grouping of the hand."""
        playing = self.phase_ == "play" and seat == self.cur and len(hand) == HAND + 1
        showing = self.phase_ == "show" and seat == self.cur
        judge = self.judge
        if not playing:
            verdict = judge.best_grouping(hand)
            if showing:
                title, summary = "your show", f"showing now counts {verdict.points} points"
            elif verdict.valid:
                title, summary = (
                    "your groups",
                    "all 13 grouped: draw, then declare with the card you do not need",
                )
            else:
                title = "your groups"
                summary = (
                    f"not ready: {judge.lacking(verdict)} ({verdict.points} points if someone declares now)"
                )
            return self.judge.panel(title, None, verdict, summary)
        choices: list[Card] = []
        if finish is not None:
            choices = [c for c in hand if c.key == finish.key][:1]
        if not choices:  # no card given (or not held): the cheapest declaration
            choices = one_of_each(hand)
        best: tuple[int, Card, Verdict] | None = None
        for card in choices:
            rest = list(hand)
            rest.remove(card)
            verdict = self.judge.best_grouping(rest)
            cost = 0 if verdict.valid else 1 + verdict.points
            if best is None or cost < best[0]:
                best = (cost, card, verdict)
        assert best is not None
        _, card, verdict = best
        if verdict.valid:
            summary = f"a valid declaration: press e to declare with {card.name}"
        else:
            summary = f"not valid: {self.judge.lacking(verdict)}; a wrong show costs {self.fmt.wrong}"
        return self.judge.panel(f"declare with {card.name}", card, verdict, summary)
