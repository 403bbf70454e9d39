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
class Contacted:
    """What collateral damage meets in one board model, as the interpreter finds it for that model
    where it stands: the collateral roll against it (MkIV compares the attacker's base with this
    model's, seed 000 L2352-2360), its ARM with its own rules and board states (e.g. MkIV Shield
    Wall's +2 in base contact with its unit) and the rule of its own that keeps it standing."""

    roll: CollateralRoll | None
    armour: int | None
    kept_up_by: str | None = None


@dataclass(frozen=True, slots=True)
class CollateralOdds:
    """One model the moved target may contact."""

    model: str
    p_contact: float
    roll: CollateralRoll | None
    armour: int | None
    damage: dict[int, float] | None
    """Damage points that model suffers -> chance, over every game (0 where not contacted);
    None where its roll or ARM is not known (a bare base on the board)."""
    kept_up_by: str | None = None
    """The model's own rule that keeps it from being knocked down (None: it is knocked down)."""

    @property
    def p_knocked_down(self) -> float:
        return 0.0 if self.kept_up_by else self.p_contact

    def as_json(self) -> dict[str, Any]:
        return {"model": self.model, "p_contact": self.p_contact, "p_knocked_down": self.p_knocked_down,
                "kept_up_by": self.kept_up_by, "roll": self.roll.text() if self.roll else None,
                "armour": self.armour,
                "damage_distribution": None if self.damage is None else {str(k): p for k, p in self.damage.items()}}

    def line(self) -> str:
        down = f"not knocked down ({self.kept_up_by})" if self.kept_up_by else "knocked down"
        head = f"collateral:   {self.model} contacted and {down} in {self.p_contact:.1%} of games"
        if self.roll is None or self.damage is None:
            return head + " (its collateral roll and ARM are not known: a bare base)"
        shown = ", ".join(f"{points}: {p:.1%}" for points, p in self.damage.items() if p >= 0.0005)
        expected = sum(points * p for points, p in self.damage.items())
        return (head + f": {self.roll.text()} vs ARM {self.armour}: {shown} (expected {expected:.2f}; "
                "not the target's odds)")


def collateral_odds(reach: Reach, transitions: dict[Transition, float],
                    contacted: dict[str, Contacted]) -> list[CollateralOdds]:
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
        met = contacted.get(model, Contacted(None, None))
        roll, arm = met.roll, met.armour
        damage = None
        if roll is not None and arm is not None:
            spread: dict[int, float] = {0: 1.0 - p}
            for points, share in damage_odds(Roll(roll.dice), roll.value + roll.bonus - arm).items():
                spread[points] = spread.get(points, 0.0) + p * float(share)
            damage = dict(sorted(spread.items()))
        found.append(CollateralOdds(model, min(1.0, p), roll, arm, damage, met.kept_up_by))
    return found


def contacted_models(registry: Registry, request: AttackRequest, board: BoardAttack, kind: str
                     ) -> dict[str, Contacted]:
    """The board's models with a card (other than the attacker and the target), by board id, each
    as the slam or throw ``kind`` that moves the target into it would meet it: the interpreter
    explains that power attack against the model with its states where it stands (from the
    board, e.g. a shield wall's base contact), which gives the collateral roll as the ruleset
    works it out against that model, its ARM and whether a rule keeps it standing.  States that
    only bar choosing a model as the attack's target (a MkII slam's knocked-down target) are
    left out: they do not spare it collateral damage."""
    table, rules = board.board, board.rules
    if table is None or rules is None:
        return {}
    resolved = resolve_ruleset(registry, request.edition or "", request.ruleset)
    definition = resolved.attack_kinds.get(kind)
    barred = set(definition.target_not_states) if definition is not None else set()
    attacker = table.piece(board.pieces[0])
    found: dict[str, Contacted] = {}
    for model, content in board.models.items():
        if model in board.pieces:
            continue
        geometry = attack_geometry(table, rules, attacker, table.piece(model), "melee")
        states = [m.kind for m in geometry.modifiers if m.kind in resolved.states and m.kind not in barred]
        try:
            explanation = explain_attack(registry, AttackRequest(board.attacker, "", content, request.edition,
                                                                 request.ruleset, effects=list(request.effects),
                                                                 states=states, power_attack=kind))
        except AttackError:
            continue
        armour = explanation.target_stats.get("ARM")
        found[model] = Contacted(collateral_roll(explanation), armour.current if armour is not None else None,
                                 explanation.work.state_immunities.get("knocked_down"))
    return found
