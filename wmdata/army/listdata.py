"""Edit a list held as data (a share code's or an API body's list), addressed by path.

The web builder's edits: add a model, remove an entry, set a choice (unit size, count,
hardpoint option, level...), move a warjack to another controller.  Where a new model
goes is :func:`wmdata.army.edit.place`'s job, the code ``wmdata list add`` runs; each
result is checked by the list schema, and construction rules are left to validation.
Paths are written as diagnostics print them: ``casters[0].battlegroup[1]``.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from wmdata.army.edit import EditError, Placement, item_to_add, place, record_pack
from wmdata.content.registry import Registry
from wmdata.content.sourcemap import Path, format_path
from wmdata.model.lists import ArmyList

_STEP = re.compile(r"([a-z_]+)|\[(\d{1,4})\]")
_PATH = re.compile(r"[a-z_]+(?:\[\d{1,4}\])*(?:\.[a-z_]+(?:\[\d{1,4}\])*)*")
_ENTRY_SECTIONS = ("casters", "units", "solos", "others", "command_cards")
_NESTED = ("battlegroup", "attachments", "jacks")
LIST_FIELDS = ("name", "level", "points", "army", "arena", "theme", "contract")
ENTRY_FIELDS = ("size", "count", "free")


def parse_path(text: str) -> Path:
    """``units[0].jacks[1]`` as steps; an :class:`EditError` for anything else."""
    if len(text) > 200 or not _PATH.fullmatch(text):
        raise EditError(f"not a list path: {text[:80]!r} (expected e.g. 'units[0]' or 'casters[0].battlegroup[1]')")
    return tuple(m.group(1) or int(m.group(2)) for m in _STEP.finditer(text))


def _entry_path(path: Path) -> bool:
    """An entry of the list: a section item, or a warjack/attachment inside one."""
    if len(path) == 2:
        return path[0] in _ENTRY_SECTIONS and isinstance(path[1], int)
    return (len(path) == 4 and path[0] in _ENTRY_SECTIONS[:4] and isinstance(path[1], int)
            and path[2] in _NESTED and isinstance(path[3], int))


def _find(document: dict[str, Any], path: Path) -> tuple[list[Any], int]:
    """The sequence holding the entry at ``path`` and its index there."""
    if not _entry_path(path):
        raise EditError(f"{format_path(path)} is not an entry of the list")
    node: Any = document
    for step in path[:-1]:
        node = _step(node, step, path)
    index = path[-1]
    if not isinstance(node, list) or not isinstance(index, int) or index >= len(node):
        raise EditError(f"the list has no entry at {format_path(path)}")
    return node, index


def _entry(document: dict[str, Any], path: Path) -> dict[str, Any]:
    """The model entry (a mapping, not a command card's name) at ``path``."""
    sequence, index = _find(document, path)
    entry = sequence[index]
    if not isinstance(entry, dict):
        raise EditError(f"{format_path(path)} is not a model entry")
    return entry


def _step(node: Any, step: str | int, path: Path) -> Any:
    if isinstance(step, int):
        if isinstance(node, list) and step < len(node):
            return node[step]
    elif isinstance(node, dict) and isinstance(node.get(step), list | dict):
        return node[step]
    raise EditError(f"the list has no entry at {format_path(path)}")


def _checked(document: dict[str, Any]) -> ArmyList:
    try:
        return ArmyList.model_validate(document)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(step) for step in first["loc"]) or "list"
        raise EditError(f"{where}: {first['msg'].lower()}") from None


def _data(army: ArmyList) -> dict[str, Any]:
    return army.model_dump(mode="json", exclude_defaults=True)


def add_entry(registry: Registry, army: ArmyList, query: str, placement: Placement,
              holder_path: str | None = None) -> tuple[ArmyList, str, Path]:
    """``army`` with model or card ``query`` added; also what was done and the new entry's path.
    ``holder_path`` names the caster, unit or solo a warjack, warbeast or attachment joins."""
    item = item_to_add(registry, army.edition, query)
    document = _data(army)
    holder = None
    if holder_path:
        holder = _entry(document, parse_path(holder_path))
    before = _shape(document)
    message = place(registry, army, document, item, placement, holder)
    record_pack(document, item, registry)
    return _checked(document), message, _added(before, document)


def _shape(document: dict[str, Any]) -> set[Path]:
    """The path of every entry, to see which one an edit added."""
    paths: set[Path] = set()
    for section in _ENTRY_SECTIONS:
        for index, entry in enumerate(document.get(section) or []):
            paths.add((section, index))
            if isinstance(entry, dict):
                for nested in _NESTED:
                    paths.update((section, index, nested, j) for j in range(len(entry.get(nested) or [])))
    return paths


def _added(before: set[Path], document: dict[str, Any]) -> Path:
    new = _shape(document) - before
    return new.pop() if len(new) == 1 else ()


def remove_entry(army: ArmyList, path_text: str) -> ArmyList:
    """``army`` without the entry at ``path_text`` (with what it carries)."""
    document = _data(army)
    sequence, index = _find(document, parse_path(path_text))
    del sequence[index]
    return _checked(document)


def set_choice(army: ArmyList, path_text: str, value: object) -> ArmyList:
    """``army`` with one choice changed: a list field (``level``, ``points``...), an
    entry's ``size``, ``count`` or ``free``, or a warjack's ``hardpoints.SLOT``.  An empty
    value removes the choice."""
    path = parse_path(path_text)
    document = _data(army)
    empty = value is None or value == ""
    target: Any = None
    if len(path) == 1 and path[0] in LIST_FIELDS:
        target, key = document, str(path[0])
    elif len(path) >= 3 and _entry_path(path[:-1]) and path[-1] in ENTRY_FIELDS:
        target, key = _entry(document, path[:-1]), str(path[-1])
    elif len(path) >= 4 and _entry_path(path[:-2]) and path[-2] == "hardpoints" and isinstance(path[-1], str):
        target, key = _entry(document, path[:-2]).setdefault("hardpoints", {}), path[-1]
    else:
        raise EditError(f"{path_text[:80]!r} cannot be set; settable: {', '.join(LIST_FIELDS)}, an entry's "
                        f"{', '.join(ENTRY_FIELDS)}, or a warjack's hardpoints.SLOT")
    if empty:
        target.pop(key, None)
    else:
        target[key] = value
    return _checked(document)


def move_entry(army: ArmyList, path_text: str, to_text: str) -> ArmyList:
    """``army`` with the warjack/warbeast at ``path_text`` moved to the caster's battlegroup
    or the 'jack marshal's jacks at ``to_text``, or an attachment to another unit."""
    document = _data(army)
    path = parse_path(path_text)
    sequence, index = _find(document, path)
    if len(path) != 4:
        raise EditError(f"only warjacks, warbeasts and attachments move; {path_text[:80]!r} is not one")
    to = parse_path(to_text)
    if len(to) != 2 or to[0] not in ("casters", "units", "solos"):
        raise EditError(f"{to_text[:80]!r} is not a caster, unit or solo")
    target = _entry(document, to)
    if path[2] == "attachments":
        key = "attachments"
        if to[0] != "units":
            raise EditError("an attachment moves only to another unit")
    else:
        key = "battlegroup" if to[0] == "casters" else "jacks"
    entry = sequence.pop(index)
    target.setdefault(key, []).append(entry)
    return _checked(document)
