"""Critical System Failure (``fail_systems``): after a critical hit's damage is marked on a warjack
grid, every system it struck has all its other boxes marked (seed 001 L3089, L3127).

Checked by hand on a tiny grid, against the independent brute force (``tests/brute_force.py``:
it keeps the set of marked boxes, so a box below an unmarked one can be marked), the state
numbering against the track's own marking, the seeded play-out, and the Destroyer's axe."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import failing_kill_chance
from tests.conftest import run_cli
from wmdata.engine.attack import AttackRequest, rules_for
from wmdata.engine.attack_source import ContentAttacks
from wmdata.engine.damage_track import GRID_SYSTEMS, ColumnTrack, FailingGrid
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.engine.system_failure import FailingStates

TWO_ARM_BOXES = (("L",), ("L",), (".",), (".",), (".",), (".",))
"""Six boxes: a Left Arm of two boxes in columns 1 and 2."""
COLUMNS = (("M", "L"), (".", "M"), ("L",), ("L", "."), (".", "C"), ("M", "C", "."))
"""Twelve boxes: Movement, Left Arm and Cortex spread so that a failure marks boxes below blank ones."""


class Failing:
    """A raw mk2 melee attack whose critical hits fail the systems they strike, against a target
    that loses ``drop`` DEF while its Movement is crippled and ``soft`` ARM while its Left Arm is;
    ``points``: every hit deals exactly that many points (0: the roll's)."""

    def __init__(self, skill: int, defence: int, power: int, armour: int, drop: int = 0, soft: int = 0,
                 points: int = 0) -> None:
        self.skill, self.defence, self.power, self.armour = skill, defence, power, armour
        self.drop, self.soft, self.points = drop, soft, points
        self.rules = resolve_ruleset(library(), "mk2")

    def numbers(self, crippled: frozenset[str]) -> tuple[int, int]:
        """What the attack roll needs, and the damage roll's offset."""
        defence = self.defence - (self.drop if "M" in crippled else 0)
        armour = self.armour - (self.soft if "L" in crippled else 0)
        return defence - self.skill, self.power - armour

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        defence = self.defence - (self.drop if "M" in circumstance.crippled else 0)
        armour = self.armour - (self.soft if "L" in circumstance.crippled else 0)
        setup = replace(raw_setup(RawAttack(self.skill, True, defence, self.power, armour), self.rules, [], []),
                        fails_systems="critical-system-failure (test)")
        if self.points:
            setup = replace(setup, points_floor=self.points, points_cap=self.points)
        return setup


def test_a_failed_arm_by_hand() -> None:
    # 2d6 + 9 against DEF 10 needs 1: every roll hits but 1-1 (all 1s miss); a critical hit is
    # a hit with a double, 2-2 to 6-6: 5/36.  Every hit deals 1 point.  On a critical hit the
    # point lands in column 1 or 2 (2 in 6) on a Left Arm box, and the arm's other box is
    # marked too: 2 boxes.  So 0 boxes: 1/36; 2 boxes: 5/36 * 2/6 = 10/216; 1 box: 30/36 +
    # 5/36 * 4/6 = 200/216.
    track = FailingGrid(TWO_ARM_BOXES, GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), 1, 0, Failing(9, 10, 10, 10, points=1))
    result = resolve(sequence, NoSpending())
    assert result.damage[0] == pytest.approx(1 / 36, abs=1e-12)
    assert result.damage[1] == pytest.approx(200 / 216, abs=1e-12)
    assert result.damage[2] == pytest.approx(10 / 216, abs=1e-12)
    assert result.crippled is not None and result.crippled["L"] == pytest.approx(10 / 216, abs=1e-12)


def test_the_numbered_states_follow_the_track() -> None:
    # the numbering moves every state as the track marks it, box by box, failing or not
    track = FailingGrid(COLUMNS, GRID_SYSTEMS)
    states = FailingStates(track)
    rng = random.Random(4)
    for _ in range(200):
        state = track.start()
        for _ in range(4):
            points, first, failing = rng.randint(0, 8), rng.randrange(6), rng.random() < 0.5
            after = track.place_failing(state, points, (first,)) if failing else track.place(state, points, (first,))
            assert states.after(points, failing)[first, states.index(state)] == states.index(after)
            assert states.marked[states.index(after)] == track.marked(after)
            assert {s for s in track.systems() if states.crippled[s][states.index(after)]} == track.crippled(after)
            state = after


