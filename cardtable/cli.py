"""The ``cardtable`` command line.

``cardtable`` (the table), ``cardtable play GAME``, ``cardtable resume``, ``cardtable list``,
``cardtable rules GAME`` and ``cardtable simulate GAME``. Errors print one clear line and
exit with status 2; nothing here shows a traceback for bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from cardtable import __version__
from cardtable.bots import BOTS
from cardtable.engine import CardtableError, IllegalMove, InvalidNotation, all_games, get
from cardtable.engine.game import Game
from cardtable.engine.ruleset import coerce_rule_value
from cardtable.engine.saves import autosave_path
from cardtable.rulesdoc import rules_markdown
from cardtable.session import Session, protect_autosave

SIM_MOVE_CAP = 200_000


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


def _parse_rules(game_id: str, items: Sequence[str]) -> dict[str, Any]:
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
    for spec in all_games():
        players = f"{spec.min_players}-{spec.max_players} players"
        out.write(f"{spec.id:<20} {spec.title:<20} {players:<13} {spec.summary}\n")
    return 0


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    out.write(rules_markdown(args.game))
    return 0


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    spec = get(args.game)
    levels = [p.strip().removeprefix("bot:") for p in (args.players or "random,random").split(",")]
    for level in levels:
        if level not in BOTS:
            raise UsageError(f"no bot level {level!r}; the levels are: {', '.join(BOTS)}")
    if not spec.min_players <= len(levels) <= spec.max_players:
        raise UsageError(f"{spec.title} needs {spec.min_players} to {spec.max_players} players")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.budget is not None and not args.budget > 0:
        raise UsageError("--budget must be a number of seconds above 0, such as 0.12 or 10")
    rules = _parse_rules(args.game, args.rule or [])
    from cardtable.bots import HARD_BUDGET
    from cardtable.bots.simulate import report, run_matches

    budget = HARD_BUDGET if args.budget is None else args.budget
    stats = run_matches(spec.id, levels, args.games, seed=args.seed, rules=rules, budget=budget)
    report(stats, out, args.seed)
    return 1 if stats.errors else 0


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    spec = get(args.game)
    names, bots = _parse_seats(args.players, spec.min_players)
    rules = _parse_rules(spec.id, args.rule or [])
    path = autosave_path()
    note = protect_autosave(path)
    if note:
        out.write(f"Note: {note}\n")
    session = Session.start(
        spec.id, names, bots, rules=rules, seed=args.seed, preset=args.preset, save_path=path
    )
    if _use_tui(args, out):
        from cardtable.tui.app import CardTableApp

        CardTableApp(session=session, save_path=path).run()
        return 0
    return play_text(session, out=out)


def _use_tui(args: argparse.Namespace, out: TextIO) -> bool:
    """The full-screen table when we are on a terminal, the text table otherwise."""
    return not getattr(args, "text", False) and out is sys.stdout and sys.stdout.isatty()


def cmd_resume(args: argparse.Namespace, out: TextIO) -> int:
    session = Session.resume(autosave_path())
    if _use_tui(args, out):
        from cardtable.tui.app import CardTableApp

        CardTableApp(session=session, save_path=session.save_path).run()
        return 0
    out.write(f"Resuming {session.game.title} from {session.save_path}\n")
    return play_text(session, out=out)


def record_by_id(match_id: str) -> str:
    """The record of the stored match ``match_id`` from the match history: the one place
    ``cardtable replay ID`` looks a match up, to be wired to the history store. Until then
    a clear refusal."""
    raise UsageError(
        f"there is no file {match_id!r}, and stored matches cannot be looked up by id yet:"
        " give a save or record file (the autosave is in the data folder)"
    )


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


def play_text(session: Session, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """A plain-text table for playing in any terminal: one prompt per move, autosaved."""
    out = out or sys.stdout
    inp = inp or sys.stdin
    game = session.game
    humans = session.humans
    last_human: int | None = None
    out.write(
        "Type a move (e.g. 'draw', 'meld 7H 8H 9H', 'discard KS'), 'moves' to list them,"
        " 'undo' to take back your last move of this turn, 'quit' to stop.\n"
    )
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if session.is_bot(seat):
            move = session.bot_move()
            out.write(f"  {game.players[seat]}: {move}\n")
            _report_save(session, out)
            continue
        if len(humans) > 1 and last_human is not None and last_human != seat:
            out.write("\x1b[2J\x1b[H" if out.isatty() else "\n" * 3)
            out.write(f"Pass to {game.players[seat]} — press Enter\n")
            out.flush()
            if not inp.readline():
                return 0
        last_human = seat
        _render(game, seat, out)
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
    return 0


def _report_save(session: Session, out: TextIO) -> None:
    if session.save_error:
        out.write(f"  ({session.save_error}; play goes on)\n")


# ---------------------------------------------------------------------------- entry


def build_parser() -> argparse.ArgumentParser:
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
    p_sim.add_argument("--players", help="bot levels, e.g. random,random")
    p_sim.add_argument("--rule", action="append", metavar="KEY=VALUE")
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
        help='names in seat order; "bot:medium" for a computer player (default: you and computer '
        "players, as many seats as the game needs)",
    )
    p_play.add_argument("--rule", action="append", metavar="KEY=VALUE")
    p_play.add_argument("--seed", type=int)
    p_play.add_argument("--preset")
    p_play.add_argument("--text", action="store_true", help="plain text prompts instead of the full screen")
    p_resume = sub.add_parser("resume", help="go on with the last autosaved game")
    p_resume.add_argument("--text", action="store_true", help="plain text prompts instead of the full screen")
    p_replay = sub.add_parser("replay", help="watch a recorded match again, or print it as text")
    p_replay.add_argument("source", metavar="FILE", help="a save or record file (or a stored match's id)")
    p_replay.add_argument("--text", action="store_true", help="print the match move by move instead")
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
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.command is None:
            if out is sys.stdout and sys.stdout.isatty():
                from cardtable.tui import run

                return run()
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
    cmd_list(argparse.Namespace(), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
