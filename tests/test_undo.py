"""Fair undo (``game.can_undo()``, ``game.undo()``): over every registered game, random games
and random undo points; and by hand on stacked deals.

The property test keeps, live, the snapshot and record after every move: an undone game must
equal what the game was before the move (not a rebuild made the same way as the undo), the
same moves played again must give the same state, and a move that put a card the mover had
not seen into the mover's hand (a draw from the stock, a new deal) is refused with a reason.
Undo points are kept now and then, as a table does before a person's move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import Game, all_games, new_game
from cardtable.engine.undo import UndoRefused, visible_ids
from tests.games.support import stacked

GAMES = [spec.id for spec in all_games()]


def _seats(game_id: str, extra: int) -> list[str]:
    spec = next(s for s in all_games() if s.id == game_id)
    counts = spec.player_counts
    count = counts[min(len(counts) - 1, extra)]
    return ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:count]


def _hand_ids(game: Game, seat: int) -> set[int]:
    return {c.id for c in game.hand(seat)}


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    extra=st.integers(0, 2),
    moves=st.integers(0, 80),
    undos=st.integers(1, 4),
    points=st.booleans(),
)
def test_undo_is_exact_and_fair(
    game_id: str, seed: int, extra: int, moves: int, undos: int, points: bool
) -> None:
    game = new_game(game_id, _seats(game_id, extra), seed=seed)
    rng = random.Random(seed)
    snaps = [game.snapshot()]
    records = [game.record()]
    new_to_mover: list[bool] = []  # did move i put a card the mover had not seen in their hand?
    for _ in range(moves):
        if game.is_over:
            break
        mover = game.to_act
        assert mover is not None
        known = visible_ids(game.zones(), mover)
        if points and rng.random() < 0.5:  # as a table does before a person's move
            game.keep_undo_point()
        game.play(rng.choice(game.legal_moves()))
        new_to_mover.append(bool(_hand_ids(game, mover) - known))
        snaps.append(game.snapshot())
        records.append(game.record())

    taken: list = []
    for _ in range(undos):
        n = len(game.history)
        check = game.can_undo()
        if not check:
            assert check.reason, "a refusal says why"
            with pytest.raises(UndoRefused) as refused:
                game.undo()
            assert refused.value.reason == check.reason
            assert game.snapshot() == snaps[n] and game.record() == records[n]
            break
        assert not new_to_mover[n - 1], "a move that showed its maker a new card was taken back"
        mover, last = game.history[-1]
        assert game.can_undo(seat=mover)
        others = [s for s in range(len(game.players)) if s != mover]
        if others:  # (a one-seat game has nobody else)
            assert not game.can_undo(seat=others[0]), "only the mover takes a move back"
        assert check.move == str(last)
        taken.append(game.undo())
        # exactly the game before the move, and the record holds no undone move
        assert game.snapshot() == snaps[n - 1]
        assert game.record() == records[n - 1]
        assert len(game.history) == n - 1

    for move in reversed(taken):  # redo: the same moves give the same state
        game.play(str(move))
        n = len(game.history)
        assert game.snapshot() == snaps[n] and game.record() == records[n]


# ----------------------------------------------------------------------------- by hand

SCALA_ANN = "7H 8H 9H 10H KS KD KC 2C 3C 4C 6S 6H 5D"


def _scala() -> Game:
    return stacked("scala40", [SCALA_ANN, "3D 9D JD QH"], players=2, stock="QS 9C 4D", discard="QC")


def test_a_rummy_discard_is_taken_back_until_the_next_player_acts() -> None:
    game = _scala()
    game.play("draw")
    before = game.snapshot()
    record = game.record()
    game.play("meld 7H 8H 9H 10H / KS KD KC / 2C 3C 4C")
    game.play("discard 5D")
    assert game.to_act == 1
    assert game.can_undo(), game.can_undo().reason
    assert game.undo().kind == "discard"
    assert game.undo().kind == "meld"
    assert game.snapshot() == before and game.record() == record
    assert "discard" not in game.record().split("moves:")[1]
    # a game that never melded nor discarded is the same game
    fresh = _scala()
    fresh.play("draw")
    assert fresh.snapshot() == game.snapshot()
    # the draw showed Ann the QS: it stands
    check = game.can_undo()
    assert not check and "showed you a card" in check.reason
    with pytest.raises(UndoRefused, match="showed you a card"):
        game.undo()


def test_a_rummy_discard_stands_once_the_next_player_has_moved() -> None:
    game = _scala()
    game.play("draw")
    game.play("discard 5D")
    game.play("draw")  # Bob draws the 9C
    check = game.can_undo(seat=0)
    assert not check and "Bob's" in check.reason
    assert "showed you a card" in game.can_undo(seat=1).reason


def test_another_players_taken_back_move_does_not_reopen_the_window() -> None:
    # Bob takes Ann's discard (no card unseen) and takes it back: Ann's discard still stands
    game = stacked(
        "gin",
        ["2S 3S 4S 5H 6H 7H 9C 10C JD QD", "AS AH AC 2D 3D 4D 8S 9S 10S KH"],
        stock="KS QS JS",
        discard="5C",
    )
    game.play("pass")
    game.play("pass")
    game.play("draw")
    assert "showed you a card" in game.can_undo().reason  # the stock's KS
    game.play("discard QD")
    game.play("take")
    assert game.can_undo(), game.can_undo().reason
    game.undo()
    check = game.can_undo()
    assert not check and "another player has moved" in check.reason


def test_page_one_a_play_is_taken_back_until_the_next_play() -> None:
    game = stacked(
        "page-one", ["5H 9C KD QS 2S 3S 4S", "6D 7D 8D 9D 10D JD 3C"], players=2, stock="AH AS", discard="5C"
    )
    snap = game.snapshot()
    game.play("play 9C")
    assert game.can_undo() and game.undo().kind == "play"
    assert game.snapshot() == snap
    game.play("play 9C")
    game.play("play 3C")  # Bob follows: Ann's play stands
    assert not game.can_undo(seat=0)


def test_the_text_table_takes_back_with_undo() -> None:
    import io

    from cardtable.cli import play_text
    from cardtable.session import Session

    session = Session(_scala(), [None, None])
    script = io.StringIO("draw\nundo\nmeld 7H 8H 9H\nundo\nquit\n")
    out = io.StringIO()
    assert play_text(session, out=out, inp=script) == 0
    text = out.getvalue()
    assert "Not allowed: your draw showed you a card you had not seen" in text
    assert "Taken back: meld 7H 8H 9H" in text
    assert [str(m) for _, m in session.game.history] == ["draw"]


def test_a_spec_may_forbid_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from cardtable.engine import registry

    spec = registry.get("scala40")
    strict = dataclasses.replace(spec, no_undo="tournament rules: a card laid is a card played")
    monkeypatch.setitem(registry._GAMES, spec.id, strict)
    game = _scala()
    game.play("draw")
    game.play("meld 7H 8H 9H")
    check = game.can_undo()
    assert not check and check.reason == "tournament rules: a card laid is a card played"
    with pytest.raises(UndoRefused, match="tournament rules"):
        game.undo()


def test_undo_right_after_a_resume_is_exact_and_starts_near_the_end() -> None:
    from cardtable.engine import replay
    from cardtable.engine.undo import _POINTS

    game = _scala()
    game.play("draw")
    before = game.snapshot()
    game.play("meld 7H 8H 9H 10H / KS KD KC / 2C 3C 4C")
    game.play("discard 5D")
    resumed = replay(game.record())
    # the point kept on resume is where Ann's run of moves began (the draw), not the start
    assert sorted(_POINTS[resumed]) == [0]
    assert resumed.undo().kind == "discard" and resumed.undo().kind == "meld"
    assert resumed.snapshot() == before
    # a longer record: the point sits at the last run, so an undo replays only that run
    game = new_game("rummy51", ["Ann", "Bob"], seed=4)
    rng = random.Random(4)
    while len(game.history) < 200 or game.history[-1][1].kind != "discard":
        game.play(rng.choice(game.legal_moves()))
    resumed = replay(game.record())
    run = len(game.history)
    while game.history[run - 1][0] == game.history[-1][0]:
        run -= 1
    assert sorted(_POINTS[resumed]) == [run]
    if game.can_undo():
        game.undo()
        resumed.undo()
        assert resumed.snapshot() == game.snapshot() and resumed.record() == game.record()
