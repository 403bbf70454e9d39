"""AOE and spray: which models an area attack touches, per edition's rule.

* ``template`` AOEs (MkII/MkIII) are circles of diameter AOE centred on the point of
  impact; every base they touch is hit.  A miss deviates: the direction die (face
  ``long_face`` points directly away from the attacker, the faces go round in steps of
  ``direction_step_degrees``), the distance die, capped at half the distance to the target
  (half the RNG when the target is out of range, deviating from the point at RNG),
  never rounded, and pulled back onto the table edge.
* ``nearest`` AOEs (MkIV) hit the AOE-many models nearest the target that are within
  AOE inches of it; models tied for the last places are reported.
* A model completely down in a trench or crater (``blast_shelter`` terrain) is still hit but
  may suffer no blast damage (:mod:`wmdata.geometry.shelter`): ``spared`` lists each with why.
* Spray templates (MkII/MkIII) widen from the attacker's base edge, centred on the
  target; the MkIV spray is a line of the full range through the target's centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.measure import TOLERANCE, centre_distance, edge_distance, point_segment_distance
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.shelter import Shelter, sheltered


@dataclass(slots=True)
class AreaResult:
    """The models an area attack touches, the rule applied, and where the area lies."""

    rule: str
    hit: list[str]
    centre: tuple[float, float] | None = None
    radius: float | None = None
    polygon: list[tuple[float, float]] | None = None
    ties: list[str] = field(default_factory=list)
    excluded: list[str] = field(default_factory=list)
    deviation: dict[str, float] | None = None
    spared: list[Shelter] = field(default_factory=list)
    """Models hit that suffer no blast damage (down in a trench or crater), each with why."""

    def as_json(self) -> dict[str, object]:
        return {"rule": self.rule, "hit": self.hit, "ties": self.ties, "excluded": self.excluded,
                "centre": list(self.centre) if self.centre else None, "radius": self.radius,
                "polygon": [list(p) for p in self.polygon] if self.polygon else None, "deviation": self.deviation,
                "spared": [s.as_json() for s in self.spared]}


def bases_under_circle(board: Board, centre: tuple[float, float], radius: float) -> list[str]:
    """Every base with any part under a circle (exact: centre distance at most the sum of radii)."""
    cx, cy = centre
    return [p.id for p in board.pieces if math.hypot(p.x - cx, p.y - cy) <= radius + p.radius + TOLERANCE]


def _clip_to_table(board: Board, start: tuple[float, float], direction: tuple[float, float],
                   distance: float) -> float:
    """Shorten ``distance`` so that start + distance * direction stays on the table."""
    limit = distance
    for coord, step, size in ((start[0], direction[0], board.width), (start[1], direction[1], board.height)):
        if step > 1e-12:
            limit = min(limit, (size - coord) / step)
        elif step < -1e-12:
            limit = min(limit, -coord / step)
    return max(0.0, limit)


def deviation_direction(rules: GeometryRules, long: tuple[float, float], roll: int) -> tuple[float, float]:
    """The unit direction a deviation die face points: ``long`` for the long face, the other
    faces going round clockwise (seen from above) in the edition's steps."""
    turn = math.radians((roll - rules.aoe.long_face) * rules.aoe.direction_step_degrees)
    ux, uy = long
    return ux * math.cos(turn) + uy * math.sin(turn), -ux * math.sin(turn) + uy * math.cos(turn)


def deviate(board: Board, rules: GeometryRules, attacker: Piece, target: Piece, rng: float,
            direction_roll: int, distance_roll: float) -> tuple[tuple[float, float], dict[str, float], str]:
    """Point of impact of a missed template AOE, with the numbers used and the rule applied in words."""
    span = centre_distance(attacker, target)
    ux, uy = ((target.x - attacker.x) / span, (target.y - attacker.y) / span) if span else (0.0, 1.0)
    gap = edge_distance(attacker, target)
    if gap <= rng + TOLERANCE:
        start, cap = target.centre, gap * rules.aoe.cap_fraction
        origin_text = f"from {target.id}'s centre; target in range, cap {rules.aoe.cap_fraction:g} x {gap:.3f}\""
    else:
        reach = attacker.radius + rng
        start = (attacker.x + ux * reach, attacker.y + uy * reach)
        cap = rng * rules.aoe.cap_fraction
        origin_text = f"from the point at RNG {rng:g}\" toward {target.id}; target out of range, cap " \
                      f"{rules.aoe.cap_fraction:g} x RNG"
    dx, dy = deviation_direction(rules, (ux, uy), direction_roll)
    moved = min(distance_roll, cap)
    clipped = _clip_to_table(board, start, (dx, dy), moved)
    point = (start[0] + dx * clipped, start[1] + dy * clipped)
    numbers = {"direction_roll": direction_roll, "distance_roll": distance_roll, "cap": round(cap, 6),
               "moved": round(clipped, 6), "x": round(point[0], 6), "y": round(point[1], 6)}
    text = (f"deviation {origin_text}; direction {direction_roll} ({direction_roll - rules.aoe.long_face} x "
            f"{rules.aoe.direction_step_degrees:g} degrees clockwise from long), distance {distance_roll:g}\" "
            f"-> {clipped:.3f}\"" + (" (clipped to the table edge)" if clipped < moved - TOLERANCE else ""))
    return point, numbers, text


