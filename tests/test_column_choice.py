"""The attacker picks the damage column (``choose_column``: MkII Precision Strike, Sniper).

A grid takes each damage roll's points in a d6 column (seed 001 L1465-1469; a spiral's
branch, seed 003 L2211); the rule replaces that d6 by the attacker's choice.  Checked by
hand on a tiny grid, against the independent brute force (``tests/brute_force.py``: it
fills the columns itself and takes the best column where the attacker picks), by the seeded
play-out, and on the cards (Great Bears of Gallowswood against a Sentinel, whose Assault
Shield in the Left Arm gives +2 ARM until that arm is crippled)."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import grid_kill_chance
from tests.conftest import run_cli
from wmdata.engine.attack import AttackRequest, rules_for
from wmdata.engine.attack_source import ContentAttacks
from wmdata.engine.damage_track import ASPECTS, GRID_SYSTEMS, ColumnTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup

ONE_ARM = (("L",), (".",), (".",), (".",), (".",), (".",))
"""Six boxes, one a Left Arm box alone in column 1."""
COLUMNS = (("M",), (".", "M"), ("L",), ("L", "."), (".",), ("M", "."))
"""Nine boxes: Movement in columns 1, 2 and 6, a Left Arm in columns 3 and 4."""


class ArmCrippled:
    """A raw melee attack (mk4 dice) that picks its column: 1 point per hit while the target's
    Left Arm works, a killing blow (2d6 + 10 points) once it is crippled."""

    def __init__(self) -> None:
        self.rules = resolve_ruleset(library(), "mk4")

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        crippled = "L" in circumstance.crippled
        setup = raw_setup(RawAttack(5, True, 12, 20 if crippled else 10, 10), self.rules, [], [])
        return replace(setup, points_floor=1, points_cap=None if crippled else 1, picks_column="precision-strike")


def test_picking_the_arm_column_by_hand() -> None:
    # Each attack hits on 2d6 >= 12 - 5 = 7: 21/36.  The first hit's 1 point cripples the arm
    # only in column 1: picked, always; rolled, 1 time in 6.  Then a second hit kills (at least
    # 12 points, 5 boxes left).  Picked: (21/36)^2 = 441/1296; rolled: 441/1296/6 = 441/7776.
    track = ColumnTrack(ONE_ARM, "grid", GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), 2, 0, ArmCrippled(), relevant=frozenset({"L"}))
    assert sequence.free_choices()
    picked = resolve(sequence, Optimal(sequence))
    rolled = resolve(sequence, NoSpending())
    assert picked.p_destroyed == pytest.approx(441 / 1296, abs=1e-12)
    assert rolled.p_destroyed == pytest.approx(441 / 7776, abs=1e-12)
    # the first attack's 1 point goes to column 1 (index 0) every time it hits
    first = picked.column_choices[(1, 1)]
    assert first.rolled == 0 and set(first.picked) == {0}
    assert first.picked[0] == pytest.approx(21 / 36)


class Feedback:
    """A raw melee attack (mk4 dice) that picks its column, against a target that loses ``drop``
    DEF while its system ``slow`` is crippled (a grid's Movement) and ``soft`` ARM while its
    system ``weak`` is (a grid's Left Arm)."""

    def __init__(self, skill: int, defence: int, power: int, armour: int, drop: int, soft: int,
                 slow: str = "M", weak: str = "L") -> None:
        self.skill, self.defence, self.power, self.armour, self.drop, self.soft = (skill, defence, power, armour,
                                                                                  drop, soft)
        self.slow, self.weak = slow, weak
        self.rules = resolve_ruleset(library(), "mk4")

    def numbers(self, crippled: frozenset[str]) -> tuple[int, int]:
        """What the attack roll needs, and the damage roll's offset."""
        defence = self.defence - (self.drop if self.slow in crippled else 0)
        armour = self.armour - (self.soft if self.weak in crippled else 0)
        return defence - self.skill, self.power - armour

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        defence = self.defence - (self.drop if self.slow in circumstance.crippled else 0)
        armour = self.armour - (self.soft if self.weak in circumstance.crippled else 0)
        setup = raw_setup(RawAttack(self.skill, True, defence, self.power, armour), self.rules, [], [])
        return replace(setup, picks_column="precision-strike")


@settings(max_examples=10, deadline=None)
@given(skill=st.integers(4, 7), defence=st.integers(11, 15), power=st.integers(9, 13), armour=st.integers(10, 13),
       drop=st.integers(0, 6), soft=st.integers(0, 5), attacks=st.integers(1, 3))
def test_the_picked_column_matches_the_brute_force(skill: int, defence: int, power: int, armour: int, drop: int,
                                                   soft: int, attacks: int) -> None:
    source = Feedback(skill, defence, power, armour, drop, soft)
    track = ColumnTrack(COLUMNS, "grid", GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), attacks, 0, source, relevant=frozenset({"M", "L"}))
    best = resolve(sequence, Optimal(sequence)).p_destroyed
    assert best == pytest.approx(float(grid_kill_chance(COLUMNS, source.numbers, attacks, True)), abs=1e-9)
    rolled = resolve(sequence, NoSpending()).p_destroyed  # a fixed policy rolls the column
    assert rolled == pytest.approx(float(grid_kill_chance(COLUMNS, source.numbers, attacks, False)), abs=1e-9)


SPIRAL = (("M", "B"), ("B",), ("S", "B"), ("M",), (".", "S"), ("S", "M", "."))
"""Twelve circles: Mind, Body and Spirit spread over six branches, outermost first."""


@settings(max_examples=6, deadline=None)
@given(skill=st.integers(4, 7), defence=st.integers(11, 15), power=st.integers(9, 13), armour=st.integers(10, 13),
       drop=st.integers(0, 6), soft=st.integers(1, 5), attacks=st.integers(2, 3))
def test_the_picked_branch_of_a_spiral_matches_the_brute_force(skill: int, defence: int, power: int, armour: int,
                                                               drop: int, soft: int, attacks: int) -> None:
    # a warbeast's life spiral fills a branch outermost circle in, then the next branch
    # (seed 003 L2211): the same filling as a grid's column, so the same brute force
    source = Feedback(skill, defence, power, armour, drop, soft, slow="S", weak="B")
    track = ColumnTrack(SPIRAL, "spiral", ASPECTS)
    sequence = Sequence(track, track.start(), attacks, 0, source, relevant=frozenset({"S", "B"}))
    best = resolve(sequence, Optimal(sequence)).p_destroyed
    assert best == pytest.approx(float(grid_kill_chance(SPIRAL, source.numbers, attacks, True)), abs=1e-9)


def test_the_play_out_follows_the_picked_columns() -> None:
    source = Feedback(6, 14, 11, 12, 5, 3)
    track = ColumnTrack(COLUMNS, "grid", GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), 3, 0, source, relevant=frozenset({"M", "L"}))
    lattice = lattice_for(track)
    policy = Optimal(sequence)
    exact = resolve(sequence, policy, lattice)
    rolled = resolve(sequence, NoSpending(), lattice).p_destroyed
    runs = Player(sequence, policy, lattice).play(6000, seed=7, log_first=True)
    destroyed = sum(1 for run in runs if track.marked(run.state) >= track.capacity) / len(runs)
    error = math.sqrt(exact.p_destroyed * (1 - exact.p_destroyed) / len(runs))
    assert abs(destroyed - exact.p_destroyed) <= 4 * error
    assert exact.p_destroyed > rolled + 8 * error  # the picks matter here, so the check has teeth
    assert exact.crippled is not None
    for system, chance in exact.crippled.items():
        seen = sum(1 for run in runs if system in track.crippled(run.state)) / len(runs)
        assert abs(seen - chance) <= 4 * math.sqrt(max(chance * (1 - chance), 1e-9) / len(runs)) + 1e-9, system


