"""The soak runner: ``cardtable soak``: long random play over every game and preset.

For each registered game (or the ones named) it plays whole matches with random legal
moves until ``deals`` deals have been played. Match ``k`` uses seed ``seed + k`` and, in
turn, random toggle combinations (drawn from the ruleset's field types; one time in five a
random preset) or each named preset. The checks are those of the conformance suite
(:mod:`cardtable.testing`):

* after every move: every card in exactly one place; a legal move unless the match is over;
* every ``sample_every`` moves, in turn: every listed move applies (on a copy) and parses
  back; unlisted and malformed moves are refused with a reason and change nothing; no
  seat's view depends on a card hidden from it;
* at every deal's end: all of the above, the totals moved by exactly the deal's score row
  (and the views and outcome show them), and ``next`` starts a new deal;
* every HINT_EVERY moves of a deal: a fresh medium bot (as a hint) gives a legal move;
* termination: no deal longer than ``MOVE_CAP`` moves, no match longer than
  ``MATCH_DEAL_CAP`` deals;
* at the match's end: every move refused, record -> replay equal, and (every fourth
  match) the same seed and choices give the same game.

A break is reported with the game, seed, rules and the failing record (written to
``--failures DIR`` when given, to replay); the exit status is 1 if there was any.

>>> import io
>>> reports = run_soak(["page-one"], deals=3, seed=1, out=io.StringIO())
>>> reports[0].deals, reports[0].breaks
(3, [])
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from cardtable.bots import decide, make_bot
from cardtable.engine import GameSpec, all_games, get
from cardtable.engine.game import Game
from cardtable.testing import (
    DETERMINISM_EVERY,
    MOVE_CAP,
    SAMPLE_EVERY,
    assert_refused,
    card_ids,
    check_after_move,
    check_deal_scores,
    check_determinism,
    check_replay,
    check_sampled_state,
    choose,
    match_deal_cap,
    safe_record,
    start,
    state_of,
)

REPLAY_EVERY_DEALS = 5
"""record -> replay is checked at every REPLAY_EVERY_DEALS-th deal end and at the match end
(a replay costs the whole match so far, so checking it at every deal end is quadratic)."""

HINT_EVERY = 20
"""A fresh medium bot is asked for a move (as the table's hint asks) every this many moves of
a deal: a random player forgets calls and draws freely, so it reaches long hands and late
positions that bot-vs-bot play does not (issue 24: Page One's hint failed there)."""

AFTER_MATCH_MOVES = ("draw", "next", "take", "discard 7H", "meld 7H 8H 9H", "layoff 1 7H", "play 7H")


@dataclass
class Break:
    """One invariant break: where, and the record to replay it."""

    game_id: str
    seed: int
    args: dict[str, Any]
    message: str
    record: str

    def headline(self) -> str:
        """The first line of the failure, with the game and seed."""
        first = self.message.strip().splitlines()[0] if self.message.strip() else "(no message)"
        return f"{self.game_id} seed {self.seed}: {first}"


@dataclass
class GameReport:
    """What a soak of one game did."""

    game_id: str
    deals: int = 0
    matches: int = 0
    moves: int = 0
    seconds: float = 0.0
    variants: Counter[str] = field(default_factory=Counter)
    """Matches per variant: 'random toggles' or 'preset NAME'."""
    breaks: list[Break] = field(default_factory=list)

    def merge(self, other: GameReport) -> None:
        """Add another part of the same game's soak."""
        self.deals += other.deals
        self.matches += other.matches
        self.moves += other.moves
        self.seconds += other.seconds
        self.variants.update(other.variants)
        self.breaks.extend(other.breaks)


def soak_match(
    spec: GameSpec, seed: int, preset: str | None, deal_budget: int, sample_every: int
) -> tuple[int, int, Game, dict[str, Any]]:
    """Play one match (at most ``deal_budget`` deals), checking everything.

    Returns ``(deals, moves, game, args)``; a break raises :class:`SoakBreak` naming what
    broke, with the record so far.
    """
    game, args, rng = start(spec, seed, preset=preset)
    try:
        deals, moves = _play(game, args, rng, seed, deal_budget, sample_every)
    except Exception as exc:  # any exception is a break: report it with the record
        text = str(exc) if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {exc}"
        raise SoakBreak(text, args, safe_record(game)) from exc
    return deals, moves, game, args


class SoakBreak(AssertionError):
    """An invariant broke in a soak match: the message, the game's arguments, the record."""

    def __init__(self, message: str, args_used: dict[str, Any], record: str) -> None:
        super().__init__(message)
        self.args_used = args_used
        self.record = record


def _play(
    game: Game, args: dict[str, Any], rng: random.Random, seed: int, deal_budget: int, sample_every: int
) -> tuple[int, int]:
    baseline = card_ids(game)
    assert len(set(baseline)) == len(baseline), "a card id appears twice at the start"
    check_after_move(game, baseline)
    played: list[tuple[int | None, str]] = []
    deals = 0
    in_deal = 0
    totals, rows = game.scores, len(game.deal_scores)
    while not game.is_over and deals < deal_budget:
        assert in_deal < MOVE_CAP, f"deal {deals + 1} did not end within {MOVE_CAP} moves"
        if in_deal % sample_every == 0:
            check_sampled_state(game, baseline, rng, in_deal // sample_every)
        if in_deal % HINT_EVERY == HINT_EVERY - 1:
            check_hint(game, in_deal)
        idx, text = choose(game, rng)
        game.play(text if idx is None else game.legal_moves()[idx])
        played.append((idx, text))
        in_deal += 1
        check_after_move(game, baseline)
        if game.phase != "deal-over" and not game.is_over:
            # Moves between deals (Indian Rummy's rejoin after 'next') may set a total.
            totals, rows = game.scores, len(game.deal_scores)
            continue
        # A deal just ended.
        deals += 1
        in_deal = 0
        cap = match_deal_cap(game.game_id)
        assert deals <= cap, f"no end of the match after {cap} deals"
        check_deal_scores(game, totals, rows)
        totals, rows = game.scores, len(game.deal_scores)
        check_sampled_state(game, baseline, rng, None)
        if deals % REPLAY_EVERY_DEALS == 0:
            check_replay(game)
        if game.is_over or deals >= deal_budget:
            break
        assert "next" in [str(m) for m in game.legal_moves()], "a finished deal does not offer 'next'"
        game.play("next")
        totals, rows = game.scores, len(game.deal_scores)
        played.append((None, "next"))
        assert game.phase != "deal-over", "'next' did not start a new deal"
        check_after_move(game, baseline)
        baseline = card_ids(game)  # a new deal may use other cards (a deck per deal)
    check_replay(game)
    if seed % DETERMINISM_EVERY == 0:
        check_determinism(game, args, played)
    if game.is_over:
        _check_after_match(game)
    return deals, len(played)


def check_hint(game: Game, salt: int) -> None:
    """A fresh medium bot, as a hint is made (no memory of the deal), gives a legal move."""
    if game.is_over or game.to_act is None:
        return
    move = decide(make_bot("medium"), game, random.Random(salt)).move
    game.copy().play(move)  # an illegal move raises IllegalMove, naming why: a break


def _check_after_match(game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None, "the match is over without an outcome"
    n = len(game.players)
    assert set(outcome.winners) <= set(range(n)), f"winners {outcome.winners} are not seats"
    assert outcome.reason.strip(), "the outcome gives no reason"
    state = state_of(game)
    for text in AFTER_MATCH_MOVES:
        assert_refused(game, text)
    assert state_of(game) == state, "a move refused after the match changed the game"


def soak_game(
    game_id: str, deals: int, seed: int = 1, sample_every: int = SAMPLE_EVERY, first_match: int = 0
) -> GameReport:
    """Soak one game for ``deals`` deals (matches from ``first_match``); never raises for a break."""
    spec = get(game_id)
    variants: list[str | None] = [None, *sorted(spec.presets)]
    report = GameReport(spec.id)
    started = time.perf_counter()
    k = first_match
    while report.deals < deals:
        preset = variants[k % len(variants)]
        match_seed = seed + k
        k += 1
        report.matches += 1
        report.variants["random toggles" if preset is None else f"preset {preset}"] += 1
        try:
            played, moves, _game, _args = soak_match(
                spec, match_seed, preset, deals - report.deals, sample_every
            )
        except SoakBreak as exc:
            report.breaks.append(Break(spec.id, match_seed, exc.args_used, str(exc), exc.record))
            report.deals += 1  # a broken match counts one deal: the budget still ends
            continue
        report.deals += played
        report.moves += moves
    report.seconds = time.perf_counter() - started
    return report


def _soak_part(task: tuple[str, int, int, int, int]) -> GameReport:
    game_id, deals, seed, sample_every, first_match = task
    return soak_game(game_id, deals, seed, sample_every, first_match)


def run_soak(
    game_ids: Sequence[str] | None,
    deals: int,
    seed: int = 1,
    sample_every: int = SAMPLE_EVERY,
    jobs: int = 1,
    out: TextIO | None = None,
    failures: Path | None = None,
) -> list[GameReport]:
    """Soak the games (every registered one when ``game_ids`` is empty); print a table.

    With ``jobs`` > 1 each game's deals are split among that many processes (each part
    starts its matches at another seed, so no match is played twice).
    """
    specs = [get(g) for g in game_ids] if game_ids else all_games()
    ids = [s.id for s in specs]
    reports: dict[str, GameReport] = {i: GameReport(i) for i in ids}
    if jobs <= 1:
        for game_id in ids:
            reports[game_id] = soak_game(game_id, deals, seed, sample_every)
            if out is not None:
                _row(reports[game_id], out, header=game_id == ids[0])
    else:
        # Parts start 1,000,000 matches apart: far more than any part plays.
        tasks = []
        for game_id in ids:
            share = [deals // jobs + (1 if j < deals % jobs else 0) for j in range(jobs)]
            tasks += [(game_id, d, seed, sample_every, j * 1_000_000) for j, d in enumerate(share) if d]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_soak_part, tasks):
                reports[part.game_id].merge(part)
        if out is not None:
            for game_id in ids:
                _row(reports[game_id], out, header=game_id == ids[0])
    result = [reports[i] for i in ids]
    if out is not None:
        _summary(result, out, failures)
    return result


def _row(report: GameReport, out: TextIO, header: bool) -> None:
    if header:
        out.write(f"{'game':<20} {'deals':>7} {'matches':>7} {'moves':>10} {'moves/s':>8} {'breaks':>6}\n")
    rate = report.moves / report.seconds if report.seconds else 0.0
    out.write(
        f"{report.game_id:<20} {report.deals:>7,} {report.matches:>7,} {report.moves:>10,}"
        f" {rate:>8,.0f} {len(report.breaks):>6}\n"
    )
    variants = ", ".join(f"{name} {count}" for name, count in sorted(report.variants.items()))
    out.write(f"{'':<20} matches by variant: {variants}\n")
    out.flush()


def _summary(reports: list[GameReport], out: TextIO, failures: Path | None) -> None:
    breaks = [b for r in reports for b in r.breaks]
    for b in breaks:
        out.write(f"BREAK {b.headline()}\n")
        if failures is not None:
            failures.mkdir(parents=True, exist_ok=True)
            path = failures / f"{b.game_id}-seed{b.seed}.ctr"
            path.write_text(b.record, encoding="utf-8")
            (failures / f"{b.game_id}-seed{b.seed}.txt").write_text(
                f"{b.args}\n{b.message}\n", encoding="utf-8"
            )
            out.write(f"      record: {path}\n")
    total = sum(r.deals for r in reports)
    out.write(f"invariant breaks: {len(breaks)} in {total:,} deals\n")
