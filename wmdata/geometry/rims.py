"""A line set that decides line of sight exactly when a height feature's top lies between the two
models' tops (a *partial* height feature: the sight line must clear it where it crosses).

Such a feature stops a line when it meets the line's *low part*.  The sight line runs from any
point of one volume to any point of the other, so the highest one over a line starts at the lower
model's top where the line crosses its rim on the far side, ``S``, and ends at the higher model's
top where the stretch between the bases enters it, ``T`` (:func:`wmdata.geometry.blocking.low_parts`).
Its height rises evenly, so the part of the stretch below the feature's top runs from the lower
model's end of the stretch, ``N`` (the line's other crossing of that rim), to
``E = (1 - t) S + t T`` at the fixed fraction ``t`` where the height reaches the feature's top,
and is empty when ``E`` lies before ``N``.  ``E`` moves with both ends, so the lines it bounds are
not among the tangent and corner lines of :mod:`wmdata.geometry.sweep`.

Here every line is its pair of rim points, angles ``(a, b)``: ``a`` on the lower model's rim
parametrises ``S``, ``b`` on the higher model's rim ``T`` (a torus; the lines of real stretches are
the pairs whose segment enters the lower base at ``S`` and enters the higher one at ``T``).  On it,
each thing that can change whether some obstacle stops the stretch is the zero set of a
trigonometric polynomial of degree at most 2 in each angle here (at most ``DEGREE`` = 3 for the
forests below; a *curve*):

* the pair stops being one (the segment turns outward at an end): ``(T - S).(S - c_S) = 0`` and
  ``(T - S).(T - c_T) = 0``, degree (1, 1);
* the line passes a point ``q`` (a terrain corner, a point where a feature's edge or another circle
  crosses the lower model's rim, where ``N`` crosses that edge): ``cross(T - S, q - S) = 0``,
  degree (1, 1); ``T`` crossing an edge is a point on the higher rim (``sin(b - b_q) = 0``,
  degree (0, 1));
* it becomes tangent to a circle (an intervening base, round terrain): the line's distance to the
  centre equals the radius, squared, degree (2, 2);
* ``E`` crosses an edge's line of a partial feature, degree (1, 1), or the circle of a round one,
  degree (1, 1), or crosses ``N`` (``t |T - S|^2 + 2 (S - c_S).(T - S) = 0``, degree (1, 1)).

``a`` may instead give the stretch's own start ``N`` on the first model's rim (``Rims.far`` False:
the validity curve's sign flips, a point on that rim is a fixed angle; ``S`` is then the line's other
crossing of that rim, so ``E`` times ``|T - N|^2`` is of degree (2, 2) and crossing an edge's line
stays within the degree, a circle would not).  Then a forest a model touches, which stops a stretch
with more than the forest depth inside it, adds the curves where exactly that depth lies inside: a
round one (:meth:`Curves.forest_depth`: degree (3, 2) and (2, 3) where one end is inside) or the end
conditions of a convex polygon one (:meth:`Curves.polygon_forest_depth`, the same degrees), and the
same sweep decides it.

A base stops the stretch when it passes over it (changes only at a tangency or when an end crosses
its rim), closed terrain when it meets it (at a corner or when an end crosses an edge), a partial
feature when it meets ``[N, E]`` (at a corner, a tangency, or when ``N`` or ``E`` crosses its edge,
or when ``E`` passes ``N``).  So the answer is the same on every piece of the torus the curves cut
out (a *cell*).  The cells are found by a sweep over ``a``: between two neighbouring *events* (an
``a`` where two curves meet, found as the roots of their resultant in ``b``, a polynomial in ``a``;
an ``a`` where a curve turns back, the roots of its discriminant; a fixed angle ``a``), the curves'
roots in ``b`` move without meeting, so every cell crosses the slice at the middle of that stretch
of ``a`` as one gap between two roots or as one root.  Testing, at every event and every middle,
each root and each gap (its midpoint) tests every cell: if any stretch is clear, one of these is.
Roots are computed numerically (eigenvalues of companion matrices); candidate events are taken
generously (roots within ``UNIT_SLACK`` of the unit circle), since an extra slice only costs time,
and each crossing is polished by Newton's method and tested itself.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wmdata.geometry.sweep import Circle

#: The highest degree of a curve in either angle; GRID samples hold it without aliasing.
DEGREE = 3
GRID = 8
_ANGLES = 2 * np.pi * np.arange(GRID) / GRID
_A, _B = np.meshgrid(_ANGLES, _ANGLES, indexing="ij")
_INDEX = np.arange(-DEGREE, DEGREE + 1) % GRID
#: Samples of a resultant in ``a`` (its degree is at most 26 here, below SAMPLES / 2).
SAMPLES = 64
#: How far from the unit circle a root may lie and still be taken as a real angle.
UNIT_SLACK = 1e-3


@dataclass(frozen=True, slots=True)
class Rims:
    """The two rims: ``a``, whose angle gives the line's far point ``S`` on it when ``far`` (the lower
    model's, for partial height features) or else the point ``N`` where the stretch leaves it, and
    ``b``, whose angle gives the point ``T`` where the stretch enters it."""

    a: Circle
    b: Circle
    far: bool = True

    def at_a(self, angle: np.ndarray) -> np.ndarray:
        x, y, r = self.a
        return np.stack([x + r * np.cos(angle), y + r * np.sin(angle)], axis=-1)

    def at_b(self, angle: np.ndarray) -> np.ndarray:
        x, y, r = self.b
        return np.stack([x + r * np.cos(angle), y + r * np.sin(angle)], axis=-1)

    def arc_a(self) -> tuple[float, float]:
        """The angles of ``a``'s rim to sweep over."""
        return self.far_arc() if self.far else self.near_arc(self.a, self.b)

    @staticmethod
    def near_arc(own: Circle, other: Circle) -> tuple[float, float]:
        """The angles of ``own``'s rim where a stretch between the two bases can end: between the
        outer tangent points (the rest faces away)."""
        (x, y, r), (ox, oy, orad) = own, other
        heading = float(np.arctan2(oy - y, ox - x))
        spread = float(np.arccos(np.clip((r - orad) / max(float(np.hypot(ox - x, oy - y)), 1e-12), -1.0, 1.0)))
        return heading - spread, heading + spread

    def far_arc(self) -> tuple[float, float]:
        """The angles of ``a``'s rim where a line can enter ``a``'s base and go on to ``b``'s: all
        but the arc between the inner tangent points (there the tangent line has ``b`` strictly
        outside, so every line entering ``a`` turns away from ``b``)."""
        (x, y, r), (ox, oy, orad) = self.a, self.b
        heading = float(np.arctan2(oy - y, ox - x))
        spread = float(np.arccos(np.clip((r + orad) / max(float(np.hypot(ox - x, oy - y)), 1e-12), -1.0, 1.0)))
        return heading + spread, heading + 2 * np.pi - spread


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    result: np.ndarray = u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]
    return result


