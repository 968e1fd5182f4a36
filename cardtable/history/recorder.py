"""One match's line in the history: what a session calls after each move.

The recorder is told of the game after every move and writes only on the events (a deal
finished, the match finished); a failure turns it off for the rest of the match and leaves a
sentence in :attr:`MatchRecorder.problem`, and play goes on.

>>> import tempfile, pathlib
>>> from cardtable.engine import new_game
>>> store = HistoryStore(pathlib.Path(tempfile.mkdtemp()) / "h.sqlite3")
>>> game = new_game("page-one", ["Ann", "Bob"], seed=2)
>>> rec = MatchRecorder(store, game, ["human", "bot:random"], game.record).start()
>>> rec.match_id, store.matches()[0].status
(1, 'playing')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cardtable.engine.game import Game
from cardtable.engine.ruleset import non_defaults
from cardtable.history.store import HistoryError, HistoryStore, MatchInfo


def match_info(game: Game, seats: Sequence[str]) -> MatchInfo:
    """What the history keeps of ``game`` at its start (no game module is read: only the
    engine's contract and the game's score model)."""
    model = game.score_model
    return MatchInfo(
        game=game.game_id,
        title=game.title,
        rules=non_defaults(game.rules),
        seed=game.seed,
        players=tuple(game.players),
        seats=tuple(seats),
        teams=tuple(tuple(t) for t in game.seating.teams),
        lower_is_better=model.lower_is_better,
        score_label=model.label,
        team_scored=model.team_scored,
    )


class MatchRecorder:
    """Writes one match's events to a :class:`HistoryStore`; :meth:`start` or :meth:`resume`
    opens its match (``seats`` are the seat kinds, ``save_path`` the save the match lives in)."""

    def __init__(
        self,
        store: HistoryStore,
        game: Game,
        seats: Sequence[str],
        record: Callable[[], str],
        save_path: Path | None = None,
    ):
        self.store = store
        self.game = game
        self.seats = tuple(seats)
        self.record = record
        """Gives the record text as the session saves it (with the seats line)."""
        self.save_path = save_path
        self.match_id: int | None = None
        self.deals_seen = len(game.deal_scores)
        self.done = False
        self.problem: str | None = None
        """Why the history is off for this match (None while it works)."""

    def start(self) -> MatchRecorder:
        """A new match: matches left unfinished in the same save file are marked abandoned
        (the new game overwrites their save) and this one is stored. Returns the recorder."""
        try:
            if self.save_path is not None:
                self.store.abandon_at(self.save_path)
            self.match_id = self.store.start(match_info(self.game, self.seats), self.record(), self.save_path)
        except HistoryError as exc:
            self.problem = str(exc)
        self.after_move()  # a match could be over at once (never in practice; kept honest)
        return self

    def resume(self) -> MatchRecorder:
        """A resumed save goes on with its stored match (a new one if the history has none).
        Returns the recorder."""
        try:
            found = self.store.find_resumed(match_info(self.game, self.seats), self.record(), self.save_path)
        except HistoryError as exc:
            self.problem = str(exc)
            return self
        if found is None:
            return self.start()
        self.match_id = found.id
        self.done = found.status != "playing"
        self.deals_seen = len(found.deal_rows) if found.deal_rows else 0
        self.after_move()
        return self

    @property
    def active(self) -> bool:
        """Whether this match is still being written."""
        return self.match_id is not None and self.problem is None and not self.done

    def after_move(self) -> None:
        """Called after each move: write a finished deal or the finished match."""
        if not self.active:
            return
        game = self.game
        assert self.match_id is not None
        try:
            if game.is_over:
                outcome = game.outcome
                assert outcome is not None
                self.store.finish(self.match_id, self.record(), outcome, game.deal_scores)
                self.done = True
                return
            rows = game.deal_scores
            if len(rows) > self.deals_seen:
                for number in range(self.deals_seen + 1, len(rows) + 1):
                    self.store.deal_finished(self.match_id, number, rows[number - 1], self.record())
                self.deals_seen = len(rows)
        except HistoryError as exc:
            self.problem = str(exc)


def store_game(store: HistoryStore, game: Game, seats: Sequence[str]) -> int:
    """Store a match played to its end outside a session (``cardtable simulate --history``)
    in one transaction; returns its id. Raises :class:`HistoryError`."""
    from cardtable.engine.record import write_record

    outcome = game.outcome
    if outcome is None:
        raise ValueError("only a finished match can be stored at once")
    record = write_record(game, list(seats))
    return store.add_finished(match_info(game, seats), record, outcome, game.deal_scores)
