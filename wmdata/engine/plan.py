"""The optimal policy told as a plan a player can follow at the table.

The policy decides per damage state, but a player looks at the boxes left on the card.
So for each attack of the sequence (its number, weapon, the resource left, the target's
states that the attacks meet: knocked down, stationary) the plan gathers the damage
states that reach it, and says for how many boxes left each roll is worth boosting:
"boost the attack roll with 1-9 boxes left". Where the states with the same boxes left
disagree (a grid's columns), the likelier choice is told and the step says it depends on
where the damage fell. The JSON keeps every boxes-left row with its chance and kill
chance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wmdata.engine.dice import RESULTS
from wmdata.engine.lattice import BoolArray, Lattice
from wmdata.engine.policy import Optimal
from wmdata.engine.sequence import FloatArray, Phase, Sequence, resolve
from wmdata.wording import counted, plural

MIN_REACH = 0.02
"""Steps reached in fewer games than this are left out of the text (kept in the JSON)."""
MOST_CASES = 3
"""The text tells at most this many damage reroll thresholds per step (the likeliest)."""
ROLLS = ("roll_anyway", "boost_attack", "boost_damage_on_hit", "boost_damage_on_critical", "smite_on_hit",
         "smite_on_critical")
"""The choices of a step: making the attack roll against an automatic hit (for a critical
hit), the boosts, and a slam or throw instead of a hit's or a critical hit's damage roll."""
SHORT = "unless it destroys the target"
"""The usual optimal damage reroll: every roll that leaves the target standing."""


@dataclass(slots=True)
class Row:
    """The decisions for one number of boxes left, weighted over the states behind it."""

    boxes_left: int
    reach: float = 0.0
    kill: float = 0.0
    spend: dict[str, float] = field(default_factory=dict)
    """Roll -> the share of this row's chance where the policy spends on it."""
    offered: dict[str, float] = field(default_factory=dict)
    """Roll -> the share of this row's chance where spending on it is possible at all."""
    if_spent: dict[str, float] = field(default_factory=dict)
    """Roll -> the kill chance when spending, weighted over the states where it is offered."""
    if_not: dict[str, float] = field(default_factory=dict)
    """Roll -> the kill chance when not spending, weighted the same way."""
    rerolls: dict[str, float] = field(default_factory=dict)
    """What is rerolled where a rule allows it ("attack miss", "attack hit", "attack critical",
    "damage 4", ...) -> the share of this row's chance where the policy rerolls it."""
    reroll_offered: dict[str, float] = field(default_factory=dict)
    """The same keys -> the share of this row's chance where a rule allows that reroll and the
    result can come up."""

    def rerolled(self, roll: str) -> list[str] | None:
        """The results (``attack``) or damage points (``damage``, on a hit) rerolled in most of
        the chance where they can be, or None where no rule allows the reroll."""
        keys = [key for key, offered in self.reroll_offered.items() if key.startswith(roll + " ") and offered > 0]
        if not keys:
            return None
        found = [key.split(" ", 1)[1] for key in keys if self.rerolls.get(key, 0.0) > self.reroll_offered[key] / 2]
        return sorted(found, key=lambda r: RESULTS.index(r) if r in RESULTS else int(r))

    def chooses(self, roll: str) -> bool | None:
        offered = self.offered.get(roll, 0.0)
        if offered <= 0:
            return None
        return self.spend.get(roll, 0.0) > offered / 2

    def decision(self, roll: str) -> dict[str, Any] | None:
        """The choice and its why: the kill chance with and without spending."""
        offered = self.offered.get(roll, 0.0)
        if offered <= 0:
            return None
        return {"spend": self.chooses(roll), "kill_if_spent": self.if_spent.get(roll, 0.0) / offered,
                "kill_if_not": self.if_not.get(roll, 0.0) / offered}

    def damage_rule(self) -> str | None:
        """How the damage roll of a hit is rerolled in this row, in words: :data:`SHORT` when
        exactly the rolls that leave the target standing are, else up to how many points."""
        rerolled = self.rerolled("damage")
        if rerolled is None:
            return None
        possible = {int(key.split(" ", 1)[1]) for key, offered in self.reroll_offered.items()
                    if key.startswith("damage ") and offered > 0}
        points = {int(p) for p in rerolled}
        if points == {p for p in possible if p < self.boxes_left}:
            return SHORT
        return f"of at most {counted(max(points), 'point')}" if points else "never"

    def as_json(self) -> dict[str, Any]:
        damage = self.rerolled("damage")
        return {"boxes_left": self.boxes_left, "reach": self.reach, "kill": self.kill,
                **{roll: self.decision(roll) for roll in ROLLS}, "reroll_attack_on": self.rerolled("attack"),
                "reroll_damage_points": None if damage is None else [int(points) for points in damage]}


