"""Joker's bot judgement: the table-driven :func:`evaluate` against its definition."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.joker_marbles.board import CASTLE, Geo, State
from cardtable.games.joker_marbles.bot import DANGER, START_VALUE, evaluate, marble_value
from cardtable.games.joker_marbles.rules import JokerMarblesRules


def reference(geo: Geo, s: State, team: int) -> float:
    """The evaluation as first written: every value computed, every threat checked by distance."""
    score = 0.0
    threat_from: list[int] = []
    for c in range(geo.p):
        sign = 1.0 if geo.team[c] == team else -1.0 / max(1, geo.teams - 1)
        total = s.start[c] * START_VALUE
        for h in s.pos[c]:
            total += marble_value(geo, c, h)
        for j, x in enumerate(s.castle[c]):
            if x:
                total += marble_value(geo, c, CASTLE + j)
        score += sign * total
        if geo.team[c] != team:
            threat_from.extend(s.pos[c])
    for c in range(geo.p):
        if geo.team[c] != team:
            continue
        for h in s.pos[c]:
            if any(1 <= (h - t) % geo.n <= 13 for t in threat_from):
                score -= DANGER * (1 + marble_value(geo, c, h) / 40)
    return score


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([4, 6, 8]), seed=st.integers(0, 10**6))
def test_evaluate_is_exactly_the_reference(players: int, seed: int) -> None:
    # exact float equality: the hard bot's choices (and the measured ladder) depend on it
    rng = random.Random(seed)
    geo = Geo(players, JokerMarblesRules())
    s = State.empty(geo)
    free = list(range(geo.n))
    rng.shuffle(free)
    for c in range(geo.p):
        for _ in range(rng.randint(0, geo.m)):
            if rng.random() < 0.25 and s.home(c) < geo.m:
                j = rng.randint(1, geo.m)
                if not s.castle[c][j]:
                    s.put(geo, c, CASTLE + j)
                    continue
            s.put(geo, c, free.pop())
    for team in range(geo.teams):
        assert evaluate(geo, s, team) == reference(geo, s, team)
