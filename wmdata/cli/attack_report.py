"""What ``wmdata attack`` prints: the sequence solved under the policy asked for, beside the
fixed policies, the plan, a play-out, the grid and power-attack comparisons, as a table or JSON."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import click

from wmdata.cli.attack_grids import GridOdds, Solved, grid_json, grid_lines, solve_grids
from wmdata.cli.attack_options import PowerOption, better_plan
from wmdata.engine.board_attack import BoardAttack
from wmdata.engine.collateral import Contacted
from wmdata.engine.colossal_grid import GridChoice
from wmdata.engine.column_choice import column_json, column_lines
from wmdata.engine.costs import ActionCost
from wmdata.engine.damage_track import ColossalTrack, crippled_names
from wmdata.engine.fury import frenzy_risk
from wmdata.engine.lattice import Lattice, lattice_for
from wmdata.engine.maintenance import MaintenanceOdds, Upkeep, after_maintenance
from wmdata.engine.moved import MovedSummary, moved_summary
from wmdata.engine.plan import PlanStep, build_plan, table_lines
from wmdata.engine.playout import Player
from wmdata.engine.policy import POLICIES, Optimal, fixed_policy
from wmdata.engine.sequence import Policy, Sequence, SequenceResult, resolve
from wmdata.engine.throw_heading import HeadingChoice
from wmdata.engine.unmodelled import NotInOdds
from wmdata.model.organisation import ContinuousDefinition
from wmdata.textsafe import terminal_safe
from wmdata.wording import counted


@dataclass(slots=True)
class Setting:
    """What the command resolves: the sequence, and the words to describe it."""

    sequence: Sequence
    title: str
    unit: str
    threshold: int | None
    board: BoardAttack | None = None
    costs: list[ActionCost] = field(default_factory=list)
    """Focus or fury the attacker pays before its attacks (a charge, a power attack)."""
    paid: bool = False
    """Whether the costs came out of the --focus/--fury given (else none was given)."""
    notes: list[str] = field(default_factory=list)
    """What the attack does besides its damage (knockdown, contest, collateral)."""
    kind_json: dict[str, Any] | None = None
    not_in_odds: list[NotInOdds] = field(default_factory=list)
    """Rules of the attack that could change the numbers but are not executed."""
    additional_attacks: dict[str, Any] | None = None
    """Whether the resource may buy additional attacks of this type, and the rule that says so."""
    first_choices: dict[str, float] = field(default_factory=dict)
    """When the optimal policy orders the initial attacks: the weapon of the first attack ->
    the kill chance with it first (the chosen one first)."""
    continuous: dict[str, ContinuousDefinition] = field(default_factory=dict)
    """The ruleset's continuous effects (what they do in the next Maintenance Phase)."""
    armour: int = 0
    """The target's ARM outside the attack, against a continuous effect's damage roll."""
    base_dice: int = 2
    grid: GridChoice | None = None
    """A colossal target: which grid the attacks strike, and why."""
    grid_odds: GridOdds | None = None
    """Where the grid is chosen attack by attack or rolled: how that was counted."""
    power_options: list[PowerOption] = field(default_factory=list)
    """Power attacks considered instead of the initial attacks, each with its own plan."""
    heading: HeadingChoice | None = None
    """On a board, the heading the thrower picked for a throw it may aim (MkII), and why."""
    contacted: dict[str, Contacted] = field(default_factory=dict)
    """On a board, what the collateral damage of the sequence's slams or throws meets in each
    model the target may be moved into (by board id)."""

    def moved(self, result: SequenceResult) -> MovedSummary | None:
        """Where the slams and throws take the target, and whom they make it contact."""
        return moved_summary(self.sequence, result, self.contacted, self.heading)



