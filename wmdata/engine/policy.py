"""How to spend focus or fury: fixed policies, and the best one by dynamic programming.

The optimal policy maximises the probability to destroy the target.  Its values are
computed backwards over phases (attacks left, resource left, the target's states that
later attacks meet, charge attack to come) with one value per damage state, on a canonical lattice: when no
crippled system changes the attacks, only the number of marked boxes matters, so a
30-box grid has 31 states; otherwise every per-column state is kept.  Each decision
keeps the kill chance with and without spending, which is the plan's "why".
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wmdata.engine.lattice import BoolArray, Lattice, lattice_for
from wmdata.engine.sequence import NO_ATTACK, Circumstance, FloatArray, IntArray, Phase, Sequence


class NoSpending:
    """Spend nothing."""

    name = "none"

    def boost_attack(self, lattice: Lattice, phase: Phase) -> BoolArray:
        return np.zeros(lattice.size, dtype=bool)

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        return np.zeros(lattice.size, dtype=bool)

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        return np.full(lattice.size, NO_ATTACK, dtype=np.int64)


class BoostDamage(NoSpending):
    """Boost every damage roll while the resource lasts."""

    name = "boost-damage"

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        return np.ones(lattice.size, dtype=bool)


@dataclass(slots=True)
class BuyAttacks(NoSpending):
    """Spend everything on additional attacks, made with the first weapon that may make them."""

    weapon: int = 0
    name: str = "buy-attacks"

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        return np.full(lattice.size, self.weapon, dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision and the kill chances behind it."""

    spend: bool
    with_spending: float
    without: float


