"""Joker's rules of play, one predicate each. The movement predicates they call
(:func:`~.board.blocker`, :func:`~.board.castle_blocker`, :func:`~.board.joker_reach`,
:func:`~.board.come_out_blocked`, :func:`~.board.bumps_of`, :func:`~.board.controlled`) are the
ones the generator calls, so a refusal and the listed moves cannot drift apart."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cardtable.engine.cards import rank_word
from cardtable.engine.errors import IllegalMove
from cardtable.engine.moves import Move
from cardtable.engine.rules import Rule, not_held

from .board import (
    CASTLE,
    COLOUR_NAMES,
    START,
    Geo,
    State,
    Step,
    apply_step,
    blocker,
    bumps_of,
    card_plays,
    castle_blocker,
    come_out_blocked,
    completed_team,
    controlled,
    finished,
    fwd_path,
    joker_reach,
    rank_key,
)
from .notation import PStep, parse_steps, strip_bumps

JokerMarbles = Any
"""The game the predicates read (game.py imports this module)."""

Refuse = Callable[[JokerMarbles, Move], str | None]
_RULES: list[Rule] = []


def _rule(name: str, text: str) -> Callable[[Refuse], Refuse]:
    """Make the predicate below the rule ``name`` (``text``, the rule in words): the rules
    are asked in the order they are defined in this module."""

    def add(refuse: Refuse) -> Refuse:
        _RULES.append(Rule(name, text, refuse))
        return refuse

    return add


def _steps(g: JokerMarbles, m: Move) -> list[PStep] | None:
    if m.kind != "move":
        return None
    try:
        return parse_steps(g, m.word)
    except IllegalMove:
        return None


def count_of(g: JokerMarbles, s: PStep) -> int:
    """How far a written forward or backward step goes (0 for other kinds)."""
    geo: Geo = g.geo
    if s.kind == "back":
        return (s.frm - s.to) % geo.n
    if s.kind != "fwd":
        return 0
    if s.frm >= CASTLE:
        return s.to - s.frm
    if s.to >= CASTLE:
        return geo.dist_in(s.colour, s.frm) + s.to - CASTLE
    return (s.to - s.frm) % geo.n


def ctrl_of(g: JokerMarbles) -> list[int]:
    """The colours the seat to act moves (with the stuck-team fallback when it applies)."""
    geo, st, seat = g.geo, g.st, g.cur
    ctrl = controlled(geo, st, seat)
    if g.rules.team_fallback_when_stuck:
        ranks = {c.rank for c in g.hands[seat]}
        if not any(card_plays(geo, st, seat, ctrl, r) for r in ranks):
            return [o for o in geo.teammates(seat) if not finished(geo, st, o)]
    return ctrl


def walk(g: JokerMarbles, m: Move) -> Iterator[tuple[int, PStep, Any, list[int]]]:
    """Each written step with the position before it and the colours controlled then; the
    steps are made as written (bumps resolved) until one cannot be made at all."""
    steps = _steps(g, m)
    if steps is None:
        return
    geo = g.geo
    st = g.st.copy()
    ctrl = ctrl_of(g)
    for i, s in enumerate(steps):
        yield i, s, st, ctrl
        if not _present(st, s):
            return
        if s.kind == "swap":
            apply_step(st, Step("swap", s.colour, s.frm, s.to, 0, (), s.other))
        else:
            bumps = bumps_of(geo, st, s.colour, s.frm, s.to) or ()
            if s.to < CASTLE and st.track[s.to] == s.colour:
                return
            apply_step(st, Step(s.kind, s.colour, s.frm, s.to, count_of(g, s), bumps))
        if g.rules.seven_spill_to_partner:
            ctrl = controlled(geo, st, g.cur)


def _present(st: State, s: PStep) -> bool:
    if s.frm == START:
        return st.start[s.colour] > 0
    if s.frm >= CASTLE:
        return bool(st.castle[s.colour][s.frm - CASTLE])
    if s.kind == "swap" and st.track[s.to] != s.other:
        return False
    return bool(st.track[s.frm] == s.colour)


def _colour(g: JokerMarbles, c: int) -> str:
    return COLOUR_NAMES[g.geo.letters[c]]


def _card_word(card: Any) -> str:
    return "joker" if card.is_joker else rank_word(card.rank)


_DOES = {
    "OUT": "brings a marble out",
    "FWD": "moves one marble {n} forward",
    "BACK": "moves one marble {n} back",
    "SPLIT": "moves {n} forward, whole or split over two marbles",
    "SPLIT_FB": "splits {n} over two marbles, one forward then the other back",
    "JOKER_JUMP": "jumps a marble onto another colour's marble",
    "SWAP": "swaps a marble of yours with another colour's marble",
    "MOVE_ANY": "moves any marble on the track {n} forward",
}


@_rule("exchange", "after a deal in rounds each player gives a card to their partner, then play starts")
def _phase(g: JokerMarbles, m: Move) -> str | None:
    if g.phase_ == "exchange" and m.kind != "give":
        return "first each player gives a card to their partner ('give CARD'); then cards are played"
    if g.phase_ != "exchange" and m.kind == "give":
        return "cards go to the partner only in the exchange after a deal in rounds"
    return None


@_rule("hold", "a player plays a card from their own hand")
def _hold(g: JokerMarbles, m: Move) -> str | None:
    if m.kind not in ("move", "pass", "give") or not m.cards:
        return None
    return not_held(m.cards, g.hands[g.cur])


def _shape_fits(acts: tuple[tuple[str, int], ...], shape: list[tuple[str, int]]) -> bool:
    for act, n in acts:
        if len(shape) == 1:
            kind, k = shape[0]
            if (act, kind) in (("OUT", "out"), ("JOKER_JUMP", "jump"), ("SWAP", "swap")):
                return True
            if (act, kind) in (("FWD", "fwd"), ("MOVE_ANY", "fwd"), ("BACK", "back")) and k == n:
                return True
        elif len(shape) == 2:
            (k1, a), (k2, b) = shape
            if act == "SPLIT" and k1 == k2 == "fwd" and a >= 1 and b >= 1 and a + b == n:
                return True
            if act == "SPLIT_FB" and (k1, k2) == ("fwd", "back") and a >= 1 and b >= 1 and a + b == n:
                return True
    return False


@_rule("card", "each card moves as its table says (A/J/Q/K out, 8 back, 7 split, joker jump)")
def _card(g: JokerMarbles, m: Move) -> str | None:
    steps = _steps(g, m)
    if steps is None:
        return None
    card = m.cards[0]
    acts = g.geo.actions.get(rank_key(card.rank), ())
    shape = [(s.kind, count_of(g, s)) for s in steps]
    if _shape_fits(acts, shape):
        return None
    word = _card_word(card)
    does = " or ".join(dict.fromkeys(_DOES[a].format(n=n) for a, n in acts)) or "nothing in these rules"
    if len(shape) == 2 and any(a in ("SPLIT", "SPLIT_FB") for a, _ in acts):
        n = next(n for a, n in acts if a in ("SPLIT", "SPLIT_FB"))
        if all(k >= 1 for _, k in shape) and shape[0][1] + shape[1][1] != n:
            a, b = shape[0][1], shape[1][1]
            return f"the parts of a split {n} must add up to {n}: {a} + {b} = {a + b}"
    detail = ""
    if len(shape) == 1 and shape[0][0] in ("fwd", "back"):
        way = "back" if shape[0][0] == "back" else "forward"
        detail = f" ({m.word.upper().split('X')[0]} is {shape[0][1]} {way})"
    return f"a {word} {does}{detail}"


@_rule("control", "a player moves their own colour, or a teammate's once their own marbles are home")
def _control(g: JokerMarbles, m: Move) -> str | None:
    geo = g.geo
    seat = g.cur
    for i, s, _st, ctrl in walk(g, m):
        if s.colour in ctrl:
            if s.kind == "swap" and s.other == s.colour:
                return "a swap exchanges your marble with another colour's marble"
            continue
        steps = _steps(g, m) or []
        if len(steps) == 1 and s.kind == "fwd" and s.to < CASTLE:
            acts = geo.actions.get(rank_key(m.cards[0].rank), ())
            if ("MOVE_ANY", count_of(g, s)) in acts:
                continue
        owner = g.players[s.colour]
        colour = _colour(g, s.colour)
        if ctrl and ctrl != [seat]:
            mine = " and ".join(f"{g.players[c]}'s {_colour(g, c)}" for c in ctrl)
            return f"your marbles are all home, so you move {mine} marbles, not {owner}'s {colour}"
        if not ctrl:
            return "there is no marble left for the rest of this move"
        if geo.team[s.colour] == geo.team[seat]:
            return (
                f"you move your {_colour(g, seat)} marbles only: {colour} is your partner {owner}'s, "
                "and you move them once your own are all home"
            )
        part = " (part 2 of the split)" if i else ""
        return f"you move your {_colour(g, seat)} marbles only{part}: {colour} is {owner}'s"
    return None


@_rule("marble", "the marble moved must be there; a split moves two different marbles")
def _marble(g: JokerMarbles, m: Move) -> str | None:
    steps = _steps(g, m)
    if steps and len(steps) == 2 and steps[0].colour == steps[1].colour and steps[1].frm == steps[0].to:
        return "a split moves two different marbles"
    for _i, s, st, _ctrl in walk(g, m):
        if _present(st, s):
            continue
        colour = _colour(g, s.colour)
        if s.frm == START:
            return f"no {colour} marble is waiting in start"
        if s.kind == "swap" and st.track[s.to] != s.other:
            return f"there is no {_colour(g, s.other)} marble on hole {s.to} to swap with"
        where = f"castle hole C{s.frm - CASTLE}" if s.frm >= CASTLE else f"hole {s.frm}"
        return f"there is no {colour} marble on {where}"
    return None


def _track_path(g: JokerMarbles, s: PStep) -> list[int]:
    """The track holes a forward or backward step from the track passes and lands on (up to
    the in-spot for a step into the castle)."""
    geo: Geo = g.geo
    if s.kind == "back":
        n = count_of(g, s)
        return [(s.frm - i) % geo.n for i in range(1, n + 1)]
    if s.to >= CASTLE:
        return fwd_path(geo, s.frm, geo.dist_in(s.colour, s.frm))
    return fwd_path(geo, s.frm, count_of(g, s))


@_rule("own block", "no marble passes or lands on one of its own colour, on the track or in the castle")
def _own_block(g: JokerMarbles, m: Move) -> str | None:
    geo = g.geo
    for _i, s, st, _ctrl in walk(g, m):
        c = s.colour
        colour = _colour(g, c)
        if s.kind == "out":
            if st.track[geo.out[c]] == c:
                return f"a {colour} marble already stands on its come-out hole {geo.out[c]}"
            continue
        if s.kind in ("jump", "swap"):
            continue
        if s.frm >= CASTLE:
            j = castle_blocker(st, c, s.frm - CASTLE, s.to - CASTLE)
            if j is not None:
                return f"no jumping in the castle: C{j} is taken by a {colour} marble"
            continue
        hit = next((h for h in _track_path(g, s) if st.track[h] == c), None)
        if hit is not None:
            return (
                "a marble may not pass or land on a marble of its own colour: "
                f"the {colour} marble on {hit} is in the way"
            )
        if s.to >= CASTLE:
            j = castle_blocker(st, c, 0, s.to - CASTLE)
            if j is not None:
                return f"the castle is entered by exact count and without jumping: C{j} is taken"
    return None


@_rule("safe", "a marble on its own come-out hole is safe (start_hole_safe_block)")
def _safe(g: JokerMarbles, m: Move) -> str | None:
    geo = g.geo
    if not geo.safe:
        return None
    for _i, s, st, _ctrl in walk(g, m):
        c = s.colour
        if s.kind == "out":
            if come_out_blocked(geo, st, c) and st.track[geo.out[c]] != c:
                return f"the marble on hole {geo.out[c]} is safe on its own come-out hole"
            continue
        if s.kind in ("jump", "swap"):
            hit = (
                s.to
                if geo.protected(st, s.to)
                else (s.frm if s.kind == "swap" and geo.protected(st, s.frm) else None)
            )
        elif s.frm >= CASTLE:
            continue
        else:
            h = blocker(geo, st, c, _track_path(g, s))
            hit = h if h is not None and st.track[h] != c else None
        if hit is not None:
            why = "nobody may land on, pass or swap it"
            return f"the marble on hole {hit} is safe on its own come-out hole: {why}"
    return None


@_rule("castle", "the castle by exact count; passing the in-spot as the toggles allow")
def _castle(g: JokerMarbles, m: Move) -> str | None:
    geo, rules = g.geo, g.rules
    for _i, s, st, _ctrl in walk(g, m):
        if s.kind != "fwd" or s.frm >= CASTLE or s.to >= CASTLE:
            continue
        c = s.colour
        n, d = count_of(g, s), geo.dist_in(c, s.frm)
        if n <= d:
            continue
        if rules.no_pass_own_entry:
            return f"a marble may not pass its own in-spot (hole {geo.in_[c]}): it must turn into its castle"
        if not rules.castle_entry_optional:
            k = n - d
            path = fwd_path(geo, s.frm, d)
            if k <= geo.m and blocker(geo, st, c, path) is None and castle_blocker(st, c, 0, k) is None:
                write = f"{geo.letters[c]}{s.frm}>C{k}"
                return (
                    f"the marble can turn into its castle, and turning in is not optional here: write {write}"
                )
    return None


@_rule("joker", "the joker lands on another colour's marble, not past the castle")
def _joker(g: JokerMarbles, m: Move) -> str | None:
    geo = g.geo
    for _i, s, st, _ctrl in walk(g, m):
        if s.kind != "jump":
            continue
        c = s.colour
        if s.frm == START and not g.rules.joker_from_start:
            return "the joker moves a marble already on the track here (joker_from_start is off)"
        o = st.track[s.to]
        if o < 0:
            return f"the joker lands only on a hole taken by another colour's marble: hole {s.to} is empty"
        if o == c:
            return f"the joker jumps onto another colour's marble: hole {s.to} holds {_colour(g, c)}'s own"
        if not joker_reach(geo, c, s.frm, s.to):
            return (
                f"the joker may not take a marble past its own castle: hole {s.to} lies beyond "
                f"{_colour(g, c)}'s in-spot {geo.in_[c]}"
            )
    return None


@_rule("partner", "a partner sent to an in-spot its own team holds (partner_bump_conflict)")
def _partner(g: JokerMarbles, m: Move) -> str | None:
    geo = g.geo
    for _i, s, st, _ctrl in walk(g, m):
        if s.kind == "swap" or not _present(st, s):
            continue
        if s.to < CASTLE and st.track[s.to] == s.colour:
            continue
        if bumps_of(geo, st, s.colour, s.frm, s.to) is None:
            o = st.track[s.to]
            return (
                f"the {_colour(g, o)} marble on {s.to} would go to its in-spot {geo.in_[o]}, "
                "which its own team holds "
                "(partner_bump_conflict is 'illegal')"
            )
    return None


@_rule("win", "a win in part 1 of a split ends the move")
def _win(g: JokerMarbles, m: Move) -> str | None:
    steps = _steps(g, m)
    if not steps or len(steps) < 2:
        return None
    for i, _s, st, _ctrl in walk(g, m):
        if i == 1 and completed_team(g.geo, st) is not None:
            word = _card_word(m.cards[0])
            return f"part 1 already wins the game, so the rest of the {word} is dropped: play it alone"
    return None


@_rule("must move", "a player who can move must; a pass discards a card")
def _must_move(g: JokerMarbles, m: Move) -> str | None:
    if m.kind != "pass":
        return None
    moves = [x for x in g.legal_moves() if x.kind == "move"]
    if g.rules.joker_exempt_from_must_move:
        moves = [x for x in moves if not x.cards[0].is_joker]
    if moves:
        return f"you can move (for example {moves[0]}), so you must: a pass is only for a hand with no move"
    return None


@_rule("other", "only the listed moves are legal")
def _other(g: JokerMarbles, m: Move) -> str | None:
    if m.kind != "move":
        return None
    key = f"{m.cards[0].name}:{_strip(m.word)}"
    if key in g.alias:
        return None
    return f"{m} is not possible now"


def _strip(body: str) -> str:
    return strip_bumps(body)


PLAY_RULES = tuple(_RULES)
"""Joker's rules of play, in the order they are asked."""
