"""Where one base may stand: the nearest legal spot to a point, inside a box, exactly.

The region a base of radius r may not enter is a union of circles (every other base grown by
r) and of terrain it may not stand in grown by r, and its centre must stay inside a box (the
table shrunk by r, or a smaller box a search asks about).  The nearest point of the legal
region lies at the point itself (or the box's point nearest it), on one circle straight out
from the point, where two circles cross, where a circle or a straight piece meets a side of
the box, at a corner of the box, or on a straight piece of grown terrain (the point's foot on
it, or where it crosses a circle or another piece).  Grown terrain is never built as a
polygon of chords: it is a circle round every corner (or the grown circle of a round feature)
and every edge moved out by r.  Every boundary of the legal region is one of those pieces, so
its nearest point is among the candidates, and every candidate is checked against the
features' exact distance.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.corridor import distance_to
from wmdata.geometry.rules import GeometryRules

Spot = tuple[float, float]
Circle = tuple[float, float, float]
Segment = tuple[Spot, Spot]
SLACK = 1e-9
#: Overlap a legal spot may show from rounding alone (far below a tape measure).
ROUNDING = 1e-7


def blocking_features(board: Board, rules: GeometryRules) -> list[Feature]:
    """Terrain no model may stand in: impassable terrain and features that stop movement."""
    return [f for f in board.features if f.kind in rules.terrain
            and (rules.terrain[f.kind].impassable or rules.terrain[f.kind].stops_movement)]


def _circle_crossings(a: Circle, b: Circle) -> list[Spot]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1e-12 or d > a[2] + b[2] or d < abs(a[2] - b[2]):
        return []
    along = (a[2] ** 2 - b[2] ** 2 + d * d) / (2 * d)
    half = math.sqrt(max(0.0, a[2] ** 2 - along * along))
    mx, my = a[0] + dx * along / d, a[1] + dy * along / d
    return [(mx - dy * half / d, my + dx * half / d), (mx + dy * half / d, my - dx * half / d)]


def _line_crossings(c: Circle, axis: int, value: float) -> list[Spot]:
    """Where circle ``c`` meets the line x = value (axis 0) or y = value (axis 1)."""
    offset = value - c[axis]
    if abs(offset) > c[2]:
        return []
    half = math.sqrt(c[2] ** 2 - offset * offset)
    other = c[1 - axis]
    return [(value, other + s * half) if axis == 0 else (other + s * half, value) for s in (-1.0, 1.0)]


def _segment_points(seg: Segment, start: Spot, circles: list[Circle], low: Spot, high: Spot,
                    segments: list[Segment]) -> list[Spot]:
    """Candidate spots on one straight piece of a grown outline: the point nearest ``start`` and
    where it crosses the circles, the box's lines and the other straight pieces."""
    (ax, ay), (bx, by) = seg
    ex, ey = bx - ax, by - ay
    length2 = ex * ex + ey * ey
    if length2 < 1e-24:
        return []

    def on(t: float) -> list[Spot]:
        return [(ax + ex * t, ay + ey * t)] if -1e-12 <= t <= 1 + 1e-12 else []

    found = on(((start[0] - ax) * ex + (start[1] - ay) * ey) / length2)
    for cx, cy, cr in circles:
        fx, fy = ax - cx, ay - cy
        b, c = fx * ex + fy * ey, fx * fx + fy * fy - cr * cr
        disc = b * b - length2 * c
        if disc >= 0:
            for sign in (-1.0, 1.0):
                found += on((-b + sign * math.sqrt(disc)) / length2)
    for axis, value in ((0, low[0]), (0, high[0]), (1, low[1]), (1, high[1])):
        step = ex if axis == 0 else ey
        if abs(step) > 1e-12:
            found += on((value - (ax if axis == 0 else ay)) / step)
    for (px, py), (qx, qy) in segments:
        fx, fy = qx - px, qy - py
        denominator = ex * fy - ey * fx
        if abs(denominator) > 1e-12:
            t = ((px - ax) * fy - (py - ay) * fx) / denominator
            u = ((px - ax) * ey - (py - ay) * ex) / denominator
            if -1e-12 <= u <= 1 + 1e-12:
                found += on(t)
    return found


