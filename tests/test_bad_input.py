"""Bad input, generated (hypothesis): random and malformed notation, card tokens, toggle
values, player names, stacked deals, records and save files, fed to the public API, the
text table and the command line. Each is accepted as what it means or refused with the
engine's own error and a message; never another exception, never a traceback, and a
refused move or file changes nothing."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import random
import string
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from cardtable.cli import _parse_rules, main, play_text
from cardtable.engine import (
    CardtableError,
    IllegalMove,
    InvalidNotation,
    InvalidRecord,
    InvalidRules,
    all_games,
    get,
    new_game,
    parse_cards,
    parse_move,
    replay,
)
from cardtable.engine.saves import load_game
from cardtable.session import Session
from cardtable.testing import state_of

T = TypeVar("T")


def made_or_refused(make: Callable[[], T], *errors: type[Exception]) -> T | None:
    """What ``make()`` returns, or None when it raises one of ``errors``: such a refusal must
    say why (an empty message fails the test), and any other exception fails it too."""
    try:
        return make()
    except errors as exc:
        assert str(exc).strip(), f"refused without a reason: {exc!r}"
        return None


GAME_IDS = [spec.id for spec in all_games()]


# Generated cases are cheap but many; a loaded machine must not fail them on time.
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RANKS = ["A", "2", "3", "7", "9", "10", "T", "J", "Q", "K", "1", "0", "11", "14", "JK", "X", "", "10 "]
SUITS = ["S", "H", "D", "C", "s", "h", "♠", "♥", "♦", "♣", "Z", "", "HH", "#2", "#9", "#0"]
VERBS = ["draw", "take", "meld", "layoff", "swap", "discard", "cancel", "play", "next", "drop", "declare"]
VERBS += ["knock", "pass", "DRAW", "Meld", "", "fold", "x"]
JUNK = ["/", "=", "==", "call", "0", "1", "2", "99", "-1", "JK=JK", "7H=", "=7H", ":", "#", "\t", "\u200b"]


@st.composite
def card_tokens(draw: st.DrawFn) -> str:
    """Card-like tokens, mostly almost right ('10s', '1H', 'JK=7Z', '7H#3')."""
    token = draw(st.sampled_from(RANKS)) + draw(st.sampled_from(SUITS))
    if draw(st.booleans()) and draw(st.integers(0, 4)) == 0:
        token += "=" + draw(st.sampled_from(RANKS)) + draw(st.sampled_from(SUITS))
    return token


def move_texts() -> st.SearchStrategy[str]:
    """Move-like text: a verb, then card tokens, numbers and junk; or plain random text."""
    words = st.one_of(card_tokens(), st.sampled_from(JUNK), st.sampled_from(VERBS))
    structured = st.builds(
        lambda verb, rest: " ".join([verb, *rest]),
        st.sampled_from(VERBS),
        st.lists(words, max_size=8),
    )
    return st.one_of(structured, st.text(max_size=40))


# ---------------------------------------------------------------------------- notation


@FAST
@given(st.lists(st.one_of(card_tokens(), st.text(max_size=6)), max_size=8).map(" ".join))
@example("7H 10s qd JK")
@example("1H")
@example("JK=JK")
def test_card_text_parses_or_names_the_bad_token(text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidNotation as exc:
        message = str(exc)
        assert message.strip()
        assert "'" in message, f"the message does not quote the bad token: {message}"
        return
    assert len(cards) <= len(text.split())


@FAST
@given(move_texts())
@example("meld 7H / ")
@example("layoff 0 7H")
@example("swap -1 JK")
@example("meld JK=JK 7H 8H")
def test_move_text_parses_or_is_refused_with_a_reason(text: str) -> None:
    move = made_or_refused(lambda: parse_move(text), InvalidNotation)
    if move is None:
        return
    # What parses prints back as notation that parses to the same move.
    assert parse_move(str(move)) == move


@functools.cache
def positions() -> list[tuple[str, object]]:
    """A few positions of every game: the start, mid-deal, a finished deal, a finished match."""
    out: list[tuple[str, object]] = []
    for spec in all_games():
        rng = random.Random(spec.id)
        n = spec.min_players
        for moves in (0, 7, 31):
            game = new_game(spec.id, [f"P{i}" for i in range(n)], seed=moves)
            for _ in range(moves):
                if game.is_over or game.phase == "deal-over":
                    break
                game.play(rng.choice(game.legal_moves()))
            out.append((f"{spec.id}@{moves}", game))
        game = new_game(spec.id, [f"P{i}" for i in range(n)], seed=5)
        while game.phase != "deal-over" and not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        out.append((f"{spec.id}@deal-over", game))
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        out.append((f"{spec.id}@match-over", game))
    return out


def hand_moves(game) -> st.SearchStrategy[str]:
    """Moves built from the player's own cards (closer to legal, so the refusals are subtle)."""
    seat = game.to_act
    hand = [c.name for c in game.hand(seat)] if seat is not None else ["7H"]
    return st.builds(
        lambda verb, target, cards: " ".join([verb, *target, *cards]),
        st.sampled_from(VERBS[:8]),
        st.lists(st.sampled_from(["1", "2", "3", "9"]), max_size=1),
        st.lists(st.sampled_from(hand or ["7H"]), max_size=5),
    )


