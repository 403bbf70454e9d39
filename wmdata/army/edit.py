"""Create and edit list files in place.

Edits go through ruamel's round-trip mode so the user's comments, order and layout
survive; the file is only round-tripped after the safe reader has accepted it (no
tags, bounded aliases).  ruamel can misplace a comment when the entry it sat beside
goes away, so the text it writes is read back with the normal reader and must give the
intended list, or nothing is written.  An edit holds the file's lock from reading to
writing (concurrent edits take turns) and is written atomically.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from wmdata.army.listfile import read_list
from wmdata.atomic import edit_lock, write_text_atomic
from wmdata.content.places import schemas_dir
from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.lists import ArmyList

LIST_SCHEMA = "list.schema.json"
SCHEMA_LINE = f"# yaml-language-server: $schema={LIST_SCHEMA}\n"
"""The editor hint of every list wmdata writes: the schema is looked for beside the list
(docs/list-format.md).  A path into wmdata's installation (a virtual environment) or to
the folder the list was first written in breaks as soon as the list is moved or shared;
a name beside the list keeps working wherever a folder of lists goes."""


class EditError(ValueError):
    """The edit cannot be made; the message says why and what to do.

    ``choice`` is set when the edit only lacks a choice, ``"caster"`` (whose battlegroup)
    or ``"unit"`` (which unit): the message stays free of any one interface's words, and
    each interface says how to give it (``--caster`` on the command line, ``holder`` in
    the web API)."""

    def __init__(self, message: str, choice: str | None = None) -> None:
        super().__init__(message)
        self.choice = choice


@dataclass(frozen=True, slots=True)
class Placement:
    """Where ``list add`` puts a model: the caster, unit or marshal to attach it to."""

    caster: str | None = None
    unit: str | None = None
    marshal: str | None = None
    size: str | None = None
    count: int = 1
    hardpoints: tuple[tuple[str, str], ...] = ()


def _yaml() -> YAML:
    yaml = YAML(typ="rt", pure=True)
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 110
    return yaml


def new_list_text(army: ArmyList) -> str:
    stream = io.StringIO()
    _yaml().dump(army.model_dump(mode="json", exclude_defaults=True), stream)
    return SCHEMA_LINE + stream.getvalue()


def place_list_schema(folder: Path) -> Path | None:
    """Put wmdata's list schema beside the lists of ``folder`` when it is missing or out of
    date; the path written, or None when the one there is current."""
    target = folder / LIST_SCHEMA
    shipped = (schemas_dir() / LIST_SCHEMA).read_text(encoding="utf-8")
    try:
        if target.read_text(encoding="utf-8") == shipped:
            return None
    except (OSError, UnicodeDecodeError):
        pass  # missing or unreadable: write it
    write_text_atomic(target, shipped)
    return target


def create_list(path: Path, army: ArmyList, *, force: bool) -> None:
    if path.exists() and not force:
        raise EditError(f"{path} already exists; use --force to replace it")
    write_text_atomic(path, new_list_text(army))


def _load(path: Path, raw: bytes) -> tuple[ArmyList, Any]:
    loaded = read_list(raw)
    if loaded.army is None:
        first = loaded.problems[0]
        raise EditError(f"{path}:{first.line}:{first.col}: {first.message}; fix the file before editing it "
                        "(wmdata list validate shows every problem)")
    return loaded.army, _yaml().load(raw.decode("utf-8-sig"))


def _plain(value: Any) -> Any:
    """ruamel's round-trip values (commented maps, scalar subclasses) as plain data."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    return value


def _reads_back(text: str, document: Any) -> bool:
    """Whether ``text`` reads, with the reader every command uses, as the list ``document`` holds."""
    try:
        intended = ArmyList.model_validate(_plain(document))
    except ValidationError:
        return False
    return read_list(text.encode("utf-8")).army == intended


