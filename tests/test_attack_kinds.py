"""Power attacks, blast damage, sprays, mount and impact attacks as ruleset data (issue 11).

Every test names the seed lines its numbers come from; the expected values are read off
the seeds and the model cards (STR, MAT, POW), not off the code.
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.conftest import ROOT, run_cli
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackExplanation, AttackRequest, explain_attack
from wmdata.engine.attack_docs import attack_kinds_reference
from wmdata.engine.ruleset import resolve_ruleset


@cache
def builtin() -> Registry:
    return Registry.from_loaded(load_files())


def attack(attacker: str, weapon: str, target: str, **options: object) -> AttackExplanation:
    return explain_attack(builtin(), AttackRequest(attacker, weapon, target, **options))  # type: ignore[arg-type]


def power(attacker: str, kind: str, target: str, **options: object) -> AttackExplanation:
    return attack(attacker, "", target, power_attack=kind, **options)


# --- which power attacks each edition has -----------------------------------------------------


@pytest.mark.parametrize(("edition", "ruleset", "kinds"), [
    # 001 L1011: head-butt, push, slam; trample for heavies; headlock/weapon lock and throw with an
    # Open Fist, double-hand throw with two
    ("mk2", None, {"head_butt", "push", "slam", "trample", "headlock", "throw", "double_hand_throw"}),
    # 003 L1810-1812: head-butt, slam, throw, trample, sweep, power strike (no push or locks); a throw
    # with two Open Fists rolls 2d6 in the contest (L1888)
    ("mk3", None, {"head_butt", "slam", "throw", "double_hand_throw", "trample", "sweep", "power_strike"}),
    # 000 L2305-2519: headbutt, slam, throw, trample; 002 gives no attack rules and inherits them
    ("mk4", None, {"head_butt", "slam", "throw", "trample"}),
    ("mk4", "variant-002", {"head_butt", "slam", "throw", "trample"}),
])
def test_power_attacks_per_edition(edition: str, ruleset: str | None, kinds: set[str]) -> None:
    rules = resolve_ruleset(builtin(), edition, ruleset)
    assert {k for k, d in rules.attack_kinds.items() if d.power_attack} == kinds


# --- MkII (seed 001, quick reference 004) -------------------------------------------------------


def test_mk2_head_butt_is_mat_to_hit_str_damage_and_knockdown_seed_001_l1043_004_l67() -> None:
    result = power("grenadier", "head_butt", "sentinel")  # Grenadier MAT 6, STR 7
    assert (result.skill_stat, result.skill) == ("MAT", 6)
    assert (result.damage_base, result.damage_value, result.damage.dice) == ("STR", 7, 2)
    assert result.work.triggers["on_hit"] == ["knocked down (head_butt)"]
    assert result.damage.boostable  # 004 L67: the damage roll can be boosted
    boosted = power("grenadier", "head_butt", "sentinel", boosts=["damage"])
    assert boosted.damage.dice == 3


def test_mk2_push_hits_automatically_and_deals_no_damage_seed_001_l1049_1051() -> None:
    result = power("grenadier", "push", "sentinel")
    assert result.automatic == "hit" and result.no_damage_reason == "a push does no damage"
    assert result.contest is not None and (result.contest.attacker_dice, result.contest.target_dice) == (1, 1)


def test_mk2_slam_into_a_wall_adds_a_die_and_collateral_cannot_be_boosted_seed_001_l1093_1097() -> None:
    result = power("grenadier", "slam", "sentinel", target_states=["collided"], boosts=["damage"])
    assert (result.damage_base, result.damage_value) == ("STR", 7)
    assert result.damage.dice == 2 + 1 + 1  # base, the collision die, the boost ("slam damage can be boosted")
    assert result.collateral is not None and result.collateral_value == 7 and not result.collateral.boostable


def test_mk2_slam_against_a_larger_base_is_minus_2_seed_001_l1073() -> None:
    larger = power("grenadier", "slam", "centurion")  # 40 mm against 50 mm
    same = power("grenadier", "slam", "sentinel")  # 40 mm against 40 mm
    assert larger.attack.bonuses == {"slam": -2} and same.attack.bonuses == {}


def test_mk2_double_hand_throw_contest_is_2d6_against_d6_seed_004_l70() -> None:
    result = power("grenadier", "double_hand_throw", "sentinel")
    assert result.contest is not None and (result.contest.attacker_dice, result.contest.target_dice) == (2, 1)


def test_mk2_power_attacks_do_not_use_weapon_qualities_seed_001_l1017() -> None:
    swing = attack("sentinel", "Assault Shield", "grenadier")
    butt = power("sentinel", "head_butt", "grenadier")
    assert swing.weapon == "Assault Shield" and butt.weapon == "Head-butt"
    assert butt.damage_value == 8  # the Sentinel's STR, not its shield's P+S 11


def test_mk2_blast_is_half_pow_rounded_up_seed_001_l1275() -> None:
    direct = attack("grenadier", "Grenade Launcher", "sentinel")  # POW 12, AOE 3
    assert (direct.blast_base, direct.blast_value) == ("1/2 POW", 6)
    assert direct.on_miss is not None and "deviates" in direct.on_miss
    under = attack("grenadier", "Grenade Launcher", "sentinel", blast=True)
    assert under.automatic == "hit" and (under.damage_base, under.damage_value) == ("1/2 POW", 6)


def test_a_blast_needs_an_aoe_weapon() -> None:
    with pytest.raises(AttackError, match="Mattock has no AOE"):
        attack("grenadier", "Mattock", "sentinel", blast=True)


def test_mk2_spray_ignores_cover_and_stealth_but_not_melee_seed_001_l1297_1305() -> None:
    result = attack("captain-arlan-strangewayes", "Voltaic Gauntlet", "kell-bailoch", distance=8,
                    states=["cover", "concealment", "target_in_melee"])
    assert result.attack_kind == "spray"
    assert result.target_stats["DEF"].current == result.target_stats["DEF"].base  # no cover, no concealment
    assert result.automatic is None or result.automatic == "hit"
    assert result.attack.bonuses.get("target_in_melee") == -4  # 001 L1301-1307 keeps the -4


def test_mk2_mount_rolls_cannot_be_boosted_seed_001_l2067() -> None:
    result = attack("captain-jeremiah-kraye", "Mount", "sentinel", boosts=["attack", "damage"])
    assert result.attack_kind == "mount"
    assert (result.attack.dice, result.damage.dice) == (2, 2)
    assert (result.damage_base, result.damage_value) == ("POW", 10)  # mount POW, no STR


def test_mk2_impact_attacks_get_no_charge_bonus_seed_001_l2079() -> None:
    impact = attack("captain-jeremiah-kraye", "Mount", "sentinel", states=["charging"], impact=True)
    charge = attack("captain-jeremiah-kraye", "Bitter End", "sentinel", states=["charging"])
    assert "cavalry" in charge.attack.bonuses and "cavalry" not in impact.attack.bonuses
    assert not impact.damage.boostable


# --- MkIII (seed 003) ---------------------------------------------------------------------------


def test_mk3_blitzer_throws_a_savage_seed_003_l1908_1930() -> None:
    """Blitzer MAT 6 STR 12 and two Open Fists; Savage DEF 13 STR 8: 7+ to hit, 2d6+12 against
    d6+8 to break free, and the thrown Savage hits the Gladiator: power attack damage plus a die;
    the Swordsman it lands on takes collateral 2d6 + 12."""
    result = power("dire-troll-blitzer", "double_hand_throw", "cyclops-savage", target_states=["collided"])
    assert result.target_stats["DEF"].current - result.skill == 7  # (attack needs 7+)
    assert result.contest is not None and result.contest.attacker_dice == 2 and result.contest.target_dice == 1
    assert (result.damage_base, result.damage_value, result.damage.dice) == ("STR", 12, 3)
    assert result.collateral is not None and (result.collateral.dice, result.collateral_value) == (2, 12)


def test_mk3_mauler_slams_a_carnivean_into_a_wall_seed_003_l1824() -> None:
    """3d6 + the Mauler's STR, and the roll can still be boosted."""
    result = power("dire-troll-mauler", "slam", "carnivean", target_states=["collided"], boosts=["damage"])
    assert (result.damage_value, result.damage.dice) == (12, 4)