@SLOW
@given(st.data())
def test_any_move_text_is_played_or_refused_without_changing_the_game(data: st.DataObject) -> None:
    """On every game, at several points: random text is played (if it is legal) or refused
    with IllegalMove/InvalidNotation and a reason, the game unchanged."""
    label, original = data.draw(st.sampled_from(positions()), label="position")
    game = original.copy()
    text = data.draw(st.one_of(move_texts(), hand_moves(game)), label="move")
    legal = {str(m) for m in game.legal_moves()}
    before, record = state_of(game), game.record()
    try:
        game.play(text)
    except (IllegalMove, InvalidNotation) as exc:
        assert str(exc).strip(), f"{label}: {text!r} refused without a reason"
        assert state_of(game) == before, f"{label}: the refused {text!r} changed the game"
        assert game.record() == record
        return
    assert len(game.history) == len(original.history) + 1
    assert legal, f"{label}: {text!r} was accepted but no move was legal"


@SLOW
@given(st.sampled_from(GAME_IDS), st.data())
def test_non_text_moves_are_refused(game_id: str, data: st.DataObject) -> None:
    game = new_game(game_id, [f"P{i}" for i in range(get(game_id).min_players)], seed=1)
    junk = data.draw(st.one_of(st.none(), st.integers(), st.lists(st.integers()), st.binary()))
    before = state_of(game)
    with pytest.raises(CardtableError):
        game.play(junk)  # type: ignore[arg-type]
    assert state_of(game) == before


# ---------------------------------------------------------------------------- toggles, names, deals


def toggle_values() -> st.SearchStrategy[object]:
    return st.one_of(
        st.integers(-(10**6), 10**6),
        st.booleans(),
        st.text(max_size=12),
        st.none(),
        st.floats(allow_nan=True),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    )


@FAST
@given(st.sampled_from(GAME_IDS), st.data())
def test_toggle_values_are_validated_or_refused_naming_the_field(game_id: str, data: st.DataObject) -> None:
    spec = get(game_id)
    fields = sorted(spec.rules_type.model_fields)
    name = data.draw(st.one_of(st.sampled_from(fields), st.text(max_size=10)), label="rule")
    value = data.draw(toggle_values(), label="value")
    players = [f"P{i}" for i in range(spec.min_players)]
    try:
        game = new_game(game_id, players, rules={name: value}, seed=1)
    except InvalidRules as exc:
        assert str(exc).strip()
        assert name in str(exc) or (name not in fields and "unknown rule" in str(exc)) or ":" in str(exc)
        return
    assert name in fields
    assert replay(game.record()).snapshot() == game.snapshot()


