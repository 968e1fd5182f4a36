"""Phase kinds: what sort of decision a phase asks for, so a table can choose its panels and
its Enter key from the kind, never from a game's own phase names.

A game names its phases as it likes (``"lead"``, ``"follow"``, ``"offer"``); each maps to
one :class:`PhaseKind`. :data:`COMMON_PHASES` holds the usual names; a game adds its own in
``Game.phase_kinds``.

>>> kind_of("deal-over"), kind_of("follow")
(<PhaseKind.DEAL_OVER: 'deal over'>, <PhaseKind.PLAY: 'play'>)
>>> kind_of("shuffle-dance", {"shuffle-dance": PhaseKind.MOVE})
<PhaseKind.MOVE: 'move'>
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum


class PhaseKind(Enum):
    """The kinds of decision a phase can ask for."""

    DRAW = "draw"
    """Take a card (from the stock or a face-up pile) to start a turn."""
    PLAY = "play"
    """Play, meld, lay off or discard: the body of a turn."""
    BID = "bid"
    """An auction."""
    EXCHANGE = "exchange"
    """Exchange cards (a kitty, a poker draw)."""
    BET = "bet"
    """A betting round."""
    MOVE = "move"
    """Move pieces on a board."""
    DEAL_OVER = "deal over"
    """The deal is scored; the match goes on."""
    MATCH_OVER = "match over"
    """The match is over."""


COMMON_PHASES: Mapping[str, PhaseKind] = {
    "draw": PhaseKind.DRAW,
    "play": PhaseKind.PLAY,
    "lead": PhaseKind.PLAY,
    "follow": PhaseKind.PLAY,
    "bid": PhaseKind.BID,
    "exchange": PhaseKind.EXCHANGE,
    "bet": PhaseKind.BET,
    "move": PhaseKind.MOVE,
    "deal-over": PhaseKind.DEAL_OVER,
    "match-over": PhaseKind.MATCH_OVER,
}
"""The usual phase names and their kinds."""


def kind_of(phase: str, own: Mapping[str, PhaseKind] | None = None) -> PhaseKind:
    """The kind of ``phase``: the game's ``own`` names first, then the common ones; an unknown
    name is a PLAY phase (the table then offers the listed moves as keys)."""
    if own and phase in own:
        return own[phase]
    return COMMON_PHASES.get(phase, PhaseKind.PLAY)
