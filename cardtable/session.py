"""A table session: a game, who sits where (human or bot), and the autosave.

Pure Python (no UI imports): the TUI and the text table drive games through it.

>>> import tempfile, pathlib
>>> from cardtable.session import Session
>>> path = pathlib.Path(tempfile.mkdtemp()) / "autosave.ctr"
>>> s = Session.start("scala40", ["Ann", "Bob"], [None, "random"], seed=3, save_path=path)
>>> _ = s.play("draw")
>>> Session.resume(path).game.snapshot() == s.game.snapshot()
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.bots import BOTS, Decision, arrange, decide, hint, make_bot
from cardtable.engine import get, new_game
from cardtable.engine.api import replay
from cardtable.engine.cards import card_faces
from cardtable.engine.errors import CardtableError, InvalidRecord
from cardtable.engine.game import Game
from cardtable.engine.moves import Move
from cardtable.engine.record import MoveLines, parse_header, write_record
from cardtable.engine.ruleset import non_defaults
from cardtable.engine.saves import autosave_path, read_record, write_atomic
from cardtable.engine.undo import UndoCheck
from cardtable.engine.verbs import VerbSpec, key_words
from cardtable.engine.views import GroupingView, PlayerView

if TYPE_CHECKING:
    from cardtable.history import HistoryStore, MatchRecorder


def seat_kinds(bots: Sequence[str | None]) -> list[str]:
    """Per-seat kinds for the record header: 'human' or 'bot:LEVEL'."""
    return ["human" if b is None else f"bot:{b}" for b in bots]


def faced_view(view: PlayerView, show: Callable[[str], str]) -> PlayerView:
    """``view`` with its player-facing texts (log, status, result, facts, meld texts, notes)
    through ``show``; cards and moves, which a table draws from the names, stay in notation.

    >>> from cardtable.engine import new_game
    >>> view = new_game("gin", ["Ann", "Bob"], seed=3).view(0)
    >>> faced_view(view, str.upper).log == tuple(line.upper() for line in view.log)
    True
    """
    return view.model_copy(
        update={
            "log": tuple(map(show, view.log)),
            "status": show(view.status),
            "result": show(view.result),
            "facts": {k: show(v) for k, v in view.facts.items()},
            "own_facts": {k: show(v) for k, v in view.own_facts.items()},
            "melds": tuple(m.model_copy(update={"text": show(m.text)}) for m in view.melds),
            "face_up": tuple(f.model_copy(update={"note": show(f.note)}) for f in view.face_up),
        }
    )


@dataclass(frozen=True)
class NewGame:
    """A request for a new match, as a game picker or "play again" makes it: the game, the
    players' names, each seat's bot level (None for a person), rule changes over the preset,
    the preset and the seed (None: a fresh one).

    >>> NewGame("gin", ["Ann", "Bob"], [None, "medium"], preset="Oklahoma").preset
    'Oklahoma'
    """

    game_id: str
    players: Sequence[str]
    bots: Sequence[str | None]
    rules: dict[str, Any] | None = None
    preset: str | None = None
    seed: int | None = None


class Session:
    """A game in progress at this keyboard, autosaved after every move."""

    def __init__(self, game: Game, bots: Sequence[str | None], save_path: Path | None = None) -> None:
        if len(bots) != len(game.players):
            raise ValueError("one entry per seat: None for a human or a bot level")
        self.game = game
        self.bots = list(bots)
        self.players = {s: make_bot(b) for s, b in enumerate(bots) if b is not None}
        self.rng = random.Random(game.seed ^ 0x5EED)
        self.hints = [0] * len(game.players)
        """Hints asked for per seat (kept in the save as a ``# hints:`` comment line)."""
        self.save_path = save_path
        self.save_error: str | None = None
        """The last autosave failure in words (None when the last save worked)."""
        self._move_lines = MoveLines()  # each autosave formats only the moves since the last
        self.recorder: MatchRecorder | None = None
        """Writes this match to the match history (None: no history kept)."""
        self.hand_orders: dict[int, list[int]] = {}
        """Each person's arrangement of their hand (card ids), kept in the save as a
        ``# hand order:`` comment line so a resumed table shows the hand as it was."""
        self.note = ""
        """A word for the player about how the session was opened (a save recovered)."""
        self.faces = False
        """Whether the texts a table reads (log, status, result, facts, hints, refusals via
        :meth:`show`) show cards as faces (Q♥) and suggested moves as keys: a full-screen
        table sets it (off in its ASCII mode); the text mode and records keep the notation."""
        self._views: dict[tuple[int | None, bool], PlayerView] = {}
        """The views built since the state last changed, by seat and :attr:`faces`: a table
        asks for the view many times a key press (every key binding's check)."""
        self._views_of: tuple[Game, object] | None = None
        """The game and its state stamp that :attr:`_views` were built from."""

    # ------------------------------------------------------------------ building
    @classmethod
    def start(
        cls,
        game_id: str,
        players: Sequence[str],
        bots: Sequence[str | None],
        rules: dict[str, Any] | None = None,
        seed: int | None = None,
        preset: str | None = None,
        save_path: Path | None = None,
        history: HistoryStore | None = None,
    ) -> Session:
        """A new game; bot levels are checked before anything starts. With ``history`` the
        match is stored there (matches left unfinished in the same save are marked abandoned)."""
        for b in bots:
            if b is not None and b not in BOTS:
                raise ValueError(f"no bot level {b!r}; the levels are: {', '.join(BOTS)}")
        game = new_game(game_id, players=players, rules=rules, seed=seed, preset=preset)
        session = cls(game, bots, save_path)
        session.autosave()
        if history is not None:
            from cardtable.history import MatchRecorder

            session.recorder = MatchRecorder(
                history, game, seat_kinds(bots), session.record, save_path
            ).start()
        return session

    @classmethod
    def resume(
        cls, path: Path | None = None, history: HistoryStore | None = None, recover: bool = False
    ) -> Session:
        """The saved session at ``path`` (the autosave by default); with ``history`` it goes
        on with its stored match there.

        A corrupted or foreign file raises :class:`InvalidRecord` and is left untouched; one
        whose last line was cut off (a crash mid-write) raises :class:`TruncatedSave`, which
        says how many moves are complete. With ``recover`` such a save is resumed from its
        last complete move: the damaged file is kept aside and ``note`` says where.
        """
        target = Path(path) if path is not None else autosave_path()
        text = read_record(target)
        note = ""
        try:
            header, _ = parse_header(text)
            game = replay(text)
        except InvalidRecord as exc:
            complete = _complete_part(text)
            if complete is None:
                raise InvalidRecord(f"{target} cannot be resumed: {exc}") from None
            game, kept = complete
            if not recover:
                raise TruncatedSave(target, str(exc), len(game.history)) from None
            header, _ = parse_header(kept)
            aside = set_aside(target)
            write_atomic(target, kept)
            note = (
                f"The save ended in the middle of a move; resumed from the last complete move "
                f"({len(game.history)} moves kept). The damaged file was kept as {aside}."
            )
            text = kept
        kinds = header.get("seats") or ["human"] * len(game.players)
        if not isinstance(kinds, list) or len(kinds) != len(game.players):
            raise InvalidRecord(f"{target} cannot be resumed: its seats line does not match the players")
        bots: list[str | None] = []
        for kind in kinds:
            if kind == "human":
                bots.append(None)
            elif isinstance(kind, str) and kind.startswith("bot:") and kind[4:] in BOTS:
                bots.append(kind[4:])
            else:
                raise InvalidRecord(f"{target} cannot be resumed: unknown seat kind {kind!r}")
        session = cls(game, bots, target)
        session.hints = _read_hints(text, len(game.players))
        session.hand_orders = _read_orders(text, len(game.players))
        session.note = note
        if history is not None:
            from cardtable.history import MatchRecorder

            session.recorder = MatchRecorder(history, game, seat_kinds(bots), session.record, target).resume()
        return session

    # ------------------------------------------------------------------ playing
    def is_bot(self, seat: int | None) -> bool:
        """Whether a computer plays that seat."""
        return seat is not None and self.bots[seat] is not None

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [s for s, b in enumerate(self.bots) if b is None]

    def play(self, move: Move | str) -> Move:
        """Make a move (IllegalMove if not allowed; nothing changes) and autosave."""
        if not self.is_bot(self.game.to_act):  # a person may take it back: undo starts here
            self.game.keep_undo_point()
        done = self.game.play(move)
        self.autosave()
        if self.recorder is not None:
            self.recorder.after_move()
        return done

    def can_undo(self, seat: int | None) -> UndoCheck:
        """Whether ``seat`` may take back the last move now (truthy), else why not."""
        return self.game.can_undo(seat)

    def undo(self, seat: int | None) -> Move:
        """Take back ``seat``'s last move (``UndoRefused`` says why not; nothing changes
        then) and autosave: the save then holds no undone move."""
        move = self.game.undo(seat)
        self.autosave()
        return move

    @property
    def move_count(self) -> int:
        """How many moves the match has had (undone ones excluded)."""
        return len(self.game.history)

    def bot_move(self) -> Move:
        """Let the bot to act make its move."""
        seat = self.game.to_act
        if seat is None or seat not in self.players:
            raise ValueError("it is not a computer player's turn")
        return self.play(decide(self.players[seat], self.game, self.rng).move)

    def hint(self) -> Decision:
        """A suggested move for the person to act, with why; counted in ``hints`` (only once
        it is given: a hint that failed helped nobody)."""
        seat = self.game.to_act
        if seat is None:
            raise ValueError("the match is over: there is nothing to suggest")
        decision = hint(self.game, random.Random(self.game.seed ^ len(self.game.history)))
        self.hints[seat] += 1
        self.autosave()
        return Decision(decision.move, self.show(decision.why)) if self.faces else decision

    @property
    def history_error(self) -> str | None:
        """Why this match is not stored in the history (None when it is, or none is kept)."""
        return None if self.recorder is None else self.recorder.problem

    @property
    def match_id(self) -> int | None:
        """This match's id in the history (None when it is not stored)."""
        return None if self.recorder is None else self.recorder.match_id

    # ------------------------------------------------------------------ what a table asks
    # A table draws views and plays moves through these; it never reads the game itself.
    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (None: a spectator), with the identities of the viewer's own
        cards (``hand_ids``) when the game's view leaves them out: a table keeps the
        player's arrangement by them, since two packs give equal names.

        >>> s = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=3)
        >>> v = s.view(0)
        >>> len(v.hand_ids) == len(v.hand) == 13, s.view(None).hand_ids
        (True, ())
        """
        game = self.game
        # The engine gives the game a new stamp on every change of state (a move, an undo,
        # a direct ``game.play``): a view built under the same game and stamp is still true.
        made_for = self._views_of
        if made_for is None or made_for[0] is not game or made_for[1] is not game.stamp:
            self._views.clear()
            self._views_of = (game, game.stamp)
        key = (seat, self.faces)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = self._build_view(seat)
        return view

    def _build_view(self, seat: int | None) -> PlayerView:
        view = self._faced(self.game.view(seat))
        if seat is None or view.hand_ids:
            return view
        hand = self.game.hand(seat)
        if tuple(c.name for c in hand) != view.hand:  # a view in another order: ids would lie
            return view
        return view.model_copy(update={"hand_ids": tuple(c.id for c in hand)})

    def show(self, text: str) -> str:
        """``text`` as a table shows it to players when :attr:`faces` is on: card names as
        faces (Q♥, 4★; the joker JK as the hand shows it) and quoted moves as their keys
        ("press n (next)"); otherwise unchanged.

        >>> s = Session.start("gin", ["Ann", "Bob"], [None, None], seed=3)
        >>> s.faces = True
        >>> s.show("Ann discarded QH: play 'next' for hand 2.")
        'Ann discarded Q♥: press n (next) for hand 2.'
        """
        if not self.faces or not text:
            return text
        return key_words(card_faces(text, keep=self.game.players), self.verbs)

    def _faced(self, view: PlayerView) -> PlayerView:
        """The view with its player-facing texts through :meth:`show`."""
        return faced_view(view, self.show) if self.faces else view

    @property
    def verbs(self) -> tuple[VerbSpec, ...]:
        """The game's move verbs (keys, labels, what each takes), from its spec."""
        return get(self.game.game_id).verbs

    def legal_moves(self) -> Sequence[Move]:
        """The legal moves of the seat to act (values: verb, cards, target; ``str`` is the notation)."""
        return self.game.legal_moves()

    def find_move(self, move: Move | str) -> Move:
        """The legal move that ``move`` means; :class:`IllegalMove` says why if none (nothing
        is played)."""
        return self.game.find_move(move)

    def warning(self, move: Move) -> str | None:
        """Why a player may want to think twice before a legal move (None: no reason)."""
        warning = self.game.warning(move)
        return None if warning is None else self.show(warning)

    def grouping(self, seat: int, finish: int | None = None) -> GroupingView | None:
        """``seat``'s own hand in its best groups with the card of id ``finish`` set apart to
        go out with (a declare panel); None in games without such a show."""
        card = next((c for c in self.game.hand(seat) if c.id == finish), None)
        panel = self.game.grouping(seat, card)
        if panel is None or not self.faces:
            return panel
        return panel.model_copy(update={"summary": self.show(panel.summary), "title": self.show(panel.title)})

    def arrange(self, hand: Sequence[str]) -> tuple[list[list[str]], list[str]]:
        """Card names arranged for display: the best melds under this game's rules, and the
        loose cards."""
        return arrange(self.game.game_id, self.game.rules, hand)

    def rule_values(self) -> dict[str, Any]:
        """Every rule's value in force (for the rules screen)."""
        rules = self.game.rules
        return {**rules.model_dump(), **non_defaults(rules)}

    def changed_rules(self) -> dict[str, Any]:
        """The rules that differ from the game's defaults (to play the same match again)."""
        return non_defaults(self.game.rules)

    def record(self) -> str:
        """The record text with the seats line."""
        text = write_record(self.game, seat_kinds(self.bots), self._move_lines)
        if any(self.hints):
            text = text.replace("\nmoves:\n", f"\n{HINTS_LINE}{json.dumps(self.hints)}\nmoves:\n", 1)
        orders = {str(s): ids for s, ids in sorted(self.hand_orders.items()) if ids}
        if orders:
            line = f"{ORDER_LINE}{json.dumps(orders, separators=(',', ':'))}"
            text = text.replace("\nmoves:\n", f"\n{line}\nmoves:\n", 1)
        return text

    def autosave(self) -> bool:
        """Write the record atomically; a failure is kept in ``save_error``, play goes on."""
        if self.save_path is None:
            return True
        try:
            write_atomic(self.save_path, self.record())
        except OSError as exc:
            self.save_error = f"could not save to {self.save_path}: {exc.strerror or exc}"
            return False
        self.save_error = None
        return True


