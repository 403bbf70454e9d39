"""One diagnostic format for content files, list files and board files.

Every problem wmdata finds in user input becomes a :class:`Diagnostic` value; nothing
is raised at the user.  Reporters turn a sorted list of diagnostics into text, JSON
or GitHub workflow annotations, so the CLI, the tests and CI see the same data.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from enum import StrEnum


class Severity(StrEnum):
    """How bad a problem is; ``--strict`` promotes warnings to errors."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A located problem: ``file:line:col: [severity] path: message (code)``.

    ``line`` and ``col`` are 1-based and point at the offending key or value; 0 means
    the problem concerns the whole file.  ``path`` is the dotted location inside the
    document (``ironclad.weapons[0].pow``), empty for file-level problems.
    """

    file: str
    line: int
    col: int
    path: str
    code: str
    severity: Severity
    message: str
    hint: str = ""

    def sort_key(self) -> tuple[str, int, int, str, str, str]:
        return (self.file, self.line, self.col, self.code, self.path, self.message)

    def format(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}"
        subject = f"{self.path}: " if self.path else ""
        text = f"{where}: [{self.severity.value}] {subject}{self.message} ({self.code})"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Deterministic order: by file, position, code, path, message; duplicates dropped."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def apply_strict(diagnostics: Iterable[Diagnostic], strict: bool) -> list[Diagnostic]:
    """With ``strict``, every warning is reported (and counted) as an error."""
    if not strict:
        return list(diagnostics)
    return [replace(d, severity=Severity.ERROR) for d in diagnostics]


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def summary_line(diagnostics: Sequence[Diagnostic], files: int) -> str:
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    warnings = len(diagnostics) - errors
    noun = "file" if files == 1 else "files"
    return f"{files} {noun} checked: {errors} error(s), {warnings} warning(s)"


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
        "diagnostics": [asdict(d) | {"severity": d.severity.value} for d in diagnostics],
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
        message = _github_escape(f"{subject}{d.message}" + (f" (hint: {d.hint})" if d.hint else ""), prop=False)
        lines.append(f"::{d.severity.value} {props}::{message}")
    lines.append(summary_line(diagnostics, files))
    return "\n".join(lines)


REPORTERS = {"text": report_text, "json": report_json, "github": report_github}
