"""cardtable beside the programs people would pick instead, in the same run (issue 25).

``uv sync --group peers`` installs the peers (OpenSpiel, RLCard; pokerkit is a dev
dependency already) and ``uv run python -m benchmarks --peers`` measures, interleaved over
several rounds so that a busy minute hurts every program alike:

* Gin Rummy random playouts: player moves per second and deals per second for cardtable,
  OpenSpiel's ``gin_rummy`` (through pyspiel) and RLCard's ``gin-rummy`` (through its
  environment, the API its users play through);
* the least deadwood of 10- and 11-card gin hands (random and meld-rich): median and p99
  microseconds per hand for our exact solver, OpenSpiel's ``GinRummyUtils.min_deadwood`` and
  RLCard's meld clusters, and how many hands each gets wrong against our solver;
* trick-game playouts: Five Hundred (4 players) beside OpenSpiel's ``euchre``;
* poker hand evaluation: ours beside pokerkit, on the same joker-free hands (the poker
  benchmark's lines).

Every time is CPU time of this process (``time.thread_time``), the figure least moved by
other work on the machine. A peer that is not installed is skipped with a note; ratios are
ours over theirs (above 1: we are faster).
"""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version

from benchmarks import random_playout
from cardtable.engine.cards import Card, make_deck
from cardtable.kits.rummy.deadwood import least_deadwood
from cardtable.testing import GIN_MELDS as GIN
from cardtable.testing import gin_value, meld_rich

Row = tuple[str, str, str, str]

_RANK = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}


def _text(card: Card) -> str:
    """A card as the peers write it: rank letter (T for ten) then the suit letter."""
    return _RANK.get(card.rank, str(card.rank)) + card.suit


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _cpu(block: Callable[[], int]) -> tuple[float, int]:
    """CPU seconds of ``block`` and the count it returns."""
    gc.collect()
    start = time.thread_time()
    count = block()
    return time.thread_time() - start, count


# ---------------------------------------------------------------------------- playouts
def ours_playout(game_id: str, players: int, deals: int, seed: int) -> Callable[[], tuple[int, int]]:
    """Random legal moves for ``deals`` deals: returns (player moves, deals)."""

    def run() -> tuple[int, int]:
        return random_playout(game_id, players, deals, seed), deals

    return run


def spiel_playout(name: str, deals: int, seed: int) -> Callable[[], tuple[int, int]]:
    """OpenSpiel: random chance outcomes and random legal actions; one game is one deal."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)

    def run() -> tuple[int, int]:
        rng = random.Random(seed)
        moves = 0
        for _ in range(deals):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    moves += 1
        return moves, deals

    return run


def rlcard_playout(deals: int, seed: int) -> Callable[[], tuple[int, int]]:
    """RLCard's gin-rummy environment stepped with random legal actions."""
    import rlcard  # type: ignore[import-not-found]

    env = rlcard.make("gin-rummy", config={"seed": seed})

    def run() -> tuple[int, int]:
        rng = random.Random(seed)
        moves = 0
        for _ in range(deals):
            state, _player = env.reset()
            while not env.is_over():
                state, _player = env.step(rng.choice(list(state["legal_actions"])))
                moves += 1
        return moves, deals

    return run


def _rates(
    runners: dict[str, Callable[[], tuple[int, int]]], rounds: int
) -> dict[str, tuple[list[float], list[float]]]:
    """Moves/s and deals/s per runner, the runners taking turns round by round."""
    out: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in runners}
    names = list(runners)
    for name in names:  # warm-up: imports, tables and caches are not what is compared
        runners[name]()
    for r in range(rounds):
        for name in names if r % 2 == 0 else reversed(names):
            start = time.thread_time()
            moves, deals = runners[name]()
            spent = time.thread_time() - start
            out[name][0].append(moves / spent)
            out[name][1].append(deals / spent)
    return out


def _rate_rows(title: str, rates: dict[str, tuple[list[float], list[float]]], ours: str) -> list[Row]:
    rows: list[Row] = []
    mine = statistics.median(rates[ours][0])
    for name, (moves, deals) in rates.items():
        med = statistics.median(moves)
        text = (
            f"{med:,.0f} moves/s, {statistics.median(deals):,.1f} deals/s "
            f"(moves/s min {min(moves):,.0f}, max {max(moves):,.0f}, n={len(moves)})"
        )
        ratio = "" if name == ours else f"ours {mine / med:.2f}×"
        rows.append((f"{title}: {name}", text, ratio, ""))
    return rows


