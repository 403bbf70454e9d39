"""Resolve a ruleset: follow ``extends`` and merge, child values winning.

Merging works on the keys a ruleset actually wrote (``exclude_unset``), so a variant
that changes one number inherits everything else; the merged interpreter section must
then be complete, or the ruleset cannot drive the interpreter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.content.rejected import rejected_entry
from wmdata.model.common import EDITIONS
from wmdata.model.effects import Effect
from wmdata.model.organisation import (
    ActionCostDefinition,
    AttackerBar,
    AttackKindDefinition,
    BoughtAttacks,
    ContinuousDefinition,
    DiceRules,
    KindRules,
    RolledRof,
    Ruleset,
    StateDefinition,
)


class RulesetError(ValueError):
    """The ruleset cannot be resolved (unknown id, cycle, incomplete interpreter)."""


ANY_BOUGHT_ATTACK = BoughtAttacks(types=["melee", "ranged"], source="the ruleset sets no limit")
UNSAID_ROLLED_ROF = RolledRof(source="the ruleset does not say when a ROF is rolled", unconfirmed=True)


@dataclass(frozen=True, slots=True)
class ResolvedRules:
    """The interpreter's numbers for one ruleset, every value present."""

    ruleset: str
    chain: tuple[str, ...]
    stat_floor: int
    stat_floors: dict[str, int]
    skill_stats: dict[str, list[str]]
    melee_damage: str
    auto_hit_beats_auto_miss: bool
    resistance_dice: int
    spell_damage_type: str
    aoe_measure: str
    run: str
    charge_bonus_inches: int
    dice: DiceRules
    warjack_focus_cap: int
    ranged_initial_attacks: str
    """"one": one initial attack per ranged weapon, its ROF capping all its attacks; "rof": ROF initial attacks."""
    states: dict[str, StateDefinition]
    continuous_effects: dict[str, ContinuousDefinition]
    attack_kinds: dict[str, AttackKindDefinition]
    """Optional: a ruleset without them knows only plain melee, ranged and magic attacks."""
    action_costs: dict[str, ActionCostDefinition]
    """Optional: a ruleset without them charges nothing for a charge or a power attack."""
    bought_attacks: BoughtAttacks = ANY_BOUGHT_ATTACK
    """Optional: a ruleset that does not say lets focus or fury buy melee and ranged attacks."""
    special_attacks_barred: AttackerBar | None = None
    """Optional: attacker states in which no chain attack or special attack is made."""
    rolled_rof: RolledRof = UNSAID_ROLLED_ROF
    """Optional: a ruleset that does not say has its rolled ROFs rolled before the weapon's first attack."""
    kind_rules: dict[str, KindRules] = field(default_factory=dict)
    """Optional: rules a model type or weight has without its card listing them."""

    def state_effects(self, state: str) -> list[Effect]:
        return list(self.states[state].effects) if state in self.states else []


OPTIONAL = ("ruleset", "chain", "attack_kinds", "action_costs", "bought_attacks", "kind_rules", "rolled_rof",
            "special_attacks_barred")
"""Fields of :class:`ResolvedRules` a ruleset may leave unset (or that are not read from it)."""

WHOLE_PER_NAME = ("states", "attack_kinds")
"""Sections whose entries a child ruleset replaces whole, name by name."""


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    merged = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict) and key not in WHOLE_PER_NAME:
            merged[key] = _merge(merged[key], value)
        elif isinstance(value, dict) and key in WHOLE_PER_NAME:
            merged[key] = {**merged.get(key, {}), **value}
        else:
            merged[key] = value
    return merged


def ruleset_chain(registry: Registry, edition: str, wanted: str) -> list[Ruleset]:
    """``wanted`` and the rulesets it extends, nearest first."""
    chain: list[Ruleset] = []
    current: str | None = wanted
    while current is not None:
        item = registry.get(edition, current)
        if item is None:
            raise RulesetError(_missing(edition, current))
        entry = item.entry
        if not isinstance(entry, Ruleset):
            raise RulesetError(f"{current!r} in {edition} is a {item.category.replace(':', ' ')} ({item.file}), "
                               "not a ruleset")
        if entry in chain:
            raise RulesetError(f"ruleset {wanted!r} extends itself through {current!r}")
        chain.append(entry)
        current = entry.extends
    return chain


