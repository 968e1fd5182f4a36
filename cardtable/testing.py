"""Invariant checks over any registered game: shared by the conformance suite, the soak
runner (``cardtable soak``) and the hardening tests.

Pure Python and no test framework: every check raises :class:`AssertionError` with a
sentence saying what broke. The checks only use the engine's public contract
(``legal_moves``, ``play``, ``view``, ``determinize``, ``record``/``replay``, ...), so a new
game is covered as soon as it registers.

* :func:`check_after_move`: cards conserved, a legal move unless the match is over.
* :func:`check_listed_moves`: each listed move parses back, is found again and applies.
* :func:`check_unlisted_refused`: unlisted moves are refused with a reason, nothing changes.
* :func:`check_views`: a seat's view depends on nothing hidden from it (no leak).
* :func:`check_replay`, :func:`check_determinism`: record -> replay, same seed same game.
* :func:`check_deal_scores`: the match totals move by exactly the finished deal's row.
* :func:`meld_rich` and the solver's test rules (:data:`GIN_MELDS`, :func:`indian_melds`,
  ...): the hands and rules the solver's cross-check and its benchmark share.

>>> from cardtable.engine import get
>>> spec = get("scala40")
>>> game, args, rng = start(spec, seed=3)
>>> baseline = card_ids(game)
>>> check_after_move(game, baseline)
>>> check_sampled_state(game, baseline, rng, None)
"""

from __future__ import annotations

import itertools
import operator
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardtable.engine import (
    Game,
    GameSpec,
    IllegalMove,
    InvalidNotation,
    InvalidRules,
    Move,
    new_game,
    replay,
)
from cardtable.engine.cards import JOKER_RANK, SUITS, Card
from cardtable.engine.ruleset import field_bounds, field_choices
from cardtable.kits.rummy.arrange import Requirement
from cardtable.kits.rummy.deadwood import by_face
from cardtable.kits.rummy.melds import MeldRules

MOVE_CAP = 5_000
"""A deal that has not ended after this many moves is a failure (termination)."""
MATCH_DEAL_CAP = 200
"""A match that has not ended after this many deals is a failure."""
SAMPLE_EVERY = 15
"""Every SAMPLE_EVERY moves one of the sampled checks runs, in turn (all of them at the end)."""
DETERMINISM_EVERY = 4
"""Every deal is replayed from its record; every DETERMINISM_EVERY-th also from new_game()."""
GROUP_MELD_CHANCE = 0.15
"""How often random play tries a several-group meld when two disjoint melds are listed."""

NAME_POOL = ("Ann", "Bob", "Zoë", "Li Wei", "O'Neil", "Ébène", "Ann-Marie", "bot 3", "Ωmega", "Kim")
NO_CARD_VERBS = ("draw", "take", "next", "cancel", "pass", "knock", "drop", "fold")
KNOWN_VIEW_LEAKS: dict[str, frozenset[str]] = {}
"""View fields left out of the leak comparison, per game, for known engine bugs."""
MATCH_DEAL_CAPS: dict[str, int] = {"joker-poker": 50_000}
"""Per-game deal caps above :data:`MATCH_DEAL_CAP`, for games whose matches are long by
nature (random players take thousands of poker hands to bust each other)."""


def match_deal_cap(game_id: str) -> int:
    """The most deals a match of ``game_id`` may take in the checks."""
    return MATCH_DEAL_CAPS.get(game_id, MATCH_DEAL_CAP)


WHOLE_MATCH_RULES: dict[str, dict[str, Any]] = {"joker-poker": {"hand_limit": 150}}
"""Rules the whole-match tests play with, for games whose default match is long by nature: a
chip game played until one player holds every chip takes random players thousands of hands
(its natural ending is tested with small stacks in the game's own tests)."""
GARBAGE = ("", "   ", "discard ZZ", "meld 7H / ", "layoff x 7H", "layoff 0 7H", "42", "meld 7H=JK")


# ---------------------------------------------------------------------------- set-up


def random_toggles(spec: GameSpec, rng: random.Random) -> dict[str, Any]:
    """Random values for the ruleset's fields, from their types alone.

    Bools and ``Literal`` choices are uniform. A bounded int keeps its default half the
    time, else takes a value in its bounds between 1 and about twice the default (0 often
    means "unlimited", and a huge value only makes deals long). Other fields keep defaults.
    """
    values: dict[str, Any] = {}
    for name, field in spec.rules_type.model_fields.items():
        ann = field.annotation
        choices = field_choices(field)
        if ann is bool:
            values[name] = rng.random() < 0.5
        elif choices:
            values[name] = rng.choice(choices)
        elif ann is int and rng.random() < 0.5:
            lo, hi = field_bounds(field)
            default = field.default if isinstance(field.default, int) else 1
            low = max(lo if lo is not None else 1, 1)
            high = min(hi if hi is not None else low + 10, max(low, 2 * default, low + 2))
            if low <= high:
                values[name] = rng.randint(low, high)
    return values


