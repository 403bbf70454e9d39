"""A sequence of attacks by one attacker against one target, resolved exactly.

Every state the target can reach (its damage track, the conditions the attacks put on
it: knocked down, stationary, a continuous effect) is carried with its probability,
attack after attack: the initial attacks of each weapon in turn (or in the order the
policy picks), then additional attacks bought with focus or fury, each with the weapon
the policy picks, a charge making the first attack a charge attack. Each attack is asked
of an :data:`AttackSource` in the circumstances of the moment (charge, the target's
states, its crippled systems), so crippling, knockdowns and a critical hit's stationary
state feed back into later attacks through the interpreter's own rules (a continuous
effect changes no later attack: only its chance is reported). A slam or throw moves the
target: where :attr:`Sequence.reach` is set, every rolled end position is its own branch, and
a later attack is made only while its weapon still reaches the target. A :class:`Policy`
decides what the resource buys. Probabilities are floats: every single roll is exact, and the
sums stay within 1e-9 of 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from wmdata.engine.colossal_joint import EITHER, pick
from wmdata.engine.column_choice import ColumnTally, pick_columns, tally
from wmdata.engine.damage_track import ColossalTrack, FailingGrid, State, Track
from wmdata.engine.lattice import BoolArray, Lattice, lattice_for
from wmdata.engine.moves import FallRoll, Place, Reach
from wmdata.engine.setup import AttackSetup, Outcome
from wmdata.engine.survival import survive
from wmdata.engine.work import Survival
from wmdata.model.effects import STATE_NAMES

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Circumstance:
    """What can change between the attacks of a sequence."""

    charging: bool = False
    conditions: frozenset[str] = frozenset()
    """The target's states that the attacks meet (knocked down, stationary)."""
    crippled: frozenset[str] = frozenset()
    weapon: str = ""
    """The weapon of the attack ("" for the source's only one)."""
    marked: int | None = None
    """The damage marked on the target, where a rule depends on it: the least of the band of
    marked damage (:attr:`Sequence.damage_marks`) the target is in (None: not followed)."""


AttackSource = Callable[[Circumstance, bool, bool], AttackSetup]
"""(circumstance, boost the attack roll, boost the damage roll) -> the attack's setup."""

Conditions = frozenset[str]
"""Conditions on the target: interpreter states (``knocked_down``, ``stationary``) and
continuous effects (``fire``, ``corrosion``)."""
FEEDBACK: Conditions = frozenset(STATE_NAMES)
"""The conditions later attacks meet (the interpreter's states); the others are only reported."""

Phase = tuple[int, int, Conditions, bool, int, tuple[int, ...], tuple[int, ...], Place | None, int]
"""Attacks left, resource left, the target's conditions, the charge attack still to come, the
index (in :attr:`Sequence.weapons`) of the next attack's weapon (:data:`NO_ATTACK` when no
attack is left and an additional one may be bought, :data:`CHOOSE` when the policy picks the
weapon of the next initial attack), the additional attacks bought so far with each weapon
(by index), (when the policy orders the initial attacks) the initial attacks per weapon
still to make besides the next one (empty otherwise), where the target stands (None
where no slam or throw is followed: :attr:`Sequence.reach`), and the hits so far of the
initial attacks a chain attack waits for (:data:`CHAIN_OFF` when it can no longer come, or
came: :attr:`Sequence.chain`)."""

class Pending(NamedTuple):
    """Damage waiting to be marked after an attack (a dict key: equal damage is marked once)."""

    phase: Phase
    """The phase after the attack."""
    points: int
    """The damage points of the attack."""
    fallen: int
    """The points of the target's fall: a damage roll of its own, marked after them from a
    rolled column."""
    survival: Survival | None
    """The target's roll to stay if the damage disables it (Tough)."""
    picks: bool
    """Whether the attacker picks the column of the attack's points."""
    failing: bool
    """Whether the systems the points strike fail (Critical System Failure)."""

IntArray = npt.NDArray[np.int64]
NO_ATTACK = -1
"""A policy's answer where it buys no additional attack."""
CHOOSE = -2
"""The weapon of the next initial attack is the policy's choice (:attr:`Sequence.choose_order`)."""
Outcomes = list[tuple[int, Conditions, float]]
"""(damage points, conditions put on the target, chance) of one damage roll."""
Landings = list[tuple[int, Conditions, float, Place | None, int]]
"""(damage points, conditions put on the target, chance, where the target ends, the points of
its fall there: 0 where it does not fall) of one hit."""
Transition = tuple[str, Place, Place]
"""A move of the target: the slam or throw, where from, where to."""
Moves = list[tuple[Place | None, bool, FallRoll | None, float]]
"""(where the target ends, whether it struck something solid, its fall, chance) of a slam or throw."""
CHAIN_OFF = -1
"""A phase's chain count where no chain attack can follow any more (a chained initial attack
missed or was not made, the chain attack was made, or the sequence has none)."""
NO_FALL: dict[Outcome, Fraction] = {(0, frozenset()): Fraction(1)}
"""The fall of a move that ends on the ground it started from: no points, no knockdown."""
COLLIDED = frozenset({"collided"})
"""The interpreter state of a slammed or thrown model that struck something solid (one more damage die)."""


