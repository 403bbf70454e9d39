"""Every damage state of a track as an index, and where damage moves it, as arrays.

A sequence of attacks or the focus planner keeps one probability (or value) per
damage state; with the states numbered, one attack's damage becomes a few array
gathers instead of a Python loop over states.  A grid or spiral is numbered by its
marks per column (mixed radix); a colossal whose attacks strike one grid by
:mod:`wmdata.engine.colossal_lattice`.  When only the number of marked boxes matters (no
crippled system changes the attacks, a colossal whose grid is rolled, or a track too large
to number), a row of ``capacity + 1`` states stands for it, which is exact for the kill
chance and the damage dealt because every point lands somewhere until the track is full.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import numpy as np
import numpy.typing as npt

from wmdata.engine.colossal_joint import JointStates
from wmdata.engine.colossal_lattice import ColossalStates
from wmdata.engine.damage_track import BoxTrack, ColossalTrack, ColumnTrack, FailingGrid, State, Track
from wmdata.engine.system_failure import FailingStates

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


class Mover(Protocol):
    """Moves chances forward, or values back, by one attack's damage, where the placements
    are not equally likely states of one array (a colossal's spill to its other grid)."""

    def spread(self, weights: FloatArray, points: int) -> FloatArray: ...

    def expect(self, values: FloatArray, points: int) -> FloatArray: ...
ROLLED = -1
"""A column choice where the column is rolled as usual (no column is better)."""
MAX_STATES = 400_000
"""Grids or spirals with more per-column states than this are counted by marked boxes only."""


@dataclass(slots=True)
class Lattice:
    """The numbered states of a track: marked boxes, crippled systems, successors."""

    capacity: int
    marked: IntArray
    crippled: dict[str, BoolArray]
    placements: int
    full: bool
    """True when states are per column (crippled systems known), False for marked boxes only."""
    counts: IntArray | None = None
    heights: IntArray | None = None
    strides: IntArray | None = None
    mover: Mover | None = None
    """Where damage does not move states by equally likely placements of one array."""
    locate: Callable[[State], int] | None = None
    """The index of a damage state, where it is not the mixed radix of its columns."""
    joint: JointStates | None = None
    """A colossal's both grids at once, where each attack's grid is chosen or rolled."""
    fails: FailingStates | None = None
    """A grid whose systems a critical hit can fail (Critical System Failure)."""
    _after: dict[int, IntArray] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.marked)

    @property
    def chooses(self) -> bool:
        """Whether the attacker picks each attack's grid (a colossal's joint states)."""
        return self.joint is not None and self.joint.choose

    def spread(self, weights: FloatArray, points: int, sides: IntArray | None = None,
               failing: bool = False) -> FloatArray:
        """The probability ``weights`` of each state, moved by ``points`` damage (``sides``:
        the grid the attacker picks in each state, where it chooses; ``failing``: every system
        the damage strikes then fails, where the grid can say so)."""
        if points <= 0:
            return weights
        if self.fails is not None:
            return self.fails.spread(weights, min(points, self.capacity), failing)
        if self.joint is not None:
            return self.joint.spread(weights, min(points, self.capacity), sides)
        if self.mover is not None:
            return self.mover.spread(weights, min(points, self.capacity))
        after = self.after(points)
        moved = np.bincount(after.ravel(), weights=np.tile(weights, after.shape[0]), minlength=self.size)
        return np.asarray(moved / after.shape[0], dtype=np.float64)

    def expect(self, values: FloatArray, points: int, failing: bool = False) -> FloatArray:
        """Per state, the expected ``values`` once ``points`` damage is marked (``failing``: as
        for :meth:`spread`)."""
        if points <= 0:
            return values
        if self.fails is not None:
            return self.fails.expect(values, min(points, self.capacity), failing)
        if self.mover is not None:
            return self.mover.expect(values, min(points, self.capacity))
        return np.asarray(values[self.after(points)].mean(axis=0), dtype=np.float64)

    @property
    def columns(self) -> bool:
        """Whether the states are a grid's or spiral's marks per column, so that damage can be
        put in a column the attacker picks (``choose_column``)."""
        return self.counts is not None

    def full_columns(self, index: int | None = None) -> BoolArray:
        """``(columns, states)``: whether each column of each state (or of the state ``index``
        only: ``(columns, 1)``) has every box marked."""
        assert self.counts is not None and self.heights is not None
        counts = self.counts if index is None else self.counts[index:index + 1]
        return np.asarray((counts >= self.heights).T, dtype=np.bool_)

    def spread_picked(self, weights: FloatArray, points: int, picked: IntArray) -> FloatArray:
        """As :meth:`spread`, the damage starting in the column ``picked`` per state (0-5), or
        in a rolled one where it is :data:`ROLLED`."""
        if points <= 0:
            return weights
        rolled = picked == ROLLED
        moved = self.spread(np.where(rolled, weights, 0.0), points)
        to = self.after(points)[np.where(rolled, 0, picked), np.arange(self.size)]
        return np.asarray(moved + np.bincount(to, weights=np.where(rolled, 0.0, weights), minlength=self.size),
                          dtype=np.float64)

    def after(self, points: int) -> IntArray:
        """``(placements, size)``: the state each placement of ``points`` damage leads to."""
        points = max(0, min(points, self.capacity))
        if points not in self._after:
            self._after[points] = self._compute_after(points)
        return self._after[points]

    def _compute_after(self, points: int) -> IntArray:
        if self.counts is None or self.heights is None or self.strides is None:
            return np.minimum(self.marked + points, self.capacity)[None, :]
        columns = len(self.heights)
        result = np.empty((columns, self.size), dtype=np.int64)
        for first in range(columns):
            marks = self.counts.copy()
            left = np.full(self.size, points, dtype=np.int64)
            for step in range(columns):
                column = (first + step) % columns
                taken = np.minimum(self.heights[column] - marks[:, column], left)
                marks[:, column] += taken
                left -= taken
            result[first] = marks @ self.strides
        return result

    def index(self, state: State, track: Track) -> int:
        if self.locate is not None:
            return self.locate(state)
        if self.strides is None:
            return track.marked(state)
        assert isinstance(state, tuple)
        return int(np.dot(np.array(state, dtype=np.int64), self.strides))


