"""A ranged weapon's rate of fire (ROF), per edition (issue 11).

MkII: a model makes one initial attack with each ranged weapon; warjacks and warcasters
may buy more with focus, but a ranged weapon never makes more attacks in an activation
than its ROF (seed 001 L1173, L1197).  MkIII and MkIV: ROF is the number of initial
attacks of the weapon (seed 003 L905, L1532, L1960; seed 000 L900-901, L1816-1817,
L2603-2604).  The expected values come from tests/brute_force.py's face-by-face tables and
a recursion written here, not from the engine."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.loadout import TooManyAttacksError, loadout
from wmdata.engine.policy import BuyAttacks, NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Sequence, resolve
from wmdata.model.weapons import Weapon

IRUSK = ("--attacker", "Kommandant Irusk", "--weapon", "Sword Cannon", "--target", "Juggernaut", "--edition", "mk2")
"""Sword Cannon RAT 6, ROF 2, POW 13 (content/mk2/factions/khador/warcasters.yaml) against the
Juggernaut's DEF 10, ARM 20 and 34 boxes (content/mk2/factions/khador/warjacks.yaml)."""


def _gun(name: str, rof: int | str, count: int = 1) -> Weapon:
    return Weapon(name=name, type="ranged", rng=10, rof=rof, pow=12, count=count)


def test_the_rulesets_say_how_many_initial_attacks_a_ranged_weapon_makes() -> None:
    # seed 001 L1173 (MkII: one initial attack per ranged weapon); seed 003 L1960 and seed 000
    # L2603-2604 (MkIII, MkIV: as many as its ROF); the variant inherits MkIV's.
    words = {ruleset: resolve_ruleset(library(), edition, ruleset).ranged_initial_attacks
             for edition, ruleset in (("mk2", "mk2"), ("mk3", "mk3"), ("mk4", "mk4"), ("mk4", "variant-002"))}
    assert words == {"mk2": "one", "mk3": "rof", "mk4": "rof", "variant-002": "rof"}


def test_mk2_one_initial_attack_and_the_rof_caps_the_bought_ones() -> None:
    # seed 001 L1173: one initial attack per ranged weapon; at most ROF attacks in all.
    two = loadout([_gun("Cannon", 2)], ["Cannon"], None, "one")
    assert (two.initial, two.extra, two.rooms, two.unplannable) == ((0,), (0,), (1,), None)
    single = loadout([_gun("Rifle", 1)], ["Rifle"], None, "one")
    assert (single.initial, single.extra, single.rooms) == ((0,), (), (0,))
    # A card's x2 is two weapons: each makes its initial attack, each holds its own ROF.
    pair = loadout([_gun("Pistol", 2, count=2)], ["Pistol"], None, "one")
    assert (pair.initial, pair.extra, pair.rooms) == ((0, 0), (0,), (2,))
    # --attacks raises the initial attacks, the ROF still caps the whole activation.
    forced = loadout([_gun("Cannon", 3)], ["Cannon"], 2, "one")
    assert (forced.initial, forced.rooms) == ((0, 0), (1,))


def test_mkiii_and_mkiv_take_the_rof_as_initial_attacks() -> None:
    # seed 003 L905 (Lylyth's Hellsinger, ROF 2: two attacks); seed 000 L903-905 (the Dozer, ROF 2).
    chosen = loadout([_gun("Dozer", 2), _gun("Rifle", 1)], ["Dozer", "Rifle"], None, "rof")
    assert chosen.initial == (0, 0, 1)
    assert chosen.rooms == ()


def test_attacks_above_the_rof_are_refused_naming_it() -> None:
    for ruleword in ("one", "rof"):
        with pytest.raises(TooManyAttacksError, match="ROF 2 allows at most 2"):
            loadout([_gun("Cannon", 2)], ["Cannon"], 3, ruleword)
    with pytest.raises(TooManyAttacksError, match=r"ROF 2 \(x2\) allows at most 4"):
        loadout([_gun("Pistol", 2, count=2)], ["Pistol"], 5, "one")


