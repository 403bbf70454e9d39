"""A plain advance: a model walks (or flies) straight toward a point, up to its SPD.

What it may move through, and where it must stop, is the edition's, as ruleset data:

* rough terrain slows it as the edition says (``rough_rule``), unless its mover rules (Flight,
  Incorporeal) make every terrain open to it;
* it stops on contact with another base, unless its mover rules let it pass models (and
  anybody may pass an incorporeal model), and on contact with terrain that stops movement,
  unless that kind is one an advancing model crosses (MkIII/MkIV obstacles) or its mover
  rules pass; impassable terrain always stops it; so does the table edge;
* whatever it moves through it must get completely past: if the advance would end on a base
  or a feature it moved through, it is backed off to where it first touched it (it stops
  short), except that a flying model may end completely on an obstruction where the edition
  lets it (MkIV), standing on it at its height;
* where the edition lets an advancing model climb onto a feature (MkII obstacles at least 1"
  thick, :mod:`climb`), it pays the climb's cost on contact and goes on from on top; thinner
  ones of that kind (linear obstacles) are crossed only completely;
* a terraced obstruction its base fits on (MkIII, :mod:`terraces`) is
  open ground to it: it walks up and down it, standing on top where its base is completely on it;
* where it ends, it stands on the highest elevating feature its base is completely on (``ends_on``
  and ``elevation``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.climb import climb_onto, climb_rule, linear_features
from wmdata.geometry.corridor import distance_to, touching_stretches, within_stretches
from wmdata.geometry.falling import surface
from wmdata.geometry.lanes import meeting_distance, overlap_interval, reach_with_rough, rough_length, table_limit
from wmdata.geometry.lanes import terrain_contact as first_terrain_contact
from wmdata.geometry.levels import ground_levels
from wmdata.geometry.measure import TOLERANCE
from wmdata.geometry.movers import mover_rules
from wmdata.geometry.rules import GeometryRules, MoverRules
from wmdata.geometry.terraces import terraces


class AdvanceError(ValueError):
    """The model cannot advance (it is knocked down)."""


@dataclass(slots=True)
class AdvanceResult:
    """Where the advancing model ends, what stopped it, what it moved through and stands on."""

    rule: str
    start: tuple[float, float]
    end: tuple[float, float]
    asked: float
    moved: float
    stopped_by: str | None
    passed: list[str] = field(default_factory=list)
    ends_on: str | None = None
    elevation: float = 0.0

    def as_json(self) -> dict[str, object]:
        return {"rule": self.rule, "start": list(self.start), "end": [round(v, 6) for v in self.end],
                "asked": round(self.asked, 6), "moved": round(self.moved, 6), "stopped_by": self.stopped_by,
                "passed": self.passed, "ends_on": self.ends_on, "elevation": self.elevation}


@dataclass(slots=True)
class _Passage:
    """One thing the advance moves through: a model or a feature, and the stretches touching it."""

    id: str
    stretches: list[tuple[float, float]]
    feature: Feature | None = None


def _rough(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float], length: float,
           speed: float, passer: MoverRules | None) -> tuple[float, str]:
    """How far the advance can go toward a point ``length`` inches away with SPD ``speed``."""
    if passer is not None and passer.open_terrain:
        slowed = rough_length(board, rules, mover, direction, length) > 0
        return length, f"{passer.ability}: rough terrain does not slow it" if slowed else ""
    if rules.rough_rule == "minus_two":
        # seed 000 L5167-5175: entering rough terrain at any point takes 2" off, to at least 1";
        # stopping short of it (EXAMPLE 3) does not.
        if rough_length(board, rules, mover, direction, length) > 0:
            allowed = max(1.0, speed - 2)
            return min(length, allowed), "rough terrain: 2\" less (at least 1\")"
        return length, ""
    reach, note = reach_with_rough(board, rules, mover, direction, speed, "half_rate")
    return min(length, reach), note if reach < length - TOLERANCE else ""


def _passages(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float], length: float,
              passer: MoverRules | None, linear: frozenset[str], walked: frozenset[str],
              climbed: Feature | None) -> tuple[float, str | None, list[_Passage]]:
    """The first thing that stops the advance (distance, id) and everything it moves through
    (``linear``: features it crosses only completely, whatever their kind's rule; ``walked``:
    terraces it walks over as open ground; ``climbed``: the obstacle it stands on while its base
    is over it)."""
    stop, stopped_by = length, None
    passes_models = passer is not None and passer.advance_passes_models
    passages: list[_Passage] = []
    heights = ground_levels(board, rules, mover, direction, length, climbed)
    for other in board.pieces:
        if other.id == mover.id:
            continue
        if passes_models or other.incorporeal:
            span = overlap_interval(mover, direction, other)
            if span is not None and span[0] < length:
                passages.append(_Passage(other.id, [(span[0], min(span[1], length))]))
            continue
        t = meeting_distance(board, rules, heights, mover, direction, other)
        if t is not None and t < stop - TOLERANCE:
            stop, stopped_by = max(0.0, t), other.id
    passed_kinds = passer.advance_passes_kinds if passer is not None else frozenset()
    stopping = {kind for kind, rule in rules.terrain.items() if rule.stops_movement or rule.impassable}
    crossing = {kind for kind in stopping if kind in passed_kinds
                or (rules.terrain[kind].crossed_advancing and not rules.terrain[kind].impassable)}
    blockers = stopping - crossing
    wall = first_terrain_contact(board, mover, direction, stop, blockers, skip=linear | walked)
    if wall is not None and wall[0] < stop - TOLERANCE:
        stop, stopped_by = wall
    for feature in board.features:
        if feature.id in walked:
            continue
        if feature.kind in crossing or (feature.id in linear and feature.kind in blockers):
            spans = touching_stretches(feature, mover.centre, direction, mover.radius, stop)
            if spans:
                passages.append(_Passage(feature.id, spans, feature))
    return stop, stopped_by, passages


def _fit(mover: Piece, direction: tuple[float, float], stop: float, passages: list[_Passage],
         ends_on: frozenset[str]) -> tuple[float, Feature | None]:
    """Back the end off until the base is clear of everything it moved through (touching is
    clear), or completely on a feature of ``ends_on``; and the feature it stands on, if any."""
    fitted = stop
    while True:
        for passage in passages:
            inside = [(lo, hi) for lo, hi in passage.stretches if lo < fitted - TOLERANCE < hi]
            if not inside:
                continue
            lo = inside[0][0]
            if passage.feature is not None and passage.feature.kind in ends_on:
                held = [s for s in within_stretches(passage.feature, mover.centre, direction, mover.radius, fitted)
                        if s[0] >= lo - TOLERANCE]
                if held and held[-1][1] >= fitted - TOLERANCE:
                    continue  # completely on it where it ends: it may stand there
                if held:
                    fitted = held[-1][1]
                    break
            fitted = max(0.0, lo)
            break
        else:
            on = [p.feature for p in passages if p.feature is not None and p.feature.kind in ends_on
                  and any(lo < fitted - TOLERANCE < hi for lo, hi in p.stretches)]
            return fitted, max(on, key=lambda f: f.height) if on else None


def advance(board: Board, rules: GeometryRules, mover: Piece, to: tuple[float, float], speed: float) -> AdvanceResult:
    """``mover`` advances straight toward ``to`` (its centre's destination), at most ``speed``,
    climbing onto the obstacles its edition lets it climb (:mod:`climb`) as it meets them."""
    if mover.knocked_down:
        raise AdvanceError(f"{mover.id} is knocked down and cannot advance")
    linear, walked = linear_features(board, rules), terraces(board, rules, mover)
    passer = mover_rules(rules, mover)
    climbed = _standing_on(board, rules, mover) if passer is None else None
    piece = replace(mover, elevation=0.0) if climbed is not None else mover
    spent, moved = 0.0, 0.0
    rules_text: list[str] = []
    passed: list[str] = []
    while True:
        leg = _leg(board, rules, piece, to, speed - spent, linear, walked, climbed)
        moved, passed, rules_text = moved + leg.moved, passed + leg.passed, [*rules_text, leg.rule]
        feature = next((f for f in board.features if f.id == leg.stopped_by), None)
        climb = climb_rule(rules, feature) if feature is not None and passer is None else None
        if feature is None or climb is None:
            break
        there = replace(piece, x=leg.end[0], y=leg.end[1])
        ahead = math.hypot(to[0] - there.x, to[1] - there.y)
        direction = ((to[0] - there.x) / ahead, (to[1] - there.y) / ahead) if ahead > 1e-12 else (1.0, 0.0)
        spent += _movement_used(board, rules, piece, direction, leg.moved)
        up, why = climb_onto(board, there, direction, feature, climb, speed - spent, ahead)
        rules_text.append(why)
        if up is None:
            break
        piece, spent, moved, climbed = up, spent + climb.cost, moved + climb.progress, feature
    on_top = climbed is not None and distance_to(climbed, leg.end) < piece.radius - TOLERANCE
    if on_top and climbed is not None:
        rules_text.append(f"ends on {climbed.id}, {climbed.height:g}\" up")
    elif climbed is not None:
        rules_text.append(f"steps down off {climbed.id} at no cost ({climbed.height:g}\" up: a drop under "
                          f"{rules.falling.min_drop:g}\" is no fall)")
    return AdvanceResult("; then ".join(rules_text), mover.centre, leg.end, min(math.hypot(
        to[0] - mover.x, to[1] - mover.y), speed), moved, leg.stopped_by, passed,
        climbed.id if on_top and climbed is not None else leg.ends_on,
        climbed.height if on_top and climbed is not None else leg.elevation)


def _movement_used(board: Board, rules: GeometryRules, mover: Piece, direction: tuple[float, float],
                   distance: float) -> float:
    """Movement a walk of ``distance`` costs: rough terrain at half rate costs each inch twice."""
    if rules.rough_rule == "half_rate":
        return distance + rough_length(board, rules, mover, direction, distance)
    return distance


def _standing_on(board: Board, rules: GeometryRules, mover: Piece) -> Feature | None:
    """The climbable obstacle the model starts on: its base over it, its board elevation the
    obstacle's height (a MkII model that climbed it earlier)."""
    return next((f for f in board.features if climb_rule(rules, f) is not None and f.height > TOLERANCE
                 and abs(mover.elevation - f.height) <= TOLERANCE
                 and distance_to(f, mover.centre) < mover.radius - TOLERANCE), None)


def _leg(board: Board, rules: GeometryRules, mover: Piece, to: tuple[float, float], speed: float,
         linear: frozenset[str], walked: frozenset[str], climbed: Feature | None) -> AdvanceResult:
    """One straight advance toward ``to`` with ``speed`` inches of movement, up to what stops it."""
    span = math.hypot(to[0] - mover.x, to[1] - mover.y)
    direction = ((to[0] - mover.x) / span, (to[1] - mover.y) / span) if span > 1e-12 else (1.0, 0.0)
    passer = mover_rules(rules, mover)
    length, rough_note = _rough(board, rules, mover, direction, min(span, speed), speed, passer)
    edge = table_limit(board, mover, direction)
    at_edge = edge < length - TOLERANCE
    stop, stopped_by, passages = _passages(board, rules, mover, direction, min(length, edge), passer, linear,
                                           walked, climbed)
    ends_on = passer.ends_on_kinds if passer is not None else frozenset()
    fitted, standing = _fit(mover, direction, stop, passages, ends_on)
    if standing is None:
        standing = surface(board, rules, replace(mover, x=mover.x + direction[0] * fitted,
                                                 y=mover.y + direction[1] * fitted), direction)[1]
    passed = [p.id for p in sorted(passages, key=lambda p: p.stretches[0][0])
              if any(hi <= fitted + TOLERANCE and hi > lo + TOLERANCE for lo, hi in p.stretches)]
    end = (mover.x + direction[0] * fitted, mover.y + direction[1] * fitted)
    notes = [f"advance {min(span, speed):.3f}\" toward ({to[0]:g}, {to[1]:g})"
             + (f" (SPD {speed:g} of {span:.3f}\")" if span > speed + TOLERANCE else "")]
    notes += [rough_note] if rough_note else []
    if stopped_by is not None and fitted >= stop - TOLERANCE:
        notes.append(f"stops on contact with {stopped_by}")
    elif at_edge and stopped_by is None and fitted >= stop - TOLERANCE:
        notes.append("stops at the table edge")
    if fitted < stop - TOLERANCE:
        notes.append(f"stops short {stop - fitted:.3f}\" back: it must get completely past what it moves through")
    if passed:
        notes.append(f"moves through {', '.join(passed)}")
    if standing is not None:
        notes.append(f"ends on {standing.id}, {standing.height:g}\" up")
    notes.append(f"moved {fitted:.3f}\"")
    return AdvanceResult("; ".join(notes), mover.centre, end, min(span, speed), fitted,
                         stopped_by if fitted >= stop - TOLERANCE else None, passed,
                         standing.id if standing else None, standing.height if standing else 0.0)
