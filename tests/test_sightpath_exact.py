"""Where a standing model sees a moving one along a straight move is exact past bases, walls taller
than both models and clouds (wmdata/geometry/sightpath.py): checked against a brute force, the
exact line-of-sight answer at points every ``STEP`` inches along the move (itself checked against
its own brute forces in tests/test_los_*.py).  The brute force can miss a stretch narrower than
``STEP``, never report one that is not there, so every point it checks must agree (points within
1e-6" of an interval's end excepted: the end itself is where sight changes).  Free strikes need the
enemy's sight of the trampler (seed 003 L1773-1793: melee range and line of sight; L1954).
"""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon, box

from tests.board_support import rules
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.freestrikes import trample_free_strikes
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.measure import edge_distance_to_shape
from wmdata.geometry.sightpath import at, sight_spans

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75}
STEP = 0.01


def brute_seen(board: Board, viewer: Piece, mover: Piece, direction: tuple[float, float], length: float,
               ) -> tuple[np.ndarray, np.ndarray]:
    spots = np.arange(0.0, length, STEP)
    seen = []
    for s in spots:
        moved = at(mover, direction, float(s))
        placed = board.replace_pieces(tuple(moved if p.id == mover.id else p for p in board.pieces))
        seen.append(line_of_sight(placed, rules("mk3"), viewer, moved).los)
    return spots, np.array(seen)


def agree(board: Board, viewer: Piece, mover: Piece, direction: tuple[float, float], length: float) -> None:
    spans, sampled = sight_spans(board, rules("mk3"), viewer, mover, direction, (0.0, length))
    assert not sampled
    spots, seen = brute_seen(board, viewer, mover, direction, length)
    for s, brute in zip(spots, seen, strict=True):
        if any(abs(s - end) < 1e-6 for span in spans for end in span):
            continue
        assert brute == any(start <= s <= end for start, end in spans), (s, spans)


def capsule(mover: Piece, direction: tuple[float, float], length: float) -> Polygon:
    end = at(mover, direction, length)
    return Point(mover.centre).buffer(mover.radius).union(Point(end.centre).buffer(mover.radius)).convex_hull


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Board, Piece, Piece, tuple[float, float], float]:
    """A viewer at (10, 6), a small or medium base moving roughly along +x some 8" to 10" away,
    and between them up to three bases at least as large as the mover, up to two walls taller
    than both and a cloud (which the mover may touch on its way)."""
    base = draw(st.sampled_from([30, 40, 50]))
    viewer = Piece("v", 10, 6, base, HEIGHTS[base])
    base = draw(st.sampled_from([30, 40]))
    mover = Piece("m", draw(st.floats(4, 8)), draw(st.floats(14, 16)), base, HEIGHTS[base])
    angle = math.radians(draw(st.floats(-20, 20)))
    direction = (math.cos(angle), math.sin(angle))
    length = draw(st.floats(3, 8))
    path = capsule(mover, direction, length)
    pieces = [viewer, mover]
    for index in range(draw(st.integers(0, 3))):
        base = draw(st.sampled_from([40, 50]))
        other = Piece(f"b{index}", draw(st.floats(6, 14)), draw(st.floats(8, 12)), base, HEIGHTS[base])
        if (all(math.hypot(other.x - p.x, other.y - p.y) > other.radius + p.radius + 0.01 for p in pieces)
                and edge_distance_to_shape(other, path) > 0.01):
            pieces.append(other)
    features: list[Feature] = []
    for index in range(draw(st.integers(0, 2))):
        x, y = draw(st.floats(6, 14)), draw(st.floats(8, 12))
        shape = box(x, y, x + draw(st.floats(0.2, 2.0)), y + draw(st.floats(0.2, 2.0)))
        if shape.distance(path) > 0.01 and all(edge_distance_to_shape(p, shape) > 0.01 for p in pieces):
            features.append(Feature(f"w{index}", "wall", shape, 6.0))
    if draw(st.booleans()):
        x, y, radius = draw(st.floats(6, 14)), draw(st.floats(8, 15)), draw(st.floats(0.5, 2.0))
        cloud = Feature("cloud", "cloud", Point(x, y).buffer(radius, quad_segs=32), 0.0, (x, y, radius))
        if edge_distance_to_shape(viewer, cloud.shape) > 0.01:
            features.append(cloud)
    return Board(30, 30, tuple(pieces), tuple(features)), viewer, mover, direction, length


@settings(max_examples=10, deadline=None)
@given(scenes())
def test_sight_along_a_move_agrees_with_the_brute_force(
        scene: tuple[Board, Piece, Piece, tuple[float, float], float]) -> None:
    agree(*scene)


def test_a_cloud_the_mover_enters_and_leaves_is_exact() -> None:
    # Seed 003 L2287: a cloud hides nothing from or to a model in it, but hides what is beyond it
    # from models outside it.  The viewer (30 mm) at (10, 10) looks up at a 50 mm base moving
    # along y = 15.8 from x = 4 past a cloud of radius 2 round (10, 13), which hides the base
    # while it is clear of the cloud and in its shadow.  The base touches the cloud while its
    # centre is within 2 + r of (10, 13), i.e. |x - 10| <= sqrt((2 + r)^2 - 2.8^2): there the cloud
    # no longer counts and the base is seen, exactly from one touching spot to the other.
    viewer = Piece("v", 10, 10, 30, 1.75)
    mover = Piece("m", 4, 15.8, 50, 2.75)
    cloud = Feature("smoke", "cloud", Point(10, 13).buffer(2.0, quad_segs=32), 0.0, (10, 13, 2.0))
    board = Board(30, 30, (viewer, mover), (cloud,))
    spans, sampled = sight_spans(board, rules("mk3"), viewer, mover, (1.0, 0.0), (0.0, 12.0))
    touch = math.sqrt((2 + base_radius(50)) ** 2 - 2.8 ** 2)
    assert not sampled and len(spans) == 3
    assert spans[0][0] == 0.0 and spans[2][1] == 12.0
    assert math.isclose(spans[1][0], 6 - touch, abs_tol=1e-9) and math.isclose(spans[1][1], 6 + touch, abs_tol=1e-9)
    agree(board, viewer, mover, (1.0, 0.0), 12.0)


def test_a_free_strike_behind_a_base_is_exact_and_not_sampled() -> None:
    # A 50 mm model beside the enemy (not in the trampler's path, which clears it by 0.03") hides
    # the trampler once it has passed behind it.  The enemy's 4" reach (longer than any seed's, so
    # that sight, not reach, ends the melee range) holds the trampler until 4.56" along; sight is
    # lost earlier, where the brute force says, to within its step, and the strike is not sampled.
    enemy = Piece("enemy", 10, 10, 30, 1.75, facing=0, side="b", melee_range=4.0)
    mover = Piece("m", 9, 13.2, 50, 2.75, facing=0, side="a")
    block = Piece("block", 11.2, 11.2, 50, 2.75, side="c")
    board = Board(30, 30, (mover, enemy, block))
    strikes = trample_free_strikes(board, rules("mk3"), mover, (1.0, 0.0), 5.0, set())
    assert [(s.id, s.los_sampled) for s in strikes] == [("enemy", False)]
    spots, seen = brute_seen(board, enemy, mover, (1.0, 0.0), 5.0)
    first_seen = int(np.argmax(seen))
    lost = spots[first_seen + int(np.argmax(~seen[first_seen:]))]
    assert 1.0 < lost < 4.5
    assert lost - STEP - 1e-9 <= strikes[0].travelled <= lost + 1e-9
