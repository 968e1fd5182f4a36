"""Joker's rules model: every toggle of ``shared/rules/joker-marbles.md`` §9.11 with its help
text, the card tables (what each card does) and the presets, all as data."""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine.ruleset import Ruleset, toggle

CardTable = Literal["family", "tock", "dog", "jackaroo"]

FAMILY_CARDS: dict[str, tuple[str, ...]] = {
    "A": ("OUT", "FWD(1)"),
    **{str(n): (f"FWD({n})",) for n in range(2, 11)},
    "7": ("FWD(7)", "SPLIT(7)"),
    "8": ("BACK(8)",),
    "J": ("OUT", "FWD(10)"),
    "Q": ("OUT", "FWD(10)"),
    "K": ("OUT", "FWD(10)"),
    "JK": ("JOKER_JUMP",),
}
"""The family card table (§9.5); the relatives' tables are this one with their changes."""

# The relatives share these changes from the family table: no printed joker meaning, the 8
# forward, the jack swaps, the queen 12, the king out or 13.
PLAYER_COUNTS = (4, 6, 8)
"""The seat counts Joker takes: two teams on a board of 4, 6 or 8 arms."""

_RELATIVE = {"JK": None, "8": ("FWD(8)",), "J": ("SWAP",), "Q": ("FWD(12)",), "K": ("OUT", "FWD(13)")}

CARD_TABLE_CHANGES: dict[str, dict[str, tuple[str, ...] | None]] = {
    "family": {},
    "tock": {**_RELATIVE, "4": ("BACK(4)",)},
    "dog": {**_RELATIVE, "A": ("OUT", "FWD(1)", "FWD(11)"), "4": ("FWD(4)", "BACK(4)"), "JK": ("WILD",)},
    "jackaroo": {
        **_RELATIVE,
        "A": ("OUT", "FWD(1)", "FWD(11)"),
        "4": ("BACK(4)",),
        "5": ("FWD(5)", "MOVE_ANY(5)"),
    },
}
"""Each card table as its changes from :data:`FAMILY_CARDS` (None: the rank does nothing)."""


def _derive(changes: dict[str, tuple[str, ...] | None]) -> dict[str, tuple[str, ...]]:
    table = {**FAMILY_CARDS, **changes}
    return {rank: acts for rank, acts in table.items() if acts is not None}


CARD_TABLES: dict[str, dict[str, tuple[str, ...]]] = {
    name: _derive(changes) for name, changes in CARD_TABLE_CHANGES.items()
}
"""What each card rank does under each card table, in the rules file's action vocabulary:
``OUT``, ``FWD(n)``, ``BACK(n)``, ``SPLIT(n)`` (forward over two marbles), ``SPLIT_FB(n)``,
``JOKER_JUMP``, ``SWAP``, ``WILD`` (any other card of the table), ``MOVE_ANY(n)``. The family
table's J, Q, K forward values follow ``face_values``; ``nine_split`` adds ``SPLIT_FB(9)``."""


class JokerMarblesRules(Ruleset):
    """Joker's variant toggles. Defaults: the family rules of the seed ([S2]/[LABS]/[LH])."""

    card_table: CardTable = toggle("family", "Card meanings")
    """What each card does: family (A/J/Q/K come out, 8 backwards, 7 splits, the joker jumps), or
    the Tock, Dog or Jackaroo meanings (4 backwards, the jack swaps, and so on)."""
    marbles: int = toggle(5, "Marbles each", ge=4, le=5)
    """Marbles per player (and holes in each start and castle)."""
    offsets: Literal["7/2", "7/6", "0/0"] = toggle("7/2", "Come-out hole / in-spot")
    """Where each side's come-out hole and in-spot lie (0 is the corner): 7/2 (family: the
    in-spot 5 holes behind the come-out hole), 7/6 (Tock, Jackaroo: just behind it), 0/0 (Dog:
    the same hole)."""
    teams: Literal["alternate", "pairs_opposite"] = toggle("alternate", "Teams")
    """Two teams in alternating seats, or (6 and 8 players) pairs sitting opposite."""
    decks: int = toggle(0, "Decks", ge=0, le=4)
    """Standard 54-card decks shuffled together; 0: by the players (2 for 4, 3 for 6, 4 for 8)."""
    jokers_per_deck: int = toggle(2, "Jokers per deck", ge=0, le=3)
    """Printed jokers in each deck."""
    draw_timing: Literal["before", "after"] = toggle("before", "Draw")
    """Draw a card before playing (hold 6, then play 1), or play then refill to 5."""
    deal_mode: Literal["draw", "rounds"] = toggle("draw", "Dealing")
    """draw: hands of five, a card drawn each turn (family). rounds: hands dealt in rounds of the
    sizes below, no drawing; a new round when every hand is played out (Tock, Dog, Jackaroo)."""
    round_sizes: Literal["5-4-4", "6-5-4-3-2", "4-4-4-5"] = toggle("5-4-4", "Round sizes")
    """Cards dealt to each player in each round of a cycle (rounds dealing only): 5-4-4 (Tock),
    6-5-4-3-2 (Dog), 4-4-4-5 (Jackaroo). Each cycle starts from the whole pack shuffled."""
    partner_exchange: bool = toggle(False, "Partner exchange")
    """After each round's deal every player gives one card face down to their partner (the next
    teammate clockwise) before play (rounds dealing only)."""
    no_move: Literal["discard_one", "discard_hand"] = toggle("discard_one", "With no move")
    """A player with no move discards one card (family, Jackaroo), or the whole hand and sits out
    until the next deal (Tock, Dog; rounds dealing only)."""
    face_values: Literal["10-10-10", "11-12-13"] = toggle("10-10-10", "Face cards forward")
    """How far J, Q and K move a marble forward (family card table): 10 each, or 11, 12 and 13."""
    nine_split: bool = toggle(False, "Split 9")
    """A 9 may be split over two marbles: one forward a holes, then the other back 9 - a."""
    castle_entry_optional: bool = toggle(True, "Turning in is optional")
    """A marble may run past its in-spot instead of turning into its castle. Off: it must turn in
    when it can."""
    no_pass_own_entry: bool = toggle(False, "Never pass your in-spot")
    """A marble may never pass its own in-spot on the track: a move past it must turn in."""
    joker_castle_limit: bool = toggle(True, "Joker stops at the castle")
    """The joker's target must not lie past the moving marble's in-spot."""
    joker_from_start: bool = toggle(True, "Joker from start")
    """The joker may take a marble straight from the start area."""
    joker_exempt_from_must_move: bool = toggle(False, "Never forced to play a joker")
    """A player whose only moves are joker moves may pass (discarding a card) instead."""
    partner_bump_conflict: Literal["behind", "illegal"] = toggle("behind", "Partner sent to a taken in-spot")
    """When a partner's marble is landed on and its in-spot is held by its own team, it goes to
    the first empty hole behind (anticlockwise), or the move is illegal."""
    start_hole_safe_block: bool = toggle(False, "Safe on the come-out hole")
    """A marble on its own come-out hole cannot be landed on, swapped, jumped onto or passed."""
    seven_spill_to_partner: bool = toggle(True, "7 spills to the partner")
    """When part 1 of a split 7 puts your last marble into the castle, part 2 moves a partner's
    marble."""
    win_waives_split_remainder: bool = toggle(True, "A win ends a split 7")
    """If part 1 of a split 7 completes the team, the game ends and part 2 is dropped."""
    team_fallback_when_stuck: bool = toggle(False, "Help the team when stuck")
    """A player with no move for their own marbles may move a teammate's marbles."""
    turn_cap: int = toggle(2000, "Turn limit", ge=0, le=10000)
    """The game stops after this many turns in all (0: never); the team with more marbles in
    their castles wins, equal is a draw. A guard against endless games, not a source rule."""


