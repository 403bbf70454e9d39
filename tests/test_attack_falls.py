"""Falling after a slam, throw or push is in the target's odds: a model moved off an elevated
surface falls, is knocked down and suffers a damage roll of its own by the height fallen, resolved
with the move's damage (seed 001 L1089, L1123, L1061, L1379-1391; seed 003 L1500-1508; seed 000
L1744-1769), on boards of each edition.  Expected numbers are worked out by hand or by counting
every face of the dice here, independently of the engine.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import cast

from tests.attack_support import attack_json, library
from tests.conftest import run_cli
from wmdata.engine.damage_track import GRID_SYSTEMS, ColumnTrack
from wmdata.engine.moves import FallRoll, Move, Place, Reach
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup

BOARDS = Path(__file__).parent / "boards"



def _points(dice: int, offset: int) -> dict[int, Fraction]:
    """Damage points of ``dice`` d6 + ``offset`` (0 where it does not beat ARM), every face counted."""
    found: dict[int, Fraction] = {}
    faces = list(product(range(1, 7), repeat=dice))
    for face in faces:
        points = max(0, sum(face) + offset)
        found[points] = found.get(points, Fraction(0)) + Fraction(1, len(faces))
    return found


def _at_least(first: dict[int, Fraction], second: dict[int, Fraction], needed: int) -> Fraction:
    """Chance that the points of two independent rolls add up to ``needed`` or more."""
    return sum((p * q for a, p in first.items() for b, q in second.items() if a + b >= needed), Fraction(0))


SLAM_HIT = Fraction(26, 36)
"""MkII Juggernaut MAT 6 against the Ironclad's DEF 12: 2d6 >= 6."""
SLAM = _points(2, 12 - 18)
"""The slam's damage roll: 2d6 + STR 12 against ARM 18 (seed 001 L1093)."""
FALL_2 = _points(2, 10 - 18)
"""A MkII fall of up to 3 inches: 2d6 + 10 against ARM 18 (seed 001 L1383)."""
SIX_LEFT = ("--marked", "4,5,4,6,3,2")
"""The Ironclad's grid with 6 boxes left (columns of 4, 5, 6, 6, 5 and 4 boxes) and no system crippled
but its left arm, which a slam does not read."""


def test_a_slam_off_a_hill_adds_the_fall_to_the_slam_damage() -> None:
    """tests/boards/mk2-slam-fall.yaml: the Ironclad, slammed 4-6 inches (half the hits), ends with
    less than 1 inch of its base on the 2-inch hill and falls (seed 001 L1089): its fall roll is
    added to the slam's.  With 6 boxes left the slam alone kills on 2d6 = 12 (1/36); with the
    fall, when the two rolls' points reach 6 (91/1296, counted below):
    26/36 * (1/2 * 1/36 + 1/2 * 91/1296)."""
    data = attack_json("--board", str(BOARDS / "mk2-slam-fall.yaml"), "--attacker", "juggernaut",
                       "--target", "ironclad",
                   "--power-attack", "slam", *SIX_LEFT)
    alone, fallen = _at_least(SLAM, {0: Fraction(1)}, 6), _at_least(SLAM, FALL_2, 6)
    assert (alone, fallen) == (Fraction(1, 36), Fraction(91, 1296))
    assert abs(data["p_destroyed"] - float(SLAM_HIT * (alone + fallen) / 2)) < 1e-12
    moved = data["moved"]
    assert moved["falls"] == [{"height": 2.0, "roll": "2d6 + 10", "armour": 18, "p": moved["p_fall"]}]
    assert abs(moved["p_fall"] - float(SLAM_HIT / 2)) < 1e-12
    # no damage at all: a miss (10/36), or a hit whose slam (and fall, if any) deals none
    none = 1 - SLAM_HIT + SLAM_HIT * (SLAM[0] / 2 + SLAM[0] * FALL_2[0] / 2)
    assert abs(data["damage_distribution"]["0"] - float(none)) < 1e-12
    text = run_cli("attack", "--board", str(BOARDS / "mk2-slam-fall.yaml"), "--attacker", "juggernaut", "--target",
                   "ironclad", "--power-attack", "slam", *SIX_LEFT).output
    assert "falls 2\" in 36.1% of games: 2d6 + 10 vs ARM 18 (knocked down, a damage roll of its own, in the odds)" \
        in text