def candidate_spots(start: Spot, circles: list[Circle], low: Spot, high: Spot, segments: list[Segment]) -> list[Spot]:
    found: list[Spot] = [start, (min(max(start[0], low[0]), high[0]), min(max(start[1], low[1]), high[1]))]
    found += [(x, y) for x in (low[0], high[0]) for y in (low[1], high[1])]
    for cx, cy, cr in circles:
        dx, dy = start[0] - cx, start[1] - cy
        span = math.hypot(dx, dy)
        if span > 1e-12:
            found.append((cx + dx / span * cr, cy + dy / span * cr))
        else:  # centred on it: every direction is as near; offer a ring of them
            found += [(cx + cr * math.cos(math.radians(a)), cy + cr * math.sin(math.radians(a)))
                      for a in range(0, 360, 5)]
        for axis, value in ((0, low[0]), (0, high[0]), (1, low[1]), (1, high[1])):
            found += _line_crossings((cx, cy, cr), axis, value)
    for a, b in itertools.combinations(circles, 2):
        found += _circle_crossings(a, b)
    for seg in segments:
        found += _segment_points(seg, start, circles, low, high, segments)
    return found


def grown_outline(feature: Feature, radius: float) -> tuple[list[Circle], list[Segment]]:
    """The outline of ``feature`` grown by ``radius``, as the exact pieces it is made of: a circle
    round every corner (or the one grown circle of a round feature) and every edge moved out by
    the radius on either side (the pieces inside the grown shape are filtered out later)."""
    if feature.circle is not None:
        cx, cy, cr = feature.circle
        return [(cx, cy, cr + radius)], []
    ring = [(float(x), float(y)) for x, y, *_ in feature.shape.exterior.coords]
    circles = [(x, y, radius) for x, y in ring[:-1]]
    segments: list[Segment] = []
    for (ax, ay), (bx, by) in itertools.pairwise(ring):
        length = math.hypot(bx - ax, by - ay)
        if length < 1e-12:
            continue
        nx, ny = -(by - ay) / length * radius, (bx - ax) / length * radius
        segments += [((ax + nx * s, ay + ny * s), (bx + nx * s, by + ny * s)) for s in (-1.0, 1.0)]
    return circles, segments


def _meets_box(circle: Circle, low: Spot, high: Spot) -> bool:
    gap_x = max(low[0] - circle[0], 0.0, circle[0] - high[0])
    gap_y = max(low[1] - circle[1], 0.0, circle[1] - high[1])
    return gap_x * gap_x + gap_y * gap_y <= (circle[2] + SLACK) ** 2


