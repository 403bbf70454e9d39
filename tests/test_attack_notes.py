"""Power attacks and rules beside the odds: contests, knockdowns, collateral damage, content
rules that fire on power attacks, and the rules that are not in the odds."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from wmdata.engine.setup import ContestRoll


def _json(*args: str) -> dict[str, object]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def _expected(hit_needed: int, offset: int, won: Fraction = Fraction(1)) -> float:
    table = attack_table(2, 0, 0, hit_needed)
    damage = sum((points * chance for points, chance in damage_table(2, 0, 0, offset).items()), Fraction(0))
    return float((table["hit"] + table["critical"]) * won * damage)


def test_a_throw_needs_its_contest_won() -> None:
    # seed 001 L1099-1131: after a hit each side rolls a d6 and adds STR, the thrower wins
    # ties (seed 004 L68-106); Juggernaut STR 12 against Ironclad STR 11: the thrower wins
    # unless the Ironclad's die beats its own by 2 or more, 26 of the 36 pairs.
    assert ContestRoll(1, 12, 1, 11, True).chance == Fraction(26, 36)
    assert ContestRoll(1, 11, 1, 11, False).chance == Fraction(15, 36)
    data = _json("--attacker", "juggernaut", "--power-attack", "throw", "--target", "ironclad", "--edition", "mk2",
                 "--policy", "none")
    # MAT 6 against DEF 12; 2d6 + STR 12 against ARM 18 (the throw's damage, seed 001 L1127-1131)
    assert data["expected_damage"] == pytest.approx(_expected(12 - 6, 12 - 18, Fraction(26, 36)), abs=1e-9)
    effects = data["attack_effects"]
    assert isinstance(effects, dict) and effects["contest"]["stat"] == "STR"


def test_gladiator_fires_on_a_power_attack_in_the_odds() -> None:
    # seed 000 L774-775: Gladiator adds 2 to power attack damage rolls and their collateral
    # rolls; seed 000 L2348-2350: a slam is POW 12, 14 from the bigger base.  Stryker MAT 6
    # slams a Courser (DEF 13, ARM 16 + 2 for its shield, content/mk4).
    args = ("--attacker", "stryker", "--power-attack", "slam", "--target", "courser", "--edition", "mk4",
            "--policy", "none")
    plain, gladiator = _json(*args), _json(*args, "--effect", "gladiator")
    assert plain["expected_damage"] == pytest.approx(_expected(13 - 6, 14 - 18), abs=1e-9)
    assert gladiator["expected_damage"] == pytest.approx(_expected(13 - 6, 14 + 2 - 18), abs=1e-9)
    effects = gladiator["attack_effects"]
    assert isinstance(effects, dict)
    assert effects["knockdowns"] == [{"window": "on_hit", "source": "slam"}]
    assert effects["collateral"]["bonuses"] == {"gladiator": 2}
    text = run_cli("attack", *args, "--effect", "gladiator").output
    assert "knocks the target down on a hit (slam)" in text
    assert "collateral damage to models it is moved into: 2d6 + POW 14 +2 each as against the target" in text


def test_rules_that_are_not_in_the_odds_are_listed() -> None:
    # The Ironclad's Tremor (its card wording is not transcribed) is a special attack of its own
    # (seed 001 L154), which the odds do not make: listed when the Ironclad attacks with the Quake
    # Hammer, so that a player weighs it by hand.  The Ice Axe's Critical Freeze is executed
    # (tests/test_attack_states.py), so it is not listed.
    data = _json("--attacker", "ironclad", "--weapon", "Quake Hammer", "--target", "juggernaut", "--edition", "mk2")
    gaps = data["not_in_odds"]
    assert isinstance(gaps, list)
    tremor = {"rule": "tremor", "name": "Tremor", "side": "attacker", "coverage": "text-only",
              "about": "special-attack"}
    assert tremor in gaps
    assert all(gap["coverage"] != "executable" for gap in gaps)
    text = run_cli("attack", "--attacker", "ironclad", "--weapon", "Quake Hammer", "--target", "juggernaut",
                   "--edition", "mk2").output
    assert "Tremor (attacker; text-only, special-attack)" in text.split("not in the odds")[1]


def test_the_targets_own_special_attacks_are_not_listed() -> None:
    # The target does not act during the attacker's sequence, so its own special attacks (the
    # Ironclad's Tremor) cannot change the numbers: the headline question lists nothing to weigh.
    data = _json("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2")
    gaps = data["not_in_odds"]
    assert isinstance(gaps, list)
    assert all(gap["rule"] not in ("tremor", "critical-freeze") for gap in gaps)
    text = run_cli("attack", "--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad",
                   "--edition", "mk2").output
    assert "Tremor" not in text


def test_the_targets_reach_is_not_listed() -> None:
    # Reach (seed 001 L380) gives its carrier's own weapon a 2 inch melee range: it changes only the
    # carrier's attacks, so on the target (the Harrower's Perisher) there is nothing to weigh.
    data = _json("--attacker", "ironclad", "--weapon", "Quake Hammer", "--target", "harrower", "--edition", "mk2")
    gaps = data["not_in_odds"]
    assert isinstance(gaps, list)
    assert [gap["rule"] for gap in gaps] == ["tremor"]


def test_a_power_attack_is_never_made_after_a_charge() -> None:
    # seed 001 L909, L1015; seed 003 L1816; seed 000 L2328-2329.
    result = run_cli("attack", "--attacker", "juggernaut", "--power-attack", "head_butt", "--target", "ironclad",
                     "--edition", "mk2", "--charge")
    assert result.exit_code == 1 and "--charge and --power-attack do not go together" in result.output
