"""Pilot tests of the game picker (generic: they read games from the registry).

``start_session``, ``resume_session``, ``show_rules`` and ``exit`` are replaced by
recorders, so the tests do not depend on the table screen.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pydantic import field_validator, model_validator
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList, Select, Static, Switch
from tui_helpers import until

from cardtable.bots import BOTS
from cardtable.engine import GameSpec, all_games
from cardtable.engine.registry import FAMILIES
from cardtable.session import NewGame
from cardtable.tui.app import CardTableApp
from cardtable.tui.screens.picker import PickerScreen
from cardtable.tui.screens.picker_build import CUSTOM
from cardtable.tui.screens.picker_form import (
    RuleField,
    name_problems,
    rule_fields,
    rules_to_send,
    typed_preset,
)
from cardtable.tui.settings import GameSetup, Settings

SIZE = (100, 40)


class Calls:
    """Records calls made in place of an app method."""

    def __init__(self) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append((args, kwargs))


def make_app(tmp_path: Path, settings: Settings | None = None) -> tuple[CardTableApp, dict[str, Calls]]:
    app = CardTableApp(
        settings=settings or Settings(),
        save_path=tmp_path / "autosave.ctr",
        settings_file=tmp_path / "settings.json",
    )
    calls = {name: Calls() for name in ("start_session", "resume_session", "show_rules", "exit")}
    for name, recorder in calls.items():
        setattr(app, name, recorder)
    return app, calls


def picker(app: CardTableApp) -> PickerScreen:
    screen = app.screen
    assert isinstance(screen, PickerScreen)
    return screen


@asynccontextmanager
async def on_picker(
    tmp_path: Path, settings: Settings | None = None, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[Pilot[None], PickerScreen, dict[str, Calls]]]:
    """The app running on its picker, settled: the pilot, the picker screen and the call
    recorders of :func:`make_app`."""
    app, calls = make_app(tmp_path, settings)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield pilot, picker(app), calls


def first_spec() -> GameSpec:
    return all_games()[0]


def number_field(spec: GameSpec) -> RuleField | None:
    return next(
        (f for f in rule_fields(spec.rules_type) if f.kind == "number" and f.bounds[1] is not None), None
    )


def switch_field(spec: GameSpec) -> RuleField:
    found = next((f for f in rule_fields(spec.rules_type) if f.kind == "switch"), None)
    if found is None:
        pytest.skip(f"{spec.id} has no on/off rule")
    return found


def shown_error(screen: PickerScreen, widget_id: str) -> str:
    note = screen.query_one(f"#{widget_id}", Static)
    return str(note.render()) if note.has_class("-shown") else ""


def shown_form(screen: PickerScreen, spec: GameSpec) -> Any:
    """The one game form on view (each game shown keeps its own), checked to be ``spec``'s
    by its seat rows."""
    shown = [form for form in screen.query(".game-form") if form.display]
    assert len(shown) == 1 and len(shown[0].query(".seat")) == spec.max_players
    return shown[0]


def call_counts(calls: dict[str, Calls]) -> dict[str, int]:
    """How many times each recorded callback ran, leaving out those never called."""
    return {name: len(rec.calls) for name, rec in calls.items() if rec.calls}


def game_ids(game_list: OptionList) -> list[str | None]:
    """The ids of the list's game lines (family headers left out)."""
    options = [game_list.get_option_at_index(i) for i in range(game_list.option_count)]
    return [o.id for o in options if not o.disabled]


