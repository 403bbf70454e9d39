"""The geometry layer on its own: exact measurements at the boundary, arcs, the ruleset
numbers against the seeds, and invariants checked with hypothesis."""

from __future__ import annotations

import math
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wmdata.cli.options import builtin_registry
from wmdata.engine.table_rules import geometry_rules
from wmdata.geometry.arcs import completely_in_back_arc, in_front_arc
from wmdata.geometry.board import Board, Piece, base_radius
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.measure import completely_within, edge_distance, within
from wmdata.geometry.rules import GeometryRules


@cache
def rules(edition: str) -> GeometryRules:
    return geometry_rules(builtin_registry([edition]), edition)


def piece(name: str, x: float, y: float, base: int = 30, **extra: object) -> Piece:
    return Piece(name, x, y, base, {30: 1.75, 40: 2.25, 50: 2.75, 80: 3.25, 120: 5}[base], **extra)  # type: ignore[arg-type]


def test_base_radius_is_exact_millimetres() -> None:
    assert base_radius(30) == 30 / 25.4 / 2
    assert math.isclose(base_radius(120) * 2 * 25.4, 120, rel_tol=0, abs_tol=1e-12)


@pytest.mark.parametrize("gap", [0.5, 1, 2, 3, 5, 6.25, 12])
@pytest.mark.parametrize(("base_a", "base_b"), [(30, 30), (40, 50), (120, 30)])
def test_exactly_at_the_distance_counts_as_within(gap: float, base_a: int, base_b: int) -> None:
    a = piece("a", 10, 10, base_a)
    b = piece("b", 10 + base_radius(base_a) + gap + base_radius(base_b), 10, base_b)
    assert within(a, b, gap)
    assert not within(a, b, gap - 1e-6)
    assert math.isclose(edge_distance(a, b), gap, abs_tol=1e-12)


def test_exactly_completely_within() -> None:
    # Completely within X: the far edge of B is X from A's edge: centres X + rA - rB apart.
    a, radius_b = piece("a", 0, 0, 40), base_radius(30)
    b = piece("b", 3 + base_radius(40) - radius_b, 0)
    assert completely_within(a, b, 3)
    assert not completely_within(a, b, 3 - 1e-6)


def test_overlapping_and_touching_bases_are_zero_apart() -> None:
    a = piece("a", 0, 0)
    assert edge_distance(a, piece("b", 2 * base_radius(30), 0)) == 0
    assert edge_distance(a, piece("c", 0.5, 0)) == 0


def test_front_arc_is_any_part_of_the_base_and_back_strike_needs_all_of_it() -> None:
    # Seed 003 L981-989: any part of the base in the 180 degree front arc is "in" it.
    target = piece("t", 0, 0, facing=90.0)
    r = base_radius(30)
    straddling = piece("s", 3, -r + 0.01)
    behind_edge = piece("b", 3, -r)
    assert in_front_arc(target, straddling, 180)
    assert not completely_in_back_arc(target, straddling, 180)
    assert completely_in_back_arc(target, behind_edge, 180)
    assert not completely_in_back_arc(target, behind_edge, None), "MkIV models have no back arc"


@pytest.mark.parametrize(("edition", "heights", "seed"), [
    ("mk2", {30: 1.75, 40: 2.0, 50: 2.75}, "001 L699-703"),
    ("mk3", {30: 1.75, 40: 2.25, 50: 2.75, 120: 5.0}, "003 L1573-1583"),
    ("mk4", {30: 1.75, 40: 2.25, 50: 2.75, 80: 3.25, 120: 5.0}, "000 L1957-1975"),
])
def test_volume_heights_are_the_seeds(edition: str, heights: dict[int, float], seed: str) -> None:
    assert rules(edition).volume_heights == heights, seed


