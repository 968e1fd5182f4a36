"""Rulesets: each game's variant toggles, declared once as a frozen Pydantic model.

Every field is a toggle with a ``title`` and a one-line description; unknown keys are refused.
Forms, ``--rule key=value``, saves and record headers all come from here. A field's description
is its attribute docstring, the string right below it (the standard way to document an
attribute, which Sphinx and editors read too)::

    class Rummy51Rules(Ruleset):
        jokers: Literal[4, 2] = toggle(4, "Jokers")
        '''Jokers shuffled in with the two packs: 4 (Balkan, 108 cards) or 2 (Romanian, 106).'''

Reading docstrings means reading the class's source, so it is left until a description is
first wanted (:func:`described_fields`: the picker's form, ``cardtable rules``); importing a
ruleset costs no more than the model itself.

>>> class Demo(Ruleset):
...     target: int = toggle(101, "Target", ge=50, le=500)
>>> Demo(target=151).target
151
>>> try:
...     validate_rules(Demo, {"targt": 3})
... except InvalidRules as exc:
...     print(exc)
unknown rule 'targt' (the rules are: target)
"""

from __future__ import annotations

import ast
import copy
import functools
import inspect
import itertools
import linecache
import sys
from typing import Any, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.fields import FieldInfo

from .errors import InvalidRules

R = TypeVar("R", bound="Ruleset")


def toggle(default: Any, title: str, description: str | None = None, **kw: Any) -> Any:
    """A ruleset field: its default and the title a form shows; ``kw`` are Pydantic's
    constraints. Its one-line description (the help text of ``cardtable rules`` and the
    picker) is the attribute docstring written below the field; pass ``description`` only
    for a text made when the module runs (a docstring must be written out).

    >>> class Demo(Ruleset):
    ...     target: int = toggle(101, "Target", ge=50)
    >>> Demo.model_fields["target"].title, Demo().target
    ('Target', 101)
    """
    return Field(default, title=title, description=description, **kw)


class Ruleset(BaseModel):
    """Base for every game's rules. Fields are variant toggles (see :func:`toggle`)."""

    # Pydantic would read the attribute docstrings as each class is made; described_fields
    # reads them only when wanted.
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=False)


def described_fields(rules_type: type[BaseModel]) -> dict[str, FieldInfo]:
    """``rules_type.model_fields`` with each description that a field does not give itself
    taken from its attribute docstring. A docstring wrapped over lines reads as one line; a
    class whose source cannot be read keeps the descriptions its fields give (or none).

    The fields are copies: ``model_fields`` stays as Pydantic built it.
    """
    docs = _attribute_docs(rules_type)
    out: dict[str, FieldInfo] = {}
    for name, info in rules_type.model_fields.items():
        if info.description is None and name in docs:
            info = copy.copy(info)
            info.description = docs[name]
        out[name] = info
    return out


@functools.cache
def _attribute_docs(cls: type) -> dict[str, str]:
    # Each class in the hierarchy is read once, and only when a description is first wanted:
    # parsing the source costs about half a millisecond a module, too much for every start-up.
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if inspect.get_annotations(klass) and klass not in (BaseModel, Ruleset):
            docs.update(_own_attribute_docs(klass))
    return docs


def _own_attribute_docs(klass: type) -> dict[str, str]:
    # One parse of the module's file; inspect.getsource would parse it too, then tokenize the
    # class again (several times slower).
    module = sys.modules.get(klass.__module__)
    path = getattr(module, "__file__", None)
    try:
        # the module's globals let linecache ask its loader (a zip import has no plain file)
        body = ast.parse("".join(linecache.getlines(path, vars(module)))).body if path else []
    except SyntaxError:
        return {}
    for name in klass.__qualname__.split("."):
        if name == "<locals>":
            continue
        # the last definition of a name is the one that stands
        found = [n for n in body if isinstance(n, _SCOPES) and n.name == name]
        if not found:
            return {}
        body = found[-1].body
    docs: dict[str, str] = {}
    for field, below in itertools.pairwise(body):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(below, ast.Expr)
            and isinstance(below.value, ast.Constant)
            and isinstance(below.value.value, str)
        ):
            docs[field.target.id] = " ".join(below.value.value.split())
    return docs


