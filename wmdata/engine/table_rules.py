"""The geometry engine's rules for a ruleset: its ``geometry`` section merged along
``extends``, plus the numbers the interpreter's states carry (cover's +4 and the like),
so a modifier the board reports has exactly the value the attack will use.
"""

from __future__ import annotations

from wmdata.content.registry import Registry
from wmdata.engine.ruleset import ResolvedRules, RulesetError, merged_section, resolve_ruleset, ruleset_chain
from wmdata.geometry.rules import (
    AoeRules,
    ClimbRule,
    DisturbanceRules,
    FallingRules,
    GeometryRules,
    MoverRules,
    SlamRules,
    SprayRules,
    TerrainRule,
    ThrowRules,
    TrampleRules,
)
from wmdata.model import effects as fx
from wmdata.model.table_rules import GeometryData

BASE_SIZES = {"small": 30, "medium": 40, "large": 50, "extra_large": 80, "huge": 120}


def state_values(rules: ResolvedRules) -> dict[str, int]:
    """The number each state adds (a DEF change or an attack-roll modifier), signed."""
    values: dict[str, int] = {}
    for name, state in rules.states.items():
        for effect in state.effects:
            if isinstance(effect, fx.ModifyStat) and effect.op in ("add", "subtract"):
                values[name] = effect.value if effect.op == "add" else -effect.value
                break
            if isinstance(effect, fx.RollModifier):
                values[name] = effect.value
                break
    return values


def geometry_data(registry: Registry, edition: str, ruleset_id: str | None = None) -> GeometryData:
    """The ``geometry`` section of ``ruleset_id`` (default: the edition's own), merged along ``extends``."""
    wanted = ruleset_id or edition
    merged = merged_section(ruleset_chain(registry, edition, wanted), "geometry")
    if not merged:
        raise RulesetError(f"ruleset {wanted!r} has no geometry section")
    return GeometryData.model_validate(merged)


def geometry_rules(registry: Registry, edition: str, ruleset_id: str | None = None) -> GeometryRules:
    """The resolved table rules of ``ruleset_id`` (default: the edition's own)."""
    data = geometry_data(registry, edition, ruleset_id)
    interpreter = resolve_ruleset(registry, edition, ruleset_id)
    slam_kind = interpreter.attack_kinds.get("slam")
    heights = {BASE_SIZES[name]: height for name, height in data.volume_heights.model_dump().items()
               if height is not None}
    terrain: dict[str, TerrainRule] = {kind: TerrainRule(
        los=rule.los, protection=rule.protection, protection_when=rule.protection_when,
        protects_bases=frozenset(rule.protects_bases) if rule.protects_bases is not None else None,
        transparent_to_bases=frozenset(rule.transparent_to_bases), rough=rule.rough, impassable=rule.impassable,
        elevation=rule.elevation, melee_def=rule.melee_def, stops_movement=rule.stops_movement,
        no_fall=rule.no_fall, crossed_advancing=rule.crossed_advancing,
        climb=ClimbRule(rule.climb.cost, rule.climb.progress, rule.climb.min_thickness) if rule.climb else None,
        terraced_overhang=rule.terraced.max_overhang if rule.terraced else None,
        blast_shelter=rule.blast_shelter.source if rule.blast_shelter else None)
        for kind, rule in data.terrain.items()}
    return GeometryRules(
        volume_heights=heights, front_arc_degrees=data.front_arc_degrees, stealth_range=data.stealth_range,
        protection_range=data.protection_range, protection_measured=data.protection_measured,
        elevated_at_least=data.elevated_at_least,
        elevation_los_margin=data.elevation_los_margin,
        high_viewer_ignores_smaller=data.high_viewer_ignores_smaller,
        unprotected_bases=frozenset(data.unprotected_bases),
        screening=data.screening, forest_depth=data.forest_depth, default_melee_range=data.default_melee_range,
        reach_melee_range=data.reach_melee_range,
        aoe=AoeRules(data.aoe.mode, data.aoe.long_face, data.aoe.direction_step_degrees, data.aoe.cap_fraction,
                     data.aoe.blast_origin),
        spray=SprayRules(data.spray.mode, data.spray.narrow_width, data.spray.wide_width, data.spray.full_length),
        charge_bonus=float(interpreter.charge_bonus_inches), rough_rule=data.rough_rule,
        slam=SlamRules(data.slam.halved_by_smaller_origin, data.slam.huge_bonus, data.slam.rough_half_rate,
                       frozenset(data.slam.immovable_bases), data.slam.approach_bonus, data.slam.melee_range,
                       data.slam.huge_melee_range, data.slam.power_strike_bonus,
                       frozenset(slam_kind.target_not_states) if slam_kind is not None else frozenset()),
        throw=ThrowRules(data.throw.distance, data.throw.large_on_small_bonus, data.throw.huge_bonus,
                         data.throw.deviates, data.throw.at_model, data.throw.obstacles_stop,
                         data.throw.away_within_degrees, data.throw.at_model_double_hand, data.throw.miss_cap_to),
        trample=TrampleRules(data.trample.bonus, frozenset(data.trample.through_bases), data.trample.free_strikes,
                             frozenset(data.trample.no_free_strike_bases)),
        falling=FallingRules(data.falling.min_drop, data.falling.power, data.falling.dice, data.falling.first,
                             data.falling.step, data.falling.support),
        disturbance=DisturbanceRules(frozenset(data.least_disturbance.immovable_bases),
                                     data.least_disturbance.mover_yields_to_larger),
        movers={ability: MoverRules(ability, m.open_terrain, frozenset(m.passes_kinds), m.passes_models,
                                    m.charge_sees_past_models, frozenset(m.advance_passes_kinds),
                                    m.advance_passes_models, frozenset(m.ends_on_kinds))
                for ability, m in data.movers.items()},
        sunken_kinds=frozenset(data.sunken.kinds if data.sunken else ()),
        sunken_unless_target_in=frozenset(data.sunken.unless_target_in if data.sunken else ()), terrain=terrain,
        values=state_values(interpreter), unconfirmed=tuple(data.unconfirmed))
