"""Moving models and raised bases (tests/boards/mk3-raised.yaml; MkIII volumes, seed 003
L1573-1583: small 1.75", medium 2.25", large 2.75"): a mover meets another model only where their
volumes share a height along the path (geometry/levels.py), worked by hand.  A 40 mm base (radius
R40) headed along +x touches a 30 mm one centred at x = c when its centre reaches c - R40 - R30."""

from __future__ import annotations

import pytest

from tests.board_support import BOARDS, ask, rules
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.geometry.board import Board, Piece, base_radius
from wmdata.geometry.levels import first_meeting, ground_levels, standing

R30, R40, R50 = base_radius(30), base_radius(40), base_radius(50)


def query(*args: str) -> dict[str, object]:
    return ask("mk3-raised.yaml", *args)


def test_a_walker_passes_under_a_model_raised_above_its_volume() -> None:
    # lookout stands 3" up with nothing under it; the walker's volume reaches 2.25": it walks on
    # the full 10" (ending at x = 20, clear of lookout's base).
    answer = query("--advance", "walker", "--to", "22", "10", "--spd", "10")
    assert answer["moved"] == pytest.approx(10) and answer["stopped_by"] is None


def test_volumes_that_just_touch_meet() -> None:
    # ledge is raised 2.25", exactly the walker's volume height: touching counts, so it stops on
    # contact at x = 16 - R40 - R30.
    answer = query("--advance", "walker2", "--to", "22", "20", "--spd", "10")
    assert answer["stopped_by"] == "ledge" and answer["moved"] == pytest.approx(6 - R40 - R30)


def test_a_model_standing_on_a_hill_is_not_passed_under() -> None:
    # summit stands on the 3" hill, above the walker's 2.25" volume, but the hill is under it:
    # the walker stops where the bases meet, x = 21 - R40 - R30, before it is on the hill itself.
    answer = query("--advance", "climber", "--to", "30", "41", "--spd", "12")
    assert answer["stopped_by"] == "summit" and answer["moved"] == pytest.approx(11 - R40 - R30)


def test_a_slam_along_the_table_passes_under_a_raised_model() -> None:
    # slammed (30 mm) is slammed 6" from x = 32 to 38; sentry, 3" up with nothing under it, is
    # above its 1.75" volume: no contact, no stop.
    answer = query("--slam", "slammer", "slammed", "--distance-roll", "6")
    assert answer["moved"] == pytest.approx(6) and answer["contacted"] == [] and answer["stopped_by"] is None


def test_a_trample_does_not_trample_a_model_above_it() -> None:
    # SPD 7 + 3 = 10" from x = 10 to 20: grunt (on the table) is trampled; gull, 3" up with nothing
    # under it, is above the 50 mm trampler's 2.75" volume and is not.
    answer = query("--trample", "trampler", "--direction", "0", "--spd", "7")
    assert answer["trampled"] == ["grunt"] and answer["moved"] == pytest.approx(10)


@pytest.mark.parametrize(("thrower", "thrown", "stopped_by", "moved"), [
    ("thrower", "thrown", None, 4.0),  # over perch on the 1" hill: its top is 2.75", below 5"
    ("thrower2", "thrown2", "peak", 3 - R30 - R30),  # peak on the 4" rock reaches 5.75": it meets
])
def test_a_model_thrown_through_the_air_meets_only_what_reaches_its_height(
        thrower: str, thrown: str, stopped_by: str | None, moved: float) -> None:
    # thrown from 5" up (half STR 8 = 4" directly away, seed 003 L1890), it keeps its height
    # through the move and falls only when it ends (seed 003 L1500).
    answer = query("--throw", thrower, thrown, "--str", "8")
    assert answer["stopped_by"] == stopped_by and answer["moved"] == pytest.approx(moved)


def board() -> Board:
    setup = load_board((BOARDS / "mk3-raised.yaml").read_bytes(), "mk3-raised.yaml", builtin_registry(["mk3"]))
    assert setup.board is not None
    return setup.board


def test_the_ground_under_a_path_over_a_hill() -> None:
    # Along y = 41 from x = 10 the 40 mm base is completely on the 3" hill (x 20-26) while its
    # centre is within [20 + R40, 26 - R40]: 3" there, the table elsewhere.
    table = board()
    walker = Piece("w", 10, 41, 40, 2.25)
    levels = ground_levels(table, rules("mk3"), walker, (1.0, 0.0), 20)
    assert [height for *_, height in levels] == [0, 3, 0]
    assert levels[0][1] == pytest.approx(10 + R40) and levels[1][1] == pytest.approx(16 - R40)


def test_a_model_raised_by_its_elevation_alone_is_not_held() -> None:
    table = board()
    assert standing(table, rules("mk3"), table.piece("lookout")).held is False
    assert standing(table, rules("mk3"), table.piece("summit")).held is True
    # walking on a 3" hill the walker meets lookout's 3"-5.75" volume (reaches up to 5.25")
    up = [(-float("inf"), float("inf"), 3.0)]
    walker = Piece("w", 10, 10, 40, 2.25)
    lookout = table.piece("lookout")
    assert first_meeting(up, (1.0, 2.0), walker, lookout, standing(table, rules("mk3"), lookout)) == 1.0
    assert first_meeting([(-float("inf"), float("inf"), 0.0)], (1.0, 2.0), walker, lookout,
                         standing(table, rules("mk3"), lookout)) is None
