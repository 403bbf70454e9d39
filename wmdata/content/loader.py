"""Read one content file: YAML, header, entries, lint, and what it refers to.

Every layer reports into the same list of problems; a broken entry is reported and
skipped, the rest of the file is still checked.  The result is a
:class:`~wmdata.content.summary.FileSummary` plus the validated entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, cast

from pydantic import ValidationError

from wmdata.content.lint import EDITION_KINDS, lint_entry
from wmdata.content.partial import partial_entry
from wmdata.content.references import iter_references
from wmdata.content.registry import category_of
from wmdata.content.schema_errors import LocatedProblem, located_problems
from wmdata.content.schema_keys import entry_keys, header_keys
from wmdata.content.sourcemap import Path, SourceMap, format_path
from wmdata.content.summary import EntryRecord, FileSummary, RefRecord, TextRecord
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.model.common import ID_PATTERN, Edition, Entry
from wmdata.model.documents import FileHeader, entry_adapter
from wmdata.model.provenance import status

_SPACES = re.compile(r"\s+")
ID_RE = re.compile(ID_PATTERN)


@dataclass(slots=True)
class LoadedFile:
    summary: FileSummary
    entries: list[Entry] = field(default_factory=list)
    edition: Edition | None = None
    faction: str | None = None


class _FileReader:
    def __init__(self, source_map: SourceMap, data: Any) -> None:
        self.source_map = source_map
        self.data = data
        self.summary = FileSummary()
        self.entry_names: dict[int, str] = {}

    def display_path(self, path: Path) -> str:
        """``entries[3].weapons[0]`` becomes ``ironclad.weapons[0]`` once the id is known."""
        if len(path) >= 2 and path[0] == "entries" and isinstance(path[1], int) and path[1] in self.entry_names:
            return format_path((self.entry_names[path[1]], *path[2:]))
        return format_path(path)

    def add(self, problem: LocatedProblem, severity: Severity = Severity.ERROR) -> None:
        self.summary.problems.append(Diagnostic("", problem.line, problem.col, self.display_path(problem.path),
                                                problem.code, severity, problem.message, problem.hint))

    def add_at(self, path: Path, code: str, severity: Severity, message: str, hint: str = "",
               *, key: bool = False) -> None:
        line, col = self.source_map.locate(path, key=key)
        self.add(LocatedProblem(path, line, col, code, message, hint), severity)


def _entry_id(raw: Any) -> str | None:
    """The entry's id when it is a valid one (it then names the entry in paths)."""
    if isinstance(raw, dict) and isinstance(raw.get("id"), str) and ID_RE.match(raw["id"]):
        return str(raw["id"])
    return None


def read_content(raw: bytes) -> LoadedFile:
    """Validate one content file given as bytes; never raises for bad content."""
    try:
        data, source_map = load_yaml_bytes(raw)
    except YamlError as exc:
        p = exc.problem
        return LoadedFile(FileSummary(problems=[Diagnostic("", p.line, p.col, "", p.code, Severity.ERROR,
                                                           p.message, p.hint)]))
    reader = _FileReader(source_map, data)
    if data is None:
        reader.add_at((), "empty-file", Severity.ERROR,
                      "file is empty; expected a mapping with 'edition', 'kind' and 'entries'")
        return LoadedFile(reader.summary)
    try:
        header = FileHeader.model_validate(data)
    except ValidationError as exc:
        problems = located_problems(exc, data, source_map, keys=header_keys())
        for problem in problems:
            reader.add(problem)
        partial_header = _header_without(data, problems)
        if partial_header is None:
            return LoadedFile(reader.summary)
        header = partial_header
    loaded = LoadedFile(reader.summary, edition=header.edition, faction=header.faction)
    reader.summary.edition, reader.summary.kind = header.edition, header.kind
    if header.edition not in EDITION_KINDS.get(header.kind, (header.edition,)):
        reader.add_at(("kind",), "edition-kind", Severity.ERROR,
                      f"{header.kind.replace('_', ' ')} exist only in {', '.join(EDITION_KINDS[header.kind])}")
    if header.faction is not None:
        line, col = source_map.locate(("faction",))
        reader.summary.refs.append(RefRecord(header.faction, ("faction",), "faction", "faction", line, col))
    _read_entries(reader, header, loaded)
    return loaded


