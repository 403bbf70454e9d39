"""MkIV ladders, stairs and elevators (seed 000 L5339-5341, L5354-5366) on an advance.

A model within 1" of one (L5355) may go up or down it for some of its movement (L5356-5357: the
number is lost from the seed; the ruleset's 2" is unconfirmed), at most once per ladder in a move
(L5357-5359), never when moved involuntarily (L5359-5361), and is put anywhere its base fits within
1" of it (L5363-5366); wmdata takes the spot nearest where the advance is heading.  Board:
tests/boards/mk4-ladder.yaml.  Every number below is worked out by hand: 40 mm radius
r = 40 / 25.4 / 2 = 0.787402", so "within 1" of the ladder" is a centre within r + 1 = 1.787402" of
the ladder's strip; the towers are 6" squares and every ladder a 0.5" x 1" strip against a face.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import shapely

from tests.attack_support import library
from tests.board_support import BOARDS, ask, rules
from tests.conftest import run_cli
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.engine.table_rules import geometry_rules
from wmdata.geometry.board import Board
from wmdata.geometry.corridor import distance_to
from wmdata.geometry.ladders import Way, fits_on, ladders_of, placement

BOARD = "mk4-ladder.yaml"
R = 40 / 25.4 / 2
REACH = R + 1


def advance(model: str, x: str, y: str, spd: str) -> dict[str, Any]:
    return ask(BOARD, "--advance", model, "--to", x, y, "--spd", spd)


def test_an_advance_goes_up_the_ladder_it_comes_within_1_inch_of() -> None:
    """climber (14, 13) heads for (23, 13) on the tower (x 20-26), SPD 10.  Along y = 13 its centre
    comes within 1.787402" of ladder-w (x 19.5-20) at x = 17.712598: 3.712598" walked.  It pays 2"
    and is put at the spot on top within 1" of the ladder nearest (23, 13): x = 20 + 1.787402 =
    21.787402 (and at least r = 0.787 inside the tower).  10 - 3.712598 - 2 = 4.287402" are left for
    the last 23 - 21.787402 = 1.212598": it ends at (23, 13) on the tower, 3" up; walked 4.925197"."""
    answer = advance("climber", "23", "13", "10")
    assert [(u["ladder"], u["feature"], u["way"], u["spent"], u["elevation"]) for u in answer["ladders"]] == [
        ("ladder-w", "tower", "up", 2.0, 3.0)]
    use = answer["ladders"][0]
    assert use["at"] == pytest.approx([19.5 - REACH, 13], abs=1e-6)
    assert use["placed"] == pytest.approx([20 + REACH, 13], abs=1e-6)
    assert answer["end"] == pytest.approx([23, 13], abs=1e-6)
    assert answer["moved"] == pytest.approx((19.5 - REACH - 14) + (23 - 20 - REACH), abs=1e-6)
    assert (answer["stopped_by"], answer["ends_on"], answer["elevation"]) == (None, "tower", 3.0)
    assert "goes up ladder-w (tower) for 2\" of movement (unconfirmed)" in answer["rule"]


def test_without_2_inches_left_it_stops_at_the_obstruction() -> None:
    """SPD 5.5: at the ladder 5.5 - 3.712598 = 1.787402" are left, less than 2, so it walks on and
    stops on contact with the tower at x = 20 - r = 19.212598 (5.212598" walked)."""
    answer = advance("climber", "23", "13", "5.5")
    assert answer["ladders"] == []
    assert answer["stopped_by"] == "tower" and answer["moved"] == pytest.approx(6 - R, abs=1e-6)
    assert "cannot go up ladder-w: 1.787\" of movement left, it needs 2\"" in answer["rule"]


