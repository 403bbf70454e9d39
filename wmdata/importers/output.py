"""Collect converted entries into content files and write them, all or nothing.

Every entry is checked with the content models and the lint before it is kept, and the
rendered files are then checked as ``wmdata validate`` checks them (YAML, schema, lint,
references across files) before anything is written: an entry with an error is
skipped with its reason until the files validate, and a problem that belongs to no
entry stops the import with nothing written.  Files are rendered in memory first and
only then written, each atomically, so a failed import never leaves half a folder
behind.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from wmdata.atomic import write_text_atomic
from wmdata.content.library import validate_texts
from wmdata.content.lint import lint_entry
from wmdata.content.places import schemas_dir
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.importers.report import ImportReport, InputError
from wmdata.model.common import Edition
from wmdata.model.documents import entry_adapter

RULES_FOLDER_KINDS = {"rules": "vocabulary", "spells": "spells", "feats": "feats", "animi": "animi",
                      "command_cards": "command_cards"}


def entry_problem(edition: Edition, kind: str, entry: dict[str, Any]) -> str | None:
    """Why ``entry`` would not validate (schema or lint error), or None."""
    try:
        value = entry_adapter(kind, edition).validate_python(entry)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"] if not str(part).startswith(("function-", "tagged-")))
        return f"invalid {where or 'entry'}: {error['msg']}"
    for finding in lint_entry(edition, value):
        if finding.severity is Severity.ERROR:
            return f"{finding.code}: {finding.message}"
    return None


def relative_path(edition: str, kind: str, faction: str | None) -> Path:
    """Where a file of ``kind`` goes, mirroring ``content/<edition>/...``."""
    if kind in RULES_FOLDER_KINDS:
        return Path(edition, "rules", f"{RULES_FOLDER_KINDS[kind]}.yaml")
    if kind == "factions":
        return Path(edition, "factions", "factions.yaml")
    return Path(edition, "factions", faction or "unknown", f"{kind}.yaml")


CASTABLE_KINDS = ("spells", "feats", "animi", "command_cards")


class Bundle:
    """The content files of one import, keyed by (edition, kind, faction).

    Every entry added says where its numbers come from: the record of ``data_set`` it was
    made from (its name there), with the model fields the importer had to fill in itself
    (``defaulted``) marked unconfirmed (docs/provenance.md)."""

    def __init__(self, data_set: str | None = None, defaulted: tuple[str, ...] = ()) -> None:
        self.files: dict[tuple[str, str, str | None], list[dict[str, Any]]] = defaultdict(list)
        self.data_set, self.defaulted = data_set, defaulted

    def _provenance(self, kind: str, entry: dict[str, Any]) -> dict[str, Any]:
        cited: dict[str, Any] = {"reference": self.data_set, "record": entry["name"]}
        guessed = [name for name in self.defaulted if kind == "models" and name in entry]
        return {**cited, "unconfirmed": guessed} if guessed else cited

    def add(self, edition: str, kind: str, faction: str | None, entry: dict[str, Any]) -> None:
        if self.data_set is not None and "provenance" not in entry:
            entry["provenance"] = self._provenance(kind, entry)
        if kind in CASTABLE_KINDS and not entry.get("effects") and "unmodelled" not in entry \
                and not (entry.get("offensive") and isinstance(entry.get("pow"), int)):
            entry["unmodelled"] = "other"  # imported text maps to no effect: say so, as for rules
        key_faction = faction if kind not in RULES_FOLDER_KINDS and kind != "factions" else None
        self.files[(edition, kind, key_faction)].append(entry)

    def ids(self, edition: str) -> set[str]:
        return {entry["id"] for (ed, _, _), entries in self.files.items() if ed == edition for entry in entries}


class _Dumper(yaml.CSafeDumper):
    """libyaml's emitter, as the reader uses libyaml (ruamel.yaml's pure-Python emitter took
    most of a WHAC import); profiles share dicts, so each is written out in full."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _schema_ref(target: Path, kind: str) -> str:
    schema = schemas_dir() / f"{kind}.schema.json"
    try:
        return Path(os.path.relpath(schema.resolve(), target.parent.resolve())).as_posix()
    except ValueError:  # another drive on Windows
        return schema.resolve().as_uri()


def render(target: Path, edition: str, kind: str, faction: str | None, entries: list[dict[str, Any]],
           comment: str) -> str:
    """A content file: schema line, a comment, the header and the entries."""
    document: dict[str, Any] = {"edition": edition, "kind": kind}
    if faction is not None:
        document["faction"] = faction
    document["entries"] = entries
    body = yaml.dump(document, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120,
                     default_flow_style=None)
    return f"# yaml-language-server: $schema={_schema_ref(target, kind)}\n# {comment}\n{body}"


FileKey = tuple[str, str, str | None]
_ENTRY_STEP = re.compile(r"^(?:entries\[(\d+)\]|([a-z0-9][a-z0-9-]*))(?=[.\[]|$)")
MAX_ROUNDS = 20
"""Skipping an entry can break a reference to it; each round settles one such level."""


def _entry_of(bundle: Bundle, key: FileKey, problem: Diagnostic) -> int | None:
    """The index of the entry a diagnostic's path starts at (``entries[3]`` or an id)."""
    match = _ENTRY_STEP.match(problem.path)
    entries = bundle.files[key]
    if match is None:
        return None
    if match.group(1) is not None:
        index = int(match.group(1))
        return index if index < len(entries) else None
    return next((i for i, entry in enumerate(entries) if entry.get("id") == match.group(2)), None)


def drop_invalid(bundle: Bundle, report: ImportReport) -> None:
    """Skip (and report) every entry whose file would not validate because of it, until
    the files validate; :class:`InputError` when an error belongs to no entry."""
    for _ in range(MAX_ROUNDS):
        names = {relative_path(*key).as_posix(): key for key in bundle.files}
        texts = [(name, render(Path(name), *key, bundle.files[key], "").encode("utf-8")) for name, key in names.items()]
        errors = [d for d in validate_texts(texts) if d.severity is Severity.ERROR]
        if not errors:
            return
        doomed: dict[FileKey, set[int]] = defaultdict(set)
        for problem in errors:
            key = names[problem.file]
            index = _entry_of(bundle, key, problem)
            if index is None:
                raise InputError(f"the import would write {problem.format()}; nothing was written")
            if index not in doomed[key]:
                entry = bundle.files[key][index]
                report.skip(f"{problem.file}:{problem.line}", f"{key[1].rstrip('s')} {entry.get('id')!r}",
                            f"does not validate: {problem.message} ({problem.code})")
                report.imported[key[1]] -= 1
            doomed[key].add(index)
        for key, indexes in doomed.items():
            bundle.files[key] = [entry for i, entry in enumerate(bundle.files[key]) if i not in indexes]
            if not bundle.files[key]:
                del bundle.files[key]
    raise InputError(f"the imported files still do not validate after skipping entries {MAX_ROUNDS} times; "
                     "nothing was written")


def write_bundle(bundle: Bundle, out_dir: Path, comment: str) -> list[Path]:
    """Render every file, then write each atomically; returns the written paths."""
    rendered: list[tuple[Path, str]] = []
    for (edition, kind, faction), entries in sorted(bundle.files.items(), key=lambda item: str(item[0])):
        target = out_dir / relative_path(edition, kind, faction)
        rendered.append((target, render(target, edition, kind, faction, entries, comment)))
    for target, text in rendered:
        write_text_atomic(target, text)
    return [target for target, _ in rendered]
