"""Line of sight between two models.

A model sees another if some straight line from its volume to the other's volume is
not stopped.  The lines tried are the critical ones: every common tangent of two circles
among the two bases and the intervening bases (which makes the answer exact for models:
if any line is clear, one of these is), and of either base with each corner of the terrain
in the way.  Lines between points spread across both bases (across the diameters
perpendicular to the line of centres: ``LATERAL_STEPS`` each side, the edges included) are
tried first, as they find most clear lines; the critical lines only when those are all
stopped.  Each line is checked against:

* intervening bases (exact circle-segment distance) whose base is at least the
  target's, minus the models the rules ignore (knocked down, incorporeal, Stealth seen
  from beyond the Stealth range, the viewer's own unit, the elevation exceptions, models
  down in a trench or crater when the target is not);
* terrain by its kind: ``height`` features stop a line that passes below their top
  (lines run from the top of one volume to the top of the other, the highest line
  between two vertical extents), ``cloud`` stops lines *through* it (not into or out of
  it), ``forest`` stops lines through it from outside and lines with more than the
  forest depth inside it.

Candidates are found with the board's STRtree over the corridor between the bases, so
most pairs never build a line at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from wmdata.geometry.arcs import in_front_arc
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.measure import (
    TOLERANCE,
    completely_inside,
    edge_distance,
    point_segment_distance,
    touches_shape,
)
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.tangents import Circle, bridge, common_tangents

LATERAL_STEPS = 4
#: Offsets across a base's diameter, as fractions of its radius, the centre first.
FRACTIONS = sorted({0.0, *(s * k / LATERAL_STEPS for k in range(1, LATERAL_STEPS + 1) for s in (1, -1))}, key=abs)
Segment = tuple[tuple[float, float], tuple[float, float]]
#: Terrain with more corners than this (circles drawn as polygons) adds no corner lines.
MAX_CORNERS = 24


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
    area: Polygon | None = None


def _ends(a: Piece, b: Piece) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], float]:
    """Unit normal of the line of centres, and the offsets across both bases' diameters."""
    dx, dy = b.x - a.x, b.y - a.y
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return (-dy / length, dx / length), a.centre, b.centre, 1 - 1e-6


def corridor(a: Piece, b: Piece) -> Polygon:
    """The region the candidate lines fill: the quadrilateral between the two diameters
    across the line of centres (every point of it lies on some line between them)."""
    (nx, ny), _, _, edge = _ends(a, b)
    ra, rb = a.radius * edge, b.radius * edge
    return Polygon([(a.x + nx * ra, a.y + ny * ra), (b.x + nx * rb, b.y + ny * rb),
                    (b.x - nx * rb, b.y - ny * rb), (a.x - nx * ra, a.y - ny * ra)])


def candidate_lines(a: Piece, b: Piece) -> list[Segment]:
    """Lines from points across A's base to points across B's base, the centre line first."""
    (nx, ny), _, _, edge = _ends(a, b)
    starts = [(a.x + nx * f * edge * a.radius, a.y + ny * f * edge * a.radius) for f in FRACTIONS]
    ends = [(b.x + nx * f * edge * b.radius, b.y + ny * f * edge * b.radius) for f in FRACTIONS]
    return [(s, e) for s in starts for e in ends]


def critical_lines(viewer: Piece, target: Piece, blockers: list[Piece], features: list[Feature]) -> list[Segment]:
    """The common tangents of every two circles among the two bases and the intervening ones,
    and of either base with every corner of the terrain in the way, cut to the stretch between
    the bases.  With the sampled lines they make the answer exact for intervening bases (see
    :mod:`wmdata.geometry.tangents`); terrain corners are tried as well, without that proof."""
    ends: list[Circle] = [(viewer.x, viewer.y, viewer.radius), (target.x, target.y, target.radius)]
    circles = [*ends, *((b.x, b.y, b.radius) for b in blockers)]
    corners = [(x, y, 0.0) for f in features if len(f.shape.exterior.coords) <= MAX_CORNERS + 1
               for x, y in f.shape.exterior.coords[:-1]]
    pairs = [(a, b) for i, a in enumerate(circles) for b in circles[i + 1:]]
    pairs += [(end, corner) for end in ends for corner in corners]
    found = (bridge(line, ends[0], ends[1]) for a, b in pairs for line in common_tangents(a, b))
    return [segment for segment in found if segment is not None]


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


def _crossing(line: LineString, inside: BaseGeometry) -> list[tuple[float, float]]:
    """The parameter intervals (0..1 along ``line``) of ``inside``, its intersection with a shape."""
    intervals = []
    for part in getattr(inside, "geoms", [inside]):
        if part.is_empty:
            continue
        coords = list(part.coords) if not isinstance(part, Point) else [part.coords[0]]
        ts = [line.project(Point(c), normalized=True) for c in coords]
        intervals.append((min(ts), max(ts)))
    return intervals


def _stops(rules: GeometryRules, feature: Feature, viewer: Piece, target: Piece, line: LineString,
           inside: BaseGeometry, touching: bool) -> bool:
    """Whether a line that meets ``feature`` (``inside``: the part within it) is stopped by it."""
    los = rules.terrain[feature.kind].los
    if los == "height":
        return any(viewer.top + (target.top - viewer.top) * t < feature.height - TOLERANCE
                   for interval in _crossing(line, inside) for t in interval)
    if los == "cloud" or not touching:
        return not touching
    depth = sum(end - start for start, end in _crossing(line, inside)) * line.length
    return depth > rules.forest_depth + TOLERANCE