def test_within_reach_where_it_starts_and_put_round_the_ladders_corner() -> None:
    """early (18.5, 24.5) is sqrt(1 + 1) = 1.414" (<= 1.787) from ladder-k's corner (19.5, 23.5), so
    it climbs at once; heading for (23, 25) on the keep.  The nearest spot within 1.787402" of the
    strip lies on the circle round its corner (20, 23.5), toward (23, 25): (3, 1.5) / sqrt(11.25) =
    (0.894427, 0.447214), so (20 + 1.598701, 23.5 + 0.799351) (inside the keep by more than r).
    From there sqrt(11.25) - 1.787402 = 1.566700" to (23, 25), with 4 - 2 = 2" left."""
    answer = advance("early", "23", "25", "4")
    use = answer["ladders"][0]
    assert (use["ladder"], use["way"]) == ("ladder-k", "up") and use["at"] == pytest.approx([18.5, 24.5])
    length = math.sqrt(11.25)
    assert use["placed"] == pytest.approx([20 + REACH * 3 / length, 23.5 + REACH * 1.5 / length], abs=1e-6)
    assert answer["moved"] == pytest.approx(length - REACH, abs=1e-6)
    assert answer["end"] == pytest.approx([23, 25], abs=1e-6) and answer["ends_on"] == "keep"


def test_down_a_ladder_to_the_spot_nearest_where_it_is_heading() -> None:
    """percher stands on the tower at (24, 14.5) (3" up) and heads for (30, 14.5), off it.  ladder-e
    (x 26-26.5, y 12.5-13.5) is 1" below its line: within reach when (26 - x)^2 + 1 <= 1.787402^2,
    x >= 26 - 1.481486 = 24.518514 (0.518514" walked, before the top's edge at x = 26 - r).  On the
    table the nearest spot to (30, 14.5) within reach is on the circle round the strip's corner
    (26.5, 13.5): (3.5, 1) / sqrt(13.25) = (0.961524, 0.274721), so (28.218630, 13.991037), clear of
    the tower (x >= 26 + r); then sqrt(13.25) - 1.787402 = 1.852653" to (30, 14.5)."""
    answer = advance("percher", "30", "14.5", "8")
    use = answer["ladders"][0]
    assert (use["ladder"], use["feature"], use["way"], use["elevation"]) == ("ladder-e", "tower", "down", 0.0)
    assert use["at"] == pytest.approx([26 - math.sqrt(REACH ** 2 - 1), 14.5], abs=1e-6)
    length = math.sqrt(13.25)
    assert use["placed"] == pytest.approx([26.5 + REACH * 3.5 / length, 13.5 + REACH / length], abs=1e-6)
    assert answer["moved"] == pytest.approx((26 - math.sqrt(REACH ** 2 - 1) - 24) + (length - REACH), abs=1e-6)
    assert answer["end"] == pytest.approx([30, 14.5], abs=1e-6)
    assert (answer["ends_on"], answer["elevation"]) == (None, 0.0)


def test_the_same_ladder_only_once_and_no_step_off_the_top() -> None:
    """stranded (14, 31) heads for (30, 31), beyond the spire (x 20-26, 4" tall) whose only ladder
    it climbs as climber does (3.712598" walked, put at x = 21.787402).  On top, headed off it, the
    ladder it came up is within reach but may not be used again in this move (L5357-5359), and
    stepping off would be a fall (L1744-1747): it stops where its base reaches the far edge,
    x = 26 - r = 25.212598 (3.425197" more), on the spire."""
    answer = advance("stranded", "30", "31", "12")
    assert [u["ladder"] for u in answer["ladders"]] == ["ladder-s"]
    assert answer["end"] == pytest.approx([26 - R, 31], abs=1e-6)
    assert answer["moved"] == pytest.approx((19.5 - REACH - 14) + (26 - R - 20 - REACH), abs=1e-6)
    assert (answer["stopped_by"], answer["ends_on"], answer["elevation"]) == ("spire", "spire", 4.0)


def test_a_model_on_an_obstruction_without_ladders_stops_at_its_edge() -> None:
    """sentry stands on the plinth (x 2-8, 2" up) at (5, 5) and heads for (12, 5), SPD 6: stepping
    off would be a fall (seed 000 L1744-1747), so it stops where its base reaches x = 8, at
    x = 8 - r = 7.212598 (2.212598" walked), still on the plinth."""
    answer = advance("sentry", "12", "5", "6")
    assert answer["ladders"] == [] and answer["moved"] == pytest.approx(3 - R, abs=1e-6)
    assert (answer["stopped_by"], answer["ends_on"], answer["elevation"]) == ("plinth", "plinth", 2.0)


