"""What one seat may see: a Pydantic model built on demand (never in the hot path).

A view holds the viewer's own hand and public facts only: other hands appear as counts.
Widgets and bots read views; they never touch a game's internals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Sized
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .phases import PhaseKind
from .scoring import ScoreKind, ScoreModel


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


def badges(flags: Mapping[str, bool]) -> tuple[str, ...]:
    """The badges of a seat whose flag is on, in the order given.

    >>> badges({"dealer": True, "opened": False, "retired": True})
    ('dealer', 'retired')
    """
    return tuple(badge for badge, on in flags.items() if on)


def pile_fields(stock: Sized, discard: Sequence[Any]) -> dict[str, Any]:
    """A view's stock and discard pile fields: the stock's size, the top discard's name and
    the pile's size (for :meth:`~cardtable.engine.table_game.TableGame.table_view`).

    >>> from cardtable.engine import parse_cards
    >>> pile_fields(parse_cards("2C 3C"), parse_cards("QH KS"))
    {'stock_count': 2, 'discard_top': 'KS', 'discard_count': 2}
    """
    top = discard[-1].name if discard else None
    return {"stock_count": len(stock), "discard_top": top, "discard_count": len(discard)}


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


class FaceUpView(_Frozen):
    """A public face-up card that is part of no pile, e.g. Indian Rummy's cut card."""

    label: str
    """What it is ('cut card')."""
    card: str
    note: str = ""
    """What it means, in words ('5s are wild')."""


class GroupView(_Frozen):
    """One group of the viewer's hand as a show would lay it."""

    kind: str
    """In the game's words: 'pure sequence', 'set', ..."""
    cards: tuple[str, ...]
    stands_for: tuple[str, ...]
    """For each card, the card it represents (itself for naturals)."""


class GroupingView(_Frozen):
    """The viewer's hand grouped the best way for going out, and what a show now would give:
    the content of a declare panel. Only the viewer's own cards appear in it."""

    title: str
    """What the grouping is for: 'declare with 9D', 'your groups'."""
    finish: str | None = None
    """The card set apart to go out with (the finish card), if any."""
    groups: tuple[GroupView, ...] = ()
    loose: tuple[str, ...] = ()
    """Cards in no group."""
    loose_label: str = "ungrouped"
    """What the game calls them ('deadwood' in Gin)."""
    ready: bool = False
    """Going out with this grouping now would be valid."""
    summary: str = ""
    """The verdict in words: 'a valid show', 'not yet: ... (23 points)'."""


class ScoringView(_Frozen):
    """How to read the scores: what they count and which way is better (from the game's
    :class:`~cardtable.engine.scoring.ScoreModel`)."""

    kind: ScoreKind = ScoreKind.PENALTY
    label: str = "penalty points"
    """What the score column counts: 'penalty points', 'points', 'chips', 'deals won'."""
    lower_is_better: bool = True
    team_scored: bool = False
    """Each team has one score, which its seats share."""
    cards_left: str = "cards left in hand"
    """What the cards a hand keeps at the end of a deal are ('deadwood cards' in Gin)."""

    @classmethod
    def of(cls, model: ScoreModel) -> ScoringView:
        """The view of a score model.

        >>> from cardtable.engine.scoring import CHIPS
        >>> ScoringView.of(CHIPS).label, ScoringView.of(CHIPS).lower_is_better
        ('chips', False)
        """
        return cls(
            kind=model.kind,
            label=model.label,
            lower_is_better=model.lower_is_better,
            team_scored=model.team_scored,
            cards_left=model.cards_left,
        )


class HoleView(_Frozen):
    """One hole of a board: where it is drawn and what stands on it."""

    id: str
    """Unique on the board: '10' for track hole 10, 'BC2' for Blue's castle hole 2, 'BS3'."""
    label: str
    """What the notation calls it: '10', 'C2', 'S'."""
    kind: str
    """'track', 'start' or 'castle'."""
    x: int
    """Column in the board's grid (0 is the left edge)."""
    y: int
    """Row in the board's grid (0 is the top)."""
    owner: str = ""
    """The colour letter owning a start or castle hole ('' on the shared track)."""
    piece: str = ""
    """The colour letter of the piece on the hole, '' when empty."""
    mark: str = ""
    """A track hole's role for a colour: 'out:B' (Blue comes out here), 'in:B' (Blue's in-spot)."""


class BoardMoveView(_Frozen):
    """One legal move as a board shows it: which pieces go where and who is sent away."""

    move: str
    """The canonical move text, one of the view's legal moves."""
    card: str
    """The card the move plays ('' for a move that plays none)."""
    steps: tuple[tuple[str, str], ...]
    """(from hole id, to hole id) for each piece moved, in the order they move."""
    bumps: tuple[str, ...] = ()
    """Hole ids whose pieces this move sends away."""
    text: str = ""
    """The move in words, for hints and the log."""


class BoardView(_Frozen):
    """A board of holes on a grid, with pieces by colour: drawn by a generic widget."""

    width: int
    height: int
    holes: tuple[HoleView, ...]
    colours: dict[str, str] = Field(default_factory=dict)
    """Colour letter -> colour name ('B' -> 'blue'); the letters are also the glyphs."""
    moves: tuple[BoardMoveView, ...] = ()
    """The viewer's legal moves on the board, when it is the viewer's turn."""