@settings(max_examples=8, deadline=None)
@given(skill=st.integers(5, 8), defence=st.integers(11, 14), power=st.integers(10, 14), armour=st.integers(10, 13),
       drop=st.integers(0, 5), soft=st.integers(0, 4), attacks=st.integers(1, 3))
def test_against_the_brute_force(skill: int, defence: int, power: int, armour: int, drop: int, soft: int,
                                 attacks: int) -> None:
    source = Failing(skill, defence, power, armour, drop, soft)
    track = FailingGrid(COLUMNS, GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), attacks, 0, source, relevant=frozenset({"M", "L"}))
    result = resolve(sequence, NoSpending())
    kill, mean = failing_kill_chance(COLUMNS, source.numbers, attacks)
    assert result.p_destroyed == pytest.approx(float(kill), abs=1e-9)
    assert result.expected_damage == pytest.approx(float(mean), abs=1e-9)


def test_the_play_out_agrees() -> None:
    source = Failing(9, 12, 9, 12)
    track = FailingGrid(COLUMNS, GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), 2, 0, source)
    lattice = lattice_for(track)
    exact = resolve(sequence, NoSpending(), lattice)
    plain = ColumnTrack(COLUMNS, "grid", GRID_SYSTEMS)  # the same attacks with no failure: the check has teeth
    without = resolve(Sequence(plain, plain.start(), 2, 0, source), NoSpending())
    assert exact.p_destroyed > without.p_destroyed + 0.03
    assert exact.expected_damage > without.expected_damage + 0.3
    runs = Player(sequence, NoSpending(), lattice).play(6000, 8)
    destroyed = sum(1 for run in runs if track.marked(run.state) >= track.capacity) / len(runs)
    assert abs(destroyed - exact.p_destroyed) <= 4 * math.sqrt(exact.p_destroyed * (1 - exact.p_destroyed) / 6000)
    mean = sum(track.marked(run.state) for run in runs) / len(runs)
    assert abs(mean - exact.expected_damage) < 0.15
    assert exact.crippled is not None
    for system, chance in exact.crippled.items():
        seen = sum(1 for run in runs if system in track.crippled(run.state)) / len(runs)
        assert abs(seen - chance) <= 4 * math.sqrt(max(chance * (1 - chance), 1e-9) / 6000) + 1e-9, system


def test_the_destroyers_axe_fails_systems() -> None:
    # content/mk2/rules/khador-rules.yaml: Critical System Failure on the Executioner Axe
    # (content/mk2/factions/khador/warjacks.yaml), against warjacks only
    registry = library()
    rules = rules_for(registry, "mk2", None, [])
    axe = ContentAttacks(registry, AttackRequest("destroyer", "Executioner Axe", "ironclad", "mk2"), rules)
    assert axe(Circumstance(weapon="Executioner Axe"), False, False).fails_systems == "critical-system-failure"
    troops = ContentAttacks(registry, AttackRequest("destroyer", "Executioner Axe", "stormblade-infantry", "mk2"),
                            rules)
    assert troops(Circumstance(weapon="Executioner Axe"), False, False).fails_systems == ""
    args = ["attack", "--attacker", "destroyer", "--weapon", "Executioner Axe", "--target", "sentinel",
            "--marked", "3,2,2,0,0,0", "--attacks", "2"]
    data = json.loads(run_cli(*args, "--simulate", "2000", "--seed", "5", "--json").output)
    error = math.sqrt(max(data["p_destroyed"] * (1 - data["p_destroyed"]), 1e-9) / 2000)
    assert abs(data["simulation"]["p_destroyed"] - data["p_destroyed"]) <= 4 * error
    assert abs(data["simulation"]["mean_damage"] - data["expected_damage"]) < 0.4


def test_a_grid_too_large_keeps_the_rule_out_and_says_so() -> None:
    # a MkII Juggernaut's grid has 561,001 states with its systems failed, past the 400,000 the
    # engine numbers (wmdata/engine/lattice.py MAX_STATES): the odds are those of a plain grid
    result = run_cli("attack", "--attacker", "destroyer", "--weapon", "Executioner Axe", "--target", "juggernaut")
    assert result.exit_code == 0, result.output
    assert ("also:         critical-system-failure: not in the odds on this grid (561001 states with its systems "
            "failed, more than 400000)") in result.output
