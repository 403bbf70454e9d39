"""One WHAC record -> our entries: the model (or unit and its attachments), plus the
feat, spells and animus a caster or warbeast card carries.

WHAC leaves out what our format requires, so some values are defaults and each entry's
``note`` says which: base sizes follow the weight class, a warlock's FURY and a
warbeast's FURY/THR and life-spiral layout have no MkII field and are kept in the note.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from wmdata.importers.vocabulary import kebab
from wmdata.importers.whac_fields import (
    BadValueError,
    area,
    grid_rows,
    number,
    power,
    spiral_boxes,
    text_of,
    weapon_range,
    whole,
)
from wmdata.importers.whac_models import DEFAULT_BASE, Converted, RecordConverter, model_type
from wmdata.numbers import is_whole, quoted

MODEL_TAGS = ("warcaster", "warlock", "warjack", "warbeast", "colossal", "battleEngine", "solo", "unit")


def display(name: str) -> str:
    """WHAC writes many spell and feat names in capitals; show them in title case."""
    clean = " ".join(name.split())
    return clean.title() if clean.isupper() else clean


def field_allowance(element: ET.Element) -> int | str:
    raw = (element.get("fa") or "").strip().upper()
    if raw in ("U", "C"):
        return raw
    if is_whole(raw) and whole(raw, "fa") >= 1:
        return whole(raw, "fa")
    raise BadValueError(f"fa {quoted(element.get('fa') or '')} is not a number, 'U' or 'C'")


def castable(element: ET.Element, source: str) -> dict[str, Any]:
    """A ``<spell>`` or ``<animus>`` as a spell/animus entry (text as given)."""
    name = display(element.get("name") or element.get("title") or "")
    if not name:
        raise BadValueError("spell has no name")
    cost_raw = (element.get("cost") or "").strip().upper()
    if not (is_whole(cost_raw) or cost_raw == "X"):
        raise BadValueError(f"cost {quoted(element.get('cost') or '')} is not a number or 'X'")
    rng = weapon_range(element.get("rng") or "")
    text = text_of(element)
    if rng is None or not text:
        raise BadValueError("spell has no rng" if rng is None else "spell has no text")
    off = (element.get("off") or "").strip().upper()
    aoe_raw = (element.get("aoe") or "").strip()
    wall = aoe_raw.upper() == "WALL"
    cost = "X" if cost_raw == "X" else whole(cost_raw, "cost")
    entry: dict[str, Any] = {"id": kebab(name), "name": name, "cost": cost,
                             "rng": rng, "aoe": "*" if wall else area(aoe_raw), "pow": power(element.get("pow") or ""),
                             "duration": "upkeep" if (element.get("up") or "").strip().upper() == "YES" else None,
                             "offensive": off in ("YES", "*"), "text": text[:4000], "source": source}
    if off == "*":
        entry["offensive_vs_enemies_only"] = True
    if wall:
        entry["note"] = "WHAC import: AOE is a wall template (kept as '*')."
    return {key: value for key, value in entry.items() if value is not None}


def _troopers(conv: RecordConverter, unit: ET.Element, converted: Converted, count: int) -> list[dict[str, Any]]:
    """The unit's own profile as the leader; the grunts get the ``<model>`` named "Grunts" when
    the unit lists one (character units print the leader and the grunts apart), otherwise the
    leader's profile; then any other model profiles it lists."""
    base = {**conv.profile(unit, converted), "base": DEFAULT_BASE["unit"]}
    name = " ".join((unit.get("name") or "").split())
    models = unit.findall("model")
    grunts = [m for m in models if "grunt" in (m.get("name") or m.get("full_name") or "").lower()]
    troopers = [{"name": f"{name} Leader", "role": "leader", **base}]
    if count > 1:
        profile = {**conv.profile(grunts[0], converted), "base": DEFAULT_BASE["unit"]} if grunts else base
        troopers.append({"name": f"{name} Grunt", "role": "grunt", "count": count - 1, **profile})
    for model in models:
        if model in grunts[:1]:
            continue
        label = " ".join((model.get("full_name") or model.get("name") or model.get("id") or "").split())
        troopers.append({"name": label or f"{name} model", "role": "trooper", **conv.profile(model, converted),
                         "base": DEFAULT_BASE["unit"]})
    return troopers


def _attachment(conv: RecordConverter, element: ET.Element, unit_id: str, faction: str,
                converted: Converted) -> dict[str, Any]:
    name = " ".join((element.get("name") or "").split())
    troopers = []
    for model in element.findall("model"):
        label = " ".join((model.get("full_name") or model.get("id") or name).split())
        lowered = label.lower()
        role = "officer" if "officer" in lowered else "standard_bearer" if "standard" in lowered else "trooper"
        troopers.append({"name": label, "role": role, **conv.profile(model, converted),
                         "base": DEFAULT_BASE["attachment"]})
    if not troopers:
        raise BadValueError(f"attachment {name!r} has no <model>")
    weapon = element.tag == "weapon_attachment"
    entry: dict[str, Any] = {"id": kebab(name), "name": name, "type": "attachment",
                             "attachment": "weapon" if weapon else "command", "attaches_to": [unit_id],
                             "fa": field_allowance(element), "faction": faction,
                             "cost": number(element, "cost", default=None), "troopers": troopers,
                             "source": conv.source}
    if entry["cost"] is None:
        raise BadValueError(f"attachment {name!r} has no cost")
    if weapon:
        entry["max_per_unit"] = min(3, max(1, number(element, "max_wa", default=1) or 1))
    return entry


