"""Immunity to continuous effects as a state_immunity, which leaves damage rolls alone: MkIV
Resistance: Fire and Resistance: Corrosion also make the model immune to that continuous effect
(seed 000 L833-837, L847-850), so both rules execute whole (the Jackal's Flamethrower, Continuous
Effect: Fire, against the Courser); MkII Aegis keeps every continuous effect off."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import run_cli

FLAMES = ("--attacker", "jackal", "--weapon", "Flamethrower", "--target", "courser")


def _attack(*args: str) -> Any:
    result = run_cli("attack", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_resistance_fire_keeps_the_fire_off() -> None:
    plain = _attack(*FLAMES)
    assert abs(plain["p_target_states"]["fire"] - plain["p_hit"]) < 1e-12  # every hit sets it on fire
    resisted = _attack(*FLAMES, "--target-effect", "resistance-fire")
    assert "fire" not in resisted["p_target_states"]
    assert {"condition": "fire", "window": "on_hit", "source": "continuous-effect-fire",
            "by": "resistance-fire"} in resisted["attack_effects"]["kept_off"]


def test_resistance_corrosion_keeps_corrosion_off_but_not_fire() -> None:
    data = _attack(*FLAMES, "--target-effect", "resistance-corrosion")
    assert abs(data["p_target_states"]["fire"] - data["p_hit"]) < 1e-12
    corroding = (*FLAMES, "--effect", "continuous-effect-corrosion")
    assert abs(_attack(*corroding)["p_target_states"]["corrosion"] - data["p_hit"]) < 1e-12
    assert "corrosion" not in _attack(*corroding, "--target-effect", "resistance-corrosion")["p_target_states"]
    coverage = run_cli("rules", "coverage", "--edition", "mk4", "--json")
    report = json.loads(coverage.output)
    partial = {entry["id"] for edition in report for entry in edition["partial"]}
    assert not {"resistance-fire", "resistance-corrosion"} & partial


def test_mk2_aegis_keeps_continuous_effects_off_but_not_damage() -> None:
    """MkII Aegis (content/mk2/rules/menoth-rules.yaml, card data): no continuous effect lands on
    Grand Exemplar Kreoss, but Captain Blackbane's Cutlass (Continuous Effect: Fire) still damages
    him."""
    data = _attack("--edition", "mk2", "--attacker", "blackbanes-ghost-raiders", "--weapon", "Cutlass",
                   "--target", "grand-exemplar-kreoss")
    assert "fire" not in data["p_target_states"]
    assert {"condition": "fire", "window": "on_hit", "source": "continuous-effect-fire",
            "by": "aegis"} in data["attack_effects"]["kept_off"]
    assert data["expected_damage"] > 0
