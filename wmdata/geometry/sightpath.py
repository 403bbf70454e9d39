"""Where along a straight move a model standing still sees the moving one.

The mover's centre is at ``start + s * direction``; the answer is the set of ``s`` in a span where
:func:`wmdata.geometry.los.line_of_sight` from the viewer to the moved model holds, as intervals.

At one ``s``, with only bases and terrain that stops every line meeting it (*opaque*) in the way,
line of sight is decided by the arrangement of :mod:`wmdata.geometry.sweep`: each base, round
feature, terrain corner and point where the viewer's rim crosses a feature's edge or another
circle draws fixed curves in the plane of lines; the mover draws the two curves of its tangent
lines, which move with ``s``.  Whether some cell of lines is clear can only change where that
arrangement changes, so at an ``s`` (an *event*) where

* a line meeting two fixed curves (a common tangent of two circles, a tangent from a point to a
  circle, the line through two points: :func:`wmdata.geometry.sweep.crossing_lines`) touches the
  mover's base, linear in ``s``;
* the mover's base touches a fixed circle or passes a fixed point, a quadratic in ``s``;
* the mover's base touches a feature's edge or a corner of the union of the features, which
  changes how a feature acts (a cloud or forest it touches, a trench it is completely inside):
  linear per edge line, quadratic per corner.

Between two neighbouring events the answer at the middle holds throughout.  Where that is not
proven it is sampled instead, and the answer says so: when at the middle a feature acts partially
(a height feature between the two tops, a forest a model touches: their line sets are not curves
of the tangent kind), or when an opaque feature or a base that could intervene overlaps the
mover's base (the points where its rim crosses them move along their edges).  The sampled check
looks every ``STEP`` inches and locates each change by bisection: a stretch shorter than ``STEP``
could be missed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from wmdata.geometry.blocking import terrain_effect, touches_feature
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.los import hull, line_of_sight
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.sweep import Circle, circle_circle_points, circle_edge_points, crossing_lines

Direction = tuple[float, float]
Span = tuple[float, float]
#: Spacing of the sampled line-of-sight checks along the move, where they are needed (inches).
STEP = 0.05
#: Bisection steps locating where sampled line of sight changes between two checks (0.05" / 2**40).
BISECTIONS = 40


def at(mover: Piece, direction: Direction, s: float) -> Piece:
    """The mover ``s`` inches along ``direction``."""
    return replace(mover, x=mover.x + direction[0] * s, y=mover.y + direction[1] * s)


def sight_spans(board: Board, rules: GeometryRules, viewer: Piece, mover: Piece, direction: Direction,
                span: Span) -> tuple[list[Span], bool]:
    """The parts of ``span`` where ``viewer`` sees the mover, and whether any part was sampled."""
    def sees(s: float) -> bool:
        moved = at(mover, direction, s)
        placed = board.replace_pieces(tuple(moved if p.id == mover.id else p for p in board.pieces))
        return line_of_sight(placed, rules, viewer, moved).los

    spans: list[Span] = []
    sampled = False
    for start, end in pairwise(events(board, viewer, mover, direction, span)):
        middle = at(mover, direction, (start + end) / 2)
        if _undecided(board, rules, viewer, middle):
            parts, sampled = _sampled(sees, (start, end)), True
        else:
            parts = [(start, end)] if sees((start + end) / 2) else []
        for part in parts:
            if spans and spans[-1][1] == part[0]:
                spans[-1] = (spans[-1][0], part[1])
            else:
                spans.append(part)
    return spans, sampled


def _swept(viewer: Piece, mover: Piece, direction: Direction, span: Span) -> BaseGeometry:
    """A polygon holding the convex hull of the viewer's base and the mover's along ``span`` (drawn
    round the circles): it holds every line between them."""
    first, last = at(mover, direction, span[0]), at(mover, direction, span[1])
    region: BaseGeometry = shapely.convex_hull(shapely.union_all([hull(viewer, first), hull(first, last)]))
    return region


def events(board: Board, viewer: Piece, mover: Piece, direction: Direction, span: Span) -> list[float]:
    """The span's ends and every event of the module docstring inside it, sorted."""
    region = _swept(viewer, mover, direction, span)
    others = [p for p in board.pieces_near(region) if p.id not in (viewer.id, mover.id)]
    features = [f for f in board.features_near(region) if f.prepared.intersects(region)]
    own: Circle = (viewer.x, viewer.y, viewer.radius)
    circles = [own, *((p.x, p.y, p.radius) for p in others), *(f.circle for f in features if f.circle is not None)]
    rings = [np.asarray(ring.coords) for f in features if f.circle is None
             for ring in [f.shape.exterior, *f.shape.interiors]]
    points = np.concatenate([np.empty((0, 2)), *(ring[:-1] for ring in rings),
                             *(circle_edge_points(own, ring) for ring in rings),
                             *(circle_circle_points(own, other) for other in circles[1:])])
    start, heading = np.array(mover.centre), np.array(direction)
    found = [*_tangent_events(crossing_lines(circles, points), start, heading, mover.radius)]
    corners = shapely.get_coordinates(shapely.union_all([f.shape for f in features if f.circle is None]))
    targets = [*((x, y, rad) for x, y, rad in circles), *((float(x), float(y), 0.0) for x, y in [*points, *corners])]
    for x, y, rad in targets:
        for distance in {mover.radius + rad, abs(mover.radius - rad)}:
            found += _circle_events(start, heading, (x, y), distance)
    for ring in rings:
        found += _edge_events(ring, start, heading, mover.radius)
    low, high = span
    inside = sorted({round(s, 12) for s in found if low < s < high})
    return [low, *inside, high]


