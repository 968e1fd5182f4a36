"""Records and saves through the public API: round trips, corrupted records refused with a
line number and a reason (never another exception), and atomic saves in the data folder."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from cardtable.engine import (
    Game,
    InvalidRecord,
    InvalidRules,
    all_games,
    new_game,
    replay,
)
from cardtable.engine.saves import autosave_path, data_dir, load_game, save_game
from cardtable.testing import random_moves

GAME_IDS = [spec.id for spec in all_games()]


def played(game_id: str = "scala40", moves: int = 60, seed: int = 3, **kw: object) -> Game:
    """A game after ``moves`` seeded random moves (through deal ends, if any)."""
    players = kw.pop("players", ["Ann", "Bob"])
    game = new_game(game_id, players=players, seed=seed, **kw)  # type: ignore[arg-type]
    return random_moves(game, random.Random(seed), moves)


def move_lines(text: str) -> list[int]:
    """0-based indices of the move lines of a record."""
    lines = text.splitlines()
    start = lines.index("moves:") + 1
    return [i for i in range(start, len(lines)) if lines[i].strip() and not lines[i].startswith("#")]


def refused(text: str) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as info:
        replay(text)
    exc = info.value
    assert exc.reason.strip(), "refused without a reason"
    return exc


# ---------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_record_round_trip(game_id: str) -> None:
    spec = next(s for s in all_games() if s.id == game_id)
    names = ["Zoë", "Li Wei", "O'Neil", "Ann", "Bob", "Kim"][: spec.max_players]
    for n in sorted({spec.min_players, spec.max_players}):
        game = played(game_id, moves=150, seed=11 + n, players=names[:n])
        text = game.record()
        again = replay(text)
        assert again.snapshot() == game.snapshot()
        assert again.record() == text
        assert again.players == game.players
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]
        lines = text.splitlines()
        assert lines[0] == "# cardtable record"
        assert f"game: {game_id}" in lines
        assert len(move_lines(text)) == len(game.history)


def test_record_header_keeps_rules_seed_and_stacked_deal() -> None:
    deal = {"hands": ["7H 8H 9H KS KD KC 2C 3D 5S 6S 9C 10D QH", None], "stock": "4C"}
    game = played(moves=30, seed=5, rules={"target_score": 151, "reentry": True}, deal=deal)
    text = game.record()
    header = dict(line.split(": ", 1) for line in text.split("moves:")[0].splitlines()[1:])
    assert header["seed"] == "5"
    assert json.loads(header["rules"]) == {"target_score": 151, "reentry": True}
    assert json.loads(header["deal"]) == deal
    assert json.loads(header["players"]) == ["Ann", "Bob"]
    again = replay(text)
    assert again.snapshot() == game.snapshot()
    assert again.rules == game.rules
    assert again.deal_spec == deal
    start = replay(text.split("moves:")[0] + "moves:\n")
    assert [c.name for c in start.hand(0)] == deal["hands"][0].split()
    start.play("draw")
    assert "4C" in [c.name for c in start.hand(0)], "the stacked stock top was not drawn first"


def test_record_of_a_fresh_game_and_of_a_finished_match() -> None:
    fresh = new_game("scala40", players=["Ann", "Bob"], seed=9)
    assert fresh.record().rstrip().endswith("moves:")
    assert replay(fresh.record()).snapshot() == fresh.snapshot()
    finished = new_game("scala40", players=["Ann", "Bob"], seed=9, rules={"single_game": True})
    rng = random.Random(2)
    while not finished.is_over:
        moves = finished.legal_moves()
        progress = [m for m in moves if m.kind in ("meld", "layoff", "swap")]
        finished.play(rng.choice(progress if progress and rng.random() < 0.7 else moves))
    again = replay(finished.record())
    assert again.is_over and again.outcome == finished.outcome
    extra = finished.record() + f"{finished.players[0]}: draw\n"
    exc = refused(extra)
    assert exc.line == len(extra.splitlines())
    assert "over" in exc.reason


def test_layout_noise_is_tolerated() -> None:
    """CRLF line ends, blank lines, comments and padding do not change the game."""
    game = played(moves=40)
    text = game.record()
    lines = text.splitlines()
    noisy = []
    for i, line in enumerate(lines):
        noisy.append(f"  {line}  " if i else line)
        if i in (2, len(lines) - 3):
            noisy.extend(["", "# a note from the player"])
    assert replay("\r\n".join(noisy) + "\r\n").snapshot() == game.snapshot()


@pytest.mark.parametrize(
    "names",
    [
        ["Zoë", "Ωmega"],
        ["O'Neil", 'Dwayne "The Rock"'],
        ["Li Wei", "A  B"],
        ["moves", "game"],
        ["Ann=1", "Bob/2"],
        ["🂡 ace", "日本"],
    ],
)
def test_record_round_trip_with_odd_names(names: list[str]) -> None:
    game = played(moves=12, players=names)
    again = replay(game.record())
    assert again.players == tuple(names)
    assert again.snapshot() == game.snapshot()
    assert len(again.history) == len(game.history) == 12


def test_name_starting_with_hash_is_refused() -> None:
    """Move lines of such a player would read as record comments: refused up front."""
    with pytest.raises(InvalidRules, match="may not start with '#'"):
        new_game("scala40", players=["#1", "Bob"], seed=1)


@pytest.mark.parametrize("sep", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\x00"])
def test_name_with_a_line_separator_is_refused(sep: str) -> None:
    """Names must survive a record line by line: separators and control characters are refused."""
    with pytest.raises(InvalidRules, match="line breaks or control characters"):
        new_game("scala40", players=[f"Ann{sep}Lee", "Bob"], seed=1)


# ---------------------------------------------------------------------------- corrupted records


@pytest.fixture(scope="module")
def record_text() -> str:
    return played(moves=60).record()


def test_empty_and_blank_records(record_text: str) -> None:
    for text in ("", "\n", "   \n\n"):
        exc = refused(text)
        assert exc.line == 1
        assert "not a cardtable record" in exc.reason


def test_binary_records() -> None:
    with pytest.raises(InvalidRecord, match="text"):
        replay(b"# cardtable record\n")  # type: ignore[arg-type]
    noise = bytes(random.Random(0).randrange(256) for _ in range(300)).decode("latin-1")
    assert refused(noise).line == 1
    assert refused("\x00" * 64).line == 1


def test_foreign_files() -> None:
    foreign = [
        json.dumps({"game": "scala40", "seed": 1, "players": ["Ann", "Bob"]}),
        "import os\nprint('hello')\n",
        "[scala40]\nseed = 1\n",
        "# some other program's record\ngame: scala40\n",
        'game: scala40\nseed: 1\nplayers: ["Ann", "Bob"]\nmoves:\n',  # no magic line
    ]
    for text in foreign:
        exc = refused(text)
        assert exc.line == 1, text
        assert str(exc).startswith("line 1: ")


def test_truncated_records(record_text: str) -> None:
    lines = record_text.splitlines()
    # cut inside the header: there is no 'moves:' line
    exc = refused("\n".join(lines[:4]) + "\n")
    assert "moves:" in exc.reason
    # cut in the middle of the last move line
    last = move_lines(record_text)[-1]
    name = lines[last].split(":")[0]
    for cut in (f"{name}: di", name, f"{name}: discard 1", f"{name}: meld JK="):
        text = "\n".join([*lines[:last], cut]) + "\n"
        exc = refused(text)
        assert exc.line == last + 1, (cut, exc)
    # a record cut at a line boundary is a shorter valid game, not an error
    shorter = "\n".join(lines[: move_lines(record_text)[10]]) + "\n"
    assert len(replay(shorter).history) == 10


def test_edited_move_is_refused_at_its_line(record_text: str) -> None:
    lines = record_text.splitlines()
    for k in (0, 5, len(move_lines(record_text)) - 1):
        i = move_lines(record_text)[k]
        name = lines[i].split(":")[0]
        prefix = "\n".join(lines[:i]) + "\n"
        game = replay(prefix)
        held = {c.name for c in game.hand(game.to_act)}
        absent = next(c for c in ("AS", "KH", "7D", "QC", "2S", "9H", "JK") if c not in held)
        for edit in (f"discard {absent}", "frobnicate", "discard ZZ", "layoff 99 7H"):
            text = "\n".join([*lines[:i], f"{name}: {edit}", *lines[i + 1 :]]) + "\n"
            exc = refused(text)
            assert exc.line == i + 1, (edit, exc)
            assert str(exc).startswith(f"line {i + 1}: ")
            assert edit in exc.reason


def test_wrong_player_name(record_text: str) -> None:
    lines = record_text.splitlines()
    i = move_lines(record_text)[3]
    name, move = lines[i].split(": ", 1)
    for wrong in ({"Ann": "Bob", "Bob": "Ann"}[name], "Zed", "ann"):
        text = "\n".join([*lines[:i], f"{wrong}: {move}", *lines[i + 1 :]]) + "\n"
        exc = refused(text)
        assert exc.line == i + 1
        assert name in exc.reason and wrong in exc.reason
    text = "\n".join([*lines[:i], move, *lines[i + 1 :]]) + "\n"  # no name at all
    assert refused(text).line == i + 1


def test_duplicated_move_line(record_text: str) -> None:
    lines = record_text.splitlines()
    i = move_lines(record_text)[1]  # the first player's discard: repeating it is not their turn
    text = "\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]]) + "\n"
    assert refused(text).line == i + 2


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("colour: blue", "unknown header line"),
        ("just some words", "unknown header line"),
        ("seed: seven", "seed"),
        ("players: [Ann, Bob", "players"),
        ("rules: {not json}", "rules"),
        ('rules: {"no_such_rule": true}', "no_such_rule"),
        ('rules: {"target_score": 7}', "target_score"),
        ('rules: ["target_score"]', "rules"),
        ('deal: {"hands": 5}', "hands"),
        ('deal: {"hands": ["ZZ"]}', "ZZ"),
        ('deal: {"colour": "red"}', "colour"),
    ],
)
def test_bad_header_lines(record_text: str, line: str, needle: str) -> None:
    lines = record_text.splitlines()
    text = "\n".join([*lines[:2], line, *lines[2:]]) + "\n"
    exc = refused(text)
    assert needle in exc.reason, exc
    assert exc.line in (1, 3), exc


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("game: scala40", "game: chess"),
        ("game: scala40", "game:"),
        ('players: ["Ann", "Bob"]', 'players: ["Ann"]'),
        ('players: ["Ann", "Bob"]', 'players: ["Ann", 7]'),
        ('players: ["Ann", "Bob"]', 'players: {"Ann": 1}'),
        ('players: ["Ann", "Bob"]', 'players: ["Ann", "ann"]'),
        ("seed: 3", "seed: 3.5"),
        ("seed: 3", ""),
        ("game: scala40", ""),
    ],
)
def test_bad_header_values(record_text: str, old: str, new: str) -> None:
    assert old in record_text
    exc = refused(record_text.replace(old, new, 1))
    assert exc.line >= 1
    assert str(exc).startswith(f"line {exc.line}: ")


@pytest.mark.parametrize("deal", ["5", '"x"', "[1, 2]", "true"])
def test_deal_header_that_is_not_an_object(record_text: str, deal: str) -> None:
    lines = record_text.splitlines()
    text = "\n".join([*lines[:2], f"deal: {deal}", *lines[2:]]) + "\n"
    refused(text)


def test_random_corruption_is_refused_cleanly_or_replays() -> None:
    """Hundreds of random edits: each either replays or raises InvalidRecord, nothing else."""
    deal = {"hands": [None, "7H 8H 9H KS KD KC 2C 3D 5S 6S 9C 10D QH"], "stock": "4C 5C"}
    base = played(moves=80, seed=21, rules={"reentry": True}, deal=deal).record()
    rng = random.Random(4)
    alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :=/#{}[]",\n\x00é♥'
    outcomes = {"replayed": 0, "refused": 0}
    for trial in range(500):
        lines = base.splitlines()
        for _ in range(rng.randint(1, 3)):
            op = rng.randrange(5)
            i = rng.randrange(len(lines))
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(i, lines[rng.randrange(len(lines))])
            elif op == 2:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            elif op == 3 and lines[i]:
                k = rng.randrange(len(lines[i]))
                lines[i] = lines[i][:k] + rng.choice(alphabet) + lines[i][k + 1 :]
            else:
                lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
            if not lines:
                lines = [""]
        text = "\n".join(lines) + "\n"
        try:
            replay(text)
        except InvalidRecord as exc:
            assert exc.reason.strip()
            assert 0 <= exc.line <= len(text.splitlines()) + 1
            outcomes["refused"] += 1
        except Exception as exc:  # the bug this test exists to catch
            raise AssertionError(f"trial {trial}: {type(exc).__name__}: {exc}\n{text}") from exc
        else:
            outcomes["replayed"] += 1
    assert outcomes["refused"] > 100 and outcomes["replayed"] > 0, outcomes


# ---------------------------------------------------------------------------- saves


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cardtable-data"
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(folder))
    return folder


def test_data_dir_comes_from_the_environment(data: Path) -> None:
    assert data_dir() == data
    assert autosave_path().parent == data
    assert not data.exists(), "the data folder is created by writers only"
    game = played(moves=20)
    path = save_game(game)
    assert path == autosave_path() and path.parent == data
    assert path.read_text(encoding="utf-8") == game.record()
    assert load_game().snapshot() == game.snapshot()


def test_save_and_load_an_explicit_path(tmp_path: Path) -> None:
    game = played(moves=45)
    path = save_game(game, tmp_path / "deep" / "folder" / "mine.ctr")
    assert path.read_text(encoding="utf-8") == game.record()
    loaded = load_game(path)
    assert loaded.snapshot() == game.snapshot()
    assert loaded.record() == game.record()


def test_save_overwrites_and_leaves_no_temp_files(data: Path) -> None:
    first, second = played(moves=10), played(moves=50, seed=8)
    save_game(first)
    save_game(second)
    assert autosave_path().read_text(encoding="utf-8") == second.record()
    assert [p.name for p in data.iterdir()] == [autosave_path().name]


def test_save_swaps_in_the_new_file_whole(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the rename, the save holds the old record and a complete temp file the new one."""
    old, new = played(moves=10), played(moves=70, seed=6)
    path = save_game(old)
    seen: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        seen.append((Path(dst).read_text(encoding="utf-8"), Path(src).read_text(encoding="utf-8")))
        assert Path(src).parent == Path(dst).parent, "the temp file must be in the same folder"
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    save_game(new)
    assert seen == [(old.record(), new.record())]
    assert path.read_text(encoding="utf-8") == new.record()


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_save_keeps_the_old_file(data: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    old, new = played(moves=10), played(moves=70, seed=6)
    path = save_game(old)

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError):
        save_game(new)
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == old.record()
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name], "a temp file was left behind"
    assert load_game(path).snapshot() == old.snapshot()


