"""A huge base's two fields of fire, and where another model stands against them.

A huge-based model's front arc is split into two 90 degree fields of fire by the line
straight ahead from its centre; a model with any part of its base on that line is in both
(seed 003 L1636).  Which field an attacker stands in decides which of a colossal's damage
grids its attack damages; an attacker in both, or completely in the back arc, chooses
(seed 003 L3604-3606).
"""

from __future__ import annotations

from typing import Literal

from wmdata.geometry.arcs import completely_in_back_arc
from wmdata.geometry.board import Piece
from wmdata.geometry.measure import TOLERANCE

Field = Literal["left", "right", "both", "back"]


def field_of_fire(model: Piece, other: Piece, front_arc_degrees: float | None) -> Field | None:
    """Where ``other`` stands against ``model``'s fields of fire: ``left`` or ``right`` (its
    base reaches only that field), ``both`` (its base touches the line straight ahead), or
    ``back`` (completely in the back arc); None when models have no facing (no arcs)."""
    if front_arc_degrees is None:
        return None
    if completely_in_back_arc(model, other, front_arc_degrees):
        return "back"
    fx, fy = model.facing_vector()
    dx, dy = other.x - model.x, other.y - model.y
    ahead = fx * dx + fy * dy
    beside = fx * dy - fy * dx  # positive: to the model's left (facing counter-clockwise from +x)
    if ahead >= 0 and abs(beside) <= other.radius + TOLERANCE:
        return "both"
    if ahead < 0 and dx * dx + dy * dy <= (other.radius + TOLERANCE) ** 2:
        return "both"  # the base covers the model's centre, where the line starts
    return "left" if beside > 0 else "right"