def test_distances_and_values_are_the_seeds() -> None:
    for edition in ("mk2", "mk3", "mk4"):
        found = rules(edition)
        assert found.stealth_range == 5  # 001 L302, 003 L842, 000 L802
        assert found.protection_range == 1  # 001 L1229-1235, 003 L1984, 000 L2624-2636
        assert found.forest_depth == 3  # 001 L2431, 003 L3071, 000 L5315
        assert found.values["cover"] == 4 and found.values["concealment"] == 2  # 001 L1227-1235, 003 L1986-1988
        assert found.values["elevated"] == 2
    assert rules("mk2").values["target_in_melee"] == -4  # 001 L1237-1263: -4 on the attack roll
    assert rules("mk3").values["target_in_melee"] == rules("mk4").values["target_in_melee"] == 4  # +4 DEF
    assert rules("mk2").front_arc_degrees == rules("mk3").front_arc_degrees == 180  # 001 L431, 003 L981
    assert rules("mk4").front_arc_degrees is None  # seed 000 defines no facing
    assert rules("mk2").default_melee_range == 0.5 and rules("mk2").reach_melee_range == 2  # 001 L963, L380
    assert rules("mk2").elevated_at_least == 1  # 001 L1218
    assert rules("mk2").values["screened"] == 2  # 001 L683
    assert rules("mk4").aoe.mode == "nearest" and rules("mk3").aoe.mode == "template"  # 000 L2830, 003 L2046
    assert rules("mk4").spray.mode == "line" and rules("mk3").spray.mode == "template"  # 000 L2854, 003 L2094
    assert rules("mk4").rough_rule == "minus_two" and rules("mk3").rough_rule == "half_rate"  # 000 L5171, 003 L3013
    assert rules("mk3").terrain["forest"].transparent_to_bases == {120}  # 003 L3073
    assert rules("mk4").terrain["tall_grass"].protects_bases == {30, 40}  # 000 L5425
    assert "spray.wide_width" in rules("mk3").unconfirmed, "no seed gives the spray template's size"


coordinate = st.floats(min_value=2, max_value=46, allow_nan=False)
bases = st.sampled_from([30, 40, 50, 80, 120])


@settings(max_examples=200, deadline=None)
@given(coordinate, coordinate, bases, coordinate, coordinate, bases)
def test_distance_is_symmetric_and_never_negative(x1: float, y1: float, b1: int, x2: float, y2: float,
                                                  b2: int) -> None:
    a, b = piece("a", x1, y1, b1), piece("b", x2, y2, b2)
    assert edge_distance(a, b) == edge_distance(b, a) >= 0


@settings(max_examples=200, deadline=None)
@given(coordinate, coordinate, bases, coordinate, coordinate, bases, st.floats(0, 30))
def test_completely_within_implies_within(x1: float, y1: float, b1: int, x2: float, y2: float, b2: int,
                                          reach: float) -> None:
    a, b = piece("a", x1, y1, b1), piece("b", x2, y2, b2)
    if completely_within(a, b, reach):
        assert within(a, b, reach)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 360), st.floats(0, 20), st.floats(0, 10), st.floats(0, 12), bases, bases)
def test_moving_a_target_farther_never_puts_it_in_range(angle: float, start: float, further: float, rng: float,
                                                        b1: int, b2: int) -> None:
    a = piece("a", 24, 24, b1)
    dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    reach = base_radius(b1) + base_radius(b2) + start
    near = piece("b", 24 + dx * reach, 24 + dy * reach, b2)
    far = piece("b", 24 + dx * (reach + further), 24 + dy * (reach + further), b2)
    if not within(a, near, rng):
        assert not within(a, far, rng)


@st.composite
def crowded_boards(draw: st.DrawFn) -> tuple[Board, Piece]:
    """Viewer, target and a few models placed without overlaps, plus one more to add."""
    placed: list[Piece] = []
    for index in range(draw(st.integers(3, 7))):
        candidate = piece(f"m{index}", draw(st.floats(2, 20)), draw(st.floats(2, 20)), draw(bases),
                          elevation=draw(st.sampled_from([0.0, 0.0, 1.0, 2.0])),
                          knocked_down=draw(st.booleans()) and index > 1)
        if all(edge_distance(candidate, other) > 0.01 for other in placed):
            placed.append(candidate)
    return Board(24, 24, tuple(placed)), piece("extra", draw(st.floats(2, 20)), draw(st.floats(2, 20)), draw(bases))


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
@settings(max_examples=60, deadline=None)
@given(crowded_boards())
def test_adding_a_model_never_creates_line_of_sight(edition: str, drawn: tuple[Board, Piece]) -> None:
    board, extra = drawn
    if len(board.pieces) < 2 or any(edge_distance(extra, other) <= 0.01 for other in board.pieces):
        return
    viewer, target = board.pieces[0], board.pieces[1]
    before = line_of_sight(board, rules(edition), viewer, target).los
    after = line_of_sight(board.replace_pieces((*board.pieces, extra)), rules(edition), viewer, target).los
    assert before or not after