class Policy(Protocol):
    """What to spend, per damage state of ``lattice``, at each point of a sequence."""

    name: str

    def boost_attack(self, lattice: Lattice, phase: Phase) -> BoolArray:
        """Per damage state, whether the attack roll is boosted (where it is rolled: made
        anyway against an automatic hit where :meth:`roll_anyway` says so)."""
        ...

    def smite(self, lattice: Lattice, phase: Phase, boost: bool, critical: bool) -> BoolArray:
        """On a hit (``critical``: a critical hit) where a rule offers it (Pitch on any hit,
        Critical Smite and Critical Pitch on a critical one): per damage state, whether the
        target is slammed or thrown instead of the normal damage roll; ``phase`` as for
        :meth:`boost_damage`, ``boost``: whether that roll is boosted."""
        ...

    def roll_anyway(self, lattice: Lattice, phase: Phase) -> BoolArray:
        """Where the attack would hit automatically and a critical hit does more than a hit:
        per damage state, whether the attack roll is made anyway, giving up the automatic hit
        (seed 001 L1327, seed 003 L1703, seed 000 L2106-2111)."""
        ...

    def boost_damage(self, lattice: Lattice, phase: Phase, critical: bool) -> BoolArray:
        """``phase`` holds the resource left after the attack roll's boost."""
        ...

    def buy_attack(self, lattice: Lattice, phase: Phase) -> IntArray:
        """Per damage state, the weapon of an additional attack to buy, or :data:`NO_ATTACK`."""
        ...

    def pick_initial(self, lattice: Lattice, phase: Phase) -> IntArray:
        """In a :data:`CHOOSE` phase: per damage state, the weapon (with initial attacks left in
        ``phase[6]``) of the next initial attack."""
        ...

    def grid_values(self, lattice: Lattice, phase: Phase, points: int,
                    fallen: int = 0) -> tuple[FloatArray, FloatArray] | None:
        """Where the attacker chooses a colossal's grid (:attr:`Lattice.chooses`): per damage
        state, the kill chance with ``points`` damage on the left grid and on the right one
        before ``phase``, then ``fallen`` (the target's fall) on a rolled grid; the better is
        struck (the left one on a tie, or where None: a policy that weighs no grid)."""
        ...

    def column_values(self, lattice: Lattice, phase: Phase, points: int,
                      survival: Survival | None = None, fallen: int = 0) -> FloatArray | None:
        """Where the attack lets the attacker pick the damage column or branch (``choose_column``):
        ``(columns, states)``, the kill chance with ``points`` damage starting in each column
        before ``phase`` (the best is picked: :func:`pick_columns`), then ``fallen`` (the
        target's fall) from a rolled column, a target they disable rolling to stay with
        ``survival``; None: the column is rolled."""
        ...

    def reroll_attack(self, lattice: Lattice, phase: Phase, boost: bool) -> list[BoolArray]:
        """Where a rule allows it: per result of the first attack roll (:data:`RESULTS`), the
        damage states where it is rerolled."""
        ...

    def reroll_damage(self, lattice: Lattice, phase: Phase, critical: bool, boost: bool,
                      outcomes: Outcomes) -> list[BoolArray]:
        """Where a rule allows it: per outcome of the first damage roll (``outcomes``, in order),
        the damage states where it is rerolled; ``phase`` as for :meth:`boost_damage`."""
        ...


@dataclass(frozen=True, slots=True)
class Chain:
    """A chain attack: once every initial attack of ``weapons`` (by index in
    :attr:`Sequence.weapons`, the weapons carrying the rule; ``needed`` of them) has hit the
    target, the attacker may make
    one of the attacks of ``follows`` (by index: the power attacks the rule offers, or one more
    swing) at once, before any other (seed 001 L3083, L3097, L3121; seed 003 L1541).  It costs
    nothing; which one, or none, is the policy's choice (a :data:`CHOOSE` phase), since a
    follow-up that moves the target can leave later attacks out of reach."""

    weapons: tuple[int, ...]
    follows: tuple[int, ...]
    needed: int = 2


def rerolled(chances: list[float], reroll: list[BoolArray]) -> list[FloatArray]:
    """Each outcome's chance per damage state when the outcomes ``reroll`` marks (per state)
    are rolled once more and the second roll is kept."""
    again = sum((chance * marked for chance, marked in zip(chances, reroll, strict=True)),
                np.zeros(len(reroll[0])))
    return [chance * ~marked + again * chance for chance, marked in zip(chances, reroll, strict=True)]


