"""Rerolls a rule allows: the optimal policy chooses per result whether to reroll, checked
against tests/brute_force.py's recursion that tries both choices at every roll; the fixed
policies keep the rule of thumb (reroll a miss, and damage below a fresh roll's average)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tests.attack_support import library
from tests.brute_force import attack_table, best_with_rerolls, damage_table
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.plan import build_plan
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.model.effects import RollDice


def _sequence(raw: RawAttack, boxes: int, attacks: int, focus: int, reroll_attack: bool, reroll_damage: bool,
              critical_state: bool, edition: str = "mk4", misses_only: bool = False) -> Sequence:
    """Raw melee attacks under a rule that allows rerolling the attack and/or damage roll
    (as Recalibration does), and optionally a critical knockdown."""
    base = RawAttacks(raw, resolve_ruleset(library(), edition))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        setup = base(circumstance, boost_attack, boost_damage)
        return replace(setup, attack=replace(setup.attack, reroll=reroll_attack, misses_only=misses_only),
                       damage=replace(setup.damage, reroll=reroll_damage),
                       afflictions=frozenset({("knocked_down", "on_critical")}) if critical_state else frozenset())

    return Sequence(BoxTrack(boxes), 0, attacks, focus, source)


@settings(max_examples=14, deadline=None)
@given(skill=st.integers(3, 8), defence=st.integers(11, 16), power=st.integers(10, 18), armour=st.integers(12, 19),
       boxes=st.integers(1, 10), attacks=st.integers(1, 3), focus=st.integers(0, 2), reroll_attack=st.booleans(),
       reroll_damage=st.booleans(), critical_state=st.booleans(), misses_only=st.booleans())
def test_the_optimal_reroll_choice_matches_a_brute_force_of_both_choices(
        skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int, focus: int, reroll_attack: bool,
        reroll_damage: bool, critical_state: bool, misses_only: bool) -> None:
    sequence = _sequence(RawAttack(skill, True, defence, power, armour), boxes, attacks, focus, reroll_attack,
                         reroll_damage, critical_state, misses_only=misses_only)
    expected = best_with_rerolls(skill, defence, power, armour, boxes, attacks, focus, reroll_attack, reroll_damage,
                                 critical_state, misses_only)
    optimal = Optimal(sequence)
    result = resolve(sequence, optimal)
    assert result.p_destroyed == pytest.approx(float(expected), abs=1e-9)
    assert sum(result.damage.values()) == pytest.approx(1.0, abs=1e-9)
    assert resolve(sequence, NoSpending()).p_destroyed <= result.p_destroyed + 1e-9


def test_a_miss_is_rerolled_and_a_hit_kept_when_the_damage_can_kill() -> None:
    # 2d6 + MAT 6 against DEF 13, POW 14 against ARM 14, 12 boxes, two attacks with a critical
    # knockdown: a miss is worth less than a fresh roll, a hit (2d6 damage towards 12 boxes) more.
    sequence = _sequence(RawAttack(6, True, 13, 14, 14), 12, 2, 0, True, False, True)
    expected = best_with_rerolls(6, 13, 14, 14, 12, 2, 0, True, False, True)
    optimal = Optimal(sequence)
    assert resolve(sequence, optimal).p_destroyed == pytest.approx(float(expected), abs=1e-12)
    miss, hit, critical = optimal.reroll_attack(lattice_for(sequence.track), sequence.first_phase(), False)
    assert bool(miss[0]) and not bool(hit[0]) and not bool(critical[0])


def test_the_rule_of_thumb_rerolls_a_miss() -> None:
    # One attack that needs 7 on 2d6, the miss rerolled once: the brute force's table.
    sequence = _sequence(RawAttack(5, True, 12, 12, 12), 40, 1, 0, True, False, False)
    table = attack_table(2, 0, 0, 7, reroll=True)
    result = resolve(sequence, NoSpending())
    assert result.p_hit == pytest.approx(float(table["hit"] + table["critical"]), abs=1e-12)
    assert result.p_crit == pytest.approx(float(table["critical"]), abs=1e-12)


def test_the_rule_of_thumb_rerolls_damage_below_the_average() -> None:
    # A knocked-down target is hit without a roll (seed 001 L1393); 2d6 + 12 - 12: the average
    # is 7, so 2-6 are rerolled and the second roll kept.
    base = _sequence(RawAttack(5, True, 12, 12, 12), 40, 1, 0, False, True, False, "mk2")
    sequence = replace(base, conditions=frozenset({"knocked_down"}))
    single = damage_table(2, 0, 0, 0)
    rerolled = sum((p for points, p in single.items() if points < 7), Fraction(0))
    expected = {points: p * rerolled + (p if points >= 7 else 0) for points, p in single.items()}
    result = resolve(sequence, NoSpending())
    assert result.damage == {points: pytest.approx(float(p), abs=1e-12) for points, p in expected.items()}


def test_the_play_out_rerolls_as_the_optimal_policy_says() -> None:
    sequence = _sequence(RawAttack(6, True, 13, 13, 14), 8, 2, 1, True, True, True)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal).p_destroyed
    runs = Player(sequence, optimal, lattice_for(sequence.track)).play(20_000, seed=7)
    seen = sum(sequence.track.marked(run.state) >= sequence.track.capacity for run in runs) / len(runs)
    assert abs(seen - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5


def test_the_plan_says_when_to_reroll() -> None:
    sequence = _sequence(RawAttack(6, True, 13, 13, 14), 8, 2, 1, True, True, False)
    optimal = Optimal(sequence)
    steps = build_plan(optimal, lattice_for(sequence.track))
    first = steps[0].describe("focus")
    assert "reroll the attack roll on a miss" in first
    assert "reroll the damage roll" in first
    rows = steps[0].as_json()["by_boxes_left"]
    assert rows[0]["reroll_attack_on"] == ["miss"]


def test_only_a_missed_attack_roll_may_be_given_reroll_miss() -> None:
    # content/mk2/rules/khador-rules.yaml affinity-sorscha: a missed charge or slam attack roll.
    assert RollDice.model_validate({"kind": "roll_dice", "roll": "attack", "op": "reroll_miss"}).op == "reroll_miss"
    with pytest.raises(ValidationError, match="needs roll: attack"):
        RollDice.model_validate({"kind": "roll_dice", "roll": "damage", "op": "reroll_miss"})


def test_a_miss_only_reroll_never_rerolls_a_hit() -> None:
    # A rule that lets only a miss be rerolled keeps every hit, whatever a fresh roll would be
    # worth (here a critical hit knocks down): the policy's choices and the brute force agree.
    sequence = _sequence(RawAttack(8, True, 10, 12, 14), 6, 2, 0, True, False, True, misses_only=True)
    optimal = Optimal(sequence)
    _, hit, critical = optimal.reroll_attack(lattice_for(sequence.track), sequence.first_phase(), False)
    assert not hit.any() and not critical.any()
    expected = best_with_rerolls(8, 10, 12, 14, 6, 2, 0, True, False, True, misses_only=True)
    assert resolve(sequence, optimal).p_destroyed == pytest.approx(float(expected), abs=1e-12)
