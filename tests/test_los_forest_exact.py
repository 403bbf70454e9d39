"""Line of sight past a round forest that one of the models touches is exact: it agrees with an
independent brute force, a "no" is proven (``exact``), and the clear line it reports really is clear.

The rule (seed 003 L3071, seed 000 L5314-5320, seed 001 L2431): sight drawn to or from a point
within a forest passes through up to 3" of it, and more blocks it; from outside to outside the
forest blocks what is beyond it.  wmdata applies the 3" to the stretch between the two bases when a
model touches the forest (tests/test_los_forest_polygon_exact.py has convex polygon forests).
The brute force draws stretches between points spread along both rims (only those that leave one
base and enter the other), cuts each with a 1024-sided polygon of the forest (shapely) and measures
the cut: the definition, with no chord formula and no critical curve.  The polygon lies inside
the circle by at most R (1 - cos(pi / 1024)) < 2e-5", so a stretch it measures at most 3" - 0.001"
deep is surely clear, and one measured over 3" + 0.001" surely blocked.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from tests.board_support import assert_rim_to_rim_past, circle_gap, rim_stretches, rules
from wmdata.geometry import los
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.los import candidate_lines, line_of_sight
from wmdata.geometry.measure import edge_distance

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75}
#: How far from the 3" a brute-force depth must be to count (module docstring).
MARGIN = 1e-3


def piece(name: str, x: float, y: float, base: int) -> Piece:
    return Piece(name, x, y, base, HEIGHTS[base], facing=0.0)


def forest(x: float, y: float, radius: float) -> Feature:
    return Feature("woods", "forest", Point(x, y).buffer(radius, quad_segs=32), 0.0, (x, y, radius))


def depths(segments: np.ndarray, woods: Feature) -> np.ndarray:
    assert woods.circle is not None
    x, y, radius = woods.circle
    fine = Point(x, y).buffer(radius, quad_segs=256)
    measured: np.ndarray = shapely.length(shapely.intersection(fine, shapely.linestrings(segments)))
    return measured


def surely_clear(viewer: Piece, target: Piece, blockers: list[Piece], woods: Feature, points: int = 240) -> np.ndarray:
    segments = rim_stretches(viewer, target, points)
    assert woods.circle is not None
    x, y, radius = woods.circle
    if any(math.hypot(m.x - x, m.y - y) <= radius + m.radius for m in (viewer, target)):
        clear = depths(segments, woods) < 3 - MARGIN
    else:  # Neither touches it: it blocks everything beyond it.
        clear = circle_gap(segments, x, y, radius) > MARGIN
    for blocker in blockers:
        clear &= circle_gap(segments, blocker.x, blocker.y, blocker.radius) >= 0
    found: np.ndarray = segments[clear]
    return found


@st.composite
def boards(draw: st.DrawFn) -> tuple[Piece, Piece, list[Piece], Feature]:
    viewer = piece("v", 2, 10, draw(st.sampled_from([30, 40, 50])))
    target = piece("t", draw(st.floats(6, 11)), draw(st.floats(7, 13)), draw(st.sampled_from([30, 40, 50])))
    # The forest touches the viewer, the target or both (their bases may stand partly in it).
    around = draw(st.sampled_from(["viewer", "target", "between"]))
    radius = draw(st.floats(1.0, 4.0))
    if around == "between":
        x, y = (viewer.x + target.x) / 2 + draw(st.floats(-1, 1)), (viewer.y + target.y) / 2 + draw(st.floats(-1, 1))
    else:
        model = viewer if around == "viewer" else target
        turn, reach = draw(st.floats(0, 2 * math.pi)), draw(st.floats(0, radius + model.radius))
        x, y = model.x + reach * math.cos(turn), model.y + reach * math.sin(turn)
    blockers: list[Piece] = []
    for index in range(draw(st.integers(0, 2))):
        candidate = piece(f"b{index}", draw(st.floats(3.5, 9)), draw(st.floats(7, 13)), 50)
        if all(edge_distance(candidate, other) > 0.01 for other in [viewer, target, *blockers]):
            blockers.append(candidate)
    return viewer, target, blockers, forest(x, y, radius)


def _agrees(drawn: tuple[Piece, Piece, list[Piece], Feature]) -> None:
    viewer, target, models, woods = drawn
    board = Board(24, 24, (viewer, target, *models), (woods,))
    sight = line_of_sight(board, rules("mk3"), viewer, target)
    assert sight.exact
    blockers = [m for m in models if los.ignored_model(rules("mk3"), viewer, target, m) is None]
    if len(surely_clear(viewer, target, blockers, woods)):
        assert sight.los
    if sight.los:
        assert sight.clear_line is not None
        assert_rim_to_rim_past(sight.clear_line, viewer, target, blockers)
        assert depths(np.array([sight.clear_line]), woods)[0] <= 3 + MARGIN


@settings(max_examples=30, deadline=None)
@given(boards())
def test_the_exact_stage_alone_agrees_with_the_brute_force(drawn: tuple[Piece, Piece, list[Piece], Feature]) -> None:
    # Only the centre line is tried first, so the critical stretches decide on their own.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(los, "candidate_lines", lambda a, b: candidate_lines(a, b)[:1])
        _agrees(drawn)


def test_a_round_forest_just_over_the_depth_is_a_proven_no() -> None:
    # Seed 003 L3071: more than 3" of forest blocks.  The viewer (30 mm, radius 0.5906) stands at
    # the centre of a round forest of radius 3.6, the target outside it: every stretch leaves the
    # viewer's rim 0.5906" from the centre and leaves the forest 3.6" from it, so at least
    # 3.6 - 0.5906 = 3.0094" of it lies in the forest: all blocked.  The forest's part surely over
    # the depth (1.5" from its edge and from both bases) is empty here, so the separation check
    # cannot prove it: the line set does.
    viewer, target = piece("v", 5, 10, 30), piece("t", 12, 10, 30)
    woods = forest(5, 10, 3.6)
    board = Board(24, 24, (viewer, target), (woods,))
    assert los._surely_deep(rules("mk3"), viewer, target, woods).is_empty
    sight = line_of_sight(board, rules("mk3"), viewer, target)
    assert len(surely_clear(viewer, target, [], woods)) == 0
    assert (sight.los, sight.exact, sight.blocked_by) == (False, True, ["woods"])
    # 0.02" less forest and the straight line out is 2.9894": seen.
    nearer = line_of_sight(Board(24, 24, (viewer, target), (forest(5, 10, 3.58),)), rules("mk3"), viewer, target)
    assert nearer.los and nearer.exact


def test_a_non_convex_polygon_forest_strip_just_over_the_depth_still_says_it_is_not_proven() -> None:
    # Convex polygon forests are exact (tests/test_los_forest_polygon_exact.py); a non-convex one
    # is not: a line may cross it in several pieces, whose depths add.  The strip 3.01" wide of
    # that file with a notch cut far from both models: every stretch still crosses all of it.
    viewer, target = piece("v", 10 - base_radius(30), 10, 30), piece("t", 16, 10, 30)
    notched = box(10, 0, 13.01, 20).difference(box(12, 19, 13.01, 20))
    strip = Feature("strip", "forest", notched, 0.0)
    sight = line_of_sight(Board(24, 24, (viewer, target), (strip,)), rules("mk3"), viewer, target)
    assert (sight.los, sight.exact) == (False, False)
    assert "not proven" in sight.reason


def test_a_round_forest_with_a_round_wall_between_the_tops_still_says_it_is_not_proven() -> None:
    # The round forest of the proven "no" above, now with the target (40 mm) on a 2" hill (top
    # 4.25") and a round 3" obstruction between the tops beside it: the rims' sweep goes by the
    # stretch's ends for the forest, where a round feature's low end is a curve of degree 4, so
    # the "no" is not proven (with a polygon wall it is: tests/test_los_forest_polygon_exact.py).
    viewer, target = piece("v", 5, 10, 30), Piece("t", 12, 10, 40, 2.25, elevation=2.0, facing=0.0)
    post = Feature("post", "obstruction", Point(10.6, 10).buffer(0.3, quad_segs=32), 3.0, (10.6, 10, 0.3))
    board = Board(24, 24, (viewer, target), (forest(5, 10, 3.6), post))
    sight = line_of_sight(board, rules("mk3"), viewer, target)
    assert (sight.los, sight.exact) == (False, False)
    assert "not proven" in sight.reason
