"""The damage states of a colossal whose attacks do not all strike one grid, found from the start.

When the attacker chooses each attack's grid (completely in the back arc or partly directly
in front, seed 003 L3606) or the grid is rolled (L3606-3608), crippling on either grid can
follow from any attack, so a state holds both grids' marks (and the force field's) at once.
Numbering every such state is far too many (each grid alone has up to 7^6 states); only the
states a sequence can reach are found instead, attack by attack, from the damage points its
attacks can deal.  A budget bounds their number: past it :class:`TooManyStatesError` is raised and
the caller falls back to bounds (:mod:`wmdata.engine.colossal_choice`).

Damage moves a state in the seed's order: the force field first (L3618), then the grid (chosen
by the attacker, or rolled), a d6 column of it (L3610), and for points that overflow a full
grid, a new d6 column of the other grid (L3612).  The attacker chooses knowing the damage
points (the colossal has suffered the damage, L3606) but before the column is rolled (L3610):
so a chosen grid is a maximum over the two grids of an average over columns, a rolled grid an
average of both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wmdata.engine.colossal_lattice import Columns, crippled_by_grid
from wmdata.engine.damage_track import ColossalTrack, State

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]
SIDES = ("left", "right")
EITHER = 2
"""A grid choice where both grids leave the same kill chance (the left one is struck)."""


def pick(left: FloatArray, right: FloatArray) -> IntArray:
    """Per state, the grid with the better value: 0 left, 1 right, :data:`EITHER` on a tie."""
    return np.where(np.abs(right - left) <= 1e-12, EITHER, (right > left).astype(np.int64))


class TooManyStatesError(Exception):
    """More states are reachable than the budget allows."""

    def __init__(self, found: int, budget: int) -> None:
        super().__init__(f"more than {budget} joint damage states ({found} found)")
        self.found = found
        self.budget = budget


@dataclass(slots=True)
class Flow:
    """Where ``points`` damage on one grid moves the states, as (from, to) pairs of state
    numbers: ``near``, each d6 column of the struck grid (chance 1/6 each) for the states whose
    struck grid takes every point; ``spilt``, each pair of columns (1/36) for the states whose
    struck grid overflows to the other.  One gather and one count per use, both ways."""

    near_from: IntArray
    near_to: IntArray
    spilt_from: IntArray
    spilt_to: IntArray
    lost: IntArray
    """The states this damage takes past the states found: only states found with the last
    attack, which no attack follows, so none of them may carry a chance."""

    def forward(self, weights: FloatArray, size: int) -> FloatArray:
        """The chances ``weights`` after the damage."""
        return np.asarray(np.bincount(self.near_to, weights=weights[self.near_from], minlength=size) / 6
                          + np.bincount(self.spilt_to, weights=weights[self.spilt_from], minlength=size) / 36,
                          dtype=np.float64)

    def back(self, values: FloatArray, size: int) -> FloatArray:
        """Per state, the expected ``values`` after the damage."""
        return np.asarray(np.bincount(self.near_from, weights=values[self.near_to], minlength=size) / 6
                          + np.bincount(self.spilt_from, weights=values[self.spilt_to], minlength=size) / 36,
                          dtype=np.float64)


@dataclass(slots=True)
class JointStates:
    """Both grids' marks of a colossal, for every state ``attacks`` damage rolls of ``points``
    can reach from ``start``; ``choose``: the attacker picks each attack's grid, else rolled."""

    track: ColossalTrack
    start: State
    attacks: int
    points: frozenset[int]
    choose: bool
    budget: int
    marked: IntArray = field(init=False)
    crippled: dict[str, BoolArray] = field(init=False)
    missing: set[int] = field(default_factory=set)
    """Damage points asked for that the states were not found with (the caller searches again)."""
    _grids: tuple[Columns, Columns] = field(init=False)
    _codes: IntArray = field(init=False)
    _inner: IntArray = field(init=False)
    """The states an attack can still follow (found before the last attack), by number: only
    their moves are ever taken, so only theirs are worked out."""
    _moves: dict[int, list[Flow]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._grids = (Columns(np.array([len(c) for c in self.track.left], dtype=np.int64)),
                       Columns(np.array([len(c) for c in self.track.right], dtype=np.int64)))
        assert isinstance(self.start, tuple)
        first = self._code(np.array([self.start[0]]), np.array([self.start[1]]), np.array([self.start[2]]))
        self._codes, inner = self._explore(first)
        self._inner = np.searchsorted(self._codes, inner)
        fields, left, right = self._decode(self._codes)
        self.marked = fields + left.sum(axis=1) + right.sum(axis=1)
        grids = {"left": (self.track.left, left), "right": (self.track.right, right)}
        self.crippled = crippled_by_grid(self.track, grids, len(self._codes))

    @property
    def size(self) -> int:
        return len(self._codes)

    def index(self, state: State) -> int:
        """The number of ``state``; a state the attacks cannot reach is refused."""
        assert isinstance(state, tuple)
        code = self._code(np.array([state[0]]), np.array([state[1]]), np.array([state[2]]))[0]
        found = int(np.searchsorted(self._codes, code))
        if found >= self.size or self._codes[found] != code:
            raise ValueError(f"{state} is not reached from {self.start}")
        return found

    def expect_side(self, values: FloatArray, points: int, side: int) -> FloatArray:
        """Per state, the expected ``values`` once ``points`` damage strikes ``side``."""
        if not self._known(points):
            return values
        return self._flows(points)[side].back(values, self.size)

    def expect(self, values: FloatArray, points: int) -> FloatArray:
        """The attacker's best grid (a maximum) or a rolled one (an average)."""
        left, right = (self.expect_side(values, points, side) for side in (0, 1))
        return np.maximum(left, right) if self.choose else (left + right) / 2

    def spread(self, weights: FloatArray, points: int, sides: IntArray | None = None) -> FloatArray:
        """The chances ``weights`` moved by ``points`` damage, each state's grid given by
        ``sides`` (the attacker's choice: 0 left, 1 right, :data:`EITHER`) or rolled (None)."""
        if not self._known(points):
            return weights
        moved = np.zeros(self.size)
        for side, flow in enumerate(self._flows(points)):
            share = weights / 2 if sides is None else np.where((sides % 2) == side, weights, 0.0)
            if share[flow.lost].any():
                raise RuntimeError("damage went past the joint states found for the sequence's attacks")
            moved += flow.forward(share, self.size)
        return moved

    def _known(self, points: int) -> bool:
        """Whether the states were found with ``points`` (else it is noted as missing)."""
        if points in self.points:
            return True
        self.missing.add(points)
        return False

    def _flows(self, points: int) -> list[Flow]:
        if points not in self._moves:
            fields, left, right = self._decode(self._codes[self._inner])
            self._moves[points] = [self._flow(fields, left, right, points, side) for side in (0, 1)]
        return self._moves[points]

    def _flow(self, fields: IntArray, left: IntArray, right: IntArray, points: int, side: int) -> Flow:
        """The moves of the states an attack can follow (:attr:`_inner`, whose marks are given);
        every other state is lost: no chance may be spread from it."""
        rows = self._inner
        near: list[tuple[IntArray, IntArray]] = []
        spilt: list[tuple[IntArray, IntArray]] = []
        for column in range(6):
            main, spilling, spills = self._after(fields, left, right, points, side, column)
            whole = np.ones(len(rows), dtype=bool)
            whole[spilling] = False
            near.append((rows[whole], main[whole]))
            spilt.append((np.tile(rows[spilling], 6), spills.reshape(-1)))
        near_to, near_lost = self._number(np.concatenate([to for _, to in near]))
        spilt_to, spilt_lost = self._number(np.concatenate([to for _, to in spilt]))
        near_from = np.concatenate([start for start, _ in near])
        spilt_from = np.concatenate([start for start, _ in spilt])
        lost = np.ones(self.size, dtype=bool)
        lost[rows] = False
        lost[near_from[near_lost]] = True
        lost[spilt_from[spilt_lost]] = True
        return Flow(near_from, near_to, spilt_from, spilt_to, np.nonzero(lost)[0])

    def _number(self, codes: IntArray) -> tuple[IntArray, BoolArray]:
        """The number of each code, and where it is past the states found (sent to 0)."""
        found = np.minimum(np.searchsorted(self._codes, codes), self.size - 1)
        known = self._codes[found] == codes
        return np.where(known, found, 0), ~known

    def _after(self, fields: IntArray, left: IntArray, right: IntArray, points: int, side: int,
               column: int) -> tuple[IntArray, IntArray, IntArray]:
        """The codes ``points`` on ``side`` from ``column`` lead to: per row when nothing
        overflows the struck grid, and (6, spilling) for the rows that overflow."""
        taken = np.minimum(points, self.track.field_boxes - fields)
        marks = [left, right]
        struck_grid, other_grid = self._grids[side], self._grids[1 - side]
        marks[side], over = struck_grid.fill(marks[side], points - taken, column)
        main = self._code(fields + taken, marks[0], marks[1])
        spilling = np.nonzero(over > 0)[0]
        spills = np.empty((6, len(spilling)), dtype=np.int64)
        for spill in range(6):
            spilled = [marks[0][spilling], marks[1][spilling]]
            spilled[1 - side] = other_grid.fill(spilled[1 - side], over[spilling], spill)[0]
            spills[spill] = self._code((fields + taken)[spilling], spilled[0], spilled[1])
        return main, spilling, spills

    def _explore(self, first: IntArray) -> tuple[IntArray, IntArray]:
        """Every code reachable in ``attacks`` damage rolls of :attr:`points` on either grid, and
        those reachable in fewer (whose moves were followed)."""
        known, frontier = first, first
        inner = first[:0]
        for _ in range(self.attacks):
            inner = known
            fields, left, right = self._decode(frontier)
            new = np.empty(0, dtype=np.int64)
            for points in sorted(self.points):
                reached = [new]
                for side in (0, 1):
                    for column in range(6):
                        main, _, spills = self._after(fields, left, right, points, side, column)
                        reached += [main, spills.reshape(-1)]
                new = distinct(np.concatenate(reached))  # one sort per damage amount, not per grid
                if len(known) + len(new) > self.budget:  # an overcount only by the states already known
                    found = len(distinct(np.concatenate([known, new])))
                    if found > self.budget:
                        raise TooManyStatesError(found, self.budget)
            frontier = np.setdiff1d(new, known, assume_unique=True)
            known = np.sort(np.concatenate([known, frontier]))
            if not len(frontier):
                return known, known
        return known, inner

    def _code(self, fields: IntArray, left: IntArray, right: IntArray) -> IntArray:
        grids = self._grids
        return (np.asarray(fields, dtype=np.int64) * grids[0].size + grids[0].rank(np.asarray(left))) \
            * grids[1].size + grids[1].rank(np.asarray(right))

    def _decode(self, codes: IntArray) -> tuple[IntArray, IntArray, IntArray]:
        grids = self._grids
        rest, right = np.divmod(codes, grids[1].size)
        fields, left = np.divmod(rest, grids[0].size)
        return fields, grids[0].counts[left], grids[1].counts[right]


def distinct(codes: IntArray) -> IntArray:
    """``codes`` sorted, each once: by a sort (numpy's own unique hashes, which measured some
    fifty times slower on these arrays of a few million codes)."""
    ordered = np.sort(codes)
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


def damage_points(capacity: int, found: Iterable[int]) -> frozenset[int]:
    """Damage points as the states see them: none is no move, more than the track holds fills it."""
    return frozenset(min(points, capacity) for points in found if points > 0)
