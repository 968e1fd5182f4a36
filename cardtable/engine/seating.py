"""Seats, teams, the dealer and who plays: the generic model of a table of players.

A :class:`Seating` is an immutable value (so a game copy shares it, a snapshot compares it,
and a change is a new value): seat indices with names, teams as a partition of the seats,
the dealer, the seats that sit the current deal out (a misère bidder's partner, a player
with no chips for the ante) and the seats that have left the match (busted, out of chips,
finished). Whether a seat is a person or a computer player is not its business.

Turn order goes left, to the next seat index; the first to act sits left of the dealer.

>>> s = Seating(("Ann", "Bob", "Cid", "Dee"), teams=partnerships(4, 2))
>>> s.teams, s.team_of(2), s.partners(1)
(((0, 2), (1, 3)), 0, (3,))
>>> s.dealer, s.first_to_act(), s.active_seats()
(0, 1, (1, 2, 3, 0))
>>> s = s.sit_out(3)          # Dee sits this deal out
>>> s.active_seats(), s.first_to_act()
((1, 2, 0), 1)
>>> s = s.next_deal()         # the deal passes left; sitting out lasts one deal
>>> s.dealer, s.active_seats()
(1, (2, 3, 0, 1))
>>> s = s.leave(2)            # Cid has left the match for good
>>> s.in_match(2), s.active_seats(), s.next_dealer()
(False, (3, 0, 1), 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace

Teams = tuple[tuple[int, ...], ...]
"""A partition of the seats into teams, each team's seats in ascending order (empty: none)."""


def partnerships(seats: int, teams: int) -> Teams:
    """``seats`` split into ``teams`` teams whose members sit alternately round the table
    (seat ``s`` plays for team ``s % teams``), the usual way partners are seated.

    >>> partnerships(4, 2)
    ((0, 2), (1, 3))
    >>> partnerships(6, 3), partnerships(6, 2)
    (((0, 3), (1, 4), (2, 5)), ((0, 2, 4), (1, 3, 5)))
    >>> partnerships(5, 2)
    Traceback (most recent call last):
    ...
    ValueError: 5 seats do not split into 2 equal teams
    """
    if teams < 1 or seats % teams:
        raise ValueError(f"{seats} seats do not split into {teams} equal teams")
    return tuple(tuple(range(t, seats, teams)) for t in range(teams))


def check_teams(seats: int, teams: Iterable[Iterable[int]]) -> Teams:
    """``teams`` as :data:`Teams` (each sorted) once checked to be a partition of the seats
    ``0 .. seats - 1`` into non-empty teams; no teams at all is fine.

    >>> check_teams(3, [[2, 0], [1]])
    ((0, 2), (1,))
    >>> check_teams(3, [[0, 1], [1, 2]])
    Traceback (most recent call last):
    ...
    ValueError: teams ((0, 1), (1, 2)) are not a partition of seats 0-2
    """
    result = tuple(tuple(sorted(team)) for team in teams)
    if not result:
        return ()
    flat = sorted(s for team in result for s in team)
    if flat != list(range(seats)) or not all(result):
        raise ValueError(f"teams {result} are not a partition of seats 0-{seats - 1}")
    return result


