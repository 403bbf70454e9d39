"""Flight and Incorporeal as ruleset data the board reads (ruleset section ``geometry.movers``).

* MkIV Flight (seed 000 L4553-4562) and Incorporeal (L4576-4583), MkIII Flight and Incorporeal
  (seed 003 L821, L825): rough terrain is open terrain; a charge does not stop on contact with an
  obstacle, an obstruction or another model (it may move through them, not end on them); Flight
  ignores intervening models when declaring a charge target.  A knocked-down model loses Flight
  (seed 000 L4564).
* MkII Incorporeal (seed 001 L288): no rough-terrain penalty, but the charge rule (L837) still
  stops a charge on contact with a model, an obstacle or an obstruction.
Distances are worked out by hand from the coordinates: 40 mm radius 0.7874", 30 mm radius 0.5906".
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from shapely.geometry import box

from tests.board_support import rules
from wmdata.geometry.board import Board, Feature, Piece, base_radius
from wmdata.geometry.lanes import charge, trample
from wmdata.geometry.queries import charge_query

R40, R30 = base_radius(40), base_radius(30)


def piece(name: str, x: float, base: int = 30, **extra: object) -> Piece:
    return Piece(name, x, 10, base, 2.0, facing=0.0, side="a" if name == "c" else "b", melee_range=0.5,
                 **extra)  # type: ignore[arg-type]


WALL = Feature("wall", "wall", box(8, 8, 8.2, 12), 1.0)


@pytest.mark.parametrize("edition", ["mk3", "mk4"])
@pytest.mark.parametrize("ability", ["flight", "incorporeal"])
def test_a_flying_or_incorporeal_charge_passes_a_wall_and_a_model(edition: str, ability: str) -> None:
    # From x = 5 to a target at x = 12: contact with the target after 7 - R40 - R30 = 5.622", ending
    # at x = 10.622, clear of the wall (x 8 to 8.2) and of the model at x = 9 (1.622" > R40 + R30).
    charger = piece("c", 5, 40, **{ability: True})
    target, between = piece("t", 12), piece("m", 9)
    board = Board(24, 24, (charger, between, target), (WALL,))
    result = charge(board, rules(edition), charger, target, 5)
    assert result.stopped_by == "t" and result.in_melee_range
    assert result.moved == pytest.approx(7 - R40 - R30, abs=1e-9)
    # Without the ability the wall stops it when the base's edge reaches x = 8: 3 - R40 = 2.213".
    plain = charge(Board(24, 24, (replace(charger, **{ability: False}), between, target), (WALL,)),
                   rules(edition), replace(charger, **{ability: False}), target, 5)
    assert plain.stopped_by == "wall" and plain.moved == pytest.approx(3 - R40, abs=1e-6)


def test_a_flier_does_not_end_on_a_model_it_cannot_get_past() -> None:
    # 4" of charge (SPD 1 + 3) would end centred at x = 9 on the model there; it backs off to end
    # touching it: 4 - (R40 + R30) = 2.622".
    charger, blocker, target = piece("c", 5, 40, flight=True), piece("m", 9), piece("t", 20)
    result = charge(Board(24, 24, (charger, blocker, target)), rules("mk4"), charger, target, 1)
    assert result.moved == pytest.approx(4 - R40 - R30, abs=1e-9)
    assert not result.in_melee_range and result.stopped_by is None and "backs off 1.378\" to end clear" in result.rule


def test_a_knocked_down_model_has_lost_flight() -> None:
    charger = piece("c", 5, 40, flight=True, knocked_down=True)
    target = piece("t", 12)
    result = charge(Board(24, 24, (charger, target), (WALL,)), rules("mk4"), charger, target, 5)
    assert result.stopped_by == "wall"


def test_mk2_incorporeal_ignores_rough_terrain_but_a_charge_still_stops_at_a_model() -> None:
    forest = Feature("woods", "forest", box(6, 8, 9, 12), 0.0)
    charger, target = piece("c", 5, 40, incorporeal=True), piece("t", 20)
    free = charge(Board(24, 24, (charger, target), (forest,)), rules("mk2"), charger, target, 4)
    assert free.moved == pytest.approx(7, abs=1e-9)  # SPD 4 + 3, none of it at half rate
    slowed = charge(Board(24, 24, (replace(charger, incorporeal=False), target), (forest,)), rules("mk2"),
                    replace(charger, incorporeal=False), target, 4)
    assert slowed.moved < 7 - 0.5
    blocker = piece("m", 9)
    stopped = charge(Board(24, 24, (charger, blocker, target)), rules("mk2"), charger, target, 4)
    assert stopped.stopped_by == "m" and stopped.moved == pytest.approx(4 - R40 - R30, abs=1e-9)


def test_a_flier_sees_its_charge_target_past_a_larger_model() -> None:
    # A 50 mm base (radius 0.98") centred between two 30 mm bases covers every line between them.
    charger, big, target = piece("c", 2, flight=True), piece("big", 6, 50), piece("t", 10)
    board = Board(24, 24, (charger, big, target))
    assert charge_query(board, rules("mk4"), charger, target, 5).data["sees_target"] is True
    walker = replace(charger, flight=False)
    board = Board(24, 24, (walker, big, target))
    answer = charge_query(board, rules("mk4"), walker, target, 5)
    assert answer.data["sees_target"] is False and "cannot see t" in answer.text


def test_a_flying_trample_passes_larger_bases_and_walls_without_trampling_them() -> None:
    # Seed 000 L4558-4560: a trample power attack does not stop on contact either.  A 50 mm flier
    # (R 0.9843") from x = 5 along +x for 4 + 3": the 40 mm model at x = 8 would stop a walker after
    # 3 - 0.9843 - 0.7874 = 1.228"; the flier passes it and the wall (x 10 to 10.2) and ends at x = 12.
    big = replace(piece("c", 5, 50), flight=True)
    board = Board(24, 24, (big, piece("m", 8, 40)), (Feature("wall", "wall", box(10, 8, 10.2, 12), 1.0),))
    flown = trample(board, rules("mk4"), big, 0.0, 4)
    assert flown.moved == pytest.approx(7, abs=1e-9) and flown.trampled == [] and flown.stopped_by is None
    walked = trample(board.replace_pieces((replace(big, flight=False), board.piece("m"))), rules("mk4"),
                     replace(big, flight=False), 0.0, 4)
    assert walked.stopped_by == "m" and walked.moved == pytest.approx(3 - base_radius(50) - R40, abs=1e-9)
    # 2.5 + 3" would end centred at x = 10.5 on the wall (the base overlaps it from 4.016" to 6.184"
    # along), and backing off to 4.016" still overlaps the model (1.228" to 4.772"): it ends at 1.228".
    short = trample(board, rules("mk4"), big, 0.0, 2.5)
    assert short.moved == pytest.approx(3 - base_radius(50) - R40, abs=1e-6) and "backs off" in short.rule
