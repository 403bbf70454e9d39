"""Shared set-up for the board tests: the seed boards' folder, a JSON query on one of them,
each edition's geometry rules (built once per edition), and the pieces of the line-of-sight brute
forces (segments between points along both rims, their clearance from a circle)."""

from __future__ import annotations

import json
import math
from functools import cache

import numpy as np

from tests.conftest import ROOT, run_cli
from wmdata.cli.options import builtin_registry
from wmdata.engine.table_rules import geometry_rules
from wmdata.geometry.board import Piece
from wmdata.geometry.measure import point_segment_distance
from wmdata.geometry.rules import GeometryRules

BOARDS = ROOT / "tests" / "boards"


def ask(board: str, *args: str) -> dict[str, object]:
    """``wmdata board query BOARD ARGS --json`` on a seed board, which must answer (exit 0)."""
    result = run_cli("board", "query", str(BOARDS / board), *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


@cache
def rules(edition: str) -> GeometryRules:
    return geometry_rules(builtin_registry([edition]), edition)


def rim_segments(viewer: Piece, target: Piece, points: int) -> np.ndarray:
    """Every segment from one of ``points`` points along the viewer's rim to one along the target's."""
    angles = np.linspace(0, 2 * math.pi, points, endpoint=False)
    starts = np.stack([viewer.x + viewer.radius * np.cos(angles), viewer.y + viewer.radius * np.sin(angles)], 1)
    ends = np.stack([target.x + target.radius * np.cos(angles), target.y + target.radius * np.sin(angles)], 1)
    segments: np.ndarray = np.stack(np.broadcast_arrays(starts[:, None, :], ends[None, :, :]), axis=2).reshape(-1, 2, 2)
    return segments


def rim_stretches(viewer: Piece, target: Piece, points: int) -> np.ndarray:
    """The segments of :func:`rim_segments` that are the stretch of their line: leaving the
    viewer's base and entering the target's."""
    segments = rim_segments(viewer, target, points)
    delta = segments[:, 1] - segments[:, 0]
    leaves = ((segments[:, 0] - np.array(viewer.centre)) * delta).sum(1) >= 0
    enters = ((segments[:, 1] - np.array(target.centre)) * -delta).sum(1) >= 0
    kept: np.ndarray = segments[leaves & enters]
    return kept


def circle_gap(segments: np.ndarray, x: float, y: float, radius: float) -> np.ndarray:
    """How far each segment passes outside the circle (negative: it cuts into it)."""
    origin, delta = segments[:, 0], segments[:, 1] - segments[:, 0]
    centre = np.array([x, y])
    t = np.clip(((centre - origin) * delta).sum(-1) / (delta ** 2).sum(-1), 0, 1)
    distance: np.ndarray = np.sqrt(((origin + t[:, None] * delta - centre) ** 2).sum(-1)) - radius
    return distance


def assert_rim_to_rim_past(segment: tuple[tuple[float, float], tuple[float, float]], viewer: Piece, target: Piece,
                           blockers: list[Piece]) -> None:
    """The segment runs from the viewer's base to the target's and passes over no blocker."""
    (ax, ay), (bx, by) = segment
    assert math.hypot(ax - viewer.x, ay - viewer.y) <= viewer.radius + 1e-9
    assert math.hypot(bx - target.x, by - target.y) <= target.radius + 1e-9
    for blocker in blockers:
        assert point_segment_distance(blocker.x, blocker.y, ax, ay, bx, by) >= blocker.radius - 1e-9
