"""Joker's board as the view shows it (hole positions from the board kit) and moves in words."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from cardtable.engine.views import BoardMoveView, BoardView
from cardtable.kits.board import BoardLayout, track_layout

from .board import CASTLE, COLOUR_NAMES, START, Step


@functools.cache
def layout(letters: str, out_offset: int, in_offset: int, marbles: int) -> BoardLayout:
    """The board kit's layout for these colours and offsets (made once): Tock's 7/6 and
    Dog's 0/0 get their own, the castle at their in-spot and the start beside it."""
    return track_layout(letters, 18, out_offset, in_offset, marbles, marbles)


def _hole_id(letter: str, loc: int, start_slot: int) -> str:
    if loc == START:
        return f"{letter}S{start_slot}"
    if loc >= CASTLE:
        return f"{letter}C{loc - CASTLE}"
    return str(loc)


def _pieces(g: Any, st: Any) -> dict[str, str]:
    """Hole id -> colour letter for every marble (the kit's ``pieces`` without reading notation)."""
    out: dict[str, str] = {}
    for c, letter in enumerate(g.letters):
        for k in range(1, st.start[c] + 1):
            out[f"{letter}S{k}"] = letter
        for h in st.pos[c]:
            out[g.names[h]] = letter
        for j, x in enumerate(st.castle[c]):
            if x:
                out[f"{letter}C{j}"] = letter
    return out


def board_view(game: Any, moves: Sequence[Any]) -> BoardView:
    """The board with every marble, and one :class:`BoardMoveView` per listed move."""
    g, st = game.geo, game.st
    board = layout(g.letters, g.out_offset, g.in_offset, g.m)
    pieces = _pieces(g, st)
    views = []
    said: dict[Step, str] = {}  # a split's part 1 is shared by many moves: worded once
    for m in moves:
        p = m.payload
        if m.kind != "move":
            names = " ".join(c.name for c in m.cards)
            text = f"give {names} to your partner" if m.kind == "give" else f"discard {names}"
            views.append(BoardMoveView(move=str(m), card=p.card.name, steps=(), bumps=(), text=text))
            continue
        steps, bumps = [], []
        for s in p.steps:
            letter = g.letters[s.colour]
            frm = _hole_id(letter, s.frm, st.start[s.colour])
            steps.append((frm, _hole_id(letter, s.to, 1)))
            if s.kind == "swap":
                bumps.append(str(s.to))
            for _o, _dest in s.bumps:
                bumps.append(str(s.to))
        views.append(
            BoardMoveView(
                move=str(m),
                card=p.card.name,
                steps=tuple(steps),
                bumps=tuple(dict.fromkeys(bumps)),
                text=", then ".join(
                    [said.get(s) or said.setdefault(s, step_words(game, s)) for s in p.steps]
                ),
            )
        )
    return board.view(pieces, views)


def _where(loc: int) -> str:
    if loc == START:
        return "start"
    if loc >= CASTLE:
        return f"castle hole C{loc - CASTLE}"
    return f"hole {loc}"


def step_words(game: Any, s: Step, viewer: int | None = None, bumps: bool = True) -> str:
    """One step in words: 'the blue marble at 10 to 15, sending Bob's red marble back to its start' (without
    the sending part when ``bumps`` is False)."""
    g = game.geo
    colour = COLOUR_NAMES[g.letters[s.colour]]
    if s.kind == "out":
        text = f"a {colour} marble comes out onto hole {s.to}"
    elif s.kind == "swap":
        other = COLOUR_NAMES[g.letters[s.other]]
        text = f"the {colour} marble at {s.frm} swaps with the {other} one at {s.to}"
    elif s.kind == "jump":
        text = f"the {colour} marble at {_where(s.frm)} jumps to hole {s.to}"
    else:
        way = "back" if s.kind == "back" else ""
        into = " into its castle" if s.to >= CASTLE else ""
        tail = f" ({_where(s.to)})" if into else f" to {_where(s.to)}"
        text = f"{s.n}{' ' + way if way else ''} with the {colour} marble at {_where(s.frm)}{into}{tail}"
    for o, sent in s.bumps if bumps else ():
        name = COLOUR_NAMES[g.letters[o]]
        text += f", sending {possessive(game.players[o])} {name} marble " + (
            "back to its start" if sent == START else f"to hole {sent}"
        )
    return text


def possessive(name: str, first: bool = False) -> str:
    """A player's possessive for the log: "Ann's", but "your" ("Your" as the ``first`` word)
    for a player named You (the table's name for its one person)."""
    if name.casefold() == "you":
        return "Your" if first else "your"
    return f"{name}'s"


def move_words(game: Any, steps: Sequence[Step], bumps: bool = True) -> str:
    """A whole play in words (steps joined by 'then'); ``bumps=False`` leaves out the marbles
    sent away (the log names each on a line of its own)."""
    return ", then ".join(step_words(game, s, bumps=bumps) for s in steps)
