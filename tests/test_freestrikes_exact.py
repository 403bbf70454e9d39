"""Where a trampling model is inside an enemy's melee range is solved exactly (reach and front arc
in closed form along the move), checked against a brute force: the board's own melee-range test
(``in_melee_range``: reach, front arc and line of sight) at points every 0.002" along the move.
Seed 003 L1940-1954 (MkIII trample and its free strikes), seed 001 L1165 (MkII); the melee range
is reach, front arc and line of sight (003 L1765-1777).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from tests.board_support import rules
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.freestrikes import melee_spans, trample_free_strikes
from wmdata.geometry.modifiers import in_melee_range

HEIGHTS = {30: 1.75, 40: 2.25, 50: 2.75, 120: 5.0}
STEP = 0.002


def brute_inside(board: Board, degrees_rules: object, mover: Piece, enemy: Piece, heading: float,
                 length: float) -> tuple[np.ndarray, np.ndarray]:
    """The board's melee-range test at points every ``STEP`` along the move."""
    assert isinstance(degrees_rules, type(rules("mk3")))
    angle = math.radians(heading)
    spots = np.arange(0.0, length, STEP)
    inside = []
    for s in spots:
        moved = replace(mover, x=mover.x + math.cos(angle) * s, y=mover.y + math.sin(angle) * s, facing=heading)
        placed = board.replace_pieces(tuple(moved if p.id == mover.id else p for p in board.pieces))
        inside.append(in_melee_range(placed, degrees_rules, enemy, moved))
    return spots, np.array(inside)


def agree(board: Board, geometry: object, mover: Piece, enemy: Piece, heading: float, length: float) -> None:
    assert isinstance(geometry, type(rules("mk3")))
    angle = math.radians(heading)
    spans, _ = melee_spans(board, geometry, mover, enemy, (math.cos(angle), math.sin(angle)), length)
    spots, inside = brute_inside(board, geometry, mover, enemy, heading, length)
    for s, brute in zip(spots, inside, strict=True):
        if any(abs(s - edge) < 1e-6 for span in spans for edge in span):
            continue
        assert brute == any(start <= s <= end for start, end in spans), (s, spans)


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Board, Piece, list[Piece], float, float, int]:
    mover = Piece("m", 10, 10, draw(st.sampled_from([50, 120])), 5.0, side="a")
    enemies: list[Piece] = []
    for index in range(draw(st.integers(1, 3))):
        base = draw(st.sampled_from([30, 40, 50]))
        enemy = Piece(f"e{index}", draw(st.floats(8, 20)), draw(st.floats(5, 15)), base, HEIGHTS[base],
                      facing=draw(st.floats(0, 360)), side="b", melee_range=draw(st.sampled_from([0.5, 1.0, 2.0])))
        if all(math.hypot(enemy.x - o.x, enemy.y - o.y) > enemy.radius + o.radius + 0.01 for o in [mover, *enemies]):
            enemies.append(enemy)
    return (Board(30, 30, (mover, *enemies)), mover, enemies, draw(st.floats(-40, 40)), draw(st.floats(1, 10)),
            draw(st.sampled_from([120, 180, 270])))


@settings(max_examples=25, deadline=None)
@given(scenes())
def test_reach_and_arc_spans_agree_with_the_melee_range_test_along_the_move(
        scene: tuple[Board, Piece, list[Piece], float, float, int]) -> None:
    # Front arcs of 120 and 270 degrees are not in any seed; they check the wedge solution's
    # generality against the same brute force.
    board, mover, enemies, heading, length, degrees = scene
    geometry = replace(rules("mk3"), front_arc_degrees=float(degrees))
    for enemy in enemies:
        agree(board, geometry, mover, enemy, heading, length)


def test_leaving_the_front_arc_is_exact() -> None:
    # The enemy at (10, 10) faces +y; its 180 degree front arc holds a base while the base's centre
    # is less than one radius behind the line y = 10.  A 50 mm base moving straight down from
    # (11, 13) leaves it at y = 10 - r, after 3 + r, still 1" across: well within a 2" reach.
    enemy = Piece("enemy", 10, 10, 30, 1.75, facing=90, side="b", melee_range=2.0)
    mover = Piece("m", 11, 13, 50, 2.75, facing=270, side="a")
    r = base_radius(50)
    strikes = trample_free_strikes(Board(30, 30, (mover, enemy)), rules("mk3"), mover, (0.0, -1.0), 8.0, set())
    assert [(s.id, s.los_sampled) for s in strikes] == [("enemy", False)]
    assert math.isclose(strikes[0].travelled, 3 + r, abs_tol=1e-9)
    assert math.isclose(strikes[0].at[1], 10 - r, abs_tol=1e-9)


def test_a_wall_the_trampler_overlaps_makes_the_sight_check_sampled_and_says_so() -> None:
    # A wall taller than both models rises from y = 10 at x 11.2-11.4 up into the trampler's path
    # (made to pass through it: a real trample stops at a wall): once the trampler's whole base is
    # past x = 11.2 every line from the enemy's base crosses the wall.  While the base overlaps the
    # wall the events of geometry/sightpath.py do not decide sight, so it is sampled.  It leaves
    # the melee range there, after 1.2 + r, while still within the 2" reach (ending after 2.55").
    enemy = Piece("enemy", 10, 10, 30, 1.75, facing=0, side="b", melee_range=2.0)
    mover = Piece("m", 10, 12.5, 50, 2.75, facing=0, side="a")
    wall = Feature("wall", "wall", Polygon([(11.2, 10), (11.4, 10), (11.4, 14), (11.2, 14)]), 6.0)
    board = Board(30, 30, (mover, enemy), (wall,))
    strikes = trample_free_strikes(board, rules("mk3"), mover, (1.0, 0.0), 6.0, set())
    assert [(s.id, s.los_sampled) for s in strikes] == [("enemy", True)]
    assert math.isclose(strikes[0].travelled, 1.2 + base_radius(50), abs_tol=1e-6)
    spots, inside = brute_inside(board, rules("mk3"), mover, enemy, 0.0, 6.0)
    first_out = spots[np.argmax(inside & ~np.roll(inside, -1))]
    assert abs(strikes[0].travelled - first_out) <= STEP + 1e-9
