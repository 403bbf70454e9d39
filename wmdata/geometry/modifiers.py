"""The modifiers geometry decides for one attack: range, cover, concealment, elevation,
screening, target in melee, back strike, the Stealth distance, and against melee attacks
the obstacles and obstructions between the two models.

Each comes with the reason (which feature, which model, which distance), and its
``kind`` is the name of the interpreter state that carries its number, so the engine
can apply exactly what the board shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from wmdata.geometry.arcs import completely_in_back_arc, in_front_arc
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.los import Sight, line_of_sight
from wmdata.geometry.measure import (
    TOLERANCE,
    between,
    completely_inside,
    edge_distance,
    edge_distance_to_shape,
    in_base_contact,
    point_segment_distance,
    touches_shape,
    within,
)
from wmdata.geometry.rules import GeometryRules


@dataclass(frozen=True, slots=True)
class Modifier:
    kind: str
    value: float | None
    reason: str

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "value": self.value, "reason": self.reason}


def settle(board: Board, rules: GeometryRules) -> Board:
    """The board with every model raised onto the elevating feature it stands completely on
    (a hill or an obstruction), unless the board already gives it a higher elevation."""
    def raised(piece: Piece) -> Piece:
        heights = [f.height for f in board.features
                   if f.kind in rules.terrain and rules.terrain[f.kind].elevation and completely_inside(piece, f.shape)]
        top = max([piece.elevation, *heights])
        return piece if top == piece.elevation else replace(piece, elevation=top)
    return board.replace_pieces(tuple(raised(p) for p in board.pieces))


def _protection(board: Board, rules: GeometryRules, attacker: Piece, target: Piece, sight: Sight) -> list[Modifier]:
    """Cover or concealment (not cumulative: the better one is reported)."""
    if target.base_mm in rules.unprotected_bases:
        return []
    found: list[Modifier] = []
    for feature in board.features:
        rule = rules.terrain.get(feature.kind)
        if rule is None or rule.protection == "none":
            continue
        if rule.protects_bases is not None and target.base_mm not in rule.protects_bases:
            continue
        reason = _protection_reason(board, rules, feature, attacker, target, sight)
        if reason is not None:
            found.append(Modifier(rule.protection, rules.value_of(rule.protection), reason))
    found.sort(key=lambda m: (m.kind != "cover", m.reason))
    return found[:1]


def _protection_reason(board: Board, rules: GeometryRules, feature: Feature, attacker: Piece, target: Piece,
                       sight: Sight) -> str | None:
    rule = rules.terrain[feature.kind]
    label = f"{feature.kind} {feature.id}"
    if rule.protection_when == "intervening":
        region = between(attacker, target)
        if not feature.prepared.intersects(region):
            return None
        if rule.terraced_overhang is not None and completely_inside(target, feature.shape):
            return None  # a terraced obstruction covers models behind it, not those on top (seed 003 L3121)
        if rules.protection_measured == "between":
            gap, measured = edge_distance_to_shape(target, feature.shape.intersection(region)), "its part between them"
        else:
            gap, measured = edge_distance_to_shape(target, feature.shape), "any part of it"
        if gap > rules.protection_range + TOLERANCE:
            return None
        return (f"{target.id} is {gap:.3g}\" from {label}, which lies between it and {attacker.id} "
                f"(within {rules.protection_range:g}\", to {measured})")
    if not touches_shape(target, feature.shape):
        return None
    # Adjoining features of a kind count together ("one or more trench templates").
    group = [f for f in board.features if f.kind == feature.kind and touches_shape(target, f.shape)]
    if not completely_inside(target, shapely.union_all([f.shape for f in group])):
        return None
    if rule.protection_when == "inside_unless_attacker_touches" and any(
            touches_shape(attacker, f.shape) for f in group):
        return None
    names = ", ".join(f.id for f in group)
    return f"{target.id} is completely inside {feature.kind} {names}"


def in_melee_range(board: Board, rules: GeometryRules, model: Piece, other: Piece) -> bool:
    """``other`` is inside ``model``'s melee range: within reach, in its front arc, and seen."""
    if model.melee_range is None or model.knocked_down:
        return False
    return (within(model, other, model.melee_range) and in_front_arc(model, other, rules.front_arc_degrees)
            and line_of_sight(board, rules, model, other).los)


