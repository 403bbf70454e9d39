"""Every rule of a slam, one board lane each (tests/boards/mk4-slam-rules.yaml, seed 000 lines
cited there and per test), and the slammer or charger ending its move early where the rules
allow (``--stop-after``).  Expected numbers by hand from the positions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.board_support import BOARDS, ask, rules
from tests.conftest import run_cli
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.geometry.board import Board, Piece, base_radius
from wmdata.geometry.forced import slam
from wmdata.geometry.lanes import LaneError, charge

R30, R40, R50 = base_radius(30), base_radius(40), base_radius(50)
BOARD = "mk4-slam-rules.yaml"


def test_a_smaller_slammer_halves_the_distance() -> None:
    # L2457-2458: 4 rolled, 2" moved.
    answer = ask(BOARD, "--slam", "halver", "big", "--distance-roll", "4")
    assert answer["distance"] == 2 and answer["end"] == [pytest.approx(13.8), pytest.approx(5)]


@pytest.mark.parametrize(("slammer", "slammed", "stopper", "moved", "collateral"), [
    ("s1", "j1", "hedge", 14 - R40 - 11.8, []),  # an obstacle
    ("s2", "j2", "hut", 15 - R40 - 11.8, []),  # an obstruction
    ("s3", "j3", "large", 4 - R40 - R50, []),  # a larger base: not knocked down
    ("s4", "j4", "equal", 4 - 2 * R40, ["equal"]),  # an equal base: collateral damage
])
def test_a_slam_stops_on_contact_and_adds_a_die(slammer: str, slammed: str, stopper: str, moved: float,
                                                collateral: list[str]) -> None:
    # L1676-1688: stops on contact with an obstacle, an obstruction or an equal or larger base,
    # which adds a die; an equal base contacted is knocked down with collateral damage.
    answer = ask(BOARD, "--slam", slammer, slammed, "--distance-roll", "6")
    assert answer["stopped_by"] == stopper and answer["moved"] == pytest.approx(moved, abs=1e-6)
    assert answer["extra_die"] is True and answer["collateral"] == collateral


def test_a_slam_moves_through_a_smaller_base() -> None:
    # L1676-1688: small (30 mm) is moved through: knocked down, collateral; no die added.
    answer = ask(BOARD, "--slam", "s5", "j5", "--distance-roll", "4")
    assert answer["moved"] == pytest.approx(4) and answer["collateral"] == ["small"]
    assert answer["extra_die"] is False


def test_the_slammer_may_end_its_move_once_the_target_is_in_range() -> None:
    # L2390 (the 1" slam range), L2398-2400.  Contact would come after 7 - R50 - R40 = 5.228"; after
    # 4.5" the bases are 0.728" apart (in range), so the slammer may stop there and the slam goes on
    # (over 3"); after 4" they are 1.228" apart: not yet, so it may not.
    answer = ask(BOARD, "--slam", "charger", "target", "--distance-roll", "3", "--spd", "5", "--stop-after", "4.5")
    approach = answer["approach"]
    assert isinstance(approach, dict) and approach["moved"] == pytest.approx(4.5)
    assert approach["end"] == [pytest.approx(29.5), pytest.approx(46)] and answer["slammed"] is True
    for too_soon_or_far in ("4", "6"):
        result = run_cli("board", "query", str(BOARDS / BOARD), "--slam", "charger", "target", "--distance-roll",
                         "3", "--spd", "5", "--stop-after", too_soon_or_far)
        assert result.exit_code == 1 and "cannot end its slam move" in result.output


def test_the_charger_may_end_its_move_once_the_target_is_in_melee_range() -> None:
    # Seed 000 L1341-1343 (as in MkIII, seed 003 L1356): with a 2" melee range the target
    # (5.228" edge to edge) is in range after 3.228"; ending after 3.5" is allowed, after 3" not.
    setup = load_board((BOARDS / BOARD).read_bytes(), BOARD, builtin_registry(["mk4"]))
    assert setup.board is not None
    board = setup.board
    charger = replace(board.piece("charger"), melee_range=2.0)
    board = board.replace_pieces(tuple(charger if p.id == "charger" else p for p in board.pieces))
    lane = charge(board, rules("mk4"), charger, board.piece("target"), 5, stop_after=3.5)
    assert lane.moved == pytest.approx(3.5) and lane.in_melee_range is True and lane.charge_attack is True
    with pytest.raises(LaneError, match="not yet in range"):
        charge(board, rules("mk4"), charger, board.piece("target"), 5, stop_after=3.0)


@pytest.mark.parametrize("args", [
    ("--slam", "charger", "target", "--distance-roll", "3", "--stop-after", "4.5"),
    ("--distance", "charger", "target", "--stop-after", "1"),
    ("--throw", "s1", "j1", "--distance-roll", "3", "--stop-after", "1"),
])
def test_stop_after_is_only_for_a_slam_move_or_a_charge(args: tuple[str, ...]) -> None:
    result = run_cli("board", "query", str(BOARDS / BOARD), *args)
    assert result.exit_code == 2 and "--stop-after" in result.output, result.output


@pytest.mark.parametrize(("offset", "contacted"), [(0.0, True), (1e-6, False)])
def test_a_base_exactly_touching_the_slam_path_is_contacted(offset: float, contacted: bool) -> None:
    # Seed 000 L1683-1686: a smaller base the slammed model contacts is knocked down with collateral
    # damage; exactly touching counts.  small's edge is exactly R40 + R30 off the path's line.
    origin, moved = Piece("origin", 8.2, 10, 50, 2.75), Piece("moved", 10, 10, 40, 2.25)
    small = Piece("small", 13, 10 + R40 + R30 + offset, 30, 1.75)
    result = slam(Board(48, 48, (origin, moved, small)), rules("mk4"), origin, moved, 6)
    assert (result.collateral == ["small"]) is contacted and result.moved == pytest.approx(6)


def test_a_larger_base_exactly_touching_the_slam_path_stops_it() -> None:
    # Seed 000 L1676-1677: it stops on contact with a larger base; the bases touch when the
    # moved centre is level with large's, 3" along.
    origin, moved = Piece("origin", 8.2, 10, 50, 2.75), Piece("moved", 10, 10, 40, 2.25)
    large = Piece("large", 13, 10 + R40 + R50, 50, 2.75)
    result = slam(Board(48, 48, (origin, moved, large)), rules("mk4"), origin, moved, 6)
    assert result.stopped_by == "large" and result.moved == pytest.approx(3) and result.extra_die is True