def bench_playouts(quick: bool) -> list[Row]:
    rounds = 3 if quick else 7
    deals = 20 if quick else 60
    rows: list[Row] = []
    gin: dict[str, Callable[[], tuple[int, int]]] = {"cardtable": ours_playout("gin", 2, deals, 1)}
    notes = []
    if _has("pyspiel"):
        gin[f"OpenSpiel {version('open_spiel')}"] = spiel_playout("gin_rummy", deals, 1)
    else:
        notes.append("OpenSpiel not installed")
    if _has("rlcard"):
        gin[f"RLCard {version('rlcard')}"] = rlcard_playout(deals, 1)
    else:
        notes.append("RLCard not installed")
    rows += _rate_rows("Gin random playout", _rates(gin, rounds), "cardtable")
    trick: dict[str, Callable[[], tuple[int, int]]] = {
        "cardtable Five Hundred 4p": ours_playout("five-hundred", 4, deals, 1)
    }
    if _has("pyspiel"):
        trick[f"OpenSpiel {version('open_spiel')} euchre"] = spiel_playout("euchre", deals, 1)
    rows += _rate_rows("Trick game random playout", _rates(trick, rounds), "cardtable Five Hundred 4p")
    rows += [(f"  skipped: {n}", "uv sync --group peers", "", "") for n in notes]
    return rows


# ---------------------------------------------------------------------------- deadwood
def gin_hands(seed: int, count: int, n: int) -> list[list[Card]]:
    """Half random hands, half meld-rich ones (2-5 overlapping melds), from fixed seeds."""
    rng = random.Random(seed)
    deck = list(make_deck(1))
    out = []
    for k in range(count):
        out.append(rng.sample(deck, n) if k % 2 else meld_rich(rng, deck, n, rng.randint(2, 5)))
    return out


def ours_deadwood(hand: Sequence[Card]) -> int:
    """The exact least deadwood: of the ten cards, or after the best discard of eleven."""
    return least_deadwood(hand, GIN, gin_value, discard=len(hand) == 11)


def _time_each(solve: Callable[[object], int], hands: Sequence[object]) -> tuple[list[float], list[int]]:
    times, answers = [], []
    gc.collect()
    gc.disable()
    try:
        for h in hands:
            start = time.thread_time()
            answers.append(solve(h))
            times.append(time.thread_time() - start)
    finally:
        gc.enable()
    return times, answers


def _us(times: list[float]) -> str:
    us = [t * 1e6 for t in times]
    p99 = statistics.quantiles(us, n=100)[-1]
    return f"{statistics.median(us):.1f} us median, p99 {p99:.1f} us"


def _peer_row(
    name: str, solve: Callable[[object], int], hands: Sequence[object], mine: list[float], truth: list[int]
) -> Row:
    """A peer's deadwood line: its times, how many of ``hands`` it gets wrong against our
    answers ``truth``, and our speed over its (``mine`` are our times on the same hands)."""
    theirs, answers = _time_each(solve, hands)
    wrong = sum(a != b for a, b in zip(answers, truth, strict=True))
    ratio = statistics.median(theirs) / statistics.median(mine)
    return (f"  {name}", f"{_us(theirs)}; wrong on {wrong} of {len(hands)}", f"ours {ratio:.2f}×", "")


def bench_deadwood(quick: bool) -> list[Row]:
    count = 400 if quick else 2000
    rows: list[Row] = []
    for n in (10, 11):
        hands = gin_hands(7 + n, count, n)
        for h in gin_hands(99, 100, n):  # warm the per-rules shape tables first
            ours_deadwood(h)
        mine, truth = _time_each(lambda h: ours_deadwood(h), hands)  # type: ignore[arg-type]
        rows.append((f"gin least deadwood, {n} cards: cardtable", _us(mine), "exact", ""))
        if _has("pyspiel"):
            import pyspiel

            utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
            spiel_text = [[_text(c)[:-1] + c.suit.lower() for c in h] for h in hands]  # 'Th'
            ints = [utils.card_strings_to_card_ints(t) for t in spiel_text]
            rows.append(
                _peer_row(
                    f"OpenSpiel {version('open_spiel')} min_deadwood", utils.min_deadwood, ints, mine, truth
                )
            )
        if _has("rlcard") and n == 10:  # RLCard's meld clusters take ten cards only
            from rlcard.games.gin_rummy.utils import melding  # type: ignore[import-not-found]
            from rlcard.games.gin_rummy.utils import utils as rl

            def rl_deadwood(hand: object) -> int:
                clusters = melding.get_best_meld_clusters(hand)
                if not clusters:
                    return sum(rl.get_deadwood_value(c) for c in hand)  # type: ignore[attr-defined]
                return min(rl.get_deadwood_count(hand, m) for m in clusters)

            cards = [[rl.card_from_text(_text(c)) for c in h] for h in hands]
            rows.append(
                _peer_row(f"RLCard {version('rlcard')} best meld clusters", rl_deadwood, cards, mine, truth)
            )
    return rows


def bench_peers(quick: bool) -> list[Row]:
    """Every peer line: playouts, least deadwood, and the poker evaluator beside pokerkit."""
    from benchmarks.poker import bench_poker

    rows = bench_playouts(quick) + bench_deadwood(quick)
    rows += [r for r in bench_poker(quick) if "pokerkit" in r[0] or "evaluate()" in r[0]]
    return rows