def test_save_into_an_impossible_folder_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError):
        save_game(played(moves=5), blocker / "autosave.ctr")
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_load_missing_file(data: Path, tmp_path: Path) -> None:
    with pytest.raises(InvalidRecord, match="no saved game"):
        load_game()
    with pytest.raises(InvalidRecord, match="no saved game"):
        load_game(tmp_path / "nowhere" / "x.ctr")


def test_load_refuses_bad_files(tmp_path: Path) -> None:
    text = played(moves=30).record()
    lines = text.splitlines()
    cases = {
        "binary.ctr": bytes(range(256)) * 4,
        "empty.ctr": b"",
        "foreign.ctr": b'{"hello": "world"}\n',
        "edited.ctr": "\n".join([*lines[:-1], lines[-1].split(":")[0] + ": discard ZZ"]).encode(),
        "truncated.ctr": text[: len(text) // 3].encode(),
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(InvalidRecord) as info:
            load_game(path)
        assert str(path) in str(info.value), name
        assert path.read_bytes() == content, "loading must not touch the file"
    with pytest.raises(InvalidRecord):
        load_game(tmp_path)  # a folder, not a file


def test_load_refuses_huge_files(tmp_path: Path) -> None:
    path = tmp_path / "huge.ctr"
    with path.open("wb") as fh:
        fh.truncate(9 * 1024 * 1024)
    with pytest.raises(InvalidRecord, match="too big"):
        load_game(path)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_kept_move_lines_write_the_same_record_through_undos(game_id: str) -> None:
    """A table's autosave formats only the moves since its last save (``MoveLines``); the text
    must be the record written whole, also after moves taken back and played anew."""
    from cardtable.engine.record import MoveLines, write_record

    spec = next(s for s in all_games() if s.id == game_id)
    rng = random.Random(game_id)
    game = new_game(game_id, players=[f"P{i}" for i in range(spec.usual_players)], seed=5)
    cache = MoveLines()
    for _ in range(120):
        if game.is_over:
            break
        if game.history and rng.random() < 0.2 and game.can_undo():
            game.undo()
        else:
            game.play(rng.choice(game.legal_moves()))
        assert write_record(game, None, cache) == write_record(game)
