"""The committed JSON Schemas are what the models generate, and they validate the
built-in content with the plain jsonschema library too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.conftest import ROOT
from wmdata.cli.schema import render_schema
from wmdata.content.yamlio import load_yaml_bytes
from wmdata.model.documents import all_schemas

SCHEMAS = ROOT / "schemas"
CONTENT_FILES = sorted((ROOT / "content").rglob("*.yaml"))
SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


@pytest.mark.parametrize("name", sorted(all_schemas()))
def test_committed_schema_is_fresh(name: str) -> None:
    committed = (SCHEMAS / name).read_text(encoding="utf-8")
    assert committed == render_schema(all_schemas()[name]), f"run 'wmdata schema export' and commit {name}"


def test_no_stale_schema_files() -> None:
    assert sorted(p.name for p in SCHEMAS.glob("*.json")) == sorted(all_schemas())


@pytest.mark.parametrize("name", sorted(all_schemas()))
def test_schema_is_valid_2020_12(name: str) -> None:
    Draft202012Validator.check_schema(json.loads((SCHEMAS / name).read_text(encoding="utf-8")))


def test_there_is_content() -> None:
    assert len(CONTENT_FILES) >= 6


@pytest.mark.parametrize("path", CONTENT_FILES, ids=[p.relative_to(ROOT).as_posix() for p in CONTENT_FILES])
def test_builtin_content_passes_plain_jsonschema(path: Path) -> None:
    data, _ = load_yaml_bytes(path.read_bytes())
    schema = json.loads((SCHEMAS / f"{data['kind']}.schema.json").read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(data), key=lambda e: list(e.path))
    assert [f"{list(e.path)}: {e.message}" for e in errors] == []


@pytest.mark.parametrize("path", CONTENT_FILES, ids=[p.relative_to(ROOT).as_posix() for p in CONTENT_FILES])
def test_content_file_names_its_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = SCHEMA_LINE.match(first)
    assert match, f"{path} must start with '# yaml-language-server: $schema=...'"
    data, _ = load_yaml_bytes(path.read_bytes())
    target = (path.parent / match.group(1)).resolve()
    assert target == (SCHEMAS / f"{data['kind']}.schema.json").resolve()


def test_schema_rejects_what_the_loader_rejects() -> None:
    schema = json.loads((SCHEMAS / "models.schema.json").read_text(encoding="utf-8"))
    bad = {"edition": "mk2", "kind": "models",
           "entries": [{"id": "x", "name": "X", "source": "s", "type": "solo", "fa": 1, "cost": 1, "base": 30,
                        "stats": {"DEF": 12, "ARM": 12, "AAT": 5}}]}
    messages = [e.message for e in Draft202012Validator(schema).iter_errors(bad)]
    assert messages, "a MkIV stat in a MkII file must fail the schema too"