def start(spec: GameSpec, seed: int, preset: str | None = None) -> tuple[Game, dict[str, Any], random.Random]:
    """A fresh game for one seed, and the RNG that will choose its moves.

    The player count, names and toggles are drawn from the seed; one time in five a random
    preset replaces the toggles. ``preset`` forces that preset instead.
    """
    rng = random.Random(f"{spec.id}:{seed}")
    n = rng.randint(spec.min_players, spec.max_players)
    if n not in spec.player_counts:
        n = rng.choice(spec.player_counts)
    players = rng.sample(NAME_POOL, n) if n <= len(NAME_POOL) else [f"P{i}" for i in range(n)]
    drawn = rng.choice(sorted(spec.presets)) if spec.presets and rng.random() < 0.2 else None
    preset = preset or drawn
    for _attempt in range(20):
        rules = {} if preset else random_toggles(spec, rng)
        args: dict[str, Any] = {
            "game_id": spec.id,
            "players": players,
            "rules": rules,
            "seed": seed,
            "preset": preset,
        }
        try:
            return new_game(**args), args, rng
        except InvalidRules:  # a combination the ruleset refuses as a whole: draw again
            preset = None
    args = {"game_id": spec.id, "players": players, "rules": {}, "seed": seed, "preset": None}
    return new_game(**args), args, rng


# ---------------------------------------------------------------------------- checks


_ID = operator.attrgetter("id")


def random_moves(game: Game, rng: random.Random, count: int) -> Game:
    """Play up to ``count`` random legal moves (fewer if the match ends); returns ``game``."""
    for _ in range(count):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def card_ids(game: Game) -> list[int]:
    return sorted(map(_ID, game.all_cards()))


def loose_key(move: Move) -> tuple[Any, ...]:
    """A move's verb, target, card names (wild naming ignored) and flags."""
    return (move.kind, move.target, tuple(sorted(c.name for c in move.cards)), tuple(sorted(move.flags)))


def state_of(game: Game) -> tuple[Any, ...]:
    return (game.snapshot(), tuple(game.hand(s) for s in range(len(game.players))), len(game.history))


def check_after_move(game: Game, baseline: list[int]) -> None:
    ids = sorted(map(_ID, game.all_cards()))
    if ids != baseline:
        missing = sorted(set(baseline) - set(ids))
        extra = sorted({i for i in ids if i not in baseline or ids.count(i) > 1})
        raise AssertionError(f"cards not conserved: missing ids {missing}, extra or doubled ids {extra}")
    moves = game.legal_moves()
    if game.is_over:
        assert game.to_act is None, "the match is over but a seat is to act"
        assert moves == (), f"the match is over but moves are listed: {[str(m) for m in moves]}"
        assert game.outcome is not None, "the match is over without an outcome"
    else:
        assert game.to_act is not None, "the match goes on but nobody is to act"
        assert moves, f"no legal move in phase {game.phase!r} for seat {game.to_act}"


def check_listed_moves(game: Game, baseline: list[int]) -> None:
    moves = game.legal_moves()
    keys = [m.key for m in moves]
    dupes = sorted({str(m) for m, k in zip(moves, keys, strict=True) if keys.count(k) > 1})
    assert not dupes, f"moves listed twice (or with the same notation): {dupes}"
    before = game.snapshot()
    assert game.copy().snapshot() == before, "copy() is not equal to the game"
    for m in moves:
        text = str(m)
        assert game.parse_move(text) == m, f"{text!r} does not parse back to the listed move"
        found = game.find_move(text)
        assert found is m, f"find_move({text!r}) gives {found!r}, not the listed move"
        trial = game.copy()
        trial.play(m)
        assert card_ids(trial) == baseline, f"cards not conserved after {text!r} on a copy"
    assert game.snapshot() == before, "playing on copies changed the original game"