def test_mk3_power_attack_damage_is_2d6_plus_str_seed_003_l1834() -> None:
    result = power("dire-troll-mauler", "head_butt", "carnivean")
    assert (result.damage.dice, result.damage_base, result.damage_value) == (2, "STR", 12)


def test_mk3_siege_cannon_blast_is_half_pow_seed_003_l2052_l2073() -> None:
    result = attack("titan-cannoneer", "Siege Cannon", "titan-sentry", blast=True)  # POW 16
    assert (result.damage.dice, result.damage_value) == (2, 8)


def test_mk3_spray_ignores_the_target_in_melee_bonus_seed_003_l2084_2090() -> None:
    spray = attack("carnivean", "Dragon Breath", "cyclops-savage", states=["target_in_melee", "cover"])
    assert spray.target_stats["DEF"].current == 13


def test_mk3_impact_attacks_are_never_boosted_seed_003_l2939_2945() -> None:
    rules = resolve_ruleset(builtin(), "mk3")
    assert [e.kind for e in rules.attack_kinds["impact"].effects] == ["forbid_boost", "forbid_boost"]


# --- MkIV (seed 000) ----------------------------------------------------------------------------


def test_mk4_slam_between_equal_bases_into_a_wall_is_3d6_plus_12_seed_000_l2436_2447() -> None:
    """Dire Wolf slams a Stryker (same base) into a wall: 3d6 + 12, which can still be boosted."""
    result = power("stryker", "slam", "stryker", target_states=["collided"])
    assert (result.damage.dice, result.damage_value) == (3, 12) and result.damage.boostable


