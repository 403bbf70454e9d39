"""Collect converted entries into content files and write them, all or nothing.

Every entry is checked with the content models and the lint before it is kept, so an
imported folder validates; an entry that would not is skipped with its reason.  Files
are rendered in memory first and only then written, each atomically, so a failed
import never leaves half a folder behind.
"""

from __future__ import annotations

import io
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML

from wmdata.atomic import write_text_atomic
from wmdata.content.lint import lint_entry
from wmdata.content.places import schemas_dir
from wmdata.diagnostics import Severity
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
    """The content files of one import, keyed by (edition, kind, faction)."""

    def __init__(self) -> None:
        self.files: dict[tuple[str, str, str | None], list[dict[str, Any]]] = defaultdict(list)

    def add(self, edition: str, kind: str, faction: str | None, entry: dict[str, Any]) -> None:
        if kind in CASTABLE_KINDS and not entry.get("effects") and "unmodelled" not in entry \
                and not (entry.get("offensive") and isinstance(entry.get("pow"), int)):
            entry["unmodelled"] = "other"  # imported text maps to no effect: say so, as for rules
        key_faction = faction if kind not in RULES_FOLDER_KINDS and kind != "factions" else None
        self.files[(edition, kind, key_faction)].append(entry)

    def ids(self, edition: str) -> set[str]:
        return {entry["id"] for (ed, _, _), entries in self.files.items() if ed == edition for entry in entries}


def _yaml() -> YAML:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    yaml.width = 120
    yaml.allow_unicode = True
    yaml.representer.sort_base_mapping_type_on_output = False
    yaml.representer.ignore_aliases = lambda *_: True  # profiles share dicts; write them out in full
    return yaml


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
    stream = io.StringIO()
    _yaml().dump(document, stream)
    return f"# yaml-language-server: $schema={_schema_ref(target, kind)}\n# {comment}\n{stream.getvalue()}"


def write_bundle(bundle: Bundle, out_dir: Path, comment: str) -> list[Path]:
    """Render every file, then write each atomically; returns the written paths."""
    rendered: list[tuple[Path, str]] = []
    for (edition, kind, faction), entries in sorted(bundle.files.items(), key=lambda item: str(item[0])):
        target = out_dir / relative_path(edition, kind, faction)
        rendered.append((target, render(target, edition, kind, faction, entries, comment)))
    for target, text in rendered:
        write_text_atomic(target, text)
    return [target for target, _ in rendered]