def unlisted_candidates(game: Game, rng: random.Random) -> Iterator[str]:
    """Move texts that mean no listed move (some are not even notation)."""
    seat = game.to_act
    hand = [c.name for c in game.hand(seat)] if seat is not None else []
    deck_names = sorted({c.name for c in game.all_cards()})
    absent = [n for n in deck_names if n not in hand] or ["7H"]
    n_melds = len(game.melds)
    yield from NO_CARD_VERBS
    yield rng.choice(GARBAGE)
    yield f"discard {rng.choice(absent)}"
    yield "discard"
    if len(hand) >= 2:
        yield f"discard {' '.join(rng.sample(hand, 2))}"
    for size in (3, 3, 4):
        if len(hand) >= size:
            yield "meld " + " ".join(rng.sample(hand, size))
    if hand:
        yield f"meld {' '.join(rng.sample(hand, min(2, len(hand))))} {rng.choice(absent)}"
        card = rng.choice(hand)
        yield f"meld {card} {card} {card}"
        yield f"layoff {n_melds + 1} {card}"
        yield f"swap {n_melds + rng.randint(1, 3)} {card}"
        yield f"play {card}"
    if n_melds:
        yield f"layoff {rng.randint(1, n_melds)} {rng.choice(absent)}"


def assert_refused(game: Game, text: str) -> None:
    """``text`` is refused with IllegalMove or InvalidNotation, giving a reason."""
    try:
        game.play(text)
    except (IllegalMove, InvalidNotation) as exc:
        assert str(exc).strip(), f"{text!r} was refused without a reason"
    else:
        raise AssertionError(f"{text!r} is not a listed move, yet it was accepted")


def check_unlisted_refused(game: Game, rng: random.Random) -> None:
    listed = {loose_key(m) for m in game.legal_moves()}
    # the record is the header and the history: the history list is compared instead of a
    # whole match's record text at every sample
    history = list(game.history)
    state = state_of(game)
    tried = []
    for text in unlisted_candidates(game, rng):
        try:
            key = loose_key(game.parse_move(text))
        except InvalidNotation:
            key = None
        if key in listed:
            continue  # a legal move after all (for example a meld that happens to be valid)
        tried.append(text)
        assert_refused(game, text)
    assert tried, "no unlisted move was tried"
    assert not game.is_legal(tried[-1])
    assert state_of(game) == state, f"one of the refused moves {tried} changed the game"
    assert game.history == history, f"one of the refused moves {tried} changed the record"


def disjoint_meld_pair(game: Game, rng: random.Random) -> tuple[Move, Move] | None:
    melds = [m for m in game.legal_moves() if m.kind == "meld"]
    rng.shuffle(melds)
    for a, b in itertools.islice(itertools.combinations(melds, 2), 40):
        if not {c.id for c in a.cards} & {c.id for c in b.cards}:
            return a, b
    return None


def check_group_meld(game: Game, rng: random.Random) -> None:
    """``meld A / B`` does what ``meld A`` then ``meld B`` does, or is refused whole."""
    pair = disjoint_meld_pair(game, rng)
    if pair is None:
        return
    a, b = pair
    text = f"meld {' '.join(a.tokens())} / {' '.join(b.tokens())}"
    combined, stepwise = game.copy(), game.copy()
    try:
        stepwise.play(str(a))
        stepwise.play(str(b))
        step_ok = True
    except IllegalMove:
        step_ok = False
    before = combined.snapshot()
    try:
        combined.play(text)
    except IllegalMove:
        assert not step_ok, f"{text!r} is refused but its groups play one after the other"
        assert combined.snapshot() == before, f"the refused {text!r} changed the game"
        return
    assert step_ok, f"{text!r} is accepted but its groups do not play one after the other"
    assert combined.snapshot() == stepwise.snapshot(), f"{text!r} differs from its groups in order"