@dataclass(slots=True)
class Sequence:
    """The attacks to resolve and the attack source that knows the rules."""

    track: Track
    start: State
    attacks: int
    resource: int
    source: AttackSource
    charge: bool = False
    conditions: Conditions = frozenset()
    """The target's conditions before the first attack (e.g. knocked down)."""
    relevant: frozenset[str] = frozenset()
    """Systems or aspects of the target whose crippling changes the attacks."""
    additional: bool = True
    """Whether additional attacks can be bought (never for a power attack)."""
    weapons: tuple[str, ...] = ("",)
    """The weapons of the sequence, by name ("" for the source's only weapon)."""
    initial: tuple[int, ...] = ()
    """The weapon (index in ``weapons``) of each initial attack, in order; empty: all the first one."""
    extra_weapons: tuple[int, ...] = (0,)
    """The weapons additional attacks may be made with."""
    rooms: tuple[int | None, ...] = ()
    """Per weapon (by index), the most additional attacks it may make (None: no limit but the
    resource), e.g. what a MkII ranged weapon's ROF leaves after its initial attack (seed 001
    L1173, L1197); empty: no weapon is limited."""
    choose_order: bool = False
    """The policy picks the weapon of each initial attack among those left (the charge attack
    included: it is the first attack, with any weapon, seed 001 L845); otherwise they come in
    the order of ``initial``."""
    reach: Reach | None = None
    """Where the target stands and what each weapon reaches: followed through slams and throws
    (None: the target is taken as staying in reach)."""
    moves_on_hit: dict[int, str] = field(default_factory=dict)
    """Weapon (by index) -> the move (slam, throw, ...) a hit with it makes: a power attack's."""
    damage_marks: tuple[int, ...] = ()
    """Where a rule of the attack depends on the damage marked on the target (Might of Kings):
    the marked damage at which the attack changes, ascending (the bands start at 0 and at each
    of these); empty: the attacks do not depend on it."""
    chain: Chain | None = None
    """A chain attack that follows the initial attacks of a weapon once they all hit."""
    _setups: dict[tuple[Circumstance, bool, bool, bool], AttackSetup] = field(default_factory=dict)
    _outcomes: dict[tuple[Circumstance, bool, bool, bool], Outcomes] = field(default_factory=dict)
    _moves: dict[tuple[str, Place], Moves] = field(default_factory=dict)
    _landings: dict[tuple[int, Place | None, Circumstance, bool, bool, bool], Landings] = field(default_factory=dict)

    def outcomes(self, circumstance: Circumstance, boost_damage: bool, critical: bool,
                 smite: bool = False) -> Outcomes:
        """(damage points, conditions put on the target, chance) of one damage roll of a hit or
        critical hit (``smite``: of the power attack made instead of a critical hit's damage
        roll), as floats, computed once."""
        key = (circumstance, boost_damage, critical, smite)
        if key not in self._outcomes:
            setup = self.smite_setup(circumstance, boost_damage) if smite else self.setup(circumstance, False,
                                                                                          boost_damage)
            exact = setup.smite_outcomes(critical) if smite else setup.outcomes(critical)
            self._outcomes[key] = [(points, put, float(chance)) for (points, put), chance in exact.items()]
        return self._outcomes[key]

    def smite_setup(self, circumstance: Circumstance, boost_damage: bool) -> AttackSetup:
        """The setup whose :meth:`AttackSetup.smite_outcomes` a critical hit's slam or throw
        rolls: one more damage die where the target struck something solid (the slam's and
        throw's rule, seed 001 L1093, L1127; seed 003 L1456; seed 000 L1679)."""
        setup = self.setup(circumstance, False, boost_damage)
        if circumstance.conditions >= COLLIDED:
            setup = replace(setup, smite_dice=setup.smite_dice + 1)
        return setup

    def setup(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool,
              rolled: bool = False) -> AttackSetup:
        """The attack's setup; ``rolled``: an automatic hit given up to make the attack roll
        anyway (the roll then decides, as for any attack)."""
        key = (circumstance, boost_attack, boost_damage, rolled)
        if key not in self._setups:
            self._setups[key] = (replace(self.setup(circumstance, boost_attack, boost_damage), automatic=None)
                                 if rolled else self.source(circumstance, boost_attack, boost_damage))
        return self._setups[key]

    def moves_anything(self) -> bool:
        """Whether some attack of the sequence can move the target: a slam or throw power
        attack, or a hit a rule lets become one."""
        return bool(self.moves_on_hit) or any(self.may_smite(Circumstance(weapon=w))
                                              and self.setup(Circumstance(weapon=w), False, False).smite_moves
                                              for w in self.weapons)

    def fails_systems(self, circumstance: Circumstance, critical: bool) -> bool:
        """Whether the damage of a hit (``critical``: a critical one) fails the systems it strikes."""
        return critical and bool(self.setup(circumstance, False, False).fails_systems)

    def picks_column(self, circumstance: Circumstance) -> bool:
        """Whether the attacker picks the column or branch the attack's damage starts in."""
        return bool(self.setup(circumstance, False, False).picks_column)

    def may_smite(self, circumstance: Circumstance, critical: bool = True) -> bool:
        """Whether a rule lets a hit (``critical``: a critical hit) become a slam or throw (Pitch
        on any hit; Critical Smite, Critical Pitch on a critical one)."""
        return self.setup(circumstance, False, False).smite_offered(critical)

    def must_smite(self, circumstance: Circumstance, critical: bool = True) -> bool:
        """Whether a hit (``critical``: a critical hit) is always the slam or throw, with no damage
        roll to choose (Smite, Combo Smite): no policy decides it."""
        setup = self.setup(circumstance, False, False)
        return setup.smite_always and setup.smite_offered(critical)

    def free_choices(self) -> bool:
        """Whether the sequence offers choices that cost nothing, so that even without a resource
        the optimal policy differs from spending nothing: a critical hit that may become a slam or
        throw, a damage column the attacker picks where a crippled system changes the attacks,
        or an automatic hit worth giving up for a roll (from the start, or once a hit
        knocks the target down or leaves it stationary, for a weapon that makes a later attack:
        a power attack is only ever the first, and may not be made against a knocked-down model),
        or a chain attack (whether to make it, and which)."""
        held = self.conditions & FEEDBACK
        later = self._later_weapons()
        return self.chain is not None or any(self.may_smite(Circumstance(weapon=weapon))
                   or (bool(self.relevant) and self.picks_column(Circumstance(weapon=weapon)))
                   or any(self.may_roll_anyway(Circumstance(conditions=held | extra, weapon=weapon))
                          for extra in (frozenset(), frozenset({"knocked_down"}), frozenset({"stationary"}))
                          if not extra or index in later)
                   for index, weapon in enumerate(self.weapons))

    def _later_weapons(self) -> set[int]:
        """The weapons (by index) that may make an attack after the first one: the initial
        attacks after the first (any of them where the policy orders them) and bought ones."""
        initial = self.initial or (0,) * self.attacks
        later = set(initial if self.choose_order else initial[1:])
        later |= set(self.chain.follows) if self.chain is not None else set()
        return later | set(self.extra_weapons) if self.additional else later

    def may_roll_anyway(self, circumstance: Circumstance) -> bool:
        """Whether the attack would hit automatically and a critical hit does more than a hit
        (a critical effect), so that rolling anyway can be worth the risk of a miss."""
        plain = self.setup(circumstance, False, False)
        return plain.automatic == "hit" and any(
            self.outcomes(circumstance, boost, True) != self.outcomes(circumstance, boost, False)
            or (plain.smite is not None and not plain.smite_on_hit
                and self.outcomes(circumstance, boost, True, True) != self.outcomes(circumstance, boost, False))
            for boost in (False, True))

    def first_phase(self) -> Phase:
        bought = (0,) * len(self.weapons)
        place = self.reach.start if self.reach is not None else None
        chain = 0 if self.chain is not None else CHAIN_OFF
        if self.choose_order:
            counts = tuple(sum(1 for w in self.initial or (0,) * self.attacks if w == index)
                           for index in range(len(self.weapons)))
            return (self.attacks, self.resource, self.conditions, self.charge, CHOOSE, bought, counts, place, chain)
        return (self.attacks, self.resource, self.conditions, self.charge, self.initial_weapon(self.attacks), bought,
                (), place, chain)

    def choices(self, phase: Phase) -> tuple[int, ...]:
        """In a :data:`CHOOSE` phase, what the policy picks from, the first on a tie: the chain
        attacks then :data:`NO_ATTACK` (none: a free attack is made where it changes nothing)
        where a chain is earned, else the weapons with initial attacks left."""
        if self.chain_pending(phase):
            assert self.chain is not None
            return (*self.chain.follows, NO_ATTACK)
        return tuple(weapon for weapon, count in enumerate(phase[6]) if count)

    def chain_pending(self, phase: Phase) -> bool:
        """Whether ``phase`` is the choice of a chain attack just earned."""
        return self.chain is not None and phase[4] == CHOOSE and phase[8] == self.chain.needed

    def chosen(self, phase: Phase, weapon: int) -> Phase:
        """``phase`` (a :data:`CHOOSE` phase) with ``weapon`` picked for the next initial attack,
        or for the chain attack earned (:data:`NO_ATTACK`: none, the sequence goes on)."""
        if self.chain_pending(phase):
            if weapon == NO_ATTACK:
                return self._next(phase, phase[1], phase[2], phase[7], CHAIN_OFF)
            return (phase[0], phase[1], phase[2], False, weapon, phase[5], phase[6], phase[7], phase[8])
        remaining = tuple(count - (index == weapon) for index, count in enumerate(phase[6]))
        return (phase[0], phase[1], phase[2], phase[3], weapon, phase[5], remaining, phase[7], phase[8])

    @staticmethod
    def spending(phase: Phase, resource: int, place: Place | None = None) -> Phase:
        """``phase`` with ``resource`` left (after a boost is paid) and the target at ``place``
        (default: where it stands in ``phase``)."""
        return (phase[0], resource, phase[2], phase[3], phase[4], phase[5], phase[6],
                phase[7] if place is None else place, phase[8])

    def reaches(self, phase: Phase) -> bool:
        """Whether the weapon of the attack of ``phase`` still reaches the target where it stands."""
        return self.reach is None or phase[7] is None or self.reach.reaches(self.weapon_name(phase[4]), phase[7])

    def hit_moves(self, phase: Phase, kind: str | None = None) -> Moves:
        """Where a hit of the attack of ``phase`` leaves the target, with the chances: moved by
        ``kind`` (a critical hit's slam or throw) or by the attack's own power attack, else
        where it stands."""
        kind = kind or self.moves_on_hit.get(phase[4])
        place = phase[7]
        if kind is None or self.reach is None or place is None:
            return [(place, False, None, 1.0)]
        key = (kind, place)
        if key not in self._moves:
            merged: dict[tuple[Place, bool, FallRoll | None], float] = {}
            for move in self.reach.moves(kind, place):
                end = (move.place, move.collided, move.fall)
                merged[end] = merged.get(end, 0.0) + float(move.chance)
            self._moves[key] = [(where, collided, fall, chance) for (where, collided, fall), chance in merged.items()]
        return self._moves[key]

    def initial_weapon(self, left: int) -> int:
        """The weapon of the next initial attack when ``left`` of them remain (-1 when none)."""
        if left <= 0:
            return NO_ATTACK
        return self.initial[self.attacks - left] if self.initial else 0

    def moves_target(self, phase: Phase, smite: bool = False) -> bool:
        """Whether a hit of the attack of ``phase`` (``smite``: its critical hit turned into a
        slam or throw) moves the target, and the sequence follows where it goes."""
        return self.reach is not None and phase[7] is not None and (smite or phase[4] in self.moves_on_hit)

    def landings(self, phase: Phase, circumstance: Circumstance, boost_damage: bool, critical: bool,
                 smite: bool = False) -> Landings:
        """(damage points, conditions put on the target, chance, where it ends, the fall's points)
        of a hit's damage roll (``smite``: of the slam or throw a critical hit becomes), the move
        rolled first: a throw's contest, then the distance and where it stops, then the damage
        roll with one more die where the target struck something solid, and where the move ends
        in a fall the fall's own roll (:meth:`AttackSetup.fall_outcomes`), kept apart: it is a
        damage roll of its own, marked from a column of its own (seed 001 L1465-1469)."""
        if not self.moves_target(phase, smite) or (smite and not self.setup(circumstance, False, False).smite_moves):
            return [(points, put, chance, phase[7], 0)
                    for points, put, chance in self.outcomes(circumstance, boost_damage, critical, smite)]
        key = (phase[4], phase[7], circumstance, boost_damage, critical, smite)
        if key not in self._landings:
            self._landings[key] = self._moved_landings(phase, circumstance, boost_damage, critical, smite)
        return self._landings[key]

    def _moved_landings(self, phase: Phase, circumstance: Circumstance, boost_damage: bool, critical: bool,
                        smite: bool) -> Landings:
        kind = self.setup(circumstance, False, False).smite if smite else None
        found: dict[tuple[int, Conditions, Place | None, int], float] = {}
        won = 1.0
        contest = None if smite else self.setup(circumstance, False, boost_damage).contest
        if contest is not None:  # the target breaks free: no damage, and it stays where it is
            won = float(contest.chance)
            found[(0, frozenset(), phase[7], 0)] = 1.0 - won
        for place, collided, fall, chance in self.hit_moves(phase, kind):
            struck = replace(circumstance, conditions=circumstance.conditions | COLLIDED) if collided else circumstance
            setup = self.setup(struck, False, boost_damage)
            rolled = (self.outcomes(struck, boost_damage, critical, True) if smite else
                      [(points, put, float(p)) for (points, put), p in setup.after_contest(critical).items()])
            # the fall's own roll, resolved with the move's damage (none where it does not fall)
            falls = NO_FALL if fall is None else setup.fall_outcomes(fall.dice, fall.power)
            for (points, put, p), ((fallen, down), q) in product(rolled, falls.items()):
                key = (points, put | down, place, fallen)
                found[key] = found.get(key, 0.0) + won * chance * p * float(q)
        return [(points, put, chance, place, fallen)
                for (points, put, place, fallen), chance in found.items() if chance > 0]

    def after(self, phase: Phase, resource: int, conditions: Conditions, place: Place | None = None,
              hit: bool = False) -> Phase:
        """The phase after the attack of ``phase`` (``hit``: it hit), the target at ``place``
        (default: where it stood); the chain attack next where this hit completes its chain."""
        where = phase[7] if place is None else place
        chain = self._chained(phase, hit)
        if self.chain is not None and chain == self.chain.needed and phase[4] not in self.chain.follows:
            # chosen at once, in the place of the attack just made (the count of attacks left is kept)
            return (phase[0], resource, conditions, False, CHOOSE, phase[5], phase[6], where, chain)
        return self._next(phase, resource, conditions, where, chain)

    def _next(self, phase: Phase, resource: int, conditions: Conditions, where: Place | None, chain: int) -> Phase:
        """The phase of the attack after that of ``phase`` (no chain attack in between)."""
        attacks = phase[0] - 1
        if self.choose_order:
            weapon = CHOOSE if sum(phase[6]) else NO_ATTACK
            return (attacks, resource, conditions, False, weapon if attacks else NO_ATTACK, phase[5], phase[6], where,
                    chain)
        return (attacks, resource, conditions, False, self.initial_weapon(attacks), phase[5], (), where, chain)

    def _chained(self, phase: Phase, hit: bool) -> int:
        """The chain count after the attack of ``phase``: one more hit of the chained weapon's
        initial attacks (bought attacks come only after every initial one), off after a miss
        of one of them or once the chain attack is made."""
        if self.chain is None or phase[8] == CHAIN_OFF or phase[4] in self.chain.follows:
            return CHAIN_OFF
        if phase[4] in self.chain.weapons and not any(phase[5]):
            return phase[8] + 1 if hit else CHAIN_OFF
        return phase[8]

    def survival(self, circumstance: Circumstance, conditions: Conditions) -> Survival | None:
        """The roll the target makes if the attack in ``circumstance`` disables it (Tough), its
        conditions then being ``conditions`` (what the hit put on it included); None where it
        makes none (no such rule, or a state it loses the rule in: MkIII and MkIV knocked down),
        and on a colossal or a grid whose systems can fail, whose numbered states cannot place a
        healed state (:mod:`wmdata.engine.survival`)."""
        found = self.setup(circumstance, False, False).survival
        if found is None or found.lost_while & conditions or isinstance(self.track, ColossalTrack | FailingGrid):
            return None
        return found

    def resting_survival(self) -> Survival | None:
        """The roll the target makes if damage outside the attacks disables it (its continuous
        effects in its next Maintenance Phase): its rule as the first weapon's attack meets it;
        :attr:`Survival.lost_while` is for the caller to check against the target's conditions then."""
        return self.survival(Circumstance(weapon=self.weapons[0]), frozenset())

    @staticmethod
    def survived(phase: Phase, survival: Survival) -> Phase:
        """``phase`` for a target that survived being disabled: in the states the roll leaves it."""
        return (phase[0], phase[1], phase[2] | survival.leaves, phase[3], phase[4], phase[5], phase[6], phase[7],
                phase[8])

    @staticmethod
    def decisive(phase: Phase) -> Phase:
        """``phase`` without the conditions no later attack meets (what a policy decides on)."""
        conditions = phase[2] & FEEDBACK
        return phase if conditions == phase[2] else (phase[0], phase[1], conditions, phase[3], phase[4], phase[5],
                                                     phase[6], phase[7], phase[8])

    def may_buy(self, phase: Phase) -> bool:
        """Whether an additional attack can be bought in ``phase`` (no attack left, resource
        left, and a weapon that may still make one)."""
        return phase[0] == 0 and phase[1] > 0 and self.additional and bool(self.buyable(phase))

    def buyable(self, phase: Phase) -> tuple[int, ...]:
        """The weapons an additional attack may be bought with in ``phase``: room left under their
        limit, and the target (moved by a slam or throw) still in their reach."""
        bought, place = phase[5], phase[7]
        return tuple(w for w in self.extra_weapons
                     if (w >= len(self.rooms) or self.rooms[w] is None or bought[w] < (self.rooms[w] or 0))
                     and (self.reach is None or place is None or self.reach.reaches(self.weapons[w], place)))

    def purchase(self, phase: Phase, weapon: int) -> Phase:
        """The phase of an additional attack bought with ``weapon`` in ``phase`` (one resource less)."""
        bought = list(phase[5])
        bought[weapon] += 1
        return (1, phase[1] - 1, phase[2], phase[3], weapon, tuple(bought), phase[6], phase[7], phase[8])

    def honoured(self, phase: Phase, choice: IntArray) -> IntArray:
        """A policy's purchases made good: a weapon with no room left gives way to the first
        weapon that has some (a fixed policy names one weapon for every purchase)."""
        buyable = self.buyable(phase)
        if not buyable:
            return np.full_like(choice, NO_ATTACK)
        kept = np.isin(choice, buyable) | (choice == NO_ATTACK)
        return np.where(kept, choice, buyable[0])

    def weapon_name(self, index: int) -> str:
        return self.weapons[index] if index >= 0 else ""

    def groups(self, lattice: Lattice, phase: Phase) -> list[tuple[BoolArray, Circumstance]]:
        """The states of ``lattice`` split by which relevant systems are crippled."""
        conditions, first, name = phase[2] & FEEDBACK, phase[3], self.weapon_name(phase[4])
        systems = sorted(self.relevant & set(lattice.crippled))
        result = []
        for flags in product((False, True), repeat=len(systems)):
            mask = np.ones(lattice.size, dtype=bool)
            for system, flag in zip(systems, flags, strict=True):
                mask &= lattice.crippled[system] if flag else ~lattice.crippled[system]
            crippled = frozenset(s for s, flag in zip(systems, flags, strict=True) if flag)
            for band, within in self._bands(lattice, mask):
                result.append((within, Circumstance(first and self.charge, conditions, crippled, name, band)))
        return result

    def _bands(self, lattice: Lattice, mask: BoolArray) -> list[tuple[int | None, BoolArray]]:
        """``mask`` split by the bands of :attr:`damage_marks` (one part, None, without them)."""
        if not self.damage_marks:
            return [(None, mask)] if mask.any() else []
        starts = (0, *self.damage_marks)
        ends = (*self.damage_marks, lattice.capacity + 1)
        parts = [(start, mask & (lattice.marked >= start) & (lattice.marked < end))
                 for start, end in zip(starts, ends, strict=True)]
        return [(start, within) for start, within in parts if within.any()]

    def band(self, marked: int) -> int | None:
        """The band (:attr:`Circumstance.marked`) of a target with ``marked`` damage."""
        if not self.damage_marks:
            return None
        return max((start for start in (0, *self.damage_marks) if start <= marked), default=0)

    def can_boost(self, circumstance: Circumstance, roll: str, resource: int, rolled: bool = False) -> bool:
        """A roll can be bought a boost with resource left, when no rule boosts it already and it
        is rolled at all (an automatic hit or miss is taken without an attack roll, unless
        ``rolled``: made anyway)."""
        plain = self.setup(circumstance, False, False)
        if resource < 1:
            return False
        if roll == "attack":
            return not plain.attack_boosted and (plain.automatic is None or rolled)
        return not (plain.damage_boosted or not plain.deals_damage)


