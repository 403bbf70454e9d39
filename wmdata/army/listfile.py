"""Read an army list file: the same safe YAML reader and located diagnostics as content.

A list whose schema check fails in some of its picks (a unit with a bad ``size``, a
caster with an unknown key) is still checked: the failed picks are set aside and the
rest is resolved and checked as usual, so one typo does not hide an unknown model or a
character taken twice elsewhere in the list.  Only the findings that setting a pick
aside cannot have caused are reported (:data:`PICK_LOCAL_CODES`): a missing caster, too
few points or a field allowance that counts casters could be false alarms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import ValidationError

from wmdata.army.validate import ListReport, validate_army
from wmdata.content.registry import Registry
from wmdata.content.schema_errors import LocatedProblem, located_problems
from wmdata.content.schema_keys import SchemaKeys
from wmdata.content.sourcemap import Path, Position, SourceMap, format_path
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import Diagnostic, Severity, sort_diagnostics
from wmdata.model.lists import ArmyList

PICK_FIELDS = ("casters", "units", "solos", "others", "command_cards")
"""The list's fields that hold picks; a pick that fails the schema is set aside alone."""
UNCHECKED_FIELDS = frozenset({"name", "notes"})
"""Fields no construction check reads: when they fail, every check still runs."""
PICK_LOCAL_CODES = frozenset({
    # resolving one pick
    "ambiguous-name", "misplaced-model", "unknown-model", "unknown-card", "unit-size-missing", "unit-size-unknown",
    "hardpoint-missing", "hardpoint-unknown-option", "hardpoint-unknown-slot", "hardpoint-wrong-slot",
    # the list's own fields
    "unknown-level", "level-points", "unknown-faction", "unknown-army", "unknown-theme", "theme-not-allowed",
    "pack-missing", "pack-version",
    # one pick, its caster or marshal, or its unit; or a count that fewer picks cannot raise
    "battlegroup-type", "partisan-battlegroup", "mercenary-controller", "mercenary-caster", "not-a-marshal",
    "marshal-capacity", "marshal-colossal", "marshal-character-jack", "attachment-weapon-crew", "attachment-invalid",
    "attachment-limit", "faction-mismatch", "mercenary-not-available", "level-forbidden-model", "theme-model",
    "theme-limit", "army-unavailable", "arena-unavailable", "command-card-unavailable", "command-card-duplicate",
    "character-duplicate", "too-many-casters", "points-over", "pack-unrecorded",
})
"""Findings that hold however many picks were set aside.  Left out: findings about what
the list lacks or how much it spends (``no-caster``, ``points-under``,
``caster-points-lost``, ``battlegroup-minimum``, ``theme-requirement``,
``command-card-count``, ``free-models``), about what all casters are
(``mercenary-army``, ``contract-required``) and field allowance, whose limit counts the
casters (``fa-exceeded``)."""
_PICK_STEP = re.compile(rf"^({'|'.join(PICK_FIELDS)})\[(\d+)\]")


@dataclass(slots=True)
class PartialList:
    """A list without its picks that failed the schema; ``kept`` gives, for each field that
    lost picks, the index in the file of each pick that is left."""

    army: ArmyList
    kept: dict[str, list[int]]


@dataclass(slots=True)
class LoadedList:
    army: ArmyList | None
    source_map: SourceMap = field(default_factory=SourceMap)
    problems: list[Diagnostic] = field(default_factory=list)
    partial: PartialList | None = None
    """When ``army`` failed the schema: what is left to check (see the module docstring)."""


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
        located = located_problems(exc, data, source_map, keys=_list_keys())
        problems = [Diagnostic("", p.line, p.col, format_path(p.path), p.code, Severity.ERROR, p.message, p.hint)
                    for p in located]
        return LoadedList(None, source_map, problems, _partial_list(data, located))


def _partial_list(data: Any, problems: list[LocatedProblem]) -> PartialList | None:
    """``data`` without the picks and unchecked fields that failed; None when a field the
    checks read failed (the edition, the level, the theme...) or the rest still fails."""
    if not isinstance(data, dict):
        return None
    dropped: dict[str, set[int]] = {}
    failed_fields = set()
    for problem in problems:
        path = problem.path
        if len(path) >= 2 and path[0] in PICK_FIELDS and isinstance(path[1], int) and isinstance(data[path[0]], list):
            dropped.setdefault(str(path[0]), set()).add(path[1])
        elif path and (path[0] in UNCHECKED_FIELDS or path[0] not in ArmyList.model_fields):
            failed_fields.add(path[0])  # a free-text field, or a key the format does not know
        else:
            return None
    kept = {name: [i for i in range(len(data[name])) if i not in indexes] for name, indexes in dropped.items()}
    rest = {key: value for key, value in data.items() if key not in failed_fields}
    for name, indexes in kept.items():
        rest[name] = [data[name][i] for i in indexes]
    try:
        return PartialList(ArmyList.model_validate(rest), kept)
    except ValidationError:
        return None


def _renumbered(source_map: SourceMap, kept: dict[str, list[int]]) -> SourceMap:
    """``source_map`` for the partial list: each kept pick under its new index."""
    new_index = {name: {old: new for new, old in enumerate(indexes)} for name, indexes in kept.items()}

    def moved(table: dict[Path, Position]) -> dict[Path, Position]:
        result = {}
        for path, position in table.items():
            if len(path) >= 2 and path[0] in new_index and isinstance(path[1], int):
                index = new_index[str(path[0])].get(path[1])
                if index is not None:
                    result[(path[0], index, *path[2:])] = position
            else:
                result[path] = position
        return result

    return SourceMap(moved(source_map.values), moved(source_map.keys))


def _partial_findings(partial: PartialList, source_map: SourceMap, name: str, registry: Registry) -> list[Diagnostic]:
    """The construction findings of the partial list that hold for the whole one, with the
    paths of the file (``units[2]``, not the partial list's ``units[1]``)."""
    report = validate_army(partial.army, _renumbered(source_map, partial.kept), name, registry)

    def original(match: re.Match[str]) -> str:
        indexes = partial.kept.get(match[1])
        return f"{match[1]}[{indexes[int(match[2])] if indexes is not None else match[2]}]"

    return [Diagnostic(p.file, p.line, p.col, _PICK_STEP.sub(original, p.path, count=1), p.code, p.severity, p.message,
                       p.hint) for p in report.diagnostics if not partial.kept or p.code in PICK_LOCAL_CODES]


def validate_list_bytes(raw: bytes, name: str, registry: Registry) -> ListReport:
    """Read, schema-check and validate one list file's bytes: a list that failed the
    schema in some picks reports its other findings too (see the module docstring)."""
    loaded = read_list(raw)
    if loaded.army is not None:
        return validate_army(loaded.army, loaded.source_map, name, registry)
    problems = [p.replace(file=name) for p in loaded.problems]
    if loaded.partial is not None:
        problems += _partial_findings(loaded.partial, loaded.source_map, name, registry)
    return ListReport(name, sort_diagnostics(problems))


_EDITION_LINE = re.compile(rb"""^edition:[ \t]*["']?(mk[234])["']?[ \t]*(?:#[^\r\n]*)?\r?$""", re.MULTILINE)


def peek_edition(raw: bytes) -> str | None:
    """The edition a list file names on a top-level ``edition:`` line, or None when that is
    not plain to see.  Only a shortcut to load one edition's content instead of three; the
    list itself is still read and checked in full."""
    found = {match.group(1).decode() for match in _EDITION_LINE.finditer(raw)}
    return found.pop() if len(found) == 1 else None
