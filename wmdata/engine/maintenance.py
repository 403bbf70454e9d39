"""What the target's continuous effects do in its controller's next Maintenance Phase.

An attack sequence may leave the target standing but on fire or corroding. Every edition
resolves those effects in the Maintenance Phase of the target's controller: a d6 per
effect first (on the ruleset's ``expires_on`` results it ends with no damage), then the
effects still in play deal their damage together (seed 001 L639, L1587; seed 003 L1270,
L2303; seed 000 L1107-1109, L3341-3344). The damage is the ruleset's data: a damage roll of
a POW (fire: POW 12 against the target's ARM) or fixed points (corrosion: 1). Since the
target is destroyed once every box is marked, only the boxes left matter, not where the
damage lands.

The figure is told apart from the sequence's own kill chance: "destroyed by the end of
the next Maintenance Phase", with nothing else happening in between.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from wmdata.engine.dice import Roll, damage_odds
from wmdata.engine.work import Survival
from wmdata.model.organisation import ContinuousDefinition


def lasting_chance(definition: ContinuousDefinition) -> Fraction:
    """The chance that the effect stays in play at its expiry roll (a d6)."""
    return Fraction(6 - len(set(definition.expires_on)), 6)


def effect_damage(definition: ContinuousDefinition, armour: int, base_dice: int) -> dict[int, Fraction]:
    """Damage points of the effect once it stays: a damage roll of its POW against ``armour``
    (the edition's base dice), or its fixed points."""
    if definition.pow is not None:
        return damage_odds(Roll(base_dice), definition.pow - armour)
    return {definition.points or 0: Fraction(1)}


def maintenance_damage(definitions: Iterable[ContinuousDefinition], armour: int,
                       base_dice: int) -> dict[int, Fraction]:
    """Exact damage points the effects deal in one Maintenance Phase (each rolled for expiry
    apart, the survivors' damage added together)."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for definition in definitions:
        stays = lasting_chance(definition)
        own: dict[int, Fraction] = {0: 1 - stays}
        for points, chance in effect_damage(definition, armour, base_dice).items():
            own[points] = own.get(points, Fraction(0)) + stays * chance
        combined: dict[int, Fraction] = {}
        for before, p in total.items():
            for points, q in own.items():
                combined[before + points] = combined.get(before + points, Fraction(0)) + p * q
        total = combined
    return total


@dataclass(frozen=True, slots=True)
class MaintenanceOdds:
    """The chance that the target is destroyed by the end of its next Maintenance Phase."""

    p_destroyed: float
    """Destroyed by the sequence, or by its continuous effects in that phase."""
    p_by_effects: float
    """The part of it that the continuous effects add."""
    effects: dict[str, ContinuousDefinition]
    """The continuous effects the sequence can leave on the target, by name."""
    armour: int

    def as_json(self) -> dict[str, object]:
        return {"p_destroyed": self.p_destroyed, "p_by_continuous_effects": self.p_by_effects,
                "target_arm": self.armour,
                "effects": {name: {"expires_on": d.expires_on, "pow": d.pow, "points": d.points,
                                   "source": d.source} for name, d in self.effects.items()}}

    def describe(self) -> str:
        told = "; ".join(f"{name}: ends on a d6 of {'/'.join(map(str, d.expires_on))}, else "
                         f"{f'POW {d.pow} vs ARM {self.armour}' if d.pow is not None else f'{d.points} point(s)'}"
                         + (f" ({d.source})" if d.source else "") for name, d in self.effects.items())
        return f"{self.p_destroyed:.1%} (continuous effects add {self.p_by_effects:.1%}; {told})"


def rolls_to_stay(survival: Survival | None, held: Iterable[str]) -> Survival | None:
    """The roll (Tough) a target with the conditions ``held`` makes when its continuous effects
    disable it; None where it has none or has lost it (MkIII and MkIV: knocked down)."""
    return None if survival is None or survival.lost_while & set(held) else survival


def after_maintenance(p_destroyed: float, lingering: Mapping[frozenset[str], Mapping[int, float]],
                      definitions: Mapping[str, ContinuousDefinition], armour: int,
                      base_dice: int, survival: Survival | None = None) -> MaintenanceOdds | None:
    """The target's chance to be destroyed by the end of its next Maintenance Phase, from the
    sequence's kill chance and its standing end states (conditions -> boxes left -> chance);
    None when the sequence can leave no continuous effect of the ruleset on it.  ``survival``:
    the target's roll when the effects' damage disables it (Tough, :func:`rolls_to_stay`)."""
    added = 0.0
    seen: dict[str, ContinuousDefinition] = {}
    for held, by_left in lingering.items():
        effects = [definitions[name] for name in sorted(held) if name in definitions]
        seen.update({name: definitions[name] for name in sorted(held) if name in definitions})
        if not effects:
            continue
        damage = maintenance_damage(effects, armour, base_dice)
        roll = rolls_to_stay(survival, held)
        stays = Fraction(1) if roll is None else 1 - roll.chance
        for left, chance in by_left.items():
            added += chance * float(stays * sum((p for points, p in damage.items() if points >= left), Fraction(0)))
    if not seen:
        return None
    return MaintenanceOdds(p_destroyed + added, added, dict(sorted(seen.items())), armour)


@dataclass(frozen=True, slots=True)
class Upkeep:
    """The target's next Maintenance Phase played with real dice (for the play-out): the
    ruleset's continuous effects, the target's ARM outside the attack, the edition's dice."""

    definitions: Mapping[str, ContinuousDefinition]
    armour: int
    base_dice: int

    def roll(self, rng: random.Random, held: Iterable[str]) -> tuple[int, list[str]]:
        """The damage points the continuous effects in ``held`` deal, and what happened, in words."""
        points, told = 0, []
        for name in sorted(held):
            definition = self.definitions.get(name)
            if definition is None:
                continue
            expiry = rng.randint(1, 6)
            if expiry in definition.expires_on:
                told.append(f"{name}: d6 {expiry}, it expires")
                continue
            if definition.pow is not None:
                faces = [rng.randint(1, 6) for _ in range(self.base_dice)]
                dealt = max(0, sum(faces) + definition.pow - self.armour)
                told.append(f"{name}: d6 {expiry}, POW {definition.pow} vs ARM {self.armour}: rolls {faces} -> "
                            f"{dealt} point(s)")
            else:
                dealt = definition.points or 0
                told.append(f"{name}: d6 {expiry}, {dealt} point(s)")
            points += dealt
        return points, told