@dataclass(slots=True)
class GridTally:
    """Where the attacker chooses a colossal's grid, for one attack and damage roll: the chance
    the damage goes to the left grid, to the right one, to either (both as good), and the kill
    chance striking each grid, weighted by the chance (divide by the total for the average)."""

    left: float = 0.0
    right: float = 0.0
    either: float = 0.0
    kill_left: float = 0.0
    kill_right: float = 0.0

    @property
    def total(self) -> float:
        return self.left + self.right + self.either


@dataclass(slots=True)
class SequenceResult:
    """The outcome of a sequence under one policy."""

    policy: str
    p_hit: float
    p_crit: float
    p_destroyed: float
    expected_damage: float
    damage: dict[int, float]
    crippled: dict[str, float] | None
    """Chance that each system or aspect ends crippled (None when the track is too large to follow per box)."""
    spent: dict[int, float]
    conditions: dict[str, float]
    """Chance that the target ends the sequence in each condition (destroyed or not)."""
    lingering: dict[Conditions, dict[int, float]]
    """For the target left standing with a condition no attack of the sequence meets (a
    continuous effect): its conditions (knocked down, stationary included) -> boxes left ->
    chance (what the next Maintenance Phase works on)."""
    first_attack: str
    first_damage: str
    places: dict[Place | None, tuple[float, float]] = field(default_factory=dict)
    """Where the target ends the sequence (None: not followed) -> (chance, chance it is still
    standing there)."""
    grid_choices: dict[tuple[int, int], GridTally] = field(default_factory=dict)
    """Where the attacker chooses a colossal's grid: (attack number, damage points) -> where
    that damage goes and why."""
    column_choices: dict[tuple[int, int], ColumnTally] = field(default_factory=dict)
    """Where the attacker picks the damage column or branch: (attack number, damage points) ->
    where that damage goes and why."""
    transitions: dict[Transition, float] = field(default_factory=dict)
    """(slam or throw, from where, to where) -> the chance the sequence moves the target so
    (what the collateral damage to the models it meets on the way is weighed with)."""


