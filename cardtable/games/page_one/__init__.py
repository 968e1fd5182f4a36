"""Page One (the older Japanese game): a trick-taking race with one joker.

Rules: ``shared/rules/page-one.md`` (pagat's page, with its variations). 53 cards (one joker),
4 dealt each; follow suit or draw from the stock until you can; the joker always wins; the
first player to empty their hand wins the deal. Notation:

* ``play QH`` plays a card to the trick, as a lead or a follow. ``play QH call`` plays it and
  calls "Page One!". Whenever a play leaves you exactly one card both forms are listed: the
  plain one is forgetting the call, which is legal; the engine applies the penalty at the
  deadline and the log says so ("Bob forgot to call Page One and draws 5"). ``call`` with a
  play that does not leave one card is refused.
* ``draw`` takes one card from the stock: for a follower with no card of the suit led, again
  and again until a card of that suit comes, which must then be played (``play`` it); under
  ``joker_not_last``, for a leader whose only card is the joker, once before leading. An
  empty stock is rebuilt from the completed tricks first; with nothing to rebuild from,
  ``draw`` (listed only when no card can be played) ends the deal as a draw.
* ``take`` (``no_rebuild_pickup`` only, once the stock is used up): a player who cannot
  follow takes the cards of the trick into hand; the trick stops there and whoever played
  its highest card leads the next one.
* A joker led: the second player plays any card (``play 5D``) and its suit is the suit to
  follow for everyone after.
* ``next`` starts the next deal of a match.

Engine choices where the rules file leaves room (its recommended defaults):

* The call is made with the play that leaves one card (hot-seat: there is no later moment).
  A missed call costs ``call_penalty`` cards at once, drawn from the stock, rebuilt from the
  completed tricks when short (never under ``no_rebuild_pickup``), then whatever is there.
  If the uncalled play wins the trick (the special case) the deadline is the player's own
  lead: the last card is led and stays on the table, then the player draws the penalty, or
  with an empty stock takes the cards of the trick just won; either way they do not win.
  (Under ``joker_not_last`` with the joker as that last card, the penalty comes at once.)
* A drawn joker may be played at once (``drawn_joker_playable``), or the player draws on;
  a joker held before the search began may not be played once the player has drawn. A void
  player holding the joker may play it or draw (unless ``joker_forced_when_void``).
* ``joker_not_last`` leader holding only the joker with nothing to draw: the deal is a draw.
* ``max_rebuilds`` (not from the sources; 0 turns it off): after 20 rebuilds the stock is
  not rebuilt again, so random or stubborn play cannot make a deal endless.
* Player counts: 2 to 8 seats are accepted under every rule set; the source recommends 7 or
  8 only with ``no_rebuild_pickup`` (the "big table" preset), as the stock runs dry.
* Match scoring (``match``) is an app-level addition, not from any source: a deal won scores
  1 (``single``, ``first-to-n``); in ``fewest-cards`` the losers score their cards left and
  a drawn deal scores nothing.

Stacked deals take ``hands`` (exact), ``stock`` (top card first) and ``discard`` (the
completed-tricks pile), plus ``rest``: ``"stock"`` (default: the unlisted cards go under
the listed stock) or ``"played"`` (they go to the completed-tricks pile, so the stock is
exactly the listed cards).

>>> from cardtable.engine import new_game
>>> deal = {"hands": ["7H KS 9D QC", "3H AH 2C 4D"], "stock": "5S"}
>>> g = new_game("page-one", players=["Ann", "Bob"], seed=1, deal=deal)
>>> _ = g.play("play 7H")
>>> [str(m) for m in g.legal_moves()]
['play 3H', 'play AH']
>>> _ = g.play("play AH")
>>> g.log[-1], g.to_act, g.view(None).facts["trick"]
('Bob wins trick 1 with AH', 1, '2')
"""

from __future__ import annotations

from cardtable.engine.registry import package_spec
from cardtable.engine.scoring import PENALTY, POINTS, by_rule
from cardtable.engine.verbs import Takes, VerbSpec, verb_specs

from .rules import PRESETS, PageOneRules

PLAY_CALL = VerbSpec(
    "play",
    "p",
    "Play",
    Takes.CARD,
    enter=50,
    example="play QH",
    flags=("call",),
    about="play the card; when it leaves you one card, choose to call 'Page One!' with it "
    "(forgetting costs a penalty of cards)",
    flag_words=(("call", "and call 'Page One!'"),),
)
"""Page One's play: ``call`` may follow the card (``play QH call``), the Page One call."""

SPEC = package_spec(
    __name__,
    "PageOne",
    PageOneRules,
    id="page-one",
    title="Page One",
    summary="Japanese trick-taking race with one joker: follow or draw, call 'Page One!'.",
    min_players=2,
    max_players=8,
    notation=__doc__ or "",
    verbs=verb_specs(("play", "draw", "take", "next"), PLAY_CALL),
    family="trick-taking",
    scoring=by_rule("match", {"fewest-cards": PENALTY.named("cards left")}, POINTS.named("deals won")),
)

__all__ = ["PRESETS", "SPEC", "PageOneRules"]
