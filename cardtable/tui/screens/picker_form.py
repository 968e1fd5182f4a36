"""The picker's form model, apart from its widgets: seats and their names, the rule fields
generated from a game's ``Ruleset`` (kind, choices, bounds, help) and the rules a form sends.
Pure functions and small classes, so they are tested without a screen."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

    from cardtable.engine import GameSpec

HUMAN = "human"
"""The seat kind of a person at the keyboard (anything else is a bot level)."""

DEFAULT_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jim")
"""Names offered to new seats, in order (a name already taken is skipped)."""

FieldKind = Literal["switch", "choice", "number", "text"]


# ---------------------------------------------------------------------- pure helpers
def counts_label(spec: GameSpec) -> str:
    """The counts alone, for the game list: ``"2-6"``, ``"4/6/8"`` (the detail pane says
    :attr:`GameSpec.players_text`)."""
    if spec.seat_counts:
        return "/".join(map(str, spec.player_counts))
    return spec.players_text.removesuffix(" players")


def seat_kind_options() -> list[tuple[str, str]]:
    """The choices of a seat's kind: "Human", then "Computer (LEVEL)" per bot level."""
    from cardtable.bots import BOTS

    return [("Human", HUMAN)] + [(f"Computer ({level})", level) for level in BOTS]


def default_name(taken: Iterable[str], index: int) -> str:
    """A name for seat ``index`` that no other seat uses."""
    used = {name.strip().lower() for name in taken}
    for name in DEFAULT_NAMES:
        if name.lower() not in used:
            return name
    name = f"Player {index + 1}"
    n = index + 1
    while name.lower() in used:
        n += 1
        name = f"Player {n}"
    return name


def name_problems(names: Sequence[str]) -> list[str]:
    """One message per seat ("" when the name is fine), mirroring the engine's checks."""
    problems: list[str] = []
    owners: dict[str, list[int]] = {}
    for seat, name in enumerate(names):
        owners.setdefault(name.strip().lower(), []).append(seat)
    for seat, raw in enumerate(names):
        name = raw.strip()
        if not name:
            problems.append("Give this seat a name.")
        elif len(name) > _max_name():
            problems.append(f"At most {_max_name()} characters (this is {len(name)}).")
        elif ":" in name or "\n" in name or "\r" in name:
            problems.append("A name may not contain ':'.")
        elif len(owners[name.lower()]) > 1:
            others = [str(s + 1) for s in owners[name.lower()] if s != seat]
            problems.append(f"Seat {' and '.join(others)} has this name too: each seat needs its own.")
        else:
            problems.append("")
    return problems


@dataclass(frozen=True)
class RuleField:
    """One ruleset field as the form sees it."""

    name: str
    title: str
    description: str
    kind: FieldKind
    default: Any
    choices: tuple[Any, ...] = ()
    bounds: tuple[int | None, int | None] = (None, None)

    @property
    def widget_id(self) -> str:
        """The id of the field's control (``rule-NAME``)."""
        return f"rule-{self.name}"

    def to_raw(self, value: Any) -> Any:
        """The widget state for a model value (text for Inputs)."""
        if self.kind in ("number", "text"):
            return "" if value is None else str(value)
        return value

    def accepts(self, value: Any) -> bool:
        """Whether a stored value can be shown and is valid (remembered values may be stale)."""
        if self.kind == "switch":
            return isinstance(value, bool)
        if self.kind == "choice":
            return any(value == c and type(value) is type(c) for c in self.choices)
        if self.kind == "number":
            return (
                isinstance(value, int) and not isinstance(value, bool) and not self.number_problem(str(value))
            )
        return isinstance(value, str)

    def number_problem(self, text: str) -> str:
        """A sentence saying what is wrong with an integer field's text ("" if nothing)."""
        lo, hi = self.bounds
        if lo is not None and hi is not None:
            wanted = f"a whole number from {lo} to {hi}"
        elif lo is not None:
            wanted = f"a whole number of at least {lo}"
        elif hi is not None:
            wanted = f"a whole number of at most {hi}"
        else:
            wanted = "a whole number"
        try:
            number = int(text.strip())
        except ValueError:
            return f"Enter {wanted}."
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            return f"{number} is out of range: enter {wanted}."
        return ""

    def bounds_text(self) -> str:
        """``" (0-50)"`` for a bounded integer, else ""."""
        lo, hi = self.bounds
        if self.kind != "number" or (lo is None and hi is None):
            return ""
        if lo is not None and hi is not None:
            return f" ({lo}-{hi})"
        return f" (≥ {lo})" if lo is not None else f" (≤ {hi})"


