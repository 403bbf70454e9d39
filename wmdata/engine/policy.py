"""How to spend focus or fury: fixed policies, and the best one by dynamic programming.

The optimal policy maximises the probability to destroy the target.  Its values are
computed backwards over phases (attacks left, resource left, the target's states that
later attacks meet, charge attack to come, the initial attacks left per weapon when it
picks their order) with one value per damage state, on a canonical lattice: when no
crippled system changes the attacks, only the number of marked boxes matters, so a
30-box grid has 31 states; otherwise every per-column state is kept.  Each decision
keeps the kill chance with and without spending, which is the plan's "why".

The same planner, given a fixed policy's ``spending``, makes each spending decision as that
policy does and keeps only the choices no policy fixes: a colossal's grid, picked attack by
attack where the attacker chooses it (:class:`GridsChosen`).
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field
from itertools import product

import numpy as np

from wmdata.engine.dice import RESULTS
from wmdata.engine.lattice import BoolArray, Lattice, lattice_for
from wmdata.engine.sequence import (
    CHAIN_OFF,
    CHOOSE,
    NO_ATTACK,
    Chain,
    Circumstance,
    FloatArray,
    IntArray,
    Outcomes,
    Phase,
    Policy,
    Sequence,
)
from wmdata.engine.survival import survive_values
from wmdata.engine.work import Survival


@dataclass(slots=True)
class NoSpending:
    """Spend nothing; where a rule allows a reroll, reroll by rule of thumb: a missed attack
    roll, and a damage roll below the average of a fresh one; initial attacks in the order the
    weapons are given (the first weapon with initial attacks left); a chain attack earned is
    made, the first one offered."""

    chain: Chain | None = field(default=None, kw_only=True)
    """The sequence's chain attack, if any."""
    name = "none"

    def reroll_attack(self, lattice: Lattice, phase: Phase, boost: bool) -> list[BoolArray]:
        return [np.full(lattice.size, result == "miss") for result in RESULTS]

    def reroll_damage(self, lattice: Lattice, phase: Phase, critical: bool, boost: bool,
                      outcomes: Outcomes) -> list[BoolArray]:
        average = sum(points * weight for points, _, weight in outcomes)
        return [np.full(lattice.size, points < average - 1e-12) for points, _, _ in outcomes]

    def boost_attack(self, lattice: Lattice, phase: Phase) -> BoolArray:
        return np.zeros(lattice.size, dtype=bool)

    def roll_anyway(self, lattice: Lattice, phase: Phase) -> BoolArray:
        """An automatic hit is always taken."""
        return np.zeros(lattice.size, dtype=bool)

    def smite(self, lattice: Lattice, phase: Phase, boost: bool, critical: bool) -> BoolArray:
        """A hit's normal damage roll is always made."""
        return np.zeros(lattice.size, dtype=bool)

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        return np.zeros(lattice.size, dtype=bool)

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        return np.full(lattice.size, NO_ATTACK, dtype=np.int64)

    def pick_initial(self, lattice: Lattice, phase: Phase) -> IntArray:
        if self.chain is not None and phase[8] == self.chain.needed:  # the choice of the chain attack earned
            return np.full(lattice.size, self.chain.follows[0], dtype=np.int64)
        return np.full(lattice.size, next(w for w, count in enumerate(phase[6]) if count), dtype=np.int64)

    def grid_values(self, lattice: Lattice, phase: Phase, points: int,
                    fallen: int = 0) -> tuple[FloatArray, FloatArray] | None:
        """A fixed policy weighs no grid: it strikes a colossal's left grid wherever it may choose."""
        return None

    def column_values(self, lattice: Lattice, phase: Phase, points: int,
                      survival: Survival | None = None, fallen: int = 0) -> FloatArray | None:
        """A fixed policy picks no damage column or branch: it rolls it, as without the rule."""
        return None


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
    spending: Policy | None = None
    """A fixed policy whose spending (boosts, rerolls, purchases, the order of the initial
    attacks) the values follow instead of the best; None: the best."""
    lattice: Lattice = field(init=False)
    _values: dict[Phase, FloatArray] = field(default_factory=dict)
    _expected: dict[tuple[Phase, int, Survival | None, bool, bool, int], FloatArray] = field(default_factory=dict)
    _attack: dict[Phase, tuple[FloatArray, FloatArray]] = field(default_factory=dict)
    _rolled: dict[Phase, tuple[FloatArray, FloatArray]] = field(default_factory=dict)
    """Where an automatic hit may be given up: the kill chance rolling anyway, boosted and not
    (-1 where not offered)."""
    _smite: dict[tuple[Phase, bool, bool], tuple[FloatArray, FloatArray]] = field(default_factory=dict)
    """(phase after the attack roll, damage roll boosted, critical hit) -> the kill chance
    slamming or throwing instead of the damage roll and with the normal damage roll (-1 where
    not offered)."""
    _damage: dict[tuple[Phase, bool], tuple[FloatArray, FloatArray]] = field(default_factory=dict)
    _buy: dict[Phase, IntArray] = field(default_factory=dict)
    _pick: dict[Phase, tuple[IntArray, dict[int, FloatArray]]] = field(default_factory=dict)
    _reroll_attack: dict[tuple[Phase, bool], list[BoolArray]] = field(default_factory=dict)
    _reroll_damage: dict[tuple[Phase, bool, bool], dict[tuple[int, frozenset[str]], BoolArray]] = field(
        default_factory=dict)
    given: InitVar[Lattice | None] = None
    """The lattice to plan on (a colossal's joint states, or a bound's relaxation); by default
    the track's own."""

    def __post_init__(self, given: Lattice | None) -> None:
        self.lattice = given or lattice_for(self.sequence.track, full=bool(self.sequence.relevant),
                                            start=self.sequence.start)
        self._solve()

    def _solve(self) -> None:
        """Values level by level (attacks left), keeping only the expectations the next level needs."""
        sequence = self.sequence
        attacks, resource, conditions, first, _, bought, counts, place, _ = sequence.decisive(sequence.first_phase())
        for level in range(1, attacks if first else attacks + 1):
            used = attacks - level  # attacks made before this level: each spent at most 2 (two boosts)
            for left in range(max(0, resource - 2 * used), resource + 1):
                if sequence.choose_order:  # every choice of the initial attacks still to make
                    for remaining in product(*(range(count + 1) for count in counts)):
                        if sum(remaining) == level:
                            self.value((level, left, conditions, False, CHOOSE, bought, remaining, place, CHAIN_OFF))
                else:
                    self.value((level, left, conditions, False, sequence.initial_weapon(level), bought, (), place,
                                CHAIN_OFF))
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
        if phase[4] == CHOOSE:
            result = self._best_initial(phase)
        elif attacks == 0:
            result = destroyed.astype(np.float64)
            if self.sequence.may_buy(phase):
                result = self._best_purchase(phase)
        elif not self.sequence.reaches(phase):  # moved out of this weapon's reach: the attack is not made
            result = self.value(self.sequence.after(phase, resource, phase[2]))
        else:
            result = np.zeros(self.lattice.size)
            plain_all = np.zeros(self.lattice.size)
            boosted_all = np.full(self.lattice.size, -1.0)
            rolled_plain = np.full(self.lattice.size, -1.0)
            rolled_boosted = np.full(self.lattice.size, -1.0)
            for mask, circumstance in self.sequence.groups(self.lattice, phase):
                plain = self._attack_value(phase, circumstance, False)
                plain_all = np.where(mask, plain, plain_all)
                if self.sequence.can_boost(circumstance, "attack", resource):
                    boosted_all = np.where(mask, self._attack_value(phase, circumstance, True), boosted_all)
                if self.sequence.may_roll_anyway(circumstance):
                    rolled_plain = np.where(mask, self._attack_value(phase, circumstance, False, True), rolled_plain)
                    if self.sequence.can_boost(circumstance, "attack", resource, True):
                        rolled_boosted = np.where(mask, self._attack_value(phase, circumstance, True, True),
                                                  rolled_boosted)
            self._attack[phase] = (boosted_all, plain_all)
            if (rolled_plain >= 0).any():
                self._rolled[phase] = (rolled_boosted, rolled_plain)
            result = np.where(destroyed, 1.0, self._way(phase, plain_all, boosted_all, rolled_plain, rolled_boosted))
        self._values[phase] = result
        return result

    def _way(self, phase: Phase, plain: FloatArray, boosted: FloatArray, rolled_plain: FloatArray,
             rolled_boosted: FloatArray) -> FloatArray:
        """The value of the attack made the best way, or the way :attr:`spending` makes it
        (-1: a way not offered in that state, e.g. a boost with no resource left)."""
        if self.spending is None:
            return np.asarray(np.maximum.reduce([plain, boosted, rolled_plain, rolled_boosted]), dtype=np.float64)
        boost = self.spending.boost_attack(self.lattice, phase)
        taken = np.where(boost & (boosted >= 0), boosted, plain)
        rolled = np.where(boost & (rolled_boosted >= 0), rolled_boosted, rolled_plain)
        return np.where(self.spending.roll_anyway(self.lattice, phase) & (rolled_plain >= 0), rolled, taken)

    def _best_initial(self, phase: Phase) -> FloatArray:
        """The value of the best weapon for the next initial attack from each damage state
        (among those with initial attacks left), or of :attr:`spending`'s; the choice and each
        weapon's value are kept."""
        weapons = list(self.sequence.choices(phase))
        values = np.stack([self.value(self.sequence.chosen(phase, weapon)) for weapon in weapons])
        if self.spending is None:
            picked = np.asarray(weapons, dtype=np.int64)[values.argmax(axis=0)]
        else:
            picked = self.spending.pick_initial(self.lattice, phase)
        self._pick[phase] = (picked, dict(zip(weapons, values, strict=True)))
        order = np.argsort(weapons)
        rows = order[np.searchsorted(np.asarray(weapons, dtype=np.int64), picked, sorter=order)]
        return np.asarray(np.take_along_axis(values, rows[None, :], axis=0)[0], dtype=np.float64)

    def _best_purchase(self, phase: Phase) -> FloatArray:
        """The value of buying an additional attack with the best weapon for each damage state
        (buying never lowers the kill chance, so one is always bought), or as :attr:`spending`
        buys (perhaps none: the sequence ends); the choice is kept."""
        weapons = self.sequence.buyable(phase)
        values = np.stack([self.value(self.sequence.purchase(phase, w)) for w in weapons])
        if self.spending is None:
            self._buy[phase] = np.asarray(weapons, dtype=np.int64)[values.argmax(axis=0)]
            return np.asarray(values.max(axis=0), dtype=np.float64)
        choice = self.sequence.honoured(phase, self.spending.buy_attack(self.lattice, phase))
        self._buy[phase] = choice
        result = (self.lattice.marked >= self.lattice.capacity).astype(np.float64)
        for weapon, value in zip(weapons, values, strict=True):
            result = np.where(choice == weapon, value, result)
        return result

    def _expectation(self, phase: Phase, points: int, survival: Survival | None = None,
                     picks: bool = False, failing: bool = False, fallen: int = 0) -> FloatArray:
        """The value of ``phase`` after ``points`` more damage, averaged over where they land,
        or (``picks``: the attacker picks the column, and this policy picks the best) in the
        best column, then ``fallen`` (the target's fall) averaged over rolled columns; with
        ``survival``, a target they disable rolls to stay (Tough) and a survivor goes on from
        its healed state in the states the roll leaves it in; ``failing``: the systems the
        attack's damage strikes fail."""
        picks = picks and self.spending is None and self.lattice.columns and points > 0
        key = (phase, points, survival, picks, failing, fallen)
        if key not in self._expected:
            values = self._marked_values(phase, points + fallen, survival, fallen)
            self._expected[key] = (values[self.lattice.after(points)].max(axis=0) if picks
                                   else self.lattice.expect(values, points, failing))
        return self._expected[key]

    def _marked_values(self, phase: Phase, total: int, survival: Survival | None, fallen: int) -> FloatArray:
        """The value of ``phase`` (decisive) per state just after the attack's points are marked:
        the fall's ``fallen`` points still to come from a rolled column, then (``total`` points in
        all) the roll to stay of a target they disable, with ``survival``."""
        values = self.value(phase)
        if survival is not None and total > 0:
            revived = self.value(self.sequence.decisive(self.sequence.survived(phase, survival)))
            values = survive_values(self.lattice, values, revived, survival)
        return self.lattice.expect(values, fallen)

    def column_values(self, lattice: Lattice, phase: Phase, points: int,
                      survival: Survival | None = None, fallen: int = 0) -> FloatArray | None:
        """Per column and damage state, the kill chance with ``points`` damage starting in that
        column before ``phase`` (None where the planner's lattice has no columns: no crippled
        system changes the attacks, so every column is as good, and the column is rolled), then
        ``fallen`` from a rolled column; with ``survival``, a target the damage disables rolls
        to stay, as in :meth:`_expectation`."""
        if self.spending is not None or not self.lattice.columns or points <= 0 or lattice.size != self.lattice.size:
            return None
        values = self._marked_values(self.sequence.decisive(phase), points + fallen, survival, fallen)
        return np.asarray(values[self.lattice.after(points)], dtype=np.float64)

    def _group(self, phase: Phase, circumstance: Circumstance) -> BoolArray:
        """The damage states of ``phase`` that meet the attack in ``circumstance``."""
        for mask, group in self.sequence.groups(self.lattice, phase):
            if group == circumstance:
                return mask
        return np.ones(self.lattice.size, dtype=bool)

    def _attack_value(self, phase: Phase, circumstance: Circumstance, boost: bool,
                      rolled: bool = False) -> FloatArray:
        """The kill chance of the attack from each state (``rolled``: an automatic hit given up
        for a roll); where a rule allows a reroll, a result is rerolled when a fresh roll is
        worth more from that state (the choice is kept)."""
        resource, conditions = phase[1], phase[2]
        left = resource - boost
        setup = self.sequence.setup(circumstance, boost, False, rolled)
        odds = setup.odds
        chances = [float(odds.miss), float(odds.hit), float(odds.critical)]
        values = [self.value(self.sequence.after(phase, left, conditions))]
        for critical, chance in ((False, odds.hit), (True, odds.critical)):
            if not chance:
                values.append(np.zeros(self.lattice.size))
                continue
            plain = self._damage_value(phase, circumstance, critical, False, left)
            after_roll = self.sequence.spending(phase, left)
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
                plain = (np.maximum(plain, boosted) if self.spending is None else
                         np.where(self.spending.boost_damage(self.lattice, after_roll, critical), boosted, plain))
            values.append(plain)
        total = sum((chance * value for chance, value in zip(chances, values, strict=True)),
                    np.zeros(self.lattice.size))
        if not setup.may_reroll_attack:
            return total
        mask = self._group(phase, circumstance)
        allowed = [result in setup.rerollable and chance > 0 for result, chance in zip(RESULTS, chances, strict=True)]
        earlier = self._reroll_attack.get((phase, boost)) or [np.zeros(self.lattice.size, dtype=bool)] * 3
        self._reroll_attack[(phase, boost)] = [np.where(mask, (value < total - 1e-12) & may, before)
                                               for value, may, before in zip(values, allowed, earlier, strict=True)]
        if self.spending is not None:  # the fixed policy's rerolls, as the sequence makes them
            marks = self.spending.reroll_attack(self.lattice, phase, boost)
            return sum((chance * np.where(marked, total, value)
                        for chance, value, marked in zip(chances, values, marks, strict=True)),
                       np.zeros(self.lattice.size))
        return sum((chance * (np.maximum(value, total) if may else value)
                    for chance, value, may in zip(chances, values, allowed, strict=True)), np.zeros(self.lattice.size))

    def _damage_value(self, phase: Phase, circumstance: Circumstance, critical: bool, boost: bool,
                       left: int) -> FloatArray:
        """The kill chance after the damage roll of a hit or critical hit; on a hit that a rule
        lets become a slam or throw, the better of the two (the choice is kept)."""
        best = self._rolled_damage_value(phase, circumstance, critical, boost, left)
        if not self.sequence.may_smite(circumstance, critical):
            return best
        picks, failing = self.sequence.picks_column(circumstance), self.sequence.fails_systems(circumstance, critical)
        smitten = sum((chance * self._expectation(self.sequence.decisive(
            self.sequence.after(phase, left - boost, phase[2] | put, place, True)), points,
            self.sequence.survival(circumstance, phase[2] | put), picks, failing, fallen)
            for points, put, chance, place, fallen in self.sequence.landings(phase, circumstance, boost, critical,
                                                                             True)),
            np.zeros(self.lattice.size))
        if self.sequence.must_smite(circumstance, critical):
            return smitten  # no choice to record: the hit is the slam or throw
        mask = self._group(phase, circumstance)
        key = (self.sequence.spending(phase, left), boost, critical)
        before = self._smite.get(key, (np.full(self.lattice.size, -1.0), np.full(self.lattice.size, -1.0)))
        self._smite[key] = (np.where(mask, smitten, before[0]), np.where(mask, best, before[1]))
        if self.spending is not None:
            return np.where(self.spending.smite(self.lattice, key[0], boost, critical), smitten, best)
        return np.maximum(best, smitten)

    def _rolled_damage_value(self, phase: Phase, circumstance: Circumstance, critical: bool, boost: bool,
                             left: int) -> FloatArray:
        """The kill chance after the normal damage roll; where a rule allows a reroll, an outcome
        is rerolled when a fresh roll is worth more from that state (the choice is kept)."""
        landings = self.sequence.landings(phase, circumstance, boost, critical)
        picks, failing = self.sequence.picks_column(circumstance), self.sequence.fails_systems(circumstance, critical)
        values = [self._expectation(self.sequence.decisive(self.sequence.after(
            phase, left - boost, phase[2] | put, place, True)), points,
            self.sequence.survival(circumstance, phase[2] | put), picks, failing, fallen)
            for points, put, _, place, fallen in landings]
        total = sum((landing[2] * value for landing, value in zip(landings, values, strict=True)),
                    np.zeros(self.lattice.size))
        if self.sequence.moves_target(phase) or not self.sequence.setup(circumstance, False, boost).may_reroll_damage:
            return total  # a slam's or throw's damage roll is not rerolled here (see docs/attack.md)
        outcomes = self.sequence.outcomes(circumstance, boost, critical)
        mask = self._group(phase, circumstance)
        after_roll = self.sequence.spending(phase, left)
        stored = self._reroll_damage.setdefault((after_roll, critical, boost), {})
        for (points, put, _), value in zip(outcomes, values, strict=True):
            before = stored.get((points, put), np.zeros(self.lattice.size, dtype=bool))
            stored[(points, put)] = np.where(mask, value < total - 1e-12, before)
        if self.spending is not None:
            marks = self.spending.reroll_damage(self.lattice, after_roll, critical, boost, outcomes)
            return sum((weight * np.where(marked, total, value)
                        for (_, _, weight), value, marked in zip(outcomes, values, marks, strict=True)),
                       np.zeros(self.lattice.size))
        return sum((weight * np.maximum(value, total) for (_, _, weight), value in zip(outcomes, values, strict=True)),
                   np.zeros(self.lattice.size))

    def _on(self, lattice: Lattice, values: FloatArray) -> FloatArray:
        """``values`` of the planner's lattice read on ``lattice`` (the same, or by marked boxes)."""
        return values if lattice.size == self.lattice.size else values[lattice.marked]

    def attack_choice(self, lattice: Lattice, phase: Phase) -> tuple[FloatArray, FloatArray] | None:
        """The kill chance with the attack roll boosted (-1 where it cannot be) and not, of the
        way the attack is made: rolled anyway where the policy gives up an automatic hit."""
        phase = self.sequence.decisive(phase)
        self.value(phase)
        found = self._attack.get(phase)
        if found is None:
            return None
        rolled = self._rolled.get(phase)
        if rolled is not None:
            anyway = np.maximum(rolled[0], rolled[1]) > found[1] + 1e-12
            found = (np.where(anyway, rolled[0], found[0]), np.where(anyway, rolled[1], found[1]))
        return (self._on(lattice, found[0]), self._on(lattice, found[1]))

    def rolled_choice(self, lattice: Lattice, phase: Phase) -> tuple[FloatArray, FloatArray] | None:
        """Where an automatic hit may be given up: the kill chance rolling anyway (-1 where the
        choice is not offered) and taking the automatic hit (None: never offered in ``phase``)."""
        phase = self.sequence.decisive(phase)
        self.value(phase)
        rolled = self._rolled.get(phase)
        if rolled is None:
            return None
        return (self._on(lattice, np.maximum(rolled[0], rolled[1])), self._on(lattice, self._attack[phase][1]))

    def smite_choice(self, lattice: Lattice, phase: Phase, boost: bool, critical: bool
                     ) -> tuple[FloatArray, FloatArray] | None:
        """On a hit (``critical``: a critical hit) that a rule lets become a slam or throw: the
        kill chance with it (-1 where not offered) and with the normal damage roll (None: never
        offered)."""
        found = self._smite.get((self.sequence.decisive(phase), boost, critical))
        return None if found is None else (self._on(lattice, found[0]), self._on(lattice, found[1]))

    def smite(self, lattice: Lattice, phase: Phase, boost: bool, critical: bool) -> BoolArray:
        choice = self.smite_choice(lattice, phase, boost, critical)
        return np.zeros(lattice.size, dtype=bool) if choice is None else choice[0] > choice[1] + 1e-12

    def roll_anyway(self, lattice: Lattice, phase: Phase) -> BoolArray:
        choice = self.rolled_choice(lattice, phase)
        return np.zeros(lattice.size, dtype=bool) if choice is None else choice[0] > choice[1] + 1e-12

    def damage_choice(self, lattice: Lattice, phase: Phase, critical: bool) -> tuple[FloatArray, FloatArray] | None:
        found = self._damage.get((self.sequence.decisive(phase), critical))
        return None if found is None else (self._on(lattice, found[0]), self._on(lattice, found[1]))

    def boost_attack(self, lattice: Lattice, phase: Phase) -> BoolArray:
        choice = self.attack_choice(lattice, phase)
        return np.zeros(lattice.size, dtype=bool) if choice is None else choice[0] > choice[1] + 1e-12

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        choice = self.damage_choice(lattice, phase, critical)
        return np.zeros(lattice.size, dtype=bool) if choice is None else choice[0] > choice[1] + 1e-12

    def reroll_attack(self, lattice: Lattice, phase: Phase, boost: bool) -> list[BoolArray]:
        found = self.attack_rerolls(lattice, phase, boost)
        return found or [np.zeros(lattice.size, dtype=bool)] * len(RESULTS)

    def attack_rerolls(self, lattice: Lattice, phase: Phase, boost: bool) -> list[BoolArray] | None:
        """Per result of the attack roll, the states where it is rerolled (None: no rule allows it)."""
        phase = self.sequence.decisive(phase)
        self.value(phase)
        found = self._reroll_attack.get((phase, boost))
        return None if found is None else [self._on_bool(lattice, mask) for mask in found]

    def reroll_damage(self, lattice: Lattice, phase: Phase, critical: bool, boost: bool,
                      outcomes: Outcomes) -> list[BoolArray]:
        stored = self._reroll_damage.get((self.sequence.decisive(phase), critical, boost), {})
        none = np.zeros(self.lattice.size, dtype=bool)
        return [self._on_bool(lattice, stored.get((points, put), none)) for points, put, _ in outcomes]

    def damage_rerolls(self, lattice: Lattice, phase: Phase, critical: bool, boost: bool) -> dict[int, BoolArray]:
        """Damage points -> the states where a damage roll of that many points is rerolled
        (empty where no rule allows it)."""
        stored = self._reroll_damage.get((self.sequence.decisive(phase), critical, boost), {})
        result: dict[int, BoolArray] = {}
        for (points, _), mask in stored.items():
            result[points] = result.get(points, np.zeros(self.lattice.size, dtype=bool)) | mask
        return {points: self._on_bool(lattice, mask) for points, mask in result.items()}

    def _on_bool(self, lattice: Lattice, mask: BoolArray) -> BoolArray:
        return mask if lattice.size == self.lattice.size else mask[lattice.marked]

    def pick_initial(self, lattice: Lattice, phase: Phase) -> IntArray:
        found = self.initial_choice(lattice, phase)
        return NoSpending(chain=self.sequence.chain).pick_initial(lattice, phase) if found is None else found[0]

    def initial_choice(self, lattice: Lattice, phase: Phase) -> tuple[IntArray, dict[int, FloatArray]] | None:
        """In a :data:`CHOOSE` phase: the weapon picked per damage state, and each weapon's kill
        chance (the why)."""
        phase = self.sequence.decisive(phase)
        self.value(phase)
        found = self._pick.get(phase)
        if found is None:
            return None
        return (self._on_int(lattice, found[0]), {w: self._on(lattice, v) for w, v in found[1].items()})

    def _on_int(self, lattice: Lattice, values: IntArray) -> IntArray:
        return values if lattice.size == self.lattice.size else values[lattice.marked]

    def grid_values(self, lattice: Lattice, phase: Phase, points: int,
                    fallen: int = 0) -> tuple[FloatArray, FloatArray] | None:
        """Per damage state, the kill chance with ``points`` damage on the left grid and on the
        right grid before ``phase``, then ``fallen`` (the target's fall) on a rolled grid (None
        where the planner's lattice is not both grids at once)."""
        joint = self.lattice.joint
        points = min(points, self.lattice.capacity)
        if joint is None or points <= 0:
            return None
        values = self.lattice.expect(self.value(self.sequence.decisive(phase)), fallen)
        return joint.expect_side(values, points, 0), joint.expect_side(values, points, 1)

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        phase = self.sequence.decisive(phase)
        self.value(phase)
        found = self._buy.get(phase)
        if found is None:
            return np.full(lattice.size, NO_ATTACK, dtype=np.int64)
        return self._on_int(lattice, found)


