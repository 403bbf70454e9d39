"""The rule of least disturbance: where models go when a moved model ends on top of them.

The moved model stays where it ended and the models it overlaps are moved out of its way:
as few as possible (only the overlapped ones: each of them must move, and no other need), to
the spots that make the total distance moved least (seed 001 L1429-1431, seed 003 L1512-1514,
seed 000 L1771-1788).  Where an edition says so, the moved model is the one repositioned
instead (when it overlaps a base the rule never moves, or a larger one).

One model's nearest legal spot is exact (:mod:`clearance`).  Several models are placed jointly
(:mod:`jointplace`): first one after another in every order (up to six models), then a branch
and bound from the best of those proves the least total within ``PROVEN_WITHIN`` inches (or
reports the gap it proved).  Equally short options are reported as a tie to randomize, as the
rules say: a model with two equally near spots, or another arrangement whose total is as short
within the tolerance and which puts some model elsewhere (by more than ``DIFFERENT_OPTION``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.clearance import Keepout, Spot
from wmdata.geometry.jointplace import PROVEN_WITHIN, Mover, place_jointly
from wmdata.geometry.rules import GeometryRules

MAX_ORDERED = 6
#: Equally near spots closer together than this are one option (the candidates where a model
#: fits into a narrow corner can be a hair apart), not two to randomize between.
DISTINCT = 0.001


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
    #: Several models moved: the total is proven least within this many inches (None: exact).
    within: float | None = None


def nearest_spot(board: Board, rules: GeometryRules, piece: Piece, others: list[Piece]) -> tuple[Spot | None, bool]:
    """The nearest spot to ``piece`` where its base overlaps none of ``others``, stays on the
    table and out of terrain it may not stand in; and whether another spot is as near."""
    spots = Keepout.around(board, rules, piece, others).nearest(piece.centre)
    if not spots:
        return None, False
    best = math.hypot(spots[0][0] - piece.x, spots[0][1] - piece.y)
    tie = any(math.hypot(s[0] - piece.x, s[1] - piece.y) <= best + 1e-6 and math.dist(s, spots[0]) > DISTINCT
              for s in spots[1:])
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


def _every_order(movers: list[Mover]) -> list[dict[int, Spot]]:
    """Each model in turn to its nearest spot legal against the fixed models and those placed
    before it, in every order (up to ``MAX_ORDERED`` models, else in the given order); a model
    with no legal spot left is skipped.  Orders that reach the same placements so far share the
    rest of the work: most orders end in one of a few arrangements."""
    orders_left = len(movers) if len(movers) <= MAX_ORDERED else 1
    states: dict[tuple[object, ...], dict[int, Spot | None]] = {(): {}}
    for _ in movers:
        reached: dict[tuple[object, ...], dict[int, Spot | None]] = {}
        for placed in states.values():
            waiting = [i for i in range(len(movers)) if i not in placed][:orders_left]
            for i in waiting:
                apart = [[(spot[0], spot[1], movers[j].radius + movers[i].radius)]
                         for j, spot in placed.items() if spot is not None]
                after = {**placed, i: movers[i].keepout.best(movers[i].start, apart)}
                key = tuple(sorted((j, None if spot is None else (round(spot[0], 9), round(spot[1], 9)))
                                   for j, spot in after.items()))
                reached.setdefault(key, after)
        states = reached
    return [{i: spot for i, spot in placed.items() if spot is not None} for placed in states.values()]


def _move_the_others(board: Board, rules: GeometryRules, mover: Piece, others: list[Piece],
                     under: list[Piece]) -> Settlement:
    fixed = [mover, *(o for o in others if all(o.id != u.id for u in under))]
    if len(under) == 1:
        spot, tie = nearest_spot(board, rules, under[0], fixed)
        moves = [Displacement(under[0].id, under[0].centre, spot)] if spot is not None else []
        return _settled(mover, under, moves, tie, [] if spot is not None else [under[0].id], None)
    movers = [Mover(p.centre, p.radius, Keepout.around(board, rules, p, fixed)) for p in under]
    tried = _every_order(movers)
    found = [[placed[i] for i in range(len(under))] for placed in tried if len(placed) == len(under)]
    if not found:  # some model has no legal spot whatever the order: place as many as possible
        most = max(tried, key=len)
        moves = [Displacement(p.id, p.centre, most[i]) for i, p in enumerate(under) if i in most]
        return _settled(mover, under, moves, False, [p.id for i, p in enumerate(under) if i not in most], None)
    joint = place_jointly(movers, found)
    moves = [Displacement(p.id, p.centre, spot) for p, spot in zip(under, joint.spots, strict=True)]
    tied = joint.tie or any(nearest_spot(board, rules, p, [*fixed, *(
        Piece(q.id, m.end[0], m.end[1], q.base_mm, q.height) for q, m in zip(under, moves, strict=True)
        if q.id != p.id)])[1] for p in under)
    return _settled(mover, under, moves, tied, [], joint.gap)


def _settled(mover: Piece, under: list[Piece], moves: list[Displacement], tie: bool, unplaced: list[str],
             gap: float | None) -> Settlement:
    moves.sort(key=lambda m: m.id)
    total = sum(m.moved for m in moves)
    text = "; ".join(f"{m.id} {m.moved:.3f}\"" for m in moves)
    proof = "" if gap is None else (
        f"; least total proven within {PROVEN_WITHIN:g}\"" if gap <= PROVEN_WITHIN + 1e-12
        else f"; least total not proven: within {gap:.4f}\" of it")
    return Settlement(mover.centre, moves, tie, unplaced, within=gap, rule=(
        f"least disturbance: {mover.id} stays; "
        + ("the model under it moves" if len(under) == 1 else f"the {len(under)} models under it move")
        + " out of the way"
        + (f" ({text}; {total:.3f}\" in all)" if moves else "")
        + proof
        + (f"; no legal spot for {', '.join(unplaced)}" if unplaced else "")
        + ("; equally short options: randomize" if tie else "")))
