"""Free strikes against a trampling model: which enemies may strike it once its trample attacks
are resolved, and where each strike counts as taking place.

An enemy may strike when the trampler was inside its melee range (reach, front arc and line of
sight, as for any melee range) at some point of the straight move and then left it, by distance
or out of its arc or sight, before the move ended.  Models the edition names (contacted ones on
certain bases) may not; editions without free strikes report none.

The stretch of the move within an enemy's reach is solved exactly (a quadratic in the distance
moved); inside it, the arc and line of sight are checked every 0.05" and at both ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.modifiers import in_melee_range
from wmdata.geometry.rules import GeometryRules

Direction = tuple[float, float]
STEP = 0.05


@dataclass(frozen=True, slots=True)
class FreeStrike:
    """An enemy's free strike and the trampler's spot when it left the enemy's melee range."""

    id: str
    at: tuple[float, float]
    travelled: float

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "at": [round(v, 6) for v in self.at], "travelled": round(self.travelled, 6)}


def _reach_span(mover: Piece, direction: Direction, enemy: Piece, length: float) -> tuple[float, float] | None:
    """The part of the move (distances along it, clipped to [0, length]) with the trampler's base
    within the enemy's melee range by distance alone."""
    assert enemy.melee_range is not None
    reach = mover.radius + enemy.radius + enemy.melee_range
    dx, dy = mover.x - enemy.x, mover.y - enemy.y
    b = dx * direction[0] + dy * direction[1]
    disc = b * b - (dx * dx + dy * dy - reach * reach)
    if disc < 0:
        return None
    low, high = max(0.0, -b - math.sqrt(disc)), min(length, -b + math.sqrt(disc))
    return (low, high) if low <= high + TOLERANCE else None


def trample_free_strikes(board: Board, rules: GeometryRules, mover: Piece, direction: Direction, length: float,
                         contacted: set[str]) -> list[FreeStrike]:
    """Enemies that may free strike ``mover`` after it trampled ``length`` inches along ``direction``."""
    if not rules.trample.free_strikes:
        return []
    facing = math.degrees(math.atan2(direction[1], direction[0]))
    found: list[FreeStrike] = []
    for enemy in board.pieces:
        if (enemy.id == mover.id or enemy.side == mover.side or enemy.melee_range is None or enemy.knocked_down
                or (enemy.id in contacted and enemy.base_mm in rules.trample.no_free_strike_bases)):
            continue
        span = _reach_span(mover, direction, enemy, length)
        if span is None:
            continue
        left = _left_at(board, rules, mover, enemy, direction, facing, span, length)
        if left is not None:
            found.append(FreeStrike(enemy.id, (mover.x + direction[0] * left, mover.y + direction[1] * left), left))
    return sorted(found, key=lambda strike: strike.travelled)


def _left_at(board: Board, rules: GeometryRules, mover: Piece, enemy: Piece, direction: Direction, facing: float,
             span: tuple[float, float], length: float) -> float | None:
    """Where the trampler left ``enemy``'s melee range (None: it never was in it, or never left)."""
    low, high = span
    count = max(2, math.ceil((high - low) / STEP) + 1)
    spots = [low + (high - low) * i / (count - 1) for i in range(count)]
    inside = False
    last_inside = low
    for spot in spots:
        moved = replace(mover, x=mover.x + direction[0] * spot, y=mover.y + direction[1] * spot, facing=facing)
        placed = board.replace_pieces(tuple(moved if p.id == mover.id else p for p in board.pieces))
        now = in_melee_range(placed, rules, enemy, moved)
        if inside and not now:
            return last_inside
        if now:
            inside, last_inside = True, spot
    if inside and high < length - TOLERANCE:
        return high
    return None
