"""Where damage points land: box rows, warjack grids, colossal grids, life spirals.

The filling rules are those of the seeds (quoted by line in tests/test_damage_track.py):
a grid takes damage in a d6 column from its uppermost unmarked box down, then in the
next column to the right with room, column 6 wrapping to 1; a life spiral does the same
with branches, outermost circle first; a colossal marks its force field first, then the
grid the damage comes from (its ``side``: the attacker's field of fire, or the grid the
attacker chooses; rolled for damage with no origin), and spills into the other grid at a
new d6 column.  A system (or aspect) is crippled while all its boxes are marked.

Because marks in a column or branch always fill from one end, a state is just the
number of marked boxes per column: small, hashable and canonical, which keeps the
exact sequences and the focus planner fast.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from itertools import product

from wmdata.model.damage import BoxRow, ColossalGrids, DamageTrack, DragoonTracks, Grid, Spiral
from wmdata.numbers import is_whole, parse_whole, quoted
from wmdata.wording import counted

State = Hashable
GRID_SYSTEMS = {"A": "Arc Node", "C": "Cortex", "G": "Field Generator", "H": "Head", "M": "Movement",
                "L": "Left Arm", "R": "Right Arm", "F": "Front weapon", "S": "Superstructure"}
ASPECTS = {"M": "Mind", "B": "Body", "S": "Spirit"}


class TrackError(ValueError):
    """A starting damage state does not fit the track."""


@dataclass(slots=True)
class BoxTrack:
    """A row of boxes marked left to right (one box: a single-wound model).  A dragoon's
    row is its mounted boxes then its dismounted ones; it dismounts when the first fill."""

    capacity: int
    mounted: int | None = None
    kind: str = "boxes"

    def start(self, text: str | None = None) -> int:
        if text is None:
            return 0
        marked = _numbers(text, 1, "a number of marked boxes")[0]
        if marked > self.capacity:
            raise TrackError(f"{marked} marked boxes, but the track has {self.capacity}")
        return marked

    def marked(self, state: State) -> int:
        assert isinstance(state, int)
        return state

    def crippled(self, state: State) -> frozenset[str]:
        assert isinstance(state, int)
        return frozenset({"dismounted"}) if self.mounted is not None and state >= self.mounted else frozenset()

    def system_name(self, system: str) -> str:
        return system

    def systems(self) -> list[str]:
        return ["dismounted"] if self.mounted is not None else []

    def placements(self) -> tuple[tuple[int, ...], ...]:
        return ((),)

    def place(self, state: State, points: int, placement: tuple[int, ...]) -> int:
        assert isinstance(state, int)
        return min(self.capacity, state + points)

    def describe(self, placement: tuple[int, ...]) -> str:
        return "the row of boxes"

    def spread(self, state: State, points: int) -> dict[State, float]:
        return {self.place(state, points, ()): 1.0}


def _numbers(text: str, count: int, what: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != count or not all(is_whole(p) for p in parts):
        numbers = counted(count, "whole number")
        raise TrackError(f"expected {what} ({numbers} >= 0, comma-separated), got {quoted(text)}")
    return [parse_whole(p, what) for p in parts]


@dataclass(slots=True)
class ColumnTrack:
    """Six columns (grid) or branches (spiral) of boxes, each filled from one end."""

    columns: tuple[tuple[str, ...], ...]
    kind: str
    names: dict[str, str]
    capacity: int = 0
    _spread: dict[tuple[State, int], dict[State, float]] = field(default_factory=dict)
    _crippled: dict[State, frozenset[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.capacity = sum(len(c) for c in self.columns)

    def start(self, text: str | None = None) -> tuple[int, ...]:
        if text is None:
            return (0,) * 6
        marked = _numbers(text, 6, f"marked boxes per {self.unit}, 1 to 6")
        for index, (count, column) in enumerate(zip(marked, self.columns, strict=True)):
            if count > len(column):
                raise TrackError(f"{self.unit} {index + 1} has {counted(len(column), 'box', 'boxes')}, not {count}")
        return tuple(marked)

    @property
    def unit(self) -> str:
        return "branch" if self.kind == "spiral" else "column"

    def marked(self, state: State) -> int:
        assert isinstance(state, tuple)
        return sum(state)

    def crippled(self, state: State) -> frozenset[str]:
        assert isinstance(state, tuple)
        known = self._crippled.get(state)
        if known is None:
            open_systems = {box for column, count in zip(self.columns, state, strict=True) for box in column[count:]}
            known = self._crippled[state] = frozenset(s for s in self.systems() if s not in open_systems)
        return known

    def systems(self) -> list[str]:
        return sorted({box for column in self.columns for box in column if box != "."})

    def system_name(self, system: str) -> str:
        return self.names.get(system, f"system {system}")

    def placements(self) -> tuple[tuple[int, ...], ...]:
        return tuple((column,) for column in range(6))

    def place(self, state: State, points: int, placement: tuple[int, ...]) -> tuple[int, ...]:
        assert isinstance(state, tuple)
        return fill(self.columns, state, points, placement[0])[0]

    def describe(self, placement: tuple[int, ...]) -> str:
        return f"{self.unit} {placement[0] + 1}"

    def spread(self, state: State, points: int) -> dict[State, float]:
        key = (state, points)
        if key not in self._spread:
            self._spread[key] = _spread(self, state, points)
        return self._spread[key]


def fill(columns: Sequence[Sequence[str]], state: tuple[int, ...], points: int, first: int
         ) -> tuple[tuple[int, ...], int]:
    """Mark ``points`` from column ``first`` on, moving right and wrapping 6 to 1; returns
    the new state and the points that found no box."""
    marks = list(state)
    column = first
    for _ in range(len(columns) + 1):
        if points <= 0:
            break
        room = len(columns[column]) - marks[column]
        taken = min(room, points)
        marks[column] += taken
        points -= taken
        column = (column + 1) % len(columns)
    return tuple(marks), max(0, points)


@dataclass(slots=True)
class ColossalTrack:
    """Left and right grids (and force field boxes, marked first).  ``side`` is the grid each
    attack's damage goes to: 0 left, 1 right (the attacker's field of fire, seed 003
    L3604), or None when it is rolled (1-3 left, 4-6 right: the seeds' rule for damage with
    no origin, L3608); when that grid is full the rest goes to the other grid from a new d6
    column (L3612).  A system is crippled while all its boxes, on both grids, are marked
    (L3579, L3602: a colossal suffers damage like a smaller warjack); each grid's share is
    reported apart ("left Movement")."""

    left: tuple[tuple[str, ...], ...]
    right: tuple[tuple[str, ...], ...]
    field_boxes: int
    side: int | None = None
    kind: str = "colossal"
    capacity: int = 0
    _spread: dict[tuple[State, int], dict[State, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.capacity = self.field_boxes + sum(len(c) for c in self.left) + sum(len(c) for c in self.right)

    def struck(self, side: int | None) -> ColossalTrack:
        """This colossal with every attack's damage going to ``side`` (0 left, 1 right, None rolled)."""
        return ColossalTrack(self.left, self.right, self.field_boxes, side)

    def start(self, text: str | None = None) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        if text is None:
            return (0, (0,) * 6, (0,) * 6)
        numbers = _numbers(text, 13, "force field boxes, then left columns 1-6, then right columns 1-6")
        if numbers[0] > self.field_boxes:
            raise TrackError(f"the force field has {counted(self.field_boxes, 'box', 'boxes')}, not {numbers[0]}")
        for side, grid, marks in (("left", self.left, numbers[1:7]), ("right", self.right, numbers[7:])):
            for index, (count, column) in enumerate(zip(marks, grid, strict=True)):
                if count > len(column):
                    boxes = counted(len(column), "box", "boxes")
                    raise TrackError(f"{side} column {index + 1} has {boxes}, not {count}")
        return (numbers[0], tuple(numbers[1:7]), tuple(numbers[7:]))

    def marked(self, state: State) -> int:
        assert isinstance(state, tuple)
        return int(state[0]) + sum(state[1]) + sum(state[2])

    def systems(self) -> list[str]:
        return sorted({box for grid in (self.left, self.right) for column in grid for box in column if box != "."})

    def system_name(self, system: str) -> str:
        """A system's name; ``"left M"`` names the left grid's share of it ("left Movement")."""
        grid, _, letter = system.rpartition(" ")
        name = GRID_SYSTEMS.get(letter, f"system {letter}")
        return f"{grid} {name}" if grid else name

    def crippled(self, state: State) -> frozenset[str]:
        assert isinstance(state, tuple)
        open_systems = {box for grid, marks in ((self.left, state[1]), (self.right, state[2]))
                        for column, count in zip(grid, marks, strict=True) for box in column[count:]}
        return frozenset(s for s in self.systems() if s not in open_systems)

    def crippled_sides(self, state: State) -> frozenset[str]:
        """Each grid's share of the systems on both grids, where all its boxes on that grid are
        marked ("left Movement"), as reported beside the systems crippled as a whole."""
        assert isinstance(state, tuple)
        found: set[str] = set()
        shared = self.shared_systems()
        for side, grid, marks in (("left", self.left, state[1]), ("right", self.right, state[2])):
            open_systems = {box for column, count in zip(grid, marks, strict=True) for box in column[count:]}
            found |= {f"{side} {self.system_name(system)}" for system in shared - open_systems}
        return frozenset(found)

    def shared_systems(self) -> set[str]:
        """The systems with boxes on both grids (those reported per grid too)."""
        left, right = ({box for column in grid for box in column if box != "."} for grid in (self.left, self.right))
        return left & right

    def placements(self) -> tuple[tuple[int, ...], ...]:
        """(grid, column, spill column), equally likely."""
        return tuple(product((0, 1) if self.side is None else (self.side,), range(6), range(6)))

    def place(self, state: State, points: int, placement: tuple[int, ...]) -> State:
        assert isinstance(state, tuple)
        field_marks, left, right = state
        side, column, spill_column = placement
        taken = min(points, self.field_boxes - field_marks)
        field_marks += taken
        points -= taken
        grids = [(self.left, left), (self.right, right)]
        marks, rest = fill(grids[side][0], grids[side][1], points, column)
        grids[side] = (grids[side][0], marks)
        other = 1 - side
        if rest:
            grids[other] = (grids[other][0], fill(grids[other][0], grids[other][1], rest, spill_column)[0])
        return (field_marks, grids[0][1], grids[1][1])

    def describe(self, placement: tuple[int, ...]) -> str:
        return f"{'left' if placement[0] == 0 else 'right'} grid, column {placement[1] + 1}"

    def spread(self, state: State, points: int) -> dict[State, float]:
        key = (state, points)
        if key not in self._spread:
            self._spread[key] = _spread(self, state, points)
        return self._spread[key]


