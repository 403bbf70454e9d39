"""The edition's geometric rules as plain numbers, filled from ruleset data.

Nothing here knows an edition by name: every difference between MkII, MkIII and MkIV
(volume heights, arcs, how terrain acts, AOE and spray rules) arrives as a value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

LosEffect = Literal["none", "height", "cloud", "forest"]
Protection = Literal["none", "cover", "concealment"]
ProtectionWhen = Literal["intervening", "inside", "inside_unless_attacker_touches"]
RoughRule = Literal["half_rate", "minus_two"]


@dataclass(frozen=True, slots=True)
class ClimbRule:
    """Climbing onto a feature while advancing: ``cost`` inches of movement (at least that much
    left) for ``progress`` inches forward onto it; features thinner than ``min_thickness`` cannot
    be climbed and are crossed only completely (linear obstacles)."""

    cost: float
    progress: float
    min_thickness: float


@dataclass(frozen=True, slots=True)
class TerrainRule:
    """How one terrain kind acts on line of sight, DEF and movement."""

    los: LosEffect = "none"
    protection: Protection = "none"
    protection_when: ProtectionWhen = "intervening"
    protects_bases: frozenset[int] | None = None
    transparent_to_bases: frozenset[int] = frozenset()
    rough: bool = False
    impassable: bool = False
    elevation: bool = False
    melee_def: bool = False
    stops_movement: bool = False
    no_fall: bool = False
    crossed_advancing: bool = False
    climb: ClimbRule | None = None
    terraced_overhang: float | None = None
    """Climbable by a model whose base would hang off it by at most this many inches: to such a
    model an advance or charge crosses it as open ground, and it gives no cover to a model on it
    (None: no such rule; a MkIII terraced obstruction)."""
    blast_shelter: str | None = None
    """The seed lines of the rule that spares a model completely within features of this kind from
    blast damage whose origin lies outside those it touches (None: no such rule)."""


@dataclass(frozen=True, slots=True)
class AoeRules:
    """``template``: a circle of diameter AOE with deviation on a miss (MkII/MkIII);
    ``nearest``: the AOE-many models nearest the target within AOE inches (MkIV).
    ``blast_origin``: where blast damage comes from, the point of impact or the target model."""

    mode: Literal["template", "nearest"]
    long_face: int = 1
    direction_step_degrees: float = 60.0
    cap_fraction: float = 0.5
    blast_origin: Literal["point_of_impact", "target"] = "point_of_impact"


@dataclass(frozen=True, slots=True)
class SprayRules:
    """``template``: a widening template laid from the attacker's base edge (MkII/MkIII);
    ``line``: a line of the weapon's full range through the target's centre (MkIV)."""

    mode: Literal["template", "line"]
    narrow_width: float = 0.0
    wide_width: float = 0.0
    full_length: float = 10.0


@dataclass(frozen=True, slots=True)
class SlamRules:
    """A slam moves the model a d6 directly away; these adjust the distance and the path.  The
    slammer first advances SPD + ``approach_bonus`` straight at its target and must end with it
    in the slam's melee range (``huge_melee_range`` for a huge base, where the edition gives one);
    ``power_strike_bonus``: a huge base's power strike slams d6 plus this (None: no power strike).
    The target is declared before the move and must be in the slammer's line of sight then."""

    halved_by_smaller_origin: bool = True
    huge_bonus: float = 0.0
    rough_half_rate: bool = False
    immovable_bases: frozenset[int] = frozenset()
    approach_bonus: float = 3.0
    melee_range: float = 0.5
    huge_melee_range: float | None = None
    power_strike_bonus: float | None = None
    target_not_states: frozenset[str] = frozenset()
    """States a slam power attack's target may not be in (MkII: knocked down), from the slam's
    attack kind in the ruleset, the same data the attack engine refuses such a target with."""