def _edit(path: Path, change: Callable[[ArmyList, Any], str]) -> str:
    """Read the list under its lock, apply ``change`` to its round-trip document, check
    the result reads back as intended and write it; returns ``change``'s message."""
    with edit_lock(path) as target:
        try:
            raw = target.read_bytes()
        except OSError as exc:
            raise EditError(f"cannot read {path}: {exc.strerror or exc}") from None
        army, document = _load(path, raw)
        message = change(army, document)
        stream = io.StringIO()
        _yaml().dump(document, stream)
        if not _reads_back(stream.getvalue(), document):
            raise EditError(f"{path}: after this edit the file would not read back as the intended list (a comment "
                            "or layout the YAML writer cannot keep); nothing was changed, make this edit by hand")
        write_text_atomic(target, stream.getvalue())
    return message


def _matches(registry: Registry, edition: str, ref: object, item: RegistryItem) -> bool:
    if not isinstance(ref, str):
        return False
    return any(f.id == item.id for f in registry.lookup(ref, edition).items)


def _entry_named(registry: Registry, edition: str, seq: Any, query: str, what: str) -> Any:
    """The list entry (mapping) in ``seq`` whose model matches ``query``."""
    candidates = registry.lookup(query, edition).items
    for entry in seq or []:
        if any(_matches(registry, edition, entry.get("model"), c) for c in candidates):
            return entry
    raise EditError(f"the list has no {what} {query!r}")


def _section(document: Any, key: str) -> Any:
    if key not in document or document[key] is None:
        document[key] = CommentedSeq()
    return document[key]


def add_model(path: Path, registry: Registry, query: str, placement: Placement) -> str:
    """Add ``query`` where its type belongs and save; returns a sentence saying where it went."""

    def change(army: ArmyList, document: Any) -> str:
        item = item_to_add(registry, army.edition, query)
        message = place(registry, army, document, item, placement)
        record_pack(document, item, registry)
        return message

    return _edit(path, change)


def item_to_add(registry: Registry, edition: str, query: str) -> RegistryItem:
    """The model or command card ``query`` names; an unknown or ambiguous name is an
    :class:`EditError` that lists the matches or the near misses."""
    found = registry.lookup(query, edition, lambda i: i.category.startswith("model:") or i.category == "command_card")
    if found.found is None:
        raise EditError(found.problem("model or card", edition))
    return found.found


def record_pack(document: Any, item: RegistryItem, registry: Registry) -> None:
    """Add the pack ``item`` comes from to the list's ``packs`` (if it is not there yet), so
    the list says which content pack it needs."""
    if item.pack is None:
        return
    packs = _section(document, "packs")
    if not any(isinstance(use, dict) and use.get("id") == item.pack for use in packs):
        packs.append(CommentedMap(id=item.pack, version=registry.packs.get(item.pack, "")))


