"""Geometric sanity of a board: what a schema cannot see.

Problems name the offending item by its place in the board file (``("models", 3)``)
so the reader can point at its line; this layer knows no file positions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from shapely.geometry import Polygon
from shapely.validation import explain_validity

from wmdata.geometry.board import Board
from wmdata.geometry.measure import centre_distance, overlap


@dataclass(frozen=True, slots=True)
class BoardProblem:
    path: tuple[str | int, ...]
    code: str
    message: str
    hint: str = ""


def _why(shape: Polygon) -> str:
    """shapely's reason, e.g. 'Self-intersection[2 2]', as 'self-intersection at (2, 2)'."""
    found = re.match(r"^(.*?)\[([-\d.e]+) ([-\d.e]+)\]$", explain_validity(shape))
    if found is None:
        return explain_validity(shape).lower()
    return f"{found.group(1).lower()} at ({float(found.group(2)):g}, {float(found.group(3)):g})"


def board_problems(board: Board) -> list[BoardProblem]:
    """Bases off the table or overlapping each other, and terrain that is not a simple shape."""
    problems: list[BoardProblem] = []
    for index, piece in enumerate(board.pieces):
        if (piece.x - piece.radius < -1e-9 or piece.y - piece.radius < -1e-9
                or piece.x + piece.radius > board.width + 1e-9 or piece.y + piece.radius > board.height + 1e-9):
            problems.append(BoardProblem(
                ("models", index), "board-off-table",
                f"model {piece.id!r} at ({piece.x:g}, {piece.y:g}) with a {piece.base_mm} mm base is not "
                f"completely on the {board.width:g}\" x {board.height:g}\" table",
                "move it so the whole base is on the table"))
        for later_index in range(index + 1, len(board.pieces)):
            other = board.pieces[later_index]
            if overlap(piece, other):
                gap = centre_distance(piece, other) - piece.radius - other.radius
                problems.append(BoardProblem(
                    ("models", later_index), "board-overlap",
                    f"model {other.id!r} overlaps model {piece.id!r} by {-gap:.3f}\"",
                    "bases may touch but not overlap"))
    for index, feature in enumerate(board.features):
        if not feature.shape.is_valid:
            problems.append(BoardProblem(
                ("terrain", index), "board-bad-shape",
                f"terrain {feature.id!r} is not a simple polygon: {_why(feature.shape)}",
                "list the corners in order around the outline, without crossing edges"))
        elif feature.shape.area <= 1e-9:
            problems.append(BoardProblem(("terrain", index), "board-bad-shape",
                                         f"terrain {feature.id!r} has no area", "give it at least three corners"))
        elif not feature.shape.intersects(board.table):
            problems.append(BoardProblem(("terrain", index), "board-off-table",
                                         f"terrain {feature.id!r} lies entirely off the table"))
    return problems
