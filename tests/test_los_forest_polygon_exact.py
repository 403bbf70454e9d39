"""Line of sight past a convex polygon forest a model touches, and past a round forest a model
touches together with a wall between the two tops, is exact: it agrees with an independent brute
force, a "no" is proven (``exact``), and the clear line it reports really is clear.

The rules: seed 003 L3071, seed 000 L5314-5320, seed 001 L2431 (sight into or out of a forest passes
through up to 3" of it; more blocks it); a wall between the two tops stops a sight line that passes
below its top where it crosses it (tests/test_los_partial_exact.py has the seed lines).

The brute force draws stretches between 240 points spread along each rim (only those that leave one
base and enter the other), measures each stretch's cut with the forest polygon itself (shapely: the
definition, no chord formula and no critical curve) and, for a round forest, with a 1024-sided
polygon of it (inside the circle by at most R (1 - cos(pi / 1024)) < 2e-5", so a stretch measured
at most 3" - 0.001" deep is surely clear).  It can miss clear stretches between its samples (rim
points about 0.015" apart), never report a blocked one as clear: so whenever it finds a clear
stretch the engine must say "seen", and every "seen" is checked on the line the engine reports.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.affinity import rotate
from shapely.geometry import LineString, Point, Polygon, box

from tests.board_support import assert_rim_to_rim_past, circle_gap, rim_stretches, rules
from tests.test_los_partial_exact import stopped_by_height
from wmdata.geometry import los, rims
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.forestchords import chord_curves
from wmdata.geometry.los import candidate_lines, line_of_sight
from wmdata.geometry.measure import edge_distance, edge_distance_to_shape
from wmdata.geometry.sweep import arrangement_lines

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75}
#: How far below the 3" a brute-force depth must be to count as surely clear.
MARGIN = 1e-3


def piece(name: str, x: float, y: float, base: int, elevation: float = 0.0) -> Piece:
    return Piece(name, x, y, base, HEIGHTS[base], elevation=elevation, facing=0.0)


def depths(segments: np.ndarray, shape: Polygon) -> np.ndarray:
    measured: np.ndarray = shapely.length(shapely.intersection(shape, shapely.linestrings(segments)))
    return measured


def touched(model: Piece, shape: Polygon) -> bool:
    return edge_distance_to_shape(model, shape) <= 1e-9


def brute_clear(viewer: Piece, target: Piece, blockers: list[Piece], woods: Polygon, walls: list[Feature],
                points: int = 240) -> np.ndarray:
    """The sampled stretches surely clear of the blockers, the forest (``woods``, exact or fine) and
    the walls between the tops."""
    segments = rim_stretches(viewer, target, points)
    if touched(viewer, woods) or touched(target, woods):
        clear = depths(segments, woods) < 3 - MARGIN
    else:
        clear = ~shapely.intersects(woods, shapely.linestrings(segments))
    for blocker in blockers:
        clear &= circle_gap(segments, blocker.x, blocker.y, blocker.radius) >= 0
    for wall in walls:
        clear &= ~stopped_by_height(viewer, target, segments, wall)
    found: np.ndarray = segments[clear]
    return found


def assert_really_clear(segment: tuple[tuple[float, float], tuple[float, float]], viewer: Piece, target: Piece,
                        blockers: list[Piece], woods: Polygon, walls: list[Feature]) -> None:
    assert_rim_to_rim_past(segment, viewer, target, blockers)
    line = LineString(segment)
    if touched(viewer, woods) or touched(target, woods):
        assert woods.intersection(line).length <= 3 + MARGIN
    else:
        assert not woods.buffer(-1e-7).intersects(line)
    for wall in walls:
        shrunk = Feature(wall.id, wall.kind, wall.shape.buffer(-1e-7), wall.height)
        assert not stopped_by_height(viewer, target, np.array([segment]), shrunk)[0]


def convex_forest(draw: st.DrawFn, x: float, y: float) -> Polygon:
    """A triangle, a rotated rectangle or the hull of up to 7 points round (x, y)."""
    kind = draw(st.sampled_from(["rectangle", "hull"]))
    if kind == "rectangle":
        width, height = draw(st.floats(0.5, 4.5)), draw(st.floats(0.5, 6))
        shape = box(x - width / 2, y - height / 2, x + width / 2, y + height / 2)
        return Polygon(rotate(shape, draw(st.floats(0, 180)), origin=(x, y)))
    count = draw(st.integers(3, 7))
    corners = [(x + draw(st.floats(-3, 3)), y + draw(st.floats(-3, 3))) for _ in range(count)]
    hull = shapely.convex_hull(shapely.multipoints(corners))
    return hull if isinstance(hull, Polygon) and hull.area > 0.1 else box(x - 1, y - 1, x + 1, y + 1)


@st.composite
def polygon_boards(draw: st.DrawFn) -> tuple[Piece, Piece, list[Piece], Feature]:
    viewer = piece("v", 2, 10, draw(st.sampled_from([30, 40, 50])))
    target = piece("t", draw(st.floats(6, 11)), draw(st.floats(7, 13)), draw(st.sampled_from([30, 40, 50])))
    around = draw(st.sampled_from(["viewer", "target", "between"]))
    if around == "between":
        x, y = (viewer.x + target.x) / 2 + draw(st.floats(-1, 1)), (viewer.y + target.y) / 2 + draw(st.floats(-1, 1))
    else:
        model = viewer if around == "viewer" else target
        turn, reach = draw(st.floats(0, 2 * math.pi)), draw(st.floats(0, 2.5))
        x, y = model.x + reach * math.cos(turn), model.y + reach * math.sin(turn)
    shape = convex_forest(draw, x, y)
    blockers: list[Piece] = []
    for index in range(draw(st.integers(0, 2))):
        candidate = piece(f"b{index}", draw(st.floats(3.5, 9)), draw(st.floats(7, 13)), 50)
        if all(edge_distance(candidate, other) > 0.01 for other in [viewer, target, *blockers]):
            blockers.append(candidate)
    return viewer, target, blockers, Feature("woods", "forest", shape, 0.0)


@settings(max_examples=40, deadline=None)
@given(polygon_boards())
def test_a_polygon_forest_the_exact_stage_alone_agrees_with_the_brute_force(
        drawn: tuple[Piece, Piece, list[Piece], Feature]) -> None:
    viewer, target, models, woods = drawn
    board = Board(24, 24, (viewer, target, *models), (woods,))
    blockers = [m for m in models if los.ignored_model(rules("mk3"), viewer, target, m) is None]
    with pytest.MonkeyPatch.context() as patch:
        # Only the centre line is tried first, so the critical lines and stretches decide on their own.
        patch.setattr(los, "candidate_lines", lambda a, b: candidate_lines(a, b)[:1])
        sight = line_of_sight(board, rules("mk3"), viewer, target)
    assert sight.exact
    if len(brute_clear(viewer, target, blockers, woods.shape, [])):
        assert sight.los
    if sight.los:
        assert sight.clear_line is not None
        assert_really_clear(sight.clear_line, viewer, target, blockers, woods.shape, [])


def test_a_polygon_forest_strip_just_over_the_depth_is_a_proven_no() -> None:
    # Seed 003 L3071: more than 3" of forest blocks.  The viewer (30 mm) touches a strip 3.01" wide
    # that runs the whole table's height; the target stands beyond it.  Every stretch crosses the
    # whole strip, at least its width (3.01") inside it: all blocked.  The strip has no part 1.5"
    # from both its edges, so the separation check cannot prove it: the chord curves do.
    viewer, target = piece("v", 10 - base_radius(30), 10, 30), piece("t", 16, 10, 30)
    strip = Feature("strip", "forest", box(10, 0, 13.01, 20), 0.0)
    sight = line_of_sight(Board(24, 24, (viewer, target), (strip,)), rules("mk3"), viewer, target)
    assert (sight.los, sight.exact, sight.blocked_by) == (False, True, ["strip"])
    assert "not proven" not in sight.reason
    assert len(brute_clear(viewer, target, [], strip.shape, [])) == 0
    # 2.99" wide: the stretch along the line of centres has 2.99" inside: seen.
    narrower = Feature("strip", "forest", box(10, 0, 12.99, 20), 0.0)
    assert line_of_sight(Board(24, 24, (viewer, target), (narrower,)), rules("mk3"), viewer, target).los


def test_a_clear_stretch_from_inside_a_polygon_forest_is_found_by_its_end_curves() -> None:
    # Found by a random search: the viewer (50 mm) stands partly in a long forest slab, a 30 mm
    # model in front of it, the target (30 mm) outside.  The brute force finds clear stretches
    # (49 of its 240 x 240), all leaving the viewer's base inside the forest with at most 3" of it
    # ahead; the tangent and corner lines and the chord curves are all stopped, so only the curves
    # where the stretch's start is exactly 3" from its exit (condition 3) find one.
    viewer, target, model = piece("v", 2, 10, 50), piece("t", 10.218, 11.416, 30), piece("b0", 4.876, 8.005, 30)
    slab = Polygon([(3.088, 4.806), (8.669, 15.429), (6.187, 16.733), (0.606, 6.11)])
    board = Board(24, 24, (viewer, target, model), (Feature("woods", "forest", slab, 0.0),))
    assert len(brute_clear(viewer, target, [model], slab, [])) > 40
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(los, "candidate_lines", lambda a, b: candidate_lines(a, b)[:1])
        sight = line_of_sight(board, rules("mk3"), viewer, target)
        patch.setattr(rims.Curves, "polygon_forest_depth", lambda self, *args: None)
        assert not line_of_sight(board, rules("mk3"), viewer, target).los
    assert sight.los and sight.exact and sight.clear_line is not None
    assert_really_clear(sight.clear_line, viewer, target, [model], slab, [])


@pytest.mark.parametrize("angle", [0.3, 1.1, 2.0, 2.9, 4.4])
def test_on_a_chord_curve_the_edge_lines_are_the_depth_apart(angle: float) -> None:
    # Independent of the curve's algebra: on the curve of the ordered edge pair (i, j), the line
    # meets edge line j exactly 3" after edge line i along its direction (-sin, cos), found by
    # solving the two 2 x 2 systems.  A quadrilateral without parallel sides, counter-clockwise.
    corners = np.array([(0, 0), (4, 0.5), (3.5, 3.5), (0.5, 3)], dtype=float)
    rows, fixed = chord_curves(Polygon(corners), 3.0)
    pairs = [(i, j) for i in range(4) for j in range(4) if i != j]
    assert len(rows) == len(pairs) and len(fixed) == 4
    n, u = np.array([math.cos(angle), math.sin(angle)]), np.array([-math.sin(angle), math.cos(angle)])
    for (x, y, s, c2, s2), (i, j) in zip(rows, pairs, strict=True):
        p = x * math.cos(angle) + y * math.sin(angle) + s + c2 * math.cos(2 * angle) + s2 * math.sin(2 * angle)
        along = []
        for k in (i, j):
            start, edge = corners[k], corners[(k + 1) % 4] - corners[k]
            # p n + t u = start + w edge
            t, _ = np.linalg.solve(np.array([u, -edge]).T, start - p * n)
            along.append(t)
        assert along[1] - along[0] == pytest.approx(3.0, abs=1e-9)


@st.composite
def wall_boards(draw: st.DrawFn) -> tuple[Piece, Piece, list[Piece], Feature, list[Feature]]:
    viewer = piece("v", 2, 10, draw(st.sampled_from([30, 40])))
    target = piece("t", draw(st.floats(9, 12)), draw(st.floats(8, 12)), draw(st.sampled_from([30, 40])), 2.0)
    model = draw(st.sampled_from([viewer, target]))
    radius = draw(st.floats(1.0, 4.0))
    turn, reach = draw(st.floats(0, 2 * math.pi)), draw(st.floats(0, radius + model.radius))
    x, y = model.x + reach * math.cos(turn), model.y + reach * math.sin(turn)
    woods = Feature("woods", "forest", Point(x, y).buffer(radius, quad_segs=32), 0.0, (x, y, radius))
    blockers: list[Piece] = []
    for index in range(draw(st.integers(0, 1))):
        candidate = piece(f"b{index}", draw(st.floats(3.5, 9)), draw(st.floats(8, 12)), 50)
        if all(edge_distance(candidate, other) > 0.01 for other in [viewer, target]):
            blockers.append(candidate)
    walls: list[Feature] = []
    for index in range(draw(st.integers(1, 2))):
        wx, wy = draw(st.floats(3.5, 10)), draw(st.floats(7, 13))
        shape = box(wx, wy, wx + draw(st.floats(0.1, 0.8)), wy + draw(st.floats(0.3, 4)))
        wall = Feature(f"w{index}", "wall", shape, draw(st.floats(viewer.top + 0.05, target.top - 0.05)))
        if all(edge_distance_to_shape(p, shape) > 0.01 for p in (viewer, target, *blockers)):
            walls.append(wall)
    return viewer, target, blockers, woods, walls


@settings(max_examples=30, deadline=None)
@given(wall_boards())
def test_a_round_forest_with_walls_between_the_tops_agrees_with_the_brute_force(
        drawn: tuple[Piece, Piece, list[Piece], Feature, list[Feature]]) -> None:
    viewer, target, models, woods, walls = drawn
    board = Board(24, 24, (viewer, target, *models), (woods, *walls))
    blockers = [m for m in models if los.ignored_model(rules("mk4"), viewer, target, m) is None]
    assert woods.circle is not None
    fine = Point(*woods.circle[:2]).buffer(woods.circle[2], quad_segs=256)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(los, "candidate_lines", lambda a, b: candidate_lines(a, b)[:1])
        sight = line_of_sight(board, rules("mk4"), viewer, target)
    assert sight.exact
    if len(brute_clear(viewer, target, blockers, fine, walls)):
        assert sight.los
    if sight.los:
        assert sight.clear_line is not None
        assert_really_clear(sight.clear_line, viewer, target, blockers, fine, walls)


def test_a_round_forest_with_a_wall_between_the_tops_is_a_proven_no() -> None:
    # The viewer (30 mm, radius 0.5906) stands at the centre of a round forest of radius 3.6: every
    # stretch has at least 3.6 - 0.5906 = 3.0094" in it (seed 003 L3071: blocked).  The target
    # (40 mm) stands on a 2" hill (top 4.25") with a 3" wall between the tops beside it.  Before,
    # the rims' sweep went by the lower model's far rim point, where the forest has no curves, and
    # said "not proven"; by the stretch's ends both have curves.
    viewer, target = piece("v", 5, 10, 30), piece("t", 12, 10, 40, 2.0)
    wall = Feature("wall", "wall", box(10.5, 9, 10.7, 11), 3.0)
    board = Board(24, 24, (viewer, target), (Feature("woods", "forest", Point(5, 10).buffer(3.6, quad_segs=32),
                                                     0.0, (5, 10, 3.6)), wall))
    sight = line_of_sight(board, rules("mk3"), viewer, target)
    assert (sight.los, sight.exact) == (False, True)
    fine = Point(5, 10).buffer(3.6, quad_segs=256)
    assert len(brute_clear(viewer, target, [], fine, [wall])) == 0


def test_the_sweep_tests_where_an_extra_curve_crosses_a_tangent_and_every_cell_at_a_fixed_direction() -> None:
    # A unit circle at the origin draws the tangent curves p = 1 and p = -1; the extra curve
    # p = 2 cos(2 phi) meets p = 1 where cos(2 phi) = 1/2 (phi = pi/6, 5 pi/6) and p = -1 where
    # cos(2 phi) = -1/2 (pi/3, 2 pi/3): by hand, each is a line tested at its crossing.
    lines = arrangement_lines([(0.0, 0.0, 1.0)], np.empty((0, 2)), np.array([[0.0, 0.0, 0.0, 2.0, 0.0]]))
    for phi, p in [(math.pi / 6, 1.0), (5 * math.pi / 6, 1.0), (math.pi / 3, -1.0), (2 * math.pi / 3, -1.0)]:
        assert np.min(np.abs(lines[:, 0] - math.cos(phi)) + np.abs(lines[:, 1] - math.sin(phi))
                      + np.abs(lines[:, 2] - p)) < 1e-9
    # Without the extra curve the two tangent curves never cross: nothing to test.  A fixed direction
    # then tests, there, both curves and the line midway between them (through the centre).
    assert len(arrangement_lines([(0.0, 0.0, 1.0)], np.empty((0, 2)))) == 0
    fixed = arrangement_lines([(0.0, 0.0, 1.0)], np.empty((0, 2)), None, np.array([0.5]))
    at_fixed = fixed[np.abs(fixed[:, 0] - math.cos(0.5)) < 1e-12]
    assert sorted(at_fixed[:, 2].round(12)) == [-1.0, 0.0, 1.0]
