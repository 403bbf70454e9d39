"""Import the MkIV JSON of github.com/kirkbushell/warmachine-data (MIT) as MkIV content.

The folder holds ``units.json`` (and per-faction copies in ``units/``), the rule texts
(``abilities``, ``advantages``, ``qualities``, ``rules``), ``spells``, ``commands``
(command cards), ``factions`` and ``armies``.  Keys are camelCase; ours are kebab-case
(``stormLegion`` -> ``storm-legion``).  Rule texts use ``{ability:digIn}`` templates,
which are written out as words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wmdata.content.registry import Registry
from wmdata.importers.jsonread import read_json_object
from wmdata.importers.output import Bundle, entry_problem
from wmdata.importers.report import ImportReport, InputError
from wmdata.importers.vocabulary import ADVANTAGE_CATEGORIES, QUALITY_CATEGORIES, Ids, RuleBook, kebab
from wmdata.importers.wmd_fields import (
    BadFieldError,
    damage_grid,
    mapping,
    model_stats,
    spell_entry,
    text,
    texts,
    weapon_entry,
    whole,
)
from wmdata.model.common import Edition

EDITION: Edition = "mk4"
SOURCE = "warmachine-data (github.com/kirkbushell/warmachine-data, MIT), imported"
DATA_SET = "warmachine-data-mk4"
"""The name docs/provenance.md and the provenance lint know this data set by."""
SLOTS = {"head": "head", "back": "back", "leftArm": "left_arm", "rightArm": "right_arm", "arms": "arms",
         "superstructure": "superstructure", "tail": "tail", "animus": "animus"}
_TEMPLATE = re.compile(r"\{(?:\w+:)?([A-Za-z0-9]+)\}")


def readable(text: str) -> str:
    """``{ability:digIn}`` -> ``Dig In``: the data set's templates as words."""
    return " ".join(_TEMPLATE.sub(lambda m: re.sub(r"(?<=[a-z])(?=[A-Z])", " ", m.group(1)).title(), text).split())


def _located(error: BadFieldError, what: str) -> tuple[str, str, str]:
    """(where, what, reason) from a message ``units.json:$.key.statistics.speed: expected ...``."""
    where, _, message = str(error).partition(": ")
    return where, what, f"bad value: {message}"


