"""Free strikes against a trampling model: which enemies may strike it once its trample attacks
are resolved, and where each strike counts as taking place.

An enemy may strike when the trampler was inside its melee range (reach, front arc and line of
sight, as for any melee range) at some point of the straight move and then left it, by distance
or out of its arc or sight, before the move ended.  Models the edition names (contacted ones on
certain bases) may not; editions without free strikes report none.

Reach and arc are solved exactly along the move (distances ``s`` from the start, the trampler's
centre at ``start + s * direction``):

* reach: the centre within ``R = reach + both radii`` of the enemy's centre, a quadratic in ``s``;
* arc: some part of the base in the enemy's front arc, i.e. the centre within one radius of the
  arc's wedge.  That set's edge lies on the circle of one radius round the enemy's centre and on
  the two lines parallel to the arc's edges, one radius either side (for the 180 degree arcs of
  the seeds: the line across the facing, one radius behind the centre).  So the move enters or
  leaves the arc only where it crosses one of those, found in closed form; between two such
  crossings the answer is that of the midpoint.

Line of sight along the move is :func:`wmdata.geometry.sightpath.sight_spans` (the enemy must see
the trampler for it to be in its melee range; the trample attacks themselves go against the models
it moved through, touching, and ask nothing more of sight here).  It is skipped when nothing that
could stop it (a model whose base is at least the trampler's, a feature that acts on line of sight)
reaches into the region the lines sweep (the convex hull of the enemy's base and the trampler's
bases along the span): it then holds everywhere in the arc.  It is exact past bases and terrain
that stops every line meeting it; where a feature acts partially it is sampled, and the strike
says so (``los_sampled``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import pairwise

import shapely

from wmdata.geometry.arcs import in_front_arc
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.sightpath import sight_spans

Direction = tuple[float, float]
Span = tuple[float, float]


@dataclass(frozen=True, slots=True)
class FreeStrike:
    """An enemy's free strike and the trampler's spot when it left the enemy's melee range;
    ``los_sampled``: line of sight along some of the move was checked at spaced points, not solved
    (a feature acting partially on it)."""

    id: str
    at: tuple[float, float]
    travelled: float
    los_sampled: bool = False

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "at": [round(v, 6) for v in self.at], "travelled": round(self.travelled, 6),
                "los_sampled": self.los_sampled}


def reach_span(mover: Piece, direction: Direction, enemy: Piece, length: float) -> Span | None:
    """The part of the move (distances along it, clipped to [0, length]) with the trampler's base
    within the enemy's melee range by distance alone."""
    assert enemy.melee_range is not None
    reach = mover.radius + enemy.radius + enemy.melee_range + TOLERANCE
    dx, dy = mover.x - enemy.x, mover.y - enemy.y
    b = dx * direction[0] + dy * direction[1]
    disc = b * b - (dx * dx + dy * dy - reach * reach)
    if disc < 0:
        return None
    low, high = max(0.0, -b - math.sqrt(disc)), min(length, -b + math.sqrt(disc))
    return (low, high) if low <= high else None


def _arc_crossings(mover: Piece, direction: Direction, enemy: Piece, degrees: float) -> list[float]:
    """Every ``s`` where the move crosses the circle or the lines bounding the centres whose base
    reaches into the enemy's front arc (module docstring)."""
    px, py = mover.x - enemy.x, mover.y - enemy.y
    dx, dy = direction
    r = mover.radius
    found: list[float] = []
    # The circle of radius r round the enemy's centre: |p + s d| = r.
    b = px * dx + py * dy
    disc = b * b - (px * px + py * py - r * r)
    if disc >= 0:
        found += [-b - math.sqrt(disc), -b + math.sqrt(disc)]
    facing = math.radians(enemy.facing)
    for edge in (facing + math.radians(degrees / 2), facing - math.radians(degrees / 2)):
        nx, ny = -math.sin(edge), math.cos(edge)
        along = nx * dx + ny * dy
        if abs(along) > 1e-15:
            found += [(side * r - (nx * px + ny * py)) / along for side in (1.0, -1.0)]
    return found


