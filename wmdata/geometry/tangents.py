"""The critical lines of line of sight between round bases: common tangents.

Whether *some* straight line from one base to another avoids a set of intervening bases is
a question about lines.  A line that meets both bases and passes no intervening base can be
turned and shifted, staying clear, until it touches two of the circles involved (the two
bases and the intervening ones): the set of clear lines is closed and bounded, and its
extreme direction is reached where two tangency conditions meet.  So if any clear line
exists, one of the common tangents of two of those circles is clear, and testing every
common tangent answers the question exactly, without sampling.

Each pair of circles has up to four common tangents (two outer, two inner); a point is a
circle of radius 0, so terrain corners can take part in the same way.
"""

from __future__ import annotations

import math

Circle = tuple[float, float, float]
Segment = tuple[tuple[float, float], tuple[float, float]]
#: A line as a unit normal (nx, ny) and offset p: the points q with nx*qx + ny*qy = p.
Line = tuple[float, float, float]


def common_tangents(first: Circle, second: Circle) -> list[Line]:
    """Every line tangent to both circles (radius 0: through the point)."""
    (x1, y1, r1), (x2, y2, r2) = first, second
    dx, dy = x2 - x1, y2 - y1
    span = math.hypot(dx, dy)
    if span <= 1e-12:
        return []
    heading = math.atan2(dy, dx)
    lines: list[Line] = []
    for s2 in (1.0, -1.0):
        # n.c1 - p = r1 and n.c2 - p = s2 * r2, so n.(c2 - c1) = s2 * r2 - r1.
        ratio = (s2 * r2 - r1) / span
        if abs(ratio) > 1 + 1e-12:
            continue
        spread = math.acos(max(-1.0, min(1.0, ratio)))
        for angle in {heading + spread, heading - spread}:
            nx, ny = math.cos(angle), math.sin(angle)
            lines.append((nx, ny, nx * x1 + ny * y1 - r1))
    return lines


def bridge(line: Line, a: Circle, b: Circle) -> Segment | None:
    """The part of ``line`` between where it leaves base ``a`` and where it enters base ``b``
    (None when the line misses either base)."""
    nx, ny, p = line
    ux, uy = -ny, nx
    chords = []
    for cx, cy, r in (a, b):
        off = nx * cx + ny * cy - p
        if abs(off) > r + 1e-9:
            return None
        half = math.sqrt(max(0.0, r * r - off * off))
        along = ux * cx + uy * cy
        chords.append((along - half, along + half))
    (a_low, a_high), (b_low, b_high) = chords
    start, end = (a_high, b_low) if a_low <= b_low else (a_low, b_high)
    return ((p * nx + start * ux, p * ny + start * uy), (p * nx + end * ux, p * ny + end * uy))