_SCOPES = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def validate_rules(rules_type: type[R], values: dict[str, Any] | R | None) -> R:
    """Build a ruleset from a mapping, raising :class:`InvalidRules` that names the field."""
    if values is None:
        return rules_type()
    if isinstance(values, rules_type):
        return values
    if isinstance(values, BaseModel):
        values = values.model_dump()
    if not isinstance(values, dict):
        raise InvalidRules(f"rules must be a mapping of rule names to values, not {type(values).__name__}")
    known = list(rules_type.model_fields)
    for key in values:
        if key not in rules_type.model_fields:
            raise InvalidRules(f"unknown rule {key!r} (the rules are: {', '.join(known)})")
    try:
        return rules_type.model_validate(values)
    except ValidationError as exc:
        raise InvalidRules(_explain(exc, rules_type)) from None


def _explain(exc: ValidationError, rules_type: type[Ruleset]) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"]) or "rules"
        field = rules_type.model_fields.get(str(err["loc"][0])) if err["loc"] else None
        choices = field_choices(field) if field is not None else None
        msg = err["msg"]
        if choices:
            msg += f" (choose one of: {', '.join(map(str, choices))})"
        parts.append(f"{loc}: {msg}, got {err.get('input')!r}")
    return "; ".join(parts)


def field_choices(field: FieldInfo) -> list[Any] | None:
    """The allowed values of a ``Literal`` field, else None."""
    ann = field.annotation
    if get_origin(ann) is not None and str(get_origin(ann)).endswith("Literal"):
        return list(get_args(ann))
    return None


def field_bounds(field: FieldInfo) -> tuple[int | None, int | None]:
    """The lowest and highest value of a bounded whole-number field (None where unbounded).

    >>> field_bounds(Field(3, ge=1, le=9)), field_bounds(Field(3, gt=0, lt=10)), field_bounds(Field(3))
    ((1, 9), (1, 9), (None, None))
    """
    lo = hi = None
    for meta in field.metadata:
        lo = getattr(meta, "ge", lo)
        hi = getattr(meta, "le", hi)
        # whole numbers: above n is n + 1 or more
        if getattr(meta, "gt", None) is not None:
            lo = meta.gt + 1
        if getattr(meta, "lt", None) is not None:
            hi = meta.lt - 1
    return lo, hi


def non_defaults(rules: Ruleset) -> dict[str, Any]:
    """The toggles that differ from the defaults (for record headers).

    >>> from pydantic import Field
    >>> class Demo(Ruleset):
    ...     a: bool = Field(False, title="A")
    ...     b: int = Field(3, title="B")
    >>> non_defaults(Demo(b=4))
    {'b': 4}
    """
    out: dict[str, Any] = {}
    default = type(rules)()
    for name in type(rules).model_fields:
        value = getattr(rules, name)
        if value != getattr(default, name):
            out[name] = value
    return out


def coerce_rule_value(rules_type: type[Ruleset], key: str, text: str) -> Any:
    """Turn ``--rule key=value`` text into a value of the field's type.

    >>> from pydantic import Field
    >>> class Demo(Ruleset):
    ...     flag: bool = Field(False, title="Flag")
    ...     n: int = Field(3, title="N")
    >>> coerce_rule_value(Demo, "flag", "yes"), coerce_rule_value(Demo, "n", "7")
    (True, 7)
    """
    field = rules_type.model_fields.get(key)
    if field is None:
        known = ", ".join(rules_type.model_fields)
        raise InvalidRules(f"unknown rule {key!r} (the rules are: {known})")
    low = text.strip().lower()
    ann = field.annotation
    if ann is bool:
        if low in ("1", "true", "yes", "on", "y"):
            return True
        if low in ("0", "false", "no", "off", "n"):
            return False
        raise InvalidRules(f"{key}: {text!r} is not yes/no (write true or false)")
    choices = field_choices(field)
    if choices:
        for c in choices:
            if str(c).lower() == low:
                return c
        raise InvalidRules(f"{key}: {text!r} is not one of {', '.join(map(str, choices))}")
    if ann is int:
        try:
            return int(low)
        except ValueError:
            raise InvalidRules(f"{key}: {text!r} is not a whole number") from None
    return text