def check_views(game: Game, rng: random.Random) -> None:
    n = len(game.players)
    for seat in [*range(n), None]:
        view = game.view(seat)
        other = game.determinize(seat, rng)
        assert card_ids(other) == card_ids(game), f"determinize({seat}) lost or made cards"
        check_zones(game, other, seat)
        shown = other.view(seat)
        if shown != view:
            skip = KNOWN_VIEW_LEAKS.get(game.game_id, frozenset())
            a, b = view.model_dump(exclude=set(skip)), shown.model_dump(exclude=set(skip))
            leaks = sorted(k for k in a if a[k] != b[k])
            assert not leaks, f"the view of seat {seat} depends on cards hidden from it: {leaks}"
        assert view.seat == seat
        assert view.to_act == game.to_act and view.phase == game.phase
        assert [s.card_count for s in view.seats] == [len(game.hand(s)) for s in range(n)]
        hidden = {c.id for c in game.hidden_cards(seat)}
        if seat is None:
            assert view.hand == (), "a spectator sees a hand"
            assert not view.legal_moves, "a spectator is offered moves"
        else:
            assert view.hand == tuple(c.name for c in game.hand(seat)), f"seat {seat}'s view hand"
            check_grouping(game, other, seat)
            own = {c.id for c in game.hand(seat)}
            assert not own & hidden, f"seat {seat}'s own cards are hidden from it"
            if seat == game.to_act:
                assert view.legal_moves == tuple(str(m) for m in game.legal_moves())
            else:
                assert view.legal_moves == (), f"seat {seat} is offered moves out of turn"
        # a hand laid face up (an open misère) lies in a zone everyone sees
        face_up = {c.id for z in game.zones() if not z.hidden_from(seat) and z.owner != seat for c in z.cards}
        for s in range(n):
            if s != seat:
                held = {c.id for c in game.hand(s)} - face_up
                assert held <= hidden, f"seat {s}'s hand is not hidden from {seat}"


def check_zones(game: Game, other: Game, seat: int | None) -> None:
    """Every card lies in one zone, and ``other`` (the game determinized for ``seat``) moved
    only cards hidden from ``seat`` whose place nobody knows, keeping every zone's size."""
    zones, again = game.zones(), other.zones()
    names = [z.name for z in zones]
    assert len(set(names)) == len(names), f"zone names repeat: {names}"
    assert [z.name for z in again] == names, "determinize changed the zones"
    pinned = set(game._pinned_ids())
    for z, w in zip(zones, again, strict=True):
        assert len(z.cards) == len(w.cards), f"determinize({seat}) resized zone {z.name!r}"
        if not z.hidden_from(seat):
            assert [c.id for c in z.cards] == [c.id for c in w.cards], f"{z.name!r} is seen by {seat}"
            continue
        assert isinstance(w.cards, list), f"zone {z.name!r} is hidden but is not a live list"
        fixed = pinned | set(z.shown)
        moved = [c.name for c, d in zip(z.cards, w.cards, strict=True) if c.id in fixed and c.id != d.id]
        assert not moved, f"determinize({seat}) moved {moved} in {z.name!r}, whose place all know"


def check_grouping(game: Game, other: Game, seat: int) -> None:
    """The declare panel shows ``seat``'s own cards, each once, and nothing hidden from it
    (``other`` is the game determinized for ``seat``)."""
    panel = game.grouping(seat)
    if panel is None:
        return
    shown = [c for g in panel.groups for c in g.cards] + list(panel.loose)
    if panel.finish is not None:
        shown.append(panel.finish)
    assert sorted(shown) == sorted(c.name for c in game.hand(seat)), f"seat {seat}'s grouping: {panel}"
    assert other.grouping(seat) == panel, f"seat {seat}'s grouping depends on cards hidden from it"


def check_sampled_state(game: Game, baseline: list[int], rng: random.Random, which: int | None) -> None:
    """One of the sampled checks in turn (``which``), or all of them (None)."""
    if which is None or which % 3 == 0:
        check_listed_moves(game, baseline)
    if which is None or which % 3 == 1:
        check_unlisted_refused(game, rng)
    if which is None or which % 3 == 2:
        check_views(game, rng)
    check_group_meld(game, rng)


def check_replay(game: Game) -> None:
    """record -> replay: a fresh game from the record's seed and moves equals this one."""
    text = game.record()
    again = replay(text)
    assert again.snapshot() == game.snapshot(), "record -> replay gives a different game"
    assert again.record() == text, "the replayed game's record differs"


def check_determinism(game: Game, args: dict[str, Any], played: list[tuple[int | None, str]]) -> None:
    """The original ``new_game`` arguments and the same choices, by index into the legal
    moves, give the same moves in the same order and the same state."""
    fresh = new_game(**args)
    for idx, move_text in played:
        if idx is None:
            fresh.play(move_text)
            continue
        listed = fresh.legal_moves()
        assert idx < len(listed) and str(listed[idx]) == move_text, (
            f"same seed, same choices: move {idx} is not {move_text!r} in a fresh game"
        )
        fresh.play(listed[idx])
    assert fresh.snapshot() == game.snapshot(), "same seed and moves give a different state"
    assert card_ids(fresh) == card_ids(game)


