"""Collateral damage of the sequence's slams and throws, model by model, apart from the target's
odds: the chance that the moved target contacts each model (every rolled move the exact engine
weighed, and the models the geometry engine says it contacts on the way), and that model's
damage from the collateral roll against its ARM, exactly.  A model that suffers collateral
damage is also knocked down (seed 001 L1097, L1131; seed 003 L1476, L1490; seed 000 L1679-1690,
L1724-1730), unless a rule of its own keeps it up; a larger base is neither damaged nor knocked
down, and the geometry engine never names one here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackExplanation, AttackRequest, explain_attack
from wmdata.engine.board_attack import BoardAttack
from wmdata.engine.dice import Roll, damage_odds
from wmdata.engine.moves import Reach
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Transition
from wmdata.geometry.modifiers import attack_geometry


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
    kept_up_by: str | None = None
    """The model's own rule that keeps it from being knocked down (None: it is knocked down)."""

    @property
    def p_knocked_down(self) -> float:
        return 0.0 if self.kept_up_by else self.p_contact

    def as_json(self, roll: CollateralRoll | None) -> dict[str, Any]:
        return {"model": self.model, "p_contact": self.p_contact, "p_knocked_down": self.p_knocked_down,
                "kept_up_by": self.kept_up_by, "roll": roll.text() if roll else None, "armour": self.armour,
                "damage_distribution": None if self.damage is None else {str(k): p for k, p in self.damage.items()}}

    def line(self, roll: CollateralRoll | None) -> str:
        down = f"not knocked down ({self.kept_up_by})" if self.kept_up_by else "knocked down"
        head = f"collateral:   {self.model} contacted and {down} in {self.p_contact:.1%} of games"
        if roll is None:
            return head + " (no collateral roll known for this move)"
        if self.damage is None:
            return head + f": {roll.text()} against its ARM (not known: a bare base)"
        shown = ", ".join(f"{points}: {p:.1%}" for points, p in self.damage.items() if p >= 0.0005)
        expected = sum(points * p for points, p in self.damage.items())
        return head + f": {roll.text()} vs ARM {self.armour}: {shown} (expected {expected:.2f}; not the target's odds)"


def collateral_odds(reach: Reach, transitions: dict[Transition, float], roll: CollateralRoll | None,
                    armour: dict[str, int], standing: dict[str, str] | None = None) -> list[CollateralOdds]:
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
        found.append(CollateralOdds(model, min(1.0, p), arm, damage, (standing or {}).get(model)))
    return found


def kept_standing(registry: Registry, request: AttackRequest, board: BoardAttack) -> dict[str, str]:
    """The board's models (other than the attacker and the target) that a rule of their own keeps
    from being knocked down, by board id -> the rule, as the interpreter finds it for that model
    where it stands (its states from the board, e.g. a shield wall's base contact)."""
    table, rules = board.board, board.rules
    if table is None or rules is None:
        return {}
    known = resolve_ruleset(registry, request.edition or "", request.ruleset).states
    attacker = table.piece(board.pieces[0])
    found: dict[str, str] = {}
    for model, content in board.models.items():
        if model in board.pieces:
            continue
        geometry = attack_geometry(table, rules, attacker, table.piece(model), "melee")
        states = [m.kind for m in geometry.modifiers if m.kind in known]
        try:
            explanation = explain_attack(registry, AttackRequest(board.attacker, "", content, request.edition,
                                                                 request.ruleset, states=states, power_attack="slam"))
        except AttackError:
            continue
        rule = explanation.work.state_immunities.get("knocked_down")
        if rule is not None:
            found[model] = rule
    return found
