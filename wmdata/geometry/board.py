"""The board as geometry: pieces (model bases) and terrain features on a table.

Bases are exact circles (centre and radius in inches); shapely polygons of them are
made only where a polygon operation needs one (templates, terrain, drawing).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.prepared import PreparedGeometry, prep

MM_PER_INCH = 25.4
CIRCLE_QUADS = 32


def base_radius(base_mm: int) -> float:
    """Radius in inches of a round base of ``base_mm`` millimetres (25.4 mm to the inch, exactly)."""
    return base_mm / MM_PER_INCH / 2


@dataclass(frozen=True, slots=True)
class Piece:
    """One model on the table.  ``facing`` is in degrees, counter-clockwise from +x."""

    id: str
    x: float
    y: float
    base_mm: int
    height: float
    facing: float = 90.0
    elevation: float = 0.0
    side: str = ""
    unit: str | None = None
    melee_range: float | None = None
    control_range: float | None = None
    command_range: float | None = None
    knocked_down: bool = False
    stealth: bool = False
    incorporeal: bool = False
    flight: bool = False
    radius: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "radius", base_radius(self.base_mm))

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def top(self) -> float:
        return self.elevation + self.height

    def disc(self) -> Polygon:
        """The base as a polygon, for shapely operations that need one (drawing, templates)."""
        return Point(self.x, self.y).buffer(self.radius, quad_segs=CIRCLE_QUADS)

    def facing_vector(self) -> tuple[float, float]:
        angle = math.radians(self.facing)
        return (math.cos(angle), math.sin(angle))


@dataclass(frozen=True)
class Feature:
    """One terrain feature: a polygon of a kind, with a height.  A round feature also keeps its
    exact ``circle`` (x, y, radius): its polygon is drawn inside the circle, and line of sight
    treats it as the circle it is.  A ladder names the feature it climbs (``on``)."""

    id: str
    kind: str
    shape: Polygon
    height: float = 0.0
    circle: tuple[float, float, float] | None = None
    on: str | None = None
    """A ladder, stairs or elevator: the id of the feature it belongs to."""

    @cached_property
    def prepared(self) -> PreparedGeometry[Polygon]:
        return prep(self.shape)


@dataclass(slots=True)
class Board:
    width: float
    height: float
    pieces: tuple[Piece, ...]
    features: tuple[Feature, ...] = ()
    _by_id: dict[str, Piece] = field(default_factory=dict, init=False, repr=False)
    _tree: shapely.STRtree | None = field(default=None, init=False, repr=False)
    _piece_tree: shapely.STRtree | None = field(default=None, init=False, repr=False)
    memo: dict[tuple[str, int, str], list[str]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id = {piece.id: piece for piece in self.pieces}

    def piece(self, piece_id: str) -> Piece:
        return self._by_id[piece_id]

    def has(self, piece_id: str) -> bool:
        return piece_id in self._by_id

    @property
    def table(self) -> Polygon:
        return box(0.0, 0.0, self.width, self.height)

    @property
    def feature_tree(self) -> shapely.STRtree:
        """An STRtree of the features, so a line or corridor finds its candidates quickly."""
        if self._tree is None:
            self._tree = shapely.STRtree([f.shape for f in self.features])
        return self._tree

    def pieces_near(self, geometry: BaseGeometry) -> list[Piece]:
        """Models whose base's bounding square meets ``geometry`` (a superset of the bases that do)."""
        if self._piece_tree is None:
            self._piece_tree = shapely.STRtree([box(p.x - p.radius, p.y - p.radius, p.x + p.radius, p.y + p.radius)
                                                for p in self.pieces])
        return [self.pieces[int(i)] for i in sorted(self._piece_tree.query(geometry))]

    def features_near(self, geometry: BaseGeometry) -> list[Feature]:
        if not self.features:
            return []
        return [self.features[int(i)] for i in self.feature_tree.query(geometry)]

    def replace_pieces(self, pieces: tuple[Piece, ...]) -> Board:
        return Board(self.width, self.height, pieces, self.features)