def _dot(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    result: np.ndarray = (u * v).sum(axis=-1)
    return result


def _fit(values: np.ndarray) -> np.ndarray:
    """Coefficients c[j + DEGREE, k + DEGREE] of exp(i (j a + k b)), |j|, |k| <= DEGREE, of a
    trigonometric polynomial of degree at most DEGREE in each angle from its values on the GRID x GRID
    samples."""
    spectrum = np.fft.fft2(values) / (GRID * GRID)
    fitted: np.ndarray = spectrum[_INDEX[:, None], _INDEX[None, :]]
    return fitted


class Curves:
    """The curves of the module docstring for one pair of rims, as coefficient arrays."""

    def __init__(self, rims: Rims) -> None:
        self.rims = rims
        self.pa, self.pb = rims.at_a(_A), rims.at_b(_B)
        self.delta = self.pb - self.pa
        self.coefficients: list[np.ndarray] = []
        self.fixed_a: list[float] = []

    def add(self, values: np.ndarray) -> None:
        self.coefficients.append(_fit(values))

    def validity(self) -> None:
        ca, cb = np.array(self.rims.a[:2]), np.array(self.rims.b[:2])
        self.add(_dot(self.delta, self.pa - ca))
        self.add(_dot(-self.delta, self.pb - cb))

    def through(self, points: np.ndarray) -> None:
        for q in points:
            self.add(_cross(self.delta, q - self.pa))

    def tangent(self, circles: list[Circle]) -> None:
        for x, y, r in circles:
            self.add(_cross(self.delta, np.array([x, y]) - self.pa) ** 2 - r * r * _dot(self.delta, self.delta))

    def rim_points(self, points_a: np.ndarray, points_b: np.ndarray) -> None:
        """Points on the rims: ``N`` passes one on ``a``'s rim when the line does (a curve through
        it, which holds the whole slice where ``S`` is that point: a fixed angle too); ``T`` one on
        ``b``'s rim at a fixed angle ``b`` (a curve)."""
        xa, ya, _ = self.rims.a
        xb, yb, _ = self.rims.b
        self.fixed_a += [float(np.arctan2(y - ya, x - xa)) for x, y in points_a]
        if self.rims.far:
            self.through(points_a)
        for x, y in points_b:
            self.add(np.sin(_B - np.arctan2(y - yb, x - xb)))

    def _low_end(self, fraction: float) -> tuple[np.ndarray, np.ndarray]:
        """``E`` times a positive factor, and the factor.  ``far``: ``E`` itself.  Otherwise ``a`` gives
        ``N``, and ``S`` is the line's other crossing of that rim, ``N - 2 ((N - c).d) d / |d|^2``
        (``d = T - N``), so ``E |d|^2`` is of degree (2, 2)."""
        if self.rims.far:
            return (1 - fraction) * self.pa + fraction * self.pb, np.ones(self.pa.shape[:-1])
        length2 = _dot(self.delta, self.delta)
        reach = _dot(self.pa - np.array(self.rims.a[:2]), self.delta)
        far_scaled = self.pa * length2[..., None] - 2 * reach[..., None] * self.delta
        return (1 - fraction) * far_scaled + fraction * self.pb * length2[..., None], length2

    def low_end_on_line(self, fraction: float, normal: np.ndarray, offset: float) -> None:
        low_end, scale = self._low_end(fraction)
        self.add(_dot(low_end, normal) - offset * scale)

    def low_end_on_circle(self, fraction: float, circle: Circle) -> None:
        """Only by the far point (by ``N`` the curve would be of degree (4, 4))."""
        assert self.rims.far
        x, y, r = circle
        low_end = (1 - fraction) * self.pa + fraction * self.pb - np.array([x, y])
        self.add(_dot(low_end, low_end) - r * r)

    def forest_depth(self, circle: Circle, depth: float) -> None:
        """Where the stretch (``N`` to ``T``, not ``far``) has exactly ``depth`` inside a round forest
        (centre ``c``, radius ``R``), by which of its ends lie in the forest: with neither, the chord
        is ``depth`` where the line is ``sqrt(R^2 - depth^2 / 4)`` from ``c`` (a tangent); with ``N``
        inside, the depth is ``w + sqrt(R^2 - h^2)`` (``w`` along the line from ``N`` to the foot of
        ``c``, ``h`` the line's distance from ``c``, ``w^2 + h^2 = |c - N|^2``), ``depth`` exactly
        where ``w = k = (depth^2 - R^2 + |c - N|^2) / (2 depth)``, squared ``((T - N).(c - N))^2 =
        k^2 |T - N|^2``, degree (3, 1); the same from ``T``, degree (1, 3); with both inside, where
        ``|T - N| = depth``, degree (1, 1)."""
        assert not self.rims.far
        x, y, radius = circle
        centre = np.array([x, y])
        if radius > depth / 2:
            self.tangent([(x, y, float(np.sqrt(radius * radius - depth * depth / 4)))])
        length2 = _dot(self.delta, self.delta)
        # An end's curve only where that end can be inside: its rim reaches into the forest.
        reaching = [float(np.hypot(x - rim[0], y - rim[1])) < radius + rim[2] for rim in (self.rims.a, self.rims.b)]
        for end, sign, inside in ((self.pa, 1.0, reaching[0]), (self.pb, -1.0, reaching[1])):
            if inside:
                k = (depth * depth - radius * radius + _dot(centre - end, centre - end)) / (2 * depth)
                self.add(_dot(sign * self.delta, centre - end) ** 2 - k * k * length2)
        if all(reaching):
            self.add(length2 - depth * depth)

    def low_end_at_start(self, fraction: float) -> None:
        """``E`` passing ``N``.  ``far``: along the line ``E`` is ``t |T - S|`` from ``S`` and ``N`` is
        the chord ``-2 (S - c).(T - S) / |T - S|`` from it.  Otherwise ``(E - N).(T - N) =
        t |T - N|^2 - 2 (1 - t) (N - c).(T - N)``."""
        ca = np.array(self.rims.a[:2])
        reach = _dot(self.pa - ca, self.delta)
        if self.rims.far:
            self.add(fraction * _dot(self.delta, self.delta) + 2 * reach)
        else:
            self.add(fraction * _dot(self.delta, self.delta) - 2 * (1 - fraction) * reach)

    def polygon_forest_depth(self, corners: np.ndarray, vectors: np.ndarray, depth: float,
                             reaching: tuple[bool, bool]) -> None:
        """Conditions 1 to 3 of :mod:`wmdata.geometry.forestchords` for a convex polygon forest (its
        edges from ``corners`` along ``vectors``), for the ends whose rim reaches into it: the
        fraction of the way from ``N`` to ``T`` where the line crosses an edge's line is
        ``cross(q - N, e) / cross(d, e)`` (``d = T - N``), so the distance from ``N`` to that crossing
        is exactly ``depth`` where ``|d|^2 cross(q - N, e)^2 = depth^2 cross(d, e)^2``, degree (3, 2),
        and from the crossing to ``T`` where ``|d|^2 cross(T - q, e)^2 = depth^2 cross(d, e)^2``,
        degree (2, 3); ``cross(d, e) = 0`` (the line along the edge) turns the edge from entered to
        left; with both ends inside, ``|d| = depth``."""
        assert not self.rims.far
        if not any(reaching):
            return
        length2 = _dot(self.delta, self.delta)
        for corner, vector in zip(corners, vectors, strict=True):
            along = _cross(self.delta, vector)
            self.add(along)
            if reaching[0]:
                self.add(length2 * _cross(corner - self.pa, vector) ** 2 - depth * depth * along ** 2)
            if reaching[1]:
                self.add(length2 * _cross(self.pb - corner, vector) ** 2 - depth * depth * along ** 2)
        if all(reaching):
            self.add(length2 - depth * depth)


def _degree_b(coefficients: np.ndarray) -> int:
    scale = np.abs(coefficients).max() or 1.0
    for kb in range(DEGREE, 0, -1):
        if np.abs(coefficients[:, DEGREE + kb]).max() > 1e-12 * scale:
            return kb
    return 0


def _slice(coefficients: np.ndarray, kb: int, angles: np.ndarray) -> np.ndarray:
    """Rows of polynomial coefficients in z = exp(i b) (ascending powers, degree 2 kb) at each ``a``."""
    phases = np.exp(1j * np.outer(angles, np.arange(-DEGREE, DEGREE + 1)))
    rows: np.ndarray = phases @ coefficients[:, DEGREE - kb:DEGREE + 1 + kb]
    return rows


def _unit_roots(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The roots near the unit circle of the polynomials given as rows of ascending coefficients:
    their angles, and the row each belongs to (rows with a vanishing leading coefficient are
    solved one by one)."""
    degree = rows.shape[1] - 1
    scale = np.abs(rows).max(axis=1)
    lead = rows[:, -1]
    regular = np.abs(lead) > 1e-9 * np.maximum(scale, 1e-300)
    roots = np.full((len(rows), degree), np.nan + 0j)
    if regular.any() and degree == 2:
        c, b, a = rows[regular].T
        root = np.sqrt(b * b - 4 * a * c)
        # The larger root first (no cancellation), the other from the product of the roots.
        big = np.where(np.abs(-b + root) >= np.abs(-b - root), -b + root, -b - root) / (2 * a)
        roots[regular] = np.stack([big, np.where(big != 0, c / (a * np.where(big != 0, big, 1)), 0)], axis=1)
    elif regular.any() and degree:
        monic = rows[regular, :-1] / lead[regular, None]
        companion = np.zeros((int(regular.sum()), degree, degree), dtype=complex)
        companion[:, 1:, :-1] = np.eye(degree - 1)
        companion[:, :, -1] = -monic
        roots[regular] = np.linalg.eigvals(companion)
    for index in np.nonzero(~regular & (scale > 0))[0]:
        solved = np.roots(rows[index, ::-1])
        roots[index, :len(solved)] = solved
    near = np.abs(np.abs(roots) - 1) < UNIT_SLACK
    which, _ = np.nonzero(near)
    return np.angle(roots[near]), which


def _sylvester(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Batched Sylvester matrices of ascending coefficient rows ``p`` (degree m) and ``q`` (n)."""
    count, m, n = len(p), p.shape[1] - 1, q.shape[1] - 1
    matrix = np.zeros((count, m + n, m + n), dtype=complex)
    for row in range(n):
        matrix[:, row, row:row + m + 1] = p[:, ::-1]
    for row in range(m):
        matrix[:, n + row, row:row + n + 1] = q[:, ::-1]
    return matrix


_SAMPLED = 2 * np.pi * np.arange(SAMPLES) / SAMPLES


def _trig_roots(values: np.ndarray) -> np.ndarray:
    """The real roots of a trigonometric polynomial of degree < SAMPLES / 2 from its values at
    ``_SAMPLED``."""
    scale = np.abs(values).max()
    if not np.isfinite(scale) or scale == 0:
        return np.empty(0)
    spectrum = np.fft.fft(values / scale) / SAMPLES
    half = SAMPLES // 2 - 1
    # Coefficients of exp(i k a) for k = -half..half, as a polynomial in z times z**half.
    coefficients = np.concatenate([spectrum[-half:], spectrum[:half + 1]])
    keep = np.nonzero(np.abs(coefficients) > 1e-11)[0]
    if len(keep) < 2:
        return np.empty(0)
    trimmed = coefficients[keep[0]:keep[-1] + 1]
    roots = np.roots(trimmed[::-1])
    return np.asarray(np.angle(roots[np.abs(np.abs(roots) - 1) < UNIT_SLACK]))


def events(curves: Curves) -> np.ndarray:
    """Every ``a`` where two curves meet or one turns back, and the fixed angles."""
    degrees = [_degree_b(c) for c in curves.coefficients]
    sliced = [(_slice(c, kb, _SAMPLED), kb) for c, kb in zip(curves.coefficients, degrees, strict=True)]
    found = [np.array(curves.fixed_a)]
    for rows, kb in sliced:
        if kb == 0:
            found.append(_trig_roots(rows[:, 0].real))
            continue
        derivative = rows[:, 1:] * np.arange(1, 2 * kb + 1)
        found.append(_trig_roots(np.linalg.det(_sylvester(rows, derivative))))
    for i, (rows_i, kb_i) in enumerate(sliced):
        for rows_j, kb_j in sliced[i + 1:]:
            if kb_i and kb_j:
                found.append(_trig_roots(np.linalg.det(_sylvester(rows_i, rows_j))))
    return np.concatenate(found) if found else np.empty(0)


def stretches(curves: Curves) -> np.ndarray:
    """The stretches to test (segments, shape (m, 2, 2)), the middle slices first."""
    low_a, high_a = curves.rims.arc_a()
    low_b, high_b = curves.rims.near_arc(curves.rims.b, curves.rims.a)
    found = events(curves)
    inside = np.sort(np.unique(np.round(low_a + (found - low_a) % (2 * np.pi), 12)))
    cuts = np.concatenate([[low_a], inside[inside < high_a], [high_a]])
    middles = (cuts[:-1] + cuts[1:]) / 2
    segments = [_slice_segments(curves, np.concatenate([middles, cuts]), low_b, high_b)]
    return np.concatenate(segments)


def _slice_segments(curves: Curves, angles: np.ndarray, low_b: float, high_b: float) -> np.ndarray:
    """Each slice's roots and gaps, as stretches from ``N`` to ``T(b)`` (``N`` found from ``S(a)``)."""
    found = [np.full(len(angles), low_b), np.full(len(angles), high_b)]
    slices = [np.arange(len(angles)), np.arange(len(angles))]
    for coefficients in curves.coefficients:
        kb = _degree_b(coefficients)
        if kb:
            roots, which = _unit_roots(_slice(coefficients, kb, angles))
            found.append(low_b + (roots - low_b) % (2 * np.pi))
            slices.append(which)
    b, index = np.concatenate(found), np.concatenate(slices)
    keep = (b >= low_b) & (b <= high_b)
    b, index = b[keep], index[keep]
    order = np.lexsort((b, index))
    b, index = b[order], index[order]
    same = index[1:] == index[:-1]
    tested_b = np.concatenate([((b[1:] + b[:-1]) / 2)[same], b])
    tested_a = angles[np.concatenate([index[1:][same], index])]
    segments = np.stack([curves.rims.at_a(tested_a), curves.rims.at_b(tested_b)], axis=1)
    proper: np.ndarray = segments[_proper(curves.rims, segments)]
    if not curves.rims.far:
        return proper
    delta = proper[:, 1] - proper[:, 0]
    chord = -2 * _dot(proper[:, 0] - np.array(curves.rims.a[:2]), delta) / _dot(delta, delta)
    proper[:, 0] += chord[:, None] * delta
    return proper


def _proper(rims: Rims, segments: np.ndarray) -> np.ndarray:
    """Which pairs are a line's far point on ``a``'s rim (or where its stretch leaves ``a``) and the
    point where its stretch enters ``b``: the segment enters (leaves) ``a`` and enters ``b``."""
    pa, pb = segments[:, 0], segments[:, 1]
    delta = pb - pa
    outward = _dot(delta, pa - np.array(rims.a[:2]))
    into_a = outward <= 1e-12 if rims.far else outward >= -1e-12
    into_b = _dot(-delta, pb - np.array(rims.b[:2])) >= -1e-12
    proper: np.ndarray = into_a & into_b & (_dot(delta, delta) > 1e-18)
    return proper
