"""The rule of least disturbance: where models go when a moved model ends on top of them.

The moved model stays where it ended and the models it overlaps are moved out of its way:
as few as possible (only the overlapped ones), to the spots that make the total distance
moved least.  Where an edition says so, the moved model is the one repositioned instead
(when it overlaps a base the rule never moves, or a larger one).

The nearest legal spot for one base is found exactly: the region it may not enter is a
union of circles (every other base grown by its radius) inside the table shrunk by its
radius, and the nearest point of that region's complement lies at the point itself, on
one circle straight out from its centre, where two circles cross, on a table edge or where
a circle meets one, or at a corner.  Terrain a model may not stand in (impassable terrain
and features that stop movement) grown by the radius adds its exact pieces: a circle round
every corner (or the grown circle of a round feature) and every edge moved out by the radius;
their nearest points and their crossings with each other, the circles and the table's lines
are candidates too, and every candidate is checked against the features' exact distance.
Every boundary of the free region is one of those pieces, so its nearest point is among the
candidates.  Several overlapped models are
placed one after another in every order (up to six models) and the order with the least
total distance wins; equal totals with different positions are reported as a tie to
randomize, as the rules say.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.corridor import distance_to
from wmdata.geometry.rules import GeometryRules

Spot = tuple[float, float]
Circle = tuple[float, float, float]
Segment = tuple[Spot, Spot]
SLACK = 1e-9
MAX_ORDERED = 6


@dataclass(frozen=True, slots=True)
class Displacement:
    """One model moved by the rule: from where to where, and how far."""

    id: str
    start: Spot
    end: Spot

    @property
    def moved(self) -> float:
        return math.hypot(self.end[0] - self.start[0], self.end[1] - self.start[1])

    def as_json(self) -> dict[str, object]:
        return {"id": self.id, "from": [round(v, 6) for v in self.start], "to": [round(v, 6) for v in self.end],
                "moved": round(self.moved, 6)}


@dataclass(slots=True)
class Settlement:
    """What the rule did: the moved model's final spot, the models moved, and whether equally
    short options remain (the players randomize among them)."""

    end: Spot
    displaced: list[Displacement] = field(default_factory=list)
    tie: bool = False
    unplaced: list[str] = field(default_factory=list)
    rule: str = ""


def _blocking(board: Board, rules: GeometryRules) -> list[Feature]:
    return [f for f in board.features if f.kind in rules.terrain
            and (rules.terrain[f.kind].impassable or rules.terrain[f.kind].stops_movement)]


def _circle_crossings(a: Circle, b: Circle) -> list[Spot]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1e-12 or d > a[2] + b[2] or d < abs(a[2] - b[2]):
        return []
    along = (a[2] ** 2 - b[2] ** 2 + d * d) / (2 * d)
    half = math.sqrt(max(0.0, a[2] ** 2 - along * along))
    mx, my = a[0] + dx * along / d, a[1] + dy * along / d
    return [(mx - dy * half / d, my + dx * half / d), (mx + dy * half / d, my - dx * half / d)]


def _line_crossings(c: Circle, axis: int, value: float) -> list[Spot]:
    """Where circle ``c`` meets the line x = value (axis 0) or y = value (axis 1)."""
    offset = value - c[axis]
    if abs(offset) > c[2]:
        return []
    half = math.sqrt(c[2] ** 2 - offset * offset)
    other = c[1 - axis]
    return [(value, other + s * half) if axis == 0 else (other + s * half, value) for s in (-1.0, 1.0)]


def _segment_points(seg: Segment, start: Spot, circles: list[Circle], low: Spot, high: Spot,
                    segments: list[Segment]) -> list[Spot]:
    """Candidate spots on one straight piece of a grown outline: the point nearest ``start`` and
    where it crosses the circles, the table's lines and the other straight pieces."""
    (ax, ay), (bx, by) = seg
    ex, ey = bx - ax, by - ay
    length2 = ex * ex + ey * ey
    if length2 < 1e-24:
        return []

    def on(t: float) -> list[Spot]:
        return [(ax + ex * t, ay + ey * t)] if -1e-12 <= t <= 1 + 1e-12 else []

    found = on(((start[0] - ax) * ex + (start[1] - ay) * ey) / length2)
    for cx, cy, cr in circles:
        fx, fy = ax - cx, ay - cy
        b, c = fx * ex + fy * ey, fx * fx + fy * fy - cr * cr
        disc = b * b - length2 * c
        if disc >= 0:
            for sign in (-1.0, 1.0):
                found += on((-b + sign * math.sqrt(disc)) / length2)
    for axis, value in ((0, low[0]), (0, high[0]), (1, low[1]), (1, high[1])):
        step = ex if axis == 0 else ey
        if abs(step) > 1e-12:
            found += on((value - (ax if axis == 0 else ay)) / step)
    for (px, py), (qx, qy) in segments:
        fx, fy = qx - px, qy - py
        denominator = ex * fy - ey * fx
        if abs(denominator) > 1e-12:
            t = ((px - ax) * fy - (py - ay) * fx) / denominator
            u = ((px - ax) * ey - (py - ay) * ex) / denominator
            if -1e-12 <= u <= 1 + 1e-12:
                found += on(t)
    return found