def melee_partners(board: Board, rules: GeometryRules, model: Piece) -> list[str]:
    """Enemies engaging ``model`` or engaged by it: the models it is in melee with (worked
    out once per board and rules, since every attack on the board asks)."""
    key = ("melee", id(rules), model.id)
    if key not in board.memo:
        board.memo[key] = [
            other.id for other in board.pieces
            if other.id != model.id and other.side != model.side
            and (in_melee_range(board, rules, other, model) or in_melee_range(board, rules, model, other))]
    found: list[str] = board.memo[key]
    return found


def _crossed(other: Piece, sight: Sight) -> bool:
    return any(point_segment_distance(other.x, other.y, ax, ay, bx, by) < other.radius - TOLERANCE
               for (ax, ay), (bx, by) in sight.lines)


def _screening(board: Board, rules: GeometryRules, attacker: Piece, target: Piece, sight: Sight) -> Modifier | None:
    """MkII: an intervening model within 1" of the target with a base at least as large, which the
    attacker can see."""
    for other in board.pieces:
        if other.id in (attacker.id, target.id) or other.base_mm < target.base_mm or other.knocked_down:
            continue
        if edge_distance(other, target) > rules.protection_range + TOLERANCE or not _crossed(other, sight):
            continue
        if line_of_sight(board, rules, attacker, other).los:
            return Modifier("screened", rules.value_of("screened"),
                            f"{other.id} stands between {attacker.id} and {target.id} within "
                            f"{rules.protection_range:g}\" of {target.id}, on a base at least as large")
    return None


def _intervening_terrain(board: Board, rules: GeometryRules, attacker: Piece, target: Piece) -> list[Modifier]:
    """+2 DEF against melee (the edition's number) when an obstacle or obstruction hides any part
    of the target's base (MkIV, MkIII obstacles), volume (MkIII) or occupied space (MkII) from the
    attacker.  The lowest part of each is the base, so in every edition the feature must reach into
    the region the straight lines between the two bases sweep (the convex hull of the bases, outside
    both) and rise above the lowest of those lines where it does: the line from the attacker's base
    to the target's base, each at its elevation.  Two models on the table are hidden by any feature
    of some height; models standing on a hill or an obstruction look over lower features."""
    discs = attacker.disc().union(target.disc())
    region = discs.convex_hull.difference(discs)
    for feature in board.features_near(region):
        rule = rules.terrain.get(feature.kind)
        if rule is None or not rule.melee_def or not feature.prepared.intersects(region):
            continue
        part = feature.shape.intersection(region)
        if part.area > 1e-9 and _rises_above_bases(part, feature.height, attacker, target):
            return [Modifier("intervening_terrain", rules.value_of("intervening_terrain"),
                             f"{feature.kind} {feature.id} ({feature.height:g}\" tall) lies between {attacker.id} "
                             f"and part of {target.id}'s base")]
    return []


def _rises_above_bases(part: BaseGeometry, height: float, attacker: Piece, target: Piece) -> bool:
    """Whether a feature of ``height`` whose part between the bases is ``part`` is taller than the
    line from base to base where it crosses it.  The line's height changes linearly from the
    attacker's elevation to the target's; where along it the part lies is measured along the line of
    centres between the two bases' edges (exact when the two stand at one level)."""
    low, high = sorted((attacker.elevation, target.elevation))
    if height <= low + TOLERANCE:
        return False
    if height > high + TOLERANCE:
        return True
    dx, dy = target.x - attacker.x, target.y - attacker.y
    span = math.hypot(dx, dy) or 1e-12
    gap = max(span - attacker.radius - target.radius, 1e-12)
    xs, ys = np.asarray(shapely.get_coordinates(part)).T
    fractions = np.clip(((xs - attacker.x) * dx + (ys - attacker.y) * dy) / span - attacker.radius, 0.0, gap) / gap
    rise = target.elevation - attacker.elevation
    return bool((attacker.elevation + rise * fractions < height - TOLERANCE).any())