@dataclass(slots=True)
class PlanStep:
    """One attack of the sequence in one situation, with its decisions by boxes left."""

    attack: int
    weapon: str
    additional: bool
    resource: int
    states: frozenset[str]
    """The target's states this attack meets (knocked down, stationary)."""
    reach: float = 0.0
    rows: dict[int, Row] = field(default_factory=dict)
    mixed: bool = False
    """Whether states with the same boxes left call for different choices."""
    smite: str = ""
    """What may replace the damage roll of a hit or critical hit (``slam the target``, ``deal 1
    damage point``), if a rule offers it."""

    def as_json(self) -> dict[str, Any]:
        return {"attack": self.attack, "weapon": self.weapon or None, "additional": self.additional,
                "reach": self.reach, "resource_left": self.resource,
                "knocked_down": "knocked_down" in self.states, "target_states": sorted(self.states),
                "depends_on_where_damage_fell": self.mixed,
                "by_boxes_left": [self.rows[n].as_json() for n in sorted(self.rows, reverse=True)]}

    def _when(self, roll: str) -> str | None:
        rows = [r for r in self.rows.values() if r.chooses(roll) is not None and r.reach > 0]
        if not rows:
            return None
        chosen = [r for r in rows if r.chooses(roll)]
        if not chosen:
            return "never"
        offered = sum(r.offered[roll] for r in chosen)
        gain = sum(r.if_spent.get(roll, 0.0) - r.if_not.get(roll, 0.0) for r in chosen) / offered
        why = f" (+{gain:.1%} kill chance)" if gain >= 0.0005 else " (+<0.1% kill chance)"
        if len(chosen) == len(rows):
            return "always" + why
        return f"with {_boxes(sorted(r.boxes_left for r in chosen))} left{why}"

    @property
    def kill(self) -> float:
        """The kill chance from this step on, over the states that reach it."""
        return sum(r.kill * r.reach for r in self.rows.values()) / self.reach if self.reach else 0.0

    def describe(self, unit: str) -> str:
        """The step in one line: which attack, how often it comes, then what to do."""
        return _head(self.attack, self.title(unit), [self], unit) + self.decisions(unit)

    def title(self, unit: str) -> str:
        """``attack 3 with Ice Axe, bought for 1 focus with 2-30 boxes left`` without the number."""
        weapon = f" with {self.weapon}" if self.weapon else ""
        left = sorted(n for n, row in self.rows.items() if row.reach > 0)
        return weapon + (f", bought for 1 {unit} with {_boxes(left)} left" if self.additional and left else "")

    def decisions(self, unit: str) -> str:
        """What to spend and reroll at this step; only what to do is said (nothing else is
        spent or rerolled), the why in brackets."""
        told = {roll: self._when(roll) for roll in ROLLS}
        labels = {"roll_anyway": "give up the automatic hit and roll the attack for a critical hit",
                  "boost_attack": "boost the attack roll",
                  "boost_damage_on_hit": "boost the damage roll on a hit",
                  "boost_damage_on_critical": "boost the damage roll on a critical hit",
                  "smite_on_hit": f"{self.smite or 'slam the target'} instead of the damage roll on a hit",
                  "smite_on_critical": f"{self.smite or 'slam the target'} instead of the damage roll on a "
                                       "critical hit"}
        if told["boost_damage_on_critical"] == told["boost_damage_on_hit"]:
            told["boost_damage_on_critical"] = None
            labels["boost_damage_on_hit"] = "boost the damage roll if it hits"
        if told["smite_on_hit"] is not None and told["smite_on_critical"] == told["smite_on_hit"]:
            told["smite_on_critical"] = None
            labels["smite_on_hit"] = f"{self.smite or 'slam the target'} instead of the damage roll if it hits"
        parts = []
        for roll in ROLLS:
            when, label = told[roll], labels[roll]
            if when == "never":
                continue
            if when is not None and when.startswith("always"):
                parts.append(label + when.removeprefix("always"))
            elif when is not None:
                parts.append(f"{label} {when}")
        parts += self._rerolls()
        nothing = f"spend no {unit}" if self.resource else f"no {unit} left"
        text = "; ".join(parts) if parts else nothing
        return text + (" (mostly: it depends on where the damage fell)" if self.mixed else "")


    def _rerolls(self) -> list[str]:
        """Where a rule allows rerolls: which attack results, and damage up to how many points
        with how many boxes left (the likelier choice of each row)."""
        told = []
        rows = [row for row in self.rows.values() if row.reach > 0]
        results: dict[str, float] = {}
        for row in rows:
            for result in row.rerolled("attack") or []:
                results[result] = results.get(result, 0.0) + row.reach
        offered = sum(row.reach for row in rows if row.rerolled("attack") is not None)
        chosen = [r.replace("critical", "critical hit") for r in RESULTS if results.get(r, 0.0) > offered / 2]
        if offered and chosen:
            told.append(f"reroll the attack roll on a {' or a '.join(chosen)}")
        by_rule: dict[str, list[Row]] = {}
        for row in rows:
            rule = row.damage_rule()
            if rule is not None and rule != "never":
                by_rule.setdefault(rule, []).append(row)
        if list(by_rule) == [SHORT]:
            told.append(f"reroll the damage roll on a hit {SHORT}")
        elif by_rule:
            likeliest = sorted(by_rule.items(), key=lambda item: -sum(row.reach for row in item[1]))
            shown = sorted(likeliest[:MOST_CASES], key=lambda item: min(row.boxes_left for row in item[1]))
            spans = [f"{rule} with {_boxes(sorted(row.boxes_left for row in found))} left" for rule, found in shown]
            hidden = len(likeliest) - len(shown)
            told.append("reroll the damage roll on a hit " + ", ".join(spans)
                        + (f" (and {hidden} rarer {plural(hidden, 'case', 'cases')} by boxes left in --json)"
                           if hidden else ""))
        return told