@dataclass(slots=True)
class Keepout:
    """What one base of ``radius`` must keep clear of: fixed bases (as circles already grown by
    the radius), the table (its centre within ``low``-``high``) and terrain it may not stand in."""

    radius: float
    circles: list[Circle]
    low: Spot
    high: Spot
    blocking: list[Feature]
    outline_circles: list[Circle]
    segments: list[Segment]

    @classmethod
    def around(cls, board: Board, rules: GeometryRules, piece: Piece, others: list[Piece]) -> Keepout:
        radius = piece.radius
        blocking = blocking_features(board, rules)
        outline_circles: list[Circle] = []
        segments: list[Segment] = []
        for feature in blocking:
            arcs, straight = grown_outline(feature, radius)
            outline_circles += arcs
            segments += straight
        return cls(radius, [(o.x, o.y, o.radius + radius) for o in others], (radius, radius),
                   (board.width - radius, board.height - radius), blocking, outline_circles, segments)

    def near(self, low: Spot, high: Spot) -> Keepout:
        """The same keep-out for a centre that stays in the box ``low``-``high``: only the bases and
        features that reach into that box can matter there (a search asks many questions inside one)."""
        def reaches(bounds: tuple[float, float, float, float]) -> bool:
            return (bounds[0] <= high[0] + self.radius and bounds[2] >= low[0] - self.radius
                    and bounds[1] <= high[1] + self.radius and bounds[3] >= low[1] - self.radius)

        blocking = [f for f in self.blocking if reaches(f.shape.bounds)]
        kept = {id(f) for f in blocking}
        outline_circles: list[Circle] = []
        segments: list[Segment] = []
        for feature in self.blocking:
            if id(feature) in kept:
                arcs, straight = grown_outline(feature, self.radius)
                outline_circles += arcs
                segments += straight
        return Keepout(self.radius, [c for c in self.circles if _meets_box(c, low, high)], self.low, self.high,
                       blocking, outline_circles, segments)

    def legal(self, spot: Spot, apart: Sequence[Sequence[Circle]] = ()) -> bool:
        """The base centred on ``spot`` is on the table, clear of every base and of blocking terrain
        (touching is clear), and outside at least one circle of each group of ``apart``."""
        return (self.low[0] - SLACK <= spot[0] <= self.high[0] + SLACK
                and self.low[1] - SLACK <= spot[1] <= self.high[1] + SLACK
                and all(math.hypot(spot[0] - cx, spot[1] - cy) >= cr - ROUNDING for cx, cy, cr in self.circles)
                and all(any(math.hypot(spot[0] - cx, spot[1] - cy) >= cr - ROUNDING for cx, cy, cr in group)
                        for group in apart)
                and all(distance_to(f, spot) >= self.radius - ROUNDING for f in self.blocking))

    def nearest(self, start: Spot, apart: Sequence[Sequence[Circle]] = (), low: Spot | None = None,
                high: Spot | None = None) -> list[Spot]:
        """The legal spots among the candidates, nearest to ``start`` first.  ``apart``: groups of
        circles, the centre outside at least one of each (a group of one: another base to keep
        clear of; a group of four: the region within reach of every corner of a box, where a
        model anywhere in the box would overlap), so the region kept out of is the union of the
        groups' intersections, whose outline is arcs of their circles.  The centre stays in the
        box ``low``-``high`` when given (within the table's).  The first is the nearest legal spot
        in that box; none: there is no legal spot."""
        found = {(round(x, 9), round(y, 9)) for x, y in self._in_box(start, apart, low, high)}
        return sorted((s for s in found if self.legal(s, apart)),
                      key=lambda s: math.hypot(s[0] - start[0], s[1] - start[1]))

    def best(self, start: Spot, apart: Sequence[Sequence[Circle]] = (), low: Spot | None = None,
             high: Spot | None = None) -> Spot | None:
        """The first of :meth:`nearest` (None: no legal spot), checking candidates nearest first."""
        ordered = sorted(self._in_box(start, apart, low, high),
                         key=lambda s: (s[0] - start[0]) ** 2 + (s[1] - start[1]) ** 2)
        return next((s for s in ordered if self.legal(s, apart)), None)

    def _in_box(self, start: Spot, apart: Sequence[Sequence[Circle]], low: Spot | None,
                high: Spot | None) -> list[Spot]:
        lo = (max(self.low[0], low[0]), max(self.low[1], low[1])) if low is not None else self.low
        hi = (min(self.high[0], high[0]), min(self.high[1], high[1])) if high is not None else self.high
        if lo[0] > hi[0] + SLACK or lo[1] > hi[1] + SLACK:
            return []
        circles = [c for c in (*self.circles, *(c for group in apart for c in group), *self.outline_circles)
                   if _meets_box(c, lo, hi)]
        segments = [s for s in self.segments if min(s[0][0], s[1][0]) <= hi[0] + SLACK
                    and max(s[0][0], s[1][0]) >= lo[0] - SLACK and min(s[0][1], s[1][1]) <= hi[1] + SLACK
                    and max(s[0][1], s[1][1]) >= lo[1] - SLACK]
        return [s for s in candidate_spots(start, circles, lo, hi, segments)
                if lo[0] - SLACK <= s[0] <= hi[0] + SLACK and lo[1] - SLACK <= s[1] <= hi[1] + SLACK]
