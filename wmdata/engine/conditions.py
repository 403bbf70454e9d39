"""Decide whether an effect's ``when`` holds in a situation, and say why not."""

from __future__ import annotations

from dataclasses import dataclass, field

from wmdata.model.effects import Condition, EffectBase

DEFAULT_ROLE = {
    "roll_dice": "attacker", "roll_modifier": "attacker", "auto_hit": "attacker", "auto_miss": "attacker",
    "knockdown": "attacker", "stationary": "attacker", "critical_power_attack": "attacker",
    "continuous_effect": "attacker", "extra_damage": "attacker", "double_damage": "attacker", "no_damage": "attacker",
    "damage_points": "attacker", "choose_column": "attacker", "fail_systems": "attacker",
    "disruption": "attacker", "damage_type": "attacker", "immunity": "target", "state_immunity": "target",
    "resistance": "target", "survive_disabled": "target",
    "forbid_boost": "attacker",
}


@dataclass(slots=True)
class Situation:
    """What is known about the attack (or, for ``wmdata stats``, that there is none)."""

    attack_type: str | None = None
    distance: float | None = None
    attacker_states: set[str] = field(default_factory=set)
    target_states: set[str] = field(default_factory=set)
    attacker_rules: set[str] = field(default_factory=set)
    target_rules: set[str] = field(default_factory=set)
    target_base: int | None = None
    target_type: str | None = None
    damage_types: set[str] = field(default_factory=set)
    attack_kind: str | None = None
    """The ruleset's attack kind in play (a power attack, blast, spray, mount, impact)."""
    power_attack: bool = False
    special_attack: str | None = None
    """The rule whose special attack this is (``--special-attack``), or None: a normal attack."""
    attacker_base: int | None = None
    attacker_type: str | None = None
    attacker_damage: tuple[int, int] | None = None
    """(damage points marked, damage boxes) of the attacker, when known."""
    target_damage: tuple[int, int] | None = None
    """The same for the target (its --marked, or the state a sequence has reached)."""
    other_side: str | None = "enemy"
    """The target seen from the attacker: ``enemy`` or ``friendly`` (a board's sides), None
    where it is not known (a model under a blast template with no board)."""

    def damage_of(self, role: str) -> tuple[int, int] | None:
        return self.attacker_damage if role == "attacker" else self.target_damage

    def rules_of(self, role: str) -> set[str]:
        return self.attacker_rules if role == "attacker" else self.target_rules

    def type_of(self, role: str) -> str | None:
        return self.attacker_type if role == "attacker" else self.target_type

    def states_of(self, role: str) -> set[str]:
        return self.attacker_states if role == "attacker" else self.target_states


NOT_LIVING_TYPES = frozenset({"warjack"})
"""Model types that are never living (seed 001 L162: every non-warjack model is living unless
its rules say otherwise; seeds 003 and 000 make warjacks constructs)."""
NOT_LIVING_RULES = frozenset({"construct", "undead"})
"""Rules that make a model not living (seed 001 L280, L308; seed 000, Construct and Undead)."""


def is_living(situation: Situation, role: str) -> bool | None:
    """Whether the attack's ``role`` model is living (None: its model type is unknown)."""
    kind = situation.type_of(role)
    if kind is None:
        return None
    return kind not in NOT_LIVING_TYPES and not NOT_LIVING_RULES & situation.rules_of(role)


def compare_bases(situation: Situation) -> str | None:
    """The target's base against the attacker's: smaller, equal or larger (None: unknown)."""
    if situation.target_base is None or situation.attacker_base is None:
        return None
    if situation.target_base == situation.attacker_base:
        return "equal"
    return "larger" if situation.target_base > situation.attacker_base else "smaller"