def _candidates(start: Spot, circles: list[Circle], low: Spot, high: Spot, segments: list[Segment]) -> list[Spot]:
    found: list[Spot] = [start, (min(max(start[0], low[0]), high[0]), min(max(start[1], low[1]), high[1]))]
    found += [(x, y) for x in (low[0], high[0]) for y in (low[1], high[1])]
    for cx, cy, cr in circles:
        dx, dy = start[0] - cx, start[1] - cy
        span = math.hypot(dx, dy)
        if span > 1e-12:
            found.append((cx + dx / span * cr, cy + dy / span * cr))
        else:  # centred on it: every direction is as near; offer a ring of them
            found += [(cx + cr * math.cos(math.radians(a)), cy + cr * math.sin(math.radians(a)))
                      for a in range(0, 360, 5)]
        for axis, value in ((0, low[0]), (0, high[0]), (1, low[1]), (1, high[1])):
            found += _line_crossings((cx, cy, cr), axis, value)
    for a, b in itertools.combinations(circles, 2):
        found += _circle_crossings(a, b)
    for seg in segments:
        found += _segment_points(seg, start, circles, low, high, segments)
    return found


def _grown_outline(feature: Feature, radius: float) -> tuple[list[Circle], list[Segment]]:
    """The outline of ``feature`` grown by ``radius``, as the exact pieces it is made of: a circle
    round every corner (or the one grown circle of a round feature) and every edge moved out by
    the radius on either side (the pieces inside the grown shape are filtered out later)."""
    if feature.circle is not None:
        cx, cy, cr = feature.circle
        return [(cx, cy, cr + radius)], []
    ring = [(float(x), float(y)) for x, y, *_ in feature.shape.exterior.coords]
    circles = [(x, y, radius) for x, y in ring[:-1]]
    segments: list[Segment] = []
    for (ax, ay), (bx, by) in itertools.pairwise(ring):
        length = math.hypot(bx - ax, by - ay)
        if length < 1e-12:
            continue
        nx, ny = -(by - ay) / length * radius, (bx - ax) / length * radius
        segments += [((ax + nx * s, ay + ny * s), (bx + nx * s, by + ny * s)) for s in (-1.0, 1.0)]
    return circles, segments


def nearest_spot(board: Board, rules: GeometryRules, piece: Piece, others: list[Piece]) -> tuple[Spot | None, bool]:
    """The nearest spot to ``piece`` where its base overlaps none of ``others``, stays on the
    table and out of terrain it may not stand in; and whether another spot is as near."""
    radius = piece.radius
    circles = [(o.x, o.y, o.radius + radius) for o in others]
    low, high = (radius, radius), (board.width - radius, board.height - radius)
    blocking = _blocking(board, rules)
    outline_circles: list[Circle] = []
    segments: list[Segment] = []
    for feature in blocking:
        arcs, straight = _grown_outline(feature, radius)
        outline_circles += arcs
        segments += straight

    def legal(spot: Spot) -> bool:
        return (low[0] - SLACK <= spot[0] <= high[0] + SLACK and low[1] - SLACK <= spot[1] <= high[1] + SLACK
                and all(math.hypot(spot[0] - cx, spot[1] - cy) >= cr - 1e-7 for cx, cy, cr in circles)
                and all(distance_to(f, spot) >= radius - 1e-7 for f in blocking))

    spots = sorted({(round(x, 9), round(y, 9)) for x, y in _candidates(piece.centre, circles + outline_circles, low,
                                                                      high, segments) if legal((x, y))},
                   key=lambda s: math.hypot(s[0] - piece.x, s[1] - piece.y))
    if not spots:
        return None, False
    best = math.hypot(spots[0][0] - piece.x, spots[0][1] - piece.y)
    tie = len(spots) > 1 and math.hypot(spots[1][0] - piece.x, spots[1][1] - piece.y) <= best + 1e-6
    return spots[0], tie


