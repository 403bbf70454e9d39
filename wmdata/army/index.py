"""The compiled list index: one edition's built-in entries as plain JSON, for list checks.

Building an edition's pydantic models takes a quarter of a second, but checking a list
reads a few fields of a few hundred entries.  Whenever wmdata has loaded an edition's
built-in content it writes this index (models, factions, armies, theme forces, rulesets
and command cards in full; every other entry by id and name only, so that looking a
name up finds exactly what the full registry finds).  The quick list path
(:mod:`wmdata.cli.quick`) reads it back as :class:`Mirror` entries and runs the same
resolver and checks as the full path.

An index belongs to the files it was built from: its *signature* lists the size and
modification time of every content file of the edition and of every wmdata source file.
Any difference, a damaged file or a newer format makes it unusable, and the caller
falls back to loading the content itself (which writes a fresh index).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import wmdata
from wmdata.atomic import write_text_atomic
from wmdata.content.places import builtin_content_dir, cache_dir
from wmdata.content.registry import Registry, RegistryItem
from wmdata.typecheck import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from typing import Any

    from pydantic import BaseModel

    from wmdata.model.common import Entry

INDEX_FORMAT = 2
FULL_CATEGORIES = ("faction", "army", "theme_force", "ruleset", "command_card")
UNREAD_FIELDS = frozenset({"note", "source", "text", "weapons", "stats", "damage", "interpreter", "abilities",
                           "spells", "feat", "animus", "rules"})
"""Fields the army builder never reads, left out at every depth to keep the index small
(``tests/test_quick.py`` checks that no module of :mod:`wmdata.army` names one)."""

Signature = list[list[object]]


class Mirror:
    """Read-only attribute access over an entry's ``model_dump``: the army builder reads a
    mirror exactly as it reads the model (same field names, same values, defaults included).
    A field's value is mirrored once, on first reading, and kept: like a model's attribute,
    it is then the same object at every reading, and the checks read some fields often."""

    __slots__ = ("_fields", "_read")

    def __init__(self, fields: dict[str, Any]) -> None:
        self._fields = fields
        self._read: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        try:
            return self._read[name]
        except KeyError:
            pass
        try:
            value = self._fields[name]
        except KeyError:
            raise AttributeError(name) from None
        mirrored = self._read[name] = _mirrored(value)
        return mirrored


def _mirrored(value: Any) -> Any:
    if isinstance(value, dict):
        return Mirror(value)
    if isinstance(value, list):
        return [_mirrored(item) for item in value]
    return value


def _stats(folder: str, suffixes: tuple[str, ...], prefix: str = "") -> Signature:
    """[relative path, size, mtime] of the files under ``folder``, in a stable order."""
    found: Signature = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return found
    for entry in entries:
        if entry.is_dir():
            if entry.name not in ("__pycache__", "_data"):  # _data: the wheel's content, templates
                found += _stats(entry.path, suffixes, f"{prefix}{entry.name}/")
        elif entry.name.endswith(suffixes):
            stat = entry.stat()
            found.append([prefix + entry.name, stat.st_size, stat.st_mtime_ns])
    return found


def signature(edition: str) -> Signature:
    """What the index of ``edition`` depends on: content and code, by size and mtime."""
    code = os.path.dirname(wmdata.__file__)
    return [[wmdata.__version__, INDEX_FORMAT], *_stats(str(builtin_content_dir() / edition), (".yaml", ".yml")),
            *_stats(code, (".py",))]


def index_path(edition: str) -> Path:
    return cache_dir() / "lists" / f"{edition}.json"


def _without_unread(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_unread(v) for k, v in value.items() if k not in UNREAD_FIELDS}
    if isinstance(value, list):
        return [_without_unread(v) for v in value]
    return value


def _dump(item: RegistryItem) -> list[Any]:
    full = item.category.startswith("model:") or item.category in FULL_CATEGORIES
    entry: BaseModel = item.entry
    fields = _without_unread(entry.model_dump(mode="json")) if full else {"id": item.id, "name": item.name}
    return [item.kind, item.category, item.file, item.faction, fields]


def write_index(registry: Registry, edition: str, built_from: Signature) -> None:
    """Store ``edition``'s index unless an identical one is there; a cache that cannot be
    written (read-only home, full disk) only means the next run takes the longer path."""
    path = index_path(edition)
    if _read(path, built_from, header_only=True) is not None:
        return
    items = [_dump(item) for item in registry if item.edition == edition]
    header = json.dumps({"format": INDEX_FORMAT, "signature": built_from}, separators=(",", ":"))
    try:
        write_text_atomic(path, header + "\n" + json.dumps(items, separators=(",", ":")))
    except OSError:
        return


def _read(path: Path, expected: Signature, *, header_only: bool = False) -> list[Any] | None:
    """The stored items when the file's first line (format and signature) is ``expected``;
    ``header_only`` checks that line without parsing the items."""
    try:
        with path.open("rb") as stream:
            header = json.loads(stream.readline())
            if not isinstance(header, dict) or header.get("format") != INDEX_FORMAT:
                return None
            if header.get("signature") != expected:
                return None
            items = [] if header_only else json.loads(stream.read())
    except (OSError, ValueError):
        items = None
    if isinstance(items, list):
        return items
    with contextlib.suppress(OSError):  # damaged: remove it, so that the next full run writes it anew
        path.unlink(missing_ok=True)
    return None


def read_index(edition: str) -> Registry | None:
    """The registry of ``edition``'s built-in content from a fresh index, or None."""
    items = _read(index_path(edition), signature(edition))
    if items is None:
        return None
    return Registry(RegistryItem(edition, kind, category, cast("Entry", Mirror(fields)), file, faction)
                    for kind, category, file, faction, fields in items)
