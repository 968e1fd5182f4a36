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

from .api import new_game
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
from .melds import Meld, MeldRules
from .moves import Move, parse_move
from .record import replay
from .registry import GameSpec, all_games, get
from .ruleset import Ruleset
from .views import PlayerView

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
    "Meld",
    "MeldRules",
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
