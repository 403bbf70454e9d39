"""Conditions a hit puts on the target (knocked down, stationary, a continuous effect): in the
odds of the later attacks, and their chance reported.

The raw sequences are checked against tests/brute_force.py's plain recursion, which applies
the state's rules itself (automatic melee hits, base DEF 5) instead of asking the ruleset."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import sequence_with_state
from tests.conftest import run_cli
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.model.effects import Stationary


def _run(*args: str) -> dict[str, Any]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def _text(*args: str) -> str:
    result = run_cli("attack", *args)
    assert result.exit_code == 0, result.output
    return result.output


def _critical_puts(state: str, edition: str, raw: RawAttack) -> Sequence:
    """A raw melee attack whose critical hits put ``state`` on the target (as Critical
    Knockdown or Critical Freeze do); the ruleset says what the state changes."""
    base = RawAttacks(raw, resolve_ruleset(library(), edition))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(base(circumstance, boost_attack, boost_damage), afflictions=frozenset({(state, "on_critical")}))

    return Sequence(BoxTrack(1), 0, 1, 0, source)


@settings(max_examples=12, deadline=None)
@given(skill=st.integers(3, 8), defence=st.integers(11, 17), power=st.integers(10, 18), armour=st.integers(12, 20),
       boxes=st.integers(1, 12), attacks=st.integers(1, 3), focus=st.integers(0, 2),
       state=st.sampled_from(["stationary", "knocked_down"]), edition=st.sampled_from(["mk2", "mk3", "mk4"]))
def test_a_critical_state_feeds_the_later_attacks_as_the_brute_force_says(
        skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int, focus: int, state: str,
        edition: str) -> None:
    # Every edition: melee attacks hit a stationary or knocked-down model automatically and its
    # base DEF is 5 (seed 001 L1393, L1427; seed 003 L1803, L1975, L2345; seed 000 L2426, L3423-3431).
    sequence = replace(_critical_puts(state, edition, RawAttack(skill, True, defence, power, armour)),
                       track=BoxTrack(boxes), attacks=attacks, resource=focus)
    best, plain, held = sequence_with_state(skill, defence, power, armour, boxes, attacks, focus, 5)
    none = resolve(sequence, NoSpending())
    assert none.p_destroyed == pytest.approx(float(plain), abs=1e-9)
    assert none.conditions.get(state, 0.0) == pytest.approx(float(held), abs=1e-9)
    assert resolve(sequence, Optimal(sequence)).p_destroyed == pytest.approx(float(best), abs=1e-9)


def test_the_play_out_puts_the_state_as_often_as_the_exact_odds() -> None:
    sequence = replace(_critical_puts("stationary", "mk2", RawAttack(6, True, 13, 12, 16)), track=BoxTrack(20),
                       attacks=3)
    exact = resolve(sequence, NoSpending()).conditions["stationary"]
    runs = Player(sequence, NoSpending(), lattice_for(sequence.track)).play(20_000, seed=4)
    seen = sum("stationary" in run.conditions for run in runs) / len(runs)
    assert abs(seen - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5


def test_critical_freeze_leaves_the_target_stationary_by_hand() -> None:
    # Juggernaut's Ice Axe (Critical Freeze) against an Ironclad: 2d6 + MAT 6 against DEF 12
    # needs 6 or more; a critical hit is a hit with a double (seed 001 L1577): 3-3, 4-4, 5-5,
    # 6-6, so 4 of 36.  The Open Fist after it cannot freeze, and two attacks cannot destroy
    # 30 boxes, so P(stationary) = 4/36.
    data = _run("--attacker", "juggernaut", "--weapon", "Ice Axe", "--weapon", "Open Fist", "--target", "ironclad")
    assert data["p_target_states"] == {"stationary": pytest.approx(float(Fraction(4, 36)), abs=1e-12)}
    conditions = data["attack_effects"]["conditions"]
    assert conditions == [{"condition": "stationary", "window": "on_critical", "source": "critical-freeze"}]


def test_the_stationary_target_is_hit_automatically_by_the_next_melee_attack() -> None:
    # Once frozen, the Open Fist hits without a roll (seed 001 L1427), so its plan step for a
    # stationary target offers no attack boost, and its kill chance is the one from a sure hit.
    data = _run("--attacker", "juggernaut", "--weapon", "Ice Axe", "--weapon", "Open Fist", "--target", "ironclad",
                "--focus", "3")
    frozen = [step for step in data["plan"] if step["target_states"] == ["stationary"]]
    assert frozen and all(step["knocked_down"] is False for step in frozen)
    second = next(step for step in frozen if step["attack"] == 2)
    assert all(row["boost_attack"] is None for row in second["by_boxes_left"])


def test_cold_immunity_stops_critical_freeze() -> None:
    # content/mk2/rules/khador-rules.yaml critical-freeze: not against a model immune to cold
    # (Kommander Sorscha has Immunity: Cold).
    data = _run("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "kommander-sorscha")
    assert data["p_target_states"] == {}
    assert data["attack_effects"]["conditions"] == []


def test_critical_fire_is_reported_but_changes_no_later_attack() -> None:
    # Seed 001 L1591: a Crusader's Inferno Mace critical hit sets a Defender on fire; the fire
    # does its damage in the Maintenance Phase, not during the attacks.  2d6 + MAT 6 against
    # DEF 12: a double of 3 or more, 4 of 36.
    pair = ("--attacker", "crusader", "--weapon", "Inferno Mace", "--weapon", "Open Fist", "--target", "defender")
    assert _run(*pair)["p_target_states"] == {"fire": pytest.approx(float(Fraction(4, 36)), abs=1e-12)}
    planned = _run(*pair, "--focus", "2")
    assert 0 < planned["p_target_states"]["fire"] < 1
    assert planned["plan"] and all(step["target_states"] == [] for step in planned["plan"])  # no split on fire
    text = _text("--attacker", "crusader", "--weapon", "Inferno Mace", "--target", "defender")
    assert "target ends:  fire 11.1% (destroyed or not)" in text
    assert "puts the fire continuous effect on the target on a critical hit (critical-fire)" in text


def test_the_stationary_effect_kind_is_data() -> None:
    effect = Stationary.model_validate({"kind": "stationary", "unless_immune": "cold"})
    assert effect.window == "on_critical" and effect.unless_immune == "cold"


def test_the_table_plan_tells_each_decision_once() -> None:
    # Juggernaut charging an Ironclad with 3 focus: the Open Fist's attack comes after the Ice
    # Axe's in every game (one attack cannot destroy 30 boxes), the target frozen or not; the
    # JSON keeps both steps, the table tells them once when their decisions agree, and says only
    # what to do.
    args = ("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--charge", "--focus", "3")
    data = _run(*args)
    second = [step for step in data["plan"] if step["attack"] == 2]
    assert {tuple(step["target_states"]) for step in second} == {(), ("stationary",)}
    assert sum(step["reach"] for step in second) == pytest.approx(1.0, abs=1e-9)
    table = _text(*args).split("plan:")[1]
    assert "do not" not in table
    assert table.count("attack 2 with Open Fist (") == 1
    assert "attack 2 with Open Fist (100% of games; 2 focus left;" in table


def test_a_tiny_gain_is_not_told_as_nothing() -> None:
    # The plan boosts only where it raises the kill chance; a gain under 0.05% is told as
    # '+<0.1%', never '+0.0%'.
    text = _text("--attacker", "slayer", "--weapon", "Deathclaw", "--target", "ironclad", "--effect", "recalibration",
                 "--focus", "3")
    assert "(+0.0% kill chance)" not in text
