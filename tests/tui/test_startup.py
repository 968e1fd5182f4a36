"""Start-up stays light: the first frame does not wait for Pydantic or the games."""

from __future__ import annotations

import subprocess
import sys


def test_app_and_picker_import_without_pydantic_or_games():
    # cardtable.cli too: a bare ``cardtable`` runs it before the picker's first frame
    code = (
        "import sys\n"
        "import cardtable.cli, cardtable.tui.app, cardtable.tui.screens.picker\n"
        "heavy = [m for m in ('pydantic', 'cardtable.games', 'cardtable.session', 'cardtable.bots')"
        " if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == ""


def test_engine_names_still_import_directly():
    from cardtable.engine import IllegalMove, new_game
    from cardtable.engine.errors import IllegalMove as same

    assert IllegalMove is same
    assert new_game("scala40", players=["Ann", "Bob"], seed=1).to_act == 0
