"""Memory of a long session: a fresh process plays match after match of every game through
:class:`cardtable.session.Session` (autosaving after every move, as the table does, and
building the view of the seat to act as the table redraws). It reports the peak resident
memory (``ru_maxrss``) and, as the leak check, the live allocated blocks after the session's
matches are over and collected, then after the very same matches played again: the engine's
memo tables (meld templates, solver shapes) fill on the first pass and are only reused on the
second, so anything that grows there is a leak.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

Row = tuple[str, str, str, str]
ROOT = Path(__file__).resolve().parent.parent

SESSION_CODE = """
import gc, json, random, resource, sys
from pathlib import Path
from cardtable.engine import all_games
from cardtable.session import Session

moves_wanted, folder = int(sys.argv[1]), Path(sys.argv[2])
specs = all_games()

def one_pass(budget):
    rng = random.Random(1)
    moves = matches = 0
    while moves < budget:
        spec = specs[matches % len(specs)]
        n = max(2, spec.min_players)
        session = Session.start(spec.id, [f"P{i}" for i in range(n)], [None] * n, seed=matches,
                                save_path=folder / "autosave.ctr")
        matches += 1
        game = session.game
        while not game.is_over and moves < budget and len(game.history) < 4000:
            game.view(game.to_act)
            session.play(rng.choice(game.legal_moves()))
            moves += 1
        del session, game
    gc.collect()
    return moves, matches, sys.getallocatedblocks()

moves, matches, first = one_pass(moves_wanted // 2)
again, _, second = one_pass(moves_wanted // 2)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"moves": moves + again, "matches": 2 * matches, "peak": peak,
                  "first": first, "second": second}))
"""


def long_session(moves: int) -> dict[str, int]:
    """Run the session in a fresh process; its figures (bytes)."""
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [sys.executable, "-c", SESSION_CODE, str(moves), tmp],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "CARDTABLE_DATA_DIR": tmp},
            timeout=3600,
            check=True,
        )
    result: dict[str, int] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def bench_memory(quick: bool) -> list[Row]:
    """Peak memory and growth of a long session (no memory target is set in the issues)."""
    figures = long_session(4_000 if quick else 40_000)
    growth = figures["second"] - figures["first"]
    return [
        (
            f"memory peak, long session ({figures['moves']:,} moves, {figures['matches']} matches,"
            " autosave each move)",
            f"{figures['peak'] / (1024 * 1024):.0f} MiB peak resident",
            "no target in the issues",
            "",
        ),
        (
            "  live blocks after the same matches again (leak check)",
            f"{growth:+,} blocks ({figures['second']:,} live)",
            "≈ 0 (< 1% growth)",
            "ok" if growth < figures["first"] / 100 else "GROWS",
        ),
    ]
