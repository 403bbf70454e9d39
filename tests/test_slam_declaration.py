"""Declaring a slam power attack: its target must be in the slammer's line of sight when the
slam is declared, before the move (seed 001 L1067, seed 003 L1860, seed 000 L2393-2396), and in
MkII a knocked down model cannot be the target (seed 001 L1067, L1393).  A slam that cannot be
declared moves nobody.  Positions are ours; each answer follows from them by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shapely.geometry import box

from tests.board_support import rules
from tests.conftest import run_cli
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.queries import slam_refusal


def pieces(knocked_down: bool = False) -> tuple[Piece, Piece]:
    return (Piece("slammer", 10, 10, 50, 1.75), Piece("target", 16, 10, 40, 1.75, side="b", knocked_down=knocked_down))


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
def test_a_target_in_sight_and_standing_can_be_declared(edition: str) -> None:
    slammer, target = pieces()
    assert slam_refusal(Board(48, 48, (slammer, target)), rules(edition), slammer, target) is None


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
def test_a_target_behind_a_wall_cannot_be_declared(edition: str) -> None:
    # A 3" wall between them, taller than both (1.75" volumes): no line reaches the target.
    slammer, target = pieces()
    wall = Feature("wall-1", "wall", box(12.5, 0, 13, 20), height=3)
    refused = slam_refusal(Board(48, 48, (slammer, target), (wall,)), rules(edition), slammer, target)
    assert refused is not None and refused.data["declared"] is False and refused.data["slammed"] is False
    assert "slammer cannot see target to declare the slam" in refused.data["why"]


def test_mk2_refuses_a_knocked_down_target_and_mk3_mk4_do_not() -> None:
    slammer, target = pieces(knocked_down=True)
    board = Board(48, 48, (slammer, target))
    refused = slam_refusal(board, rules("mk2"), slammer, target)
    assert refused is not None and refused.data["why"] == "target is knocked down: it cannot be a slam target"
    assert slam_refusal(board, rules("mk3"), slammer, target) is None
    assert slam_refusal(board, rules("mk4"), slammer, target) is None


def test_the_query_moves_nobody_when_the_slam_cannot_be_declared(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text("edition: mk2\ntable: {width: 48, height: 48}\nmodels:\n"
                     "  - {id: slammer, base: 50, x: 10, y: 10}\n"
                     "  - {id: target, base: 40, x: 16, y: 10, side: b, states: [knocked_down]}\n", encoding="utf-8")
    result = run_cli("board", "query", str(board), "--slam", "slammer", "target", "--spd", "5",
                     "--distance-roll", "3", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"declared": False, "why": "target is knocked down: it cannot be a slam target",
                                         "slammed": False}
    text = run_cli("board", "query", str(board), "--slam", "slammer", "target", "--spd", "5", "--distance-roll", "3")
    assert text.output.strip() == "no slam: target is knocked down: it cannot be a slam target"
    standing = board.read_text(encoding="utf-8").replace(", states: [knocked_down]", "")
    board.write_text(standing, encoding="utf-8")
    declared = json.loads(run_cli("board", "query", str(board), "--slam", "slammer", "target", "--spd", "5",
                                  "--distance-roll", "3", "--json").output)
    assert declared["declared"] is True and declared["slammed"] is True
