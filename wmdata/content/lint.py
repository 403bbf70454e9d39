"""Semantic lint: content that is well-formed but cannot be right.

Each check is a small function over one validated entry that yields findings; the
table at the bottom lists them all.  Cross-file checks (unknown references, duplicate
ids, duplicate text) live in :mod:`wmdata.content.crosscheck`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from wmdata.content.sourcemap import Path
from wmdata.diagnostics import Severity
from wmdata.model.common import Edition
from wmdata.model.damage import ColossalGrids, Grid
from wmdata.model.effects import ModifyStat
from wmdata.model.profiles import (
    Attachment,
    Caster,
    CostedModel,
    ModelEntry,
    Unit,
    Warbeast,
    Warcaster,
    Warjack,
    Warlock,
)
from wmdata.model.provenance import DATA_SETS, SEEDS, ReferenceSource, SeedSource, UnconfirmedSource, line_span
from wmdata.model.stats import stat_names
from wmdata.model.vocabulary import CastableStats, CommandCard, Feat, Rule, executes
from wmdata.model.weapons import Weapon

SYSTEM_LETTERS: dict[Edition, str] = {"mk2": "ACGHLMR", "mk3": "ABCFGHILMRS", "mk4": "ACFGHLMRS"}
SYSTEM_NAMES = {"A": "arc node", "B": "brain", "C": "cortex", "F": "front weapon", "G": "field generator",
                "H": "head", "I": "interface node", "L": "left arm", "M": "movement", "R": "right arm",
                "S": "superstructure"}
EXPECTED_BASE = {
    ("warjack", "light"): 40, ("warjack", "heavy"): 50, ("warjack", "super_heavy"): 80,
    ("warjack", "colossal"): 120, ("warbeast", "lesser"): 30, ("warbeast", "light"): 40,
    ("warbeast", "heavy"): 50, ("warbeast", "super_heavy"): 80, ("warbeast", "gargantuan"): 120,
}


@dataclass(frozen=True, slots=True)
class Finding:
    path: Path
    code: str
    severity: Severity
    message: str
    hint: str = ""
    key: bool = False


def _error(path: Path, code: str, message: str, hint: str = "", *, key: bool = False) -> Finding:
    return Finding(path, code, Severity.ERROR, message, hint, key)


def _warning(path: Path, code: str, message: str, hint: str = "", *, key: bool = False) -> Finding:
    return Finding(path, code, Severity.WARNING, message, hint, key)


def check_character_fa(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    fa = getattr(entry, "fa", None)
    if isinstance(entry, Caster) and fa != "C":
        yield _error(("fa",), "character-fa", f"warcasters and warlocks are characters: FA must be 'C', got {fa!r}",
                     "set 'fa: C'")
    elif getattr(entry, "character", None) and fa != "C":
        yield _error(("fa",), "character-fa", f"a character entry must have FA 'C', got {fa!r}",
                     "set 'fa: C' or remove 'character:'")


def check_unit_sizes(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    if not isinstance(entry, Unit):
        return
    by_label = {}
    for index, size in enumerate(entry.sizes):
        if size.label in by_label:
            yield _error(("sizes", index, "label"), "unit-sizes", f"unit size {size.label!r} is listed twice")
        by_label[size.label] = (index, size)
    if "fixed" in by_label and len(entry.sizes) > 1:
        yield _error(("sizes",), "unit-sizes", "a unit with a 'fixed' size cannot list other sizes")
    if "min" in by_label and "max" in by_label:
        (min_index, small), (_, large) = by_label["min"], by_label["max"]
        if small.models > large.models:
            yield _error(("sizes", min_index, "models"), "unit-sizes",
                         f"unit minimum ({small.models} models) is above its maximum ({large.models} models)",
                         "swap the 'min' and 'max' sizes")
        elif small.cost > large.cost:
            yield _warning(("sizes", min_index, "cost"), "unit-sizes",
                           f"minimum strength costs more ({small.cost}) than maximum strength ({large.cost})")
    if edition != "mk4" and not any(t.role in ("leader", "officer", "crew") for t in entry.troopers):
        yield _warning(("troopers",), "unit-leader", "unit has no leader or officer profile",
                       "give one trooper profile 'role: leader'")


def _grid_findings(edition: Edition, rows: list[str], path: Path) -> Iterator[Finding]:
    allowed = SYSTEM_LETTERS[edition]
    known = ", ".join(f"{letter} ({SYSTEM_NAMES[letter]})" for letter in allowed)
    for row_index, row in enumerate(rows):
        # One finding per row (one position): every unknown letter with its columns.
        unknown: dict[str, list[int]] = {}
        for column, cell in enumerate(row, start=1):
            if cell not in "-." and cell not in allowed:
                unknown.setdefault(cell, []).append(column)
        if unknown:
            where = " and ".join(f"{letter!r} in column{'s' if len(columns) > 1 else ''} "
                                 f"{', '.join(map(str, columns))}" for letter, columns in unknown.items())
            yield _error((*path, row_index), "grid-system",
                         f"unknown system letter{'s' if len(unknown) > 1 else ''} {where} of the damage grid",
                         f"{edition} systems are {known}")
    if all(cell == "-" for row in rows for cell in row):
        yield _error(path, "grid-system", "damage grid has no boxes")


def check_damage_grid(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    damage = getattr(entry, "damage", None)
    if isinstance(damage, Grid):
        yield from _grid_findings(edition, damage.rows, ("damage", "rows"))
    elif isinstance(damage, ColossalGrids):
        yield from _grid_findings(edition, damage.left, ("damage", "left"))
        yield from _grid_findings(edition, damage.right, ("damage", "right"))


def check_damage_track(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    damage = getattr(entry, "damage", None)
    if isinstance(entry, Warjack) and not isinstance(damage, Grid | ColossalGrids):
        yield _error(("type",), "damage-track", "a warjack needs a damage grid", "add 'damage: {type: grid, ...}'")
    if not (isinstance(entry, Warjack) and entry.weight == "colossal"):
        return
    # MkIII gives a colossal a left and a right grid (seed 003 L3602); MkIV gives it one
    # damage grid, whose S boxes are its superstructure (seed 000 L3750-3754).
    if edition != "mk4" and isinstance(damage, Grid):
        yield _warning(("damage",), "damage-track", f"{edition} colossals have a left and a right grid",
                       "use 'damage: {type: colossal, left: ..., right: ...}'")
    if edition == "mk4" and isinstance(damage, ColossalGrids):
        yield _warning(("damage",), "damage-track", "mk4 colossals have one damage grid (seed 000 L3753)",
                       "use 'damage: {type: grid, rows: [...]}'")


def _weapons_of(entry: BaseModel) -> Iterator[tuple[Path, Weapon, int | None]]:
    """Every weapon with its path and the STR of the profile carrying it."""
    if isinstance(entry, ModelEntry):
        for index, weapon in enumerate(entry.weapons):
            yield ("weapons", index), weapon, getattr(entry.stats, "STR", None)
    if isinstance(entry, Unit | Attachment):
        for t_index, trooper in enumerate(entry.troopers):
            for index, weapon in enumerate(trooper.weapons):
                yield ("troopers", t_index, "weapons", index), weapon, getattr(trooper.stats, "STR", None)


def check_weapons(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    seen: dict[tuple[str, str | None], Path] = {}
    for path, weapon, strength in _weapons_of(entry):
        if path[0] == "weapons":
            # The same weapon in both arms is two lines on the card (L and R), each crippled on its own.
            key = (weapon.name.lower(), weapon.location)
            if key in seen:
                yield _error((*path, "name"), "duplicate-weapon", f"weapon {weapon.name!r} is listed twice",
                             "use 'count: 2' for identical weapons, or give each its 'location' (L, R)")
            seen[key] = path
        if weapon.type == "ranged" and weapon.rng is None:
            yield _error((*path, "name"), "ranged-no-rng", f"ranged weapon {weapon.name!r} has no RNG",
                         "add 'rng:'")
        if weapon.type == "ranged" and weapon.rof is None:
            yield _warning((*path, "name"), "ranged-no-rof", f"ranged weapon {weapon.name!r} has no ROF")
        if isinstance(weapon.pow, str) and "/" in weapon.pow and weapon.aoe is None:
            yield _error((*path, "pow"), "blast-pow-without-aoe",
                         f"POW {weapon.pow!r} gives direct/blast damage but the weapon has no AOE",
                         "add 'aoe:' or give a single POW")
        if weapon.type != "ranged" and weapon.aoe is not None:
            yield _warning((*path, "aoe"), "melee-aoe", f"{weapon.type} weapon {weapon.name!r} has an AOE")
        if edition == "mk4" and weapon.ps is not None:
            yield _error((*path, "ps"), "edition-field", "MkIV has no STR, so weapons have no P+S",
                         "remove 'ps:'")
        if (edition != "mk4" and weapon.type == "melee" and weapon.ps is not None
                and isinstance(weapon.pow, int) and strength is not None and weapon.ps != weapon.pow + strength):
            yield _warning((*path, "ps"), "ps-mismatch",
                           f"P+S {weapon.ps} is not POW {weapon.pow} + STR {strength} = {weapon.pow + strength}")


def check_hardpoints(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    if not isinstance(entry, CostedModel):
        return
    weapon_names = {weapon.name.lower() for weapon in entry.weapons}
    slots: set[str] = set()
    for h_index, hardpoint in enumerate(entry.hardpoints):
        if hardpoint.slot in slots:
            yield _error(("hardpoints", h_index, "slot"), "hardpoint-slot",
                         f"hardpoint {hardpoint.slot!r} is listed twice")
        slots.add(hardpoint.slot)
        option_ids: set[str] = set()
        for o_index, option in enumerate(hardpoint.options):
            if option.id in option_ids:
                yield _error(("hardpoints", h_index, "options", o_index, "id"), "hardpoint-option",
                             f"option {option.id!r} is listed twice in this hardpoint")
            option_ids.add(option.id)
            for w_index, name in enumerate(option.weapons):
                if name.lower() not in weapon_names:
                    yield _error(("hardpoints", h_index, "options", o_index, "weapons", w_index), "unknown-ref",
                                 f"unknown weapon {name!r}: the option must name one of this model's weapons",
                                 f"weapons here: {', '.join(w.name for w in entry.weapons) or 'none'}")
    if entry.hardpoints and edition != "mk4":
        yield _error(("hardpoints",), "edition-field", "hardpoints exist only in MkIV", "give a fixed 'cost:'")


def check_edition_fields(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    if isinstance(entry, Warjack | Warbeast) and entry.weight == "super_heavy" and edition != "mk4":
        yield _error(("weight",), "edition-field", "super heavy warjacks and warbeasts exist only in MkIV")
    if isinstance(entry, Warcaster) and edition == "mk4" and entry.warjack_points is not None:
        yield _error(("warjack_points",), "edition-field", "MkIV warcasters grant no warjack points",
                     "remove 'warjack_points:'", key=True)
    if isinstance(entry, Caster) and edition != "mk4" and entry.rack_slots is not None:
        yield _error(("rack_slots",), "edition-field", "rack slots exist only in MkIV", key=True)
    if isinstance(entry, Warcaster) and edition != "mk4" and entry.warjack_points is None:
        yield _warning(("type",), "caster-points", "warcaster grants no warjack points",
                       "add 'warjack_points:' (the '+N' on its card)")
    if isinstance(entry, Warlock) and edition == "mk3" and entry.warbeast_points is None:
        yield _warning(("type",), "caster-points", "warlock grants no warbeast points",
                       "add 'warbeast_points:'")
    if isinstance(entry, ModelEntry) and entry.armies and edition == "mk2":
        yield _error(("armies",), "edition-field", "MkII has no armies or themes on model entries", key=True)


REQUIRED_STATS: dict[tuple[Edition, str], tuple[str, ...]] = {
    ("mk2", "warcaster"): ("FOC",), ("mk3", "warcaster"): ("FOC",), ("mk3", "warlock"): ("FURY",),
    ("mk3", "warbeast"): ("FURY", "THR"), ("mk4", "warcaster"): ("ARC", "CTRL"),
    ("mk4", "warlock"): ("ARC", "CTRL"), ("mk4", "warbeast"): ("FURY", "THR"),
}


def check_stats(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    if not isinstance(entry, ModelEntry):
        return
    model_type = getattr(entry, "type", "")
    for stat in REQUIRED_STATS.get((edition, model_type), ()):
        if stat == "THR" and "construct" in entry.advantages:
            continue  # construct warbeasts never make threshold checks, so their cards print no THR
        if getattr(entry.stats, stat, None) is None:
            yield _error(("stats",), "missing-stat", f"a {edition} {model_type} needs {stat}",
                         f"add '{stat}:' to 'stats'", key=True)
    if isinstance(entry, Warjack | Warbeast):
        expected = EXPECTED_BASE.get((entry.type, entry.weight))
        if expected is not None and entry.base != expected:
            weight = entry.weight.replace("_", " ")
            yield _warning(("base",), "base-size",
                           f"a {weight} {entry.type} has a {expected} mm base, got {entry.base}")


def _effect_paths(value: object, path: Path) -> Iterator[tuple[Path, ModifyStat]]:
    if isinstance(value, ModifyStat):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _effect_paths(getattr(value, name), (*path, name))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _effect_paths(item, (*path, index))


WEAPON_STATS = ("POW", "RNG", "ROF", "AOE", "PS")


def check_effect_stats(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    for path, effect in _effect_paths(entry, ()):
        allowed = WEAPON_STATS if effect.weapon else stat_names(edition)
        if effect.stat not in allowed:
            what = "weapon stat" if effect.weapon else f"{edition} stat"
            yield _error((*path, "stat"), "unknown-stat", f"unknown {what} {effect.stat!r}",
                         f"{what}s are {', '.join(allowed)}")


def check_rule_executes(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    """Every rule, spell, feat, animus and command card either executes (has effects; an
    offensive spell with a POW executes as an attack) or says why not in ``unmodelled``,
    so none is silently dropped from attack odds and reminders."""
    if not isinstance(entry, Rule | CastableStats | Feat | CommandCard):
        return
    what = "command card" if isinstance(entry, CommandCard) else type(entry).__name__.lower()
    if entry.coverage == "partial":
        if not executes(entry):
            yield _warning(("coverage",), "not-executable", f"{what} {entry.id!r} is marked partial but has no "
                           "effects", "add the 'effects:' it executes, or remove 'coverage: partial'", key=True)
        elif entry.unmodelled is None:
            yield _warning(("coverage",), "not-executable", f"{what} {entry.id!r} is partial but does not say what "
                           "its effects leave out", "add 'unmodelled:' naming what the rest is about", key=True)
    elif not executes(entry) and entry.unmodelled is None:
        yield _warning(("text",), "not-executable", f"{what} {entry.id!r} has no effects",
                       "add 'effects:' or say what it is about with 'unmodelled:'", key=True)
    elif entry.effects and entry.unmodelled is not None:
        yield _warning(("unmodelled",), "not-executable", f"{what} has effects but also says it is unmodelled",
                       "remove 'unmodelled:', or mark the entry 'coverage: partial' if the effects do only part "
                       "of it", key=True)
    if isinstance(entry, Rule) and entry.special_attack is None and entry.chain_attack is None:
        for index, effect in enumerate(entry.effects):
            if effect.when is not None and entry.id in (effect.when.special_attack or []):
                yield _warning(("effects", index, "when", "special_attack"), "not-executable",
                               f"rule {entry.id!r} gates an effect on its own special attack but is not one, so "
                               "the effect never acts", "add a 'special_attack:' or 'chain_attack:' block to the "
                               "rule, or drop the gate")


def check_provenance(edition: Edition, entry: BaseModel) -> Iterator[Finding]:
    """A citation a reader can follow: the seed exists and the lines are inside it, the
    data set is one wmdata knows, and the fields said to be unconfirmed are the entry's."""
    provenance = getattr(entry, "provenance", None)
    if isinstance(provenance, SeedSource):
        seed = SEEDS.get(provenance.seed)
        if seed is None:
            yield _error(("provenance", "seed"), "bad-provenance", f"no seed {provenance.seed!r}",
                         "seeds are " + ", ".join(f"{key} ({doc.title})" for key, doc in SEEDS.items()))
        else:
            for index, span in enumerate(provenance.lines):
                first, last = line_span(span)
                if not 1 <= first <= last <= seed.lines:
                    yield _error(("provenance", "lines", index), "bad-provenance",
                                 f"lines {span!r} are not a range inside seed {provenance.seed} "
                                 f"({seed.lines} lines)", "give 'first-last' with 1 <= first <= last")
    elif isinstance(provenance, ReferenceSource) and provenance.reference not in DATA_SETS:
        yield _error(("provenance", "reference"), "bad-provenance",
                     f"unknown reference data set {provenance.reference!r}",
                     "known data sets are " + ", ".join(DATA_SETS) + "; cite anything else in 'source:' and mark "
                     "the entry 'unconfirmed'")
    if provenance is not None and not (isinstance(provenance, UnconfirmedSource) and provenance.unconfirmed == "all"):
        fields = type(entry).model_fields
        for index, name in enumerate(provenance.unconfirmed):
            if name not in fields or name in ("id", "name", "source", "provenance", "note"):
                yield _error(("provenance", "unconfirmed", index), "bad-provenance",
                             f"{name!r} is not a field with numbers of this entry",
                             "name fields of the entry, e.g. 'cost' or 'stats', or write 'unconfirmed: all'")


