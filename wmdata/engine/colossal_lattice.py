"""The damage states of a colossal whose attacks all strike one grid, numbered.

With the grid fixed (the attacker's field of fire, seed 003 L3604) only three kinds of
state can follow a start: the force field filling (the grids as they started), then the
struck grid filling column by column (the other grid as it started), then, once the
struck grid is full, the other grid filling (seed 003 L3612).  Numbering those three
segments (field marks; the struck grid's marks per column; the other grid's marks per
column) keeps every crippled system exact, where both grids' marks together would be far
too many states.  Points that overflow the struck grid go to the other grid at a new d6
column, so an attack moves a state in two stages: the struck grid's column (to a state, or
to a number of overflowing points), then the other grid's column for those points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wmdata.engine.damage_track import ColossalTrack, State

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]
SIDES = ("left", "right")


@dataclass(slots=True)
class Columns:
    """One grid's per-column marks, numbered in mixed radix."""

    heights: IntArray
    counts: IntArray = field(init=False)
    strides: IntArray = field(init=False)

    def __post_init__(self) -> None:
        shape = tuple(int(h) + 1 for h in self.heights)
        self.counts = np.indices(shape).reshape(len(shape), -1).T.astype(np.int64)
        self.strides = np.array([int(np.prod(shape[i + 1:])) for i in range(len(shape))], dtype=np.int64)

    @property
    def size(self) -> int:
        return len(self.counts)

    def rank(self, marks: IntArray) -> IntArray:
        """The number of each row of per-column ``marks``."""
        ranks = np.zeros(len(marks), dtype=np.int64)
        for column, stride in enumerate(self.strides.tolist()):
            ranks += marks[:, column] * stride
        return ranks

    def fill(self, marks: IntArray, points: IntArray, first: int) -> tuple[IntArray, IntArray]:
        """Rows of ``marks`` with ``points`` marked from column ``first`` on (6 wraps to 1), and
        the points that found no box."""
        marks = marks.copy()
        left = points.copy()
        for step in range(len(self.heights)):
            column = (first + step) % len(self.heights)
            taken = np.minimum(self.heights[column] - marks[:, column], left)
            marks[:, column] += taken
            left -= taken
        return marks, left


