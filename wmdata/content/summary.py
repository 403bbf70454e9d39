"""What one content file contributes to the cross-file checks, as plain data.

A :class:`FileSummary` is everything the registry-level checks (unique ids, reference
resolution, duplicate rules text) need from a file.  It is small and JSON-friendly,
which is what lets the content cache skip parsing unchanged files entirely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wmdata.diagnostics import Diagnostic, Severity


@dataclass(frozen=True, slots=True)
class EntryRecord:
    """An entry's identity: ``category`` is e.g. ``model:warjack``, ``rule:advantage``, ``spell``."""

    id: str
    name: str
    category: str
    line: int
    col: int
    confirmed_by: str = "unconfirmed"
    """How far its numbers are confirmed (:func:`wmdata.model.provenance.status`)."""


@dataclass(frozen=True, slots=True)
class RefRecord:
    """A reference to another entry; ``targets`` are category prefixes it may resolve to."""

    id: str
    targets: tuple[str, ...]
    what: str
    path: str
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class TextRecord:
    """The normalised rules text of an entry, for the duplicate-text lint."""

    id: str
    text: str
    line: int
    col: int


@dataclass(slots=True)
class FileSummary:
    edition: str | None = None
    kind: str | None = None
    problems: list[Diagnostic] = field(default_factory=list)
    """Per-file diagnostics; their ``file`` is empty until the file is reported."""
    entries: list[EntryRecord] = field(default_factory=list)
    refs: list[RefRecord] = field(default_factory=list)
    texts: list[TextRecord] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Records as lists of their fields (in field order): small and quick to write."""
        return {"edition": self.edition, "kind": self.kind, "problems": [p.as_dict() for p in self.problems],
                "entries": [[e.id, e.name, e.category, e.line, e.col, e.confirmed_by] for e in self.entries],
                "refs": [[r.id, r.targets, r.what, r.path, r.line, r.col] for r in self.refs],
                "texts": [[t.id, t.text, t.line, t.col] for t in self.texts]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FileSummary:
        return cls(
            edition=data["edition"],
            kind=data["kind"],
            problems=[Diagnostic(**{**p, "severity": Severity(p["severity"])}) for p in data["problems"]],
            entries=[EntryRecord(*e) for e in data["entries"]],
            refs=[RefRecord(r[0], tuple(r[1]), *r[2:]) for r in data["refs"]],
            texts=[TextRecord(*t) for t in data["texts"]],
        )
