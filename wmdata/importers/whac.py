"""Import the WHAC MkII XML data (github.com/arrdem/whac) as MkII content files.

Inputs are files or folders of ``*.xml``; each file is recognised by its root element:
``<ruleset>`` model catalogues (the merged ``armies_data.xml`` and the per-faction
files), ``<spells>``, ``<tierslist>`` and ``<contractslist>``.  The same model often
appears in several catalogues, sometimes with all-zero stats: records are merged by id
and the one with the most filled-in numbers wins.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wmdata.content.registry import Registry
from wmdata.importers.output import Bundle, entry_problem
from wmdata.importers.report import ImportReport, InputError
from wmdata.importers.vocabulary import Ids, RuleBook, kebab
from wmdata.importers.whac_fields import BadValueError
from wmdata.importers.whac_forces import contract_force, tier_forces
from wmdata.importers.whac_models import RecordConverter
from wmdata.importers.whac_records import MODEL_TAGS, castable, convert_record
from wmdata.importers.xmlread import XmlDocument, read_xml
from wmdata.model.common import Edition

EDITION: Edition = "mk2"
SOURCE = "WHAC MkII data (github.com/arrdem/whac), imported"
DATA_SET = "whac-mk2"
"""The name docs/provenance.md and the provenance lint know this data set by."""
ROOTS = ("ruleset", "spells", "tierslist", "contractslist")
FACTIONS: dict[str, tuple[str, str, str, str]] = {
    "faction_cygnar": ("cygnar", "Cygnar", "warmachine", "faction"),
    "faction_menoth": ("protectorate-of-menoth", "Protectorate of Menoth", "warmachine", "faction"),
    "faction_khador": ("khador", "Khador", "warmachine", "faction"),
    "faction_cryx": ("cryx", "Cryx", "warmachine", "faction"),
    "faction_retribution": ("retribution-of-scyrah", "Retribution of Scyrah", "warmachine", "faction"),
    "faction_cyriss": ("convergence-of-cyriss", "Convergence of Cyriss", "warmachine", "faction"),
    "faction_mercs": ("mercenary", "Mercenaries", "warmachine", "mercenary"),
    "faction_trollblood": ("trollbloods", "Trollbloods", "hordes", "faction"),
    "faction_orboros": ("circle-orboros", "Circle Orboros", "hordes", "faction"),
    "faction_everblight": ("legion-of-everblight", "Legion of Everblight", "hordes", "faction"),
    "faction_skorne": ("skorne", "Skorne", "hordes", "faction"),
    "faction_minions": ("minion", "Minions", "hordes", "minion"),
}
FAMILY = {"models": "model", "spells": "spell", "feats": "feat", "animi": "animus", "theme_forces": "theme_force"}


def input_files(paths: Sequence[Path]) -> list[Path]:
    """The XML files named by ``paths`` (folders: their ``*.xml``, sorted)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.xml"))
            if not found:
                raise InputError(f"{path}: no *.xml files in this folder")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            raise InputError(f"{path}: no such file or folder")
    return list(dict.fromkeys(files))


@dataclass(slots=True)
class Candidate:
    """An entry read from one record; ``score`` (filled-in numbers) decides between repeats."""

    kind: str
    entry: dict[str, Any]
    where: str
    score: int


