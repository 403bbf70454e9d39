"""Compare imported entries with a content folder, field by field.

The point is cross-checking: numbers transcribed into ``content/`` against a community
data set.  Entries are matched by id, then by normalised name; for each pair the stats,
cost, unit sizes, FA, weapons (RNG ROF AOE POW P+S) and damage track are compared and
every difference becomes one line ``id: field: ours X, reference Y`` ("ours" is the
content folder, "reference" the imported data).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from wmdata.content.library import load_files
from wmdata.importers.output import Bundle

WEAPON_FIELDS = ("type", "rng", "rof", "aoe", "pow", "ps", "count")
MISSING = "-"


def _key(name: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9]+", " ", name.lower()).split())


def _show(value: object) -> str:
    return MISSING if value is None else str(value)


def _weapons(ours: list[dict[str, Any]], theirs: list[dict[str, Any]], prefix: str) -> Iterator[tuple[str, Any, Any]]:
    by_name = {_key(w["name"]): w for w in theirs}
    for weapon in ours:
        other = by_name.pop(_key(weapon["name"]), None)
        label = f"{prefix}weapons[{weapon['name']}]"
        if other is None:
            yield label, "present", None
            continue
        for name in WEAPON_FIELDS:
            yield f"{label}.{name}", weapon.get(name, 1 if name == "count" else None), \
                other.get(name, 1 if name == "count" else None)
    for weapon in by_name.values():
        yield f"{prefix}weapons[{weapon['name']}]", None, "present"


def _damage(ours: dict[str, Any] | None, theirs: dict[str, Any] | None, prefix: str) -> Iterator[tuple[str, Any, Any]]:
    ours, theirs = ours or {"type": "boxes", "boxes": 1}, theirs or {"type": "boxes", "boxes": 1}
    if ours.get("type") != theirs.get("type"):
        yield f"{prefix}damage.type", ours.get("type"), theirs.get("type")
        return
    for name in sorted(set(ours) | set(theirs)):
        mine, other = ours.get(name), theirs.get(name)
        if isinstance(mine, list) and isinstance(other, list):
            for index in range(max(len(mine), len(other))):
                yield (f"{prefix}damage.{name}[{index}]", mine[index] if index < len(mine) else None,
                       other[index] if index < len(other) else None)
        elif name != "type":
            yield f"{prefix}damage.{name}", mine, other


def _profile(ours: dict[str, Any], theirs: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any, Any]]:
    mine, other = ours.get("stats", {}), theirs.get("stats", {})
    for stat in sorted(set(mine) | set(other)):
        yield f"{prefix}stats.{stat}", mine.get(stat), other.get(stat)
    yield from _weapons(ours.get("weapons", []), theirs.get("weapons", []), prefix)
    yield from _damage(ours.get("damage"), theirs.get("damage"), prefix)


def _troopers(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> Iterator[tuple[str, Any, Any]]:
    """Trooper profiles are paired by role (leader with leader, ...), then in order."""
    remaining = list(theirs)
    for index, trooper in enumerate(ours):
        match = next((t for t in remaining if t.get("role") == trooper.get("role")), None)
        if match is None and remaining:
            match = remaining[0]
        if match is None:
            continue
        remaining.remove(match)
        yield from _profile(trooper, match, f"troopers[{index}].")


def _not_given(name: str, other: object, theirs: dict[str, Any]) -> bool:
    """Fields the reference leaves blank: a missing stat, cost, FA or size, a stat of 0
    (WHAC's "unknown"), or any weapon of a record that lists none.  A weapon field the
    reference leaves out (no AOE, say) is a value and is compared."""
    if other is None and ".weapons[" not in f".{name}" and not name.startswith("weapons["):
        return True
    if ".stats." in f".{name}" and other == 0:
        return True
    return other is None and not _has_weapons(theirs)


def _has_weapons(entry: dict[str, Any]) -> bool:
    return bool(entry.get("weapons")) or any(t.get("weapons") for t in entry.get("troopers", []))


def differences(ours: dict[str, Any], theirs: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """(field, our value, reference value) for every field the two entries disagree on;
    fields the reference does not give are not differences."""
    pairs: list[tuple[str, Any, Any]] = [("fa", ours.get("fa"), theirs.get("fa")),
                                         ("cost", ours.get("cost"), theirs.get("cost"))]
    mine_sizes = {s["label"]: s for s in ours.get("sizes", [])}
    their_sizes = {s["label"]: s for s in theirs.get("sizes", [])}
    for label in sorted(set(mine_sizes) | set(their_sizes)):
        for name in ("models", "cost"):
            pairs.append((f"sizes.{label}.{name}", mine_sizes.get(label, {}).get(name),
                          their_sizes.get(label, {}).get(name)))
    if "troopers" in ours or "troopers" in theirs:
        pairs.extend(_troopers(ours.get("troopers", []), theirs.get("troopers", [])))
    else:
        pairs.extend(_profile(ours, theirs))
    for name, mine, other in pairs:
        if str(mine).upper() != str(other).upper() and not _not_given(name, other, theirs):
            yield name, mine, other


def compare_with(bundle: Bundle, folder: Path) -> list[str]:
    """The comparison report: one line per disagreement, then the counts."""
    editions = {edition for (edition, kind, _) in bundle.files if kind == "models"}
    ours: dict[str, dict[str, Any]] = {}
    by_name: dict[str, str] = {}
    for _, loaded in load_files([folder]):
        if loaded.edition not in editions or loaded.summary.kind != "models":
            continue
        for entry in loaded.entries:
            data = entry.model_dump(exclude_none=True)
            ours.setdefault(entry.id, data)
            by_name.setdefault(_key(entry.name), entry.id)
    lines: list[str] = []
    matched = disagreeing = 0
    for (edition, kind, _), entries in sorted(bundle.files.items(), key=lambda item: str(item[0])):
        if kind != "models" or edition not in editions:
            continue
        for theirs in entries:
            our_id = theirs["id"] if theirs["id"] in ours else by_name.get(_key(theirs["name"]))
            if our_id is None:
                continue
            matched += 1
            found = [f"{our_id}: {name}: ours {_show(mine)}, reference {_show(other)}"
                     for name, mine, other in differences(ours[our_id], theirs)]
            disagreeing += bool(found)
            lines.extend(found)
    lines.append(f"compared {matched} entries present in both; {len(lines)} disagreements in {disagreeing} entries")
    return lines
