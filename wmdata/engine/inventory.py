"""What the content library holds: entries per edition, faction and kind, how many of
the rules each faction's models use the interpreter can execute, and how many entries'
numbers a seed or a reference data set confirms (docs/provenance.md).

Maintainers read it to see where transcription stands; players read it to know how far
the attack odds, reminders and printed numbers for their faction can be trusted.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from wmdata.content.registry import Registry
from wmdata.engine.coverage import coverage
from wmdata.model.provenance import STATUSES, status
from wmdata.model.vocabulary import executes
from wmdata.wording import counted

NO_FACTION = "(no faction)"
SHARED = "(shared rules)"
"""Where entries without a faction (the rule vocabulary, spells, feats, rulesets) are counted."""
PLURALS = {"army": "armies", "battle_engine": "battle engines", "theme_force": "theme forces"}


def _count(kind: str, count: int) -> str:
    return counted(count, kind.replace("_", " "), PLURALS.get(kind))


@dataclass(slots=True)
class FactionStats:
    faction: str
    name: str
    models: Counter[str] = field(default_factory=Counter)
    other: Counter[str] = field(default_factory=Counter)
    rules_used: set[str] = field(default_factory=set)
    rules_executable: set[str] = field(default_factory=set)
    sources: Counter[str] = field(default_factory=Counter)
    """Entries by :func:`wmdata.model.provenance.status`: seed, reference, unconfirmed."""


@dataclass(slots=True)
class EditionStats:
    edition: str
    factions: list[FactionStats]
    vocabulary_total: Counter[str]
    vocabulary_executable: Counter[str]
    shared_sources: Counter[str] = field(default_factory=Counter)


def _rule_ids(entry: object) -> set[str]:
    """Every vocabulary id a model entry refers to (rules, weapon qualities, spells, feat, animus)."""
    ids: set[str] = set()
    profiles = [entry, *getattr(entry, "troopers", [])]
    for profile in profiles:
        ids.update(getattr(profile, "advantages", []))
        ids.update(getattr(profile, "abilities", []))
        for weapon in getattr(profile, "weapons", []):
            ids.update(weapon.qualities)
            ids.update(weapon.abilities)
    ids.update(getattr(entry, "spells", []))
    ids.update(rule for hardpoint in getattr(entry, "hardpoints", []) for option in hardpoint.options
               for rule in option.rules)
    for single in ("feat", "animus"):
        if getattr(entry, single, None):
            ids.add(getattr(entry, single))
    return ids


def content_stats(registry: Registry, edition: str | None = None) -> list[EditionStats]:
    editions = sorted({item.edition for item in registry if edition is None or item.edition == edition})
    result = []
    for current in editions:
        factions: dict[str, FactionStats] = {}
        shared: Counter[str] = Counter()
        for item in registry:
            if item.edition == current and item.kind != "factions":
                source = status(getattr(item.entry, "provenance", None))
                if item.faction is None:
                    shared[source] += 1
                else:
                    factions.setdefault(item.faction, _faction(registry, current, item.faction)).sources[source] += 1
            if item.edition != current or item.kind in ("rules", "spells", "feats", "animi", "command_cards",
                                                        "factions", "rulesets"):
                continue
            key = item.faction or NO_FACTION
            stats = factions.setdefault(key, _faction(registry, current, key))
            if item.kind == "models":
                stats.models[item.category.split(":", 1)[1]] += 1
                for rule_id in _rule_ids(item.entry):
                    stats.rules_used.add(rule_id)
                    rule = registry.get(current, rule_id)
                    if rule is not None and executes(rule.entry):
                        stats.rules_executable.add(rule_id)
            else:
                stats.other[item.category] += 1
        vocabulary = coverage(registry, current)
        total = vocabulary[0].total if vocabulary else Counter()
        executable = vocabulary[0].executable if vocabulary else Counter()
        result.append(EditionStats(current, [factions[k] for k in sorted(factions)], total, executable, shared))
    return result


def _faction(registry: Registry, edition: str, key: str) -> FactionStats:
    named = registry.get(edition, key)
    return FactionStats(key, named.name if named else key)


def _sources(counts: Counter[str]) -> str:
    return "sources " + ", ".join(f"{counts[name]} {name}" for name in STATUSES)


def format_stats(reports: list[EditionStats]) -> str:
    lines = []
    for report in reports:
        models = sum(sum(f.models.values()) for f in report.factions)
        lines.append(f"{report.edition}: {models} models in {len(report.factions)} factions; vocabulary "
                     f"{sum(report.vocabulary_executable.values())} of {sum(report.vocabulary_total.values())} "
                     "entries executable")
        for faction in report.factions:
            kinds = ", ".join(_count(kind, count) for kind, count in sorted(faction.models.items()))
            other = ", ".join(_count(kind, count) for kind, count in sorted(faction.other.items()))
            used = len(faction.rules_used)
            share = f"{len(faction.rules_executable)} of {used} rules used executable" if used else "no rules used"
            lines.append(f"  {faction.name}: {kinds or 'no models'}{f'; {other}' if other else ''}; {share}; "
                         f"{_sources(faction.sources)}")
        lines.append("  vocabulary: " + ", ".join(
            f"{kind.replace('_', ' ')} {report.vocabulary_executable[kind]}/{report.vocabulary_total[kind]}"
            for kind in sorted(report.vocabulary_total)))
        lines.append(f"  {SHARED}: {_sources(report.shared_sources)}")
    return "\n".join(lines)


def stats_json(reports: list[EditionStats]) -> list[dict[str, object]]:
    return [{"edition": r.edition,
             "factions": [{"faction": f.faction, "name": f.name, "models": dict(f.models), "other": dict(f.other),
                           "rules_used": len(f.rules_used), "rules_executable": len(f.rules_executable),
                           "sources": {name: f.sources[name] for name in STATUSES}}
                          for f in r.factions],
             "shared_sources": {name: r.shared_sources[name] for name in STATUSES},
             "vocabulary": {"total": dict(r.vocabulary_total), "executable": dict(r.vocabulary_executable)}}
            for r in reports]
