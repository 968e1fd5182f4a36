"""The catalogue of built-in games, in the order the picker and ``cardtable list`` show them.

The engine's registry reaches this list through the ``cardtable.games`` entry point
(``pyproject.toml``); nothing else imports it.

>>> [spec.id for spec in GAMES][:2]
['scala40', 'rummy51']
"""

from __future__ import annotations

from cardtable.engine.registry import GameSpec

from .five_hundred import SPEC as FIVE_HUNDRED
from .gin import SPEC as GIN
from .indian_rummy import SPEC as INDIAN_RUMMY
from .joker_marbles import SPEC as JOKER_MARBLES
from .joker_poker import SPEC as JOKER_POKER
from .joker_poker_video import SPEC as JOKER_POKER_VIDEO
from .page_one import SPEC as PAGE_ONE
from .progressive import SPEC as PROGRESSIVE
from .rummy51 import SPEC as RUMMY51
from .scala40 import SPEC as SCALA40

GAMES: tuple[GameSpec, ...] = (
    SCALA40,
    RUMMY51,
    PAGE_ONE,
    PROGRESSIVE,
    GIN,
    INDIAN_RUMMY,
    FIVE_HUNDRED,
    JOKER_POKER,
    JOKER_POKER_VIDEO,
    JOKER_MARBLES,
)
"""Every built-in game's spec."""
