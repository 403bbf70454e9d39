"""Ladders, stairs and elevators (MkIV, seed 000 L5339-5341, L5354-5366).

A ladder is a feature of a kind whose terrain rule is ``ladder``; it belongs to one feature of a
kind the rule ``serves`` (an obstruction), named by the board (``on``) or the only one it touches.
A model within the rule's ``reach`` of it may spend the rule's ``cost`` of its movement to go up
onto that feature or down from it, and is then put anywhere its base fits within ``reach`` of the
ladder: on top (completely on the feature) going up, on the table going down.  The seed leaves that
spot to the player; an advance heads somewhere, so wmdata takes the legal spot nearest where it is
heading.  That spot is found exactly, as :mod:`clearance` finds the nearest legal spot: the legal
region's outline is made of straight pieces and circles (the feature's edges moved in or out by the
radius, its corners' circles, the ladder grown by radius plus reach, the other bases grown), so its
point nearest the destination is the destination itself, the destination's foot on one piece, or
where two pieces cross; each candidate is checked against the exact distances.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from shapely.geometry import Point

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.checks import BoardProblem
from wmdata.geometry.clearance import ROUNDING, Keepout, Spot, candidate_spots, grown_outline
from wmdata.geometry.corridor import distance_to, touching_stretches, within_stretches
from wmdata.geometry.lanes import Direction
from wmdata.geometry.measure import TOLERANCE, completely_inside
from wmdata.geometry.rules import GeometryRules, LadderRule

Way = Literal["up", "down"]


@dataclass(frozen=True, slots=True)
class LadderUse:
    """One trip up or down a ladder during a move: where the model was when it took it (``at``),
    where it was put (``placed``, at ``elevation``) and the movement it spent."""

    ladder: str
    feature: str
    way: Way
    at: Spot
    placed: Spot
    elevation: float
    spent: float

    def as_json(self) -> dict[str, object]:
        return {"ladder": self.ladder, "feature": self.feature, "way": self.way,
                "at": [round(v, 6) for v in self.at], "placed": [round(v, 6) for v in self.placed],
                "elevation": self.elevation, "spent": self.spent}


def ladder_rule(rules: GeometryRules, feature: Feature) -> LadderRule | None:
    rule = rules.terrain.get(feature.kind)
    return rule.ladder if rule is not None else None


def ladders_of(board: Board, rules: GeometryRules, feature: Feature) -> list[tuple[Feature, LadderRule]]:
    """The ladders that belong to ``feature``, with their rules."""
    return [(f, rule) for f in board.features
            if f.on == feature.id and (rule := ladder_rule(rules, f)) is not None]


def resolve_ladders(board: Board, rules: GeometryRules) -> tuple[Board, list[BoardProblem]]:
    """The board with every ladder's feature named (``on``), or the problems: a ladder naming no
    feature of the board, one of a kind it cannot serve or one it does not touch, a ladder that
    touches no such feature or several (the board must say which), ``on`` on a feature that is not
    a ladder."""
    problems: list[BoardProblem] = []
    by_id = {f.id: f for f in board.features}
    features: list[Feature] = []
    for index, feature in enumerate(board.features):
        rule = ladder_rule(rules, feature)
        if rule is None:
            if feature.on is not None:
                problems.append(BoardProblem(("terrain", index, "on"), "board-ladder",
                                             f"terrain {feature.id!r} is not a ladder ({feature.kind}): only a "
                                             "ladder, stairs or elevator belongs to another feature",
                                             "leave 'on' out, or make it kind: ladder"))
            features.append(feature)
            continue
        kinds = ", ".join(sorted(rule.serves))
        if feature.on is not None:
            owner = by_id.get(feature.on)
            if owner is None or owner.kind not in rule.serves:
                what = "is not on this board" if owner is None else f"is {owner.kind}, not {kinds}"
                problems.append(BoardProblem(("terrain", index, "on"), "board-ladder",
                                             f"ladder {feature.id!r} belongs to {feature.on!r}, which {what}",
                                             f"name a feature of kind {kinds} that the ladder touches"))
            elif (gap := _gap(feature, owner)) > TOLERANCE:
                problems.append(BoardProblem(("terrain", index), "board-ladder",
                                             f"ladder {feature.id!r} does not touch {owner.id!r}, the feature "
                                             f"it belongs to ({gap:.3f}\" away)",
                                             "move it so it touches the feature's outline"))
            features.append(feature)
            continue
        touched = [f.id for f in board.features if f.kind in rule.serves and _gap(feature, f) <= TOLERANCE]
        if len(touched) == 1:
            features.append(replace(feature, on=touched[0]))
            continue
        why = (f"touches no feature of kind {kinds}" if not touched
               else f"touches {', '.join(repr(t) for t in touched)}: say which it belongs to")
        problems.append(BoardProblem(("terrain", index), "board-ladder", f"ladder {feature.id!r} {why}",
                                     "give it 'on: ID', the feature it climbs, and let it touch that feature"))
        features.append(feature)
    return Board(board.width, board.height, board.pieces, tuple(features)), problems


def _gap(ladder: Feature, owner: Feature) -> float:
    """How far apart two features are (0: they touch or overlap), round ones by their exact circles."""
    if owner.circle is not None:
        cx, cy, cr = owner.circle
        return max(0.0, distance_to(ladder, (cx, cy)) - cr)
    if ladder.circle is not None:
        lx, ly, lr = ladder.circle
        return max(0.0, distance_to(owner, (lx, ly)) - lr)
    return float(owner.shape.distance(ladder.shape))


def reach_along(ladder: Feature, rule: LadderRule, mover: Piece, direction: Direction, length: float) -> float | None:
    """The first distance along the move (0 to ``length``) at which the base is within the rule's
    reach of the ladder (its edge at most ``reach`` from it), or None: it never gets there."""
    stretches = touching_stretches(ladder, mover.centre, direction, mover.radius + rule.reach, length)
    return stretches[0][0] if stretches else None


def standing_on(board: Board, rules: GeometryRules, mover: Piece) -> Feature | None:
    """The feature with ladders the model stands on top of: completely within it."""
    served = {kind for rule in rules.terrain.values() if rule.ladder is not None for kind in rule.ladder.serves}
    tops = [f for f in board.features if f.kind in served and completely_inside(mover, f.shape)]
    return max(tops, key=lambda f: f.height) if tops else None


def placement(board: Board, rules: GeometryRules, mover: Piece, ladder: Feature, rule: LadderRule,
              feature: Feature, way: Way, toward: Spot) -> Spot | None:
    """The spot nearest ``toward`` where the base fits within reach of ``ladder``: completely on
    ``feature`` and clear of the models up there (``up``), or on the table clear of terrain that
    stops movement and of the models down there (``down``); None: there is none."""
    radius = mover.radius
    others = [p for p in board.pieces
              if p.id != mover.id and (completely_inside(p, feature.shape) == (way == "up"))]
    circles = [(p.x, p.y, p.radius + radius) for p in others]
    keep_in, segments = grown_outline(ladder, radius + rule.reach)
    circles += keep_in
    keepout = Keepout.around(board, rules, mover, others)
    if way == "up":
        corners, edges = grown_outline(feature, radius)
        if feature.circle is not None:
            corners = [(feature.circle[0], feature.circle[1], feature.circle[2] - radius)]
        circles += corners
        segments += edges
        x0, y0, x1, y1 = feature.shape.bounds
        low = (max(x0 + radius, radius), max(y0 + radius, radius))
        high = (min(x1 - radius, board.width - radius), min(y1 - radius, board.height - radius))
    else:
        circles += keepout.outline_circles
        segments += keepout.segments
        low, high = keepout.low, keepout.high
    if low[0] > high[0] or low[1] > high[1]:
        return None

    def legal(spot: Spot) -> bool:
        if distance_to(ladder, spot) > radius + rule.reach + ROUNDING:
            return False
        clear = all(math.hypot(spot[0] - x, spot[1] - y) >= r - ROUNDING for x, y, r in
                    ((p.x, p.y, p.radius + radius) for p in others))
        return clear and (fits_on(feature, spot, radius) if way == "up" else keepout.legal(spot))

    found = sorted(candidate_spots(toward, circles, low, high, segments),
                   key=lambda s: (s[0] - toward[0]) ** 2 + (s[1] - toward[1]) ** 2)
    return next((s for s in found if legal(s)), None)


def fits_on(feature: Feature, spot: Spot, radius: float) -> bool:
    """A base of ``radius`` centred on ``spot`` lies completely on the feature (its exact circle if round)."""
    if feature.circle is not None:
        cx, cy, cr = feature.circle
        return math.hypot(spot[0] - cx, spot[1] - cy) <= cr - radius + ROUNDING
    centre = Point(spot)
    return bool(feature.shape.contains(centre)) and feature.shape.exterior.distance(centre) >= radius - ROUNDING


@dataclass(frozen=True, slots=True)
class Trip:
    """A ladder an advance can take: walk ``walk`` inches along its line, then go ``way`` on it."""

    ladder: Feature
    rule: LadderRule
    feature: Feature
    way: Way
    walk: float


def trip(board: Board, rules: GeometryRules, mover: Piece, direction: Direction, length: float,
         feature: Feature, way: Way, used: frozenset[str]) -> Trip | None:
    """The ladder of ``feature`` (not among ``used``) the mover reaches first in the first
    ``length`` inches of its line, and how far it walks to be within reach of it (None: none)."""
    reached = [(t, ladder, rule) for ladder, rule in ladders_of(board, rules, feature) if ladder.id not in used
               and (t := reach_along(ladder, rule, mover, direction, length)) is not None]
    if not reached:
        return None
    t, ladder, rule = min(reached, key=lambda r: (r[0], r[1].id))
    return Trip(ladder, rule, feature, way, t)


def top_edge(feature: Feature, mover: Piece, direction: Direction, length: float) -> float:
    """How far the mover, completely on ``feature`` where it starts, can go along its line before
    its base would begin to leave the top (``length`` when it never does)."""
    stretches = [s for s in within_stretches(feature, mover.centre, direction, mover.radius, length)
                 if s[0] <= TOLERANCE]
    return stretches[0][1] if stretches else 0.0
