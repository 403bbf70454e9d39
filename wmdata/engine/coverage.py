"""How much of the rule vocabulary the interpreter can execute, per edition.

An entry counts as executable only when its effects do everything its text says; an
entry marked ``coverage: partial`` executes some clauses (its ``unmodelled`` names the
rest) and is listed apart; an entry without effects is text only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from wmdata.content.registry import Registry
from wmdata.model.vocabulary import coverage_of

VOCABULARY_KINDS = ("rules", "spells", "feats", "animi", "command_cards")


@dataclass(slots=True)
class EditionCoverage:
    edition: str
    total: Counter[str] = field(default_factory=Counter)
    executable: Counter[str] = field(default_factory=Counter)
    partial: list[tuple[str, str, str]] = field(default_factory=list)
    """(kind or rule category, id, what the effects leave out) of every partial entry."""
    text_only: list[tuple[str, str, str]] = field(default_factory=list)
    """(kind or rule category, id, why) of every entry without effects."""

    def count(self, entries: list[tuple[str, str, str]]) -> Counter[str]:
        return Counter(label for label, _, _ in entries)

    def as_json(self) -> dict[str, object]:
        return {"edition": self.edition, "total": dict(self.total), "executable": dict(self.executable),
                "partial_count": dict(self.count(self.partial)), "text_only_count": dict(self.count(self.text_only)),
                "partial": [{"kind": k, "id": i, "leaves_out": w} for k, i, w in self.partial],
                "text_only": [{"kind": k, "id": i, "why": w} for k, i, w in self.text_only]}


def coverage(registry: Registry, edition: str | None = None) -> list[EditionCoverage]:
    report: dict[str, EditionCoverage] = {}
    for item in registry:
        if item.kind not in VOCABULARY_KINDS or (edition is not None and item.edition != edition):
            continue
        entry = report.setdefault(item.edition, EditionCoverage(item.edition))
        label = item.category.split(":", 1)[-1]
        entry.total[label] += 1
        why = str(getattr(item.entry, "unmodelled", None) or "not stated")
        state = coverage_of(item.entry)
        if state == "executable":
            entry.executable[label] += 1
        elif state == "partial":
            entry.partial.append((label, item.id, why))
        else:
            entry.text_only.append((label, item.id, why))
    return [report[key] for key in sorted(report)]


def _by_reason(entries: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for label, entry_id, why in sorted(entries):
        grouped.setdefault(why, []).append(f"{entry_id} ({label})")
    return grouped


def format_coverage(reports: list[EditionCoverage]) -> str:
    lines = []
    for report in reports:
        partial, text_only = report.count(report.partial), report.count(report.text_only)
        lines.append(f"{report.edition}: {sum(report.executable.values())} executable, {sum(partial.values())} "
                     f"partial, {sum(text_only.values())} text only, of {sum(report.total.values())} entries")
        lines.append(f"  {'kind':15} executable / partial / text only / total")
        for label in sorted(report.total):
            lines.append(f"  {label:15} {report.executable[label]:10} / {partial[label]:7} / {text_only[label]:9} / "
                         f"{report.total[label]:5}")
        for why, names in _by_reason(report.partial).items():
            lines.append(f"  partial, leaves out {why}: {', '.join(names)}")
        for why, names in _by_reason(report.text_only).items():
            lines.append(f"  text only, {why}: {', '.join(names)}")
    return "\n".join(lines)
