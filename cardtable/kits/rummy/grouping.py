"""The declare panel's data: a hand grouped into melds and loose cards, as a view."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.cards import Card
from cardtable.engine.views import GroupingView, GroupView, MeldView

from .arrange import Arrangement
from .melds import Meld


def grouping_view(
    title: str,
    finish: Card | None,
    groups: Sequence[Meld],
    loose: Sequence[Card],
    ready: bool,
    summary: str,
    kind: Callable[[Meld], str] = lambda m: m.kind,
    loose_label: str = "ungrouped",
) -> GroupingView:
    """A :class:`GroupingView` (a declare panel) from melds and loose cards; ``kind`` names a
    meld in the game's words.

    >>> from cardtable.engine.cards import parse_cards
    >>> from cardtable.kits.rummy.melds import MeldRules, build_meld
    >>> from cardtable.kits.rummy.grouping import grouping_view
    >>> run = build_meld(parse_cards("7H 8H 9H"), [None] * 3, MeldRules())
    >>> v = grouping_view("your groups", None, [run], parse_cards("KS"), False, "not yet")
    >>> v.groups[0].kind, v.groups[0].cards, v.loose
    ('run', ('7H', '8H', '9H'), ('KS',))
    """
    return GroupingView(
        title=title,
        finish=None if finish is None else finish.name,
        groups=tuple(
            GroupView(
                kind=kind(m), cards=tuple(c.name for c in m.cards), stands_for=tuple(r.name for r in m.reps)
            )
            for m in groups
        ),
        loose=tuple(c.name for c in loose),
        loose_label=loose_label,
        ready=ready,
        summary=summary,
    )


def arrangement_view(
    title: str, finish: Card | None, arr: Arrangement, ready: bool, summary: str, label: str = "ungrouped"
) -> GroupingView:
    """A declare panel of a solver's :class:`Arrangement`: its groups, and its deadwood as the
    loose cards (headed ``label``); the other arguments as for :func:`grouping_view`."""
    return grouping_view(title, finish, arr.groups, arr.deadwood, ready, summary, loose_label=label)


def meld_views(
    melds: Sequence[Meld],
    kind: Callable[[Meld], str] = lambda m: m.kind,
    value: Callable[[Meld], int] = lambda m: 0,
) -> tuple[MeldView, ...]:
    """The table melds as a view shows them, numbered from 1 as in the notation; ``kind``
    names a meld in the game's words, ``value`` gives the points shown beside it."""
    return tuple(
        MeldView(
            number=i + 1,
            owner=m.owner,
            kind=kind(m),
            cards=tuple(c.name for c in m.cards),
            stands_for=tuple(r.name for r in m.reps),
            text=str(m),
            value=value(m),
        )
        for i, m in enumerate(melds)
    )
