"""What the session hands a table: the view of a seat with its own cards' identities, and
the narrow calls a table plays through (it never reads the game; see
tests/tui/test_knows_no_game.py)."""

from __future__ import annotations

import pytest

from cardtable.engine import all_games, get
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


@pytest.mark.parametrize("game_id", ["progressive-rummy", "gin", "page-one"])
def test_a_tables_texts_show_faces_and_keys_while_the_game_keeps_notation(game_id) -> None:
    """Issue 24 items 14 and 16: with ``faces`` on (a full-screen table) the log, status and
    result name cards as faces ('4★', not '4X') and moves by keys; the game's own texts
    (the text mode, records) keep the notation."""
    import re

    from cardtable.testing import random_moves

    game, _args, rng = start(get(game_id), 5)
    session = Session(game, [None] * len(game.players))
    random_moves(game, rng, 40)
    plain = session.view(0)
    session.faces = True
    shown = session.view(0)
    notation = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])[SHDCX](?![0-9A-Za-z])")
    names = set(game.players)
    for line in (*shown.log, shown.status, shown.result):
        assert not [m.group(0) for m in notation.finditer(line) if m.group(0) not in names], line
    assert any(notation.search(line) for line in plain.log), "the game's own log keeps notation"
    assert shown.hand == plain.hand, "cards themselves stay names: the table draws them"


def test_the_hand_order_is_kept_in_the_save(tmp_path) -> None:
    """Issue 24 item 15: after resume the hand showed 8♥ 6♥ 4♦ where the player had put
    6♥ 8♥ 4♦: a person's arrangement (card ids) goes into the save with the game."""
    path = tmp_path / "autosave.ctr"
    session = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=3, save_path=path)
    ids = [c.id for c in session.game.hand(0)]
    session.hand_orders[0] = list(reversed(ids))
    session.play("draw")
    again = Session.resume(path)
    assert again.hand_orders == {0: list(reversed(ids))}
    assert again.game.snapshot() == session.game.snapshot()
    assert [c.id for c in again.game.hand(0)][: len(ids)] == ids, "the game's own order is untouched"


def test_a_view_is_built_once_per_state_and_never_outlives_it() -> None:
    # A table asks for the view at every key binding's check: one build serves them all
    # until the state changes, by whatever path it changes.
    session = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=3)
    game = session.game
    first = session.view(0)
    assert session.view(0) is first
    game.play("draw")  # straight to the game, past the session
    drawn = session.view(0)
    assert drawn is not first and len(drawn.hand) == len(first.hand) + 1
    assert drawn.hand_ids == tuple(c.id for c in game.hand(0))
    session.play(f"discard {drawn.hand[0]}")
    plain = session.view(0)
    assert plain.to_act == 1 and len(plain.hand) == len(first.hand)
    session.faces = True  # faces change the texts, so they are a view of their own
    assert session.view(0).log[-1] == session.show(plain.log[-1]) != plain.log[-1]
    session.faces = False
    session.undo(0)
    assert session.view(0) == drawn and session.view(0) is not drawn
    assert session.view(None) == game.view(None)
