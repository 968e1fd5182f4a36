"""The command line keeps every match (play --text, resume; simulate only with --history)
and shows them: ``cardtable history`` and ``cardtable stats``, as tables or JSON."""

from __future__ import annotations

import io
import json
import random
import sys
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.engine.game import Outcome
from cardtable.history import HistoryStore
from cardtable.session import Session

pytestmark = pytest.mark.usefixtures("data_dir")


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


class RandomPlayer(io.StringIO):
    """A player at the text table who types a random legal move (seeded)."""

    def __init__(self, sessions: list[Session]) -> None:
        super().__init__()
        self.sessions = sessions
        self.rng = random.Random(1)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        game = self.sessions[-1].game
        return "quit\n" if game.is_over else f"{self.rng.choice(game.legal_moves())}\n"


def test_simulate_stores_nothing_unless_asked() -> None:
    assert run(["simulate", "page-one", "--games", "2"])[0] == 0
    assert HistoryStore().count() == 0
    code, text = run(["simulate", "page-one", "--games", "3", "--history"])
    assert code == 0 and "stored 3 matches" in text
    stored = HistoryStore().matches()
    assert len(stored) == 3 and all(m.status == "finished" for m in stored)
    assert all(set(m.seats) == {"bot:random"} for m in stored)


def test_play_text_with_bots_stores_the_match() -> None:
    code, text = run(["play", "gin", "--players", "bot:random,bot:easy", "--text", "--seed", "4"])
    assert code == 0
    [match] = HistoryStore().matches()
    assert f"in the match history as match {match.id}" in text
    assert match.status == "finished" and match.seats == ("bot:random", "bot:easy") and match.seed == 4


def test_quit_then_resume_goes_on_with_the_same_stored_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw\nquit\n"))
    assert run(["play", "page-one", "--players", "Ann,bot:random", "--text", "--seed", "2"])[0] == 0
    [match] = HistoryStore().matches()
    assert match.status == "playing"

    seen: list[Session] = []
    resume = Session.resume.__func__  # type: ignore[attr-defined]

    def spy(cls: Any, *args: Any, **kwargs: Any) -> Session:
        session = resume(cls, *args, **kwargs)
        seen.append(session)
        return session

    monkeypatch.setattr(Session, "resume", classmethod(spy))
    monkeypatch.setattr(sys, "stdin", RandomPlayer(seen))
    code, text = run(["resume", "--text"])
    assert code == 0 and "Match over" in text
    [match] = HistoryStore().matches(with_deals=True)
    assert match.status == "finished" and match.deal_rows == seen[0].game.deal_scores


def test_history_lists_filters_and_prints_json() -> None:
    run(["simulate", "page-one", "--games", "2", "--history"])
    run(["play", "gin", "--players", "bot:random,bot:easy", "--text", "--seed", "1"])
    code, text = run(["history"])
    assert code == 0
    assert "Match history (3 matches)" in text and "Page One" in text and "Gin Rummy" in text

    code, text = run(["history", "--game", "gin", "--json"])
    rows = json.loads(text)
    assert code == 0 and [r["game"] for r in rows] == ["gin"]
    row = rows[0]
    assert {"id", "game", "players", "winner", "scores", "finished"} <= set(row)
    assert [p["name"] for p in row["players"]] == ["Bot 1", "Bot 2"]
    assert row["players"][0]["bot"] == "random" and row["finished"]
    assert row["winner"] and set(row["winner"]) <= {"Bot 1", "Bot 2"}
    assert len(row["scores"]) == 2 and row["deals"]

    code, text = run(["history", "--player", "random-1", "--json"])
    assert code == 0 and {r["game"] for r in json.loads(text)} == {"page-one"}
    code, text = run(["history", "--player", "nobody"])
    assert code == 0 and "No matches" in text


def test_stats_text_and_json_respect_which_way_is_better() -> None:
    store = HistoryStore()
    from cardtable.history import MatchInfo

    penalty = MatchInfo(
        "scala40", "Scala 40", {}, 1, ("Ann", "Bob"), ("human", "human"), lower_is_better=True
    )
    for scores, winner in (((10, 120), 0), ((0, 130), 0), ((150, 40), 1)):
        store.add_finished(penalty, "# rec", Outcome((winner,), "", scores), [scores])
    code, text = run(["stats", "--json", "--player", "ann"])
    [ann] = json.loads(text)
    assert code == 0
    assert (ann["matches"], ann["wins"], ann["best_score"], ann["longest_streak"]) == (3, 2, 0, 2)
    assert ann["win_rate"] == pytest.approx(2 / 3, abs=1e-3) and ann["lower_is_better"] is True

    points = MatchInfo("gin", "Gin Rummy", {}, 1, ("Ann", "Bob"), ("human", "human"), lower_is_better=False)
    store.add_finished(points, "# rec", Outcome((0,), "", (110, 30)), [(110, 30)])
    code, text = run(["stats", "--game", "gin", "--json"])
    assert {r["player"]: r["best_score"] for r in json.loads(text)} == {"Ann": 110, "Bob": 30}

    code, text = run(["stats"])
    assert code == 0 and "Scala 40" in text and "Gin Rummy" in text and "67%" in text


def test_history_and_stats_help_say_what_json_holds(capsys: pytest.CaptureFixture[str]) -> None:
    for command, words in (("stats", "best_score"), ("history", "winner")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert words in capsys.readouterr().out


def test_an_unknown_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run(["history", "--game", "nope"])
    assert code == 2 and "nope" in capsys.readouterr().err