HINTS_LINE = "# hints: "
"""The comment line of a save that keeps the hints asked per seat (records skip comments)."""


ORDER_LINE = "# hand order: "
"""The comment line of a save that keeps each person's hand arrangement (card ids by seat)."""


def _read_orders(text: str, seats: int) -> dict[int, list[int]]:
    """The hand arrangements noted in a save (none when there is no such line or it is odd:
    a table then shows the hand in the game's order)."""
    for line in text.splitlines():
        if line.startswith(ORDER_LINE):
            try:
                values = json.loads(line[len(ORDER_LINE) :])
            except ValueError:
                return {}
            if not isinstance(values, dict):
                return {}
            out: dict[int, list[int]] = {}
            for key, ids in values.items():
                if str(key).isdigit() and int(key) < seats and isinstance(ids, list):
                    out[int(key)] = [i for i in ids if isinstance(i, int)]
            return out
        if line.strip() == "moves:":
            break
    return {}


def _read_hints(text: str, seats: int) -> list[int]:
    """The hints per seat noted in a save (zeros when there is no such line or it is odd)."""
    for line in text.splitlines():
        if line.startswith(HINTS_LINE):
            try:
                values = json.loads(line[len(HINTS_LINE) :])
            except ValueError:
                break
            if isinstance(values, list) and len(values) == seats and all(isinstance(v, int) for v in values):
                return [max(0, v) for v in values]
            break
        if line.strip() == "moves:":
            break
    return [0] * seats


