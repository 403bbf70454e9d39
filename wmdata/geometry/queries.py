"""The answers of ``wmdata board query``: each as readable text and as JSON data.

The JSON shapes are part of the interface: ``--distance`` gives ``{"distance": inches}``
and ``--los`` gives ``{"los", "exact", "blocked_by", "modifiers": [{"kind", "value", "reason"}]}``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from wmdata.geometry.advance import AdvanceResult
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.forced import ForcedResult, slam
from wmdata.geometry.lanes import LaneResult, charge, slam_approach, slam_range
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.measure import edge_distance, within
from wmdata.geometry.modifiers import Modifier, attack_geometry, in_melee_range, melee_partners
from wmdata.geometry.movers import mover_rules
from wmdata.geometry.rules import GeometryRules
from wmdata.geometry.sightpath import STEP
from wmdata.geometry.templates import AreaResult, aoe, spray


@dataclass(frozen=True, slots=True)
class Answer:
    text: str
    data: dict[str, Any]


def _modifier_lines(modifiers: list[Modifier]) -> list[str]:
    return [f"  {m.kind}{f' {m.value:+g}' if m.value is not None and m.kind not in ('range', 'stealth') else ''}: "
            f"{m.reason}" for m in modifiers]


def distance(a: Piece, b: Piece) -> Answer:
    gap = edge_distance(a, b)
    return Answer(f"{a.id} to {b.id}: {gap:.3f}\" edge to edge", {"distance": gap})


def reach(a: Piece, b: Piece, kind: str) -> Answer:
    """Whether any part of B is within A's control or command range (a model is always in its own)."""
    inches = a.control_range if kind == "control" else a.command_range
    gap = edge_distance(a, b)
    if inches is None:
        return Answer(f"{a.id} has no {kind} range", {"range": None, "distance": gap, "within": a.id == b.id})
    inside = a.id == b.id or within(a, b, inches)
    return Answer(f"{b.id} is {'within' if inside else 'outside'} {a.id}'s {kind} range ({inches:g}\"; "
                  f"{gap:.3f}\" edge to edge)", {"range": inches, "distance": gap, "within": inside})


def melee(board: Board, rules: GeometryRules, a: Piece, b: Piece) -> Answer:
    """B in A's melee range (reach, front arc, line of sight), and whom each is in melee with."""
    reaches = in_melee_range(board, rules, a, b)
    data = {"melee_range": a.melee_range, "distance": edge_distance(a, b), "in_melee_range": reaches,
            "engaging": reaches and a.side != b.side,
            "a_in_melee_with": melee_partners(board, rules, a), "b_in_melee_with": melee_partners(board, rules, b)}
    reach_text = f"{a.melee_range:g}\"" if a.melee_range is not None else "none"
    text = (f"{b.id} is {'in' if reaches else 'not in'} {a.id}'s melee range ({reach_text})\n"
            f"{a.id} is in melee with: {', '.join(melee_partners(board, rules, a)) or 'nobody'}\n"
            f"{b.id} is in melee with: {', '.join(melee_partners(board, rules, b)) or 'nobody'}")
    return Answer(text, data)


def sight(board: Board, rules: GeometryRules, a: Piece, b: Piece, attack_type: str) -> Answer:
    found = attack_geometry(board, rules, a, b, attack_type)
    modifiers = [m for m in found.modifiers if m.kind not in ("range", "line_of_sight")]
    head = (f"{a.id} has line of sight to {b.id} ({found.sight.reason})" if found.sight.los else
            f"{a.id} has no line of sight to {b.id}: {found.sight.reason}")
    lines = [head, *(f"  not intervening: {why}" for why in found.sight.ignored), *_modifier_lines(modifiers)]
    return Answer("\n".join(lines), {"los": found.sight.los, "exact": found.sight.exact,
                                     "blocked_by": found.sight.blocked_by,
                                     "modifiers": [m.as_json() for m in modifiers]})


def cover(board: Board, rules: GeometryRules, a: Piece, b: Piece, attack_type: str) -> Answer:
    found = attack_geometry(board, rules, a, b, attack_type)
    def_kinds = {"cover", "concealment", "elevated", "screened", "target_in_melee", "intervening_terrain"}
    modifiers = [m for m in found.modifiers if m.kind in def_kinds]
    text = "\n".join([f"DEF modifiers of {b.id} against {a.id} ({attack_type}):",
                      *(_modifier_lines(modifiers) or ["  none"])])
    return Answer(text, {"modifiers": [m.as_json() for m in modifiers]})


def attack(board: Board, rules: GeometryRules, a: Piece, b: Piece, attack_type: str) -> Answer:
    found = attack_geometry(board, rules, a, b, attack_type)
    text = "\n".join([f"{a.id} attacks {b.id} ({attack_type}):", *_modifier_lines(found.modifiers)])
    return Answer(text, {"distance": found.distance, "los": found.sight.los, "blocked_by": found.sight.blocked_by,
                         "modifiers": [m.as_json() for m in found.modifiers]})


def _area_answer(result: AreaResult) -> Answer:
    lines = [result.rule, f"hit: {', '.join(result.hit) or 'nothing'}"]
    if result.ties:
        lines.append(f"tied: {', '.join(result.ties)}")
    lines += [f"no blast damage: {s.reason} ({s.source})" for s in result.spared]
    return Answer("\n".join(lines), result.as_json())


def area(board: Board, rules: GeometryRules, attacker: Piece | None, target: Piece, size: float,
         rng: float | None, missed: bool, dice: tuple[int, float] | None) -> Answer:
    return _area_answer(aoe(board, rules, attacker, target, size, rng=rng, missed=missed, dice=dice))


