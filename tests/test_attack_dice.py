"""Exact attack and damage rolls against an independent brute force (tests/brute_force.py),
raw and from content, and the seeds' worked examples about dice."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from wmdata.engine.attack import AttackError, AttackRequest, explain_attack
from wmdata.engine.dice import Roll, attack_odds, damage_odds
from wmdata.engine.fury import frenzy_chance, frenzy_risk
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.setup import setup_from
from wmdata.model.organisation import DiceRules


@settings(max_examples=300, deadline=None)
@given(dice=st.integers(0, 4), drop_lowest=st.integers(0, 2), drop_highest=st.integers(0, 1),
       needed=st.integers(-2, 26), ones=st.booleans(), sixes=st.booleans(), empty=st.booleans())
def test_attack_odds_match_brute_force(dice: int, drop_lowest: int, drop_highest: int, needed: int, ones: bool,
                                       sixes: bool, empty: bool) -> None:
    rules = DiceRules(all_ones_miss=ones, all_sixes_hit=sixes, empty_pool_misses=empty)
    odds = attack_odds(Roll(dice, drop_lowest, drop_highest), needed, rules)
    expected = attack_table(dice, drop_lowest, drop_highest, needed, all_ones_miss=ones, all_sixes_hit=sixes,
                            empty_pool_misses=empty)
    assert (odds.miss, odds.hit, odds.critical) == (expected["miss"], expected["hit"], expected["critical"])


@settings(max_examples=200, deadline=None)
@given(dice=st.integers(0, 4), drop_lowest=st.integers(0, 2), drop_highest=st.integers(0, 1),
       offset=st.integers(-25, 5))
def test_damage_odds_match_brute_force(dice: int, drop_lowest: int, drop_highest: int, offset: int) -> None:
    odds = damage_odds(Roll(dice, drop_lowest, drop_highest), offset)
    assert {k: v for k, v in odds.items() if v} == damage_table(dice, drop_lowest, drop_highest, offset)
    assert sum(odds.values()) == 1


def test_all_sixes_hit_needs_more_than_one_die() -> None:
    # seed 001 L1937: all 6s hit "unless you are rolling only one die".
    rules = DiceRules()
    assert attack_odds(Roll(2), 40, rules).critical == Fraction(1, 36)
    assert attack_odds(Roll(1), 40, rules).any_hit == 0
    # seed 001 L1937: all 1s miss, whatever the target's DEF.
    assert attack_odds(Roll(2), -10, rules).miss == Fraction(1, 36)


def test_additional_die_is_three_dice() -> None:
    # seed 001 L78 (digest mk2 #2): one additional die turns 2d6+RAT into 3d6+RAT.
    setup = raw_setup(RawAttack(skill=5, melee=False, defence=13, power=10, armour=15, added_attack_dice=1),
                      resolve_ruleset(library(), "mk2"), [], [])
    assert setup.attack == Roll(3)
    assert setup.attack_text == "3d6 + RAT 5 vs DEF 13"


def test_charge_damage_is_boosted_and_not_boosted_twice() -> None:
    # seed 001 L82 (digest mk2 #3) and seed 000 L211-214: the charge attack's damage roll is
    # boosted already; another boost adds nothing, an additional die still counts.
    rules = resolve_ruleset(library(), "mk4")
    raw = RawAttack(skill=6, melee=True, defence=12, power=16, armour=18)
    charged = raw_setup(raw, rules, ["charging"], [])
    assert charged.damage == Roll(3) and charged.damage_boosted
    assert raw_setup(raw, rules, ["charging"], ["damage"]).damage == Roll(3)
    more = RawAttack(skill=6, melee=True, defence=12, power=16, armour=18, added_damage_dice=1)
    assert raw_setup(more, rules, ["charging"], ["damage"]).damage == Roll(4)


def test_charger_aims_boosts_and_shoots_into_melee() -> None:
    # seed 001 L1259 (digest mk2 #18): the Charger (RAT 6) aims, boosts and shoots a model in
    # melee: 3d6 + RAT + 2 (aiming) - 4 (target in melee) against the target's DEF.
    rules = resolve_ruleset(library(), "mk2")
    setup = raw_setup(RawAttack(skill=6, melee=False, defence=14, power=12, armour=16), rules,
                      ["aiming", "target_in_melee"], ["attack"])
    assert setup.attack == Roll(3)
    assert setup.needed == 14 - 6 - 2 + 4


def test_threshold_check_example() -> None:
    # seed 000 L4115-4121 and seed 003 L2558: 3 fury on a THR 9 warbeast; a 2d6 roll of 6 or
    # less passes, 7 or more frenzies.
    assert frenzy_chance(3, 9) == Fraction(21, 36)  # 2d6 >= 7: 21 of 36 rolls
    assert frenzy_risk({0: 0.5, 3: 0.5}, 9) == pytest.approx(0.5 * 6 / 36 + 0.5 * 21 / 36)  # 2d6 >= 10: 6 rolls


def test_knocked_down_target_is_hit_automatically_in_melee() -> None:
    # seed 001 L997, L1393 (MkII): melee attacks hit a knocked-down model without a roll.
    rules = resolve_ruleset(library(), "mk2")
    melee = raw_setup(RawAttack(skill=6, melee=True, defence=14, power=12, armour=14), rules, ["knocked_down"], [])
    assert melee.automatic == "hit" and melee.odds.any_hit == 1
    ranged = raw_setup(RawAttack(skill=6, melee=False, defence=14, power=12, armour=14), rules, ["knocked_down"], [])
    assert ranged.automatic is None and ranged.needed == 5 - 6  # base DEF 5 against the shot




def _content_cases(count: int) -> list[tuple[str, str, str, str]]:
    """Attacker, weapon, target and edition triples drawn from the content with a fixed seed."""
    registry = library()
    chooser = random.Random(11)
    cases: list[tuple[str, str, str, str]] = []
    models = [item for item in registry if item.category.startswith("model:")]
    while len(cases) < count:
        attacker = chooser.choice(models)
        weapons = [w.name for w in getattr(attacker.entry, "weapons", []) if w.pow is not None]
        targets = [m for m in models if m.edition == attacker.edition]
        if weapons and targets:
            cases.append((attacker.id, chooser.choice(weapons), chooser.choice(targets).id, attacker.edition))
    return cases


def test_content_attacks_match_brute_force() -> None:
    """120 attacks drawn from the content (a fixed seed), each checked against the brute force."""
    for case in _content_cases(120):
        _check_content_case(case)


def _check_content_case(case: tuple[str, str, str, str]) -> None:
    attacker, weapon, target, edition = case
    registry = library()
    try:
        explanation = explain_attack(registry, AttackRequest(attacker, weapon, target, edition))
    except AttackError as exc:  # pragma: no cover - the case generator only picks existing names
        pytest.fail(f"{case}: {exc}")
    rules = resolve_ruleset(registry, edition).dice
    setup = setup_from(explanation, rules)
    attack, damage = explanation.attack, explanation.damage
    needed = (explanation.target_stats["DEF"].current - (explanation.skill or 0)
              - sum(attack.bonuses.values()))
    table = attack_table(attack.dice, sum(attack.drop_lowest.values()), sum(attack.drop_highest.values()), needed)
    odds = setup.odds  # one roll: whether to reroll is the sequence policy's choice (tests/test_attack_rerolls.py)
    if explanation.automatic is None:
        assert (odds.miss, odds.hit, odds.critical) == (table["miss"], table["hit"], table["critical"]), case
    if explanation.no_damage_reason is None and explanation.damage_value is not None and not damage.rerolls:
        offset = (explanation.damage_value + sum(damage.bonuses.values())
                  - explanation.target_stats["ARM"].current)
        expected = damage_table(damage.dice, sum(damage.drop_lowest.values()), sum(damage.drop_highest.values()),
                                offset)
        if not setup.extra:
            got: dict[int, Fraction] = {}
            for (points, _), chance in setup.outcomes(critical=False).items():
                got[points] = got.get(points, Fraction(0)) + chance
            assert got == expected, case
