"""An upper bound on the kill chance when a colossal's grid is chosen attack by attack.

Where the joint states of both grids are too many to search (:mod:`wmdata.engine.colossal_joint`),
the attacker is granted more than the rules give: after each damage roll it may pick which of
the relevant systems are crippled, among those the marks could have crippled (every box of a
crippled system is marked, so its boxes are at most the boxes marked; a crippled system stays
crippled).  A state is then the number of marked boxes and the crippled systems.

Why this bounds every real play from above: the attacks meet the target through its crippled
relevant systems only (:meth:`Sequence.groups`), and the number of marked boxes after a damage
roll does not depend on where the points land (every point is marked until the track is full,
seed 003 L3612).  So the real state after any grid choice and columns has the same marked boxes
and one of the crippled sets the relaxation may pick; by induction over the attacks left, the
relaxation's best value from (marked boxes, crippled systems) is at least the real best value
from any state with those marked boxes and crippled systems.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wmdata.engine.damage_track import ColossalTrack, State

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


@dataclass(slots=True)
class CrippleAtWill:
    """States (marked boxes, crippled set of ``systems``) from ``start``, and the relaxed moves."""

    track: ColossalTrack
    start: State
    systems: tuple[str, ...]
    marked: IntArray = field(init=False)
    crippled: dict[str, BoolArray] = field(init=False)
    _sets: IntArray = field(init=False)
    _table: IntArray = field(init=False)
    """(capacity + 1, 2^systems): the number of each state, -1 where none."""

    def __post_init__(self) -> None:
        boxes = [sum(box == system for grid in (self.track.left, self.track.right) for column in grid
                     for box in column) for system in self.systems]
        held = self.track.crippled(self.start)
        first = sum(1 << bit for bit, system in enumerate(self.systems) if system in held)
        need = np.array([sum(boxes[bit] for bit in range(len(boxes)) if subset >> bit & 1)
                         for subset in range(1 << len(self.systems))], dtype=np.int64)
        lowest = self.track.marked(self.start)
        marks, sets = np.meshgrid(np.arange(self.track.capacity + 1), np.arange(1 << len(self.systems)),
                                  indexing="ij")
        valid = (marks >= lowest) & (need[sets] <= marks) & ((sets & first) == first)
        self._table = np.full(valid.shape, -1, dtype=np.int64)
        self._table[valid] = np.arange(int(valid.sum()))
        self.marked, self._sets = marks[valid], sets[valid]
        self.crippled = {system: (self._sets >> bit & 1).astype(bool) for bit, system in enumerate(self.systems)}

    @property
    def size(self) -> int:
        return len(self.marked)

    def index(self, state: State) -> int:
        """The number of the starting state (the only one asked for)."""
        held = self.track.crippled(state)
        subset = sum(1 << bit for bit, system in enumerate(self.systems) if system in held)
        return int(self._table[self.track.marked(state), subset])

    def expect(self, values: FloatArray, points: int) -> FloatArray:
        """Per state, the best value over the crippled sets the marks after ``points`` allow
        that keep the systems crippled already (a maximum over supersets, bit by bit)."""
        best = np.full(self._table.shape, -np.inf)
        best[self.marked, self._sets] = values
        subsets = 1 << len(self.systems)
        for bit in range(len(self.systems)):
            without = [subset for subset in range(subsets) if not subset >> bit & 1]
            best[:, without] = np.maximum(best[:, without], best[:, [s | 1 << bit for s in without]])
        return np.asarray(best[np.minimum(self.marked + points, self.track.capacity), self._sets], dtype=np.float64)

    def spread(self, weights: FloatArray, points: int) -> FloatArray:
        """Chances moved by ``points`` keeping the crippled set (the bound is read from values;
        this forward view is the relaxation's play where no crippling is picked)."""
        after = self._table[np.minimum(self.marked + points, self.track.capacity), self._sets]
        return np.asarray(np.bincount(after, weights=weights, minlength=self.size), dtype=np.float64)