def test_a_pushed_model_that_falls_is_knocked_down_and_damaged() -> None:
    """Pair 2 of the same board: a push deals no damage and knocks nothing down (seed 001
    L1053), but the Ironclad pushed off the hill falls (L1061): every won contest (26/36, as in
    tests/test_attack_power_moves.py) knocks it down and deals 2d6 + 10 - 18; with 2 boxes left
    that kills on 2d6 >= 10, 6/36."""
    data = attack_json("--board", str(BOARDS / "mk2-slam-fall.yaml"), "--attacker", "juggernaut-2", "--target",
                   "ironclad-2", "--power-attack", "push", "--marked", "4,5,4,6,5,4")
    won = Fraction(26, 36)
    assert abs(data["p_target_states"]["knocked_down"] - float(won)) < 1e-12
    assert abs(data["moved"]["p_fall"] - float(won)) < 1e-12
    assert abs(data["p_destroyed"] - float(won * Fraction(6, 36))) < 1e-12


def test_mk4_a_five_inch_fall_rolls_four_dice() -> None:
    """tests/boards/mk4-throw-fall.yaml: the Tyrant (MAT 7) throws the Stryker (DEF 13, ARM 18,
    equal 50 mm bases: POW 12, seed 000 L2346-2350) off a roof 5 inches up; every throw ends on
    the table, a 5-inch fall: 4d6 + 12 (seed 000 L1756).  A hit on 2d6 >= 6 is 26/36; the damage
    dealt is the throw's 2d6 - 6 and the fall's 4d6 - 6 (each 0 at least), so the expected
    damage is 26/36 * (E[2d6 - 6]+ + E[4d6 - 6]+), counted below (the grid's 30 boxes never fill)."""
    data = attack_json("--board", str(BOARDS / "mk4-throw-fall.yaml"), "--attacker", "tyrant", "--target", "stryker",
                   "--power-attack", "throw")
    expected = Fraction(26, 36) * sum((points * p for points, p in (*_points(2, -6).items(),
                                                                      *_points(4, -6).items())), Fraction(0))
    assert abs(data["expected_damage"] - float(expected)) < 1e-9
    assert data["moved"]["falls"][0]["roll"] == "4d6 + 12" and data["moved"]["falls"][0]["height"] == 5


def test_mk3_a_three_inch_fall_rolls_three_dice() -> None:
    """tests/boards/mk3-throw-fall.yaml: a Gorax Rager (MAT 5, STR 9) throws another (DEF 12, ARM 16)
    off a roof 3 inches up; the throw (half STR, 4.5 inches directly away, seed 003 L1890) always
    ends on the table, a 3-inch fall: 3d6 + 12 (seed 003 L1500-1504: a die more for the part of a
    further 2 inches).  A hit on 2d6 >= 7 is 21/36, the contest 1d6 + 9 against 1d6 + 9, ties to
    the thrower, 21/36 (tests/test_attack_power_moves.py); the damage is the throw's 2d6 + 9 - 16
    and the fall's 3d6 + 12 - 16, each 0 at least (22 spiral boxes never fill)."""
    data = attack_json("--board", str(BOARDS / "mk3-throw-fall.yaml"), "--attacker", "thrower", "--target", "thrown",
                   "--power-attack", "throw", "--fury", "1")
    expected = Fraction(21, 36) * Fraction(21, 36) * sum(
        (points * p for points, p in (*_points(2, 9 - 16).items(), *_points(3, 12 - 16).items())), Fraction(0))
    assert abs(data["expected_damage"] - float(expected)) < 1e-9
    assert data["moved"]["falls"][0]["roll"] == "3d6 + 12" and data["moved"]["falls"][0]["height"] == 3


def test_the_play_out_rolls_the_fall() -> None:
    """The seeded play-out rolls the fall's dice and logs them after the damage roll (seed 1: the
    first game hits), and its mean damage agrees with the exact expectation (within 4 standard
    errors: the damage of one game is at most 6 + 18 = 24 points, so its spread is below 12)."""
    args = ("--board", str(BOARDS / "mk4-throw-fall.yaml"), "--attacker", "tyrant", "--target", "stryker",
            "--power-attack", "throw", "--simulate", "4000", "--seed", "1")
    data = attack_json(*args)
    simulated = data["simulation"]
    assert abs(simulated["mean_damage"] - data["expected_damage"]) < 4 * 12 / 4000 ** 0.5
    text = run_cli("attack", *args).output
    assert "falls 5\": 4d6 + 12 vs ARM 18: rolls [" in text