def _blocking(rules: GeometryRules, feature: Feature, target: Piece) -> bool:
    rule = rules.terrain.get(feature.kind)
    return rule is not None and rule.los != "none" and target.base_mm not in rule.transparent_to_bases


def _model_hits(segments: np.ndarray, blockers: list[Piece]) -> np.ndarray:
    """lines x blockers: whether each line passes over each base (closed-form segment distance)."""
    starts, deltas = segments[:, 0, :], segments[:, 1, :] - segments[:, 0, :]
    centres = np.array([b.centre for b in blockers])
    radii = np.array([b.radius for b in blockers])
    length2 = np.maximum((deltas ** 2).sum(axis=1), 1e-18)
    offsets = centres[None, :, :] - starts[:, None, :]
    t = np.clip((offsets * deltas[:, None, :]).sum(axis=2) / length2[:, None], 0.0, 1.0)
    nearest = starts[:, None, :] + t[:, :, None] * deltas[:, None, :]
    distance = np.sqrt(((centres[None, :, :] - nearest) ** 2).sum(axis=2))
    hits: np.ndarray = distance < radii[None, :] - TOLERANCE
    return hits


def line_of_sight(board: Board, rules: GeometryRules, viewer: Piece, target: Piece,
                  *, terrain_only: bool = False, skip_kinds: frozenset[str] = frozenset()) -> Sight:
    """Whether ``viewer`` sees ``target``.  ``terrain_only`` ignores models (spray attacks
    check that terrain alone does not block); ``skip_kinds`` ignores terrain kinds."""
    if not in_front_arc(viewer, target, rules.front_arc_degrees):
        return Sight(False, [], f"{target.id} is not in {viewer.id}'s front arc")
    area = corridor(viewer, target)
    blockers: list[Piece] = []
    ignored: list[str] = []
    if not terrain_only:
        sunken = _sunken(board, rules, target)
        for other in board.pieces_near(area):
            if other.id in (viewer.id, target.id):
                continue
            why = ignored_model(rules, viewer, target, other) or (sunken(other) if sunken else None)
            if why is None:
                blockers.append(other)
            else:
                ignored.append(why)
    features = [f for f in board.features_near(area)
                if f.kind not in skip_kinds and _blocking(rules, f, target) and f.prepared.intersects(area)]
    lines = candidate_lines(viewer, target)
    if not blockers and not features:
        return Sight(True, [], "nothing lies between the bases", lines[0], lines, ignored, area)
    if _centre_line_clear(rules, viewer, target, lines[0], blockers, features):
        return Sight(True, [], "the line between the centres is clear", lines[0], lines, ignored, area)
    stopped_by = _stoppers(rules, viewer, target, lines, blockers, features)
    if all(name is not None for name in stopped_by):
        extra = critical_lines(viewer, target, blockers, features)
        lines, stopped_by = lines + extra, stopped_by + _stoppers(rules, viewer, target, extra, blockers, features)
    for segment, name in zip(lines, stopped_by, strict=True):
        if name is None:
            return Sight(True, [], "a line between the bases is clear", segment, lines, ignored, area)
    names = sorted({name for name in stopped_by if name is not None})
    return Sight(False, names, f"every line from {viewer.id} to {target.id} is blocked by {', '.join(names)}",
                 None, lines, ignored, area)


def _stoppers(rules: GeometryRules, viewer: Piece, target: Piece, lines: list[Segment], blockers: list[Piece],
              features: list[Feature]) -> list[str | None]:
    """For each line, the first model or feature that stops it (None: the line is clear)."""
    stopped_by: list[str | None] = [None] * len(lines)
    if not lines:
        return stopped_by
    segments = np.array(lines)
    if blockers:
        hits = _model_hits(segments, blockers)
        first = np.argmax(hits, axis=1)
        for index in np.nonzero(hits.any(axis=1))[0]:
            stopped_by[index] = blockers[int(first[index])].id
    geometries: np.ndarray = np.asarray(shapely.linestrings(segments)) if features else np.empty(0)
    for feature in features:
        open_lines = [i for i, name in enumerate(stopped_by) if name is None]
        if not open_lines:
            break
        touching = touches_shape(viewer, feature.shape) or touches_shape(target, feature.shape)
        candidates = geometries[open_lines]
        met = shapely.intersects(feature.shape, candidates)
        insides = shapely.intersection(candidates[met], feature.shape)
        for index, line, inside in zip(np.array(open_lines)[met], candidates[met], insides, strict=True):
            if _stops(rules, feature, viewer, target, line, inside, touching):
                stopped_by[int(index)] = feature.id
    return stopped_by


def _centre_line_clear(rules: GeometryRules, viewer: Piece, target: Piece, segment: Segment,
                       blockers: list[Piece], features: list[Feature]) -> bool:
    """The usual case, answered before building every line: the centre line is clear."""
    (ax, ay), (bx, by) = segment
    if any(point_segment_distance(b.x, b.y, ax, ay, bx, by) < b.radius - TOLERANCE for b in blockers):
        return False
    line = LineString(segment)
    for feature in features:
        if feature.prepared.intersects(line):
            touching = touches_shape(viewer, feature.shape) or touches_shape(target, feature.shape)
            if _stops(rules, feature, viewer, target, line, line.intersection(feature.shape), touching):
                return False
    return True
