"""Special attacks as ruleset data: which attack kind a request makes, and its damage.

Power attacks, the blast of an AOE, sprays, mount and impact attacks and collateral
damage are the ruleset's ``attack_kinds``.  This module picks the kind a request asks
for (or its weapon implies) and works out the damage base the kind prescribes, so the
attack explanation needs no case per edition: everything else a kind does (automatic
hits, knockdown, modifiers it ignores, rolls it forbids to boost) is ordinary effects.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wmdata.engine.pipeline import StatResult
from wmdata.engine.ruleset import ResolvedRules
from wmdata.model.organisation import AttackKindDefinition
from wmdata.model.weapons import Weapon


class KindError(ValueError):
    """The request asks for an attack kind the ruleset or the weapon does not allow."""


@dataclass(frozen=True, slots=True)
class ChosenKind:
    id: str
    definition: AttackKindDefinition


def power_attack_kind(rules: ResolvedRules, name: str) -> ChosenKind:
    """The power attack ``name`` (``head_butt``, ``slam``, ...) of the ruleset."""
    known = sorted(k for k, d in rules.attack_kinds.items() if d.power_attack)
    definition = rules.attack_kinds.get(name)
    if definition is None or not definition.power_attack:
        raise KindError(f"unknown power attack {name!r}; the {rules.ruleset} ruleset knows: "
                        f"{', '.join(known) or 'none'}")
    return ChosenKind(name, definition)


def moves_nothing(definition: AttackKindDefinition, states: list[str] | frozenset[str]) -> bool:
    """Whether the attacker's ``states`` keep this kind's hit from moving anything (its
    ``no_move_states``: a slam after a run under 3 inches hits and damages but slams nothing)."""
    return bool(set(definition.no_move_states) & set(states))


def is_spray(weapon: Weapon) -> bool:
    return isinstance(weapon.rng, str) and weapon.rng.startswith("SP ")


def implied_kind(rules: ResolvedRules, weapon: Weapon, blast: bool, impact: bool) -> ChosenKind | None:
    """The kind a weapon attack makes: a blast or impact attack when asked for, a spray
    or a mount attack when the weapon is one (and the ruleset defines the kind)."""
    wanted: str | None = None
    if blast and impact:
        raise KindError("an attack is either a blast or an impact attack, not both")
    if blast:
        if weapon.aoe is None:
            raise KindError(f"{weapon.name} has no AOE, so it deals no blast damage")
        wanted = "blast"
    elif impact:
        if weapon.type != "mount":
            raise KindError(f"impact attacks are made with a mount; {weapon.name} is a {weapon.type} weapon")
        wanted = "impact"
    elif is_spray(weapon):
        wanted = "spray"
    elif weapon.type == "mount":
        wanted = "mount"
    if wanted is None or wanted not in rules.attack_kinds:
        if blast or impact:
            raise KindError(f"the {rules.ruleset} ruleset defines no {wanted} attacks")
        return None
    return ChosenKind(wanted, rules.attack_kinds[wanted])


def power_weapon(definition: AttackKindDefinition) -> Weapon:
    """A stand-in weapon for a power attack: melee, its POW the kind's fixed POW (or 0,
    to which STR is added, for a POW = STR roll), so POW modifiers still apply."""
    pow_value = definition.pow if definition.damage == "fixed" else 0 if definition.damage == "str" else None
    return Weapon(name=definition.name, type="melee", pow=pow_value)


def blast_pow(weapon: Weapon) -> int | None:
    """The second number of an ``X/Y`` POW (MkIV: direct hit / blast)."""
    if isinstance(weapon.pow, str) and "/" in weapon.pow:
        second = weapon.pow.split("/", 1)[1].strip()
        return int(second) if second.isdigit() else None
    return None


def kind_damage(definition: AttackKindDefinition, weapon: Weapon, weapon_stats: dict[str, StatResult],
                attacker_stats: dict[str, StatResult]) -> tuple[str, int | None, str | None] | None:
    """(damage base, value, why no damage) as the kind prescribes, or ``None`` for the
    weapon's usual damage."""
    power = weapon_stats["POW"].current if "POW" in weapon_stats else None
    if definition.damage == "weapon":
        return None
    if definition.damage == "none":
        return "POW", None, f"a {definition.name.lower()} does no damage"
    if definition.damage == "str":
        if "STR" not in attacker_stats:
            return "STR", None, "the attacker has no STR"
        return "STR", attacker_stats["STR"].current + (power or 0), None
    if definition.damage == "fixed":
        return "POW", power, None
    if definition.damage == "half_pow":
        if power is None:
            return "1/2 POW", None, "the weapon has no POW"
        return "1/2 POW", math.ceil(power / 2), None
    second = blast_pow(weapon)
    if second is None:
        return "blast POW", None, f"{weapon.name} prints no blast POW (X/Y)"
    return "blast POW", second, None
