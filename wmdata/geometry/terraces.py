"""Terraced obstructions: obstructions the players agreed can be climbed (MkIII, seed 003 L3121-3123).

A model walks up and down such a feature as over open ground, when its base would hang off it by
at most the rule's overhang (terrain rule ``terraced``, 1"); to a larger base it stays an
obstruction.  A base of radius r centred on the feature's largest inner circle hangs off it by at
most r - thickness / 2, and, for a convex feature, by at least that wherever it stands (the point
of its base beyond the nearest edge), so the model may climb it when r - thickness / 2 is within
the overhang: a 1" wide terrace takes bases up to 3" across, never a huge base, as the seed's
example says.  For a feature that is not convex the test can be too lenient.
"""

from __future__ import annotations

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.measure import thickness
from wmdata.geometry.rules import GeometryRules


def terraces(board: Board, rules: GeometryRules, mover: Piece) -> frozenset[str]:
    """Ids of the terraced features ``mover`` walks up and down as open ground."""
    found = set()
    for feature in board.features:
        rule = rules.terrain.get(feature.kind)
        overhang = rule.terraced_overhang if rule is not None else None
        if overhang is not None and mover.radius - thickness(feature) / 2 <= overhang + 1e-6:
            found.add(feature.id)
    return frozenset(found)