@dataclass(slots=True)
class AttackGeometry:
    """Everything the board says about one attack."""

    distance: float
    sight: Sight
    modifiers: list[Modifier]

    def states(self) -> list[str]:
        """Interpreter states the board puts the models in (those with a rule number)."""
        return [m.kind for m in self.modifiers if m.kind not in ("range", "stealth", "line_of_sight")]


def attack_geometry(board: Board, rules: GeometryRules, attacker: Piece, target: Piece,
                    attack_type: str = "ranged") -> AttackGeometry:
    """Range, line of sight and the DEF, arc and melee modifiers of ``attacker`` attacking ``target``."""
    distance = edge_distance(attacker, target)
    sight = line_of_sight(board, rules, attacker, target)
    modifiers = [Modifier("range", round(distance, 6),
                          f"{distance:.3f}\" edge to edge from {attacker.id}'s base to {target.id}'s base")]
    if not sight.los:
        modifiers.append(Modifier("line_of_sight", None, sight.reason))
    if attack_type != "melee":
        modifiers += _shooting_modifiers(board, rules, attacker, target, sight)
    else:
        modifiers += _intervening_terrain(board, rules, attacker, target)
    if completely_in_back_arc(target, attacker, rules.front_arc_degrees):
        modifiers.append(Modifier("back_strike", rules.value_of("back_strike"),
                                  f"{attacker.id}'s base is completely in {target.id}'s back arc"))
    partner = None if target.unit is None else next(
        (p for p in board.pieces if p is not target and p.unit == target.unit and in_base_contact(p, target)), None)
    if partner is not None:
        modifiers.append(Modifier("unit_base_contact", None,
                                  f"{target.id}'s base touches {partner.id}'s, of the same unit {target.unit!r}"))
    if target.stealth:
        beyond = distance > rules.stealth_range + TOLERANCE
        modifiers.append(Modifier("stealth", round(distance, 6),
                                  f"{target.id} has Stealth and {attacker.id} is {distance:.3f}\" away "
                                  f"({'more than' if beyond else 'within'} {rules.stealth_range:g}\")"))
    return AttackGeometry(distance, sight, modifiers)


def _shooting_modifiers(board: Board, rules: GeometryRules, attacker: Piece, target: Piece,
                        sight: Sight) -> list[Modifier]:
    found = _protection(board, rules, attacker, target, sight) if sight.los else []
    protected = target.base_mm in rules.unprotected_bases
    rise = target.elevation - attacker.elevation
    higher = rise >= rules.elevated_at_least - TOLERANCE if rules.elevated_at_least is not None else rise > TOLERANCE
    if higher and not protected:
        found.append(Modifier("elevated", rules.value_of("elevated"),
                              f"{target.id} stands {rise:.3g}\" higher than {attacker.id}"))
    if rules.screening and sight.los and not protected:
        screen = _screening(board, rules, attacker, target, sight)
        if screen is not None:
            found.append(screen)
    partners = [p for p in melee_partners(board, rules, target) if p != attacker.id]
    if partners and not protected:
        found.append(Modifier("target_in_melee", rules.value_of("target_in_melee"),
                              f"{target.id} is in melee with {', '.join(partners)}"))
    engaged = melee_partners(board, rules, attacker)
    if engaged:
        found.append(Modifier("engaged", rules.value_of("engaged"),
                              f"{attacker.id} is in melee with {', '.join(engaged)}"))
    return found