def check_deal_scores(game: Game, before: tuple[int, ...], rows_before: int) -> None:
    """Just after a deal ended (``before``: the totals when it began, ``rows_before``: the
    rows then): one new row of one entry per seat, and each total moved by exactly that
    row's entry (None, a seat out of the match, counts 0). A game with a truthy ``reentry``
    toggle may reset a total to another seat's total (re-entering the match). The views and
    the outcome show the same totals.
    """
    n = len(game.players)
    rows, totals = game.deal_scores, game.scores
    assert len(rows) == rows_before + 1, f"a deal ended with {len(rows) - rows_before} new score rows"
    row = rows[-1]
    assert len(row) == n, f"the deal's score row {row} does not have one entry per seat"
    assert len(totals) == n and all(isinstance(t, int) for t in totals), f"bad totals {totals}"
    reentry = bool(getattr(game.rules, "reentry", False))
    for s in range(n):
        expected = before[s] + (row[s] or 0)
        if totals[s] == expected:
            continue
        reset = reentry and totals[s] < expected and totals[s] in totals[:s] + totals[s + 1 :]
        assert reset, (
            f"seat {s}'s total is {totals[s]}, not {before[s]} + {row[s]} from the deal that just ended"
        )
    view = game.view(None)
    assert view.scores == totals, f"the view's totals {view.scores} are not the game's {totals}"
    assert view.deal_scores == rows, "the view's deal scores are not the game's"
    assert tuple(s.score for s in view.seats) == totals, "the seats show other totals than the game"
    if game.is_over:
        outcome = game.outcome
        assert outcome is not None and tuple(outcome.scores) == totals, "the outcome's scores differ"


# ---------------------------------------------------------------------------- the deal


def choose(game: Game, rng: random.Random) -> tuple[int | None, str]:
    """A random choice: uniform over moves or over verbs, now and then a several-group meld."""
    moves = game.legal_moves()
    if rng.random() < GROUP_MELD_CHANCE:
        pair = disjoint_meld_pair(game, rng)
        if pair is not None:
            text = f"meld {' '.join(pair[0].tokens())} / {' '.join(pair[1].tokens())}"
            try:
                game.copy().play(text)
            except IllegalMove:
                pass
            else:
                return None, text
    if rng.random() < 0.5:
        idx = rng.randrange(len(moves))
    else:
        kind = rng.choice(sorted({m.kind for m in moves}))
        idx = rng.choice([i for i, m in enumerate(moves) if m.kind == kind])
    return idx, str(moves[idx])