def check(condition: Condition | None, kind: str, carrier: str, situation: Situation) -> str | None:
    """``None`` when the effect applies to ``carrier`` (attacker/target), else the reason it does not."""
    role = (condition.role if condition is not None else None) or DEFAULT_ROLE.get(kind)
    if role is not None and role != carrier:
        return f"acts only when its carrier is the {role}"
    if condition is None:
        return None
    attack = situation.attack_type
    states = situation.states_of(carrier)
    if condition.attack is not None and attack not in condition.attack:
        return f"needs a {'/'.join(condition.attack)} attack" + (f", this is {attack}" if attack else "")
    if condition.power_attack is not None and situation.power_attack != condition.power_attack:
        return "needs a power attack" if condition.power_attack else "not with a power attack"
    if condition.special_attack is not None and (carrier != "attacker"
                                                 or situation.special_attack not in condition.special_attack):
        return f"needs the {'/'.join(condition.special_attack)} special attack of its carrier"
    if condition.attack_kind is not None and situation.attack_kind not in condition.attack_kind:
        return f"needs a {'/'.join(condition.attack_kind)} attack"
    if condition.not_attack_kind is not None and situation.attack_kind in condition.not_attack_kind:
        return f"not with a {situation.attack_kind} attack"
    bases = condition.target_base_vs_attacker
    if bases is not None and compare_bases(situation) not in bases:
        return f"needs the target's base {'/'.join(bases)} compared with the attacker's"
    if condition.charging is not None and ("charging" in situation.attacker_states) != condition.charging:
        return "needs a charge" if condition.charging else "not while charging"
    if condition.target_base is not None and situation.target_base not in condition.target_base:
        return f"needs a target base of {'/'.join(str(b) for b in condition.target_base)} mm"
    if condition.target_type is not None and situation.target_type not in condition.target_type:
        return f"needs a {'/'.join(condition.target_type)} target"
    if condition.target_has is not None and not set(condition.target_has) & situation.target_rules:
        return f"needs a target with {'/'.join(condition.target_has)}"
    if condition.attacker_has is not None and not set(condition.attacker_has) & situation.attacker_rules:
        return f"needs an attacker with {'/'.join(condition.attacker_has)}"
    if condition.carrier_lacks is not None and set(condition.carrier_lacks) & situation.rules_of(carrier):
        return f"not on a model with {'/'.join(sorted(set(condition.carrier_lacks) & situation.rules_of(carrier)))}"
    if condition.damage_type is not None and not set(condition.damage_type) & situation.damage_types:
        return f"needs {'/'.join(condition.damage_type)} damage"
    if condition.not_damage_type is not None and set(condition.not_damage_type) & situation.damage_types:
        return f"not with {'/'.join(sorted(set(condition.not_damage_type) & situation.damage_types))} damage"
    if condition.distance_over is not None or condition.distance_at_most is not None:
        if situation.distance is None:
            return "depends on the distance (give --distance)"
        if condition.distance_over is not None and not situation.distance > condition.distance_over:
            return f"needs more than {condition.distance_over:g} inches, distance is {situation.distance:g}"
        if condition.distance_at_most is not None and not situation.distance <= condition.distance_at_most:
            return f"needs at most {condition.distance_at_most:g} inches, distance is {situation.distance:g}"
    if condition.side is not None and attack is not None and situation.other_side != condition.side:
        if situation.other_side is None:
            return "depends on whether the other model is friendly or an enemy (give --board, whose sides say it)"
        return f"needs a {condition.side} other model, this one is {situation.other_side}"
    if condition.within_control_range is not None and ("in_control_range" in states) != condition.within_control_range:
        return "needs the carrier in control range" if condition.within_control_range else "not in control range"
    if condition.weapon_location_crippled is not None and (
            ("crippled_weapon" in states) != condition.weapon_location_crippled):
        return ("needs the weapon's location crippled" if condition.weapon_location_crippled
                else "not while the weapon's location is crippled")
    if condition.state is not None and not set(condition.state) & states:
        return f"needs the carrier {'/'.join(condition.state)}"
    if condition.not_state is not None and set(condition.not_state) & states:
        return f"not while {'/'.join(sorted(set(condition.not_state) & states))}"
    other = situation.states_of("target" if carrier == "attacker" else "attacker")
    if condition.other_state is not None and not set(condition.other_state) & other:
        return f"needs the other model {'/'.join(condition.other_state)}"
    if condition.other_not_state is not None and set(condition.other_not_state) & other:
        return f"not while the other model is {'/'.join(sorted(set(condition.other_not_state) & other))}"
    if condition.damage_at_least is not None or condition.boxes_left_at_most is not None:
        reason = _damage_reason(condition, carrier, situation)
        if reason is not None:
            return reason
    if condition.other_living is not None:
        living = is_living(situation, "target" if carrier == "attacker" else "attacker")
        if living is None:
            return "depends on whether the other model is living (its model type is unknown)"
        if living != condition.other_living:
            return "needs a living other model" if condition.other_living else "needs a non-living other model"
    return None


DAMAGE_UNKNOWN = "depends on the damage marked on the {role}"
"""The reason a damage condition gives where the carrier's damage is not known (a sequence
looks for it to follow the target's damage attack by attack)."""


def _damage_reason(condition: Condition, carrier: str, situation: Situation) -> str | None:
    """Why the carrier's marked damage fails ``damage_at_least`` / ``boxes_left_at_most`` (None: it holds)."""
    damage = situation.damage_of(carrier)
    if damage is None:
        hint = "--marked" if carrier == "target" else "--attacker-marked"
        return DAMAGE_UNKNOWN.format(role=carrier) + f" (wmdata attack {hint})"
    marked, boxes = damage
    if condition.damage_at_least is not None and marked < condition.damage_at_least:
        return f"needs at least {condition.damage_at_least} damage marked on the {carrier}, {marked} are"
    if condition.boxes_left_at_most is not None and boxes - marked > condition.boxes_left_at_most:
        return f"needs at most {condition.boxes_left_at_most} boxes left on the {carrier}, {boxes - marked} are"
    return None


def check_gated(effect: EffectBase, kind: str, gates: tuple[Condition, ...], carrier: str,
                situation: Situation) -> str | None:
    """Like :func:`check`, but the conditions of the grants that brought the effect
    (``gates``) must hold as well: a rule granted "only while X" is off while X is not."""
    for gate in gates:
        reason = check(gate, "grant_rule", carrier, situation)
        if reason is not None:
            return reason if reason.startswith("acts only") else f"{reason} (a condition of its grant)"
    return check(effect.when, kind, carrier, situation)
