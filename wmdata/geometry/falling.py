"""Falling: a model moved off an elevated surface onto one at least ``min_drop`` lower.

The fall's height is the model's elevation before the move minus the height of the surface
it ends on (the highest elevating feature that still holds it, else the table).  Whether a
surface holds a base is the edition's: completely on it, or with at least 1" of the base's
width along the move over it.  A fall knocks the model down and deals dice d6 + POW, a die
more for every further step of the drop or part of one; models it lands on with equal or
smaller bases suffer the same roll, larger ones nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import LineString

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.measure import TOLERANCE, completely_inside
from wmdata.geometry.rules import GeometryRules

Direction = tuple[float, float]


@dataclass(slots=True)
class Fall:
    """A fall: its height, the damage roll, and whom it lands on."""

    height: float
    dice: int
    power: int
    hit: list[str] = field(default_factory=list)
    spared: list[str] = field(default_factory=list)
    rule: str = ""

    @property
    def roll(self) -> str:
        return f"{self.dice}d6+{self.power}"

    def as_json(self) -> dict[str, object]:
        return {"height": round(self.height, 6), "damage_roll": self.roll, "dice": self.dice, "pow": self.power,
                "knocked_down": self.hit, "not_affected": self.spared, "rule": self.rule}


def fall_dice(rules: GeometryRules, height: float) -> int:
    """Dice of the fall's damage roll: the base dice, one more per further step or part of one."""
    beyond = height - rules.falling.first
    return rules.falling.dice + (math.ceil(beyond / rules.falling.step - 1e-9) if beyond > TOLERANCE else 0)


def _holds(rules: GeometryRules, feature: Feature, piece: Piece, direction: Direction) -> bool:
    """The surface holds the base: completely on it, or 1" of the base's width along the move on it."""
    if rules.falling.support == "complete":
        return completely_inside(piece, feature.shape)
    width = LineString([(piece.x - direction[0] * piece.radius, piece.y - direction[1] * piece.radius),
                        (piece.x + direction[0] * piece.radius, piece.y + direction[1] * piece.radius)])
    return bool(width.intersection(feature.shape).length >= 1 - TOLERANCE)


def surface(board: Board, rules: GeometryRules, piece: Piece, direction: Direction) -> tuple[float, Feature | None]:
    """The height the base stands at (0: the table) and the feature that holds it."""
    best: tuple[float, Feature | None] = (0.0, None)
    for feature in board.features:
        rule = rules.terrain.get(feature.kind)
        if rule is not None and rule.elevation and feature.height > best[0] and _holds(rules, feature, piece,
                                                                                          direction):
            best = (feature.height, feature)
    return best


def airborne_level(board: Board, rules: GeometryRules, piece: Piece, direction: Direction) -> float | None:
    """The height a slammed or thrown model keeps through its move, or None when it moves along
    the ground.  A model above the table (its board ``elevation``) that is not standing on a
    surface it walks down without falling (a hill where the edition says so) goes over the edge
    at that height: the seeds resolve the fall only once the move ends (seed 001 L1089 "ends its
    slam movement"; seed 003 L1500 and seed 000 L1745-1747 "moves off an elevated surface ...
    falls").  On the way it meets only what reaches that height."""
    if piece.elevation <= TOLERANCE:
        return None
    height, holder = surface(board, rules, piece, direction)
    if holder is not None and rules.terrain[holder.kind].no_fall and piece.elevation <= height + TOLERANCE:
        return None
    return piece.elevation


def volumes_meet(level: float, height: float, other: Piece) -> bool:
    """A volume from ``level`` up ``height`` inches and ``other``'s volume share a height (touching
    counts), so bases that meet on the table plan meet in the air too."""
    return other.elevation <= level + height + TOLERANCE and other.top >= level - TOLERANCE


def fall(board: Board, rules: GeometryRules, before: Piece, after: Piece, direction: Direction) -> Fall | None:
    """The fall of a model moved from ``before`` to ``after`` (None: it did not fall)."""
    if math.hypot(after.x - before.x, after.y - before.y) <= TOLERANCE:
        return None
    start, holder = surface(board, rules, before, direction)
    if holder is not None and rules.terrain[holder.kind].no_fall and before.elevation <= start + TOLERANCE:
        return None
    landing, _ = surface(board, rules, after, direction)
    height = before.elevation - landing
    if height < rules.falling.min_drop - TOLERANCE:
        return None
    dice = fall_dice(rules, height)
    below = [p for p in board.pieces if p.id != before.id and p.elevation < before.elevation - TOLERANCE
             and math.hypot(p.x - after.x, p.y - after.y) <= p.radius + after.radius + 1e-6]
    hit = [p.id for p in below if p.base_mm <= after.base_mm]
    spared = [p.id for p in below if p.base_mm > after.base_mm]
    text = (f"falls {height:g}\" (from {before.elevation:g}\" to {landing:g}\"): knocked down, damage roll "
            f"{dice}d6+{rules.falling.power}" + (f"; lands on {', '.join(hit)}: knocked down, the same roll" if hit
                                                   else "")
            + (f"; {', '.join(spared)} (larger base) not affected" if spared else ""))
    return Fall(height, dice, rules.falling.power, [before.id, *hit], spared, text)