def _missing(edition: str, ruleset_id: str) -> str:
    """Why a ruleset is not in the registry: its file does not validate, it is another edition's,
    or there is none."""
    rejected = rejected_entry(edition, ruleset_id, "rulesets")
    if rejected is not None:
        return rejected.explain(f"ruleset {ruleset_id!r} of {edition}")
    others = [other for other in EDITIONS if other != edition
              and (builtin_content_dir() / other / "rulesets" / f"{ruleset_id}.yaml").is_file()]
    if others:
        return f"ruleset {ruleset_id!r} is {' and '.join(others)}'s, not {edition}'s"
    return f"unknown ruleset {ruleset_id!r} in {edition}"


def merged_section(chain: list[Ruleset], section: str) -> dict[str, Any]:
    """One section (``interpreter``, ``geometry``) merged along the chain, the nearest ruleset winning."""
    merged: dict[str, Any] = {}
    for ruleset in reversed(chain):
        part = getattr(ruleset, section)
        if part is not None:
            merged = _merge(merged, part.model_dump(exclude_unset=True))
    return merged


def resolve_ruleset(registry: Registry, edition: str, ruleset_id: str | None = None) -> ResolvedRules:
    """The resolved interpreter rules of ``ruleset_id`` (default: the edition's own, id = edition)."""
    wanted = ruleset_id or edition
    chain = ruleset_chain(registry, edition, wanted)
    merged = merged_section(chain, "interpreter")
    missing = [name for name in ResolvedRules.__dataclass_fields__
               if name not in OPTIONAL and merged.get(name) is None]
    if missing:
        raise RulesetError(f"ruleset {wanted!r} leaves interpreter values unset: {', '.join(missing)}")
    return ResolvedRules(
        ruleset=wanted,
        chain=tuple(r.id for r in chain),
        stat_floor=merged["stat_floor"],
        stat_floors=dict(merged["stat_floors"]),
        skill_stats={k: list(v) for k, v in merged["skill_stats"].items()},
        melee_damage=merged["melee_damage"],
        auto_hit_beats_auto_miss=merged["auto_hit_beats_auto_miss"],
        resistance_dice=merged["resistance_dice"],
        spell_damage_type=merged["spell_damage_type"],
        aoe_measure=merged["aoe_measure"],
        run=merged["run"],
        charge_bonus_inches=merged["charge_bonus_inches"],
        dice=DiceRules.model_validate(merged["dice"]),
        warjack_focus_cap=merged["warjack_focus_cap"],
        ranged_initial_attacks=merged["ranged_initial_attacks"],
        states={k: StateDefinition.model_validate(v) for k, v in merged["states"].items()},
        continuous_effects={k: ContinuousDefinition.model_validate(v)
                            for k, v in merged["continuous_effects"].items()},
        attack_kinds={k: AttackKindDefinition.model_validate(v) for k, v in (merged.get("attack_kinds") or {}).items()},
        action_costs={k: ActionCostDefinition.model_validate(v) for k, v in (merged.get("action_costs") or {}).items()},
        bought_attacks=(BoughtAttacks.model_validate(merged["bought_attacks"]) if merged.get("bought_attacks")
                        else ANY_BOUGHT_ATTACK),
        kind_rules={k: KindRules.model_validate(v) for k, v in (merged.get("kind_rules") or {}).items()},
        special_attacks_barred=(AttackerBar.model_validate(merged["special_attacks_barred"])
                                if merged.get("special_attacks_barred") else None),
        rolled_rof=(RolledRof.model_validate(merged["rolled_rof"]) if merged.get("rolled_rof")
                    else UNSAID_ROLLED_ROF),
    )
