"""Climbing onto an obstacle while advancing (MkII: seed 001 L2405-2411, seed 004 L129).

An obstacle (under 1" tall) at least 1" thick can be climbed by an advancing model: once its base
touches the obstacle it pays 2" of its movement (it needs at least that much left) and is placed on
top with its base 1" further forward, then goes on with what is left; stepping down costs nothing
(L2411), and an obstacle is under 1" tall (L2401), so stepping down is never a fall (a fall needs a
drop of a full inch, L1379). A charge cannot pay the cost and stops on contact (that is the charge
lane's rule for every obstacle). A thinner obstacle (a wall or hedge, a *linear obstacle*,
L2415-2417) cannot be climbed: it is crossed only by a model that gets its base completely past it,
else it stops short. The numbers are ruleset data (``climb`` on a terrain kind); MkIII and MkIV have
no such rule for obstacles (seed 003 L3095, seed 000 L5393: a model cannot climb on or stand atop
one).

"Thick" is the feature's thickness: the diameter of the largest circle inside it
(:func:`~wmdata.geometry.measure.thickness`).
"""

from __future__ import annotations

from dataclasses import replace

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.lanes import Direction, table_limit
from wmdata.geometry.measure import TOLERANCE, thickness
from wmdata.geometry.rules import ClimbRule, GeometryRules


def climb_rule(rules: GeometryRules, feature: Feature) -> ClimbRule | None:
    rule = rules.terrain.get(feature.kind)
    return rule.climb if rule is not None else None


def linear_features(board: Board, rules: GeometryRules) -> frozenset[str]:
    """Features of a climbable kind too thin to climb: crossed only completely, like a MkIII obstacle."""
    return frozenset(f.id for f in board.features
                     if (climb := climb_rule(rules, f)) is not None and thickness(f) < climb.min_thickness - 1e-6)


def climb_onto(board: Board, mover: Piece, direction: Direction, feature: Feature, climb: ClimbRule,
               left: float, ahead: float) -> tuple[Piece | None, str]:
    """``mover`` touches ``feature`` with ``left`` inches of movement and ``ahead`` inches still to
    go to where it is headed: the model placed on top, or None and why not.  The obstacle, not the
    model, carries the height: the model stands at it while its base is over the obstacle
    (:func:`~wmdata.geometry.levels.ground_levels`) and steps down once clear of it (L2411)."""
    if left < climb.cost - TOLERANCE:
        return None, (f"cannot climb {feature.id}: {left:.3f}\" of movement left, climbing needs "
                      f"{climb.cost:g}\"")
    if ahead < climb.progress - TOLERANCE:
        return None, (f"does not climb {feature.id}: it is headed only {ahead:.3f}\" further, and a climb "
                      f"places it {climb.progress:g}\" forward")
    if table_limit(board, mover, direction) < climb.progress - TOLERANCE:
        return None, f"cannot climb {feature.id}: the table edge is less than {climb.progress:g}\" ahead"
    up = replace(mover, x=mover.x + direction[0] * climb.progress, y=mover.y + direction[1] * climb.progress)
    for other in board.pieces:
        if other.id != mover.id and ((other.x - up.x) ** 2 + (other.y - up.y) ** 2) ** 0.5 \
                < other.radius + up.radius - TOLERANCE:
            return None, f"cannot climb {feature.id}: {other.id} is in the way on top"
    return up, (f"climbs {feature.id} ({climb.cost:g}\" of movement for {climb.progress:g}\" forward, "
                f"{feature.height:g}\" up)")
