"""The rules interpreter over a small fixture library (tests/fixtures/engine).

Worked examples from the digests cite the seed lines they come from; the rest check
each dice-related effect kind through ``explain_attack``.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.conftest import ROOT
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackExplanation, AttackRequest, explain_attack
from wmdata.engine.ruleset import RulesetError, resolve_ruleset
from wmdata.engine.stats import explain_stats

FIXTURE = ROOT / "tests" / "fixtures" / "engine"


@cache
def registry() -> Registry:
    return Registry.from_loaded(load_files([FIXTURE]))


def attack(attacker: str, weapon: str, target: str, **options: object) -> AttackExplanation:
    return explain_attack(registry(), AttackRequest(attacker, weapon, target, **options))  # type: ignore[arg-type]


# --- Worked examples (digests, with seed lines) -------------------------------------------------


def test_mk4_stationary_with_cover_is_def_9_seed_000_l671_676() -> None:
    result = attack("gunner", "Rifle", "shieldman", states=["stationary", "cover"])
    assert result.target_stats["DEF"].current == 9


def test_mk4_stationary_with_minus_2_def_is_def_3_seed_000_l671_676() -> None:
    result = attack("gunner", "Blade", "shieldman", states=["stationary"], target_effects=["blessings-of-the-void"])
    assert result.target_stats["DEF"].current == 3


def test_mk4_differently_named_armour_penalties_stack_seed_000_l294_298() -> None:
    result = attack("gunner", "Rifle", "brute", target_effects=["dark-shroud", "kiss-of-lyliss"])
    assert result.target_stats["ARM"].current == 16 - 4


def test_mk4_the_same_effect_twice_does_not_stack_seed_000_l294_298() -> None:
    result = attack("gunner", "Rifle", "brute", target_effects=["dark-shroud", "dark-shroud"])
    assert result.target_stats["ARM"].current == 16 - 2
    assert "[same-named, does not stack]" in result.target_stats["ARM"].describe()


def test_mk2_two_named_attack_penalties_give_minus_4_seed_001_l114() -> None:
    result = attack("deliverer-skyhammer", "Skyhammer", "wraith", target_effects=["burning-ash", "choking-veil"])
    assert sum(result.attack.bonuses.values()) == -4


def test_mk2_lowest_set_base_wins_seed_001_l250() -> None:
    report = explain_stats(registry(), "defender", None, ["stall"], ["stationary"])
    assert report.profiles[0].stats["DEF"].current == 5


def test_mk2_stationary_in_cover_is_def_9_seed_001_l256() -> None:
    result = attack("deliverer-skyhammer", "Skyhammer", "wraith", states=["stationary", "cover"])
    assert result.target_stats["DEF"].current == 9


def test_mk2_def_floor_is_5_when_reduced_seed_001_l256() -> None:
    result = attack("deliverer-skyhammer", "Skyhammer", "wraith", states=["stationary"],
                    target_effects=["the-withering"])
    assert result.target_stats["DEF"].current == 5
    assert result.target_stats["DEF"].floored


def test_mk2_rat_penalty_and_roll_penalty_seed_001_l258() -> None:
    result = attack("deliverer-skyhammer", "Skyhammer", "wraith", effects=["the-withering", "inaccurate"])
    assert result.skill == 3  # RAT 5 - 2 (a stat, floored at 1)
    assert sum(result.attack.bonuses.values()) == -4  # a roll modifier, not floored: 2d6 - 1 in all
    assert result.attack.dice == 2


def test_mk4_one_additional_die_gives_3d6_plus_rat_seed_000_l190_193() -> None:
    result = attack("gunner", "Rifle", "brute", effects=["keen-eye"])
    assert (result.attack.dice, result.skill_stat, result.skill) == (3, "RAT", 6)


def test_charge_damage_is_boosted_once_but_takes_an_additional_die_seed_000_l211_214_l109_112() -> None:
    result = attack("gunner", "Blade", "brute", states=["charging"], boosts=["damage"])
    assert result.damage.boosts == ["charging", "damage boost (chosen)"]
    assert result.damage.dice == 2 + 1 + 1  # base, one boost only, Weapon Master's additional die
    assert "boost from damage boost (chosen) ignored: a roll is boosted only once" in result.as_text()


# --- Each dice-related effect kind through explain_attack ---------------------------------------


def test_weapon_master_adds_a_damage_die_only_with_its_weapon() -> None:
    assert attack("gunner", "Blade", "brute").damage.dice == 3
    assert attack("gunner", "Rifle", "brute").damage.dice == 2


def test_resistance_removes_a_damage_die_of_its_type() -> None:
    fire = attack("gunner", "Flamer", "salamander")
    assert fire.damage.dice == 1 and fire.damage.removed == {"resistance-fire": 1}
    assert attack("gunner", "Rifle", "salamander").damage.dice == 2


def test_immunity_means_no_damage() -> None:
    result = attack("defender", "Torch", "wraith")
    assert result.no_damage_reason == "target is immune to fire (immunity-fire)"


def test_knocked_down_target_is_hit_automatically_in_melee_only() -> None:
    assert attack("gunner", "Blade", "brute", states=["knocked_down"]).automatic == "hit"
    ranged = attack("gunner", "Rifle", "brute", states=["knocked_down"])
    assert ranged.automatic is None and ranged.target_stats["DEF"].current == 5


def test_stealth_makes_shots_from_beyond_5_inches_miss() -> None:
    far = attack("gunner", "Rifle", "skulker", distance=6)
    assert (far.automatic, far.automatic_reasons) == ("miss", ["stealth"])
    assert attack("gunner", "Rifle", "skulker", distance=5).automatic is None
    unknown = attack("gunner", "Rifle", "skulker")
    assert "stealth (auto_miss): depends on the distance (give --distance)" in unknown.not_applied


def test_eyeless_sight_ignores_stealth() -> None:
    result = attack("seer", "Dart", "skulker", distance=7)
    assert result.automatic is None
    assert any("stealth" in line for line in result.work.ignored)


def test_automatic_miss_beats_automatic_hit_in_mk4_but_not_in_mk2() -> None:
    mk4 = attack("gunner", "Blade", "ghost", states=["knocked_down"])
    assert mk4.automatic == "miss"
    mk2 = attack("defender", "Shock Hammer", "wraith", states=["knocked_down"])
    assert mk2.automatic == "hit"


def test_out_of_range_is_an_automatic_miss_and_range_changes_apply() -> None:
    assert attack("gunner", "Rifle", "brute", distance=11).automatic == "miss"
    boosted_range = attack("tracker", "Longbow", "brute", distance=15)
    assert boosted_range.weapon_stats["RNG"].current == 16 and boosted_range.automatic is None


def test_drop_lowest_and_drop_highest_and_reroll() -> None:
    steady = attack("gunner", "Rifle", "brute", effects=["steady-hand"])
    assert (steady.attack.dice, steady.attack.kept, steady.attack.drop_lowest) == (3, 2, {"steady-hand": 1})
    jinxed = attack("gunner", "Rifle", "skulker", distance=3)
    assert (jinxed.attack.dice, jinxed.attack.kept, jinxed.attack.drop_highest) == (3, 2, {"jinxed": 1})
    assert attack("gunner", "Rifle", "brute", effects=["lucky"]).attack.rerolls == ["lucky"]


def test_crippled_weapon_removes_attack_and_damage_dice() -> None:
    result = attack("gunner", "Blade", "brute", states=["crippled_weapon"])
    assert (result.attack.dice, result.damage.dice) == (1, 2)  # damage: 2 + Weapon Master - 1


def test_aiming_is_a_roll_bonus_for_ranged_attacks_only() -> None:
    assert attack("gunner", "Rifle", "brute", states=["aiming"]).attack.bonuses == {"aiming": 2}
    assert attack("gunner", "Blade", "brute", states=["aiming"]).attack.bonuses == {}


def test_chain_weapon_ignores_the_targets_shield() -> None:
    assert attack("gunner", "Blade", "shieldman").target_stats["ARM"].current == 17
    assert attack("gunner", "Flail", "shieldman").target_stats["ARM"].current == 15


def test_critical_effects_are_listed() -> None:
    result = attack("brute", "Club", "gunner")
    assert result.work.triggers["on_critical"] == ["knocked down (crushing-blow)",
                                                   "+1 damage point (crushing-blow)"]
    fire = attack("gunner", "Flamer", "brute")
    assert fire.work.triggers["on_critical"] == [
        "continuous effect: fire (critical-fire); each maintenance phase a d6 of 1/2 ends it, "
        "otherwise a POW 12 fire damage roll"]
    assert fire.work.damage_types == {"fire": "damage-type-fire"}


def test_granted_rules_bring_their_effects() -> None:
    assert attack("tracker", "Longbow", "brute").attack.added == {"keen-eye": 1}


def test_a_spell_is_an_arcane_attack_with_magical_damage() -> None:
    result = attack("mage", "zap", "brute")
    assert (result.attack_type, result.skill_stat, result.skill, result.damage_value) == ("arcane", "AAT", 7, 12)
    assert result.work.damage_types == {"magical": "spell damage"}


def test_mk2_melee_damage_is_p_plus_s() -> None:
    result = attack("defender", "Shock Hammer", "wraith")
    assert (result.damage_base, result.damage_value) == ("P+S", 6 + 11)


def test_json_explanation_carries_the_rolls() -> None:
    data = attack("gunner", "Blade", "brute", states=["charging"]).as_json()
    assert data["attack_roll"]["dice"] == 2 and data["damage_roll"]["dice"] == 4
    assert data["target_def"] == 12 and data["target_arm"] == 16


# --- Rulesets ----------------------------------------------------------------------------------


def test_extends_overrides_one_value_and_inherits_the_rest() -> None:
    base, wide = resolve_ruleset(registry(), "mk4"), resolve_ruleset(registry(), "mk4", "wide-aoe")
    assert (base.aoe_measure, wide.aoe_measure) == ("radius", "diameter")
    assert wide.chain == ("wide-aoe", "mk4") and wide.states == base.states


def test_builtin_variant_002_extends_mk4() -> None:
    builtin = Registry.from_loaded(load_files())
    variant = resolve_ruleset(builtin, "mk4", "variant-002")
    assert variant.aoe_measure == "diameter" and variant.chain == ("variant-002", "mk4")
    assert variant.states == resolve_ruleset(builtin, "mk4").states


@pytest.mark.parametrize(("ruleset", "message"), [
    ("loop-a", "extends itself"), ("bare", "leaves interpreter values unset"), ("nope", "unknown ruleset 'nope'"),
])
def test_ruleset_errors(ruleset: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        resolve_ruleset(registry(), "mk4", ruleset)


@pytest.mark.parametrize(("request_", "message"), [
    (AttackRequest("gunnr", "Rifle", "brute"), "unknown attacker 'gunnr'; did you mean 'Gunner'"),
    (AttackRequest("gunner", "Bow", "brute"), "Gunner has no weapon or spell 'Bow'; it has: Rifle, Blade"),
    (AttackRequest("gunner", "Rifle", "brute", effects=["kean-eye"]), "unknown effect 'kean-eye'"),
    (AttackRequest("gunner", "Rifle", "brute", states=["engaged"]), "unknown state 'engaged'"),
    (AttackRequest("gunner", "Rifle", "brute", ruleset="loop-a"), "extends itself"),
])
def test_attack_setup_errors_are_clear(request_: AttackRequest, message: str) -> None:
    with pytest.raises(AttackError, match=message):
        explain_attack(registry(), request_)


def test_a_target_weapon_rule_about_being_attacked_acts() -> None:
    charged = attack("gunner", "Blade", "shieldman", states=["charging"])
    assert charged.attack.bonuses == {"set-defense": -2}
    assert attack("gunner", "Blade", "shieldman").attack.bonuses == {}


def test_ignored_lines_name_only_what_was_dropped() -> None:
    assert attack("seer", "Dart", "brute").work.ignored == []
    assert attack("seer", "Dart", "skulker", distance=7).work.ignored == ["stealth (by eyeless-sight, attacker)"]


def test_an_immunity_prevents_the_continuous_effect_of_its_type() -> None:
    result = attack("defender", "Torch", "wraith", effects=["burning-touch"])
    assert result.work.triggers["on_hit"] == ["continuous effect: fire (burning-touch); the target is immune "
                                              "(immunity-fire)"]


def test_granted_rules_and_movement_are_shown() -> None:
    text = attack("tracker", "Longbow", "brute").as_text()
    assert "granted: keen-eye (from hunter, attacker)" in text
