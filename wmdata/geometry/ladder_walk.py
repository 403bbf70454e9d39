"""An advance meets a ladder, stairs or elevator (MkIV, :mod:`ladders`): whether it goes up or down
one on this straight stretch, the walk to it and where it is put, or why not; and the edge of a top
it may not step off.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.falling import surface
from wmdata.geometry.ladders import LadderUse, fits_on, placement, standing_on, top_edge, trip
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.spending import ROUGH_PENALTY, heading, movement_used, rough_penalty

if TYPE_CHECKING:
    from wmdata.geometry.advance import AdvanceResult


def ladder_step(board: Board, rules: GeometryRules, mover: Piece, to: tuple[float, float], left: float,
                leg: AdvanceResult, uses: list[LadderUse], paid: bool,
                walk_to: Callable[[tuple[float, float], float], AdvanceResult]
                ) -> tuple[AdvanceResult, LadderUse | None, Piece | None] | None:
    """What a ladder changes in this straight stretch of an advance (``leg``): the walk to a ladder the mover takes, the
    trip and where it is put; or the leg again, stopped at the edge of the top it stands on or with
    why it could not take a ladder it reached; None: nothing.  Going up is tried when the line to
    the destination stops at a feature with ladders, going down when the mover stands on such a
    feature and is headed off it (stepping off its top would be a fall, seed 000 L1744-1747, so an
    advance stops at the edge).
    ``walk_to``: this leg's advance toward another point on its line with so much movement; the
    line is followed without limit to find what stops it, so that a ladder passed before the
    movement runs out counts even when the contact lies beyond."""
    direction = heading(mover, to)
    used = frozenset(use.ladder for use in uses)
    top = standing_on(board, rules, mover)
    edge = top_edge(top, mover, direction, leg.moved) if top is not None else leg.moved
    if top is not None:
        found = None if fits_on(top, to, mover.radius) else trip(board, rules, mover, direction, edge, top, "down",
                                                                 used)
    else:  # half rate costs at most twice the distance, MkIV's rough 2" more: enough to reach the end
        line = walk_to(to, 2 * math.hypot(to[0] - mover.x, to[1] - mover.y) + ROUGH_PENALTY)
        blocker = next((f for f in board.features if f.id == line.stopped_by), None)
        found = trip(board, rules, mover, direction, line.moved, blocker, "up", used) if blocker is not None else None
    notes: list[str] = []
    walk = walk_to(_along(mover, direction, found.walk), left) if found is not None else leg
    if found is not None and walk.moved >= found.walk - TOLERANCE:  # else its movement runs out first
        there = replace(mover, x=walk.end[0], y=walk.end[1])
        rest = left - movement_used(board, rules, mover, direction, walk.moved) \
            - (rough_penalty(board, rules, mover, to, walk.moved, left, paid) or 0.0)
        cost = found.rule.cost
        unconfirmed = " (unconfirmed)" if f"terrain.{found.ladder.kind}.ladder.cost" in rules.unconfirmed else ""
        spot = placement(board, rules, there, found.ladder, found.rule, found.feature, found.way, to) \
            if rest >= cost - TOLERANCE else None
        if spot is not None:
            placed = replace(there, x=spot[0], y=spot[1], elevation=found.feature.height if found.way == "up" else
                             surface(board, rules, replace(there, x=spot[0], y=spot[1]), direction)[0])
            use = LadderUse(found.ladder.id, found.feature.id, found.way, walk.end, spot, placed.elevation, cost)
            height = f"{placed.elevation:g}\" up" if placed.elevation > TOLERANCE else "on the table"
            reached = [walk.rule] if walk.moved > TOLERANCE else [f"within {found.rule.reach:g}\" of "
                                                                   f"{found.ladder.id} where it starts"]
            return replace(walk, rule="; ".join([*reached, (
                f"goes {found.way} {found.ladder.id} ({found.feature.id}) for {cost:g}\" of movement{unconfirmed}, "
                f"put at ({spot[0]:.3f}, {spot[1]:.3f}), {height}: the spot within {found.rule.reach:g}\" of it "
                "nearest where it is heading")])), use, placed
        notes.append(f"cannot go {found.way} {found.ladder.id}: " + (
            f"{rest:.3f}\" of movement left, it needs {cost:g}\"{unconfirmed}" if rest < cost - TOLERANCE
            else f"no room for its base within {found.rule.reach:g}\" of it"))
    if top is not None and edge < leg.moved - TOLERANCE:
        walk = walk_to(_along(mover, direction, edge), left)
        notes.append(f"stops at the edge of {top.id}: stepping off it would be a fall")
        return replace(walk, rule="; ".join([walk.rule, *notes]), asked=leg.asked, stopped_by=top.id), None, None
    return (replace(leg, rule="; ".join([leg.rule, *notes])), None, None) if notes else None


def _along(mover: Piece, direction: tuple[float, float], distance: float) -> tuple[float, float]:
    """The point ``distance`` inches from the model's centre along ``direction``."""
    return (mover.x + direction[0] * distance, mover.y + direction[1] * distance)
