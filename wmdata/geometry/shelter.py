"""Blast shelter: models down in trenches or craters that an AOE's blast damage does not reach.

A terrain kind with a ``blast_shelter`` rule (trench templates in every edition, MkIV craters)
spares a model completely within features of that kind (adjoining ones together, as for cover)
from blast damage, unless the origin of that damage lies in one of those features the model
touches.  The origin is the AOE's point of impact, or (MkIV, which has no template) the model the
AOE hit, which is in a feature when its base touches it.  Round features are their exact circles.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import shapely
from shapely.geometry import Point

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.measure import TOLERANCE, completely_inside, edge_distance_to_shape
from wmdata.geometry.rules import GeometryRules

Origin = tuple[float, float] | Piece
"""Where blast damage comes from: a point of impact, or the model an AOE hit (MkIV)."""


@dataclass(frozen=True, slots=True)
class Shelter:
    """One model spared blast damage: the features it is down in, why, and the rule's seed lines."""

    model: str
    features: tuple[str, ...]
    reason: str
    source: str

    def as_json(self) -> dict[str, object]:
        return {"id": self.model, "features": list(self.features), "reason": self.reason, "source": self.source}


def _touches(piece: Piece, feature: Feature) -> bool:
    if feature.circle is not None:
        x, y, radius = feature.circle
        return math.hypot(piece.x - x, piece.y - y) <= radius + piece.radius + TOLERANCE
    return edge_distance_to_shape(piece, feature.shape) <= TOLERANCE


def _inside(piece: Piece, group: list[Feature]) -> bool:
    """The whole base lies within the features together (one round feature: its exact circle)."""
    if len(group) == 1 and group[0].circle is not None:
        x, y, radius = group[0].circle
        return math.hypot(piece.x - x, piece.y - y) + piece.radius <= radius + TOLERANCE
    return completely_inside(piece, shapely.union_all([f.shape for f in group]))


def _origin_in(origin: Origin, feature: Feature) -> bool:
    """The origin lies in the feature (its edge counts); a model does when its base touches it."""
    if isinstance(origin, Piece):
        return _touches(origin, feature)
    if feature.circle is not None:
        x, y, radius = feature.circle
        return math.hypot(origin[0] - x, origin[1] - y) <= radius + TOLERANCE
    return bool(Point(origin).distance(feature.shape) <= TOLERANCE)


def describe(origin: Origin) -> str:
    if isinstance(origin, Piece):
        return f"the model hit, {origin.id}"
    return f"the point of impact ({origin[0]:.3f}, {origin[1]:.3f})"


def _shelters(board: Board, rules: GeometryRules, piece: Piece) -> Iterator[tuple[str, str, list[Feature]]]:
    """Each sheltering kind the model is completely within: the kind, its rule's seed lines and
    the features of it the model touches."""
    for kind, rule in rules.terrain.items():
        if rule.blast_shelter is None:
            continue
        group = [f for f in board.features if f.kind == kind and _touches(piece, f)]
        if group and _inside(piece, group):
            yield kind, rule.blast_shelter, group


def sheltered(board: Board, rules: GeometryRules, piece: Piece, origin: Origin) -> Shelter | None:
    """Why ``piece`` suffers no blast damage from ``origin`` (None: it suffers it)."""
    for kind, source, group in _shelters(board, rules, piece):
        if not any(_origin_in(origin, f) for f in group):
            names = ", ".join(f.id for f in group)
            return Shelter(piece.id, tuple(f.id for f in group),
                           f"{piece.id} is completely within {kind} {names}, and the origin of the blast damage "
                           f"({describe(origin)}) is not in {'any of them' if len(group) > 1 else 'it'}", source)
    return None


def down_in_shelter(board: Board, rules: GeometryRules, piece: Piece) -> list[str]:
    """The features sheltering from blasts that a model is completely within (whether it is spared
    then depends on the origin of the damage)."""
    return [f.id for _, _, group in _shelters(board, rules, piece) for f in group]
