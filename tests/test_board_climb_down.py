"""MkII: moving off an obstacle after climbing it (tests/boards/mk2-climb-down.yaml; seed 001
L2405-2411 climbing, L2411 descending at no cost, L2401 an obstacle is under 1" tall, L1379 a fall
needs a drop of a full inch).  Worked by hand: 30 mm bases, radius R = 15/25.4"; the obstacles span
x 20-23, so a base headed along +x touches one while its centre is between 20 - R and 23 + R."""

from __future__ import annotations

import pytest

from tests.board_support import ask
from wmdata.geometry.board import base_radius

R = base_radius(30)


def walk(model: str, to: tuple[float, float], spd: float) -> dict[str, object]:
    return ask("mk2-climb-down.yaml", "--advance", model, "--to", str(to[0]), str(to[1]), "--spd", str(spd))


def test_after_stepping_down_it_walks_at_table_height() -> None:
    # SPD 14: 4 - R to contact, 2" to climb (1" forward, centre at 21 - R), 8 + R left: it clears
    # the platform at 23 + R, then its 1.75" volume passes under hover (2" up) whose base it meets
    # from x = 26 - 2R on, and ends at x = 29, 13" moved, on the table.  Kept at the platform's
    # height (a 2.25" top) it would stop touching hover at 26 - 2R.
    answer = walk("climber", (40, 10), 14)
    assert answer["stopped_by"] is None and answer["moved"] == pytest.approx(13)
    assert answer["end"] == [pytest.approx(29), pytest.approx(10)]
    assert answer["ends_on"] is None and answer["elevation"] == 0
    assert "climbs platform" in str(answer["rule"]) and "steps down off platform at no cost" in str(answer["rule"])


def test_while_over_the_obstacle_it_stands_at_its_height() -> None:
    # The same climb onto the ledge; hover-over's base is met from x = 24.5 - 2R = 23.32 on, while
    # the base still reaches over the ledge (up to 23 + R = 23.59): at 0.5" its top is 2.25" and
    # meets hover-over's volume (from 2"), so it stops there, still on the ledge.
    answer = walk("perched", (40, 30), 14)
    assert answer["stopped_by"] == "hover-over" and answer["end"][0] == pytest.approx(24.5 - 2 * R)
    assert answer["ends_on"] == "ledge" and answer["elevation"] == 0.5


def test_a_model_already_on_an_obstacle_steps_down_and_no_longer_stands_high() -> None:
    # sitter starts on the dais at its height (0.5"): 8" along +x ends at x = 30 on the table (no
    # climb, no cost to step down), passing under hover-beyond (met from 26 - 2R, after it left
    # the dais at 23 + R).
    answer = walk("sitter", (40, 40), 8)
    assert answer["stopped_by"] is None and answer["moved"] == pytest.approx(8)
    assert answer["end"] == [pytest.approx(30), pytest.approx(40)] and answer["elevation"] == 0
    assert "steps down off dais" in str(answer["rule"]) and "climbs" not in str(answer["rule"])
