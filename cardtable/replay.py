"""Watching a recorded match again: step by move and by deal, views from any seat, hints.

Pure Python (no UI imports): ``cardtable replay FILE --text`` prints :meth:`Replay.text`, and
the TUI's replay screen draws :meth:`Replay.view` the way the table draws a session's view.

Positions run from 0 (the deal as dealt, before any move) to ``len(replay)`` (after the last
move). A position's game is rebuilt from the nearest checkpoint (one every
:data:`CHECKPOINT_EVERY` moves), so stepping back is as quick as stepping forward.

>>> from cardtable.engine import new_game
>>> g = new_game("page-one", ["Ann", "Bob"], seed=3)
>>> for _ in range(4):
...     _ = g.play(g.legal_moves()[0])
>>> r = Replay(g.record())
>>> len(r), r.deal_number(0), r.move_text(0) == f"Ann: {g.history[0][1]}"
(4, 1, True)
>>> r.view(4, 0) == g.view(0)
True
>>> r.open_hands(4)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardtable.engine.errors.IllegalMove: the match is not over: hands are shown open only once it is...
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from cardtable.engine.api import replay as replay_record
from cardtable.engine.errors import IllegalMove
from cardtable.engine.game import Game
from cardtable.engine.phases import PhaseKind
from cardtable.engine.record import parse_header
from cardtable.engine.views import PlayerView

if TYPE_CHECKING:
    from cardtable.bots import Decision

CHECKPOINT_EVERY = 32
"""Moves between two kept copies of the game: stepping back replays at most this many."""


class Replay:
    """A recorded match (a record or save file's text) to watch; :class:`InvalidRecord`
    (with the line and reason) if the text does not replay."""

    def __init__(self, text: str) -> None:
        header, _ = parse_header(text)
        final = replay_record(text)
        self._final = final
        self.title = final.title
        self.players = final.players
        self.seed = final.seed
        kinds = header.get("seats")
        if not isinstance(kinds, list) or len(kinds) != len(final.players):
            kinds = [""] * len(final.players)
        self.seat_kinds: tuple[str, ...] = tuple(str(k) for k in kinds)
        """Per seat: 'human', 'bot:LEVEL', or '' when the record does not say."""
        self.rules = header.get("rules") or {}
        self.finished = final.is_over
        self._moves = [(seat, str(move)) for seat, move in final.history]
        start = final.restart()
        self._checkpoints: dict[int, Game] = {0: start.copy()}
        self._deals: list[int] = [start.view(None).deal_number]
        self._scored: list[bool] = [False]
        game = start
        for i, (_, move) in enumerate(final.history, start=1):
            before = len(game.deal_scores)
            game.play(move)
            if i % CHECKPOINT_EVERY == 0:
                self._checkpoints[i] = game.copy()
            self._deals.append(game.view(None).deal_number)
            self._scored.append(len(game.deal_scores) > before)
        self._at: tuple[int, Game] = (len(self._moves), game)

    def __len__(self) -> int:
        return len(self._moves)

    # ------------------------------------------------------------------ positions
    def game_at(self, position: int) -> Game:
        """The game after ``position`` moves (a copy of one kept: do not change it)."""
        position = self.clamp(position)
        at, game = self._at
        if at == position:
            return game
        if at < position and position - at <= CHECKPOINT_EVERY:
            game = game.copy()
        else:
            base = max(p for p in self._checkpoints if p <= position)
            at, game = base, self._checkpoints[base].copy()
        for _, move in self._moves[at:position]:
            game.play(move)
        self._at = (position, game)
        return game

    def clamp(self, position: int) -> int:
        """``position`` kept between 0 and the last move."""
        return max(0, min(len(self._moves), position))

    def deal_number(self, position: int) -> int:
        """The deal shown at ``position``."""
        return self._deals[self.clamp(position)]

    @property
    def deals(self) -> list[int]:
        """The deal numbers of the match, in order."""
        return list(dict.fromkeys(self._deals))

    def deal_start(self, deal: int) -> int:
        """The first position of deal number ``deal`` (IllegalMove if there is no such deal)."""
        for position, number in enumerate(self._deals):
            if number == deal:
                return position
        raise IllegalMove(f"there is no deal {deal}: the deals are {self.deals[0]} to {self.deals[-1]}")

    def next_deal(self, position: int) -> int:
        """The start of the deal after the one shown (the end when it is the last)."""
        here = self.deal_number(position)
        return next((p for p in range(position, len(self._deals)) if self._deals[p] != here), len(self))

    def previous_deal(self, position: int) -> int:
        """The start of the deal shown, or of the one before when already at its start."""
        start = self.deal_start(self.deal_number(position))
        if position > start or start == 0:
            return start
        return self.deal_start(self.deal_number(start - 1))

    # ------------------------------------------------------------------ what is shown
    def move_text(self, index: int) -> str:
        """Move ``index`` (0 is the first) as 'Name: move'."""
        seat, move = self._moves[index]
        return f"{self.players[seat]}: {move}"

    def mover(self, index: int) -> int:
        """The seat that made move ``index``."""
        return self._moves[index][0]

    def view(self, position: int, seat: int | None) -> PlayerView:
        """What ``seat`` saw at ``position`` (None: a spectator)."""
        return self.game_at(position).view(seat)

    def open_hands(self, position: int) -> list[tuple[str, ...]]:
        """Every seat's hand at ``position``: for a finished match only, so a replay never
        shows the hands of a game still being played (IllegalMove says so)."""
        if not self.finished:
            raise IllegalMove(
                "the match is not over: hands are shown open only once it is, so a replay never"
                " shows a game still being played"
            )
        game = self.game_at(position)
        return [game.view(seat).hand for seat in range(len(self.players))]

    def hint(self, position: int, level: str = "hard") -> Decision | None:
        """What a ``level`` computer player would play at ``position`` (None when nobody is
        to act)."""
        from cardtable.bots import hint

        game = self.game_at(position)
        if game.to_act is None or game.phase_kind is PhaseKind.MATCH_OVER:
            return None
        return hint(game.copy(), random.Random(game.seed ^ position), level)

    def seat_label(self, seat: int) -> str:
        """A seat's name, with the computer player's level when it was one."""
        kind = self.seat_kinds[seat]
        name = self.players[seat]
        return f"{name} (computer, {kind[4:]})" if kind.startswith("bot:") else name

    # ------------------------------------------------------------------ text
    def text(self) -> str:
        """The match move by move, for sharing: deal headers, who did what, each deal's
        result and scores, and how the match ended."""
        return "".join(line + "\n" for line in self._text_lines())

    def _text_lines(self) -> Iterator[str]:
        yield f"{self.title}: {', '.join(self.seat_label(s) for s in range(len(self.players)))}"
        rules = ", ".join(f"{k}={v}" for k, v in self.rules.items())
        yield f"seed {self.seed}" + (f"; rules: {rules}" if rules else "")
        shown_deal = None
        for position in range(len(self) + 1):
            deal = self._deals[position]
            if position < len(self) and deal != shown_deal:
                shown_deal = deal
                yield ""
                yield f"Deal {deal}"
            if self._scored[position]:
                yield from self._deal_end(position)
            if position < len(self):
                yield f"  {position + 1:>4}. {self.move_text(position)}"
        outcome = self._final.outcome
        yield ""
        if outcome is None:
            yield f"The match was not finished ({len(self)} moves recorded)."
        else:
            winners = " and ".join(self.players[s] for s in outcome.winners) or "nobody"
            yield f"Match over: {outcome.reason}. Won by {winners}."
            yield "Final scores: " + ", ".join(f"{self.players[s]} {v}" for s, v in enumerate(outcome.scores))

    def _deal_end(self, position: int) -> Iterator[str]:
        view = self.view(position, None)
        row = view.deal_scores[-1] if view.deal_scores else ()
        if view.result:
            yield f"  -- {view.result}"
        yield "  -- this deal: " + ", ".join(
            f"{self.players[s]} {'-' if v is None else v}" for s, v in enumerate(row)
        )
        yield "  -- totals: " + ", ".join(f"{self.players[s]} {v}" for s, v in enumerate(view.scores))
