"""The command line: list, rules, simulate, the text table, resume, and bad input."""

from __future__ import annotations

import io

import pytest

from cardtable.cli import main, play_text
from cardtable.engine import new_game
from cardtable.engine.saves import autosave_path
from cardtable.session import Session

# Every test here saves into a temporary folder (the data_dir fixture of tests/conftest.py).
pytestmark = pytest.mark.usefixtures("data_dir")


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


def test_list_names_every_game_with_player_counts():
    code, text = run(["list"])
    assert code == 0
    assert "scala40" in text and "2-6 players" in text


def test_rules_lists_every_toggle_with_default():
    from cardtable.games.scala40.rules import Scala40Rules

    code, text = run(["rules", "scala40"])
    assert code == 0
    for name in Scala40Rules.model_fields:
        assert f"`{name}`" in text
    assert "default 101" in text
    assert "Italian federation" in text


def test_simulate_reports_zero_errors():
    code, text = run(["simulate", "scala40", "--games", "3", "--seed", "5"])
    assert code == 0
    assert "errors 0" in text
    assert "moves per second" in text
    assert "3 games" in text


def test_simulate_without_players_fills_the_fewest_seats_the_game_takes():
    """Joker takes 4, 6 or 8 players: a bare ``simulate joker-marbles`` seats four random bots
    instead of refusing two."""
    code, text = run(["simulate", "joker-marbles", "--games", "1", "--seed", "3"])
    assert code == 0, text
    assert "player 4 random" in text and "player 5" not in text
    assert "errors 0" in text


def test_a_match_stopped_at_the_move_cap_is_unfinished_not_an_error(monkeypatch):
    """Random bots at Joker Poker without a hand limit can pass the move cap (a chip game
    ends when one player holds every chip): that was reported as errors and exit code 1."""
    import cardtable.bots.simulate as simulate

    monkeypatch.setattr(simulate, "MOVE_CAP", 40)  # no poker match ends in 40 moves
    code, text = run(["simulate", "joker-poker", "--players", "random,random", "--games", "2"])
    assert code == 0, text
    assert "errors 0" in text and "error in match" not in text
    assert "unfinished 2 (stopped at 40 moves, not counted in the wins or scores): matches 0 1" in text
    assert "wins     0.0 (  0.0%" in text  # no finished match: nothing counted as a loss
    assert "add --rule hand_limit=150" in text  # how to make each match end
    code, text = run(["simulate", "gin", "--games", "1"])  # a game with no hand-limit rule
    assert code == 0 and "unfinished 1" in text
    assert "match that never ends is a bug to report, with its seed" in text


def test_simulate_players_wants_levels_not_a_count(capsys):
    code, _ = run(["simulate", "joker-poker", "--players", "4"])
    assert code == 2
    err = capsys.readouterr().err
    assert "one bot level per seat, as in --players random,random,random,random" in err


def test_simulate_refuses_a_player_count_the_board_does_not_take(capsys):
    """Joker's board seats 4, 6 or 8: five levels were let through (inside 4-8) and failed
    deeper down."""
    code, _ = run(["simulate", "joker-marbles", "--players", "random,random,random,random,random"])
    assert code == 2
    assert "Joker (marbles) takes 4, 6 or 8 players; --players gave 5" in capsys.readouterr().err


def test_simulate_is_reproducible():
    first = run(["simulate", "scala40", "--games", "2", "--seed", "9"])[1]
    second = run(["simulate", "scala40", "--games", "2", "--seed", "9"])[1]
    strip = [line for line in first.splitlines() if "per second" not in line]
    assert strip == [line for line in second.splitlines() if "per second" not in line]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["rules", "nope"], "no game 'nope'"),
        (["simulate", "scala40", "--players", "random,genius"], "no bot level 'genius'"),
        (["simulate", "scala40", "--rule", "target_score=7"], "target_score"),
        (["simulate", "scala40", "--rule", "bogus=1"], "unknown rule 'bogus'"),
        (["simulate", "scala40", "--rule", "nonsense"], "key=value"),
        (["play", "scala40", "--players", "Ann,Ann"], "two players are called"),
        (["resume"], "no saved game"),
    ],
)
def test_bad_input_is_one_clear_line(argv, needle, capsys):
    code, _ = run(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert needle in err
    assert "Traceback" not in err


def test_no_arguments_explains_how_to_play():
    code, text = run([])
    assert code == 0
    assert "cardtable play scala40" in text


def test_text_table_plays_refuses_and_autosaves(data_dir):
    session = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=4, save_path=autosave_path())
    game = session.game
    first = str(game.legal_moves()[0])
    script = io.StringIO("take\nmoves\n" + first + "\nquit\n")
    out = io.StringIO()
    assert play_text(session, out=out, inp=script) == 0
    text = out.getvalue()
    assert "Not allowed: you may take the discard only after you have opened" in text
    assert game.phase == "play"
    saved = Session.resume(autosave_path())
    assert saved.game.snapshot() == game.snapshot()
    assert saved.bots == [None, None]


def test_text_table_hands_off_between_humans():
    session = Session(new_game("scala40", players=["Ann", "Bob"], seed=4), [None, None])
    game = session.game
    game.play("draw")
    discard = str(next(m for m in game.legal_moves() if m.kind == "discard"))
    out = io.StringIO()
    play_text(session, out=out, inp=io.StringIO(discard + "\n\nquit\n"))
    text = out.getvalue()
    _, _, after = text.partition("Pass to Bob — press Enter")
    assert after, "a hand-off screen separates the two players"
    ann = " ".join(c.name for c in sorted(new_game("scala40", players=["Ann", "Bob"], seed=4).hand(0)))
    assert f"Your hand: {ann}" not in after


