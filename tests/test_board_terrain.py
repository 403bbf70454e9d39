"""Terrain rules beyond cover and concealment, on seed boards: obstacles and obstructions
against melee attacks (tests/boards/mk4-melee-terrain.yaml) and models down in trenches and
craters ignored for line of sight (mk4-crater-los.yaml, mk3-trench-los.yaml).  Positions are
ours; the rules are the seeds', cited per board and per case.
"""

from __future__ import annotations

import json

import pytest

from tests.board_support import BOARDS, ask
from tests.conftest import run_cli


def melee_def(target: str) -> dict[str, object]:
    answer = ask("mk4-melee-terrain.yaml", "--cover", "athena", target, "--attack-type", "melee")
    modifiers = answer["modifiers"]
    assert isinstance(modifiers, list)
    return {m["kind"]: m["value"] for m in modifiers}


@pytest.mark.parametrize(("target", "expected", "why"), [
    ("fenced", {"intervening_terrain": 2}, "000 L5396-5397: the fence crosses every line to it"),
    ("grazed", {"intervening_terrain": 2}, "000 L5344-5345: the rock's corner hides part of its base"),
    ("open", {}, "nothing between"),
    ("wooded", {}, "a forest is neither an obstacle nor an obstruction"),
    ("backed", {}, "the fence stands behind the model, not between"),
])
def test_obstacles_and_obstructions_give_two_def_against_melee(target: str, expected: dict[str, int],
                                                               why: str) -> None:
    assert melee_def(target) == expected, why


def test_intervening_terrain_is_not_a_ranged_modifier() -> None:
    # Seed 000 L2419-2421 lists it among the melee attack modifiers only.
    answer = ask("mk4-melee-terrain.yaml", "--cover", "athena", "fenced", "--attack-type", "ranged")
    assert "intervening_terrain" not in {m["kind"] for m in answer["modifiers"]}  # type: ignore[attr-defined]


def test_a_melee_attack_on_the_board_takes_the_two_def() -> None:
    # The interpreter applies the state's +2 DEF: the Stormblade's DEF 13 becomes 15, as by hand.
    def target_def(*args: str) -> object:
        result = run_cli("explain-attack", "--weapon", "Lightning Spear", *args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.output)["target_def"]

    board = str(BOARDS / "mk4-melee-terrain.yaml")
    by_hand = target_def("--attacker", "captain-athena-di-baro", "--target", "stormblade-legionnaires",
                         "--edition", "mk4", "--state", "intervening_terrain")
    assert target_def("--board", board, "--attacker", "athena", "--target", "fenced") == by_hand == 15
    assert target_def("--board", board, "--attacker", "athena", "--target", "open") == 13


@pytest.mark.parametrize(("board", "row", "seen", "why"), [
    ("mk4-crater-los.yaml", 1, True, "000 L5279-5282: the blocker is in a crater, the target is not"),
    ("mk4-crater-los.yaml", 2, False, "000 L5279-5282: the target is in a crater too"),
    ("mk4-crater-los.yaml", 3, True, "000 L5281-5282: models in trench templates are ignored as well"),
    ("mk3-trench-los.yaml", 1, True, "003 L3091: the blocker is in a trench, the target is not"),
    ("mk3-trench-los.yaml", 2, False, "003 L3091: the target is in a trench too"),
    ("mk3-trench-los.yaml", 3, True, "003 L3091: completely within two adjoining templates"),
])
def test_models_down_in_trenches_and_craters_do_not_block(board: str, row: int, seen: bool, why: str) -> None:
    answer = ask(board, "--los", f"viewer-{row}", f"target-{row}")
    assert answer["los"] is seen, why
    assert answer["blocked_by"] == ([] if seen else [f"sunk-{row}"])