FailingState = tuple[frozenset[str], tuple[int, ...]]
"""The failed systems, and the marks per column of the grid left without their boxes."""


@dataclass(slots=True)
class FailingGrid:
    """A warjack grid that a critical hit's Critical System Failure can strike (seed 001 L3089,
    L3127): after the damage is marked, every system that took a point of it has all its other
    boxes marked too.  Those can lie below unmarked boxes, which marks per column cannot hold;
    but a failed system has every box marked, so the rest of the grid fills as the grid would
    without that system's boxes.  A state is therefore the failed systems and the marks per
    column of that reduced grid (from the top, as :class:`ColumnTrack`)."""

    columns: tuple[tuple[str, ...], ...]
    names: dict[str, str]
    kind: str = "grid"
    capacity: int = 0

    def __post_init__(self) -> None:
        self.capacity = sum(len(c) for c in self.columns)

    @property
    def unit(self) -> str:
        return "column"

    def reduced(self, failed: frozenset[str]) -> tuple[tuple[str, ...], ...]:
        """The columns without the boxes of the ``failed`` systems."""
        return tuple(tuple(box for box in column if box not in failed) for column in self.columns)

    def start(self, text: str | None = None) -> FailingState:
        return frozenset(), ColumnTrack(self.columns, self.kind, self.names).start(text)

    def marked(self, state: State) -> int:
        failed, counts = _failing(state)
        return sum(counts) + sum(1 for column in self.columns for box in column if box in failed)

    def crippled(self, state: State) -> frozenset[str]:
        failed, counts = _failing(state)
        open_systems = {box for column, count in zip(self.reduced(failed), counts, strict=True)
                        for box in column[count:]}
        return frozenset(s for s in self.systems() if s not in open_systems)

    def systems(self) -> list[str]:
        return sorted({box for column in self.columns for box in column if box != "."})

    def system_name(self, system: str) -> str:
        return self.names.get(system, f"system {system}")

    def placements(self) -> tuple[tuple[int, ...], ...]:
        return tuple((column,) for column in range(len(self.columns)))

    def place(self, state: State, points: int, placement: tuple[int, ...]) -> FailingState:
        failed, counts = _failing(state)
        return failed, fill(self.reduced(failed), counts, points, placement[0])[0]

    def place_failing(self, state: State, points: int, placement: tuple[int, ...]) -> FailingState:
        """As :meth:`place`, then every system a point landed on fails: its other boxes are marked."""
        failed, counts = _failing(state)
        columns = self.reduced(failed)
        after = fill(columns, counts, points, placement[0])[0]
        hit = frozenset(box for column, before, now in zip(columns, counts, after, strict=True)
                        for box in column[before:now] if box != ".")
        return failed | hit, tuple(sum(1 for box in column[:now] if box not in hit)
                                   for column, now in zip(columns, after, strict=True))

    def describe(self, placement: tuple[int, ...]) -> str:
        return f"column {placement[0] + 1}"


