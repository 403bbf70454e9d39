"""How much of the rule vocabulary the interpreter can execute, per edition."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from wmdata.content.registry import Registry
from wmdata.model.vocabulary import executes

VOCABULARY_KINDS = ("rules", "spells", "feats", "animi", "command_cards")


@dataclass(slots=True)
class EditionCoverage:
    edition: str
    total: Counter[str] = field(default_factory=Counter)
    executable: Counter[str] = field(default_factory=Counter)
    text_only: list[tuple[str, str, str]] = field(default_factory=list)
    """(kind or rule category, id, why) of every entry without effects."""

    def as_json(self) -> dict[str, object]:
        return {"edition": self.edition, "total": dict(self.total), "executable": dict(self.executable),
                "text_only": [{"kind": k, "id": i, "why": w} for k, i, w in self.text_only]}


def coverage(registry: Registry, edition: str | None = None) -> list[EditionCoverage]:
    report: dict[str, EditionCoverage] = {}
    for item in registry:
        if item.kind not in VOCABULARY_KINDS or (edition is not None and item.edition != edition):
            continue
        entry = report.setdefault(item.edition, EditionCoverage(item.edition))
        label = item.category.split(":", 1)[-1]
        entry.total[label] += 1
        if executes(item.entry):
            entry.executable[label] += 1
        else:
            why = getattr(item.entry, "unmodelled", None) or "not stated"
            entry.text_only.append((label, item.id, str(why)))
    return [report[key] for key in sorted(report)]


def format_coverage(reports: list[EditionCoverage]) -> str:
    lines = []
    for report in reports:
        total, done = sum(report.total.values()), sum(report.executable.values())
        lines.append(f"{report.edition}: {done} of {total} vocabulary entries executable")
        for label in sorted(report.total):
            lines.append(f"  {label:15} {report.executable[label]:3} / {report.total[label]:3}")
        by_reason: dict[str, list[str]] = {}
        for label, entry_id, why in sorted(report.text_only):
            by_reason.setdefault(why, []).append(f"{entry_id} ({label})")
        for why in sorted(by_reason):
            lines.append(f"  text only, {why}: {', '.join(by_reason[why])}")
    return "\n".join(lines)
