"""What an advance spends of its movement: each inch walked, rough terrain's toll, and MkIV's 2"
for entering rough terrain, taken once in a move however many straight stretches it has (a ladder
splits an advance into several, :mod:`ladder_walk`).
"""

from __future__ import annotations

import math

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.lanes import rough_length
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.rules import GeometryRules

ROUGH_PENALTY = 2.0
"""Inches MkIV's rough terrain takes from a move that enters it (seed 000 L5167-5175)."""


def heading(mover: Piece, to: tuple[float, float]) -> tuple[float, float]:
    """The unit vector from the model's centre toward ``to`` (+x when it is already there)."""
    span = math.hypot(to[0] - mover.x, to[1] - mover.y)
    return ((to[0] - mover.x) / span, (to[1] - mover.y) / span) if span > 1e-12 else (1.0, 0.0)


def rough_penalty(board: Board, rules: GeometryRules, mover: Piece, to: tuple[float, float], distance: float,
                  left: float, paid: bool) -> float | None:
    """What MkIV's rough terrain takes from the move when this stretch of ``distance`` inches toward
    ``to`` is the first to enter some (2", leaving at least 1" of the ``left``); None: it takes nothing
    here (another rule, no rough terrain, or an earlier stretch paid)."""
    if rules.rough_rule != "minus_two" or paid or distance <= TOLERANCE \
            or rough_length(board, rules, mover, heading(mover, to), distance) <= 0:
        return None
    return max(0.0, min(ROUGH_PENALTY, left - 1.0))


def movement_used(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float],
                  distance: float) -> float:
    """Movement a walk of ``distance`` costs: rough terrain at half rate costs each inch twice."""
    if rules.rough_rule == "half_rate":
        return distance + rough_length(board, rules, mover, direction, distance)
    return distance
