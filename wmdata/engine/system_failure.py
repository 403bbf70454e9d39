"""Every state of a :class:`~wmdata.engine.damage_track.FailingGrid` numbered, and where damage moves it.

A state is the set of failed systems (Critical System Failure, seed 001 L3089, L3127) and the
marks per column of the grid left without their boxes.  Each set of failed systems is a block
of states numbered like a grid's (mixed radix over its reduced columns), one block after the
other; a damage roll moves a state within its block, and one whose critical hit fails the
systems it struck moves it to the block of the larger set.  Both moves are computed for every
state and d6 column at once, as arrays, and kept per number of points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wmdata.engine.damage_track import FailingGrid, State

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


def failing_states(grid: FailingGrid) -> int:
    """How many states :class:`FailingStates` numbers for ``grid``."""
    systems = grid.systems()
    total = 0
    for mask in range(1 << len(systems)):
        failed = frozenset(s for bit, s in enumerate(systems) if mask >> bit & 1)
        total += int(np.prod([len(column) + 1 for column in grid.reduced(failed)]))
    return total


@dataclass(slots=True)
class _Block:
    """The states of one set of failed systems."""

    offset: int
    heights: IntArray
    strides: IntArray
    counts: IntArray
    struck: IntArray
    """``(columns, rows + 1, rows + 1)``: the systems (as bits) with a box in rows [a, b) of each
    reduced column."""
    kept: IntArray
    """``(columns, 2 ** systems, rows + 1)``: the boxes among the first r of each reduced column
    outside a set of systems (as bits)."""


@dataclass(slots=True)
class FailingStates:
    """The numbered states of ``grid``: marked boxes and crippled systems per state, and the
    state each d6 column of a damage roll leads to, with and without the systems failing."""

    grid: FailingGrid
    systems: list[str] = field(init=False)
    blocks: list[_Block] = field(init=False)
    marked: IntArray = field(init=False)
    crippled: dict[str, BoolArray] = field(init=False)
    _strides: IntArray = field(init=False)
    _offsets: IntArray = field(init=False)
    _after: dict[tuple[int, bool], npt.NDArray[np.int32]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.systems = self.grid.systems()
        self.blocks = []
        marked: list[IntArray] = []
        crippled: dict[str, list[BoolArray]] = {s: [] for s in self.systems}
        offset = 0
        width = len(self.grid.columns)
        for mask in range(1 << len(self.systems)):
            failed = frozenset(s for bit, s in enumerate(self.systems) if mask >> bit & 1)
            columns = self.grid.reduced(failed)
            heights = np.array([len(c) for c in columns], dtype=np.int64)
            shape = tuple(int(h) + 1 for h in heights)
            counts = np.indices(shape).reshape(width, -1).T.astype(np.int64)
            strides = np.array([int(np.prod(shape[i + 1:])) for i in range(width)], dtype=np.int64)
            struck, kept = self._tables(columns, int(heights.max()) + 1)
            self.blocks.append(_Block(offset, heights, strides, counts, struck, kept))
            lost = sum(1 for column in self.grid.columns for box in column if box in failed)
            marked.append(counts.sum(axis=1) + lost)
            for bit, system in enumerate(self.systems):
                open_system = np.zeros(len(counts), dtype=bool)
                for index, column in enumerate(columns):
                    last = max((row for row, box in enumerate(column) if box == system), default=-1)
                    open_system |= counts[:, index] <= last
                crippled[system].append(bool(mask >> bit & 1) | ~open_system)
            offset += len(counts)
        self.marked = np.concatenate(marked)
        self.crippled = {s: np.concatenate(parts) for s, parts in crippled.items()}
        self._strides = np.stack([block.strides for block in self.blocks])
        self._offsets = np.array([block.offset for block in self.blocks], dtype=np.int64)

    def _tables(self, columns: tuple[tuple[str, ...], ...], rows: int) -> tuple[IntArray, IntArray]:
        bits = {system: 1 << bit for bit, system in enumerate(self.systems)}
        struck = np.zeros((len(columns), rows, rows), dtype=np.int64)
        kept = np.zeros((len(columns), 1 << len(self.systems), rows), dtype=np.int64)
        for index, column in enumerate(columns):
            boxes = [bits.get(box, 0) for box in column]
            for top in range(len(column) + 1):
                for bottom in range(top, rows):
                    for box in boxes[top:bottom]:
                        struck[index, top, bottom] |= box
            for mask in range(1 << len(self.systems)):
                inside = np.cumsum([0] + [not box & mask for box in boxes])
                kept[index, mask, :len(inside)] = inside
                kept[index, mask, len(inside):] = inside[-1]
        return struck, kept

    @property
    def size(self) -> int:
        return len(self.marked)

    def index(self, state: State) -> int:
        assert isinstance(state, tuple) and isinstance(state[0], frozenset)
        mask = sum(1 << bit for bit, s in enumerate(self.systems) if s in state[0])
        return int(self._offsets[mask] + np.dot(np.array(state[1], dtype=np.int64), self._strides[mask]))

    def after(self, points: int, failing: bool) -> npt.NDArray[np.int32]:
        """``(columns, size)``: the state each d6 column of ``points`` damage leads to (``failing``:
        then every system struck fails); 32-bit, as these are kept per number of points and are
        what the states cost in memory."""
        key = (points, failing)
        if key not in self._after:
            self._after[key] = np.concatenate([self._block_after(mask, block, points, failing)
                                               for mask, block in enumerate(self.blocks)], axis=1).astype(np.int32)
        return self._after[key]

    def _block_after(self, mask: int, block: _Block, points: int, failing: bool) -> IntArray:
        width = len(block.heights)
        result = np.empty((width, len(block.counts)), dtype=np.int64)
        for first in range(width):
            marks = block.counts.copy()
            left = np.full(len(marks), points, dtype=np.int64)
            for step in range(width):
                column = (first + step) % width
                taken = np.minimum(block.heights[column] - marks[:, column], left)
                marks[:, column] += taken
                left -= taken
            if not failing:
                result[first] = block.offset + marks @ block.strides
                continue
            target = np.full(len(marks), mask, dtype=np.int64)
            for column in range(width):
                target |= block.struck[column, block.counts[:, column], marks[:, column]]
            kept = np.stack([block.kept[column, target, marks[:, column]] for column in range(width)], axis=1)
            result[first] = self._offsets[target] + (kept * self._strides[target]).sum(axis=1)
        return result

    def spread(self, weights: FloatArray, points: int, failing: bool = False) -> FloatArray:
        after = self.after(points, failing)
        moved = np.bincount(after.ravel(), weights=np.tile(weights, after.shape[0]), minlength=self.size)
        return np.asarray(moved / after.shape[0], dtype=np.float64)

    def expect(self, values: FloatArray, points: int, failing: bool = False) -> FloatArray:
        return np.asarray(values[self.after(points, failing)].mean(axis=0), dtype=np.float64)