def test_a_ladder_passed_before_the_movement_runs_out() -> None:
    """runner (29, 23) heads for (39, 23) on the gate (x 36-42) with SPD 5: the gate is 36 - r - 29 =
    6.212598" away, beyond its SPD, but the 3" stairs (x 33-36) are within reach at x = 33 -
    1.787402 = 31.212598 (2.212598" walked), with 2.787402" left (at least 2).  Up the stairs it is
    put at x = 36 + 1.787402 = 37.787402 (nearest (39, 23)) and walks the 0.787402" left: it ends
    at (38.574803, 23) on the gate, 3" up, after 2.212598 + 0.787402 = 3" walked."""
    answer = advance("runner", "39", "23", "5")
    assert [(u["ladder"], u["way"]) for u in answer["ladders"]] == [("stairs-g", "up")]
    assert answer["ladders"][0]["placed"] == pytest.approx([36 + REACH, 23], abs=1e-6)
    assert answer["end"] == pytest.approx([36 + REACH + (5 - (33 - REACH - 29) - 2), 23], abs=1e-6)
    assert answer["moved"] == pytest.approx(3.0, abs=1e-6)
    assert (answer["ends_on"], answer["elevation"]) == ("gate", 3.0)


def test_rough_terrain_takes_its_2_inches_once_across_a_ladder() -> None:
    """rougher (29, 33), SPD 9, heads for (41, 33) on the yard.  It enters the mud (x 31-32) at
    t = 31 - r - 29 = 1.212598, before the stairs' reach at t = 2.212598: the move loses 2" (seed
    000 L5171-5173: once, however often rough terrain is entered), so 9 - 2.212598 - 2 = 4.787402"
    are left there, enough for the 2" climb.  Put at x = 37.787402 on the yard it starts on the
    rubble there, but the 2" is lost once per move: it walks the 2.787402" left (charged again it
    would walk max(1, 2.787402 - 2) = 1"), ending at x = 40.574803 after 2.212598 + 2.787402 = 5"
    walked (9 - 2 for the mud - 2 for the stairs)."""
    answer = advance("rougher", "41", "33", "9")
    assert [(u["ladder"], u["way"]) for u in answer["ladders"]] == [("stairs-y", "up")]
    assert answer["end"] == pytest.approx([36 + REACH + (9 - (33 - REACH - 29) - 2 - 2), 33], abs=1e-6)
    assert answer["moved"] == pytest.approx(5.0, abs=1e-6)
    assert (answer["ends_on"], answer["elevation"]) == ("yard", 3.0)
    # SPD 6: 6 - 2.212598 - 2 = 1.787402" left at the stairs, too little; it walks its 6 - 2 = 4".
    short = advance("rougher", "41", "33", "6")
    assert short["ladders"] == [] and short["moved"] == pytest.approx(4.0, abs=1e-6)
    assert "cannot go up stairs-y: 1.787\" of movement left" in short["rule"]


def test_a_slam_still_stops_at_the_obstruction() -> None:
    """victim (16.4, 41) is slammed 6" directly away (+x) by the 50 mm slammer (not smaller: not
    halved); it passes within 1" of ladder-b but an involuntary move cannot use a ladder
    (L5359-5361): it stops on contact with the bastion at x = 20 - r, 2.812598" moved, extra die."""
    answer = ask(BOARD, "--slam", "slammer", "victim", "--distance-roll", "6")
    assert answer["stopped_by"] == "bastion" and answer["extra_die"] is True
    assert answer["moved"] == pytest.approx(20 - R - 16.4, abs=1e-6)
    assert "ladders" not in answer


def test_a_charge_does_not_take_the_stairs() -> None:
    """runner (29, 23) charges lookout on the gate at (40, 24.5), SPD 5 + 3: the charge is a straight
    move at its target (ladders are only for --advance here), so it stops where its base touches the
    gate's face x = 36, at x = 36 - r: along (11, 1.5) / sqrt(123.25) that is 6.212598 * sqrt(123.25)
    / 11 = 6.270094"."""
    answer = ask(BOARD, "--charge", "runner", "lookout", "--spd", "5")
    assert answer["stopped_by"] == "gate" and answer["in_melee_range"] is False
    assert answer["moved"] == pytest.approx((36 - R - 29) * math.sqrt(123.25) / 11, abs=1e-6)


def _board() -> Board:
    setup = load_board((BOARDS / BOARD).read_bytes(), BOARD, builtin_registry(["mk4"]))
    assert setup.board is not None
    return setup.board


