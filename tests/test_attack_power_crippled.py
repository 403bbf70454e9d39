"""Power attacks that an attacker's crippled systems forbid (issue 11).

MkII: a warjack needs a usable Open Fist for a headlock/weapon lock or a throw, two for a
double-hand throw, and a crippled weapon system makes no power attack (seed 001 L378, L1011,
L1021, L1480; seed 004 L6-8).  MkIII: a crippled Movement system makes no slam or trample
(seed 003 L3583), a crippled weapon location no power attack (L3585), a throw needs an Open
Fist (L1810-1811, L3527-3528) and a warbeast with a crippled Mind makes no power attack
(L2224).  MkIV: a crippled Movement system makes no slam or trample (seed 000 L3068-3069) and
a throw needs a working weapon with Throw Power Attack (L2316-2319).  The requirements are
ruleset data (``needs_weapons``, ``attacker_not_states``)."""

from __future__ import annotations

import json

import pytest

from tests.attack_support import library
from tests.conftest import run_cli
from wmdata.engine.damage_track import track_for
from wmdata.engine.power_needs import power_attack_refused
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sources import profile_of
from wmdata.model.weapons import Weapon

JUGGERNAUT = ("--attacker", "juggernaut", "--target", "ironclad", "--edition", "mk2")
"""MkII Juggernaut: Ice Axe in R, Open Fist in L (content/mk2/factions/khador/warjacks.yaml)."""