@FAST
@given(st.sampled_from(GAME_IDS), st.data())
def test_rule_text_on_the_command_line_is_coerced_or_refused(game_id: str, data: st.DataObject) -> None:
    spec = get(game_id)
    name = data.draw(st.one_of(st.sampled_from(sorted(spec.rules_type.model_fields)), st.text(max_size=8)))
    value = data.draw(st.one_of(st.text(max_size=10), st.sampled_from(["yes", "no", "0", "-1", "101", "x"])))
    try:
        rules = _parse_rules(game_id, [f"{name}={value}"])
        new_game(game_id, [f"P{i}" for i in range(spec.min_players)], rules=rules, seed=1)
    except CardtableError as exc:
        assert str(exc).strip()


@FAST
@given(st.sampled_from(GAME_IDS), st.lists(st.text(max_size=30), max_size=9))
@example("scala40", ["Ann", "ann"])
@example("scala40", ["#1", "Bob"])
@example("scala40", ["Ann: x", "Bob"])
@example("scala40", ["  ", "Bob"])
def test_player_names_are_accepted_or_refused(game_id: str, names: list[str]) -> None:
    game = made_or_refused(lambda: new_game(game_id, names, seed=2), InvalidRules)
    if game is None:
        return
    # Accepted names survive the record.
    assert replay(game.record()).players == game.players


@functools.cache
def deck_names(game_id: str) -> list[str]:
    spec = get(game_id)
    game = new_game(game_id, [f"P{i}" for i in range(spec.min_players)], seed=1)
    return sorted(c.name for c in game.all_cards())


@SLOW
@given(st.sampled_from(GAME_IDS), st.data())
def test_stacked_deals_start_or_are_refused(game_id: str, data: st.DataObject) -> None:
    """Random stacked deals, many of them impossible (a card too often, a hand of the whole
    deck, unknown keys, wrong types): a game that works, or InvalidRules/InvalidNotation."""
    spec = get(game_id)
    names = deck_names(game_id)
    cards = st.lists(st.sampled_from(names), max_size=len(names) + 5).map(" ".join)
    entry = st.one_of(cards, st.none(), st.integers(), card_tokens(), st.just(" ".join(names)))
    deal = data.draw(
        st.dictionaries(
            st.sampled_from(["hands", "stock", "discard", "wild", "bottom", "nope"]),
            st.one_of(st.lists(entry, max_size=spec.max_players + 1), entry),
            max_size=4,
        ),
        label="deal",
    )
    players = [f"P{i}" for i in range(spec.min_players)]
    if game_id in SHORT_DEAL_CRASH:
        assume(_listed(deal) <= len(names) // 2)  # the known crash has its own test below
    game = made_or_refused(
        lambda: new_game(game_id, players, seed=3, deal=deal), InvalidRules, InvalidNotation
    )
    if game is None:
        return
    # A deal that starts plays on and records like any other.
    rng = random.Random(0)
    for _ in range(10):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    assert replay(game.record()).snapshot() == game.snapshot()


SHORT_DEAL_CRASH: set[str] = set()
"""Games whose stacked deal crashes (IndexError) when the listed cards leave too few to
deal the other hands: reported to the lead; remove a game once its deal says so plainly."""


def _listed(deal: dict[str, object]) -> int:
    """How many card tokens a generated stacked deal lists, in all."""
    values = [v for value in deal.values() for v in (value if isinstance(value, list) else [value])]
    return sum(len(v.split()) for v in values if isinstance(v, str))


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(g, marks=pytest.mark.xfail(g in SHORT_DEAL_CRASH, reason="IndexError", strict=True))
        for g in GAME_IDS
    ],
)
@pytest.mark.parametrize("where", ["stock", "hands", "discard"])
def test_a_stacked_deal_that_leaves_too_few_cards_is_refused(game_id: str, where: str) -> None:
    """The whole deck listed in one place: nothing is left for the other hands."""
    spec = get(game_id)
    everything = " ".join(deck_names(game_id))
    deal = {where: [everything] if where == "hands" else everything}
    with pytest.raises(InvalidRules) as caught:
        new_game(game_id, [f"P{i}" for i in range(spec.min_players)], seed=1, deal=deal)
    assert "deal" in str(caught.value)