def report(setting: Setting, policy_name: str, simulate: int | None, seed: int, as_json: bool) -> None:
    track = setting.sequence.track
    grids = setting.grid is not None and isinstance(track, ColossalTrack) and track.side is None
    if grids:
        assert setting.grid is not None
        compared = tuple(name for name in POLICIES if name != policy_name and setting.sequence.resource)
        solved, setting.grid_odds = solve_grids(setting.sequence, setting.grid, policy_name, _solve, compared)
    else:
        solved = _solve(setting.sequence, policy_name)
    sequence, lattice, optimal, chosen, result = solved
    setting.sequence = sequence
    if setting.grid_odds is not None and grids:
        others = {name: setting.grid_odds.policies[name].lower for name in setting.grid_odds.policies
                  if name != chosen.name}
    else:
        others = {name: resolve(sequence, fixed_policy(name, sequence), lattice).p_destroyed for name in POLICIES
                  if name != chosen.name and sequence.resource}
    if optimal is not None:
        others = {"optimal": result.p_destroyed, **others}
    for option in setting.power_options:
        if option.sequence is None:
            continue
        if grids:
            assert setting.grid is not None
            option_solved, option.grid_odds = solve_grids(option.sequence, setting.grid, policy_name, _solve)
            option.p_destroyed = option_solved[4].p_destroyed
        else:
            option.p_destroyed = _solve(option.sequence, policy_name)[4].p_destroyed
    plan = build_plan(optimal, lattice) if optimal is not None else []
    if optimal is not None and sequence.choose_order:
        setting.first_choices = _first_choices(sequence, optimal, lattice)
    upkeep = (Upkeep(setting.continuous, setting.armour, setting.base_dice)
              if _maintenance(setting, result) is not None else None)
    runs = Player(sequence, chosen, lattice, upkeep=upkeep).play(simulate, seed, log_first=True) if simulate else []
    if as_json:
        click.echo(json.dumps(_as_json(setting, result, others, plan, runs), indent=2))
    else:
        click.echo(terminal_safe(_as_text(setting, result, others, plan, runs)))


def _solve(sequence: Sequence, policy_name: str) -> Solved:
    """The sequence under the policy asked for (the optimal one only where there is something to decide)."""
    lattice = lattice_for(sequence.track, start=sequence.start)
    deciding = sequence.resource or sequence.choose_order or sequence.free_choices()
    optimal = Optimal(sequence) if deciding and policy_name == "optimal" else None
    chosen: Policy = optimal or fixed_policy(policy_name, sequence)
    return sequence, lattice, optimal, chosen, resolve(sequence, chosen, lattice)


def _first_choices(sequence: Sequence, optimal: Optimal, lattice: Lattice) -> dict[str, float]:
    """The kill chance with each weapon making the first attack, the policy's choice first."""
    found = optimal.initial_choice(lattice, sequence.first_phase())
    if found is None:
        return {}
    index = lattice.index(sequence.start, sequence.track)
    picked, values = int(found[0][index]), found[1]
    order = [picked, *(w for w in values if w != picked)]
    return {sequence.weapon_name(w): float(values[w][index]) for w in order}


def _frenzy(setting: Setting, result: SequenceResult) -> float | None:
    """A warbeast forced with fury: the chance of a frenzy at its next threshold check."""
    paid = sum(cost.points for cost in setting.costs) if setting.paid else 0
    return None if setting.threshold is None else frenzy_risk(result.spent, setting.threshold, paid)


def _simulated(setting: Setting, runs: list[Any]) -> dict[str, Any]:
    track = setting.sequence.track
    destroyed = sum(1 for run in runs if track.marked(run.state) >= track.capacity)
    before = track.marked(setting.sequence.start)
    damage = sum(track.marked(run.state) - before for run in runs)
    crippled = Counter(name for run in runs for name in crippled_names(track, run.state))
    return {"runs": len(runs), "p_destroyed": destroyed / len(runs), "mean_damage": damage / len(runs),
            "p_crippled": {name: crippled[name] / len(runs) for name in sorted(crippled)},
            "p_destroyed_after_maintenance": (sum(1 for run in runs if run.after_maintenance) / len(runs)
                                              if runs[0].after_maintenance is not None else None),
            "first_run": runs[0].events}