Visitor = Callable[[int, Phase, FloatArray], None]
"""Called before each attack with its number, phase and the chance of each damage state."""


def resolve(sequence: Sequence, policy: Policy, lattice: Lattice | None = None,
            visit: Visitor | None = None) -> SequenceResult:
    """Every way the sequence can go under ``policy``, with its probability."""
    lattice = lattice or lattice_for(sequence.track, start=sequence.start)
    start = np.zeros(lattice.size)
    start[lattice.index(sequence.start, sequence.track)] = 1.0
    destroyed = lattice.marked >= lattice.capacity
    frontier: dict[Phase, FloatArray] = {sequence.first_phase(): start}
    finals: dict[int, FloatArray] = {}
    ends: dict[Conditions, FloatArray] = {}
    places: dict[Place | None, tuple[float, float]] = {}
    grid_choices: dict[tuple[int, int], GridTally] = {}
    column_choices: dict[tuple[int, int], ColumnTally] = {}
    transitions: dict[Transition, float] = {}
    number = 0
    while frontier:
        number += 1
        following: dict[Phase, FloatArray] = {}
        pending: dict[Pending, FloatArray] = {}
        for given, chances in frontier.items():
            for phase, part in _buy(sequence, policy, lattice, given, chances):
                attacks, resource = phase[0], phase[1]
                ending = part * destroyed if attacks else part
                spent = sequence.resource - resource
                finals[spent] = finals.get(spent, 0.0) + ending
                ends[phase[2]] = ends[phase[2]] + ending if phase[2] in ends else ending
                everywhere, alive = places.get(phase[7], (0.0, 0.0))
                places[phase[7]] = (everywhere + float(ending.sum()), alive + float(ending[~destroyed].sum()))
                if attacks:
                    standing = np.where(destroyed, 0.0, part)
                    if not sequence.reaches(phase):  # moved out of this weapon's reach: the attack is not made
                        skipped = sequence.after(phase, resource, phase[2])
                        following[skipped] = following[skipped] + standing if skipped in following else standing
                        continue
                    if visit is not None and standing.any():
                        visit(number, phase, standing)
                    _attack(sequence, policy, lattice, phase, standing, following, pending, transitions)
        for (phase, points, fallen, survival, picks, failing), weights in pending.items():
            sides = None
            columns = (policy.column_values(lattice, phase, points, survival, fallen)
                       if picks and lattice.columns and points > 0 else None)
            if lattice.chooses and points > 0:
                values = policy.grid_values(lattice, phase, points, fallen)
                sides = np.zeros(lattice.size, dtype=np.int64) if values is None else pick(*values)
                _tell_grids(grid_choices, (number, points), weights, sides, values)
            if columns is not None:
                picked = pick_columns(columns, lattice.full_columns())
                tally(column_choices, (number, points), weights, picked, columns)
                moved = lattice.spread_picked(weights, points, picked)
            else:
                moved = lattice.spread(weights, points, sides, failing)
            moved = lattice.spread(moved, fallen)  # the fall's own roll: a rolled column (grid) of its own
            if survival is not None and points + fallen > 0:  # disabled: the target's roll to stay (Tough)
                moved, revived = survive(lattice, moved, survival)
                if revived.any():
                    back = sequence.survived(phase, survival)
                    following[back] = following[back] + revived if back in following else revived
            following[phase] = following[phase] + moved if phase in following else moved
        frontier = {phase: chances for phase, chances in following.items() if chances.any()}
    return replace(_summary(sequence, policy, lattice, finals, ends, places), grid_choices=grid_choices,
                   column_choices=column_choices, transitions=transitions)


