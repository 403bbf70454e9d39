"""Front and back arcs (MkII and MkIII; MkIV models have no facing).

A front arc of ``degrees`` is centred on the facing.  A base is *in* the front arc if
any part of it is inside; *completely in the back arc* means no part of it is in the
front arc, which for the 180 degree arcs of the seeds is the half-plane behind the line
through the model's centre across its facing.
"""

from __future__ import annotations

import math

from wmdata.geometry.board import Piece
from wmdata.geometry.measure import TOLERANCE, centre_distance


def _offset_angle(viewer: Piece, other: Piece) -> float:
    """Angle in degrees between the viewer's facing and the direction to the other centre."""
    fx, fy = viewer.facing_vector()
    dx, dy = other.x - viewer.x, other.y - viewer.y
    return math.degrees(abs(math.atan2(fx * dy - fy * dx, fx * dx + fy * dy)))


def in_front_arc(viewer: Piece, other: Piece, degrees: float | None) -> bool:
    """Some part of ``other``'s base is in ``viewer``'s front arc (always true without arcs)."""
    if degrees is None or degrees >= 360:
        return True
    distance = centre_distance(viewer, other)
    if distance <= other.radius:
        return True
    half = degrees / 2
    # The base reaches this many degrees either side of the direction to its centre.
    spread = math.degrees(math.asin(min(1.0, other.radius / distance)))
    if half == 90:
        fx, fy = viewer.facing_vector()
        return (other.x - viewer.x) * fx + (other.y - viewer.y) * fy > -other.radius + TOLERANCE
    return _offset_angle(viewer, other) < half + spread


def completely_in_back_arc(target: Piece, origin: Piece, degrees: float | None) -> bool:
    """All of ``origin``'s base is in ``target``'s back arc (the condition for a back strike)."""
    if degrees is None:
        return False
    return not in_front_arc(target, origin, degrees)

