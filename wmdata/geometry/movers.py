"""Flight and Incorporeal: which of the edition's mover rules a model moves by.

The rules themselves are ruleset data (``geometry.movers``): whether rough terrain slows it, the
terrain kinds and models a charge, slam or trample moves through, and whether intervening models
hide a charge target from it.  A knocked-down model has lost Flight (and moves nowhere anyway).
"""

from __future__ import annotations

import math

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.corridor import touching_stretches
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.rules import GeometryRules, MoverRules


def mover_rules(rules: GeometryRules, piece: Piece) -> MoverRules | None:
    """The mover rules ``piece`` moves by (Flight before Incorporeal), or None: like any model."""
    if piece.knocked_down:
        return None
    for ability, has in (("flight", piece.flight), ("incorporeal", piece.incorporeal)):
        if has and ability in rules.movers:
            return rules.movers[ability]
    return None


def _crossings(board: Board, mover: Piece, skip: str, direction: tuple[float, float], length: float,
               passes_models: bool, kinds: frozenset[str]) -> list[tuple[float, float]]:
    """The stretches (from, to, in inches along the path) where the moving base overlaps a model or
    a feature of ``kinds`` that it passes."""
    ux, uy = direction
    found: list[tuple[float, float]] = []
    for other in board.pieces if passes_models else ():
        if other.id in (mover.id, skip):
            continue
        ox, oy = other.x - mover.x, other.y - mover.y
        along, reach = ox * ux + oy * uy, mover.radius + other.radius
        side2 = reach * reach - (ox * ox + oy * oy - along * along)
        if side2 > 0:
            found.append((along - math.sqrt(side2), along + math.sqrt(side2)))
    for feature in board.features:
        if feature.kind in kinds:
            found += touching_stretches(feature, mover.centre, direction, mover.radius, length)
    return found


def clear_end(board: Board, mover: Piece, skip: str, direction: tuple[float, float], stop: float,
              passes_models: bool, kinds: frozenset[str]) -> float:
    """``stop``, or less: backed off along the path until the base ends clear of the models and
    features it passed (it may move through them, not end on them).  ``skip``: the target."""
    stretches = _crossings(board, mover, skip, direction, stop, passes_models, kinds)
    fitted = stop
    while any(start < fitted - TOLERANCE < end and start > -TOLERANCE for start, end in stretches):
        fitted = min(start for start, end in stretches if start < fitted - TOLERANCE < end and start > -TOLERANCE)
    return max(0.0, fitted)