@dataclass(frozen=True, slots=True)
class ThrowRules:
    """``distance``: a d6 roll or half the thrower's STR; ``deviates``: ``always`` (from the
    intended point), ``missed_model`` (a throw at a model that misses) or ``never``.
    ``away_within_degrees``: the thrower may pick the direction, at most this far off directly
    away (None: always directly away); ``at_model_double_hand``: only a double-hand throw may go
    at a model; ``miss_cap_to``: a missed throw at a model deviates at most half the distance
    from the thrown model to the missed model's ``edge`` or from centre to ``centre``."""

    distance: Literal["d6", "half_str"] = "d6"
    large_on_small_bonus: float = 0.0
    huge_bonus: float = 0.0
    deviates: Literal["never", "always", "missed_model"] = "never"
    at_model: bool = False
    obstacles_stop: bool = True
    away_within_degrees: float | None = None
    at_model_double_hand: bool = False
    miss_cap_to: Literal["edge", "centre"] = "edge"


@dataclass(frozen=True, slots=True)
class FallingRules:
    """A model moved off a surface at least ``min_drop`` inches higher than where it lands falls:
    ``dice`` d6 + ``power`` for the first ``first`` inches, a die more for each further ``step``
    inches or part of them.  ``support``: a model stays up when its base is ``complete``-ly on the
    surface, or (``one_inch``) when at least 1" of its base's width along the move is."""

    min_drop: float = 1.0
    power: int = 12
    dice: int = 2
    first: float = 2.0
    step: float = 2.0
    support: Literal["complete", "one_inch"] = "complete"


@dataclass(frozen=True, slots=True)
class DisturbanceRules:
    """The rule of least disturbance: bases ``immovable`` are never moved by it; when a moved model
    overlaps one (or, with ``mover_yields_to_larger``, a larger base) the moved model is moved instead."""

    immovable: frozenset[int] = frozenset()
    mover_yields_to_larger: bool = False


@dataclass(frozen=True, slots=True)
class MoverRules:
    """A model with Flight or Incorporeal: rough terrain (``open_terrain``), the terrain kinds and
    models its charge, slam or trample moves through, and whether it sees past models to charge;
    the kinds and models a plain advance moves through (``advance_*``: when it gets completely
    past them) and the kinds it may end an advance on, completely within (``ends_on_kinds``)."""

    ability: str
    open_terrain: bool = False
    passes_kinds: frozenset[str] = frozenset()
    passes_models: bool = False
    charge_sees_past_models: bool = False
    advance_passes_kinds: frozenset[str] = frozenset()
    advance_passes_models: bool = False
    ends_on_kinds: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class TrampleRules:
    """SPD + ``bonus`` through ``through_bases``; with ``free_strikes``, enemies whose melee range
    the trampler left may strike it afterwards, except contacted models on ``no_free_strike_bases``."""

    bonus: float = 3.0
    through_bases: frozenset[int] = frozenset({30})
    free_strikes: bool = False
    no_free_strike_bases: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class GeometryRules:
    volume_heights: dict[int, float]
    front_arc_degrees: float | None
    stealth_range: float
    protection_range: float
    protection_measured: Literal["feature", "between"]
    elevated_at_least: float | None
    elevation_los_margin: float
    high_viewer_ignores_smaller: bool
    unprotected_bases: frozenset[int]
    screening: bool
    forest_depth: float
    default_melee_range: float | None
    reach_melee_range: float | None
    aoe: AoeRules
    spray: SprayRules
    charge_bonus: float
    rough_rule: RoughRule
    slam: SlamRules = SlamRules()
    throw: ThrowRules = ThrowRules()
    trample: TrampleRules = TrampleRules()
    falling: FallingRules = FallingRules()
    disturbance: DisturbanceRules = DisturbanceRules()
    movers: dict[str, MoverRules] = field(default_factory=dict)
    sunken_kinds: frozenset[str] = frozenset()
    sunken_unless_target_in: frozenset[str] = frozenset()
    terrain: dict[str, TerrainRule] = field(default_factory=dict)
    values: dict[str, int] = field(default_factory=dict)
    unconfirmed: tuple[str, ...] = ()

    def value_of(self, state: str) -> int | None:
        """The number the interpreter attaches to a state (a DEF or roll bonus), if any."""
        return self.values.get(state)
