"""The games word counts with one shared helper (engine.words.plural), not private copies."""

from __future__ import annotations

import inspect
import re

from cardtable.engine.words import plural
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
