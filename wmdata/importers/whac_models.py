"""Convert one WHAC model record (``<warjack>``, ``<unit>``, ...) into content entries.

A record gives the model entry, plus the feat, spells and animus it carries, and a unit
gives its attachments too.  A record whose own numbers do not read is refused with
:class:`BadValueError`; a single weapon that does not read is left out and reported, so one
typo does not cost the whole model.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from wmdata.importers.vocabulary import ADVANTAGE_CATEGORIES, QUALITY_CATEGORIES, RuleBook
from wmdata.importers.whac_fields import (
    BadValueError,
    area,
    flag,
    number,
    power,
    text_of,
    weapon_range,
)
from wmdata.importers.xmlread import XmlDocument

STATS = (("SPD", "spd"), ("STR", "str"), ("MAT", "mat"), ("RAT", "rat"), ("DEF", "def"), ("ARM", "arm"),
         ("CMD", "cmd"))
MODEL_FLAGS = ("abomination", "advance_deployment", "arc_node", "fearless", "cma", "commander", "construct", "cra",
               "eyelesssight", "gunfighter", "incorporeal", "immunity_corrosion", "immunity_electricity",
               "immunity_fire", "immunity_frost", "jack_marshal", "journeyman_warcaster", "lesser_warlock",
               "officer", "pathfinder", "standard_bearer", "stealth", "terror", "tough", "undead")
WEAPON_FLAGS = ("magical", "reach", "shield", "open_fist", "fire", "corrosion", "frost", "electricity",
                "continuous_corrosion", "critical_freeze", "continuous_fire", "critical_fire", "weapon_master",
                "chain", "buckler")
LOCATIONS = {"L", "R", "H", "S", "F", "-"}
SIDES = {"L": "Left", "R": "Right"}
DEFAULT_BASE = {"warcaster": 30, "warlock": 30, "solo": 30, "unit": 30, "attachment": 30, "battle_engine": 120,
                ("warjack", "light"): 40, ("warjack", "heavy"): 50, ("warjack", "colossal"): 120,
                ("warbeast", "lesser"): 30, ("warbeast", "light"): 40, ("warbeast", "heavy"): 50,
                ("warbeast", "gargantuan"): 120}


@dataclass(slots=True)
class Converted:
    """The entries one record yields, by kind, and the weapons it had to leave out."""

    entries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    dropped: list[tuple[ET.Element, str]] = field(default_factory=list)
    score: int = 0


def model_type(tag: str, qualification: str) -> tuple[str, str | None]:
    """Our (type, weight) for a record's tag and its free-text qualification."""
    words = qualification.lower()
    if tag in ("warcaster", "warlock", "solo", "unit"):
        return tag, None
    if tag == "battleEngine":
        return "battle_engine", None
    if tag == "colossal":
        return ("warbeast", "gargantuan") if "gargantuan" in words else ("warjack", "colossal")
    if tag == "warbeast":
        for weight in ("lesser", "light", "gargantuan"):
            if weight in words:
                return "warbeast", weight
        return "warbeast", "heavy"
    return "warjack", "light" if ("light" in words or "bonejack" in words) else "heavy"


