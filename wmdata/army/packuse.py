"""The content packs a list uses, and the check that it records them.

A list that takes a model (or card, theme, faction...) from a content pack records the
pack's id and version under ``packs``; that record travels in the share code and the
printout digest, so whoever opens the list learns which pack it needs.  Opening it
without that pack names the missing pack at its line, instead of a row of unknown models.

Plain code without pydantic or ``dataclasses``: the quick list path runs it too.
"""

from __future__ import annotations

from collections.abc import Iterator

from wmdata.army.resolve import resolve_list
from wmdata.content.sourcemap import SourceMap
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:
    from wmdata.army.resolve import ResolvedList
    from wmdata.content.registry import Registry, RegistryItem
    from wmdata.content.sourcemap import Path
    from wmdata.model.lists import ArmyList


def _used(resolved: ResolvedList, registry: Registry) -> Iterator[tuple[RegistryItem, Path]]:
    """Every entry the list takes, with where the list names it."""
    army = resolved.army
    faction = registry.get(resolved.edition, army.faction)
    if faction is not None:
        yield faction, ("faction",)
    if resolved.army_item is not None:
        yield resolved.army_item, ("army",)
    if resolved.theme_item is not None:
        yield resolved.theme_item, ("theme" if army.theme else "contract",)
    for pick in resolved.picks:
        yield pick.item, pick.path
    yield from resolved.cards


def packs_used(resolved: ResolvedList, registry: Registry) -> dict[str, str]:
    """Pack id -> loaded version, for every pack an entry of the list comes from."""
    return {item.pack: registry.packs.get(item.pack, "") for item, _ in _used(resolved, registry)
            if item.pack is not None}


def pack_problems(resolved: ResolvedList, registry: Registry) -> list[Diagnostic]:
    """Recorded packs that are not loaded (or at another version), and entries taken
    from a pack the list does not record."""
    problems = []
    loaded = ", ".join(f"{pack_id} {version}" for pack_id, version in sorted(registry.packs.items())) or "none"
    recorded = set()
    for index, use in enumerate(resolved.army.packs):
        recorded.add(use.id)
        version = registry.packs.get(use.id)
        if version is None:
            problems.append(resolved.problem(
                ("packs", index, "id"), "pack-missing",
                f"the list needs content pack {use.id!r} (version {use.version}), which is not loaded",
                f"give the pack's folder with --content PATH or in WMDATA_CONTENT (loaded packs: {loaded})"))
        elif version != use.version:
            problems.append(resolved.problem(
                ("packs", index, "version"), "pack-version",
                f"the list was built with pack {use.id!r} version {use.version}; version {version} is loaded",
                "check the list against the loaded version, then record that version under 'packs'",
                Severity.WARNING))
    reported = set()
    for item, path in _used(resolved, registry):
        pack = item.pack
        if pack is None or pack in recorded or pack in reported:
            continue
        reported.add(pack)
        problems.append(resolved.problem(
            path, "pack-unrecorded", f"{item.name} comes from content pack {pack!r}, which the list does not record",
            f"add '{{id: {pack}, version: \"{registry.packs.get(pack, '')}\"}}' under 'packs' "
            "('wmdata list add' records packs itself)"))
    return problems


def recording_packs(army: ArmyList, registry: Registry) -> ArmyList:
    """``army`` with every pack its entries come from recorded under ``packs`` (for the
    lists wmdata writes: ``list new``, ``list import``)."""
    used = packs_used(resolve_list(registry, army, SourceMap()), registry)
    known = {use.id for use in army.packs}
    extra = [{"id": pack_id, "version": version} for pack_id, version in sorted(used.items()) if pack_id not in known]
    if not extra:
        return army
    data = army.model_dump(mode="json")
    return army.model_validate(data | {"packs": [*data["packs"], *extra]})