def _failing(state: State) -> FailingState:
    assert isinstance(state, tuple) and isinstance(state[0], frozenset)
    return state[0], state[1]


Track = BoxTrack | ColumnTrack | ColossalTrack | FailingGrid


def crippled_names(track: Track, state: State) -> frozenset[str]:
    """The crippled systems or aspects of ``state`` by name; a colossal's as a whole and per grid."""
    if isinstance(track, ColossalTrack):
        return frozenset(track.system_name(s) for s in track.crippled(state)) | track.crippled_sides(state)
    return frozenset(track.system_name(system) for system in track.crippled(state))


def _spread(track: ColumnTrack | ColossalTrack, state: State, points: int) -> dict[State, float]:
    """Every state ``points`` of damage can lead to, with its chance (equally likely placements), as floats."""
    if points <= 0:
        return {state: 1.0}
    placements = track.placements()
    result: dict[State, float] = {}
    for placement in placements:
        after = track.place(state, points, placement)
        result[after] = result.get(after, 0.0) + 1 / len(placements)
    return result


def _columns(rows: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """A grid's columns, top box first, from its rows as the card shows them."""
    return tuple(tuple(row[c] for row in rows if row[c] != "-") for c in range(6))


def track_for(damage: DamageTrack | None) -> Track:
    """The track of a model's card (one box when it has none)."""
    match damage:
        case None:
            return BoxTrack(1)
        case BoxRow(boxes=boxes):
            return BoxTrack(boxes)
        case DragoonTracks(mounted=mounted, dismounted=dismounted):
            return BoxTrack(mounted + dismounted, mounted=mounted, kind="dragoon")
        case Grid(rows=rows):
            return ColumnTrack(_columns(rows), "grid", GRID_SYSTEMS)
        case Spiral(branches=branches):
            return ColumnTrack(tuple(tuple(b) for b in branches), "spiral", ASPECTS)
        case ColossalGrids(left=left, right=right, field=field_boxes):
            return ColossalTrack(_columns(left), _columns(right), field_boxes or 0)
    raise AssertionError(damage)
