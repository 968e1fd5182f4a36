"""Seating: teams as a partition, dealer rotation, turn order with seats that sit a deal out
and seats that have left the match (property tests over random tables)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.engine import new_game
from cardtable.engine.seating import Seating, check_teams, partnerships


@st.composite
def seatings(draw: st.DrawFn, min_playing: int = 0) -> Seating:
    """A table of 1-9 seats, a dealer, some sitting out and some gone, ``min_playing`` of them
    (at least) still playing this deal."""
    n = draw(st.integers(max(1, min_playing), 9))
    seats = list(range(n))
    playing = draw(st.sets(st.sampled_from(seats), min_size=min_playing))
    others = [s for s in seats if s not in playing]
    left = draw(st.sets(st.sampled_from(others))) if others else set()
    sitting_out = {s for s in others if s not in left}
    return Seating(
        tuple(f"P{s}" for s in seats),
        dealer=draw(st.sampled_from(seats)),
        sitting_out=frozenset(sitting_out),
        left=frozenset(left),
    )


def turn_order(seating: Seating, start: int) -> list[int]:
    """Every seat from ``start`` going left: the slow, obvious way."""
    return [(start + i) % seating.n for i in range(seating.n)]


@given(seatings(), st.data())
def test_active_seats_are_the_playing_seats_in_turn_order_from_start(
    seating: Seating, data: st.DataObject
) -> None:
    start = data.draw(st.integers(0, seating.n - 1))
    active = seating.active_seats(start)
    assert active == tuple(s for s in turn_order(seating, start) if seating.plays(s))
    assert set(active) == set(range(seating.n)) - seating.left - seating.sitting_out
    assert not active or active[0] == (start if seating.plays(start) else seating.next_playing(start))


def left_of_dealer(seating: Seating) -> list[int]:
    """Every seat, starting left of the dealer and ending with the dealer."""
    return turn_order(seating, (seating.dealer + 1) % seating.n)


@given(seatings(min_playing=1))
def test_the_first_to_act_is_the_first_playing_seat_left_of_the_dealer(seating: Seating) -> None:
    first = seating.first_to_act()
    assert first == next(s for s in left_of_dealer(seating) if seating.plays(s))
    assert seating.active_seats()[0] == first


@given(seatings(min_playing=1))
def test_the_deal_passes_left_to_a_seat_still_in_the_match(seating: Seating) -> None:
    after = seating.next_deal()
    assert (
        after.dealer
        == seating.next_dealer()
        == next(s for s in left_of_dealer(seating) if s not in seating.left)
    )
    assert after.sitting_out == frozenset() and after.left == seating.left
    assert after.names == seating.names and after.teams == seating.teams


@given(seatings(min_playing=1))
def test_rotating_visits_every_seat_in_the_match_once_per_round(seating: Seating) -> None:
    in_match = [s for s in range(seating.n) if seating.in_match(s)]
    dealers = []
    current = seating
    for _ in in_match:
        current = current.next_deal()
        dealers.append(current.dealer)
    assert sorted(dealers) == in_match


@given(seatings(min_playing=2), st.data())
def test_sitting_out_and_leaving_take_seats_out_of_turn(seating: Seating, data: st.DataObject) -> None:
    seat = data.draw(st.sampled_from(seating.active_seats()))
    out = seating.sit_out(seat)
    assert seat not in out.active_seats() and out.in_match(seat)
    assert out.next_deal().plays(seat)  # sitting out lasts one deal
    gone = seating.leave(seat)
    assert seat not in gone.active_seats() and not gone.in_match(seat)
    assert not gone.next_deal().plays(seat) and gone.next_deal().dealer != seat
    assert seating.plays(seat)  # values: the original is unchanged


def test_nobody_playing_is_an_error_not_a_loop() -> None:
    gone = Seating(("A", "B")).leave(0, 1)
    assert gone.active_seats() == ()
    with pytest.raises(ValueError):
        gone.first_to_act()
    with pytest.raises(ValueError):
        gone.next_dealer()


@given(st.integers(1, 4), st.integers(1, 4))
def test_partnerships_partition_the_seats_alternately(teams: int, size: int) -> None:
    n = teams * size
    result = partnerships(n, teams)
    seating = Seating(tuple(map(str, range(n))), teams=result)
    assert check_teams(n, result) == result
    for seat in range(n):
        team = seating.team_of(seat)
        assert team == seat % teams
        assert seat not in seating.partners(seat)
        assert len(seating.partners(seat)) == size - 1
        # partners never sit next to each other when there is more than one team
        assert teams == 1 or seating.left_of(seat) not in seating.partners(seat)


def test_five_hundred_shapes_four_and_six_players() -> None:
    assert partnerships(4, 2) == ((0, 2), (1, 3))
    assert partnerships(6, 3) == ((0, 3), (1, 4), (2, 5))
    assert partnerships(6, 2) == ((0, 2, 4), (1, 3, 5))


def test_teams_must_be_a_partition() -> None:
    for bad in ([[0, 1]], [[0, 1], [1, 2], [3]], [[0, 1, 2], [3], []], [[0, 1], [2, 4]]):
        with pytest.raises(ValueError):
            Seating(("A", "B", "C", "D"), teams=tuple(map(tuple, bad)))
    assert Seating(("A", "B", "C", "D")).team_of(0) is None and Seating(("A", "B")).partners(0) == ()


def test_teams_in_match_drop_a_team_whose_seats_have_all_left() -> None:
    seating = Seating(tuple("ABCDEF"), teams=partnerships(6, 3)).leave(1, 4, 2)
    assert seating.teams_in_match() == ((0, 3), (2, 5))


def test_a_game_has_a_seating_without_teams_and_copies_share_it() -> None:
    game = new_game("scala40", ["Ann", "Bob", "Cid"], seed=1)
    assert game.seating == Seating(("Ann", "Bob", "Cid"))
    assert game.copy().seating is game.seating  # an immutable value: no copying needed
    assert game.view(0).teams == () and game.view(0).team_totals == ()
