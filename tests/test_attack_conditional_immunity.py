"""Immunity to knockdown or stationary that holds only sometimes: for a kind of model (the
seeds' Massive, given by the ruleset's ``kind_rules``), in base contact with the model's
unit (MkIV Shield Wall, from ``--target-state`` or from a board), or inside a caster's
control area (MkII control-area spells).  A hit that would put the state on such a target
leaves it standing, and the output says which rule kept it off."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from tests.conftest import ROOT, SHARED, run_cli

SEEDS = SHARED / "rules" / "seeds"
SEED_FILES = {"000": "000_9775accaf129e267.txt", "003": "003_1c88675ea8ddc33c.txt"}
KINDS = {"colossal": "colossal", "gargantuan": "gargantuan", "battle_engine": "battle engine",
         "structure": "structure"}


def _json(command: str, *args: str) -> dict[str, object]:
    result = run_cli(command, *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


def _kept_off(answer: dict[str, object]) -> list[object]:
    effects = answer["attack_effects"]
    assert isinstance(effects, dict)
    kept = effects["kept_off"]
    assert isinstance(kept, list)
    return kept


def test_a_gargantuan_is_never_knocked_down() -> None:
    # A slam power attack knocks the model hit down (seed 003 L1866): against another Dire
    # Troll Mauler the target ends knocked down exactly when the slam hits; the Mountain King
    # is a gargantuan, which seed 003 L2596-2598 says is never knocked down.  Critical Smite
    # (content mk3 vocabulary) lets a critical hit slam the model hit, and that knockdown is
    # kept off the gargantuan too.
    slam = ("--attacker", "dire-troll-mauler", "--edition", "mk3", "--power-attack", "slam", "--marked",
            "4,4,4,4,4,4")
    plain = _json("attack", *slam, "--target", "dire-troll-mauler")
    assert plain["p_target_states"] == {"knocked_down": pytest.approx(plain["p_hit"], abs=1e-12)}
    assert _kept_off(plain) == []
    slammed_king = _json("attack", *slam, "--target", "mountain-king")
    assert slammed_king["p_target_states"] == {}
    assert _kept_off(slammed_king) == [{"condition": "knocked_down", "window": "on_hit", "source": "slam",
                                        "by": "massive"}]
    pair = ("--attacker", "dire-troll-mauler", "--weapon", "Claw", "--edition", "mk3", "--effect", "critical-smite",
            "--attacks", "2", "--in-order", "--marked", "4,4,4,4,4,4")
    massive = _json("attack", *pair, "--target", "mountain-king")
    assert isinstance(massive["p_crit"], float) and massive["p_crit"] > 0
    assert massive["p_target_states"] == {}
    assert _kept_off(massive) == [{"condition": "knocked_down", "window": "on_critical", "source": "critical-smite",
                                   "by": "massive"}]


def test_the_table_says_which_rule_keeps_the_state_off() -> None:
    result = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--edition", "mk3",
                     "--effect", "critical-smite", "--target", "mountain-king")
    assert result.exit_code == 0, result.output
    assert "knocks the target down on a critical hit (critical-smite), but never this target (massive)" in result.output


@pytest.mark.parametrize("edition", ["mk3", "mk4"])
def test_every_kind_rule_cites_seed_lines_that_say_so(edition: str) -> None:
    if not SEEDS.is_dir():
        pytest.skip("../shared/rules/seeds is not beside the repository")
    ruleset = yaml.safe_load((ROOT / "content" / edition / "rulesets" / f"{edition}.yaml").read_text())
    kind_rules = ruleset["entries"][0]["interpreter"]["kind_rules"]
    assert kind_rules
    for kind, entry in kind_rules.items():
        seed, first, last = re.fullmatch(r"seed (\d{3}) L(\d+)-(\d+)", entry["source"]).groups()  # type: ignore[union-attr]
        lines = (SEEDS / SEED_FILES[seed]).read_text(encoding="utf-8").splitlines()[int(first) - 1:int(last)]
        text = " ".join(" ".join(lines).split())
        assert KINDS[kind] in text.lower(), (kind, text)
        assert "knocked down" in text and "stationary" in text, (kind, text)


def test_shield_wall_needs_its_unit_in_base_contact() -> None:
    # MkIV Shield Wall (content mk4 vocabulary): +2 ARM and no knockdown, only while the model
    # touches another model of its unit.  A Courser's head-butt knocks down what it hits.
    pair = ("--attacker", "courser", "--power-attack", "head_butt", "--target", "stormblade-legionnaires",
            "--edition", "mk4")
    alone = _json("attack", *pair)
    assert alone["p_target_states"] == {"knocked_down": pytest.approx(alone["p_hit"], abs=1e-12)}
    walled = _json("attack", *pair, "--target-state", "unit_base_contact")
    assert walled["p_target_states"] == {}
    assert _kept_off(walled)[0] == {"condition": "knocked_down", "window": "on_hit", "source": "head_butt",
                                    "by": "shield-wall"}
    assert isinstance(walled["p_destroyed"], float) and isinstance(alone["p_destroyed"], float)
    assert walled["p_destroyed"] < alone["p_destroyed"]  # the +2 ARM counts too


def test_the_board_puts_unit_base_contact_on_a_touching_trooper() -> None:
    board = str(ROOT / "tests" / "boards" / "mk4-shield-wall.yaml")
    shot = ("--board", board, "--attacker", "stryker", "--weapon", "Electro Bombard")
    front = _json("explain-attack", *shot, "--target", "front")
    lone = _json("explain-attack", *shot, "--target", "lone")
    stranger = _json("explain-attack", *shot, "--target", "stranger")  # touches front, but of another unit
    assert (front["target_arm"], lone["target_arm"], stranger["target_arm"]) == (16 + 2, 16, 16)
    found = front["board"]
    assert isinstance(found, dict) and "unit_base_contact" in found["states"]
    reasons = [m["reason"] for m in found["modifiers"] if m["kind"] == "unit_base_contact"]
    assert reasons == ["front's base touches beside's, of the same unit 'blades'"]


@pytest.mark.parametrize("spell", ["solid-ground", "batten-down-the-hatches"])
def test_a_control_area_spell_protects_only_inside_the_area(spell: str) -> None:
    # MkII: a Juggernaut's Ice Axe does not knock down, so use a head-butt (knockdown on a hit);
    # the spell's immunity holds for a model given the in_control_range state.
    pair = ("--attacker", "juggernaut", "--power-attack", "head_butt", "--target", "ironclad", "--edition", "mk2",
            "--target-effect", spell)
    outside = _json("attack", *pair)
    assert outside["p_target_states"] == {"knocked_down": pytest.approx(outside["p_hit"], abs=1e-12)}
    inside = _json("attack", *pair, "--target-state", "in_control_range")
    assert inside["p_target_states"] == {}
    assert [k["by"] for k in _kept_off(inside)] == [spell]
