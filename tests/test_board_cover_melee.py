"""Where cover's 1" is measured, per edition, with the exact base circle; and the heights of the
melee obstacle check.

* MkIII/MkIV: the target must be within 1" of the feature "along at least one straight line
  between it and the attacker" (seed 000 L2633-2635, seed 003 L1984): only the feature's part
  between the two bases counts.  MkII: within 1" of a feature that obscures any portion of the
  base (seed 001 L1229, L1233-1235): any part of the feature counts once it lies between.
* Melee: "any portion of its base obscured ... by an obstacle" (seed 000 L5396-5399): the feature
  must rise above the line from the attacker's base to the target's base where it crosses it.
Expected answers are worked out by hand from the coordinates below.
"""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Polygon, box

from tests.board_support import rules
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.modifiers import attack_geometry

R = base_radius(30)


def kinds(edition: str, feature: Feature, attacker: Piece, target: Piece, attack: str = "ranged") -> list[str]:
    board = Board(24, 24, (attacker, target), (feature,))
    return [m.kind for m in attack_geometry(board, rules(edition), attacker, target, attack).modifiers]


def model(name: str, x: float, y: float, elevation: float = 0.0) -> Piece:
    return Piece(name, x, y, 30, 1.75, facing=0.0, elevation=elevation)


SHOOTER, TARGET = model("shooter", 2, 10), model("target", 10, 10)
# An L-shaped low wall: its upright crosses every line between the models at x 4 to 4.2 (5.2" from
# the target's edge at x = 10 - R), its arm runs past the target at y 11 to 11.2, 1 - R = 0.41" from
# the target's edge but beside the lines between them (which keep within y = 10 +- R).
L_WALL = Feature("ell", "obstacle", Polygon([(4, 8), (4.2, 8), (4.2, 11), (11, 11), (11, 11.2), (4, 11.2)]), 0.5)


@pytest.mark.parametrize("edition", ["mk3", "mk4"])
def test_only_the_part_between_counts_in_mk3_and_mk4(edition: str) -> None:
    assert "cover" not in kinds(edition, L_WALL, SHOOTER, TARGET)


def test_any_part_of_a_feature_between_counts_in_mk2() -> None:
    assert "cover" in kinds("mk2", L_WALL, SHOOTER, TARGET)


@pytest.mark.parametrize("edition", ["mk2", "mk3", "mk4"])
@pytest.mark.parametrize(("offset", "covered"), [(0.0, True), (1e-6, False), (-1e-6, True)])
def test_exactly_1_inch_from_the_base_circle_counts(edition: str, offset: float, covered: bool) -> None:
    # A wedge whose tip points at the target from 17 degrees off the line of centres, at exactly
    # R + 1 from its centre (+ offset): inside the lines between them (sin 17 deg * (R + 1) = 0.46 < R),
    # so its edge distance is 1" + offset from the circle, not from any polygon drawn for the base.
    angle = math.radians(17)
    reach = R + 1 + offset
    tip = (10 - reach * math.cos(angle), 10 + reach * math.sin(angle))
    wedge = Feature("wedge", "obstacle", Polygon([tip, (tip[0] - 2, tip[1] + 0.3), (tip[0] - 2, tip[1] - 0.3)]), 0.5)
    assert ("cover" in kinds(edition, wedge, SHOOTER, TARGET)) is covered


FENCE_NEAR_TARGET = Feature("fence", "obstacle", box(11.5, 9, 11.6, 11), 0.5)
FENCE_NEAR_ATTACKER = Feature("fence", "obstacle", box(10.65, 9, 10.75, 11), 0.5)


def melee(feature: Feature, attacker_elevation: float, target_elevation: float) -> bool:
    attacker, target = model("a", 10, 10, attacker_elevation), model("t", 12.2, 10, target_elevation)
    return "intervening_terrain" in kinds("mk4", feature, attacker, target, "melee")


def test_on_the_table_any_fence_between_hides_part_of_the_base() -> None:
    assert melee(FENCE_NEAR_TARGET, 0, 0) and melee(FENCE_NEAR_ATTACKER, 0, 0)


def test_an_attacker_on_a_2_inch_hill_looks_over_a_fence_at_its_own_feet() -> None:
    # The line from the attacker's base (2") to the target's (0") is still above 1.8" at x = 10.75
    # (0.16 of the 1.02" gap from x = 10 + R), so the 0.5" fence hides nothing; near the target, at
    # x = 11.5 (0.89 of the gap), the line is down to 0.2", below the fence's top.
    assert not melee(FENCE_NEAR_ATTACKER, 2, 0)
    assert melee(FENCE_NEAR_TARGET, 2, 0)


def test_models_both_standing_higher_than_the_fence_ignore_it() -> None:
    assert not melee(FENCE_NEAR_TARGET, 1, 1)
    assert not melee(Feature("flat", "obstacle", box(11.5, 9, 11.6, 11), 0.0), 0, 0)
