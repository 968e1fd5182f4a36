"""The base every game builds on: the public API of a game in progress.

A game is a mutable object that changes only through :meth:`Game.play`, which checks
every move first: an illegal move raises :class:`IllegalMove` and leaves the game as it
was. ``legal_moves()`` is the single source of truth; ``play`` accepts exactly what it
lists (plus a several-group ``meld``, which is its groups one after the other).

>>> from cardtable.engine import new_game
>>> g = new_game("scala40", players=["Ann", "Bob"], seed=7)
>>> g.to_act, g.phase, len(g.hand(0))
(0, 'draw', 13)
>>> [str(m) for m in g.legal_moves()]
['draw']
>>> g.play("take")
Traceback (most recent call last):
...
cardtable.engine.errors.IllegalMove: you may take the discard only after you have opened (draw from the stock)
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self

from .cards import Card
from .errors import IllegalMove, InvalidNotation, UnknownGame
from .listing import MoveRange
from .moves import DEFAULT_GRAMMAR, Grammar, Move, parse_move
from .phases import PhaseKind, kind_of
from .record import write_record
from .registry import GameSpec
from .registry import get as get_spec
from .rules import FORM, UNLISTED, Refusal, Rule, first_refusal
from .ruleset import Ruleset
from .scoring import PENALTY, ScoreModel
from .seating import Seating
from .views import GroupingView, PlayerView, ScoringView
from .zones import Zone, card_part, cards_in, deal_hidden, hidden_cards

_FLAT_LISTS = frozenset({"history", "log"})
"""State lists that hold no lists (moves with their seats, log lines), copied in one call."""

if TYPE_CHECKING:
    from .undo import UndoCheck


@dataclass(frozen=True)
class Outcome:
    """How a match ended: the winning seats, a sentence why, and the final scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]


def leaders_text(
    players: Sequence[str], winners: Sequence[int], what: str, totals: Sequence[int] = ()
) -> str:
    """Who won on totals, in words, with the total when ``totals`` are given.

    >>> leaders_text(["Ann", "Bob", "Cid"], [1], "the lowest total", [50, 44, 61])
    'Bob has the lowest total (44)'
    >>> leaders_text(["Ann", "Bob", "Cid"], [0, 1], "the most chips")
    'Ann and Bob share the most chips'
    """
    names = " and ".join(players[s] for s in winners)
    verb = "has" if len(winners) == 1 else "share"
    shown = f" ({totals[winners[0]]})" if totals and winners else ""
    return f"{names} {verb} {what}{shown}"


class TableMeld(Protocol):
    """What the engine knows of a group of cards laid on the table (a rummy kit ``Meld``
    is one): its cards, in table order."""

    @property
    def cards(self) -> tuple[Card, ...]: ...


@functools.cache
def _scoring_view(model: ScoreModel) -> ScoringView:
    return ScoringView.of(model)


