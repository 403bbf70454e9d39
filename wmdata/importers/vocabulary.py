"""Turn the names other data sets use for rules into ids of our rule vocabulary.

A name that matches a rule of ``content/<edition>/rules`` (by id, by display name, or
through the small alias table of data-set spellings) becomes a reference to it.  Any
other rule is kept as an imported text-only rule, so nothing is silently dropped and
the report can say how much of the source maps to rules that exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from wmdata.content.registry import Registry
from wmdata.importers.report import ImportReport
from wmdata.model.vocabulary import Rule

ALIASES = {
    "magical": "magical-weapon", "magical weapon": "magical-weapon", "frost": "damage-type-cold",
    "cold": "damage-type-cold", "fire": "damage-type-fire", "corrosion": "damage-type-corrosion",
    "electricity": "damage-type-electricity", "continuous corrosion": "continuous-effect-corrosion",
    "continuous fire": "continuous-effect-fire", "critical freeze": "critical-freeze", "chain": "chain-weapon",
    "cma": "combined-melee-attack", "cra": "combined-ranged-attack", "eyelesssight": "eyeless-sight",
    "immunity frost": "immunity-cold", "immunity cold": "immunity-cold", "open fist": "open-fist",
}
QUALITY_CATEGORIES = ("weapon_quality", "damage_type")
ADVANTAGE_CATEGORIES = ("advantage", "immunity", "resistance")
_BRACKETS = re.compile(r"\[[^\]]*\]|\([^)]*\)")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def kebab(text: str, limit: int = 80) -> str:
    """A display name as a content id: ``Sam MacHorne & the Devil Dogs`` -> ``sam-machorne-and-the-devil-dogs``."""
    words = re.sub(r"['\u2019`]", "", text.replace("&", " and ")).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", words).strip("-")
    if len(slug) > limit:
        slug = slug[:limit].rsplit("-", 1)[0]
    return slug


def normalise(name: str) -> str:
    """Compare rule names loosely: drop ``[D6]``/``(*Attack)``, camelCase, case and punctuation."""
    text = _CAMEL.sub(" ", _BRACKETS.sub(" ", name))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.replace("_", " ").lower()).split())


def family(category: str) -> str:
    return category.split(":", maxsplit=1)[0]


@dataclass(slots=True)
class Ids:
    """Ids taken in one edition, by the built-in content and by this import, with their family
    (model, rule, spell, ...).  An imported entry may reuse a built-in id of its own family (it
    is the same thing, and shadows it in the imported folder) but never another family's."""

    taken: dict[str, str] = field(default_factory=dict)

    def claim(self, wanted: str, kind_family: str) -> str:
        candidate, number = wanted, 1
        while self.taken.setdefault(candidate, kind_family) != kind_family:
            number += 1
            candidate = f"{wanted}-{kind_family}" if number == 2 else f"{wanted}-{kind_family}-{number}"
        return candidate


@dataclass(frozen=True, slots=True)
class RuleRef:
    id: str
    category: str


class RuleBook:
    """Rule references of one import: vocabulary ids where they exist, else text-only rules."""

    def __init__(self, registry: Registry, edition: str, ids: Ids, report: ImportReport, source: str) -> None:
        self.edition, self.ids, self.report, self.source = edition, ids, report, source
        self.known: dict[str, Rule] = {}
        for item in registry:
            if item.edition != edition:
                continue
            ids.taken.setdefault(item.id, family(item.category))
            if isinstance(item.entry, Rule):
                self.known.setdefault(item.id, item.entry)
                self.known.setdefault(normalise(item.name), item.entry)
        self.text_rules: dict[str, dict[str, Any]] = {}
        self._by_name: dict[str, RuleRef] = {}

    def lookup(self, name: str) -> Rule | None:
        key = normalise(name)
        for candidate in (ALIASES.get(key), kebab(key), key):
            if candidate and candidate in self.known:
                return self.known[candidate]
        return None

    def ref(self, name: str, text: str | None, category: str) -> RuleRef:
        """The rule called ``name``; ``category`` is used when it has to be created as text."""
        rule = self.lookup(name)
        if rule is not None:
            self.report.count_rule(True, bool(rule.effects))
            return RuleRef(rule.id, rule.category)
        self.report.count_rule(False)
        key = normalise(name)
        if key in self._by_name:
            return self._by_name[key]
        rule_id = self.ids.claim(kebab(key) or "rule", "rule")
        display = " ".join(name.split()) or rule_id
        body = " ".join((text or "").split()) or f"{display} (the source gives no rules text)."
        self.text_rules[rule_id] = {"id": rule_id, "name": display[:120], "category": category,
                                    "text": body[:4000], "unmodelled": "other", "source": self.source}
        self.report.text_rules.add(rule_id)
        self._by_name[key] = RuleRef(rule_id, category)
        return self._by_name[key]
