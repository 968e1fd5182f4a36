"""Five Hundred: the Australian bidding trick game with the joker as the highest trump.

Rules: ``shared/rules/five-hundred.md`` (Avondale schedule, Australian standard). Four players
in two partnerships (partners opposite) with a 43-card pack (no 2s, 3s or black 4s; one
joker); three players each for themselves with a 33-card pack (A-7 and the joker); five
players each for themselves with 53 cards (a partner called after the kitty, toggle
``five_player_partner``); six players with 63 cards (11s and 12s in every suit, 13s in the
red suits, ranking A K Q J 13 12 11 10 ...) in three teams of two or two teams of three
(toggle ``six_player_teams``); ten cards each and a three-card kitty, dealt in packets
3-1-4-1-3-1. An auction from the dealer's left for a contract; the contractor takes the
kitty, discards three and leads; bowers and the joker are the top trumps. First side to
500 wins; a side at -500 loses.

Notation:

* ``bid 7H``, ``bid 6NT``, ``bid misere``, ``bid open-misere`` (the word after ``bid`` is read
  in any case; suit symbols and ``misère`` work too), ``pass``.
* ``discard 4H 5C 6D``: the contractor's three cards back to the table, face down.
* ``call QH`` (five players): the contractor calls a card it does not hold after the kitty;
  its holder is the partner for the hand, shown to the others only when the card is played.
* ``play JH`` (six players also ``play 13H``, ``play 11S``); in No-Trumps and misère a led
  joker names the suit the others must follow: ``play JK=C``.
* ``nominate C`` (only under ``nt_joker_suit = nominated``): in a No-Trumps or misère
  contract the contractor nominates, after the kitty, the suit a led joker stands for all
  hand; the joker is then led as ``play JK``.
* ``next`` starts the next deal.

Stacked deals: ``deal={"hands": [... one per seat, 10 cards ...], "kitty": "4H 5C 6D",
"dealer": 3}``; an unlisted hand or kitty is dealt from the rest at random. A card listed
twice, or a hand or kitty of the wrong size, is an error that names it.

Engine choices where the rules file leaves room:

* Scores are kept per seat; partners share one score (the table shows team totals). With
  five players each seat scores alone; a called partner scores the contract with the
  contractor (and a card called from the discards or the kitty leaves the contractor alone).
* All pass under ``redeal``: the hand is thrown in at once and the next dealer deals (no
  score row; the log says so). Under ``play_nt`` the player left of the dealer leads, the
  kitty stays face down, and each side scores 10 a trick (``defender_tricks`` aside).
* Under ``nt_joker_suit = nominated`` the joker is led without naming and the nominated suit
  is the suit to follow; otherwise it plays as under ``when_led``. With all passed and the
  hand played out there is no contractor, so the leader names the suit as under ``when_led``.
* Misère: the contractor's partner (both, in a six-player game of two teams of three) sits
  out; an open misère hand is laid face up after the first trick (a public fact, "open hand").
* ``contractor_only_wins``: a defending side's points stop at 10 below the target.

>>> from cardtable.engine import new_game
>>> g = new_game("five-hundred", ["Ann", "Bob", "Cat", "Dan"], seed=1)
>>> g.phase, g.to_act, len(g.hand(0)), len(g.all_cards())
('bid', 0, 10, 43)
>>> [str(m) for m in g.legal_moves()][:3], str(g.legal_moves()[-1])
(['bid 6S', 'bid 6C', 'bid 6D'], 'pass')
"""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.scoring import POINTS
from cardtable.engine.seating import Teams, partnerships
from cardtable.engine.verbs import Takes, VerbSpec

from .rules import PRESETS, FiveHundredRules


def _teams(seats: int, rules: Ruleset) -> Teams:
    """Partners opposite with four players; with six, three teams of two or two of three."""
    if seats == 4:
        return partnerships(4, 2)
    if seats == 6:
        assert isinstance(rules, FiveHundredRules)
        return partnerships(6, 3 if rules.six_player_teams == "3x2" else 2)
    return ()


BID = VerbSpec("bid", "b", "Bid", example="bid 7H", word=True)
"""A bid: a word (``7H``, ``6NT``, ``misere``, ``open-misere``), chosen from the listed bids."""
DISCARD_KITTY = VerbSpec("discard", "x", "Discard 3", Takes.CARDS, enter=40, example="discard 4H 5C 6D")
"""The kitty exchange: three selected cards at once."""
CALL = VerbSpec("call", "c", "Call partner", Takes.CARD, example="call QH")
"""Five players: the contractor calls a card; its holder is the partner."""
NOMINATE = VerbSpec("nominate", "m", "Joker's suit", example="nominate C", word=True)
"""``nt_joker_suit = nominated``: the contractor names the joker's suit for the hand."""

SPEC = package_spec(
    __name__,
    "FiveHundred",
    FiveHundredRules,
    id="five-hundred",
    title="Five Hundred",
    summary="Bid for trumps with a partner: bowers, the joker on top, first side to 500.",
    min_players=3,
    max_players=6,
    usual_players=4,
    notation=__doc__ or "",
    verbs=("bid", "pass", "discard", "call", "nominate", "play", "next"),
    own_verbs=(BID, DISCARD_KITTY, CALL, NOMINATE),
    family="trick-taking",
    scoring=POINTS.per_team(),
    teams=_teams,
)

__all__ = ["PRESETS", "SPEC", "FiveHundredRules"]
