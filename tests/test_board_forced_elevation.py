"""Elevation along a slam or a throw: a model moved off a raised surface crosses the gap at its
own height and falls only once the move ends, so it meets only the models whose volumes reach
that height and the features taller than it (tests/boards/mk4-forced-elevation.yaml,
mk3-forced-elevation.yaml, mk2-forced-elevation.yaml; every expected number by hand from the
positions and the seed lines each board cites)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.board_support import BOARDS, ask, rules
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.geometry.board import Board, base_radius
from wmdata.geometry.falling import volumes_meet
from wmdata.geometry.forced import ThrowOrder, slam, throw

R30, R40 = base_radius(30), base_radius(40)


def board_of(name: str, edition: str) -> Board:
    setup = load_board((BOARDS / name).read_bytes(), name, builtin_registry([edition]))
    assert setup.board is not None, setup.problems
    return setup.board


def test_a_model_thrown_off_a_roof_passes_over_a_larger_base_on_the_table() -> None:
    # Seed 000 L1709-1722: a 40 mm model stops at an equal or larger base, but big-below's volume
    # (50 mm: 2.75" high) ends below the roofer's 5": no contact; it lands 4" on and falls 5"
    # (L1755-1757: 4d6+12).
    answer = ask("mk4-forced-elevation.yaml", "--throw", "ogre", "roofer", "--distance-roll", "4")
    assert answer["end"] == [pytest.approx(15.8), pytest.approx(10)]
    assert answer["stopped_by"] is None and answer["contacted"] == [] and answer["extra_die"] is False
    fall = answer["fall"]
    assert isinstance(fall, dict) and fall["height"] == 5 and fall["damage_roll"] == "4d6+12"
    assert fall["knocked_down"] == ["roofer"]


def test_the_same_throw_on_the_table_stops_at_the_larger_base() -> None:
    # Control: the roofer at table level meets big-below, 2" centre to centre, after 2 - R40 - R50.
    board = board_of("mk4-forced-elevation.yaml", "mk4")
    grounded = replace(board.piece("roofer"), elevation=0.0)
    result = throw(board.replace_pieces(tuple(grounded if p.id == "roofer" else p for p in board.pieces)),
                   rules("mk4"), board.piece("ogre"), grounded, ThrowOrder(roll=4))
    assert result.stopped_by == "big-below"
    assert result.moved == pytest.approx(2 - R40 - base_radius(50))


def test_an_airborne_model_passes_a_lower_obstruction_and_stops_at_a_taller_one() -> None:
    # The shed (3") is below the jumper's 5": passed.  The tower (8") stops it on contact, its
    # centre R40 short of x = 14 (an obstruction: an extra die, L1724-1725); then a 5" fall.
    answer = ask("mk4-forced-elevation.yaml", "--throw", "thrower", "jumper", "--distance-roll", "6")
    assert answer["stopped_by"] == "tower" and answer["extra_die"] is True
    assert answer["moved"] == pytest.approx(14 - R40 - 11.8, abs=1e-6)
    fall = answer["fall"]
    assert isinstance(fall, dict) and fall["height"] == 5


def test_a_model_on_a_roof_meets_an_equal_base_on_the_same_roof() -> None:
    # leaper and roof-mate both stand on the 5" roof: their volumes meet, so the equal base stops
    # the throw (collateral, extra die, L1724-1733) after 3" - 2 R40; it is still on the roof.
    answer = ask("mk4-forced-elevation.yaml", "--throw", "heaver", "leaper", "--distance-roll", "4")
    assert answer["stopped_by"] == "roof-mate" and answer["collateral"] == ["roof-mate"]
    assert answer["moved"] == pytest.approx(3 - 2 * R40, abs=1e-6)
    assert answer["extra_die"] is True and answer["fall"] is None


def test_mk3_slam_off_a_ledge_passes_over_the_table_and_through_a_model_at_its_height() -> None:
    # Seed 003 L1454, L1476: smaller bases moved through are contacted; ground-small (top 1.75")
    # is below the 4" ledge and is not; roof-small, 0.5" off the line at 4", is.  5" moved, then a
    # 4" fall: 2d6+12 for the first 2", a die for the next 2" (L1500-1504): 3d6+12.
    answer = ask("mk3-forced-elevation.yaml", "--slam", "slammer", "ledge-jack", "--distance-roll", "5")
    assert answer["end"] == [pytest.approx(16.8), pytest.approx(30)]
    assert answer["contacted"] == ["roof-small"] and answer["collateral"] == ["roof-small"]
    fall = answer["fall"]
    assert isinstance(fall, dict) and fall["height"] == 4 and fall["damage_roll"] == "3d6+12"


def test_mk3_slam_down_a_hill_walks_the_slope() -> None:
    # Seed 003 L3081: a model moving off a hill does not fall; it moves down the slope, so
    # foot-small at the foot is moved through (contacted) and, 0.6" behind the end centre, moved
    # straight back until the bases touch, to x = 14.8 - R40 - R30 (L1512).
    answer = ask("mk3-forced-elevation.yaml", "--slam", "hill-slammer", "hill-jack", "--distance-roll", "3")
    assert answer["fall"] is None and answer["contacted"] == ["foot-small"]
    moves = answer["displaced"]
    assert isinstance(moves, list) and len(moves) == 1
    assert moves[0]["to"] == [pytest.approx(14.8 - R40 - R30), pytest.approx(40)]


def test_mk2_slam_off_a_ledge_passes_over_a_low_wall_and_a_larger_base() -> None:
    # Seed 001 L1085: the 1" wall and the 50 mm big-ground (2.75") would stop it on the table; at
    # 3" up it passes both, lands 6" on at x = 17.8 and falls 3": 2d6+10 (L1379-1383).
    answer = ask("mk2-forced-elevation.yaml", "--slam", "slammer", "jack", "--distance-roll", "6")
    assert answer["end"] == [pytest.approx(17.8), pytest.approx(10)]
    assert answer["stopped_by"] is None and answer["contacted"] == [] and answer["extra_die"] is False
    fall = answer["fall"]
    assert isinstance(fall, dict) and fall["height"] == 3 and fall["damage_roll"] == "2d6+10"


def test_mk2_slam_on_the_table_stops_at_the_wall() -> None:
    # Control for the case above: at table level the wall (x = 13.5) stops it after 13.5 - R40 - 11.8.
    board = board_of("mk2-forced-elevation.yaml", "mk2")
    grounded = replace(board.piece("jack"), elevation=0.0)
    after = board.replace_pieces(tuple(grounded if p.id == "jack" else p for p in board.pieces))
    result = slam(after, rules("mk2"), board.piece("slammer"), grounded, 6)
    assert result.stopped_by == "low-wall" and result.moved == pytest.approx(13.5 - R40 - 11.8)


@pytest.mark.parametrize(("level", "other_elevation", "meets"), [
    (5.0, 0.0, False),  # a 2.25" volume on the table ends below 5"
    (5.0, 2.75, True),  # its top exactly at 5": touching counts
    (5.0, 2.76, True),
    (2.0, 4.26, False),  # above: the mover's top is 2 + 2.25 = 4.25
    (2.0, 4.25, True),
])
def test_volumes_meet_at_the_boundary(level: float, other_elevation: float, meets: bool) -> None:
    other = replace(board_of("mk4-forced-elevation.yaml", "mk4").piece("leaper"), elevation=other_elevation)
    assert volumes_meet(level, 2.25, other) is meets
