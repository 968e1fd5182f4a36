"""Joker's move text: reading a move body into steps, and expanding the short input forms
(``5 B10``, ``7 B10+3 B30+4``, ``7:3+4``, ``JK B10 R40``, ``J swap B2 R3``, ``out``)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from cardtable.engine.errors import IllegalMove, InvalidNotation
from cardtable.engine.moves import Move

from .board import CASTLE, START, Geo, rank_key

_OUT = re.compile(r"OUT ?([A-Z])((?:X[A-Z](?:>\d+)?)*)")
_SWAP = re.compile(r"([A-Z])(\d+)<>([A-Z])(\d+)")
_MOVE = re.compile(r"([A-Z])(S|C\d+|\d+)([<>*])(C\d+|\d+)((?:X[A-Z](?:>\d+)?)*)")


_BUMPS = re.compile(r"X[A-Z](?:>\d+)?")


def strip_bumps(body: str) -> str:
    """A move body without its bumps, in capitals: the part that says what the player does.

    >>> strip_bumps("b10*30xG>38"), strip_bumps("out b xr")
    ('B10*30', 'OUT B')
    """
    text = " ".join(body.upper().split())
    return _BUMPS.sub("", text).replace(" ,", ",").strip()


class PStep(NamedTuple):
    """A step as written: kind, colour, from, to (locations as in :mod:`.board`) and, for a
    swap, the other colour."""

    kind: str
    colour: int
    frm: int
    to: int
    other: int = -1


def _loc(game: Any, text: str, body: str) -> int:
    g = game.geo
    if text == "S":
        return START
    if text.startswith("C"):
        j = int(text[1:])
        if not 1 <= j <= g.m:
            raise IllegalMove(f"{body}: the castle holes are C1 to C{g.m}", body)
        return CASTLE + j
    h = int(text)
    if h >= g.n:
        raise IllegalMove(f"{body}: the track's holes are 0 to {g.n - 1}", body)
    return h


def _colour(game: Any, letter: str, body: str) -> int:
    g: Geo = game.geo
    if letter not in g.letters:
        raise IllegalMove(
            f"{body}: there is no colour {letter} in this game (colours: {' '.join(g.letters)})", body
        )
    return g.letters.index(letter)


def parse_steps(game: Any, body: str) -> list[PStep]:
    """The steps of a move body; :class:`IllegalMove` (a form error) says what is wrong."""
    g = game.geo
    out = []
    for part in " ".join(body.upper().split()).split(","):
        part = part.strip()
        found = _OUT.fullmatch(part)
        if found:
            c = _colour(game, found.group(1), part)
            out.append(PStep("out", c, START, g.out[c]))
            continue
        found = _SWAP.fullmatch(part)
        if found:
            c = _colour(game, found.group(1), part)
            o = _colour(game, found.group(3), part)
            out.append(
                PStep("swap", c, _loc(game, found.group(2), part), _loc(game, found.group(4), part), o)
            )
            continue
        found = _MOVE.fullmatch(part)
        if not found:
            raise IllegalMove(
                f"{part!r} is not a step: write 'out B', 'B10>15' (forward), 'B20<12' (back), "
                "'B10*40' (joker) or 'B2<>R3' (swap)",
                part,
            )
        c = _colour(game, found.group(1), part)
        frm, sign, to = _loc(game, found.group(2), part), found.group(3), _loc(game, found.group(4), part)
        kind = {">": "fwd", "<": "back", "*": "jump"}[sign]
        if frm == START and kind != "jump":
            raise IllegalMove(
                f"{part}: a marble leaves its start only by coming out ('out B') or by the joker", part
            )
        if to >= CASTLE and kind != "fwd":
            raise IllegalMove(f"{part}: a marble enters its castle only moving forward", part)
        if frm >= CASTLE and kind != "fwd":
            raise IllegalMove(f"{part}: a marble in the castle only moves forward inside it", part)
        if frm >= CASTLE and to < CASTLE:
            raise IllegalMove(f"{part}: a marble never leaves its castle", part)
        out.append(PStep(kind, c, frm, to))
    if not out or len(out) > 2:
        raise IllegalMove(f"{body}: a card moves one marble, or two with a split", body)
    return out


def check_body(game: Any, body: str) -> None:
    """Raise :class:`IllegalMove` if ``body`` is not well-formed notation for this board."""
    parse_steps(game, body)


_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "JK": 0, "JOKER": 0}
_MARBLE = re.compile(r"([A-Z])(S|C\d+|\d+)")
_PART = re.compile(r"([A-Z])(S|C\d+|\d+)\+(\d+)")


def _rank(token: str) -> int:
    t = token.upper()
    if t in _RANKS:
        return _RANKS[t]
    if t.isdigit() and 1 <= int(t) <= 10:
        return int(t)
    raise InvalidNotation(f"{token!r} is not a card rank (A, 2-10, J, Q, K or JK)")


def _marble(game: Any, token: str) -> tuple[int, int]:
    found = _MARBLE.fullmatch(token.upper())
    if not found:
        raise InvalidNotation(f"{token!r} is not a marble: write its colour and place, as B10, BS or BC2")
    c = game.geo.letters.find(found.group(1))
    if c < 0:
        raise InvalidNotation(f"{token!r}: there is no colour {found.group(1)} in this game")
    loc = found.group(2)
    if loc == "S":
        return c, START
    if loc.startswith("C"):
        return c, CASTLE + int(loc[1:])
    return c, int(loc)


def expand_short(game: Any, text: str) -> Move:
    """The one legal move a short form means; :class:`InvalidNotation` lists the candidates
    of an ambiguous one, or says that none fits."""
    tokens = text.split()
    head = tokens[0].upper()
    legal = [m for m in game.legal_moves() if m.kind == "move"]
    if head == "OUT":
        letters = [t.upper() for t in tokens[1:]]
        cands = [
            m
            for m in legal
            if len(m.payload.steps) == 1
            and m.payload.steps[0].kind == "out"
            and (not letters or game.geo.letters[m.payload.steps[0].colour] in letters)
        ]
        return _one(text, cands)
    if ":" in head:
        rank_text, _, amounts = head.partition(":")
        a, _, b = amounts.partition("+")
        rank = _rank(rank_text)
        want = (int(a), int(b))
        cands = [m for m in legal if m.cards[0].rank == rank and tuple(s.n for s in m.payload.steps) == want]
        if not cands:
            cands = [
                m
                for m in legal
                if m.cards[0].rank == rank and tuple(s.n for s in m.payload.steps) == want[::-1]
            ]
        return _one(text, cands)
    rank = _rank(head)
    rest = tokens[1:]
    mine = [m for m in legal if m.cards[0].rank == rank]
    if not mine and legal:  # say which: no such card, or no move with it
        held = any(c.rank == rank for c in game.hands[game.cur])
        raise InvalidNotation(
            f"{head} has no move now: play another card"
            if held
            else f"you hold no {head}: your cards are {' '.join(c.name for c in game.hands[game.cur])}"
        )
    if not rest:
        return _one(text, mine)
    if rest[0].lower() == "swap":
        if len(rest) != 3:
            raise InvalidNotation("a swap names two marbles, as in 'J swap B2 R3'")
        (c1, l1), (c2, l2) = _marble(game, rest[1]), _marble(game, rest[2])
        cands = [
            m
            for m in mine
            if (s := m.payload.steps[0]).kind == "swap"
            and {(s.colour, s.frm), (s.other, s.to)} == {(c1, l1), (c2, l2)}
        ]
        return _one(text, cands)
    if "+" in rest[0]:
        parts = []
        for tok in rest:
            found = _PART.fullmatch(tok.upper())
            if not found:
                raise InvalidNotation(f"{tok!r}: a part of a split is a marble and a count, as in B10+3")
            c, loc = _marble(game, found.group(1) + found.group(2))
            parts.append((c, loc, int(found.group(3))))
        cands = [
            m
            for m in mine
            if len(m.payload.steps) == len(parts)
            and sorted((s.colour, s.frm, s.n) for s in m.payload.steps) == sorted(parts)
        ]
        return _one(text, cands)
    c, loc = _marble(game, rest[0])
    cands = [
        m
        for m in mine
        if len(m.payload.steps) == 1 and (m.payload.steps[0].colour, m.payload.steps[0].frm) == (c, loc)
    ]
    if len(rest) > 1:
        dest = rest[1].upper()
        found = _MARBLE.fullmatch(dest)
        dest_loc = found.group(2) if found else dest
        cands = [m for m in cands if game.geo.loc_text(c, m.payload.steps[0].to) == dest_loc]
    return _one(text, cands)


def _one(text: str, cands: list[Move]) -> Move:
    distinct: dict[tuple[int, str], Move] = {}
    for m in cands:
        distinct.setdefault((m.cards[0].rank, strip_bumps(m.word)), m)
    if len(distinct) == 1:
        return next(iter(distinct.values()))
    if not distinct:
        raise InvalidNotation(
            f"{text!r} matches none of your legal moves: type the move in full, as in '5C:B10>15'"
        )
    listed = ", ".join(str(m) for m in distinct.values())
    raise InvalidNotation(f"{text!r} could mean {listed}: type the one you mean")


__all__ = ["PStep", "check_body", "expand_short", "parse_steps", "rank_key"]
