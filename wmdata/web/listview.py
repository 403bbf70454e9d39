"""The list as the builder page shows it: one row per entry (caster, warjack, unit,
attachment, solo, command card) with its cost, its choices, where it may move, and the
diagnostics of the validator that concern it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from wmdata.army.resolve import Pick
from wmdata.army.validate import ListReport, points_json
from wmdata.content.sourcemap import Path, format_path
from wmdata.diagnostics import Diagnostic
from wmdata.model.lists import ArmyList, CasterChoice, SoloChoice, UnitChoice, WarjackChoice
from wmdata.web.catalogue import Holder, holders


@dataclass(slots=True)
class Choice:
    """A select box of the row: the path it sets, the current value and the options."""

    path: str
    label: str
    current: str
    options: list[tuple[str, str]]


@dataclass(slots=True)
class Row:
    path: str
    depth: int
    kind: str
    label: str
    item_id: str | None = None
    cost: int | None = None
    count: int | None = None
    free: bool = False
    choices: list[Choice] = field(default_factory=list)
    moves: list[Holder] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    card_query: str = ""
    """The loadout of a warjack, as the card link's query (its card shows that loadout)."""


@dataclass(slots=True)
class ListView:
    rows: list[Row]
    general: list[Diagnostic]
    """Diagnostics about the list as a whole (points, level, casters...)."""
    points: dict[str, Any] | None


def _costs(report: ListReport) -> dict[Path, int]:
    if report.context is None:
        return {}
    points = report.context.points
    lines = [line for group in points.battlegroups for line in group.lines] + points.others
    return {_entry_of(line.pick): line.cost for line in lines}


def _entry_of(pick: Pick) -> Path:
    return pick.path[:-1] if pick.path and pick.path[-1] == "model" else pick.path


def _hardpoint_choices(pick: Pick | None, choice: WarjackChoice, path: str) -> list[Choice]:
    if pick is None:
        return []
    found = []
    for hardpoint in getattr(pick.item.entry, "hardpoints", None) or []:
        current = choice.hardpoints.get(hardpoint.slot, "")
        chosen = next((o.id for o in hardpoint.options if current.strip().lower() in (o.id, o.name.lower())), current)
        options = [(o.id, f"{o.name} ({o.cost})") for o in hardpoint.options]
        found.append(Choice(f"{path}.hardpoints.{hardpoint.slot}", hardpoint.slot.replace("_", " "), chosen, options))
    return found


def _size_choice(pick: Pick | None, choice: UnitChoice, path: str) -> list[Choice]:
    sizes = getattr(pick.item.entry, "sizes", []) if pick is not None else []
    if len(sizes) < 2:
        return []
    options = [(s.label, f"{s.label}: {s.models} models, {s.cost} points") for s in sizes]
    return [Choice(f"{path}.size", "size", choice.size or "", options)]


class _Builder:
    def __init__(self, army: ArmyList, report: ListReport) -> None:
        self.report = report
        resolved = report.resolved
        self.picks = {_entry_of(p): p for p in resolved.picks} if resolved is not None else {}
        self.cards = {path: item for item, path in resolved.cards} if resolved is not None else {}
        self.costs = _costs(report)
        self.rows: list[Row] = []
        self.army = army

    def row(self, path: Path, kind: str, label: str, depth: int = 0) -> Row:
        pick = self.picks.get(path)
        item = pick.item if pick is not None else self.cards.get(path)
        row = Row(format_path(path), depth, kind, item.name if item is not None else label,
                  item.id if item is not None else None, self.costs.get(path))
        self.rows.append(row)
        return row

    def jack(self, path: Path, choice: WarjackChoice) -> None:
        row = self.row(path, "warjack", choice.model, 1)
        row.free = choice.free
        row.choices = _hardpoint_choices(self.picks.get(path), choice, row.path)
        pick = self.picks.get(path)
        if pick is not None:
            owner = format_path(path[:2])
            row.moves = [h for h in holders(self.report, pick.model_type, pick.item) if h.path != owner]
            if pick.options:
                row.card_query = urlencode([("hardpoint", f"{slot}={ref}") for slot, ref in choice.hardpoints.items()])

    def caster(self, index: int, choice: CasterChoice) -> None:
        self.row(("casters", index), "caster", choice.model)
        for j, jack in enumerate(choice.battlegroup):
            self.jack(("casters", index, "battlegroup", j), jack)

    def unit(self, index: int, choice: UnitChoice) -> None:
        path: Path = ("units", index)
        row = self.row(path, "unit", choice.model)
        row.free = choice.free
        row.choices = _size_choice(self.picks.get(path), choice, row.path)
        for a, ref in enumerate(choice.attachments):
            attached = self.row((*path, "attachments", a), "attachment", ref, 1)
            pick = self.picks.get((*path, "attachments", a))
            if pick is not None:
                attached.moves = [h for h in holders(self.report, "attachment", pick.item) if h.path != row.path]
        for j, jack in enumerate(choice.jacks):
            self.jack((*path, "jacks", j), jack)

    def solo(self, section: str, index: int, choice: SoloChoice) -> None:
        row = self.row((section, index), "solo", choice.model)
        row.count, row.free = choice.count, choice.free
        for j, jack in enumerate(choice.jacks):
            self.jack((section, index, "jacks", j), jack)

    def build(self) -> ListView:
        army = self.army
        for index, caster in enumerate(army.casters):
            self.caster(index, caster)
        for index, unit in enumerate(army.units):
            self.unit(index, unit)
        for section, choices in (("solos", army.solos), ("others", army.others)):
            for index, solo in enumerate(choices):
                self.solo(section, index, solo)
        for index, card in enumerate(army.command_cards):
            self.row(("command_cards", index), "command_card", card)
        general: list[Diagnostic] = []
        for diagnostic in self.report.diagnostics:
            owner = _owner(self.rows, diagnostic.path)
            (owner.diagnostics if owner is not None else general).append(diagnostic)
        points = points_json(self.report.context.points) if self.report.context is not None else None
        return ListView(self.rows, general, points)


def _owner(rows: list[Row], path: str) -> Row | None:
    """The innermost row whose entry the diagnostic's path is in."""
    best = None
    for row in rows:
        inside = path == row.path or path.startswith((row.path + ".", row.path + "["))
        if inside and (best is None or len(row.path) > len(best.path)):
            best = row
    return best


def list_view(army: ArmyList, report: ListReport) -> ListView:
    return _Builder(army, report).build()
