"""Line of sight between two models.

A model sees another if some straight line from its base to the other's base is not stopped
(the stretch of the line between the two bases is what is checked).  Lines are tried in
rising cost, stopping at the first clear one:

1. the line between the centres, then lines between points spread across both bases (across
   the diameters perpendicular to the line of centres: ``LATERAL_STEPS`` each side, the edges
   included), which find most clear lines;
2. with only bases in the way: every common tangent of two circles among the two bases and the
   intervening bases, which decides it exactly (:mod:`wmdata.geometry.tangents`);
3. with terrain in the way: first a cheap proof that nothing is clear (the terrain and bases that
   stop every line they meet cut the region between the bases in two), else the line set of
   :mod:`wmdata.geometry.sweep`, which decides it exactly for bases and for terrain that stops
   every line meeting it (*opaque* here).

A feature's effect depends on the pair (:func:`terrain_effect`): a ``height`` feature is opaque
when its top is above both volumes' tops and ignored when below both; a ``cloud`` is opaque when
neither model touches it and ignored otherwise; a ``forest`` is opaque when neither touches it.
The rest is *partial*: a height feature between the two tops (the line from top to top must clear
it where it crosses) and a forest a model touches (more than the forest depth of the line inside
it stops it).  Partial features are checked on every line tried, but the line sets are not proven
to contain a clear line for them when one exists.

Intervening bases count when at least the target's, minus the models the rules ignore (knocked
down, incorporeal, Stealth seen from beyond the Stealth range, the viewer's own unit, the elevation
exceptions, models down in a trench or crater when the target is not).  Candidates come from the
board's STRtrees over the convex hull of the two bases, which holds every line's stretch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from wmdata.geometry.arcs import in_front_arc
from wmdata.geometry.blocking import InTheWay, stoppers, terrain_effect
from wmdata.geometry.board import CIRCLE_QUADS, Board, Feature, Piece
from wmdata.geometry.measure import (
    TOLERANCE,
    completely_inside,
    edge_distance,
)
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.sweep import (
    Circle,
    arrangement_lines,
    bridges,
    circle_circle_points,
    circle_edge_points,
    common_tangents,
)

LATERAL_STEPS = 4
#: Offsets across a base's diameter, as fractions of its radius, the centre first.
FRACTIONS = sorted({0.0, *(s * k / LATERAL_STEPS for k in range(1, LATERAL_STEPS + 1) for s in (1, -1))}, key=abs)
Segment = tuple[tuple[float, float], tuple[float, float]]
#: How far the hull is drawn outside the bases (and the separating bases inside their edge), in inches.
HULL_MARGIN = 1e-6
#: Corners of the polygon drawn round each base for the hull.
HULL_CORNERS = 32


def _around(corners: int) -> np.ndarray:
    """The corners of a polygon round the unit circle (its edges touch the circle)."""
    turn = np.linspace(0.0, 2 * np.pi, corners, endpoint=False)
    ring: np.ndarray = np.stack([np.cos(turn), np.sin(turn)], axis=1) / np.cos(np.pi / corners)
    return ring


_AROUND = _around(HULL_CORNERS)
#: Lines tested at a time in the exact stage (stopping at the first chunk with a clear line).
CHUNK = 512


@dataclass(slots=True)
class Sight:
    """The answer to "can A see B": ``blocked_by`` names what stopped the lines when none
    is clear; ``ignored`` says which models were not intervening and why."""

    los: bool
    blocked_by: list[str] = field(default_factory=list)
    reason: str = ""
    clear_line: Segment | None = None
    lines: list[Segment] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def _ends(a: Piece, b: Piece) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], float]:
    """Unit normal of the line of centres, and the offsets across both bases' diameters."""
    dx, dy = b.x - a.x, b.y - a.y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (-dy / length, dx / length), a.centre, b.centre, 1 - 1e-6


def candidate_lines(a: Piece, b: Piece) -> list[Segment]:
    """Lines from points across A's base to points across B's base, the centre line first."""
    (nx, ny), _, _, edge = _ends(a, b)
    starts = [(a.x + nx * f * edge * a.radius, a.y + ny * f * edge * a.radius) for f in FRACTIONS]
    ends = [(b.x + nx * f * edge * b.radius, b.y + ny * f * edge * b.radius) for f in FRACTIONS]
    return [(s, e) for s in starts for e in ends]


