"""Conformance: every registered game, thousands of seeded random deals, the contract checked.

Each ``test_random_deals`` case plays ``DEALS_PER_CHUNK`` deals of one game (at least 2,000
deals in all by default, shared among the games but at least 500 each, fewer for the games
of ``LONG_DEALS`` whose deals are long; ten times as many with ``--long``, twenty for those). A deal starts
from a fresh ``new_game`` with random toggles (drawn from the ruleset's field types alone)
or a random preset, a random player count and a per-seed RNG, then plays random legal moves
(now and then a several-group meld) until the phase is ``"deal-over"`` or the match is over;
``MOVE_CAP`` moves is a failure.

* After every move: every physical card is in exactly one place (same sorted ids as at the
  start), and there is a legal move unless the match is over (then none, and nobody to act).
* Every ``SAMPLE_EVERY`` moves, one of these in turn (and all of them at the deal's end):
  each listed move applies on a ``copy()`` and its text finds that same move again; unlisted
  moves are refused with ``IllegalMove``/``InvalidNotation`` and the snapshot and record
  unchanged; the view of each seat and of a spectator depends on nothing hidden from it
  (``determinize(seat).view(seat) == view(seat)``) and holds that seat's hand only. A
  several-group meld is checked against its groups played one by one at every sample.
* At the end: record -> replay gives an equal game; the totals moved by exactly the deal's
  score row; for every ``DETERMINISM_EVERY``-th deal the original ``new_game`` arguments and
  the same choices give the same moves and state; ``next`` starts a new deal.

A failure names the game, seed and rules and ends with the record so far: ``replay()`` it.
The checks live in :mod:`cardtable.testing` (the soak runner, ``cardtable soak``, uses them too).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import Game, InvalidRules, all_games, new_game
from cardtable.engine.ruleset import field_choices
from cardtable.testing import (  # the checks live there: the soak runner uses them too
    WHOLE_MATCH_RULES,
    play_deal,
    play_match,
    random_toggles,
    safe_record,
    start,
)

DEALS_PER_CHUNK = 100
TOTAL_DEALS = 2_000
"""At least this many deals in the default run, shared among the registered games ..."""
MIN_DEALS_PER_GAME = 500
"""... and never fewer than this per game (the whole suite stays within a few minutes)."""
CHUNKS = -(-max(MIN_DEALS_PER_GAME, TOTAL_DEALS // max(1, len(all_games()))) // DEALS_PER_CHUNK)
LONG_FACTOR = 10
LONG_DEALS = {"joker-marbles": 20, "rummy51": 100, "scala40": 150}
"""Games whose random deals cost the most, with this many deals in the default run (twenty
times as many with ``--long``): a Joker deal is a whole match of about a thousand moves;
random players seldom reach Rummy 51's 51 points to open, so its deals run about 750 moves
(gin's 120); Scala 40's moves are the dearest to list. Each still plays as many moves as a
game of short deals (Rummy 51: some 75,000, gin about 60,000). They were twice as many:
these three games took 200 s of the suite's CPU, where the whole suite is meant to take
about six minutes on two cores."""
LONG_DEALS_FACTOR = 20
"""``--long`` plays this many times the ``LONG_DEALS`` (as many as before they were halved)."""


LONG_CHUNK = 10
"""Deals per chunk of the ``LONG_DEALS`` games (the same seeds as before): a hundred Rummy 51
deals took 13.5 s, and a Joker chunk of 20 took 24 s, the longest tests of the suite: a
worker busy with one at the end keeps the run waiting; chunks of 10 spread them over the
workers."""


def _chunking(game_id: str) -> tuple[int, int]:
    """(chunks, deals per chunk) of ``game_id`` in the default run."""
    if game_id in LONG_DEALS:
        return -(-LONG_DEALS[game_id] // LONG_CHUNK), LONG_CHUNK
    return CHUNKS, DEALS_PER_CHUNK


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "chunk" not in metafunc.fixturenames:
        return
    long = metafunc.config.getoption("--long")
    params = [
        pytest.param(spec.id, c, id=f"{spec.id}-{c:03d}", marks=[pytest.mark.long] if c >= base else [])
        for spec in all_games()
        for base in [_chunking(spec.id)[0]]
        for factor in [(LONG_DEALS_FACTOR if spec.id in LONG_DEALS else LONG_FACTOR) if long else 1]
        for c in range(base * factor)
    ]
    metafunc.parametrize(("game_id", "chunk"), params)


def test_random_deals(game_id: str, chunk: int) -> None:
    """A chunk of seeded random deals of one game (``DEALS_PER_CHUNK``, fewer for the games of
    ``LONG_DEALS``), every check above on each."""
    spec = next(s for s in all_games() if s.id == game_id)
    size = _chunking(game_id)[1]
    for seed in range(chunk * size, (chunk + 1) * size):
        play_deal(spec, seed)


# ---------------------------------------------------------------------------- the checks' checks


def test_toggles_cover_every_field_and_validate() -> None:
    """The generic toggle draw touches every bool/Literal field and always validates."""
    for spec in all_games():
        rng = random.Random(spec.id)
        seen: dict[str, set[Any]] = {name: set() for name in spec.rules_type.model_fields}
        for _ in range(200):
            values = random_toggles(spec, rng)
            spec.rules_type.model_validate(values)
            for name, value in values.items():
                seen[name].add(value)
        for name, field in spec.rules_type.model_fields.items():
            if field.annotation is bool:
                assert seen[name] == {False, True}, f"{spec.id}.{name} not drawn both ways"
            choices = field_choices(field)
            if choices:
                assert seen[name] == set(choices), f"{spec.id}.{name} choices not all drawn"


def test_every_preset_starts_a_game() -> None:
    for spec in all_games():
        for preset in spec.presets:
            game = new_game(spec.id, [f"P{i}" for i in range(spec.min_players)], seed=1, preset=preset)
            assert game.legal_moves(), f"{spec.id} preset {preset!r} starts with no move"


def test_every_preset_can_be_typed_on_a_command_line() -> None:
    """``--preset no-limit-blinds`` names 'no limit, blinds' (commas and brackets too)."""
    import re

    from cardtable.engine.api import preset_name

    for spec in all_games():
        for preset in spec.presets:
            dashed = "-".join(re.findall(r"\w+", preset.lower()))
            assert preset_name(spec.presets, dashed) == preset, (spec.id, preset)


def test_each_game_class_is_the_one_its_spec_declares() -> None:
    """A package names its game class in its spec (imported at the first build): the class
    built has the spec's id, title and verb names, and its module's docstring is the notation."""
    for spec in all_games():
        game = new_game(spec.id, [f"P{i}" for i in range(spec.usual_players)], seed=1)
        assert type(game) is spec.factory.game
        assert type(game).spec is spec, f"{spec.id}: the class reads its id and title from SPEC"
        assert (game.game_id, game.title) == (spec.id, spec.title)
        assert set(getattr(game, "verbs", spec.verb_names)) == set(spec.verb_names), spec.id
        assert spec.notation_text().strip(), f"{spec.id} has no notation for 'cardtable rules'"


def test_player_counts_outside_the_range_are_refused() -> None:
    for spec in all_games():
        for n in (spec.min_players - 1, spec.max_players + 1):
            if n < 0:
                continue
            with pytest.raises(InvalidRules):
                new_game(spec.id, [f"P{i}" for i in range(n)], seed=1)


# one case per game, so that the workers share them out (all in one was a single long test)
@pytest.mark.parametrize("game_id", [spec.id for spec in all_games()])
def test_whole_matches_end_and_then_refuse_every_move(game_id: str) -> None:
    """Random play through whole matches (default rules): the match ends, nobody is then to
    act, every move is refused, and the record replays to the same outcome."""
    spec = next(s for s in all_games() if s.id == game_id)
    for seed in range(6):
        rng = random.Random(f"match:{spec.id}:{seed}")
        n = rng.choice(spec.player_counts)
        players = [f"P{i}" for i in range(n)]
        play_match(new_game(spec.id, players, rules=WHOLE_MATCH_RULES.get(spec.id), seed=seed), rng)


@pytest.mark.long
@pytest.mark.parametrize("game_id", [spec.id for spec in all_games()])
def test_whole_matches_with_random_toggles(game_id: str) -> None:
    """As above, 60 matches per game with random toggles and presets (--long only)."""
    spec = next(s for s in all_games() if s.id == game_id)
    for seed in range(60):
        game, args, rng = start(spec, 10_000 + seed)
        try:
            play_match(game, rng)
        except AssertionError as exc:
            raise AssertionError(f"{args}: {exc}\n{safe_record(game)}") from exc


def test_status_does_not_reveal_the_hand_of_the_player_to_act() -> None:
    """Two deals that differ only in Ann's (hidden) hand must look the same to Bob."""
    rest = "2C 3D 5S 6S 9C 10D QH KS KD 4C 4D"
    bob = "AS 2S 3S 4S AH 2H 3H 4H AD 2D 3C 5C 6C"

    def deal(ann: str) -> Game:
        hands = [f"{ann} {rest}", bob]
        return new_game(
            "scala40",
            ["Ann", "Bob"],
            rules={"earlier_discard": True},
            seed=1,
            deal={"hands": hands, "discard": "9H"},
        )

    with_run, without = deal("7H 8H"), deal("7C 8D")
    assert with_run.view(1) == without.view(1)
    assert with_run.view(None) == without.view(None)
