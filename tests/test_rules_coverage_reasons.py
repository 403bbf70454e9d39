"""Rules of MkIII and MkIV made executable (with and without the condition, numbers worked
out by hand from the cards in content/), and the reasons every rule still text only or
partial gives: none says only ``other``, and each reason sits on the right side of the
line between what may change an attack's numbers and what cannot."""

from __future__ import annotations

from typing import get_args

import pytest

from tests.attack_support import explain_json, roll_of
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine.unmodelled import OUTSIDE_THE_ODDS, TARGET_OUTSIDE
from wmdata.model.vocabulary import Unmodelled, coverage_of


def test_mk3_defensive_line_adds_two_armour_in_base_contact() -> None:
    # Trollkin Champions: ARM 16 on the card, 18 while touching another Champion.
    pair = ("--attacker", "void-spirit", "--weapon", "Rend", "--target", "trollkin-champions", "--edition", "mk3")
    assert explain_json(*pair)["target_arm"] == 16
    assert explain_json(*pair, "--target-state", "unit_base_contact")["target_arm"] == 18


@pytest.mark.parametrize(("target", "dice"), [("woldwarden", 2), ("trollkin-champions", 3)])
def test_annihilator_adds_dice_only_against_living_targets(target: str, dice: int) -> None:
    # The Void Spirit's Rend: an extra attack and damage die against living models; the
    # Woldwarden is a construct (not living), the Champions are living.
    answer = explain_json("--attacker", "void-spirit", "--weapon", "Rend", "--target", target, "--edition", "mk3")
    assert roll_of(answer, "attack_roll")["dice"] == dice
    assert roll_of(answer, "damage_roll")["dice"] == dice


def test_death_shroud_takes_two_strength_from_a_melee_attacker() -> None:
    # Thagrosh's Death Shroud: enemies in his command range have -2 STR, so a Champion's melee
    # damage roll (P+S) is 2 lower; a ranged attack does not use STR.
    melee = ("--attacker", "trollkin-champions", "--weapon", "Champion Weapon",
             "--target", "thagrosh-prophet-of-everblight", "--edition", "mk3")
    assert roll_of(explain_json(*melee), "damage_roll")["bonuses"] == {}
    shrouded = explain_json(*melee, "--target-effect", "death-shroud")
    assert roll_of(shrouded, "damage_roll")["bonuses"] == {"death-shroud": -2}


def test_mk4_blood_quenched_after_one_kill() -> None:
    # Anson Wolfe: +1 to melee damage rolls and +1 ARM for each kill of his activation; named once, one step.
    pair = ("--attacker", "major-anson-wolfe", "--weapon", "Galvanic Sword", "--target", "major-anson-wolfe",
            "--edition", "mk4")
    plain = explain_json(*pair)
    quenched = explain_json(*pair, "--effect", "blood-quenched", "--target-effect", "blood-quenched")
    assert roll_of(plain, "damage_roll")["bonuses"] == {}
    assert roll_of(quenched, "damage_roll")["bonuses"] == {"blood-quenched": 1}
    assert quenched["target_arm"] == plain["target_arm"] + 1 == 17


def test_mk4_arcane_reinforcement_makes_the_damage_magical() -> None:
    # The Courser's Heavy Stormthrower deals electrical damage; the special action adds magical.
    pair = ("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target", "major-anson-wolfe",
            "--edition", "mk4")
    assert set(explain_json(*pair)["damage_types"]) == {"electricity"}  # type: ignore[arg-type]
    assert set(explain_json(*pair, "--effect", "arcane-reinforcement")["damage_types"]) == {  # type: ignore[arg-type]
        "electricity", "magical"}


def test_no_built_in_rule_says_only_other() -> None:
    vague = sorted(item.id for item in Registry.from_loaded(load_files())
                   if getattr(item.entry, "unmodelled", None) == "other")
    assert vague == []


def test_every_rule_short_of_executable_says_why() -> None:
    silent = sorted(f"{item.edition}/{item.id}" for item in Registry.from_loaded(load_files())
                    if hasattr(item.entry, "unmodelled") and coverage_of(item.entry) != "executable"
                    and item.entry.unmodelled is None)
    assert silent == []


def test_reasons_that_can_change_the_numbers_stay_listed() -> None:
    # Effects on other models, who may cast spells and who controls a model never change a roll of
    # this attacker against this target; damage allocation (Tough, healing), continuous effects,
    # what a hit leaves for later attacks, unexpressed damage rules and unknown wording may.
    assert {"other-models", "spell-casting", "control"} <= OUTSIDE_THE_ODDS
    for reason in ("damage-allocation", "continuous-effects", "later-attacks", "damage-roll", "wording-unknown"):
        assert reason in get_args(Unmodelled)
        assert reason not in TARGET_OUTSIDE


def test_witch_mark_makes_the_warlocks_spells_hit_the_marked_enemy() -> None:
    # Lylyth's Hellsinger carries Witch Mark; her card alone changes nothing (the mark needs a hit
    # first), and named for the rest of the activation her spells hit automatically, shots do not.
    spell = ("--attacker", "lylyth-herald-of-everblight", "--weapon", "Eruption of Spines",
             "--target", "trollkin-champions", "--edition", "mk3")
    assert explain_json(*spell)["automatic"] is None
    marked = explain_json(*spell, "--effect", "witch-mark")
    assert marked["automatic"] == "hit" and marked["automatic_reasons"] == ["witch-mark"]
    bow = ("--attacker", "lylyth-herald-of-everblight", "--weapon", "Hellsinger", "--target", "trollkin-champions",
           "--edition", "mk3", "--effect", "witch-mark")
    assert explain_json(*bow)["automatic"] is None


def test_hunter_shoots_through_cover() -> None:
    # Trollkin Champions DEF 12; cover adds 4 against a shot (seed 003 L1972), which Hunter ignores.
    bow = ("--attacker", "lylyth-herald-of-everblight", "--weapon", "Hellsinger", "--target", "trollkin-champions",
           "--edition", "mk3", "--target-state", "cover")
    assert explain_json(*bow)["target_def"] == 16
    assert explain_json(*bow, "--effect", "hunter")["target_def"] == 12
