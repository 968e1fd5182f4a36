"""The table's small questions: which of several moves, which call of an auction, and
"are you sure" before a move that ends the turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardtable.engine.views import CallView
from cardtable.tui.screens.deliberate import Deliberate


class ChoiceModal(ModalScreen[str | None]):
    """Pick one of several legal moves that match a gesture."""

    BINDINGS = [Binding("escape", "close", "Cancel", id="cancel-choice")]
    DEFAULT_CSS = """
    ChoiceModal { align: center middle; }
    ChoiceModal > Vertical { width: 60; height: auto; max-height: 20; border: thick $primary; background: $surface; padding: 0 1; }
    ChoiceModal OptionList { height: auto; max-height: 14; }
    """

    def __init__(self, prompt: str, moves: list[str]) -> None:
        super().__init__()
        self.prompt = prompt
        self.moves = moves

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.prompt)
            yield OptionList(*[Option(m, id=f"choice-{i}") for i, m in enumerate(self.moves)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.moves[event.option_index])

    def action_close(self) -> None:
        self.dismiss(None)


class AuctionModal(ModalScreen[str | None]):
    """Choose a call of an auction: type its keys (number then suit, e.g. ``7h``) or pick it
    from the list; each call shows its value."""

    BINDINGS = [Binding("escape", "close", "Cancel", id="cancel-auction")]
    DEFAULT_CSS = """
    AuctionModal { align: center middle; }
    AuctionModal > Vertical { width: 60; height: auto; max-height: 22; border: thick $primary; background: $surface; padding: 0 1; }
    AuctionModal OptionList { height: auto; max-height: 14; }
    """

    def __init__(self, calls: Sequence[CallView], typed: str = "") -> None:
        super().__init__()
        self.calls = list(calls)
        self.typed = typed
        self._dismissed = False
        self.shown = list(calls)
        """The calls listed: those whose keys start with what is typed."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._prompt(), id="auction-prompt")
            yield OptionList(*self._options())

    def _options(self) -> list[Option]:
        return [
            Option(f"{c.keys:>2}  {c.label}" + (f"  ({c.value})" if c.value is not None else ""))
            for c in self.shown
        ]

    def _prompt(self, note: str = "") -> str:
        typed = f" · typed: {self.typed}" if self.typed else ""
        return f"Your call: type its keys (number then suit, e.g. 7h) or pick one{typed}" + (
            f"\n{note}" if note else ""
        )

    def on_mount(self) -> None:
        self._match()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.shown[event.option_index].move)

    def on_key(self, event: Any) -> None:
        if self.type_key(event.character or ""):
            event.stop()

    def type_key(self, char: str) -> bool:
        """Add a typed key to the call's keys (a letter or digit; anything else is not
        taken): the table passes on keys that reach it while this chooser is opening."""
        if len(char) != 1 or not char.isalnum() or self.is_dismissed():
            return False
        self.typed += char
        if not any(c.keys.startswith(self.typed) for c in self.calls):
            self.typed = self.typed[:-1] + char.lower()  # 7H reads as 7h
        if self.is_mounted:
            self._match()  # before mounting, on_mount matches what was typed
        return True

    def is_dismissed(self) -> bool:
        """Whether a call was chosen or the chooser closed (it takes no more keys)."""
        return self._dismissed

    def dismiss(self, result: str | None = None) -> Any:
        self._dismissed = True
        return super().dismiss(result)

    def _match(self) -> None:
        if not self.typed:
            return
        exact = [c for c in self.calls if c.keys == self.typed]
        if exact:
            self.dismiss(exact[0].move)
            return
        if not any(c.keys.startswith(self.typed) for c in self.calls):
            bad, self.typed = self.typed, ""
            keys = " ".join(dict.fromkeys(c.keys[-1:] for c in self.calls if c.row))
            side = " ".join(c.keys for c in self.calls if not c.row)
            note = f"no call has the keys '{bad}': type a number then one of {keys}, or {side}"
            self.query_one("#auction-prompt", Static).update(self._prompt(note))
        else:
            self.query_one("#auction-prompt", Static).update(self._prompt())
        self.shown = [c for c in self.calls if c.keys.startswith(self.typed)]
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._options())

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmModal(Deliberate, ModalScreen[bool]):
    """One yes/no question: Enter says yes, Escape (or n) says no. It ignores the keys of
    its first moment, so a key pressed twice by habit does not answer it."""

    GRACE = 0.3
    BINDINGS = [
        Binding("enter,y", "answer(True)", "Yes", id="confirm-yes"),
        Binding("escape,n", "answer(False)", "No", id="confirm-no"),
    ]
    DEFAULT_CSS = """
    ConfirmModal { align: center bottom; background: $background 30%; }
    ConfirmModal > Static { width: auto; max-width: 90%; height: auto; border: thick $warning;
        background: $surface; padding: 0 1; margin-bottom: 8; text-style: bold; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.question}  Enter: yes · Esc: no", id="confirm-question")

    def on_mount(self) -> None:
        self.start_grace()

    def action_answer(self, yes: bool) -> None:
        if yes and not self.fresh():
            return  # the Enter that opened the question, repeated: not an answer yet
        self.dismiss(yes)
