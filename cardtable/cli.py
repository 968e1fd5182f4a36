"""The ``cardtable`` command line.

``cardtable`` (the table), ``cardtable play GAME``, ``cardtable resume``, ``cardtable list``,
``cardtable rules GAME``, ``cardtable simulate GAME``, ``cardtable history`` and
``cardtable stats`` (the match history, :mod:`cardtable.history`). Errors print one clear line and
exit with status 2; nothing here shows a traceback for bad input.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

from cardtable import __version__
from cardtable.engine.errors import CardtableError, IllegalMove, InvalidNotation

if TYPE_CHECKING:
    import argparse

    from cardtable.engine.game import Game
    from cardtable.engine.moves import Move
    from cardtable.history import HistoryStore
    from cardtable.session import Session

# The bots, the registry, Pydantic and the history are imported by the commands that use
# them: a bare ``cardtable`` goes straight to the picker, whose first frame needs none of them.

SIM_MOVE_CAP = 200_000


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


def _parse_rules(game_id: str, items: Sequence[str]) -> dict[str, Any]:
    from cardtable.engine import get
    from cardtable.engine.ruleset import coerce_rule_value

    spec = get(game_id)
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--rule takes key=value, as in --rule target_score=151 (got {item!r})")
        out[key.strip()] = coerce_rule_value(spec.rules_type, key.strip(), value)
    return out


DEFAULT_BOT = "medium"
"""The level of the computer players that fill a table when no ``--players`` are given."""


def _parse_seats(text: str | None, default_count: int) -> tuple[list[str], list[str | None]]:
    """``"Ann,Bob,bot:random"`` -> names and per-seat bot levels (None for a human).

    With no text, the game's minimum of seats: one person ("You") and computer players.

    >>> _parse_seats(None, 1), _parse_seats(None, 3)
    ((['You'], [None]), (['You', 'Bot 2', 'Bot 3'], [None, 'medium', 'medium']))
    """
    from cardtable.bots import BOTS

    if not text:
        count = max(default_count, 1)
        names = ["You", *(f"Bot {i + 1}" for i in range(1, count))]
        return names, [None, *[DEFAULT_BOT] * (count - 1)]
    names: list[str] = []
    bots: list[str | None] = []
    for i, raw in enumerate(p.strip() for p in text.split(",")):
        if raw.startswith("bot:") or raw in BOTS:
            level = raw.removeprefix("bot:") or "random"
            if level not in BOTS:
                raise UsageError(f"no bot level {level!r}; the levels are: {', '.join(BOTS)}")
            bots.append(level)
            names.append(f"Bot {i + 1}")
        else:
            bots.append(None)
            names.append(raw)
    return names, bots


# ---------------------------------------------------------------------------- commands


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.engine import all_games
    from cardtable.engine.registry import problems

    for problem in problems():
        sys.stderr.write(f"cardtable: {problem}\n")
    for spec in all_games():
        out.write(f"{spec.id:<20} {spec.title:<20} {spec.players_text:<17} {spec.summary}\n")
    return 0


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.rulesdoc import rules_markdown

    out.write(rules_markdown(args.game))
    return 0


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.bots import BOTS, HARD_BUDGET
    from cardtable.bots.simulate import report, run_matches
    from cardtable.engine import get
    from cardtable.history import HistoryError, HistoryStore

    spec = get(args.game)
    # Without --players: random bots in the fewest seats the game takes, at least two
    # (Joker needs four).
    default = ",".join(["random"] * next(n for n in (*spec.player_counts, 2) if n >= 2))
    levels = [p.strip().removeprefix("bot:") for p in (args.players or default).split(",")]
    for level in levels:
        if level.isdigit():  # "--players 4": a count where the seats' levels go
            example = ",".join(["random"] * int(level))
            raise UsageError(f"--players takes one bot level per seat, as in --players {example}")
        if level not in BOTS:
            raise UsageError(f"no bot level {level!r}; the levels are: {', '.join(BOTS)}")
    if len(levels) not in spec.player_counts:
        raise UsageError(f"{spec.title} takes {spec.players_text}; --players gave {len(levels)}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.budget is not None and not args.budget > 0:
        raise UsageError("--budget must be a number of seconds above 0, such as 0.12 or 10")
    rules = _parse_rules(args.game, args.rule or [])
    budget = HARD_BUDGET if args.budget is None else args.budget
    store = HistoryStore() if args.history else None
    stored: list[int] = []
    problems: list[str] = []

    def keep(game: Game, seat_levels: list[str]) -> None:
        if store is None or problems:
            return
        from cardtable.history import store_game

        try:
            stored.append(store_game(store, game, [f"bot:{level}" for level in seat_levels]))
        except HistoryError as exc:  # the simulation goes on without the history
            problems.append(str(exc))

    stats = run_matches(
        spec.id, levels, args.games, seed=args.seed, rules=rules, budget=budget, finished=keep
    )
    report(stats, out, args.seed)
    if stats.unfinished:
        out.write(_unfinished_note(spec.id, spec.title))
    if store is not None:
        if store.notice:
            out.write(f"Note: {store.notice}\n")
        for problem in problems:
            out.write(f"Note: {problem}\n")
        out.write(f"  stored {len(stored)} matches in the history ({store.path})\n")
    return 1 if stats.errors else 0


def _unfinished_note(game_id: str, title: str) -> str:
    """What to do about matches stopped at the move cap: a rule that ends a long match."""
    from cardtable.testing import WHOLE_MATCH_RULES

    limit = WHOLE_MATCH_RULES.get(game_id)
    if not limit:
        return f"Note: a {title} match that never ends is a bug to report, with its seed\n"
    rules = " ".join(f"--rule {key}={value}" for key, value in limit.items())
    return f"Note: a {title} match can be long by nature with these bots; to end each one, add {rules}\n"


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.engine import get
    from cardtable.engine.saves import autosave_path, hold_autosave
    from cardtable.history import HistoryStore
    from cardtable.session import Session, protect_autosave

    spec = get(args.game)
    names, bots = _parse_seats(args.players, spec.min_players)
    rules = _parse_rules(spec.id, args.rule or [])
    hold_autosave()
    path = autosave_path()
    note = protect_autosave(path)
    if note:
        out.write(f"Note: {note}\n")
    store = HistoryStore()
    session = Session.start(
        spec.id, names, bots, rules=rules, seed=args.seed, preset=args.preset, save_path=path, history=store
    )
    _history_notes(session, store, out)
    if _use_tui(args, out):
        from cardtable.tui.app import CardTableApp

        CardTableApp(session=session, save_path=path).run()
        return 0
    return play_text(session, out=out)


def _use_tui(args: argparse.Namespace, out: TextIO) -> bool:
    """The full-screen table when we are on a terminal, the text table otherwise."""
    return not getattr(args, "text", False) and out is sys.stdout and sys.stdout.isatty()


def _history_notes(session: Session, store: HistoryStore, out: TextIO) -> None:
    """Say when the history file was moved aside or cannot be written (play goes on)."""
    if store.notice:
        out.write(f"Note: {store.notice}\n")
    if session.history_error:
        out.write(f"Note: {session.history_error}\n")


def cmd_resume(args: argparse.Namespace, out: TextIO) -> int:
    from cardtable.engine.saves import autosave_path, hold_autosave
    from cardtable.history import HistoryStore
    from cardtable.session import Session, TruncatedSave

    hold_autosave()
    store = HistoryStore()
    try:
        session = Session.resume(autosave_path(), history=store)
    except TruncatedSave as exc:
        # a save cut off mid-line (a crash while writing): offer its complete moves
        out.write(f"{exc}.\nResume from the last complete move ({exc.moves} moves)? [Y/n] ")
        out.flush()
        try:
            answer = sys.stdin.readline().strip().lower()
        except (OSError, ValueError):  # nobody to ask (no input): the message says what to do
            raise exc from None
        if answer not in ("", "y", "yes"):
            raise UsageError(f"{exc.path} was left as it is (not resumed)") from None
        session = Session.resume(autosave_path(), history=store, recover=True)
        out.write(session.note + "\n")
    _history_notes(session, store, out)
    if _use_tui(args, out):
        from cardtable.tui.app import CardTableApp

        CardTableApp(session=session, save_path=session.save_path).run()
        return 0
    out.write(f"Resuming {session.game.title} from {session.save_path}\n")
    return play_text(session, out=out)


def record_by_id(match_id: str) -> str:
    """The record of the stored match ``match_id`` from the match history (the one place
    ``cardtable replay ID`` looks a match up)."""
    from cardtable.history import HistoryError, load_record

    try:
        return load_record(int(match_id))
    except LookupError:
        raise UsageError(
            f"there is no file {match_id!r} and no stored match with that id:"
            " 'cardtable history' lists the stored matches with their ids"
        ) from None
    except HistoryError as exc:
        raise UsageError(f"the match history cannot be read ({exc}): give a save or record file") from None


def replay_text(source: str) -> str:
    """The record to replay: a save or record file, or (all digits, and no such file) the
    id of a stored match."""
    from pathlib import Path

    from cardtable.engine.saves import read_record

    path = Path(source)
    if path.exists() or not source.strip().isdigit():
        return read_record(path)
    return record_by_id(source.strip())


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """``cardtable replay FILE [--text]``: the match move by move as text, or the viewer."""
    from cardtable.replay import Replay

    match = Replay(replay_text(args.source))
    if args.text or not (out is sys.stdout and sys.stdout.isatty()):
        out.write(match.text())
        return 0
    from cardtable.tui.app import CardTableApp

    CardTableApp(replay=match).run()
    return 0


def cmd_soak(args: argparse.Namespace, out: TextIO) -> int:
    """``cardtable soak``: see :mod:`cardtable.soak`; exit status 1 on any invariant break."""
    from pathlib import Path

    from cardtable.soak import run_soak

    if args.deals < 1 or args.sample_every < 1 or args.jobs < 1:
        raise UsageError("--deals, --sample-every and --jobs must be at least 1")
    failures = Path(args.failures) if args.failures else None
    reports = run_soak(args.games, args.deals, args.seed, args.sample_every, args.jobs, out, failures)
    return 1 if any(r.breaks for r in reports) else 0


# ---------------------------------------------------------------------------- text table


def _render(game: Game, seat: int, out: TextIO) -> None:
    view = game.view(seat)
    out.write(f"\n== {view.title} — deal {view.deal_number} ==\n")
    for s in view.seats:
        mark = ">" if s.to_act else " "
        badges = f" [{', '.join(s.badges)}]" if s.badges else ""
        out.write(f" {mark} {s.name:<12} {s.card_count:>2} cards  score {s.score:>4}{badges}\n")
    top = view.discard_top or ("face down" if view.discard_count else "(empty)")
    out.write(f" {view.stock_label} {view.stock_count}   {view.discard_label}: {top}\n")
    if view.trick is not None:
        plays = "  ".join(f"{game.players[s]} {card}" for s, card in view.trick.plays) or "(none yet)"
        out.write(f"  trick: {plays}\n")
    for m in view.melds:
        out.write(f"  meld {m.number}: {m.text} ({m.value}) by {game.players[m.owner]}\n")
    if view.facts:
        out.write("  " + "  ".join(f"{k}: {v}" for k, v in view.facts.items()) + "\n")
    for line in view.log[-6:]:
        out.write(f"  · {line}\n")
    hand = sorted(game.hand(seat))  # shown by suit, then rank; the engine keeps deal order
    out.write(f" Your hand: {' '.join(c.name for c in hand)}\n")
    for k, v in view.own_facts.items():
        out.write(f" {k}: {v}\n")
    out.write(f" {view.status}\n")


def _examples(session: Session) -> str:
    """The game's own verbs as examples for the text table's banner ('e.g. 'play QH',
    'draw'' in Page One; no 'meld' where there are no melds)."""
    shown = [v.example or v.name for v in session.verbs if v.name != "next"][:4]
    return "e.g. " + ", ".join(f"'{e}'" for e in shown)


def play_text(session: Session, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """A plain-text table for playing in any terminal: one prompt per move, autosaved."""
    out = out or sys.stdout
    inp = inp or sys.stdin
    game = session.game
    humans = session.humans
    last_human: int | None = None
    out.write(
        f"Type a move ({_examples(session)}), 'moves' to list them,"
        " 'undo' to take back your last move of this turn, 'quit' to stop.\n"
    )
    shown: tuple[int, int] | None = None
    """The table printed last (seat, moves made): a refused move does not print it again."""
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if session.is_bot(seat):
            move = session.bot_move()
            out.write(f"  {game.players[seat]}: {_public_text(game, seat, move)}\n")
            _report_save(session, out)
            continue
        if len(humans) > 1 and last_human is not None and last_human != seat:
            out.write("\x1b[2J\x1b[H" if out.isatty() else "\n" * 3)
            out.write(f"Pass to {game.players[seat]} — press Enter\n")
            out.flush()
            if not inp.readline():
                return 0
        last_human = seat
        if shown != (seat, len(game.history)):
            _render(game, seat, out)
            shown = (seat, len(game.history))
        out.write(f"{game.players[seat]}> ")
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\nStopped; the game is saved: 'cardtable resume' goes on.\n")
            return 0
        text = line.strip()
        if not text:
            continue
        if text in ("quit", "exit", "q"):
            out.write("Saved: 'cardtable resume' goes on from here.\n")
            return 0
        if text in ("moves", "?", "help"):
            out.write("  " + "\n  ".join(str(m) for m in game.legal_moves()) + "\n")
            continue
        if text == "undo":
            try:
                out.write(f"  Taken back: {session.undo(seat)}\n")
            except IllegalMove as exc:
                out.write(f"  Not allowed: {exc}\n")
            continue
        try:
            session.play(text)
        except (IllegalMove, InvalidNotation) as exc:
            out.write(f"  Not allowed: {exc}\n")
            continue
        _report_save(session, out)
    outcome = game.outcome
    assert outcome is not None
    out.write(
        f"\nMatch over: {outcome.reason}. Scores: "
        + ", ".join(f"{game.players[s]} {v}" for s, v in enumerate(outcome.scores))
        + "\n"
    )
    if session.match_id is not None and not session.history_error:
        out.write(f"Kept in the match history as match {session.match_id} ('cardtable history').\n")
    return 0


def _public_text(game: Game, seat: int, move: Move) -> str:
    """A computer player's move as the others may see it: cards it put face down (a draw's
    discards, a kitty) are counted, not named."""
    if not move.cards:
        return str(move)
    others = [s for s in range(len(game.players)) if s != seat]
    hidden = [{c.id for c in game.hidden_cards(s)} for s in others]
    if others and all(c.id in h for c in move.cards for h in hidden):
        count = len(move.cards)
        return f"{move.kind} {count} card{'s' if count != 1 else ''} face down"
    return str(move)


def _report_save(session: Session, out: TextIO) -> None:
    if session.save_error:
        out.write(f"  ({session.save_error}; play goes on)\n")
    problem = session.history_error
    if problem and getattr(session, "_history_told", None) != problem:
        out.write(f"  ({problem})\n")
        session._history_told = problem  # type: ignore[attr-defined]  # say it once


# ---------------------------------------------------------------------------- history


def _history_matches(args: argparse.Namespace) -> tuple[HistoryStore, list[Any]]:
    from cardtable.engine import get
    from cardtable.history import HistoryError, HistoryStore

    if args.game:
        args.game = get(args.game).id  # an unknown id names the games there are
    store = HistoryStore()
    try:
        matches = store.matches(game=args.game, player=args.player, with_deals=True)
    except HistoryError as exc:
        raise UsageError(str(exc)) from None
    return store, matches


def _console(out: TextIO) -> Any:
    from rich.console import Console

    # Off a terminal (a pipe, a test) Rich would fold the table to 80 columns.
    return Console(file=out, width=None if out is sys.stdout and out.isatty() else 120)


def _json_or_nothing(
    args: argparse.Namespace, out: TextIO, rows: Sequence[Any], nothing: str, path: object
) -> bool:
    """Write ``rows`` as JSON (``--json``) or, when there are none, the ``nothing`` line naming
    the history file; True when that was all there is to say (the caller then returns 0)."""
    import json

    if args.json:
        out.write(json.dumps([r.to_json() for r in rows], indent=2) + "\n")
        return True
    if not rows:
        out.write(nothing + (" for these filters" if args.game or args.player else "") + f" ({path}).\n")
        return True
    return False


def cmd_history(args: argparse.Namespace, out: TextIO) -> int:
    """``cardtable history``: the stored matches, latest first."""
    store, matches = _history_matches(args)
    if store.notice:
        sys.stderr.write(f"cardtable: {store.notice}\n")
    if args.limit is not None and args.limit >= 0:
        matches = matches[: args.limit]
    if _json_or_nothing(args, out, matches, "No matches in the history yet", store.path):
        return 0
    from rich.table import Table

    table = Table(title=f"Match history ({len(matches)} matches)", title_justify="left")
    for name in ("id", "ended", "game", "players", "winner", "scores", "deals", "status"):
        table.add_column(name, justify="right" if name in ("id", "deals") else "left")
    for m in matches:
        players = ", ".join(
            name + ("" if m.seats[s] == "human" else f" ({m.seats[s][4:]})")
            for s, name in enumerate(m.players)
        )
        table.add_row(
            str(m.id),
            (m.ended or m.started)[:16].replace("T", " "),
            m.title,
            players,
            m.winner_text,
            " ".join(str(v) for v in m.scores),
            str(len(m.deal_rows)),
            m.status,
        )
    _console(out).print(table)
    return 0


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    """``cardtable stats``: per player and game, from the finished matches."""
    from cardtable.history import player_stats

    store, matches = _history_matches(args)
    rows = player_stats(matches, args.player)
    if _json_or_nothing(args, out, rows, "No finished matches in the history yet", store.path):
        return 0
    from rich.table import Table

    table = Table(title="Statistics (finished matches)", title_justify="left")
    for name in ("player", "game", "matches", "wins", "win rate", "avg score", "best", "streak", "avg deal"):
        table.add_column(name, justify="left" if name in ("player", "game") else "right")
    for r in rows:
        table.add_row(*r.cells())
    _console(out).print(table)
    return 0


# ---------------------------------------------------------------------------- entry


def build_parser() -> argparse.ArgumentParser:
    import argparse  # here, not at the top: a bare ``cardtable`` goes to the picker without it

    from cardtable.bots import BOTS
    from cardtable.history import STATS_JSON_HELP

    parser = argparse.ArgumentParser(prog="cardtable", description="Card games at one keyboard.")
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("list", help="the games and their player counts")
    p_rules = sub.add_parser("rules", help="a game's rules and toggles")
    p_rules.add_argument("game")
    p_sim = sub.add_parser("simulate", help="bot games, headless")
    p_sim.add_argument("game")
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=1)
    p_sim.add_argument(
        "--players",
        help="bot levels, e.g. random,random (default: random bots in the fewest seats the game takes)",
    )
    p_sim.add_argument("--rule", action="append", metavar="KEY=VALUE")
    p_sim.add_argument("--history", action="store_true", help="keep the matches in the match history")
    p_sim.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="SECONDS",
        help="a search bot's thinking time per move (default 0.12); a large one makes results "
        "independent of machine load, since the bots then stop on their work caps",
    )
    p_play = sub.add_parser("play", help="play a game at this keyboard")
    p_play.add_argument("game")
    p_play.add_argument(
        "--players",
        help="names in seat order, comma-separated; a computer player is bot:LEVEL, the levels "
        f'being {", ".join(BOTS)} (weakest first), as in "Ann,bot:easy,bot:hard" (default: you '
        "and medium computer players, as many seats as the game needs)",
    )
    p_play.add_argument(
        "--rule",
        action="append",
        metavar="KEY=VALUE",
        help="set one toggle, as in --rule target_score=151 (repeat it for more; "
        "'cardtable rules GAME' lists every toggle with its default)",
    )
    p_play.add_argument("--seed", type=int, help="the same seed deals the same cards")
    p_play.add_argument(
        "--preset",
        metavar="NAME",
        help="start from a named set of toggles, as in --preset five-crowns (dashes or quoted "
        "spaces; 'cardtable rules GAME' lists the presets); --rule changes it further",
    )
    p_play.add_argument("--text", action="store_true", help="plain text prompts instead of the full screen")
    p_resume = sub.add_parser("resume", help="go on with the last autosaved game")
    p_resume.add_argument("--text", action="store_true", help="plain text prompts instead of the full screen")
    p_replay = sub.add_parser("replay", help="watch a recorded match again, or print it as text")
    p_replay.add_argument("source", metavar="FILE", help="a save or record file (or a stored match's id)")
    p_replay.add_argument("--text", action="store_true", help="print the match move by move instead")
    p_hist = sub.add_parser(
        "history",
        help="the matches played, latest first",
        description="The stored matches, latest first. --json prints a list of objects with id, game,"
        " title, status, players (name, seat, bot level or null), teams, winner (names), scores"
        " (final, seat order), lower_is_better, reason, rules, seed, deals (per-deal scores),"
        " started and finished (null unless finished).",
    )
    p_stats = sub.add_parser(
        "stats",
        help="per player and game: matches, wins, win rate, scores, streaks",
        description="Per player and game: matches, wins, win rate, average and best score, longest"
        f" winning streak and average deal score. {STATS_JSON_HELP}.",
    )
    for p in (p_hist, p_stats):
        p.add_argument("--game", metavar="ID", help="one game (an id from 'cardtable list')")
        p.add_argument("--player", metavar="NAME", help="one player's matches (case ignored)")
        p.add_argument("--json", action="store_true", help="JSON instead of a table")
    p_hist.add_argument("--limit", type=int, metavar="N", help="the latest N matches only")
    p_soak = sub.add_parser("soak", help="long random play over every game and preset, invariants checked")
    p_soak.add_argument("games", nargs="*", metavar="GAME", help="the games (default: every game)")
    p_soak.add_argument("--deals", type=int, default=10_000, help="deals per game (default 10000)")
    p_soak.add_argument("--seed", type=int, default=1)
    p_soak.add_argument("--sample-every", type=int, default=15, help="moves between sampled checks")
    p_soak.add_argument("--jobs", type=int, default=1, help="processes per game")
    p_soak.add_argument("--failures", metavar="DIR", help="write each break's record here")
    return parser