def ignored_model(rules: GeometryRules, viewer: Piece, target: Piece, other: Piece) -> str | None:
    """Why ``other`` does not count as intervening between viewer and target, or None."""
    if other.knocked_down:
        return f"{other.id} is knocked down"
    if other.incorporeal:
        return f"{other.id} is incorporeal"
    if other.stealth and edge_distance(viewer, other) > rules.stealth_range + TOLERANCE:
        return f"{other.id} has Stealth and {viewer.id} is more than {rules.stealth_range:g}\" away"
    if viewer.unit is not None and other.unit == viewer.unit:
        return f"{other.id} is in {viewer.id}'s own unit"
    if other.base_mm < target.base_mm:
        return f"{other.id}'s {other.base_mm} mm base is smaller than {target.id}'s {target.base_mm} mm base"
    rise = viewer.elevation - target.elevation
    margin = rules.elevation_los_margin
    if _clearly_above(rise, margin) and _clearly_above(viewer.elevation - other.elevation, margin):
        near = edge_distance(other, target) <= rules.protection_range + TOLERANCE
        if not near:
            return (f"{viewer.id} looks down on {other.id}, which is not within {rules.protection_range:g}\" "
                    f"of {target.id}")
        if rules.high_viewer_ignores_smaller and other.base_mm <= viewer.base_mm:
            return f"{viewer.id} looks down on {other.id}, whose base is no larger than its own"
    if _clearly_above(-rise, margin) and _clearly_above(target.elevation - other.elevation, margin):
        return f"{viewer.id} looks up past {other.id}, which stands lower than {target.id}"
    return None


def _sunken(board: Board, rules: GeometryRules, target: Piece) -> Callable[[Piece], str | None] | None:
    """The trench and crater rule: when the target is not completely inside a feature of the
    edition's ``sunken_unless_target_in`` kinds, models completely inside the ``sunken_kinds``
    features (together: adjoining trench templates count as one) are ignored.  None: no such rule."""
    if not rules.sunken_kinds:
        return None
    sunk = [f.shape for f in board.features if f.kind in rules.sunken_kinds]
    if not sunk:
        return None
    shelter = [f.shape for f in board.features if f.kind in rules.sunken_unless_target_in]
    if shelter and completely_inside(target, shapely.union_all(shelter)):
        return None
    area = shapely.union_all(sunk)
    kinds = " or ".join(sorted(rules.sunken_kinds))

    def why(other: Piece) -> str | None:
        if not completely_inside(other, area):
            return None
        return (f"{other.id} is completely inside a {kinds} and {target.id} is not completely inside a "
                f"{' or '.join(sorted(rules.sunken_unless_target_in))}")
    return why


def _clearly_above(rise: float, margin: float) -> bool:
    """Higher by at least ``margin`` (by anything at all when the margin is 0)."""
    return rise > TOLERANCE and rise >= margin - TOLERANCE


def hull(a: Piece, b: Piece) -> Polygon:
    """A polygon holding the convex hull of both bases (polygons drawn round each circle, slightly
    larger), so it holds the stretch between the bases of every line from one to the other."""
    rings = [np.array(p.centre) + (p.radius + HULL_MARGIN) * _AROUND for p in (a, b)]
    shape = shapely.convex_hull(shapely.multipoints(np.concatenate(rings)))
    assert isinstance(shape, Polygon)
    return shape


def reaches_between(a: Piece, b: Piece, others: list[Piece]) -> list[Piece]:
    """The bases among ``others`` that reach inside the convex hull of ``a`` and ``b``, exactly: that
    hull is the union of the circles between the two bases (centre and radius moving together from
    one to the other), and the nearest of them to a base is found in closed form."""
    if not others:
        return []
    centres = np.array([o.centre for o in others]) - np.array(a.centre)
    radii = np.array([o.radius for o in others])
    dx, dy, grow = b.x - a.x, b.y - a.y, b.radius - a.radius
    span = max(float(np.hypot(dx, dy)), 1e-12)
    along = (centres[:, 0] * dx + centres[:, 1] * dy) / span
    across = np.abs(centres[:, 0] * dy - centres[:, 1] * dx) / span
    slope = max(-1.0 + 1e-9, min(1.0 - 1e-9, grow / span))
    # Minimising |c - w u| - a.radius - w * slope over w in [0, span] (u along the centres):
    best = np.clip(along + slope * across / np.sqrt(1 - slope * slope), 0.0, span)
    gaps = np.hypot(along - best, across) - a.radius - best * slope - radii
    return [other for other, gap in zip(others, gaps, strict=True) if gap < 0]


