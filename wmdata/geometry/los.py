"""Line of sight between two models.

A model sees another if some straight line from its base to the other's base is not stopped
(the stretch of the line between the two bases is what is checked).  Lines are tried in
rising cost, stopping at the first clear one:

1. the line between the centres, then the stretches of lines through points spread across both
   bases (across the diameters perpendicular to the line of centres: ``LATERAL_STEPS`` each side,
   the edges included), which find most clear lines;
2. with only bases in the way: every common tangent of two circles among the two bases and the
   intervening bases, which decides it exactly (:func:`wmdata.geometry.sweep.common_tangents`);
3. with terrain in the way: first a cheap proof that nothing is clear (the terrain and bases that
   stop every line they meet, and the parts of partial height features where every line is surely
   low, cut the region between the bases in two), else the line set of
   :mod:`wmdata.geometry.sweep`, which decides it exactly for bases and for terrain that stops
   every line meeting it (*opaque* here);
4. with a partial height feature or a forest a model touches in the way and no clear line yet: the
   stretches of :mod:`wmdata.geometry.rims`, which decide it exactly for those too (a convex
   polygon forest also adds its chord curves to step 3: :mod:`wmdata.geometry.forestchords`).

A feature's effect depends on the pair (:func:`terrain_effect`): a ``height`` feature is opaque
when its top is above both volumes' tops and ignored when below both; a ``cloud`` is opaque when
neither model touches it and ignored otherwise; a ``forest`` is opaque when neither touches it.
The rest is *partial*: a height feature between the two tops (the highest sight line over the
stretch, from the lower model's top across its base to the higher model's top, must clear it where
it crosses) and a forest a model touches (more than the forest depth of the stretch
inside it stops it).  A round forest has curves in the rims' line set (where exactly the depth
lies inside it), and a convex polygon one has them there and in the sweep's (:func:`_decided` says
when these decide exactly); otherwise (a non-convex polygon forest, a polygon forest with a partial
height feature or another touched forest, a round forest with a round partial height feature) the
forest's depth rule is checked on every line tried, but no line set is proven to contain a clear line
for it when one exists: a "no" is then proven only by the separation check (which counts the
forest's part where every stretch is more than the depth inside, :func:`_surely_deep`), and
otherwise says so (``Sight.exact`` False, and the reason).

Intervening bases count when at least the target's, minus the models the rules ignore (knocked
down, incorporeal, Stealth seen from beyond the Stealth range, the viewer's own unit, the elevation
exceptions, models down in a trench or crater when the target is not).  Candidates come from the
board's STRtrees over the convex hull of the two bases, which holds every line's stretch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from wmdata.geometry.arcs import in_front_arc
from wmdata.geometry.blocking import InTheWay, low_fraction, stoppers, terrain_effect
from wmdata.geometry.board import CIRCLE_QUADS, Board, Feature, Piece
from wmdata.geometry.forestchords import chord_curves, edges, is_convex
from wmdata.geometry.measure import (
    TOLERANCE,
    completely_inside,
    edge_distance,
)
from wmdata.geometry.rims import Curves, Rims, stretches
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
_FRACTIONS = np.array(FRACTIONS)
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
#: How much smaller than the sure part of a forest its polygon is drawn (inches): more than the
#: sagitta of a polygon arc of CIRCLE_QUADS segments a quarter at these radii.
DEEP_MARGIN = 0.01
#: Lines tested at a time in the exact stage (stopping at the first chunk with a clear line).
CHUNK = 512


@dataclass(slots=True)
class Sight:
    """The answer to "can A see B": ``blocked_by`` names what stopped the lines when none
    is clear; ``ignored`` says which models were not intervening and why; ``exact`` is False when
    a "no" is not proven (a forest a model touches that the line sets do not decide, see
    :func:`_decided`: its depth rule is checked only on the lines tried; the reason says so)."""

    los: bool
    blocked_by: list[str] = field(default_factory=list)
    reason: str = ""
    clear_line: Segment | None = None
    lines: list[Segment] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    exact: bool = True


def _ends(a: Piece, b: Piece) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], float]:
    """Unit normal of the line of centres, and the offsets across both bases' diameters."""
    dx, dy = b.x - a.x, b.y - a.y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (-dy / length, dx / length), a.centre, b.centre, 1 - 1e-6


