"""The optimal policy told as a plan: for the likely moments of the sequence, what to
spend on each roll and the kill chance that makes it worth it (or not)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wmdata.engine.lattice import Lattice
from wmdata.engine.policy import Optimal
from wmdata.engine.sequence import FloatArray, Phase, resolve

PER_ATTACK = 2
"""Moments shown per attack number (the most likely ones)."""
MIN_REACH = 0.02


@dataclass(frozen=True, slots=True)
class Decision:
    spend: bool
    kill_if_spent: float
    kill_if_not: float

    def as_json(self) -> dict[str, Any]:
        return {"spend": self.spend, "kill_if_spent": self.kill_if_spent, "kill_if_not": self.kill_if_not}

    def describe(self, what: str) -> str:
        verb = what if self.spend else f"do not {what}"
        return (f"{verb} (kill {self.kill_if_spent:.1%} if spent, "
                f"{self.kill_if_not:.1%} if not)")


@dataclass(frozen=True, slots=True)
class PlanStep:
    """One moment before an attack: how it was reached and what to spend."""

    attack: int
    weapon: str
    reach: float
    marked: int
    crippled: tuple[str, ...]
    resource: int
    knocked_down: bool
    boost_attack: Decision | None
    boost_damage_on_hit: Decision | None
    boost_damage_on_critical: Decision | None

    def as_json(self) -> dict[str, Any]:
        def opt(decision: Decision | None) -> dict[str, Any] | None:
            return None if decision is None else decision.as_json()
        return {"attack": self.attack, "weapon": self.weapon or None, "reach": self.reach, "damage_marked": self.marked,
                "crippled": list(self.crippled), "resource_left": self.resource, "knocked_down": self.knocked_down,
                "boost_attack": opt(self.boost_attack), "boost_damage_on_hit": opt(self.boost_damage_on_hit),
                "boost_damage_on_critical": opt(self.boost_damage_on_critical)}

    def describe(self, unit: str) -> str:
        where = f"{self.marked} box(es) marked" + (f", {', '.join(self.crippled)} crippled" if self.crippled else "")
        weapon = f" with {self.weapon}" if self.weapon else ""
        head = (f"attack {self.attack}{weapon} ({self.reach:.0%} of games; {where}; {self.resource} {unit} left"
                f"{'; target knocked down' if self.knocked_down else ''}): ")
        parts = []
        if self.boost_attack is not None:
            parts.append(self.boost_attack.describe("boost the attack roll"))
        hit, critical = self.boost_damage_on_hit, self.boost_damage_on_critical
        if hit is not None and critical is not None and hit.spend == critical.spend:
            parts.append(f"on a hit, {hit.describe('boost damage')}")
        else:
            for label, decision in (("on a hit", hit), ("on a critical hit", critical)):
                if decision is not None:
                    parts.append(f"{label}, {decision.describe('boost damage')}")
        return head + ("; ".join(parts) if parts else f"nothing to spend {unit} on but additional attacks")


def _decision(pair: tuple[FloatArray, FloatArray] | None, index: int) -> Decision | None:
    if pair is None or pair[0][index] < 0:
        return None
    spent, plain = float(pair[0][index]), float(pair[1][index])
    return Decision(spent > plain + 1e-12, spent, plain)


def build_plan(optimal: Optimal, lattice: Lattice, names: dict[str, str]) -> list[PlanStep]:
    """The plan's steps: the most likely moments before each attack, with the decisions there."""
    sequence = optimal.sequence
    moments: list[tuple[int, Phase, int, float]] = []

    def visit(number: int, phase: Phase, chances: FloatArray) -> None:
        for index in chances.argsort()[::-1][:PER_ATTACK]:
            if chances[index] > 0 and (chances[index] >= MIN_REACH or number == 1):
                moments.append((number, phase, int(index), float(chances[index])))

    resolve(sequence, optimal, lattice, visit)
    steps = []
    for number in sorted({m[0] for m in moments}):
        chosen = sorted((m for m in moments if m[0] == number), key=lambda m: -m[3])[:PER_ATTACK]
        for _, phase, index, reach in chosen:
            attacks, resource, knocked_down, first, weapon = phase
            attack = _decision(optimal.attack_choice(lattice, phase), index)
            left = resource - (attack.spend if attack else 0)
            after: Phase = (attacks, left, knocked_down, first, weapon)
            crippled = tuple(names.get(s, s) for s, mask in sorted(lattice.crippled.items()) if mask[index])
            steps.append(PlanStep(number, sequence.weapon_name(weapon), reach, int(lattice.marked[index]), crippled,
                                  resource, knocked_down, attack,
                                  _decision(optimal.damage_choice(lattice, after, False), index),
                                  _decision(optimal.damage_choice(lattice, after, True), index)))
    return steps