# ---------------------------------------------------------------------------- records and saves


@functools.cache
def sample_records() -> list[str]:
    out = []
    for spec in all_games():
        rng = random.Random(spec.id)
        game = new_game(spec.id, ["Ann", "Bob", "Cy", "Dee"][: max(2, spec.min_players)], seed=9)
        for _ in range(25):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        out.append(game.record())
    return out


@st.composite
def damaged_records(draw: st.DrawFn) -> str:
    """A real record, then edits: lines dropped, doubled, swapped or changed; truncation;
    a header value replaced; random characters put in."""
    lines = draw(st.sampled_from(sample_records())).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["drop", "double", "swap", "edit", "header", "insert"]))
        if how == "drop":
            del lines[i]
        elif how == "double":
            lines.insert(i, lines[i])
        elif how == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "edit":
            pos = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:pos] + draw(st.text(max_size=3)) + lines[i][pos + 1 :]
        elif how == "header":
            key = draw(st.sampled_from(["game", "seed", "players", "rules", "deal", "seats", "program"]))
            value = draw(
                st.one_of(
                    st.sampled_from(['["Ann"]', '["Ann","Ann"]', "[1, 2]", "{}", "[]", "null", '"x"']),
                    st.sampled_from(['{"hands": 5}', '{"target_score": -4}', "1e999", "-1", "99" * 30]),
                    st.text(max_size=12),
                )
            )
            lines.insert(min(i, 4), f"{key}: {value}")
        else:
            lines.insert(i, draw(st.text(max_size=20)))
    text = "\n".join(lines)
    if draw(st.booleans()):
        text = text[: draw(st.integers(0, len(text)))]
    return text


@FAST
@given(st.one_of(damaged_records(), st.text(max_size=200)))
@example("")
@example("# cardtable record\n")
@example('# cardtable record\ngame: scala40\nseed: 1\nplayers: ["Ann"]\nmoves:\n')
@example('# cardtable record\ngame: scala40\nseed: 1\nplayers: ["A","B"]\ndeal: {"hands": 5}\nmoves:\n')
@example('# cardtable record\ngame: scala40\nseed: 1\nplayers: ["A","B"]\nrules: [1]\nmoves:\n')
def test_damaged_records_replay_or_are_refused_whole(text: str) -> None:
    game = made_or_refused(lambda: replay(text), InvalidRecord)
    if game is None:
        return
    # What replays is a whole, consistent game: its own record replays to it.
    assert replay(game.record()).snapshot() == game.snapshot()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(damaged_records().map(str.encode), st.binary(max_size=300)))
@example(b"\xff\xfe\x00garbage")
@example(b"# cardtable record\ngame: scala40\n\x00\x00")
def test_damaged_save_files_are_refused_and_left_alone(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "autosave.ctr"
    path.write_bytes(blob)
    for load in (load_game, Session.resume):
        try:
            load(path)
        except InvalidRecord as exc:
            assert str(path) in str(exc) or "record" in str(exc) or "save" in str(exc), str(exc)
        assert path.read_bytes() == blob, "loading a save changed the file"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(damaged_records().map(str.encode), st.binary(max_size=100)))
def test_resume_of_a_damaged_autosave_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], blob: bytes
) -> None:
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    path = tmp_path / "autosave.ctr"
    path.write_bytes(blob)
    try:
        Session.resume(path)
    except InvalidRecord:
        pass
    else:
        assume(False)  # a damaged file that still resumes is a different test
    out = io.StringIO()
    code = main(["resume", "--text"], out=out)
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("cardtable: ") and err.count("\n") == 1, err
    assert "Traceback" not in err + out.getvalue()
    assert path.read_bytes() == blob


