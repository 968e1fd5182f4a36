"""The board kit's layouts: every hole placed once, castles and starts where the rules put
them, and sizes that fit the terminal sizes the table promises."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.kits.board import COLOUR_NAMES, track_layout

LETTERS = "BRGYPOWK"


def _near(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_every_hole_once_and_connected(players: int) -> None:
    colours = LETTERS[:players]
    board = track_layout(colours)
    n = 18 * players
    assert board.track_size == n
    assert len(board.holes) == n + players * 10
    assert len({(h.x, h.y) for h in board.holes}) == len(board.holes)
    assert len({h.id for h in board.holes}) == len(board.holes)
    assert all(0 <= h.x < board.width and 0 <= h.y < board.height for h in board.holes)
    pos = {h.id: (h.x, h.y) for h in board.holes}
    # The track is a closed ring of neighbouring holes.
    for i in range(n):
        assert _near(pos[str(i)], pos[str((i + 1) % n)]), i
    for s, c in enumerate(colours):
        assert board.hole(str(18 * s + 2)).mark == f"in:{c}"
        assert board.hole(str(18 * s + 7)).mark == f"out:{c}"
        # The castle hangs off the in-spot, C1 first, each hole next to the one before.
        chain = [pos[str(18 * s + 2)]] + [pos[f"{c}C{k}"] for k in range(1, 6)]
        assert all(_near(a, b) for a, b in pairwise(chain))
        # The start lies beside the come-out hole: its first hole touches it.
        assert _near(pos[f"{c}S1"], pos[str(18 * s + 7)])
        starts = [board.hole(f"{c}S{k}") for k in range(1, 6)]
        assert {(h.kind, h.owner, h.label) for h in starts} == {("start", c, "S")}


@pytest.mark.parametrize("players", [5, 7])
def test_odd_counts_lay_out_with_starts_moved_clear_of_the_corners(players: int) -> None:
    board = track_layout(LETTERS[:players])
    assert len({(h.x, h.y) for h in board.holes}) == len(board.holes) == 28 * players
    assert all(0 <= h.x < board.width and 0 <= h.y < board.height for h in board.holes)


def test_a_side_too_short_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="overlap: use other offsets or a longer side than 8"):
        track_layout("BRGY", side=8)


def _king(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


@pytest.mark.parametrize("players", [4, 6, 8])
@pytest.mark.parametrize(("out", "inn", "marbles"), [(7, 6, 4), (0, 0, 4), (7, 6, 5), (0, 0, 5)])
def test_tock_and_dog_offsets_get_their_own_layout(players: int, out: int, inn: int, marbles: int) -> None:
    """Tock's in-spot just behind the come-out hole and Dog's on it: the castle hangs off
    the in-spot (diagonally into the board from a corner), the start sits beside the
    come-out hole as near as the castle allows, and the board keeps its size."""
    colours = LETTERS[:players]
    board = track_layout(colours, 18, out, inn, marbles, marbles)
    assert (board.width, board.height) == (track_layout(colours).width, track_layout(colours).height)
    assert len({(h.x, h.y) for h in board.holes}) == len(board.holes)
    assert all(0 <= h.x < board.width and 0 <= h.y < board.height for h in board.holes)
    pos = {h.id: (h.x, h.y) for h in board.holes}
    for s, c in enumerate(colours):
        assert c in board.hole(str(18 * s + out)).mark.replace("in:", "").replace("out:", "").split()
        assert f"in:{c}" in board.hole(str(18 * s + inn)).mark.split()
        chain = [pos[str(18 * s + inn)]] + [pos[f"{c}C{k}"] for k in range(1, marbles + 1)]
        assert all(_king(a, b) for a, b in pairwise(chain))
        near = {pos[str((18 * s + out + k) % (18 * players))] for k in range(-5, 6)}
        assert any(_near(pos[f"{c}S1"], p) for p in near)


def test_seat_zero_along_the_bottom_and_marks_only_on_track() -> None:
    board = track_layout("BRGY")
    assert {board.hole(str(i)).y for i in range(18)} == {board.height - 1}
    assert board.hole("0").x > board.hole("17").x  # clockwise runs right to left there
    assert all(h.kind == "track" for h in board.holes if h.mark)


@pytest.mark.parametrize(
    ("players", "columns", "rows"),
    # Two screen columns a hole: the 72-hole board beside an 80-column table's side panel
    # in 19 rows; the 108- and 144-hole boards inside 120 x 40 with room for the hand.
    [(4, 40, 19), (6, 80, 19), (8, 92, 28)],
)
def test_sizes_fit_the_table(players: int, columns: int, rows: int) -> None:
    board = track_layout(LETTERS[:players])
    assert 2 * board.width - 1 <= columns
    assert board.height <= rows


def test_view_places_pieces_and_names_colours() -> None:
    board = track_layout("BRGYPO")
    pieces = board.pieces({"P": ("S", "S", "C5", "100", "S"), "B": ("0",)})
    view = board.view(pieces)
    on = {h.id: h.piece for h in view.holes if h.piece}
    assert on == {"PS1": "P", "PS2": "P", "PS3": "P", "PC5": "P", "100": "P", "0": "B"}
    assert view.colours == {c: COLOUR_NAMES[c] for c in "BRGYPO"}
    assert (view.width, view.height) == (board.width, board.height)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: track_layout("BRB"), "colour letters must differ"),
        (lambda: track_layout("B"), "at least 2 seats"),
        (lambda: track_layout("BRGY", out_offset=18), "must lie in 0..17"),
        (lambda: track_layout("BRG", side=9, out_offset=7), "odd track"),
        (lambda: track_layout("BRGY").hole_id("B", "X9"), "is no location"),
        (lambda: track_layout("BRGY").hole("99"), "no hole '99'"),
        (lambda: track_layout("BRGY").view({"BC9": "B"}), "no hole 'BC9'"),
    ],
)
def test_bad_input_says_what_is_wrong(call: object, message: str) -> None:
    with pytest.raises((ValueError, KeyError), match=message):
        call()  # type: ignore[operator]


@given(st.sampled_from([4, 6, 8]), st.integers(0, 17), st.integers(0, 17))
def test_any_offsets_either_fit_or_are_refused(players: int, out: int, inn: int) -> None:
    try:
        board = track_layout(LETTERS[:players], out_offset=out, in_offset=inn)
    except ValueError as exc:
        assert "overlap" in str(exc) or "fit inside" in str(exc)
    else:
        assert len({(h.x, h.y) for h in board.holes}) == len(board.holes)
