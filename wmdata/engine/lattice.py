"""Every damage state of a track as an index, and where damage moves it, as arrays.

A sequence of attacks or the focus planner keeps one probability (or value) per
damage state; with the states numbered, one attack's damage becomes a few array
gathers instead of a Python loop over states.  A grid or spiral is numbered by its
marks per column (mixed radix); when only the number of marked boxes matters (no
crippled system changes the attacks, or the track is a colossal's, too large to
number), a row of ``capacity + 1`` states stands for it, which is exact for the kill
chance and the damage dealt because every point lands somewhere until the track is full.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wmdata.engine.damage_track import BoxTrack, ColumnTrack, State, Track

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
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
    _after: dict[int, IntArray] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.marked)

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
        if self.strides is None:
            return track.marked(state)
        assert isinstance(state, tuple)
        return int(np.dot(np.array(state, dtype=np.int64), self.strides))


def follows_every_box(track: Track) -> bool:
    """Whether :func:`lattice_for` numbers ``track`` box by box (so it knows the crippled
    systems): a row of boxes, or a grid or spiral with few enough per-column states."""
    if isinstance(track, ColumnTrack):
        return int(np.prod([len(c) + 1 for c in track.columns])) <= MAX_STATES
    return isinstance(track, BoxTrack)


def lattice_for(track: Track, full: bool = True) -> Lattice:
    """The lattice of ``track``: per column when ``full`` and small enough, else by marked boxes."""
    if full and isinstance(track, ColumnTrack) and follows_every_box(track):
        return _column_lattice(track, np.array([len(c) for c in track.columns], dtype=np.int64))
    marked = np.arange(track.capacity + 1, dtype=np.int64)
    crippled: dict[str, BoolArray] = {}
    if isinstance(track, BoxTrack) and track.mounted is not None:
        crippled["dismounted"] = marked >= track.mounted
    return Lattice(track.capacity, marked, crippled, 1, isinstance(track, BoxTrack))


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
