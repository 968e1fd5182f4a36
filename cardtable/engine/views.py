"""What one seat may see: a Pydantic model built on demand (never in the hot path).

A view holds the viewer's own hand and public facts only: other hands appear as counts.
Widgets and bots read views; they never touch a game's internals.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class SeatView(_Frozen):
    """One seat as everyone sees it."""

    seat: int
    name: str
    card_count: int
    score: int
    active: bool = True
    """False once the seat has retired from the match."""
    to_act: bool = False
    badges: tuple[str, ...] = ()
    """Short public facts: 'opened', 'dealer', 'out'."""


class MeldView(_Frozen):
    """A table meld: numbered from 1 as in the notation."""

    number: int
    owner: int
    kind: str
    cards: tuple[str, ...]
    stands_for: tuple[str, ...]
    """For each card, the card it represents (itself for naturals)."""
    text: str
    value: int = 0


class TrickView(_Frozen):
    """Cards played to the current trick, in order, by seat."""

    plays: tuple[tuple[int, str], ...] = ()
    leader: int | None = None
    last_winner: int | None = None
    led_suit: str = ""


class PlayerView(_Frozen):
    """What ``seat`` may see (``seat`` None: a spectator, who sees no hand)."""

    game: str
    title: str
    seat: int | None
    phase: str
    to_act: int | None
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...] = ()
    stock_count: int = 0
    stock_label: str = "stock"
    """What the game calls the stock (Indian Rummy: 'closed deck')."""
    discard_top: str | None = None
    discard_count: int = 0
    discard_label: str = "discard"
    """What the game calls the face-up pile (Indian Rummy: 'open deck'; Page One: 'played')."""
    discard: tuple[str, ...] = ()
    """The discard pile where the rules let players look through it (else empty)."""
    melds: tuple[MeldView, ...] = ()
    trick: TrickView | None = None
    legal_moves: tuple[str, ...] = ()
    """The viewer's legal moves when it is the viewer's turn."""
    status: str = ""
    """What the player to act must do now, in words."""
    facts: dict[str, str] = Field(default_factory=dict)
    """Game-specific public facts for generic display, e.g. {'opening': '34 / 40'}."""
    own_facts: dict[str, str] = Field(default_factory=dict)
    """Facts for the viewer only (e.g. cards that must be used this turn)."""
    log: tuple[str, ...] = ()
    deal_number: int = 1
    deal_scores: tuple[tuple[int | None, ...], ...] = ()
    scores: tuple[int, ...] = ()
    result: str = ""
    """Once a deal or the match is over: who went out and why it ended."""