async def test_lists_every_registered_game_grouped_by_family(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        game_list = screen.query_one("#game-list", OptionList)
        specs = all_games()
        order = [f for f in FAMILIES if any(s.family == f for s in specs)]
        expected = [s.id for f in order for s in specs if s.family == f]
        assert game_ids(game_list) == expected
        headers = [
            str(game_list.get_option_at_index(i).prompt)
            for i in range(game_list.option_count)
            if game_list.get_option_at_index(i).disabled
        ]
        assert headers == [f.capitalize() for f in order]
        assert game_list.get_option_at_index(game_list.highlighted or 0).id == specs[0].id
        assert pilot.app.focused is game_list
        for spec in specs:
            line = str(game_list.get_option(spec.id).prompt)
            assert spec.title in line and "\n" not in line  # one line; the description is beside
        summary = str(screen.query_one("#game-summary", Static).render())
        assert specs[0].summary.split(":")[0] in summary
        assert picker(pilot.app).game_id == specs[0].id


async def test_letters_typed_before_the_games_load_filter_the_list(tmp_path: Path, monkeypatch) -> None:
    """Play-test: 'gin' typed in the first moment (the list still empty) said "No game matches
    'gin'" over the whole list, with Scala 40's form; the games now come filtered. And ctrl+s
    then says the table is still being set up instead of doing nothing."""
    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 30.0)  # the games wait: the first moment
    app = CardTableApp(settings_file=tmp_path / "settings.json", save_path=tmp_path / "autosave.ctr")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PickerScreen) and not screen.ready
        await pilot.press(*"gin", "ctrl+s")
        await pilot.pause()
        assert any("still being set up" in n.message for n in app._notifications)
        note = screen.query_one("#filter-note", Static)
        assert not note.has_class("-shown")
        await screen._populate()
        await until(pilot, lambda: screen.game_id == "gin" and screen._forms.get("gin") is not None)
        assert game_ids(screen.query_one("#game-list", OptionList)) == ["gin"]
        assert not note.has_class("-shown")
        # (the gin form's controls finish mounting before the app closes)
        selects = screen._forms["gin"].query(Select)
        await until(pilot, lambda: all(s.is_mounted and s.children for s in selects))


