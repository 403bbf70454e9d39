"""A colossal target whose grid is not one side: chosen by the attacker attack by attack
(seed 003 L3606), or rolled (L3608), solved on both grids at once where that stays within the
state budget, else the better fixed grid with honest bounds; told as JSON and text lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from wmdata.engine.colossal_choice import solve_joint, spending_chosen, upper_bound
from wmdata.engine.colossal_grid import SIDES, GridChoice
from wmdata.engine.colossal_joint import TooManyStatesError
from wmdata.engine.damage_track import ColossalTrack
from wmdata.engine.lattice import Lattice
from wmdata.engine.policy import Optimal, fixed_policy
from wmdata.engine.sequence import GridTally, Policy, Sequence, SequenceResult, resolve
from wmdata.wording import ranges_told

Solved = tuple[Sequence, Lattice, Optimal | None, Policy, SequenceResult]
Solver = Callable[[Sequence, str], Solved]


@dataclass(frozen=True, slots=True)
class Bounded:
    """A kill chance exact, or between bounds (upper None: none proven)."""

    lower: float
    upper: float | None
    exact: bool

    def as_json(self) -> dict[str, Any]:
        return {"exact": self.exact, "lower": self.lower, "upper": self.upper}

    def describe(self) -> str:
        if self.exact:
            return ""
        return f" (bounds {self.lower:.1%} to {self.upper:.1%})" if self.upper is not None else " (at least)"


@dataclass(slots=True)
class GridOdds:
    """How the grid choice (or roll) was counted."""

    exact: bool
    why: str
    states: int | None = None
    """The joint states of both grids searched (None: not searched)."""
    lower: float | None = None
    upper: float | None = None
    fixed: dict[str, float] = field(default_factory=dict)
    """Where the attacker chooses: the kill chance striking each grid every time."""
    choices: dict[tuple[int, int], GridTally] = field(default_factory=dict)
    policies: dict[str, Bounded] = field(default_factory=dict)
    """The policies compared beside the one asked for, counted the same way."""

    def as_json(self) -> dict[str, Any]:
        return {"exact": self.exact, "states": self.states, "lower": self.lower, "upper": self.upper,
                "why": self.why,
                "policies": {name: bounded.as_json() for name, bounded in self.policies.items()},
                "choices": [{"attack": number, "points": points, "left": tally.left, "right": tally.right,
                             "either": tally.either, **_kills(tally)}
                            for (number, points), tally in sorted(self.choices.items())]}


def _kills(tally: GridTally) -> dict[str, float | None]:
    """The kill chance striking each grid, averaged over the states this damage comes in."""
    total = tally.total
    if total <= 0:
        return {"kill_if_left": None, "kill_if_right": None}
    return {"kill_if_left": tally.kill_left / total, "kill_if_right": tally.kill_right / total}


def solve_grids(sequence: Sequence, grid: GridChoice, policy_name: str, solve: Solver,
                compared: tuple[str, ...] = ()) -> tuple[Solved, GridOdds]:
    """The sequence solved with its grid chosen per attack or rolled under the policy asked
    for, and how it was counted, with the fixed policies ``compared`` beside it counted the
    same way (:attr:`GridOdds.policies`).  A fixed policy fixes the spending, not the grid: the
    attacker still picks each attack's grid to destroy the target most often.  ``solve``
    solves a sequence with one grid struck (the report's own solver)."""
    track = sequence.track
    assert isinstance(track, ColossalTrack) and track.side is None
    if not grid.sides:
        return _rolled(sequence, policy_name, solve, compared)
    on_grid = [replace(sequence, track=track.struck(side)) for side in (0, 1)]
    left, right = solve(on_grid[0], policy_name), solve(on_grid[1], policy_name)
    fixed = {"left": left[4].p_destroyed, "right": right[4].p_destroyed}
    best = right if fixed["right"] > fixed["left"] + 1e-12 else left
    if not sequence.relevant:
        odds = GridOdds(True, "where the damage goes changes no later attack, so every choice kills as often as one "
                              "grid every time", fixed=fixed)
        odds.policies = {name: Bounded(p, p, True) for name in compared
                         for p in [resolve(best[0], fixed_policy(name, best[0]), best[1]).p_destroyed]}
        return best, odds
    optimal = policy_name == "optimal"
    spending = None if optimal else fixed_policy(policy_name, sequence)
    make = ((lambda lattice: Optimal(sequence, given=lattice)) if spending is None
            else spending_chosen(sequence, spending))
    try:
        joint = solve_joint(sequence, True, make)
    except TooManyStatesError as exc:
        odds = GridOdds(False, f"{exc}: between the better grid every time and crippling granted at will (an upper "
                               "bound)", lower=best[4].p_destroyed, upper=upper_bound(sequence, spending), fixed=fixed)
        odds.policies = {name: _bounded(sequence, on_grid, name) for name in compared}
        return best, odds
    policy = joint.policy
    solved = (sequence, joint.lattice, policy if isinstance(policy, Optimal) else None, policy, joint.result)
    under = "" if optimal else f", under the {policy_name} policy's spending"
    odds = GridOdds(True, f"each attack's grid chosen once its damage is rolled, before the column (seed 003 "
                          f"L3606-3610){under}",
                    states=joint.states, lower=joint.result.p_destroyed, upper=joint.result.p_destroyed, fixed=fixed,
                    choices=joint.result.grid_choices)
    for name in compared:
        other = solve_joint(sequence, True, spending_chosen(sequence, fixed_policy(name, sequence)),
                            found=joint.found)
        odds.policies[name] = Bounded(other.result.p_destroyed, other.result.p_destroyed, True)
    return solved, odds


def _bounded(sequence: Sequence, on_grid: list[Sequence], name: str) -> Bounded:
    """A fixed policy past the state budget: between its better grid every time and its
    spending with crippling granted at will."""
    lower = max(resolve(one, fixed_policy(name, one)).p_destroyed for one in on_grid)
    return Bounded(lower, upper_bound(sequence, fixed_policy(name, sequence)), False)


def _rolled(sequence: Sequence, policy_name: str, solve: Solver,
            compared: tuple[str, ...]) -> tuple[Solved, GridOdds]:
    """Each attack's grid rolled: crippling followed on both grids where the states allow."""
    plain = solve(sequence, policy_name)
    optimal = plain[2] is not None
    try:
        joint = solve_joint(sequence, False, lambda lattice: Optimal(sequence, given=lattice) if optimal else plain[3])
    except TooManyStatesError as exc:
        odds = GridOdds(False, f"{exc}: counted by marked boxes only (exact for the kill chance while no crippled "
                               "system changes the attacks), crippling not followed", lower=plain[4].p_destroyed,
                        upper=None if sequence.relevant else plain[4].p_destroyed)
        for name in compared:
            p = resolve(sequence, fixed_policy(name, sequence), plain[1]).p_destroyed
            odds.policies[name] = Bounded(p, None if sequence.relevant else p, not sequence.relevant)
        return plain, odds
    policy = joint.policy
    solved = (sequence, joint.lattice, policy if isinstance(policy, Optimal) else None, policy, joint.result)
    odds = GridOdds(True, "each attack's grid rolled (1-3 left, 4-6 right), crippling followed on both grids",
                    states=joint.states, lower=joint.result.p_destroyed, upper=joint.result.p_destroyed)
    for name in compared:
        p = solve_joint(sequence, False, _always(fixed_policy(name, sequence)), found=joint.found).result.p_destroyed
        odds.policies[name] = Bounded(p, p, True)
    return solved, odds


def _always(policy: Policy) -> Callable[[Lattice], Policy]:
    """A policy whose choices do not depend on the states it plans on (a fixed one)."""
    return lambda lattice: policy


def grid_json(grid: GridChoice, track: ColossalTrack, odds: GridOdds | None) -> dict[str, Any]:
    """The grid struck and why; where chosen or rolled, how it was counted."""
    struck = SIDES[track.side] if track.side is not None else "chosen" if grid.sides else "rolled"
    found: dict[str, Any] = {**grid.as_json(), "struck": struck}
    if odds is not None:
        if odds.fixed:
            found["p_destroyed_by_grid"] = odds.fixed
            found["chosen_per_attack"] = odds.exact and bool(odds.choices)
        found["per_attack"] = odds.as_json()
    return found


def grid_lines(grid: GridChoice, track: ColossalTrack, odds: GridOdds | None) -> list[str]:
    head = f"grid:         {grid.name if grid.sides != (0, 1) else 'attacker chooses'}: {grid.reason} ({grid.source})"
    if odds is None:
        return [head if track.side is None else
                f"grid:         {SIDES[track.side]} grid: {grid.reason} ({grid.source})"]
    compared = ", ".join(f"{side} every attack {p:.1%}" for side, p in odds.fixed.items())
    if odds.exact and odds.states is not None:
        told = f"{odds.lower:.1%} exact over {odds.states} joint states of both grids: {odds.why}"
    elif odds.exact:
        told = odds.why
    elif odds.upper is not None:
        told = f"bounds {odds.lower:.1%} to {odds.upper:.1%}: {odds.why}"
    else:
        told = odds.why
    lines = [head, f"              {'; '.join(part for part in (compared, told) if part)}"]
    return lines + [f"  {line}" for line in _plan_lines(odds)]


def _plan_lines(odds: GridOdds) -> list[str]:
    """Per attack, the grid picked for each damage roll ("either" where both kill as often; a
    share where the choice depends on where earlier damage fell), and why for the likeliest
    damage roll where one grid is better: the kill chance striking each."""
    by_attack: dict[int, list[tuple[int, str, GridTally]]] = {}
    for (number, points), tally in sorted(odds.choices.items()):
        total = tally.total
        if total <= 0:
            continue
        shares = {"left": tally.left / total, "right": tally.right / total, "either": tally.either / total}
        pick = next((name for name, share in shares.items() if share > 0.999), None)
        by_attack.setdefault(number, []).append((points, pick or "/".join(
            f"{name} {share:.0%}" for name, share in shares.items() if share >= 0.005), tally))
    lines = []
    for number, rows in by_attack.items():
        told = ranges_told([(points, pick) for points, pick, _ in rows], ", ")
        decided = [(tally.left + tally.right, points, tally) for points, _, tally in rows if tally.left + tally.right]
        why = ""
        if decided:
            _, points, tally = max(decided, key=lambda row: row[0])
            kills = _kills(tally)
            why = (f" (e.g. {points} points: kill chance {kills['kill_if_left']:.1%} on the left grid, "
                   f"{kills['kill_if_right']:.1%} on the right)")
        lines.append(f"grid plan, attack {number} (damage points: grid): {told}{why}")
    return lines
