"""Exact measurements between round bases, and from bases to terrain.

Every distance in the rules is edge to edge.  Between two circles that is the centre
distance minus both radii (never below zero: overlapping bases are 0 apart), computed
in closed form so "exactly at the distance" stays exactly at it.  Against a polygon, the
edge distance of a circle is the centre's distance to the polygon minus the radius,
which is exact as well (shapely measures the point-to-polygon distance exactly).
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from wmdata.geometry.board import Feature, Piece

#: Floating-point slack for "within": a distance that equals the limit up to rounding
#: of the inch conversion (1e-9 inches is far below anything a tape measure sees).
TOLERANCE = 1e-9


def centre_distance(a: Piece, b: Piece) -> float:
    return math.hypot(b.x - a.x, b.y - a.y)


def edge_distance(a: Piece, b: Piece) -> float:
    """Edge-to-edge distance between two bases, 0 when they touch or overlap."""
    return max(0.0, centre_distance(a, b) - (a.radius + b.radius))


def within(a: Piece, b: Piece, inches: float) -> bool:
    """Some part of ``b``'s base is within ``inches`` of ``a``'s base edge (exactly at it counts)."""
    return edge_distance(a, b) <= inches + TOLERANCE


def completely_within(a: Piece, b: Piece, inches: float) -> bool:
    """All of ``b``'s base lies within ``inches`` of ``a``'s base edge: its far edge is in reach."""
    return centre_distance(a, b) + b.radius - a.radius <= inches + TOLERANCE


def edge_distance_to_shape(piece: Piece, shape: BaseGeometry) -> float:
    """Edge distance from a base to a terrain feature (0 when the base touches or overlaps it)."""
    return max(0.0, Point(piece.x, piece.y).distance(shape) - piece.radius)


def thickness(feature: Feature) -> float:
    """The diameter of the largest circle inside the feature (its exact circle when round)."""
    if feature.circle is not None:
        return 2 * feature.circle[2]
    return 2 * float(shapely.maximum_inscribed_circle(feature.shape, 1e-6).length)


def completely_inside(piece: Piece, shape: BaseGeometry) -> bool:
    """The whole base lies inside the feature (or a union of features): the centre is inside and
    no boundary is nearer than the radius."""
    centre = Point(piece.x, piece.y)
    return bool(shape.contains(centre)) and centre.distance(shape.boundary) >= piece.radius - TOLERANCE


def touches_shape(piece: Piece, shape: Polygon) -> bool:
    return edge_distance_to_shape(piece, shape) <= TOLERANCE


CONTACT_SLACK = 1e-6
"""Inches by which two bases given in a board file may miss or cut into each other and still
count as just touching (positions are decimals; two touching 40 mm bases are 1.5748...\" apart)."""


def overlap(a: Piece, b: Piece) -> bool:
    """Bases overlap (touching is not overlapping)."""
    return centre_distance(a, b) < a.radius + b.radius - CONTACT_SLACK


def in_base_contact(a: Piece, b: Piece) -> bool:
    """The bases touch (within :data:`CONTACT_SLACK`)."""
    return centre_distance(a, b) <= a.radius + b.radius + CONTACT_SLACK


def point_segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from a point to a segment, in closed form."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def between(a: Piece, b: Piece) -> Polygon:
    """The quadrilateral whose corners are where the two outer common tangents touch the bases:
    the convex hull of the bases is this and the two discs, so every straight line from one base
    to the other crosses the gap between them inside it (corners exact, no polygon circles)."""
    dx, dy = b.x - a.x, b.y - a.y
    span = math.hypot(dx, dy) or 1e-12
    ux, uy = dx / span, dy / span
    # Outer tangents touch both circles at the same unit normal n, with n.(b - a) = a.radius - b.radius.
    along = max(-1.0, min(1.0, (a.radius - b.radius) / span))
    side = math.sqrt(1 - along * along)
    normals = [(along * ux - s * side * uy, along * uy + s * side * ux) for s in (1.0, -1.0)]
    (n1x, n1y), (n2x, n2y) = normals
    return Polygon([(a.x + a.radius * n1x, a.y + a.radius * n1y), (b.x + b.radius * n1x, b.y + b.radius * n1y),
                    (b.x + b.radius * n2x, b.y + b.radius * n2y), (a.x + a.radius * n2x, a.y + a.radius * n2y)])
