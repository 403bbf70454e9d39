"""Where a round base moving in a straight line meets a terrain feature, exactly.

A base of radius r centred at ``start + t * direction`` touches a feature exactly when its
centre is within r of the feature, so the stretches of the move over which it touches are
where the line meets the feature grown by r.  That grown shape is never built as a polygon
(a buffered outline is a chain of short chords that errs by up to r(1 - cos(pi/4k)) near
every corner): a polygon grown by r is the polygon itself joined with one capsule per edge
(the points within r of that segment), and a capsule is convex, so the line meets it in one
interval, the hull of where it meets the capsule's two end circles and its middle strip.  A
round feature keeps its exact circle.  Each stretch is closed: a base that only touches the
feature's outline touches it ("exactly at the distance counts").
"""

from __future__ import annotations

import itertools
import math

from shapely.geometry import Point

from wmdata.geometry.board import Feature

Direction = tuple[float, float]
Stretch = tuple[float, float]
_EPS = 1e-12


def _circle_span(start: tuple[float, float], direction: Direction, centre: tuple[float, float],
                 reach: float) -> Stretch | None:
    """Where the line is within ``reach`` of ``centre`` (direction is a unit vector)."""
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    b = dx * direction[0] + dy * direction[1]
    disc = b * b - (dx * dx + dy * dy - reach * reach)
    if disc < 0:
        return None
    root = math.sqrt(disc)
    return -b - root, -b + root


def _strip_span(start: tuple[float, float], direction: Direction, a: tuple[float, float], b: tuple[float, float],
                reach: float) -> Stretch | None:
    """Where the line crosses the rectangle of points within ``reach`` of segment ab that project
    onto it: two slabs, each a pair of linear inequalities in t."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ex, ey)
    if length < _EPS:
        return None
    ux, uy = ex / length, ey / length
    low, high = -math.inf, math.inf
    # along the segment: 0 <= (p - a) . u <= length; across it: |(p - a) x u| <= reach
    for offset, rate, lo, hi in (
            ((start[0] - a[0]) * ux + (start[1] - a[1]) * uy, direction[0] * ux + direction[1] * uy, 0.0, length),
            ((start[0] - a[0]) * uy - (start[1] - a[1]) * ux, direction[0] * uy - direction[1] * ux, -reach, reach)):
        if abs(rate) < _EPS:
            if not lo <= offset <= hi:
                return None
            continue
        t1, t2 = (lo - offset) / rate, (hi - offset) / rate
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
    return (low, high) if low <= high else None


def _capsule_span(start: tuple[float, float], direction: Direction, a: tuple[float, float], b: tuple[float, float],
                  reach: float) -> Stretch | None:
    parts = [span for span in (_circle_span(start, direction, a, reach), _circle_span(start, direction, b, reach),
                               _strip_span(start, direction, a, b, reach)) if span is not None]
    if not parts:
        return None
    return min(p[0] for p in parts), max(p[1] for p in parts)


def _inside_spans(start: tuple[float, float], direction: Direction, feature: Feature) -> list[Stretch]:
    """Where the line runs inside the polygon: between consecutive crossings of its edges."""
    ring = [(float(x), float(y)) for x, y, *_ in feature.shape.exterior.coords]
    cuts: list[float] = []
    for a, b in itertools.pairwise(ring):
        ex, ey = b[0] - a[0], b[1] - a[1]
        denominator = direction[0] * ey - direction[1] * ex
        if abs(denominator) < _EPS:
            continue
        wx, wy = a[0] - start[0], a[1] - start[1]
        t = (wx * ey - wy * ex) / denominator
        s = (wx * direction[1] - wy * direction[0]) / denominator
        if -1e-12 <= s <= 1 + 1e-12:
            cuts.append(t)
    cuts.sort()
    spans = []
    for t1, t2 in itertools.pairwise(cuts):
        middle = (t1 + t2) / 2
        if t2 - t1 > _EPS and feature.shape.contains(Point(start[0] + direction[0] * middle,
                                                          start[1] + direction[1] * middle)):
            spans.append((t1, t2))
    return spans


def merged(spans: list[Stretch]) -> list[Stretch]:
    """Overlapping or touching stretches joined, in order."""
    out: list[Stretch] = []
    for lo, hi in sorted(spans):
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def touching_stretches(feature: Feature, start: tuple[float, float], direction: Direction, radius: float,
                       length: float) -> list[Stretch]:
    """The stretches of t in [0, length] over which a base of ``radius`` at ``start + t *
    direction`` touches or overlaps ``feature`` (``direction`` a unit vector)."""
    if feature.circle is not None:
        cx, cy, cr = feature.circle
        found = _circle_span(start, direction, (cx, cy), cr + radius)
        spans = [found] if found is not None else []
    else:
        ring = [(float(x), float(y)) for x, y, *_ in feature.shape.exterior.coords]
        spans = [span for a, b in itertools.pairwise(ring)
                 if (span := _capsule_span(start, direction, a, b, radius)) is not None]
        spans += _inside_spans(start, direction, feature)
    clipped = [(max(0.0, lo), min(length, hi)) for lo, hi in spans if hi >= 0 and lo <= length]
    return merged(clipped)


def distance_to(feature: Feature, point: tuple[float, float]) -> float:
    """Distance from ``point`` to the feature (0 inside it), its exact circle if it is round."""
    if feature.circle is not None:
        cx, cy, cr = feature.circle
        return max(0.0, math.hypot(point[0] - cx, point[1] - cy) - cr)
    return float(feature.shape.distance(Point(point)))


def within_stretches(feature: Feature, start: tuple[float, float], direction: Direction, radius: float,
                     length: float) -> list[Stretch]:
    """The stretches of t in [0, length] over which the base is completely within ``feature``:
    its centre inside and at least ``radius`` from the outline.  They begin and end where the
    base touches the outline from inside, so among the ends of the touching stretches."""
    cuts = {0.0, length}
    if feature.circle is not None:
        cx, cy, cr = feature.circle
        for reach in (cr - radius, cr + radius):
            span = _circle_span(start, direction, (cx, cy), reach) if reach > 0 else None
            cuts.update(t for t in span or () if 0 < t < length)
    else:
        ring = [(float(x), float(y)) for x, y, *_ in feature.shape.exterior.coords]
        for a, b in itertools.pairwise(ring):
            span = _capsule_span(start, direction, a, b, radius)
            cuts.update(t for t in span or () if 0 < t < length)
    ordered = sorted(cuts)

    def held(t: float) -> bool:
        point = (start[0] + direction[0] * t, start[1] + direction[1] * t)
        if feature.circle is not None:
            cx, cy, cr = feature.circle
            return math.hypot(point[0] - cx, point[1] - cy) <= cr - radius + 1e-9
        return bool(feature.shape.contains(Point(point))) and feature.shape.exterior.distance(
            Point(point)) >= radius - 1e-9

    spans = [(t1, t2) for t1, t2 in itertools.pairwise(ordered) if held((t1 + t2) / 2)]
    spans += [(t, t) for t in ordered if held(t)]
    return merged(spans)
