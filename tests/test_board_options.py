"""Hostile command-line options of ``board query``, ``board render`` and ``attack --board``:
numbers that are not finite and questions that name one model twice are usage errors (exit
2, naming the option), and no mix of options reaches an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.board_support import BOARDS
from tests.conftest import run_cli
from wmdata.cli.app import cli

THROWS = str(BOARDS / "mk2-throw.yaml")
BASE = ("board", "query", THROWS)


@pytest.mark.parametrize(("args", "option"), [
    (("--slam", "crusader", "deathripper", "--distance-roll", "nan"), "--distance-roll"),
    (("--slam", "crusader", "deathripper", "--spd", "nan", "--distance-roll", "3"), "--spd"),
    (("--trample", "crusader", "--spd", "5", "--direction", "nan"), "--direction"),
    (("--aoe", "deathripper", "--size", "nan"), "--size"),
    (("--spray", "crusader", "deathripper", "--template", "nan"), "--template"),
])
def test_a_number_that_is_not_finite_is_a_usage_error(args: tuple[str, ...], option: str) -> None:
    # click's FloatRange lets nan through: it compares false with both bounds.
    result = run_cli(*BASE, *args)
    assert result.exit_code == 2 and f"Invalid value for '{option}'" in result.output
    assert "is not a finite number" in result.output


def test_an_open_range_refuses_infinity() -> None:
    result = run_cli("attack", "--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad",
                     "--distance", "inf")
    assert result.exit_code == 2 and "'inf' is not a finite number" in result.output


@pytest.mark.parametrize("option", ["--los", "--cover", "--attack", "--melee", "--charge", "--slam", "--throw"])
def test_a_question_about_two_models_needs_two(option: str) -> None:
    result = run_cli(*BASE, option, "crusader", "crusader", "--spd", "5", "--distance-roll", "3", "--str", "11")
    assert result.exit_code == 2 and f"{option} names 'crusader' twice: give two different models" in result.output


def test_a_model_is_asked_about_its_own_control_range_and_distance() -> None:
    # Seed 000 L3544: a model is always within its own control range, so these are fair questions.
    assert run_cli(*BASE, "--control", "crusader", "crusader").exit_code == 0
    distance = run_cli(*BASE, "--distance", "crusader", "crusader")
    assert distance.exit_code == 0 and '0.000"' in distance.output


def test_render_and_attack_refuse_one_model_twice_too(tmp_path: Path) -> None:
    drawing = tmp_path / "board.svg"
    render = run_cli("board", "render", THROWS, "--slam", "crusader", "crusader", "--distance-roll", "3",
                     "-o", str(drawing))
    assert render.exit_code == 2 and "--slam names 'crusader' twice" in render.output
    assert not drawing.exists()
    attack = run_cli("attack", "--board", str(BOARDS / "mk4-melee-terrain.yaml"), "--attacker", "athena",
                     "--target", "athena", "--weapon", "Lightning Spear")
    assert attack.exit_code == 1 and "'athena' cannot attack itself" in attack.output


MODELS = ["crusader", "deathripper", "juggernaut", "jack", "ironclad", "hidden", "nobody"]
NUMBERS = ["nan", "inf", "-inf", "1e400", "-0", "0", "0.5", "3", "6", "7", "-1", "1e-320", "x", ""]
PAIRS = ["--distance", "--los", "--cover", "--attack", "--melee", "--spray", "--charge", "--slam", "--throw"]
NUMERIC = ["--spd", "--distance-roll", "--direction", "--size", "--rng", "--template", "--str", "--deviation-roll",
           "--seed"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_mix_of_options_reaches_an_internal_error(data: st.DataObject) -> None:
    question = data.draw(st.sampled_from(PAIRS))
    args = [question, data.draw(st.sampled_from(MODELS)), data.draw(st.sampled_from(MODELS))]
    for option in data.draw(st.lists(st.sampled_from(NUMERIC), max_size=4, unique=True)):
        args += [option, data.draw(st.sampled_from(NUMBERS))]
    args += data.draw(st.lists(st.sampled_from(["--miss", "--double-hand", "--json", "--power-strike"]), max_size=2,
                               unique=True))
    result = CliRunner().invoke(cli, [*BASE, *args], catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"internal error for {args!r}") from result.exception
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    if result.exit_code == 1:
        assert result.output.startswith("wmdata: "), result.output
    elif result.exit_code == 2:
        assert "Error:" in result.output, result.output