def _tell_grids(found: dict[tuple[int, int], GridTally], key: tuple[int, int], weights: FloatArray,
                sides: IntArray, values: tuple[FloatArray, FloatArray] | None) -> None:
    """Adds where the damage of ``key`` (attack number, points) goes, and the kill chances behind."""
    tally = found.setdefault(key, GridTally())
    left, right, either = np.bincount(sides, weights=weights, minlength=EITHER + 1).tolist()
    tally.left += left
    tally.right += right
    tally.either += either
    if values is not None:
        # einsum, not a BLAS dot product: that one stalls on threads on a busy machine
        tally.kill_left += float(np.einsum("i,i->", weights, values[0]))
        tally.kill_right += float(np.einsum("i,i->", weights, values[1]))



def _buy(sequence: Sequence, policy: Policy, lattice: Lattice, given: Phase,
         chances: FloatArray) -> list[tuple[Phase, FloatArray]]:
    """``given`` split by the policy's choice: the weapon of the next initial attack where the
    policy picks it, or with no attack left, the states where an additional attack is bought
    go on with the weapon chosen there, one resource less."""
    if given[4] == CHOOSE:
        picked = policy.pick_initial(lattice, given)
        chosen = [(sequence.chosen(given, weapon), np.where(picked == weapon, chances, 0.0))
                  for weapon in sequence.choices(given)]
        # a chain attack turned down goes on to the next choice or purchase at once
        return [found for phase, part in chosen if part.any() for found in _buy(sequence, policy, lattice, phase, part)]
    if not sequence.may_buy(given):
        return [(given, chances)]
    choice = sequence.honoured(given, policy.buy_attack(lattice, given))
    parts = []
    for weapon in (NO_ATTACK, *sequence.buyable(given)):
        part = np.where(choice == weapon, chances, 0.0)
        if part.any():
            phase = given if weapon == NO_ATTACK else sequence.purchase(given, weapon)
            parts.append((phase, part))
    return parts


