"""A line set that decides line of sight exactly past round bases and opaque terrain.

Lines are taken as a unit normal at angle ``phi`` and an offset ``p``: the points q with
``cos(phi) qx + sin(phi) qy = p``.  Every object that can change whether the stretch of a line
between the two bases meets an obstacle draws a *curve* ``p(phi) = cos(phi) x + sin(phi) y + s``
in that plane:

* a circle (the two bases, intervening bases, round terrain) draws two, ``s = +r`` and ``-r``:
  the lines tangent to it;
* a point draws one (``s = 0``): the lines through it.  The points are the terrain corners near
  the bases and the points where a base's edge crosses a feature's edge (where the end of the
  stretch between the bases enters or leaves the feature).

For a fixed ``phi`` the lines between two neighbouring curves all meet the same obstacles: the
stretch only starts or stops meeting a closed polygon when it passes a corner or when one of its
ends crosses an edge, and only starts or stops passing over a base when it becomes tangent to it.
As ``phi`` turns, the order of the curves changes only where two curves cross: at a common tangent
of two of the objects.  So every region of lines (cell) with one answer is born at such a crossing
and keeps its neighbours and its answer until the next one.  Testing, for each crossing, the line
of the crossing itself and, halfway to the next crossing direction, the two curves that crossed and
the line midway between them, tests every cell and every curve piece at least once: if any line
between the bases is clear, one of these is.  That is 4 lines a crossing, O(n^2) in all for n
objects, instead of testing every cell at every crossing direction.
"""

from __future__ import annotations

import numpy as np

#: A circle (x, y, radius); a point is a circle of radius 0.
Circle = tuple[float, float, float]
#: Lines as rows (nx, ny, p).
Lines = np.ndarray


def _curves(circles: list[Circle], points: np.ndarray) -> np.ndarray:
    """Rows (x, y, s): a circle's two tangent curves, a point's one."""
    rows = [(x, y, s * r) for x, y, r in circles for s in (1.0, -1.0)]
    rows += [(float(x), float(y), 0.0) for x, y in points]
    return np.array(rows, dtype=float).reshape(-1, 3)