IRONCLAD_ROWS = ("--..--", "......", "......", ".L..R.", "LLMCRR", "-MMCC-")
"""The Ironclad's grid as its content draws it (columns 1-6, top row first; '-' no box)."""
OPEN_FIVE = "4,4,4,4,5,4"
"""Marked per column, leaving five boxes: column 2's fifth (M), column 3's fifth and sixth (M, M) and
column 4's fifth and sixth (C, C); the arms are crippled already."""


def _mark(marked: list[int], points: int, column: int) -> list[int]:
    """MkII grid marking (seed 001 L1465-1469): from the rolled column (0-5) down its empty boxes,
    then the next column to the right with one, wrapping from 6 to 1, until the points run out."""
    heights = [sum(row[c] != "-" for row in IRONCLAD_ROWS) for c in range(6)]
    marks = list(marked)
    for _ in range(points):
        while marks[column] >= heights[column]:
            if sum(marks) == sum(heights):
                return marks
            column = (column + 1) % 6
        marks[column] += 1
    return marks


def _crippled(marks: list[int]) -> set[str]:
    """The systems whose boxes are all marked (a column's boxes are marked from the top)."""
    open_letters = set()
    for c in range(6):
        boxes = [row[c] for row in IRONCLAD_ROWS if row[c] != "-"]
        open_letters |= set(boxes[marks[c]:]) - {"."}
    return {"Movement", "Cortex"} - {name for letter, name in (("M", "Movement"), ("C", "Cortex"))
                                     if letter in open_letters}


def _brute_force(apart: bool) -> dict[str, Fraction]:
    """Every slam roll: the hit (26/36), the distance (1-3 inches stays on the hill, 4-6 falls:
    1/2 each, tests/boards/mk2-slam-fall.yaml), the slam's 2d6 - 6 and its column, and where it
    falls the fall's 2d6 - 8 and its own column (``apart``) or the two added from the slam's
    column (how the odds marked them before)."""
    start = [int(count) for count in OPEN_FIVE.split(",")]
    found = {"Movement": Fraction(0), "Cortex": Fraction(0)}
    column_chance = Fraction(1, 6)
    for falls, slam, column in product((False, True), SLAM.items(), range(6)):
        for fallen, fall_column in (product(FALL_2.items(), range(6)) if falls else [((0, Fraction(1)), 0)]):
            p = SLAM_HIT * Fraction(1, 2) * slam[1] * column_chance * fallen[1] * (column_chance if falls else 1)
            if apart:
                marks = _mark(_mark(start, slam[0], column), fallen[0], fall_column)
            else:
                marks = _mark(start, slam[0] + fallen[0], column)
            for system in _crippled(marks):
                found[system] += p
    return found


def test_the_fall_marks_a_column_of_its_own() -> None:
    """The fall is a damage roll of its own (seed 001 L1089: resolved with the slam's damage, not
    added to it), so on a grid its points start in a column rolled for them (seed 001 L1465-1469),
    after the slam's.  On the Ironclad with five boxes left (three of Movement in columns 2-3,
    two of Cortex in column 4) the chance that each system ends crippled is counted by
    :func:`_brute_force` over every roll and column; it differs from marking the two amounts from
    the slam's column, and the kill chance (every box marked: the total alone) does not."""
    data = attack_json("--board", str(BOARDS / "mk2-slam-fall.yaml"), "--attacker", "juggernaut",
                       "--target", "ironclad",
                   "--power-attack", "slam", "--marked", OPEN_FIVE)
    apart, together = _brute_force(True), _brute_force(False)
    assert apart != together  # the column of the fall matters here
    for system in ("Movement", "Cortex"):
        assert abs(data["p_crippled"][system] - float(apart[system])) < 1e-12, system
    # destroyed: the two rolls' points reach 5, as in the first test's count
    killed = SLAM_HIT * (_at_least(SLAM, {0: Fraction(1)}, 5) + _at_least(SLAM, FALL_2, 5)) / 2
    assert abs(data["p_destroyed"] - float(killed)) < 1e-12


