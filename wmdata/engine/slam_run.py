"""The slam move before a slam power attack's roll.

The slammer advances its SPD plus 3 inches straight at the target and must end with the target
in the slam's melee range; only a run of 3 inches or more makes a hit slam the target: after a
shorter run a hit deals the slam's damage roll but moves nothing and knocks nothing down (seed
001 L1071-1079, seed 003 L1856-1872, seed 000 L2395-2466).  On a board the geometry engine
runs the move (:func:`~wmdata.geometry.lanes.slam_approach`); without one, ``--distance`` is the
gap the slammer closes, ending base to base, and with no distance the run is not known and the
slam is taken as a full one (the output says so).  The ruleset's ``short_slam`` attacker state
carries what a short run changes (the slam kind's ``no_move_states`` and its knockdown's
``when``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.lanes import slam_approach, slam_range
from wmdata.geometry.measure import TOLERANCE, edge_distance
from wmdata.geometry.rules import GeometryRules

SHORT_SLAM = "short_slam"
"""The ruleset state of a slammer whose run was under 3 inches."""
FULL_RUN = 3.0
"""The run a slam needs to move the target (every edition)."""


class SlamRunError(ValueError):
    """The slam move does not bring the target into the slam's melee range: the slam fails."""


@dataclass(frozen=True, slots=True)
class SlamRun:
    """How far the slammer ran, and where the attack is then made from."""

    run: float | None
    """Inches the slammer advanced (None: not known, taken as a full slam)."""
    gap: float
    """Inches edge to edge between the slammer and the target after the move."""
    told: str
    board: Board | None = None
    """On a board: the board with the slammer where its move ended."""

    @property
    def short(self) -> bool:
        """A run under 3 inches: a hit deals damage but slams nothing."""
        return self.run is not None and self.run < FULL_RUN - TOLERANCE

    def state(self) -> list[str]:
        """The attacker states the run puts on the slam (``short_slam`` after a short run)."""
        return [SHORT_SLAM] if self.short else []

    def as_json(self) -> dict[str, object]:
        return {"run": None if self.run is None else round(self.run, 6), "short": self.short,
                "gap_after": round(self.gap, 6), "told": self.told}


def _verdict(run: float) -> str:
    if run < FULL_RUN - TOLERANCE:
        return "under 3\": a hit deals the slam's damage roll but does not move or knock down the target"
    return "3\" or more: a full slam"


def open_table_run(rules: GeometryRules, gap: float | None, speed: float, base_mm: int) -> SlamRun:
    """Without a board: the slammer closes ``gap`` (``--distance``, edge to edge) up to its SPD +
    3 inches, ending base to base; None: the run is not known."""
    if gap is None:
        return SlamRun(None, 0.0, "slam run not known (give --distance, the gap the slammer closes): taken as 3\" "
                                  "or more, a full slam")
    limit = speed + rules.slam.approach_bonus
    run = min(gap, limit)
    left = gap - run
    reach = slam_range(rules, Piece("slammer", 0.0, 0.0, base_mm, 0.0))
    if left > reach + TOLERANCE:
        raise SlamRunError(f"the slam fails: the target is {gap:g}\" away and the slammer runs at most SPD "
                           f"{speed:g} + {rules.slam.approach_bonus:g}\" = {limit:g}\", ending {left:g}\" from it, "
                           f"beyond the slam's {reach:g}\" melee range")
    return SlamRun(run, left, f"slam run {run:g}\" (--distance {gap:g}, the slammer closes the gap): {_verdict(run)}")


def board_run(board: Board, rules: GeometryRules, slammer: Piece, target: Piece, speed: float) -> SlamRun:
    """On a board: the geometry engine's slam move from where the slammer stands, the slammer then
    facing its target where the move ended."""
    approach = slam_approach(board, rules, slammer, target, speed)
    if not approach.in_melee_range:
        raise SlamRunError(f"the slam fails: {approach.rule}")
    end = approach.end
    facing = math.degrees(math.atan2(target.y - end[1], target.x - end[0]))
    moved = replace(slammer, x=end[0], y=end[1], facing=facing)
    after = board.replace_pieces(tuple(moved if p.id == slammer.id else p for p in board.pieces))
    return SlamRun(approach.moved, edge_distance(moved, target),
                   f"slam run {approach.moved:.3f}\" on the board: {_verdict(approach.moved)} ({approach.rule})", after)
