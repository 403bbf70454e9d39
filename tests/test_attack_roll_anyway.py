"""Rolling anyway against an automatic hit, to try for a critical hit: every edition lets a
player make the attack roll an automatic hit would spare, and then the roll decides, a failed
one missing (seed 001 L1327, seed 003 L1703, seed 000 L2106-2111). The optimal policy takes
that roll only where a critical hit does more than a hit, and only when it raises the kill
chance; checked by hand and against tests/brute_force.py's recursion."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import best_rolling_anyway
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
from wmdata.engine.work import ExtraDamageRecord


def _critical_dice(raw: RawAttack, edition: str, dice: int, boxes: int, attacks: int, focus: int) -> Sequence:
    """Raw melee attacks against a knocked-down target, a critical hit adding ``dice`` damage dice."""
    base = RawAttacks(raw, resolve_ruleset(library(), edition))
    extra = (ExtraDamageRecord("on_critical", dice, 0, "critical dice (test)"),) if dice else ()

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(base(circumstance, boost_attack, boost_damage), extra=extra)

    return Sequence(BoxTrack(boxes), 0, attacks, focus, source, conditions=frozenset({"knocked_down"}))


def test_by_hand_one_attack() -> None:
    """MAT 6 against a knocked-down target (base DEF 5, seed 001 L1393): the roll fails only on
    two 1s (seed 001 L1937), so rolling anyway is a critical hit on the five other doubles
    (5/36). POW 10 against ARM 22 with 1 box left: the automatic hit's 2d6 - 12 never deals a
    point, a critical's 3d6 - 12 does on 13 or more (56 of 216). Kill chance 5/36 * 56/216."""
    sequence = _critical_dice(RawAttack(6, True, 5, 10, 22), "mk2", 1, 1, 1, 0)
    optimal = Optimal(sequence)
    result = resolve(sequence, optimal)
    assert abs(result.p_destroyed - float(Fraction(5, 36) * Fraction(56, 216))) < 1e-12
    assert resolve(sequence, NoSpending()).p_destroyed == 0.0
    assert abs(result.p_crit - 5 / 36) < 1e-12 and abs(result.p_hit - 35 / 36) < 1e-12
    lines = table_lines(build_plan(optimal, lattice_for(sequence.track)), "focus")
    assert lines[0].endswith("give up the automatic hit and roll the attack for a critical hit (+3.6% kill chance)")


def test_never_offered_without_a_critical_effect() -> None:
    """With nothing more on a critical hit the automatic hit is taken: the choice is not offered."""
    sequence = _critical_dice(RawAttack(6, True, 5, 12, 14), "mk3", 0, 3, 2, 1)
    assert not sequence.may_roll_anyway(Circumstance(conditions=frozenset({"knocked_down"})))
    plan = build_plan(Optimal(sequence), lattice_for(sequence.track))
    assert all(row.as_json()["roll_anyway"] is None for step in plan for row in step.rows.values())


def test_not_taken_when_it_lowers_the_kill_chance() -> None:
    """POW 14 against ARM 14 with 2 boxes left: the automatic hit's 2d6 always deals 2 points or
    more, so it always kills; a roll could only miss (on two 1s), so it is never made."""
    sequence = _critical_dice(RawAttack(4, True, 5, 14, 14), "mk4", 1, 2, 1, 0)
    optimal = Optimal(sequence)
    assert abs(resolve(sequence, optimal).p_destroyed - 1.0) < 1e-12
    assert not optimal.roll_anyway(lattice_for(sequence.track), sequence.first_phase()).any()


@settings(max_examples=14, deadline=None)
@given(skill=st.integers(-1, 6), power=st.integers(8, 14), armour=st.integers(14, 22), boxes=st.integers(1, 8),
       attacks=st.integers(1, 2), focus=st.integers(0, 2), dice=st.integers(1, 2),
       edition=st.sampled_from(["mk2", "mk3", "mk4"]))
def test_against_brute_force(skill: int, power: int, armour: int, boxes: int, attacks: int, focus: int, dice: int,
                             edition: str) -> None:
    sequence = _critical_dice(RawAttack(skill, True, 5, power, armour), edition, dice, boxes, attacks, focus)
    best, without = best_rolling_anyway(skill, power, armour, boxes, attacks, focus, dice)
    optimal = Optimal(sequence)
    assert abs(resolve(sequence, optimal).p_destroyed - float(best)) < 1e-9
    assert abs(float(optimal.value(sequence.first_phase())[0]) - float(best)) < 1e-9
    assert best >= without


def test_play_out_agrees() -> None:
    """The play-out makes the same choice with real dice: its kill frequency agrees with the
    exact odds within four standard errors."""
    sequence = _critical_dice(RawAttack(5, True, 5, 10, 18), "mk2", 1, 4, 2, 1)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal).p_destroyed
    runs = Player(sequence, optimal, lattice_for(sequence.track)).play(4000, 7, log_first=True)
    share = sum(1 for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity) / len(runs)
    error = (exact * (1 - exact) / len(runs)) ** 0.5
    assert abs(share - exact) < 4 * error + 1e-9
    assert exact > resolve(sequence, NoSpending()).p_destroyed


def test_command_reports_the_choice() -> None:
    """From the cards: di Baro's Lightning Spear has Critical Cortex Damage (one more point on a
    critical hit against a warjack); against a knocked-down Great Bear with 6 boxes left the
    plan gives up the first automatic hit to roll: MAT 6 against DEF 5 hits on all but two 1s
    and is critical on the five other doubles (5/36)."""
    result = run_cli("attack", "--attacker", "captain-athena-di-baro", "--weapon", "Lightning Spear", "--target",
                     "great-bear", "--edition", "mk4", "--knocked-down", "--focus", "2", "--marked", "4,4,4,4,4,4",
                     "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert abs(data["p_crit"] - 5 / 36) < 1e-12 and abs(data["p_hit"] - 35 / 36) < 1e-12
    first = data["plan"][0]["by_boxes_left"][0]
    assert first["roll_anyway"]["spend"] is True
    assert first["roll_anyway"]["kill_if_spent"] > first["roll_anyway"]["kill_if_not"]
    assert data["policies"]["optimal"] >= data["policies"]["boost-damage"]


def test_offered_without_focus() -> None:
    """The choice costs nothing, so the optimal policy makes it with no focus to spend (and the
    weapons in the order given): here it rolls the first attack, as with 2 focus."""
    result = run_cli("attack", "--attacker", "captain-athena-di-baro", "--weapon", "Lightning Spear", "--target",
                     "great-bear", "--edition", "mk4", "--knocked-down", "--marked", "4,4,4,4,4,4", "--in-order",
                     "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["policy"] == "optimal"
    assert abs(data["p_crit"] - 5 / 36) < 1e-12
    assert data["plan"][0]["by_boxes_left"][0]["roll_anyway"]["spend"] is True
