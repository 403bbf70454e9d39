"""One diagnostic format for content files, list files and board files.

Every problem wmdata finds in user input becomes a :class:`Diagnostic` value; nothing
is raised at the user.  Reporters turn a sorted list of diagnostics into text, JSON
or GitHub workflow annotations, so the CLI, the tests and CI see the same data.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from enum import StrEnum

from wmdata.textsafe import terminal_safe
from wmdata.wording import counted


class Severity(StrEnum):
    """How bad a problem is; ``--strict`` promotes warnings to errors."""

    ERROR = "error"
    WARNING = "warning"


class Diagnostic:
    """A located problem: ``file:line:col: [severity] path: message (code)``.

    ``line`` and ``col`` are 1-based and point at the offending key or value; 0 means
    the problem concerns the whole file.  ``path`` is the dotted location inside the
    document (``ironclad.weapons[0].pow``), empty for file-level problems.

    A value: equal and hashed by its fields, never changed (``replace`` makes a new one).
    Written out rather than as a dataclass because importing ``dataclasses`` alone costs
    more than the quick list path (:mod:`wmdata.cli.quick`) may spend.
    """

    __slots__ = ("code", "col", "file", "hint", "line", "message", "path", "severity")

    def __init__(self, file: str, line: int, col: int, path: str, code: str, severity: Severity, message: str,
                 hint: str = "") -> None:
        self.file, self.line, self.col, self.path = file, line, col, path
        self.code, self.severity, self.message, self.hint = code, severity, message, hint

    def _fields(self) -> tuple[str, int, int, str, str, Severity, str, str]:
        return (self.file, self.line, self.col, self.path, self.code, self.severity, self.message, self.hint)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Diagnostic) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Diagnostic" + repr(self._fields())

    def replace(self, *, file: str | None = None, severity: Severity | None = None) -> Diagnostic:
        """A copy reported for another file or at another severity."""
        return Diagnostic(self.file if file is None else file, self.line, self.col, self.path, self.code,
                          self.severity if severity is None else severity, self.message, self.hint)

    def as_dict(self) -> dict[str, object]:
        """The fields as JSON-ready data (severity as its text)."""
        return {"file": self.file, "line": self.line, "col": self.col, "path": self.path, "code": self.code,
                "severity": self.severity.value, "message": self.message, "hint": self.hint}

    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        return (self.file, self.line, self.col, self.code, self.path, self.message)

    def format(self) -> str:
        """The one-line form (and hint line); content strings in it cannot steer a terminal."""
        where = f"{self.file}:{self.line}:{self.col}"
        subject = f"{self.path}: " if self.path else ""
        text = f"{where}: [{self.severity.value}] {subject}{self.message} ({self.code})"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return terminal_safe(text)


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Deterministic order: by file, position, code, path, message; duplicates dropped."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def apply_strict(diagnostics: Iterable[Diagnostic], strict: bool) -> list[Diagnostic]:
    """With ``strict``, every warning is reported (and counted) as an error."""
    if not strict:
        return list(diagnostics)
    return [d.replace(severity=Severity.ERROR) for d in diagnostics]


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def summary_line(diagnostics: Sequence[Diagnostic], files: int) -> str:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    warnings = len(diagnostics) - errors
    return f"{counted(files, 'file')} checked: {counted(errors, 'error')}, {counted(warnings, 'warning')}"


def report_text(diagnostics: Sequence[Diagnostic], files: int) -> str:
    lines = [d.format() for d in diagnostics]
    lines.append(summary_line(diagnostics, files))
    return "\n".join(lines)


def report_json(diagnostics: Sequence[Diagnostic], files: int) -> str:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    payload = {
        "files": files,
        "errors": errors,
        "warnings": len(diagnostics) - errors,
        "diagnostics": [d.as_dict() for d in diagnostics],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False)


def _github_escape(text: str, *, prop: bool) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def report_github(diagnostics: Sequence[Diagnostic], files: int) -> str:
    """GitHub workflow commands (``::error file=…,line=…,col=…::message``)."""
    lines = []
    for d in diagnostics:
        props = f"file={_github_escape(d.file, prop=True)},line={max(d.line, 1)},col={max(d.col, 1)}"
        props += f",title={_github_escape(d.code, prop=True)}"
        subject = f"{d.path}: " if d.path else ""
        message = _github_escape(terminal_safe(f"{subject}{d.message}" + (f" (hint: {d.hint})" if d.hint else "")),
                                 prop=False)
        lines.append(f"::{d.severity.value} {props}::{message}")
    lines.append(summary_line(diagnostics, files))
    return "\n".join(lines)


REPORTERS = {"text": report_text, "json": report_json, "github": report_github}
