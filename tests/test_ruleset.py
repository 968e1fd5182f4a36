"""Ruleset fields: every toggle has a title and a description, and the descriptions that are
attribute docstrings are read as one line, from the class's source, only when wanted."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel

from cardtable.engine import GameSpec, all_games
from cardtable.engine.ruleset import Ruleset, described_fields, toggle


def missing_help(rules_type: type[BaseModel]) -> list[str]:
    """The fields of ``rules_type`` without a title or a description (as forms show them)."""
    return [
        name
        for name, info in described_fields(rules_type).items()
        if not (info.title or "").strip() or not (info.description or "").strip()
    ]


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_every_toggle_has_a_title_and_a_description(spec: GameSpec) -> None:
    assert spec.rules_type.model_fields, spec.id
    assert missing_help(spec.rules_type) == []


class _Documented(Ruleset):
    flag: bool = toggle(False, "Flag")
    """A docstring wrapped over
    two lines reads as one."""
    size: Literal[4, 5] = toggle(4, "Size", "Given in the call, so it wins over the docstring.")
    """Not this one."""
    count: int = toggle(3, "Count", ge=1, le=9)


class _Extended(_Documented):
    extra: bool = toggle(True, "Extra")
    """A field of the subclass."""


def test_missing_help_names_the_field_without_a_docstring() -> None:
    assert missing_help(_Documented) == ["count"]


def test_descriptions_come_from_the_docstrings_as_one_line() -> None:
    fields = described_fields(_Extended)
    assert list(fields) == ["flag", "size", "count", "extra"]
    assert fields["flag"].description == "A docstring wrapped over two lines reads as one."
    assert fields["size"].description == "Given in the call, so it wins over the docstring."
    assert fields["count"].description is None
    assert fields["extra"].description == "A field of the subclass."
    # the copies keep the rest of the field: title, default, constraints
    assert (fields["count"].title, fields["count"].default) == ("Count", 3)
    assert described_fields(_Extended)["count"].metadata == _Extended.model_fields["count"].metadata


def test_a_class_made_in_a_function_is_read_too() -> None:
    class Local(Ruleset):
        depth: int = toggle(1, "Depth", ge=1)
        """Found by the class's qualified name."""

    assert described_fields(Local)["depth"].description == "Found by the class's qualified name."


def test_a_ruleset_imported_from_a_zip_is_read_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "rules.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(
            "zipped_rules.py",
            "from cardtable.engine.ruleset import Ruleset, toggle\n"
            "class Zipped(Ruleset):\n"
            '    flag: bool = toggle(False, "Flag")\n'
            '    """Read through the zip loader."""\n',
        )
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipped_rules", raising=False)
    zipped = importlib.import_module("zipped_rules").Zipped
    assert described_fields(zipped)["flag"].description == "Read through the zip loader."
    monkeypatch.delitem(sys.modules, "zipped_rules")


def test_model_fields_are_left_as_pydantic_built_them() -> None:
    described_fields(_Extended)
    assert _Extended.model_fields["flag"].description is None


def test_a_class_without_readable_source_keeps_its_given_descriptions() -> None:
    namespace: dict[str, object] = {"Ruleset": Ruleset, "toggle": toggle}
    exec(  # a class made from a string has no source file to read
        "class Made(Ruleset):\n"
        '    a: bool = toggle(False, "A", "Given.")\n'
        '    b: bool = toggle(False, "B")\n',
        namespace,
    )
    made = namespace["Made"]
    assert isinstance(made, type) and issubclass(made, Ruleset)
    assert {n: f.description for n, f in described_fields(made).items()} == {"a": "Given.", "b": None}


_IMPORT_SCRIPT = """
import inspect, json
read = []
_getsource = inspect.getsource
inspect.getsource = lambda obj: read.append(repr(obj)) or _getsource(obj)
from cardtable.engine import GameSpec, all_games
specs = all_games()
fields = sum(len(spec.rules_type.model_fields) for spec in specs)
print(json.dumps({"read": read, "fields": fields}))
"""


def test_importing_the_rulesets_reads_no_source() -> None:
    """Start-up stays as fast as before: the docstrings are read when a description is wanted."""
    out = subprocess.run([sys.executable, "-c", _IMPORT_SCRIPT], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert result["fields"] > 100 and result["read"] == []