def _overlapping(piece: Piece, others: list[Piece]) -> list[Piece]:
    return [o for o in others if math.hypot(o.x - piece.x, o.y - piece.y) < o.radius + piece.radius - 1e-6]


def least_disturbance(board: Board, rules: GeometryRules, mover: Piece, level: list[Piece]) -> Settlement:
    """Settle ``mover`` (already at its final spot) among ``level``, the models on its surface."""
    others = [p for p in level if p.id != mover.id]
    under = _overlapping(mover, others)
    if not under:
        return Settlement(mover.centre)
    unmovable = [p.id for p in under if p.base_mm in rules.disturbance.immovable
                 or (rules.disturbance.mover_yields_to_larger and p.base_mm > mover.base_mm)]
    if unmovable:
        spot, tie = nearest_spot(board, rules, mover, others)
        if spot is None:
            return Settlement(mover.centre, unplaced=[mover.id], rule=f"no legal spot for {mover.id}")
        moved = Displacement(mover.id, mover.centre, spot)
        return Settlement(spot, [moved], tie, rule=(
            f"least disturbance: {mover.id} overlaps {', '.join(unmovable)}, which the rule does not move past "
            f"it, so {mover.id} moves {moved.moved:.3f}\" to the nearest legal spot"))
    return _move_the_others(board, rules, mover, others, under)


def _move_the_others(board: Board, rules: GeometryRules, mover: Piece, others: list[Piece],
                     under: list[Piece]) -> Settlement:
    orders = list(itertools.permutations(under)) if len(under) <= MAX_ORDERED else [tuple(under)]
    results: list[tuple[float, list[Displacement], bool, list[str]]] = []
    for order in orders:
        placed: dict[str, Piece] = {}
        moves: list[Displacement] = []
        tie, unplaced = False, []
        for piece in order:
            fixed = [mover, *(placed.get(o.id, o) for o in others if o.id != piece.id
                              and (o.id in placed or all(o.id != u.id for u in under)))]
            spot, tied = nearest_spot(board, rules, piece, fixed)
            if spot is None:
                unplaced.append(piece.id)
                continue
            placed[piece.id] = replace(piece, x=spot[0], y=spot[1])
            moves.append(Displacement(piece.id, piece.centre, spot))
            tie = tie or tied
        results.append((sum(m.moved for m in moves) + 1e6 * len(unplaced), moves, tie, unplaced))
    results.sort(key=lambda r: r[0])
    total, moves, tie, unplaced = results[0]
    others_tie = any(abs(r[0] - total) <= 1e-6 and sorted((m.id, m.end) for m in r[1])
                     != sorted((m.id, m.end) for m in moves) for r in results[1:])
    moves.sort(key=lambda m: m.id)
    text = "; ".join(f"{m.id} {m.moved:.3f}\"" for m in moves)
    return Settlement(mover.centre, moves, tie or others_tie, unplaced, rule=(
        f"least disturbance: {mover.id} stays; "
        + ("the model under it moves" if len(under) == 1 else f"the {len(under)} models under it move")
        + " out of the way "
        f"({text}; {total if not unplaced else sum(m.moved for m in moves):.3f}\" in all)"
        + (f"; no legal spot for {', '.join(unplaced)}" if unplaced else "")
        + ("; equally short options: randomize" if tie or others_tie else "")))
