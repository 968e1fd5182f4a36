"""The board kit: where the holes of a track board lie on a grid, for a generic board widget.

A track board (Joker marbles, and later its Tock/Dog presets) is a ring of ``N`` track holes
numbered clockwise, one side of ``side`` holes per seat; seat ``s`` owns holes
``side*s .. side*s + side - 1`` (hole ``side*s`` is that side's corner), comes out at hole
``side*s + out_offset`` from a start area of ``start`` holes and turns in at the in-spot
``side*s + in_offset`` into a castle of ``castle`` holes (``C1`` next to the in-spot).

:func:`track_layout` gives every hole a grid position (``x`` a column, ``y`` a row, in hole
units: a widget chooses how many screen cells a hole takes) and its identity as a
:class:`~cardtable.engine.views.HoleView`:

* track hole ``10``: id ``'10'``, label ``'10'``, kind ``'track'``, mark ``'out:B'`` or
  ``'in:B'`` where a colour comes out or turns in;
* castle hole 2 of Blue: id ``'BC2'``, label ``'C2'``, kind ``'castle'``, owner ``'B'``;
* start hole 3 of Blue: id ``'BS3'``, label ``'S'``, kind ``'start'``, owner ``'B'``.

The track runs round a rectangle, seat 0's side along the bottom (read right to left, as
clockwise runs there), the castles straight inward from their in-spots (diagonally inward from
an in-spot on a corner, as Dog's 0/0 puts it) and each start area a small cross two rows
inward of its come-out hole, moved along the side where a castle is in the way (Tock's in-spot
just behind the come-out hole). Four players: a 19 x 19 square (each side
one edge). Six: 37 x 19 (two sides on the long edges). Eight: 46 x 28 (sides turn the
corners, so the board fits 120 x 40 at two columns a hole).

>>> board = track_layout("BRGY")
>>> board.width, board.height, len(board.holes)
(19, 19, 112)
>>> h = board.hole("7")
>>> (h.x, h.y, h.mark), board.hole("BC1").label, board.hole("BS1").kind
((11, 18, 'out:B'), 'C1', 'start')
>>> view = board.view(board.pieces({"B": ("S", "S", "7", "C1", "S"), "R": ("30",)}))
>>> [(h.id, h.piece) for h in view.holes if h.piece]
[('7', 'B'), ('30', 'R'), ('BC1', 'B'), ('BS1', 'B'), ('BS2', 'B'), ('BS3', 'B')]
>>> view.colours["R"]
'red'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardtable.engine.views import BoardMoveView, BoardView, HoleView

COLOUR_NAMES: dict[str, str] = {
    "B": "blue",
    "R": "red",
    "G": "green",
    "Y": "yellow",
    "P": "purple",
    "O": "orange",
    "W": "white",
    "K": "black",
}
"""The colour letters of the notation and their names (the letters are also the glyphs)."""

# Edge lengths (in holes, corner to corner) of the rectangle for each seat count; any other
# count gets an edge per seat pair, as near a square as the seats allow.
_EDGES: dict[int, tuple[int, int]] = {4: (18, 18), 6: (36, 18), 8: (45, 27)}

# Clockwise on screen (y grows downward): right, down, left, up.
_RIGHT, _DOWN, _LEFT, _UP = (1, 0), (0, 1), (-1, 0), (0, -1)


@dataclass(frozen=True)
class BoardLayout:
    """A board's grid size and its holes, empty; :meth:`view` puts pieces on them."""

    width: int
    height: int
    holes: tuple[HoleView, ...]
    colours: tuple[str, ...]
    """One colour letter per seat, in seat order."""
    side: int
    _index: dict[str, HoleView] = field(default_factory=dict, repr=False, compare=False)
    _filled: dict[tuple[str, str], HoleView] = field(default_factory=dict, repr=False, compare=False)
    """Each (hole id, colour) with its piece, made once: views are built every move, and a
    frozen hole with a piece is the same value every time."""

    _slot: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update((h.id, h) for h in self.holes)
        self._slot.update((h.id, i) for i, h in enumerate(self.holes))

    @property
    def track_size(self) -> int:
        """The number of track holes, ``side`` per seat.

        >>> track_layout("BRGYPO").track_size
        108
        """
        return self.side * len(self.colours)

    def hole(self, hole_id: str) -> HoleView:
        """The hole with this id; a KeyError names an unknown one.

        >>> track_layout("BRGY").hole("RC5").owner
        'R'
        """
        try:
            return self._index[hole_id]
        except KeyError:
            raise KeyError(f"no hole {hole_id!r} on this board") from None

    def hole_id(self, colour: str, location: str) -> str:
        """The id of a colour's location in notation ('10', 'C2'; a start is 'S1'..'S5').

        >>> board = track_layout("BRGY")
        >>> board.hole_id("B", "10"), board.hole_id("B", "C2"), board.hole_id("G", "S3")
        ('10', 'BC2', 'GS3')
        """
        location = location.upper()
        if location.isdigit():
            hole_id = str(int(location))
        elif location[:1] in ("C", "S") and location[1:].isdigit():
            hole_id = f"{colour}{location}"
        else:
            raise ValueError(f"{location!r} is no location: use a hole number, C1..C5 or S1..S5")
        self.hole(hole_id)
        return hole_id

    def pieces(self, locations: Mapping[str, Sequence[str]]) -> dict[str, str]:
        """Hole id -> colour letter for pieces given by colour as notation locations.

        A location ``'S'`` fills the colour's start holes in order (the notation does not
        say which start hole a piece sits on).

        >>> track_layout("BRGY").pieces({"Y": ("S", "61", "S")})
        {'YS1': 'Y', '61': 'Y', 'YS2': 'Y'}
        """
        placed: dict[str, str] = {}
        for colour, where in locations.items():
            starts = 0
            for location in where:
                if location.upper() == "S":
                    starts += 1
                    location = f"S{starts}"
                placed[self.hole_id(colour, location)] = colour
        return placed

    def view(
        self,
        pieces: Mapping[str, str] | None = None,
        moves: Sequence[BoardMoveView] = (),
        names: Mapping[str, str] | None = None,
    ) -> BoardView:
        """The board with ``pieces`` (hole id -> colour letter) and the viewer's ``moves``.

        >>> track_layout("BRGY").view({"BC1": "B"}).holes[-1].piece == ""
        True
        """
        pieces = pieces or {}
        unknown = sorted(set(pieces) - set(self._index))
        if unknown:
            raise KeyError(f"no hole {unknown[0]!r} on this board")
        names = names or COLOUR_NAMES
        filled = self._filled
        holes = list(self.holes)
        for hole_id, piece in pieces.items():
            key = (hole_id, piece)
            if key not in filled:
                filled[key] = self._index[hole_id].model_copy(update={"piece": piece})
            holes[self._slot[hole_id]] = filled[key]
        return BoardView(
            width=self.width,
            height=self.height,
            holes=tuple(holes),
            colours={c: names.get(c, c) for c in self.colours},
            moves=tuple(moves),
        )


