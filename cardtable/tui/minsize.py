"""The minimum window size, enforced on every screen.

Each screen the app shows gets a :class:`SizeNotice` in a layer of its own, above
everything else. While the window is smaller than ``MIN_WIDTH``×``MIN_HEIGHT`` the notice
covers the screen and says how big to make it; made big enough again, the screen is back as
it was. Nothing is pushed or popped, so hand-offs, score tables and dialogs opened meanwhile
(a computer player moving on) stay in their places on the screen stack.
"""

from __future__ import annotations

from textual.css.query import NoMatches
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24

TOO_SMALL = "-too-small"
"""The class a screen has while the window is too small for it."""


def too_small(size: Size) -> bool:
    """Whether a window of ``size`` is too small for cardtable.

    >>> too_small(Size(80, 24)), too_small(Size(79, 40)), too_small(Size(120, 20))
    (False, True, True)
    """
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def notice_text(size: Size) -> str:
    """What the notice says at ``size``.

    >>> notice_text(Size(70, 20))
    'Make the window at least 80×24 (it is 70×20 now).'
    """
    return f"Make the window at least {MIN_WIDTH}×{MIN_HEIGHT} (it is {size.width}×{size.height} now)."


class SizeNotice(Static):
    """The notice itself: the whole screen, in its own layer, shown only while too small."""

    SCOPED_CSS = False  # the rules below style the screen it sits on too
    DEFAULT_CSS = """
    Screen { layers: default size-notice; }
    SizeNotice {
        layer: size-notice;
        display: none;
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $background;
        color: $warning;
        text-style: bold;
    }
    Screen.-too-small > SizeNotice { display: block; }
    /* the screen's own scroll bars are drawn over every layer: a corner of one stood out */
    Screen.-too-small { overflow: hidden hidden; }
    """


def fit(screen: Screen[object], size: Size) -> None:
    """Show or hide ``screen``'s notice for a window of ``size``. The notice is mounted the
    first time the screen is too small: a window big enough from the start has none to lay
    out and style (it was part of every first frame)."""
    small = too_small(size)
    screen.set_class(small, TOO_SMALL)
    if not small:
        return
    try:
        notice = screen.query_one("#too-small-text", SizeNotice)
    except NoMatches:
        notice = SizeNotice(id="too-small-text", markup=False)
        screen.mount(notice)
    notice.update(notice_text(size))
