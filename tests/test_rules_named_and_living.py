"""Card rules made executable by two conditions of the effect language: ``other_living``
(the other model of the attack is living: not a warjack and without Construct or Undead,
seed 001 L162, L280, L308) and ``named`` (the effect waits until the rule is named with
--effect / --target-effect, because what switches it on, an enemy attack that damaged the
unit or another model of the unit engaging the target, is outside the attack).  Each test
runs the attack with and without the condition; the expected numbers are worked out by hand
from the cards in content/ and the rule's text."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from tests.attack_support import explain_json, roll_of
from tests.conftest import run_cli


def _p_hit_mk2(skill: int, defense: int, bonus: int = 0) -> Fraction:
    """Two dice, MkII: a total of at least DEF hits, all 1s miss, all 6s hit (seed 001)."""
    hits = 0
    for a, b in product(range(1, 7), repeat=2):
        total = a + b + skill + bonus
        hits += (a, b) != (1, 1) and ((a, b) == (6, 6) or total >= defense)
    return Fraction(hits, 36)


KNIVES = ("--attacker", "doc-killingsworth", "--weapon", "Dirty Throwing Knives", "--edition", "mk2")


@pytest.mark.parametrize(("target", "dice", "why"), [
    ("bane-lord-tartarus", 2, "undead: not living"),
    ("freebooter", 2, "a warjack: not living"),
    ("sword-knights", 3, "troopers are living: Poison adds a die"),
])
def test_poison_adds_a_damage_die_only_against_living_models(target: str, dice: int, why: str) -> None:
    damage = roll_of(explain_json(*KNIVES, "--target", target), "damage_roll")
    assert damage["dice"] == dice, why
    assert damage["added"] == ({"poison": 1} if dice == 3 else {})


def test_trash_adds_a_damage_die_against_a_knocked_down_target() -> None:
    clamp = ("--attacker", "freebooter", "--weapon", "Clamp (L)", "--target", "sword-knights", "--edition", "mk2")
    assert roll_of(explain_json(*clamp), "damage_roll")["dice"] == 2
    down = roll_of(explain_json(*clamp, "--state", "knocked_down"), "damage_roll")
    assert down["dice"] == 3 and down["added"] == {"trash": 1}


def test_awe_penalises_a_living_attacker_only_where_it_is_named() -> None:
    # The Harbinger's Awe: -2 on the attack rolls of living enemies in her command range.
    on_harbinger = ("--target", "the-harbinger-of-menoth", "--edition", "mk2")
    living = ("--attacker", "doc-killingsworth", "--weapon", "Dirty Throwing Knives", *on_harbinger)
    assert roll_of(explain_json(*living), "attack_roll")["bonuses"] == {}
    assert roll_of(explain_json(*living, "--target-effect", "awe"), "attack_roll")["bonuses"] == {"awe": -2}
    warjack = ("--attacker", "freebooter", "--weapon", "Clamp (L)", *on_harbinger, "--target-effect", "awe")
    assert roll_of(explain_json(*warjack), "attack_roll")["bonuses"] == {}


def test_gang_gives_two_to_hit_and_to_damage_when_named() -> None:
    # Kayazy Assassin (MAT 7, Assassin Blade P+S 10) against a Sword Knight (DEF 13, ARM 14).
    pair = ("--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--target", "sword-knights",
            "--edition", "mk2")
    alone, ganged = explain_json(*pair), explain_json(*pair, "--effect", "gang")
    assert roll_of(alone, "attack_roll")["bonuses"] == {} and roll_of(alone, "damage_roll")["bonuses"] == {}
    assert roll_of(ganged, "attack_roll")["bonuses"] == {"gang": 2}
    assert roll_of(ganged, "damage_roll")["bonuses"] == {"gang": 2}
    # odds of the first hit: 2d6 + 7 >= 13 needs 6 or more (26 of 36), with Gang 4 or more (33 of 36)
    for extra, expected in (((), _p_hit_mk2(7, 13)), (("--effect", "gang"), _p_hit_mk2(7, 13, 2))):
        result = run_cli("attack", *pair, *extra, "--attacks", "1", "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["p_hit"] == pytest.approx(float(expected), abs=1e-9)
    assert (_p_hit_mk2(7, 13), _p_hit_mk2(7, 13, 2)) == (Fraction(26, 36), Fraction(33, 36))


def test_defensive_line_needs_base_contact_with_the_unit() -> None:
    # Sword Knights: ARM 14 on the card (content mk2 cygnar units), +2 in base contact.
    pair = ("--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--target", "sword-knights",
            "--edition", "mk2")
    assert explain_json(*pair)["target_arm"] == 14
    assert explain_json(*pair, "--target-state", "unit_base_contact")["target_arm"] == 16


def test_a_rule_that_waits_for_its_name_does_nothing_from_the_card() -> None:
    # Battle Mechaniks carry Iron Sentinel; touching a warjack is not known to the attack, so the
    # card alone leaves DEF and ARM as printed, and naming it adds 2 to both.
    pair = ("--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--target", "battle-mechaniks",
            "--edition", "mk2")
    plain, named = explain_json(*pair), explain_json(*pair, "--target-effect", "iron-sentinel")
    assert named["target_def"] == plain["target_def"] + 2
    assert named["target_arm"] == plain["target_arm"] + 2


def test_battle_driven_adds_strength_and_armour_for_the_round() -> None:
    # Knights Exemplar: +2 STR (melee damage is P+S, so +2) and +2 ARM after an enemy attack damaged them.
    blade = ("--attacker", "knights-exemplar", "--weapon", "Relic Blade", "--target", "knights-exemplar",
             "--edition", "mk2")
    plain = explain_json(*blade)
    driven = explain_json(*blade, "--effect", "battle-driven", "--target-effect", "battle-driven")
    assert roll_of(driven, "damage_roll")["value"] == roll_of(plain, "damage_roll")["value"] + 2
    assert driven["target_arm"] == plain["target_arm"] + 2


def test_breath_taker_helps_against_living_models_only() -> None:
    # The Deathwalker (no weapon of its own) gives living enemies within 5 inches -2 DEF; a friendly
    # attacker names it for a target standing there, and gets +2 on the attack roll against it.
    blade = ("--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--edition", "mk2",
             "--effect", "breath-taker")
    assert roll_of(explain_json(*blade, "--target", "sword-knights"), "attack_roll")["bonuses"] == {"breath-taker": 2}
    assert roll_of(explain_json(*blade, "--target", "freebooter"), "attack_roll")["bonuses"] == {}


def test_prey_gives_two_to_hit_and_damage_against_the_prey() -> None:
    claw = ("--attacker", "nightmare", "--weapon", "Wicked Claw", "--target", "sword-knights", "--edition", "mk2")
    assert roll_of(explain_json(*claw), "attack_roll")["bonuses"] == {}
    prey = explain_json(*claw, "--effect", "prey")
    assert roll_of(prey, "attack_roll")["bonuses"] == {"prey": 2}
    assert roll_of(prey, "damage_roll")["bonuses"] == {"prey": 2}


def test_the_odds_list_a_rule_that_waits_for_its_name_until_it_is_named() -> None:
    pair = ("attack", "--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--target", "battle-mechaniks",
            "--edition", "mk2", "--attacks", "1", "--json")

    def gaps(*extra: str) -> dict[str, str]:
        result = run_cli(*pair, *extra)
        assert result.exit_code == 0, result.output
        return {gap["rule"]: gap["coverage"] for gap in json.loads(result.output)["not_in_odds"]}

    plain = gaps()
    assert plain["gang"] == plain["iron-sentinel"] == "executable when named"
    named = gaps("--effect", "gang", "--target-effect", "iron-sentinel")
    assert "gang" not in named and "iron-sentinel" not in named


def test_both_barrels_adds_four_to_the_damage_of_the_special_shot_only() -> None:
    # Gorten's Dual Hand Cannon carries Both Barrels: its normal shots get nothing, the special
    # attack (named) +4 on the damage roll.
    cannon = ("--attacker", "gorten-grundback", "--weapon", "Dual Hand Cannon", "--target", "sword-knights",
              "--edition", "mk2")
    assert roll_of(explain_json(*cannon), "damage_roll")["bonuses"] == {}
    assert roll_of(explain_json(*cannon, "--effect", "both-barrels"), "damage_roll")["bonuses"] == {"both-barrels": 4}


def test_an_order_named_on_the_target_raises_its_defence() -> None:
    # Bob and Weave: +2 DEF for the round after the order (Sword Knights DEF 13 on the card).
    pair = ("--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--target", "sword-knights",
            "--edition", "mk2")
    assert explain_json(*pair)["target_def"] == 13
    assert explain_json(*pair, "--target-effect", "bob-and-weave")["target_def"] == 15


@pytest.mark.parametrize(("target", "dice"), [("sword-knights", 3), ("freebooter", 2)])
def test_murderous_adds_an_attack_die_against_living_warriors_once_paid(target: str, dice: int) -> None:
    # Beast-09's Imprint: Murderous, named for the activation its focus was paid: an extra melee
    # attack die against living enemy warriors (Sword Knights), none against a warjack.
    fist = ("--attacker", "beast-09", "--weapon", "Open Fist", "--target", target, "--edition", "mk2")
    assert roll_of(explain_json(*fist), "attack_roll")["dice"] == 2
    assert roll_of(explain_json(*fist, "--effect", "imprint-murderous"), "attack_roll")["dice"] == dice


@pytest.mark.parametrize(("target", "printed", "gripped"), [
    ("sword-knights", 13, 11),  # DEF 13 on the card, 2 less under Icy Grip
    ("forward-kommander-sorscha", 16, 16),  # Immunity: Cold on her card: the spell leaves her DEF alone
])
def test_icy_grip_spares_a_model_immune_to_cold(target: str, printed: int, gripped: int) -> None:
    pair = ("--attacker", "kayazy-assassins", "--weapon", "Assassin Blade", "--target", target, "--edition", "mk2")
    assert explain_json(*pair)["target_def"] == printed
    assert explain_json(*pair, "--target-effect", "icy-grip")["target_def"] == gripped