def _inward(step: tuple[int, int]) -> tuple[int, int]:
    """The heading turned a quarter clockwise: into the ring (screen y grows downward)."""
    return -step[1], step[0]


def _start_area(
    colour: str,
    place: dict[int, tuple[int, int]],
    heading: dict[int, tuple[int, int]],
    out: int,
    n: int,
    start: int,
    taken: set[tuple[int, int]],
) -> list[HoleView]:
    """A start area of ``start`` holes, a small cross two rows inward of the come-out hole
    ``out``; where a castle is in the way (an in-spot at or beside the come-out hole) the
    cross moves along the side, the nearest free place first."""
    for shift in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5):
        hole = (out + shift) % n
        dx, dy = heading[hole]
        nx, ny = _inward((dx, dy))
        ox, oy = place[hole]
        cx, cy = ox + 2 * nx, oy + 2 * ny
        # A cross: the arm nearest the ring first, then across, then the far arm.
        cross = [(cx - nx, cy - ny), (cx - dx, cy - dy), (cx, cy), (cx + dx, cy + dy)]
        cross.append((cx + nx, cy + ny))
        extra = [(cx + nx + dx * k, cy + ny + dy * k) for k in (-1, 1, -2, 2)]
        spots = (cross + extra)[:start]
        if not taken.intersection(spots) and len(set(spots)) == len(spots):
            return [
                HoleView(id=f"{colour}S{k}", label="S", kind="start", x=sx, y=sy, owner=colour)
                for k, (sx, sy) in enumerate(spots, start=1)
            ]
    # no free place near the come-out hole: the first one, and the overlap check names it
    return _start_area(colour, place, heading, out, n, start, set())


