"""Validate a parsed army list and describe it: the points breakdown and every problem.

Reading a list file is :mod:`wmdata.army.listfile`'s job; this module needs neither a
YAML library nor pydantic, so the quick list path can use it as it is."""

from __future__ import annotations

from wmdata.army.checks import ListContext, build_context, run_checks
from wmdata.army.packuse import pack_problems
from wmdata.army.points import Line, Points
from wmdata.army.resolve import ResolvedList, resolve_list
from wmdata.content.registry import Registry
from wmdata.content.sourcemap import SourceMap
from wmdata.diagnostics import Diagnostic, has_errors, sort_diagnostics
from wmdata.textsafe import terminal_safe
from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:  # the quick list path validates without pydantic
    from typing import Any

    from wmdata.model.lists import ArmyList


class ListReport:
    """One list's result: its diagnostics and, when it could be resolved, the details."""

    __slots__ = ("context", "diagnostics", "file", "resolved")

    def __init__(self, file: str, diagnostics: list[Diagnostic] | None = None) -> None:
        self.file = file
        self.diagnostics: list[Diagnostic] = [] if diagnostics is None else diagnostics
        self.context: ListContext | None = None
        self.resolved: ResolvedList | None = None

    @property
    def legal(self) -> bool:
        return not has_errors(self.diagnostics)


def validate_army(army: ArmyList, source_map: SourceMap, name: str, registry: Registry) -> ListReport:
    """Validate an already parsed list (the share-code and benchmark paths start here)."""
    report = ListReport(name)
    resolved = resolve_list(registry, army, source_map, name)
    report.resolved = resolved
    problems = [*resolved.problems, *pack_problems(resolved, registry)]
    context = build_context(resolved, registry)
    if isinstance(context, Diagnostic):
        problems.append(context)
    else:
        report.context = context
        problems += run_checks(context)
    report.diagnostics = sort_diagnostics(problems)
    return report


def _line(line: Line) -> dict[str, Any]:
    pick = line.pick
    data: dict[str, Any] = {"id": pick.item.id, "name": pick.item.name, "role": pick.role, "cost": line.cost}
    if pick.count != 1:
        data["count"] = pick.count
    if pick.size is not None:
        data["size"] = {"label": pick.size.label, "models": pick.size.models}
    if pick.options:
        data["options"] = [o.id for o in pick.options]
    if pick.free:
        data["free"] = True
    return data


def points_json(points: Points) -> dict[str, Any]:
    return {
        "battlegroups": [{"caster": g.caster.item.name, "granted": g.granted, "cost": g.cost,
                          "from_granted": g.from_granted, "from_army": g.from_army, "lost": g.lost,
                          "models": [_line(line) for line in g.lines]} for g in points.battlegroups],
        "units_and_solos": [_line(line) for line in points.others],
        "command_cards": [{"name": name, "cost": cost} for name, cost in points.cards],
        "army_points": {"level": points.level_points, "spent": points.army_spent},
        "caster_points": {"granted": points.granted, "used": points.granted_used},
        "total": points.total,
    }


def report_json(report: ListReport) -> dict[str, Any]:
    data: dict[str, Any] = {"file": report.file, "legal": report.legal}
    if report.context is not None:
        army = report.context.resolved.army
        data |= {"edition": army.edition, "faction": army.faction, "level": army.level,
                 "points": points_json(report.context.points)}
    data["diagnostics"] = [{"file": d.file, "line": d.line, "col": d.col, "path": d.path, "code": d.code,
                            "severity": d.severity.value, "message": d.message, "hint": d.hint}
                           for d in report.diagnostics]
    return data


def _describe(line: Line) -> str:
    pick = line.pick
    label = f"{pick.count} {pick.item.name}" if pick.count != 1 else pick.item.name
    if pick.size is not None and len(getattr(pick.item.entry, "sizes", [])) > 1:
        label += f" ({pick.size.label}, {pick.size.models} models)"
    if pick.options:
        label += f" ({', '.join(o.name for o in pick.options)})"
    if pick.role == "attachment":
        label = f"  + {label}"
    if pick.role == "marshalled":
        label = f"  'jack: {label}"
    if pick.free:
        label += " [free]"
    return label


def report_text(report: ListReport) -> str:
    lines = [f"{report.file}:"]
    context = report.context
    if context is not None:
        army, points = context.resolved.army, context.points
        level = context.level.name if context.level else army.level
        lines.append(f"  {army.name or 'army list'} - {army.edition} {army.faction}"
                     f"{f' ({army.army})' if army.army else ''}{f', theme {army.theme}' if army.theme else ''}"
                     f"{f', contract {army.contract}' if army.contract else ''}; {level}, {army.points} points")
        for group in points.battlegroups:
            bonus = f" (+{group.granted} battlegroup points)" if group.granted else ""
            lines.append(f"  {group.caster.item.name}{bonus}")
            lines += [f"    {_describe(line):<60}{line.cost:>4}" for line in group.lines]
            summary = f"    battlegroup {group.cost}"
            if group.granted:
                summary += f": {group.from_granted} from battlegroup points, {group.from_army} from army points"
                summary += f", {group.lost} lost" if group.lost else ""
            lines.append(summary)
        if points.others:
            lines.append("  units and solos")
            lines += [f"    {_describe(line):<60}{line.cost:>4}" for line in points.others]
            lines.append(f"    units and solos {sum(line.cost for line in points.others)}")
        if points.cards:
            lines.append("  command cards")
            lines += [f"    {name:<60}{cost:>4}" for name, cost in points.cards]
        bonus = f" + {points.granted_used} battlegroup points" if points.granted else ""
        lines.append(f"  total {points.total}: {points.army_spent} of {points.level_points} army points{bonus}")
    lines.append(f"  {'legal' if report.legal else 'NOT legal'}")
    lines += [f"  {d.format()}" for d in report.diagnostics]
    return terminal_safe("\n".join(lines))