class Game(ABC):
    """One match of one game. Subclasses implement the rules; this class the contract."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    spec: ClassVar[GameSpec | None] = None
    """The spec a game package declares its class by (the package's ``SPEC``): the class's
    ``game_id`` and ``title`` are read from it, so they are written once. A class built by
    hand (a plug-in's or a test's) sets ``game_id`` and ``title`` itself instead.

    >>> from cardtable.engine import get, new_game
    >>> type(new_game("gin", ["Ann", "Bob"], seed=1)).spec is get("gin")
    True
    """
    verbs: ClassVar[tuple[str, ...]] = ()
    """The verbs' names, in the order refusal messages list them (the spec's, when it has one)."""
    phase_kinds: ClassVar[Mapping[str, PhaseKind]] = {}
    """The kinds of this game's own phase names (the usual names are known already)."""
    play_rules: ClassVar[tuple[Rule, ...]] = ()
    """The rules of play, one predicate each, in the order they are checked: the first that
    refuses a move gives the reason (see :mod:`cardtable.engine.rules`). A game that lists
    them need not write ``_explain``."""
    _notation: ClassVar[Grammar | None] = None
    """This game's notation grammar, from its spec's verb specs (set by ``new_game``)."""
    whole_group_verbs: ClassVar[frozenset[str]] = frozenset()
    """Verbs whose groups make one move (a declaration showing the whole hand), not one
    move per group as ``meld A / B`` does."""
    move_caches: ClassVar[tuple[str, ...]] = ()
    """Attributes holding dicts of listed moves reused across turns: a copy starts them
    empty, because a listed move carries the stamp of the game that listed it."""

    players: tuple[str, ...]
    rules: Ruleset
    seed: int
    deal_spec: dict[str, Any] | None
    history: list[tuple[int, Move]]
    log: list[str]
    seating: Seating
    """The seats, their teams and who plays (:mod:`cardtable.engine.seating`), from the
    spec's teams for this many players under these rules. Immutable: a change is a new value.
    Games written before it keep their dealer and retired seats in fields of their own."""
    score_model: ScoreModel
    """How the game scores under these rules (the spec's ``scoring``); penalty points for a
    game the registry does not know."""

    def __init__(
        self, players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None
    ) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.seed = seed
        self.deal_spec = deal
        self.history = []
        self.log = []
        self._stamp: object = object()
        self._legal: Sequence[Move] = ()
        self._legal_stamp: object = None
        self._legal_keys: dict[tuple[Any, ...], Move] | None = None
        self._deals_started = 0
        self._undo_floor = 0
        """Moves before this index in :attr:`history` can no longer be taken back (another
        seat has moved since); see :mod:`cardtable.engine.undo`."""
        spec = self._spec()
        self.score_model = PENALTY if spec is None else spec.score_model(rules)
        self.seating = Seating(
            self.players, () if spec is None else spec.seat_teams(len(self.players), rules)
        )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("spec")
        if spec is not None:
            cls.game_id = spec.id
            cls.title = spec.title
            cls.verbs = spec.verb_names

    @classmethod
    def _spec(cls) -> GameSpec | None:
        """The registered spec of this game (None for a game the registry does not know)."""
        try:
            return get_spec(cls.game_id)
        except UnknownGame:
            return None

    @property
    def stamp(self) -> object:
        """A token that is replaced whenever the state changes (a move, an undo, a deal or a
        match started from totals); compare it with ``is`` to know a cached view is still good.

        >>> from cardtable.engine import new_game
        >>> game = new_game("gin", ["Ann", "Bob"], seed=1)
        >>> before = game.stamp
        >>> _ = game.play(game.legal_moves()[0])
        >>> game.stamp is before
        False
        """
        return self._stamp

    # ------------------------------------------------------------------ contract
    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision it is; None when the match is over."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """Short name of the turn phase: 'draw', 'play', 'deal-over', 'match-over'."""

    @property
    def phase_kind(self) -> PhaseKind:
        """What sort of decision the phase asks for (see :mod:`cardtable.engine.phases`).

        >>> from cardtable.engine import new_game
        >>> new_game("scala40", ["Ann", "Bob"], seed=1).phase_kind
        <PhaseKind.DRAW: 'draw'>
        """
        return kind_of(self.phase, self.phase_kinds)

    @abstractmethod
    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards in a seat's hand."""

    @property
    @abstractmethod
    def melds(self) -> tuple[TableMeld, ...]:
        """Table melds; meld ``n`` in notation is ``melds[n - 1]``."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """The whole match is over."""

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Cumulative match score per seat."""

    @property
    @abstractmethod
    def deal_scores(self) -> tuple[tuple[int | None, ...], ...]:
        """One row per finished deal (None for a seat that no longer plays)."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Winners and why, once the match is over."""

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see and nothing more (None: a spectator).

        The game draws its own part (:meth:`_view`); how to read the scores (the score
        model), the teams and their totals are added here for every game alike, from the
        spec and :attr:`seating`.

        >>> from cardtable.engine import new_game
        >>> v = new_game("gin", ["Ann", "Bob"], seed=1).view(0)
        >>> v.scoring.label, v.scoring.lower_is_better, v.teams, v.team_totals
        ('points', False, (), ())
        """
        view = self._view(seat)
        update: dict[str, Any] = {"scoring": _scoring_view(self.score_model)}
        teams = self.seating.teams
        if teams:
            model = self.score_model
            update["teams"] = teams
            update["team_totals"] = model.team_totals(self.scores, teams)
            update["team_deal_scores"] = model.team_rows(self.deal_scores, teams)
        # The view is new and nobody else holds it yet, so it is completed in place: a
        # Pydantic model_copy costs about 10 us, a tenth of building the view, and bots ask
        # for a view at every decision.
        view.__dict__.update(update)
        view.__pydantic_fields_set__.update(update)
        return view

    def _view(self, seat: int | None) -> PlayerView:
        """The game's own part of :meth:`view`: hands, piles, seats, facts, status, scores.
        It returns a new view at each call (:meth:`view` completes that view in place)."""
        raise NotImplementedError(f"{type(self).__name__} must define _view(seat)")

    def copy(self) -> Self:
        """An independent copy (for bots and validation).

        Every list, set and dict of the state is copied (a list of lists, such as the
        hands, two levels deep) and the RNG is cloned; cards, melds and moves are immutable
        and shared. A game whose state nests deeper overrides this.
        """
        new = object.__new__(type(self))
        for name, value in self.__dict__.items():
            if name in _FLAT_LISTS:
                # the record and the log grow all match long and hold no lists: one C copy
                value = value.copy()
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, (set, dict)):
                value = value.copy()
            elif isinstance(value, random.Random):
                rng = random.Random()
                rng.setstate(value.getstate())
                value = rng
            new.__dict__[name] = value
        for name in self.move_caches:
            new.__dict__[name] = {}
        new._stamp = object()
        new._legal_stamp = None
        new._legal_keys = None
        return new

    @abstractmethod
    def zones(self) -> tuple[Zone, ...]:
        """Where every card lies and who may see it: each physical card in exactly one zone.

        A zone holds a reference to the game's own list (the hands, the stock...), so this is
        cheap and always current; the zones hidden from some seat must be live lists, since
        :meth:`determinize` deals into them, in the order given here.
        """

    @abstractmethod
    def _state_snapshot(self) -> tuple[Any, ...]:
        """The non-card part of :meth:`snapshot`: every value that defines the state besides
        where the cards lie (phase, seat to act, scores, meld kinds, the RNG state...)."""

    def _pinned_ids(self) -> Collection[int]:
        """Ids of cards in zones hidden from some seat whose place everyone knows (a card
        taken from the discard pile): :meth:`determinize` leaves them where they are."""
        return ()

    def _after_determinize(self, seat: int | None) -> None:
        """Mend state that points at cards :meth:`determinize` has just dealt anew (called
        on the copy); nothing by default."""
        return None

    def snapshot(self) -> tuple[Any, ...]:
        """Everything that defines the state, as comparable values: each zone's card ids (in
        order where the order counts; a hand's order aside), the game's other state and the
        :attr:`seating`.

        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=1)
        >>> g.snapshot() == g.copy().snapshot(), g.snapshot()[0][0][0]
        (True, 'stock')
        """
        return (card_part(self.zones()), *self._state_snapshot(), self.seating)

    def all_cards(self) -> list[Card]:
        """Every physical card of the game wherever it is (each exactly once), zone by zone.

        >>> from cardtable.engine import new_game
        >>> len(new_game("gin", ["Ann", "Bob"], seed=1).all_cards())
        52
        """
        return list(cards_in(self.zones()))

    def hidden_cards(self, seat: int | None) -> list[Card]:
        """The cards ``seat`` may not see (other hands, the stock...), zone by zone.

        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=1)
        >>> len(g.hidden_cards(0)), len(g.hidden_cards(None))  # the stock, and one or both hands
        (41, 51)
        """
        return hidden_cards(self.zones(), seat)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A copy in which the cards hidden from ``seat`` are shuffled among the places
        hidden from it (zone sizes kept; pinned and face-up cards stay). ``view(seat)`` of
        the copy equals this game's: the leak test, and the sampling step of search bots.

        >>> import random
        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=1)
        >>> d = g.determinize(0, random.Random(4))
        >>> d.hand(0) == g.hand(0), d.hand(1) == g.hand(1), d.view(0) == g.view(0)
        (True, False, True)
        """
        new = self.copy()
        deal_hidden(new.zones(), seat, new._pinned_ids(), rng)
        new._after_determinize(seat)
        new._stamp = object()
        return new

    @abstractmethod
    def _generate(self) -> list[Move] | MoveRange:
        """Every legal move now, each carrying the ``payload`` that ``_apply`` performs (a
        :class:`~cardtable.engine.listing.MoveRange` where there are many to build)."""

    def _unlisted_move(self, move: Move) -> Move | None:
        """The playable form of a move the generator does not list because there are too many
        of its kind (a show of one's own groups), checked here: ``IllegalMove`` says why it is
        refused. None, the default, for every move the generator lists."""
        return None

    @abstractmethod
    def _canonical(self, move: Move) -> Move:
        """The listed form of a parsed move (same key as the legal move it means).

        Raises :class:`IllegalMove` when the move cannot mean anything here (an invalid
        meld, a meld number that does not exist...).
        """

    def _explain(self, move: Move) -> str:
        """Why a move that is not legal now is refused, in plain words: by default, the
        reason of the first of :attr:`play_rules` that refuses it."""
        return self._refusal(move).reason

    def _refusal(self, move: Move) -> Refusal:
        """The rule that refuses an unlisted (canonical) move, and why."""
        if not self.play_rules:
            return Refusal("", self._explain(move))
        found = first_refusal(self.play_rules, self, move)
        if found is None:
            # no rule refuses it, yet the generator does not list it: the two disagree
            return Refusal(UNLISTED, f"{move} is not possible now")
        return found

    def check(self, move: Move | str) -> Refusal | None:
        """None if ``move`` is legal now; otherwise the :class:`Refusal` (rule and reason)
        that :meth:`play` would raise as :class:`IllegalMove`. Bad notation still raises
        :class:`InvalidNotation`.

        >>> from cardtable.engine import new_game
        >>> g = new_game("page-one", ["Ann", "Bob"], seed=3)
        >>> g.check(g.legal_moves()[0]) is None
        True
        >>> g.check("next")
        Refusal(rule='phase', reason="'next' starts the next deal once this one is over")
        """
        try:
            self.find_move(move)
        except IllegalMove as exc:
            return Refusal(exc.rule, exc.reason)
        return None

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Perform a legal move (one from ``_generate``)."""

    # ------------------------------------------------------------------ shared
    def warning(self, move: Move) -> str | None:
        """Why a player may want to think twice before a legal ``move`` (a declaration that
        is wrong and costs points, a drop's price), or None. Tables ask to confirm.

        >>> from cardtable.engine import new_game
        >>> g = new_game("scala40", ["Ann", "Bob"], seed=1)
        >>> g.warning(g.legal_moves()[0]) is None
        True
        """
        return None

    def grouping(self, seat: int, finish: Card | None = None) -> GroupingView | None:
        """``seat``'s own hand grouped the best way for going out, judged as a show now
        would be (with ``finish`` set apart as the card to go out with, where the game has
        one): what a declare panel draws. None in games without such a show.

        Only ``seat``'s own cards appear in it, so a table asks only for its viewer.

        >>> from cardtable.engine import new_game
        >>> new_game("scala40", ["Ann", "Bob"], seed=1).grouping(0) is None
        True
        """
        return None

    def legal_moves(self) -> Sequence[Move]:
        """Every legal move for the seat to act; ``str(move)`` is its notation. A tuple, or
        a :class:`~cardtable.engine.listing.MoveRange` that builds each move as it is read
        (a turn with many moves of which a playout takes one)."""
        if self._legal_stamp is not self._stamp:
            stamp = self._stamp
            moves = self._generate()
            if type(moves) is MoveRange:  # (not isinstance: an ABC's check is slow, per move)
                moves.stamp = stamp
                self._legal = moves
            else:
                for m in moves:
                    m._stamp = stamp
                self._legal = tuple(moves)
            self._legal_stamp = stamp
            self._legal_keys = None
        return self._legal

    def _legal_by_key(self) -> dict[tuple[Any, ...], Move]:
        moves = self.legal_moves()
        if self._legal_keys is None:
            self._legal_keys = {m.key: m for m in moves}
        return self._legal_keys

    def parse_move(self, text: str) -> Move:
        """Read ``text`` in this game's notation: the grammar comes from the verb specs of
        the game's spec, so each game's notation lives with the game.

        >>> from cardtable.engine import new_game
        >>> g = new_game("page-one", ["Ann", "Bob"], seed=1)
        >>> g.parse_move("play qh call").flags
        ('call',)
        >>> new_game("scala40", ["Ann", "Bob"], seed=1).parse_move("layoff 2 7h").target
        2

        A word that is no verb of the game is blamed before the words after it:

        >>> try:
        ...     g.parse_move("asdf qwerty")
        ... except InvalidNotation as exc:
        ...     print(exc)
        'asdf' is not a Page One move; the moves are play, draw, take, next
        """
        grammar = self._grammar()
        try:
            return parse_move(text, grammar)
        except InvalidNotation:
            words = text.split() if isinstance(text, str) else []
            verb = words[0].lower() if words else ""
            if grammar.verbs and verb and verb not in grammar.verbs:
                verbs = ", ".join(sorted(grammar.verbs, key=self._verb_order))
                raise InvalidNotation(
                    f"{words[0]!r} is not a {self.title} move; the moves are {verbs}"
                ) from None
            raise

    def _verb_order(self, verb: str) -> int:
        """Where ``verb`` stands among the game's verb specs (for messages that list them)."""
        from .registry import get

        try:
            names = [v.name for v in get(self.game_id).verbs]
        except Exception:  # a game class built by hand is not registered
            return 0
        return names.index(verb) if verb in names else len(names)

    @classmethod
    def _grammar(cls) -> Grammar:
        # set from the spec's verbs by new_game (engine/api.py); a game class built by hand
        # reads the built-in games' notation
        return cls._notation or DEFAULT_GRAMMAR

    def find_move(self, move: Move | str) -> Move:
        """The legal move that ``move`` means; :class:`IllegalMove` says why if none."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidNotation(f"a move is text or a Move, not {type(move).__name__}")
        if move._stamp is self._stamp and move.payload is not None:
            return move
        if self.to_act is None:
            raise IllegalMove("the match is over: start a new game", str(move))
        try:
            unlisted = self._unlisted_move(move)
            if unlisted is not None:
                return unlisted
            canon = self._canonical(move)
        except IllegalMove as exc:
            exc.rule = exc.rule or FORM
            raise
        found = self._legal_by_key().get(canon.key)
        if found is None:
            refusal = self._refusal(canon)
            raise IllegalMove(refusal.reason, str(move), refusal.rule)
        return found

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` would be accepted now."""
        try:
            self.find_move(move)
        except (IllegalMove, InvalidNotation):
            return False
        return True

    def play(self, move: Move | str) -> Move:
        """Make a move (a :class:`Move` or its text). Returns the move as listed.

        Illegal: :class:`IllegalMove` with the reason, and nothing changes.
        Several groups (``meld A / B``) are checked together first, then made in order.
        """
        seat = self.to_act
        if isinstance(move, Move) and move._stamp is self._stamp and not move.groups:
            found = move  # listed for this very state (the bots' and playouts' hot path): legal
        else:
            if isinstance(move, str):
                move = self.parse_move(move)
            if isinstance(move, Move) and move.groups and move.kind not in self.whole_group_verbs:
                return self._play_groups(move)
            found = self.find_move(move)
        assert seat is not None
        history = self.history
        if history and history[-1][0] != seat:  # _open_turn, inlined: a playout's every move
            self._undo_floor = len(history)
        self._apply(found)
        history.append((seat, found))
        self._stamp = object()
        return found

    def _play_groups(self, move: Move) -> Move:
        seat = self.to_act
        if seat is None:
            raise IllegalMove("the match is over: start a new game", str(move))
        trial = self.copy()
        parts: list[Move] = []
        for group in move.groups:
            single = Move(move.kind, group.cards, group.named, flags=move.flags)
            try:
                parts.append(trial.play(single))
            except IllegalMove as exc:
                raise IllegalMove(f"{' '.join(group.tokens())}: {exc.reason}", str(move)) from None
        done: list[Move] = []
        for part in parts:
            found = self.find_move(Move(part.kind, part.cards, part.named, part.target, flags=part.flags))
            self._apply(found)
            self._stamp = object()
            done.append(found)
        self._open_turn(seat)
        combined = Move(move.kind, groups=tuple(done), flags=move.flags)
        self.history.append((seat, combined))
        return combined

    def _open_turn(self, seat: int) -> None:
        # another seat's move closes the undo window of the moves before it
        if self.history and self.history[-1][0] != seat:
            self._undo_floor = len(self.history)

    def can_undo(self, seat: int | None = None) -> UndoCheck:
        """Whether the last move may be taken back now (by ``seat``, when given): an
        :class:`~cardtable.engine.undo.UndoCheck`, truthy when allowed, else carrying the
        reason in words. The fair-undo rule is in :mod:`cardtable.engine.undo`.

        >>> from cardtable.engine import new_game
        >>> g = new_game("page-one", ["Ann", "Bob"], seed=3)
        >>> bool(g.can_undo()), g.can_undo().reason
        (False, 'there is no move to take back')
        """
        from .undo import check_undo

        return check_undo(self, seat)

    def restart(self) -> Self:
        """A new game with these players, rules, seed and stacked deal, before any move: the
        start that :meth:`undo` and replays rebuild from.

        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=3)
        >>> g.restart().snapshot() == g.snapshot()
        True
        """
        from .deals import start_totals

        spec = self._spec()
        if spec is None:
            raise UnknownGame(f"{self.game_id} is not registered: it cannot be started again")
        plan = dict(self.deal_spec) if self.deal_spec else None
        new: Self = spec.factory(self.players, self.rules, self.seed, plan)
        totals = start_totals(plan)
        if totals is not None:
            new.start_from_totals(totals)
        return new

    def keep_undo_point(self) -> None:
        """Keep a copy of the state now so that an undo back here is quick (a table calls
        it before each person's move; without it, undo replays the whole record)."""
        from .undo import keep_point

        keep_point(self)

    def undo(self, seat: int | None = None) -> Move:
        """Take back the last move (by ``seat``, when given) and return it; the game is then
        exactly as if it had never been made. Refused with
        :class:`~cardtable.engine.undo.UndoRefused` (an :class:`IllegalMove`) and the reason
        when :meth:`can_undo` says no; nothing changes then."""
        from .undo import undo

        return undo(self, seat)

    def next_stacked_deal(self) -> dict[str, Any] | None:
        """The stacked part of the deal about to be dealt (None: shuffle it); games call this
        once each time they deal, so ``deal={"deals": [...]}`` can stack any deal.

        >>> from cardtable.engine import new_game
        >>> g = new_game("gin", ["Ann", "Bob"], seed=1, deal={"deals": [None, {"discard": "QC"}]})
        >>> g.next_stacked_deal()  # the first deal was dealt, so this is the second one's
        {'discard': 'QC'}
        """
        from .deals import stacked_deal

        self._deals_started += 1
        return stacked_deal(self.deal_spec, self._deals_started)

    def start_from_totals(self, totals: Sequence[int]) -> None:
        """Set the match totals before any move (``deal={"totals": [...]}``; a record replays
        it). The rules apply to them from then on: a total past a game's limit counts when
        the first deal is scored."""
        raise NotImplementedError(f"{type(self).__name__} cannot start from given totals")

    def record(self) -> str:
        """The match as text: the save, bug-report and test-fixture format."""
        return write_record(self)

    def name_of(self, seat: int | None) -> str:
        """A seat's player name ('nobody' for None)."""
        return "nobody" if seat is None else self.players[seat]

    def _bump(self) -> None:
        """Mark the state as changed outside ``play`` (e.g. arranging a hand)."""
        self._stamp = object()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {', '.join(self.players)} phase={self.phase} to_act={self.to_act}>"
