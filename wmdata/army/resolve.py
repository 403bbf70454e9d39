"""Resolve a list's references (ids or names) against the registry.

Every choice in the list becomes a :class:`Pick` that knows its model entry, where it
sits in the list file (for located diagnostics), who controls it, and the unit size or
hardpoint options chosen.  Problems found while resolving (unknown or misplaced
models, bad sizes, bad hardpoints) are diagnostics like every other rule.
"""

from __future__ import annotations

from wmdata.army.loadout import choose_loadout
from wmdata.content.registry import Registry, RegistryItem
from wmdata.content.sourcemap import Path, SourceMap, format_path
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.typecheck import TYPE_CHECKING
from wmdata.wording import article

if TYPE_CHECKING:  # the quick list path runs this module without pydantic
    from wmdata.content.lookup import Lookup
    from wmdata.model.lists import ArmyList, CasterChoice, SoloChoice, UnitChoice, WarjackChoice
    from wmdata.model.profiles import HardpointOption, UnitSize

ROLE_TYPES: dict[str, tuple[str, ...]] = {
    "caster": ("warcaster", "warlock"),
    "battlegroup": ("warjack", "warbeast"),
    "marshalled": ("warjack",),
    "unit": ("unit",),
    "attachment": ("attachment",),
    "solo": ("solo",),
    "other": ("battle_engine", "structure"),
}
WHERE_TO_LIST = {
    "warcaster": "under 'casters'", "warlock": "under 'casters'", "warjack": "in a caster's 'battlegroup'",
    "warbeast": "in a caster's 'battlegroup'", "unit": "under 'units'", "attachment": "in a unit's 'attachments'",
    "solo": "under 'solos'", "battle_engine": "under 'others'", "structure": "under 'others'",
}


class Pick:
    """One resolved choice of the list.

    ``controller`` is the index (in ``ResolvedList.picks``) of the caster or marshal that
    controls this model; ``parent``, for attachments, the index of the unit they join.
    The army classes are plain classes, not dataclasses: importing ``dataclasses`` and
    building them costs more than the quick list path (:mod:`wmdata.cli.quick`) may spend.
    """

    __slots__ = ("controller", "count", "free", "item", "options", "parent", "path", "role", "size")

    def __init__(self, role: str, item: RegistryItem, path: Path, *, count: int = 1, size: UnitSize | None = None,
                 options: tuple[HardpointOption, ...] = (), controller: int | None = None,
                 parent: int | None = None, free: bool = False) -> None:
        self.role, self.item, self.path, self.count, self.size = role, item, path, count, size
        self.options, self.controller, self.parent, self.free = options, controller, parent, free

    @property
    def model_type(self) -> str:
        return self.item.category.split(":", 1)[1]

    @property
    def base_cost(self) -> int:
        """Points before theme changes: options, unit size, or the card's cost, times count."""
        entry = self.item.entry
        if self.role == "caster":
            return 0
        if self.options:
            return sum(option.cost for option in self.options) * self.count
        if self.size is not None:
            return self.size.cost
        return int(getattr(entry, "cost", 0) or 0) * self.count


class ResolvedList:
    """The list's picks and command cards, and the problems met while resolving them.
    ``army_lookup`` and ``theme_lookup`` are the look-ups of its MkIV army and of its theme
    force or contract (None when the list names none); the checks report their problems."""

    __slots__ = ("army", "army_lookup", "cards", "edition", "file", "picks", "problems", "source_map",
                 "theme_lookup")

    def __init__(self, army: ArmyList, edition: str, source_map: SourceMap, file: str = "") -> None:
        self.army, self.edition, self.source_map, self.file = army, edition, source_map, file
        self.picks: list[Pick] = []
        self.cards: list[tuple[RegistryItem, Path]] = []
        self.problems: list[Diagnostic] = []
        self.army_lookup: Lookup | None = None
        self.theme_lookup: Lookup | None = None

    @property
    def army_item(self) -> RegistryItem | None:
        return self.army_lookup.found if self.army_lookup is not None else None

    @property
    def theme_item(self) -> RegistryItem | None:
        return self.theme_lookup.found if self.theme_lookup is not None else None

    def where(self, path: Path) -> tuple[int, int]:
        return self.source_map.locate(path)

    def problem(self, path: Path, code: str, message: str, hint: str = "",
                severity: Severity = Severity.ERROR) -> Diagnostic:
        line, col = self.where(path)
        return Diagnostic(self.file, line, col, format_path(path), code, severity, message, hint)


