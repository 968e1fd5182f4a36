"""The game picker: choose a game, who sits where and the rules, then start (or resume).

The screen knows no game: the list comes from the registry and the form is generated
from the game's ``Ruleset`` fields (``bool`` → Switch, ``Literal`` → Select, ``int`` →
integer Input with the field's bounds). Values are checked as they are typed and again,
as a whole model, on Start; every problem is shown in red next to the field it concerns.

The last set-up per game (preset, rules that differ from the defaults, seats) is kept in
``app.settings.last`` and filled back in when the game is chosen again. A game's form is
built when the game is first shown and kept, hidden while another game shows, so going back to
one of the last few games rebuilds nothing; edits last for the rest of the run (in a draft once
an older form is dropped).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Select, Static

from cardtable.tui.footer import KeysFooter
from cardtable.tui.screens.picker_style import PICKER_CSS
from cardtable.tui.screens.picker_summary import GameSummary

if TYPE_CHECKING:
    from textual.widgets import Switch

    from cardtable.engine import GameSpec
    from cardtable.tui.host import TableHost
    from cardtable.tui.screens.picker_form import Draft, RuleField
    from cardtable.tui.settings import GameSetup

# The registry, Pydantic, the bots and the form's modules (picker_form, picker_build, with
# their dataclasses and widget classes) are imported where they are used: the picker's first
# frame goes out before they load (see PickerScreen.FORM_DELAY).


class PickerScreen(Screen[None]):
    """The game list on the left; seats, preset and rules of the chosen game on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start", id="picker.start"),
        Binding("ctrl+r", "resume", "Resume", id="picker.resume"),
        Binding("f1", "rules", "Rules", id="picker.rules"),
        Binding("f2", "history", "History", id="picker.history"),
        Binding("question_mark", "rules", "Rules", show=False),
        Binding("escape", "back", "Back/quit", id="picker.back"),
        Binding("ctrl+q", "quit_picker", "Quit", show=False),
    ]
    """Letters typed on the game list filter it (type-to-filter), so no shortcut is a letter."""

    DEFAULT_CSS = PICKER_CSS

    AUTO_FOCUS = "#game-list"
    """The list has the focus from the start (letters typed on it filter it). Textual's own
    choice, the filter box, was focused and blurred again before the first frame, each
    change restyling a widget."""

    KEPT_FORMS: ClassVar[int] = 4
    """Forms of the games shown last that are kept built; an older one is dropped (its edits
    stay in its draft) so that the screen does not grow without end."""

    FORM_DELAY: ClassVar[float] = 0.1
    """Seconds after the first frame before the form is built (0: at mounting, as tests want)."""

    def __init__(self, covered: bool = False) -> None:
        super().__init__()
        self._specs: list[GameSpec] = []
        """Filled (from the registry) just after the first frame."""
        self._fields: list[RuleField] = []
        self._preset: str | None = None
        self._drafts: dict[str, Draft] = {}
        self._shown_seats: dict[str, list[tuple[str, str]]] = {}
        """The seats each game's form was first filled with: a form left with these was not
        edited, and its seats (perhaps made up to the game's usual count) do not carry."""
        self._typed_chosen: set[tuple[str, str]] = set()
        """(game id, preset) chosen once from a filter naming the preset (see ``_game_chosen``)."""
        self._carry: list[tuple[str, str]] | None = None
        """The seats last set by a person (or remembered), offered to the next game shown."""
        self._forms: dict[str, Vertical] = {}
        """Each game's form, by game id, built on its first showing (see :meth:`_show_form`)."""
        self._select_lock = asyncio.Lock()
        self._populate_lock = asyncio.Lock()
        self._waiting = covered
        """The list and form wait until the picker shows: ``covered``, a table or a replay opens
        over it at start (see :meth:`_populate_if_shown`)."""
        self._ready = False

    # ------------------------------------------------------------------ typed app
    @property
    def table_app(self) -> TableHost:
        """The app, typed by what the picker asks of it (see :mod:`cardtable.tui.host`)."""
        return cast("TableHost", self.app)

    @property
    def game_id(self) -> str:
        """The id of the game selected in the list."""
        return self._spec.id

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # The games and the form (hundreds of widgets) come right after the first frame,
        # so the picker shows at once and fills in a moment later.
        with Horizontal(id="picker-body"):
            with Vertical(id="picker-games"):
                yield Static("Games", classes="picker-heading")
                yield Input(placeholder="type to filter", id="game-filter", compact=True)
                yield Static("", id="filter-note", markup=False)
                yield OptionList(id="game-list")
            with Vertical(id="picker-side"):
                yield Static("", id="game-title", markup=False)
                yield GameSummary(id="game-summary")
                yield VerticalScroll(Static("Setting up the table…", id="form-loading"), id="picker-form")
                yield Horizontal(id="picker-buttons")  # the buttons come with the form
        yield KeysFooter(compact=False, show_command_palette=True)  # (relabelled in place at a Tab)

    async def on_mount(self) -> None:
        if self._waiting:
            return  # built at its first showing (on_screen_resume)
        if self.FORM_DELAY > 0:
            # counted from the first frame, not from mounting: on a busy machine that frame
            # takes longer than the delay, and loading the games first held it back
            self.call_after_refresh(self.set_timer, self.FORM_DELAY, self._populate_if_shown)
        else:
            await self._populate()

    async def _populate_if_shown(self) -> None:
        # Under a table opened at start (a resumed game), the form would be built for no one
        # to see (half a second of CPU): it is built when the picker shows (on_screen_resume).
        self._waiting = not self.is_active
        if not self._waiting:
            await self._populate()

    def on_screen_resume(self) -> None:
        if self._waiting:  # (after the refresh: a table pushed at start is then over it)
            self.call_after_refresh(self._populate_if_shown)

    @property
    def ready(self) -> bool:
        """The games and the form are there (the form mounted, not only begun)."""
        return self._ready

    async def _populate(self) -> None:
        """Load the games and build the form, once."""
        async with self._populate_lock:  # a second caller waits for the form, then returns
            if not self._specs:
                await self._fill()

    async def _fill(self) -> None:
        from cardtable.engine import all_games
        from cardtable.engine.registry import problems
        from cardtable.tui.screens.picker_build import game_options
        from cardtable.tui.screens.picker_form import rule_fields

        specs = all_games()
        for problem in problems():
            self.notify(problem, title="A game was left out", severity="warning", timeout=12)
        # open on the game last played (issue 24 item 17), else the first
        last = getattr(getattr(self.app, "settings", None), "last_game", None)
        self._spec = next((s for s in specs if s.id == last), specs[0])
        self._fields = rule_fields(self._spec.rules_type)
        draft = self._initial_draft(self._spec, carry=None)
        remembered = self._remembered(self._spec.id)
        if remembered is not None and remembered.seats:
            self._carry = draft.seats
        self._preset = draft.preset
        self._specs = specs
        game_list = self.query_one("#game-list", OptionList)
        game_list.add_options(game_options(specs))
        ids = [game_list.get_option_at_index(i).id for i in range(game_list.option_count)]
        game_list.highlighted = ids.index(self._spec.id) if self._spec.id in ids else self._first_game_index()
        await self.query_one("#form-loading").remove()
        await self._show_form(draft)
        # Start and Rules act on the form, so they come with it: in the first frame, Textual's
        # buttons (a long stylesheet to parse) cost some 4% of the start (callgrind)
        await self.query_one("#picker-buttons", Horizontal).mount_all(
            [
                Button("Start", id="start", variant="primary", compact=True),
                Button("Resume", id="resume", compact=True),
                Button("Rules", id="rules", compact=True),
                Button("Quit", id="quit", variant="error", compact=True),
            ]
        )
        self._ready = True
        typed = self.query_one("#game-filter", Input).value
        if typed.strip():
            await self.apply_filter(typed)  # letters typed in the first moment filter the list

    def _first_game_index(self) -> int | None:
        game_list = self.query_one("#game-list", OptionList)
        return next(
            (i for i in range(game_list.option_count) if not game_list.get_option_at_index(i).disabled), None
        )

    async def apply_filter(self, query: str) -> None:
        """Show only the games matching ``query``; say so when none does."""
        from cardtable.tui.screens.picker_build import game_options

        if not self._specs:
            return  # typed before the games are loaded: the list is filled filtered (_populate)
        game_list = self.query_one("#game-list", OptionList)
        game_list.clear_options()
        game_list.add_options(game_options(self._specs, query))
        first = self._first_game_index()
        note = self.query_one("#filter-note", Static)
        if first is None:
            note.update(f"No game matches '{query}'. Backspace or Escape clears the filter.")
            note.add_class("-shown")
            return
        note.remove_class("-shown")
        if query.strip():
            game_list.highlighted = first  # the best match: a word typed, then Enter, picks the game it names
            return
        ids = [game_list.get_option_at_index(i).id for i in range(game_list.option_count)]
        game_list.highlighted = ids.index(self._spec.id) if self._spec.id in ids else first

    # ------------------------------------------------------------------ reading the form
    def _widget(self, selector: str, kind: type[Any]) -> Any:
        """``query_one`` inside the shown game's form, or None before it is built."""
        form = self._forms.get(self._spec.id) if self._forms else None
        if form is None:
            return None
        try:
            return form.query_one(selector, kind)
        except NoMatches:
            return None

    def _shown(self, widget: Widget) -> bool:
        """Whether ``widget`` is in the shown game's form (the hidden forms' events, such as
        a Select's first Changed arriving after the game was left, change nothing)."""
        form = self._forms.get(self._spec.id) if self._forms else None
        return form is not None and form in widget.ancestors

    def _seat_count(self) -> int:
        select = self._widget("#player-count", Select)
        value = select.value if select is not None else Select.NULL
        return value if isinstance(value, int) else self._spec.min_players

    def _read_seats(self, all_seats: bool = False) -> list[tuple[str, str]]:
        """(name, kind) of the seats in play (of every seat row with ``all_seats``)."""
        from cardtable.tui.screens.picker_form import HUMAN

        count = self._spec.max_players if all_seats else self._seat_count()
        seats: list[tuple[str, str]] = []
        for i in range(count):
            name = self._widget(f"#seat-name-{i}", Input)
            kind = self._widget(f"#seat-kind-{i}", Select)
            if name is None or kind is None:
                break
            seats.append((name.value, kind.value if isinstance(kind.value, str) else HUMAN))
        return seats

    def _read_raw(self) -> dict[str, Any]:
        """Every field's widget state (text for Inputs), for drafts."""
        raw: dict[str, Any] = {}
        for rf in self._fields:
            widget = self._widget(f"#{rf.widget_id}", Widget)
            if widget is None:
                continue
            value = getattr(widget, "value", None)
            if isinstance(widget, Select) and value is Select.NULL:
                continue
            raw[rf.name] = value
        return raw

    def read_rules(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The form's values by field name, and a message per field that cannot be read."""
        values: dict[str, Any] = {}
        problems: dict[str, str] = {}
        raw = self._read_raw()
        for rf in self._fields:
            if rf.name not in raw:
                problems[rf.name] = "Choose a value."
                continue
            value = raw[rf.name]
            if rf.kind == "number":
                problem = rf.number_problem(str(value))
                if problem:
                    problems[rf.name] = problem
                    continue
                value = int(str(value).strip())
            values[rf.name] = value
        return values, problems

    def current_values(self) -> dict[str, Any]:
        """Every readable field's value (a field being mistyped keeps its default)."""
        values, _ = self.read_rules()
        return {rf.name: values.get(rf.name, rf.default) for rf in self._fields}

    def _defaults(self) -> dict[str, Any]:
        return {rf.name: rf.default for rf in self._fields}

    # ------------------------------------------------------------------ showing problems
    def _set_problem(self, widget_id: str, message: str) -> None:
        note = self._widget(f"#{widget_id}", Static)
        if note is None:
            return
        note.update(message)
        note.set_class(bool(message), "-shown")

    def _check_names(self) -> list[str]:
        """Show a message under every seat whose name is not usable; returns them."""
        from cardtable.tui.screens.picker_form import name_problems

        seats = self._read_seats()
        problems = name_problems([name for name, _ in seats])
        for i in range(self._spec.max_players):
            self._set_problem(f"seat-{i}-error", problems[i] if i < len(problems) else "")
        return problems

    def _check_number(self, rf: RuleField) -> str:
        widget = self._widget(f"#{rf.widget_id}", Input)
        problem = rf.number_problem(widget.value) if widget is not None else ""
        self._set_problem(f"{rf.widget_id}-error", problem)
        return problem

    def _refresh_problems(self) -> None:
        self._check_names()
        for rf in self._fields:
            if rf.kind == "number":
                self._check_number(rf)

    def validate_form(self) -> bool:
        """Check seats and rules (the whole model); show every problem. True if all is well."""
        import pydantic

        values, problems = self.read_rules()
        general: list[str] = []
        if not problems:
            try:
                self._spec.rules_type.model_validate(values)
            except pydantic.ValidationError as exc:
                for err in exc.errors():
                    message = str(err["msg"]).removeprefix("Value error, ")
                    loc = err["loc"]
                    name = str(loc[0]) if loc else ""
                    if name in values:
                        problems[name] = f"{problems[name]} {message}" if name in problems else message
                    else:
                        general.append(message)
        for rf in self._fields:
            self._set_problem(f"{rf.widget_id}-error", problems.get(rf.name, ""))
        self._set_problem("form-error", " ".join(general))
        seat_problems = self._check_names()
        bad_seat = next((i for i, p in enumerate(seat_problems) if p), None)
        if bad_seat is not None:
            self._focus_problem(f"#seat-name-{bad_seat}")
        elif problems:
            first = next(rf for rf in self._fields if rf.name in problems)
            self._focus_problem(f"#{first.widget_id}")
        elif general:
            self._focus_problem("#form-error")
        ok = bad_seat is None and not problems and not general
        if not ok:
            self.notify("Some choices need fixing first: see the notes in red.", severity="warning")
        return ok

    def _focus_problem(self, selector: str) -> None:
        widget = self._widget(selector, Widget)
        if widget is None:
            return
        if widget.focusable:
            widget.focus()
        self.query_one("#picker-form", VerticalScroll).scroll_to_widget(widget, animate=False)

    # ------------------------------------------------------------------ drafts and memory
    def _initial_draft(self, spec: GameSpec, carry: list[tuple[str, str]] | None) -> Draft:
        """The saved edits of this run, else the remembered set-up, else the defaults.

        ``carry`` are the seats last set by a person (in another game's form, or remembered
        for the game first shown), used when nothing is remembered for ``spec``.
        """
        from cardtable.bots import BOTS
        from cardtable.tui.screens.picker_form import HUMAN, Draft, default_name, known_values, rule_fields

        if spec.id in self._drafts:
            return self._drafts[spec.id]
        fields = {rf.name: rf for rf in rule_fields(spec.rules_type)}
        values = {name: rf.default for name, rf in fields.items()}
        preset: str | None = None
        seats: list[tuple[str, str]] = list(carry or [])
        remembered = self._remembered(spec.id)
        if remembered is not None:
            if remembered.preset is not None and remembered.preset in spec.presets:
                preset = remembered.preset
                values.update(known_values(fields, spec.presets[remembered.preset]))
            values.update(known_values(fields, remembered.rules))
            if remembered.seats:
                seats = [
                    (str(name), kind if kind == HUMAN or kind in BOTS else HUMAN)
                    for name, kind in remembered.seats
                ]
        if not seats:
            seats = [("Ann", HUMAN), ("Bob", HUMAN)]
        seats = seats[: spec.max_players]
        while len(seats) < spec.usual_players:
            seats.append((default_name([n for n, _ in seats], len(seats)), HUMAN))
        raw = {name: fields[name].to_raw(value) for name, value in values.items()}
        return Draft(preset=preset, raw=raw, seats=seats)

    def _remembered(self, game_id: str) -> GameSetup | None:
        from cardtable.tui.settings import GameSetup

        settings = getattr(self.app, "settings", None)
        last = getattr(settings, "last", None) or {}
        setup = last.get(game_id)
        return setup if isinstance(setup, GameSetup) else None

    def _save_draft(self) -> Draft | None:
        """Keep what the shown form holds, for a later showing; returns it (None: no form)."""
        from cardtable.tui.screens.picker_form import Draft

        if self._widget("#player-count", Select) is None:
            return None
        draft = self._drafts[self._spec.id] = Draft(
            preset=self._preset, raw=self._read_raw(), seats=self._read_seats()
        )
        return draft

    async def select_game(self, game_id: str) -> None:
        """Show the form of another game (keeping this one's edits for later).

        One at a time: each highlight (fast arrows, a refilled filter list) starts one, and
        two interleaved would leave one game's title over another's form."""
        async with self._select_lock:
            await self._select_game(game_id)

    async def _select_game(self, game_id: str) -> None:
        from cardtable.engine import get
        from cardtable.tui.screens.picker_form import rule_fields

        spec = get(game_id)
        if spec.id == self._spec.id:
            return
        left = self._save_draft()
        # Only seats someone set carry on: passing over a game whose form filled in more
        # seats (its usual count) while typing a filter must not change the next game's.
        if left is not None and left.seats != self._shown_seats.get(self._spec.id):
            self._carry = left.seats
        self._spec = spec
        self._fields = rule_fields(spec.rules_type)
        draft = self._initial_draft(spec, self._carry)
        self._preset = draft.preset
        await self._show_form(draft)
        self.query_one("#picker-form", VerticalScroll).scroll_home(animate=False)

    async def _show_form(self, draft: Draft) -> None:
        """Show the chosen game's title and form (built from ``draft`` on its first showing,
        then kept) and hide the others.

        The shown form is moved first in the scroll box: the forms repeat the same ids, and a
        query from the screen (breadth first) then finds the shown one's."""
        from cardtable.tui.screens.picker_build import GameForm, form_widgets

        spec = self._spec
        self._shown_seats.setdefault(spec.id, draft.seats)
        self.query_one("#game-title", Static).update(spec.title)
        self.query_one("#game-summary", GameSummary).show(spec)
        scroll = self.query_one("#picker-form", VerticalScroll)
        shown = self._forms.get(spec.id)
        focused = self.focused
        for game_id, other in self._forms.items():
            if game_id != spec.id and focused is not None and other in focused.ancestors:
                self.query_one("#game-list", OptionList).focus()  # keys never go to a hidden form
            other.display = game_id == spec.id
        if shown is None:
            shown = GameForm(*form_widgets(spec, draft), classes="game-form")
            self._forms[spec.id] = shown
            await scroll.mount(shown, before=0)
            if len(self._forms) > self.KEPT_FORMS:
                await self._forms.pop(next(iter(self._forms))).remove()  # the least recent
        else:
            self._forms[spec.id] = self._forms.pop(spec.id)  # now the most recent
            if scroll.children and scroll.children[0] is not shown:
                scroll.move_child(shown, before=0)
        self._refresh_problems()
        self.sync_preset()

    async def open_game(
        self,
        game_id: str,
        preset: str | None = None,
        seats: list[tuple[str, str]] | None = None,
        to_seats: bool = True,
    ) -> None:
        """Show ``game_id`` (the filter cleared) with ``preset`` chosen (None: its set-up as
        it was) and ``seats`` ((name, kind) each; None: as they were), and put the focus on
        the seats, ready for people and computer players (``to_seats`` False: on the game
        list, for a person who is yet to choose the game)."""
        if not self.ready:
            await self._populate()
        box = self.query_one("#game-filter", Input)
        if box.value:
            box.value = ""
            await self.apply_filter("")
        await self.select_game(game_id)
        game_list = self.query_one("#game-list", OptionList)
        ids = [game_list.get_option_at_index(i).id for i in range(game_list.option_count)]
        if game_id in ids:
            game_list.highlighted = ids.index(game_id)
        if preset is not None:
            self._choose_preset(preset)
        count = self._widget("#player-count", Select)
        if seats and count is not None:
            self._fill_seats(count, seats)
        self.query_one("#picker-form", VerticalScroll).scroll_home(animate=False)
        if not to_seats:
            game_list.focus()
        elif count is not None:
            count.focus()

    def _choose_preset(self, preset: str) -> None:
        """Show ``preset`` chosen and its rules filled in (a name the game has not: nothing)."""
        chooser = self._widget("#preset", Select)
        if preset in self._spec.presets and chooser is not None:
            chooser.value = preset
            self.apply_preset(preset)

    def _fill_seats(self, count: Select[int], seats: list[tuple[str, str]]) -> None:
        """Put ``seats`` in the seat rows (a game started on the command line left them
        elsewhere) and show as many rows."""
        from cardtable.tui.screens.picker_form import HUMAN, seat_kind_options

        seats = seats[: self._spec.max_players]
        for i, (name, kind) in enumerate(seats):
            box, chooser = self._widget(f"#seat-name-{i}", Input), self._widget(f"#seat-kind-{i}", Select)
            if box is not None and chooser is not None:
                box.value = name
                chooser.value = kind if kind in dict(seat_kind_options()).values() else HUMAN
        if len(seats) >= self._spec.min_players:
            count.value = len(seats)
            self._show_seats(len(seats))
        self._check_names()

    def apply_preset(self, preset: str | None) -> None:
        """Fill the rule fields with the preset's values over the defaults."""
        self._preset = preset
        values = self._preset_values(preset)
        for rf in self._fields:
            self._set_widget(rf, rf.to_raw(values[rf.name]))
        self._set_problem("form-error", "")

    def _preset_values(self, preset: str | None) -> dict[str, Any]:
        """Every field's value under ``preset`` (None: the defaults)."""
        from cardtable.tui.screens.picker_form import known_values

        values = self._defaults()
        if preset is not None:
            values.update(known_values({rf.name: rf for rf in self._fields}, self._spec.presets[preset]))
        return values

    def sync_preset(self) -> None:
        """The preset box says "custom" while a rule departs from the chosen preset (or from
        the defaults), and the preset's name again once they all agree. The preset chosen
        stays what a start sends, with the rules changed from it."""
        from cardtable.tui.screens.picker_build import CUSTOM

        chooser = self._widget("#preset", Select)
        if chooser is None:
            return
        custom = self.current_values() != self._preset_values(self._preset)
        shown = CUSTOM if custom else (self._preset if self._preset is not None else Select.NULL)
        if chooser.value != shown:
            chooser.value = shown

    def _set_widget(self, rf: RuleField, raw: Any) -> None:
        from textual.widgets import Switch

        widget = self._widget(f"#{rf.widget_id}", Widget)
        if isinstance(widget, Switch):
            widget.value = bool(raw)
        elif isinstance(widget, Select):
            widget.value = raw
        elif isinstance(widget, Input):
            widget.value = str(raw)
        self._set_problem(f"{rf.widget_id}-error", rf.number_problem(str(raw)) if rf.kind == "number" else "")

    # ------------------------------------------------------------------ events
    @on(OptionList.OptionHighlighted, "#game-list")
    async def _game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Arrowing fast through the list: a highlight already moved on is skipped (the later
        # one is queued behind it), so only the game the highlight rests on builds its form.
        now = event.option_list.highlighted_option
        if event.option_id is not None and (now is None or now.id == event.option_id):
            await self.select_game(event.option_id)

    @on(OptionList.OptionSelected, "#game-list")
    async def _game_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is not None:
            from cardtable.tui.screens.picker_form import typed_preset

            await self.select_game(event.option_id)
            preset = typed_preset(self._spec, self.query_one("#game-filter", Input).value)
            # once: Enter again on the game (back from its form, the filter kept) must not
            # put the preset's rules back over the edits made since
            if preset is not None and (self._spec.id, preset) not in self._typed_chosen:
                self._typed_chosen.add((self._spec.id, preset))
                self._choose_preset(preset)
        count = self._widget("#player-count", Select)
        if count is not None:
            count.focus()
            self.query_one("#picker-form", VerticalScroll).scroll_home(animate=False)

    @on(Select.Changed, "#player-count")
    def _count_changed(self, event: Select.Changed) -> None:
        if not self._shown(event.select) or not isinstance(event.value, int):
            return
        self._show_seats(event.value)
        self._check_names()

    def _show_seats(self, count: int) -> None:
        for i in range(self._spec.max_players):
            row = self._widget(f"#seat-{i}", Vertical)
            if row is not None:
                row.display = i < count

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        from cardtable.tui.screens.picker_build import CUSTOM

        if not self._shown(event.select):
            return
        if event.value is CUSTOM:
            self.sync_preset()  # chosen from the list: nothing to fill in, say what is so
            return
        preset = event.value if isinstance(event.value, str) else None
        if preset != self._preset:
            self.apply_preset(preset)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        # (a handler by name: Switch itself is imported with the first form)
        if not self._shown(event.switch):
            return
        state = self._widget(f"#{event.switch.id}-state", Static) if event.switch.id else None
        if state is not None:
            state.update("on" if event.value else "off")
            state.set_class(event.value, "-on")
        self.sync_preset()

    @on(Select.Changed, ".rule-choice")
    @on(Input.Changed, ".rule-text")
    def _rule_changed(self, event: Select.Changed | Input.Changed) -> None:
        if self._shown(event.control):
            self.sync_preset()

    @on(Input.Changed, ".seat-name")
    def _name_changed(self, event: Input.Changed) -> None:
        if self._shown(event.input):
            self._check_names()

    @on(Input.Changed, ".rule-number")
    def _number_changed(self, event: Input.Changed) -> None:
        if not self._shown(event.input) or not event.input.id:
            return
        name = event.input.id.removeprefix("rule-")
        rf = next((f for f in self._fields if f.name == name), None)
        if rf is not None:
            self._check_number(rf)
        self.sync_preset()

    def on_descendant_focus(self, event: events.DescendantFocus | events.DescendantBlur) -> None:
        self._mark_form_focus()

    on_descendant_blur = on_descendant_focus

    def _mark_form_focus(self) -> None:
        """Outline the form while the focus is inside it (what ``:focus-within`` did)."""
        try:
            scroll = self.query_one("#picker-form", VerticalScroll)
        except NoMatches:  # the screen is being taken down
            return
        focused = self.focused
        # (the box itself takes the focus too, a Tab stop where the arrows scroll the form)
        inside = focused is not None and (focused is scroll or scroll in focused.ancestors)
        # the box alone is restyled: set_class restyles all ninety widgets in it (120 ms)
        scroll.set_class(inside, "-focus-inside", update=False)
        self.app.stylesheet.update_nodes([scroll], animate=True)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        actions = {
            "start": self.action_start,
            "resume": self.action_resume,
            "rules": self.action_rules,
            "quit": self.action_quit_picker,
        }
        action = actions.get(event.button.id or "")
        if action is not None:
            event.stop()
            action()

    # ------------------------------------------------------------------ actions
    def action_start(self) -> None:
        """Check everything; remember the set-up and start the game, or show what is wrong."""
        from cardtable.tui.screens.picker_form import HUMAN, rules_to_send

        if not self.ready:
            self.notify("The table is still being set up: press ctrl+s again in a moment.", timeout=3)
            return
        if not self.validate_form():
            return
        spec = self._spec
        values, _ = self.read_rules()
        preset_values = dict(spec.presets[self._preset]) if self._preset is not None else None
        rules = rules_to_send(values, self._defaults(), preset_values)
        seats = [(name.strip(), kind) for name, kind in self._read_seats()]
        app = self.table_app
        from cardtable.session import NewGame
        from cardtable.tui.settings import GameSetup

        app.settings.last[spec.id] = GameSetup(preset=self._preset, rules=rules, seats=seats)
        app.settings.last_game = spec.id
        app.remember()
        self._save_draft()
        app.start_session(
            NewGame(
                spec.id,
                [name for name, _ in seats],
                [None if kind == HUMAN else kind for _, kind in seats],
                rules=rules,
                preset=self._preset,
            )
        )

    def action_resume(self) -> None:
        """Open the autosaved game."""
        self.table_app.resume_session()

    def action_history(self) -> None:
        """The matches played so far, and their statistics."""
        from cardtable.tui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_rules(self) -> None:
        """The rules of the selected game, with the form's values marked."""
        if self.ready:
            self.table_app.show_rules(self._spec.id, self.current_values())

    @on(Input.Changed, "#game-filter")
    async def _filter_changed(self, event: Input.Changed) -> None:
        await self.apply_filter(event.value)

    @on(Input.Submitted, "#game-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#game-list", OptionList).focus()

    def on_key(self, event: Any) -> None:
        """Typing on the game list filters it; up/down in the filter move the list."""
        game_list = self.query_one("#game-list", OptionList)
        box = self.query_one("#game-filter", Input)
        if game_list.has_focus and event.character and event.character.isprintable():
            if event.character == "?" or (event.key == "space" and not box.value):
                return  # the rules key; a space before any word means nothing
            box.value += event.character  # (a space too: a filter may be two words)
            event.stop()
        elif game_list.has_focus and event.key == "backspace" and box.value:
            box.value = box.value[:-1]
            event.stop()
        elif box.has_focus and event.key in ("down", "up"):
            game_list.focus()
            event.stop()

    def action_back(self) -> None:
        """Escape: clear the filter; from the form back to the game list; from the list, quit."""
        game_list = self.query_one("#game-list", OptionList)
        box = self.query_one("#game-filter", Input)
        if box.value and (game_list.has_focus or box.has_focus):
            box.value = ""
            game_list.focus()
        elif box.has_focus:
            game_list.focus()
        elif game_list.has_focus:
            self.app.exit()
        else:
            game_list.focus()

    def action_quit_picker(self) -> None:
        """Leave the app."""
        self.app.exit()