def test_mk4_larger_thrower_deals_pow_14_and_unboostable_collateral_seed_000_l2535_2550() -> None:
    """A Tyrant (larger base) throws a Courser into a Stryker: POW 14 plus a die, boostable;
    the collateral on a smaller model is POW 14 and cannot be boosted."""
    result = power("stryker", "throw", "courser", target_states=["collided"])  # 50 mm against 40 mm
    assert (result.damage.dice, result.damage_value) == (3, 14) and result.damage.boostable
    assert result.collateral is not None and result.collateral_value == 14 and not result.collateral.boostable


def test_mk4_smaller_slammer_gets_pow_12_and_minus_2_seed_000_l2348_l2452() -> None:
    result = power("courser", "slam", "stryker")
    assert result.damage_value == 12 and result.attack.bonuses == {"slam": -2}


def test_mk4_gladiator_adds_2_to_power_attack_and_collateral_damage_seed_000_l774() -> None:
    result = power("stryker", "slam", "courser", effects=["gladiator"])
    assert result.damage.bonuses == {"gladiator": 2}
    assert result.collateral is not None and result.collateral.bonuses == {"gladiator": 2}
    shot = attack("stryker", "Heavy Mag-Bolter", "courser", effects=["gladiator"])
    assert shot.damage.bonuses == {}


def test_mk4_blast_uses_the_pow_after_the_slash_seed_000_l2843_2848() -> None:
    direct = attack("stryker", "Electro Bombard", "courser")  # POW 15/10
    assert (direct.damage_value, direct.blast_base, direct.blast_value) == (15, "blast POW", 10)
    assert direct.on_miss is not None and "no deviation" in direct.on_miss
    under = attack("stryker", "Electro Bombard", "courser", blast=True)
    assert under.damage_value == 10


def test_unknown_power_attack_names_the_ones_the_ruleset_knows() -> None:
    with pytest.raises(AttackError, match="unknown power attack 'push'; the mk4 ruleset knows: head_butt, slam"):
        power("stryker", "push", "courser")


def test_a_power_attack_takes_no_weapon() -> None:
    with pytest.raises(AttackError, match="a power attack uses no weapon"):
        attack("stryker", "Heavy Mag-Bolter", "courser", power_attack="slam")


def test_power_attack_on_the_command_line() -> None:
    result = run_cli("explain-attack", "--attacker", "grenadier", "--power-attack", "slam", "--target", "sentinel",
                     "--target-state", "collided")
    assert result.exit_code == 0, result.output
    assert "damage roll: 3d6 + STR 7 against ARM 18" in result.output
    assert "collateral damage (models it is moved into): 2d6 + STR 7" in result.output