def _edges(players: int, side: int) -> tuple[int, int]:
    """The rectangle's top and right edge lengths, in holes (half the track together)."""
    if side == 18 and players in _EDGES:
        return _EDGES[players]
    half, odd = divmod(side * players, 2)
    if odd:
        raise ValueError(f"{players} sides of {side} holes make an odd track: use an even side")
    # Wider than tall, as terminals are: about a third of each half runs down the sides.
    down = max(1, half // 3)
    return half - down, down


def track_layout(
    colours: Sequence[str],
    side: int = 18,
    out_offset: int = 7,
    in_offset: int = 2,
    castle: int = 5,
    start: int = 5,
) -> BoardLayout:
    """The layout of a track board for one colour letter per seat (``"BRGY"``).

    Raises ValueError, saying what to change, for a repeated colour, too few seats, or
    offsets that do not fit a side.

    >>> len(track_layout("BRGYPOWK").holes), track_layout("BRGYPOWK").width
    (224, 46)
    >>> track_layout("BB")
    Traceback (most recent call last):
    ...
    ValueError: colour letters must differ, got 'BB'
    """
    colours = tuple(colours)
    players = len(colours)
    if len(set(colours)) != players:
        raise ValueError(f"colour letters must differ, got {''.join(colours)!r}")
    if players < 2:
        raise ValueError(f"a track board needs at least 2 seats, got {players}")
    if not (0 <= in_offset < side and 0 <= out_offset < side):
        raise ValueError(f"in_offset and out_offset must lie in 0..{side - 1}")
    if not (1 <= castle <= 9 and 1 <= start <= 9):
        raise ValueError("castle and start must have 1 to 9 holes")
    across, down = _edges(players, side)
    n = side * players
    # Walk the rectangle clockwise from its top-left corner; seat 0's corner is the
    # bottom-right one, so its side runs along the bottom (nearest the hand).
    first = (-(across + down)) % n
    place: dict[int, tuple[int, int]] = {}
    heading: dict[int, tuple[int, int]] = {}
    x = y = 0
    for length, step in ((across, _RIGHT), (down, _DOWN), (across, _LEFT), (down, _UP)):
        for _ in range(length):
            hole = (first + len(place)) % n
            place[hole] = (x, y)
            heading[hole] = step
            x, y = x + step[0], y + step[1]
    holes: list[HoleView] = []
    marks: dict[int, list[str]] = {}
    for s, colour in enumerate(colours):
        marks.setdefault(side * s + out_offset, []).append(f"out:{colour}")
        marks.setdefault(side * s + in_offset, []).append(f"in:{colour}")
    for hole in range(n):
        hx, hy = place[hole]
        mark = " ".join(marks.get(hole, ()))
        holes.append(HoleView(id=str(hole), label=str(hole), kind="track", x=hx, y=hy, mark=mark))
    used = {(h.x, h.y) for h in holes}
    castles: list[list[HoleView]] = []
    for s, colour in enumerate(colours):
        spot = side * s + in_offset
        ix, iy = place[spot]
        nx, ny = _inward(heading[spot])
        if heading[(spot - 1) % n] != heading[spot]:
            # an in-spot on a corner of the ring: straight inward would run along the next
            # edge, so the castle runs diagonally into the board
            px, py = _inward(heading[(spot - 1) % n])
            nx, ny = nx + px, ny + py
        row = [
            HoleView(
                id=f"{colour}C{k}", label=f"C{k}", kind="castle", x=ix + nx * k, y=iy + ny * k, owner=colour
            )
            for k in range(1, castle + 1)
        ]
        used.update((h.x, h.y) for h in row)
        castles.append(row)
    for s, colour in enumerate(colours):
        row = _start_area(colour, place, heading, side * s + out_offset, n, start, used)
        used.update((h.x, h.y) for h in row)
        holes.extend(castles[s])
        holes.extend(row)
    taken: dict[tuple[int, int], str] = {}
    for h in holes:
        if (h.x, h.y) in taken:
            raise ValueError(
                f"holes {taken[(h.x, h.y)]} and {h.id} overlap: "
                f"use other offsets or a longer side than {side}"
            )
        taken[(h.x, h.y)] = h.id
    xs = [h.x for h in holes]
    ys = [h.y for h in holes]
    if min(xs) < 0 or min(ys) < 0:
        raise ValueError("the castles and starts do not fit inside the ring: use a longer side")
    return BoardLayout(
        width=max(xs) + 1,
        height=max(ys) + 1,
        holes=tuple(holes),
        colours=colours,
        side=side,
    )
