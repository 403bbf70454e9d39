"""What a list can add: the faction's models, the mercenaries and minions that will work
for it, and the edition's command cards, each with its cost, its field allowance used
and allowed, and what adding it would break.

Nothing here knows a construction rule.  Each entry is added to a copy of the list with
the same edit code ``wmdata list add`` runs and the copy is validated; the errors the
addition brings are the reasons it does not fit.  Cost and field allowance come from the
same points count and check the validator uses."""

from __future__ import annotations

from dataclasses import dataclass, field

from wmdata.army.checks import ListContext, field_allowance, has_marshal
from wmdata.army.edit import EditError, Placement
from wmdata.army.listdata import add_entry
from wmdata.army.validate import ListReport, validate_army
from wmdata.content.registry import Registry, RegistryItem
from wmdata.content.sourcemap import Path, SourceMap, format_path
from wmdata.diagnostics import Severity
from wmdata.model.lists import ArmyList

GROUPS = {"warcaster": "Warcasters", "warlock": "Warlocks", "warjack": "Warjacks", "warbeast": "Warbeasts",
          "unit": "Units", "attachment": "Attachments", "solo": "Solos", "battle_engine": "Battle engines",
          "structure": "Structures", "command_card": "Command cards"}
FACTION_RULES = ("mercenary-not-available", "faction-mismatch", "partisan-battlegroup")


@dataclass(frozen=True, slots=True)
class Holder:
    """A caster, unit or solo a new warjack, warbeast or attachment may join."""

    path: str
    label: str


@dataclass(slots=True)
class CatalogueEntry:
    id: str
    name: str
    type: str
    group: str
    cost: int | None
    fa: str
    fa_used: int
    fa_allowed: int | None
    sizes: list[tuple[str, int, int]] = field(default_factory=list)
    holders: list[Holder] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    """Why adding it leaves the list illegal; empty when it fits."""

    @property
    def addable(self) -> bool:
        return not self.reasons


def base_report(registry: Registry, army: ArmyList) -> ListReport:
    return validate_army(army, SourceMap(), "", registry)


def holders(report: ListReport, kind: str, item: RegistryItem) -> list[Holder]:
    """Where a new model of this kind can go in the list as it stands."""
    resolved, ctx = report.resolved, report.context
    if resolved is None:
        return []
    found: list[Holder] = []
    for pick in resolved.picks:
        where = format_path(pick.path[:-1])
        if kind in ("warjack", "warbeast") and pick.role == "caster":
            found.append(Holder(where, f"{pick.item.name}'s battlegroup"))
        elif (kind == "warjack" and pick.role in ("unit", "solo") and ctx is not None
              and has_marshal(pick, ctx)):
            found.append(Holder(where, f"'jack marshal {pick.item.name}"))
        elif kind == "attachment" and pick.role == "unit" and pick.item.id in getattr(item.entry, "attaches_to", []):
            found.append(Holder(where, f"{pick.item.name} ({where})"))
    return found


def _candidates(registry: Registry, army: ArmyList) -> list[RegistryItem]:
    hired = {i.id for i in registry if i.edition == army.edition and i.category == "faction"
             and getattr(i.entry, "role", "faction") in ("mercenary", "minion")}
    return [i for i in registry if i.edition == army.edition and (
        i.category == "command_card" or (i.category.startswith("model:") and (
            i.faction == army.faction or i.faction in hired)))]


def _fa(ctx: ListContext | None, report: ListReport, item: RegistryItem) -> tuple[str, int, int | None]:
    fa = str(getattr(item.entry, "fa", "U"))
    used = sum(p.count for p in report.resolved.picks if p.item.id == item.id and p.role != "caster") \
        if report.resolved is not None else 0
    allowance = field_allowance(ctx, item) if ctx is not None else None
    return fa, used, allowance[0] if allowance is not None else (1 if fa == "C" else None)


def _trial(registry: Registry, army: ArmyList, base: ListReport, item: RegistryItem,
           places: list[Holder]) -> tuple[list[str], int | None, bool]:
    """Reasons, cost, and whether the faction rules reject it outright."""
    kind = item.category.split(":", 1)[-1]
    sizes = getattr(item.entry, "sizes", [])
    choices = tuple((h.slot, h.options[0].id) for h in getattr(item.entry, "hardpoints", None) or [])
    placement = Placement(size=sizes[0].label if len(sizes) > 1 else None, hardpoints=choices)
    if kind in ("warjack", "warbeast", "attachment") and not places:
        wants = {"warjack": "a warcaster or a 'jack marshal", "warbeast": "a warlock",
                 "attachment": "a unit it joins: " + ", ".join(_name(registry, item.edition, unit)
                                                              for unit in getattr(item.entry, "attaches_to", []))}
        return [f"needs {wants[kind]} in the list first"], None, False
    try:
        trial, _, path = add_entry(registry, army, item.id, placement, places[0].path if places else None)
    except EditError as exc:
        return [str(exc)], None, False
    report = validate_army(trial, SourceMap(), "", registry)
    before = {d.code for d in base.diagnostics if d.severity is Severity.ERROR}
    mine = format_path(path)
    reasons, rejected = [], False
    for d in report.diagnostics:
        own = _within(d.path, mine)
        if d.severity is Severity.ERROR and (own or d.code not in before):
            reasons.append(f"{d.message} ({d.code})")
            rejected = rejected or (own and d.code in FACTION_RULES)
    return reasons, _cost(report, path, kind), rejected


def _name(registry: Registry, edition: str, entry_id: str) -> str:
    found = registry.get(edition, entry_id)
    return found.name if found is not None else entry_id


def _within(diagnostic_path: str, entry_path: str) -> bool:
    return diagnostic_path == entry_path or diagnostic_path.startswith((entry_path + ".", entry_path + "["))


def _cost(report: ListReport, path: Path, kind: str) -> int | None:
    if report.context is None:
        return None
    points = report.context.points
    if kind == "command_card":
        return points.cards[-1][1] if points.cards else None
    lines = [line for group in points.battlegroups for line in group.lines] + points.others
    return next((line.cost for line in lines if line.pick.path[:len(path)] == path), None)


def build_catalogue(registry: Registry, army: ArmyList, base: ListReport | None = None) -> list[CatalogueEntry]:
    """Every candidate for ``army``, grouped by type and sorted by name; mercenaries and
    minions that the faction rules turn away are left out."""
    base = base or base_report(registry, army)
    entries = []
    for item in _candidates(registry, army):
        kind = item.category.split(":", 1)[-1]
        places = holders(base, kind, item)
        reasons, cost, rejected = _trial(registry, army, base, item, places)
        if rejected and item.faction != army.faction:
            continue
        fa, used, allowed = _fa(base.context, base, item)
        sizes = [(s.label, s.models, s.cost) for s in getattr(item.entry, "sizes", [])]
        entries.append(CatalogueEntry(item.id, item.name, kind, GROUPS.get(kind, kind), cost, fa, used, allowed,
                                      sizes, places, reasons))
    order = list(GROUPS)
    entries.sort(key=lambda e: (order.index(e.type) if e.type in order else len(order), e.name.lower()))
    return entries
