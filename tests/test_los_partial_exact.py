"""Line of sight past a height feature whose top lies between the two models' tops is exact: it
agrees with an independent brute force and the clear line it reports really is clear.

The rule (seed 000 L1957-1975 and L2018-2028, seed 003 L1573-1611: volumes, and walls that hide
what is no taller than them): a line is drawn from the top of one volume to the top of the other;
a feature stops it where the line passes below the feature's top over it.  The brute force draws
stretches between points spread along both rims (only those that leave one base and enter the
other: the stretch of their line), and for each one cuts the full stretch with the feature
(shapely), takes the height of the line at every point of the cut and stops it when any is below
the top: the definition itself, with no low part and no critical curve.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from tests.board_support import BOARDS, ask, assert_rim_to_rim_past, circle_gap, rim_segments, rules
from tests.conftest import run_cli
from wmdata.geometry import los
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.los import candidate_lines, line_of_sight
from wmdata.geometry.measure import TOLERANCE, edge_distance, edge_distance_to_shape

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75}
R30 = 30 / 25.4 / 2


def piece(name: str, x: float, y: float, base: int, elevation: float = 0.0) -> Piece:
    return Piece(name, x, y, base, HEIGHTS[base], elevation=elevation)


def wall(name: str, shape: Polygon, height: float) -> Feature:
    return Feature(name, "wall", shape, height)


def round_wall(name: str, x: float, y: float, radius: float, height: float) -> Feature:
    return Feature(name, "obstruction", Point(x, y).buffer(radius, quad_segs=32), height, (x, y, radius))


def stretches(viewer: Piece, target: Piece, points: int) -> np.ndarray:
    """Segments between points along both rims that are the stretch of their line."""
    segments = rim_segments(viewer, target, points)
    delta = segments[:, 1] - segments[:, 0]
    leaves = ((segments[:, 0] - np.array(viewer.centre)) * delta).sum(1) >= 0
    enters = ((segments[:, 1] - np.array(target.centre)) * -delta).sum(1) >= 0
    kept: np.ndarray = segments[leaves & enters]
    return kept


def stopped_by_height(viewer: Piece, target: Piece, segments: np.ndarray, feature: Feature) -> np.ndarray:
    """The definition: some point where the stretch meets the feature has the line below its top."""
    lines = shapely.linestrings(segments)
    if feature.circle is not None:
        x, y, r = feature.circle
        shape = Point(x, y).buffer(r, quad_segs=256)
    else:
        shape = feature.shape
    cuts = shapely.intersection(shape, lines)
    coords, index = shapely.get_coordinates(cuts, return_index=True)
    stopped = np.zeros(len(segments), bool)
    if not len(coords):
        return stopped
    origin, delta = segments[index, 0], segments[index, 1] - segments[index, 0]
    t = ((coords - origin) * delta).sum(1) / (delta ** 2).sum(1)
    z = viewer.top + (target.top - viewer.top) * t
    np.logical_or.at(stopped, index, z < feature.height - TOLERANCE)
    return stopped


def brute_clear(viewer: Piece, target: Piece, blockers: list[Piece], features: list[Feature],
                points: int = 240) -> np.ndarray:
    segments = stretches(viewer, target, points)
    clear = np.ones(len(segments), bool)
    for blocker in blockers:
        clear &= circle_gap(segments, blocker.x, blocker.y, blocker.radius) >= 0
    for feature in features:
        clear &= ~stopped_by_height(viewer, target, segments, feature)
    found: np.ndarray = segments[clear]
    return found


def assert_really_clear(segment: tuple[tuple[float, float], tuple[float, float]], viewer: Piece, target: Piece,
                        blockers: list[Piece], features: list[Feature]) -> None:
    assert_rim_to_rim_past(segment, viewer, target, blockers)
    for feature in features:
        # The line clears the feature wherever it crosses it, up to a hair (1e-7" of its outline).
        shrunk = Feature(feature.id, feature.kind, feature.shape.buffer(-1e-7), feature.height,
                         None if feature.circle is None else (*feature.circle[:2], feature.circle[2] - 1e-7))
        assert not stopped_by_height(viewer, target, np.array([segment]), shrunk)[0]


def test_a_wall_between_the_tops_hides_only_where_the_line_is_low() -> None:
    # Viewer's top 1.75" (30 mm on the table), target's 4.25" (40 mm on a 2" hill): the line
    # climbs 2.5" over the stretch, so a 3" wall stops it in the lower half of the stretch
    # (fraction 0.5) and not beyond.  A wall crossing the whole gap near the viewer hides the
    # target; the same wall near the target does not.
    viewer, target = piece("v", 2, 10, 30), piece("t", 12, 10, 40, elevation=2.0)
    gap_start, gap_end = viewer.x + viewer.radius, target.x - target.radius
    for x, hidden in [(gap_start + 1.0, True), (gap_end - 1.0, False)]:
        features = [wall("w", box(x, 0, x + 0.2, 20), 3.0)]
        sight = line_of_sight(Board(24, 24, (viewer, target), tuple(features)), rules("mk4"), viewer, target)
        assert sight.los is not hidden
        assert (len(brute_clear(viewer, target, [], features)) == 0) is hidden


def test_a_clear_line_that_the_tangent_and_corner_lines_miss_is_found() -> None:
    # Two tall walls with a slit each (x 5.169 and 8.722) and two low walls (1.82" and 2.543",
    # between the tops 1.75" and 4.25") over the first slit's approach.  The brute force finds
    # clear stretches (51 of its 360 x 360); the sampled lines and the tangent and corner
    # lines of geometry/sweep.py are all stopped (found by a random search for this case), so only
    # the curves where the line's low end crosses a low wall's edge find one.
    viewer, target = piece("v", 2, 10, 30), piece("t", 12, 10, 40, elevation=2.0)
    features = [wall("s0a", box(5.169, 0, 5.269, 10.152), 6.0), wall("s0b", box(5.169, 10.337, 5.269, 20), 6.0),
                wall("s1a", box(8.722, 0, 8.822, 10.078), 6.0), wall("s1b", box(8.722, 10.334, 8.822, 20), 6.0),
                wall("p0", box(4.064, 8.965, 4.198, 12.161), 1.82), wall("p1", box(5.16, 9.049, 5.905, 12.415), 2.543)]
    board = Board(24, 24, (viewer, target), tuple(features))
    assert len(brute_clear(viewer, target, [], features, 360)) > 25
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(los, "_low_partial", lambda rules, way: False)
        assert not line_of_sight(board, rules("mk4"), viewer, target).los
    sight = line_of_sight(board, rules("mk4"), viewer, target)
    assert sight.los and sight.clear_line is not None
    assert_really_clear(sight.clear_line, viewer, target, [], features)


@st.composite
def boards(draw: st.DrawFn) -> tuple[Piece, Piece, list[Piece], list[Feature]]:
    viewer = piece("v", 2, 10, draw(st.sampled_from([30, 40, 50])), draw(st.sampled_from([0.0, 1.0])))
    target = piece("t", draw(st.floats(9, 12)), draw(st.floats(8, 12)), draw(st.sampled_from([30, 40])),
                   draw(st.sampled_from([0.0, 2.0, 3.0])))
    low, high = sorted((viewer.top, target.top))
    blockers: list[Piece] = []
    for index in range(draw(st.integers(0, 1))):
        candidate = piece(f"b{index}", draw(st.floats(3.5, 9)), draw(st.floats(8, 12)), draw(st.sampled_from([40, 50])))
        if all(edge_distance(candidate, other) > 0.01 for other in [viewer, target, *blockers]):
            blockers.append(candidate)
    features: list[Feature] = []
    for index in range(draw(st.integers(1, 3))):
        x, y = draw(st.floats(3.5, 10)), draw(st.floats(7, 13))
        height = draw(st.floats(low + 0.05, high + 0.5)) if high > low + 0.1 else high + 0.5
        if draw(st.booleans()):
            shape = box(x, y, x + draw(st.floats(0.1, 0.8)), y + draw(st.floats(0.3, 4)))
            feature = wall(f"w{index}", shape, height)
        else:
            feature = round_wall(f"c{index}", x, y, draw(st.floats(0.2, 1.2)), height)
        if all(edge_distance_to_shape(p, feature.shape) > 0.01 for p in (viewer, target, *blockers)):
            features.append(feature)
    return viewer, target, blockers, features


def _agrees(drawn: tuple[Piece, Piece, list[Piece], list[Feature]]) -> None:
    viewer, target, models, features = drawn
    board = Board(24, 24, (viewer, target, *models), tuple(features))
    sight = line_of_sight(board, rules("mk4"), viewer, target)
    # Which models intervene is the rules' business (elevation, base sizes), not the geometry's.
    blockers = [m for m in models if los.ignored_model(rules("mk4"), viewer, target, m) is None]
    if len(brute_clear(viewer, target, blockers, features)):
        assert sight.los
    if sight.los:
        assert sight.clear_line is not None
        assert_really_clear(sight.clear_line, viewer, target, blockers, features)


@settings(max_examples=30, deadline=None)
@given(boards())
def test_the_exact_stage_alone_agrees_with_the_brute_force(drawn: tuple[Piece, Piece, list[Piece], list[Feature]],
                                                          ) -> None:
    # Only the centre line is tried first, so the critical stretches decide on their own.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(los, "candidate_lines", lambda a, b: candidate_lines(a, b)[:1])
        _agrees(drawn)


def test_a_no_past_a_forest_a_model_touches_is_proven_or_says_it_is_not() -> None:
    # Seed 003 L3071-3073 (tests/boards/mk3-forest-cloud.yaml): deep stands 5" inside the woods,
    # the viewer outside; beyond is behind the woods, which neither touches.  Both "no"s are
    # proven: the woods' part more than 1.5" from their edge and from both bases stops every
    # stretch meeting it (over 3" inside), and it cuts the region between viewer and deep in two.
    deep = ask("mk3-forest-cloud.yaml", "--los", "viewer", "deep")
    assert (deep["los"], deep["exact"], deep["blocked_by"]) == (False, True, ["woods"])
    beyond = ask("mk3-forest-cloud.yaml", "--los", "viewer", "beyond")
    assert (beyond["los"], beyond["exact"]) == (False, True)
    shallow = ask("mk3-forest-cloud.yaml", "--los", "viewer", "shallow")
    assert (shallow["los"], shallow["exact"]) == (True, True)


def test_a_no_past_a_forest_strip_just_over_the_depth_says_it_is_not_proven() -> None:
    # Seed 003 L3071: 3.01" of forest is more than 3".  The viewer touches a forest strip 3.01"
    # wide, the target stands beyond it: every stretch crosses the whole strip (blocked), but
    # the strip has no part 1.5" from both its edges, so nothing proves it; the answer says so.
    viewer, target = piece("v", 10 - R30, 10, 30), piece("t", 16, 10, 30)
    strip = Feature("strip", "forest", box(10, 0, 13.01, 20), 0.0)
    sight = line_of_sight(Board(24, 24, (viewer, target), (strip,)), rules("mk3"), viewer, target)
    assert (sight.los, sight.exact, sight.blocked_by) == (False, False, ["strip"])
    assert "not proven: strip, a forest one of them touches" in sight.reason
    text = run_cli("board", "query", str(BOARDS / "mk3-forest-cloud.yaml"), "--los", "viewer", "deep").output
    assert "not proven" not in text
