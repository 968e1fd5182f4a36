"""The generic computer player for games without their own bot module: closed-hand
rummies (draw or take, discard, go out: Indian Rummy, Progressive Rummy, Gin), driven by
the shared solver's :func:`~cardtable.engine.arrange.best_discard`.

The game's meld rules and card values are read off a determinized sample (``turn.sample``):
they follow from the public rules and the public wild rank, never from a hidden card. Then:

* take the discard (or the offered up-card) when the best hand after taking it and
  throwing the best card has clearly less deadwood than now, else draw;
* discard what ``best_discard`` throws (a joker only when nothing else can go);
* go out (``gin``, ``out``, ``knock``) when the game lists it, and ``declare`` only with a
  valid hand (every card in melds, with Indian Rummy's two runs, one pure);
* easy plays the same but draws blind, throws its highest loose card, and knocks late.

Anything unexpected (a verb it does not know, a phase of its own) gets a careful random
choice: never a joker thrown while another card can go, never a voluntary drop.

>>> import random
>>> from cardtable.engine.moves import parse_move
>>> policy = ClosedRummyPolicy("medium", None)
>>> moves = tuple(parse_move(t) for t in ("discard JK", "discard 7H"))
>>> str(policy.pick(moves, random.Random(1)).move)
'discard 7H'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.bots import Decision, Turn
from cardtable.engine.arrange import Requirement, best_arrangement, best_discard
from cardtable.engine.cards import JOKER_RANK, Card
from cardtable.engine.melds import MeldRules
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset

GO_OUT = ("gin", "biggin", "out", "knock")
"""Verbs that go out and that the games list only when they are valid."""
AVOID = ("drop", "pass", "rejoin", "cancel")
"""Verbs a careful player does not choose at random."""


def _value_of(game: Any) -> Callable[[Card], int]:
    """The game's card value (a method, a ``penalty(cards)``, else face value capped at 10)."""
    fn = getattr(game, "card_value", None)
    if callable(fn):
        return fn  # type: ignore[no-any-return]
    module = __import__(type(game).__module__, fromlist=["card_value"])
    fn = getattr(module, "card_value", None)
    if callable(fn):
        return fn  # type: ignore[no-any-return]
    return lambda c: 25 if c.rank == JOKER_RANK else min(c.rank, 10)


class ClosedRummyPolicy:
    """Closed-hand rummy decisions at one level (see the module)."""

    def __init__(self, level: str, rules: Ruleset | None) -> None:
        self.level = level
        self.rules = rules

    def decide(self, turn: Turn) -> Decision:
        try:
            decision = self._decide(turn)
        except Exception:  # an unknown game's oddity: never stop the table
            decision = None
        return decision if decision is not None else self.pick(turn.moves, turn.rng)

    def pick(self, moves: Sequence[Move], rng: random.Random) -> Decision:
        """A careful random move: go out or start the next deal when possible, else any
        move but a voluntary drop or pass, keeping jokers."""
        for verb in (*GO_OUT, "next"):
            for m in moves:
                if m.kind == verb:
                    return Decision(
                        m, "start the next deal" if verb == "next" else f"{verb}: it ends the hand"
                    )
        keep = [
            m
            for m in moves
            if m.kind not in AVOID
            and m.kind != "declare"
            and not (m.kind == "discard" and m.cards and m.cards[0].rank == JOKER_RANK)
        ]
        return Decision(rng.choice(keep or list(moves)), "")

    # ------------------------------------------------------------------ the plan
    def _decide(self, turn: Turn) -> Decision | None:
        moves = turn.moves
        kinds = {m.kind for m in moves}
        for verb in ("next", "show", "rejoin"):
            move = next((m for m in moves if m.kind == verb), None)
            if move is not None and len(kinds) == 1:
                return Decision(move, "the only move")
        game = turn.sample(turn.rng)
        rules: MeldRules = game.mrules  # type: ignore[attr-defined]
        value = _value_of(game)
        hand = list(game.hand(turn.seat))
        need: Requirement | None = None
        pure = getattr(game, "is_pure", None)
        if callable(pure):
            # the game's own life requirement when it names one (Indian Rummy's four-card life)
            need = getattr(game, "life_need", None) or Requirement(runs=2, pure_runs=1)
        for verb in ("gin", "biggin", "out"):
            move = next((m for m in moves if m.kind == verb), None)
            if move is not None:
                return Decision(move, f"{verb}: every card is in a meld")
        if "draw" in kinds or "take" in kinds or "pass" in kinds:
            return self._draw(turn, hand, rules, value, need, pure)
        knock = next((m for m in moves if m.kind == "knock"), None)
        throws = [m for m in moves if m.kind == "discard"]
        if throws:
            allowed = {m.cards[0].key for m in throws}
            card, arr = best_discard(
                hand, rules, value, need=need, pure=pure, may_discard=lambda c: c.key in allowed
            )
            if need is not None:
                declare = next(
                    (m for m in moves if m.kind == "declare" and m.cards and m.cards[0] == card), None
                )
                if declare is not None and arr.ok and arr.penalty == 0:
                    return Decision(declare, f"declare, throwing {card.name}: every card is in a valid group")
            if knock is not None and (self.level != "easy" or arr.penalty <= 4):
                return Decision(knock, f"knock: {arr.penalty} points of deadwood")
            if self.level == "easy" and turn.rng.random() < 0.3:
                loose = [c for c in arr.deadwood if c.key in allowed and c.rank != JOKER_RANK] or [card]
                card = max(loose, key=value)
            move = next(m for m in throws if m.cards[0] == card)
            return Decision(move, f"discard {card.name}: the rest leaves {arr.penalty} points loose")
        if knock is not None and self.level != "easy":
            return Decision(knock, "knock")
        return None

    def _draw(
        self,
        turn: Turn,
        hand: list[Card],
        rules: MeldRules,
        value: Callable[[Card], int],
        need: Requirement | None,
        pure: Any,
    ) -> Decision | None:
        moves = turn.moves
        take = next((m for m in moves if m.kind == "take"), None)
        other = next((m for m in moves if m.kind in ("draw", "pass")), None)
        top_name = turn.view.discard_top
        if take is None or top_name is None or self.level == "easy":
            return Decision(other, f"{other.kind}") if other is not None else None
        top = next((c for c in _discard_cards(turn) if c.name == top_name), None)
        if top is None:
            return None
        now = best_arrangement(hand, rules, value, need=need, pure=pure)
        # after taking, a card is thrown: compare the best hand then with the hand now
        _, after = best_discard(
            [*hand, top], rules, value, need=need, pure=pure, may_discard=lambda c: c is not top
        )
        if after.penalty + 3 <= now.penalty:
            melded = any(c is top for g in after.groups for c in g.cards)
            why = "it joins a meld" if melded else "it is lower than the card it replaces"
            return Decision(take, f"take {top.name}: {why} ({now.penalty} -> {after.penalty} loose)")
        if other is None:
            return Decision(take, f"take {top.name}")
        return Decision(other, f"{other.kind}: {top.name} does not join a meld")


def _discard_cards(turn: Turn) -> list[Card]:
    """The top discard as a card (parsed from the public view)."""
    from cardtable.engine.cards import parse_card

    top = turn.view.discard_top
    return [parse_card(top)] if top else []


__all__ = ["AVOID", "GO_OUT", "ClosedRummyPolicy"]