def _run(*args: str) -> tuple[int, str]:
    result = run_cli("attack", *args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_rulesets_hold_what_each_power_attack_needs() -> None:
    kinds = {ruleset: resolve_ruleset(library(), edition, ruleset).attack_kinds
             for edition, ruleset in (("mk2", "mk2"), ("mk3", "mk3"), ("mk4", "mk4"))}
    need = {ruleset: {name: (k.needs_weapons.quality, k.needs_weapons.count, k.needs_weapons.locations)
                      for name, k in found.items() if k.needs_weapons is not None} for ruleset, found in kinds.items()}
    assert need["mk2"] == {"throw": ("open-fist", 1, None), "headlock": ("open-fist", 1, None),  # 001 L1011
                           "double_hand_throw": ("open-fist", 2, None)}  # 001 L1011, 004 L8
    assert need["mk3"] == {"throw": ("open-fist", 1, None), "double_hand_throw": ("open-fist", 2, None),  # L1888
                           "power_strike": ("open-fist", 1, None), "sweep": (None, 1, ["L", "R"])}  # 003 L1812
    assert need["mk4"] == {"throw": ("throw-power-attack", 1, None)}  # 000 L2316-2319
    barred = {ruleset: {name: k.attacker_not_states.states for name, k in found.items()
                        if k.attacker_not_states is not None} for ruleset, found in kinds.items()}
    assert barred["mk2"] == {}  # seed 001 L1479: a crippled Movement system only stops runs and charges
    assert barred["mk4"] == {"slam": ["crippled_movement"], "trample": ["crippled_movement"]}
    assert barred["mk3"]["slam"] == ["crippled_movement", "crippled_mind"]
    assert all("crippled_mind" in states for states in barred["mk3"].values())
    assert set(barred["mk3"]) == {name for name, k in kinds["mk3"].items() if k.power_attack}


def test_mk2_a_throw_needs_the_open_fist_outside_a_crippled_arm() -> None:
    code, output = _run(*JUGGERNAUT, "--power-attack", "throw", "--attacker-crippled", "L")
    assert code == 1
    assert "Open Fist (L)" in output and "L1480" in output
    # A crippled right arm (the Ice Axe) leaves the Open Fist: the throw is made, with the
    # same odds as without any crippled system.
    code, _ = _run(*JUGGERNAUT, "--power-attack", "throw", "--attacker-crippled", "R")
    assert code == 0
    with_axe_crippled = json.loads(run_cli("attack", *JUGGERNAUT, "--power-attack", "throw", "--attacker-crippled",
                                           "R", "--json").output)
    whole = json.loads(run_cli("attack", *JUGGERNAUT, "--power-attack", "throw", "--json").output)
    assert with_axe_crippled["p_destroyed"] == whole["p_destroyed"]
    assert with_axe_crippled["damage_distribution"] == whole["damage_distribution"]


def test_mk2_locks_and_double_hand_throws_need_their_open_fists() -> None:
    code, output = _run(*JUGGERNAUT, "--power-attack", "headlock", "--attacker-crippled", "Left Arm")
    assert code == 1 and "Headlock/Weapon Lock needs 1 melee weapon with open-fist" in output
    # one Open Fist only: no double-hand throw even undamaged (seed 001 L1011)
    code, output = _run(*JUGGERNAUT, "--power-attack", "double_hand_throw")
    assert code == 1 and "needs 2 melee weapons with open-fist" in output
    # a head-butt needs no fist
    assert _run(*JUGGERNAUT, "--power-attack", "head_butt", "--attacker-crippled", "L")[0] == 0


def test_mk3_a_crippled_mind_makes_no_power_attack() -> None:
    # The Dire Troll Blitzer's two Claws have Open Fist (seed 003 L1912).
    blitzer = ("--attacker", "dire-troll-blitzer", "--power-attack", "double_hand_throw", "--target",
               "cyclops-savage")
    code, output = _run(*blitzer, "--attacker-crippled", "M")
    assert code == 1 and "crippled Mind aspect" in output and "L2224" in output
    assert _run(*blitzer, "--attacker-crippled", "B")[0] == 0
    assert _run(*blitzer)[0] == 0
    code, output = _run("--attacker", "seraph", "--power-attack", "throw", "--target", "carnivean")
    assert code == 1 and "open-fist" in output  # the Seraph has no Open Fist (seed 003 L1810-1811)


def test_mk4_a_crippled_movement_system_makes_no_slam() -> None:
    code, output = _run("--attacker", "stryker", "--power-attack", "slam", "--target", "courser",
                        "--attacker-crippled", "M")
    assert code == 1 and "crippled Movement system" in output and "L3068-3069" in output
    assert _run("--attacker", "stryker", "--power-attack", "slam", "--target", "courser",
                "--attacker-crippled", "L")[0] == 0
    code, output = _run("--attacker", "stryker", "--power-attack", "throw", "--target", "courser")
    assert code == 1 and "throw-power-attack" in output  # no weapon with Throw Power Attack (000 L2316-2319)


def test_mk4_the_tyrant_throws_the_courser_seed_000_l2525_2553() -> None:
    # Seed 000 L2525-2553: the Tyrant (MAT 7) throws a Courser (DEF 13), needing a 6 on 2d6 (26 of
    # 36); the Courser is smaller, so POW 14, and it crashes into the larger Stryker: a third die.
    # Which Tyrant weapon has Throw Power Attack is unconfirmed (content: its Flail, location R).
    throw = ("--attacker", "tyrant", "--power-attack", "throw", "--target", "courser", "--edition", "mk4")
    code, output = _run(*throw, "--target-state", "collided", "--json")
    assert code == 0, output
    answer = json.loads(output)
    assert answer["p_hit"] == pytest.approx(26 / 36, abs=1e-12)
    assert answer["p_target_states"] == {"knocked_down": pytest.approx(26 / 36, abs=1e-12)}
    code, output = _run(*throw, "--target-state", "collided")
    assert "damage roll:  3d6 + POW 14 vs ARM" in output
    # A warjack cannot throw with a crippled weapon that has the quality (000 L2316-2319).
    code, output = _run(*throw, "--attacker-crippled", "R")
    assert code == 1 and "throw-power-attack outside crippled locations" in output
    assert _run(*throw, "--attacker-crippled", "L")[0] == 0


def _fist(location: str, count: int = 1) -> Weapon:
    return Weapon(name=f"Fist {location}", type="melee", pow=3, location=location, qualities=["open-fist"],
                  count=count)


@pytest.mark.parametrize(("weapons", "crippled", "allowed"), [
    ([_fist("L"), _fist("R")], frozenset(), True),
    ([_fist("L"), _fist("R")], frozenset({"R"}), False),  # one fist left: no double-hand throw
    ([_fist("L", count=2)], frozenset(), True),  # a card's x2 is two fists
    ([_fist("L", count=2)], frozenset({"L"}), False),
])
def test_a_double_hand_throw_counts_the_fists_outside_crippled_locations(weapons: list[Weapon],
                                                                         crippled: frozenset[str],
                                                                         allowed: bool) -> None:
    rules = resolve_ruleset(library(), "mk2")
    juggernaut = library().get("mk2", "juggernaut")
    assert juggernaut is not None
    track = track_for(getattr(profile_of(juggernaut.entry), "damage", None))
    refused = power_attack_refused(rules.attack_kinds["double_hand_throw"], weapons, track, crippled)
    assert (refused is None) == allowed


def test_weapon_locations_count_only_on_grids() -> None:
    # A warbeast's spiral letters are aspects, not weapon locations: a crippled Spirit (S)
    # does not cripple a weapon in the superstructure location (S).
    rules = resolve_ruleset(library(), "mk3")
    seraph = library().get("mk3", "seraph")
    assert seraph is not None
    spiral = track_for(getattr(profile_of(seraph.entry), "damage", None))
    assert spiral.kind == "spiral"
    assert power_attack_refused(rules.attack_kinds["throw"], [_fist("S")], spiral, frozenset({"S"})) is None


def test_a_chain_attack_of_a_weapon_in_a_crippled_location_is_not_made() -> None:
    # seed 001 L1480 (seed 003 L3585, seed 000 L3100-3103): no chain attack with a crippled
    # weapon system.  The Freebooter's Clamps carry Chain Attack: Grab & Smash
    # (content/mk2/factions/mercenary/warjacks.yaml); whole the odds make the chain attack after
    # both clamps hit, crippled it is told as not made (and the sequence has no follow-up).
    args = ("attack", "--attacker", "freebooter", "--weapon", "Clamp (L)", "--target", "ironclad", "--edition", "mk2")
    whole = json.loads(run_cli(*args, "--json").output)
    assert "chain-attack-grab-and-smash" not in {gap["rule"] for gap in whole["not_in_odds"]}
    assert "Chain Attack: Grab & Smash: Head-butt (chain attack)" in whole["weapons"]
    assert "after both initial attacks of Clamp (L) and Clamp (R) hit the target" in run_cli(*args).output
    crippled = json.loads(run_cli(*args, "--attacker-crippled", "L", "--json").output)
    assert "chain-attack-grab-and-smash" not in {gap["rule"] for gap in crippled["not_in_odds"]}
    assert not any("chain attack" in weapon for weapon in crippled["weapons"])
    text = run_cli(*args, "--attacker-crippled", "L").output
    assert "Chain Attack: Grab & Smash is not made: its Clamp (L) is in crippled location L" in text
    # the target's own special attacks never change an attack against it
    target = json.loads(run_cli("attack", "--attacker", "ironclad", "--weapon", "Quake Hammer", "--target",
                                "freebooter", "--edition", "mk2", "--json").output)
    assert "chain-attack-grab-and-smash" not in {gap["rule"] for gap in target["not_in_odds"]}


def _gaps_and_notes(*args: str) -> tuple[set[str], str]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    return {gap["rule"] for gap in data["not_in_odds"]}, run_cli("attack", *args).output


def test_a_mkii_chain_attack_needs_both_arm_systems_whatever_carries_it() -> None:
    # Seed 001 L3097 (Kodiak), L3083 (Berserker), L2727 (Hammersmith): no chain attack while either
    # arm system is crippled.  The Kodiak's and Berserker's weapons are one line of two (no
    # location), the Hammersmith's chain attack is on the model: the rule's needs_systems bars them.
    kodiak = ("--attacker", "kodiak", "--weapon", "Armored Fist", "--target", "ironclad", "--edition", "mk2")
    made = "Chain Attack: Spine Crusher: after both initial attacks of Armored Fist hit the target"
    whole, text = _gaps_and_notes(*kodiak)
    assert "chain-attack-spine-crusher" not in whole and made in text
    for arm, name in (("L", "Left Arm"), ("R", "Right Arm")):
        gaps, text = _gaps_and_notes(*kodiak, "--attacker-crippled", arm)
        assert "chain-attack-spine-crusher" not in gaps and made not in text
        assert (f"Chain Attack: Spine Crusher is not made: it needs Left Arm and Right Arm working, and {name} is "
                "crippled (seed 001 L3097)") in text
    _, moving = _gaps_and_notes(*kodiak, "--attacker-crippled", "M")
    assert made in moving  # Movement is not an arm system
    hammersmith = ("--attacker", "hammersmith", "--weapon", "Hammer (Right)", "--target", "ironclad", "--edition",
                   "mk2")
    gaps, text = _gaps_and_notes(*hammersmith)
    assert "chain-attack-smite" not in gaps and "Chain Attack: Smite: after both initial attacks" in text
    gaps, text = _gaps_and_notes(*hammersmith, "--attacker-crippled", "Left Arm")
    assert "chain-attack-smite" not in gaps and "(seed 001 L2727)" in text
    assert "Chain Attack: Smite: after both initial attacks" not in text


def test_every_mkii_arm_chain_attack_carries_its_need() -> None:
    rules = {"chain-attack-brutality": "L3083", "chain-attack-spine-crusher": "L3097",
             "chain-attack-bloodbath": "L3121", "combo-smite": "L3101", "chain-attack-smite": "L2727",
             "combo-strike": "L2937", "chain-attack-grab-and-smash": "L3487"}
    for rule, line in rules.items():
        item = library().get("mk2", rule)
        assert item is not None
        need = getattr(item.entry, "needs_systems", None)
        assert need is not None and need.systems == ["L", "R"] and line in need.source, rule


def test_a_warbeast_with_a_crippled_mind_makes_no_chain_attack() -> None:
    # Seed 003 L2224, seed 000 L3160-3162: a crippled Mind bars chain, power and special attacks.
    assert resolve_ruleset(library(), "mk3").special_attacks_barred is not None
    mk4 = resolve_ruleset(library(), "mk4").special_attacks_barred
    assert mk4 is not None and mk4.states == ["crippled_mind"] and mk4.source == "seed 000 L3160-3162"
    assert resolve_ruleset(library(), "mk2").special_attacks_barred is None
    mauler = ("--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "troll-axer")
    made = "Chain Attack: Grab & Smash: after both initial attacks of Claw hit the target"
    assert made in _gaps_and_notes(*mauler)[1]
    gaps, text = _gaps_and_notes(*mauler, "--attacker-crippled", "M")
    assert "chain-attack-grab-and-smash" not in gaps and made not in text
    assert ("Chain Attack: Grab & Smash is not made: the attacker's crippled Mind aspect bars it (seed 003 L2224)"
            in text)
    assert made in _gaps_and_notes(*mauler, "--attacker-crippled", "B")[1]
