"""Straight movement lanes: a charge toward a target and a slammed model's path.

Contacts with bases are solved exactly (where a moving circle first touches a standing
one is a quadratic in the distance moved); contacts with terrain and the extra cost of
rough terrain are found with shapely on the lane swept by the base.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from shapely.geometry import LineString, Point

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.measure import TOLERANCE, centre_distance
from wmdata.geometry.modifiers import in_melee_range
from wmdata.geometry.rules import GeometryRules


@dataclass(slots=True)
class LaneResult:
    rule: str
    start: tuple[float, float]
    end: tuple[float, float]
    moved: float
    stopped_by: str | None
    contacted: list[str] = field(default_factory=list)
    in_melee_range: bool | None = None
    charge_attack: bool | None = None

    def as_json(self) -> dict[str, object]:
        return {"rule": self.rule, "start": list(self.start), "end": [round(v, 6) for v in self.end],
                "moved": round(self.moved, 6), "stopped_by": self.stopped_by, "contacted": self.contacted,
                "in_melee_range": self.in_melee_range, "charge_attack": self.charge_attack}


def contact_distance(mover: Piece, direction: tuple[float, float], other: Piece) -> float | None:
    """How far ``mover`` travels along ``direction`` before its base touches ``other`` (None: never)."""
    dx, dy = mover.x - other.x, mover.y - other.y
    reach = mover.radius + other.radius
    b = dx * direction[0] + dy * direction[1]
    c = dx * dx + dy * dy - reach * reach
    disc = b * b - c
    if disc < 0:
        return None
    t = -b - math.sqrt(disc)
    return t if t >= -TOLERANCE else None


def _terrain_contact(board: Board, mover: Piece, direction: tuple[float, float], length: float,
                     kinds: set[str]) -> tuple[float, str] | None:
    """First distance at which the moving base touches a feature of one of ``kinds``."""
    path = LineString([mover.centre, (mover.x + direction[0] * length, mover.y + direction[1] * length)])
    best: tuple[float, str] | None = None
    for feature in board.features:
        if feature.kind not in kinds:
            continue
        grown = feature.shape.buffer(mover.radius, quad_segs=64)
        if grown.contains(Point(mover.centre)):
            continue
        hit = path.intersection(grown)
        if hit.is_empty:
            continue
        t = min(path.project(Point(c)) for part in getattr(hit, "geoms", [hit]) for c in part.coords)
        if best is None or t < best[0]:
            best = (t, feature.id)
    return best


def _rough_length(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float],
                  length: float) -> float:
    """How much of the first ``length`` inches is travelled with part of the base in rough terrain."""
    if length <= 0:
        return 0.0
    path = LineString([mover.centre, (mover.x + direction[0] * length, mover.y + direction[1] * length)])
    total = 0.0
    for feature in board.features:
        rule = rules.terrain.get(feature.kind)
        if rule is not None and rule.rough:
            total += path.intersection(feature.shape.buffer(mover.radius, quad_segs=64)).length
    return min(total, length)


def _reach_with_rough(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float],
                      budget: float, *, advancing: bool) -> tuple[float, str]:
    """How far the budget carries the base, and the rough-terrain rule used."""
    if not any(rules.terrain.get(f.kind) is not None and rules.terrain[f.kind].rough for f in board.features):
        return budget, ""
    if rules.rough_rule == "minus_two":
        if advancing and _rough_length(board, rules, mover, direction, budget) > 0:
            return max(1.0, budget - 2), "rough terrain: movement reduced by 2\" (at least 1\")"
        return budget, ""
    low, high = 0.0, budget
    for _ in range(60):
        mid = (low + high) / 2
        if mid + _rough_length(board, rules, mover, direction, mid) <= budget:
            low = mid
        else:
            high = mid
    note = "rough terrain: every inch with the base in it costs 2\"" if low < budget - TOLERANCE else ""
    return low, note


def charge(board: Board, rules: GeometryRules, mover: Piece, target: Piece, speed: float) -> LaneResult:
    """Charge straight at the target's centre: SPD plus the charge bonus, stopping on first contact."""
    span = centre_distance(mover, target) or 1.0
    direction = ((target.x - mover.x) / span, (target.y - mover.y) / span)
    budget = speed + rules.charge_bonus
    reach, rough_note = _reach_with_rough(board, rules, mover, direction, budget, advancing=True)
    stop, stopped_by = reach, None
    for other in board.pieces:
        if other.id == mover.id:
            continue
        t = contact_distance(mover, direction, other)
        if t is not None and t < stop - TOLERANCE:
            stop, stopped_by = max(0.0, t), other.id
    blockers = {k for k, r in rules.terrain.items() if r.stops_movement or r.impassable}
    wall = _terrain_contact(board, mover, direction, stop, blockers)
    if wall is not None and wall[0] < stop - TOLERANCE:
        stop, stopped_by = wall
    moved = replace(mover, x=mover.x + direction[0] * stop, y=mover.y + direction[1] * stop, facing=math.degrees(
        math.atan2(direction[1], direction[0])))
    moved_board = board.replace_pieces(tuple(moved if p.id == mover.id else p for p in board.pieces))
    reached = in_melee_range(moved_board, rules, moved, target)
    rule = (f"charge {speed:g}\" + {rules.charge_bonus:g}\" straight at {target.id}'s centre"
            + (f"; {rough_note}" if rough_note else "")
            + (f"; stops on contact with {stopped_by}" if stopped_by else "")
            + f"; moved {stop:.3f}\""
            + ("; ends with the target in melee range" if reached else "; fails: the target is not in melee range"))
    return LaneResult(rule, mover.centre, moved.centre, stop, stopped_by,
                      [stopped_by] if stopped_by and board.has(stopped_by) else [], reached,
                      reached and stop >= 3 - TOLERANCE)


