"""The chance that the target is destroyed by the end of its next Maintenance Phase, once its
continuous effects (fire, corrosion) have rolled for expiry and dealt their damage (seed 001
L639, L1587, L1595-1597; seed 003 L2303, L2309-2311; seed 000 L3341-3344, L3353-3363).

Checked by hand from the seeds' rules, and against a plain recursion over whole rolls
(tests/brute_force.py's tables) that plays the attacks and then the Maintenance Phase."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.maintenance import Upkeep, after_maintenance, maintenance_damage
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup


def _run(*args: str) -> dict[str, Any]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_fire_by_hand() -> None:
    """Seed 001 L1587, L1597: a d6 of 1-2 puts the fire out, else a POW 12 damage roll. Against
    ARM 18 with 3 boxes left the roll must show 9 or more on 2d6 (10 of 36 results), so the
    chance is 4/6 * 10/36 = 5/27."""
    fire = resolve_ruleset(library(), "mk2").continuous_effects["fire"]
    damage = maintenance_damage([fire], 18, 2)
    assert sum(p for points, p in damage.items() if points >= 3) == Fraction(5, 27)
    odds = after_maintenance(0.0, {frozenset({"fire"}): {3: 1.0}}, {"fire": fire}, 18, 2)
    assert odds is not None and abs(odds.p_destroyed - 5 / 27) < 1e-12


def test_fire_and_corrosion_together_by_hand() -> None:
    """Both effects roll for expiry apart and deal their damage together (seed 001 L639). One
    box left, ARM 20: corrosion's 1 point kills when it stays (2/3); otherwise the fire must
    stay (2/3) and roll 9+ on 2d6 (10/36): 1 - 1/3 * (1 - 2/3 * 10/36) = 59/81."""
    rules = resolve_ruleset(library(), "mk3").continuous_effects
    damage = maintenance_damage([rules["fire"], rules["corrosion"]], 20, 2)
    assert sum(p for points, p in damage.items() if points >= 1) == Fraction(59, 81)
    assert sum(damage.values()) == 1


def test_built_in_continuous_effects_cite_their_seed() -> None:
    seeds = {"mk2": "seed 001", "mk3": "seed 003", "mk4": "seed 000"}
    for edition, seed in seeds.items():
        for definition in resolve_ruleset(library(), edition).continuous_effects.values():
            assert definition.source is not None and definition.source.startswith(seed)


def test_no_continuous_effect_no_figure() -> None:
    rules = resolve_ruleset(library(), "mk4").continuous_effects
    assert after_maintenance(0.5, {}, rules, 18, 2) is None


def _fire_on_critical(raw: RawAttack, edition: str, boxes: int, attacks: int) -> Sequence:
    """A raw melee attack whose critical hits set the target on fire (as Critical Fire does)."""
    base = RawAttacks(raw, resolve_ruleset(library(), edition))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(base(circumstance, boost_attack, boost_damage),
                       afflictions=frozenset({("fire", "on_critical")}))

    return Sequence(BoxTrack(boxes), 0, attacks, 0, source)


def _brute(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int) -> Fraction:
    """Attacks with no resource (two dice each), a critical hit setting the target on fire,
    then the target's Maintenance Phase: a d6 of 3-6 keeps the fire, which deals 2d6 + 12 - ARM."""
    hits = attack_table(2, 0, 0, defence - skill)
    damage = damage_table(2, 0, 0, power - armour)
    fire = damage_table(2, 0, 0, 12 - armour)

    @cache
    def walk(marked: int, left: int, burning: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            if not burning:
                return Fraction(0)
            return Fraction(4, 6) * sum((p for points, p in fire.items() if marked + points >= boxes), Fraction(0))
        value = hits["miss"] * walk(marked, left - 1, burning)
        for result in ("hit", "critical"):
            burns = burning or result == "critical"
            value += hits[result] * sum((p * walk(min(boxes, marked + points), left - 1, burns)
                                         for points, p in damage.items()), Fraction(0))
        return value

    return walk(0, attacks, False)


@settings(max_examples=15, deadline=None)
@given(skill=st.integers(3, 8), defence=st.integers(11, 16), power=st.integers(10, 16), armour=st.integers(10, 18),
       boxes=st.integers(1, 10), attacks=st.integers(1, 3), edition=st.sampled_from(["mk2", "mk3", "mk4"]))
def test_against_brute_force(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                             edition: str) -> None:
    sequence = _fire_on_critical(RawAttack(skill, True, defence, power, armour), edition, boxes, attacks)
    result = resolve(sequence, NoSpending())
    rules = resolve_ruleset(library(), edition)
    odds = after_maintenance(result.p_destroyed, result.lingering, rules.continuous_effects, armour,
                             rules.dice.base_dice)
    expected = _brute(skill, defence, power, armour, boxes, attacks)
    assert odds is not None
    assert abs(odds.p_destroyed - float(expected)) < 1e-9
    assert odds.p_destroyed >= result.p_destroyed - 1e-12


def test_crusader_sets_a_warcaster_on_fire() -> None:
    """The Crusader's Inferno Mace (Critical Fire, seed 001 L1591) then its Open Fist against
    Major Victoria Haley (15 boxes, 5 already marked), no focus: the command's figure equals the
    brute force over the card numbers `explain-attack` reads."""
    data = _run("--attacker", "crusader", "--weapon", "Inferno Mace", "--target", "major-victoria-haley",
                "--edition", "mk2", "--marked", "5", "--in-order", "--policy", "none")
    left = data["track"]["boxes"] - data["track"]["already_marked"]
    attacks = [json.loads(run_cli("explain-attack", "--attacker", "crusader", "--weapon", weapon, "--target",
                                  "major-victoria-haley", "--edition", "mk2", "--json").output)
               for weapon in ("Inferno Mace", "Open Fist")]
    armour = attacks[0]["target_arm"]
    fire = damage_table(2, 0, 0, 12 - armour)

    def walk(marked: int, index: int, burning: bool) -> Fraction:
        if marked >= left:
            return Fraction(1)
        if index == len(attacks):
            return Fraction(4, 6) * sum((p for points, p in fire.items() if marked + points >= left), Fraction(0)) \
                if burning else Fraction(0)
        explained = attacks[index]
        hits = attack_table(2, 0, 0, explained["target_def"] - explained["attack_roll"]["value"])
        damage = damage_table(2, 0, 0, explained["damage_roll"]["value"] - armour)
        value = hits["miss"] * walk(marked, index + 1, burning)
        for result in ("hit", "critical"):
            sets = burning or (result == "critical" and index == 0)
            value += hits[result] * sum((p * walk(marked + points, index + 1, sets) for points, p in damage.items()),
                                        Fraction(0))
        return value

    after = data["after_maintenance"]
    assert abs(after["p_destroyed"] - float(walk(0, 0, False))) < 1e-9
    assert after["p_by_continuous_effects"] > 0
    assert after["effects"]["fire"]["pow"] == 12 and after["effects"]["fire"]["source"].startswith("seed 001")
    assert after["target_arm"] == armour


def test_text_names_the_figure_apart() -> None:
    result = run_cli("attack", "--attacker", "crusader", "--weapon", "Inferno Mace", "--target", "defender",
                     "--edition", "mk2", "--marked", "4,4,4,4,4,0")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "next Maintenance Phase" in line)
    assert line.startswith("destroyed by the end of its next Maintenance Phase: ")
    assert "fire: ends on a d6 of 1/2, else POW 12 vs ARM 18" in line