class RecordConverter:
    """Converts records of one file; ``rules`` maps rule names to ids for the whole import."""

    def __init__(self, doc: XmlDocument, rules: RuleBook, source: str) -> None:
        self.doc, self.rules, self.source = doc, rules, source

    # --- profile parts ------------------------------------------------------------------
    def stats(self, basestats: ET.Element | None, extra: dict[str, int | None]) -> tuple[dict[str, int], int]:
        if basestats is None:
            raise BadValueError("no <basestats>")
        stats: dict[str, int] = {}
        for ours, theirs in STATS:
            value = number(basestats, theirs, default=None)
            if value is not None and (value > 0 or ours in ("DEF", "ARM")):
                stats[ours] = value
        stats.setdefault("DEF", 0)
        stats.setdefault("ARM", 0)
        stats.update({key: value for key, value in extra.items() if value is not None})
        return stats, sum(1 for value in stats.values() if value)

    def advantages(self, basestats: ET.Element | None) -> tuple[list[str], list[str]]:
        advantages: list[str] = []
        abilities: list[str] = []
        for name in MODEL_FLAGS:
            if basestats is not None and flag(basestats, name):
                ref = self.rules.ref(name, None, "advantage")
                (advantages if ref.category in ADVANTAGE_CATEGORIES else abilities).append(ref.id)
        return advantages, abilities

    def capacities(self, element: ET.Element) -> list[str]:
        found = []
        for capacity in element.findall("capacity"):
            title = (capacity.get("title") or "").strip()
            if title:
                found.append(self.rules.ref(title, text_of(capacity), "ability").id)
        return list(dict.fromkeys(found))

    def weapon(self, element: ET.Element, strength: int | None) -> dict[str, Any]:
        kind = {"melee_weapon": "melee", "ranged_weapon": "ranged", "mount_weapon": "mount"}[element.tag]
        name = " ".join((element.get("name") or ("Mount" if kind == "mount" else "")).split())
        if not name:
            raise BadValueError("weapon has no name")
        weapon: dict[str, Any] = {"name": name, "type": kind}
        if kind == "ranged":
            weapon["rng"] = weapon_range(element.get("rng") or "")
            if weapon["rng"] is None:
                raise BadValueError(f"ranged weapon {name!r} has no rng")
            weapon["rof"] = number(element, "rof", default=None, minimum=1)
            weapon["aoe"] = area(element.get("aoe") or "")
        weapon["pow"] = power(element.get("pow") or "")
        if kind == "melee":
            weapon["ps"] = number(element, "p_plus_s", default=None)
            if weapon["ps"] is None and isinstance(weapon["pow"], int) and strength:
                weapon["ps"] = weapon["pow"] + strength
        location = (element.get("location") or "").strip().upper()
        if location in LOCATIONS:
            weapon["location"] = location
        count = number(element, "count", default=1, minimum=1)
        if count and count > 1:
            weapon["count"] = count
        qualities: list[str] = []
        abilities: list[str] = []
        for flag_name in WEAPON_FLAGS:
            if flag(element, flag_name):
                ref = self.rules.ref(flag_name, None, "weapon_quality")
                (qualities if ref.category in QUALITY_CATEGORIES else abilities).append(ref.id)
        abilities.extend(self.capacities(element))
        weapon["qualities"] = list(dict.fromkeys(qualities))
        weapon["abilities"] = list(dict.fromkeys(abilities))
        return {key: value for key, value in weapon.items() if value not in (None, [])}

    def weapons(self, owner: ET.Element, strength: int | None, converted: Converted) -> list[dict[str, Any]]:
        """The weapons of a profile; identical repeats become ``count``, clashing names get a number."""
        found: list[dict[str, Any]] = []
        holder = owner.find("weapons")
        for element in [] if holder is None else list(holder):
            if element.tag not in ("melee_weapon", "ranged_weapon", "mount_weapon"):
                continue
            try:
                weapon = self.weapon(element, strength)
            except BadValueError as exc:
                converted.dropped.append((element, str(exc)))
                continue
            same = next((w for w in found if w["name"].lower() == weapon["name"].lower()), None)
            if same is not None and {**same, "count": 0} == {**weapon, "count": 0}:
                same["count"] = same.get("count", 1) + weapon.get("count", 1)
                continue
            sides = {same.get("location"), weapon.get("location")} if same is not None else set()
            if same is not None and sides == {"L", "R"}:  # a left and a right arm weapon of one name
                for item in (same, weapon):
                    item["name"] = f"{item['name']} ({SIDES[item['location']]})"
            elif same is not None:
                weapon["name"] = f"{weapon['name']} ({sum(w['name'].startswith(weapon['name']) for w in found) + 1})"
            found.append(weapon)
        return found

    def profile(self, element: ET.Element, converted: Converted, extra: dict[str, int | None] | None = None
                ) -> dict[str, Any]:
        """Stats, weapons, advantages, abilities and damage boxes of one profile."""
        basestats = element.find("basestats")
        stats, filled = self.stats(basestats, extra or {})
        weapons = self.weapons(element, stats.get("STR"), converted)
        advantages, abilities = self.advantages(basestats)
        abilities.extend(self.capacities(element))
        converted.score += filled + len(weapons) + len(abilities) + len(advantages)
        profile: dict[str, Any] = {"stats": stats, "weapons": weapons, "advantages": list(dict.fromkeys(advantages)),
                                   "abilities": list(dict.fromkeys(abilities))}
        hitpoints = number(basestats, "hitpoints", default=None) if basestats is not None else None
        if hitpoints and hitpoints > 1:
            profile["damage"] = {"type": "boxes", "boxes": hitpoints}
        return {key: value for key, value in profile.items() if value != []}