@dataclass(slots=True)
class ColossalStates:
    """Every state a colossal struck on ``track.side`` can reach from ``start``, as arrays."""

    track: ColossalTrack
    start: State
    marked: IntArray = field(init=False)
    crippled: dict[str, BoolArray] = field(init=False)
    _field: IntArray = field(init=False)
    _struck: IntArray = field(init=False)
    _other: IntArray = field(init=False)
    _grids: tuple[Columns, Columns] = field(init=False)
    _other_rank: IntArray = field(init=False)
    _start_rank: int = field(init=False)
    _stages: dict[int, IntArray] = field(default_factory=dict)
    _spills: dict[int, IntArray] = field(default_factory=dict)
    _overflows: dict[int, list[int]] = field(default_factory=dict)
    """Per number of points, the numbers of points that overflow the struck grid somewhere."""

    def __post_init__(self) -> None:
        side = self.track.side
        assert side is not None and isinstance(self.start, tuple)
        grids = (self.track.left, self.track.right)
        struck, other = (Columns(np.array([len(c) for c in grids[g]], dtype=np.int64)) for g in (side, 1 - side))
        self._grids = (struck, other)
        field_boxes = self.track.field_boxes
        start_struck = np.array(self.start[1 + side], dtype=np.int64)
        start_other = np.array(self.start[2 - side], dtype=np.int64)
        full = np.broadcast_to(struck.heights, (other.size, 6))
        # segment A: field marks 0..F-1; B: the struck grid's marks; C: the other grid's marks.
        self._field = np.concatenate([np.arange(field_boxes), np.full(struck.size + other.size, field_boxes)])
        self._struck = np.concatenate([np.broadcast_to(start_struck, (field_boxes, 6)), struck.counts, full])
        self._other = np.concatenate([np.broadcast_to(start_other, (field_boxes + struck.size, 6)), other.counts])
        self.marked = self._field + self._struck.sum(axis=1) + self._other.sum(axis=1)
        self._other_rank = other.rank(self._other)
        self._start_rank = int(other.rank(start_other[None, :])[0])
        by_side = {SIDES[side]: (grids[side], self._struck), SIDES[1 - side]: (grids[1 - side], self._other)}
        self.crippled = crippled_by_grid(self.track, by_side, len(self.marked))

    def index(self, state: State) -> int:
        """The number of ``state``; a state no attack on this grid reaches from the start is refused."""
        assert isinstance(state, tuple) and self.track.side is not None
        side = self.track.side
        marks = np.array([state[1 + side], state[2 - side]], dtype=np.int64)
        found = self._canonical(np.array([state[0]]), marks[0][None, :], marks[1][None, :])[0]
        if (self._field[found] != state[0] or (self._struck[found] != marks[0]).any()
                or (self._other[found] != marks[1]).any()):
            raise ValueError(f"{state} is not reached by attacks on the {SIDES[side]} grid from {self.start}")
        return int(found)

    def _canonical(self, fields: IntArray, struck: IntArray, other: IntArray) -> IntArray:
        """The number of each (field marks, struck grid's marks, other grid's marks)."""
        grid, rest = self._grids
        field_boxes = self.track.field_boxes
        struck_full = (struck == grid.heights).all(axis=1)
        return np.where(fields < field_boxes, fields,
                        np.where(struck_full, field_boxes + grid.size + rest.rank(other),
                                 field_boxes + grid.rank(struck)))

    def spread(self, weights: FloatArray, points: int) -> FloatArray:
        """The chances ``weights`` moved by ``points`` damage: the struck grid's d6 column, then
        for points that overflow it, the other grid's d6 column."""
        size, spilled = len(self.marked), self._grids[1].size
        stage = self._stage(points)
        reached = np.bincount(stage.ravel(), weights=np.tile(weights / 6, 6),
                              minlength=size + (points + 1) * spilled)
        moved, rows = reached[:size], reached[size:].reshape(points + 1, spilled)
        offset = size - spilled
        for over in self._overflows[points]:
            chances = rows[over]
            if over < points:  # only from the other grid as it started (see expect)
                np.add.at(moved, offset + self._spill(over)[:, self._start_rank], chances[self._start_rank] / 6)
            elif chances.any():
                after = self._spill(over)
                moved[offset:] += np.bincount(after.ravel(), weights=np.tile(chances / 6, 6), minlength=spilled)
        return np.asarray(moved, dtype=np.float64)

    def expect(self, values: FloatArray, points: int) -> FloatArray:
        """Per state, the expected ``values`` once ``points`` damage is marked."""
        size, spilled = len(self.marked), self._grids[1].size
        offset = size - spilled
        stage = self._stage(points)
        later = np.zeros((points + 1, spilled))
        for over in self._overflows[points]:
            if over == points:  # only a state whose struck grid is full passes every point on
                later[over] = values[offset + self._spill(over)].mean(axis=0)
            else:  # the others have the other grid as it started
                later[over, self._start_rank] = values[offset + self._spill(over)[:, self._start_rank]].mean()
        return np.asarray(np.concatenate([values, later.ravel()])[stage].mean(axis=0), dtype=np.float64)

    def _stage(self, points: int) -> IntArray:
        """``(6, states)``: per d6 column of the struck grid, where each state goes: the state it
        reaches when no point overflows the struck grid, else (past the states) the pair (points
        overflowing, the other grid's state) that the other grid's column roll then settles."""
        if points not in self._stages:
            grid = self._grids[0]
            size, spilled = len(self.marked), self._grids[1].size
            taken = np.minimum(points, self.track.field_boxes - self._field)
            fields = self._field + taken
            stages, overflowing = [], set()
            for column in range(6):
                struck, over = grid.fill(self._struck, points - taken, column)
                stages.append(np.where(over == 0, self._canonical(fields, struck, self._other),
                                       size + over * spilled + self._other_rank))
                overflowing |= set(np.unique(over[over > 0]).tolist())
            self._stages[points] = np.array(stages)
            self._overflows[points] = sorted(overflowing)
        return self._stages[points]

    def _spill(self, points: int) -> IntArray:
        """``(6, other grid's states)``: the other grid's state after ``points`` from each d6 column."""
        if points not in self._spills:
            other = self._grids[1]
            after = [other.rank(other.fill(other.counts, np.full(other.size, points), first)[0])
                     for first in range(6)]
            self._spills[points] = np.array(after)
        return self._spills[points]


def all_marked(grid: tuple[tuple[str, ...], ...], marks: IntArray, system: str) -> BoolArray | None:
    """Per row of ``marks``, whether every box of ``system`` on ``grid`` is marked (None: it has none)."""
    crippled = np.ones(len(marks), dtype=bool)
    present = False
    for column, boxes in enumerate(grid):
        last = max((row for row, box in enumerate(boxes) if box == system), default=-1)
        if last >= 0:
            present = True
            crippled &= marks[:, column] > last
    return crippled if present else None


def crippled_by_grid(track: ColossalTrack, by_side: dict[str, tuple[tuple[tuple[str, ...], ...], IntArray]],
                     count: int) -> dict[str, BoolArray]:
    """For each of ``count`` states, whether each system is crippled: a system is crippled
    when all its boxes on every grid that has it are marked, and a system both grids have
    is also reported per grid (``left M``), since each grid's half matters on its own."""
    crippled: dict[str, BoolArray] = {}
    shared = track.shared_systems()
    for system in track.systems():
        whole = np.ones(count, dtype=bool)
        for name, (grid, marks) in by_side.items():
            here = all_marked(grid, marks, system)
            if here is not None:
                whole &= here
                if system in shared:
                    crippled[f"{name} {system}"] = here
        crippled[system] = whole
    return crippled