EDITION_KINDS: dict[str, tuple[Edition, ...]] = {"command_cards": ("mk4",), "armies": ("mk4",)}

LintCheck = Callable[[Edition, BaseModel], Iterator[Finding]]

# Each check with the entry fields it reads.  An entry that failed the schema is still
# linted without its failing fields; a check that reads one of them is skipped there (it
# would judge a field that is not there), every other check still reports.
CHECKS: tuple[tuple[LintCheck, frozenset[str]], ...] = (
    (check_character_fa, frozenset({"type", "fa", "character"})),
    (check_unit_sizes, frozenset({"type", "sizes", "troopers"})),
    (check_damage_grid, frozenset({"damage"})),
    (check_damage_track, frozenset({"type", "weight", "damage"})),
    (check_weapons, frozenset({"type", "weapons", "troopers", "stats"})),
    (check_hardpoints, frozenset({"type", "weapons", "hardpoints"})),
    (check_edition_fields, frozenset({"type", "weight", "warjack_points", "warbeast_points", "rack_slots", "armies"})),
    (check_stats, frozenset({"type", "weight", "stats", "advantages", "base"})),
    (check_effect_stats, frozenset()),  # each finding is about the effect at its own path
    (check_rule_executes, frozenset({"category", "effects", "unmodelled", "offensive", "pow", "special_attack",
                                     "chain_attack"})),
    (check_provenance, frozenset({"provenance"})),
)


def lint_entry(edition: Edition, entry: BaseModel, *, failed: frozenset[str] = frozenset()) -> list[Finding]:
    """Findings for ``entry``; ``failed`` names fields that failed the schema and were
    left out of it: checks that read them are skipped."""
    return [finding for check, reads in CHECKS if not reads & failed for finding in check(edition, entry)
            if not finding.path or finding.path[0] not in failed]
