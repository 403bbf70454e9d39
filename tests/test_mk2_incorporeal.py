"""MkII Incorporeal (content/mk2/rules/vocabulary.yaml) against automatic hits.

Seed 001 L288: the model suffers damage and effects only from magical weapons, magic attacks,
animi, spells and feats, and is immune to continuous effects.  It does not say that other
attacks miss it, so the rule is not an automatic miss (which an automatic hit would beat in
MkII, L1331, e.g. a melee attack on a knocked-down model, L1393): a non-magical attack may hit,
and then deals no damage and leaves no knockdown.  Magical weapons (L1561) damage it but do not
put a continuous effect on it.  The Machine Wraith (DEF 14, ARM 12, one damage box) is the
target; numbers by hand."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import run_cli


def _attack(*args: str) -> Any:
    result = run_cli("attack", "--json", "--edition", "mk2", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_an_automatic_hit_does_not_harm_it() -> None:
    """The Juggernaut's Ice Axe (not magical, P+S 19) against the knocked-down wraith: the melee
    attack hits automatically (L1393) and used to kill it every time (the automatic hit beat the
    automatic miss); now it deals nothing."""
    data = _attack("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "machine-wraith",
                   "--knocked-down")
    assert data["p_hit"] == 1.0
    assert data["p_destroyed"] == 0.0 and data["damage_distribution"] == {"0": 1.0}
    assert "target is immune to this damage (incorporeal)" in data["first_damage"]


def test_a_rolled_hit_does_not_harm_it_either() -> None:
    """Standing, MAT 6 against DEF 14 hits on 8+ (15/36): a hit, no damage."""
    data = _attack("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "machine-wraith")
    assert abs(data["p_hit"] - 15 / 36) < 1e-12
    assert data["p_destroyed"] == 0.0


def test_a_slam_does_not_knock_it_down() -> None:
    """A slam's knockdown is an effect of a non-magical attack: kept off."""
    data = _attack("--attacker", "juggernaut", "--power-attack", "slam", "--target", "machine-wraith")
    assert {"condition": "knocked_down", "window": "on_hit", "source": "slam",
            "by": "incorporeal"} in data["attack_effects"]["kept_off"]
    assert data["p_destroyed"] == 0.0 and "knocked_down" not in data["p_target_states"]


def test_a_magical_weapon_harms_it_but_lights_no_fire() -> None:
    """Captain Blackbane's Cutlass (MAT 7, P+S 10, Magical Weapon and a fire continuous effect):
    hits on 7+ (21/36), and 2d6 + 10 against ARM 12 kills on 3+ (35/36); the fire is kept off
    (immune to continuous effects), which Magical Weapon used to switch off with the whole rule."""
    data = _attack("--attacker", "blackbanes-ghost-raiders", "--weapon", "Cutlass", "--target", "machine-wraith")
    assert abs(data["p_destroyed"] - 21 / 36 * 35 / 36) < 1e-12
    assert {"condition": "fire", "window": "on_hit", "source": "continuous-effect-fire",
            "by": "incorporeal"} in data["attack_effects"]["kept_off"]
    assert "fire" not in data["p_target_states"]
