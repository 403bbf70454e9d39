"""Trample free strikes and the slam power attack's approach, gargantuan slams and power strikes
(tests/boards/mk3-trample.yaml, mk3-gargantuan.yaml).  Outcomes are the seeds' (cited per test);
positions are ours and every expected number is worked out by hand from them."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from tests.board_support import BOARDS, ask, rules
from tests.conftest import run_cli
from wmdata.cli.options import builtin_registry
from wmdata.engine.board import load_board
from wmdata.geometry.board import Board, base_radius
from wmdata.geometry.lanes import trample

R30, R40, R50, R120 = base_radius(30), base_radius(40), base_radius(50), base_radius(120)


def trample_board() -> Board:
    setup = load_board((BOARDS / "mk3-trample.yaml").read_bytes(), "mk3-trample.yaml", builtin_registry(["mk3"]))
    assert setup.board is not None
    return setup.board


def test_mk3_trample_example_free_strikes_come_from_f_and_the_drake() -> None:
    # Seed 003 L1940: A-E are trampled, then Swordsman F and the Basilisk Drake make free strikes.
    # Each strike counts where the Carnivean left that model's reach (0.5" default melee range):
    # f 1.9" off the path, the drake 2.2" off it.
    answer = ask("mk3-trample.yaml", "--trample", "carnivean", "--direction", "0", "--spd", "5")
    assert answer["trampled"] == ["a", "b", "c", "d", "e"]
    strikes = answer["free_strikes"]
    assert isinstance(strikes, list)
    assert [s["id"] for s in strikes] == ["f", "drake"]
    f_leaves = 13.6 + math.sqrt((R50 + R30 + 0.5) ** 2 - 1.9 ** 2)
    drake_leaves = 17.0 + math.sqrt((R50 + R40 + 0.5) ** 2 - 2.2 ** 2)
    assert strikes[0]["at"] == [pytest.approx(f_leaves, abs=1e-6), pytest.approx(10)]
    assert strikes[1]["at"] == [pytest.approx(drake_leaves, abs=1e-6), pytest.approx(10)]


def test_trampled_friendly_unseeing_and_still_engaging_models_make_no_free_strike() -> None:
    # Seed 003 L1954: a (moved through, facing the Carnivean) may not; ally is friendly; back-turned
    # never had the Carnivean in its front arc; g has it in melee range at the end and never left.
    result = trample(trample_board(), rules("mk3"), trample_board().piece("carnivean"), 0, 5)
    assert result.free_strikes is not None
    assert {s.id for s in result.free_strikes}.isdisjoint({"a", "ally", "back-turned", "g"})


def test_mk2_trample_free_strikes_and_none_in_mk4() -> None:
    # Seed 001 L1165: MkII resolves the same free strikes (models contacted excluded); seed 000
    # L2492-2519 has no free strikes at all (MkIV has none).
    board = trample_board()
    mk2 = trample(board, rules("mk2"), board.piece("carnivean"), 0, 5)
    mk4 = trample(board, rules("mk4"), board.piece("carnivean"), 0, 5)
    assert [s.id for s in mk2.free_strikes or []] == ["f", "drake"]
    assert mk4.free_strikes == [] and "no free strikes" in mk4.rule


def test_a_gargantuan_slams_from_two_inches() -> None:
    # Seed 003 L1858: 8" leaves a 1.5" gap, within a gargantuan's 2" slam range; L1870: the 50 mm
    # target is slammed the roll of 3 plus 2" from the new position (centre 18 + R120 + 1.5 + R50).
    answer = ask("mk3-gargantuan.yaml", "--slam", "gargantuan", "titan-target", "--spd", "5", "--distance-roll", "3")
    approach = answer["approach"]
    assert isinstance(approach, dict)
    assert approach["moved"] == pytest.approx(8) and approach["slam_range"] == 2 and approach["successful"] is True
    assert answer["slammed"] is True and answer["distance"] == 5
    assert answer["end"] == [pytest.approx(22.846457 + 5, abs=1e-6), pytest.approx(10)]


def test_any_other_slammer_needs_half_an_inch() -> None:
    # Seed 003 L1858, L1874: the 50 mm heavy ends 1.5" away, outside 0.5": the slam fails.
    answer = ask("mk3-gargantuan.yaml", "--slam", "heavy", "heavy-target", "--spd", "5", "--distance-roll", "3")
    approach = answer["approach"]
    assert isinstance(approach, dict)
    assert approach["slam_range"] == 0.5 and approach["successful"] is False and answer["slammed"] is False
    assert "end" not in answer


def test_a_gargantuan_stopped_by_a_small_model_still_slams_within_two_inches() -> None:
    # Seed 003 L1862: the slam stops on contact with the blocker after 7.6"; the target is 1.9" away.
    answer = ask("mk3-gargantuan.yaml", "--slam", "gargantuan-2", "far-target", "--spd", "5", "--distance-roll", "3")
    approach = answer["approach"]
    assert isinstance(approach, dict)
    assert approach["stopped_by"] == "blocker" and approach["moved"] == pytest.approx(7.6)
    assert approach["successful"] is True and answer["slammed"] is True


def test_a_power_strike_slams_d6_plus_two_and_no_more() -> None:
    # Seed 003 L1852: d6 + 2"; it is not a slam power attack, so no further 2" for the huge base.
    answer = ask("mk3-gargantuan.yaml", "--slam", "gargantuan", "titan-target", "--power-strike",
                 "--distance-roll", "3")
    assert answer["distance"] == 5


@pytest.mark.parametrize(("board", "args", "code", "message"), [
    ("mk3-gargantuan.yaml", ("--slam", "heavy", "heavy-target", "--power-strike", "--distance-roll", "3"), 1,
     "made by a huge base"),  # seed 003 L1846-1850
    ("mk4-slam-throw.yaml", ("--slam", "colossal", "small-jack", "--power-strike", "--distance-roll", "3"), 1,
     "no power strike"),
    ("mk3-gargantuan.yaml", ("--slam", "gargantuan", "titan-target", "--power-strike", "--spd", "5",
                             "--distance-roll", "3"), 2, "without --spd"),
])
def test_power_strike_errors(board: str, args: tuple[str, ...], code: int, message: str) -> None:
    result = run_cli("board", "query", str(BOARDS / board), *args)
    assert result.exit_code == code and message in result.output and "Traceback" not in result.output, result.output


@pytest.mark.parametrize(("edition", "reach"), [("mk2", 0.5), ("mk3", 0.5), ("mk4", 1.0)])
def test_slam_melee_range_per_edition(edition: str, reach: float) -> None:
    # Seed 001 L1073 (1/2"), seed 003 L1858 (0.5"), seed 000 L2389-2391 (1", 2" for huge bases).
    assert rules(edition).slam.melee_range == reach
    assert rules(edition).slam.huge_melee_range == (None if edition == "mk2" else 2)


@pytest.mark.parametrize(("args", "message"), [
    (("--throw", "tyrant", "courser", "--slam", "dire-wolf", "stryker", "--distance-roll", "5"), "at most one of"),
    (("--miss",), "are for --slam, --throw, --trample or --advance here"),
    (("--throw", "tyrant", "courser"), "--throw needs --distance-roll"),
])
def test_render_move_usage_errors_exit_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    out = tmp_path / "board.svg"
    result = run_cli("board", "render", str(BOARDS / "mk4-slam-throw.yaml"), "-o", str(out), *args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert not out.exists(), "no partial write"


def test_the_contacted_model_would_strike_but_for_the_rule() -> None:
    # a faces the Carnivean and is left behind by it: only seed 003 L1954 stops its free strike.
    board = trample_board()
    lenient = replace(rules("mk3"), trample=replace(rules("mk3").trample, no_free_strike_bases=frozenset()))
    strikes = trample(board, lenient, board.piece("carnivean"), 0, 5).free_strikes or []
    assert "a" in {s.id for s in strikes}
