"""MkIII terraced obstructions (seed 003 L3121-3123): an obstruction the players agreed can be
climbed.  Models move up and down it normally (an advance or a charge walks over it), stand on it
(elevation) when completely within it, get cover from it when behind it but not on top of it, and
a model whose base would hang off it by more than 1" cannot climb it (to that model it stays an
obstruction).  Board: tests/boards/mk3-terraced.yaml; every number below is worked out by hand
(40 mm radius 0.7874", 30 mm 0.5906", 120 mm 2.3622").
"""

from __future__ import annotations

from typing import Any

import pytest
from shapely.geometry import box

from tests.board_support import ask, rules
from wmdata.geometry.board import Board, Feature, Piece
from wmdata.geometry.terraces import terraces

BOARD = "mk3-terraced.yaml"


def advance(model: str, x: str, y: str, spd: str) -> dict[str, Any]:
    return ask(BOARD, "--advance", model, "--to", x, y, "--spd", spd)


def test_an_advance_walks_up_onto_the_terrace_and_stands_on_it() -> None:
    """(10, 10) to (16, 12): sqrt(36 + 4) = 6.325" (SPD 7); the base spans x 15.21-16.79 and y
    11.21-12.79, completely within the terrace (x 14-18, y 8-22): 2" up."""
    answer = advance("walker", "16", "12", "7")
    assert answer["moved"] == pytest.approx(40 ** 0.5, abs=1e-6)
    assert answer["stopped_by"] is None
    assert (answer["ends_on"], answer["elevation"]) == ("terrace", 2.0)


def test_an_advance_walks_over_the_terrace_and_down() -> None:
    """(10, 10) to (22, 14): sqrt(144 + 16) = 12.649", ending on the table (its edge at x 21.21)."""
    answer = advance("walker", "22", "14", "14")
    assert answer["moved"] == pytest.approx(160 ** 0.5, abs=1e-6)
    assert (answer["stopped_by"], answer["ends_on"], answer["elevation"]) == (None, None, 0.0)


def test_a_plain_obstruction_still_stops_it() -> None:
    """(10, 5) toward the rock at x 14: contact after 14 - 0.7874 - 10 = 3.2126"."""
    answer = advance("blocked", "16", "5", "6")
    assert answer["stopped_by"] == "rock" and answer["moved"] == pytest.approx(4 - 40 / 25.4 / 2, abs=1e-6)


def test_a_huge_base_cannot_climb_a_one_inch_ledge() -> None:
    """The seed's example: on the 1" ledge a 120 mm base would hang off by 2.3622 - 0.5 = 1.862"
    (more than 1), so it stops on contact: 14 - 2.3622 - 8 = 3.6378"."""
    answer = advance("colossus", "20", "30", "12")
    assert answer["stopped_by"] == "ledge"
    assert answer["moved"] == pytest.approx(6 - 120 / 25.4 / 2, abs=1e-6)


def test_a_huge_base_climbs_a_four_inch_terrace_but_does_not_stand_on_it() -> None:
    """On the 4" terrace it hangs off by 2.3622 - 2 = 0.362" (at most 1): it walks on; at (16, 40)
    its base (x 13.64-18.36) is not completely within, so it gains no elevation."""
    answer = advance("giant", "16", "40", "8")
    assert answer["moved"] == pytest.approx(8.0) and answer["stopped_by"] is None
    assert (answer["ends_on"], answer["elevation"]) == (None, 0.0)


def test_a_charge_runs_up_the_terrace() -> None:
    """SPD 6 + 3 at beyond (17, 10), up on the terrace: contact after 7 - 0.7874 - 0.5906 = 5.622"
    (a plain obstruction would stop it at the terrace's edge, 3.213")."""
    answer = ask(BOARD, "--charge", "walker", "beyond", "--spd", "6")
    assert answer["moved"] == pytest.approx(7 - (40 + 30) / 25.4 / 2, abs=1e-6)
    assert answer["stopped_by"] == "beyond" and answer["in_melee_range"] is True


def test_cover_behind_the_terrace_but_not_on_top() -> None:
    """gunner stands 5" up at (30, 10).  sheltered (13.2, 20): its edge is 14 - 13.2 - 0.5906 =
    0.209" from the terrace between them: cover +4.  percher (16, 20) stands completely on it:
    the terrace it stands on gives it none (seed 003 L3121)."""
    behind = ask(BOARD, "--cover", "gunner", "sheltered")["modifiers"]
    assert [(m["kind"], m["value"]) for m in behind] == [("cover", 4)]
    assert ask(BOARD, "--cover", "gunner", "percher")["modifiers"] == []


@pytest.mark.parametrize(("width", "base", "climbs"), [
    (1.0, 120, False),  # the seed's example: 2.3622 - 0.5 = 1.862 > 1
    (2.8, 120, True),   # 2.3622 - 1.4 = 0.962
    (2.7, 120, False),  # 2.3622 - 1.35 = 1.012
    (1.0, 50, True),    # 0.9843 - 0.5 = 0.484
    (0.3, 80, False),   # 1.5748 - 0.15 = 1.425
])
def test_how_much_a_base_may_hang_off(width: float, base: int, climbs: bool) -> None:
    strip = Feature("strip", "terraced_obstruction", box(10, 0, 10 + width, 20), 2.0)
    board = Board(30, 30, (), (strip,))
    assert (terraces(board, rules("mk3"), Piece("m", 5, 5, base, 2)) == {"strip"}) is climbs