class PotView(_Frozen):
    """A pot of chips and the seats that may win it, or (``uncalled``) the chips of a bet
    nobody could match, which go back to the one seat in ``eligible``."""

    label: str
    """'main pot', 'side pot 1'; 'uncalled' for chips going back."""
    amount: int
    eligible: tuple[int, ...]
    uncalled: bool = False
    """Not a pot to win: the part of a bet nobody matched, returned to its bettor."""


class ChipsView(_Frozen):
    """The chips at a betting table: stacks, this round's bets, the pots, the viewer's options."""

    stacks: tuple[int, ...]
    """Each seat's chips behind, by seat."""
    committed: tuple[int, ...] = ()
    """What each seat has put in during the current betting round."""
    pots: tuple[PotView, ...] = ()
    to_call: int = 0
    """What the viewer must add to call."""
    min_raise_to: int | None = None
    """The smallest round total the viewer may bet or raise to (None: no bet or raise allowed)."""
    max_raise_to: int | None = None
    unit: str = "chips"


class CallView(_Frozen):
    """One call of an auction, made or open to the viewer: a bid or a pass.

    >>> CallView(seat=1, move="bid 7H", label="7♥", value=200, keys="7h", row="7").label
    '7♥'
    """

    seat: int = -1
    """Who made it (-1 for a call the viewer may make)."""
    move: str
    """Its notation, e.g. ``bid 7H`` or ``pass``."""
    label: str
    """How people read it: ``7♥``, ``misère``, ``pass``."""
    value: int | None = None
    """What it is worth, where bids have values."""
    keys: str = ""
    """The keys that choose it in an auction chooser, e.g. ``7h`` (number then suit)."""
    row: str = ""
    """Calls with the same row share a line of the chooser ('7': the seven-trick bids; '' last)."""


class AuctionView(_Frozen):
    """An auction in progress, for bidding games: every call so far, the bid to beat and the
    viewer's calls when it is the viewer's turn.

    >>> AuctionView().high is None
    True
    """

    calls: tuple[CallView, ...] = ()
    high: CallView | None = None
    legal: tuple[CallView, ...] = ()


PENALTY_EVENT = "penalty"
"""The event word every table knows: ``(seat, PENALTY_EVENT, ...)`` in
:attr:`PlayerView.events` says the seat was penalised with cards (a missed call), which a
table says on its message line with the hand's new size. A hand that grows for any other
reason (a deal, a kitty taken) is no news."""


class PlayerView(_Frozen):
    """What ``seat`` may see (``seat`` None: a spectator, who sees no hand)."""

    game: str
    title: str
    seat: int | None
    phase: str
    phase_kind: PhaseKind = PhaseKind.PLAY
    """What sort of decision the phase asks for: tables choose panels and keys by it."""
    to_act: int | None
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...] = ()
    hand_ids: tuple[int, ...] = ()
    """The identities (``Card.id``) of the cards in ``hand``, in the same order, or empty: with
    two packs names repeat, and a table keeps the player's own arrangement by these."""
    hand_sort: tuple[tuple[int, int], ...] = ()
    """How the game ranks the cards of ``hand`` (same order), for a table's sort keys:
    ``(suit group, strength)``, sorted on as is by suit and reversed by rank (Five Hundred:
    the bowers with the trumps, aces high). Empty: by the printed suit and rank."""
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
    face_up: tuple[FaceUpView, ...] = ()
    """Public face-up cards outside the piles (a cut card that sets the wild rank)."""
    board: BoardView | None = None
    """A board with pieces, for games played on one."""
    chips: ChipsView | None = None
    """Stacks and pots, for betting games."""
    auction: AuctionView | None = None
    """The auction, for bidding games while it runs."""
    legal_moves: tuple[str, ...] = ()
    """The viewer's legal moves when it is the viewer's turn."""
    status: str = ""
    """What the player to act must do now, in words."""
    facts: dict[str, str] = Field(default_factory=dict)
    """Game-specific public facts for generic display, e.g. {'opening': '34 / 40'}."""
    fact_rank: tuple[str, ...] = ()
    """Keys of :attr:`facts` from the most useful to the least (those not named come after,
    in order): a line too narrow for every fact keeps the most useful whole. Empty: long
    facts are shortened first and the last left out."""
    own_facts: dict[str, str] = Field(default_factory=dict)
    """Facts for the viewer only (e.g. cards that must be used this turn)."""
    log: tuple[str, ...] = ()
    events: tuple[tuple[int | None, str, str], ...] = ()
    """This deal's public happenings in order, as data for bots that count cards (the log is
    for people, and only its last lines are kept): ``(seat or None, what, card or suit)``,
    e.g. ``(0, "lead", "QH")``; a game that fills it documents its words. Hidden cards never
    appear here. One word is shared: :data:`PENALTY_EVENT`, which a table announces."""
    deal_number: int = 1
    deal_word: str = "deal"
    """What the game calls a deal ('hand', 'round'), for a table's titles and score rows."""
    deal_scores: tuple[tuple[int | None, ...], ...] = ()
    scores: tuple[int, ...] = ()
    result: str = ""
    """Once a deal or the match is over: who went out and why it ended."""
    scoring: ScoringView = ScoringView()
    """What the scores count and which way is better."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The teams as tuples of seats (empty when every seat plays for itself)."""
    team_totals: tuple[int, ...] = ()
    """Each team's match total, in the order of :attr:`teams`."""
    team_deal_scores: tuple[tuple[int | None, ...], ...] = ()
    """Each finished deal's score per team, like :attr:`deal_scores` per seat."""
