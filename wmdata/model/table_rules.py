"""Ruleset data for the geometry engine: volume heights, arcs, terrain kinds, AOE and spray.

Every number is a fact of an edition's rules and lives in the ruleset file with its
seed lines; the geometry layer receives them as plain values.  ``unconfirmed`` lists
the fields whose numbers no seed states (e.g. spray template widths).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from wmdata.model.board import TerrainKind
from wmdata.model.common import BaseSize, Strict, Text

Distance = Annotated[float, Field(ge=0, le=20, allow_inf_nan=False)]


class VolumeHeights(Strict):
    """Height in inches of each base size's LOS volume; a size the edition lacks is left out."""

    small: Distance | None = None
    medium: Distance | None = None
    large: Distance | None = None
    extra_large: Distance | None = None
    huge: Distance | None = None


class ClimbData(Strict):
    """An advancing model may climb onto a feature of this kind at least ``min_thickness`` thick:
    on contact it spends ``cost`` of its movement (it needs that much left) to move ``progress``
    forward onto it, then goes on; a thinner one is crossed only completely, like
    ``crossed_advancing``."""

    cost: Distance
    progress: Distance
    min_thickness: Distance


class BlastShelterData(Strict):
    """Models completely within features of this kind (adjoining ones together) suffer no blast
    damage unless the origin of that damage lies in one of those features the model touches
    (trenches and craters)."""

    source: Annotated[str, Field(min_length=1, max_length=200)]


class TerracedData(Strict):
    """Players agreed the feature can be climbed: a model whose base would hang off it by at most
    ``max_overhang`` inches moves up and down it as over open ground; to a larger base it stays what
    its other rules say.  It gives no cover to a model standing completely on it."""

    max_overhang: Distance
    source: Annotated[str, Field(min_length=1, max_length=200)]


class TerrainKindRules(Strict):
    los: Literal["none", "height", "cloud", "forest"] = Field(
        default="none", description="height: blocks lines below its top; cloud: blocks lines through it; "
                                    "forest: blocks lines through it or deeper than forest_depth")
    protection: Literal["none", "cover", "concealment"] = "none"
    protection_when: Literal["intervening", "inside", "inside_unless_attacker_touches"] = "intervening"
    protects_bases: list[BaseSize] | None = Field(default=None, description="only these bases are protected")
    transparent_to_bases: list[BaseSize] = Field(default_factory=list, description="never blocks LOS to these")
    rough: bool = False
    impassable: bool = False
    elevation: bool = Field(default=False, description="a model completely on it stands at its height")
    melee_def: bool = False
    stops_movement: bool = Field(default=False, description="charges and slams stop on contact")
    no_fall: bool = Field(default=False, description="a model moved off this elevation never falls")
    crossed_advancing: bool = Field(default=False, description="an advancing (not charging) model crosses it when "
                                                               "it gets completely past, else stops short of it")
    climb: ClimbData | None = Field(default=None, description="an advancing (not charging) model may climb onto a "
                                                              "thick enough feature of this kind")
    terraced: TerracedData | None = Field(
        default=None, description="models whose base fits on it climb it as open ground (a terraced obstruction)")
    blast_shelter: BlastShelterData | None = Field(
        default=None, description="models completely within it suffer no blast damage from an origin outside it")
    source: Annotated[str, Field(min_length=1, max_length=200)]


class AoeData(Strict):
    mode: Literal["template", "nearest"]
    long_face: Annotated[int, Field(ge=1, le=6)] = 1
    direction_step_degrees: Annotated[float, Field(gt=0, le=180)] = 60
    cap_fraction: Annotated[float, Field(gt=0, le=1)] = 0.5
    blast_origin: Literal["point_of_impact", "target"] = Field(
        default="point_of_impact", description="the origin of blast damage: the template's point of impact, or the "
                                               "model the AOE hit or missed (no template: MkIV)")


class SprayData(Strict):
    mode: Literal["template", "line"]
    narrow_width: Distance = 0
    wide_width: Distance = 0
    full_length: Annotated[float, Field(gt=0, le=20)] = 10


