"""Sequences of attacks and the focus planner against a plain-Python brute force.

The brute force here builds each attack from tests/brute_force.py's face-by-face tables
and walks the sequence recursively with fractions, apart from the engine's arrays."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from wmdata.engine.attack import AttackRequest, find_model, rules_for
from wmdata.engine.attack_source import ContentAttacks, RawAttacks, relevant_systems, target_states
from wmdata.engine.damage_track import BoxTrack, track_for
from wmdata.engine.policy import BoostDamage, BuyAttacks, NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve


def _brute_kill(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int, focus: int,
                charge: bool) -> tuple[Fraction, Fraction]:
    """(best kill chance, kill chance spending nothing) by plain recursion over whole rolls.
    MkIV dice: 2 dice, a boost adds one; a charge boosts the first damage roll (seed 000 L211-214)."""

    @cache
    def hits(dice: int) -> tuple[Fraction, Fraction]:
        table = attack_table(dice, 0, 0, defence - skill)
        return table["miss"], table["hit"] + table["critical"]

    @cache
    def damage(dice: int) -> dict[int, Fraction]:
        return damage_table(dice, 0, 0, power - armour)

    @cache
    def best(marked: int, left: int, spare: int, first: bool, spend: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if left == 0:
            return best(marked, 1, spare - 1, first, spend) if spend and spare else Fraction(0)
        options = []
        for boost_attack in (False, True) if spend and spare else (False,):
            miss, hit = hits(3 if boost_attack else 2)
            after = spare - boost_attack
            value = miss * best(marked, left - 1, after, False, spend)
            damage_options = []
            for boost_damage in (False, True) if spend and after and not (charge and first) else (False,):
                dice = 3 if boost_damage or (charge and first) else 2
                damage_options.append(sum((chance * best(min(boxes, marked + points), left - 1, after - boost_damage,
                                                         False, spend)
                                           for points, chance in damage(dice).items()),
                                          Fraction(0)))
            options.append(value + hit * max(damage_options))
        return max(options)

    return best(0, attacks, focus, charge, True), best(0, attacks, focus, charge, False)


@settings(max_examples=15, deadline=None)
@given(skill=st.integers(4, 8), defence=st.integers(10, 16), power=st.integers(10, 18), armour=st.integers(12, 20),
       boxes=st.integers(1, 10), attacks=st.integers(1, 3), focus=st.integers(0, 3), charge=st.booleans())
def test_raw_sequences_match_brute_force(skill: int, defence: int, power: int, armour: int, boxes: int,
                                         attacks: int, focus: int, charge: bool) -> None:
    rules = resolve_ruleset(library(), "mk4")
    source = RawAttacks(RawAttack(skill, True, defence, power, armour), rules)
    sequence = Sequence(BoxTrack(boxes), 0, attacks, focus, source, charge=charge)
    best, plain = _brute_kill(skill, defence, power, armour, boxes, attacks, focus, charge)
    none = resolve(sequence, NoSpending())
    assert none.p_destroyed == pytest.approx(float(plain), abs=1e-9)
    assert sum(none.damage.values()) == pytest.approx(1.0, abs=1e-9)
    optimal = Optimal(sequence)
    result = resolve(sequence, optimal)
    assert result.p_destroyed == pytest.approx(float(best), abs=1e-9)
    for fixed in (BoostDamage(), BuyAttacks()):
        assert resolve(sequence, fixed).p_destroyed <= result.p_destroyed + 1e-9


def test_damage_distribution_is_capped_by_the_boxes_left() -> None:
    rules = resolve_ruleset(library(), "mk4")
    source = RawAttacks(RawAttack(8, True, 10, 20, 12), rules)
    result = resolve(Sequence(BoxTrack(10), 4, 2, 0, source), NoSpending())
    assert max(result.damage) == 6
    assert sum(result.damage.values()) == pytest.approx(1.0, abs=1e-9)


def test_knockdown_feeds_back_into_later_attacks() -> None:
    # A knocked-down target is hit automatically in melee (seed 001 L997, L1393): with the
    # target knocked down from the start, two POW 30 attacks on 2 boxes always destroy it.
    rules = resolve_ruleset(library(), "mk2")
    source = RawAttacks(RawAttack(3, True, 18, 30, 10), rules)
    down = resolve(Sequence(BoxTrack(2), 0, 1, 0, source, conditions=frozenset({"knocked_down"})), NoSpending())
    standing = resolve(Sequence(BoxTrack(2), 0, 1, 0, source), NoSpending())
    assert down.p_destroyed == pytest.approx(1.0)
    assert standing.p_destroyed < 0.1


def test_crippled_movement_lowers_def_for_later_attacks() -> None:
    # seed 001 L1479: a warjack with crippled Movement has base DEF 7.  Once the Ironclad's
    # Movement is crippled, the next attack meets DEF 7 instead of its printed 12.
    registry = library()
    rules = rules_for(registry, "mk2", None, [])
    track = track_for(find_model(registry, "ironclad", "mk2", "target").entry.damage)  # type: ignore[attr-defined]
    source = ContentAttacks(registry, AttackRequest("juggernaut", "Ice Axe", "ironclad", "mk2"), rules,
                            crippled=target_states(track, rules))
    assert relevant_systems(source) == frozenset({"M"})
    plain = source(Circumstance(), False, False)
    crippled = source(Circumstance(crippled=frozenset({"M"})), False, False)
    assert plain.needed - crippled.needed == 12 - 7
    with_feedback = resolve(Sequence(track, track.start(), 3, 0, source, relevant=frozenset({"M"})), NoSpending())
    without = resolve(Sequence(track, track.start(), 3, 0, source), NoSpending())
    assert with_feedback.p_destroyed > without.p_destroyed
    assert with_feedback.crippled is not None and 0 < with_feedback.crippled["M"] < 1


def test_crippled_shield_arm_loses_its_armour_for_later_attacks() -> None:
    # seed 004 L182-183 (content/mk2/rules/vocabulary.yaml shield): a shield's +2 ARM is lost while
    # its system is crippled.  The Lancer's Shock Shield sits in its left arm (L).
    registry = library()
    rules = rules_for(registry, "mk2", None, [])
    lancer = find_model(registry, "lancer", "mk2", "target")
    track = track_for(lancer.entry.damage)  # type: ignore[attr-defined]
    crippling = target_states(track, rules, registry, "mk2", list(lancer.entry.weapons))  # type: ignore[attr-defined]
    assert crippling["L"] == ("crippled_weapon", True)
    source = ContentAttacks(registry, AttackRequest("juggernaut", "Ice Axe", "lancer", "mk2"), rules,
                            crippled=crippling)
    assert relevant_systems(source) == frozenset({"L", "M"})
    plain = source(Circumstance(), False, False)
    shield_lost = source(Circumstance(crippled=frozenset({"L"})), False, False)
    assert shield_lost.offset - plain.offset == 2