COMMANDS = {
    "list": cmd_list,
    "rules": cmd_rules,
    "simulate": cmd_simulate,
    "play": cmd_play,
    "resume": cmd_resume,
    "soak": cmd_soak,
    "replay": cmd_replay,
    "history": cmd_history,
    "stats": cmd_stats,
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    bare = not (sys.argv[1:] if argv is None else argv)
    try:
        if bare and out is sys.stdout and sys.stdout.isatty():
            # the picker at once: the parser's help names the bot levels, and loading the
            # bots (and Pydantic) to build it held back the first frame
            from cardtable.tui import run

            return run()
        args = build_parser().parse_args(argv)
        if args.command is None:
            return launch_table(out)
        return COMMANDS[args.command](args, out)
    except (CardtableError, UsageError, ValueError) as exc:
        sys.stderr.write(f"cardtable: {exc}\n")
        return 2
    except KeyboardInterrupt:
        out.write("\nStopped.\n")
        return 130
    except BrokenPipeError:  # e.g. piped into `head`
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def launch_table(out: TextIO) -> int:
    """Without a terminal there is no full-screen table: say how to play instead."""
    out.write(
        "cardtable — card games at one keyboard.\n\n"
        "Run 'cardtable' in a terminal for the full-screen table, or play with text prompts:\n"
        "  cardtable play scala40 --players Ann,Bob --text        (two people passing the keyboard)\n"
        "  cardtable play scala40 --players Ann,bot:random --text (against the computer)\n"
        "  cardtable resume --text                                (go on with the last game)\n\n"
        "Games:\n"
    )
    from argparse import Namespace

    cmd_list(Namespace(), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
