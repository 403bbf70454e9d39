"""Collateral damage of the sequence's slams and throws, model by model, apart from the target's
odds: the chance that the moved target contacts each model (every rolled move the exact engine
weighed, and the models the geometry engine says it contacts on the way), and that model's
damage from the collateral roll against its ARM, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wmdata.engine.attack import AttackExplanation
from wmdata.engine.dice import Roll, damage_odds
from wmdata.engine.moves import Reach
from wmdata.engine.sequence import Transition


@dataclass(frozen=True, slots=True)
class CollateralRoll:
    """The collateral damage roll: dice plus a value (the attacker's STR, or a fixed POW)."""

    dice: int
    value: int
    label: str
    bonus: int = 0

    def text(self) -> str:
        return f"{self.dice}d6 + {self.label} {self.value}{f' {self.bonus:+d}' if self.bonus else ''}"


def collateral_roll(explanation: AttackExplanation) -> CollateralRoll | None:
    """The collateral roll an interpreted slam or throw makes (None: the attack has none)."""
    plan, value = explanation.collateral, explanation.collateral_value
    if plan is None or value is None:
        return None
    return CollateralRoll(plan.dice, value, explanation.collateral_base or "POW", sum(plan.bonuses.values()))


@dataclass(frozen=True, slots=True)
class CollateralOdds:
    """One model the moved target may contact."""

    model: str
    p_contact: float
    armour: int | None
    damage: dict[int, float] | None
    """Damage points that model suffers -> chance, over every game (0 where not contacted);
    None where its ARM is not known (a bare base on the board)."""

    def as_json(self, roll: CollateralRoll | None) -> dict[str, Any]:
        return {"model": self.model, "p_contact": self.p_contact, "roll": roll.text() if roll else None,
                "armour": self.armour,
                "damage_distribution": None if self.damage is None else {str(k): p for k, p in self.damage.items()}}

    def line(self, roll: CollateralRoll | None) -> str:
        head = f"collateral:   {self.model} contacted in {self.p_contact:.1%} of games"
        if roll is None:
            return head + " (no collateral roll known for this move)"
        if self.damage is None:
            return head + f": {roll.text()} against its ARM (not known: a bare base)"
        shown = ", ".join(f"{points}: {p:.1%}" for points, p in self.damage.items() if p >= 0.0005)
        expected = sum(points * p for points, p in self.damage.items())
        return head + f": {roll.text()} vs ARM {self.armour}: {shown} (expected {expected:.2f}; not the target's odds)"


def collateral_odds(reach: Reach, transitions: dict[Transition, float], roll: CollateralRoll | None,
                    armour: dict[str, int]) -> list[CollateralOdds]:
    """Each model the target's moves can contact, with the chance and its collateral damage."""
    contact: dict[str, float] = {}
    for (kind, start, end), chance in transitions.items():
        ends = [move for move in reach.moves(kind, start) if move.place == end]
        total = sum(float(move.chance) for move in ends)
        for move in ends:
            for model in move.collateral:
                contact[model] = contact.get(model, 0.0) + chance * float(move.chance) / total
    found = []
    for model, p in sorted(contact.items()):
        arm = armour.get(model)
        damage = None
        if roll is not None and arm is not None:
            spread: dict[int, float] = {0: 1.0 - p}
            for points, share in damage_odds(Roll(roll.dice), roll.value + roll.bonus - arm).items():
                spread[points] = spread.get(points, 0.0) + p * float(share)
            damage = dict(sorted(spread.items()))
        found.append(CollateralOdds(model, min(1.0, p), arm, damage))
    return found