def _head(number: int, title: str, steps: list[PlanStep], unit: str) -> str:
    """``attack 2 with Open Fist (11% of games; target stationary; 2 focus left; kill chance from
    here 65.2%): `` for one step or several told together (what differs between them is left out)."""
    reach = sum(step.reach for step in steps)
    kill = sum(step.kill * step.reach for step in steps) / reach if reach else 0.0
    states = {step.states for step in steps}
    down = ""
    if len(states) == 1 and next(iter(states)):
        down = f"; target {' and '.join(s.replace('_', ' ') for s in sorted(next(iter(states))))}"
    resources = {step.resource for step in steps}
    left = f"; {next(iter(resources))} {unit} left" if len(resources) == 1 else ""
    return f"attack {number}{title} ({reach:.0%} of games{down}{left}; kill chance from here {kill:.1%}): "


def table_lines(plan: list[PlanStep], unit: str) -> list[str]:
    """The plan as a player reads it at the table: the steps reached in at least
    :data:`MIN_REACH` of the games (and the first attack), steps of the same attack with the
    same weapon and the same decisions told once (the JSON keeps every step)."""
    groups: dict[tuple[int, str, str], list[PlanStep]] = {}
    for step in plan:
        if step.reach >= MIN_REACH or step.attack == 1:
            groups.setdefault((step.attack, step.title(unit), step.decisions(unit)), []).append(step)
    return [_head(number, title, steps, unit) + decisions for (number, title, decisions), steps in groups.items()]


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``1-3, 7``."""
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans)


def _boxes(numbers: list[int]) -> str:
    """``[4]`` -> ``4 boxes``, ``[1]`` -> ``1 box``, ``[1, 2, 5]`` -> ``1-2, 5 boxes``."""
    return f"{_ranges(numbers)} {plural(numbers[-1] if len(numbers) == 1 else 2, 'box', 'boxes')}"


def _reroll_masks(optimal: Optimal, lattice: Lattice, phase: Phase, boost: BoolArray, boost_hit: BoolArray
                  ) -> tuple[dict[str, BoolArray], dict[str, BoolArray]]:
    """Where a rule allows rerolls in ``phase``: ("attack miss", "damage 4", ...) -> the states
    where the policy rerolls it (damage: of a hit, not a critical one), and the same keys ->
    the states where the rule allows it and the result can come up; ``boost``/``boost_hit``:
    the states where the attack roll / the damage roll of a hit is boosted."""
    resource = phase[1]
    chosen: dict[str, BoolArray] = {}
    offered: dict[str, BoolArray] = {}
    none = np.zeros(lattice.size, dtype=bool)
    for attack_boosted in (False, True):
        here = boost == attack_boosted
        found = optimal.attack_rerolls(lattice, phase, attack_boosted)
        if found is not None:
            for result, mask in zip(RESULTS, found, strict=True):
                offered[f"attack {result}"] = offered.get(f"attack {result}", none) | here
                chosen[f"attack {result}"] = chosen.get(f"attack {result}", none) | (here & mask)
        after = optimal.sequence.spending(phase, resource - attack_boosted)
        for damage_boosted in (False, True):
            there = here & (boost_hit == damage_boosted)
            for points, mask in optimal.damage_rerolls(lattice, after, False, damage_boosted).items():
                offered[f"damage {points}"] = offered.get(f"damage {points}", none) | there
                chosen[f"damage {points}"] = chosen.get(f"damage {points}", none) | (there & mask)
    return chosen, offered


def _smite_choice(optimal: Optimal, lattice: Lattice, phase: Phase, boost: BoolArray, critical: bool
                  ) -> tuple[BoolArray, BoolArray, FloatArray, FloatArray] | None:
    """Where a hit (``critical``: a critical hit) may become a slam or throw: the states where
    it does, where it is offered, and the kill chance with and without it (``boost``: where the
    attack roll is boosted; the damage roll's boost is the policy's choice on the hit)."""
    size = lattice.size
    spend, offered = np.zeros(size, dtype=bool), np.zeros(size, dtype=bool)
    with_it, without = np.zeros(size), np.zeros(size)
    found = False
    for attack_boosted in (False, True):
        after = optimal.sequence.spending(phase, phase[1] - attack_boosted)
        pair = optimal.damage_choice(lattice, after, critical)
        damage_boosted = np.zeros(size, dtype=bool) if pair is None else pair[0] > pair[1] + 1e-12
        for boosted in (False, True):
            choice = optimal.smite_choice(lattice, after, boosted, critical)
            if choice is None:
                continue
            found = True
            here = (boost == attack_boosted) & (damage_boosted == boosted) & (choice[0] >= 0)
            spend |= here & (choice[0] > choice[1] + 1e-12)
            offered |= here
            with_it, without = np.where(here, choice[0], with_it), np.where(here, choice[1], without)
    return (spend, offered, with_it, without) if found else None


def _smite_name(sequence: Sequence, phase: Phase, lattice: Lattice, chances: FloatArray) -> str:
    """What may replace a hit's damage roll at this step (of its first group that offers it)."""
    for mask, circumstance in sequence.groups(lattice, phase):
        setup = sequence.setup(circumstance, False, False)
        if setup.smite is not None and (mask & (chances > 0)).any():
            return setup.replacement
    return ""