def follows_every_box(track: Track) -> bool:
    """Whether ``track`` can be followed box by box (so the crippled systems are known): a row
    of boxes, a grid or spiral with few enough per-column states, or a colossal whose grids have
    few enough states each (numbered by :func:`lattice_for` when its attacks strike one known
    grid, else searched from the start by :mod:`wmdata.engine.colossal_choice`)."""
    if isinstance(track, ColumnTrack):
        return column_states(track.columns) <= MAX_STATES
    if isinstance(track, ColossalTrack):
        return column_states(track.left) + column_states(track.right) <= MAX_STATES
    return True


def column_states(columns: tuple[tuple[str, ...], ...]) -> int:
    """How many per-column states a grid has."""
    return int(np.prod([len(c) + 1 for c in columns]))


def lattice_for(track: Track, full: bool = True, start: State | None = None) -> Lattice:
    """The lattice of ``track``: per column when ``full`` and small enough, else by marked boxes.
    A colossal's lattice holds the states reachable from ``start`` (none marked by default)."""
    if full and isinstance(track, ColossalTrack) and track.side is not None and follows_every_box(track):
        states = ColossalStates(track, track.start() if start is None else start)
        return Lattice(track.capacity, states.marked, states.crippled, 36, True, mover=states,
                       locate=states.index)
    if isinstance(track, FailingGrid):  # marked boxes alone never tell what a failure adds
        failing = _failing_states(track.columns)
        return Lattice(track.capacity, failing.marked, failing.crippled, len(track.columns), True,
                       locate=failing.index, fails=failing)
    if full and isinstance(track, ColumnTrack) and follows_every_box(track):
        return _column_lattice(track, np.array([len(c) for c in track.columns], dtype=np.int64))
    marked = np.arange(track.capacity + 1, dtype=np.int64)
    crippled: dict[str, BoolArray] = {}
    if isinstance(track, BoxTrack) and track.mounted is not None:
        crippled["dismounted"] = marked >= track.mounted
    return Lattice(track.capacity, marked, crippled, 1, isinstance(track, BoxTrack))


@lru_cache(maxsize=2)
def _failing_states(columns: tuple[tuple[str, ...], ...]) -> FailingStates:
    """The numbered states of a grid whose systems can fail, shared by the planner and the
    sequences of one command (the moves they compute are kept, and cost the most time)."""
    return FailingStates(FailingGrid(columns, {}))


def _column_lattice(track: ColumnTrack, heights: IntArray) -> Lattice:
    shape = tuple(int(h) + 1 for h in heights)
    counts = np.indices(shape).reshape(len(shape), -1).T.astype(np.int64)
    strides = np.array([int(np.prod(shape[i + 1:])) for i in range(len(shape))], dtype=np.int64)
    crippled = {}
    for system in track.systems():
        crippled_here = np.ones(len(counts), dtype=bool)
        for column, boxes in enumerate(track.columns):
            last = max((row for row, box in enumerate(boxes) if box == system), default=-1)
            if last >= 0:
                crippled_here &= counts[:, column] > last
        crippled[system] = crippled_here
    return Lattice(track.capacity, counts.sum(axis=1), crippled, len(heights), True, counts, heights, strides)
