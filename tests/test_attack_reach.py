"""Slams and throws move the target: a later attack is made only while it is still in reach.

A slammed model moves d6 inches directly away from its attacker (half the roll when the
attacker's base is the smaller, seed 001 L1085; seed 003 L1866-1868; seed 000 L2453-2458),
and nothing lets the attacker follow during its own attacks, so the next melee attack needs
the target inside that weapon's melee range (1/2 inch, 2 inches for a reach weapon: seed 001
L963).  The exact engine and the optimal policy follow every rolled distance; checked against
tests/brute_force.py (gap in exact fractions) and an independent recursion below, by hand,
from the cards, and against the seeded play-out.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, best_with_smite, damage_table
from tests.conftest import run_cli
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.moves import Reach, WeaponReach, open_table
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.engine.table_rules import geometry_rules


def _open(reaches: dict[str, float], target_base: int = 30, gap: float = 0.0) -> Reach:
    """A MkII open table: a 30 mm attacker and the target ``gap`` inches apart."""
    rules = geometry_rules(library(), "mk2")
    return Reach(open_table(rules, 30, target_base, gap), rules, "attacker", "target",
                 {name: WeaponReach(True, inches) for name, inches in reaches.items()}, strength=10)


def _smiting(raw: RawAttack, boxes: int, attacks: int, focus: int, reach: float, target_base: int) -> Sequence:
    """Raw MkII melee attacks whose critical hits may become a slam (Critical Smite: STR plus the
    weapon's POW, i.e. P+S, seed 001 L2683), on an open table with the weapon's melee range."""
    base = RawAttacks(raw, resolve_ruleset(library(), "mk2"))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        setup = base(circumstance, boost_attack, boost_damage)
        return replace(setup, smite="slam", smite_source="critical-smite (test)", smite_offset=setup.offset)

    return Sequence(BoxTrack(boxes), 0, attacks, focus, source, reach=_open({"": reach}, target_base))


def test_by_hand_a_slam_out_of_reach_loses_the_second_attack() -> None:
    """tests/test_attack_smite.py's hand case (MAT 5 vs DEF 12, P+S 12 vs ARM 12, 13 boxes, two
    attacks): a slam on the first critical hit knocked the target down for a sure second hit.
    Both bases are 30 mm, so the slam moves the target 1-6 inches, out of a 1/2 inch melee
    range every time: the second attack is lost, so slamming never pays and the kill chance is
    never slamming's, (21/36)^2 * 861/1296.  With a reach weapon (2 inches) the target stays
    in reach on a 1 or 2: slamming on the first critical hit gives
    3/36 * 2/6 * 861/1296 + 18/36 * 21/36 * 861/1296 against 3/36 * 21/36 * 861/1296 + ..."""
    four = Fraction(861, 1296)
    never = Fraction(21, 36) ** 2 * four
    short = _smiting(RawAttack(5, True, 12, 12, 12), 13, 2, 0, 0.5, 30)
    assert abs(resolve(short, Optimal(short)).p_destroyed - float(never)) < 1e-12
    reach = _smiting(RawAttack(5, True, 12, 12, 12), 13, 2, 0, 2.0, 30)
    slam_first = Fraction(3, 36) * Fraction(2, 6) * four + Fraction(18, 36) * Fraction(21, 36) * four
    assert slam_first < never  # 1/3 of a sure hit is worth less than a 21/36 roll
    assert abs(resolve(reach, Optimal(reach)).p_destroyed - float(never)) < 1e-12


@settings(max_examples=12, deadline=None)
@given(skill=st.integers(4, 8), defence=st.integers(11, 15), power=st.integers(10, 16), armour=st.integers(12, 16),
       boxes=st.integers(1, 10), attacks=st.integers(1, 3), focus=st.integers(0, 2),
       reach=st.sampled_from([Fraction(1, 2), Fraction(2)]), target_base=st.sampled_from([30, 50]))
def test_smite_against_brute_force(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                                   focus: int, reach: Fraction, target_base: int) -> None:
    """A 50 mm target of a 30 mm attacker is slammed half the roll (seed 001 L1085, L2683): 1/2
    inch on a 1, exactly at a 1/2 inch melee range, which counts as in reach."""
    sequence = _smiting(RawAttack(skill, True, defence, power, armour), boxes, attacks, focus, float(reach),
                        target_base)
    best, _ = best_with_smite(skill, defence, power, armour, boxes, attacks, focus, reach=reach,
                              halved=target_base > 30)
    assert abs(resolve(sequence, Optimal(sequence)).p_destroyed - float(best)) < 1e-9


def _slam_then_bought(slam: RawAttack, axe: RawAttack, boxes: int, focus: int, reach: float,
                      target_base: int = 30) -> Sequence:
    """A slam power attack (knocks down on a hit, moves the target) then additional attacks
    bought with the axe, as ``wmdata attack --power-attack slam`` builds them."""
    rules = resolve_ruleset(library(), "mk2")
    slams, axes = RawAttacks(slam, rules), RawAttacks(axe, rules)

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        if circumstance.weapon == "Slam":
            setup = slams(circumstance, boost_attack, boost_damage)
            return replace(setup, afflictions=frozenset({("knocked_down", "on_hit")}))
        return axes(circumstance, boost_attack, boost_damage)

    return Sequence(BoxTrack(boxes), 0, 1, focus, source, weapons=("Slam", "Axe"), initial=(0,), extra_weapons=(1,),
                    moves_on_hit={0: "slam"}, reach=_open({"Axe": reach}, target_base))


def _brute_slam_then_bought(slam: RawAttack, axe: RawAttack, boxes: int, focus: int, reach: Fraction,
                            halved: bool) -> Fraction:
    """By recursion: the slam's hit moves the target d6 (or half) inches and knocks it down (the
    axe then hits automatically, seed 001 L1393); the damage boost is chosen before the distance
    is rolled; each bought axe attack needs the gap within ``reach``."""
    moves = [Fraction(face, 2 if halved else 1) for face in range(1, 7)]

    @cache
    def best(marked: int, spare: int, down: bool, gap: Fraction) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if gap > reach or not spare:
            return Fraction(0)
        return attack(axe, marked, spare - 1, down, gap, False)

    def attack(raw: RawAttack, marked: int, spare: int, down: bool, gap: Fraction, slams: bool) -> Fraction:
        if down:
            return damage(raw, marked, spare, down, gap, slams)
        options = []
        for boost in (0, 1) if spare else (0,):
            table = attack_table(2 + boost, 0, 0, raw.defence - raw.skill)
            hit = damage(raw, marked, spare - boost, down, gap, slams)
            options.append(table["miss"] * best(marked, spare - boost, down, gap)
                           + (table["hit"] + table["critical"]) * hit)
        return max(options)

    def damage(raw: RawAttack, marked: int, spare: int, down: bool, gap: Fraction, slams: bool) -> Fraction:
        landings = [(gap + moved, Fraction(1, 6)) for moved in moves] if slams else [(gap, Fraction(1))]
        return max(sum((p * chance * best(min(boxes, marked + points), spare - boost, down or slams, where)
                        for points, p in damage_table(2 + boost, 0, 0, raw.power - raw.armour).items()
                        for where, chance in landings), Fraction(0))
                   for boost in ((0, 1) if spare else (0,)))

    return attack(slam, 0, focus, False, Fraction(0), True)


@settings(max_examples=10, deadline=None)
@given(skill=st.integers(4, 8), defence=st.integers(11, 15), strength=st.integers(10, 14),
       power=st.integers(12, 18), armour=st.integers(12, 18), boxes=st.integers(1, 12), focus=st.integers(0, 3),
       reach=st.sampled_from([Fraction(1, 2), Fraction(2)]), target_base=st.sampled_from([30, 50]))
def test_slam_then_bought_attacks_against_brute_force(skill: int, defence: int, strength: int, power: int,
                                                      armour: int, boxes: int, focus: int, reach: Fraction,
                                                      target_base: int) -> None:
    slam, axe = RawAttack(skill, True, defence, strength, armour), RawAttack(skill, True, defence, power, armour)
    sequence = _slam_then_bought(slam, axe, boxes, focus, float(reach), target_base)
    expected = _brute_slam_then_bought(slam, axe, boxes, focus, reach, target_base > 30)
    assert abs(resolve(sequence, Optimal(sequence)).p_destroyed - float(expected)) < 1e-9


def test_the_policy_buys_nothing_once_the_target_is_out_of_reach() -> None:
    """MAT 6 vs DEF 12 (26/36 hit), 3 focus, a 1/2 inch axe: after a slam that hits, the target
    is 1-6 inches away and nothing is bought: a hit spends at most the slam's damage boost (its
    only damage), the rest of the focus goes only after a miss; buying attacks the target is out
    of reach of would have spent all 3."""
    slam, axe = RawAttack(6, True, 12, 12, 18), RawAttack(6, True, 12, 18, 18)
    sequence = _slam_then_bought(slam, axe, 8, 3, 0.5)
    result = resolve(sequence, Optimal(sequence))
    assert result.spent.get(0, 0.0) + result.spent.get(1, 0.0) >= 26 / 36 - 1e-12
    moved = {round(sequence.reach.moved(place), 6): chance for place, (chance, _) in result.places.items()
             if place is not None} if sequence.reach is not None else {}
    assert abs(sum(p for inches, p in moved.items() if inches > 0) - 26 / 36) < 1e-12
    assert sorted(inches for inches in moved if inches > 0) == [1, 2, 3, 4, 5, 6]


def test_play_out_rolls_the_distance() -> None:
    slam, axe = RawAttack(6, True, 12, 12, 14), RawAttack(6, True, 12, 16, 14)
    sequence = _slam_then_bought(slam, axe, 9, 3, 2.0)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal).p_destroyed
    runs = Player(sequence, optimal, lattice_for(sequence.track)).play(3000, 5, log_first=True)
    share = sum(1 for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity) / len(runs)
    assert abs(share - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5 + 1e-9
    player = Player(sequence, NoSpending(), lattice_for(sequence.track))
    logs = [player.play(1, seed, log_first=True)[0].events for seed in range(20)]
    moves = [event for events in logs for event in events if "from the attacker" in event]
    assert moves  # 20 slams all missing: (10/36)^20
    for event in moves:  # on an open table the gap is the distance rolled (30 mm bases: not halved)
        rolled = event.split("slammed ")[1].split('"')[0]
        assert event.endswith(f'{float(rolled):.2f}" from the attacker')


def test_juggernaut_slam_from_the_card() -> None:
    """MkII Juggernaut slams an Ironclad (both 50 mm: the full d6, seed 001 L1085): every hit
    moves it 1-6 inches, each 1/6 of the hits, out of the Ice Axe's 1/2 inch melee range (seed
    001 L963): no bought attack follows a hit."""
    result = run_cli("attack", "--attacker", "juggernaut", "--target", "ironclad", "--edition", "mk2",
                     "--power-attack", "slam", "--focus", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    moved = data["moved"]
    assert moved["table"] == "open table" and moved["start_gap"] == 0
    assert abs(moved["p_moved"] - data["p_hit"]) < 1e-12
    assert {inches: round(p * 6 / data["p_hit"], 9) for inches, p in moved["distance"].items() if inches != "0"} == {
        str(n): 1.0 for n in range(1, 7)}
    assert moved["p_in_reach_if_moved"] == 0
    assert all(not step["additional"] or not step["knocked_down"] for step in data["plan"])
    text = run_cli("attack", "--attacker", "juggernaut", "--target", "ironclad", "--edition", "mk2",
                   "--power-attack", "slam", "--focus", "3")
    assert "moved:        slammed or thrown in 72.2% of games" in text.output
    assert "still in reach of a weapon after the move: 0.0%" in text.output


def _board_attack(attacker: str, target: str, fury: str, *more: str) -> dict[str, object]:
    result = run_cli("attack", "--board", str(BOARD), "--attacker", attacker, "--target", target, "--power-attack",
                     "slam", "--fury", fury, "--json", *more)
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


BOARD = Path(__file__).parent / "boards" / "mk3-slam-wall.yaml"
HIT = Fraction(30, 36)
"""The Mauler's slam: MAT 6 against the Carnivean's DEF 11 (the cards), a hit on 5 or more on 2d6."""


def _sum_at_least(dice: int, total: int) -> Fraction:
    return sum((p for points, p in damage_table(dice, 0, 0, 0).items() if points >= total), Fraction(0))


def test_seed_slam_into_a_wall_from_the_board() -> None:
    """Seed 003 L1824 on tests/boards/mk3-slam-wall.yaml: the Carnivean (50 mm, like the Mauler:
    the full d6, seed 003 L1866-1868) moves 1, 2 or 3 inches, or on a 4-6 stops at the wall 3.9
    inches behind it and suffers 3d6 + STR 12 against ARM 18 (seed 003 L1456): a kill with 6
    boxes left is 12+ on the dice, 1/36 on 2d6 and 81/216 on 3d6.  Each weapon reaches only its
    own range (seed 003 L1767): the content gives the Mauler's Claw RNG 1 (unconfirmed), so
    only a 1 inch slam leaves the Carnivean in reach.  The Shredder's base begins 1.657 inches
    behind: every slam of 2 or more passes over it, and it suffers 2d6 + STR 12 against its ARM
    12 (seed 003 L1476), its own line, not the Carnivean's odds."""
    data = _board_attack("mauler", "carnivean", "1", "--marked", "4,4,4,4,4,4")
    assert data["first_damage"] == "2d6 + STR 12 vs ARM 18" and abs(data["p_hit"] - float(HIT)) < 1e-12
    expected = HIT * (Fraction(1, 2) * _sum_at_least(2, 12) + Fraction(1, 2) * _sum_at_least(3, 12))
    assert abs(float(data["p_destroyed"]) - float(expected)) < 1e-12  # type: ignore[arg-type]
    moved = data["moved"]
    assert isinstance(moved, dict) and moved["table"] == "board"
    assert {k: round(p, 12) for k, p in moved["distance"].items()} == {
        "0": round(float(1 - HIT), 12), "1": round(float(HIT / 6), 12), "2": round(float(HIT / 6), 12),
        "3": round(float(HIT / 6), 12), "3.9": round(float(HIT / 2), 12)}
    assert abs(moved["p_in_reach_if_moved"] - 1 / 6) < 1e-12
    (shredder,) = moved["collateral"]
    contact = HIT * Fraction(5, 6)
    assert shredder["model"] == "shredder" and shredder["armour"] == 12 and shredder["roll"] == "2d6 + STR 12"
    assert abs(shredder["p_contact"] - float(contact)) < 1e-12
    two = damage_table(2, 0, 0, 0)
    want = {str(k): float(contact * p) for k, p in two.items()} | {"0": float(1 - contact)}
    assert shredder["damage_distribution"].keys() == want.keys()
    assert all(abs(shredder["damage_distribution"][k] - p) < 1e-12 for k, p in want.items())


