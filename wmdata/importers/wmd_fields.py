"""Field-level readings of warmachine-data JSON values (MkIV): stats, weapons, grids.

Each reader returns our format or raises :class:`BadFieldError` with the JSON path of the
bad value, which the importer reports as ``file:$.path`` when it skips the record.
"""

from __future__ import annotations

import re
from typing import Any

from wmdata.numbers import NumberError, is_whole, parse_whole

STATS = {"speed": "SPD", "meleeAttack": "MAT", "rangedAttack": "RAT", "rangeAttack": "RAT", "defense": "DEF",
         "armour": "ARM", "arcana": "ARC", "arcaneAttack": "AAT", "controlRange": "CTRL", "fury": "FURY",
         "threshold": "THR"}
_SPRAY = re.compile(r"^spray\s*([0-9]{1,2})$", re.IGNORECASE)
_COLUMN = re.compile(r"^([0-9])([0-9])([A-Z]*)$")


class BadFieldError(ValueError):
    """A value that does not read; the message starts with its JSON path."""


def _json_type(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}
    return names.get(type(value), "a number")


def text(value: object, where: str) -> str:
    """A text field with its spaces collapsed; missing (null) is empty."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadFieldError(f"{where}: expected text, got {_json_type(value)}")
    return " ".join(value.split())


def texts(value: object, where: str) -> list[str]:
    """A list of texts (keys of rules, armies, spells); missing (null) is empty.  The data
    set groups some rules with the ability that grants them (``[magicAbility, hexBlast]``):
    such a nested list is read as its texts in order."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadFieldError(f"{where}: expected a list of texts, got {_json_type(value)}")
    found: list[str] = []
    for index, item in enumerate(value):
        group = item if isinstance(item, list) else [item]
        for inner, member in enumerate(group):
            here = f"{where}[{index}]" + (f"[{inner}]" if isinstance(item, list) else "")
            if not isinstance(member, str) or not member.strip():
                raise BadFieldError(f"{here}: expected text, got {_json_type(member)}")
            found.append(" ".join(member.split()))
    return found


def mapping(value: object, where: str) -> dict[str, Any]:
    """An object; missing (null) is empty."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadFieldError(f"{where}: expected an object, got {_json_type(value)}")
    return value


def whole(value: object, where: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise BadFieldError(f"{where}: expected a whole number >= {minimum}, got {value!r}")
    return value


def model_stats(statistics: object, where: str) -> tuple[dict[str, int], int | None]:
    """Our stat line and the health (damage boxes) of a ``statistics`` object."""
    if not isinstance(statistics, dict):
        raise BadFieldError(f"{where}: expected an object of statistics")
    stats: dict[str, int] = {}
    for key, value in statistics.items():
        if key in STATS:
            stats[STATS[key]] = whole(value, f"{where}.{key}")
    for required in ("DEF", "ARM"):
        if required not in stats:
            raise BadFieldError(f"{where}: no {'defense' if required == 'DEF' else 'armour'}")
    health = statistics.get("health")
    return stats, None if health is None else whole(health, f"{where}.health", 1)


def rng(value: object, where: str) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str):
        match = _SPRAY.match(value.strip())
        if match:
            return f"SP {int(match.group(1))}"
        if value.strip().lower() in ("controlrange", "ctrl"):
            return "CTRL"
        if value.strip().lower() == "self":
            return "SELF"
    raise BadFieldError(f"{where}: expected a range, got {value!r}")


def area(value: object, where: str) -> int | str:
    if isinstance(value, str) and value.strip().lower() in ("controlrange", "ctrl"):
        return "CTRL"
    return whole(value, where)


def number_or_text(value: object, where: str, minimum: int = 0) -> int | str:
    """POW and ROF may be text (``10/10``, ``d3+1``); digits in a string are a number."""
    if isinstance(value, str):
        if not is_whole(value):
            return value.strip()
        try:
            return parse_whole(value, "value", minimum=minimum)
        except NumberError as exc:
            raise BadFieldError(f"{where}: {exc}") from None
    return whole(value, where, minimum)


def weapon_entry(data: object, where: str) -> dict[str, Any]:
    """A weapon without its qualities and abilities (those need the rule book)."""
    data = mapping(data, where)
    name = text(data.get("name"), f"{where}.name")
    kind = data.get("type")
    if not name or kind not in ("melee", "ranged", "mount"):
        raise BadFieldError(f"{where}: a weapon needs a name and a type melee/ranged/mount")
    stats = mapping(data.get("statistics"), f"{where}.statistics")
    weapon: dict[str, Any] = {"name": name, "type": kind}
    if "range" in stats:
        weapon["rng"] = rng(stats["range"], f"{where}.statistics.range")
    if "rateOfFire" in stats:
        rof = stats["rateOfFire"]
        weapon["rof"] = number_or_text(rof, f"{where}.statistics.rateOfFire", 1)
    elif kind == "ranged":
        weapon["rof"] = 1
    if "areaOfEffect" in stats:
        weapon["aoe"] = area(stats["areaOfEffect"], f"{where}.statistics.areaOfEffect")
    if "power" in stats:
        weapon["pow"] = number_or_text(stats["power"], f"{where}.statistics.power")
    count = data.get("quantity", 1)
    if whole(count, f"{where}.quantity", 1) > 1:
        weapon["count"] = count
    return weapon


def damage_grid(columns: object, where: str) -> dict[str, Any]:
    """A ``damageGrid`` as our rows.

    Each column string reads ``<boxes><first row><system letters>``: ``41CH`` is a column of
    4 boxes starting in row 1 (top), whose last two boxes are the C and H systems; the
    others are hull boxes.  (Our reading: the Raptor's first digits add up to its health.)
    """
    if not isinstance(columns, list) or len(columns) != 6:
        raise BadFieldError(f"{where}: expected six column strings")
    cells: list[list[str]] = []
    for index, column in enumerate(columns):
        match = _COLUMN.match(str(column))
        if not match or int(match.group(2)) < 1 or len(match.group(3)) > int(match.group(1)):
            raise BadFieldError(f"{where}[{index}]: expected '<boxes><first row><systems>' such as '41CH', "
                                f"got {column!r}")
        boxes, first, systems = int(match.group(1)), int(match.group(2)), match.group(3)
        cells.append(["-"] * (first - 1) + ["."] * (boxes - len(systems)) + list(systems))
    height = max(len(column) for column in cells)
    rows = ["".join(column[row] if row < len(column) else "-" for column in cells) for row in range(height)]
    return {"type": "grid", "rows": rows}


def spell_entry(data: object, where: str) -> dict[str, Any]:
    """A spell without id allocation; ``rules`` is its text."""
    data = mapping(data, where)
    stats = data.get("statistics")
    name = text(data.get("name"), f"{where}.name")
    rules = text(data.get("rules"), f"{where}.rules")
    if not isinstance(stats, dict) or not name or not rules:
        raise BadFieldError(f"{where}: a spell needs a name, statistics and rules text")
    entry: dict[str, Any] = {"name": name, "cost": whole(stats.get("cost"), f"{where}.statistics.cost"),
                             "rng": rng(stats.get("range"), f"{where}.statistics.range"),
                             "offensive": bool(stats.get("offensive"))}
    if "areaOfEffect" in stats:
        entry["aoe"] = area(stats["areaOfEffect"], f"{where}.statistics.areaOfEffect")
    if "power" in stats:
        entry["pow"] = number_or_text(stats["power"], f"{where}.statistics.power")
    if stats.get("duration") in ("upkeep", "turn", "round"):
        entry["duration"] = stats["duration"]
    entry["text"] = rules
    return entry