def test_no_figure_without_a_continuous_effect() -> None:
    data = _run("--mat", "6", "--def", "12", "--pow", "16", "--arm", "16", "--boxes", "5")
    assert data["after_maintenance"] is None


def test_play_out_agrees() -> None:
    """The play-out rolls the Maintenance Phase with real dice (expiry d6, then the fire's damage
    roll): its frequency agrees with the exact figure within four standard errors."""
    edition, armour = "mk3", 12
    sequence = _fire_on_critical(RawAttack(7, True, 12, 12, armour), edition, 12, 1)
    rules = resolve_ruleset(library(), edition)
    result = resolve(sequence, NoSpending())
    odds = after_maintenance(result.p_destroyed, result.lingering, rules.continuous_effects, armour,
                             rules.dice.base_dice)
    assert odds is not None and odds.p_by_effects > 0.01
    upkeep = Upkeep(rules.continuous_effects, armour, rules.dice.base_dice)
    runs = Player(sequence, NoSpending(), lattice_for(sequence.track), upkeep=upkeep).play(6000, 5, log_first=True)
    share = sum(1 for run in runs if run.after_maintenance) / len(runs)
    error = (odds.p_destroyed * (1 - odds.p_destroyed) / len(runs)) ** 0.5
    assert abs(share - odds.p_destroyed) < 4 * error
    assert all(run.after_maintenance for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity)
