"""Factions, MkIV armies, theme forces (MkIII themes and MkII tiers) and rulesets.

Rulesets carry the army-construction parameters of an edition as data, so the army
builder reads numbers instead of branching on the edition in code.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from wmdata.model.common import Count, Entry, Id, Name, Points, Strict, Text
from wmdata.model.effects import (
    AttackKindName,
    AttackType,
    BaseComparison,
    ContinuousName,
    DamageTypeName,
    Effect,
    StateName,
)
from wmdata.model.table_rules import GeometryData


class Faction(Entry):
    """A faction, or the Mercenary/Minion pseudo-faction of an edition."""

    game: Literal["warmachine", "hordes"]
    role: Literal["faction", "mercenary", "minion"] = "faction"


class Army(Entry):
    """A MkIV army within a faction (e.g. Storm Legion)."""

    faction: Id
    text: Text | None = None


class Requirement(Strict):
    """The theme force must include at least ``min`` of the listed models."""

    models: Annotated[list[Id], Field(min_length=1)]
    min: Count = 1


class Limit(Strict):
    """At most ``max`` of the listed models (counted together), e.g. Magnus' Agenda's single
    unit of Cygnaran deserters (that they take no attachments there is the units' own
    ``requires:``, kind ``attachments``)."""

    models: Annotated[list[Id], Field(min_length=1)]
    max: Annotated[int, Field(ge=0, le=20)] = 1


class FreeModel(Strict):
    kind: Literal["free_model"]
    models: Annotated[list[Id], Field(min_length=1, description="one of these is added for free")]
    per_points: Points | None = Field(default=None, description="one free model per this many points of…")
    of_models: list[Id] = Field(default_factory=list, description="…these models (empty: per list)")


class CostChange(Strict):
    kind: Literal["cost_change"]
    models: Annotated[list[Id], Field(min_length=1)]
    delta: Annotated[int, Field(ge=-20, le=20)]


class FaChange(Strict):
    kind: Literal["fa_change"]
    models: Annotated[list[Id], Field(min_length=1)]
    delta: Annotated[int, Field(ge=-10, le=10)]


class GrantRuleBenefit(Strict):
    kind: Literal["grant_rule"]
    models: Annotated[list[Id], Field(min_length=1)]
    rule: Id


Benefit = Annotated[FreeModel | CostChange | FaChange | GrantRuleBenefit, Field(discriminator="kind")]


class Missing(Strict):
    """What a theme force's entry does not give as data, so wmdata cannot check it: a list
    using the theme gets a warning saying so, and with ``allowed`` a model off the list is
    warned about rather than refused (the list may be incomplete, not the army)."""

    allowed: Text | None = Field(default=None, description="allowed models or casters the entry does not list")
    benefits: Text | None = Field(default=None, description="benefits the entry does not give as data")

    @model_validator(mode="after")
    def _says_something(self) -> Self:
        if self.allowed is None and self.benefits is None:
            raise ValueError("name what is missing: 'allowed', 'benefits' or both")
        return self


class ThemeForce(Entry):
    """A theme force (MkIII), tier list or mercenary contract (MkII): who may lead it,
    what it may contain, what it must contain and what it gives."""

    faction: Id
    casters: list[Id] = Field(default_factory=list, description="casters who may lead it; empty means any")
    models: list[Id] = Field(default_factory=list, description="models and units it may include")
    works_for: list[Id] = Field(
        default_factory=list, description="also allows every mercenary/minion that works for one of these factions"
    )
    excluded: list[Id] = Field(default_factory=list, description="models it never allows")
    requirements: list[Requirement] = Field(default_factory=list)
    limits: list[Limit] = Field(default_factory=list)
    benefits: list[Benefit] = Field(default_factory=list)
    missing: Missing | None = Field(default=None, description="what the entry leaves out; absent: complete")
    text: Text | None = None


class EncounterLevel(Strict):
    """One encounter level: its point options and how many casters it allows."""

    id: Id
    name: Name
    points: Annotated[list[Points], Field(min_length=1)]
    max_casters: Annotated[int, Field(ge=1, le=10)]
    extra_caster_per_points: Points | None = Field(
        default=None, description="one more caster per this many points above the first option"
    )
    open_ended: bool = Field(default=False, description="points above the largest option are allowed")
    battlegroup_minimum: Annotated[int, Field(ge=0, le=10)] = 0
    forbidden_types: list[Literal["battle_engine", "colossal", "gargantuan", "structure"]] = Field(
        default_factory=list
    )
    free_huge_models: Annotated[list[Annotated[int, Field(ge=0, le=5)]], Field(max_length=2)] = Field(
        default_factory=list, description="[min, max] free colossals/gargantuans/battle engines"
    )
    theme_forces_allowed: bool = True


class Construction(Strict):
    """Edition-wide army-construction parameters."""

    points_rule: Literal["at_most", "exactly"]
    under_allowance: Annotated[int, Field(ge=0, le=50)] = Field(
        default=0, description="with at_most: how far under the level a list may stay (unlimited when 0)"
    )
    caster_points: Literal["warjack", "warbeast", "both", "none"]
    fa_per_caster: bool = Field(description="field allowance is multiplied by the number of casters")
    command_cards: Annotated[int, Field(ge=0, le=10)] = 0
    max_command_attachments: Annotated[int, Field(ge=0, le=3)] = 1
    max_weapon_attachments: Annotated[int, Field(ge=0, le=3)] = 1
    marshal_capacity: Annotated[int, Field(ge=0, le=4)] = Field(description="warjacks one 'jack marshal controls")


class StateDefinition(Strict):
    """A situation such as knocked down or in cover, and the effects it brings."""

    applies_to: Literal["attacker", "target"] = Field(description="which model of an attack is in this state")
    text: Text
    effects: list[Effect] = Field(default_factory=list)


class ContinuousDefinition(Strict):
    """A continuous effect: the d6 results that end it, and the damage it deals otherwise."""

    expires_on: Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(min_length=1)]
    damage_type: DamageTypeName
    pow: Annotated[int, Field(ge=0, le=30)] | None = Field(default=None, description="a damage roll of this POW")
    points: Annotated[int, Field(ge=0, le=10)] | None = Field(default=None, description="fixed damage points")
    source: str | None = Field(default=None, description="the seed lines of its expiry roll and damage")


class Contest(Strict):
    """An opposed roll after a hit (a throw's STR contest): each side rolls its dice and
    adds the stat; ``ties`` says who wins a tie.  The attack's damage needs a won contest."""

    attacker_dice: Annotated[int, Field(ge=1, le=3)] = 1
    target_dice: Annotated[int, Field(ge=1, le=3)] = 1
    stat: Annotated[str, Field(pattern=r"^[A-Z]{3,4}$")] = "STR"
    ties: Literal["attacker", "target"] = "attacker"


class WeaponNeed(Strict):
    """Weapons a power attack needs, none of them in a crippled location (an Open Fist for a
    throw; a weapon in the left or right location for a sweep)."""

    quality: Id | None = Field(default=None, description="a weapon quality each weapon must have, e.g. open-fist")
    locations: list[str] | None = Field(default=None, description="locations the weapons must be in, e.g. [L, R]")
    count: Annotated[int, Field(ge=1, le=2)] = Field(default=1, description="how many such weapons it needs")
    source: str = Field(description="the seed lines that say so")


class AttackerBar(Strict):
    """Attacker states (e.g. a crippled Movement system) in which a power attack cannot be made."""

    states: Annotated[list[StateName], Field(min_length=1)]
    source: str = Field(description="the seed lines that say so")


class AttackKindDefinition(Strict):
    """A special attack or roll of an edition (a power attack, an AOE's blast, a spray,
    a mount or impact attack, collateral damage): its own attack and damage rules as
    data, so that the interpreter needs no special case per edition."""

    name: Name
    text: Text
    source: str = Field(description="the seed lines the numbers come from")
    power_attack: bool = Field(default=False, description="a power attack (--power-attack selects it)")
    roll: Literal["skill", "none"] = Field(
        default="skill", description="skill: an attack roll with the attack type's stat; none: no roll of its own "
        "(the model is hit, as by a blast)")
    attack_type: AttackType | None = Field(
        default=None, description="the attack type it counts as (default: the weapon's; melee without a weapon)")
    damage: Literal["weapon", "str", "fixed", "half_pow", "blast_pow", "none"] = Field(
        default="weapon", description="weapon: the weapon's usual damage; str: POW = current STR; fixed: POW = pow; "
        "half_pow: half the weapon's POW, rounded up; blast_pow: the second number of an X/Y POW; none: no damage")
    pow: Annotated[int, Field(ge=0, le=30)] | None = Field(default=None, description="the POW of a fixed damage roll")
    collateral: bool = Field(default=False, description="models it is moved into take the ruleset's collateral roll")
    no_move_states: list[StateName] = Field(
        default_factory=list, description="attacker states in which a hit moves nothing: the target stays put and "
        "no model suffers collateral damage (a slam after a run under 3 inches)")
    contest: Contest | None = Field(default=None, description="an opposed roll the attacker must win after the hit")
    target_bases: list[BaseComparison] | None = Field(
        default=None, description="the target's base compared with the attacker's must be one of these (a head-butt "
        "or a throw cannot take a larger base)")
    target_not_states: list[StateName] = Field(
        default_factory=list, description="target states that forbid the attack (a knocked down model cannot be "
        "slammed or locked)")
    on_miss: Text | None = Field(default=None, description="what a miss means (e.g. an AOE deviates)")
    needs_weapons: WeaponNeed | None = Field(
        default=None, description="melee weapons outside crippled locations the attacker needs (wmdata attack checks "
        "them against --attacker-crippled)")
    attacker_not_states: AttackerBar | None = Field(
        default=None, description="attacker states that forbid it, e.g. crippled_movement (no slam) or "
        "crippled_mind (no power attack)")
    effects: list[Effect] = Field(default_factory=list)


class DiceRules(Strict):
    base_dice: Annotated[int, Field(ge=1, le=3)] = 2
    boost_dice: Annotated[int, Field(ge=1, le=2)] = 1
    all_ones_miss: bool = True
    all_sixes_hit: bool = True
    empty_pool_misses: bool = True
    critical: Literal["any_two_dice_match"] = "any_two_dice_match"


CostedAction = Literal["charge", "power_attack"]


class ActionCostDefinition(Strict):
    """What an action costs before the attacks: focus a warjack spends, fury a warbeast
    gains by being forced.  A model type left out pays nothing (or the seed is silent)."""

    warjack: Annotated[int, Field(ge=0, le=5)] | None = Field(default=None, description="focus a warjack spends")
    warbeast: Annotated[int, Field(ge=0, le=5)] | None = Field(default=None, description="fury a warbeast gains")
    source: Text = Field(description="the seed lines that set the cost")


BoughtAttackType = Literal["melee", "ranged"]


class BoughtAttacks(Strict):
    """Which additional attacks focus or fury buy (and forcing buys) without a special rule;
    a rule with an ``additional_attacks`` effect lets its carrier buy other types too."""

    types: list[BoughtAttackType] = Field(min_length=1, description="attack types any model may buy")
    source: Text = Field(description="the seed lines that say so")


class RolledRof(Strict):
    """When a rate of fire given as dice (``d3``, ``d3+1``) is rolled: the engine takes it as
    rolled before the weapon's first attack of the activation, the number rolled then being
    the weapon's ROF for that activation."""

    source: Text = Field(description="the seed lines that say so, or why it is assumed")
    unconfirmed: bool = Field(default=False, description="true when no seed says when the ROF is rolled")


ModelKindName = Literal["warcaster", "warlock", "warjack", "warbeast", "solo", "battle_engine", "structure", "unit",
                        "attachment", "colossal", "gargantuan"]
"""A model type, or a weight that the seeds give rules of its own (colossals, gargantuans)."""


class KindRules(Strict):
    """Rules every model of a type or weight has although its card does not list them (the
    seeds' Massive for colossals, gargantuans and battle engines)."""

    rules: Annotated[list[Id], Field(min_length=1, description="vocabulary rule ids")]
    source: Text = Field(description="the seed lines that give the model kind these rules")


class Interpreter(Strict):
    """Numbers the rules interpreter reads.  Every key is optional so that a ruleset
    that ``extends`` another can change just a few; the resolved ruleset must have all."""

    stat_floor: Annotated[int, Field(ge=0, le=5)] | None = Field(default=None, description="no stat goes below")
    stat_floors: dict[str, Annotated[int, Field(ge=0, le=10)]] | None = Field(
        default=None, description="per-stat floors that apply when modifiers reduce the stat (MkII DEF 5)"
    )
    skill_stats: dict[AttackType, list[str]] | None = Field(
        default=None, description="attack type -> the stats its roll adds (the first the model has)"
    )
    melee_damage: Literal["pow_plus_str", "pow"] | None = None
    auto_hit_beats_auto_miss: bool | None = None
    resistance_dice: Annotated[int, Field(ge=0, le=3)] | None = None
    spell_damage_type: DamageTypeName | None = None
    aoe_measure: Literal["diameter", "radius"] | None = None
    run: Literal["double_spd", "spd_plus_5"] | None = None
    charge_bonus_inches: Annotated[int, Field(ge=0, le=6)] | None = None
    dice: DiceRules | None = None
    warjack_focus_cap: Annotated[int, Field(ge=1, le=10)] | None = Field(
        default=None, description="the most focus points a warjack can hold at any time"
    )
    ranged_initial_attacks: Literal["one", "rof"] | None = Field(
        default=None, description="initial attacks of each ranged weapon: 'one' (its ROF then caps every attack "
        "it makes in the activation, bought ones included) or 'rof' (its ROF is its initial attacks)")
    action_costs: dict[CostedAction, ActionCostDefinition] | None = Field(
        default=None, description="focus or fury a charge or a power attack costs, per model type")
    bought_attacks: BoughtAttacks | None = Field(
        default=None, description="attack types focus or fury buy additional attacks of without a special rule "
        "(unset: melee and ranged)")
    special_attacks_barred: AttackerBar | None = Field(
        default=None, description="attacker states in which no chain attack or special attack is made (a "
        "warbeast's crippled Mind; unset: none)")
    rolled_rof: RolledRof | None = Field(
        default=None, description="when a ROF given as dice is rolled (unset: assumed before the weapon's first "
        "attack, unconfirmed)")
    kind_rules: dict[ModelKindName, KindRules] | None = Field(
        default=None, description="rules a model type or weight has without its card listing them (unset: none)")
    states: dict[StateName, StateDefinition] | None = None
    continuous_effects: dict[ContinuousName, ContinuousDefinition] | None = None
    attack_kinds: dict[AttackKindName, AttackKindDefinition] | None = Field(
        default=None, description="power attacks, blast, spray, mount, impact and collateral rules of the edition")


class Ruleset(Entry):
    """An edition's rules as data: army construction and the interpreter's numbers.
    ``extends`` another ruleset to vary a few values (e.g. seed 002 over MkIV)."""

    extends: Id | None = None
    encounter_levels: list[EncounterLevel] = Field(default_factory=list)
    construction: Construction | None = None
    interpreter: Interpreter | None = None
    geometry: GeometryData | None = None