def _setup(attacker: str, weapon: str, target: str) -> AttackSetup:
    registry = library()
    rules = rules_for(registry, "mk2", None, [])
    return ContentAttacks(registry, AttackRequest(attacker, weapon, target, "mk2"), rules)(
        Circumstance(weapon=weapon), False, False)


def test_precision_strike_picks_against_warjacks_and_warbeasts_in_melee() -> None:
    # content/mk2/rules/cygnar-rules.yaml: Precision Strike, a melee attack that damages a
    # warjack or warbeast; the Great Bears carry it (content/mk2/factions/khador/units.yaml).
    assert _setup("great-bears-of-gallowswood", "Great Axe", "sentinel").picks_column == "precision-strike"
    assert _setup("great-bears-of-gallowswood", "Great Axe", "stormblade-infantry").picks_column == ""


def test_the_cli_plans_the_columns_and_beats_rolling_them() -> None:
    args = ["attack", "--attacker", "great-bears-of-gallowswood", "--weapon", "Great Axe", "--target", "sentinel",
            "--marked", "3,2,2,0,0,0", "--attacks", "3"]
    best = run_cli(*args, "--simulate", "200", "--seed", "3")
    assert best.exit_code == 0, best.output
    assert "column plan, attack 1 (damage points: column): 1-12: column 2 (Left Arm, Movement)" in best.output
    assert "picks column 2 (precision-strike)" in best.output
    plan = json.loads(run_cli(*args, "--json").output)["column_plan"]
    first = [row for row in plan if row["attack"] == 1]
    assert first and all(set(row["picked"]) == {"2"} and row["rolled"] == 0 for row in first)
    rolled = run_cli(*args, "--policy", "none")
    assert "column plan" not in rolled.output

    def kill(output: str) -> float:
        line = next(line for line in output.splitlines() if line.startswith("destroyed:"))
        return float(line.split()[1].rstrip("%"))

    assert kill(best.output) > kill(rolled.output) + 5