def test_several_weapons_with_rof_to_spare_are_planned_a_rof_that_is_not_a_number_is_not() -> None:
    # Each weapon keeps its own count (tests/test_attack_spare_rof.py checks the odds).
    both = loadout([_gun("Left", 2), _gun("Right", 3)], ["Left", "Right"], None, "one")
    assert (both.extra, both.rooms, both.unplannable) == ((0, 1), (1, 2), None)
    one_spare = loadout([_gun("Left", 1), _gun("Right", 3)], ["Left", "Right"], None, "one")
    assert (one_spare.initial, one_spare.extra, one_spare.rooms, one_spare.unplannable) == ((0, 1), (1,), (0, 2),
                                                                                            None)
    rolled = loadout([_gun("Slugger", "d3")], ["Slugger"], None, "one")
    assert rolled.unplannable is not None and "d3" in rolled.unplannable


def _brute(rat: int, defence: int, power: int, armour: int, boxes: int, rof: int, focus: int) -> Fraction:
    """The best MkII kill chance of one ranged weapon: one initial attack, then additional
    attacks at 1 focus each while the weapon has made fewer than ROF (seed 001 L1173);
    1 focus boosts an attack or damage roll by a die (seed 001 L1745-1747)."""

    @cache
    def best(marked: int, made: int, spare: int) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if made == 0:
            return swing(marked, made, spare)
        if made < rof and spare:
            return max(Fraction(0), swing(marked, made, spare - 1))
        return Fraction(0)

    @cache
    def swing(marked: int, made: int, spare: int) -> Fraction:
        options = []
        for boost_attack in (False, True) if spare else (False,):
            table = attack_table(3 if boost_attack else 2, 0, 0, defence - rat)
            after = spare - boost_attack
            damage_options = [sum((chance * best(min(boxes, marked + points), made + 1, after - boost_damage)
                                   for points, chance in damage_table(3 if boost_damage else 2, 0, 0,
                                                                      power - armour).items()), Fraction(0))
                              for boost_damage in ((False, True) if after else (False,))]
            options.append(table["miss"] * best(marked, made + 1, after)
                           + (table["hit"] + table["critical"]) * max(damage_options))
        return max(options)

    return best(0, 0, focus)


@settings(max_examples=15, deadline=None)
@given(rat=st.integers(3, 8), defence=st.integers(10, 16), power=st.integers(10, 16), armour=st.integers(12, 18),
       boxes=st.integers(1, 6), rof=st.integers(1, 3), focus=st.integers(0, 4))
def test_mk2_optimal_plan_respects_the_rof(rat: int, defence: int, power: int, armour: int, boxes: int, rof: int,
                                           focus: int) -> None:
    rules = resolve_ruleset(library(), "mk2")
    chosen = loadout([_gun("Gun", rof)], ["Gun"], None, rules.ranged_initial_attacks)
    source = RawAttacks(RawAttack(rat, False, defence, power, armour), rules)
    sequence = Sequence(BoxTrack(boxes), 0, len(chosen.initial), focus, source, extra_weapons=chosen.extra,
                        rooms=chosen.rooms)
    optimal = resolve(sequence, Optimal(sequence))
    assert optimal.p_destroyed == pytest.approx(float(_brute(rat, defence, power, armour, boxes, rof, focus)),
                                                abs=1e-9)
    bought = resolve(sequence, BuyAttacks(0))
    assert max(bought.spent) == min(focus, rof - 1)


def _expected_hit_damage(rat: int, defence: int, power: int, armour: int) -> Fraction:
    """The mean damage of one unboosted attack (2d6 to hit, 2d6 + POW - ARM), face by face."""
    table = attack_table(2, 0, 0, defence - rat)
    mean = sum((points * chance for points, chance in damage_table(2, 0, 0, power - armour).items()), Fraction(0))
    return (table["hit"] + table["critical"]) * mean


