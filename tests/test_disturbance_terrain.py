"""The rule of least disturbance next to terrain a model may not stand in: the nearest legal
spot is found on the exact grown outline (corner circles and moved-out edges), checked here
against an independent brute force over a fine grid of spots (shapely's exact point-to-polygon
distance, vectorised)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from tests.board_support import rules
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.disturbance import nearest_spot

BLOCK = Feature("block", "obstruction", Polygon([(10, 10), (12, 10), (12, 12), (10, 12)]), 3.0)
STEP = 0.004


def brute_nearest(board: Board, piece: Piece, others: list[Piece]) -> float:
    """The least distance to a legal spot on a grid of STEP inches round the piece."""
    span = np.arange(-2.5, 2.5 + STEP, STEP)
    xs, ys = np.meshgrid(piece.x + span, piece.y + span)
    xs, ys = xs.ravel(), ys.ravel()
    legal = shapely.distance(BLOCK.shape, shapely.points(xs, ys)) >= piece.radius
    for other in others:
        legal &= np.hypot(xs - other.x, ys - other.y) >= other.radius + piece.radius
    legal &= (xs >= piece.radius) & (ys >= piece.radius)
    return float(np.min(np.hypot(xs - piece.x, ys - piece.y)[legal]))


@settings(max_examples=25, deadline=None)
@given(st.floats(12.2, 13.6), st.floats(12.2, 13.6), st.floats(-0.6, 0.6), st.floats(-0.6, 0.6))
def test_the_nearest_spot_beside_a_corner_matches_a_brute_force(mx: float, my: float, dx: float, dy: float) -> None:
    mover = Piece("mover", mx, my, 50, 2.75)
    under = Piece("under", mx + dx, my + dy, 30, 1.75)
    if shapely.distance(BLOCK.shape, shapely.points(under.x, under.y)) < under.radius:
        return  # a board would not start with the model inside the block
    board = Board(48, 48, (mover, under), (BLOCK,))
    spot, _ = nearest_spot(board, rules("mk4"), under, [mover])
    assert spot is not None
    found = math.hypot(spot[0] - under.x, spot[1] - under.y)
    assert BLOCK.shape.distance(shapely.Point(spot)) >= under.radius - 1e-7  # legal, exactly
    assert math.hypot(spot[0] - mover.x, spot[1] - mover.y) >= mover.radius + under.radius - 1e-7
    best = brute_nearest(board, under, [mover])
    assert best - STEP * math.sqrt(2) <= found <= best + 1e-9


def test_a_model_pushed_into_a_corner_ends_against_an_edge() -> None:
    # under sits on the diagonal between the mover and the block's corner (12, 12).  Where the
    # mover's grown circle (R50 + R30 round (13.3, 13.3)) meets the corner's circle the spot
    # would hang over an edge, so the nearest legal spots are where that circle meets the top
    # edge moved out by R30 (y = 12 + R30, x = 13.3 - sqrt((R50 + R30)^2 - (1.3 - R30)^2), just
    # left of the corner, over the edge) or its mirror on the right edge: equally near, a tie.
    r30, r50 = 30 / 25.4 / 2, 50 / 25.4 / 2
    mover = Piece("mover", 13.3, 13.3, 50, 2.75)
    under = Piece("under", 12.75, 12.75, 30, 1.75)
    board = Board(48, 48, (mover, under), (BLOCK,))
    spot, tie = nearest_spot(board, rules("mk4"), under, [mover])
    assert spot is not None and tie is True
    across = 13.3 - math.sqrt((r50 + r30) ** 2 - (1.3 - r30) ** 2)
    assert sorted(spot) == [pytest.approx(across, abs=1e-9), pytest.approx(12 + r30, abs=1e-9)]