class WarmachineDataImport:
    def __init__(self, folder: Path, registry: Registry) -> None:
        if not folder.is_dir():
            problem = "not a folder" if folder.exists() else "no such folder"
            raise InputError(f"{folder}: {problem} (expected the warmachine-data folder with units.json)")
        self.folder = folder
        self.report = ImportReport("warmachine-data")
        self.ids = Ids()
        self.rules = RuleBook(registry, EDITION, self.ids, self.report, SOURCE)
        self.texts: dict[str, dict[str, Any]] = {}
        for name in ("abilities", "advantages", "qualities", "rules"):
            path = folder / f"{name}.json"
            if path.exists():
                self.texts.update(read_json_object(path))
        self.bundle = Bundle(DATA_SET)

    def optional(self, name: str) -> dict[str, Any]:
        path = self.folder / f"{name}.json"
        return read_json_object(path) if path.exists() else {}

    def rule(self, key: str, category: str) -> tuple[str, str]:
        """(id, category) of a rule named by a data-set key such as ``fieldMarshal-retaliatoryStrike``."""
        known = self.texts.get(key) or self.texts.get(key.split("-", maxsplit=1)[0]) or {}
        known = known if isinstance(known, dict) else {}
        name = str(known.get("name") or key)
        rules = readable(str(known.get("rules") or ""))
        ref = self.rules.ref(key if self.rules.lookup(key) else name, rules, category)
        return ref.id, ref.category

    def rule_lists(self, record: dict[str, Any], where: str) -> tuple[list[str], list[str]]:
        advantages: list[str] = []
        abilities: list[str] = []
        for key in texts(record.get("advantages"), f"{where}.advantages"):
            rule_id, category = self.rule(key, "advantage")
            (advantages if category in ADVANTAGE_CATEGORIES else abilities).append(rule_id)
        for key in [*texts(record.get("abilities"), f"{where}.abilities"),
                    *texts(record.get("granted"), f"{where}.granted")]:
            abilities.append(self.rule(key, "ability")[0])
        return list(dict.fromkeys(advantages)), list(dict.fromkeys(abilities))

    def weapon(self, data: object, where: str) -> dict[str, Any]:
        weapon = weapon_entry(data, where)
        data = mapping(data, where)
        qualities: list[str] = []
        abilities: list[str] = []
        for key in texts(data.get("qualities"), f"{where}.qualities"):
            rule_id, category = self.rule(key, "weapon_quality")
            (qualities if category in QUALITY_CATEGORIES else abilities).append(rule_id)
        abilities.extend(self.rule(key, "ability")[0] for key in texts(data.get("abilities"), f"{where}.abilities"))
        weapon.update(qualities=list(dict.fromkeys(qualities)), abilities=list(dict.fromkeys(abilities)))
        return {key: value for key, value in weapon.items() if value not in (None, [])}

    def hardpoints(self, options: dict[str, Any], where: str, weapons: list[dict[str, Any]],
                   notes: list[str]) -> list[dict[str, Any]]:
        """``options`` (slot -> option key -> option) as hardpoints; option weapons join the model's."""
        hardpoints = []
        for slot_key, choices in options.items():
            slot = SLOTS.get(slot_key)
            if slot is None or not isinstance(choices, dict):
                raise BadFieldError(f"{where}.{slot_key}: unknown hardpoint slot")
            found = []
            for key, option in choices.items():
                here = f"{where}.{slot_key}.{key}"
                if not isinstance(option, dict):
                    raise BadFieldError(f"{here}: expected an object")
                names = []
                option_weapons = option.get("weapons")
                if option_weapons is not None and not isinstance(option_weapons, list):
                    raise BadFieldError(f"{here}.weapons: expected a list of weapons")
                for index, data in enumerate(option_weapons or []):
                    weapon = self.weapon(data, f"{here}.weapons[{index}]")
                    if all(w["name"].lower() != weapon["name"].lower() for w in weapons):
                        weapons.append(weapon)
                    names.append(weapon["name"])
                advantages, abilities = self.rule_lists(option, here)
                if option.get("statisticAdjustments"):
                    notes.append(f"option {option.get('name')} sets {option['statisticAdjustments']}")
                cost = option.get("points")
                if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
                    raise BadFieldError(f"{here}.points: expected a whole number >= 0, got {cost!r}")
                found.append({"id": kebab(key), "name": text(option.get("name"), f"{here}.name") or key,
                              "cost": cost, "weapons": names, "rules": [*advantages, *abilities]})
            hardpoints.append({"slot": slot, "options": [{k: v for k, v in o.items() if v != []} for o in found]})
        return hardpoints

    def model(self, record: dict[str, Any], where: str) -> dict[str, Any]:
        kind = record.get("type")
        if kind not in ("warcaster", "warlock", "warjack", "warbeast", "solo", "unit", "battle_engine"):
            raise BadFieldError(f"{where}.type: unknown model type {kind!r}")
        name = text(record.get("name"), f"{where}.name")
        if not name:
            raise BadFieldError(f"{where}.name: missing")
        stats, health = model_stats(record.get("statistics"), f"{where}.statistics")
        notes: list[str] = []
        weapons: list[dict[str, Any]] = []
        for w_key, data in mapping(record.get("weapons"), f"{where}.weapons").items():
            weapon = self.weapon(data, f"{where}.weapons.{w_key}")
            same = [w for w in weapons if w["name"].lower() == weapon["name"].lower()]
            if same and {**same[0], "count": 0} == {**weapon, "count": 0}:
                same[0]["count"] = same[0].get("count", 1) + weapon.get("count", 1)
                continue
            if same:
                weapon["name"] = f"{weapon['name']} ({len(same) + 1})"
            weapons.append(weapon)
        advantages, abilities = self.rule_lists(record, where)
        fa = record.get("fieldAllowance")
        profile: dict[str, Any] = {"stats": stats, "base": record.get("baseSize"), "weapons": weapons,
                                   "advantages": advantages, "abilities": abilities}
        if record.get("damageGrid") is not None:
            profile["damage"] = damage_grid(record["damageGrid"], f"{where}.damageGrid")
        elif health and health > 1:
            profile["damage"] = {"type": "boxes", "boxes": health}
        entry: dict[str, Any] = {"id": kebab(name), "name": name, "type": kind,
                                 "fa": fa.upper() if isinstance(fa, str) else fa,
                                 "faction": kebab(text(record.get("faction"), f"{where}.faction")) or None,
                                 "armies": [kebab(re.sub(r"(?<=[a-z])(?=[A-Z])", "-", a)) for a in
                                            texts(record.get("armies"), f"{where}.armies")]}
        if kind == "warjack":
            keywords = texts(record.get("keywords"), f"{where}.keywords")
            entry["weight"] = next((w for w in ("light", "heavy", "colossal") if w in keywords), "heavy")
        if kind == "unit":
            grunts = whole(record.get("grunts"), f"{where}.grunts", 1)
            cost = whole(record.get("points"), f"{where}.points")
            entry["sizes"] = [{"label": "fixed", "models": grunts, "cost": cost}]
            entry["troopers"] = [{"name": f"{name} Leader", "role": "leader", **profile}]
            if grunts > 1:
                entry["troopers"].append({"name": f"{name} Grunt", "role": "grunt", "count": grunts - 1, **profile})
            notes.append("one grunt is given the leader role because the format expects a leader profile")
        else:
            entry.update(profile)
            if isinstance(record.get("options"), dict):
                entry["hardpoints"] = self.hardpoints(record["options"], f"{where}.options", weapons, notes)
            elif kind not in ("warcaster", "warlock"):
                entry["cost"] = whole(record.get("points"), f"{where}.points")
        if kind in ("warcaster", "warlock"):
            entry["rack_slots"] = record.get("rackSlots")
            entry["spells"] = texts(record.get("spells"), f"{where}.spells")
            feats = mapping(record.get("feat"), f"{where}.feat")
            if feats:
                feat_key, feat = next(iter(feats.items()))
                feat = mapping(feat, f"{where}.feat.{feat_key}")
                feat_name = text(feat.get("name"), f"{where}.feat.{feat_key}.name") or feat_key
                feat_id = self.ids.claim(kebab(feat_name), "feat")
                if self.add("feats", None, {"id": feat_id, "name": feat_name,
                                            "text": readable(text(feat.get("rules"), f"{where}.feat.{feat_key}.rules")),
                                            "source": SOURCE},
                            f"{where}.feat.{feat_key}"):
                    entry["feat"] = feat_id
        entry["source"] = SOURCE
        if notes:
            entry["note"] = f"warmachine-data import: {'; '.join(notes)}."[:4000]
        return {k: v for k, v in entry.items() if v not in (None, [])}

    def add(self, kind: str, faction: str | None, entry: dict[str, Any], where: str) -> bool:
        """Check and keep an entry; a problem skips it with its location."""
        problem = entry_problem(EDITION, kind, entry)
        if problem is not None:
            self.report.skip(where, f"{kind.rstrip('s')} {entry.get('name')!r}", problem)
            return False
        self.bundle.add(EDITION, kind, faction, entry)
        self.report.imported[kind] += 1
        return True

    def run(self) -> None:
        spells: dict[str, str] = {}
        for key, data in self.optional("spells").items():
            where = f"spells.json:$.{key}"
            try:
                entry = spell_entry(data, where)
            except BadFieldError as exc:
                self.report.skip(*_located(exc, f"spell {key!r}"))
                continue
            entry = {"id": self.ids.claim(kebab(entry["name"]), "spell"), **entry, "text": readable(entry["text"]),
                     "source": SOURCE}
            if self.add("spells", None, entry, where):
                spells[key.lower()] = entry["id"]
        for key, data in self.optional("commands").items():
            where = f"commands.json:$.{key}"
            try:
                card = mapping(data, where)
                name = text(card.get("name"), f"{where}.name")
                rules = readable(text(card.get("rules"), f"{where}.rules"))
            except BadFieldError as exc:
                self.report.skip(*_located(exc, f"command card {key!r}"))
                continue
            if not name or not rules:
                self.report.skip(where, f"command card {key!r}", "bad value: needs a name and rules text")
                continue
            self.add("command_cards", None, {"id": self.ids.claim(kebab(name), "command_card"), "name": name,
                                             "cost": 0, "text": rules, "source": SOURCE}, where)
        self.units(spells)
        self.organisation()

    def units(self, spells: dict[str, str]) -> None:
        records: dict[str, tuple[dict[str, Any], str]] = {}
        files = [self.folder / "units.json", *sorted((self.folder / "units").glob("*.json"))]
        if not files[0].exists() and len(files) == 1:
            raise InputError(f"{self.folder}: no units.json (is this the warmachine-data folder?)")
        for path in files:
            if not path.exists():
                continue
            label = path.relative_to(self.folder).as_posix()
            for key, record in read_json_object(path).items():
                if key not in records:
                    records[key] = (record, f"{label}:$.{key}")
        for key, (record, where) in records.items():
            try:
                if not isinstance(record, dict):
                    raise BadFieldError(f"{where}: expected an object")
                entry = self.model(record, where)
            except BadFieldError as exc:
                self.report.skip(*_located(exc, f"model {key!r}"))
                continue
            entry["id"] = self.ids.claim(entry["id"], "model")
            missing = [s for s in entry.get("spells", []) if s.lower() not in spells]
            if missing:
                self.report.notes.append(f"{where}: spells not in spells.json: {', '.join(missing)}")
            entry["spells"] = [spells[s.lower()] for s in entry.get("spells", []) if s.lower() in spells]
            if not entry["spells"]:
                entry.pop("spells")
            self.add("models", entry.get("faction"), entry, where)

    def organisation(self) -> None:
        """Factions and armies the models use, so the folder validates on its own."""
        used = {entry.get("faction") for (_, kind, _), entries in self.bundle.files.items() if kind == "models"
                for entry in entries}
        for key, data in self.optional("factions").items():
            faction, where = kebab(key), f"factions.json:$.{key}"
            if faction in used:
                try:
                    name = text(mapping(data, where).get("name"), f"{where}.name") or key
                except BadFieldError as exc:
                    self.report.skip(*_located(exc, f"faction {key!r}"))
                    continue
                self.add("factions", None, {"id": faction, "name": name, "game": "warmachine", "source": SOURCE},
                         where)
        for key, data in self.optional("armies").items():
            army, where = kebab(re.sub(r"(?<=[a-z])(?=[A-Z])", "-", key)), f"armies.json:$.{key}"
            try:
                record = mapping(data, where)
                faction = kebab(text(record.get("faction"), f"{where}.faction"))
                name = text(record.get("name"), f"{where}.name") or key
            except BadFieldError as exc:
                self.report.skip(*_located(exc, f"army {key!r}"))
                continue
            self.add("armies", faction, {"id": army, "name": name, "faction": faction, "source": SOURCE}, where)
        for rule in self.rules.text_rules.values():
            self.add("rules", None, rule, "rules")


def import_warmachine_data(paths: Sequence[Path], registry: Registry) -> tuple[Bundle, ImportReport]:
    """Import the warmachine-data folder ``paths[0]``; :class:`InputError` when it is unusable."""
    run = WarmachineDataImport(paths[0], registry)
    run.run()
    return run.bundle, run.report