def build_plan(optimal: Optimal, lattice: Lattice) -> list[PlanStep]:
    """Every attack's decisions by boxes left, in the order the attacks come."""
    sequence = optimal.sequence
    steps: dict[tuple[int, int, int, frozenset[str]], PlanStep] = {}
    capacity = lattice.capacity

    def visit(number: int, phase: Phase, chances: FloatArray) -> None:
        _, resource, conditions, _, weapon, bought, _, _, _ = sequence.decisive(phase)
        key = (number, weapon, resource, conditions)
        # bought: an attack after a purchase (purchases come only once the initial attacks, and
        # a chain attack, are made)
        step = steps.setdefault(key, PlanStep(number, sequence.weapon_name(weapon), any(bought),
                                              resource, conditions))
        attack = optimal.attack_choice(lattice, phase)
        boost = np.zeros(lattice.size, dtype=bool) if attack is None else attack[0] > attack[1] + 1e-12
        kill = np.zeros(lattice.size) if attack is None else np.maximum(attack[0], attack[1])
        choices: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = {}
        if attack is not None:
            choices["boost_attack"] = (boost, attack[0] >= 0, attack[0], attack[1])
        anyway = optimal.rolled_choice(lattice, phase)
        if anyway is not None:
            choices["roll_anyway"] = (anyway[0] > anyway[1] + 1e-12, anyway[0] >= 0, anyway[0], anyway[1])
        for roll, critical in (("boost_damage_on_hit", False), ("boost_damage_on_critical", True)):
            spend = np.zeros(lattice.size, dtype=bool)
            offered = np.zeros(lattice.size, dtype=bool)
            spent_value, plain_value = np.zeros(lattice.size), np.zeros(lattice.size)
            for boosted in (False, True):
                after = sequence.spending(phase, resource - boosted)
                pair = optimal.damage_choice(lattice, after, critical)
                if pair is None:
                    continue
                here = (boost == boosted) & (pair[0] >= 0)
                spend |= here & (pair[0] > pair[1] + 1e-12)
                offered |= here
                spent_value = np.where(here, pair[0], spent_value)
                plain_value = np.where(here, pair[1], plain_value)
            choices[roll] = (spend, offered, spent_value, plain_value)
        for roll, critical in (("smite_on_hit", False), ("smite_on_critical", True)):
            smite = _smite_choice(optimal, lattice, phase, boost, critical)
            if smite is not None:
                choices[roll] = smite
                step.smite = step.smite or _smite_name(sequence, phase, lattice, chances)
        rerolls, reroll_offered = _reroll_masks(optimal, lattice, phase, boost, choices["boost_damage_on_hit"][0])
        reached = np.nonzero(chances)[0]
        step.reach += float(chances[reached].sum())
        left = capacity - lattice.marked[reached]
        for boxes in np.unique(left):
            where = reached[left == boxes]
            weights = chances[where]
            row = step.rows.setdefault(int(boxes), Row(int(boxes)))
            total = float(weights.sum())
            row.kill = (row.kill * row.reach + float((kill[where] * weights).sum())) / (row.reach + total)
            row.reach += total
            for roll, (spend, offered, spent_value, plain_value) in choices.items():
                mask = offered[where]
                row.spend[roll] = row.spend.get(roll, 0.0) + float(weights[spend[where]].sum())
                row.offered[roll] = row.offered.get(roll, 0.0) + float(weights[mask].sum())
                row.if_spent[roll] = row.if_spent.get(roll, 0.0) + float((weights * spent_value[where])[mask].sum())
                row.if_not[roll] = row.if_not.get(roll, 0.0) + float((weights * plain_value[where])[mask].sum())
                split = spend[where] & offered[where]
                if split.any() and not split[offered[where]].all():
                    step.mixed = True
            for rerolled, chosen in rerolls.items():
                row.rerolls[rerolled] = row.rerolls.get(rerolled, 0.0) + float(weights[chosen[where]].sum())
            for roll, allowed in reroll_offered.items():
                row.reroll_offered[roll] = row.reroll_offered.get(roll, 0.0) + float(weights[allowed[where]].sum())

    resolve(sequence, optimal, lattice, visit)
    return sorted(steps.values(), key=lambda s: (s.attack, -s.reach))