def test_a_rof_2_gun_makes_one_attack_without_focus_and_two_at_most_with_it() -> None:
    # seed 001 L1173, L1197: Irusk's Sword Cannon (ROF 2) fires once, then once more for 1
    # focus, never a third time whatever focus is left.  34 boxes: no damage is capped.
    per_attack = float(_expected_hit_damage(6, 10, 13, 20))
    for focus, attacks, spent in ((0, 1, 0), (1, 2, 1), (3, 2, 1)):
        result = run_cli("attack", *IRUSK, "--focus", str(focus), "--policy", "buy-attacks", "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["initial_attacks"] == ["Sword Cannon"]
        assert data["expected_damage"] == pytest.approx(attacks * per_attack, abs=1e-9)
        assert data["spent_distribution"] == {str(spent): pytest.approx(1.0)}


def test_an_x2_weapon_makes_two_initial_attacks_and_four_at_most() -> None:
    # Caine's Spellstorm Pistol x2, ROF 2, RAT 8, POW 12 (content/mk2/factions/cygnar/warcasters.yaml):
    # two pistols, each one initial attack and one more at most (seed 001 L1173).
    per_attack = float(_expected_hit_damage(8, 10, 12, 20))
    result = run_cli("attack", "--attacker", "Lieutenant Allister Caine", "--weapon", "Spellstorm Pistol",
                     "--target", "Juggernaut", "--edition", "mk2", "--focus", "5", "--policy", "buy-attacks",
                     "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["initial_attacks"] == ["Spellstorm Pistol", "Spellstorm Pistol"]
    assert data["expected_damage"] == pytest.approx(4 * per_attack, abs=1e-9)
    assert data["spent_distribution"] == {"2": pytest.approx(1.0)}


def test_the_play_out_stops_at_the_rof() -> None:
    result = run_cli("attack", *IRUSK, "--focus", "3", "--policy", "buy-attacks", "--simulate", "20", "--seed", "3",
                     "--json")
    assert result.exit_code == 0, result.output
    events = json.loads(result.output)["simulation"]["first_run"]
    assert sum(1 for event in events if event.startswith("attack ")) == 2
    assert sum(1 for event in events if event.startswith("buys")) == 1


def test_attacks_above_the_rof_is_a_usage_error() -> None:
    result = run_cli("attack", *IRUSK, "--attacks", "3")
    assert result.exit_code == 2
    assert "--attacks" in result.output and "ROF 2" in result.output
    assert "Traceback" not in result.output


def test_no_spending_keeps_the_initial_attacks_only() -> None:
    rules = resolve_ruleset(library(), "mk2")
    chosen = loadout([_gun("Gun", 3)], ["Gun"], None, rules.ranged_initial_attacks)
    source = RawAttacks(RawAttack(6, False, 12, 14, 16), rules)
    sequence = Sequence(BoxTrack(20), 0, len(chosen.initial), 2, source, extra_weapons=chosen.extra,
                        rooms=chosen.rooms)
    assert resolve(sequence, NoSpending()).spent == {0: pytest.approx(1.0)}


def test_bought_attacks_with_a_rof_that_is_not_a_number_are_refused() -> None:
    # Captain Allister Caine's Spellstorm Pistol has ROF * (content/mk2/factions/cygnar/warcasters.yaml):
    # the attacks it may add are not known, so focus for them is refused rather than guessed.
    caine = ("--attacker", "Captain Allister Caine", "--weapon", "Spellstorm Pistol", "--target", "Juggernaut",
             "--edition", "mk2")
    refused = run_cli("attack", *caine, "--focus", "2")
    assert refused.exit_code == 1
    assert "ROF *" in refused.output and "Traceback" not in refused.output
    assert run_cli("attack", *caine).exit_code == 0
