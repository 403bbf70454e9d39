"""``explain-attack --board``: the board supplies the states and the distance, and the
interpreter's answer equals the one given the same states and distance by hand."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, run_cli

BOARD = str(ROOT / "tests" / "boards" / "mk4-attack.yaml")
SHOT = ("--attacker", "stryker", "--weapon", "Electro Bombard")


def explain(*args: str) -> dict[str, object]:
    result = run_cli("explain-attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_cover_from_the_board_equals_cover_by_hand() -> None:
    # Seed 000 L2622-2636: the wall crosses the line of fire 0.2" from the target: cover, +4 DEF.
    on_board = explain("--board", BOARD, *SHOT, "--target", "covered")
    board = on_board["board"]
    assert isinstance(board, dict)
    assert board["states"] == ["cover"] and board["los"] is True
    by_hand = explain("--attacker", "stryker", "--weapon", "Electro Bombard", "--target", "stormblade-legionnaires",
                      "--edition", "mk4", "--state", "cover", "--distance", str(board["distance"]))
    assert on_board["target_def"] == by_hand["target_def"] == 13 + 4
    assert on_board["attack_roll"] == by_hand["attack_roll"]


def test_a_model_in_the_open_gets_nothing() -> None:
    data = explain("--board", BOARD, *SHOT, "--target", "open")
    board = data["board"]
    assert isinstance(board, dict)
    assert board["states"] == [] and data["target_def"] == 13


def test_the_board_marks_knocked_down_models() -> None:
    # Seed 000 L3394-3431: a knocked-down model has base DEF 5.
    data = explain("--board", BOARD, *SHOT, "--target", "down")
    assert data["target_def"] == 5


def test_range_comes_from_the_board() -> None:
    data = explain("--board", BOARD, *SHOT, "--target", "covered")
    board = data["board"]
    assert isinstance(board, dict)
    # Centres 8" apart, minus the radii of the 50 mm (Stryker) and 30 mm (Legionnaire) bases.
    assert board["distance"] == pytest.approx(8 - 50 / 25.4 / 2 - 30 / 25.4 / 2, abs=1e-9)


@pytest.mark.parametrize(("args", "code", "message"), [
    (("--target", "nobody"), 1, "no target 'nobody'"),
    (("--target", "covered", "--distance", "3"), 2, "--distance comes from the board"),
    (("--target", "covered", "--edition", "mk2"), 2, "the board is mk4"),
])
def test_bad_board_attacks_are_reported(args: tuple[str, ...], code: int, message: str) -> None:
    result = run_cli("explain-attack", "--board", BOARD, *SHOT, *args)
    assert result.exit_code == code
    assert message in result.output


def test_a_bare_base_cannot_attack() -> None:
    result = run_cli("explain-attack", "--board", str(ROOT / "tests" / "boards" / "mk4-walls.yaml"),
                     "--attacker", "shooter", "--weapon", "x", "--target", "small")
    assert result.exit_code == 1
    assert "is a bare base" in result.output


def attack(*args: str) -> dict[str, object]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_attack_command_takes_cover_from_the_board() -> None:
    on_board = attack("--board", BOARD, *SHOT, "--target", "covered")
    by_hand = attack("--attacker", "stryker", "--weapon", "Electro Bombard", "--target", "stormblade-legionnaires",
                     "--edition", "mk4", "--state", "cover")
    board = on_board["board"]
    assert isinstance(board, dict) and board["states"] == ["cover"]
    assert on_board["p_hit"] == by_hand["p_hit"] and on_board["p_destroyed"] == by_hand["p_destroyed"]
    assert on_board["p_hit"] != attack("--board", BOARD, *SHOT, "--target", "open")["p_hit"]


def test_attack_command_takes_a_knocked_down_target_from_the_board() -> None:
    on_board = attack("--board", BOARD, *SHOT, "--target", "down")
    by_hand = attack("--attacker", "stryker", "--weapon", "Electro Bombard", "--target", "stormblade-legionnaires",
                     "--edition", "mk4", "--knocked-down")
    assert on_board["p_hit"] == by_hand["p_hit"] and on_board["p_destroyed"] == by_hand["p_destroyed"]


def test_attack_board_needs_a_model_attack() -> None:
    result = run_cli("attack", "--board", BOARD, "--rat", "6", "--def", "13", "--pow", "12", "--arm", "15")
    assert result.exit_code == 1
    assert "--board needs --attacker" in result.output


def test_range_from_the_board_decides_an_automatic_miss() -> None:
    # Seed 000 L2073-2078: a target beyond RNG cannot be hit; "far" is 19.97" from Stryker, RNG 12.
    assert attack("--board", BOARD, *SHOT, "--target", "far")["p_hit"] == 0
    assert attack("--board", BOARD, *SHOT, "--target", "open")["p_hit"] > 0
