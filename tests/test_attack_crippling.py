"""Crippling feeds back into the later attacks of a sequence, checked by brute force on small grids.

The brute force walks every roll and every d6 column the damage can start in, filling the
columns itself (uppermost box down, then the next column to the right, 6 wrapping to 1:
seed 001 L1465-1469; a system is crippled once all its boxes are marked: L1475), and gives
each attack the DEF or POW its circumstances call for; the engine does the same with its
lattice of per-column states."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from wmdata.engine.attack import AttackRequest, find_model, rules_for
from wmdata.engine.attack_source import ContentAttacks, attacker_crippling
from wmdata.engine.damage_track import GRID_SYSTEMS, ColumnTrack, track_for
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup

COLUMNS = (("M",), (".", "M"), ("L",), ("L", "."), (".",), ("M", "."))
"""A 9-box grid: Movement in columns 1, 2 and 6, a Left Arm in columns 3 and 4."""


def _fill(marks: tuple[int, ...], points: int, first: int) -> tuple[int, ...]:
    marks_list = list(marks)
    column = first
    for _ in range(7):
        room = len(COLUMNS[column]) - marks_list[column]
        taken = min(room, points)
        marks_list[column] += taken
        points -= taken
        column = (column + 1) % 6
    return tuple(marks_list)


def _crippled(marks: tuple[int, ...], system: str) -> bool:
    return all(box != system for column, count in zip(COLUMNS, marks, strict=True) for box in column[count:])


class Feedback:
    """A raw melee attack whose target loses ``drop`` DEF while its Movement is crippled and
    whose weapon ``W`` loses ``weak`` POW while the target's Left Arm is crippled (a stand-in
    for any rule keyed to a crippled system)."""

    def __init__(self, skill: int, defence: int, power: int, armour: int, drop: int, weak: int) -> None:
        self.skill, self.defence, self.power, self.armour, self.drop, self.weak = (skill, defence, power, armour,
                                                                                  drop, weak)
        self.rules = resolve_ruleset(library(), "mk4")

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        defence = self.defence - (self.drop if "M" in circumstance.crippled else 0)
        power = self.power - (self.weak if "L" in circumstance.crippled else 0)
        boosts = ["attack"] * boost_attack + ["damage"] * boost_damage
        return raw_setup(RawAttack(self.skill, True, defence, power, self.armour), self.rules, [], boosts)


def _brute(source: Feedback, attacks: int, focus: int, spend: bool) -> Fraction:
    @cache
    def best(marks: tuple[int, ...], left: int, spare: int) -> Fraction:
        if sum(marks) >= 9:
            return Fraction(1)
        if left == 0:
            return best(marks, 1, spare - 1) if spend and spare else Fraction(0)
        defence = source.defence - (source.drop if _crippled(marks, "M") else 0)
        power = source.power - (source.weak if _crippled(marks, "L") else 0)
        options = []
        for boost_attack in (False, True) if spend and spare else (False,):
            table = attack_table(3 if boost_attack else 2, 0, 0, defence - source.skill)
            after = spare - boost_attack
            damage_options = []
            for boost_damage in (False, True) if spend and after else (False,):
                total = Fraction(0)
                for points, chance in damage_table(3 if boost_damage else 2, 0, 0, power - source.armour).items():
                    landing = [_fill(marks, points, first) for first in range(6)]
                    total += chance * sum((best(m, left - 1, after - boost_damage) for m in landing),
                                          Fraction(0)) / 6
                damage_options.append(total)
            options.append(table["miss"] * best(marks, left - 1, after)
                           + (table["hit"] + table["critical"]) * max(damage_options))
        return max(options)

    return best((0,) * 6, attacks, focus)


@settings(max_examples=8, deadline=None)
@given(skill=st.integers(4, 7), defence=st.integers(11, 15), power=st.integers(10, 14), armour=st.integers(10, 13),
       drop=st.integers(2, 6), weak=st.integers(0, 4), attacks=st.integers(1, 3), focus=st.integers(0, 2))
def test_crippled_systems_feed_back_like_the_brute_force(skill: int, defence: int, power: int, armour: int,
                                                         drop: int, weak: int, attacks: int, focus: int) -> None:
    source = Feedback(skill, defence, power, armour, drop, weak)
    track = ColumnTrack(COLUMNS, "grid", GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), attacks, focus, source, relevant=frozenset({"M", "L"}))
    plain = resolve(sequence, NoSpending())
    assert plain.p_destroyed == pytest.approx(float(_brute(source, attacks, focus, False)), abs=1e-9)
    best = resolve(sequence, Optimal(sequence))
    assert best.p_destroyed == pytest.approx(float(_brute(source, attacks, focus, True)), abs=1e-9)


def _content_source(attacker: str, weapon: str, target: str, edition: str, crippled: frozenset[str]) -> ContentAttacks:
    registry = library()
    rules = rules_for(registry, edition, None, [])
    model = find_model(registry, attacker, edition, "attacker").entry
    own = attacker_crippling(track_for(model.damage), crippled, rules, list(model.weapons))  # type: ignore[attr-defined]
    return ContentAttacks(registry, AttackRequest(attacker, weapon, target, edition), rules, attacker=own)


def test_a_crippled_arm_weakens_only_the_weapon_in_it() -> None:
    # seed 001 L1480: a crippled arm rolls one fewer attack die with its weapon.  The
    # Juggernaut's Ice Axe is in its Right Arm, its Open Fist in the Left
    # (content/mk2/factions/khador/warjacks.yaml).
    source = _content_source("juggernaut", "Ice Axe", "ironclad", "mk2", frozenset({"R"}))
    assert source(Circumstance(weapon="Ice Axe"), False, False).attack.dice == 1
    assert source(Circumstance(weapon="Open Fist"), False, False).attack.dice == 2
    assert source(Circumstance(weapon="Ice Axe"), True, False).attack.dice == 2  # boosted, then one removed


def test_a_crippled_mind_costs_a_warbeast_an_attack_die() -> None:
    # seed 003 L2219-2227 (content/mk3/rulesets/mk3.yaml crippled_mind): one fewer die on attack rolls.
    plain = _content_source("gorax-rager", "Claw", "gorax-rager", "mk3", frozenset())
    mind = _content_source("gorax-rager", "Claw", "gorax-rager", "mk3", frozenset({"M"}))
    assert plain(Circumstance(weapon="Claw"), False, False).attack.dice == 2
    assert mind(Circumstance(weapon="Claw"), False, False).attack.dice == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--attacker-crippled", "C", "--focus", "1"], "Cortex is crippled; it cannot spend focus"),  # seed 001 L1478
    (["--attacker-crippled", "Movement", "--charge"], "Movement is crippled; it cannot charge"),  # seed 001 L1479
    (["--attacker-crippled", "Z"], "has no system or aspect 'Z'"),
])
def test_what_a_crippled_attacker_cannot_do_is_refused(args: list[str], message: str) -> None:
    result = run_cli("attack", "--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad",
                     "--edition", "mk2", *args)
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output


def test_a_crippled_spirit_cannot_be_forced() -> None:
    # seed 003 L2225: a warbeast with a crippled Spirit cannot be forced.
    result = run_cli("attack", "--attacker", "gorax-rager", "--weapon", "Claw", "--target", "gorax-rager",
                     "--edition", "mk3", "--fury", "1", "--attacker-crippled", "S")
    assert result.exit_code == 1 and "Spirit is crippled; it cannot be forced" in result.output
