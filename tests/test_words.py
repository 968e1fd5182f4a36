"""The games word counts with one shared helper (engine.words.plural), not private copies."""

from __future__ import annotations

import inspect
import re

from cardtable.engine.words import counted, plural
from cardtable.games.five_hundred import contract, scoring
from cardtable.games.five_hundred import game as five_hundred
from cardtable.games.joker_poker_video import game as video
from cardtable.games.page_one import game as page_one


def test_plural_counts_one_without_an_s() -> None:
    assert [plural(n, "deal") for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]


def test_the_games_use_the_engine_helper_not_their_own() -> None:
    assert five_hundred.plural is plural and scoring.plural is plural
    assert page_one.plural is plural and video.plural is plural
    for module in (contract, five_hundred, scoring, page_one, video):
        source = inspect.getsource(module)
        assert "def _plural" not in source, module.__name__
        # An inline plural, like f"{n} coin{'' if n == 1 else 's'}", is the copy this replaced.
        assert not re.search(r"== 1 else ['\"]s['\"]", source), module.__name__


def test_a_score_of_one_reads_singular_in_the_seats_bar() -> None:
    """Playtest: the seats bar read 'Ann 4c · 1 deals won'."""
    from cardtable.engine.views import SeatView
    from cardtable.tui.widgets import seat_texts

    seats = [
        SeatView(seat=0, name="Ann", card_count=4, score=1),
        SeatView(seat=1, name="Bob", card_count=4, score=2),
    ]
    ann, bob = (t.plain for t in seat_texts(seats, ["you", "you"], "deals won"))
    assert "1 deal won" in ann and "2 deals won" in bob
    assert counted(1, "chips") == "1 chip" and counted(0, "credits") == "0 credits"
