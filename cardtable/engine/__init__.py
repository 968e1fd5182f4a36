"""The cardtable engine: pure Python (no UI imports), one API for every game.

The contract (see ``shared/design/engine-api.md``)::

    game = new_game("scala40", players=["Ann", "Bob"], rules={"target_score": 151}, seed=7)
    game.to_act, game.phase, game.hand(seat), game.melds, game.legal_moves()
    game.play("meld 7H 8H 9H")          # IllegalMove(reason) if not allowed; state unchanged
    game.view(seat)                     # what that seat may see (None: a spectator)
    game.is_over, game.scores, game.deal_scores, game.outcome
    game.record(); replay(text)         # the text record, and rebuilding from it

>>> game = new_game("scala40", players=["Ann", "Bob"], seed=7)
>>> game.play("draw")
Move('draw')
>>> game.phase
'play'
>>> [c.name for c in parse_cards("7H 10s qd JK")]
['7H', '10S', 'QD', 'JK']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import new_game, replay
    from .cards import JOKER, SUITS, Card, card_of, make_deck, parse_card, parse_cards
    from .errors import (
        CardtableError,
        IllegalMove,
        InvalidNotation,
        InvalidRecord,
        InvalidRules,
        UnknownGame,
    )
    from .game import Game, Outcome
    from .moves import Move, parse_move
    from .registry import GameSpec, all_games, get
    from .ruleset import Ruleset
    from .views import PlayerView

# Names are loaded on first use (PEP 562): importing a light submodule such as
# ``cardtable.engine.saves`` must not pull in Pydantic and every game.
_WHERE = {
    "new_game": "api",
    "JOKER": "cards",
    "SUITS": "cards",
    "Card": "cards",
    "card_of": "cards",
    "make_deck": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "CardtableError": "errors",
    "IllegalMove": "errors",
    "InvalidNotation": "errors",
    "InvalidRecord": "errors",
    "InvalidRules": "errors",
    "UnknownGame": "errors",
    "Game": "game",
    "Outcome": "game",
    "Move": "moves",
    "parse_move": "moves",
    "replay": "api",
    "GameSpec": "registry",
    "all_games": "registry",
    "get": "registry",
    "Ruleset": "ruleset",
    "PlayerView": "views",
}

__all__ = [
    "JOKER",
    "SUITS",
    "Card",
    "CardtableError",
    "Game",
    "GameSpec",
    "IllegalMove",
    "InvalidNotation",
    "InvalidRecord",
    "InvalidRules",
    "Move",
    "Outcome",
    "PlayerView",
    "Ruleset",
    "UnknownGame",
    "all_games",
    "card_of",
    "get",
    "make_deck",
    "new_game",
    "parse_card",
    "parse_cards",
    "parse_move",
    "replay",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'cardtable.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_WHERE])
