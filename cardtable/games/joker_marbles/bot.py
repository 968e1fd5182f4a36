"""Joker's computer players (see :mod:`cardtable.bots` for the ladder).

Every level reads only its :class:`~cardtable.bots.Turn`: the board in its view, the listed
moves (whose payload holds the steps) and, for ``hard``, determinised samples of the game.

* ``medium``: plays the move whose resulting board scores best for its team: progress of
  every marble of the team (marbles out of start, distance run, castle holes, deeper is
  better) minus the opponents', with a penalty for own marbles an opponent could land on
  next turn and a bonus for sending opponents back to their start. It passes with its least useful card.
* ``easy``: the same judgement with a lot of noise, and a random move one time in three.
* ``hard``: takes medium's best few moves and plays each out on determinised samples of the
  unseen cards (the partner and the opponents answer as medium would, a round of the table),
  keeping the move whose boards score best on average; within its time budget.

>>> import random
>>> from cardtable.bots import decide, make_bot
>>> from cardtable.engine import new_game
>>> g = new_game("joker-marbles", ["Ann", "Bob", "Cat", "Dan"], seed=1,
...              deal={"marbles": {"B": "10", "R": "15"}, "hands": ["5C 2C 3D 4H 6S"], "stock": "9D"})
>>> d = decide(make_bot("medium"), g, random.Random(0))
>>> str(d.move)
'5C:B10>15xR'
>>> d.why
"play 5C: 5 with the blue marble at hole 10 to hole 15, sending Bob's red marble back to its start"
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from cardtable.bots import Decision, LevelPolicy, Turn
from cardtable.engine.moves import Move
from cardtable.engine.ruleset import Ruleset
from cardtable.engine.views import PlayerView

from .board import CASTLE, Geo, State, apply_step, controlled
from .rules import JokerMarblesRules
from .views import move_words

START_VALUE = -12.0
"""A marble in start, against 0 for one on its come-out hole."""
CASTLE_BONUS = 20.0
"""Being home, on top of the distance run."""
DANGER = 6.0
"""Expected loss for a marble an opponent may land on next turn (scaled by its progress)."""
SAMPLES = 16
"""Hard's cap on determinised samples per move (the time budget usually stops it first on a
loaded machine); 6 was too few to tell its candidate moves apart."""


class _Names:
    """What :func:`move_words` needs of a game: the board and the players' names."""

    def __init__(self, geo: Geo, players: tuple[str, ...]) -> None:
        self.geo = geo
        self.players = players


def state_of(view: PlayerView, geo: Geo) -> State:
    """The marbles' places as the view's board shows them."""
    st = State.empty(geo)
    board = view.board
    assert board is not None
    letters = geo.letters
    for h in board.holes:
        if not h.piece:
            continue
        c = letters.index(h.piece)
        if h.kind == "track":
            st.put(geo, c, int(h.id))
        elif h.kind == "castle":
            st.put(geo, c, CASTLE + int(h.label[1:]))
    return st


def marble_value(geo: Geo, c: int, loc: int) -> float:
    """How far along a marble of ``c`` at ``loc`` is (start is negative)."""
    if loc >= CASTLE:
        return (geo.in_[c] - geo.out[c]) % geo.n + CASTLE_BONUS + 2 * (loc - CASTLE)
    return float((loc - geo.out[c]) % geo.n)


@lru_cache(maxsize=16)
def _tables(geo: Geo) -> tuple[list[list[float]], list[list[float]], list[int]]:
    """:func:`marble_value` as tables (per colour: by track hole, by castle hole) and each
    track hole's 13 holes ahead as a bit set: :func:`evaluate` runs inside every rollout, and
    looking values up gives the very same floats as computing them."""
    track = [[marble_value(geo, c, h) for h in range(geo.n)] for c in range(geo.p)]
    castle = [[marble_value(geo, c, CASTLE + j) for j in range(geo.m + 1)] for c in range(geo.p)]
    reach = [geo.ahead[t][13] for t in range(geo.n)]
    return track, castle, reach


def evaluate(geo: Geo, st: State, team: int) -> float:
    """The board for ``team``: its progress minus the other teams', less the risk to marbles
    that opponents could reach with one card (one of the 13 holes ahead of them)."""
    track, castle, reach = _tables(geo)
    score = 0.0
    threat = 0
    teams = geo.team
    other = -1.0 / max(1, geo.teams - 1)
    for c in range(geo.p):
        mine = teams[c] == team
        total = st.start[c] * START_VALUE
        values = track[c]
        for h in st.pos[c]:
            total += values[h]
        values = castle[c]
        for j, x in enumerate(st.castle[c]):
            if x:
                total += values[j]
        score += (1.0 if mine else other) * total
        if not mine:
            for t in st.pos[c]:
                threat |= reach[t]
    if threat:
        for c in range(geo.p):
            if teams[c] != team:
                continue
            values = track[c]
            for h in st.pos[c]:
                if threat >> h & 1:
                    score -= DANGER * (1 + values[h] / 40)
    return score


def _after(st: State, move: Move) -> State:
    st1 = st.copy()
    for s in move.payload.steps:
        apply_step(st1, s)
    return st1


def _pass_value(card_rank: int) -> float:
    """How much a card is worth keeping: jokers, 7s, aces and faces most."""
    return {0: 10, 7: 8, 1: 7, 11: 6, 12: 6, 13: 6, 8: 5}.get(card_rank, card_rank / 3)