@pytest.mark.parametrize(("model", "feature", "way", "toward"), [
    ("climber", "tower", "up", (23.0, 13.0)), ("climber", "tower", "up", (25.5, 15.9)),
    ("early", "keep", "up", (23.0, 25.0)), ("percher", "tower", "down", (30.0, 14.5)),
    ("percher", "tower", "down", (23.0, 17.5)), ("percher", "tower", "down", (18.0, 13.0)),
])
def test_the_spot_is_the_nearest_a_grid_finds(model: str, feature: str, way: Way,
                                               toward: tuple[float, float]) -> None:
    """An independent brute force (numpy and shapely over a 0.01" grid round each ladder of the
    feature): no grid point where the base fits (within 1" of the ladder; completely on top, or on
    the table clear of the tower; clear of the models up there or down there) is nearer the
    destination than the exact spot, and the grid's best is within 0.05" of it."""
    board, geometry = _board(), rules("mk4")
    mover = board.piece(model)
    owner = next(f for f in board.features if f.id == feature)
    others = [p for p in board.pieces if p.id != model and fits_on(owner, p.centre, p.radius) == (way == "up")]
    for ladder, rule in ladders_of(board, geometry, owner):
        spot = placement(board, geometry, mover, ladder, rule, owner, way, toward)
        assert spot is not None
        x0, y0, x1, y1 = ladder.shape.bounds
        xs, ys = np.meshgrid(np.arange(x0 - REACH, x1 + REACH, 0.01), np.arange(y0 - REACH, y1 + REACH, 0.01))
        points = shapely.points(xs.ravel(), ys.ravel())
        fits = shapely.distance(ladder.shape, points) <= REACH  # the ladders here are polygons
        if way == "up":  # the base completely on the (square) obstruction
            fits &= shapely.contains(owner.shape, points) & (shapely.distance(owner.shape.exterior, points) >= R)
        else:
            fits &= shapely.distance(owner.shape, points) >= R
        for other in others:
            fits &= np.hypot(xs.ravel() - other.x, ys.ravel() - other.y) >= R + other.radius
        best = float(np.hypot(xs.ravel()[fits] - toward[0], ys.ravel()[fits] - toward[1]).min())
        found = math.hypot(spot[0] - toward[0], spot[1] - toward[1])
        assert found <= best + 1e-9
        assert best <= found + 0.05  # the grid finds a spot almost as near (the region may narrow to a cusp)
        assert distance_to(ladder, spot) <= REACH + 1e-6


def test_the_text_answer_and_the_drawing_show_the_ladder(tmp_path: Path) -> None:
    """The text names the trip; the drawn path runs start, where it took the ladder, where it was
    put, end: x 14, 17.712598, 21.787402, 23 at y 13, drawn 20 pixels to the inch with y down
    ((48 - 13) * 20 = 700): 280, 354.25, 435.75, 460."""
    text = run_cli("board", "query", str(BOARDS / BOARD), "--advance", "climber", "--to", "23", "13", "--spd", "10")
    assert text.exit_code == 0, text.output
    assert 'ladder: up ladder-w (tower) from (17.713, 13.000) to (21.787, 13.000), 3" up, 2" of movement' \
        in text.output.splitlines()
    out = tmp_path / "ladder.svg"
    drawn = run_cli("board", "render", str(BOARDS / BOARD), "--advance", "climber", "--to", "23", "13",
                    "--spd", "10", "--scale", "20", "-o", str(out))
    assert drawn.exit_code == 0, drawn.output
    assert 'points="280.00,700.00 354.25,700.00 435.75,700.00 460.00,700.00"' in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
def test_the_board_drawing_styles_every_terrain_kind_of_the_edition(edition: str) -> None:
    """Each terrain kind a ruleset defines has its own fill in the board drawing, so a ladder or a
    terraced obstruction is not drawn in the default fill (they were, when they were added)."""
    template = (Path(__file__).parents[1] / "templates" / "board" / "board.svg.j2").read_text(encoding="utf-8")
    styled = set(re.findall(r"\.terrain\.([a-z_]+)", template))
    kinds = set(geometry_rules(library(), edition).terrain)
    assert kinds and kinds <= styled, sorted(kinds - styled)