def candidate_lines(a: Piece, b: Piece) -> list[Segment]:
    """The stretches (from where they leave A's base to where they enter B's) of the lines through
    points across A's base and points across B's base, the centre line first.  Stretches, not the
    segments between those points: every line tried is a stretch (the sight line's height over it
    is :func:`wmdata.geometry.blocking.low_parts`)."""
    (nx, ny), _, _, edge = _ends(a, b)
    across = _FRACTIONS * edge
    starts = np.array(a.centre) + np.outer(across * a.radius, (nx, ny))
    ends = np.array(b.centre) + np.outer(across * b.radius, (nx, ny))
    start, end = np.repeat(starts, len(across), axis=0), np.tile(ends, (len(across), 1))
    unit = (end - start) / np.hypot(*(end - start).T)[:, None]
    leave, enter = _to_rim(start, unit, a, 1.0), _to_rim(end, unit, b, -1.0)
    return [((sx, sy), (ex, ey)) for (sx, sy), (ex, ey) in zip(leave.tolist(), enter.tolist(), strict=True)]


def _to_rim(points: np.ndarray, unit: np.ndarray, base: Piece, sign: float) -> np.ndarray:
    """Where each line (through a point inside ``base``, along ``unit``) crosses its rim: forward
    (``sign`` 1) or backward (-1), the roots of ``|p + s u - c| = r``."""
    offset = points - np.array(base.centre)
    along = (offset * unit).sum(axis=1)
    reach = np.sqrt(np.maximum(0.0, along ** 2 - (offset ** 2).sum(axis=1) + base.radius ** 2))
    moved: np.ndarray = points + (sign * reach - along)[:, None] * unit
    return moved


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
    clear, proven = _exact_clear_line(rules, viewer, target, blockers, ways, region)
    if clear is not None:
        return Sight(True, [], "a line between the bases is clear", clear, [*lines, clear], ignored)
    names = sorted({name for name in stopped_by if name is not None})
    reason = f"every line from {viewer.id} to {target.id} is blocked by {', '.join(names)}"
    if not proven:
        forests = ", ".join(sorted(w.feature.id for w in ways if _touched_forest(rules, w)))
        reason += (f" (not proven: {forests}, a forest one of them touches, is checked only on the lines tried, "
                   "and a clear line none of them is could exist)")
    return Sight(False, names, reason, None, lines, ignored, exact=proven)


def _exact_clear_line(rules: GeometryRules, viewer: Piece, target: Piece, blockers: list[Piece],
                      ways: list[InTheWay], region: Polygon) -> tuple[Segment | None, bool]:
    """A clear line from the critical line sets (module docstring, steps 2 to 4), or None, and
    whether that answer is proven (a "no" past a forest a model touches is proven only when the
    separation check proves it)."""
    a, b = _circle(viewer), _circle(target)
    circles = [a, b, *(_circle(p) for p in blockers)]
    if not ways:
        return _first_clear(rules, viewer, target, blockers, ways, common_tangents(circles), a, b), True
    walls: list[BaseGeometry] = [w.feature.shape for w in ways if w.effect == "opaque"]
    walls += [_surely_low(viewer, target, w.feature) for w in ways if _low_partial(rules, w)]
    walls += [_surely_deep(rules, viewer, target, w.feature) for w in ways if _touched_forest(rules, w)]
    if _separated(viewer, target, blockers, walls, region):
        return None, True
    circles += [w.feature.circle for w in ways if w.feature.circle is not None]
    points = _event_points(circles, [w.feature for w in ways if w.feature.circle is None], region)
    forest = any(_touched_forest(rules, w) for w in ways)
    low = any(_low_partial(rules, w) for w in ways)
    decided = _decided(rules, ways)
    # A convex polygon forest's chord curves join the line plane (forestchords.py, condition 4).
    chords = [chord_curves(w.feature.shape, rules.forest_depth + TOLERANCE)
              for w in ways if decided and _touched_forest(rules, w) and w.feature.circle is None]
    lines = arrangement_lines(circles, points, *(chords[0] if chords else (None, None)))
    clear = _first_clear(rules, viewer, target, blockers, ways, lines, a, b)
    if clear is None and (low or forest) and decided:
        # Without the partial height features the same lines decide exactly (no forest in the way):
        # if none is clear then, adding those features cannot clear one.
        others = [w for w in ways if not _low_partial(rules, w)]
        if forest or _first_clear(rules, viewer, target, blockers, others, lines, a, b) is not None:
            clear = _first_clear_segments(rules, viewer, target, blockers, ways,
                                          _rim_stretches(rules, viewer, target, circles, ways, region))
    return clear, clear is not None or decided