# ---------------------------------------------------------------------------- the command line and text table

ARG_TOKENS = [
    "list",
    "rules",
    "simulate",
    "play",
    "resume",
    "soak",
    "--games",
    "--seed",
    "--players",
    "--rule",
    "--preset",
    "--deals",
    "--jobs",
    "--text",
    "0",
    "-1",
    "x",
    "1",
    "bot:nope",
    "random,random,random,random,random,random,random,random,random",
    "Ann,Ann",
    "target_score=1",
    "target_score=x",
    "nonsense",
    "=",
    "",
    *GAME_IDS,
]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(ARG_TOKENS), st.text(max_size=8)), max_size=6))
def test_random_command_lines_never_show_a_traceback(data_dir: Path, argv: list[str]) -> None:
    # Real games would run for long (soak) or wait for a keyboard (play): keep them tiny.
    if "simulate" in argv:
        argv = [*argv, "--games", "1"]
    if "soak" in argv:
        argv = [*argv, "--deals", "1", "page-one"]
    err = io.StringIO()
    out = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        stdin, sys.stdin = sys.stdin, io.StringIO("quit\n")
        try:
            code = main(argv, out=out)
        except SystemExit as exc:  # argparse: usage errors exit 2 with a usage line
            code = exc.code
        finally:
            sys.stdin = stdin
    assert code in (0, 1, 2, None), code
    text = err.getvalue() + out.getvalue()
    assert "Traceback" not in text, text
    if code == 2:
        assert err.getvalue().strip(), "exit status 2 without a message"


@SLOW
@given(st.sampled_from(GAME_IDS), st.lists(st.one_of(move_texts(), st.text(max_size=15)), max_size=12))
def test_the_text_table_survives_any_typing(game_id: str, lines: list[str]) -> None:
    # (no save_path: the session does not write anything)
    """Random lines typed at the text table: refused ones say 'Not allowed', none crashes,
    and the game holds only legal moves (its record replays)."""
    spec = get(game_id)
    names = [f"P{i}" for i in range(spec.min_players)]
    session = Session.start(game_id, names, [None] * len(names), seed=4)
    typed = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines)
    typed = typed.replace("quit", "qu it").replace("exit", "ex it")
    inp = io.StringIO(typed + "\n")
    out = io.StringIO()
    assert play_text(session, out=out, inp=inp) == 0
    assert "Traceback" not in out.getvalue()
    assert replay(session.game.record()).snapshot() == session.game.snapshot()


def test_generated_text_alphabet_is_not_only_ascii() -> None:
    """The strategies reach the odd characters (suit symbols, zero-width space, tabs)."""
    alphabet = "".join(RANKS + SUITS + JUNK)
    assert "♥" in alphabet and "\u200b" in alphabet and "\t" in alphabet
    assert set(alphabet) - set(string.printable)


def test_json_header_values_of_the_wrong_type_are_refused() -> None:
    """The header lines that hold JSON, each with a value of the wrong shape."""
    base = '# cardtable record\ngame: scala40\nseed: 1\nplayers: ["A", "B"]\n{extra}moves:\n'
    for extra in (
        "rules: [1]\n",
        'rules: "fast"\n',
        "deal: 5\n",
        'deal: {"hands": 5}\n',
        'deal: {"hands": [5]}\n',
        "players: {}\n",
    ):
        with pytest.raises(InvalidRecord) as caught:
            replay(base.format(extra=extra))
        assert str(caught.value).strip()
        try:
            json.loads(extra.split(": ", 1)[1])
        except json.JSONDecodeError:  # the value itself is valid JSON: the shape is what is wrong
            pytest.fail(f"{extra!r} is not JSON")