class WhacImport:
    """One run: candidates from every file, then merging, id allocation and checking."""

    def __init__(self, registry: Registry) -> None:
        self.report = ImportReport("whac")
        self.ids = Ids()
        self.rules = RuleBook(registry, EDITION, self.ids, self.report, SOURCE)
        self.candidates: list[Candidate] = []
        self.whac_ids: dict[str, str] = {}
        self.factions: set[str] = set()
        self.forces: list[tuple[XmlDocument, ET.Element]] = []

    def faction(self, raw: str | None) -> str | None:
        known = FACTIONS.get((raw or "").strip())
        if known:
            self.factions.add((raw or "").strip())
        return known[0] if known else None

    def read_catalogue(self, doc: XmlDocument) -> None:
        converter = RecordConverter(doc, self.rules, SOURCE)
        for army in doc.root.iter("army"):
            faction = self.faction(army.get("faction"))
            if faction is None:
                self.report.skip(doc.where(army), f"army {army.get('name')!r}",
                                 f"unknown faction: {army.get('faction')!r}")
                continue
            for element in army.iter():
                if element.tag in MODEL_TAGS and element.get("id") is not None:
                    self.read_record(doc, converter, element, faction)

    def read_record(self, doc: XmlDocument, converter: RecordConverter, element: ET.Element, faction: str) -> None:
        what = f"{element.tag} {element.get('name') or element.get('id')!r}"
        try:
            converted = convert_record(converter, element, faction)
        except BadValueError as exc:
            self.report.skip(doc.where(element), what, f"bad value: {exc}")
            return
        for dropped, reason in converted.dropped:
            label = f"{dropped.tag} {dropped.get('name') or dropped.get('title')!r} of {what}"
            self.report.skip(doc.where(dropped), label, f"bad value: {reason}")
        works_for = [self.faction(child.get("id")) for child in element.findall("works_for")]
        model = converted.entries[0][1]
        if any(works_for):
            model["works_for"] = list(dict.fromkeys(f for f in works_for if f))
        whac_id = (element.get("id") or "").strip()
        for kind, entry in converted.entries:
            self.candidates.append(Candidate(kind, entry, doc.where(element), converted.score))
        for child in [*element.findall("unit_attachment"), *element.findall("weapon_attachment")]:
            self.whac_ids.setdefault((child.get("id") or "").strip(), kebab(child.get("name") or ""))
        self.whac_ids.setdefault(whac_id, model["id"])

    def read_spells(self, doc: XmlDocument) -> None:
        """spells.xml wins over the copies on caster cards (some of those carry swapped texts)."""
        for element in doc.root.iter("spell"):
            try:
                self.candidates.append(Candidate("spells", castable(element, SOURCE), doc.where(element), 1000))
            except BadValueError as exc:
                self.report.skip(doc.where(element), f"spell {element.get('name')!r}", f"bad value: {exc}")

    def merge(self) -> dict[tuple[str, str], Candidate]:
        """The best candidate per (kind, id): most filled-in numbers, then first read."""
        best: dict[tuple[str, str], Candidate] = {}
        merged = 0
        for candidate in self.candidates:
            key = (FAMILY[candidate.kind], candidate.entry["id"])
            if key in best:
                merged += 1
                if candidate.score > best[key].score:
                    best[key] = candidate
                continue
            best[key] = candidate
        self.report.notes.append(f"merged: {merged} repeated records (same id in several files or cards; "
                                 "the one with the most filled-in numbers kept)")
        return best

    def allocate(self, best: dict[tuple[str, str], Candidate]) -> dict[tuple[str, str], str]:
        """Final ids: a built-in id of another family (a rule called like a spell) gets a suffix."""
        return {(family, raw): self.ids.claim(raw, family) for (family, raw) in best}

    def keep(self, candidate: Candidate) -> bool:
        problem = entry_problem(EDITION, candidate.kind, candidate.entry)
        if problem is not None:
            label = f"{candidate.kind.rstrip('s')} {candidate.entry.get('name')!r}"
            self.report.skip(candidate.where, label.replace("animi", "animus"), problem)
        return problem is None

    def build(self) -> Bundle:
        best = self.merge()
        final = self.allocate(best)
        bundle = Bundle(DATA_SET, defaulted=("base",))  # WHAC gives no base sizes: they follow the weight class
        kept: dict[tuple[str, str], Candidate] = {}
        order = sorted(best.values(), key=lambda c: (c.kind == "models", c.entry.get("type") == "attachment"))
        for candidate in order:
            entry = candidate.entry
            family = FAMILY[candidate.kind]
            entry["id"] = final[(family, entry["id"])]
            if candidate.kind == "models":
                self._relink(entry, final, kept)
            if self.keep(candidate):
                kept[(family, entry["id"])] = candidate
                bundle.add(EDITION, candidate.kind, entry.get("faction"), entry)
                self.report.imported[candidate.kind] += 1
        for rule in self.rules.text_rules.values():
            bundle.add(EDITION, "rules", None, rule)
            self.report.imported["rules"] += 1
        self._forces(bundle, final, kept)
        for raw in sorted(self.factions):
            faction_id, name, game, role = FACTIONS[raw]
            bundle.add(EDITION, "factions", None, {"id": faction_id, "name": name, "game": game, "role": role,
                                                  "source": SOURCE})
            self.report.imported["factions"] += 1
        return bundle

    @staticmethod
    def _relink(entry: dict[str, Any], final: dict[tuple[str, str], str], kept: dict[tuple[str, str], Candidate]
                ) -> None:
        """Point a model's references at the final ids of entries that were kept."""
        def linked(family: str, raw: str) -> str | None:
            target = final.get((family, raw))
            return target if target is not None and (family, target) in kept else None

        for key, family in (("feat", "feat"), ("animus", "animus")):
            if key in entry:
                target = linked(family, entry[key])
                entry.pop(key) if target is None else entry.update({key: target})
        for key, family in (("spells", "spell"), ("attaches_to", "model")):
            if key in entry:
                entry[key] = [t for t in (linked(family, raw) for raw in entry[key]) if t]
                if not entry[key] and key == "spells":
                    entry.pop(key)

    def _forces(self, bundle: Bundle, final: dict[tuple[str, str], str], kept: dict[tuple[str, str], Candidate]
                ) -> None:
        def resolve(whac_id: str) -> tuple[str, bool] | None:
            raw = self.whac_ids.get(whac_id)
            target = final.get(("model", raw)) if raw else None
            found = kept.get(("model", target)) if target else None
            if found is None or target is None:
                return None
            return target, found.entry.get("type") in ("warcaster", "warlock")

        seen: set[str] = set()
        for doc, element in self.forces:
            faction = self.faction(element.get("faction"))
            what = f"{element.tag} {element.get('name')!r}"
            if faction is None:
                self.report.skip(doc.where(element), what, f"unknown faction: {element.get('faction')!r}")
                continue
            try:
                forces = (tier_forces(element, faction, resolve, SOURCE) if element.tag == "tiers"
                          else [contract_force(element, faction, resolve, SOURCE)])
            except BadValueError as exc:
                self.report.skip(doc.where(element), what, f"bad value: {exc}")
                continue
            for force in forces:
                force["id"] = self.ids.claim(force["id"], "theme_force")
                if force["id"] in seen:
                    self.report.skip(doc.where(element), what, f"duplicate: id {force['id']!r} is already imported")
                    continue
                seen.add(force["id"])
                candidate = Candidate("theme_forces", force, doc.where(element), 0)
                if self.keep(candidate):
                    bundle.add(EDITION, "theme_forces", faction, force)
                    self.report.imported["theme_forces"] += 1


def import_whac(paths: Sequence[Path], registry: Registry) -> tuple[Bundle, ImportReport]:
    """Read every WHAC file under ``paths``; raise :class:`InputError` for an unusable file."""
    run = WhacImport(registry)
    documents = [read_xml(path, ROOTS) for path in input_files(paths)]
    for doc in sorted(documents, key=lambda d: ROOTS.index(d.root.tag) != 1):  # spells.xml before cards
        if doc.root.tag == "ruleset":
            run.read_catalogue(doc)
        elif doc.root.tag == "spells":
            run.read_spells(doc)
        else:
            tag = "tiers" if doc.root.tag == "tierslist" else "contract"
            run.forces.extend((doc, element) for element in doc.root.iter(tag))
    bundle = run.build()
    return bundle, run.report