def _decided(rules: GeometryRules, ways: list[InTheWay]) -> bool:
    """Whether the line sets decide exactly: always without a forest a model touches; with round
    ones when every partial height feature is a polygon (the rims' sweep then goes by the stretch's
    ends, where a round feature's low-end curve would be of degree 4); with one convex polygon
    forest alone (no other such forest, no partial height feature), whose chord conditions live in
    the line plane and its end conditions in the rims' (:mod:`wmdata.geometry.forestchords`)."""
    forests = [w.feature for w in ways if _touched_forest(rules, w)]
    lows = [w.feature for w in ways if _low_partial(rules, w)]
    if not forests:
        return True
    if all(f.circle is not None for f in forests):
        return all(f.circle is None for f in lows)
    return len(forests) == 1 and not lows and is_convex(forests[0].shape)


def _touched_forest(rules: GeometryRules, way: InTheWay) -> bool:
    """A forest a model touches: its depth rule is not part of any critical line set."""
    return way.effect == "partial" and rules.terrain[way.feature.kind].los == "forest"


def _surely_deep(rules: GeometryRules, viewer: Piece, target: Piece, feature: Feature) -> BaseGeometry:
    """The part of a forest a model touches that stops every stretch meeting it.  From a point
    ``x`` of it, a stretch runs inside the forest at least ``min(d, a)`` back and ``min(d, b)``
    on, with ``d`` the distance from ``x`` to the forest's edge and ``a``, ``b`` the distances
    from ``x`` to the two bases; more than the forest depth when all three exceed half of it.
    Drawn a little smaller (``DEEP_MARGIN``), as polygon arcs cut corners."""
    half = (rules.forest_depth + TOLERANCE) / 2 + DEEP_MARGIN
    core: BaseGeometry = feature.shape.buffer(-half)
    for piece in (viewer, target):
        core = core.difference(_disc(piece.x, piece.y, piece.radius + half))
    return core


def _low_partial(rules: GeometryRules, way: InTheWay) -> bool:
    """A height feature whose top lies between the two models' tops."""
    return way.effect == "partial" and rules.terrain[way.feature.kind].los == "height"


def _rim_stretches(rules: GeometryRules, viewer: Piece, target: Piece, circles: list[Circle],
                   ways: list[InTheWay], region: Polygon) -> np.ndarray:
    """The stretches of :mod:`wmdata.geometry.rims` for this pair (``circles``: the two bases first,
    then the intervening bases and round terrain), from the viewer's base to the target's.  With a
    partial height feature the rims are taken lower model first, the lower one by the line's far
    point, as that module wants; else (round forests) the viewer's first, by the stretch's ends."""
    if not any(_low_partial(rules, w) for w in ways):
        return stretches(_rim_curves(rules, viewer, target, circles, ways, region, far=False))
    low_first = viewer.top < target.top
    low, high = (viewer, target) if low_first else (target, viewer)
    ordered = [circles[0], circles[1]] if low_first else [circles[1], circles[0]]
    far = not any(_touched_forest(rules, w) for w in ways)
    found = stretches(_rim_curves(rules, low, high, [*ordered, *circles[2:]], ways, region, far=far))
    return found if low_first else found[:, ::-1]


