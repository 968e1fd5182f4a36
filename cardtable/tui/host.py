"""What screens may ask of the app that hosts them.

A protocol, so that a screen types ``self.app`` without importing ``cardtable.tui.app``
(which imports the screens): no import circle between the app and its screens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardtable.session import NewGame, Session
    from cardtable.tui.settings import Settings


class TableHost(Protocol):
    """The app's services a screen uses: settings, starting and resuming games, rules."""

    @property
    def settings(self) -> Settings: ...

    def remember(self) -> None: ...

    def start_session(self, new: NewGame) -> Session | None: ...

    def resume_session(self) -> bool: ...

    def show_rules(self, game_id: str, active: dict[str, Any] | None = None, keys: str = "") -> None: ...