def rule_fields(rules_type: type[Any]) -> list[RuleField]:
    """The form's fields, in declaration order, from the ruleset's described fields."""
    from cardtable.engine.ruleset import described_fields

    out: list[RuleField] = []
    for name, info in described_fields(rules_type).items():
        out.append(_rule_field(name, info))
    return out


def _max_name() -> int:
    from cardtable.engine.api import MAX_NAME

    return MAX_NAME


def _rule_field(name: str, info: FieldInfo) -> RuleField:
    from pydantic_core import PydanticUndefined

    from cardtable.engine.ruleset import field_bounds, field_choices

    default = info.get_default(call_default_factory=True)
    if default is PydanticUndefined:
        default = None
    title = info.title or name.replace("_", " ").capitalize()
    description = info.description or ""
    choices = field_choices(info)
    if info.annotation is bool:
        return RuleField(name, title, description, "switch", bool(default))
    if choices:
        if default not in choices:
            default = choices[0]
        return RuleField(name, title, description, "choice", default, tuple(choices))
    if info.annotation is int:
        return RuleField(name, title, description, "number", default, bounds=field_bounds(info))
    return RuleField(name, title, description, "text", default)


def choice_label(value: Any) -> str:
    """How a choice is shown in its Select."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value)


def rules_to_send(
    values: dict[str, Any], defaults: dict[str, Any], preset_values: dict[str, Any] | None
) -> dict[str, Any]:
    """The rules to pass with a preset: every non-default value, plus any value the
    player changed back from what the preset sets (so preset + rules == the form)."""
    rules = {k: v for k, v in values.items() if v != defaults.get(k)}
    for key, preset_value in (preset_values or {}).items():
        if key in values and values[key] != preset_value:
            rules[key] = values[key]
    return rules


@dataclass
class Draft:
    """The picker's state for one game: what its widgets hold."""

    preset: str | None
    raw: dict[str, Any]
    """Per field: bool, a choice, or the text of an Input."""
    seats: list[tuple[str, str]] = field(default_factory=list)


# ---------------------------------------------------------------------- the game list's filter


def _words(text: str) -> list[str]:
    """The words of a name or a filter, lower case (``_`` and punctuation split them)."""
    return re.findall(r"[^\W_]+", text.lower())


def game_rank(spec: GameSpec, query: str) -> int | None:
    """How well ``spec`` matches a filter ``query``: None when a typed word is in none of its
    title, id, family or presets' names; else 0 when its title starts with what was typed, 1
    when its title holds every word, 2 when a word is found only elsewhere (a preset's name).

    >>> from types import SimpleNamespace
    >>> spec = SimpleNamespace(title="Alpha Beta", id="alpha", family="x", presets={"Marigold": {}})
    >>> game_rank(spec, "alp"), game_rank(spec, "beta"), game_rank(spec, "marig"), game_rank(spec, "zz")
    (0, 1, 2, None)
    """
    words = query.lower().split()
    hay = " ".join((spec.title, spec.id, spec.family, *spec.presets)).lower().replace("_", " ")
    if not all(word in hay for word in words):
        return None
    title = spec.title.lower()
    if title.startswith(" ".join(words)):
        return 0
    return 1 if all(word in title for word in words) else 2


def typed_preset(spec: GameSpec, query: str) -> str | None:
    """The preset a filter names when it does not name the game itself: a game found by
    one of its presets' names, once chosen, means that preset.

    Each word typed must begin a word of the name (a word under three characters must be
    one whole), and a name typed whole wins over the longer names it begins: a letter or
    two that merely occur inside a name choose nothing.

    >>> from types import SimpleNamespace
    >>> spec = SimpleNamespace(title="Alpha", presets={"short 50": {}, "short 50 with extras": {}, "Marigold": {}})
    >>> typed_preset(spec, "short 50"), typed_preset(spec, "mari")
    ('short 50', 'Marigold')
    >>> typed_preset(spec, "ma"), typed_preset(spec, "gold")
    (None, None)
    """
    words = _words(query)
    if not words or all(word in spec.title.lower() for word in words):
        return None
    exact = [p for p in spec.presets if _words(p) == words]
    if exact:
        return exact[0]

    def begins(name: str) -> bool:
        parts = _words(name)
        return all(any(p == w or (len(w) >= 3 and p.startswith(w)) for p in parts) for w in words)

    named = [p for p in spec.presets if begins(p)]
    return named[0] if len(named) == 1 else None


def known_values(fields: dict[str, RuleField], values: Any) -> dict[str, Any]:
    """The entries of ``values`` that name a field and hold a value it can show."""
    if not isinstance(values, dict):
        values = dict(values)
    return {k: v for k, v in values.items() if k in fields and fields[k].accepts(v)}
