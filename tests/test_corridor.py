"""Exact contact between a moving base and terrain (wmdata/geometry/corridor.py): pinned
boundary cases worked by hand, and an independent check against shapely's point-to-polygon
distance (exact for a point) sampled along random moves."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from wmdata.geometry.board import Feature
from wmdata.geometry.corridor import touching_stretches, within_stretches

SQUARE = Feature("box", "obstruction", Polygon([(0, 0), (2, 0), (2, 2), (0, 2)]), 2.0)
R = 0.787


def test_a_base_grazing_an_edge_exactly_at_its_radius_touches_along_it() -> None:
    # Centre line y = 2 + R: exactly R above the top edge from x = 0 to x = 2 (starting at x = -5).
    assert touching_stretches(SQUARE, (-5, 2 + R), (1, 0), R, 20) == [(pytest.approx(5), pytest.approx(7))]
    assert touching_stretches(SQUARE, (-5, 2 + R + 1e-9), (1, 0), R, 20) == []


def test_a_corner_is_met_on_its_circle_not_on_a_chord() -> None:
    # Heading straight at the corner (2, 2) along the diagonal from (5, 5): contact when the
    # centre is R from the corner, after 3 sqrt 2 - R.  A 64-segment buffer would err here.
    d = (-1 / math.sqrt(2), -1 / math.sqrt(2))
    (low, _), = touching_stretches(SQUARE, (5, 5), d, R, 20)
    assert low == pytest.approx(3 * math.sqrt(2) - R, abs=1e-12)


def test_a_round_feature_keeps_its_circle() -> None:
    rock = Feature("rock", "obstacle", Point(10, 0).buffer(1, quad_segs=4), 1.0, (10, 0, 1))
    assert touching_stretches(rock, (0, 0), (1, 0), R, 30) == [(pytest.approx(9 - R), pytest.approx(11 + R))]
    # a line exactly 1 + R off the centre touches at one point
    assert touching_stretches(rock, (0, 1 + R), (1, 0), R, 30) == [(pytest.approx(10), pytest.approx(10))]


def test_a_move_that_stops_short_never_touches() -> None:
    assert touching_stretches(SQUARE, (-5, 1), (1, 0), R, 5 - R - 1e-9) == []
    assert touching_stretches(SQUARE, (-5, 1), (1, 0), R, 5 - R)[0][0] == pytest.approx(5 - R)


coords = st.floats(-6, 6, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=3, max_size=7), coords, coords,
       st.floats(0, 2 * math.pi), st.floats(0.3, 1.5))
def test_stretches_agree_with_point_distances(points: list[tuple[float, float]], x: float, y: float,
                                              angle: float, radius: float) -> None:
    shape = Polygon(points)
    if not shape.is_valid or shape.area < 0.1:
        return
    feature = Feature("f", "obstacle", shape)
    direction = (math.cos(angle), math.sin(angle))
    spans = touching_stretches(feature, (x, y), direction, radius, 15)
    for step in range(301):
        t = step * 0.05
        gap = shape.distance(Point(x + direction[0] * t, y + direction[1] * t))
        inside = any(lo - 1e-9 <= t <= hi + 1e-9 for lo, hi in spans)
        if abs(gap - radius) > 1e-6:  # away from the boundary the two must agree
            assert inside is (gap < radius), (t, gap, spans)
    for lo, hi in spans:  # every end of a stretch is exactly at the radius (or at the move's ends)
        for t in (lo, hi):
            if 1e-9 < t < 15 - 1e-9:
                gap = shape.distance(Point(x + direction[0] * t, y + direction[1] * t))
                assert gap == pytest.approx(radius, abs=1e-9)


def test_completely_within_runs_from_touching_inside_to_touching_inside() -> None:
    # Along y = 1 through the 2" square with a 0.5" base: completely within while the centre is
    # 0.5" or more inside both side edges, x in [0.5, 1.5] (exactly touching counts).
    assert within_stretches(SQUARE, (-5, 1), (1, 0), 0.5, 20) == [(pytest.approx(5.5), pytest.approx(6.5))]
    assert within_stretches(SQUARE, (-5, 1), (1, 0), 1.01, 20) == []