def _rim_curves(rules: GeometryRules, first: Piece, second: Piece, circles: list[Circle], ways: list[InTheWay],
                region: Polygon, *, far: bool) -> Curves:
    """The curves of :mod:`wmdata.geometry.rims`: ``circles`` hold the bases of ``first`` (the lower
    model when ``far``) and ``second``, then the intervening bases and round terrain."""
    a, b = circles[0], circles[1]
    curves = Curves(Rims(a, b, far))
    curves.validity()
    curves.tangent(circles[2:])
    near = region.buffer(HULL_MARGIN)
    rim_a, rim_b = [circle_circle_points(a, c) for c in circles[2:]], [circle_circle_points(b, c) for c in circles[2:]]
    for way in ways:
        low = _low_partial(rules, way)
        fraction = low_fraction(first, second, way.feature.height) if low else 0.0
        if low:
            curves.low_end_at_start(fraction)
        if way.feature.circle is not None:
            if low:
                curves.low_end_on_circle(fraction, way.feature.circle)
            elif _touched_forest(rules, way) and not far:
                curves.forest_depth(way.feature.circle, rules.forest_depth + TOLERANCE)
            continue
        if _touched_forest(rules, way) and not far and is_convex(way.feature.shape):
            corners, vectors, _ = edges(way.feature.shape)
            reaching = (_reaches(first, way.feature), _reaches(second, way.feature))
            curves.polygon_forest_depth(corners, vectors, rules.forest_depth + TOLERANCE, reaching)
        for ring in [way.feature.shape.exterior, *way.feature.shape.interiors]:
            coords = np.asarray(ring.coords)
            curves.through(coords[:-1][shapely.intersects_xy(near, coords[:-1, 0], coords[:-1, 1])])
            rim_a.append(circle_edge_points(a, coords))
            rim_b.append(circle_edge_points(b, coords))
            if low:
                for start, end in pairwise(coords):
                    if near.intersects(LineString([start, end])):
                        normal = np.array([start[1] - end[1], end[0] - start[0]])
                        curves.low_end_on_line(fraction, normal, float(normal @ start))
    curves.rim_points(np.concatenate([np.empty((0, 2)), *rim_a]), np.concatenate([np.empty((0, 2)), *rim_b]))
    return curves


def _reaches(piece: Piece, feature: Feature) -> bool:
    """Whether some point of the base's rim can lie inside the feature."""
    return bool(feature.shape.distance(Point(piece.x, piece.y)) < piece.radius + HULL_MARGIN)


def _first_clear(rules: GeometryRules, viewer: Piece, target: Piece, blockers: list[Piece], ways: list[InTheWay],
                 lines: np.ndarray, a: Circle, b: Circle) -> Segment | None:
    segments, meets = bridges(lines, a, b)
    return _first_clear_segments(rules, viewer, target, blockers, ways, segments[meets])


def _first_clear_segments(rules: GeometryRules, viewer: Piece, target: Piece, blockers: list[Piece],
                          ways: list[InTheWay], segments: np.ndarray) -> Segment | None:
    for start in range(0, len(segments), CHUNK):
        chunk = segments[start:start + CHUNK]
        for segment, name in zip(chunk, stoppers(rules, viewer, target, chunk, blockers, ways), strict=True):
            if name is None:
                (ax, ay), (bx, by) = segment
                return ((float(ax), float(ay)), (float(bx), float(by)))
    return None


def _circle(piece: Piece) -> Circle:
    return (piece.x, piece.y, piece.radius)


def _surely_low(viewer: Piece, target: Piece, feature: Feature) -> BaseGeometry:
    """The part of a partial height feature that stops every stretch meeting it: where every sight
    line is below its top.  At a point ``x`` at distance ``rho`` from the lower model's centre
    (radius ``r``), a line through ``x`` crossed that model's rim on the far side at most
    ``rho + r`` back and has at least ``d - rho - r'`` to go to the other base (``d`` between the
    centres, ``r'`` its radius), so ``x`` lies at a fraction of the sight line of at most
    ``(rho + r) / (d + r - r')``: below :func:`low_fraction` ``t`` (the line still below the top)
    inside the disc ``rho < t (d + r - r') - r`` round the lower model (drawn inscribed, a hair
    smaller)."""
    low, high = (viewer, target) if viewer.top < target.top else (target, viewer)
    span = float(np.hypot(high.x - low.x, high.y - low.y))
    reach = low_fraction(low, high, feature.height) * (span + low.radius - high.radius) - low.radius - HULL_MARGIN
    if reach <= low.radius:
        return Polygon()
    part: BaseGeometry = feature.shape.intersection(_disc(low.x, low.y, reach))
    return part


def _separated(viewer: Piece, target: Piece, blockers: list[Piece], shapes: list[BaseGeometry],
               region: Polygon) -> bool:
    """True when ``shapes`` (terrain that stops every line meeting it) and the intervening bases
    (drawn a hair inside their edge, as a line touching a base passes) leave no path inside
    ``region`` from one base to the other: then no straight line is clear either."""
    walls = [*shapes, *(_disc(p.x, p.y, p.radius - HULL_MARGIN) for p in blockers)]
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
