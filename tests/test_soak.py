"""The soak runner over every registered game: a short run by default, 10,000 deals per game
with ``--long``; a deliberately broken game shows that breaks are caught and reported."""

from __future__ import annotations

import io

import pytest

from cardtable.cli import main
from cardtable.engine import all_games, get
from cardtable.soak import run_soak

DEFAULT_DEALS = 40
"""Deals per game in the default run (a few hundred in all)."""
LONG_DEALS = 10_000
"""Deals per game with --long (the issue's soak figure)."""
WHOLE_MATCH_DEALS = {"joker-marbles": 12, "rummy51": 12}
"""Games whose deals are long, fewer deals by default: a Joker deal is a whole match of about
a thousand moves (still more matches than presets, so every preset plays); a random Rummy 51
deal runs about 750 moves, as random players seldom reach 51 points to open (12 deals: twice
its presets)."""

GAME_IDS = [spec.id for spec in all_games()]


def _no_breaks(reports) -> None:
    breaks = [b for r in reports for b in r.breaks]
    assert not breaks, "invariant breaks:\n" + "\n\n".join(
        f"{b.headline()}\n{b.message}\n--- record:\n{b.record}" for b in breaks[:3]
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_soak_every_game_and_preset(game_id: str) -> None:
    """Random toggles and every preset in turn, every invariant checked: zero breaks."""
    spec = get(game_id)
    deals = WHOLE_MATCH_DEALS.get(game_id, DEFAULT_DEALS)
    (report,) = run_soak([game_id], deals=deals, seed=7)
    _no_breaks([report])
    assert report.deals == deals
    assert report.moves > deals, "the soak made fewer moves than deals"
    # the variants rotate: every preset gets a match once there are enough matches
    if report.matches > len(spec.presets):
        assert len(report.variants) == len(spec.presets) + 1, report.variants


@pytest.mark.long
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_long_soak_ten_thousand_deals(game_id: str) -> None:
    """The issue's soak: 10,000 deals per game with random toggles and presets (--long)."""
    (report,) = run_soak([game_id], deals=LONG_DEALS, seed=100_000)
    _no_breaks([report])
    assert report.deals == LONG_DEALS


def test_soak_command_prints_a_table_and_zero_breaks(tmp_path) -> None:
    out = io.StringIO()
    code = main(["soak", "page-one", "--deals", "4", "--failures", str(tmp_path)], out=out)
    text = out.getvalue()
    assert code == 0, text
    assert "page-one" in text and "invariant breaks: 0 in 4 deals" in text
    assert list(tmp_path.iterdir()) == [], "a clean soak wrote failure files"


@pytest.mark.parametrize("argv", [["soak", "--deals", "0"], ["soak", "nope"], ["soak", "--jobs", "0"]])
def test_soak_command_refuses_bad_arguments(argv, capsys) -> None:
    code = main(argv, out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("cardtable: ") and "Traceback" not in err


def test_a_lost_card_is_caught_and_reported(monkeypatch, tmp_path) -> None:
    """A game that loses a card after some moves: the soak reports a break with the seed
    and a record that replays, writes it to --failures and exits with status 1."""
    spec = get("page-one")
    game_type = type(spec.factory(("A", "B"), spec.rules_type(), 1, None))
    real_apply = game_type._apply

    def lossy_apply(self, move):
        real_apply(self, move)
        if len(self.history) == 12 and self.hands[0]:
            self.hands[0].pop()  # the card is gone from everywhere

    monkeypatch.setattr(game_type, "_apply", lossy_apply)
    out = io.StringIO()
    code = main(["soak", "page-one", "--deals", "3", "--failures", str(tmp_path)], out=out)
    text = out.getvalue()
    assert code == 1, text
    assert "BREAK page-one seed" in text and "cards not conserved" in text
    records = sorted(tmp_path.glob("*.ctr"))
    assert records, "no failure record was written"
    assert records[0].read_text(encoding="utf-8").startswith("# cardtable record")
    assert "invariant breaks: 0" not in text


def test_parts_in_processes_add_up() -> None:
    """--jobs splits a game's deals among processes; the counts add up and nothing breaks."""
    (report,) = run_soak(["page-one"], deals=6, seed=3, jobs=2)
    _no_breaks([report])
    assert report.deals == 6 and report.matches >= 2
