"""Legal moves listed on demand: a sequence whose moves are built only when read.

Some turns have many legal moves of which a random playout or a random bot takes one (Five
Hundred's kitty discard: any 3 of 13 cards, 286 moves). A game's ``_generate`` may return
a :class:`MoveRange` for such a turn: it knows how many moves there are and builds the
``i``-th when asked, so ``rng.choice(game.legal_moves())`` builds exactly one move, and
the choice is as uniform as over a full list (the same index picks the same move).

>>> from cardtable.engine.moves import Move
>>> words = ["6S", "6C", "6D"]
>>> moves = MoveRange(len(words), lambda i: Move("bid", word=words[i]))
>>> len(moves), str(moves[1]), str(moves[-1]), [str(m) for m in moves[:2]]
(3, 'bid 6C', 'bid 6D', ['bid 6S', 'bid 6C'])
>>> moves == (Move("bid", word="6s"), Move("bid", word="6c"), Move("bid", word="6d"))
True
>>> moves[3]
Traceback (most recent call last):
...
IndexError: move index 3 out of range: there are 3 legal moves
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

from .moves import Move


class MoveRange(Sequence[Move]):
    """``size`` legal moves, the ``i``-th built by ``build(i)`` when read (see the module).

    Each move read carries the stamp :meth:`~cardtable.engine.game.Game.legal_moves` gave
    the range, so playing it takes the listed-move fast path, as for a listed tuple. Equal to
    any sequence of equal moves in the same order (a tuple of them, say).
    """

    __slots__ = ("_build", "_size", "stamp")

    def __init__(self, size: int, build: Callable[[int], Move]) -> None:
        self._size = size
        self._build = build
        self.stamp: object = None
        """Set by the game as it lists the range; put on every move read."""

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: int | slice) -> Move | tuple[Move, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._size)))
        i = index + self._size if index < 0 else index
        if not 0 <= i < self._size:
            raise IndexError(f"move index {index} out of range: there are {self._size} legal moves")
        move = self._build(i)
        move._stamp = self.stamp  # (moves may be shared between games: stamped at each read)
        return move

    def __iter__(self) -> Iterator[Move]:
        return (self[i] for i in range(self._size))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(other) == self._size and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # like a list: equal to tuples, so not hashable

    def __repr__(self) -> str:
        return f"<MoveRange of {self._size} moves>"


__all__ = ["MoveRange"]