class TruncatedSave(InvalidRecord):
    """A save whose last line was cut off: the moves before it replay (``moves``)."""

    def __init__(self, path: Path, why: str, moves: int) -> None:
        super().__init__(
            f"{path} cannot be resumed as it is: its last line was cut off ({why}); "
            f"the {moves} moves before it are complete and can be resumed"
        )
        self.path = path
        self.moves = moves


def _complete_part(text: str) -> tuple[Game, str] | None:
    """A save cut in the middle of its last line (no newline at its end): the game of the
    lines before it and their text, if those replay; else None."""
    if not text or text.endswith("\n") or "\n" not in text:
        return None
    kept = text[: text.rindex("\n") + 1]
    try:
        return replay(kept), kept
    except CardtableError:
        return None


def protect_autosave(path: Path) -> str | None:
    """Before a new game overwrites ``path``: an autosave that cannot be resumed is moved
    aside, never overwritten. Returns a sentence saying so (None when nothing was moved)."""
    if not Path(path).exists():
        return None
    try:
        Session.resume(path)
    except CardtableError as exc:
        try:
            moved = set_aside(path)
        except OSError as err:  # a read-only folder: the new game cannot save over it either
            return (
                f"The old autosave could not be resumed ({exc}) and could not be moved aside"
                f" ({err.strerror or err}); it is left as it is."
            )
        return f"The old autosave could not be resumed ({exc}). It was kept as {moved}."
    return None


def set_aside(path: Path) -> Path | None:
    """Move a save that cannot be loaded out of the way (never overwrite it, nor an earlier
    one set aside in the same second); returns where."""
    path = Path(path)
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
    path.replace(target)
    return target