@dataclass(slots=True)
class GridsChosen:
    """A fixed policy's spending, with each attack's grid of a colossal chosen to destroy it
    most often: a fixed policy fixes what is spent, not the grid the attacker picks once the
    damage is rolled (seed 003 L3606).  ``planner`` is :class:`Optimal` following
    ``spending`` on the colossal's joint states; it only weighs the grids."""

    spending: Policy
    planner: Optimal
    name: str = field(init=False)

    def __post_init__(self) -> None:
        self.name = self.spending.name

    def boost_attack(self, lattice: Lattice, phase: Phase) -> BoolArray:
        return self.spending.boost_attack(lattice, phase)

    def smite(self, lattice: Lattice, phase: Phase, boost: bool, critical: bool) -> BoolArray:
        return self.spending.smite(lattice, phase, boost, critical)

    def roll_anyway(self, lattice: Lattice, phase: Phase) -> BoolArray:
        return self.spending.roll_anyway(lattice, phase)

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        return self.spending.boost_damage(lattice, phase, critical)

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        return self.spending.buy_attack(lattice, phase)

    def pick_initial(self, lattice: Lattice, phase: Phase) -> IntArray:
        return self.spending.pick_initial(lattice, phase)

    def grid_values(self, lattice: Lattice, phase: Phase, points: int,
                    fallen: int = 0) -> tuple[FloatArray, FloatArray] | None:
        return self.planner.grid_values(lattice, phase, points, fallen)

    def column_values(self, lattice: Lattice, phase: Phase, points: int,
                      survival: Survival | None = None, fallen: int = 0) -> FloatArray | None:
        return self.spending.column_values(lattice, phase, points, survival, fallen)

    def reroll_attack(self, lattice: Lattice, phase: Phase, boost: bool) -> list[BoolArray]:
        return self.spending.reroll_attack(lattice, phase, boost)

    def reroll_damage(self, lattice: Lattice, phase: Phase, critical: bool, boost: bool,
                      outcomes: Outcomes) -> list[BoolArray]:
        return self.spending.reroll_damage(lattice, phase, critical, boost, outcomes)


POLICIES = {"none": NoSpending, "boost-damage": BoostDamage, "buy-attacks": BuyAttacks}


def fixed_policy(name: str, sequence: Sequence) -> Policy:
    """The fixed policy ``name`` (none for a name that is not one); buy-attacks buys with the
    first weapon additional attacks may use."""
    if name == "buy-attacks":
        return BuyAttacks(chain=sequence.chain, weapon=sequence.extra_weapons[0] if sequence.extra_weapons else 0)
    return POLICIES.get(name, POLICIES["none"])(chain=sequence.chain)