def test_resume_goes_on_from_the_autosave(data_dir):
    session = Session.start("scala40", ["Ann", "Bob"], [None, "random"], seed=8, save_path=autosave_path())
    session.play("draw")
    out = io.StringIO()
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO("quit\n")
    try:
        code = main(["resume"], out=out)
    finally:
        sys.stdin = old
    assert code == 0
    assert "Resuming Scala 40" in out.getvalue()


def test_bot_seats_play_themselves():
    session = Session(new_game("scala40", players=["Ann", "Bot 2"], seed=3), [None, "random"])
    game = session.game
    out = io.StringIO()
    game.play("draw")
    discard = str(next(m for m in game.legal_moves() if m.kind == "discard"))
    play_text(session, out=out, inp=io.StringIO(discard + "\nquit\n"))
    assert "Bot 2: draw" in out.getvalue() or "Bot 2: take" in out.getvalue()


def test_unreadable_autosave_is_kept_aside_not_overwritten(data_dir):
    bad = autosave_path()
    bad.write_text("# not a cardtable record\n")
    out = io.StringIO()
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO("quit\n")
    try:
        code = main(["play", "scala40", "--players", "Ann,Bob", "--seed", "2"], out=out)
    finally:
        sys.stdin = old
    assert code == 0
    kept = [p for p in data_dir.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == "# not a cardtable record\n"
    assert "could not be resumed" in out.getvalue()


def test_text_table_blames_the_first_bad_word_suggests_the_games_verbs_and_prints_once():
    """Issue 24 item 18: 'asdf qwerty' blamed 'qwerty'; every refusal reprinted the table;
    the banner suggested 'meld' and 'discard' in Page One."""
    session = Session.start("page-one", ["Ann", "Bob"], [None, "medium"], seed=1)
    out = io.StringIO()
    play_text(session, out=out, inp=io.StringIO("asdf qwerty\nplay 2C\nquit\n"))
    text = out.getvalue()
    banner = text.splitlines()[0]
    assert "'play QH'" in banner and "meld" not in banner and "discard" not in banner
    assert "Not allowed: 'asdf' is not a Page One move; the moves are play, draw, take, next" in text
    assert "qwerty" not in text.split("Not allowed", 1)[1].splitlines()[0]
    assert text.count("== Page One") == 1, "a refused move printed the table again"


def test_simulate_reports_drawn_matches_and_what_the_seeds_were():
    """Issue 24 item 18: 9 + 9 wins of 20 without the 2 drawn matches, and 'seeds 1..10'
    for 20 matches without saying each seed is dealt once per seat."""
    from cardtable.bots.simulate import Stats, report

    stats = Stats("page-one", "Page One", ["medium", "easy"], games=20, wins=[9.0, 9.0], score_sum=[9, 9])
    stats.draws = 2
    out = io.StringIO()
    report(stats, out, 1)
    text = out.getvalue()
    assert "seeds 1..10 (each played 2 times, seats rotated)" in text
    assert "drawn 2 (matches that ended with no winner)" in text


def test_play_help_documents_rules_presets_and_every_bot_level(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--rule KEY=VALUE set one toggle" in text and "--preset NAME start from" in text
    for level in ("random", "easy", "medium", "hard"):
        assert level in text


def test_a_preset_may_be_written_with_dashes():
    game = new_game("progressive-rummy", ["Ann", "Bob"], seed=1, preset="five-crowns")
    assert game.rules == new_game("progressive-rummy", ["Ann", "Bob"], seed=1, preset="Five Crowns").rules
    code, _ = run(["play", "progressive-rummy", "--preset", "no-such-thing", "--text"])
    assert code == 2


def _truncated_save(data_dir) -> tuple[str, int]:
    """An autosave of a few moves whose last line is cut in the middle ('Bob: d')."""
    session = Session.start("scala40", ["Ann", "Bob"], [None, None], seed=4, save_path=autosave_path())
    for _ in range(5):
        session.play(session.game.legal_moves()[0])
    text = session.record()
    moves = len(session.game.history)
    session.play(session.game.legal_moves()[0])
    cut = session.record().rstrip("\n")
    cut = cut[: len(cut) - 3]  # 'Bob: draw' -> 'Bob: d', as a crash mid-write leaves it
    autosave_path().write_text(cut, encoding="utf-8")
    return text, moves


@pytest.mark.parametrize("answer", ["\n", "n\n"])
def test_a_save_cut_mid_line_offers_its_complete_moves(data_dir, answer, monkeypatch):
    """Issue 24 item 3d: a save cut in its last line was refused whole ('d' does not replay)."""
    complete, moves = _truncated_save(data_dir)
    damaged = autosave_path().read_text(encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(answer + "quit\n"))
    code, text = run(["resume", "--text"])
    assert f"Resume from the last complete move ({moves} moves)?" in text
    kept = [p for p in data_dir.iterdir() if ".unreadable-" in p.name]
    if answer == "n\n":
        assert code == 2 and not kept and autosave_path().read_text(encoding="utf-8") == damaged
        return
    assert code == 0, text
    assert f"resumed from the last complete move ({moves} moves kept)" in text
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == damaged and str(kept[0]) in text
    assert len(Session.resume(autosave_path()).game.history) == moves
    assert autosave_path().read_text(encoding="utf-8").startswith(complete.split("moves:")[0])
