"""What Indian Rummy's players see: the status line, the facts, the seats' badges and the
declare panel, built from the game's state (the game's ``view`` and ``grouping`` call these).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardtable.engine.cards import Card, one_of_each, rank_word
from cardtable.engine.views import FaceUpView, GroupingView, MeldView, PlayerView

from .declare import HAND, Verdict
from .formats import CHIPS_PER_DEAL

if TYPE_CHECKING:
    from .game import IndianRummy


def status_line(game: IndianRummy) -> str:
    """The status line: whose turn it is and what they may do."""
    if game._outcome is not None:
        return f"Match over: {game._outcome.reason}."
    name = game.players[game.cur]
    ph = game.phase_
    if ph == "deal-over":
        return f"{game.result} {name}: play 'next' for deal {game.deal_no + 1}."
    if ph == "rejoin":
        return f"{name} is out of the pool: 'rejoin' on {game.rejoin_total} points, or 'pass'"
    if ph == "show":
        who = game.players[game.declarer] if game.declarer is not None else ""
        return f"{who} declared. {name}: 'show' to accept the best grouping of your cards, or show your own"
    if ph == "draw":
        options = "draw from the closed deck"
        if game._can_take():
            options += " or take the open card"
        if game.fmt.drops is not None:
            options += f", or drop ({game._drop_cost()})"
        return f"{name}: {options}"
    return f"{name}: discard a card, or declare with it when the other 13 are grouped"


def player_view(game: IndianRummy, seat: int | None) -> PlayerView:
    """What ``seat`` sees (see :meth:`IndianRummy.view`): the rummy view with this game's
    facts, its groups named the Indian way, the cut card face up and the decks' names."""
    facts: dict[str, str] = {"format": game.fmt.title}
    if game.fmt.deals:
        facts["match"] = f"deal {game.deals_played + 1} of {game.fmt.deals}"
    if game.wild_rank:
        facts["wild"] = f"{rank_word(game.wild_rank)}s (cut card {game.cut.name})"
    else:
        facts["wild"] = f"printed jokers only (cut card {game.cut.name})"
    if game.fmt.limit:
        facts["out at"] = str(game.fmt.limit)
    if game.rules.format == "points":
        facts["point value"] = str(game.rules.point_value)
    if game.rules.format == "deals":
        start = CHIPS_PER_DEAL * game.fmt.deals
        facts["chips"] = " · ".join(f"{p} {start + t}" for p, t in zip(game.players, game.total, strict=True))
    if game.phase_ == "draw" and game.fmt.drops is not None:
        facts["drop now"] = str(game._drop_cost())
    if game.bottom is not None:
        facts["closed deck bottom"] = game.bottom.name
    if game.finish:
        facts["finish card"] = game.finish[0].name
    own: dict[str, str] = {}
    taken = game.taken
    if seat == game.to_act and game.phase_ == "play" and taken and not game.rules.may_discard_taken_open_card:
        own["taken"] = f"{taken.name} (keep it this turn)"
    view = game._make_view(seat, status_line(game), facts, own)
    melds = tuple(
        MeldView(
            number=i + 1,
            owner=m.owner,
            kind=game.judge.kind_word(m),
            cards=tuple(c.name for c in m.cards),
            stands_for=tuple(r.name for r in m.reps),
            text=str(m),
            value=0,
        )
        for i, m in enumerate(game.melds_)
    )
    wild = f"{rank_word(game.wild_rank)}s wild" if game.wild_rank else "jokers only"
    cut = FaceUpView(label="cut card", card=game.cut.name, note=wild)
    return view.model_copy(
        update={
            "melds": melds,
            "stock_label": "closed deck",
            "discard_label": "open deck",
            "face_up": (cut,),
        }
    )


def seat_badges(game: IndianRummy, seat: int) -> tuple[str, ...]:
    """Public facts shown beside a seat: dealer, out of the pool, dropped, wrong show, declared."""
    note = game.notes[seat]
    return tuple(
        b
        for b, on in (
            ("dealer", seat == game.dealer and game.phase_ not in ("deal-over", "match-over")),
            ("out of the pool", not game.active[seat] and bool(game.fmt.limit)),
            ("dropped", note.endswith("drop")),
            ("wrong show", note == "wrong show"),
            ("declared", note == "declared"),
        )
        if on
    )


def declare_panel(game: IndianRummy, seat: int, hand: Sequence[Card], finish: Card | None) -> GroupingView:
    """The declare panel for ``seat`` (see :meth:`IndianRummy.grouping`): with 14 cards the
    declaration with ``finish`` (or the cheapest one), else the best grouping of the hand."""
    playing = game.phase_ == "play" and seat == game.cur and len(hand) == HAND + 1
    showing = game.phase_ == "show" and seat == game.cur
    judge = game.judge
    if not playing:
        verdict = judge.best_grouping(hand)
        if showing:
            title, summary = "your show", f"showing now counts {verdict.points} points"
        elif verdict.valid:
            title, summary = (
                "your groups",
                "all 13 grouped: draw, then declare with the card you do not need",
            )
        else:
            title = "your groups"
            summary = f"not ready: {judge.lacking(verdict)} ({verdict.points} points if someone declares now)"
        return game.judge.panel(title, None, verdict, summary)
    choices: list[Card] = []
    if finish is not None:
        choices = [c for c in hand if c.key == finish.key][:1]
    if not choices:  # no card given (or not held): the cheapest declaration
        choices = one_of_each(hand)
    best: tuple[int, Card, Verdict] | None = None
    for card in choices:
        rest = list(hand)
        rest.remove(card)
        verdict = game.judge.best_grouping(rest)
        cost = 0 if verdict.valid else 1 + verdict.points
        if best is None or cost < best[0]:
            best = (cost, card, verdict)
    assert best is not None
    _, card, verdict = best
    if verdict.valid:
        summary = f"a valid declaration: press e to declare with {card.name}"
    else:
        summary = f"not valid: {game.judge.lacking(verdict)}; a wrong show costs {game.fmt.wrong}"
    return game.judge.panel(f"declare with {card.name}", card, verdict, summary)
