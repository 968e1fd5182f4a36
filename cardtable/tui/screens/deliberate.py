"""Keys that must be pressed on purpose: a screen that opens while a player is still
typing (a result screen after their last card, a hand-off, a question) ignores the keys of
its first moment, so a key meant for the screen before is not carried into it."""

from __future__ import annotations

from time import monotonic

TOO_SOON = "Too soon: press it again."
"""Said when a key comes in a screen's first moment (short: a longer notice wrapped and
lay over the showdown's and the result's lines at 80 columns)."""


class Deliberate:
    """Mix into a screen: ``fresh()`` is False during the first ``GRACE`` seconds."""

    GRACE = 0.6
    """Seconds after opening during which Enter, Space or a click does nothing (tests set 0)."""

    _opened_at: float | None = None
    _told = False

    def start_grace(self) -> None:
        """Call when the screen opens: the moment counts from its first frame on screen (on a
        loaded machine that frame may come late)."""
        self._opened_at = None
        self._told = False
        refresh = getattr(self, "call_after_refresh", None)
        if callable(refresh):
            refresh(self._shown)
        else:
            self._shown()

    def _shown(self) -> None:
        self._opened_at = monotonic()

    def fresh(self) -> bool:
        """The key comes after the screen's first moment: the player has seen it. A key that
        comes too soon does nothing, and the player is told so (once a showing): play-testers
        took the silence for a lost key and pressed on."""
        if self.GRACE <= 0:
            return True
        if self._opened_at is not None and monotonic() - self._opened_at >= self.GRACE:
            return True
        if not self._told:
            self._told = True
            notify = getattr(self, "notify", None)
            if callable(notify):
                notify(TOO_SOON, timeout=2)
        return False
