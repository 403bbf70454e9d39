"""What an import did, and the one error an unusable input file raises.

Importers never stop at a bad record: they skip it and say where it was and why.
Only an input that cannot be read at all (missing, not XML/JSON, wrong root) is an
:class:`InputError`, reported by the command line in one line with exit code 1.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from wmdata.textsafe import terminal_safe


class InputError(Exception):
    """An input file or folder that cannot be imported at all (one-line message)."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """A record left out: ``where`` is ``file:line`` (XML) or ``file:$.json.path`` (JSON)."""

    where: str
    what: str
    reason: str

    def line(self) -> str:
        return f"{self.where}: skipped {self.what}: {self.reason}"


@dataclass(slots=True)
class ImportReport:
    """Counts an import prints: entries per kind, skips with reasons, rule mapping."""

    source: str
    imported: Counter[str] = field(default_factory=Counter)
    skipped: list[Skipped] = field(default_factory=list)
    mapped: int = 0
    """rule references that name an entry of our rule vocabulary"""
    executable: int = 0
    """of those, references to rules that execute (have effects)"""
    text_only: int = 0
    """rule references kept as imported text (no vocabulary entry)"""
    text_rules: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)

    def skip(self, where: str, what: str, reason: str) -> None:
        self.skipped.append(Skipped(where, what, reason))

    def count_rule(self, mapped: bool, executable: bool = False) -> None:
        if mapped:
            self.mapped += 1
            self.executable += int(executable)
        else:
            self.text_only += 1

    def lines(self) -> list[str]:
        """The summary, one fact per line, skips first so the counts end the output."""
        out = [item.line() for item in self.skipped]
        out.extend(self.notes)
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(self.imported.items()))
        out.append(f"imported ({self.source}): {kinds or 'nothing'}")
        reasons = Counter(item.reason.split(":")[0] for item in self.skipped)
        detail = "; ".join(f"{count} {reason}" for reason, count in sorted(reasons.items()))
        out.append(f"skipped: {len(self.skipped)}" + (f" ({detail})" if detail else ""))
        out.append(f"rules: {self.mapped} references mapped to the vocabulary ({self.executable} executable), "
                   f"{self.text_only} kept as text ({len(self.text_rules)} text-only rules)")
        return [terminal_safe(line) for line in out]


MAX_INPUT_BYTES = 32 * 1024 * 1024


def read_input(path: Path, what: str) -> bytes:
    """The bytes of one input file, or :class:`InputError` in one line: missing, a folder,
    unreadable, or over the size limit (a data set, not a memory bomb)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a folder, expected {what}") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_INPUT_BYTES:
        raise InputError(f"{path}: {len(raw)} bytes is over the {MAX_INPUT_BYTES}-byte limit")
    return raw