def _tangent_events(lines: np.ndarray, start: np.ndarray, heading: np.ndarray, radius: float) -> list[float]:
    """Where each line (rows nx, ny, p) touches the mover's base: ``n . c(s) - p = +-r``."""
    along = lines[:, :2] @ heading
    usable = np.abs(along) > 1e-12
    offset = lines[usable, :2] @ start - lines[usable, 2]
    return [float(s) for side in (radius, -radius, radius + TOLERANCE, -radius - TOLERANCE)
            for s in (side - offset) / along[usable]]


def _circle_events(start: np.ndarray, heading: np.ndarray, centre: tuple[float, float], distance: float,
                   ) -> list[float]:
    """Where the mover's centre is ``distance`` (and that plus the tolerance) from ``centre``."""
    offset = start - np.array(centre)
    b = float(offset @ heading)
    found: list[float] = []
    for reach in (distance, distance + TOLERANCE):
        disc = b * b - (float(offset @ offset) - reach * reach)
        if disc >= 0:
            found += [-b - math.sqrt(disc), -b + math.sqrt(disc)]
    return found


def _edge_events(ring: np.ndarray, start: np.ndarray, heading: np.ndarray, radius: float) -> list[float]:
    """Where the mover's centre is one radius (and that plus the tolerance) from an edge's line."""
    found: list[float] = []
    for first, second in pairwise(ring):
        edge = second - first
        length = float(np.hypot(*edge))
        if length <= 1e-12:
            continue
        normal = np.array([-edge[1], edge[0]]) / length
        along = float(normal @ heading)
        if abs(along) <= 1e-12:
            continue
        offset = float(normal @ (start - first))
        found += [(side - offset) / along for side in (radius, -radius, radius + TOLERANCE, -radius - TOLERANCE)]
    return found


def _undecided(board: Board, rules: GeometryRules, viewer: Piece, moved: Piece) -> bool:
    """Whether the events do not decide sight near this spot (module docstring)."""
    region = hull(viewer, moved)
    for feature in board.features_near(region):
        if not feature.prepared.intersects(region):
            continue
        effect = terrain_effect(rules, feature, viewer, moved).effect
        if effect == "partial" or (effect == "opaque" and touches_feature(moved, feature)):
            return True
    return any(other.id not in (viewer.id, moved.id) and other.base_mm >= moved.base_mm
               and math.hypot(other.x - moved.x, other.y - moved.y) < other.radius + moved.radius - TOLERANCE
               for other in board.pieces_near(region))


def _sampled(sees: Callable[[float], bool], span: Span) -> list[Span]:
    """The parts of ``span`` where ``sees`` holds, checked every ``STEP``."""
    low, high = span
    count = max(2, math.ceil((high - low) / STEP) + 1)
    spots = [low + (high - low) * i / (count - 1) for i in range(count)]
    seen = [sees(s) for s in spots]
    cuts = [low]
    for (before, seen_before), (after, seen_after) in pairwise(zip(spots, seen, strict=True)):
        if seen_before != seen_after:
            cuts.append(_change(sees, before, after, seen_before))
    cuts.append(high)
    spans: list[Span] = []
    state = seen[0]
    for start, end in pairwise(cuts):
        if state:
            spans.append((start, end))
        state = not state
    return spans


def _change(sees: Callable[[float], bool], before: float, after: float, seen_before: bool) -> float:
    """Where sight changes between two checks that disagree, by bisection: the last spot seen
    when it is lost, the first seen when it is gained."""
    for _ in range(BISECTIONS):
        middle = (before + after) / 2
        before, after = (middle, after) if sees(middle) == seen_before else (before, middle)
    return before if seen_before else after