def _attack(sequence: Sequence, policy: Policy, lattice: Lattice, phase: Phase, chances: FloatArray,
            following: dict[Phase, FloatArray], pending: dict[Pending, FloatArray],
            transitions: dict[Transition, float]) -> None:
    """Resolve the next attack from ``phase``: misses go to ``following``, damage to ``pending``,
    the chance of each move of the target to ``transitions``."""
    resource, conditions = phase[1], phase[2]

    def moved(kind: str | None, place: Place | None, weights: FloatArray) -> None:
        if kind is not None and phase[7] is not None and place is not None and place != phase[7]:
            key = (kind, phase[7], place)
            transitions[key] = transitions.get(key, 0.0) + float(weights.sum())

    def add(target: dict[Pending, FloatArray] | dict[Phase, FloatArray], key: object, weights: FloatArray) -> None:
        target[key] = target[key] + weights if key in target else weights  # type: ignore[index]

    boost_wanted = policy.boost_attack(lattice, phase)
    roll_wanted: BoolArray | None = None
    for circumstance, rolled, can, group in _attack_parts(sequence, lattice, phase, chances):
        picks = sequence.picks_column(circumstance)
        part = group
        if rolled is not None:
            roll_wanted = policy.roll_anyway(lattice, phase) if roll_wanted is None else roll_wanted
            part = np.where(roll_wanted == rolled, group, 0.0)
        for boost in (False, True) if can else (False,):
            taken = np.where(boost_wanted == boost, part, 0.0) if can else part
            if not taken.any():
                continue
            left = resource - boost
            miss, *hits = attack_chances(sequence, policy, lattice, phase, circumstance, boost, bool(rolled))
            if np.any(miss):
                add(following, sequence.after(phase, left, conditions), taken * miss)
            for critical, chance in zip((False, True), hits, strict=True):
                if not np.any(chance):
                    continue
                failing = sequence.fails_systems(circumstance, critical)
                after_roll = sequence.spending(phase, left)
                can_damage = sequence.can_boost(circumstance, "damage", left)
                wanted = policy.boost_damage(lattice, after_roll, critical) if can_damage else None
                for boost_damage in (False, True) if can_damage else (False,):
                    hit = taken * chance
                    if wanted is not None:
                        hit = np.where(wanted == boost_damage, hit, 0.0)
                    if not hit.any():
                        continue
                    smitten = (np.ones(lattice.size, dtype=bool) if sequence.must_smite(circumstance, critical)
                               else policy.smite(lattice, after_roll, boost_damage, critical)
                               if sequence.may_smite(circumstance, critical) else None)
                    normal = hit if smitten is None else np.where(smitten, 0.0, hit)
                    landings = sequence.landings(phase, circumstance, boost_damage, critical)
                    weights = ([landing[2] for landing in landings] if sequence.moves_target(phase) else
                               damage_chances(sequence, policy, lattice, after_roll, circumstance, critical,
                                              boost_damage))
                    for (points, put, _, place, fallen), weight in zip(landings, weights, strict=True):
                        key = Pending(sequence.after(phase, left - boost_damage, conditions | put, place, True),
                                      points, fallen, sequence.survival(circumstance, conditions | put), picks,
                                      failing)
                        add(pending, key, normal * weight)
                        moved(sequence.moves_on_hit.get(phase[4]), place, normal * weight)
                    if smitten is not None and smitten.any():
                        slammed = np.where(smitten, hit, 0.0)
                        for points, put, chance_of, place, fallen in sequence.landings(
                                phase, circumstance, boost_damage, critical, True):
                            key = Pending(sequence.after(phase, left - boost_damage, conditions | put, place, True),
                                          points, fallen, sequence.survival(circumstance, conditions | put), picks,
                                          failing)
                            add(pending, key, slammed * chance_of)
                            moved(sequence.setup(circumstance, False, False).smite, place, slammed * chance_of)