def aoe(board: Board, rules: GeometryRules, attacker: Piece | None, target: Piece, size: float, *,
        rng: float | None = None, missed: bool = False, dice: tuple[int, float] | None = None) -> AreaResult:
    """The models an AOE of ``size`` inches affects, on a direct hit or a miss (``dice``: the
    deviation direction and distance rolls, needed by the template rule), and which of those
    suffering blast damage a trench or crater spares."""
    result = _area(board, rules, attacker, target, size, rng=rng, missed=missed, dice=dice)
    origin = target if rules.aoe.blast_origin == "target" or result.centre is None else result.centre
    blasted = [board.piece(pid) for pid in [*result.hit, *result.ties] if missed or pid != target.id]
    result.spared = [found for piece in blasted if (found := sheltered(board, rules, piece, origin)) is not None]
    return result


def _area(board: Board, rules: GeometryRules, attacker: Piece | None, target: Piece, size: float, *,
          rng: float | None, missed: bool, dice: tuple[int, float] | None) -> AreaResult:
    if rules.aoe.mode == "nearest":
        return _nearest(board, target, size, missed=missed, rng=rng, attacker=attacker)
    radius = size / 2
    if not missed:
        hit = bases_under_circle(board, target.centre, radius)
        return AreaResult(f"template of {size:g}\" diameter centred on {target.id}; every base it touches is hit, "
                          f"{target.id} directly", hit, target.centre, radius)
    if rng is None or dice is None or attacker is None:
        raise ValueError("a deviating AOE needs the attacker, the weapon's RNG and the deviation dice")
    point, numbers, text = deviate(board, rules, attacker, target, rng, *dice)
    hit = bases_under_circle(board, point, radius)
    return AreaResult(text + "; no direct hit", hit, point, radius, deviation=numbers)


def _nearest(board: Board, target: Piece, size: float, *, missed: bool, rng: float | None,
             attacker: Piece | None) -> AreaResult:
    count = int(size)
    if missed:
        if attacker is None or rng is None:
            raise ValueError("a missed AOE needs the attacker and the weapon's RNG")
        in_range = edge_distance(attacker, target) <= rng + TOLERANCE
        rule = ("missed with the target in range: only the target suffers blast damage" if in_range else
                "missed with the target out of range: nothing is hit (this edition has no deviation)")
        return AreaResult(rule, [target.id] if in_range else [], target.centre, None)
    near = sorted((round(edge_distance(target, p), 9), p.id) for p in board.pieces
                  if p.id != target.id and edge_distance(target, p) <= size + TOLERANCE)
    hit, ties = [pid for _, pid in near], []
    if len(near) > count:
        cut = near[count - 1][0] if count > 0 else -1.0
        hit = [pid for d, pid in near if d < cut]
        tied = [pid for d, pid in near if d == cut]
        places = count - len(hit)
        if places == len(tied):
            hit += tied
        elif places > 0:
            ties = tied
    nearest, verb = ("the model nearest it", "suffers") if count == 1 else (f"the {count} models nearest it", "suffer")
    rule = f"direct hit on {target.id}; {nearest} within {size:g}\" {verb} blast damage"
    if ties:
        last = "place" if places == 1 else f"{places} places"
        rule += f"; {', '.join(ties)} are equally near for the last {last}: randomize"
    return AreaResult(rule, [target.id, *hit], target.centre, size + target.radius, ties=ties)


def spray(board: Board, rules: GeometryRules, attacker: Piece, target: Piece, length: float) -> AreaResult:
    """The models a spray touches, minus those terrain hides completely from the attacker."""
    span = centre_distance(attacker, target) or 1.0
    ux, uy = (target.x - attacker.x) / span, (target.y - attacker.y) / span
    sx, sy = attacker.x + ux * attacker.radius, attacker.y + uy * attacker.radius
    if rules.spray.mode == "line":
        ex, ey = sx + ux * length, sy + uy * length
        touched = [p for p in board.pieces if p.id != attacker.id
                   and point_segment_distance(p.x, p.y, sx, sy, ex, ey) <= p.radius + TOLERANCE]
        polygon = [(sx, sy), (ex, ey)]
        rule = f"a line of {length:g}\" from {attacker.id}'s base edge through {target.id}'s centre"
        skip = frozenset(k for k, r in rules.terrain.items() if r.los == "cloud")
    else:
        narrow = rules.spray.narrow_width / 2
        wide = narrow + (rules.spray.wide_width - rules.spray.narrow_width) / 2 * length / rules.spray.full_length
        nx, ny = -uy, ux
        ex, ey = sx + ux * length, sy + uy * length
        polygon = [(sx + nx * narrow, sy + ny * narrow), (ex + nx * wide, ey + ny * wide),
                   (ex - nx * wide, ey - ny * wide), (sx - nx * narrow, sy - ny * narrow)]
        shape = Polygon(polygon)
        touched = [p for p in board.pieces if p.id != attacker.id
                   and Point(p.x, p.y).distance(shape) <= p.radius + TOLERANCE]
        rule = (f"a {length:g}\" spray template from {attacker.id}'s base edge, centred on {target.id}; "
                "every base it covers")
        skip = frozenset()
    hit, excluded = [], []
    for piece in touched:
        if line_of_sight(board, rules, attacker, piece, terrain_only=True, skip_kinds=skip).los:
            hit.append(piece.id)
        else:
            excluded.append(piece.id)
    if excluded:
        rule += "; terrain completely blocks line of sight to " + ", ".join(excluded)
    return AreaResult(rule, hit, polygon=polygon, excluded=excluded)