def _unit(conv: RecordConverter, element: ET.Element, entry: dict[str, Any], converted: Converted) -> None:
    sizes = []
    base_cost, base_count = number(element, "base_cost", default=None), number(element, "baseCount", default=None)
    full_cost, full_count = number(element, "full_cost", default=None), number(element, "fullCount", default=None)
    if base_cost is None or not base_count:
        raise BadValueError("unit has no base_cost/baseCount")
    if full_cost is not None and full_count:
        sizes = [{"label": "min", "models": base_count, "cost": base_cost},
                 {"label": "max", "models": full_count, "cost": full_cost}]
    else:
        sizes = [{"label": "fixed", "models": base_count, "cost": base_cost}]
    entry.update(sizes=sizes, troopers=_troopers(conv, element, converted, base_count))
    for child in [*element.findall("unit_attachment"), *element.findall("weapon_attachment")]:
        try:
            converted.entries.append(("models", _attachment(conv, child, entry["id"], entry["faction"], converted)))
        except BadValueError as exc:
            converted.dropped.append((child, str(exc)))


def _damage(element: ET.Element, kind: str, entry: dict[str, Any], notes: list[str]) -> None:
    if element.get("damage_grid"):
        raw = (element.get("damage_grid") or "").strip()
        field, _, grid = raw.partition("-") if is_whole(raw[:3].split("-")[0]) else ("", "", raw)
        if field:  # Myrmidons: "6-xxxx..." is a power field of 6 boxes before the grid
            notes.append(f"power field of {field} boxes (no field in a single grid)")
        entry["damage"] = {"type": "grid", "rows": grid_rows(grid, "damage_grid")}
    elif element.get("damage_grid_left") or element.get("damage_grid_right"):
        entry["damage"] = {"type": "colossal",
                           "left": grid_rows(element.get("damage_grid_left") or "", "damage_grid_left"),
                           "right": grid_rows(element.get("damage_grid_right") or "", "damage_grid_right")}
        force_field = number(element, "force_field", default=None)
        if force_field:
            entry["damage"]["field"] = force_field
    elif element.get("damage_spiral"):
        boxes, counts = spiral_boxes(element.get("damage_spiral") or "")
        entry["damage"] = {"type": "boxes", "boxes": boxes}
        notes.append(f"life spiral {counts} (aspect counts; the source gives no branch layout, kept as boxes)")
    elif kind == "warjack":
        raise BadValueError("warjack has no damage_grid")


def convert_record(conv: RecordConverter, element: ET.Element, faction: str) -> Converted:
    """Every entry ``element`` yields; raises :class:`BadValueError` when the record cannot be used."""
    name = " ".join((element.get("name") or "").split())
    if not name:
        raise BadValueError("record has no name")
    kind, weight = model_type(element.tag, element.get("qualification") or "")
    converted = Converted()
    notes: list[str] = []
    entry: dict[str, Any] = {"id": kebab(name), "name": name, "type": kind}
    if weight:
        entry["weight"] = weight
    entry.update(fa=field_allowance(element), faction=faction)
    if kind == "unit":
        _unit(conv, element, entry, converted)
    else:
        extra = {"FOC": number(element, "focus", default=None)} if kind == "warcaster" else {}
        entry.update(conv.profile(element, converted, extra))
        entry["base"] = DEFAULT_BASE[(kind, weight) if weight else kind]
        if kind not in ("warcaster", "warlock"):
            cost = number(element, "cost", default=None)
            if cost is None:
                raise BadValueError("record has no cost")
            entry["cost"] = cost
        _damage(element, kind, entry, notes)
    basestats = element.find("basestats")
    character = " ".join(((basestats.get("name") if basestats is not None else "") or "").split())
    if kind in ("warcaster", "warlock") and character and character.lower() != "undefined":
        entry["character"] = character
    if kind == "warcaster":
        entry["warjack_points"] = number(element, "warjack_points", default=None)
    if kind == "warlock":
        entry["warbeast_points"] = number(element, "warbeast_points", default=None)
        notes.append(f"FURY {element.get('fury')} (MkII content has no FURY stat)" if element.get("fury") else "")
    if kind == "warbeast":
        notes.append(f"FURY {element.get('fury')}, THR {element.get('threshold')} (no MkII fields)")
    _caster_parts(conv, element, entry, converted)
    notes.append(f"base size {entry.get('base')} mm assumed from the model type" if "base" in entry else "")
    entry["source"] = conv.source
    note = "; ".join(note for note in notes if note)
    if note:
        entry["note"] = f"WHAC import: {note}."
    converted.entries.insert(0, ("models", {key: value for key, value in entry.items() if value is not None}))
    return converted


def _caster_parts(conv: RecordConverter, element: ET.Element, entry: dict[str, Any], converted: Converted) -> None:
    """Feat, spells and animus: entries of their own, referred to by id from the model."""
    feat = element.find("feat")
    title = display(feat.get("title") or "") if feat is not None else ""
    if feat is not None and title and text_of(feat):
        converted.entries.append(("feats", {"id": kebab(title), "name": title, "text": text_of(feat)[:4000],
                                            "source": conv.source}))
        entry["feat"] = kebab(title)
    spells = []
    for spell in element.findall("spell"):
        try:
            converted.entries.append(("spells", castable(spell, conv.source)))
            spells.append(kebab(display(spell.get("name") or "")))
        except BadValueError as exc:
            converted.dropped.append((spell, str(exc)))
    if spells:
        entry["spells"] = spells
    animus = element.find("animus")
    if animus is not None:
        try:
            converted.entries.append(("animi", castable(animus, conv.source)))
            entry["animus"] = kebab(display(animus.get("name") or animus.get("title") or ""))
        except BadValueError as exc:
            converted.dropped.append((animus, str(exc)))
