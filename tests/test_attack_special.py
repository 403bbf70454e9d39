"""Special attacks the odds make (issue 11): ``wmdata attack --special-attack RULE`` and
``--consider-special-attack RULE``.

A special attack is a combat action option taken instead of the initial attacks (seed 001
L396, L907; seed 003 L1533; seed 000 L1818); additional attacks of its type may be bought
after it (seed 001 L915), and a charging model may make one as its charge attack (seed 001
L843-845).  A rule says it is one with its ``special_attack`` block, and its numbers are its
effects gated by ``when: {special_attack: [rule id]}``.

MkII Slayer (content/mk2/factions/cryx/warjacks.yaml): STR 10, MAT 7, Deathclaw POW 6 (P+S 16,
count 2, Combo Strike), Tusks POW 2.  MkII Ironclad: DEF 12, ARM 18, a 30-box grid whose columns
hold 4, 5, 6, 6, 5, 4 boxes.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest

from tests.attack_support import attack_json, explain_json, roll_of
from tests.conftest import run_cli

SLAYER = ("--attacker", "slayer", "--target", "ironclad", "--edition", "mk2")



def _refused(*args: str) -> str:
    result = run_cli("attack", *args)
    assert "Traceback" not in result.output
    assert result.exit_code == 1, result.output
    return result.output


def test_combo_strike_damage_is_str_plus_twice_the_weapon_pow() -> None:
    # P+S = STR 10 + 2 x POW 6 = 22 (seed 001 L2937, L3297 name it; the card doubles the POW).
    answer = attack_json(*SLAYER, "--special-attack", "combo-strike")
    assert answer["first_damage"].startswith("2d6 + P+S 22")
    # Hit: 2d6 + 7 >= 12, i.e. 2d6 >= 5: 30/36.  Damage 2d6 + 22 - 18 = 2d6 + 4, at most 16 (< 30
    # boxes): expected 30/36 x 11 = 9.1667; 16 points needs a hit and double 6: 30/36 x 1/36.
    assert answer["p_hit"] == pytest.approx(30 / 36)
    assert answer["expected_damage"] == pytest.approx(30 / 36 * 11)
    assert answer["damage_distribution"]["16"] == pytest.approx(30 / 36 / 36)
    assert answer["damage_distribution"]["0"] == pytest.approx(6 / 36)
    # The doubled POW never acts in the weapon's normal attacks.
    plain = explain_json("--attacker", "slayer", "--weapon", "Deathclaw", "--target", "ironclad", "--edition", "mk2")
    assert roll_of(plain, "damage_roll")["value"] == 16  # STR 10 + POW 6


def test_a_combo_strike_kills_a_target_with_one_box_left_per_column() -> None:
    # Marked 3,4,5,5,4,3 leaves one box in each column: 6 boxes, and a hit's least damage is
    # 2 + 4 = 6, so every hit kills: 30/36.
    answer = attack_json(*SLAYER, "--special-attack", "Combo Strike", "--marked", "3,4,5,5,4,3")
    assert answer["p_destroyed"] == pytest.approx(30 / 36)


def test_a_charging_combo_strike_is_the_charge_attack() -> None:
    # Marked 2,3,4,4,3,2 leaves 12 boxes.  Without a charge: a hit and 2d6 + 4 >= 12, 2d6 >= 8:
    # 30/36 x 15/36.  Charging (seed 001 L843-845: the special attack is the first attack after
    # the charge, its damage boosted): 3d6 + 4 >= 12, 3d6 >= 8: 1 - 35/216 = 181/216.
    marked = ("--marked", "2,3,4,4,3,2")
    assert attack_json(*SLAYER, "--special-attack", "combo-strike", *marked)["p_destroyed"] == pytest.approx(
        30 / 36 * 15 / 36)
    charged = attack_json(*SLAYER, "--special-attack", "combo-strike", "--charge", *marked)
    assert charged["p_destroyed"] == pytest.approx(
        30 / 36 * 181 / 216)


def test_focus_buys_melee_attacks_after_the_combo_strike() -> None:
    answer = attack_json(*SLAYER, "--special-attack", "combo-strike", "--focus", "2")
    weapons = [step["weapon"] for step in answer["plan"]]
    assert weapons[0] == "Combo Strike (special attack)"
    assert set(weapons[1:]) <= {"Deathclaw", "Tusks"} and len(answer["plan"]) >= 3
    assert answer["additional_attacks"]["allowed"] is True


def test_considered_beside_the_weapon_plan() -> None:
    marked = ("--marked", "2,3,4,4,3,2")
    alone = attack_json(*SLAYER, "--special-attack", "combo-strike", *marked)["p_destroyed"]
    answer = attack_json(*SLAYER, "--weapon", "Deathclaw", *marked, "--consider-special-attack", "combo-strike")
    options = answer["power_attack_options"]["options"]
    assert options == [{"special_attack": "combo-strike", "name": "Combo Strike", "p_destroyed": pytest.approx(alone),
                        "paid": 0, "cannot": None, "assumes_later_attacks_reach": False, "slam_run": None,
                        "throw_heading": None}]


def test_a_crippled_arm_bars_the_combo_strike() -> None:
    # Seed 001 L3297: not while either arm system is crippled.
    output = _refused(*SLAYER, "--special-attack", "combo-strike", "--attacker-crippled", "L")
    assert "cannot make Combo Strike" in output and "L3297" in output
    answer = attack_json(*SLAYER, "--weapon", "Tusks", "--attacker-crippled", "R",
                     "--consider-special-attack", "combo-strike")
    option = answer["power_attack_options"]["options"][0]
    assert option["p_destroyed"] is None and "Right Arm is crippled" in option["cannot"]


@pytest.mark.parametrize(("asked", "words"), [
    ("no-such-rule", "has no weapon rule 'no-such-rule'; special attacks it can make here: combo-strike (Deathclaw)"),
    ("open-fist", "Open Fist is not a special attack"),
])
def test_a_rule_that_is_not_its_special_attack_is_refused(asked: str, words: str) -> None:
    assert words in _refused(*SLAYER, "--special-attack", asked)
    assert words in _refused(*SLAYER, "--weapon", "Deathclaw", "--consider-special-attack", asked)


def test_a_special_attack_still_text_only_is_named_so() -> None:
    output = _refused("--attacker", "ironclad", "--target", "juggernaut", "--special-attack", "tremor")
    assert "Tremor is a special attack the odds do not make yet" in output
    chained = _refused("--attacker", "berserker", "--target", "ironclad", "--special-attack", "chain-attack-brutality")
    assert "Chain Attack: Brutality is a chain attack: the odds make it by themselves" in chained


@pytest.mark.parametrize("extra", [("--weapon", "Deathclaw"), ("--power-attack", "head_butt"), ("--attacks", "2"),
                                   ("--consider-power-attack", "slam")])
def test_options_that_do_not_go_with_a_special_attack(extra: tuple[str, ...]) -> None:
    _refused(*SLAYER, "--special-attack", "combo-strike", *extra)


CANKERWORM = ("--attacker", "cankerworm", "--special-attack", "armor-piercing", "--edition", "mk2")
"""MkII Cankerworm: MAT 7, Bite P+S 11 (STR 8 + POW 3) with Armor Piercing."""


def test_armor_piercing_halves_the_arm_of_a_medium_or_larger_base() -> None:
    # Ironclad (50 mm, DEF 12, ARM 18): ARM 18 halved is 9; damage 2d6 + 11 - 9 = 2d6 + 2, at
    # most 14 < 30 boxes.  Hit 2d6 + 7 >= 12: 30/36.  Expected 30/36 x (7 + 2) = 7.5.
    answer = attack_json(*CANKERWORM, "--target", "ironclad")
    assert answer["first_damage"].endswith("vs ARM 9")
    assert answer["expected_damage"] == pytest.approx(30 / 36 * 9)
    assert answer["damage_distribution"]["14"] == pytest.approx(30 / 36 / 36)


def test_armor_piercing_adds_two_against_a_small_base() -> None:
    # Warwitch Deneghra (30 mm, DEF 16, ARM 14, 16 boxes): hit 2d6 + 7 >= 16, 2d6 >= 9: 10/36;
    # damage 2d6 + 11 + 2 - 14 = 2d6 - 1 (1 to 11).  Expected 10/36 x 6.
    answer = attack_json(*CANKERWORM, "--target", "warwitch-deneghra")
    assert answer["first_damage"].endswith("+2 vs ARM 14")
    assert answer["expected_damage"] == pytest.approx(10 / 36 * 6)
    assert answer["damage_distribution"]["1"] == pytest.approx(10 / 36 / 36)


def test_a_weapons_rule_on_the_other_models_arm_acts_only_with_that_weapon() -> None:
    # The Bite's normal attack meets the Ironclad's full ARM 18: P+S 11, no +2.
    plain = explain_json("--attacker", "cankerworm", "--weapon", "Bite", "--target", "ironclad", "--edition", "mk2")
    assert plain["target_arm"] == 18 and roll_of(plain, "damage_roll")["value"] == 11
    replicator = explain_json("--attacker", "cankerworm", "--weapon", "Replicator", "--target", "ironclad",
                              "--edition", "mk2")
    assert replicator["target_arm"] == 18


MARAUDER = ("--attacker", "marauder", "--target", "ironclad", "--special-attack", "combo-smite", "--edition", "mk2")
"""MkII Marauder: STR 12, MAT 6, Ram Piston POW 4 (x2, Combo Smite)."""


def test_combo_smite_slams_at_str_plus_both_pistons() -> None:
    # Seed 001 L1117: the Combo Smite's slam damage adds both weapons' POW to STR: 12 + 4 + 4 = 20,
    # 2d6 + 20 - 18 = 2d6 + 2.  Hit 2d6 + 6 >= 12, 2d6 >= 6: 26/36.  Expected 26/36 x 9 = 6.5;
    # every hit knocks down and moves the Ironclad (a slam: d6 inches, equal bases).
    answer = attack_json(*MARAUDER)
    assert answer["p_hit"] == pytest.approx(26 / 36)
    assert answer["expected_damage"] == pytest.approx(26 / 36 * 9)
    assert answer["damage_distribution"]["14"] == pytest.approx(26 / 36 / 36)
    assert answer["p_target_states"]["knocked_down"] == pytest.approx(26 / 36)
    assert answer["moved"]["p_moved"] == pytest.approx(26 / 36)
    assert answer["attack_effects"]["critical_power_attacks"] == [
        {"power_attack": "slam", "source": "combo-smite", "window": "on_hit", "always": True}]


@pytest.mark.parametrize(("policy", "kill"), [
    # One box left in each column (6): a slam of 2d6 + 2 >= 6 kills, 2d6 >= 4: 33/36.
    # none: 26/36 x 33/36.  The slam is no choice: even this fixed policy slams every hit.
    ("none", 26 / 36 * 33 / 36),
    # buy-attacks, 1 focus: a hit slams the Ironclad out of the Ram Piston's 1/2 inch, so the
    # bought attack follows only a miss: + 10/36 x 26/36 x 15/36 (a normal Ram Piston hit:
    # 2d6 + 16 - 18 >= 6, 2d6 >= 8: 15/36).
    ("buy-attacks", 26 / 36 * 33 / 36 + 10 / 36 * 26 / 36 * 15 / 36),
    # optimal: boost the attack roll (3d6 + 6 >= 12, 3d6 >= 6: 206/216), then the slam: 206/216 x 33/36
    # (better than boosting the damage, 26/36 x 215/216 + the miss's bought attack).
    ("optimal", 206 / 216 * 33 / 36),
])
def test_every_combo_smite_hit_is_a_slam(policy: str, kill: float) -> None:
    answer = attack_json(*MARAUDER, "--marked", "3,4,5,5,4,3", "--focus", "1", "--policy", policy)
    assert answer["p_destroyed"] == pytest.approx(kill)


def test_smite_slams_at_str_plus_pow_half_as_far_for_a_bigger_base() -> None:
    # Grand Exemplar Kreoss (30 mm, STR 6, MAT 7), Justifier POW 8, reach: slam damage 2d6 + 14 - 18,
    # i.e. sum over 2d6 = 5..12 of (total - 4): (4x1 + 5x2 + 6x3 + 5x4 + 4x5 + 3x6 + 2x7 + 8) / 36
    # = 112/36, times a hit 30/36.  A smaller slammer moves the 50 mm Ironclad half the d6
    # (seed 001 L2875): 0.5 to 3 inches, 1/6 each of the hits; the 2 inch reach keeps 4 of 6.
    answer = attack_json("--attacker", "grand-exemplar-kreoss", "--target", "ironclad", "--special-attack", "smite",
                     "--edition", "mk2")
    assert answer["expected_damage"] == pytest.approx(30 / 36 * 112 / 36)
    assert answer["moved"]["distance"]["3"] == pytest.approx(30 / 36 / 6)
    assert answer["moved"]["p_in_reach_if_moved"] == pytest.approx(4 / 6)


def _totals(dice: int) -> Counter[int]:
    """Sum of ``dice`` d6 -> the number of the 6**dice faces giving it (an independent brute force)."""
    return Counter(sum(faces) for faces in product(range(1, 7), repeat=dice))


KREOSS = ("--target", "high-exemplar-kreoss", "--marked", "4", "--edition", "mk2")
"""MkII High Exemplar Kreoss: DEF 14, ARM 15, 30 mm, 18 boxes; 4 marked leaves 14."""


def test_brutality_head_butts_after_both_war_axes_hit() -> None:
    # Berserker (MAT 5, STR 11, War Axe x2 P+S 16, Brutality: seed 001 L3083).  An axe hits on
    # 2d6 + 5 >= 14 (2d6 >= 9: 10/36) for 2d6 + 1; one hit (at most 13) never kills 14 boxes.
    # Both hit: 4d6 + 2 >= 14 kills; else the free head-butt (hit 10/36, 2d6 + 11 - 15 = 2d6 - 4,
    # at least 0) may finish it.  Without the chain attack only the first term counts.
    four, two = _totals(4), _totals(2)
    both_kill = sum(n for total, n in four.items() if total >= 12) / 6**4
    with_butt = sum(n * m for total, n in four.items() for head, m in two.items()
                    if total + max(0, head - 4) >= 12) / 6**6
    kill = (10 / 36) ** 2 * (26 / 36 * both_kill + 10 / 36 * with_butt)
    answer = attack_json("--attacker", "berserker", "--weapon", "War Axe", *KREOSS)
    assert answer["p_destroyed"] == pytest.approx(kill)
    assert answer["p_destroyed"] > (10 / 36) ** 2 * both_kill + 1e-4
    # knocked down only by the head-butt, made only while the axes left Kreoss standing
    assert answer["p_target_states"]["knocked_down"] == pytest.approx((10 / 36) ** 3 * (1 - both_kill))


def test_bloodbath_swings_once_more_after_both_axes_hit() -> None:
    # Drago (MAT 7, Executioner Axe x2 P+S 16, Bloodbath: seed 001 L3121): a hit on 2d6 >= 7
    # (21/36) for 2d6 + 1.  Both hit: 4d6 + 2 >= 14, or the third swing (21/36) with
    # 4d6 + 2 + 2d6 + 1 >= 14.  Against the target the swing at every model in reach is one attack.
    four, two = _totals(4), _totals(2)
    both_kill = sum(n for total, n in four.items() if total >= 12) / 6**4
    third = sum(n * m for total, n in four.items() for more, m in two.items()
                if total < 12 and total + more >= 11) / 6**6
    answer = attack_json("--attacker", "drago", "--weapon", "Executioner Axe", *KREOSS)
    assert answer["p_destroyed"] == pytest.approx((21 / 36) ** 2 * (both_kill + 21 / 36 * third))
    assert answer["weapons"][-1] == "Chain Attack: Bloodbath (chain attack)"


def test_a_crippled_arm_bars_the_chain_attack() -> None:
    # Seed 001 L3083: no chain attack while either arm system is crippled; the War Axe in the
    # working arm still makes its attacks, so the odds are those without the head-butt.
    four = _totals(4)
    both_kill = sum(n for total, n in four.items() if total >= 12) / 6**4
    result = run_cli("attack", "--attacker", "berserker", "--weapon", "War Axe", *KREOSS, "--attacker-crippled", "M",
                     "--json")
    assert json.loads(result.output)["p_destroyed"] > (10 / 36) ** 2 * both_kill + 1e-4  # Movement is no arm
    text = run_cli("attack", "--attacker", "berserker", "--weapon", "War Axe", *KREOSS, "--attacker-crippled",
                   "Left Arm").output
    assert "Chain Attack: Brutality is not made" in text and "(seed 001 L3083)" in text


def test_one_initial_attack_makes_no_chain() -> None:
    answer = attack_json("--attacker", "berserker", "--weapon", "War Axe", "--attacks", "1", *KREOSS)
    assert answer["p_destroyed"] == 0.0  # one hit deals at most 13 of 14


def test_thresher_is_one_attack_on_the_target() -> None:
    # MkII Harrower (MAT 6), Perisher P+S 16 with Thresher, against the Ironclad (DEF 12, ARM 18): its
    # swing at every model in reach is one attack on the target, made instead of the initial
    # attacks.  Hit 2d6 >= 6: 26/36; damage 2d6 - 2 (0 to 10), mean 5: expected 26/36 x 5.
    answer = attack_json("--attacker", "harrower", "--target", "ironclad", "--special-attack", "thresher",
                     "--edition", "mk2")
    assert answer["expected_damage"] == pytest.approx(26 / 36 * 5)
    assert answer["weapons"] == ["Thresher (special attack)", "Perisher"]


def test_ice_breaker_adds_a_damage_die_in_its_attack_only() -> None:
    # MkII Man-O-War Demolition Corps (MAT 7), Ice Maul P+S 14, against Kreoss with 14 boxes left
    # (DEF 14, ARM 15): hit 2d6 >= 7: 21/36; damage 3d6 - 1 >= 14 kills: 3d6 >= 15, 20/216.
    answer = attack_json("--attacker", "man-o-war-demolition-corps", "--special-attack", "ice-breaker", *KREOSS)
    assert answer["first_damage"].startswith("3d6 + P+S 14")
    assert answer["p_destroyed"] == pytest.approx(21 / 36 * 20 / 216)
    plain = explain_json("--attacker", "man-o-war-demolition-corps", "--weapon", "Ice Maul", "--target",
                         "high-exemplar-kreoss", "--edition", "mk2")
    assert roll_of(plain, "damage_roll")["dice"] == 2


def test_the_chain_attack_is_not_a_bought_one() -> None:
    answer = attack_json("--attacker", "berserker", "--weapon", "War Axe", "--target", "ironclad", "--edition", "mk2",
                     "--focus", "2")
    chained = [step for step in answer["plan"] if step["weapon"] == "Chain Attack: Brutality (chain attack)"]
    assert chained and not any(step["additional"] for step in chained)
    assert all(step["additional"] for step in answer["plan"] if step["attack"] > 3)


def test_mkiv_armor_piercing_halves_the_base_arm_of_the_model_hit() -> None:
    # MkIV Stryker's Heavy Mag-Bolter (Armor-Piercing, a weapon rule there, not a special attack)
    # against a Courser: base ARM 16 halved is 8, then the Electrified Shield's +2: 10.  The Electro
    # Bombard meets 16 + 2 = 18, and a Courser attacking the Stryker meets its full ARM.
    bolter = explain_json("--attacker", "stryker", "--weapon", "Heavy Mag-Bolter", "--target", "courser")
    assert bolter["target_arm"] == 10
    bombard = explain_json("--attacker", "stryker", "--weapon", "Electro Bombard", "--target", "courser")
    assert bombard["target_arm"] == 18
    back = explain_json("--attacker", "courser", "--weapon", "Electrified Shield", "--target", "stryker")
    assert back["target_arm"] == 18


def _damage(offset: int) -> dict[int, float]:
    """Damage points of a 2d6 damage roll plus ``offset`` (never below 0) -> chance, by brute force."""
    found: dict[int, float] = {}
    for total, ways in _totals(2).items():
        found[max(0, total + offset)] = found.get(max(0, total + offset), 0.0) + ways / 36
    return found


def test_grab_and_smash_takes_the_best_follow_up() -> None:
    # MkII Seether (MAT 8, STR 10; Deathclaw x2 P+S 16 with Grab & Smash, Tusks P+S 12), in the
    # order given: Deathclaw, Deathclaw, then Tusks, against Kreoss (DEF 14, ARM 15, 14 boxes left).
    # Every attack roll is 2d6 + 8 >= 14: 26/36.  Claws deal 2d6 + 1, Tusks 2d6 - 3.  After both
    # claws hit, the plan may throw (Kreoss flies out of the Tusks' reach), double-hand throw,
    # head-butt or push; the head-butt (2d6 + 10 - 15 = 2d6 - 5) knocks Kreoss down, so the Tusks
    # then hit automatically (seed 001 L1393).  Brute force with the head-butt taken:
    hit, claw, butt, tusk = 26 / 36, _damage(1), _damage(-5), _damage(-3)
    kill = 0.0
    for first, p_first in claw.items():
        for second, p_second in claw.items():
            weight = hit * hit * p_first * p_second
            dealt = first + second
            if dealt >= 14:
                kill += weight
                continue
            kill += weight * hit * sum(p_b * p_t for b, p_b in butt.items() for t, p_t in tusk.items()
                                       if dealt + b + t >= 14)
            kill += weight * (1 - hit) * hit * sum(p_t for t, p_t in tusk.items() if dealt + t >= 14)
        kill += 2 * hit * (1 - hit) * p_first * hit * sum(p_t for t, p_t in tusk.items() if first + t >= 14)
    answer = attack_json("--attacker", "seether", "--weapon", "Deathclaw", "--in-order", *KREOSS)
    assert answer["policy"] == "optimal"  # the follow-up is a free choice
    assert answer["p_destroyed"] == pytest.approx(kill)
    assert "Chain Attack: Grab & Smash: Head-butt (chain attack)" in answer["weapons"]


def test_chain_smite_slams_after_both_relic_blades_hit() -> None:
    # MkII Knights Exemplar Seneschal (MAT 8, STR 6), Relic Blade x2 (POW 5, P+S 11, Weapon Master:
    # a third damage die) with Chain Attack: Smite, against Kreoss (DEF 14, ARM 15, 14 boxes left).
    # Each attack hits on 2d6 >= 6 (26/36); a blade deals 3d6 + 11 - 15 (at least 0), one alone
    # kills only on 3d6 = 18.  After both hit, one more swing whose hit is a slam: 2d6 + 6 + 5 - 15
    # (two dice: Weapon Master's die belongs to the damage roll it replaces, seed 001 L2975).
    hit, slam = 26 / 36, _damage(-4)
    blade = {}
    for total, ways in _totals(3).items():
        blade[max(0, total - 4)] = blade.get(max(0, total - 4), 0.0) + ways / 216
    kill = 2 * hit * (1 - hit) * blade[14]
    for first, p_first in blade.items():
        for second, p_second in blade.items():
            weight = hit * hit * p_first * p_second
            kill += weight if first + second >= 14 else weight * hit * sum(
                p for points, p in slam.items() if first + second + points >= 14)
    answer = attack_json("--attacker", "knights-exemplar-seneschal", "--weapon", "Relic Blade", *KREOSS)
    assert answer["p_destroyed"] == pytest.approx(kill)
    assert answer["weapons"] == ["Relic Blade", "Chain Attack: Smite (chain attack)"]


def test_the_hammersmiths_chain_smite_follows_both_hammers() -> None:
    # Seed 001 L2727: the rule is on the model; its chain_attack names the weapons in L and R.
    text = run_cli("attack", "--attacker", "hammersmith", "--weapon", "Hammer (Right)", "--target", "ironclad",
                   "--edition", "mk2").output
    assert "after both initial attacks of Hammer (Right) and Hammer (Left) hit the target" in text
