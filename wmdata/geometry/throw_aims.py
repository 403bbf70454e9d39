"""The headings a thrower who picks the direction (MkII: any direction away from it, seed 001
L1109) has reason to try: directly away, straight at each model or terrain feature the thrown
model could reach (contact there adds a die, stops it near, or keeps it off a drop), and the two
edges of the allowed directions (where the thrown model lands nearest the thrower).  A finite set
of candidates, each as degrees counter-clockwise off directly away, with what it aims at.
"""

from __future__ import annotations

import math

from shapely.geometry import Point
from shapely.ops import nearest_points

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.forced import ThrowOrder, throw_distance
from wmdata.geometry.measure import edge_distance, edge_distance_to_shape
from wmdata.geometry.rules import GeometryRules

EDGE_MARGIN = 0.5
"""Degrees inside the limit for the two edge headings (the limit itself is not allowed)."""
SAME = 0.5
"""Headings closer than this (degrees) count as one candidate."""


def _off(away: float, x: float, y: float, thrown: Piece) -> float:
    """Degrees counter-clockwise from ``away`` to the direction from ``thrown``'s centre to (x, y)."""
    turned = math.degrees(math.atan2(y - thrown.y, x - thrown.x)) - away
    return (turned + 180.0) % 360.0 - 180.0


def throw_aims(board: Board, rules: GeometryRules, thrower: Piece, thrown: Piece, strength: float
               ) -> list[tuple[float, str]]:
    """(degrees off directly away, what the heading aims at) for every candidate heading, directly
    away first; none but directly away where the edition gives no choice."""
    limit = rules.throw.away_within_degrees
    if limit is None:
        return [(0.0, "directly away")]
    distance, _ = throw_distance(rules, thrower, thrown, ThrowOrder(strength=strength, roll=6.0))
    furthest = distance * (1 + (rules.aoe.cap_fraction if rules.throw.deviates == "always" else 0.0))
    away = math.degrees(math.atan2(thrown.y - thrower.y, thrown.x - thrower.x))
    edge = limit - EDGE_MARGIN
    found: list[tuple[float, str]] = [(0.0, "directly away"), (edge, "the counter-clockwise edge of the allowed "
                                      "directions"), (-edge, "the clockwise edge of the allowed directions")]
    for piece in board.pieces:
        if piece.id not in (thrower.id, thrown.id) and edge_distance(thrown, piece) <= furthest:
            found.append((_off(away, piece.x, piece.y, thrown), f"at {piece.id}"))
    for feature in board.features:
        if edge_distance_to_shape(thrown, feature.shape) <= furthest:
            near = nearest_points(feature.shape, Point(thrown.x, thrown.y))[0]
            found.append((_off(away, near.x, near.y, thrown), f"at {feature.id} ({feature.kind})"))
    kept: list[tuple[float, str]] = []
    for offset, aim in found:
        same = next((index for index, (other, _) in enumerate(kept) if abs(offset - other) < SAME), None)
        if same is not None:
            kept[same] = (kept[same][0], f"{kept[same][1]}, {aim}")
        elif abs(offset) < limit:
            kept.append((offset, aim))
    return kept
