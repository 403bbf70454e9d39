"""Slam, throw and trample lanes on seed boards (tests/boards/mk*-slam-throw.yaml,
mk4-trample.yaml, mk3-throw.yaml, mk2-throw.yaml): where the moved model ends, what stopped
it, whom it contacted and who suffers collateral damage.  Positions are ours; the outcomes
are the seeds' (cited per board file and per test).  Expected numbers are worked out by
hand from the positions in the board files, as each comment shows.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.board_support import BOARDS, ask, rules
from tests.conftest import run_cli
from wmdata.geometry.board import Board, Piece, base_radius
from wmdata.geometry.forced import slam
from wmdata.geometry.measure import edge_distance

R30, R40, R50 = base_radius(30), base_radius(40), base_radius(50)


def moved(answer: dict[str, object]) -> float:
    value = answer["moved"]
    assert isinstance(value, float | int)
    return float(value)


def test_mk4_slam_stops_at_the_wall_and_knocks_down_the_model_it_passes() -> None:
    # Seed 000 L2428-2450: rolled 6, stopped by the wall 4" behind (the Stryker's edge is at 13, the
    # wall at 17), the Stormblade passed over takes collateral damage, the Stryker an extra die.
    answer = ask("mk4-slam-throw.yaml", "--slam", "dire-wolf", "stryker", "--distance-roll", "6")
    assert math.isclose(moved(answer), 17 - (12.015748 + R50), abs_tol=1e-5)
    assert math.isclose(moved(answer), 4, abs_tol=1e-5)
    assert answer["stopped_by"] == "wall"
    assert answer["contacted"] == ["stormblade"] and answer["collateral"] == ["stormblade"]
    assert answer["extra_die"] is True


def test_mk4_throw_passes_smaller_bases_and_contacts_where_it_lands() -> None:
    # Seed 000 L2536-2557: rolled 5, stops on the larger Stryker 4" away; the Stormguard crossed on
    # the way is not contacted; the Mechanik it overlaps is, and only the Mechanik takes collateral.
    answer = ask("mk4-slam-throw.yaml", "--throw", "tyrant", "courser", "--distance-roll", "5")
    assert math.isclose(moved(answer), 17.571654 - R50 - R40 - 11.8, abs_tol=1e-6)
    assert math.isclose(moved(answer), 4, abs_tol=1e-5)
    assert answer["stopped_by"] == "stryker-2"
    assert sorted(answer["contacted"]) == ["mechanik", "stryker-2"]  # type: ignore[type-var]
    assert answer["collateral"] == ["mechanik"] and answer["extra_die"] is True


def test_a_model_moved_off_the_table_stops_at_its_edge_without_an_extra_die() -> None:
    # Seed 000 L1737-1742: 6" would leave the 48" table; the base stops with its edge on x = 48.
    answer = ask("mk4-slam-throw.yaml", "--slam", "edge-slammer", "edge-slammed", "--distance-roll", "6")
    assert math.isclose(moved(answer), 48 - R50 - 46, abs_tol=1e-6)
    assert answer["stopped_by"] is None and answer["extra_die"] is False and answer["contacted"] == []


def test_a_huge_base_slams_smaller_models_two_inches_further() -> None:
    # Seed 000 L2460-2461: a roll of 3 from a huge base moves a 50 mm base 5".
    answer = ask("mk4-slam-throw.yaml", "--slam", "colossal", "small-jack", "--distance-roll", "3")
    assert answer["distance"] == 5 and moved(answer) == pytest.approx(5)


@pytest.mark.parametrize(("args", "message"), [
    (("--slam", "dire-wolf", "colossal", "--distance-roll", "3"), "cannot be moved by a slam"),  # 000 L3742-3743
    (("--throw", "stormblade", "stryker", "--distance-roll", "3"), "base is larger"),  # 000 L2485-2486
])
def test_forbidden_slams_and_throws_exit_1(args: tuple[str, ...], message: str) -> None:
    result = run_cli("board", "query", str(BOARDS / "mk4-slam-throw.yaml"), *args)
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_mk4_trample_goes_through_small_bases_and_stops_at_a_medium_one() -> None:
    # Seed 000 L2558-2567: SPD 4 + 3 = 7"; A-D trampled, the Courser (medium) stops it when the centres
    # are R50 + R40 apart: 18.75 - 10 - (R50 + R40) = 6.978"; E stands beside the path.
    answer = ask("mk4-trample.yaml", "--trample", "great-bear", "--direction", "0", "--spd", "4")
    assert answer["trampled"] == ["a", "b", "c", "d"]
    assert answer["stopped_by"] == "courser"
    assert math.isclose(moved(answer), 8.75 - R50 - R40, abs_tol=1e-6)


def test_a_trample_ends_where_its_base_fits() -> None:
    # Seed 000 L2505-2506: 7" would end on last-one (x = 16.5), so the bear stops touching it.
    answer = ask("mk4-trample.yaml", "--trample", "crowded-bear", "--direction", "0", "--spd", "4")
    assert math.isclose(moved(answer), 16.5 - R50 - R30 - 10, abs_tol=1e-6)
    assert answer["trampled"] == []


def test_mk3_missed_throw_deviates_from_the_target_and_stops_on_it() -> None:
    # Seed 003 L1908-1930: STR 12 -> 6"; the Gladiator 4" away is in range; a miss deviates 2" in
    # direction 2 (60 degrees clockwise from the line of the throw, +x) from the Gladiator's centre,
    # at most half of 4".  The Savage stops on the Gladiator (its centre R40 + R50 away), crosses the
    # Beast Handler without contact and overlaps the Swordsman.
    answer = ask("mk3-throw.yaml", "--throw", "blitzer", "savage", "--str", "12", "--at", "gladiator", "--miss",
                 "--deviation-roll", "2", "--distance-roll", "2")
    point = (17.571654 + 2 * math.cos(math.radians(-60)), 20 + 2 * math.sin(math.radians(-60)))
    assert answer["point_of_impact"] == [pytest.approx(point[0], abs=1e-6), pytest.approx(point[1], abs=1e-6)]
    deviation = answer["deviation"]
    assert isinstance(deviation, dict) and deviation["cap"] == pytest.approx(2)
    end = answer["end"]
    assert isinstance(end, list)
    assert math.isclose(math.hypot(end[0] - 17.571654, end[1] - 20), R40 + R50, abs_tol=1e-6)
    # The end lies on the straight line from the start to the point of impact.
    assert math.isclose((end[0] - 11.8) * (point[1] - 20) - (end[1] - 20) * (point[0] - 11.8), 0, abs_tol=1e-5)
    assert answer["stopped_by"] == "gladiator"
    assert sorted(answer["contacted"]) == ["gladiator", "swordsman"]  # type: ignore[type-var]
    assert answer["collateral"] == ["swordsman"] and answer["extra_die"] is True


def test_mk3_throw_beyond_range_lands_at_the_throw_distance() -> None:
    # Seed 003 L1934: the Satyr is 6.2" away, beyond 6": the Gorax lands 6" along the line, no deviation.
    answer = ask("mk3-throw.yaml", "--throw", "carnivean", "gorax", "--str", "12", "--at", "satyr")
    assert answer["end"] == [pytest.approx(17.8), pytest.approx(35)] and answer["deviation"] is None
    assert answer["contacted"] == []


def test_mk3_throw_that_hits_moves_until_contact() -> None:
    # Seed 003 L1892: on a hit the thrown model moves toward the target until the bases touch.
    answer = ask("mk3-throw.yaml", "--throw", "blitzer", "savage", "--str", "12", "--at", "gladiator")
    assert math.isclose(moved(answer), 17.571654 - R50 - R40 - 11.8, abs_tol=1e-6)
    assert answer["stopped_by"] == "gladiator" and answer["collateral"] == []


def test_mk3_slam_by_a_smaller_base_is_halved() -> None:
    # Seed 003 L1466, L1868: Xerxis (40 mm) slams a Warpwolf (50 mm), rolls 6: it moves 3".
    assert moved(ask("mk3-throw.yaml", "--slam", "xerxis", "warpwolf", "--distance-roll", "6")) == pytest.approx(3)


def test_mk2_throw_deviates_from_the_intended_point_and_ends_centred_on_it() -> None:
    # Seed 001 L1139: STR 11 -> 5.5" from the Deathripper's centre; direction 3 is 120 degrees
    # clockwise from the throw (+x); a d3 of 3 is capped at 2.75".
    answer = ask("mk2-throw.yaml", "--throw", "crusader", "deathripper", "--str", "11",
                 "--deviation-roll", "3", "--distance-roll", "3")
    point = (11.8 + 5.5 + 2.75 * math.cos(math.radians(-120)), 20 + 2.75 * math.sin(math.radians(-120)))
    assert answer["distance"] == 5.5
    assert answer["end"] == [pytest.approx(point[0], abs=1e-6), pytest.approx(point[1], abs=1e-6)]


def test_mk2_large_throwing_small_adds_an_inch_and_obstructions_stop_it() -> None:
    # Seed 001 L1109: 5 + 1 = 6"; L1119: the pillar (obstruction, face at x = 14) stops it, extra die.
    answer = ask("mk2-throw.yaml", "--throw", "thrower", "small-one", "--str", "10",
                 "--deviation-roll", "1", "--distance-roll", "1")
    assert answer["distance"] == 6
    assert math.isclose(moved(answer), 14 - R30 - 11.6, abs_tol=1e-6)
    assert answer["stopped_by"] == "pillar" and answer["extra_die"] is True


def test_mk2_obstacles_do_not_stop_a_thrown_model() -> None:
    # Seed 001 L1119: 5" plus a long deviation of 1" carries the model over the fence to x = 37.8.
    answer = ask("mk2-throw.yaml", "--throw", "heaver", "tossed", "--str", "10", "--deviation-roll", "1",
                 "--distance-roll", "1")
    assert answer["end"] == [pytest.approx(37.8), pytest.approx(20)] and answer["stopped_by"] is None


@pytest.mark.parametrize(("board", "args", "message"), [
    ("mk4-slam-throw.yaml", ("--slam", "dire-wolf", "stryker"), "--slam needs --distance-roll"),
    ("mk4-slam-throw.yaml", ("--slam", "dire-wolf", "stryker", "--distance-roll", "7"), "whole number from 1 to 6"),
    ("mk4-slam-throw.yaml", ("--throw", "tyrant", "courser", "--str", "12"), "give only --distance-roll"),
    ("mk4-slam-throw.yaml", ("--throw", "tyrant", "courser", "--distance-roll", "3", "--at", "stryker"),
     "directly away"),
    ("mk4-trample.yaml", ("--trample", "great-bear", "--spd", "4"), "--trample needs --spd and --direction"),
    ("mk4-trample.yaml", ("--distance", "a", "b", "--direction", "3"), "--direction is for --trample"),
    ("mk3-throw.yaml", ("--throw", "blitzer", "savage"), "--throw needs --str"),
    ("mk3-throw.yaml", ("--throw", "blitzer", "savage", "--str", "12", "--at", "gladiator", "--miss",
                        "--deviation-roll", "2", "--distance-roll", "4"), "whole number from 1 to 3"),
    ("mk3-throw.yaml", ("--throw", "blitzer", "savage", "--str", "12", "--miss"), "--miss with --throw"),
    ("mk2-throw.yaml", ("--throw", "crusader", "deathripper", "--str", "11"), "this throw deviates"),
])
def test_slam_throw_trample_usage_errors_exit_2(board: str, args: tuple[str, ...], message: str) -> None:
    result = run_cli("board", "query", str(BOARDS / board), *args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_seed_rolls_the_slam_die() -> None:
    first = ask("mk4-slam-throw.yaml", "--slam", "edge-slammer", "edge-slammed", "--seed", "7")
    again = ask("mk4-slam-throw.yaml", "--slam", "edge-slammer", "edge-slammed", "--seed", "7")
    assert first == again and first["distance"] in {1, 2, 3, 4, 5, 6}


bases = st.sampled_from([30, 40, 50, 80])


@st.composite
def slam_boards(draw: st.DrawFn) -> Board:
    placed: list[Piece] = []
    for index in range(draw(st.integers(3, 8))):
        candidate = Piece(f"m{index}", draw(st.floats(2, 22)), draw(st.floats(2, 22)), draw(bases), 2.0)
        if all(edge_distance(candidate, other) > 0.01 for other in placed):
            placed.append(candidate)
    return Board(24, 24, tuple(placed))


@pytest.mark.parametrize("edition", ["mk3", "mk4"])
@settings(max_examples=40, deadline=None)
@given(slam_boards(), st.integers(1, 6))
def test_a_slammed_model_never_ends_on_an_equal_or_larger_base_or_off_the_table(
        edition: str, board: Board, roll: int) -> None:
    if len(board.pieces) < 2:
        return
    origin, slammed = board.pieces[0], board.pieces[1]
    result = slam(board, rules(edition), origin, slammed, roll)
    x, y = result.end
    assert result.moved <= result.distance + 1e-9
    low, high = slammed.radius - 1e-9, 24 - slammed.radius + 1e-9
    assert low <= x <= high and low <= y <= high
    for other in board.pieces[2:]:
        if other.base_mm >= slammed.base_mm:
            assert math.hypot(other.x - x, other.y - y) >= other.radius + slammed.radius - 1e-6
        elif other.id in result.contacted:
            assert other.id in result.collateral


def test_mk2_thrower_picks_a_heading_away_from_itself() -> None:
    # Seed 001 L1109 (004 L27): the direction is the thrower's, away from it.  5" at 45 degrees, then
    # a long deviation (face 1: along the chosen heading) of 1": 6" at 45 degrees from (31.8, 20).
    answer = ask("mk2-throw.yaml", "--throw", "heaver", "tossed", "--str", "10", "--direction", "45",
                 "--deviation-roll", "1", "--distance-roll", "1")
    step = 6 / math.sqrt(2)
    assert answer["end"] == [pytest.approx(31.8 + step), pytest.approx(20 + step)]


@pytest.mark.parametrize("heading", ["90", "-90", "180"])
def test_mk2_a_heading_not_away_from_the_thrower_exits_1(heading: str) -> None:
    # Directly away is +x: 90 degrees off (or more) does not move the model away from the thrower.
    result = run_cli("board", "query", str(BOARDS / "mk2-throw.yaml"), "--throw", "heaver", "tossed", "--str", "10",
                     "--direction", heading, "--deviation-roll", "1", "--distance-roll", "1")
    assert result.exit_code == 1 and "must go away from heaver" in result.output, result.output


def test_mk2_double_hand_throw_that_hits_moves_until_the_bases_touch() -> None:
    # Seed 001 L1145 (004 L91-97): ironclad is 4 - 2 x R40 = 2.425" away, within 5" (STR 10): a hit
    # moves jack straight at it until contact, without deviation; an equal base adds a die and is
    # knocked down with collateral damage (L1127-1131).
    answer = ask("mk2-throw.yaml", "--throw", "juggernaut", "jack", "--str", "10", "--double-hand", "--at", "ironclad")
    assert math.isclose(moved(answer), 4 - 2 * R40, abs_tol=1e-6)
    assert answer["deviation"] is None and answer["stopped_by"] == "ironclad"
    assert answer["collateral"] == ["ironclad"] and answer["extra_die"] is True


def test_mk2_missed_double_hand_throw_deviates_from_the_target_centre() -> None:
    # Seed 001 L1147, 004 L99-101: from ironclad's centre (15.8, 5), face 3 = 120 degrees clockwise
    # of the throw (+x); the d3 of 3 is capped at half of the 4" from jack to that centre: 2".
    # The line from (11.8, 5) to the point passes 2" from ironclad's centre (> R40 + R40): no contact.
    answer = ask("mk2-throw.yaml", "--throw", "juggernaut", "jack", "--str", "10", "--double-hand", "--at",
                 "ironclad", "--miss", "--deviation-roll", "3", "--distance-roll", "3")
    point = (15.8 + 2 * math.cos(math.radians(-120)), 5 + 2 * math.sin(math.radians(-120)))
    assert answer["end"] == [pytest.approx(point[0]), pytest.approx(point[1])]
    deviation = answer["deviation"]
    assert isinstance(deviation, dict) and deviation["cap"] == pytest.approx(2)


def test_mk2_double_hand_throw_beyond_range_deviates_from_the_throw_distance() -> None:
    # Seed 001 L1145-1147 (004 L103-104): distant is 8 - 2 x R40 = 6.425" away, beyond 5": the
    # intended point is 5" along the line (16.8, 42); face 4 is short (back toward the thrower),
    # 2" (at most half of 5"): flung ends at (14.8, 42).  MkIII would land at 16.8 without deviation.
    answer = ask("mk2-throw.yaml", "--throw", "hurler", "flung", "--str", "10", "--double-hand", "--at", "distant",
                 "--deviation-roll", "4", "--distance-roll", "2")
    assert answer["end"] == [pytest.approx(14.8), pytest.approx(42)]
    assert answer["point_of_impact"] == [pytest.approx(14.8), pytest.approx(42)]


@pytest.mark.parametrize(("args", "code", "message"), [
    # Seed 001 L1145: the model thrown at must be in the thrower's line of sight (the pillar hides it).
    (("--throw", "thrower", "small-one", "--str", "10", "--double-hand", "--at", "hidden"), 1, "no line of sight"),
    # Seed 001 L1099-1131: a one-handed throw picks a direction; only the double-hand throw aims at a model.
    (("--throw", "juggernaut", "jack", "--str", "10", "--at", "ironclad"), 2, "add --double-hand"),
    (("--throw", "juggernaut", "jack", "--str", "10", "--double-hand", "--at", "ironclad", "--direction", "10"), 2,
     "not with --at"),
    (("--throw", "hurler", "flung", "--str", "10", "--double-hand", "--at", "distant"), 1, "give the deviation dice"),
])
def test_mk2_double_hand_throw_errors(args: tuple[str, ...], code: int, message: str) -> None:
    result = run_cli("board", "query", str(BOARDS / "mk2-throw.yaml"), *args)
    assert result.exit_code == code and message in result.output and "Traceback" not in result.output, result.output


def test_mk3_throw_has_no_heading_to_pick() -> None:
    # Seed 003 L1886: directly away or at a model, nothing else.
    result = run_cli("board", "query", str(BOARDS / "mk3-throw.yaml"), "--throw", "blitzer", "savage", "--str", "12",
                     "--direction", "10")
    assert result.exit_code == 2 and "--direction with --throw" in result.output