@dataclass(frozen=True, slots=True)
class Seating:
    """The seats of one match (see the module's doctest). Changes return a new value."""

    names: tuple[str, ...]
    """Each seat's player name, by seat index."""
    teams: Teams = ()
    """The teams (a partition of the seats), or () when every seat plays for itself."""
    dealer: int = 0
    """The seat dealing the current deal."""
    sitting_out: frozenset[int] = frozenset()
    """Seats that take no part in the current deal (they are still in the match)."""
    left: frozenset[int] = frozenset()
    """Seats that have left the match (busted, out of chips, finished) and come back no more."""
    _team_index: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        teams = check_teams(n, self.teams)
        if teams != self.teams:
            object.__setattr__(self, "teams", teams)
        if not 0 <= self.dealer < max(n, 1):
            raise ValueError(f"dealer {self.dealer} is not a seat of {n}")
        for what in (self.sitting_out, self.left):
            if any(not 0 <= s < n for s in what):
                raise ValueError(f"seats {sorted(what)} are not all seats of {n}")
        index = [0] * n
        for t, team in enumerate(teams):
            for s in team:
                index[s] = t
        object.__setattr__(self, "_team_index", tuple(index))

    # ------------------------------------------------------------------ seats and teams
    @property
    def n(self) -> int:
        """The number of seats (those that have left the match included)."""
        return len(self.names)

    def team_of(self, seat: int) -> int | None:
        """The index of ``seat``'s team in :attr:`teams` (None in a game without teams).

        >>> Seating(("A", "B", "C"), teams=((0,), (1, 2))).team_of(2), Seating(("A", "B")).team_of(1)
        (1, None)
        """
        return self._team_index[seat] if self.teams else None

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team, in seat order (none without teams).

        >>> Seating(tuple("ABCDEF"), teams=partnerships(6, 2)).partners(2)
        (0, 4)
        """
        if not self.teams:
            return ()
        return tuple(s for s in self.teams[self._team_index[seat]] if s != seat)

    @property
    def sides(self) -> Teams:
        """What plays against what: the teams, or each seat alone in a game without teams.

        >>> Seating(("A", "B", "C")).sides
        ((0,), (1,), (2,))
        """
        return self.teams or tuple((s,) for s in range(self.n))

    # ------------------------------------------------------------------ who plays
    def in_match(self, seat: int) -> bool:
        """``seat`` has not left the match (it may still sit the current deal out)."""
        return seat not in self.left

    def plays(self, seat: int) -> bool:
        """``seat`` takes part in the current deal: in the match and not sitting out."""
        return seat not in self.left and seat not in self.sitting_out

    def left_of(self, seat: int) -> int:
        """The seat next to ``seat`` in turn order, whoever sits there."""
        return (seat + 1) % self.n

    def next_playing(self, seat: int) -> int:
        """The first seat after ``seat`` in turn order that plays the current deal (``seat``
        itself when no other seat plays); ValueError when nobody plays.

        >>> Seating(("A", "B", "C", "D"), left=frozenset({1, 2})).next_playing(0)
        3
        """
        n = self.n
        for step in range(1, n + 1):
            s = (seat + step) % n
            if self.plays(s):
                return s
        raise ValueError("no seat plays this deal")

    def active_seats(self, start: int | None = None) -> tuple[int, ...]:
        """The seats that play the current deal, in turn order from ``start`` (included when
        it plays; by default the first to act, left of the dealer).

        >>> s = Seating(("A", "B", "C", "D"), dealer=2, sitting_out=frozenset({0}))
        >>> s.active_seats(), s.active_seats(start=0), s.active_seats(start=1)
        ((3, 1, 2), (1, 2, 3), (1, 2, 3))
        """
        n = self.n
        if start is None:
            start = self.dealer + 1
        return tuple(s for s in ((start + i) % n for i in range(n)) if self.plays(s))

    def first_to_act(self) -> int:
        """The first seat left of the dealer that plays the current deal."""
        return self.next_playing(self.dealer)

    def next_dealer(self) -> int:
        """Who deals next: the first seat left of the dealer still in the match (a seat that
        sits this deal out may deal the next one). ValueError when every seat has left."""
        n = self.n
        for step in range(1, n + 1):
            s = (self.dealer + step) % n
            if s not in self.left:
                return s
        raise ValueError("every seat has left the match")

    # ------------------------------------------------------------------ changes
    def next_deal(self) -> Seating:
        """The seating of the next deal: the deal passes to :meth:`next_dealer` and nobody
        sits out any more."""
        return replace(self, dealer=self.next_dealer(), sitting_out=frozenset())

    def with_dealer(self, seat: int) -> Seating:
        """The same seating with ``seat`` dealing.

        Only the dealer is checked: the rest was checked when this seating was made, and
        ``replace`` checking it all again was a sixth of a new game's cost.

        >>> s = Seating(("A", "B", "C", "D"), teams=((0, 2), (1, 3))).with_dealer(3)
        >>> s.dealer, s.teams, s == replace(s, dealer=3), s.with_dealer(3) is s
        (3, ((0, 2), (1, 3)), True, True)
        >>> s.with_dealer(4)
        Traceback (most recent call last):
        ...
        ValueError: dealer 4 is not a seat of 4
        """
        if seat == self.dealer:
            return self
        if not 0 <= seat < max(self.n, 1):
            raise ValueError(f"dealer {seat} is not a seat of {self.n}")
        new = object.__new__(Seating)
        for name in _SEATING_SLOTS:
            object.__setattr__(new, name, getattr(self, name))
        object.__setattr__(new, "dealer", seat)
        return new

    def sit_out(self, *seats: int) -> Seating:
        """``seats`` take no part in the current deal (until :meth:`next_deal`)."""
        return replace(self, sitting_out=self.sitting_out | frozenset(seats))

    def leave(self, *seats: int) -> Seating:
        """``seats`` leave the match for good (busted, out of chips, finished)."""
        return replace(self, left=self.left | frozenset(seats))

    def teams_in_match(self) -> Teams:
        """The teams with at least one seat still in the match (each with all its seats).

        >>> Seating(("A", "B", "C", "D"), teams=((0, 2), (1, 3))).leave(1, 3).teams_in_match()
        ((0, 2),)
        """
        return tuple(team for team in self.teams if any(s not in self.left for s in team))


_SEATING_SLOTS = tuple(f.name for f in fields(Seating))
"""The fields a seating holds, copied one by one where only the dealer changes."""
