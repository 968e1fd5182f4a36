"""The full-screen table (Textual). Reaches games only through the engine's registry."""

from __future__ import annotations


def run(resume: bool = False) -> int:
    """Start the app (the picker, or the last game with ``resume``)."""
    from cardtable.tui.app import CardTableApp

    CardTableApp(resume=resume).run()
    return 0
