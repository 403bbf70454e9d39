"""What stops one straight line of sight: intervening bases and terrain, many lines at a time.

A line here is the stretch between the two bases (a segment).  A base stops it when the line
passes over it: nearer its centre than its radius (a line that only touches the edge passes).
Terrain acts by its kind and by the pair of models looking (:func:`terrain_effect`).
"""

from __future__ import annotations

import math
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


def touches_feature(piece: Piece, feature: Feature) -> bool:
    """Whether the base touches or overlaps the feature (a round one as its exact circle)."""
    if feature.circle is not None:
        x, y, radius = feature.circle
        return math.hypot(piece.x - x, piece.y - y) - radius - piece.radius <= TOLERANCE
    return touches_shape(piece, feature.shape)


def terrain_effect(rules: GeometryRules, feature: Feature, viewer: Piece, target: Piece) -> InTheWay:
    """How ``feature`` acts on the lines from ``viewer`` to ``target``."""
    touching = touches_feature(viewer, feature) or touches_feature(target, feature)
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


def low_fraction(low: Piece, high: Piece, height: float) -> float:
    """Where along the sight line (0 at the lower model's top, 1 at the higher model's) its height
    reaches ``height`` (less the tolerance: a line exactly level with a top clears it)."""
    return (height - TOLERANCE - low.top) / (high.top - low.top)


def far_end(segments: np.ndarray, base: Piece, at_start: bool) -> np.ndarray:
    """Where each stretch's line crosses ``base``'s rim on its far side: the stretch leaves or
    enters the base at one end (its start when ``at_start``), and the line's other crossing of the
    rim lies across the base (the same point for a line that only touches it)."""
    near = segments[:, 0] if at_start else segments[:, 1]
    delta = segments[:, 1] - segments[:, 0]
    length2 = np.maximum((delta ** 2).sum(axis=1), 1e-18)
    along = ((np.array(base.centre) - near) * delta).sum(axis=1) / length2
    far: np.ndarray = near + 2 * along[:, None] * delta
    return far


def low_parts(viewer: Piece, target: Piece, segments: np.ndarray, height: float) -> tuple[np.ndarray, np.ndarray]:
    """The part of each stretch where the sight line is below ``height``, and which stretches have
    one.  The sight line runs from any point of one volume to any point of the other (seed 000
    L1945-1946, seed 003 L1629, seed 001 L721-725; the reference objects stand at any edge of
    the bases, 000 L2048-2058, 003 L1650, 001 L727), so the highest one over a stretch's line
    starts at the lower model's top where the line crosses its rim on the far side and ends at the
    higher model's top where the stretch enters it: it rises over the lower base too.  Its part
    below ``height`` runs from the lower model's end of the stretch to the point at
    :func:`low_fraction` of the way from that far point to the higher model's end, and is empty
    when that point lies before the stretch starts."""
    low_first = viewer.top < target.top
    low, high = (viewer, target) if low_first else (target, viewer)
    fraction = low_fraction(low, high, height)
    near, other = (segments[:, 0], segments[:, 1]) if low_first else (segments[:, 1], segments[:, 0])
    far = far_end(segments, low, low_first)
    level = far + fraction * (other - far)
    present = ((level - near) * (other - near)).sum(axis=1) > 0
    parts: np.ndarray = np.stack((near, level), axis=1)
    return parts, present


def _partial_stops(rules: GeometryRules, way: InTheWay, viewer: Piece, target: Piece, segments: np.ndarray,
                   lines: np.ndarray) -> np.ndarray:
    """Which stretches a partial feature stops: a height feature when it meets the low part of the
    stretch (the sight line passes below its top where it crosses it), a forest a model
    touches when more than the forest depth of the stretch lies in it."""
    feature = way.feature
    if rules.terrain[feature.kind].los == "height":
        low, present = low_parts(viewer, target, segments, feature.height)
        met = np.zeros(len(segments), dtype=bool)
        if feature.circle is not None:
            x, y, r = feature.circle
            met[present] = _circle_hits(low[present], np.array([[x, y]]), np.array([r]))[:, 0] <= TOLERANCE
        elif present.any():
            met[present] = shapely.intersects(feature.shape, shapely.linestrings(low[present]))
        return met
    if feature.circle is not None:
        depth = circle_depth(segments, feature.circle)
    else:
        depth = shapely.length(shapely.intersection(feature.shape, lines))
    return np.asarray(depth > rules.forest_depth + TOLERANCE)


def circle_depth(segments: np.ndarray, circle: tuple[float, float, float]) -> np.ndarray:
    """How much of each segment lies inside the circle (exact: the chord of its line, clipped to
    the segment)."""
    x, y, radius = circle
    start, delta = segments[:, 0], segments[:, 1] - segments[:, 0]
    offset = start - np.array([x, y])
    a = np.maximum((delta ** 2).sum(axis=1), 1e-18)
    b = (offset * delta).sum(axis=1)
    disc = np.maximum(b * b - a * ((offset ** 2).sum(axis=1) - radius * radius), 0.0)
    enter, leave = (-b - np.sqrt(disc)) / a, (-b + np.sqrt(disc)) / a
    inside: np.ndarray = np.maximum(np.minimum(leave, 1.0) - np.maximum(enter, 0.0), 0.0) * np.sqrt(a)
    return inside


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