def line_of_sight(board: Board, rules: GeometryRules, viewer: Piece, target: Piece,
                  *, terrain_only: bool = False, skip_kinds: frozenset[str] = frozenset()) -> Sight:
    """Whether ``viewer`` sees ``target``.  ``terrain_only`` ignores models (spray attacks
    check that terrain alone does not block); ``skip_kinds`` ignores terrain kinds."""
    if not in_front_arc(viewer, target, rules.front_arc_degrees):
        return Sight(False, [], f"{target.id} is not in {viewer.id}'s front arc")
    region = hull(viewer, target)
    blockers: list[Piece] = []
    ignored: list[str] = []
    if not terrain_only:
        sunken = _sunken(board, rules, target)
        near = [p for p in board.pieces_near(region) if p.id not in (viewer.id, target.id)]
        for other in reaches_between(viewer, target, near):
            why = ignored_model(rules, viewer, target, other) or (sunken(other) if sunken else None)
            if why is None:
                blockers.append(other)
            else:
                ignored.append(why)
    ways = [way for f in board.features_near(region)
            if f.kind not in skip_kinds and f.prepared.intersects(region)
            for way in [terrain_effect(rules, f, viewer, target)] if way.effect != "none"]
    lines = candidate_lines(viewer, target)
    if not blockers and not ways:
        return Sight(True, [], "nothing lies between the bases", lines[0], lines, ignored)
    if stoppers(rules, viewer, target, np.array(lines[:1]), blockers, ways)[0] is None:
        return Sight(True, [], "the line between the centres is clear", lines[0], lines, ignored)
    stopped_by = stoppers(rules, viewer, target, np.array(lines), blockers, ways)
    for segment, name in zip(lines, stopped_by, strict=True):
        if name is None:
            return Sight(True, [], "a line between the bases is clear", segment, lines, ignored)
    clear = _exact_clear_line(rules, viewer, target, blockers, ways, region)
    if clear is not None:
        return Sight(True, [], "a line between the bases is clear", clear, [*lines, clear], ignored)
    names = sorted({name for name in stopped_by if name is not None})
    return Sight(False, names, f"every line from {viewer.id} to {target.id} is blocked by {', '.join(names)}",
                 None, lines, ignored)


def _exact_clear_line(rules: GeometryRules, viewer: Piece, target: Piece, blockers: list[Piece],
                      ways: list[InTheWay], region: Polygon) -> Segment | None:
    """A clear line from the critical line sets (module docstring, steps 2 and 3), or None."""
    a, b = _circle(viewer), _circle(target)
    circles = [a, b, *(_circle(p) for p in blockers)]
    if not ways:
        return _first_clear(rules, viewer, target, blockers, ways, common_tangents(circles), a, b)
    if _separated(viewer, target, blockers, [w.feature for w in ways if w.effect == "opaque"], region):
        return None
    circles += [w.feature.circle for w in ways if w.feature.circle is not None]
    points = _event_points(circles, [w.feature for w in ways if w.feature.circle is None], region)
    return _first_clear(rules, viewer, target, blockers, ways, arrangement_lines(circles, points), a, b)


def _first_clear(rules: GeometryRules, viewer: Piece, target: Piece, blockers: list[Piece], ways: list[InTheWay],
                 lines: np.ndarray, a: Circle, b: Circle) -> Segment | None:
    segments, meets = bridges(lines, a, b)
    segments = segments[meets]
    for start in range(0, len(segments), CHUNK):
        chunk = segments[start:start + CHUNK]
        for segment, name in zip(chunk, stoppers(rules, viewer, target, chunk, blockers, ways), strict=True):
            if name is None:
                (ax, ay), (bx, by) = segment
                return ((float(ax), float(ay)), (float(bx), float(by)))
    return None


def _circle(piece: Piece) -> Circle:
    return (piece.x, piece.y, piece.radius)


def _separated(viewer: Piece, target: Piece, blockers: list[Piece], opaque: list[Feature], region: Polygon) -> bool:
    """True when the opaque terrain and the intervening bases (drawn a hair inside their edge, as a
    line touching a base passes) leave no path inside ``region`` from one base to the other: then
    no straight line is clear either."""
    walls = [f.shape for f in opaque] + [_disc(p.x, p.y, p.radius - HULL_MARGIN) for p in blockers]
    if not walls:
        return False
    free = region.difference(shapely.union_all(walls))
    ends = [_disc(p.x, p.y, p.radius + HULL_MARGIN) for p in (viewer, target)]
    return not any(part.intersects(ends[0]) and part.intersects(ends[1]) for part in getattr(free, "geoms", [free]))


@lru_cache(maxsize=4096)
def _disc(x: float, y: float, radius: float) -> Polygon:
    """A base's polygon (inscribed in its circle), kept: the same bases come back pair after pair."""
    return Point(x, y).buffer(radius, quad_segs=CIRCLE_QUADS)


def _event_points(circles: list[Circle], polygons: list[Feature], region: Polygon) -> np.ndarray:
    """The points of :mod:`wmdata.geometry.sweep`: polygon corners near the bases, and where the two
    bases' edges (the first two circles) cross a polygon's edges or another circle's edge."""
    found: list[np.ndarray] = []
    near = region.buffer(HULL_MARGIN)
    for feature in polygons:
        for ring in [feature.shape.exterior, *feature.shape.interiors]:
            coords = np.asarray(ring.coords)
            inside = shapely.intersects_xy(near, coords[:-1, 0], coords[:-1, 1])
            found.append(coords[:-1][inside])
            found += [circle_edge_points(base, coords) for base in circles[:2]]
    found += [circle_circle_points(base, other) for base in circles[:2] for other in circles[2:]]
    if not found:
        return np.empty((0, 2))
    return np.unique(np.round(np.concatenate(found), 12), axis=0)