class _Resolver:
    def __init__(self, registry: Registry, army: ArmyList, source_map: SourceMap, file: str) -> None:
        self.registry = registry
        self.result = ResolvedList(army, army.edition, source_map, file)

    def find(self, ref: str, role: str, path: Path) -> RegistryItem | None:
        """The model ``ref`` names, looked up among the models of the role first (so a name
        shared with a model of another type is no ambiguity), then among all models (to
        say it is listed in the wrong place)."""
        wanted = ROLE_TYPES[role]
        edition = self.result.edition
        fitting = self.registry.lookup(ref, edition, lambda i: i.category.split(":", 1)[-1] in wanted
                                       and i.category.startswith("model:"))
        if fitting.found is not None:
            return fitting.found
        if fitting.ambiguous:
            self.result.problems.append(self.result.problem(path, "ambiguous-name", fitting.problem("model"),
                                                            "write the model's id or its full name"))
            return None
        anywhere = self.registry.lookup(ref, edition, lambda i: i.category.startswith("model:"))
        if anywhere.found is not None:
            kind = anywhere.found.category.split(":", 1)[1]
            self.result.problems.append(self.result.problem(
                path, "misplaced-model", f"{anywhere.found.name!r} is {article(kind.replace('_', ' '))}",
                f"list it {WHERE_TO_LIST[kind]}"))
            return None
        close = fitting.suggestions
        hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else (
            f"no {'/'.join(w.replace('_', ' ') for w in wanted)} with this id or name in {edition}")
        self.result.problems.append(self.result.problem(path, "unknown-model", f"unknown model {ref!r}", hint))
        return None

    def army_and_theme(self) -> None:
        army, edition = self.result.army, self.result.edition
        if army.army is not None:
            self.result.army_lookup = self.registry.lookup(army.army, edition, lambda i: i.category == "army")
        chosen = army.theme or army.contract
        if chosen is not None:
            self.result.theme_lookup = self.registry.lookup(chosen, edition, lambda i: i.category == "theme_force")

    def add(self, pick: Pick) -> int:
        self.result.picks.append(pick)
        return len(self.result.picks) - 1

    def options(self, item: RegistryItem, choice: WarjackChoice, path: Path) -> tuple[HardpointOption, ...]:
        chosen, problems = choose_loadout(item, choice.hardpoints)
        for problem in problems:
            here = (*path, "hardpoints", problem.slot) if problem.named else (*path, "model")
            self.result.problems.append(self.result.problem(here, problem.code, problem.message, problem.hint))
        return chosen

    def jack(self, choice: WarjackChoice, role: str, path: Path, controller: int) -> None:
        item = self.find(choice.model, role, (*path, "model"))
        if item is not None:
            self.add(Pick(role, item, (*path, "model"), options=self.options(item, choice, path),
                          controller=controller, free=choice.free))

    def caster(self, choice: CasterChoice, index: int) -> None:
        path: Path = ("casters", index)
        item = self.find(choice.model, "caster", (*path, "model"))
        if item is None:
            return
        own = self.add(Pick("caster", item, (*path, "model")))
        for j, jack in enumerate(choice.battlegroup):
            self.jack(jack, "battlegroup", (*path, "battlegroup", j), own)

    def unit(self, choice: UnitChoice, index: int) -> None:
        path: Path = ("units", index)
        item = self.find(choice.model, "unit", (*path, "model"))
        if item is None:
            return
        size = self.size(item, choice, path)
        own = self.add(Pick("unit", item, (*path, "model"), size=size, free=choice.free))
        for a, ref in enumerate(choice.attachments):
            attachment = self.find(ref, "attachment", (*path, "attachments", a))
            if attachment is not None:
                self.add(Pick("attachment", attachment, (*path, "attachments", a), parent=own))
        for j, jack in enumerate(choice.jacks):
            self.jack(jack, "marshalled", (*path, "jacks", j), own)

    def size(self, item: RegistryItem, choice: UnitChoice, path: Path) -> UnitSize | None:
        sizes: list[UnitSize] = getattr(item.entry, "sizes", [])  # a unit: find() checked the type
        labels = ", ".join(f"{s.label} ({s.models} models, {s.cost} points)" for s in sizes)
        if choice.size is None:
            if len(sizes) == 1:
                return sizes[0]
            self.result.problems.append(self.result.problem(
                (*path, "model"), "unit-size-missing", f"{item.name} comes in several sizes; choose one",
                f"add 'size:' with one of: {labels}"))
            return sizes[0]
        for size in sizes:
            if size.label == choice.size:
                return size
        self.result.problems.append(self.result.problem(
            (*path, "size"), "unit-size-unknown", f"{item.name} has no {choice.size!r} size", f"sizes: {labels}"))
        return sizes[0]

    def solo(self, choice: SoloChoice, role: str, section: str, index: int) -> None:
        path: Path = (section, index)
        item = self.find(choice.model, role, (*path, "model"))
        if item is None:
            return
        own = self.add(Pick(role, item, (*path, "model"), count=choice.count, free=choice.free))
        for j, jack in enumerate(choice.jacks):
            self.jack(jack, "marshalled", (*path, "jacks", j), own)

    def cards(self) -> None:
        for index, ref in enumerate(self.result.army.command_cards):
            path: Path = ("command_cards", index)
            found = self.registry.lookup(ref, self.result.edition, lambda i: i.category == "command_card")
            if found.found is not None:
                self.result.cards.append((found.found, path))
            elif found.ambiguous:
                self.result.problems.append(self.result.problem(path, "ambiguous-name", found.problem("command card"),
                                                                "write the card's id or its full name"))
            else:
                close = found.suggestions
                hint = f"did you mean {', '.join(repr(c) for c in close)}?" if close else "no such command card"
                self.result.problems.append(self.result.problem(path, "unknown-card",
                                                                f"unknown command card {ref!r}", hint))


def resolve_list(registry: Registry, army: ArmyList, source_map: SourceMap, file: str = "") -> ResolvedList:
    resolver = _Resolver(registry, army, source_map, file)
    for index, caster in enumerate(army.casters):
        resolver.caster(caster, index)
    for index, unit in enumerate(army.units):
        resolver.unit(unit, index)
    for index, solo in enumerate(army.solos):
        resolver.solo(solo, "solo", "solos", index)
    for index, other in enumerate(army.others):
        resolver.solo(other, "other", "others", index)
    resolver.cards()
    resolver.army_and_theme()
    return resolver.result
