"""Read an army list file: the same safe YAML reader and located diagnostics as content."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from pydantic import ValidationError

from wmdata.army.validate import ListReport, validate_army
from wmdata.content.registry import Registry
from wmdata.content.schema_errors import located_problems
from wmdata.content.schema_keys import SchemaKeys
from wmdata.content.sourcemap import SourceMap, format_path
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import Diagnostic, Severity, sort_diagnostics
from wmdata.model.lists import ArmyList


@dataclass(slots=True)
class LoadedList:
    army: ArmyList | None
    source_map: SourceMap = field(default_factory=SourceMap)
    problems: list[Diagnostic] = field(default_factory=list)


@cache
def _list_keys() -> SchemaKeys:
    return SchemaKeys(ArmyList.model_json_schema())


def read_list(raw: bytes) -> LoadedList:
    """Parse and schema-check a list file given as bytes; never raises for bad input."""
    try:
        data, source_map = load_yaml_bytes(raw)
    except YamlError as exc:
        p = exc.problem
        return LoadedList(None, problems=[Diagnostic("", p.line, p.col, "", p.code, Severity.ERROR, p.message, p.hint)])
    if data is None:
        return LoadedList(None, source_map, [Diagnostic(
            "", 1, 1, "", "empty-file", Severity.ERROR,
            "list file is empty; expected a mapping with 'edition', 'faction', 'level', 'points' and 'casters'")])
    try:
        return LoadedList(ArmyList.model_validate(data), source_map)
    except ValidationError as exc:
        problems = [Diagnostic("", p.line, p.col, format_path(p.path), p.code, Severity.ERROR, p.message, p.hint)
                    for p in located_problems(exc, data, source_map, keys=_list_keys())]
        return LoadedList(None, source_map, problems)


def validate_list_bytes(raw: bytes, name: str, registry: Registry) -> ListReport:
    """Read, schema-check and validate one list file's bytes."""
    loaded = read_list(raw)
    if loaded.army is None:
        return ListReport(name, sort_diagnostics(p.replace(file=name) for p in loaded.problems))
    return validate_army(loaded.army, loaded.source_map, name, registry)


_EDITION_LINE = re.compile(rb"""^edition:[ \t]*["']?(mk[234])["']?[ \t]*(?:#[^\r\n]*)?\r?$""", re.MULTILINE)


def peek_edition(raw: bytes) -> str | None:
    """The edition a list file names on a top-level ``edition:`` line, or None when that is
    not plain to see.  Only a shortcut to load one edition's content instead of three; the
    list itself is still read and checked in full."""
    found = {match.group(1).decode() for match in _EDITION_LINE.finditer(raw)}
    return found.pop() if len(found) == 1 else None