def test_command_line_without_weapon_or_power_attack_is_a_clear_error() -> None:
    result = run_cli("explain-attack", "--attacker", "grenadier", "--target", "sentinel")
    assert result.exit_code == 1 and "give the weapon (or spell) of the attack, or a power attack" in result.output


def test_power_attacks_page_is_fresh() -> None:
    committed = (ROOT / "docs" / "power-attacks.md").read_text(encoding="utf-8")
    assert committed == attack_kinds_reference(builtin()), "run 'wmdata docs generate power-attacks.md'"


def test_power_attacks_page_lists_every_kind_of_every_ruleset() -> None:
    page = attack_kinds_reference(builtin())
    for edition, ruleset in (("mk2", "mk2"), ("mk3", "mk3"), ("mk4", "mk4"), ("mk4", "variant-002")):
        assert f"(`{ruleset}`, {edition})" in page
        for kind in resolve_ruleset(builtin(), edition, ruleset).attack_kinds:
            assert f"| `{kind}` |" in page


# --- content rules that react to power attacks -------------------------------------------------


def test_mk2_set_defense_also_hurts_slams() -> None:
    """Set Defense (card data): -2 to charge, slam and impact attack rolls against its bearer."""
    slam = power("juggernaut", "slam", "major-victoria-haley")  # 50 mm slammer against a 30 mm target
    assert slam.attack.bonuses == {"set-defense": -2}
    head_butt = power("juggernaut", "head_butt", "major-victoria-haley")
    assert head_butt.attack.bonuses == {}


def test_mk3_set_defense_gives_def_against_slams_and_charges_only() -> None:
    base = 12  # Troll Impaler DEF
    assert power("dire-troll-mauler", "slam", "troll-impaler").target_stats["DEF"].current == base + 2
    assert power("dire-troll-mauler", "head_butt", "troll-impaler").target_stats["DEF"].current == base
    charge = attack("dire-troll-mauler", "Claw", "troll-impaler", states=["charging"])
    assert charge.target_stats["DEF"].current == base + 2


def test_mk2_affinity_sorscha_rerolls_slams_in_her_control_area_seed_001_l2105_2111() -> None:
    inside = power("beast-09", "slam", "juggernaut", states=["in_control_range"])
    outside = power("beast-09", "slam", "juggernaut")
    assert inside.attack.miss_rerolls == ["affinity-sorscha"] and outside.attack.miss_rerolls == []
    assert inside.attack.rerolls == []  # only a miss: a hit is never rerolled


# --- targets a power attack may not take ------------------------------------------------------


@pytest.mark.parametrize(("attacker", "kind", "target", "states", "message"), [
    ("sentinel", "head_butt", "juggernaut", [], "a Head-butt cannot target a model with a larger base"),  # 001 L1045
    ("sentinel", "throw", "juggernaut", [], "a Throw cannot target a model with a larger base"),  # 001 L1105
    ("juggernaut", "slam", "sentinel", ["knocked_down"], "a Slam cannot target a knocked down model"),  # 001 L1067
    ("juggernaut", "headlock", "sentinel", ["knocked_down"], "cannot target a knocked down model"),  # 001 L1023
    ("cyclops-savage", "head_butt", "dire-troll-mauler", [], "larger base"),  # 003 L1842
    ("courser", "throw", "stryker", [], "a Throw cannot target a model with a larger base"),  # 000 L2458-2500
])
def test_power_attacks_refuse_targets_the_rules_forbid(attacker: str, kind: str, target: str, states: list[str],
                                                      message: str) -> None:
    with pytest.raises(AttackError, match=message):
        power(attacker, kind, target, states=states)


def test_a_smaller_or_equal_target_may_be_head_butted() -> None:
    assert power("juggernaut", "head_butt", "sentinel").attack_kind == "head_butt"  # 50 mm against 40 mm
    assert power("sentinel", "head_butt", "grenadier").attack_kind == "head_butt"  # 40 mm against 40 mm