def _as_json(setting: Setting, result: SequenceResult, others: dict[str, float], plan: list[PlanStep],
             runs: list[Any]) -> dict[str, Any]:
    sequence = setting.sequence
    system_name = sequence.track.system_name
    maintenance = _maintenance(setting, result)
    return {
        "title": setting.title, "attacks": sequence.attacks, "resource": sequence.resource, "unit": setting.unit,
        "weapons": [name for name in sequence.weapons if name],
        "initial_attacks": [sequence.weapon_name(index) or None for index in
                            (sequence.initial or (0,) * sequence.attacks)],
        "initial_order": ({"chosen_by_policy": True, "kill_if_first": setting.first_choices}
                          if setting.first_choices else {"chosen_by_policy": False}),
        "charge": sequence.charge, "policy": result.policy, "first_attack": result.first_attack,
        "first_damage": result.first_damage, "p_hit": result.p_hit, "p_crit": result.p_crit,
        "expected_damage": result.expected_damage,
        "damage_distribution": {str(points): p for points, p in result.damage.items()},
        "p_destroyed": result.p_destroyed,
        "p_crippled": None if result.crippled is None else {system_name(s): p for s, p in result.crippled.items()},
        "spent_distribution": {str(used): p for used, p in result.spent.items()},
        "p_target_states": result.conditions,
        "moved": None if (moved := setting.moved(result)) is None else moved.as_json(),
        "after_maintenance": None if maintenance is None else maintenance.as_json(),
        "power_attack_options": _options_json(setting, result),
        "costs": [cost.as_json() for cost in setting.costs], "costs_paid_from_resource": setting.paid,
        "attack_effects": setting.kind_json, "additional_attacks": setting.additional_attacks,
        "not_in_odds": [gap.as_json() for gap in setting.not_in_odds if gap.missing],
        "matters_later": [gap.as_json() for gap in setting.not_in_odds if gap.why_not is None and gap.later],
        "does_not_apply": [gap.as_json() for gap in setting.not_in_odds if gap.why_not is not None],
        "p_frenzy": _frenzy(setting, result), "policies": others, "plan": [step.as_json() for step in plan],
        "column_plan": column_json(result.column_choices),
        "track": {"kind": sequence.track.kind, "boxes": sequence.track.capacity,
                  "already_marked": sequence.track.marked(sequence.start)},
        "simulation": _simulated(setting, runs) if runs else None,
        **({"board": setting.board.as_json()} if setting.board is not None else {}),
        **({"grid": _grid_json(setting)} if setting.grid is not None else {}),
    }


def _maintenance(setting: Setting, result: SequenceResult) -> MaintenanceOdds | None:
    """The kill chance once the target's next Maintenance Phase has resolved its continuous effects."""
    return after_maintenance(result.p_destroyed, result.lingering, setting.continuous, setting.armour,
                             setting.base_dice, setting.sequence.resting_survival())


def _grid_json(setting: Setting) -> dict[str, Any]:
    assert setting.grid is not None and isinstance(setting.sequence.track, ColossalTrack)
    return grid_json(setting.grid, setting.sequence.track, setting.grid_odds)


def _grid_lines(setting: Setting) -> list[str]:
    track = setting.sequence.track
    if setting.grid is None or not isinstance(track, ColossalTrack):
        return []
    return grid_lines(setting.grid, track, setting.grid_odds)


def _options_json(setting: Setting, result: SequenceResult) -> dict[str, Any] | None:
    """With --consider-power-attack: each plan's kill chance and the better one."""
    if not setting.power_options:
        return None
    return {"weapon_attacks": result.p_destroyed, "options": [o.as_json() for o in setting.power_options],
            "better_plan": better_plan(result.p_destroyed, setting.power_options)}


def _options_lines(setting: Setting, result: SequenceResult) -> list[str]:
    if not setting.power_options:
        return []
    better = better_plan(result.p_destroyed, setting.power_options)
    return [f"weapon attacks or a power attack ({result.policy} policy, {setting.unit} before costs):",
            f"  {result.p_destroyed:6.1%}  weapon attacks (this plan)",
            *(f"  {option.describe(setting.unit)}" for option in setting.power_options),
            f"  better plan: {better}"]


def _cost_lines(setting: Setting) -> list[str]:
    if not setting.costs:
        return []
    paid = "paid first" if setting.paid else f"costs (not counted: no --{setting.unit} given)"
    return [f"{paid}: " + ", ".join(cost.describe(setting.unit) for cost in setting.costs)]


