"""What the session hands a table: the view of a seat with its own cards' identities, and
the narrow calls a table plays through (it never reads the game; see
tests/tui/test_knows_no_game.py)."""

from __future__ import annotations

import pytest

from cardtable.engine import all_games
from cardtable.session import Session
from cardtable.testing import random_moves, start


@pytest.mark.parametrize("game_id", [spec.id for spec in all_games()])
def test_a_seats_view_names_its_own_cards_identities_and_nobody_elses(game_id) -> None:
    spec = next(s for s in all_games() if s.id == game_id)
    for seed in range(3):
        game, _, rng = start(spec, seed)
        session = Session(game, [None] * len(game.players))
        for _ in range(12):
            for seat in range(len(game.players)):
                view = session.view(seat)
                assert view.hand_ids == tuple(c.id for c in game.hand(seat))
                assert view.hand == tuple(c.name for c in game.hand(seat))
                assert view.model_copy(update={"hand_ids": ()}) == game.view(seat)
            assert session.view(None) == game.view(None)
            if game.is_over:
                break
            random_moves(game, rng, 7)


def test_the_table_calls_answer_as_the_game_does() -> None:
    session = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=3)
    assert [v.name for v in session.verbs][:2] == ["draw", "take"]
    assert session.legal_moves() == session.game.legal_moves()
    assert str(session.find_move("draw")) == "draw"
    assert session.warning(session.find_move("draw")) is None
    assert session.grouping(0, session.game.hand(0)[0].id) is None  # no show in Scala 40
    assert session.changed_rules() == {}
    assert set(session.rule_values()) == set(type(session.game.rules).model_fields)
    melds, loose = session.arrange(["7H", "8H", "9H", "KS"])
    assert melds == [["7H", "8H", "9H"]] and loose == ["KS"]


def test_a_failed_hint_is_not_counted(monkeypatch) -> None:
    """Issue 24 item 0: a hint that failed was still counted in the save (# hints: [102, 0, 0])."""
    import cardtable.session as session_module

    session = Session.start("page-one", ["Ann", "Bob"], [None, None], seed=3)

    def broken(*_args, **_kwargs):
        raise IndexError("list index out of range")

    monkeypatch.setattr(session_module, "hint", broken)
    with pytest.raises(IndexError):
        session.hint()
    assert session.hints == [0, 0] and "# hints" not in session.record()
    monkeypatch.undo()
    session.hint()
    assert session.hints == [1, 0] and "# hints: [1, 0]" in session.record()
