"""WHAC tiers (``tiers.xml``) and mercenary contracts (``contracts.xml``) as theme forces.

A tier list has up to four levels, each adding requirements and benefits to the ones
before; a list played at level N must meet all of them and gets all of them, so level N
becomes one theme force (``<tier>-tier-N``) with the levels up to N.  What our format
cannot say (requirements limited to battlegroups or marshalled jacks, "for each" free
models, FA changes to 'U', in-game effects) is named in the entry's note.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from wmdata.importers.vocabulary import kebab
from wmdata.importers.whac_fields import BadValueError, whole
from wmdata.numbers import is_whole, quoted

Resolve = Callable[[str], tuple[str, bool] | None]
"""WHAC id -> (our model id, is a caster), or None when the model was not imported."""


def _ids(element: ET.Element | None, resolve: Resolve, missing: set[str]) -> list[tuple[str, bool]]:
    found: list[tuple[str, bool]] = []
    for entry in [] if element is None else element.iter("entry"):
        raw = (entry.get("id") or "").strip()
        target = resolve(raw)
        if target is None:
            missing.add(raw)
        elif target not in found:
            found.append(target)
    return found


def _benefits(level: ET.Element, resolve: Resolve, missing: set[str], notes: list[str]) -> list[dict[str, Any]]:
    benefits: list[dict[str, Any]] = []
    holder = level.find("benefits")
    for element in [] if holder is None else list(holder):
        if element.tag in ("alterCost", "alterFA"):
            target = resolve((element.get("entryId") or "").strip())
            bonus = (element.get("bonus") or "").strip()
            if target is None:
                missing.add(element.get("entryId") or "")
            elif not is_whole(bonus.lstrip("+-")):
                notes.append(f"FA of {target[0]} becomes {quoted(bonus)}")
            else:
                value = whole(bonus, "bonus", minimum=None)
                kind, delta = ("cost_change", -value) if element.tag == "alterCost" else ("fa_change", value)
                benefits.append({"kind": kind, "models": [target[0]], "delta": delta})
        elif element.tag == "freeModel":
            models = [model for model, _ in _ids(element, resolve, missing)]
            if element.find("forEach") is not None:
                notes.append(f"a free {' or '.join(models)} for each model of a list (not expressible)")
            elif models:
                benefits.append({"kind": "free_model", "models": models})
        elif element.tag == "ingameeffect" and (element.get("label") or "empty").strip() not in ("", "empty"):
            notes.append(f"in-game effect: {' '.join((element.get('label') or '').split())}")
    return benefits


def _requirements(level: ET.Element, resolve: Resolve, missing: set[str], notes: list[str]) -> list[dict[str, Any]]:
    requirements = []
    holder = level.find("must_have")
    for group in [] if holder is None else holder.findall("entrygroup"):
        models = [model for model, _ in _ids(group, resolve, missing)]
        minimum = whole(group.get("minNumber") or "1", "minNumber", minimum=1)
        if group.get("inBattlegroupOnly") == "true" or group.get("jackMarshalledOnly") == "true":
            notes.append("a requirement counts only models in a battlegroup or marshalled")
        if models:
            requirements.append({"models": models, "min": minimum})
    return requirements


def tier_forces(tiers: ET.Element, faction: str, resolve: Resolve, source: str) -> list[dict[str, Any]]:
    """One theme force per level of a ``<tiers>`` element."""
    name = " ".join((tiers.get("name") or "").split())
    caster = resolve((tiers.get("casterId") or "").strip())
    if not name:
        raise BadValueError("tier has no name")
    if caster is None or not caster[1]:
        raise BadValueError(f"its caster {tiers.get('casterId')!r} was not imported as a caster")
    forces: list[dict[str, Any]] = []
    allowed: list[tuple[str, bool]] = []
    requirements: list[dict[str, Any]] = []
    benefits: list[dict[str, Any]] = []
    notes: list[str] = []
    missing: set[str] = set()
    for level in tiers.findall("level"):
        number = whole(level.get("number") or "", "level number")
        allowed = _ids(level.find("only"), resolve, missing) or allowed
        requirements = requirements + _requirements(level, resolve, missing, notes)
        benefits = benefits + _benefits(level, resolve, missing, notes)
        force: dict[str, Any] = {
            "id": f"{kebab(name)}-tier-{number}", "name": f"{name} (tier {number})", "faction": faction,
            "casters": [caster[0]], "models": [model for model, is_caster in allowed if not is_caster],
            "requirements": list(requirements), "benefits": list(benefits), "source": source,
        }
        force["note"] = _note(notes, missing)
        forces.append({key: value for key, value in force.items() if value not in (None, [])})
    return forces


def contract_force(contract: ET.Element, faction: str, resolve: Resolve, source: str) -> dict[str, Any]:
    """A ``<contract>`` (a MkII mercenary contract) as one theme force."""
    name = " ".join((contract.get("name") or "").split())
    if not name:
        raise BadValueError("contract has no name")
    missing: set[str] = set()
    notes: list[str] = []
    allowed = _ids(contract.find("only"), resolve, missing)
    force: dict[str, Any] = {
        "id": kebab(contract.get("contractId") or name), "name": name, "faction": faction,
        "casters": [model for model, is_caster in allowed if is_caster],
        "models": [model for model, is_caster in allowed if not is_caster],
        "benefits": _benefits(contract, resolve, missing, notes), "source": source,
    }
    description = " ".join((contract.get("description") or "").split())
    if description:
        force["text"] = description[:4000]
    force["note"] = _note(notes, missing)
    return {key: value for key, value in force.items() if value not in (None, [])}


def _note(notes: list[str], missing: set[str]) -> str | None:
    parts = list(dict.fromkeys(notes))
    if missing - {""}:
        parts.append(f"{len(missing - {''})} WHAC ids not imported: {', '.join(sorted(missing - {''}))}")
    return f"WHAC import: {'; '.join(parts)}."[:4000] if parts else None
