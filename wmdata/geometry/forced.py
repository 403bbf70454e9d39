"""Forced movement: where a slammed, thrown or pushed model ends and which models it contacts.

Both move the model in a straight line and stop it on contact with a base at least as
large as its own or with terrain that stops movement, and at the table edge (which is no
obstacle: no extra die).  They differ in what they do to the smaller bases on the way:

* a **slam** moves directly away from its point of origin and *contacts* every smaller
  base it moves through; the distance is the rolled d6, halved when the slammer's base is
  smaller, plus a bonus when a huge base slams a smaller one; some editions halve the
  rate through rough terrain;
* a **throw** passes smaller bases *without* contacting them, then contacts every base it
  touches or overlaps where it lands; its distance and whether it deviates are the
  edition's (a d6 directly away, or half the thrower's STR with deviation rules).

A **push** moves the model a set distance directly away and stops it on contact with any
base or with terrain that stops movement; it deals no damage and nobody suffers collateral.

Contacted models on bases no larger than the slammed or thrown one suffer collateral damage and are
knocked down; contacting terrain or an equal or larger base adds a die to the moved
model's damage roll.  Every number comes from :class:`~wmdata.geometry.rules.GeometryRules`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.disturbance import Settlement, least_disturbance
from wmdata.geometry.falling import Fall, airborne_level, fall, surface, volumes_meet
from wmdata.geometry.lanes import (
    HUGE_BASE_MM,
    Direction,
    overlap_interval,
    reach_with_rough,
    table_limit,
    terrain_contact,
)
from wmdata.geometry.levels import first_meeting, flat, ground_levels, standing
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.measure import TOLERANCE, edge_distance
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.templates import deviation_direction


class ForcedMoveError(ValueError):
    """The rules do not allow this slam or throw (a larger base thrown, an immovable base)."""


@dataclass(slots=True)
class ForcedResult:
    """Where the moved model ends, what stopped it and whom it contacted."""

    rule: str
    start: tuple[float, float]
    end: tuple[float, float]
    distance: float
    moved: float
    stopped_by: str | None
    contacted: list[str] = field(default_factory=list)
    collateral: list[str] = field(default_factory=list)
    extra_die: bool = False
    point_of_impact: tuple[float, float] | None = None
    deviation: dict[str, float] | None = None
    fall: Fall | None = None
    settlement: Settlement | None = None

    def as_json(self) -> dict[str, object]:
        settled = self.settlement
        return {"rule": self.rule, "start": list(self.start), "end": [round(v, 6) for v in self.end],
                "distance": round(self.distance, 6), "moved": round(self.moved, 6), "stopped_by": self.stopped_by,
                "contacted": self.contacted, "collateral": self.collateral, "extra_die": self.extra_die,
                "point_of_impact": [round(v, 6) for v in self.point_of_impact] if self.point_of_impact else None,
                "deviation": self.deviation, "fall": self.fall.as_json() if self.fall else None,
                "displaced": [d.as_json() for d in settled.displaced] if settled else [],
                "least_disturbance": settled.rule or None if settled else None,
                "least_total_within": settled.within if settled else None,
                "randomize": bool(settled and settled.tie)}


@dataclass(slots=True)
class _Path:
    stop: float
    stopped_by: str | None
    by_terrain: bool
    at_edge: bool
    crossed: list[str]


def _walk(board: Board, rules: GeometryRules, mover: Piece, direction: Direction, length: float, *,
          stops: Callable[[Piece], bool], ignore: frozenset[str], terrain_kinds: set[str],
          level: float | None) -> _Path:
    """Move ``mover`` up to ``length`` inches: the first base ``stops`` accepts or feature of
    ``terrain_kinds`` halts it; the table edge limits it; other bases it overlaps are crossed.
    It meets a base only where their volumes share a height (:mod:`levels`): moving through the
    air at ``level`` (:func:`~wmdata.geometry.falling.airborne_level`) it keeps that height and
    passes over the features no taller; on the ground it stands on the surfaces under it."""
    edge = table_limit(board, mover, direction)
    stop, stopped_by, by_terrain = min(length, edge), None, False
    crossed: list[tuple[float, str]] = []
    heights = flat(level) if level is not None else ground_levels(board, rules, mover, direction, min(length, edge))
    for other in board.pieces:
        if other.id == mover.id or other.id in ignore or other.incorporeal:
            continue
        span = overlap_interval(mover, direction, other, touching=True)
        start = first_meeting(heights, span, mover, other, standing(board, rules, other)) if span else None
        if start is None:
            continue
        if stops(other):
            if start < stop - TOLERANCE:
                stop, stopped_by = start, other.id
        else:
            crossed.append((start, other.id))
    wall = terrain_contact(board, mover, direction, stop, terrain_kinds, above=level)
    if wall is not None and wall[0] < stop - TOLERANCE:
        stop, stopped_by, by_terrain = wall[0], wall[1], True
    at_edge = stopped_by is None and edge < length - TOLERANCE
    return _Path(stop, stopped_by, by_terrain, at_edge,
                 [pid for start, pid in sorted(crossed) if start < stop - TOLERANCE])


def _aftermath(board: Board, rules: GeometryRules, moved: Piece, end: tuple[float, float],
               direction: Direction) -> tuple[tuple[float, float], Settlement, Fall | None]:
    """After the move: whether the model falls, then the rule of least disturbance among the
    models on the surface it ends on (those less than a fall's height above or below it)."""
    after = replace(moved, x=end[0], y=end[1])
    dropped = fall(board, rules, moved, after, direction)
    travelled = math.hypot(end[0] - moved.x, end[1] - moved.y) > TOLERANCE
    level_height = surface(board, rules, after, direction)[0] if travelled else moved.elevation
    after = replace(after, elevation=level_height)
    level = [p for p in board.pieces if p.id != moved.id
             and abs(p.elevation - level_height) < rules.falling.min_drop - TOLERANCE]
    settled = least_disturbance(board, rules, after, level)
    return settled.end, settled, dropped


def _stopping_kinds(rules: GeometryRules, *, obstacles: bool) -> set[str]:
    return {kind for kind, rule in rules.terrain.items() if rule.impassable or (obstacles and rule.stops_movement)}


def _unit(origin: tuple[float, float], to: tuple[float, float]) -> tuple[Direction, float]:
    span = math.hypot(to[0] - origin[0], to[1] - origin[1])
    return ((to[0] - origin[0]) / span, (to[1] - origin[1]) / span) if span > 1e-12 else (0.0, 1.0), span


def _movable(rules: GeometryRules, moved: Piece, what: str) -> None:
    if moved.base_mm in rules.slam.immovable_bases:
        raise ForcedMoveError(f"{moved.id}'s {moved.base_mm} mm base cannot be moved by a {what} in this edition")
    if moved.incorporeal:
        raise ForcedMoveError(f"{moved.id} is incorporeal and cannot be moved by a {what}")


def _stop_text(path: _Path) -> str:
    if path.stopped_by is not None:
        return f"; stops on contact with {path.stopped_by}"
    return "; stops at the table edge (no extra die)" if path.at_edge else ""


def _air_text(level: float | None) -> str:
    if level is None:
        return ""
    return f"; moves at its height of {level:g}\" (it falls only after the move): over what does not reach it"


def _power_strike(rules: GeometryRules, origin: Piece, slammed: Piece, roll: float) -> tuple[float, list[str]]:
    """A huge base's power strike: the target, on a smaller base, is slammed d6 plus the bonus."""
    bonus = rules.slam.power_strike_bonus
    if bonus is None:
        raise ForcedMoveError("this edition has no power strike")
    if origin.base_mm != HUGE_BASE_MM or slammed.base_mm >= origin.base_mm:
        raise ForcedMoveError(f"a power strike is made by a huge base at a smaller one: {origin.id} is "
                              f"{origin.base_mm} mm, {slammed.id} {slammed.base_mm} mm")
    return roll + bonus, [f"rolled {roll:g}\"", f"+{bonus:g}\" for a power strike"]


def slam(board: Board, rules: GeometryRules, origin: Piece, slammed: Piece, roll: float, *,
         power_strike: bool = False) -> ForcedResult:
    """``slammed`` moves directly away from ``origin``: the d6 ``roll`` adjusted by the edition's
    rules (or, for a power strike, the d6 plus its bonus)."""
    _movable(rules, slammed, "slam")
    distance, notes = roll, [f"rolled {roll:g}\""]
    if power_strike:
        distance, notes = _power_strike(rules, origin, slammed, roll)
    elif rules.slam.halved_by_smaller_origin and origin.base_mm < slammed.base_mm:
        distance, notes = roll / 2, [*notes, "halved: the slammer's base is smaller"]
    if (rules.slam.huge_bonus and not power_strike and origin.base_mm == HUGE_BASE_MM
            and slammed.base_mm < HUGE_BASE_MM):
        distance, notes = distance + rules.slam.huge_bonus, [*notes, f"+{rules.slam.huge_bonus:g}\" from a huge base"]
    direction, _ = _unit(origin.centre, slammed.centre)
    reach, rough_note = reach_with_rough(board, rules, slammed, direction, distance,
                                         "half_rate" if rules.slam.rough_half_rate else "none")
    level = airborne_level(board, rules, slammed, direction)
    path = _walk(board, rules, slammed, direction, reach, stops=lambda other: other.base_mm >= slammed.base_mm,
                 ignore=frozenset({origin.id}), terrain_kinds=_stopping_kinds(rules, obstacles=True), level=level)
    stopper = board.piece(path.stopped_by) if path.stopped_by and not path.by_terrain else None
    contacted = [*path.crossed, *([stopper.id] if stopper else [])]
    collateral = [*path.crossed, *([stopper.id] if stopper and stopper.base_mm == slammed.base_mm else [])]
    end = (slammed.x + direction[0] * path.stop, slammed.y + direction[1] * path.stop)
    end, settled, dropped = _aftermath(board, rules, slammed, end, direction)
    rule = (f"slammed {distance:g}\" directly away from {origin.id} ({', '.join(notes)})"
            + (f"; {rough_note}" if rough_note else "") + _air_text(level) + _stop_text(path)
            + (f"; moves through and contacts {', '.join(path.crossed)}" if path.crossed else ""))
    return ForcedResult(rule, slammed.centre, end, distance, path.stop, path.stopped_by, contacted, collateral,
                        path.stopped_by is not None, fall=dropped, settlement=settled)


def push(board: Board, rules: GeometryRules, origin: Piece, pushed: Piece, distance: float = 1.0) -> ForcedResult:
    """``pushed`` moves ``distance`` inches directly away from ``origin`` (a push power attack's
    1 inch, seed 001 L1053): at half rate through rough terrain where the edition slows forced
    moves, stopping on contact with any base, an obstacle or an obstruction (seed 001 L1057,
    seed 003 L1450, seed 000 L1626-1629); it contacts nothing else and suffers no collateral
    damage, but falls off elevated terrain like a slammed model (seed 001 L1061)."""
    _movable(rules, pushed, "push")
    direction, _ = _unit(origin.centre, pushed.centre)
    reach, rough_note = reach_with_rough(board, rules, pushed, direction, distance,
                                         "half_rate" if rules.slam.rough_half_rate else "none")
    level = airborne_level(board, rules, pushed, direction)
    path = _walk(board, rules, pushed, direction, reach, stops=lambda other: True, ignore=frozenset({origin.id}),
                 terrain_kinds=_stopping_kinds(rules, obstacles=True), level=level)
    end = (pushed.x + direction[0] * path.stop, pushed.y + direction[1] * path.stop)
    end, settled, dropped = _aftermath(board, rules, pushed, end, direction)
    rule = (f"pushed {distance:g}\" directly away from {origin.id}" + (f"; {rough_note}" if rough_note else "")
            + _air_text(level) + _stop_text(path))
    stopper = [path.stopped_by] if path.stopped_by and not path.by_terrain else []
    return ForcedResult(rule, pushed.centre, end, distance, path.stop, path.stopped_by, stopper, [], False,
                        fall=dropped, settlement=settled)


@dataclass(frozen=True, slots=True)
class ThrowOrder:
    """How a throw is resolved: the thrower's STR or the d6 rolled for distance, an optional model
    thrown at (and whether that attack missed), the deviation dice (direction, inches), the
    heading the thrower picked (degrees counter-clockwise from +x; None: directly away) and
    whether it is a double-hand throw."""

    roll: float | None = None
    strength: float | None = None
    at: Piece | None = None
    missed: bool = False
    dice: tuple[int, float] | None = None
    heading: float | None = None
    double_hand: bool = False


def throw_distance(rules: GeometryRules, thrower: Piece, thrown: Piece, order: ThrowOrder) -> tuple[float, str]:
    """The throw distance in inches and how it was worked out."""
    if rules.throw.distance == "d6":
        if order.roll is None:
            raise ForcedMoveError("this edition's throw distance is a d6 roll: give it")
        distance, text = order.roll, f"rolled {order.roll:g}\""
    else:
        if order.strength is None:
            raise ForcedMoveError("this edition's throw distance is half the thrower's STR: give the STR")
        distance, text = order.strength / 2, f"half of STR {order.strength:g}"
    if rules.throw.large_on_small_bonus and thrower.base_mm >= 50 and thrown.base_mm == 30:
        distance += rules.throw.large_on_small_bonus
        text += f", +{rules.throw.large_on_small_bonus:g}\" for a large base throwing a small one"
    if rules.throw.huge_bonus and thrower.base_mm == HUGE_BASE_MM and thrown.base_mm < HUGE_BASE_MM:
        distance += rules.throw.huge_bonus
        text += f", +{rules.throw.huge_bonus:g}\" from a huge base"
    return distance, text


def _deviated(rules: GeometryRules, start: tuple[float, float], long: Direction, cap: float,
              dice: tuple[int, float] | None) -> tuple[tuple[float, float], dict[str, float], str]:
    if dice is None:
        raise ForcedMoveError("this throw deviates: give the deviation dice (direction d6, distance d3)")
    dx, dy = deviation_direction(rules, long, dice[0])
    moved = min(dice[1], cap)
    point = (start[0] + dx * moved, start[1] + dy * moved)
    numbers = {"direction_roll": dice[0], "distance_roll": dice[1], "cap": round(cap, 6), "moved": round(moved, 6),
               "x": round(point[0], 6), "y": round(point[1], 6)}
    return point, numbers, f"deviates {moved:g}\" (rolled {dice[1]:g}\", at most {cap:g}\") in direction {dice[0]}"


def _impact(rules: GeometryRules, thrower: Piece, thrown: Piece, distance: float,
            order: ThrowOrder) -> tuple[tuple[float, float] | None, dict[str, float] | None, str]:
    """The point the thrown model moves to (None: straight at ``order.at`` until contact)."""
    fraction = rules.aoe.cap_fraction
    if order.at is None:
        away, how = _heading(rules, thrower, thrown, order.heading)
        intended = (thrown.x + away[0] * distance, thrown.y + away[1] * distance)
        if rules.throw.deviates != "always":
            return intended, None, f"thrown {distance:g}\" {how}"
        point, numbers, text = _deviated(rules, intended, away, distance * fraction, order.dice)
        return point, numbers, f"intended point {distance:g}\" {how}; {text}"
    toward, span = _unit(thrown.centre, order.at.centre)
    gap = edge_distance(thrown, order.at)
    if gap > distance + TOLERANCE:
        point = (thrown.x + toward[0] * distance, thrown.y + toward[1] * distance)
        beyond = f"thrown at {order.at.id}, {gap:.3f}\" away, beyond the {distance:g}\" throw"
        if rules.throw.deviates != "always":
            return point, None, f"{beyond}: it lands {distance:g}\" along the line, no attack roll and no deviation"
        point, numbers, text = _deviated(rules, point, toward, distance * fraction, order.dice)
        return point, numbers, f"{beyond}: intended point {distance:g}\" along the line, no attack roll; {text}"
    if not order.missed:
        return None, None, f"thrown at {order.at.id} ({gap:.3f}\" away) and hits: moves toward it until contact"
    cap = (gap if rules.throw.miss_cap_to == "edge" else span) * fraction
    point, numbers, text = _deviated(rules, order.at.centre, toward, cap, order.dice)
    return point, numbers, f"thrown at {order.at.id} ({gap:.3f}\" away) and misses: from its centre {text}"


def _heading(rules: GeometryRules, thrower: Piece, thrown: Piece, heading: float | None) -> tuple[Direction, str]:
    """The direction of a throw not aimed at a model: directly away, or the heading the thrower
    picked where the edition lets it (never more than ``away_within_degrees`` off directly away)."""
    away, _ = _unit(thrower.centre, thrown.centre)
    if heading is None:
        return away, f"directly away from {thrower.id}"
    limit = rules.throw.away_within_degrees
    if limit is None:
        raise ForcedMoveError("in this edition a throw goes directly away from the thrower: no direction to pick")
    chosen = (math.cos(math.radians(heading)), math.sin(math.radians(heading)))
    off = math.degrees(math.acos(max(-1.0, min(1.0, chosen[0] * away[0] + chosen[1] * away[1]))))
    if off >= limit - 1e-9:
        raise ForcedMoveError(f"a throw must go away from {thrower.id}: heading {heading:g} is {off:.1f} degrees "
                              f"off directly away (less than {limit:g} is allowed)")
    return chosen, f"at heading {heading:g} ({off:.1f} degrees off directly away from {thrower.id})"


def _can_throw_at(board: Board, rules: GeometryRules, thrower: Piece, thrown: Piece, order: ThrowOrder) -> None:
    """A throw at a model needs an edition that allows it (some only for a double-hand throw),
    and the thrower's line of sight to that model, the thrown model ignored."""
    assert order.at is not None
    if not rules.throw.at_model:
        raise ForcedMoveError("in this edition a throw goes directly away from the thrower, not at a model")
    if rules.throw.at_model_double_hand and not order.double_hand:
        raise ForcedMoveError("in this edition only a double-hand throw can go at a model")
    if order.heading is not None:
        raise ForcedMoveError("a throw at a model goes toward it: no heading to pick")
    if order.at.id in (thrower.id, thrown.id):
        raise ForcedMoveError(f"{order.at.id} cannot be the model thrown at: it is the thrower or the thrown model")
    unseen = board.replace_pieces(tuple(p for p in board.pieces if p.id != thrown.id))
    sight = line_of_sight(unseen, rules, thrower, order.at)
    if not sight.los:
        raise ForcedMoveError(f"{thrower.id} has no line of sight to {order.at.id} (the thrown model ignored): "
                              f"{sight.reason}")


def throw(board: Board, rules: GeometryRules, thrower: Piece, thrown: Piece, order: ThrowOrder) -> ForcedResult:
    """Where ``thrown`` lands and whom it contacts, by the edition's throw rules."""
    _movable(rules, thrown, "throw")
    if thrown.base_mm > thrower.base_mm:
        raise ForcedMoveError(f"{thrower.id} cannot throw {thrown.id}: its {thrown.base_mm} mm base is larger "
                              f"than the thrower's {thrower.base_mm} mm")
    if order.at is not None:
        _can_throw_at(board, rules, thrower, thrown, order)
    distance, how = throw_distance(rules, thrower, thrown, order)
    point, numbers, text = _impact(rules, thrower, thrown, distance, order)
    target = order.at
    if point is None:
        assert target is not None
        direction, length = _unit(thrown.centre, target.centre)[0], edge_distance(thrown, target)
    else:
        direction, length = _unit(thrown.centre, point)
    level = airborne_level(board, rules, thrown, direction)
    path = _walk(board, rules, thrown, direction, length,
                 stops=lambda other: other.base_mm >= thrown.base_mm or (target is not None and other.id == target.id),
                 ignore=frozenset({thrower.id}),
                 terrain_kinds=_stopping_kinds(rules, obstacles=rules.throw.obstacles_stop), level=level)
    end = (thrown.x + direction[0] * path.stop, thrown.y + direction[1] * path.stop)
    if point is None and path.stopped_by is None and not path.at_edge:
        path.stopped_by = target.id if target is not None else None
    contacted = [other.id for other in board.pieces
                 if other.id not in (thrown.id, thrower.id) and not other.incorporeal
                 and (level is None or volumes_meet(level, thrown.height, other))
                 and math.hypot(other.x - end[0], other.y - end[1]) <= other.radius + thrown.radius + 1e-6]
    collateral = [pid for pid in contacted if board.piece(pid).base_mm <= thrown.base_mm]
    extra = path.by_terrain or any(board.piece(pid).base_mm >= thrown.base_mm for pid in contacted)
    end, settled, dropped = _aftermath(board, rules, thrown, end, direction)
    rule = (f"{text} ({how}); passes smaller bases without contact" + _air_text(level) + _stop_text(path)
            + (f"; lands touching or overlapping {', '.join(contacted)}" if contacted else ""))
    return ForcedResult(rule, thrown.centre, end, distance, path.stop, path.stopped_by, contacted, collateral,
                        extra, point, numbers, dropped, settled)