def place(registry: Registry, army: ArmyList, document: Any, item: RegistryItem, placement: Placement,
          holder: Any = None) -> str:
    """Put ``item`` where its type belongs in ``document`` (the list's mapping: a ruamel
    round-trip document or plain data); returns a sentence saying where it went.

    ``holder`` is the caster, unit or solo mapping (inside ``document``) a warjack,
    warbeast or attachment joins when the caller has already chosen it, as the web
    builder does; without it the names in ``placement`` choose."""
    kind = item.category.split(":", 1)[-1]
    if item.category == "command_card":
        _section(document, "command_cards").append(item.name)
        return f"added command card {item.name}"
    entry = CommentedMap(model=item.name)
    if placement.hardpoints:
        entry["hardpoints"] = CommentedMap(placement.hardpoints)
    if kind in ("warcaster", "warlock"):
        _section(document, "casters").append(entry)
        return f"added caster {item.name}"
    if kind in ("warjack", "warbeast"):
        if holder is not None:
            in_battlegroup = any(holder is caster for caster in document.get("casters") or [])
            _section(holder, "battlegroup" if in_battlegroup else "jacks").append(entry)
            return (f"added {item.name} to {holder['model']}'s battlegroup" if in_battlegroup
                    else f"added {item.name} under 'jack marshal {holder['model']}")
        if placement.marshal:
            marshal = _marshal(registry, army.edition, document, placement.marshal)
            _section(marshal, "jacks").append(entry)
            return f"added {item.name} under 'jack marshal {marshal['model']}"
        casters = document.get("casters") or []
        if placement.caster:
            caster = _entry_named(registry, army.edition, casters, placement.caster, "caster")
        elif len(casters) == 1:
            caster = casters[0]
        elif not casters:
            raise EditError(f"the list has no warcaster or warlock whose battlegroup {item.name} could join; add one "
                            "first, or put it under a 'jack marshal")
        else:
            raise EditError(f"the list has {len(casters)} casters; say whose battlegroup {item.name} joins",
                            choice="caster")
        _section(caster, "battlegroup").append(entry)
        return f"added {item.name} to {caster['model']}'s battlegroup"
    if kind == "unit":
        if placement.size:
            entry["size"] = placement.size
        _section(document, "units").append(entry)
        return f"added unit {item.name}"
    if kind == "attachment":
        joins = [registry.get(army.edition, t) for t in getattr(item.entry, "attaches_to", [])]
        targets = [u for u in document.get("units") or []
                   if any(_matches(registry, army.edition, u.get("model"), j) for j in joins if j is not None)]
        if holder is not None:
            unit = holder
        elif placement.unit:
            unit = _entry_named(registry, army.edition, document.get("units"), placement.unit, "unit")
        elif len(targets) == 1:
            unit = targets[0]
        elif not targets:
            raise EditError(f"the list has no unit {item.name} can join; add one of the units it attaches to first")
        else:
            raise EditError(f"{len(targets)} units in the list can take {item.name}; say which one it joins",
                            choice="unit")
        _section(unit, "attachments").append(item.name)
        return f"added {item.name} to {unit['model']}"
    section = "solos" if kind == "solo" else "others"
    if placement.count != 1:
        entry["count"] = placement.count
    _section(document, section).append(entry)
    return f"added {item.name} to {section}"


def _marshal(registry: Registry, edition: str, document: Any, query: str) -> Any:
    for section in ("units", "solos"):
        try:
            return _entry_named(registry, edition, document.get(section), query, "unit or solo")
        except EditError:
            continue
    raise EditError(f"the list has no unit or solo {query!r} to act as 'jack marshal")


def remove_model(path: Path, registry: Registry, query: str) -> str:
    """Remove the last entry matching ``query`` (with what it carries); returns what was removed."""
    return _edit(path, lambda army, document: _remove(registry, army, document, query))


def _remove(registry: Registry, army: ArmyList, document: Any, query: str) -> str:
    found = registry.lookup(query, army.edition, lambda i: i.category.startswith("model:")
                            or i.category == "command_card")
    candidates = found.items
    if not candidates:
        raise EditError(found.problem("model or card", army.edition))
    holders: list[tuple[Any, str, int]] = []

    def visit(parent: Any, section: str) -> None:
        for index, entry in enumerate(parent.get(section) or []):
            model = entry.get("model") if isinstance(entry, dict) else entry
            if any(_matches(registry, army.edition, model, c) for c in candidates):
                holders.append((parent, section, index))
            if isinstance(entry, dict):
                for key in ("battlegroup", "jacks", "attachments"):
                    visit(entry, key)

    for key in ("casters", "units", "solos", "others", "command_cards"):
        visit(document, key)
    if not holders:
        raise EditError(f"the list has no {query!r}")
    parent, section, index = holders[-1]
    del parent[section][index]
    if not parent[section]:  # an empty section goes with its key (defaults are empty)
        del parent[section]
    return f"removed {candidates[0].name}"