class SlamData(Strict):
    """How far and through what a slammed model moves (the distance die is a d6 in every edition)."""

    halved_by_smaller_origin: bool = Field(description="a slammer on a smaller base slams half the distance")
    huge_bonus: Distance = Field(default=0, description="inches added when a huge base slams a smaller one")
    rough_half_rate: bool = Field(description="the slammed model moves at half rate through rough terrain")
    immovable_bases: list[BaseSize] = Field(default_factory=list, description="bases no slam or throw moves")
    approach_bonus: Distance = Field(description="the slammer advances SPD plus this straight at its target")
    melee_range: Distance = Field(description="the slam power attack's melee range")
    huge_melee_range: Distance | None = Field(default=None, description="the same for a huge-based slammer")
    power_strike_bonus: Distance | None = Field(
        default=None, description="a huge base's power strike slams d6 plus this (null: no power strike)")
    source: Annotated[str, Field(min_length=1, max_length=200)]


class ThrowData(Strict):
    """Where a thrown model lands: its distance, when it deviates, and what stops it."""

    distance: Literal["d6", "half_str"] = Field(description="d6 inches, or half the thrower's STR")
    large_on_small_bonus: Distance = Field(default=0, description="inches added when a large base throws a small one")
    huge_bonus: Distance = Field(default=0, description="inches added when a huge base throws a smaller one")
    deviates: Literal["never", "always", "missed_model"] = Field(
        description="always: from the intended point; missed_model: a throw at a model that misses")
    at_model: bool = Field(description="the thrower may throw at another model instead of directly away")
    obstacles_stop: bool = Field(description="obstacles stop the thrown model (obstructions always do)")
    away_within_degrees: Annotated[float, Field(gt=0, le=90)] | None = Field(
        default=None, description="the thrower picks the direction, at most this many degrees off directly away "
                                  "(null: always directly away)")
    at_model_double_hand: bool = Field(default=False, description="only a double-hand throw may go at a model")
    miss_cap_to: Literal["edge", "centre"] = Field(
        default="edge", description="a throw at a model that misses deviates at most half the distance from the "
                                    "thrown model to the missed model's edge, or centre to centre")
    source: Annotated[str, Field(min_length=1, max_length=200)]


class TrampleData(Strict):
    """A trample: SPD plus ``bonus`` inches in a straight line, through the bases listed."""

    bonus: Distance
    through_bases: list[BaseSize] = Field(description="bases the trampler moves through (and attacks)")
    free_strikes: bool = Field(default=False, description="enemies whose melee range it left strike afterwards")
    no_free_strike_bases: list[BaseSize] = Field(
        default_factory=list, description="contacted models on these bases make no free strike")
    source: Annotated[str, Field(min_length=1, max_length=200)]


class MoverData(Strict):
    """How a model with Flight or Incorporeal moves, and whom it sees past to pick a charge target."""

    open_terrain: bool = Field(default=False, description="rough terrain does not slow it")
    passes_kinds: list[TerrainKind] = Field(
        default_factory=list, description="terrain kinds a charge, slam or trample moves through instead of "
                                          "stopping at")
    passes_models: bool = Field(default=False, description="a charge, slam or trample moves through other models")
    charge_sees_past_models: bool = Field(default=False, description="intervening models do not hide a charge target")
    advance_passes_kinds: list[TerrainKind] = Field(
        default_factory=list, description="terrain kinds a plain advance moves through when it gets completely past")
    advance_passes_models: bool = Field(default=False, description="a plain advance moves through other models "
                                                                   "when it gets completely past them")
    ends_on_kinds: list[TerrainKind] = Field(
        default_factory=list, description="terrain kinds an advance may end on, completely within (at its height)")
    source: Annotated[str, Field(min_length=1, max_length=300)]


