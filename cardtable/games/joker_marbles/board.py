"""Joker's board in a fast internal form, and every card's moves on it.

The state is three plain lists (copied in a few microseconds): ``track[h]`` the colour on
track hole ``h`` (-1 empty), ``castle[c][j]`` 1 when colour ``c``'s castle hole ``Cj`` is
taken (index 0 unused) and ``start[c]`` the marbles of ``c`` waiting in start. Colours are
seat numbers (seat ``s`` plays colour ``s``). A location is :data:`START`, a track hole
``0 .. N-1`` or ``CASTLE + j`` for ``Cj`` of the marble's own colour.

The predicates below (:func:`blocker`, :func:`castle_blocker`, :func:`joker_reach`, ...) are
the rules of movement: the generator calls them, and the rules of play
(``play_rules.py``) call the same ones to say why a move is refused.

>>> from .rules import JokerMarblesRules
>>> g = Geo(4, JokerMarblesRules())
>>> st = State.empty(g)
>>> st.put(g, 0, 71)
>>> [g.loc_text(0, d) for d in fwd_targets(g, st, 0, 71, 5)]  # M-17
['4', 'C2']
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .rules import JokerMarblesRules, card_actions, offsets

START = -1
CASTLE = 1000
LETTERS = "BRGYOPWK"
"""Colour letters by seat: Blue, Red, Green, Yellow, then Orange, Purple, White, blacK
(seat 5 of six is Purple, as conformance case M-41 has it)."""
COLOUR_NAMES = {
    "B": "blue",
    "R": "red",
    "G": "green",
    "Y": "yellow",
    "O": "orange",
    "P": "purple",
    "W": "white",
    "K": "black",
}
SIDE = 18
"""Track holes per side (one side per player)."""

_ACTION = re.compile(r"([A-Z_]+)(?:\((\d+)\))?")


class Geo:
    """The board of one game: its size, each colour's holes and team, and the rules that
    shape movement (fixed for the game)."""

    def __init__(self, players: int, rules: JokerMarblesRules) -> None:
        self.p = players
        self.n = SIDE * players
        self.m = rules.marbles
        self.rules = rules
        out_offset, in_offset = offsets(rules)
        self.out_offset, self.in_offset = out_offset, in_offset
        self.out = [SIDE * c + out_offset for c in range(players)]
        self.in_ = [SIDE * c + in_offset for c in range(players)]
        teams = 2 if rules.teams == "alternate" or players == 4 else players // 2
        self.teams = teams
        self.team = [c % teams for c in range(players)]
        self.ahead, self.behind = _path_masks(self.n)
        self.din = [[(i - h) % self.n for h in range(self.n)] for i in self.in_]
        """``din[c][h]``: :meth:`dist_in` as a table (the generator reads it per marble)."""
        self.letters = LETTERS[:players]
        self.safe = rules.start_hole_safe_block
        self.actions: dict[str, tuple[tuple[str, int], ...]] = {}
        for rank, acts in card_actions(rules).items():
            parsed = []
            for a in acts:
                found = _ACTION.fullmatch(a)
                assert found is not None, a
                parsed.append((found.group(1), int(found.group(2) or 0)))
            self.actions[rank] = tuple(parsed)
        if "WILD" in {a for acts in self.actions.values() for a, _ in acts}:
            every = tuple(
                dict.fromkeys(a for r, acts in self.actions.items() for a in acts if a[0] != "WILD")
            )
            self.actions = {
                r: every if acts and acts[0][0] == "WILD" else acts for r, acts in self.actions.items()
            }
        self.rank_actions = [self.actions.get(rank_key(r), ()) for r in range(14)]
        """The actions by card rank number (0 the joker), for the generator."""
        acts_list = list(dict.fromkeys(a for acts in self.rank_actions for a in acts))
        self.action_list: list[tuple[str, int]] = acts_list
        """Every action of the card table once; :attr:`rank_action_ids` index it."""
        self.rank_action_ids = [tuple(acts_list.index(a) for a in acts) for acts in self.rank_actions]
        """Each rank's actions as indices into :attr:`action_list` (int keys, quick to look up
        when a listing shares one action's plays between ranks)."""
        self.split_ranks = frozenset(
            r for r, acts in enumerate(self.rank_actions) if any(a.startswith("SPLIT") for a, _ in acts)
        )
        """The ranks whose actions include a split (their plays may repeat a single step)."""
        self.names = {START: "S", **{h: str(h) for h in range(self.n)}}
        self.names.update({CASTLE + j: f"C{j}" for j in range(1, self.m + 1)})
        """Each location's notation ('S', '10', 'C2'), looked up rather than formatted."""

    def teammates(self, c: int) -> list[int]:
        """The other colours of ``c``'s team."""
        return [o for o in range(self.p) if o != c and self.team[o] == self.team[c]]

    def dist_in(self, c: int, h: int) -> int:
        """Forward distance from track hole ``h`` to colour ``c``'s in-spot."""
        return (self.in_[c] - h) % self.n

    def loc_text(self, c: int, loc: int) -> str:
        """A location as notation: 'S', '10', 'C2'."""
        return self.names[loc]

    def protected(self, st: State, h: int) -> bool:
        """A marble on its own come-out hole under ``start_hole_safe_block``."""
        o = st.track[h]
        return self.safe and o >= 0 and self.out[o] == h


