"""The full-screen table (Textual). Reaches games only through the engine's registry."""

from __future__ import annotations


def run(resume: bool = False) -> int:
    """Start the app (the picker, or the last game with ``resume``)."""
    import gc

    from cardtable.engine.saves import hold_autosave

    hold_autosave()  # one table a data folder: a second would write over this one's autosave
    # Python's cycle collector would sweep start-up's objects (Textual's classes, stylesheets,
    # widgets) over and over before the first frame: the app turns it back on after that frame.
    gc.disable()
    from cardtable.tui.app import CardTableApp

    CardTableApp(resume=resume, gc_paused=True).run()
    return 0