async def test_typing_on_the_list_filters_it(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        game_list = screen.query_one("#game-list", OptionList)
        await pilot.press(*"page")
        await pilot.pause()
        assert screen.query_one("#game-filter", Input).value == "page"
        assert game_ids(game_list) == ["page-one"]
        assert screen.game_id == "page-one"
        # a preset's name finds its game (Five Crowns is a preset of Progressive Rummy)
        await pilot.press("escape")
        await pilot.press(*"crowns")
        await pilot.pause()
        assert game_ids(game_list) == ["progressive-rummy"]
        await pilot.press(*"zzz")
        await pilot.pause()
        assert game_ids(game_list) == []
        note = screen.query_one("#filter-note", Static)
        assert note.has_class("-shown") and "No game matches" in str(note.render())
        await pilot.press("backspace", "backspace", "backspace")
        await pilot.pause()
        assert game_ids(game_list) == ["progressive-rummy"] and not note.has_class("-shown")
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one("#game-filter", Input).value == ""
        assert len(game_ids(game_list)) == len(all_games())
        assert not calls["exit"].calls  # the first Escape clears the filter, it does not quit
        # a title that starts with the word comes first, and is highlighted, before the games
        # found by a preset's name (Progressive Rummy's Five Crowns, Page One's five cards)
        await pilot.press(*"five")
        await until(pilot, lambda: screen.game_id == "five-hundred")
        listed = game_ids(game_list)
        assert listed[0] == "five-hundred" and {"progressive-rummy", "page-one"} <= set(listed[1:])


async def test_a_filter_of_two_words_keeps_its_space(tmp_path: Path) -> None:
    """Playtest: typing "joker p" on the list filtered by "jokerp" and found no game (the
    space was dropped). A space goes into the filter once it holds a word."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _calls):
        game_list = screen.query_one("#game-list", OptionList)
        box = screen.query_one("#game-filter", Input)
        await pilot.press("space")  # nothing typed yet: no leading space
        await pilot.pause()
        assert box.value == ""
        await pilot.press(*"joker", "space", "p")
        await until(pilot, lambda: screen.game_id == "joker-poker")
        assert box.value == "joker p"
        assert game_ids(game_list)[:2] == ["joker-poker", "joker-poker-video"]  # titles starting so


async def test_a_game_found_by_its_preset_opens_with_that_preset(tmp_path: Path) -> None:
    """Playtest: typing "five crowns" found Progressive Rummy, but Enter then showed its
    default rules, and a player started 3-13 expecting Five Crowns."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _calls):
        await pilot.press(*"five", "space", *"crowns")
        await until(pilot, lambda: screen.game_id == "progressive-rummy")
        await pilot.press("enter")
        await until(pilot, lambda: screen.query_one("#preset", Select).value == "Five Crowns")
        assert screen.current_values() == screen._preset_values("Five Crowns")
        # a filter that names the game itself keeps the game's own set-up
        await pilot.press("escape", "escape")
        await pilot.press(*"gin", "enter")
        await until(pilot, lambda: screen.game_id == "gin")
        assert screen.query_one("#preset", Select).value != "Oklahoma"


async def test_enter_again_on_the_game_keeps_the_edits_made_after_the_preset(tmp_path: Path) -> None:
    """Review: back on the list (the filter kept), Enter on the game chose the typed preset
    again and put its rules back over the person's edits."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _calls):
        screen.query_one("#game-filter", Input).value = "oklahoma"  # (typing it took seconds)
        await until(pilot, lambda: screen.game_id == "gin")
        await pilot.press("enter")
        await until(pilot, lambda: screen.query_one("#preset", Select).value == "Oklahoma")
        box = screen.query_one("#rule-target_score", Input)
        box.value = "250"
        await pilot.pause()
        await pilot.press("escape")  # back to the list, the filter kept
        await pilot.pause()
        assert screen.query_one("#game-filter", Input).value == "oklahoma"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#rule-target_score", Input).value == "250"


@pytest.mark.parametrize(
    ("typed", "game", "preset"),
    [
        ("ok", "rummy51", None),  # "ok" inside "jokers" names no preset
        ("okla", "gin", "Oklahoma"),
        ("ma", "page-one", None),  # two letters begin "match" but are not a word of it
        ("pool 101", "indian-rummy", "pool 101"),  # typed whole: not the longer "pool 101 with ..."
    ],
)
def test_a_filter_names_a_preset_by_the_starts_of_its_words(
    typed: str, game: str, preset: str | None
) -> None:
    """Review: a letter or two found inside a preset's name chose that preset (and its rules
    replaced the remembered ones)."""
    spec = next(s for s in all_games() if s.id == game)
    assert typed_preset(spec, typed) == preset, list(spec.presets)


@pytest.mark.parametrize("size", [(80, 24), (110, 34)])
async def test_every_game_is_visible_without_scrolling(tmp_path: Path, size: tuple[int, int]) -> None:
    """All the real games (ten now, the nine of the issues among them) fit the list."""
    async with on_picker(tmp_path, size=size) as (_pilot, screen, _):
        game_list = screen.query_one("#game-list", OptionList)
        ids = game_ids(game_list)
        assert len(ids) == len(all_games()) >= 9
        assert game_list.max_scroll_y == 0, "the list scrolls: some game is below the fold"
        assert game_list.region.bottom <= size[1]


async def test_a_widget_for_every_rule_of_every_game(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        for spec in all_games():
            await screen.select_game(spec.id)
            await pilot.pause()
            for name, info in spec.rules_type.model_fields.items():
                widget = screen.query_one(f"#rule-{name}")
                if info.annotation is bool:
                    assert isinstance(widget, Switch)
                    assert widget.value == info.default
                elif info.annotation is int:
                    assert isinstance(widget, Input)
                    assert widget.value == str(info.default)
                else:
                    assert isinstance(widget, Select | Input)
            count = screen.query_one("#player-count", Select)
            # nobody set seats: each game shows the two default ones made up to its usual
            # count (a game passed over does not hand its extra seats on)
            assert count.value == max(spec.usual_players, min(spec.max_players, 2))
            if spec.presets:
                assert screen.query_one("#preset", Select).value is Select.NULL


async def test_default_seats_and_kinds(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (_pilot, screen, _):
        assert screen.query_one("#seat-name-0", Input).value == "Ann"
        assert screen.query_one("#seat-name-1", Input).value == "Bob"
        kind = screen.query_one("#seat-kind-0", Select)
        assert kind.value == "human"
        labels = [str(prompt) for prompt, _ in kind._options]
        assert labels[0] == "Human"
        assert "Computer (random)" in labels
        assert len(labels) == 1 + len(BOTS)
        assert not screen.query_one("#seat-2").display


async def test_player_count_shows_and_hides_seats(tmp_path: Path) -> None:
    spec = first_spec()
    if spec.max_players < 3:
        pytest.skip("needs a game for three")
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        screen.query_one("#player-count", Select).value = 3
        await pilot.pause()
        assert screen.query_one("#seat-2").display
        new_name = screen.query_one("#seat-name-2", Input).value
        assert new_name and new_name not in ("Ann", "Bob")
        await pilot.press("ctrl+s")
        await pilot.pause()
        (new,), _ = calls["start_session"].calls[0]
        assert new.players == ["Ann", "Bob", new_name]


async def test_only_seats_someone_set_carry_to_the_next_game(tmp_path: Path) -> None:
    """Typing "five" once highlighted a four-seat game on the way: its seats, filled in up to
    its usual four and never touched, came on to the next game as four human seats."""
    specs = all_games()
    big = next(s for s in specs if s.usual_players > 3)
    small = [s for s in specs if s.usual_players == 2 and s.max_players >= 3]
    start, target = small[0], small[1]
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        await screen.select_game(big.id)
        await screen.select_game(target.id)
        await pilot.pause()
        assert screen.query_one("#player-count", Select).value == 2
        # seats a person sets do carry, past a game only passed over
        await screen.select_game(start.id)
        await pilot.pause()
        screen.query_one("#player-count", Select).value = 3
        await pilot.pause()
        screen.query_one("#seat-name-2", Input).value = "Cleo"
        screen.query_one("#seat-kind-1", Select).value = "medium"
        await pilot.pause()
        await screen.select_game(big.id)
        await screen.select_game(small[2].id)
        await pilot.pause()
        assert screen.query_one("#player-count", Select).value == 3
        assert screen.query_one("#seat-name-2", Input).value == "Cleo"
        assert screen.query_one("#seat-kind-1", Select).value == "medium"


async def test_enter_on_the_list_moves_to_the_form(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (pilot, _screen, _):
        await pilot.press("enter")
        await pilot.pause()
        assert pilot.app.focused is picker(pilot.app).query_one("#player-count", Select)
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.focused is picker(pilot.app).query_one("#game-list", OptionList)


async def test_every_button_shows_when_it_has_the_focus(tmp_path: Path) -> None:
    """Playtest: Start looked the same with the focus as without (its bold style hid the
    focus's reverse), so Enter's target was a guess."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        for button in screen.query("#picker-buttons Button").results(Button):
            assert not button.styles.text_style.reverse, button.id
            button.focus()
            await pilot.pause()
            assert button.styles.text_style.reverse, button.id
            screen.query_one("#game-list", OptionList).focus()
            await pilot.pause()


async def test_the_summary_fits_its_box_at_80_columns(tmp_path: Path) -> None:
    """Playtest: at 80x24 Five Hundred's presets ran past the summary's five lines and were
    cut off mid-list; where the names do not fit they are counted (the Preset box names
    them), and a wider screen names them again."""
    from cardtable.tui.screens.picker_summary import SUMMARY_LINES

    async with on_picker(tmp_path, size=(80, 24)) as (pilot, screen, _):
        await screen.open_game("five-hundred")
        await pilot.pause()
        box = screen.query_one("#game-summary", Static)
        lines = [ln.text.rstrip() for ln in box.render_lines(box.region.reset_offset)]
        assert "Presets: 5, in the Preset box below" in lines, lines  # whole, in the box
        assert box.size.height == SUMMARY_LINES
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "Australian standard" in str(box.render())


async def test_invalid_int_shows_a_message_and_does_not_start(tmp_path: Path) -> None:
    spec = first_spec()
    rf = number_field(spec)
    if rf is None:
        pytest.skip(f"{spec.id} has no bounded whole-number rule")
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        box = screen.query_one(f"#rule-{rf.name}", Input)
        box.focus()
        box.value = ""
        await pilot.press(*str(rf.bounds[1] + 1))
        await pilot.pause()
        assert "out of range" in shown_error(screen, f"rule-{rf.name}-error")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert calls["start_session"].calls == []
        box.value = ""
        await pilot.pause()
        assert "whole number" in shown_error(screen, f"rule-{rf.name}-error")
        await pilot.click("#start")
        await pilot.pause()
        assert calls["start_session"].calls == []
        box.value = str(rf.default)
        await pilot.pause()
        assert shown_error(screen, f"rule-{rf.name}-error") == ""


async def test_duplicate_and_bad_names_show_a_message(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        second = screen.query_one("#seat-name-1", Input)
        second.value = "ann"
        await pilot.pause()
        assert "seat 1 has this name" in shown_error(screen, "seat-1-error").lower()
        assert "seat 2 has this name" in shown_error(screen, "seat-0-error").lower()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert calls["start_session"].calls == []
        assert pilot.app.focused is screen.query_one("#seat-name-0", Input)
        for bad, words in (("", "name"), ("x" * 25, "24"), ("A:B", "':'")):
            second.value = bad
            await pilot.pause()
            assert words in shown_error(screen, "seat-1-error")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert calls["start_session"].calls == []
        second.value = "Bob"
        await pilot.pause()
        assert shown_error(screen, "seat-1-error") == ""
        assert shown_error(screen, "seat-0-error") == ""


async def test_start_calls_start_session_and_remembers(tmp_path: Path) -> None:
    spec = first_spec()
    rf = switch_field(spec)
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        screen.query_one("#seat-kind-1", Select).value = "random"
        screen.query_one(f"#rule-{rf.name}", Switch).value = not rf.default
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert len(calls["start_session"].calls) == 1
        (new,), kwargs = calls["start_session"].calls[0]
        assert kwargs == {}
        assert new == NewGame(spec.id, ["Ann", "Bob"], [None, "random"], rules={rf.name: not rf.default})
        setup = pilot.app.settings.last[spec.id]
        assert setup.preset is None
        assert setup.rules == {rf.name: not rf.default}
        assert setup.seats == [("Ann", "human"), ("Bob", "random")]
        saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
        assert saved["last"][spec.id]["seats"] == [["Ann", "human"], ["Bob", "random"]]


async def test_remembered_settings_are_restored(tmp_path: Path) -> None:
    spec = first_spec()
    rf = switch_field(spec)
    preset = next(iter(spec.presets), None)
    kinds = [*BOTS]
    seats = [("Zoe", "human"), ("Max", kinds[0])]
    if spec.max_players >= 3:
        seats.append(("Lou", "no-such-level"))
    setup = GameSetup(preset=preset, rules={rf.name: not rf.default, "no_such_rule": 3}, seats=seats)
    async with on_picker(tmp_path, Settings(last={spec.id: setup}), size=SIZE) as (pilot, screen, calls):
        assert screen.query_one(f"#rule-{rf.name}", Switch).value is (not rf.default)
        assert screen.query_one("#player-count", Select).value == len(seats)
        assert screen.query_one("#seat-name-0", Input).value == "Zoe"
        assert screen.query_one("#seat-kind-1", Select).value == kinds[0]
        if len(seats) == 3:
            assert screen.query_one("#seat-kind-2", Select).value == "human"
        if preset is not None:
            # the preset stays the base; its box says "custom" when a remembered rule departs
            under = {**{f.name: f.default for f in rule_fields(spec.rules_type)}, **spec.presets[preset]}
            departs = screen.current_values() != under
            assert screen.query_one("#preset", Select).value == (CUSTOM if departs else preset)
        await pilot.press("ctrl+s")
        await pilot.pause()
        (new,), _ = calls["start_session"].calls[0]
        assert new.players[:2] == ["Zoe", "Max"]
        assert new.preset == preset
        assert new.rules.get(rf.name) == (not rf.default)
        assert "no_such_rule" not in new.rules


def changing_preset(spec: GameSpec) -> tuple[str, str, Any]:
    """A preset and one rule it sets to a value other than the default."""
    defaults = {f.name: f.default for f in rule_fields(spec.rules_type)}
    for name, values in spec.presets.items():
        for key, value in values.items():
            if defaults.get(key) != value:
                return name, key, value
    pytest.skip(f"{spec.id} has no preset that changes a rule")


async def test_preset_fills_the_form(tmp_path: Path) -> None:
    spec = first_spec()
    preset, key, value = changing_preset(spec)
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        widget = screen.query_one(f"#rule-{key}")
        screen.query_one("#preset", Select).value = preset
        await pilot.pause()
        expected = str(value) if isinstance(widget, Input) else value
        assert widget.value == expected  # type: ignore[attr-defined]
        assert screen.current_values() == {
            **{f.name: f.default for f in rule_fields(spec.rules_type)},
            **spec.presets[preset],
        }
        await pilot.press("ctrl+s")
        await pilot.pause()
        (new,), _ = calls["start_session"].calls[0]
        assert new.preset == preset
        screen.query_one("#preset", Select).clear()
        await pilot.pause()
        assert screen.current_values() == {f.name: f.default for f in rule_fields(spec.rules_type)}


async def test_changing_a_preset_value_back_still_counts(tmp_path: Path) -> None:
    spec = first_spec()
    preset, key, _ = changing_preset(spec)
    rf = next(f for f in rule_fields(spec.rules_type) if f.name == key)
    if rf.kind != "switch":
        pytest.skip("the preset's change is not an on/off rule")
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        screen.query_one("#preset", Select).value = preset
        await pilot.pause()
        screen.query_one(f"#rule-{key}", Switch).value = rf.default
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        (new,), _ = calls["start_session"].calls[0]
        combined = {**spec.presets[preset], **new.rules}
        assert combined[key] == rf.default


async def test_single_letter_keys_do_not_fire_while_typing(tmp_path: Path) -> None:
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        name = screen.query_one("#seat-name-0", Input)
        name.focus()
        await pilot.pause()
        await pilot.press("end", "s", "r", "q", "question_mark")
        await pilot.pause()
        assert name.value == "Annsrq?"
        assert all(not c.calls for c in calls.values())
        await pilot.press("backspace", "backspace", "backspace", "backspace", "f1")
        await pilot.pause()
        assert calls["show_rules"].calls
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert calls["resume_session"].calls


async def test_keys_on_the_list(tmp_path: Path) -> None:
    """Letters filter the list, so the list's keys are control keys (and ? for the rules)."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, _screen, calls):
        await pilot.press("ctrl+r")
        await pilot.press("question_mark")
        await pilot.press("ctrl+s")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert call_counts(calls) == {"resume_session": 1, "show_rules": 1, "start_session": 1, "exit": 1}
        await pilot.press("escape")
        await pilot.pause()
        assert call_counts(calls)["exit"] == 2


async def test_buttons(tmp_path: Path) -> None:
    spec = first_spec()
    async with on_picker(tmp_path, size=SIZE) as (pilot, _screen, calls):
        await pilot.click("#rules")
        await pilot.click("#resume")
        await pilot.click("#quit")
        await pilot.pause()
        args, _ = calls["show_rules"].calls[0]
        assert args[0] == spec.id
        assert args[1] == {f.name: f.default for f in rule_fields(spec.rules_type)}
        assert call_counts(calls) == {"resume_session": 1, "show_rules": 1, "exit": 1}


async def test_model_errors_are_shown_next_to_the_field(tmp_path: Path) -> None:
    spec = first_spec()
    rf = switch_field(spec)

    class Picky(spec.rules_type):  # type: ignore[misc,name-defined]
        @field_validator(rf.name)
        @classmethod
        def _never_on(cls, value: bool) -> bool:
            if value != rf.default:
                raise ValueError("not with these friends")
            return value

    class Fussy(spec.rules_type):  # type: ignore[misc,name-defined]
        @model_validator(mode="after")
        def _never(self) -> Fussy:
            raise ValueError("these rules do not go together")

    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, calls):
        screen._spec = replace(spec, rules_type=Picky)
        screen.query_one(f"#rule-{rf.name}", Switch).value = not rf.default
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "not with these friends" in shown_error(screen, f"rule-{rf.name}-error")
        assert calls["start_session"].calls == []
        screen._spec = replace(spec, rules_type=Fussy)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "do not go together" in shown_error(screen, "form-error")
        assert shown_error(screen, f"rule-{rf.name}-error") == ""
        assert calls["start_session"].calls == []


async def test_switching_games_keeps_each_form(tmp_path: Path) -> None:
    specs = all_games()
    if len(specs) < 2:
        pytest.skip("only one game is registered")
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        screen.query_one("#seat-name-0", Input).value = "Zed"
        await pilot.press("down")
        await pilot.pause()
        assert screen.game_id == specs[1].id
        for name in specs[1].rules_type.model_fields:
            assert screen.query_one(f"#rule-{name}")
        assert screen.query_one("#seat-name-0", Input).value == "Zed"
        screen.query_one("#seat-name-0", Input).value = "Yan"
        await pilot.press("up")
        await pilot.pause()
        assert screen.game_id == specs[0].id
        assert screen.query_one("#seat-name-0", Input).value == "Zed"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_fits_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    async with on_picker(tmp_path, size=size) as (_pilot, screen, _):
        width, height = size
        for selector in ("#game-list", "#picker-form", "#player-count", "#seat-name-0", "#seat-kind-1"):
            region = screen.query_one(selector).region
            assert region.width > 0 and region.height > 0, selector
            assert region.right <= width and region.bottom <= height, selector
        for button in screen.query(Button):
            region = button.region
            assert region.width >= len(str(button.label)) and region.bottom <= height - 1


def test_name_problems() -> None:
    assert name_problems(["Ann", "Bob"]) == ["", ""]
    problems = name_problems(["Ann", " ann", "", "x" * 25, "a:b"])
    assert problems[0].startswith("Seat 2 ") and problems[1].startswith("Seat 1 ")
    assert "name" in problems[2] and "24" in problems[3] and "':'" in problems[4]


def test_rules_to_send() -> None:
    defaults = {"a": False, "b": 3, "c": False}
    assert rules_to_send({"a": True, "b": 3, "c": False}, defaults, None) == {"a": True}
    # The preset turns c on; the player turned it off again: that must be sent.
    assert rules_to_send({"a": False, "b": 3, "c": False}, defaults, {"c": True}) == {"c": False}
    assert rules_to_send({"a": False, "b": 3, "c": True}, defaults, {"c": True}) == {"c": True}


async def test_fast_filtering_leaves_title_and_form_of_one_game(tmp_path: Path) -> None:
    """Typing, clearing and typing again at once, then fast arrows: the title, the form and
    game_id agree."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        await pilot.press(*"gin", "escape", *"page")
        await pilot.pause()
        await pilot.pause()
        title = str(screen.query_one("#game-title", Static).render())
        spec = next(s for s in all_games() if s.id == screen.game_id)
        assert screen.game_id == "page-one" and title == spec.title
        # every game shown keeps its form; one is on view, page-one's (a seat row per seat),
        # and it is the one a query from the screen finds
        shown = shown_form(screen, spec)
        assert screen.query_one("#player-count") is shown.query_one("#player-count")
        # arrowing fast: highlights the list has moved past are skipped, the form shown is
        # the one the highlight rests on
        await pilot.press("escape", "down", "down", "down", "up", "down")
        game_list = screen.query_one("#game-list", OptionList)
        await until(pilot, lambda: screen.game_id == game_list.highlighted_option.id)
        spec = next(s for s in all_games() if s.id == screen.game_id)
        assert str(screen.query_one("#game-title", Static).render()) == spec.title
        shown_form(screen, spec)


def test_five_crowns_is_a_preset_of_progressive_rummy() -> None:
    assert "Five Crowns" in next(s for s in all_games() if s.id == "progressive-rummy").presets


# one case per game, so that the test runners share them out (all in one took ~30 s)
@pytest.mark.parametrize("game_id", [spec.id for spec in all_games() if spec.presets])
async def test_presets_are_shown_by_name(tmp_path: Path, game_id: str) -> None:
    """Every game's presets are offered by name, listed in the detail pane, and choosing one
    fills the form with its rules."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        spec = next(s for s in all_games() if s.id == game_id)
        # as from the list, whose highlight moves too: a late highlight of the game shown
        # before must not take the form back to it (seen on a loaded machine)
        await screen.open_game(spec.id)
        await pilot.pause()
        summary = str(screen.query_one("#game-summary", Static).render())
        select = screen.query_one("#preset", Select)
        counted = f"Presets: {len(spec.presets)}, in the Preset box below"  # (too many to name)
        for name, values in spec.presets.items():
            assert name in summary or counted in summary, summary
            select.value = name  # refused (InvalidSelectValueError) unless it is an option
            await pilot.pause()
            await until(pilot, lambda name=name: screen._preset == name)  # a loaded machine lags
            assert {k: screen.current_values()[k] for k in values} == dict(values), (spec.id, name)


async def test_the_picker_opens_on_the_game_last_played(tmp_path: Path) -> None:
    """Issue 24 item 17: a new game defaulted to the first game, not the one last played."""
    from cardtable.engine import all_games

    other = all_games()[-1]
    async with on_picker(tmp_path, Settings(last_game=other.id), size=SIZE) as (pilot, screen, calls):
        assert screen.game_id == other.id
        await pilot.press("ctrl+s")
        await pilot.pause()
        (new,), _ = calls["start_session"].calls[0]
        assert new.game_id == other.id and pilot.app.settings.last_game == other.id


async def test_with_a_form_delay_the_games_come_after_the_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The delay counts from the first frame (a busy machine once drew it after the games
    had loaded); the list still fills in, with the same games."""
    monkeypatch.setattr(PickerScreen, "FORM_DELAY", 0.05)
    app, _ = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = picker(app)
        assert not screen.ready  # mounted and drawn, the games not loaded yet
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.ready:
                break
        assert screen.ready
        assert game_ids(screen.query_one("#game-list", OptionList)) == [
            s.id for f in FAMILIES for s in all_games() if s.family == f
        ]


async def _player_count(tmp_path: Path, game_id: str) -> tuple[list[object], object, list[bool]]:
    """The player counts a fresh picker offers for ``game_id``, the one it shows, and which
    of the first six seat rows are shown."""
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        await screen.open_game(game_id)
        await until(pilot, lambda: screen._spec.id == game_id)
        await pilot.pause()
        count = screen.query_one("#player-count", Select)
        shown = [screen.query_one(f"#seat-{i}").display for i in range(6)]
        return [value for _, value in count._options], count.value, shown


async def test_the_player_count_offers_only_the_counts_the_game_takes(tmp_path: Path) -> None:
    """Joker is played by 4, 6 or 8: the picker offered 5 and 7 too, which the game refuses."""
    offered, value, _ = await _player_count(tmp_path, "joker-marbles")
    assert offered == [4, 6, 8]
    assert value == 4


async def test_the_player_count_starts_at_the_usual_count(tmp_path: Path) -> None:
    """Five Hundred takes 3 to 6 but is usually four in two partnerships: the picker offers 4."""
    offered, value, shown = await _player_count(tmp_path, "five-hundred")
    assert offered == [3, 4, 5, 6]
    assert value == 4
    assert shown == [True, True, True, True, False, False]


async def test_a_broken_plugin_is_named_and_the_other_games_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plug-in that fails to load is left out with a notice; the picker still works."""
    from fake_games import with_broken_plugins

    with_broken_plugins(monkeypatch)
    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        await until(pilot, lambda: screen.ready)
        assert "gin" in game_ids(screen.query_one("#game-list", OptionList))
        notices = [n.message for n in pilot.app._notifications]
        assert any("the game plug-in 'nosuch'" in m for m in notices), notices


async def test_the_footer_keeps_its_keys_as_the_focus_moves(tmp_path: Path) -> None:
    """A Tab moves the focus to a control that may allow other keys: the footer checks them
    and keeps the key widgets it has (Textual's footer built them all again at every Tab,
    half of a Tab's time), with the palette's key at the right."""
    from textual.widgets._footer import FooterKey

    from cardtable.tui.footer import KeysFooter

    async with on_picker(tmp_path, size=SIZE) as (pilot, screen, _):
        await until(pilot, lambda: getattr(screen, "ready", False))
        footer = screen.query_one(KeysFooter)
        before = list(footer.query_children(FooterKey))
        assert [k.action for k in before if k.has_class("-command-palette")] == ["command_palette"]
        for _ in range(12):
            await pilot.press("tab")
            await pilot.pause()
            assert list(footer.query_children(FooterKey)) == before
            shown = [(k.key, k.action, k.description) for k in before[:-1]]
            assert shown == [(b.key, b.action, b.description) for b in footer._shown_bindings()]
        # the form box is outlined while the focus is in it (restyled alone, not its widgets)
        box = screen.query_one("#picker-form")
        screen.query_one("#game-list").focus()
        await pilot.pause()
        plain = box.styles.border_top[1]
        # the box itself is a Tab stop (the arrows scroll the form): lit as well
        for where, inside in (("#player-count", True), ("#game-filter", False), ("#picker-form", True)):
            screen.query_one(where).focus()
            await pilot.pause()
            assert box.has_class("-focus-inside") is inside, where
            assert (box.styles.border_top[1] != plain) is inside, where