@lru_cache(maxsize=8)
def _path_masks(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For a track of ``n`` holes: ``ahead[h][k]`` the holes ``h+1 .. h+k`` as a bit set,
    ``behind[h][k]`` the holes ``h-1 .. h-k`` (so a path is checked against a colour's
    occupancy with one ``&``, not a walk)."""
    ahead, behind = [], []
    for h in range(n):
        fa, fb, ra, rb = 0, 0, [0], [0]
        for i in range(1, n):
            fa |= 1 << ((h + i) % n)
            fb |= 1 << ((h - i) % n)
            ra.append(fa)
            rb.append(fb)
        ahead.append(tuple(ra))
        behind.append(tuple(rb))
    return tuple(ahead), tuple(behind)


class State:
    """The marbles' places (see the module docstring)."""

    __slots__ = ("castle", "occ", "pos", "start", "track")

    def __init__(
        self,
        track: list[int],
        castle: list[list[int]],
        start: list[int],
        pos: list[list[int]] | None = None,
        occ: list[int] | None = None,
    ) -> None:
        self.track = track
        self.castle = castle
        self.start = start
        if pos is None or occ is None:
            pos = [[] for _ in castle]
            occ = [0] * len(castle)
            for h, o in enumerate(track):
                if o >= 0:
                    pos[o].append(h)
                    occ[o] |= 1 << h
        self.pos = pos
        """Each colour's track holes (kept with the track, so no scan of the track is needed)."""
        self.occ = occ
        """Each colour's track holes as a bit set (for path checks against the path masks)."""

    @classmethod
    def empty(cls, g: Geo) -> State:
        """Every marble in its start."""
        return cls([-1] * g.n, [[0] * (g.m + 1) for _ in range(g.p)], [g.m] * g.p)

    def copy(self) -> State:
        """An independent copy."""
        return State(
            self.track[:], [c[:] for c in self.castle], self.start[:], [p[:] for p in self.pos], self.occ[:]
        )

    def key(self) -> tuple[object, ...]:
        """The position as a comparable value."""
        return (tuple(self.track), tuple(map(tuple, self.castle)), tuple(self.start))

    def put(self, g: Geo, c: int, loc: int) -> None:
        """Take a marble of ``c`` from start and put it on ``loc`` (for stacked positions)."""
        self.start[c] -= 1
        if loc >= CASTLE:
            self.castle[c][loc - CASTLE] = 1
        else:
            self.track[loc] = c
            self.pos[c].append(loc)
            self.occ[c] |= 1 << loc

    def on_track(self, c: int) -> list[int]:
        """The track holes holding a marble of ``c``, in order (a new list)."""
        return sorted(self.pos[c])

    def in_castle(self, c: int) -> list[int]:
        """The castle locations holding a marble of ``c``."""
        return [CASTLE + j for j, x in enumerate(self.castle[c]) if x]

    def home(self, c: int) -> int:
        """Marbles of ``c`` in its castle."""
        return sum(self.castle[c])

    def locations(self, g: Geo, c: int) -> tuple[str, ...]:
        """Colour ``c``'s marbles as notation: start, track holes in order, castle holes."""
        out = ["S"] * self.start[c] + [str(h) for h in self.on_track(c)]
        return tuple(out + [f"C{loc - CASTLE}" for loc in self.in_castle(c)])


_SIGN = {"fwd": ">", "back": "<", "jump": "*"}


class Step(NamedTuple):
    """One marble's move: kind ('out', 'fwd', 'back', 'jump', 'swap'), its colour, from,
    to, the count moved (forward or back), the marbles it sends away ((colour, START or hole),
    in order) and, for a swap, the other colour."""

    kind: str
    colour: int
    frm: int
    to: int
    n: int = 0
    bumps: tuple[tuple[int, int], ...] = ()
    other: int = -1

    def core(self, g: Geo) -> str:
        """The step's notation without its bumps, in capitals (what a player types)."""
        letter = g.letters[self.colour]
        if self.kind == "out":
            return f"OUT {letter}"
        if self.kind == "swap":
            return f"{letter}{self.frm}<>{g.letters[self.other]}{self.to}"
        names = g.names
        return f"{letter}{names[self.frm]}{_SIGN[self.kind]}{names[self.to]}"

    def text(self, g: Geo) -> str:
        """The step in record notation."""
        letter = g.letters[self.colour]
        if self.kind == "out":
            body = f"out {letter}"
        elif self.kind == "swap":
            return f"{letter}{self.frm}<>{g.letters[self.other]}{self.to}"
        else:
            names = g.names
            body = f"{letter}{names[self.frm]}{_SIGN[self.kind]}{names[self.to]}"
        for o, dest in self.bumps:
            body += f"x{g.letters[o]}" + ("" if dest == START else f">{dest}")
        return body


# ---------------------------------------------------------------------------- predicates


def finished(g: Geo, st: State, c: int) -> bool:
    """All of ``c``'s marbles are in its castle."""
    return st.home(c) == g.m


def controlled(g: Geo, st: State, seat: int) -> list[int]:
    """The colours ``seat`` moves: its own while any is outside the castle, else the
    unfinished teammates' (§9.7)."""
    if sum(st.castle[seat]) != g.m:  # not finished (inlined: every listing asks)
        return [seat]
    return [o for o in g.teammates(seat) if not finished(g, st, o)]


def team_complete(g: Geo, st: State, team: int) -> bool:
    """Every marble of every colour of ``team`` is home."""
    return all(st.home(c) == g.m for c in range(g.p) if g.team[c] == team)


def blocker(g: Geo, st: State, c: int, holes: list[int]) -> int | None:
    """The first of ``holes`` (a path, its end included) that a marble of ``c`` may not pass
    or land on: one of its own colour, or another colour's marble protected on its own
    come-out hole. None when the path is clear."""
    track = g.safe
    for h in holes:
        o = st.track[h]
        if o == c or (track and o >= 0 and g.out[o] == h):
            return h
    return None


def castle_blocker(st: State, c: int, frm_j: int, k: int) -> int | None:
    """The first taken castle hole of ``c`` from ``C(frm_j+1)`` to ``Ck`` (None: all free)."""
    row = st.castle[c]
    for j in range(frm_j + 1, k + 1):
        if row[j]:
            return j
    return None


def fwd_path(g: Geo, h: int, n: int) -> list[int]:
    """The track holes passed and landed on moving ``n`` forward from ``h``."""
    size = g.n
    return [(h + i) % size for i in range(1, n + 1)]


def block_mask(g: Geo, st: State, c: int) -> int:
    """The track holes a marble of ``c`` may not pass or land on, as a bit set: its own
    colour's, and any marble protected on its own come-out hole (the set form of
    :func:`blocker`)."""
    mask = st.occ[c]
    if g.safe:
        track = st.track
        for o, h in enumerate(g.out):
            if track[h] == o:
                mask |= 1 << h
    return mask


def fwd_targets(g: Geo, st: State, c: int, loc: int, n: int, block: int = -1) -> list[int]:
    """Where a marble of ``c`` at ``loc`` (track or castle) may go ``n`` forward (§9.6.3);
    ``block`` is :func:`block_mask` when the caller has it already."""
    if loc >= CASTLE:
        j = loc - CASTLE
        if j + n <= g.m and castle_blocker(st, c, j, j + n) is None:
            return [loc + n]
        return []
    if block < 0:
        block = block_mask(g, st, c)
    d = g.din[c][loc]
    ahead = g.ahead[loc]
    if n <= d:
        return [] if block & ahead[n] else [(loc + n) % g.n]
    k = n - d
    castle_ok = k <= g.m and not block & ahead[d] and castle_blocker(st, c, 0, k) is None
    rules = g.rules
    out: list[int] = []
    if not (rules.no_pass_own_entry or (castle_ok and not rules.castle_entry_optional) or block & ahead[n]):
        out.append((loc + n) % g.n)
    if castle_ok:
        out.append(CASTLE + k)
    return out


def back_targets(g: Geo, st: State, c: int, h: int, n: int) -> list[int]:
    """Where a marble of ``c`` on track hole ``h`` may go ``n`` backwards (never into the castle)."""
    return [] if block_mask(g, st, c) & g.behind[h][n] else [(h - n) % g.n]


def joker_reach(g: Geo, c: int, loc: int, t: int) -> bool:
    """Whether the joker may take a marble of ``c`` at ``loc`` (track or start) to hole ``t``
    under the castle limit (§9.6.5): not past the marble's in-spot."""
    size = g.n
    if not g.rules.joker_castle_limit:
        return t != loc
    if loc == START:
        return (t - g.out[c]) % size <= (g.in_[c] - g.out[c]) % size
    return 1 <= (t - loc) % size <= g.din[c][loc]


def joker_targets(g: Geo, st: State, c: int, loc: int) -> list[int]:
    """The holes the joker may take a marble of ``c`` at ``loc`` to: each holds another
    colour's marble (not protected), within reach."""
    # the other colours' marbles from their hole lists (a dozen), not a scan of every hole
    holes = sorted([t for o, ts in enumerate(st.pos) if o != c for t in ts])
    if g.safe:
        holes = [t for t in holes if not g.protected(st, t)]
    return [t for t in holes if joker_reach(g, c, loc, t)]


def come_out_blocked(g: Geo, st: State, c: int) -> bool:
    """A marble of ``c`` already stands on its come-out hole (or another colour's marble is
    protected there)."""
    h = g.out[c]
    return st.track[h] == c or g.protected(st, h)


def bumps_of(g: Geo, st: State, c: int, frm: int, to: int) -> tuple[tuple[int, int], ...] | None:
    """The marbles sent away when ``c`` moves from ``frm`` to ``to`` (§9.6.1): an opponent to
    its start; a partner to its in-spot (taking it from an opponent there, or to the first
    empty hole behind when its own team holds it). None: the move needs that last case and
    ``partner_bump_conflict`` is 'illegal'."""
    if to >= CASTLE:
        return ()
    o = st.track[to]
    if o < 0:
        return ()
    if g.team[o] != g.team[c]:
        return ((o, START),)
    io = g.in_[o]

    def occ(h: int) -> int:
        if h == to:
            return c
        if h == frm:
            return -1
        return st.track[h]

    here = occ(io)
    if here < 0:
        return ((o, io),)
    if g.team[here] != g.team[o]:
        return ((o, io), (here, START))
    if g.rules.partner_bump_conflict == "illegal":
        return None
    size = g.n
    for i in range(1, size):
        h = (io - i) % size
        if occ(h) < 0:
            return ((o, h),)
    return None  # pragma: no cover - a board always has empty holes


def apply_step(st: State, s: Step) -> None:
    """Make one step on ``st`` (its bumps included)."""
    c, frm, to = s.colour, s.frm, s.to
    track, pos, occ = st.track, st.pos, st.occ
    if s.kind == "swap":
        o = s.other
        track[frm], track[to] = o, c
        pos[c].remove(frm)
        pos[c].append(to)
        pos[o].remove(to)
        pos[o].append(frm)
        both = (1 << frm) | (1 << to)
        occ[c] ^= both
        occ[o] ^= both
        return
    if frm == START:
        st.start[c] -= 1
    elif frm >= CASTLE:
        st.castle[c][frm - CASTLE] = 0
    else:
        track[frm] = -1
        pos[c].remove(frm)
        occ[c] ^= 1 << frm
    where = to
    for o, dest in s.bumps:
        # each bumped marble leaves the hole the previous one went to (a chain: the partner
        # sent to its in-spot displaces the opponent standing there)
        pos[o].remove(where)
        occ[o] ^= 1 << where
        if dest == START:
            st.start[o] += 1
        else:
            track[dest] = o
            pos[o].append(dest)
            occ[o] |= 1 << dest
        where = dest
    if to >= CASTLE:
        st.castle[c][to - CASTLE] = 1
    else:
        track[to] = c
        pos[c].append(to)
        occ[c] |= 1 << to


def wins_by(g: Geo, st: State, s: Step) -> bool:
    """Whether ``s`` (not yet made on ``st``) completes its colour's team: it turns the
    colour's last marble into the castle and every teammate is home already."""
    if s.to < CASTLE or s.frm >= CASTLE:
        return False
    c = s.colour
    m = g.m
    if sum(st.castle[c]) + 1 != m:
        return False
    return all(sum(st.castle[o]) == m for o in g.teammates(c))


def completed_team(g: Geo, st: State) -> int | None:
    """The team whose marbles are all home, if one is."""
    for t in range(g.teams):
        if team_complete(g, st, t):
            return t
    return None


# ---------------------------------------------------------------------------- generation


class Cand(NamedTuple):
    """A generated play of one card: its steps and whether it wins the game."""

    steps: tuple[Step, ...]
    win: bool


_tuple = tuple.__new__
"""Builds a Step or Cand from all its fields at once (the generator makes thousands; the
named tuples' own constructors fill in defaults in Python)."""


def _step(g: Geo, st: State, kind: str, c: int, frm: int, to: int, n: int) -> Step | None:
    if to >= CASTLE or st.track[to] < 0:
        # nobody to send away: the common case, made directly
        return _tuple(Step, (kind, c, frm, to, n, (), -1))
    bumps = bumps_of(g, st, c, frm, to)
    return None if bumps is None else _tuple(Step, (kind, c, frm, to, n, bumps, -1))


def _fwd_steps(g: Geo, st: State, c: int, n: int, out: list[Step]) -> None:
    """Every forward step of ``n`` for colour ``c`` onto ``out`` (:func:`fwd_targets` for
    each marble, with the plain track move inlined: most moves are one)."""
    holes = st.pos[c]
    if len(holes) > 1:
        holes = sorted(holes)
    block = block_mask(g, st, c) if holes else 0
    din, ahead, size, track = g.din[c], g.ahead, g.n, st.track
    for loc in holes:
        if n <= din[loc]:
            if not block & ahead[loc][n]:
                to = (loc + n) % size
                if track[to] < 0:
                    out.append(_tuple(Step, ("fwd", c, loc, to, n, (), -1)))
                else:
                    s = _step(g, st, "fwd", c, loc, to, n)
                    if s is not None:
                        out.append(s)
            continue
        for to in fwd_targets(g, st, c, loc, n, block):
            s = _step(g, st, "fwd", c, loc, to, n)
            if s is not None:
                out.append(s)
    if n >= g.m:
        return  # no castle move that long
    row = st.castle[c]
    for j in range(1, g.m + 1 - n):
        if row[j] and castle_blocker(st, c, j, j + n) is None:
            out.append(_tuple(Step, ("fwd", c, CASTLE + j, CASTLE + j + n, n, (), -1)))


def single_steps(g: Geo, st: State, ctrl: list[int], act: str, n: int) -> list[Step]:
    """Every one-marble step of the action ``act`` (with count ``n``) for the colours ``ctrl``."""
    out: list[Step] = []
    for c in ctrl:
        if act == "FWD":
            _fwd_steps(g, st, c, n, out)
        elif act == "OUT":
            if st.start[c] and not come_out_blocked(g, st, c):
                s = _step(g, st, "out", c, START, g.out[c], 0)
                if s is not None:
                    out.append(s)
        elif act == "BACK":
            for h in st.on_track(c):
                for to in back_targets(g, st, c, h, n):
                    s = _step(g, st, "back", c, h, to, n)
                    if s is not None:
                        out.append(s)
        elif act == "JOKER_JUMP":
            froms = st.on_track(c)
            if st.start[c] and g.rules.joker_from_start:
                froms.append(START)
            for loc in froms:
                for t in joker_targets(g, st, c, loc):
                    s = _step(g, st, "jump", c, loc, t, 0)
                    if s is not None:
                        out.append(s)
        elif act == "SWAP":
            for h in st.on_track(c):
                if g.protected(st, h):
                    continue
                for t, o in enumerate(st.track):
                    if o >= 0 and o != c and not g.protected(st, t):
                        out.append(Step("swap", c, h, t, 0, (), o))
    if act == "MOVE_ANY":
        for c in range(g.p):
            if c in ctrl:
                continue
            for h in st.on_track(c):
                for to in fwd_targets(g, st, c, h, n):
                    if to < CASTLE:
                        s = _step(g, st, "fwd", c, h, to, n)
                        if s is not None:
                            out.append(s)
    return out


def split_plays(g: Geo, st: State, seat: int, ctrl: list[int], n: int, back: bool) -> list[Cand]:
    """A split of ``n`` over two different marbles, part 1 forward ``a`` and part 2 forward
    (or, ``back``, backward) ``n - a``, part 1 resolved first (§9.6.4)."""
    out: list[Cand] = []
    rules = g.rules
    spill = rules.seven_spill_to_partner
    kind2 = "back" if back else "fwd"
    # with the spill, part 2 moves what the seat controls after part 1 (its own colour unless
    # part 1 finished it), even when part 1 was a stuck seat's move for its team
    own = controlled(g, st, seat)
    steps2: list[Step] = []
    for c1 in ctrl:
        block1 = block_mask(g, st, c1)
        on_track = st.on_track(c1)
        # a colour's one marble on the track moved along the track (its castle as it was, and
        # part 2 for that colour alone) leaves part 2 a move in the castle: the counts those
        # marbles can go are known before part 1, so a part 1 leaving none is not made
        lone = len(on_track) == 1 and (own if spill else ctrl) == [c1]
        in_castle = _castle_counts(g, st, c1) if lone and not back else set()
        for m1 in (*on_track, *st.in_castle(c1)):
            for a in range(1, n):
                targets = fwd_targets(g, st, c1, m1, a, block1)
                if not targets:
                    # what stops a marble going a forward (an own or a safe marble on the way,
                    # a taken castle hole, the castle's end) stops every longer move too
                    break
                for r1 in targets:
                    if lone and r1 < CASTLE and n - a not in in_castle:
                        continue
                    s1 = _step(g, st, "fwd", c1, m1, r1, a)
                    if s1 is None:
                        continue
                    if r1 >= CASTLE and wins_by(g, st, s1):
                        if rules.win_waives_split_remainder:
                            out.append(Cand((s1,), True))
                        continue
                    # part 2 is generated on the position after part 1: a copy when part 1
                    # sends marbles away, else part 1 made in place and taken back after
                    plain = not s1.bumps
                    if plain:
                        st1, saved_pos, saved_occ = st, st.pos[c1], st.occ[c1]
                        st.pos[c1] = saved_pos[:]
                    else:
                        st1 = st.copy()
                    apply_step(st1, s1)
                    if not spill:
                        ctrl2 = ctrl
                    elif r1 >= CASTLE:
                        ctrl2 = controlled(g, st1, seat)
                    else:
                        ctrl2 = own  # a move on the track leaves every castle as it was
                    n2 = n - a
                    for c2 in ctrl2:
                        # part 2 moves another marble: every step of the colour but the one
                        # part 1 moved (in the order the single steps are listed)
                        steps2.clear()
                        if back:
                            for m2 in st1.on_track(c2):
                                for r2 in back_targets(g, st1, c2, m2, n2):
                                    s2 = _step(g, st1, kind2, c2, m2, r2, n2)
                                    if s2 is not None:
                                        steps2.append(s2)
                        else:
                            _fwd_steps(g, st1, c2, n2, steps2)
                        same = c2 == c1
                        for s2 in steps2:
                            if same and s2.frm == r1:
                                continue
                            out.append(_tuple(Cand, ((s1, s2), s2.to >= CASTLE and wins_by(g, st1, s2))))
                    if plain:
                        _take_back(st, s1, saved_pos, saved_occ)
    return out


def _castle_counts(g: Geo, st: State, c: int) -> set[int]:
    """The counts some marble of ``c`` in its castle can move forward (:func:`castle_blocker`)."""
    row, m = st.castle[c], g.m
    out = set()
    for j in range(1, m):
        if row[j]:
            k = 1
            while j + k <= m and castle_blocker(st, c, j, j + k) is None:
                out.add(k)
                k += 1
    return out


def _take_back(st: State, s: Step, pos: list[int], occ: int) -> None:
    """Undo a forward step without bumps made by :func:`apply_step`, restoring the colour's
    own hole list and bit set as they were (so the order of ``pos`` does not drift)."""
    c = s.colour
    if s.to >= CASTLE:
        st.castle[c][s.to - CASTLE] = 0
    else:
        st.track[s.to] = -1
    if s.frm >= CASTLE:
        st.castle[c][s.frm - CASTLE] = 1
    else:
        st.track[s.frm] = c
    st.pos[c] = pos
    st.occ[c] = occ


def rank_key(rank: int) -> str:
    """A card rank as the card tables name it: 'A', '2'..'10', 'J', 'Q', 'K', 'JK'."""
    return {0: "JK", 1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def action_plays(g: Geo, st: State, seat: int, ctrl: list[int], act: str, n: int) -> list[Cand]:
    """Every play of one card action (``act`` with count ``n``, as in :attr:`Geo.actions`)
    for ``seat`` moving the colours ``ctrl``."""
    if act == "SPLIT":
        return split_plays(g, st, seat, ctrl, n, False)
    if act == "SPLIT_FB":
        return split_plays(g, st, seat, ctrl, n, True)
    steps = single_steps(g, st, ctrl, act, n)
    if not steps:
        return []
    return [_tuple(Cand, ((s,), s.to >= CASTLE and wins_by(g, st, s))) for s in steps]


def card_plays(g: Geo, st: State, seat: int, ctrl: list[int], rank: int) -> list[Cand]:
    """Every play of a card of ``rank`` for ``seat`` moving the colours ``ctrl``."""
    out: list[Cand] = []
    for act, n in g.rank_actions[rank]:
        out.extend(action_plays(g, st, seat, ctrl, act, n))
    return out


def result_key(st: State, steps: tuple[Step, ...]) -> tuple[frozenset[tuple[int, int]], ...]:
    """What ``steps`` change on ``st``: the track holes, castle holes (as ``(colour, location)``)
    and start counts that end up other than they were, with their new values. Two plays from
    one position have the same key exactly when they lead to the same position (found without
    copying the board)."""
    track: dict[int, int] = {}
    castle: dict[tuple[int, int], int] = {}
    start: dict[int, int] = {}
    for s in steps:
        c, frm, to = s.colour, s.frm, s.to
        if s.kind == "swap":
            track[frm] = s.other
            track[to] = c
            continue
        if frm == START:
            start[c] = start.get(c, 0) - 1
        elif frm >= CASTLE:
            castle[c, frm] = 0
        else:
            track[frm] = -1
        # the same writes as apply_step, in its order (a chain of bumps overwrites holes)
        for o, dest in s.bumps:
            if dest == START:
                start[o] = start.get(o, 0) + 1
            else:
                track[dest] = o
        if to >= CASTLE:
            castle[c, to] = 1
        else:
            track[to] = c
    was_track, was_castle = st.track, st.castle
    return (
        frozenset((h, o) for h, o in track.items() if o != was_track[h]),
        frozenset((k, v) for k, v in castle.items() if v != was_castle[k[0]][k[1] - CASTLE]),
        frozenset((c, d) for c, d in start.items() if d),
    )