class FallingData(Strict):
    """Falling off an elevation: when, and the damage roll (dice d6 + power, a die more per step)."""

    min_drop: Distance = Field(description="a drop of at least this many inches is a fall")
    power: Annotated[int, Field(ge=0, le=30)] = Field(description="POW of the fall's damage roll")
    dice: Annotated[int, Field(ge=1, le=6)] = Field(description="dice of a fall of up to `first` inches")
    first: Distance = Field(description="inches the first damage roll covers")
    step: Annotated[float, Field(gt=0, le=20)] = Field(description="one more die per further step or part")
    support: Literal["complete", "one_inch"] = Field(
        description="complete: a base stays on a surface only completely on it; one_inch: with at least 1\" of "
                    "its width along the move on it")
    source: Annotated[str, Field(min_length=1, max_length=200)]


class DisturbanceData(Strict):
    """The rule of least disturbance."""

    immovable_bases: list[BaseSize] = Field(default_factory=list, description="bases it never moves")
    mover_yields_to_larger: bool = Field(
        default=False, description="a moved model overlapping a larger base is the one moved")
    source: Annotated[str, Field(min_length=1, max_length=200)]


class SunkenData(Strict):
    """Models completely inside features of ``kinds`` (trenches, craters) are ignored for line
    of sight to a model that is not completely inside a feature of ``unless_target_in``."""

    kinds: list[TerrainKind] = Field(min_length=1)
    unless_target_in: list[TerrainKind] = Field(min_length=1)
    source: Annotated[str, Field(min_length=1, max_length=200)]


class GeometryData(Strict):
    """The edition's table rules (see docs/geometry.md)."""

    source: Annotated[str, Field(min_length=1, max_length=400)]
    note: Text | None = None
    unconfirmed: list[str] = Field(default_factory=list, description="fields no seed confirms")
    volume_heights: VolumeHeights
    front_arc_degrees: Annotated[float, Field(gt=0, le=360)] | None = Field(
        description="null: models have no facing (MkIV)")
    stealth_range: Distance
    protection_range: Distance = Field(description="cover/concealment need the target this close to the feature")
    protection_measured: Literal["feature", "between"] = Field(
        default="between", description="where protection_range is measured to: anywhere on a feature that lies "
                                       "between the models (feature, MkII) or only its part on a straight line "
                                       "between them (between, MkIII/MkIV)")
    elevated_at_least: Distance | None = Field(description="null: any higher elevation counts")
    elevation_los_margin: Distance = Field(description="a viewer at least this much higher (or lower; 0: any "
                                                       "difference) applies the elevation rules of LOS")
    high_viewer_ignores_smaller: bool = Field(
        default=False, description="looking down, models near the target on bases no larger than the viewer's "
                                   "are ignored too (MkII)")
    unprotected_bases: list[BaseSize] = Field(default_factory=list)
    screening: bool = False
    forest_depth: Distance
    default_melee_range: Distance | None = Field(description="melee range of a melee weapon without Reach "
                                                             "(null: weapons print their range)")
    reach_melee_range: Distance | None = None
    rough_rule: Literal["half_rate", "minus_two"]
    control_range_stats: list[Annotated[str, Field(pattern=r"^[A-Z]{3,4}$")]] = Field(
        default_factory=list, description="a caster's control range is the first of these stats it has...")
    control_range_factor: Annotated[int, Field(ge=1, le=3)] = Field(default=1, description="...times this")
    command_range_stat: Annotated[str, Field(pattern=r"^[A-Z]{3,4}$")] | None = Field(
        default=None, description="command range in inches is this stat (null: the edition has none)")
    aoe: AoeData
    spray: SprayData
    slam: SlamData
    throw: ThrowData
    trample: TrampleData
    falling: FallingData
    least_disturbance: DisturbanceData
    sunken: SunkenData | None = Field(default=None, description="models hidden in trenches or craters")
    movers: dict[Literal["flight", "incorporeal"], MoverData] = Field(
        default_factory=dict, description="how models with these abilities move (none listed: like any other)")
    terrain: dict[TerrainKind, TerrainKindRules]
