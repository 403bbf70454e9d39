"""The height a moving base stands at along its path, and where its volume meets another model's.

Bases meet on the table's plan, but a model on higher ground (a hill or other elevating feature
it stands completely on, or its board ``elevation``) has its volume higher up.  The seeds compare
models on different elevations by their volumes (melee range: seed 003 L3039, seed 000 L5213;
line of sight: seed 001 L699-715, seed 003 L1573-1625, seed 000 L1938-1960), and a moved model
resolves its fall only once the move ends, so it crosses a gap at its height (seed 001 L1089,
seed 003 L1500, seed 000 L1745-1747).  So a mover meets another model only where, at that point
of its path, their volumes share a height (touching counts): a model walking on the table passes
under a model raised (by its board elevation, nothing under it) above its own volume's top, and a
model moving through the air passes over one whose volume's top is below it.  A model standing
on the table or on a feature cannot be passed under: the feature under it is in the way (a model
walking up a hill meets those standing on it wherever the bases meet).

Along a straight path the mover stands on the highest elevating feature that holds its base there
(:func:`~wmdata.geometry.falling.surface`), which changes only where the base starts or stops
touching a feature, being completely on it, or (MkII) having 1" of its width along the move over
it; between those points it is constant.  A mover standing above its surface where it starts
(a board ``elevation`` with no feature under it) keeps that height throughout.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.corridor import distance_to, touching_stretches, within_stretches
from wmdata.geometry.falling import surface
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.rules import GeometryRules

Direction = tuple[float, float]
#: Stretches of a path (from, to, in inches along it) and the height the mover stands at on each.
Levels = list[tuple[float, float, float]]


def flat(height: float) -> Levels:
    """One height all along the path."""
    return [(-math.inf, math.inf, height)]


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a model's volume is: from ``level`` up its height; ``held``: on the table or on a
    feature, so nothing passes under it (a model raised by its board elevation alone is not)."""

    level: float
    held: bool


def standing(board: Board, rules: GeometryRules, piece: Piece) -> Standing:
    """The height a model stands at: its board elevation, or the surface it is completely on."""
    ground = surface(board, rules, piece, piece.facing_vector())[0]
    return Standing(max(piece.elevation, ground), piece.elevation <= ground + TOLERANCE)


def ground_levels(board: Board, rules: GeometryRules, mover: Piece, direction: Direction, length: float,
                  climbed: Feature | None = None) -> Levels:
    """The heights the moving base stands at over the first ``length`` inches (beyond either end:
    the height at that end).  ``climbed``: an obstacle the mover has climbed (MkII, :mod:`climb`);
    it stands on it while its base is over it and steps down to what is under it once clear."""
    start = surface(board, rules, mover, direction)[0]
    if climbed is not None and distance_to(climbed, mover.centre) < mover.radius - TOLERANCE:
        start = max(start, climbed.height)
    if mover.elevation > start + TOLERANCE:
        return flat(mover.elevation)
    cuts = {0.0, length}
    if climbed is not None:
        cuts.update(t for span in touching_stretches(climbed, mover.centre, direction, mover.radius, length)
                    for t in span)
    for feature in board.features:
        rule = rules.terrain.get(feature.kind)
        if rule is None or not rule.elevation:
            continue
        for stretches in (touching_stretches(feature, mover.centre, direction, mover.radius, length),
                          within_stretches(feature, mover.centre, direction, mover.radius, length)):
            cuts.update(t for span in stretches for t in span)
        if rules.falling.support == "one_inch":  # 1" of the width along the move over it
            for low, high in touching_stretches(feature, mover.centre, direction, 0.0, length):
                cuts.update(t for t in (low + 1 - mover.radius, high + mover.radius - 1) if 0 < t < length)
    levels: Levels = []
    for low, high in itertools.pairwise(sorted(cuts)):
        middle = (low + high) / 2
        there = Piece(mover.id, mover.x + direction[0] * middle, mover.y + direction[1] * middle, mover.base_mm,
                      mover.height)
        height = surface(board, rules, there, direction)[0]
        if climbed is not None and any(low < middle < high for low, high in touching_stretches(
                climbed, mover.centre, direction, mover.radius, length)):
            height = max(height, climbed.height)
        if levels and abs(levels[-1][2] - height) <= TOLERANCE:
            levels[-1] = (levels[-1][0], high, height)
        else:
            levels.append((low, high, height))
    if not levels:
        return flat(start)
    levels[0] = (-math.inf, levels[0][1], levels[0][2])
    levels[-1] = (levels[-1][0], math.inf, levels[-1][2])
    return levels


def first_meeting(levels: Levels, span: tuple[float, float], mover: Piece, other: Piece,
                  where: Standing) -> float | None:
    """The first distance in ``span`` (where the bases touch or overlap on the plan) at which the
    mover's volume and ``other``'s, standing ``where``, share a height; None: never.  A model held
    by the ground or a feature cannot be passed under (the ground under it is in the way), only
    over, by a mover whose volume is wholly above it."""
    for low, high, height in levels:
        start, end = max(low, span[0]), min(high, span[1])
        if start > end + TOLERANCE:
            continue
        reaches_up = where.held or where.level <= height + mover.height + TOLERANCE
        if reaches_up and where.level + other.height >= height - TOLERANCE:
            return start
    return None