def _attack_parts(sequence: Sequence, lattice: Lattice, phase: Phase, chances: FloatArray
                  ) -> list[tuple[Circumstance, bool | None, bool, FloatArray]]:
    """The states of ``phase`` by group (crippled systems) and, where an automatic hit may be
    given up, by whether the roll is made anyway (None where there is no such choice): each
    with whether the attack roll can be boosted and its chances."""
    parts: list[tuple[Circumstance, bool | None, bool, FloatArray]] = []
    for mask, circumstance in sequence.groups(lattice, phase):
        group = np.where(mask, chances, 0.0)
        if not group.any():
            continue
        if sequence.may_roll_anyway(circumstance):
            parts += [(circumstance, rolled, sequence.can_boost(circumstance, "attack", phase[1], rolled), group)
                      for rolled in (False, True)]
        else:
            parts.append((circumstance, None, sequence.can_boost(circumstance, "attack", phase[1]), group))
    return parts


def attack_chances(sequence: Sequence, policy: Policy, lattice: Lattice, phase: Phase, circumstance: Circumstance,
                   boost: bool, rolled: bool = False) -> list[FloatArray | float]:
    """The chance of a miss, a hit and a critical hit (per damage state where the policy
    rerolls some results, else one number); ``rolled``: an automatic hit given up for a roll."""
    setup = sequence.setup(circumstance, boost, False, rolled)
    odds = setup.odds
    chances = [float(odds.miss), float(odds.hit), float(odds.critical)]
    if not setup.may_reroll_attack:
        return list(chances)
    return list(rerolled(chances, policy.reroll_attack(lattice, phase, boost)))


def damage_chances(sequence: Sequence, policy: Policy, lattice: Lattice, after_roll: Phase,
                   circumstance: Circumstance, critical: bool, boost: bool) -> list[FloatArray | float]:
    """The chance of each of :meth:`Sequence.outcomes` once the policy's rerolls are made."""
    outcomes = sequence.outcomes(circumstance, boost, critical)
    chances = [weight for _, _, weight in outcomes]
    if not sequence.setup(circumstance, False, boost).may_reroll_damage:
        return list(chances)
    return list(rerolled(chances, policy.reroll_damage(lattice, after_roll, critical, boost, outcomes)))


def _lingering(lattice: Lattice, ends: dict[Conditions, FloatArray]) -> dict[Conditions, dict[int, float]]:
    """The standing end states with a condition outside :data:`FEEDBACK`, by all their conditions
    (a knocked-down target makes no MkIII or MkIV Tough roll then) and boxes left."""
    found: dict[Conditions, dict[int, float]] = {}
    left = lattice.capacity - lattice.marked
    for held, chances in ends.items():
        if not held - FEEDBACK:
            continue
        by_left = np.bincount(left, weights=np.where(left > 0, chances, 0.0), minlength=lattice.capacity + 1)
        row = found.setdefault(held, {})
        for boxes, p in enumerate(by_left):
            if boxes and p > 0:
                row[boxes] = row.get(boxes, 0.0) + float(p)
    return found


def _summary(sequence: Sequence, policy: Policy, lattice: Lattice, finals: dict[int, FloatArray],
             ends: dict[Conditions, FloatArray], places: dict[Place | None, tuple[float, float]]) -> SequenceResult:
    total = sum(finals.values(), np.zeros(lattice.size))
    held_by = {held: float(chances.sum()) for held, chances in ends.items()}
    before = int(lattice.marked[lattice.index(sequence.start, sequence.track)])
    by_marked = np.bincount(lattice.marked, weights=total, minlength=lattice.capacity + 1)
    damage = {marked - before: float(p) for marked, p in enumerate(by_marked) if marked >= before and p > 0}
    crippled = ({system: float(total[mask].sum()) for system, mask in sorted(lattice.crippled.items())}
                if lattice.full else None)
    first = sequence.first_phase()
    index = lattice.index(sequence.start, sequence.track)
    if first[4] == CHOOSE:
        first = sequence.chosen(first, int(policy.pick_initial(lattice, first)[index]))
    groups = sequence.groups(lattice, first)
    circumstance = next(c for mask, c in groups if mask[index])
    rolled = bool(sequence.may_roll_anyway(circumstance) and policy.roll_anyway(lattice, first)[index])
    boost = bool(sequence.can_boost(circumstance, "attack", first[1], rolled)
                 and policy.boost_attack(lattice, first)[index])
    setup = sequence.setup(circumstance, boost, False, rolled)
    _, hit, critical = (float(np.broadcast_to(chance, (lattice.size,))[index])
                        for chance in attack_chances(sequence, policy, lattice, first, circumstance, boost, rolled))
    return SequenceResult(
        policy=policy.name, p_hit=hit + critical, p_crit=critical,
        p_destroyed=float(total[lattice.marked >= lattice.capacity].sum()),
        expected_damage=sum(points * p for points, p in damage.items()), damage=damage, crippled=crippled,
        spent={used: float(p.sum()) for used, p in sorted(finals.items()) if p.sum() > 0},
        conditions={name: sum(p for held, p in held_by.items() if name in held)
                    for name in sorted({name for held, p in held_by.items() if p > 0 for name in held})},
        lingering=_lingering(lattice, ends),
        first_attack=setup.attack_text, first_damage=setup.damage_text, places=places,
    )