def spray_query(board: Board, rules: GeometryRules, a: Piece, b: Piece, length: float) -> Answer:
    return _area_answer(spray(board, rules, a, b, length))


def _lane_answer(result: LaneResult) -> Answer:
    lines = [result.rule, f"end: ({result.end[0]:.3f}, {result.end[1]:.3f}) after {result.moved:.3f}\""]
    if result.contacted:
        lines.append(f"contacted: {', '.join(result.contacted)}")
    return Answer("\n".join(lines), result.as_json())


def charge_query(board: Board, rules: GeometryRules, a: Piece, b: Piece, speed: float,
                 stop_after: float | None = None) -> Answer:
    """The charge lane, and whether A may declare B its charge target: it needs line of sight to
    B, past intervening models too unless its mover rules let it ignore them (Flight, MkIII/MkIV)."""
    answer = _lane_answer(charge(board, rules, a, b, speed, stop_after))
    passer = mover_rules(rules, a)
    past_models = passer is not None and passer.charge_sees_past_models
    sight = line_of_sight(board, rules, a, b, terrain_only=past_models)
    why = sight.reason + (f" ({passer.ability}: intervening models are ignored)" if past_models and passer else "")
    return Answer(answer.text + f"\n{'sees' if sight.los else 'cannot see'} {b.id} to declare the charge: {why}",
                  {**answer.data, "sees_target": sight.los})


def advance_answer(result: AdvanceResult) -> Answer:
    lines = [result.rule, f"end: ({result.end[0]:.3f}, {result.end[1]:.3f}) after {result.moved:.3f}\""]
    if result.passed:
        lines.append(f"moved through: {', '.join(result.passed)}")
    return Answer("\n".join(lines), result.as_json())


def trample_answer(result: LaneResult) -> Answer:
    answer = _lane_answer(result)
    strikes = ", ".join(f"{s.id} (at {s.at[0]:.3f}, {s.at[1]:.3f}"
                        + (f"; line of sight sampled every {STEP:g}\")" if s.los_sampled else ")")
                        for s in result.free_strikes or [])
    return Answer(answer.text + f"\ntrampled: {', '.join(result.trampled or []) or 'nobody'}"
                  + f"\nfree strikes afterwards: {strikes or 'none'}", answer.data)


def forced_answer(result: ForcedResult) -> Answer:
    lines = [result.rule, f"end: ({result.end[0]:.3f}, {result.end[1]:.3f}) after {result.moved:.3f}\""]
    if result.contacted:
        lines.append(f"contacted: {', '.join(result.contacted)}")
    if result.collateral:
        lines.append(f"knocked down, collateral damage: {', '.join(result.collateral)}")
    if result.extra_die:
        lines.append("an additional die on the moved model's damage roll")
    if result.fall is not None:
        lines.append(result.fall.rule)
    if result.settlement is not None and result.settlement.rule:
        lines.append(result.settlement.rule)
    return Answer("\n".join(lines), result.as_json())


def slam_outcome(board: Board, rules: GeometryRules, a: Piece, b: Piece, roll: float, *, speed: float | None = None,
                 power_strike: bool = False,
                 stop_after: float | None = None) -> tuple[LaneResult | None, ForcedResult | None]:
    """B slammed away from A; with ``speed``, A first advances (a slam power attack) and B moves
    only when the slam succeeds after at least 3\" (the approach, and None for the slam if not)."""
    if speed is None:
        return None, slam(board, rules, a, b, roll, power_strike=power_strike)
    approach = slam_approach(board, rules, a, b, speed, stop_after)
    if not approach.charge_attack:
        return approach, None
    moved = replace(a, x=approach.end[0], y=approach.end[1])
    after = board.replace_pieces(tuple(moved if p.id == a.id else p for p in board.pieces))
    return approach, slam(after, rules, moved, after.piece(b.id), roll)


def slam_refusal(board: Board, rules: GeometryRules, a: Piece, b: Piece) -> Answer | None:
    """Why ``a`` cannot declare a slam power attack at ``b``, or None: the target must be in its
    line of sight at the start of the move (seed 001 L1067, 003 L1860, 000 L2393-2396) and in no
    state the edition's slam refuses (MkII: not knocked down, 001 L1067, L1393)."""
    held = {"knocked_down"} if b.knocked_down else set()
    barred = sorted(held & rules.slam.target_not_states)
    if barred:
        why = f"{b.id} is {' and '.join(state.replace('_', ' ') for state in barred)}: it cannot be a slam target"
    else:
        sight = line_of_sight(board, rules, a, b)
        if sight.los:
            return None
        why = f"{a.id} cannot see {b.id} to declare the slam: {sight.reason}"
    return Answer(f"no slam: {why}", {"declared": False, "why": why, "slammed": False})


def slam_answer(rules: GeometryRules, a: Piece, b: Piece, approach: LaneResult | None,
                result: ForcedResult | None) -> Answer:
    """The answer to ``--slam``: the slam move first when there was one (``approach``, ``slammed``;
    ``declared``: a slam power attack passed :func:`slam_refusal`)."""
    if approach is None:
        assert result is not None
        return forced_answer(result)
    steps = {key: value for key, value in approach.as_json().items() if key not in ("in_melee_range", "charge_attack")}
    steps |= {"slam_range": slam_range(rules, a), "successful": approach.in_melee_range,
              "slam_attack": approach.charge_attack}
    if result is None:
        return Answer(f"{approach.rule}\n{b.id} is not slammed",
                      {"declared": True, "approach": steps, "slammed": False})
    answer = forced_answer(result)
    return Answer(f"{approach.rule}\n{answer.text}",
                  {"declared": True, "approach": steps, "slammed": True, **answer.data})
