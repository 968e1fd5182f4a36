"""The picker's look, apart from its behaviour (:mod:`cardtable.tui.screens.picker`): the
two panes, the grouped game list, the form, and a focused control that stands out in every
theme (issue 24 item 12: the accent colour with contrasting text, its row's label reversed).

Two sheets: :data:`PICKER_CSS`, what the first frame shows (the panes, the game list, the
filter), and :data:`FORM_CSS`, the set-up form's and its buttons', which Textual parses only
once the first form is mounted (it was a third of the picker's CSS work before the first frame).
Comments sit here rather than in the sheets: Textual reads a comment token by token too.

The summary above the form keeps five lines whatever the game (and before the games load),
so the form box stays where the first frame drew it (a play-test saw it move down four rows
as the form filled in, and up and down while arrowing through games).

The form box's border shows focus by a class the screen sets (``-focus-inside``), not by
``:focus-within``, which restyled the whole form at every Tab (half a second a key with a long
form). The focused control stands out in every theme (item 12): the accent colour with text
that contrasts (the filter box in PICKER_CSS, the form's controls in FORM_CSS)."""

PICKER_CSS = """
    PickerScreen {
        layout: vertical;
        background: $background;
    }
    PickerScreen #picker-body { height: 1fr; }
    PickerScreen #picker-games {
        width: 31;
        height: 1fr;
        padding: 0 0 0 1;
    }
    PickerScreen .picker-heading {
        color: $primary;
        text-style: bold;
        height: 1;
        margin: 1 0 0 0;
    }
    PickerScreen #game-filter { height: 1; margin: 0 0 0 0; }
    PickerScreen #filter-note { color: $warning; height: auto; display: none; }
    PickerScreen #filter-note.-shown { display: block; }
    PickerScreen #game-list {
        height: 1fr;
        background: $surface;
        border: round $panel;
        &:focus { border: round $primary; }
    }
    PickerScreen #picker-side {
        width: 3fr;
        height: 1fr;
        padding: 0 1;
    }
    PickerScreen #game-title { color: $primary; text-style: bold; height: 1; margin: 1 0 0 0; }
    PickerScreen #game-summary {
        color: $text-muted;
        height: 5;  /* SUMMARY_LINES in picker_summary */
    }
    PickerScreen #picker-form {
        height: 1fr;
        background: $surface;
        border: round $panel;
        padding: 0 1;
        scrollbar-gutter: stable;
        &.-focus-inside { border: round $primary; }
    }
    PickerScreen #picker-form > * { max-width: 76; }
    PickerScreen Input.-textual-compact { background: $panel; }
    PickerScreen Input.-textual-compact:focus { background: $accent; color: auto 95%; text-style: bold; }
    PickerScreen #picker-buttons { height: 1; margin: 1 0 0 0; }
"""

FORM_CSS = """
    PickerScreen #picker-buttons Button { margin: 0 1 0 0; min-width: 10; }
    PickerScreen #start { text-style: bold; }
    PickerScreen #start:focus { text-style: bold reverse; }  /* (the rule above hid the focus) */
    PickerScreen .game-form { height: auto; }
    PickerScreen #picker-form .picker-heading { margin: 0; }
    PickerScreen #picker-form .section-gap { margin: 1 0 0 0; }
    PickerScreen .form-row { height: auto; width: 1fr; }
    PickerScreen .form-label { width: 1fr; height: auto; padding: 0 1 0 0; }
    PickerScreen .seat { height: auto; }
    PickerScreen .seat .field-error { padding: 0 0 0 7; }
    PickerScreen .seat-label { width: 7; color: $text-muted; }
    PickerScreen .seat-name { width: 1fr; margin: 0 1 0 0; }
    PickerScreen .seat-kind { width: 21; }
    PickerScreen #player-count { width: 8; }
    PickerScreen #preset { width: 26; }
    PickerScreen .rule { height: auto; margin: 0 0 1 0; }
    PickerScreen .rule-title { text-style: bold; }
    PickerScreen .rule-help { color: $text-muted; height: auto; }
    PickerScreen .rule-choice { width: 14; }
    PickerScreen .rule-number { width: 8; }
    PickerScreen .rule-text { width: 20; }
    PickerScreen Select.-textual-compact > SelectCurrent { background: $panel; }
    /* The focused control, in every theme (item 12): the accent colour with text that
       contrasts, and its row's label reversed, which shows even without colour. */
    PickerScreen Select.-textual-compact:focus > SelectCurrent {
        background: $accent;
        color: auto 95%;
        text-style: bold;
        & Static#label { color: auto 95%; }
        & .arrow { color: auto 95%; }
    }
    PickerScreen .form-row:focus-within { background: $accent 15%; }
    PickerScreen .form-row:focus-within > .form-label,
    PickerScreen .form-row:focus-within > .seat-label { text-style: bold reverse; color: $foreground; }
    PickerScreen Switch {
        border: none;
        height: 1;
        padding: 0 1;
        background: $panel;
        & .switch--slider { color: $foreground 35%; background: $background; }
        &.-on .switch--slider { color: $success; }
        &:focus { border: none; background: $accent; }
        &:focus > .switch--slider { color: $background; }
        &.-on:focus > .switch--slider { color: $background; text-style: bold; }
        &:hover > .switch--slider { color: $foreground 55%; }
        &.-on:hover > .switch--slider { color: $success-lighten-1; }
    }
    PickerScreen .switch-state { width: 4; padding: 0 0 0 1; color: $text-muted; }
    PickerScreen .switch-state.-on { color: $success; text-style: bold; }
    PickerScreen .field-error { color: $error; text-style: bold; height: auto; display: none; }
    PickerScreen .field-error.-shown { display: block; }
"""
