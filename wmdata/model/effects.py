"""The effect language: what a rule does, as data.

A closed set of effect kinds (a discriminated union on ``kind``); each kind has exactly
one handler in :mod:`wmdata.engine.handlers`.  Effects hang on a timing window taken
from the attack and activation sequences, carry a duration, and may carry ``when``:
conditions that must all hold.  Nothing here is code: content can only pick values
from closed sets, so it can never reach Python objects.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from wmdata.model.common import BaseSize, Id, Strict

Window = Literal[
    "stats", "targeting", "attack_roll", "on_hit", "on_critical", "damage_roll",
    "on_damage", "on_disabled", "on_destroyed", "movement",
]
WINDOWS: tuple[str, ...] = Window.__args__  # type: ignore[attr-defined]
Duration = Literal["permanent", "attack", "turn", "round", "upkeep"]
AttackType = Literal["melee", "ranged", "magic", "arcane", "power"]
DamageTypeName = Literal["cold", "corrosion", "electricity", "fire", "magical", "blast"]
Roll = Literal["attack", "damage", "collateral"]
AttackKindName = Literal[
    "head_butt", "push", "slam", "throw", "double_hand_throw", "headlock", "trample", "power_strike", "sweep",
    "blast", "spray", "mount", "impact", "collateral",
]
"""Special attacks and rolls a ruleset may define (``attack_kinds``): power attacks, the
blast of an AOE, sprays, mount and impact attacks, and collateral damage."""
ATTACK_KIND_NAMES: tuple[str, ...] = AttackKindName.__args__  # type: ignore[attr-defined]
BaseComparison = Literal["smaller", "equal", "larger"]
StatName = Annotated[str, Field(pattern=r"^[A-Z]{3,4}$", description="a stat abbreviation of the edition, e.g. ARM")]
WeaponStat = Literal["POW", "RNG", "ROF", "AOE", "PS"]
ContinuousName = Literal["fire", "corrosion"]
ModelType = Literal["warcaster", "warlock", "warjack", "warbeast", "solo", "battle_engine", "structure", "unit",
                    "attachment"]
StateName = Literal[
    "knocked_down", "stationary", "charging", "aiming", "cover", "concealment", "elevated", "screened",
    "target_in_melee", "back_strike", "free_strike", "engaged", "crippled_movement", "crippled_weapon",
    "crippled_cortex", "crippled_body", "crippled_mind", "in_control_range", "disrupted", "back_arc",
    "weapon_locked", "collided", "intervening_terrain", "unit_base_contact", "sheltered_from_blast", "short_slam",
]
STATE_NAMES: tuple[str, ...] = StateName.__args__  # type: ignore[attr-defined]
IgnorableName = Literal[
    "cover", "concealment", "elevated", "screened", "target_in_melee", "stealth", "intervening_models",
    "shield", "buckler", "spell_bonuses", "animus_bonuses", "back_strike", "rough_terrain",
]


class Condition(Strict):
    """Every key given must hold.  ``role`` says whether the rule's carrier is the
    attacker or the target; the other keys describe the attack and the models."""

    role: Literal["attacker", "target"] | None = None
    attack: list[AttackType] | None = Field(default=None, description="the attack is one of these types")
    charging: bool | None = None
    target_base: list[BaseSize] | None = Field(default=None, description="the target's base is one of these")
    target_type: list[ModelType] | None = Field(default=None, description="the target is one of these model types")
    target_has: list[Id] | None = Field(default=None, description="the target has one of these rules")
    attacker_has: list[Id] | None = Field(default=None, description="the attacker has one of these rules")
    carrier_lacks: list[Id] | None = Field(
        default=None, description="the carrier has none of these rules (e.g. a chill that spares a model with "
        "Immunity: Cold)")
    damage_type: list[DamageTypeName] | None = Field(default=None, description="the damage has one of these types")
    not_damage_type: list[DamageTypeName] | None = Field(
        default=None, description="the damage has none of these types (e.g. an immunity to all damage that is not "
        "magical)")
    distance_over: Annotated[float, Field(ge=0)] | None = Field(default=None, description="inches, exclusive")
    distance_at_most: Annotated[float, Field(ge=0)] | None = Field(default=None, description="inches, inclusive")
    side: Literal["friendly", "enemy"] | None = Field(default=None, description=(
        "the other model is friendly/enemy: a --board's sides; without a board the target of an attack is an enemy "
        "and a model under a blast template is not known"))
    within_control_range: bool | None = None
    weapon_location_crippled: bool | None = Field(
        default=None, description="the system of the carrier's weapon (the one in use, or the one this quality is "
        "on) is crippled: the crippled_weapon state on the carrier's side")
    state: list[StateName] | None = Field(default=None, description="the carrier is in one of these states")
    not_state: list[StateName] | None = Field(default=None, description="the carrier is in none of these states")
    other_state: list[StateName] | None = Field(
        default=None, description="the other model of the attack is in one of these states")
    other_not_state: list[StateName] | None = Field(
        default=None, description="the other model of the attack is in none of these states (e.g. a shield's bonus "
        "needs an attacker outside the back arc)")
    power_attack: bool | None = Field(default=None, description="the attack is (true) or is not (false) a power attack")
    attack_kind: list[AttackKindName] | None = Field(
        default=None, description="the attack is one of these kinds of the ruleset (power attacks, blast, spray, "
        "mount, impact)")
    not_attack_kind: list[AttackKindName] | None = Field(
        default=None, description="the attack is none of these kinds (e.g. a charge bonus that impact attacks lack)")
    special_attack: list[Id] | None = Field(
        default=None, description="the attack is the special attack or chain attack of one of these rules (a rule "
        "with a special_attack block, made with wmdata attack --special-attack, or a chain_attack block): e.g. "
        "Combo Strike's doubled POW acts only in the combo strike, never in the weapon's normal attacks")
    target_base_vs_attacker: list[BaseComparison] | None = Field(
        default=None, description="the target's base compared with the attacker's (e.g. slam -2 against a larger base)")
    named: bool | None = Field(
        default=None, description="true: the effect acts only where the rule is named with --effect / "
        "--target-effect, because what switches it on is outside the attack (an enemy attack damaged the unit, "
        "another model of the unit engages the target, the target is the chosen prey); a model's own copy of the "
        "rule leaves it off")
    damage_at_least: Annotated[int, Field(ge=1)] | None = Field(
        default=None, description="the carrier has at least this many damage points marked (1: it is damaged): the "
        "target's from --marked and the attacks of the sequence, the attacker's from --attacker-marked")
    boxes_left_at_most: Annotated[int, Field(ge=0)] | None = Field(
        default=None, description="the carrier has at most this many damage boxes left unmarked (read as for "
        "damage_at_least)")
    other_living: bool | None = Field(
        default=None, description="the other model of the attack is (true) or is not (false) a living model: not a "
        "warjack and without Construct or Undead (e.g. Poison's extra die, Awe's penalty to living attackers)")


class EffectBase(Strict):
    when: Condition | None = None
    duration: Duration = "permanent"
    beyond_weapon: bool = Field(
        default=False, description="for a rule a weapon carries: the effect also acts on its carrier's attacks with "
        "other weapons and spells (Witch Mark: a hit with the weapon lets the carrier's spells hit automatically); "
        "otherwise a weapon's rule acts only on attacks with that weapon, stat changes to the carrier and effects "
        "on it as the target excepted")


class ModifyStat(EffectBase):
    """Changes a stat of the carrier (or, with ``weapon: true``, of the weapon in use)."""

    kind: Literal["modify_stat"]
    stat: StatName | WeaponStat
    op: Literal["add", "subtract", "set_base", "double", "halve"]
    value: Annotated[int, Field(ge=0, le=30)] = 0
    per: Literal["inch"] | StatName | None = Field(
        default=None, description="the value counts once per full inch between the two models (give --distance; "
        "e.g. a POW that falls with the range) or once per point of the carrier's current stat of that name (e.g. "
        "a thrown weapon adding the model's STR to its POW)")
    weapon: bool = False
    model: Literal["carrier", "other"] = Field(
        default="carrier", description="whose stat changes: the carrier's, or the other model's of the attack (e.g. "
        "Armor-Piercing halving the ARM of the model it damages); a weapon's rule changing the other model's stat "
        "acts only in that weapon's attacks")
    cumulative: bool = Field(
        default=False, description="for a weapon quality: each weapon that has it counts (two shields give twice the "
        "bonus) instead of the same-name rule keeping one")
    window: Literal["stats"] = "stats"

    @model_validator(mode="after")
    def _other_model_alone(self) -> Self:
        if self.model == "other" and (self.weapon or self.per is not None):
            raise ValueError("model: other changes the other model's own stat: not with weapon: true or per")
        return self


class RollDice(EffectBase):
    """Changes the dice of an attack or damage roll the carrier is part of."""

    kind: Literal["roll_dice"]
    roll: Roll
    op: Literal["boost", "add", "remove", "drop_lowest", "drop_highest", "reroll", "reroll_miss"]
    count: Annotated[int, Field(ge=1, le=5)] = 1
    window: Literal["attack_roll", "damage_roll"] = "attack_roll"

    @model_validator(mode="after")
    def _a_miss_is_an_attack_roll(self) -> Self:
        if self.op == "reroll_miss" and self.roll != "attack":
            raise ValueError("op 'reroll_miss' rerolls a missed attack roll: it needs roll: attack")
        return self


class RollModifier(EffectBase):
    """A flat bonus or penalty to an attack or damage roll (not a stat change)."""

    kind: Literal["roll_modifier"]
    roll: Roll
    value: Annotated[int, Field(ge=-20, le=20)]
    window: Literal["attack_roll", "damage_roll"] = "attack_roll"


class ForbidBoost(EffectBase):
    """The roll cannot be boosted (e.g. mount and impact attacks, collateral damage)."""

    kind: Literal["forbid_boost"]
    roll: Roll
    window: Literal["attack_roll", "damage_roll"] = "damage_roll"


class AutoHit(EffectBase):
    """The attack hits without a roll (it counts as a direct hit)."""

    kind: Literal["auto_hit"]
    window: Literal["targeting"] = "targeting"


class AutoMiss(EffectBase):
    """The attack misses without a roll."""

    kind: Literal["auto_miss"]
    window: Literal["targeting"] = "targeting"


class Knockdown(EffectBase):
    """The model hit is knocked down."""

    kind: Literal["knockdown"]
    window: Literal["on_hit", "on_critical", "on_damage"] = "on_critical"


class Stationary(EffectBase):
    """The model hit becomes stationary, unless it is immune to ``unless_immune`` damage
    (a freezing weapon does not hold a model that cold cannot hurt)."""

    kind: Literal["stationary"]
    unless_immune: DamageTypeName | None = None
    window: Literal["on_hit", "on_critical", "on_damage"] = "on_critical"


class CriticalPowerAttack(EffectBase):
    """On a critical hit (``on_critical``: Critical Smite, Critical Pitch) or on any hit
    (``on_hit``: Pitch) the attacker may slam or throw the model hit instead of rolling its
    normal damage (with ``always``: must, e.g. Combo Smite)."""

    kind: Literal["critical_power_attack"]
    power_attack: Literal["slam", "throw"]
    always: bool = Field(
        default=False, description="every such hit is the slam or throw, with no normal damage roll to choose (a "
        "special attack such as Smite or Combo Smite); otherwise the attacker may choose")
    window: Literal["on_hit", "on_critical"] = "on_critical"


class ApplyContinuous(EffectBase):
    """The model hit suffers a continuous effect (its maintenance roll is ruleset data)."""

    kind: Literal["continuous_effect"]
    effect: ContinuousName
    window: Literal["on_hit", "on_critical", "on_damage"] = "on_hit"


class ExtraDamage(EffectBase):
    """Extra damage points, or extra damage dice, on the model hit."""

    kind: Literal["extra_damage"]
    points: Annotated[int, Field(ge=0, le=20)] = 0
    dice: Annotated[int, Field(ge=0, le=5)] = 0
    window: Literal["on_hit", "on_critical", "on_damage"] = "on_critical"


class DoubleDamage(EffectBase):
    """The damage points a damage roll deals (what exceeds ARM) are doubled."""

    kind: Literal["double_damage"]
    window: Literal["damage_roll"] = "damage_roll"


class DamagePoints(EffectBase):
    """The damage points a damage roll deals the model hit (after ARM) are at least ``at_least``
    (a roll that fails to beat ARM still deals them) and at most ``at_most``; with
    ``instead_of_roll``, the attacker may take exactly that many points instead of the roll."""

    kind: Literal["damage_points"]
    at_least: Annotated[int, Field(ge=0, le=10)] | None = None
    at_most: Annotated[int, Field(ge=0, le=10)] | None = None
    instead_of_roll: bool = Field(
        default=False, description="the attacker may, on a hit, deal exactly these points (at_least, equal to "
        "at_most) instead of making the damage roll (e.g. Sniper, Penetrating Strike: 1 point)")
    window: Literal["damage_roll"] = "damage_roll"

    @model_validator(mode="after")
    def _bounds(self) -> Self:
        if self.instead_of_roll and (self.at_least is None or self.at_least != self.at_most):
            raise ValueError("instead_of_roll deals an exact number of points: give at_least and at_most equal")
        if self.at_least is None and self.at_most is None:
            raise ValueError("give at_least or at_most (or both)")
        if self.at_least is not None and self.at_most is not None and self.at_least > self.at_most:
            raise ValueError(f"at_least {self.at_least} is more than at_most {self.at_most}")
        return self


class SurviveDisabled(EffectBase):
    """When the carrier is disabled (its last damage box marked) it rolls a d6: on ``roll`` or
    more it removes ``heals`` damage points, is no longer disabled (so not destroyed) and is put
    in the ``leaves`` states (Tough: 5+, 1 point, knocked down).  ``lost_while``: the rule does
    not work while the carrier is in one of these states at that moment, a state the same hit
    put on it included (MkIII and MkIV Tough while knocked down)."""

    kind: Literal["survive_disabled"]
    roll: Annotated[int, Field(ge=2, le=6)] = 5
    heals: Annotated[int, Field(ge=1, le=5)] = 1
    leaves: list[Literal["knocked_down", "stationary"]] = ["knocked_down"]
    lost_while: list[Literal["knocked_down", "stationary"]] = []
    window: Literal["on_disabled"] = "on_disabled"
class ChooseColumn(EffectBase):
    """The attacker picks the column (warjack grid) or branch (life spiral) where the damage
    of the attack starts, instead of rolling it."""

    kind: Literal["choose_column"]
    window: Literal["damage_roll"] = "damage_roll"


class FailSystems(EffectBase):
    """After the damage of a critical hit is marked on a warjack's grid, every system it struck
    has all its other boxes marked too (Critical System Failure)."""

    kind: Literal["fail_systems"]
    window: Literal["on_critical"] = "on_critical"


class NoDamage(EffectBase):
    """The model hit suffers no damage from the attack while ``when`` holds (e.g. a blast that
    spares friendly models)."""

    kind: Literal["no_damage"]
    window: Literal["damage_roll"] = "damage_roll"


class Disruption(EffectBase):
    """A warjack hit loses its focus and cannot gain focus for a round."""

    kind: Literal["disruption"]
    window: Literal["on_hit", "on_critical"] = "on_hit"


class Immunity(EffectBase):
    """The carrier takes no damage of this type (nor its continuous effect), or with ``all`` no
    damage at all (gated by ``when``, e.g. damage that is not magical)."""

    kind: Literal["immunity"]
    damage_type: Literal["cold", "corrosion", "electricity", "fire", "magical", "blast", "all"]
    window: Literal["damage_roll"] = "damage_roll"


class StateImmunity(EffectBase):
    """The carrier never becomes knocked down or stationary (Steady), or never suffers a
    continuous effect of that name, whatever a hit says."""

    kind: Literal["state_immunity"]
    states: list[Literal["knocked_down", "stationary", "fire", "corrosion"]] = Field(min_length=1)
    window: Literal["on_hit"] = "on_hit"


class Resistance(EffectBase):
    """Damage rolls of this type against the carrier lose dice (ruleset: how many)."""

    kind: Literal["resistance"]
    damage_type: DamageTypeName
    window: Literal["damage_roll"] = "damage_roll"


class DamageType(EffectBase):
    """The carrier's damage (for a weapon quality: that weapon's damage) has this type."""

    kind: Literal["damage_type"]
    damage_type: DamageTypeName
    window: Literal["damage_roll"] = "damage_roll"


class GrantRule(EffectBase):
    """Gives the carrier another rule of the vocabulary, with all its effects."""

    kind: Literal["grant_rule"]
    rule: Id
    window: Window = "stats"


class Ignore(EffectBase):
    """The carrier ignores modifiers or rules of the other model (e.g. cover, Stealth)."""

    kind: Literal["ignore"]
    modifiers: list[IgnorableName] = Field(default_factory=list)
    rules: list[Id] = Field(default_factory=list, description="rule ids whose effects are ignored")
    window: Literal["targeting", "stats", "movement"] = "targeting"


class Movement(EffectBase):
    """Changes movement: extra inches for a kind of move, or terrain it ignores."""

    kind: Literal["movement"]
    move: Literal["advance", "charge", "run", "slam", "trample", "placed"]
    inches: Annotated[float, Field(ge=-10, le=20)] = 0
    ignores_terrain: list[Literal["rough", "obstacle", "obstruction", "water"]] = Field(default_factory=list)
    window: Literal["movement"] = "movement"


class AdditionalAttacks(EffectBase):
    """The carrier may spend focus or fury (or be forced) on additional attacks of these
    types, where its ruleset's ``bought_attacks`` lets models buy only other types (MkIII
    and MkIV: melee only, unless a special rule allows ranged ones)."""

    kind: Literal["additional_attacks"]
    attacks: list[Literal["melee", "ranged"]] = Field(min_length=1)
    window: Literal["stats"] = "stats"


Effect = Annotated[
    ModifyStat | RollDice | RollModifier | ForbidBoost | AutoHit | AutoMiss | Knockdown | Stationary
    | CriticalPowerAttack | ApplyContinuous | ExtraDamage | DoubleDamage | DamagePoints | SurviveDisabled | ChooseColumn
    | FailSystems | NoDamage | Disruption | Immunity | StateImmunity | Resistance | DamageType | GrantRule | Ignore
    | Movement | AdditionalAttacks,
    Field(discriminator="kind"),
]
EFFECT_KINDS: tuple[type[EffectBase], ...] = (
    ModifyStat, RollDice, RollModifier, ForbidBoost, AutoHit, AutoMiss, Knockdown, Stationary, CriticalPowerAttack,
    ApplyContinuous, ExtraDamage, DoubleDamage, DamagePoints, SurviveDisabled, ChooseColumn, FailSystems, NoDamage,
    Disruption, Immunity, StateImmunity, Resistance, DamageType, GrantRule, Ignore, Movement, AdditionalAttacks,
)


def counts_up(effect: EffectBase) -> bool:
    """Whether ``effect`` can be applied N times as one effect N times larger (a stacking rule)."""
    if isinstance(effect, ModifyStat):
        return effect.op in ("add", "subtract")
    if isinstance(effect, RollDice):
        return effect.op in ("add", "remove")
    return isinstance(effect, RollModifier)


def times(effect: Effect, steps: int) -> Effect:
    """``effect`` applied ``steps`` times, as one effect (see :func:`counts_up`)."""
    if steps == 1:
        return effect
    if isinstance(effect, ModifyStat | RollModifier):
        return effect.model_copy(update={"value": effect.value * steps})
    if isinstance(effect, RollDice):
        return effect.model_copy(update={"count": effect.count * steps})
    raise ValueError(f"a {effect.kind} effect does not add up step by step")
