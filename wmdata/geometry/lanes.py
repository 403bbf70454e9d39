"""Straight movement lanes: a charge toward a target and a trample in a chosen direction
(slams and throws, which move a model against its will, are in :mod:`forced`).

Contacts with bases are solved exactly (where a moving circle first touches a standing
one is a quadratic in the distance moved); contacts with terrain and the extra cost of
rough terrain are found exactly on the lane swept by the base (:mod:`corridor`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.corridor import distance_to, touching_stretches
from wmdata.geometry.freestrikes import FreeStrike, trample_free_strikes
from wmdata.geometry.levels import Levels, first_meeting, ground_levels, standing
from wmdata.geometry.measure import TOLERANCE, centre_distance, within
from wmdata.geometry.modifiers import in_melee_range
from wmdata.geometry.movers import clear_end, mover_rules
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.terraces import terraces

HUGE_BASE_MM = 120
RoughMode = Literal["half_rate", "minus_two", "none"]
Direction = tuple[float, float]


@dataclass(slots=True)
class LaneResult:
    rule: str
    start: tuple[float, float]
    end: tuple[float, float]
    moved: float
    stopped_by: str | None
    contacted: list[str] = field(default_factory=list)
    in_melee_range: bool | None = None
    charge_attack: bool | None = None
    trampled: list[str] | None = None
    free_strikes: list[FreeStrike] | None = None

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "rule": self.rule, "start": list(self.start), "end": [round(v, 6) for v in self.end],
            "moved": round(self.moved, 6), "stopped_by": self.stopped_by, "contacted": self.contacted,
            "in_melee_range": self.in_melee_range, "charge_attack": self.charge_attack}
        if self.trampled is not None:
            data["trampled"] = self.trampled
        if self.free_strikes is not None:
            data["free_strikes"] = [strike.as_json() for strike in self.free_strikes]
        return data


def contact_distance(mover: Piece, direction: tuple[float, float], other: Piece) -> float | None:
    """How far ``mover`` travels along ``direction`` before its base touches ``other`` (None: never)."""
    dx, dy = mover.x - other.x, mover.y - other.y
    reach = mover.radius + other.radius
    b = dx * direction[0] + dy * direction[1]
    c = dx * dx + dy * dy - reach * reach
    disc = b * b - c
    if disc < 0:
        return None
    t = -b - math.sqrt(disc)
    return t if t >= -TOLERANCE else None


def meeting_distance(board: Board, rules: GeometryRules, heights: Levels, mover: Piece, direction: Direction,
                     other: Piece) -> float | None:
    """How far ``mover`` travels before its base touches ``other``'s where their volumes share a
    height (:mod:`levels`; None: never), the mover standing at ``heights`` along the way."""
    span = overlap_interval(mover, direction, other, touching=True)
    return first_meeting(heights, span, mover, other, standing(board, rules, other)) if span else None


def overlap_interval(mover: Piece, direction: Direction, other: Piece, *,
                     touching: bool = False) -> tuple[float, float] | None:
    """The stretch of a straight move (distances along ``direction``) over which ``mover``'s base
    overlaps ``other``'s; None when it never does.  A graze that only touches is not an overlap,
    unless ``touching``: then it is the single point where the bases touch (contact, as in a slam
    or throw, where exactly touching counts)."""
    dx, dy = mover.x - other.x, mover.y - other.y
    reach = mover.radius + other.radius
    b = dx * direction[0] + dy * direction[1]
    disc = b * b - (dx * dx + dy * dy - reach * reach)
    if touching and -1e-9 <= disc <= 1e-12 and -b > TOLERANCE:
        return -b, -b
    if disc <= 1e-12:
        return None
    root = math.sqrt(disc)
    if -b + root <= TOLERANCE:
        return None
    return max(0.0, -b - root), -b + root


def table_limit(board: Board, mover: Piece, direction: Direction) -> float:
    """How far the base can move along ``direction`` and stay completely on the table."""
    limit = math.inf
    for coord, step, size in ((mover.x, direction[0], board.width), (mover.y, direction[1], board.height)):
        if step > 1e-12:
            limit = min(limit, (size - mover.radius - coord) / step)
        elif step < -1e-12:
            limit = min(limit, (coord - mover.radius) / -step)
    return max(0.0, limit)


def terrain_contact(board: Board, mover: Piece, direction: Direction, length: float,
                    kinds: set[str], *, above: float | None = None,
                    skip: frozenset[str] = frozenset()) -> tuple[float, str] | None:
    """First distance at which the moving base touches a feature of one of ``kinds`` (exact
    circle and segment geometry, :mod:`corridor`); a feature the base already overlaps where it
    starts does not stop it, one it only touches does when it moves into it.  ``above``: the
    base moves through the air at that height, over every feature no taller.  ``skip``: ids of
    features it does not stop at."""
    best: tuple[float, str] | None = None
    for feature in board.features:
        if (feature.kind not in kinds or feature.id in skip
                or distance_to(feature, mover.centre) < mover.radius - TOLERANCE):
            continue
        if above is not None and feature.height <= above + TOLERANCE:
            continue
        for low, high in touching_stretches(feature, mover.centre, direction, mover.radius, length):
            if low <= TOLERANCE and high <= TOLERANCE:
                continue  # touching where it starts and moving away
            if best is None or low < best[0]:
                best = (low, feature.id)
            break
    return best


def rough_length(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float],
                  length: float) -> float:
    """How much of the first ``length`` inches is travelled with part of the base in rough terrain."""
    if length <= 0:
        return 0.0
    total = 0.0
    for feature in board.features:
        rule = rules.terrain.get(feature.kind)
        if rule is not None and rule.rough:
            total += sum(high - low for low, high in touching_stretches(feature, mover.centre, direction,
                                                                          mover.radius, length))
    return min(total, length)


def reach_with_rough(board: Board, rules: GeometryRules, mover: Piece, direction: Direction,
                     budget: float, mode: RoughMode) -> tuple[float, str]:
    """How far the budget carries the base through rough terrain under ``mode``, and the rule used."""
    if mode == "none" or not any(rules.terrain.get(f.kind) is not None and rules.terrain[f.kind].rough
                                 for f in board.features):
        return budget, ""
    if mode == "minus_two":
        if rough_length(board, rules, mover, direction, budget) > 0:
            return max(1.0, budget - 2), "rough terrain: movement reduced by 2\" (at least 1\")"
        return budget, ""
    low, high = 0.0, budget
    for _ in range(60):
        mid = (low + high) / 2
        if mid + rough_length(board, rules, mover, direction, mid) <= budget:
            low = mid
        else:
            high = mid
    note = "rough terrain: every inch with the base in it costs 2\"" if low < budget - TOLERANCE else ""
    return low, note


def _advance(board: Board, rules: GeometryRules, mover: Piece, target: Piece,
             budget: float) -> tuple[Piece, float, str | None, str]:
    """Move straight at the target's centre up to ``budget`` inches (rough terrain per the
    edition), stopping on first contact with a base or with terrain that stops movement: the
    moved piece (facing its target), the distance, what stopped it and the rough-terrain note.
    A model with Flight or Incorporeal moves by its edition's mover rules (:mod:`movers`): it
    passes the models and terrain kinds they list, and ends clear of them.  A terraced obstruction
    its base fits on is open ground to it (:mod:`terraces`)."""
    span = centre_distance(mover, target) or 1.0
    direction = ((target.x - mover.x) / span, (target.y - mover.y) / span)
    passer = mover_rules(rules, mover)
    rough_mode = "none" if passer is not None and passer.open_terrain else rules.rough_rule
    reach, rough_note = reach_with_rough(board, rules, mover, direction, budget, rough_mode)
    if passer is not None and passer.open_terrain:
        rough_note = f"{passer.ability}: rough terrain does not slow it"
    stop, stopped_by = reach, None
    passes_models = passer is not None and passer.passes_models
    heights = ground_levels(board, rules, mover, direction, reach)
    for other in board.pieces:
        if other.id == mover.id or (passes_models and other.id != target.id):
            continue
        t = contact_distance(mover, direction, other) if other.id == target.id else \
            meeting_distance(board, rules, heights, mover, direction, other)
        if t is not None and t < stop - TOLERANCE:
            stop, stopped_by = max(0.0, t), other.id
    passed_kinds = passer.passes_kinds if passer is not None else frozenset()
    blockers = {k for k, r in rules.terrain.items() if (r.stops_movement or r.impassable) and k not in passed_kinds}
    wall = terrain_contact(board, mover, direction, stop, blockers, skip=terraces(board, rules, mover))
    if wall is not None and wall[0] < stop - TOLERANCE:
        stop, stopped_by = wall
    if passer is not None:
        fitted = clear_end(board, mover, target.id, direction, stop, passes_models, passed_kinds)
        if fitted < stop - TOLERANCE:
            backed = f"{passer.ability}: backs off {stop - fitted:.3f}\" to end clear of what it moved through"
            rough_note = f"{rough_note}; {backed}" if rough_note else backed
            stop, stopped_by = fitted, None
    moved = replace(mover, x=mover.x + direction[0] * stop, y=mover.y + direction[1] * stop, facing=math.degrees(
        math.atan2(direction[1], direction[0])))
    return moved, stop, stopped_by, rough_note


class LaneError(ValueError):
    """A charge or slam move cannot end where the player asked."""


def _by_choice(mover: Piece, moved: Piece, stop: float, stopped_by: str | None, stop_after: float | None,
               in_range: Callable[[Piece], bool], what: str) -> tuple[Piece, float, str | None, str]:
    """Where the move ends when the player ends it ``stop_after`` inches along: the seeds let a
    charge or slam move end at any point once the target is in range (seed 001 L837, L1071;
    seed 003 L1356, L1860; seed 000 L1341-1343, L2398-2400), never before, never past where it stops."""
    if stop_after is None:
        return moved, stop, stopped_by, ""
    if stop_after > stop + TOLERANCE:
        raise LaneError(f"{mover.id} cannot end its {what} after {stop_after:g}\": the move ends after {stop:.3f}\""
                        + (f" (contact with {stopped_by})" if stopped_by else ""))
    heading = math.radians(moved.facing)
    chosen = replace(moved, x=mover.x + math.cos(heading) * stop_after, y=mover.y + math.sin(heading) * stop_after)
    if not in_range(chosen):
        raise LaneError(f"{mover.id} cannot end its {what} after {stop_after:g}\": its target is not yet in range "
                        "there, and the move may end early only once it is")
    return chosen, stop_after, None, f"ends its {what} by choice after {stop_after:g}\" (the target in range)"


def _after(board: Board, mover: Piece, moved: Piece) -> Board:
    return board.replace_pieces(tuple(moved if p.id == mover.id else p for p in board.pieces))


def charge(board: Board, rules: GeometryRules, mover: Piece, target: Piece, speed: float,
           stop_after: float | None = None) -> LaneResult:
    """Charge straight at the target's centre: SPD plus the charge bonus, stopping on first
    contact, or ``stop_after`` inches along when the player ends it there with the target in range."""
    moved, stop, stopped_by, rough_note = _advance(board, rules, mover, target, speed + rules.charge_bonus)
    moved, stop, stopped_by, chosen = _by_choice(
        mover, moved, stop, stopped_by, stop_after,
        lambda there: in_melee_range(_after(board, mover, there), rules, there, target), "charge")
    rough_note = "; ".join(n for n in (rough_note, chosen) if n)
    moved_board = _after(board, mover, moved)
    reached = in_melee_range(moved_board, rules, moved, target)
    rule = (f"charge {speed:g}\" + {rules.charge_bonus:g}\" straight at {target.id}'s centre"
            + (f"; {rough_note}" if rough_note else "")
            + (f"; stops on contact with {stopped_by}" if stopped_by else "")
            + f"; moved {stop:.3f}\""
            + ("; ends with the target in melee range" if reached else "; fails: the target is not in melee range"))
    return LaneResult(rule, mover.centre, moved.centre, stop, stopped_by,
                      [stopped_by] if stopped_by and board.has(stopped_by) else [], reached,
                      reached and stop >= 3 - TOLERANCE)


def follow(board: Board, rules: GeometryRules, mover: Piece, target: Piece, distance: float) -> LaneResult:
    """An advance straight at the target of at most ``distance`` inches (after a push, the pusher
    may follow the pushed model as far as it moved, seed 001 L1053), stopping on first contact
    with a base or with terrain that stops movement, rough terrain per the edition, like a charge."""
    moved, stop, stopped_by, rough_note = _advance(board, rules, mover, target, distance)
    rule = (f"follows up to {distance:g}\" straight at {target.id}'s centre"
            + (f"; {rough_note}" if rough_note else "")
            + (f"; stops on contact with {stopped_by}" if stopped_by else "")
            + f"; moved {stop:.3f}\"")
    return LaneResult(rule, mover.centre, moved.centre, stop, stopped_by,
                      [stopped_by] if stopped_by and board.has(stopped_by) else [])


def slam_range(rules: GeometryRules, slammer: Piece) -> float:
    """The slam power attack's melee range: a huge base's where the edition gives one."""
    if slammer.base_mm == HUGE_BASE_MM and rules.slam.huge_melee_range is not None:
        return rules.slam.huge_melee_range
    return rules.slam.melee_range


def slam_approach(board: Board, rules: GeometryRules, mover: Piece, target: Piece, speed: float,
                  stop_after: float | None = None) -> LaneResult:
    """The slammer advances SPD plus the slam bonus straight at its target, stopping on contact with
    any base or with terrain that stops movement (or ``stop_after`` inches along, where the player
    ends it with the target in the slam's range); the slam succeeds when the target then is within
    the slam's melee range, and makes its attack (and can move the target) after at least 3"."""
    bonus = rules.slam.approach_bonus
    moved, stop, stopped_by, rough_note = _advance(board, rules, mover, target, speed + bonus)
    reach = slam_range(rules, mover)
    moved, stop, stopped_by, chosen = _by_choice(mover, moved, stop, stopped_by, stop_after,
                                                 lambda there: within(there, target, reach), "slam move")
    rough_note = "; ".join(n for n in (rough_note, chosen) if n)
    reached = within(moved, target, reach)
    rule = (f"slam {speed:g}\" + {bonus:g}\" straight at {target.id}'s centre"
            + (f"; {rough_note}" if rough_note else "")
            + (f"; stops on contact with {stopped_by}" if stopped_by else "")
            + f"; moved {stop:.3f}\""
            + (f"; {target.id} is within the slam's {reach:g}\" melee range" if reached else
               f"; fails: {target.id} is not within the slam's {reach:g}\" melee range")
            + ("" if not reached or stop >= 3 - TOLERANCE else "; under 3\": an attack roll, but no slam"))
    return LaneResult(rule, mover.centre, moved.centre, stop, stopped_by,
                      [stopped_by] if stopped_by and board.has(stopped_by) else [], reached,
                      reached and stop >= 3 - TOLERANCE)


def trample(board: Board, rules: GeometryRules, mover: Piece, heading: float, speed: float) -> LaneResult:
    """Trample along ``heading`` (degrees counter-clockwise from +x): SPD plus the bonus in a straight
    line, through the bases the rules let it cross, stopping at any other base, at a feature that
    stops movement or at the table edge, and backed off until its base fits where it ends."""
    angle = math.radians(heading)
    direction = (math.cos(angle), math.sin(angle))
    budget = speed + rules.trample.bonus
    passer = mover_rules(rules, mover)
    open_terrain = passer is not None and passer.open_terrain
    reach, rough_note = reach_with_rough(board, rules, mover, direction, budget,
                                         "none" if open_terrain else rules.rough_rule)
    passes_models = passer is not None and passer.passes_models
    passed_kinds = passer.passes_kinds if passer is not None else frozenset()
    edge = table_limit(board, mover, direction)
    stop, stopped_by = min(reach, edge), ("the table edge" if edge < reach - TOLERANCE else None)
    crossed: list[tuple[float, float, str]] = []
    heights = ground_levels(board, rules, mover, direction, stop)
    for other in board.pieces:
        span = overlap_interval(mover, direction, other) if other.id != mover.id and not other.incorporeal else None
        met = first_meeting(heights, span, mover, other, standing(board, rules, other)) if span else None
        if span is None or met is None:
            continue
        span = (met, span[1])
        if other.base_mm in rules.trample.through_bases:
            crossed.append((span[0], span[1], other.id))
        elif not passes_models and span[0] < stop - TOLERANCE:
            stop, stopped_by = span[0], other.id
    blockers = {k for k, r in rules.terrain.items() if (r.stops_movement or r.impassable) and k not in passed_kinds}
    wall = terrain_contact(board, mover, direction, stop, blockers)
    if wall is not None and wall[0] < stop - TOLERANCE:
        stop, stopped_by = wall
    if passer is not None:
        # Flight or Incorporeal: it moves over larger bases and the terrain it passes, not onto them.
        notes = [f"{passer.ability}: rough terrain does not slow it"] if open_terrain else [rough_note]
        cleared = clear_end(board, mover, "", direction, stop, passes_models, passed_kinds)
        if cleared < stop - TOLERANCE:
            notes.append(f"{passer.ability}: backs off {stop - cleared:.3f}\" to end clear of what it moved through")
            stop, stopped_by = cleared, None
        rough_note = "; ".join(n for n in notes if n)
    fitted = stop
    while any(start < fitted - TOLERANCE < end for start, end, _ in crossed):
        fitted = min(start for start, end, _ in crossed if start < fitted - TOLERANCE < end)
    trampled = [pid for start, _, pid in sorted(crossed) if start < fitted - TOLERANCE]
    end = (mover.x + direction[0] * fitted, mover.y + direction[1] * fitted)
    small = ", ".join(f"{b} mm" for b in sorted(rules.trample.through_bases))
    rule = (f"trample {speed:g}\" + {rules.trample.bonus:g}\" at {heading:g} degrees, through {small} bases"
            + (f"; {rough_note}" if rough_note else "")
            + (f"; stops at {stopped_by}" if stopped_by else "")
            + (f"; backed off {stop - fitted:.3f}\" to end clear of the bases it crossed" if fitted < stop - TOLERANCE
               else "")
            + f"; moved {fitted:.3f}\"")
    contacted = [stopped_by] if stopped_by and board.has(stopped_by) and fitted >= stop - TOLERANCE else []
    strikes = trample_free_strikes(board, rules, replace(mover, facing=heading), direction, fitted,
                                   {*trampled, *contacted})
    if not rules.trample.free_strikes:
        rule += "; no free strikes against a trample in this edition"
    elif strikes:
        rule += (f"; afterwards free strikes from {', '.join(s.id for s in strikes)} (left their melee range; "
                 "contacted models excluded)")
    return LaneResult(rule, mover.centre, end, fitted, stopped_by, contacted, trampled=trampled,
                      free_strikes=strikes)
