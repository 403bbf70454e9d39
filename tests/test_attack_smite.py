"""Critical Smite and Critical Pitch as plan choices: on a critical hit the attacker may slam
(or throw) the model hit instead of its normal damage roll; the slam's damage roll is the
attacker's STR plus the weapon's POW, and the target is knocked down, so the later melee
attacks hit it without a roll (seed 001 L1393, L2683). The optimal policy takes it per
critical hit when it raises the kill chance; checked by hand and against
tests/brute_force.py's recursion, which applies the knockdown itself."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import best_with_smite
from tests.conftest import run_cli
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.plan import build_plan, table_lines
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup


def _smiting(raw: RawAttack, edition: str, boxes: int, attacks: int, focus: int) -> Sequence:
    """Raw melee attacks whose critical hits may become a slam dealing the same damage value
    (MkII Critical Smite: STR plus the weapon's POW, i.e. P+S)."""
    base = RawAttacks(raw, resolve_ruleset(library(), edition))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        setup = base(circumstance, boost_attack, boost_damage)
        return replace(setup, smite="slam", smite_source="critical-smite (test)", smite_offset=setup.offset)

    return Sequence(BoxTrack(boxes), 0, attacks, focus, source)


def test_by_hand_two_attacks() -> None:
    """MAT 5 against DEF 12 (a hit on 7+: 21/36; critical on 4-4, 5-5, 6-6: 3/36), P+S 12
    against ARM 12 and 13 boxes: one damage roll (2d6) never kills, two do on 13+ on 4d6
    (861 of 1296: 435 of the 1296 results total 12 or less). Slamming on the first critical
    knocks the target down, so the second attack hits without a roll:
    3/36 * 861/1296 + 18/36 * 21/36 * 861/1296; never slamming: (21/36)^2 * 861/1296."""
    sequence = _smiting(RawAttack(5, True, 12, 12, 12), "mk2", 13, 2, 0)
    optimal = Optimal(sequence)
    four = Fraction(861, 1296)
    expected = Fraction(3, 36) * four + Fraction(18, 36) * Fraction(21, 36) * four
    assert abs(resolve(sequence, optimal).p_destroyed - float(expected)) < 1e-12
    assert abs(resolve(sequence, NoSpending()).p_destroyed - float(Fraction(21, 36) ** 2 * four)) < 1e-12
    lines = table_lines(build_plan(optimal, lattice_for(sequence.track)), "focus")
    gain = four * (1 - Fraction(21, 36))  # once the critical hit is rolled: a sure second hit instead of 21/36
    assert lines[0].endswith(f"slam the target instead of the damage roll on a critical hit (+{float(gain):.1%} "
                             "kill chance)")


@settings(max_examples=14, deadline=None)
@given(skill=st.integers(3, 8), defence=st.integers(11, 16), power=st.integers(10, 16), armour=st.integers(12, 18),
       boxes=st.integers(1, 10), attacks=st.integers(1, 3), focus=st.integers(0, 2))
def test_against_brute_force(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                             focus: int) -> None:
    sequence = _smiting(RawAttack(skill, True, defence, power, armour), "mk2", boxes, attacks, focus)
    best, never = best_with_smite(skill, defence, power, armour, boxes, attacks, focus)
    assert abs(resolve(sequence, Optimal(sequence)).p_destroyed - float(best)) < 1e-9
    assert best >= never


def test_play_out_agrees() -> None:
    sequence = _smiting(RawAttack(5, True, 13, 12, 14), "mk2", 10, 3, 1)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal).p_destroyed
    runs = Player(sequence, optimal, lattice_for(sequence.track)).play(4000, 3, log_first=True)
    share = sum(1 for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity) / len(runs)
    assert abs(share - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5 + 1e-9


def test_siege_brisbane_smites_from_the_card() -> None:
    """MkII Siege Brisbane's Havoc (Critical Smite; STR 7 + POW 7 = P+S 14) against Major
    Victoria Haley (DEF 16, ARM 14, 15 boxes) with 3 focus: the command's kill chance is the
    brute force's best.  Both stand on 30 mm bases, so a slam moves Haley a full d6 (seed 001
    L1085), at least 1 inch: out of Havoc's 1/2 inch melee range (seed 001 L963), so no later
    attack reaches her and slamming never pays (it did while the slammed target was assumed
    to stay in reach); the plan offers the slam and never takes it."""
    result = run_cli("attack", "--attacker", "major-markus-siege-brisbane", "--weapon", "Havoc", "--target",
                     "major-victoria-haley", "--edition", "mk2", "--focus", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    best, never = best_with_smite(6, 16, 14, 14, 15, 1, 3, reach=Fraction(1, 2))
    assert abs(data["p_destroyed"] - float(best)) < 1e-9
    assert best == never
    assert best_with_smite(6, 16, 14, 14, 15, 1, 3)[0] > best  # what the old assumption promised
    offered = [row["smite_on_critical"] for step in data["plan"] for row in step["by_boxes_left"]
               if row["smite_on_critical"] is not None]
    assert offered and not any(choice["spend"] for choice in offered)
    assert all(gap["rule"] != "critical-smite" or gap["coverage"] == "partial" for gap in data["not_in_odds"])