def _at(mover: Piece, direction: Direction, s: float) -> Piece:
    return replace(mover, x=mover.x + direction[0] * s, y=mover.y + direction[1] * s)


def arc_spans(mover: Piece, direction: Direction, enemy: Piece, degrees: float | None, span: Span) -> list[Span]:
    """The parts of ``span`` with some part of the trampler's base in the enemy's front arc."""
    low, high = span
    if degrees is None or degrees >= 360 or high - low <= TOLERANCE:
        return [span] if in_front_arc(enemy, _at(mover, direction, (low + high) / 2), degrees) else []
    cuts = sorted({low, high, *(s for s in _arc_crossings(mover, direction, enemy, degrees) if low < s < high)})
    spans: list[Span] = []
    for start, end in pairwise(cuts):
        if in_front_arc(enemy, _at(mover, direction, (start + end) / 2), degrees):
            if spans and spans[-1][1] == start:
                spans[-1] = (spans[-1][0], end)
            else:
                spans.append((start, end))
    return spans


def _may_hide(board: Board, rules: GeometryRules, mover: Piece, enemy: Piece, direction: Direction,
              span: Span) -> bool:
    """Whether a model or feature that could stop a line from ``enemy`` to the trampler reaches into
    the region those lines sweep along ``span`` (see the module docstring)."""
    ends = [_at(mover, direction, s) for s in span]
    region = shapely.convex_hull(shapely.union_all([p.disc().buffer(1e-6) for p in (enemy, *ends)]))
    for other in board.pieces_near(region):
        if (other.id not in (mover.id, enemy.id) and other.base_mm >= mover.base_mm and not other.knocked_down
                and not other.incorporeal and region.intersects(other.disc())):
            return True
    for feature in board.features_near(region):
        rule = rules.terrain.get(feature.kind)
        if (rule is not None and rule.los != "none" and mover.base_mm not in rule.transparent_to_bases
                and feature.prepared.intersects(region)):
            return True
    return False


def melee_spans(board: Board, rules: GeometryRules, mover: Piece, enemy: Piece, direction: Direction,
                length: float) -> tuple[list[Span], bool]:
    """The parts of the move with the trampler inside ``enemy``'s melee range, and whether line of
    sight was sampled to find them."""
    span = reach_span(mover, direction, enemy, length)
    if span is None:
        return [], False
    spans = arc_spans(mover, direction, enemy, rules.front_arc_degrees, span)
    if not spans:
        return [], False
    if not _may_hide(board, rules, mover, enemy, direction, (spans[0][0], spans[-1][1])):
        return spans, False
    seen: list[Span] = []
    sampled = False
    for piece in spans:
        parts, piece_sampled = sight_spans(board, rules, enemy, mover, direction, piece)
        seen += parts
        sampled = sampled or piece_sampled
    return seen, sampled


def trample_free_strikes(board: Board, rules: GeometryRules, mover: Piece, direction: Direction, length: float,
                         contacted: set[str]) -> list[FreeStrike]:
    """Enemies that may free strike ``mover`` after it trampled ``length`` inches along ``direction``."""
    if not rules.trample.free_strikes:
        return []
    found: list[FreeStrike] = []
    for enemy in board.pieces:
        if (enemy.id == mover.id or enemy.side == mover.side or enemy.melee_range is None or enemy.knocked_down
                or (enemy.id in contacted and enemy.base_mm in rules.trample.no_free_strike_bases)):
            continue
        spans, sampled = melee_spans(board, rules, mover, enemy, direction, length)
        # It leaves at the end of the first stretch inside, unless the move ends there.
        if spans and spans[0][1] < length - TOLERANCE:
            left = spans[0][1]
            found.append(FreeStrike(enemy.id, (mover.x + direction[0] * left, mover.y + direction[1] * left), left,
                                    sampled))
    return sorted(found, key=lambda strike: strike.travelled)