@dataclass(slots=True)
class Optimal:
    """The policy that maximises the probability to destroy the target."""

    sequence: Sequence
    name: str = "optimal"
    lattice: Lattice = field(init=False)
    _values: dict[Phase, FloatArray] = field(default_factory=dict)
    _expected: dict[tuple[Phase, int], FloatArray] = field(default_factory=dict)
    _attack: dict[Phase, tuple[FloatArray, FloatArray]] = field(default_factory=dict)
    _damage: dict[tuple[Phase, bool], tuple[FloatArray, FloatArray]] = field(default_factory=dict)
    _buy: dict[Phase, IntArray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.lattice = lattice_for(self.sequence.track, full=bool(self.sequence.relevant))
        self._solve()

    def _solve(self) -> None:
        """Values level by level (attacks left), keeping only the expectations the next level needs."""
        sequence = self.sequence
        attacks, resource, conditions, first, _, _ = sequence.decisive(sequence.first_phase())
        for level in range(1, attacks if first else attacks + 1):
            used = attacks - level  # attacks made before this level: each spent at most 2 (two boosts)
            for left in range(max(0, resource - 2 * used), resource + 1):
                self.value((level, left, conditions, False, sequence.initial_weapon(level), 0))
            self._expected = {key: v for key, v in self._expected.items() if key[0][0] >= level - 1}
        if first:
            self.value(sequence.first_phase())

    def value(self, phase: Phase) -> FloatArray:
        """The best chance to destroy the target from each damage state, in ``phase``."""
        phase = self.sequence.decisive(phase)
        known = self._values.get(phase)
        if known is not None:
            return known
        attacks, resource = phase[0], phase[1]
        destroyed = self.lattice.marked >= self.lattice.capacity
        if attacks == 0:
            result = destroyed.astype(np.float64)
            if self.sequence.may_buy(phase):
                result = self._best_purchase(phase)
        else:
            result = np.zeros(self.lattice.size)
            plain_all = np.zeros(self.lattice.size)
            boosted_all = np.full(self.lattice.size, -1.0)
            for mask, circumstance in self.sequence.groups(self.lattice, phase):
                plain = self._attack_value(phase, circumstance, False)
                plain_all = np.where(mask, plain, plain_all)
                if self.sequence.can_boost(circumstance, "attack", resource):
                    boosted_all = np.where(mask, self._attack_value(phase, circumstance, True), boosted_all)
            self._attack[phase] = (boosted_all, plain_all)
            result = np.where(destroyed, 1.0, np.maximum(plain_all, boosted_all))
        self._values[phase] = result
        return result

    def _best_purchase(self, phase: Phase) -> FloatArray:
        """The value of buying an additional attack with the best weapon for each damage state
        (buying never lowers the kill chance, so one is always bought); the choice is kept."""
        _, resource, conditions, first, _, bought = phase
        weapons = self.sequence.extra_weapons
        values = np.stack([self.value((1, resource - 1, conditions, first, w, bought + 1)) for w in weapons])
        best = values.argmax(axis=0)
        self._buy[phase] = np.asarray(weapons, dtype=np.int64)[best]
        return np.asarray(values.max(axis=0), dtype=np.float64)

    def _expectation(self, phase: Phase, points: int) -> FloatArray:
        """The value of ``phase`` after ``points`` more damage, averaged over where they land."""
        key = (phase, points)
        if key not in self._expected:
            values = self.value(phase)
            self._expected[key] = values if points <= 0 else values[self.lattice.after(points)].mean(axis=0)
        return self._expected[key]

    def _attack_value(self, phase: Phase, circumstance: Circumstance, boost: bool) -> FloatArray:
        attacks, resource, conditions, first, weapon, bought = phase
        left = resource - boost
        odds = self.sequence.setup(circumstance, boost, False).odds
        total = float(odds.miss) * self.value(self.sequence.after(phase, left, conditions))
        for critical, chance in ((False, odds.hit), (True, odds.critical)):
            if not chance:
                continue
            plain = self._damage_value(phase, circumstance, critical, False, left)
            after_roll = (attacks, left, conditions, first, weapon, bought)
            if self.sequence.can_boost(circumstance, "damage", left):
                boosted = self._damage_value(phase, circumstance, critical, True, left)
                old = self._damage.get((after_roll, critical))
                mask = np.ones(self.lattice.size, dtype=bool)
                for group_mask, group in self.sequence.groups(self.lattice, phase):
                    if group == circumstance:
                        mask = group_mask
                previous = old or (np.full(self.lattice.size, -1.0), np.zeros(self.lattice.size))
                merged = (np.where(mask, boosted, previous[0]), np.where(mask, plain, previous[1]))
                self._damage[(after_roll, critical)] = merged
                plain = np.maximum(plain, boosted)
            total = total + float(chance) * plain
        return total

    def _damage_value(self, phase: Phase, circumstance: Circumstance, critical: bool, boost: bool,
                      left: int) -> FloatArray:
        total = np.zeros(self.lattice.size)
        for points, put, weight in self.sequence.outcomes(circumstance, boost, critical):
            after = self.sequence.decisive(self.sequence.after(phase, left - boost, phase[2] | put))
            total = total + weight * self._expectation(after, points)
        return total

    def _on(self, lattice: Lattice, values: FloatArray) -> FloatArray:
        """``values`` of the planner's lattice read on ``lattice`` (the same, or by marked boxes)."""
        return values if lattice.size == self.lattice.size else values[lattice.marked]

    def attack_choice(self, lattice: Lattice, phase: Phase) -> tuple[FloatArray, FloatArray] | None:
        phase = self.sequence.decisive(phase)
        self.value(phase)
        found = self._attack.get(phase)
        return None if found is None else (self._on(lattice, found[0]), self._on(lattice, found[1]))

    def damage_choice(self, lattice: Lattice, phase: Phase, critical: bool) -> tuple[FloatArray, FloatArray] | None:
        found = self._damage.get((self.sequence.decisive(phase), critical))
        return None if found is None else (self._on(lattice, found[0]), self._on(lattice, found[1]))

    def boost_attack(self, lattice: Lattice, phase: Phase) -> BoolArray:
        choice = self.attack_choice(lattice, phase)
        return np.zeros(lattice.size, dtype=bool) if choice is None else choice[0] > choice[1] + 1e-12

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        choice = self.damage_choice(lattice, phase, critical)
        return np.zeros(lattice.size, dtype=bool) if choice is None else choice[0] > choice[1] + 1e-12

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        phase = self.sequence.decisive(phase)
        self.value(phase)
        found = self._buy.get(phase)
        if found is None:
            return np.full(lattice.size, NO_ATTACK, dtype=np.int64)
        return found if lattice.size == self.lattice.size else found[lattice.marked]


POLICIES = {"none": NoSpending, "boost-damage": BoostDamage, "buy-attacks": BuyAttacks}
