"""The Textual app: game picker, table, hand-off, scores, rules.

The TUI never imports a game module: it reaches games through the registry and draws
whatever zones and moves the engine's views describe.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen

from cardtable.engine.errors import CardtableError
from cardtable.tui.minsize import fit, too_small
from cardtable.tui.theming import CARD_VARIABLES, load_themes, peek_theme

if TYPE_CHECKING:
    from cardtable.replay import Replay
    from cardtable.session import NewGame, Session
    from cardtable.tui.settings import Settings

TABLE_CSS = Path(__file__).with_name("table.tcss")
"""The table screen's stylesheet, read when the first table opens (see :meth:`CardTableApp.open_table`)."""

# Start-up is kept light (no Pydantic, no games) until the first frame is out: the session,
# the settings model and the registry are imported where they are first needed.


class CardTableApp(App[None]):
    """cardtable's app. ``settings_file``/``save_path`` default to the data folder."""

    TITLE = "cardtable"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
    ]

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        settings_file: Path | None = None,
        save_path: Path | None = None,
        start: str = "picker",
        resume: bool = False,
        session: Session | None = None,
        replay: Replay | None = None,
        gc_paused: bool = False,
    ) -> None:
        self._theme_pending = True
        super().__init__()
        self._gc_paused = gc_paused
        """The caller paused the garbage collector for start-up (see :func:`cardtable.tui.run`)."""
        self._initial_replay = replay
        self._settings: Settings | None = settings
        self.settings_file = settings_file
        self._save_path = save_path
        self._start = "resume" if resume else start
        self._initial_session = session
        self.session: Session | None = None
        for theme in load_themes():
            self.register_theme(theme)
        self._apply_saved_theme()

    def _apply_saved_theme(self) -> None:
        """The settings' theme (else "felt"), chosen before the stylesheet is first read: set
        once the picker had mounted, it parsed every stylesheet again before the first frame."""
        wanted = self._settings.theme if self._settings is not None else peek_theme(self.settings_file)
        if wanted not in self.available_themes:
            wanted = "felt" if "felt" in self.available_themes else self.theme
        if wanted != self.theme:
            # Set quietly: through the reactive, Textual's watcher also queues a full re-parse
            # and restyle of every node (refresh_css) that ran before the first frame, though
            # nothing is parsed or mounted yet. What the watcher does that matters this early
            # is done here: the theme's classes and the ANSI colour filter.
            self.set_reactive(App.theme, wanted)
            dark = self.current_theme.dark
            self.remove_class(*(name for name in self.classes if name.startswith("-theme-")), update=False)
            self.add_class(f"-theme-{wanted}", update=False)
            self.set_class(dark, "-dark-mode", update=False)
            self.set_class(not dark, "-light-mode", update=False)
            self._refresh_truecolor_filter(self.ansi_theme)
        self._theme_pending = False
        self.stylesheet.set_variables(self.get_css_variables())

    def get_css_variables(self) -> dict[str, str]:
        # App.__init__ makes its stylesheet with the default theme's variables, replaced by the
        # saved theme's before any CSS is read: they are not worked out for nothing (~1.5 ms).
        if self._theme_pending:
            return {}
        return super().get_css_variables()

    @property
    def settings(self) -> Settings:
        """The player's settings (read from disk on first use; a bad file gives defaults)."""
        if self._settings is None:
            from cardtable.tui.settings import load_settings

            self._settings, problem = load_settings(self.settings_file)
            if problem:
                self.notify(problem, severity="warning", timeout=8)
        return self._settings

    @property
    def save_path(self) -> Path:
        """Where this app autosaves."""
        if self._save_path is None:
            from cardtable.engine.saves import autosave_path

            self._save_path = autosave_path()
        return self._save_path

    def action_command_palette(self) -> None:
        """The menu (ctrl+p). Textual knows it is open only once it has mounted: a second
        ctrl+p before that would mount it twice and crash (DuplicateIds)."""
        if any(screen.id == "--command-palette" for screen in self.screen_stack):
            return
        super().action_command_palette()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(CARD_VARIABLES)

    @property
    def colours(self) -> dict[str, str]:
        """Resolved theme variables (card colours included)."""
        return self.theme_variables

    def get_default_screen(self) -> Screen[Any]:
        """The picker is the first screen, under whatever opens over it (a table, a replay).
        Pushed over Textual's blank default screen instead, it was laid out and drawn once
        for nothing (inside the app's start-up batch) before the first frame. When something
        opens over it at start, it builds its list and form only once it shows."""
        from cardtable.tui.screens.picker import PickerScreen

        covered = (
            self._initial_replay is not None or self._initial_session is not None or self._start == "resume"
        )
        return PickerScreen(covered=covered)

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self._gc_paused:
            self.call_after_refresh(self._resume_gc)
        if self._initial_replay is not None:
            self.open_replay(self._initial_replay)
        elif self._initial_session is not None:
            self.open_table(self._initial_session)
        elif self._start == "resume":
            self.resume_session()
        self.check_size()

    def _resume_gc(self) -> None:
        """After the first frame: start-up's objects live as long as the app, so they are set
        aside for good (``gc.freeze``) and the collector, paused for start-up, runs again."""
        import gc

        gc.freeze()
        gc.enable()
        self._gc_paused = False

    # ------------------------------------------------------------------ size
    def on_resize(self, event: events.Resize) -> None:
        # ``event.size``, not ``self.size``: this handler runs before App's own, which
        # records the new size (reading ``self.size`` here lagged one resize behind).
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        """Cover every screen with the size notice while the window is too small (see
        :mod:`cardtable.tui.minsize`); lift it when the window is big enough again."""
        size = size or self.size
        for screen in self.screen_stack:
            fit(screen, size)

    def _screen_changed(self, screen: Screen[Any]) -> None:
        fit(screen, self.size)  # a screen opened while small is covered at once

    async def on_event(self, event: events.Event) -> None:
        # While the notice covers the screen nobody can see what a key would do: keys and
        # clicks wait (ctrl+q still quits).
        if (
            isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Click))
            and not event.is_forwarded
            and too_small(self.size)
            and getattr(event, "key", "") not in ("ctrl+q", "ctrl+c")
        ):
            return
        await super().on_event(event)

    # ------------------------------------------------------------------ sessions
    def start_session(self, new: NewGame) -> Session | None:
        """Start a game from the picker; errors are shown, never raised."""
        from cardtable.session import Session

        self._protect_unreadable_save()
        store = self.history_store()
        try:
            session = Session.start(
                new.game_id,
                new.players,
                new.bots,
                rules=new.rules,
                seed=new.seed,
                preset=new.preset,
                save_path=self.save_path,
                history=store,
            )
        except (CardtableError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error", timeout=8)
            return None
        self._history_notes(session, store)
        self.open_table(session)
        return session

    def history_store(self) -> Any:
        """The match history beside the saves (a new handle per match: a folder that could
        not be written last time is tried again)."""
        from cardtable.history import HistoryStore

        return HistoryStore()

    def _history_notes(self, session: Session, store: Any) -> None:
        """Say when the history file was moved aside, or when this match cannot be kept."""
        if store.notice:
            self.notify(store.notice, title="Match history", severity="warning", timeout=10)
        if session.history_error:
            self.notify(session.history_error, title="Match history off", severity="warning", timeout=10)

    def _protect_unreadable_save(self) -> None:
        from cardtable.session import protect_autosave

        note = protect_autosave(self.save_path)
        if note:
            self.notify(note, severity="warning", timeout=10)

    def resume_session(self) -> bool:
        """Open the autosaved game; a missing or damaged file gets a clear message."""
        from cardtable.session import Session, TruncatedSave

        store = self.history_store()
        try:
            try:
                session = Session.resume(self.save_path, history=store)
            except TruncatedSave:
                # cut off mid-line by a crash: its complete moves resume, the file kept aside
                session = Session.resume(self.save_path, history=store, recover=True)
        except CardtableError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error", timeout=10)
            return False
        self._history_notes(session, store)
        self.open_table(session)
        if session.note:
            self.notify(session.note, title="Save recovered", severity="warning", timeout=10)
        return True

    def open_table(self, session: Session) -> None:
        from cardtable.tui.screens.table import TableScreen

        self._read_table_css()
        self.session = session
        game = session.view(None).game
        if self.settings.last_game != game:  # the picker opens on the game last played (item 17)
            self.settings.last_game = game
            self.remember()
        self.push_screen(TableScreen(session))

    def _read_table_css(self) -> None:
        """Add the table's rules to the app's stylesheet, once: part of ``app.tcss`` before,
        they were parsed for the picker's first frame, which has no table."""
        where = (str(TABLE_CSS), "")
        if not self.stylesheet.has_source(*where):
            self.stylesheet.add_source(TABLE_CSS.read_text(encoding="utf-8"), read_from=where)

    def open_replay(self, replay: Replay) -> None:
        """The replay viewer of a recorded match (over the picker)."""
        from cardtable.tui.screens.replay import ReplayScreen

        self.push_screen(ReplayScreen(replay))

    def show_rules(self, game_id: str, active: dict[str, Any] | None = None, keys: str = "") -> None:
        from cardtable.tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(game_id, active, keys))

    def remember(self) -> None:
        """Save the settings; a failure is shown, play goes on."""
        from cardtable.tui.settings import save_settings

        problem = save_settings(self.settings, self.settings_file)
        if problem:
            self.notify(problem, severity="warning")

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from cardtable.engine import all_games

        yield SystemCommand(
            "New game: back to the picker",
            "Choose a game, its players (people or computer players) and rules; this game stays saved",
            self.back_to_picker,
        )
        for spec in all_games():
            for preset in spec.presets or {"": {}}:
                label = f"New game: {spec.title}" + (f" ({preset})" if preset else "")
                yield SystemCommand(
                    label,
                    "Opens the picker on it"
                    + (" with this preset" if preset else "")
                    + ": set the seats (people or computer players), then Start",
                    lambda g=spec.id, p=preset or None: self.back_to_picker(g, p),
                )
        table = self._table()
        if table is not None:
            yield SystemCommand("Rules", "The rules and toggles of this game", table.action_rules)
            yield SystemCommand("Sort hand", "By suit, then by rank", table.action_sort)
            yield SystemCommand(
                "Restart with a new seed", "Same players and rules, a new deal", table.play_again
            )
        yield SystemCommand(
            "Card style: " + ("symbols" if self.settings.ascii_cards else "ASCII letters"),
            "ASCII cards (7H, JK) for terminals without suit symbols",
            self.toggle_ascii,
        )
        yield SystemCommand(
            "Ask before a discard ends the turn: "
            + ("on → off" if self.settings.ask_turn_end else "off → on"),
            "Enter, or x on the card under the cursor, asks 'Discard 9♥ and end your turn?'",
            self.toggle_ask_turn_end,
        )
        for label, delay in (("instant", 0.0), ("fast", 0.25), ("normal", 0.6), ("slow", 1.5)):
            yield SystemCommand(
                f"Computer speed: {label}",
                f"{delay} s per computer move",
                lambda d=delay: self.set_bot_delay(d),
            )

    def _table(self) -> Any:
        from cardtable.tui.screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def back_to_picker(self, game_id: str | None = None, preset: str | None = None) -> None:
        """Leave whatever screens are open for the picker, showing ``game_id`` (else the
        game just played) with ``preset`` (else its set-up as it was). The game being left
        stays in the autosave, and Resume goes on with it."""
        from cardtable.tui.screens.picker import PickerScreen

        pickers = [s for s in self.screen_stack if isinstance(s, PickerScreen)]
        if not pickers:
            return
        picker = pickers[-1]
        chosen = game_id is not None  # a game named (the menu's "New game: X"), not only "new game"
        session = self.session if self._table() is not None else None
        while self.screen is not picker:
            self.pop_screen()
        seats: list[tuple[str, str]] | None = None
        if session is not None:
            view = session.view(None)
            game_id = game_id or view.game
            if game_id == view.game:  # its seats as they sat, however it was started
                seats = [(s.name, bot or "human") for s, bot in zip(view.seats, session.bots, strict=True)]
            if view.to_act is not None and not session.save_error:
                self.notify(
                    f"{view.title} is saved: Resume (ctrl+r) goes on with it; a new game replaces it.",
                    title="Game saved",
                    timeout=6,
                )
        if game_id is not None:
            # the focus on the seats of a game chosen; on the list (that game shown) otherwise
            self.call_later(picker.open_game, game_id, preset, seats, chosen)

    def toggle_ascii(self) -> None:
        """Switch between suit symbols and plain letters."""
        self.settings.ascii_cards = not self.settings.ascii_cards
        self.remember()
        for screen in self.screen_stack:
            refresh = getattr(screen, "redraw", None)
            if callable(refresh):
                refresh()

    def toggle_ask_turn_end(self) -> None:
        """Ask (or stop asking) before a discard that ends the turn; kept with the settings."""
        self.settings.ask_turn_end = not self.settings.ask_turn_end
        self.remember()
        state = "asks first" if self.settings.ask_turn_end else "no longer asks"
        self.notify(f"A discard that ends your turn {state}", timeout=3)

    def set_bot_delay(self, delay: float) -> None:
        """How long computer players wait before each move."""
        self.settings.bot_delay = delay
        self.remember()
        self.notify(f"Computer players now wait {delay} s per move", timeout=3)

    def watch_theme(self, theme: str) -> None:
        if getattr(self, "_settings", None) is not None and self.settings.theme != theme:
            self.settings.theme = theme
            self.remember()
        for screen in self.screen_stack:
            refresh = getattr(screen, "redraw", None)
            if callable(refresh):
                refresh()