def _as_text(setting: Setting, result: SequenceResult, others: dict[str, float], plan: list[PlanStep],
             runs: list[Any]) -> str:
    sequence = setting.sequence
    lines = [*(setting.board.lines() if setting.board is not None else []), setting.title,
             f"{counted(sequence.attacks, 'attack')}{', first one a charge' if sequence.charge else ''}"
             f"{f', {sequence.resource} {setting.unit} for the attacks' if sequence.resource else ''}"
             f"{', target knocked down' if 'knocked_down' in sequence.conditions else ''}; "
             f"target: {sequence.track.capacity - sequence.track.marked(sequence.start)} of "
             f"{counted(sequence.track.capacity, 'box', 'boxes')} left ({sequence.track.kind})",
             *_cost_lines(setting),
             *_grid_lines(setting),
             f"first attack: {result.first_attack}: hit {result.p_hit:.1%}, critical {result.p_crit:.1%}",
             f"damage roll:  {result.first_damage}",
             f"destroyed:    {result.p_destroyed:.1%} ({result.policy} policy)",
             f"damage dealt: {result.expected_damage:.2f} expected"]
    shown = [f"{points}: {p:.1%}" for points, p in result.damage.items() if p >= 0.0005]
    lines.append("  " + ", ".join(shown))
    if result.crippled:
        crippled = [f"{sequence.track.system_name(s)} {p:.1%}" for s, p in result.crippled.items()]
        lines.append("crippled:     " + ", ".join(crippled))
    if result.conditions:
        states = [f"{name.replace('_', ' ')} {p:.1%}" for name, p in result.conditions.items()]
        lines.append("target ends:  " + ", ".join(states) + " (destroyed or not)")
    moved = setting.moved(result)
    if moved is not None:
        lines += moved.lines()
    maintenance = _maintenance(setting, result)
    if maintenance is not None:
        lines.append(f"destroyed by the end of its next Maintenance Phase: {maintenance.describe()}")
    if setting.first_choices:
        (best, kill), *rest = setting.first_choices.items()
        others_first = "; ".join(f"{name} first {p:.1%}" for name, p in rest)
        lines.append(f"order:        {best} first ({'charge, ' if sequence.charge else ''}kill chance {kill:.1%}; "
                     f"{others_first}); the plan picks each initial attack's weapon")
    lines += [f"also:         {note}" for note in setting.notes]
    missing = [gap.describe() for gap in setting.not_in_odds if gap.missing]
    if missing:
        lines.append("not in the odds (weigh by hand): " + ", ".join(missing))
    later = [gap.describe() for gap in setting.not_in_odds if gap.why_not is None and gap.later]
    if later:
        lines.append("matters only after these attacks: " + ", ".join(later))
    idle = [gap.describe() for gap in setting.not_in_odds if gap.why_not is not None]
    if idle:
        lines.append("does not apply to this attack: " + ", ".join(idle))
    frenzy = _frenzy(setting, result)
    if frenzy is not None:
        lines.append(f"frenzy risk:  {frenzy:.1%} at the next threshold check (THR {setting.threshold})")
    if others:
        grids = "" if setting.grid_odds is None else (
            "; each attack's grid chosen under each policy's spending" if setting.grid is not None
            and setting.grid.sides else "; each attack's grid rolled")
        lines.append(f"kill chance by policy ({sequence.resource} {setting.unit}{grids}):")
        bounds = setting.grid_odds.policies if setting.grid_odds is not None else {}
        lines += [f"  {name:<13}{p:6.1%}{bounds[name].describe() if name in bounds else ''}"
                  for name, p in others.items()]
    lines += _options_lines(setting, result)
    if plan:
        lines.append("plan:")
        lines += [f"  {line}" for line in table_lines(plan, setting.unit)]
        lines += [f"  {line}" for line in column_lines(result.column_choices, sequence.track)]
    if runs:
        summary = _simulated(setting, runs)
        maintained = summary["p_destroyed_after_maintenance"]
        lines.append(f"play-out: {counted(summary['runs'], 'run')}, destroyed in {summary['p_destroyed']:.1%}"
                     + (f" ({maintained:.1%} by the end of the next Maintenance Phase)" if maintained is not None
                        else "")
                     + f", mean damage {summary['mean_damage']:.2f}; the first one:")
        if sequence.track.kind == "colossal" and summary["p_crippled"] and result.crippled is None:
            lines.insert(-1, "play-out crippled (per grid, estimated): "
                         + ", ".join(f"{name} {p:.1%}" for name, p in summary["p_crippled"].items()))
        lines += [f"  {event}" for event in summary["first_run"]]
    return "\n".join(lines)