def test_the_play_out_marks_the_fall_apart() -> None:
    """The seeded play-out marks the fall's points from a column of its own, logged after the
    slam's marks, and its crippling agrees with the exact odds (20000 games: within 4 standard
    errors, sqrt(p(1 - p) / 20000) <= 0.0036 each)."""
    args = ("--board", str(BOARDS / "mk2-slam-fall.yaml"), "--attacker", "juggernaut", "--target", "ironclad",
            "--power-attack", "slam", "--marked", OPEN_FIVE, "--simulate", "20000", "--seed", "3")
    data = attack_json(*args)
    for system in ("Movement", "Cortex"):
        assert abs(data["simulation"]["p_crippled"][system] - data["p_crippled"][system]) < 4 * 0.0036, system
    first = data["simulation"]["first_run"]
    marks = [line for line in first if "marks" in line]
    assert marks[0].startswith("  marks ") and marks[1].startswith("  the fall marks "), first


TWO_M = (("M", "M"), (".",), (".",), (".",), (".",), (".",))
"""Seven boxes: Movement is both boxes of column 1."""


class _OffTheEdge:
    """A table stand-in: every slam leaves the target at (1, 0), where it falls 1 inch with a 1d6 + 5
    damage roll (set against ARM 10 by the slam's setup: 1 point on a 6, else none); every weapon reaches."""

    start: Place = (0.0, 0.0)

    def moves(self, kind: str, place: Place) -> tuple[Move, ...]:
        return (Move((1.0, 0.0), False, (), Fraction(1), "slammed", 1.0, FallRoll(1, 5, 1.0)),)

    def reaches(self, weapon: str, place: Place) -> bool:
        return True


class _SlamThenAxe:
    """Raw melee attacks (mk4 dice, 2d6 against DEF 13 with MAT 6: 21/36 to hit; DEF 10 while
    Movement is crippled: 33/36): a slam that deals exactly 1 point to the column its attacker
    picks, then an axe (POW 30 against ARM 10: every hit kills the seven boxes)."""

    def __init__(self) -> None:
        self.rules = resolve_ruleset(library(), "mk4")

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        defence = 10 if "M" in circumstance.crippled else 13
        setup = raw_setup(RawAttack(6, True, defence, 30, 10), self.rules, [], [])
        if circumstance.weapon == "slam":
            return replace(setup, points_floor=1, points_cap=1, picks_column="precision-strike")
        return setup


def test_a_picked_column_weighs_the_fall_still_to_be_rolled() -> None:
    """The attacker picks the column of its slam's 1 point (a ``choose_column`` rule); the target then
    falls (1 point on a 6, 1/6) from a rolled column (seed 001 L1465-1469).  Movement (column 1's two boxes) is crippled
    when the slam's point goes to column 1 and the fall's point too: the slam hits 21/36, picks
    column 1 (nothing else can cripple it), the fall deals a point 1/6 from column 1 1/6:
    q = 21/36 * 1/36 = 21/1296.  The axe then hits 33/36 against a crippled Movement, 21/36
    otherwise, and every hit kills: 21/36 + q * 12/36 = 27468/46656.  Rolled (a fixed policy),
    the slam's column is column 1 a sixth of the time: q = 21/7776, 21/36 + q * 12/36.  (Marking
    the fall's point from the slam's column would make q = 21/36 * 1/6, a kill chance of
    4788/7776.)"""
    track = ColumnTrack(TWO_M, "grid", GRID_SYSTEMS)
    sequence = Sequence(track, track.start(), 2, 0, _SlamThenAxe(), relevant=frozenset({"M"}), weapons=("slam", "axe"),
                        initial=(0, 1), reach=cast(Reach, _OffTheEdge()), moves_on_hit={0: "slam"})
    picked = resolve(sequence, Optimal(sequence))
    assert abs(picked.p_destroyed - 27468 / 46656) < 1e-12
    # the pick is made with both damage rolls known, before the fall's column is rolled: where the
    # fall deals its point (21/36 * 1/6) column 1 is picked; where it deals none (21/36 * 5/6) no
    # column can cripple Movement, every one is as good, and the column is rolled
    first = picked.column_choices[(1, 1)]
    assert set(first.picked) == {0} and abs(first.picked[0] - 21 / 216) < 1e-12
    assert abs(first.rolled - 105 / 216) < 1e-12
    rolled = resolve(sequence, NoSpending())
    assert abs(rolled.p_destroyed - (Fraction(21, 36) + Fraction(21, 7776) * Fraction(12, 36))) < 1e-12
