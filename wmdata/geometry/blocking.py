"""What stops one straight line of sight: intervening bases and terrain, many lines at a time.

A line here is the stretch between the two bases (a segment).  A base stops it when the line
passes over it: nearer its centre than its radius (a line that only touches the edge passes).
Terrain acts by its kind and by the pair of models looking (:func:`terrain_effect`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import shapely

from wmdata.geometry.board import Feature, Piece
from wmdata.geometry.measure import TOLERANCE, touches_shape
from wmdata.geometry.rules import GeometryRules

Effect = Literal["none", "opaque", "partial"]


@dataclass(frozen=True, slots=True)
class InTheWay:
    """A feature between two models and how it acts on the lines between them: ``opaque`` stops
    every line that meets it (closed: touching its edge is meeting it); ``partial`` stops some of
    them (see :func:`stops`); ``touching``: a model touches it."""

    feature: Feature
    effect: Effect
    touching: bool


def terrain_effect(rules: GeometryRules, feature: Feature, viewer: Piece, target: Piece) -> InTheWay:
    """How ``feature`` acts on the lines from ``viewer`` to ``target``."""
    touching = touches_shape(viewer, feature.shape) or touches_shape(target, feature.shape)
    rule = rules.terrain.get(feature.kind)
    if rule is None or rule.los == "none" or target.base_mm in rule.transparent_to_bases:
        return InTheWay(feature, "none", touching)
    if rule.los == "height":
        low, high = sorted((viewer.top, target.top))
        if feature.height - TOLERANCE <= low:
            return InTheWay(feature, "none", touching)
        return InTheWay(feature, "opaque" if feature.height - TOLERANCE > high else "partial", touching)
    if touching:
        return InTheWay(feature, "none" if rule.los == "cloud" else "partial", touching)
    return InTheWay(feature, "opaque", touching)


def low_fraction(viewer: Piece, target: Piece, height: float) -> float:
    """Where along the stretch (0 at the viewer, 1 at the target) the line from top to top is at
    ``height`` (less the tolerance: a line exactly level with a top clears it)."""
    return (height - TOLERANCE - viewer.top) / (target.top - viewer.top)


def low_parts(viewer: Piece, target: Piece, segments: np.ndarray, height: float) -> np.ndarray:
    """The part of each stretch where the line from top to top is below ``height``: from the lower
    model's end to the fraction :func:`low_fraction`."""
    fraction = low_fraction(viewer, target, height)
    level = segments[:, 0] + fraction * (segments[:, 1] - segments[:, 0])
    ends = (segments[:, 0], level) if target.top > viewer.top else (level, segments[:, 1])
    parts: np.ndarray = np.stack(ends, axis=1)
    return parts


def _partial_stops(rules: GeometryRules, way: InTheWay, viewer: Piece, target: Piece, segments: np.ndarray,
                   lines: np.ndarray) -> np.ndarray:
    """Which stretches a partial feature stops: a height feature when it meets the low part of the
    stretch (the line from top to top passes below its top where it crosses it), a forest a model
    touches when more than the forest depth of the stretch lies in it."""
    feature = way.feature
    if rules.terrain[feature.kind].los == "height":
        low = low_parts(viewer, target, segments, feature.height)
        if feature.circle is not None:
            x, y, r = feature.circle
            met: np.ndarray = _circle_hits(low, np.array([[x, y]]), np.array([r]))[:, 0] <= TOLERANCE
            return met
        return np.asarray(shapely.intersects(feature.shape, shapely.linestrings(low)))
    depth = shapely.length(shapely.intersection(feature.shape, lines))
    return np.asarray(depth > rules.forest_depth + TOLERANCE)


def _circle_hits(segments: np.ndarray, centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """lines x circles: each segment's distance to each centre, less each radius (closed form)."""
    starts, deltas = segments[:, 0, :], segments[:, 1, :] - segments[:, 0, :]
    length2 = np.maximum((deltas ** 2).sum(axis=1), 1e-18)
    offsets = centres[None, :, :] - starts[:, None, :]
    t = np.clip((offsets * deltas[:, None, :]).sum(axis=2) / length2[:, None], 0.0, 1.0)
    nearest = starts[:, None, :] + t[:, :, None] * deltas[:, None, :]
    gaps: np.ndarray = np.sqrt(((centres[None, :, :] - nearest) ** 2).sum(axis=2)) - radii[None, :]
    return gaps


def stoppers(rules: GeometryRules, viewer: Piece, target: Piece, segments: np.ndarray, blockers: list[Piece],
             ways: list[InTheWay]) -> list[str | None]:
    """For each segment (shape (m, 2, 2)), the first model or feature that stops it (None: clear)."""
    stopped_by: list[str | None] = [None] * len(segments)
    if not len(segments):
        return stopped_by
    if blockers:
        hits = _circle_hits(segments, np.array([b.centre for b in blockers]),
                            np.array([b.radius for b in blockers])) < -TOLERANCE
        first = np.argmax(hits, axis=1)
        for index in np.nonzero(hits.any(axis=1))[0]:
            stopped_by[index] = blockers[int(first[index])].id
    geometries: np.ndarray | None = None
    for way in ways:
        open_lines = np.array([i for i, name in enumerate(stopped_by) if name is None], dtype=int)
        if not len(open_lines):
            break
        if way.effect == "opaque" and way.feature.circle is not None:
            x, y, r = way.feature.circle
            met = _circle_hits(segments[open_lines], np.array([[x, y]]), np.array([r]))[:, 0] <= TOLERANCE
            for index in open_lines[met]:
                stopped_by[int(index)] = way.feature.id
            continue
        if geometries is None:
            geometries = np.asarray(shapely.linestrings(segments))
        candidates = geometries[open_lines]
        met = shapely.intersects(way.feature.shape, candidates)
        if way.effect == "opaque":
            for index in open_lines[met]:
                stopped_by[int(index)] = way.feature.id
            continue
        stopped = _partial_stops(rules, way, viewer, target, segments[open_lines[met]], candidates[met])
        for index in open_lines[met][stopped]:
            stopped_by[int(index)] = way.feature.id
    return stopped_by