_RELATIVES: dict[str, Any] = {"marbles": 4, "start_hole_safe_block": True, "deal_mode": "rounds"}
"""What Tock, Dog and Jackaroo all change from the family rules."""
_SIT_OUT: dict[str, Any] = {"partner_exchange": True, "no_move": "discard_hand"}
"""Tock's and Dog's round: a card to the partner, and a stuck hand thrown in."""

PRESETS: dict[str, dict[str, Any]] = {
    "family": {},
    "pegs and jokers": {"decks": 3, "joker_castle_limit": False, "joker_exempt_from_must_move": True},
    "tock": {
        **_RELATIVES,
        **_SIT_OUT,
        "card_table": "tock",
        "offsets": "7/6",
        "decks": 1,
        "jokers_per_deck": 0,
        "round_sizes": "5-4-4",
    },
    "dog": {
        **_RELATIVES,
        **_SIT_OUT,
        "card_table": "dog",
        "offsets": "0/0",
        "decks": 2,
        "jokers_per_deck": 3,
        "round_sizes": "6-5-4-3-2",
    },
    "jackaroo": {
        **_RELATIVES,
        "card_table": "jackaroo",
        "offsets": "7/6",
        "decks": 1,
        "jokers_per_deck": 0,
        "round_sizes": "4-4-4-5",
    },
}
"""The rules file's presets (§9.11): the relatives deal in rounds (Tock and Dog with the partner
exchange and a stuck hand thrown in). Dog's burning 7 and any-marbles split, Jackaroo's forced
discard on a 10 and the fresh-marble rule are not modelled."""


def offsets(rules: JokerMarblesRules) -> tuple[int, int]:
    """The come-out hole's and the in-spot's places on each side.

    >>> offsets(JokerMarblesRules())
    (7, 2)
    """
    out, _, inn = rules.offsets.partition("/")
    return int(out), int(inn)


def round_sizes(rules: JokerMarblesRules) -> tuple[int, ...]:
    """The hand sizes of one cycle of rounds.

    >>> round_sizes(JokerMarblesRules(round_sizes="6-5-4-3-2"))
    (6, 5, 4, 3, 2)
    """
    return tuple(int(k) for k in rules.round_sizes.split("-"))


def deck_count(rules: JokerMarblesRules, players: int) -> int:
    """Decks in play: the ``decks`` toggle, or by the player count (2, 3, 4)."""
    return rules.decks or {4: 2, 6: 3, 8: 4}.get(players, 2)


def card_actions(rules: JokerMarblesRules) -> dict[str, tuple[str, ...]]:
    """Each rank's actions under ``rules`` (the card table with ``face_values`` and
    ``nine_split`` applied).

    >>> card_actions(JokerMarblesRules(face_values="11-12-13"))["Q"]
    ('OUT', 'FWD(12)')
    >>> card_actions(JokerMarblesRules(nine_split=True))["9"]
    ('FWD(9)', 'SPLIT_FB(9)')
    """
    table = dict(CARD_TABLES[rules.card_table])
    if rules.card_table == "family" and rules.face_values == "11-12-13":
        table.update({"J": ("OUT", "FWD(11)"), "Q": ("OUT", "FWD(12)"), "K": ("OUT", "FWD(13)")})
    if rules.nine_split:
        table["9"] = (*table.get("9", ("FWD(9)",)), "SPLIT_FB(9)")
    return table
