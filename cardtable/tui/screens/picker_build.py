"""The widgets of a game's set-up form in the picker: seats, preset and one block per rule
(and the lines of the game list, :func:`game_options`).

Built from a :class:`~cardtable.tui.screens.picker_form.Draft` (what to fill in) and the game's
spec; the picker screen mounts them, reads them back and reacts to their changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static, Switch
from textual.widgets.option_list import Option

from cardtable.tui.screens.picker_form import (
    HUMAN,
    Draft,
    RuleField,
    choice_label,
    counts_label,
    default_name,
    game_rank,
    rule_fields,
    seat_kind_options,
)
from cardtable.tui.screens.picker_style import FORM_CSS

if TYPE_CHECKING:
    from cardtable.engine import GameSpec


class _Custom:
    """The preset box's "custom" entry (no preset can be named by it)."""

    def __repr__(self) -> str:
        return "CUSTOM"


CUSTOM = _Custom()


class GameForm(Vertical):
    """One game's set-up form (the widgets of :func:`form_widgets`). Its look comes with it:
    Textual parses a widget's CSS when the first one mounts, after the picker's first frame."""

    SCOPED_CSS = False  # the rules name the picker screen, as its own do
    DEFAULT_CSS = FORM_CSS


def default_count(spec: GameSpec, seats: list[tuple[str, str]]) -> int:
    """The player count the form opens with: the fewest the game takes that seats everyone
    in ``seats``. Only the counts the game takes are offered (Joker: 4, 6 or 8; a 5 offered
    would be refused)."""
    counts = spec.player_counts
    return next((n for n in counts if n >= len(seats)), counts[-1])


def form_widgets(spec: GameSpec, draft: Draft) -> list[Widget]:
    """Seats, then the preset and one block per rule field, then the form-wide error line."""
    widgets: list[Widget] = [Label("Players", classes="picker-heading")]
    count = default_count(spec, draft.seats)
    widgets.append(
        Horizontal(
            Label("How many players", classes="form-label"),
            Select(
                [(str(n), n) for n in spec.player_counts],
                value=count,
                allow_blank=False,
                compact=True,
                id="player-count",
            ),
            classes="form-row",
        )
    )
    kinds = seat_kind_options()
    seats = list(draft.seats)
    while len(seats) < spec.max_players:
        seats.append((default_name([n for n, _ in seats], len(seats)), HUMAN))
    for i, (name, kind) in enumerate(seats[: spec.max_players]):
        row = Vertical(
            Horizontal(
                Label(f"Seat {i + 1}", classes="seat-label"),
                Input(name, placeholder="name", compact=True, id=f"seat-name-{i}", classes="seat-name"),
                Select(
                    kinds,
                    value=kind,
                    allow_blank=False,
                    compact=True,
                    id=f"seat-kind-{i}",
                    classes="seat-kind",
                ),
                classes="form-row",
            ),
            Static("", id=f"seat-{i}-error", classes="field-error", markup=False),
            id=f"seat-{i}",
            classes="seat",
        )
        row.display = i < count
        widgets.append(row)

    widgets.append(Label("Rules", classes="picker-heading section-gap"))
    if spec.presets:
        # "custom" is what the preset reads once a rule departs from it (item 17)
        preset_options: list[tuple[str, object]] = [(name, name) for name in spec.presets]
        preset_options.append(("custom", CUSTOM))
        widgets.append(
            Horizontal(
                Label("Preset", classes="form-label"),
                Select(
                    preset_options,
                    value=draft.preset if draft.preset is not None else Select.NULL,
                    prompt="Defaults",
                    allow_blank=True,
                    compact=True,
                    id="preset",
                ),
                classes="form-row rule",
            )
        )
    widgets.extend(
        rule_block(rf, draft.raw.get(rf.name, rf.to_raw(rf.default))) for rf in rule_fields(spec.rules_type)
    )
    widgets.append(Static("", id="form-error", classes="field-error", markup=False))
    return widgets


def rule_block(rf: RuleField, raw: Any) -> Widget:
    """One rule's row (its control by the field's kind), its help and its error line."""
    control: Widget
    extra: list[Widget] = []
    if rf.kind == "switch":
        control = Switch(value=bool(raw), id=rf.widget_id)
        extra.append(switch_state(bool(raw), rf.widget_id))
    elif rf.kind == "choice":
        options = [(choice_label(c), c) for c in rf.choices]
        control = Select(
            options, value=raw, allow_blank=False, compact=True, id=rf.widget_id, classes="rule-choice"
        )
    elif rf.kind == "number":
        lo, hi = rf.bounds
        control = Input(
            str(raw),
            type="integer",
            validators=[Integer(minimum=lo, maximum=hi)],
            compact=True,
            id=rf.widget_id,
            classes="rule-number",
        )
    else:
        control = Input(str(raw), compact=True, id=rf.widget_id, classes="rule-text")
    parts: list[Widget] = [
        Horizontal(
            Label(rf.title + rf.bounds_text(), classes="form-label rule-title", markup=False),
            control,
            *extra,
            classes="form-row",
        )
    ]
    if rf.description:
        parts.append(Static(rf.description, classes="rule-help", markup=False))
    parts.append(Static("", id=f"{rf.widget_id}-error", classes="field-error", markup=False))
    return Vertical(*parts, id=f"{rf.widget_id}-box", classes="rule")


def switch_state(on: bool, widget_id: str) -> Label:
    """The "on"/"off" word beside a switch, for terminals where its colours are faint."""
    return Label(
        "on" if on else "off", id=f"{widget_id}-state", classes="switch-state -on" if on else "switch-state"
    )


def game_options(specs: Sequence[GameSpec], query: str = "") -> list[Option]:
    """The picker's game list: one line per game (title and player count), under a header
    per family; the description is in the detail pane, so the list never wraps. With a
    ``query``, the games whose titles match come first (and their families): a word of a
    game's title ranks that game above the games where the word is only in a preset's name."""
    from cardtable.engine.registry import FAMILIES

    ranks = {s.id: rank for s in specs if (rank := game_rank(s, query)) is not None}
    groups = [[s for s in specs if s.family == family and s.id in ranks] for family in FAMILIES]
    groups = sorted((sorted(g, key=lambda s: ranks[s.id]) for g in groups if g), key=lambda g: ranks[g[0].id])
    options: list[Option] = []
    for games in groups:
        family = games[0].family
        options.append(
            Option(
                Content.styled(family.capitalize(), "bold $text-muted"), id=f"family:{family}", disabled=True
            )
        )
        for spec in games:
            label = Content.assemble(" ", (spec.title, "bold"), ("  " + counts_label(spec), "dim"))
            options.append(Option(label, id=spec.id))
    return options
