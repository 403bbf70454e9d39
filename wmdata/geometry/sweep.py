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

Other curves may join (``extra``): any curve ``p(phi)`` given as a trigonometric polynomial of degree
at most 2, such as the lines where a chord through a forest is exactly the forest depth
(:mod:`wmdata.geometry.forestchords`).  A curve that is a graph over ``phi`` changes its place in the
order only where it crosses another, so the argument holds unchanged; the crossings are the roots of
a polynomial of degree 4.  Directions where something changes for every line at once (``fixed``)
are events too: there and halfway to the next event every curve and every gap between two
neighbouring curves is tested, since a cell can be born there without a crossing.
"""

from __future__ import annotations

import numpy as np

#: A circle (x, y, radius); a point is a circle of radius 0.
Circle = tuple[float, float, float]
#: Lines as rows (nx, ny, p).
Lines = np.ndarray


#: How far from the unit circle a root of a crossing polynomial may lie and still be a direction.
UNIT_SLACK = 1e-6


def _curves(circles: list[Circle], points: np.ndarray, extra: np.ndarray | None = None) -> np.ndarray:
    """Rows (x, y, s, c2, s2): ``p(phi) = x cos(phi) + y sin(phi) + s + c2 cos(2 phi) + s2 sin(2 phi)``;
    a circle's two tangent curves, a point's one, then the ``extra`` curves."""
    rows = [(x, y, s * r, 0.0, 0.0) for x, y, r in circles for s in (1.0, -1.0)]
    rows += [(float(x), float(y), 0.0, 0.0, 0.0) for x, y in points]
    plain = np.array(rows, dtype=float).reshape(-1, 5)
    return plain if extra is None else np.concatenate([plain, np.asarray(extra, dtype=float).reshape(-1, 5)])


def _crossings(curves: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every direction in [0, pi) where two curves meet, with the indices of the two curves."""
    first, second = np.triu_indices(len(curves), k=1)
    curved = (curves[first, 3:] != 0).any(axis=1) | (curves[second, 3:] != 0).any(axis=1)
    plain = _plain_crossings(curves, first[~curved], second[~curved])
    bent = _bent_crossings(curves, first[curved], second[curved])
    angles, pairs_first, pairs_second = (np.concatenate(parts) for parts in zip(plain, bent, strict=True))
    return angles, pairs_first.astype(int), pairs_second.astype(int)


def _bent_crossings(curves: np.ndarray, first: np.ndarray, second: np.ndarray,
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crossings where a curve of degree 2 takes part: with ``z = exp(i phi)``, ``z**2`` times the
    difference of the two curves is a polynomial of degree 4 in ``z``; its roots on the unit circle."""
    if not len(first):
        return np.empty(0), np.empty(0, dtype=int), np.empty(0, dtype=int)
    x, y, s, c2, s2 = (curves[first] - curves[second]).T
    # Ascending powers of z: a cos(k phi) + b sin(k phi) = (a - i b) / 2 z^k + (a + i b) / 2 z^-k.
    rows = np.stack([(c2 + 1j * s2) / 2, (x + 1j * y) / 2, s + 0j, (x - 1j * y) / 2, (c2 - 1j * s2) / 2], axis=1)
    roots = np.full((len(rows), 4), np.nan + 0j)
    lead = rows[:, 4]
    full = lead != 0
    companion = np.zeros((int(full.sum()), 4, 4), dtype=complex)
    companion[:, 1:, :-1] = np.eye(3)
    companion[:, :, -1] = -rows[full, :4] / lead[full, None]
    roots[full] = np.linalg.eigvals(companion)
    for row in np.nonzero(~full)[0]:
        solved = np.roots(np.trim_zeros(rows[row], "b")[::-1])
        roots[row, :len(solved)] = solved
    near = np.abs(np.abs(roots) - 1) < UNIT_SLACK
    which, _ = np.nonzero(near)
    angle = np.angle(roots[near]) % (2 * np.pi)
    keep = angle < np.pi
    return angle[keep], first[which[keep]], second[which[keep]]


def _plain_crossings(curves: np.ndarray, first: np.ndarray, second: np.ndarray,
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crossings of two curves of degree 1, in closed form."""
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
    result: np.ndarray = (np.cos(angles) * chosen[:, 0] + np.sin(angles) * chosen[:, 1] + chosen[:, 2]
                          + np.cos(2 * angles) * chosen[:, 3] + np.sin(2 * angles) * chosen[:, 4])
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


def arrangement_lines(circles: list[Circle], points: np.ndarray, extra: np.ndarray | None = None,
                      fixed: np.ndarray | None = None) -> Lines:
    """The lines of the module docstring for these circles and points (bases first among the
    circles is not required; every object takes part alike), the ``extra`` curves (rows
    ``(cos, sin, constant, cos 2, sin 2)`` coefficients of ``p(phi)``) and the ``fixed`` directions."""
    curves = _curves(circles, points, extra)
    angles, first, second = _crossings(curves)
    events = np.empty(0) if fixed is None else np.asarray(fixed, dtype=float) % np.pi
    if not len(angles) and not len(events):
        return np.empty((0, 3))
    distinct = np.unique(np.concatenate([angles, events]))
    following = np.append(distinct[1:], distinct[0] + np.pi)
    middles = (distinct + following) / 2
    halfway = middles[np.searchsorted(distinct, angles)]
    at_crossing = _offsets(curves, first, angles)
    after_first, after_second = _offsets(curves, first, halfway), _offsets(curves, second, halfway)
    found = [_lines(np.concatenate([angles, halfway, halfway, halfway]),
                    np.concatenate([at_crossing, after_first, after_second, (after_first + after_second) / 2]))]
    for angle in np.unique(events):
        found += [_every_cell(curves, angle), _every_cell(curves, middles[np.searchsorted(distinct, angle)])]
    return np.concatenate(found)


def _every_cell(curves: np.ndarray, angle: float) -> Lines:
    """At one direction, the line on every curve and the line midway between every two neighbours."""
    offsets = np.sort(_offsets(curves, np.arange(len(curves)), np.full(len(curves), angle)))
    tested = np.concatenate([offsets, (offsets[1:] + offsets[:-1]) / 2])
    return _lines(np.full(len(tested), angle), tested)


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
