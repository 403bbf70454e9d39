"""A colossal's grid chosen attack by attack, or rolled, with crippling followed on both grids.

The joint states of both grids (:mod:`wmdata.engine.colossal_joint`) are found for the damage
points the sequence's attacks can deal.  Which points those are depends on the circumstances
the attacks meet (a crippled system can change the damage roll), so they are asked first of the
planner on the small relaxation of :mod:`wmdata.engine.colossal_bound`: its states hold every
set of crippled systems the marked boxes allow, so its planner meets every circumstance (and
every phase: the planner values every branch) any real state can, and asks for every damage
amount any policy's attacks deal on the joint states.  One search then suffices; should a
policy still ask for a missing amount, the states are found again with it (a guard, which no
test reaches).  Past the state budget,
:class:`TooManyStatesError` tells the caller to fall back: to the better fixed grid below and
:func:`upper_bound` above.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wmdata.engine.colossal_bound import CrippleAtWill
from wmdata.engine.colossal_joint import JointStates, damage_points
from wmdata.engine.damage_track import ColossalTrack
from wmdata.engine.lattice import Lattice
from wmdata.engine.policy import GridsChosen, Optimal
from wmdata.engine.sequence import FloatArray, Policy, Sequence, SequenceResult, resolve

BUDGET = 500_000
"""The most joint states searched.  Measured on this project's 2-core machine by
``benchmarks/bench_colossal.py`` (a two-grid colossal of 60 boxes, Movement on both grids,
damage 2d6 - 2 per hit): 3 attacks reach 158,319 states, 2 attacks with 1 focus 401,031, 4
attacks 2,425,479 (about 15 s and 1.8 GB for the optimal policy alone); at this budget a case
with every policy compared stays near 10 s or below."""


@dataclass(frozen=True, slots=True)
class Joint:
    """A sequence solved on the joint states of both grids."""

    lattice: Lattice
    policy: Policy
    result: SequenceResult
    states: int
    found: JointStates
    """The states searched, for other policies on the same sequence (:func:`solve_joint`'s ``found``)."""


def solve_joint(sequence: Sequence, choose: bool, make_policy: Callable[[Lattice], Policy],
                budget: int | None = None, found: JointStates | None = None) -> Joint:
    """``sequence`` (a colossal target) with each attack's grid chosen (``choose``: the policy
    picks) or rolled; raises :class:`~wmdata.engine.colossal_joint.TooManyStatesError` past
    ``budget`` (:data:`BUDGET` by default).  ``found``: the states searched for the same
    sequence already (another policy's), searched again only for damage they miss."""
    track = sequence.track
    assert isinstance(track, ColossalTrack)
    attacks = sequence.attacks + (sequence.resource if sequence.additional else 0)
    states = found
    points = damage_points(track.capacity, asked_points(sequence)) if found is None else found.points
    while True:
        if states is None:
            states = JointStates(track, sequence.start, attacks, points, choose, budget or BUDGET)
        states.missing.clear()
        lattice = joint_lattice(states)
        policy = make_policy(lattice)
        result = resolve(sequence, policy, lattice)
        if not states.missing:
            return Joint(lattice, policy, result, states.size, states)
        points |= damage_points(track.capacity, states.missing)
        states = None


@dataclass(slots=True)
class _Asking:
    """A relaxation's moves, noting the damage points asked of them."""

    bound: CrippleAtWill
    asked: set[int]

    def spread(self, weights: FloatArray, points: int) -> FloatArray:
        self.asked.add(points)
        return self.bound.spread(weights, points)

    def expect(self, values: FloatArray, points: int) -> FloatArray:
        self.asked.add(points)
        return self.bound.expect(values, points)


def asked_points(sequence: Sequence) -> set[int]:
    """Every damage amount the attacks of ``sequence`` can deal on a colossal, under any policy:
    the amounts the optimal planner asks for on the relaxation (see the module's docstring)."""
    track = sequence.track
    assert isinstance(track, ColossalTrack)
    bound = CrippleAtWill(track, sequence.start, tuple(sorted(sequence.relevant & set(track.systems()))))
    asking = _Asking(bound, set())
    Optimal(sequence, given=Lattice(track.capacity, bound.marked, bound.crippled, 1, True, mover=asking,
                                    locate=bound.index))
    return asking.asked


def spending_chosen(sequence: Sequence, spending: Policy) -> Callable[[Lattice], Policy]:
    """A fixed policy's spending with each attack's grid chosen on ``lattice`` (:class:`GridsChosen`)."""
    return lambda lattice: GridsChosen(spending, Optimal(sequence, given=lattice, spending=spending))


def joint_lattice(states: JointStates) -> Lattice:
    return Lattice(states.track.capacity, states.marked, states.crippled, 72, True, mover=states,
                   locate=states.index, joint=states)


def upper_bound(sequence: Sequence, spending: Policy | None = None) -> float:
    """The kill chance when crippling is granted at will (:mod:`wmdata.engine.colossal_bound`),
    which no grid choice can beat: the best spending's, or a fixed policy's (``spending``, whose
    choices are the same in every state, so the bound's argument holds move for move)."""
    track = sequence.track
    assert isinstance(track, ColossalTrack)
    bound = CrippleAtWill(track, sequence.start, tuple(sorted(sequence.relevant & set(track.systems()))))
    lattice = Lattice(track.capacity, bound.marked, bound.crippled, 1, True, mover=bound, locate=bound.index)
    optimal = Optimal(sequence, given=lattice, spending=spending)
    return float(optimal.value(sequence.first_phase())[bound.index(sequence.start)])