def _header_without(data: Any, problems: list[LocatedProblem]) -> FileHeader | None:
    """The header without its failed keys (a bad faction, an unknown key), so that the
    entries are still checked; None when the edition, kind or entries failed."""
    failed = {p.path[0] if p.path else "" for p in problems}
    if not isinstance(data, dict) or failed & {"", "edition", "kind", "entries"}:
        return None
    try:
        return FileHeader.model_validate({k: v for k, v in data.items() if k not in failed})
    except ValidationError:
        return None


def entries_of(document: Any) -> LoadedFile:
    """The valid entries of an already parsed document, without lint or diagnostics."""
    try:
        header = FileHeader.model_validate(document)
    except ValidationError:
        return LoadedFile(FileSummary())
    adapter = entry_adapter(header.kind, header.edition)
    entries = []
    for raw_entry in header.entries:
        try:
            entries.append(cast(Entry, adapter.validate_python(raw_entry)))
        except ValidationError:
            continue
    return LoadedFile(FileSummary(edition=header.edition, kind=header.kind), entries, header.edition, header.faction)


def _read_entries(reader: _FileReader, header: FileHeader, loaded: LoadedFile) -> None:
    adapter = entry_adapter(header.kind, header.edition)
    for index, raw_entry in enumerate(header.entries):
        prefix: Path = ("entries", index)
        entry_id = _entry_id(raw_entry)
        if entry_id is not None:
            reader.entry_names[index] = entry_id
        try:
            entry = cast(Entry, adapter.validate_python(raw_entry))
        except ValidationError as exc:
            problems = located_problems(exc, raw_entry, reader.source_map, prefix,
                                        keys=entry_keys(header.kind, header.edition))
            for problem in problems:
                reader.add(problem)
            _record_partial_entry(reader, header, raw_entry, prefix, problems)
            continue
        loaded.entries.append(entry)
        _record_entry(reader, header, entry, prefix)


def _record_partial_entry(reader: _FileReader, header: FileHeader, raw_entry: Any, prefix: Path,
                          problems: list[LocatedProblem]) -> None:
    """Record what can still be checked of an entry that failed the schema (see
    :mod:`wmdata.content.partial`): its references, its id (so that entries naming it find
    it) and the lint checks that read no failed field.  The entry itself is not loaded."""
    if any(len(p.path) <= len(prefix) for p in problems):
        return  # a problem with the entry as a whole: nothing is left to check
    failed = frozenset(str(p.path[len(prefix)]) for p in problems)
    partial = partial_entry(header.kind, header.edition, raw_entry, failed)
    if partial is not None:
        _record_entry(reader, header, cast(Entry, partial), prefix, failed=failed)


def _record_entry(reader: _FileReader, header: FileHeader, entry: Entry, prefix: Path,
                  *, failed: frozenset[str] = frozenset()) -> None:
    summary = reader.summary
    entry_id, name = str(entry.id), str(entry.name)
    line, col = reader.source_map.locate((*prefix, "id"))
    summary.entries.append(EntryRecord(entry_id, name, category_of(header.kind, entry), line, col,
                                       status(getattr(entry, "provenance", None))))
    for ref_id, targets, what, path in iter_references(entry, prefix):
        ref_line, ref_col = reader.source_map.locate(path)
        summary.refs.append(RefRecord(ref_id, targets, what, reader.display_path(path), ref_line, ref_col))
    text = getattr(entry, "text", None)
    if isinstance(text, str):
        text_line, text_col = reader.source_map.locate((*prefix, "text"))
        normalised = _SPACES.sub(" ", text).strip().lower()
        summary.texts.append(TextRecord(entry_id, normalised, text_line, text_col))
    for finding in lint_entry(header.edition, entry, failed=failed):
        reader.add_at((*prefix, *finding.path), finding.code, finding.severity, finding.message, finding.hint,
                      key=finding.key)