def test_a_wall_close_behind_keeps_the_target_in_reach() -> None:
    """The second pair of the board: the wall 1/4 inch behind the Carnivean stops every slam
    there, in contact (3d6 + STR 12), and within the Claw's 1 inch: a bought claw attack
    follows and hits the knocked-down target automatically (seed 003 L1975), P+S 16 against
    ARM 18.  With 2 fury (1 pays the slam, seed 003 L2554) the optimal policy's kill chance
    with 6 boxes left is the recursion's below; on the open table (no board) the slam rolls
    2d6 and moves the target out of reach but on a 1."""
    data = _board_attack("mauler-2", "carnivean-2", "2", "--marked", "4,4,4,4,4,4")
    moved = data["moved"]
    assert isinstance(moved, dict) and moved["p_in_reach_if_moved"] == 1
    assert moved["distance"].keys() == {"0", "0.25"} and moved["collateral"] == []
    left = 6

    def best(marked: int, spare: int, down: bool) -> Fraction:
        if marked >= left:
            return Fraction(1)
        if not spare:
            return Fraction(0)
        table = {"hit": Fraction(1)} if down else attack_table(2, 0, 0, 11 - 6)
        hit = table["hit"] + table.get("critical", Fraction(0))
        return hit * sum((p for points, p in damage_table(2, 0, 0, 16 - 18).items() if marked + points >= left),
                         Fraction(0))

    options = []
    for boost_attack in (0, 1):
        table = attack_table(2 + boost_attack, 0, 0, 11 - 6)
        spare = 1 - boost_attack
        after_hit = max(sum((p * best(points, spare - boost, True)
                             for points, p in damage_table(3 + boost, 0, 0, 12 - 18).items()), Fraction(0))
                        for boost in ((0, 1) if spare else (0,)))
        options.append(table["miss"] * best(0, spare, False) + (table["hit"] + table["critical"]) * after_hit)
    assert abs(float(data["p_destroyed"]) - float(max(options))) < 1e-12  # type: ignore[arg-type]
    plan = data["plan"]
    assert isinstance(plan, list) and any(step["additional"] and step["knocked_down"] for step in plan)
    open_table_slam = run_cli("attack", "--attacker", "dire-troll-mauler", "--target", "carnivean", "--edition",
                              "mk3", "--power-attack", "slam", "--fury", "1", "--marked", "4,4,4,4,4,4", "--json")
    open_data = json.loads(open_table_slam.output)
    assert abs(open_data["p_destroyed"] - float(HIT * _sum_at_least(2, 12))) < 1e-12
    assert abs(open_data["moved"]["p_in_reach_if_moved"] - 1 / 6) < 1e-12


def test_a_power_attack_on_a_board_is_a_melee_attack() -> None:
    """A power attack names no weapon: on a board it is measured as a melee attack (it failed
    with "has no weapon or spell ''" before)."""
    result = run_cli("explain-attack", "--board", str(BOARD), "--attacker", "mauler", "--target", "carnivean",
                     "--power-attack", "slam")
    assert result.exit_code == 0, result.output
    assert "with Slam (melee;" in result.output


def test_follow_up_is_weighed_by_hand() -> None:
    """Follow Up lets a slammer move after the model it slammed (seed 001 L2729); the odds keep
    the attacker where it is, so the rule is listed under "not in the odds" (about the later
    attacks) rather than filed as movement that cannot change them."""
    result = run_cli("attack", "--attacker", "hammersmith", "--target", "ironclad", "--edition", "mk2",
                     "--power-attack", "slam", "--focus", "3", "--json")
    assert result.exit_code == 0, result.output
    gaps = {gap["rule"]: gap for gap in json.loads(result.output)["not_in_odds"]}
    assert gaps["follow-up"]["about"] == "later-attacks" and gaps["follow-up"]["side"] == "attacker"