def _gift_value(geo: Geo, st: State, team: int, rank: int) -> float:
    """How good a card is to give the partner: one that brings a marble out while the team
    has marbles waiting, else the card least worth keeping."""
    waiting = any(st.start[c] for c in range(geo.p) if geo.team[c] == team)
    if waiting and any(a == "OUT" for a, _n in geo.rank_actions[rank]):
        return 20.0
    return -_pass_value(rank)


def ranked(geo: Geo, st: State, team: int, moves: tuple[Move, ...]) -> list[tuple[float, Move]]:
    """The moves with their scores, best first (a win first of all; passes by the card kept)."""
    out = []
    for m in moves:
        if m.kind == "give":
            out.append((_gift_value(geo, st, team, m.cards[0].rank), m))
        elif m.kind == "pass":
            out.append((-_pass_value(m.cards[0].rank), m))
        elif m.payload.win:
            out.append((1e9, m))
        else:
            out.append((evaluate(geo, _after(st, m), team), m))
    out.sort(key=lambda x: -x[0])
    return out


class JokerPolicy(LevelPolicy[JokerMarblesRules]):
    """One level's decisions."""

    def __init__(self, level: str, rules: JokerMarblesRules) -> None:
        super().__init__(level, rules)
        self._geo: Geo | None = None

    def geo(self, players: int) -> Geo:
        if self._geo is None or self._geo.p != players:
            self._geo = Geo(players, self.rules)
        return self._geo

    def decide(self, turn: Turn) -> Decision:
        view = turn.view
        geo = self.geo(len(view.seats))
        st = state_of(view, geo)
        team = geo.team[turn.seat]
        moves = turn.moves
        if len(moves) == 1:
            return self._why(moves[0], view, geo)
        order = ranked(geo, st, team, moves)
        if self.level == "easy":
            if turn.rng.random() < 0.35:
                return self._why(turn.rng.choice(moves), view, geo)
            noisy = [(v + turn.rng.gauss(0, 25), m) for v, m in order]
            return self._why(max(noisy, key=lambda x: x[0])[1], view, geo)
        best = order[0][1]
        if self.level == "hard" and order[0][0] < 1e9 and best.kind == "move":
            best = self._search(turn, geo, team, order)
        return self._why(best, view, geo)

    def _search(self, turn: Turn, geo: Geo, team: int, order: list[tuple[float, Move]]) -> Move:
        """Determinised search: medium's best moves played out on samples of the unseen cards."""
        cands = [m for _v, m in order[:5]]
        if len(cands) == 1:
            return cands[0]
        deadline = time.perf_counter() + turn.budget * 0.8
        totals = [0.0] * len(cands)
        runs = 0
        while runs < SAMPLES and time.perf_counter() < deadline:
            sample = turn.sample(turn.rng)
            for i, m in enumerate(cands):
                game = sample.copy()
                game.play(str(m))
                totals[i] += self._rollout(game, geo, team, turn.seat)
            runs += 1
        if runs == 0:
            return cands[0]
        return cands[max(range(len(cands)), key=lambda i: totals[i])]

    def _rollout(self, game: Any, geo: Geo, team: int, seat: int) -> float:
        """A round of the table answered by medium play; the board's score at the end."""
        for _ in range(geo.p - 1):
            if game.is_over:
                break
            to_act = game.to_act
            st = _state_from_marbles(game.marbles, geo)
            mover_team = geo.team[to_act]
            best = ranked(geo, st, mover_team, game.legal_moves())[0][1]
            game.play(best)
        if game.is_over:
            return 1e6 if game.outcome.winners and geo.team[game.outcome.winners[0]] == team else -1e6
        return evaluate(geo, _state_from_marbles(game.marbles, geo), team)

    def _why(self, move: Move, view: PlayerView, geo: Geo) -> Decision:
        if move.kind == "give":
            return Decision(move, f"give {move.cards[0].name} to your partner")
        if move.kind == "pass":
            return Decision(
                move, f"no move is possible: discard {move.cards[0].name}, the card least worth keeping"
            )
        names = _Names(geo, tuple(s.name for s in view.seats))
        # the card by name, so a hint reads as the move itself, not notation before it
        text = f"play {move.cards[0].name}: {move_words(names, move.payload.steps)}"
        if move.payload.win:
            text += ", and that wins"
        return Decision(move, text)


def _state_from_marbles(marbles: dict[str, tuple[str, ...]], geo: Geo) -> State:
    st = State.empty(geo)
    where = _where(geo)
    for letter, places in marbles.items():
        c = geo.letters.index(letter)
        for p in places:
            if p != "S":
                st.put(geo, c, where[p])
    return st


@lru_cache(maxsize=16)
def _where(geo: Geo) -> dict[str, int]:
    """Each location's notation to the location (``geo.names`` the other way round)."""
    return {text: loc for loc, text in geo.names.items()}


def make_policy(level: str, rules: Ruleset) -> JokerPolicy:
    """Joker's policy at ``level`` (easy, medium or hard)."""
    assert isinstance(rules, JokerMarblesRules)
    return JokerPolicy(level, rules)


__all__ = ["JokerPolicy", "controlled", "evaluate", "make_policy", "ranked", "state_of"]
