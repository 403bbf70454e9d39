"""The depth rule of a convex polygon forest split into conditions of low degree.

A forest a model touches stops a stretch (from ``N``, where the line leaves one base, to ``T``,
where it enters the other) with more than the forest depth ``D`` inside it.  Inside a convex
polygon, the intersection of the half-planes ``m_k . x <= c_k`` of its edges, the stretch's part is
one piece, from ``max(s_N, s_in)`` to ``min(s_T, s_out)`` along the line, where ``s_in`` is the
largest crossing of an edge line the line enters through (``m . u < 0``, ``u`` its direction) and
``s_out`` the smallest one it leaves through.  ``min(x, y) - max(z, w) <= D`` holds exactly when
one of ``x - z``, ``x - w``, ``y - z``, ``y - w`` is at most ``D``, so the stretch is clear of the
forest exactly when one of these holds:

1. ``|T - N| <= D``;
2. ``s_T - s_i <= D`` for an edge ``i`` the line enters through;
3. ``s_j - s_N <= D`` for an edge ``j`` the line leaves through;
4. ``s_j - s_i <= D`` for such a pair ``(i, j)``: the chord of the line alone.

Line of sight asks whether some stretch is clear of everything, so it may ask it of each condition
in turn (together with everything else in the way).  Conditions 1 to 3 only matter where an end is
inside the forest (otherwise they imply 4 or the stretch misses the forest), and each is a curve of
degree at most 3 in the two rim angles of :mod:`wmdata.geometry.rims`
(:meth:`wmdata.geometry.rims.Curves.polygon_forest_depth`).  Condition 4 depends on the line only:
in the line plane of :mod:`wmdata.geometry.sweep` (unit normal at ``phi``, offset ``p``) the
crossing of edge line ``k`` lies at ``s_k = (c_k - p m_k . n) / (m_k . u)``, so the chord of a pair
is exactly ``D`` on the curve ``p(phi) = (D (m_i . u)(m_j . u) - c_j (m_i . u) + c_i (m_j . u)) /
cross(m_i, m_j)``, a trigonometric polynomial of degree 2 (:func:`chord_curves`).  For two parallel
edges the chord does not depend on ``p`` and is exactly ``D`` at fixed directions; an edge turns from
entered to left where the line runs along it, also a fixed direction.
"""

from __future__ import annotations

import numpy as np
from shapely.geometry import Polygon
from shapely.geometry.polygon import orient

#: Below this |cross(m_i, m_j)| two unit edge normals count as parallel.
PARALLEL = 1e-12


def is_convex(shape: Polygon) -> bool:
    """Whether the polygon is convex without holes (its area equals its hull's, to rounding)."""
    return not shape.interiors and shape.convex_hull.area - shape.area <= 1e-12 * max(shape.area, 1.0)


def edges(shape: Polygon) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The corners ``q`` (counter-clockwise), edge vectors ``e`` and outward unit normals ``m`` of
    the polygon's edges (zero-length edges dropped)."""
    coords = np.asarray(orient(shape, 1.0).exterior.coords)
    starts, vectors = coords[:-1], coords[1:] - coords[:-1]
    lengths = np.hypot(vectors[:, 0], vectors[:, 1])
    keep = lengths > 1e-12
    normals = np.stack([vectors[keep, 1], -vectors[keep, 0]], axis=1) / lengths[keep, None]
    return starts[keep], vectors[keep], normals


def chord_curves(shape: Polygon, depth: float) -> tuple[np.ndarray, np.ndarray]:
    """Condition 4 of the module docstring for a convex polygon: the curves (rows of
    :func:`wmdata.geometry.sweep.arrangement_lines`' ``extra``) where the chord between two edge
    lines is exactly ``depth``, for every ordered pair, and the fixed directions (parallel edges'
    chords exactly ``depth``, a line running along an edge)."""
    starts, _, normals = edges(shape)
    offsets = (normals * starts).sum(axis=1)
    thetas = np.arctan2(normals[:, 1], normals[:, 0])
    rows: list[tuple[float, float, float, float, float]] = []
    fixed: list[float] = list(thetas)
    for i, (a1, a2) in enumerate(normals):
        for j, (b1, b2) in enumerate(normals):
            if i == j:
                continue
            cross = a1 * b2 - a2 * b1
            ci, cj = offsets[i], offsets[j]
            if abs(cross) <= PARALLEL:
                if a1 * b1 + a2 * b2 > 0:  # two edges along one line (a corner on a straight side)
                    continue
                width = ci + cj
                if i < j and 0 < width <= depth:
                    spread = float(np.arcsin(width / depth))
                    fixed += [thetas[i] + spread, thetas[i] - spread]
                continue
            # (m.u) = -m_x sin + m_y cos; (m_i.u)(m_j.u) in cos 2 phi and sin 2 phi.
            rows.append(((cj * -a2 + ci * b2) / cross, (cj * a1 - ci * b1) / cross,
                         depth * (a1 * b1 + a2 * b2) / 2 / cross,
                         depth * (a2 * b2 - a1 * b1) / 2 / cross, -depth * (a1 * b2 + a2 * b1) / 2 / cross))
    return np.array(rows, dtype=float).reshape(-1, 5), np.array(fixed, dtype=float)
