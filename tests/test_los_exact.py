"""Line of sight past intervening bases is exact: it agrees with an independent brute force
(every pair of points along the two base edges, 360 or 720 a circle) and the clear line it reports
really is clear.  Seed 000 L1914-1918 and L1928-1938: a model sees another if any straight line
between their bases passes over no intervening base at least as large as the target's; a line
that only touches a base's edge does not pass over it.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.board_support import rules
from wmdata.geometry.board import Board, Piece, base_radius
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.measure import edge_distance, point_segment_distance

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75}


def piece(name: str, x: float, y: float, base: int) -> Piece:
    return Piece(name, x, y, base, HEIGHTS[base])


def clear_pairs(viewer: Piece, target: Piece, blockers: list[Piece], points: int = 720) -> int:
    """How many segments between points spread along both base edges pass over no blocker."""
    angles = np.linspace(0, 2 * math.pi, points, endpoint=False)
    starts = np.stack([viewer.x + viewer.radius * np.cos(angles), viewer.y + viewer.radius * np.sin(angles)], 1)
    ends = np.stack([target.x + target.radius * np.cos(angles), target.y + target.radius * np.sin(angles)], 1)
    origin, delta = starts[:, None, :], ends[None, :, :] - starts[:, None, :]
    clear = np.ones((points, points), bool)
    for blocker in blockers:
        centre = np.array(blocker.centre)
        t = np.clip(((centre - origin) * delta).sum(-1) / (delta ** 2).sum(-1), 0, 1)
        nearest = origin + t[..., None] * delta
        clear &= np.sqrt(((nearest - centre) ** 2).sum(-1)) >= blocker.radius
    return int(clear.sum())


def test_a_slanted_gap_that_sampled_lines_miss_is_found() -> None:
    # Found by comparing with the former 9 x 9 sampled lines, which all cross b0 or b1 here; the
    # brute force finds hundreds of clear segments through the slanted gap between them.
    viewer, target = piece("v", 2, 10, 30), piece("t", 10, 10, 30)
    blockers = [piece("b0", 5.98, 9.68, 30), piece("b1", 5.54, 11.04, 40)]
    assert clear_pairs(viewer, target, blockers) > 100
    sight = line_of_sight(Board(20, 20, (viewer, target, *blockers)), rules("mk4"), viewer, target)
    assert sight.los


def test_a_line_that_only_touches_an_equal_base_passes() -> None:
    # Three 30 mm bases in a row: the only lines between the outer two that miss the middle one
    # are the two outer common tangents, which touch its edge (y = 10 +- r) without passing over it.
    viewer, middle, target = piece("v", 2, 10, 30), piece("m", 6, 10, 30), piece("t", 10, 10, 30)
    sight = line_of_sight(Board(20, 20, (viewer, middle, target)), rules("mk4"), viewer, target)
    assert sight.los and sight.clear_line is not None
    (_, ay), (_, by) = sight.clear_line
    assert math.isclose(abs(ay - 10), base_radius(30), abs_tol=1e-9) and math.isclose(ay, by, abs_tol=1e-9)


def test_a_larger_base_in_the_middle_hides_completely() -> None:
    # Every line between two equal bases passes x = 6 within r of the axis; a 40 mm base there covers it.
    viewer, middle, target = piece("v", 2, 10, 30), piece("m", 6, 10, 40), piece("t", 10, 10, 30)
    assert not line_of_sight(Board(20, 20, (viewer, middle, target)), rules("mk4"), viewer, target).los
    assert clear_pairs(viewer, target, [middle]) == 0


@st.composite
def crowds(draw: st.DrawFn) -> tuple[Piece, Piece, list[Piece]]:
    viewer = piece("v", 2, 10, draw(st.sampled_from([30, 40, 50])))
    target = piece("t", draw(st.floats(8, 12)), draw(st.floats(8, 12)), draw(st.sampled_from([30, 40])))
    placed = [viewer, target]
    for index in range(draw(st.integers(1, 4))):
        candidate = piece(f"b{index}", draw(st.floats(3.5, 9)), draw(st.floats(7.5, 12.5)),
                          draw(st.sampled_from([30, 40, 50])))
        if all(edge_distance(candidate, other) > 0.01 for other in placed):
            placed.append(candidate)
    return viewer, target, placed[2:]


@settings(max_examples=30, deadline=None)
@given(crowds())
def test_line_of_sight_agrees_with_the_brute_force(drawn: tuple[Piece, Piece, list[Piece]]) -> None:
    viewer, target, others = drawn
    blockers = [b for b in others if b.base_mm >= target.base_mm]
    sight = line_of_sight(Board(24, 24, (viewer, target, *others)), rules("mk4"), viewer, target)
    brute = clear_pairs(viewer, target, blockers, 360)
    if brute:
        assert sight.los
    if sight.los:
        assert sight.clear_line is not None
        (ax, ay), (bx, by) = sight.clear_line
        assert math.hypot(ax - viewer.x, ay - viewer.y) <= viewer.radius + 1e-9
        assert math.hypot(bx - target.x, by - target.y) <= target.radius + 1e-9
        for blocker in blockers:
            assert point_segment_distance(blocker.x, blocker.y, ax, ay, bx, by) >= blocker.radius - 1e-9


@pytest.mark.parametrize("edition", ["mk3", "mk4"])
def test_a_larger_base_close_in_front_hides_and_a_smaller_one_does_not(edition: str) -> None:
    # The Sabbreth figure's two sides: a larger base squarely between hides (seed 000 L1876-1879),
    # a smaller base does not count (L1879-1883).
    rules_of = rules(edition)
    viewer, courser, hidden = piece("s", 2, 10, 50), piece("c", 6, 10, 40), piece("a", 7.6, 10, 30)
    board = Board(20, 20, (viewer, courser, hidden))
    assert not line_of_sight(board, rules_of, viewer, hidden).los
    small = piece("c", 6, 10, 30)
    assert line_of_sight(Board(20, 20, (viewer, small, piece("a", 7.6, 10, 40))), rules_of, viewer,
                         piece("a", 7.6, 10, 40)).los
