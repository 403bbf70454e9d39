"""MkII climbing onto obstacles while advancing (tests/boards/mk2-climb.yaml, seed 001 L2405-2411;
linear obstacles L2415-2417), worked by hand: the 30 mm bases have radius R = 15/25.4", so a base
headed along +x first touches a feature whose near edge is at x = 20 with its centre at 20 - R."""

from __future__ import annotations

import pytest

from tests.board_support import BOARDS, ask, rules
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.geometry.advance import advance
from wmdata.geometry.board import Board, base_radius
from wmdata.geometry.climb import linear_features, thickness

R = base_radius(30)
CONTACT = 20 - R


def climb(model: str, to: tuple[float, float], spd: float) -> dict[str, object]:
    return ask("mk2-climb.yaml", "--advance", model, "--to", str(to[0]), str(to[1]), "--spd", str(spd))


def test_a_climb_costs_two_inches_for_one_forward_and_ends_on_top() -> None:
    # SPD 6 from x = 16: 4 - R to contact, 2" to climb (1" forward), R left: 6 - 1 = 5" moved,
    # ending at x = 21 with the base still on the platform (L2409: it may hang off): 0.5" up.
    answer = climb("climber", (30, 10), 6)
    assert answer["moved"] == pytest.approx(5) and answer["end"] == [pytest.approx(21), pytest.approx(10)]
    assert answer["ends_on"] == "platform" and answer["elevation"] == 0.5
    assert "climbs platform" in str(answer["rule"])


def test_no_climb_without_two_inches_left() -> None:
    # SPD 5: 1 + R left at contact, under 2": it stops touching the platform (L2407).
    answer = climb("climber", (30, 10), 5)
    assert answer["moved"] == pytest.approx(CONTACT - 16) and answer["stopped_by"] == "platform"
    assert answer["elevation"] == 0 and "cannot climb platform" in str(answer["rule"])


def test_it_steps_down_for_free_and_goes_on() -> None:
    # SPD 10: 10 - (4 - R) - 2 = 4 + R left on top from x = 21 - R: it ends at x = 25, clear of the
    # platform (x 20-23), on the table; 9" moved in all.
    answer = climb("climber", (30, 10), 10)
    assert answer["moved"] == pytest.approx(9) and answer["end"] == [pytest.approx(25), pytest.approx(10)]
    assert answer["ends_on"] is None and answer["elevation"] == 0


def test_rough_terrain_before_the_climb_counts_double() -> None:
    # MkII rough terrain costs 2" an inch while the base is in it (L2379-2395): the base touches
    # the 1"-wide mud over 1 + 2R of the way.  SPD 8: reaching the step (x 15 to 20 - R) moves 5 - R
    # and costs 1 + 2R more, 6 + R in all, leaving 2 - R: under 2", no climb.
    short = climb("wader", (30, 32), 8)
    assert short["moved"] == pytest.approx(5 - R) and short["stopped_by"] == "step"
    # SPD 9 leaves 3 - R - 2 = 1 - R on top after the climb: x = 21 - R + 1 - R = 22 - 2R.
    up = climb("wader", (30, 32), 9)
    assert up["end"][0] == pytest.approx(22 - 2 * R) and up["ends_on"] == "step" and up["elevation"] == 0.75


def test_a_linear_obstacle_is_crossed_only_completely() -> None:
    # The hedge is 0.5" thick (L2415: under 1", a linear obstacle): 6" from x = 17 ends at x = 23,
    # clear of it (x 20-20.5); toward x = 21 the base would end on it, so it stops short (L2417).
    crossed = climb("walker", (30, 23), 6)
    assert crossed["moved"] == pytest.approx(6) and crossed["passed"] == ["hedge"] and crossed["elevation"] == 0
    short = climb("walker", (21, 23), 6)
    assert short["moved"] == pytest.approx(CONTACT - 17) and short["passed"] == []


def test_a_charge_cannot_climb() -> None:
    # L2407: a charging model cannot pay the climb and ends its movement on contact.
    answer = ask("mk2-climb.yaml", "--charge", "climber", "target", "--spd", "6")
    assert answer["stopped_by"] == "platform" and answer["moved"] == pytest.approx(CONTACT - 16)


def board() -> Board:
    setup = load_board((BOARDS / "mk2-climb.yaml").read_bytes(), "mk2-climb.yaml", builtin_registry(["mk2"]))
    assert setup.board is not None
    return setup.board


def test_thickness_tells_a_platform_from_a_hedge() -> None:
    table = board()
    assert thickness(next(f for f in table.features if f.id == "platform")) == pytest.approx(3, abs=1e-5)
    assert thickness(next(f for f in table.features if f.id == "hedge")) == pytest.approx(0.5, abs=1e-5)
    assert linear_features(table, rules("mk2")) == {"hedge"}


@pytest.mark.parametrize("edition", ["mk3", "mk4"])
def test_later_editions_never_climb_an_obstacle(edition: str) -> None:
    # Seed 003 L3095 and seed 000 L5389-5393: no climbing on or standing atop an obstacle; an
    # advance crosses it only completely (the platform needs the centre at 23 + R), else stops short.
    table = board()
    stays = advance(table, rules(edition), table.piece("climber"), (30, 10), 6)
    assert stays.moved == pytest.approx(CONTACT - 16) and stays.elevation == 0 and stays.passed == []
    across = advance(table, rules(edition), table.piece("climber"), (30, 10), 10)
    assert across.moved == pytest.approx(10) and across.passed == ["platform"] and across.elevation == 0
    assert linear_features(table, rules(edition)) == frozenset()