def _crossings(curves: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every direction in [0, pi) where two curves meet, with the indices of the two curves."""
    first, second = np.triu_indices(len(curves), k=1)
    dx = curves[first, 0] - curves[second, 0]
    dy = curves[first, 1] - curves[second, 1]
    ds = curves[first, 2] - curves[second, 2]
    # cos(phi) dx + sin(phi) dy + ds = 0, i.e. span cos(phi - heading) = -ds.
    span = np.hypot(dx, dy)
    meets = span > 1e-12
    ratio = np.where(meets, -ds / np.where(meets, span, 1.0), 2.0)
    meets &= np.abs(ratio) <= 1.0 + 1e-12
    heading = np.arctan2(dy, dx)
    spread = np.arccos(np.clip(ratio, -1.0, 1.0))
    angles = np.concatenate([heading + spread, heading - spread]) % (2 * np.pi)
    pairs_first, pairs_second = np.concatenate([first, first]), np.concatenate([second, second])
    keep = np.concatenate([meets, meets]) & (angles < np.pi)
    return angles[keep], pairs_first[keep], pairs_second[keep]


def _offsets(curves: np.ndarray, which: np.ndarray, angles: np.ndarray) -> np.ndarray:
    chosen = curves[which]
    result: np.ndarray = np.cos(angles) * chosen[:, 0] + np.sin(angles) * chosen[:, 1] + chosen[:, 2]
    return result


def _lines(angles: np.ndarray, offsets: np.ndarray) -> Lines:
    return np.stack([np.cos(angles), np.sin(angles), offsets], axis=1)


def common_tangents(circles: list[Circle]) -> Lines:
    """Every common tangent of two of the circles.  With only bases in the way (open discs: a
    line touching a base passes) these alone decide line of sight: the clear lines form a closed
    set whose extreme direction is where two tangency conditions meet, a common tangent."""
    return crossing_lines(circles, np.empty((0, 2)))


def crossing_lines(circles: list[Circle], points: np.ndarray) -> Lines:
    """Every line where two curves meet: the common tangents of two circles, the tangents from a
    point to a circle and the line through two points."""
    curves = _curves(circles, points)
    angles, first, _ = _crossings(curves)
    return _lines(angles, _offsets(curves, first, angles))


def arrangement_lines(circles: list[Circle], points: np.ndarray) -> Lines:
    """The lines of the module docstring for these circles and points (bases first among the
    circles is not required; every object takes part alike)."""
    curves = _curves(circles, points)
    angles, first, second = _crossings(curves)
    if not len(angles):
        return np.empty((0, 3))
    distinct = np.unique(angles)
    following = np.append(distinct[1:], distinct[0] + np.pi)
    halfway = ((distinct + following) / 2)[np.searchsorted(distinct, angles)]
    at_crossing = _offsets(curves, first, angles)
    after_first, after_second = _offsets(curves, first, halfway), _offsets(curves, second, halfway)
    return _lines(np.concatenate([angles, halfway, halfway, halfway]),
                  np.concatenate([at_crossing, after_first, after_second, (after_first + after_second) / 2]))


def bridges(lines: Lines, a: Circle, b: Circle) -> tuple[np.ndarray, np.ndarray]:
    """Each line's stretch from where it leaves base ``a`` to where it enters base ``b``
    (segments, shape (m, 2, 2)), and which lines meet both bases at all."""
    nx, ny, p = lines[:, 0], lines[:, 1], lines[:, 2]
    ux, uy = -ny, nx
    chords = []
    meets = np.ones(len(lines), dtype=bool)
    for cx, cy, r in (a, b):
        off = nx * cx + ny * cy - p
        meets &= np.abs(off) <= r + 1e-9
        half = np.sqrt(np.maximum(0.0, r * r - off * off))
        along = ux * cx + uy * cy
        chords.append((along - half, along + half))
    (a_low, a_high), (b_low, b_high) = chords
    forward = a_low <= b_low
    start = np.where(forward, a_high, a_low)
    end = np.where(forward, b_low, b_high)
    segments = np.stack([np.stack([p * nx + start * ux, p * ny + start * uy], axis=1),
                         np.stack([p * nx + end * ux, p * ny + end * uy], axis=1)], axis=1)
    return segments, meets


def circle_edge_points(circle: Circle, ring: np.ndarray) -> np.ndarray:
    """Where a circle's edge crosses the edges of a closed ring of corners (rows x, y)."""
    cx, cy, r = circle
    starts, ends = ring[:-1], ring[1:]
    delta = ends - starts
    offset = starts - np.array([cx, cy])
    a = (delta ** 2).sum(axis=1)
    b = 2 * (offset * delta).sum(axis=1)
    c = (offset ** 2).sum(axis=1) - r * r
    disc = b * b - 4 * a * c
    found = []
    usable = (a > 1e-18) & (disc >= 0)
    root = np.sqrt(np.where(usable, disc, 0.0))
    for sign in (-1.0, 1.0):
        t = (-b + sign * root) / np.where(usable, 2 * a, 1.0)
        hit = usable & (t >= 0) & (t <= 1)
        found.append(starts[hit] + t[hit, None] * delta[hit])
    return np.concatenate(found) if found else np.empty((0, 2))


def circle_circle_points(first: Circle, second: Circle) -> np.ndarray:
    """Where two circles' edges cross (none, one or two points)."""
    (x1, y1, r1), (x2, y2, r2) = first, second
    d = float(np.hypot(x2 - x1, y2 - y1))
    if d <= 1e-12 or d > r1 + r2 or d < abs(r1 - r2):
        return np.empty((0, 2))
    along = (d * d + r1 * r1 - r2 * r2) / (2 * d)
    height = float(np.sqrt(max(0.0, r1 * r1 - along * along)))
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    mx, my = x1 + along * ux, y1 + along * uy
    return np.array([(mx - height * uy, my + height * ux), (mx + height * uy, my - height * ux)])