def play_deal(
    spec: GameSpec,
    seed: int,
    sample_every: int = SAMPLE_EVERY,
    determinism_every: int = DETERMINISM_EVERY,
) -> None:
    """One seeded random deal from a fresh game with every check above (the conformance
    case); an :class:`AssertionError` names the game, seed and rules and holds the record."""
    game, args, rng = start(spec, seed)
    try:
        baseline = card_ids(game)
        assert len(set(baseline)) == len(baseline), "a card id appears twice at the start"
        check_after_move(game, baseline)
        start_totals = game.scores  # 0 each, or the starting stacks of a chips game
        played: list[tuple[int | None, str]] = []
        while game.phase != "deal-over" and not game.is_over:
            assert len(played) < MOVE_CAP, f"the deal did not end within {MOVE_CAP} moves"
            if len(played) % sample_every == 0:
                check_sampled_state(game, baseline, rng, len(played) // sample_every)
            idx, text = choose(game, rng)
            game.play(text if idx is None else game.legal_moves()[idx])
            played.append((idx, text))
            check_after_move(game, baseline)
        check_sampled_state(game, baseline, rng, None)
        check_replay(game)
        if seed % determinism_every == 0:
            check_determinism(game, args, played)
        if game.phase == "deal-over" or game.is_over:
            check_deal_scores(game, start_totals, 0)
        if not game.is_over:
            assert "next" in [str(m) for m in game.legal_moves()], "a finished deal does not offer 'next'"
            game.play("next")
            assert game.phase != "deal-over", "'next' did not start a new deal"
            check_after_move(game, baseline)
    except Exception as exc:
        raise AssertionError(
            f"{spec.id} seed {seed} ({args}): {type(exc).__name__}: {exc}\n"
            f"--- the game so far (replay() this record):\n{safe_record(game)}"
        ) from exc


def safe_record(game: Game) -> str:
    """The record, or why it could not be written (a failure report must not fail)."""
    try:
        return game.record()
    except Exception as exc:  # the report must not hide the first error
        return f"(record() failed too: {exc!r})"


def play_match(game: Game, rng: random.Random) -> None:
    """Random play to the end of the match, then the after-the-match contract."""
    baseline = card_ids(game)
    n = len(game.players)
    deals, moves = 1, 0
    totals, rows = game.scores, len(game.deal_scores)
    while not game.is_over:
        if game.phase == "deal-over":
            deals, moves = deals + 1, 0
            cap = match_deal_cap(game.game_id)
            assert deals <= cap, f"no end of the match after {cap} deals"
        assert moves < MOVE_CAP, f"deal {deals} did not end within {MOVE_CAP} moves"
        idx, text = choose(game, rng)
        was_over = game.phase == "deal-over"
        game.play(text if idx is None else game.legal_moves()[idx])
        moves += 1
        check_after_move(game, baseline)
        if not was_over and (game.phase == "deal-over" or game.is_over):
            check_deal_scores(game, totals, rows)
        else:
            # The totals the next deal-end is measured from: moves between deals (Indian
            # Rummy's rejoin after 'next') may set a total, so take them after every other move.
            totals, rows = game.scores, len(game.deal_scores)
    outcome = game.outcome
    assert outcome is not None
    assert set(outcome.winners) <= set(range(n)), outcome
    assert outcome.reason.strip()
    assert tuple(outcome.scores) == tuple(game.scores)
    assert 1 <= len(game.deal_scores) <= deals
    assert all(len(row) == n for row in game.deal_scores)
    state = state_of(game)
    for text in ("draw", "next", "take", "discard 7H", "meld 7H 8H 9H", "layoff 1 7H", "play 7H"):
        assert_refused(game, text)
        assert not game.is_legal(text)
    assert state_of(game) == state
    again = replay(game.record())
    assert again.is_over and again.outcome == outcome
    assert again.snapshot() == game.snapshot()


# ---------------------------------------------------------------------------- solver hands

GIN_MELDS = MeldRules(max_wilds=0, ace_high=False)
"""Gin's melds: one pack, no wilds, ace low only."""
PROGRESSIVE_MELDS = MeldRules(
    ace_high=False,
    max_wilds=15,
    set_max=15,
    set_distinct_suits=False,
    allow_all_wild=True,
    wild_ranks=frozenset({2}),
)
"""Progressive Rummy's melds in the 2s round (sets may repeat suits, any number of wilds)."""
INDIAN_NEED = Requirement(runs=2, pure_runs=1)
"""Indian Rummy's declaration: two sequences, one of them pure."""


def indian_melds(wild_rank: int) -> MeldRules:
    """Indian Rummy's melds: any number of wilds, sets of 3-4 different suits, no A-K-A."""
    return MeldRules(
        max_wilds=14,
        set_max=4,
        allow_all_wild=True,
        ace_both_ends="never",
        wild_ranks=frozenset({wild_rank}),
    )


@by_face
def gin_value(c: Card) -> int:
    """Gin deadwood: ace 1, faces 10."""
    return min(c.rank, 10)


def penalty_value(rules: MeldRules, wild_value: int = 0) -> Callable[[Card], int]:
    """A penalty count: wilds ``wild_value``, aces and faces 10, others their rank."""

    def value(c: Card) -> int:
        if rules.is_wild(c):
            return wild_value
        return 10 if c.rank in (1, 11, 12, 13) else c.rank

    return value


def meld_rich(rng: random.Random, deck: Sequence[Card], n: int, melds: int) -> list[Card]:
    """``n`` cards of ``deck``, most of them from ``melds`` random runs and sets (overlapping).

    >>> from cardtable.engine.cards import make_deck
    >>> len(meld_rich(random.Random(1), make_deck(1), 11, 3))
    11
    """
    pool = list(deck)
    naturals = [c for c in pool if c.rank != JOKER_RANK]
    hand: list[Card] = []
    for _ in range(melds):
        seed = rng.choice(naturals)
        if rng.random() < 0.5:
            length = rng.randint(3, 5)
            lo = rng.randint(1, max(1, 14 - length))
            want = [(r, seed.suit) for r in range(lo, min(lo + length, 14))]
        else:
            suits = rng.sample(SUITS, rng.randint(3, 4))
            want = [(seed.rank, s) for s in suits]
        for rank, suit in want:
            for c in pool:
                if c.rank == rank and c.suit == suit and all(c is not h for h in hand):
                    hand.append(c)
                    break
    rng.shuffle(hand)
    hand = hand[:n]
    rest = [c for c in pool if all(c is not h for h in hand)]
    hand += rng.sample(rest, n - len(hand))
    rng.shuffle(hand)
    return hand
