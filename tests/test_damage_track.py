"""Damage tracks against the seeds' filling rules (quoted by line), and invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wmdata.engine.damage_track import BoxTrack, ColossalTrack, ColumnTrack, TrackError, track_for
from wmdata.model.damage import BoxRow, ColossalGrids, DragoonTracks, Grid, Spiral, capacity

# The Ironclad's MkII grid (content/mk2/factions/cygnar/models.yaml; seed 001 L2733-2735).
IRONCLAD = Grid(type="grid", rows=["--..--", "......", "......", ".L..R.", "LLMCRR", "-MMCC-"])
SPIRAL = Spiral(type="spiral", branches=["MMMM", "MMM", "BBBB", "BBB", "SSSS", "SSS"])


def test_grid_columns_read_top_down() -> None:
    track = track_for(IRONCLAD)
    assert isinstance(track, ColumnTrack)
    assert track.columns[0] == (".", ".", ".", "L")
    assert track.columns[1] == (".", ".", "L", "L", "M")
    assert track.capacity == 30 == capacity(IRONCLAD)


def test_grid_fills_down_then_right() -> None:
    # seed 001 L1465 / seed 000 L3015-3019 / seed 003 L3569: roll the column, mark from the
    # uppermost unmarked box down; a full column passes the rest to the next one to the right.
    track = track_for(IRONCLAD)
    assert track.place((0,) * 6, 3, (0,)) == (3, 0, 0, 0, 0, 0)
    assert track.place((0,) * 6, 5, (0,)) == (4, 1, 0, 0, 0, 0)
    # a column already full is skipped: "the next column ... that contains an unmarked box"
    assert track.place((0, 5, 0, 0, 0, 0), 2, (1,)) == (0, 5, 2, 0, 0, 0)


def test_grid_wraps_from_column_six_to_one() -> None:
    # seed 000 L3019-3021: after column 6, continue in column 1.
    track = track_for(IRONCLAD)
    assert track.place((0,) * 6, 6, (5,)) == (2, 0, 0, 0, 0, 4)


def test_system_crippled_when_all_its_boxes_are_marked() -> None:
    # seed 001 L1475: a system is crippled while all its system boxes are marked.
    track = track_for(IRONCLAD)
    assert track.crippled((4, 3, 0, 0, 0, 0)) == frozenset()  # one L box of column 2 still open
    assert track.crippled((4, 4, 0, 0, 0, 0)) == frozenset({"L"})
    assert track.system_name("L") == "Left Arm"


def test_berserker_has_two_cortex_boxes() -> None:
    # seed 001 L3079: Berserkers have only two boxes in their Cortex system.
    berserker = Grid(type="grid", rows=["-....-", "......", "......", ".L..R.", "LLMCRR", "-MM-C-"])
    track = track_for(berserker)
    assert isinstance(track, ColumnTrack)
    assert sum(column.count("C") for column in track.columns) == 2


def test_spiral_fills_outside_in_then_clockwise() -> None:
    # seed 003 L2211 / seed 000 L3133-3141: roll the branch, mark from the outermost circle
    # inward; a full branch passes the rest to the next branch clockwise (6 wraps to 1).
    track = track_for(SPIRAL)
    assert track.place((0,) * 6, 5, (1,)) == (0, 3, 2, 0, 0, 0)
    assert track.place((0,) * 6, 5, (5,)) == (2, 0, 0, 0, 0, 3)
    assert track.crippled((4, 3, 0, 0, 0, 0)) == frozenset({"M"})
    assert track.system_name("M") == "Mind"


def test_colossal_marks_field_first_then_spills_to_the_other_grid() -> None:
    # seed 003 L3618: field boxes are marked before the grids; L3612: a full grid passes
    # the rest of the damage to the other grid, at a newly rolled column.
    grid = ["------", "------", "------", "------", "------", "LLLLLL"]
    track = track_for(ColossalGrids(type="colossal", left=grid, right=grid, field=2))
    assert isinstance(track, ColossalTrack) and track.capacity == 14
    assert track.place(track.start(), 3, (0, 0, 0)) == (2, (1, 0, 0, 0, 0, 0), (0,) * 6)
    assert track.place(track.start(), 10, (1, 4, 2)) == (2, (0, 0, 1, 1, 0, 0), (1,) * 6)


def test_dragoon_dismounts_when_its_mounted_boxes_fill() -> None:
    track = track_for(DragoonTracks(type="dragoon", mounted=3, dismounted=2))
    assert track.capacity == 5
    assert track.crippled(2) == frozenset() and track.crippled(3) == frozenset({"dismounted"})


def test_starting_state_is_checked() -> None:
    track = track_for(IRONCLAD)
    assert track.start("4,0,0,0,0,1") == (4, 0, 0, 0, 0, 1)
    with pytest.raises(TrackError, match="column 1 has 4 box"):
        track.start("5,0,0,0,0,0")
    with pytest.raises(TrackError, match="expected marked boxes"):
        track.start("1,2")
    with pytest.raises(TrackError, match="2 marked boxes, but the track has 1"):
        BoxTrack(1).start("2")


@settings(max_examples=150, deadline=None)
@given(start=st.tuples(*(st.integers(0, 6) for _ in range(6))), points=st.integers(0, 40))
def test_every_point_lands_until_the_grid_is_full(start: tuple[int, ...], points: int) -> None:
    track = track_for(IRONCLAD)
    assert isinstance(track, ColumnTrack)
    state = tuple(min(count, len(column)) for count, column in zip(start, track.columns, strict=True))
    spread = track.spread(state, points)
    assert sum(spread.values()) == pytest.approx(1.0, abs=1e-12)
    for after in spread:
        assert track.marked(after) == min(track.capacity, track.marked(state) + points)
        assert all(a >= b for a, b in zip(after, state, strict=True))


def test_box_row_and_single_wound() -> None:
    assert track_for(None).capacity == 1
    row = track_for(BoxRow(type="boxes", boxes=8))
    assert row.spread(5, 6) == {8: 1.0}