def slam(board: Board, rules: GeometryRules, origin: Piece, slammed: Piece, distance: float) -> LaneResult:
    """The slammed model moves directly away from ``origin``: through smaller bases (contacting
    them) and stopping at an equal or larger base or at a feature that stops movement."""
    span = centre_distance(origin, slammed) or 1.0
    direction = ((slammed.x - origin.x) / span, (slammed.y - origin.y) / span)
    reach, rough_note = _reach_with_rough(board, rules, slammed, direction, distance, advancing=False)
    stop, stopped_by = reach, None
    passed: list[tuple[float, str]] = []
    for other in board.pieces:
        if other.id in (slammed.id, origin.id):
            continue
        t = contact_distance(slammed, direction, other)
        if t is None:
            continue
        if other.base_mm >= slammed.base_mm and t < stop - TOLERANCE:
            stop, stopped_by = max(0.0, t), other.id
        elif other.base_mm < slammed.base_mm:
            passed.append((t, other.id))
    blockers = {k for k, r in rules.terrain.items() if r.stops_movement or r.impassable}
    wall = _terrain_contact(board, slammed, direction, stop, blockers)
    if wall is not None and wall[0] < stop - TOLERANCE:
        stop, stopped_by = wall
    end = (slammed.x + direction[0] * stop, slammed.y + direction[1] * stop)
    contacted = sorted(pid for t, pid in passed if t <= stop + TOLERANCE)
    if stopped_by and board.has(stopped_by):
        contacted.append(stopped_by)
    rule = (f"slammed {distance:g}\" directly away from {origin.id}" + (f"; {rough_note}" if rough_note else "")
            + (f"; stops at {stopped_by}" if stopped_by else "")
            + (f"; passes through and contacts {', '.join(c for c in contacted if c != stopped_by)}"
               if any(c != stopped_by for c in contacted) else ""))
    return LaneResult(rule, slammed.centre, end, stop, stopped_by, contacted)

