"""The shared base of the built-in games: a :class:`~cardtable.engine.game.Game` that keeps
its state under the usual names (seat to act, phase, hands, totals, score rows) and so gets
the public accessors, the seating and the view helpers written once."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from .cards import Card
from .game import Game, Outcome, TableMeld
from .ruleset import Ruleset
from .views import PlayerView, SeatView


class TableGame(Game):
    """A game keeping its state under the usual names, which gives the public accessors.

    ``cur`` (the seat to act), ``phase_``, ``hands`` (lists of cards), ``melds_``, ``total``
    (match totals), ``rows`` (one score row per finished deal) and ``_outcome`` (None
    until the match is over). Every built-in game derives from it.

    >>> from cardtable.engine import new_game
    >>> isinstance(new_game("gin", ["Ann", "Bob"], seed=1), TableGame)
    True
    """

    deal_word: ClassVar[str] = "deal"
    """What the game calls one deal ('hand' in Gin, 'round' in Progressive Rummy): views carry
    it so a table's score box says it as the game's own texts do."""

    cur: int
    phase_: str
    hands: list[list[Card]]
    melds_: list[Any]
    total: list[int]
    rows: list[tuple[int | None, ...]]
    deal_no: int
    dealer: int
    """The seat that deals this deal (a game without a dealer never reads it)."""
    n: int
    rng: random.Random
    result: str
    """The last deal's result in words (empty while a deal is on)."""
    _outcome: Outcome | None

    def __init__(
        self, players: Sequence[str], rules: Ruleset, seed: int, deal: dict[str, Any] | None
    ) -> None:
        super().__init__(players, rules, seed, deal)
        self._start_match(seed)
        self._set_up()

    def _set_up(self) -> None:
        """The game's own match state and first deal, built once the table's is there
        (:meth:`_start_match`): the body of a game's constructor, reading ``self.rules``,
        ``self.n`` and ``self.rng``. A game that writes its own ``__init__`` leaves it empty."""

    def _over_status(self, match: str = "Match") -> str | None:
        """The status line once the match is over ('Match over: why.'), or once a deal is over
        and the match goes on ("Play 'next' for deal 2.", in the game's :attr:`deal_word`:
        whoever is at the keyboard deals on, so it names nobody); None while a deal is being
        played.

        >>> from cardtable.engine import new_game
        >>> new_game("scala40", ["Ann", "Bob"], seed=1)._over_status() is None
        True
        """
        if self._outcome is not None:
            return f"{match} over: {self._outcome.reason}."
        if self.phase_ == "deal-over":
            return f"{self.result} Play 'next' for {self.deal_word} {self.deal_no + 1}."
        return None

    def _turn_state(self) -> tuple[Any, ...]:
        """The head of most games' :meth:`_state_snapshot`: the phase, the seat to act, the
        dealer and the deal number (a game then adds its own values after them)."""
        return (self.phase_, self.cur, self.dealer, self.deal_no)

    def _match_state(self) -> tuple[Any, ...]:
        """The tail of most games' :meth:`_state_snapshot`: what :meth:`_start_match` began,
        the totals, the score rows, the outcome and the RNG (hashed: its state is long)."""
        return (tuple(self.total), tuple(self.rows), self._outcome, hash(self.rng.getstate()))

    def does(self, seat: int, verb: str) -> str:
        """``seat``'s name and ``verb`` (third person) agreeing with it, for the log: 'Ann
        plays', but 'You play' for a player named You (the table's name for its one person).

        >>> from cardtable.engine import new_game
        >>> g = new_game("five-hundred", ["You", "Bob", "Cy"], seed=1)
        >>> g.does(0, "bids"), g.does(1, "bids"), g.does(0, "is"), g.does(0, "passes")
        ('You bid', 'Bob bids', 'You are', 'You pass')
        """
        name = self.players[seat]
        if name.casefold() != "you":
            return f"{name} {verb}"
        if verb == "is":
            return f"{name} are"
        if verb.endswith(("sses", "shes")):
            return f"{name} {verb[:-2]}"
        return f"{name} {verb[:-1] if verb.endswith('s') else verb}"

    @property
    def to_act(self) -> int | None:
        return None if self._outcome is not None else self.cur

    def _start_match(self, seed: int) -> None:
        """The match-wide state every table game starts with: the seat count ``n``, the RNG
        from the seed, zero totals, no score rows, no deal dealt yet, no outcome."""
        n = len(self.players)
        self.n = n
        self.rng = random.Random(seed)
        self.total = [0] * n
        self.rows = []
        self.deal_no = 0
        self._outcome = None
        self.result = ""

    def seat_view(self, s: int, badges: Iterable[str] = (), active: bool = True) -> SeatView:
        """Seat ``s`` as every table shows it (name, cards held, total, whose turn), with the
        game's ``badges`` ('dealer', 'knocked', ...)."""
        return SeatView(
            seat=s,
            name=self.players[s],
            card_count=len(self.hands[s]),
            score=self.total[s],
            active=active,
            to_act=self.to_act == s,
            badges=tuple(badges),
        )

    def table_view(self, seat: int | None, **fields: Any) -> PlayerView:
        """A :class:`PlayerView` with what every table game fills the same way (game, phase,
        whose turn, the viewer's hand, the listed moves for the seat to act, the log's last
        50 lines, the deal number and the scores); ``fields`` give the game's own and may
        override these. Games build their views with it."""
        values: dict[str, Any] = {
            "game": self.game_id,
            "title": self.title,
            "seat": seat,
            "phase": self.phase_,
            "phase_kind": self.phase_kind,
            "to_act": self.to_act,
            "hand": tuple(c.name for c in self.hands[seat]) if seat is not None else (),
            "legal_moves": tuple(str(m) for m in self.legal_moves())
            if seat is not None and seat == self.to_act
            else (),
            "log": tuple(self.log[-50:]),
            "deal_number": self.deal_no,
            "deal_word": self.deal_word,
            "deal_scores": tuple(self.rows),
            "scores": tuple(self.total),
        }
        values.update(fields)
        return PlayerView(**values)

    def start_from_totals(self, totals: Sequence[int]) -> None:
        self.total[:] = totals
        self._bump()

    @property
    def phase(self) -> str:
        return self.phase_

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        return tuple(self.melds_)

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.total)

    @property
    def deal_scores(self) -> tuple[tuple[int | None, ...], ...]:
        return tuple(self.rows)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome
