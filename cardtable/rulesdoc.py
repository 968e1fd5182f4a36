"""A game's rules as Markdown: the rules text, then every toggle (and its value now).

Shared by ``cardtable rules GAME`` and the in-app Rules screen.

>>> text = rules_markdown("scala40", {"target_score": 151})
>>> "`target_score`" in text and "**151**" in text
True
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import get
from cardtable.engine.ruleset import described_fields, field_bounds, field_choices


def _kind(field: Any) -> str:
    choices = field_choices(field)
    if choices:
        return " | ".join(map(str, choices))
    if field.annotation is int:
        lo, hi = field_bounds(field)
        return f"{lo}..{hi}"
    return "yes/no"


def rules_markdown(game_id: str, active: dict[str, Any] | None = None) -> str:
    """Rules, toggles with default and meaning, presets and notation; ``active`` marks
    the values in force for a game in progress."""
    spec = get(game_id)
    lines = [spec.rules_text.rstrip(), "", "## Toggles", ""]
    for name, field in described_fields(spec.rules_type).items():
        line = (
            f"- `{name}` ({_kind(field)}; default {field.default!r}): **{field.title}**. {field.description}"
        )
        if active is not None:
            value = active.get(name, field.default)
            shown = "yes" if value is True else "no" if value is False else value
            line += f" — now: **{shown}**"
        lines.append(line)
    if spec.presets:
        lines += ["", "## Presets", ""]
        for pname, values in spec.presets.items():
            detail = ", ".join(f"{k}={v}" for k, v in values.items()) or "the defaults"
            lines.append(f"- **{pname}**: {detail}")
    if notation := spec.notation_text():
        lines += ["", "## Notation and engine choices", "", notation.split(">>>")[0].strip()]
    return "\n".join(lines) + "\n"
