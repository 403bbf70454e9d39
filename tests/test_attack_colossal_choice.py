"""A colossal's grid chosen attack by attack, or rolled, with crippling followed on both grids
(issue 11), checked against an independent brute force.

Seed 003: an attacker completely in the back arc or partly directly in front chooses the grid
(L3606) once the colossal suffers the damage, i.e. after the damage roll, and only then is the
column rolled (L3610); damage with no origin rolls the grid, 1-3 left and 4-6 right (L3608); a
full grid passes the rest to the other at a new d6 column (L3612); a system is crippled while
all its boxes are marked (L3579), on both grids of a colossal (L3602); a crippled Movement
system sets base DEF 5 (L3583).

:func:`best` and :func:`finals` walk every attack roll, damage roll, grid, column and spill
column with fractions on explicit (left columns, right columns) states filled by their own
:func:`mark`, taking the better grid (a maximum of averages) where the attacker chooses.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.colossal_choice import Joint, solve_joint, spending_chosen, upper_bound
from wmdata.engine.colossal_joint import JointStates, TooManyStatesError
from wmdata.engine.damage_track import ColossalTrack, track_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import AttackSource, Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.model.damage import ColossalGrids

State = tuple[tuple[int, ...], tuple[int, ...]]
Columns = tuple[tuple[str, ...], ...]
MAT, DEF, CRIPPLED_DEF, POW, ARM = 6, 14, 5, 8, 12
"""MAT 6 against DEF 14 (base DEF 5 once Movement is crippled, seed 003 L3583); 2d6 + 8 damage
against ARM 12."""
ATTACKS = 3
pytestmark = pytest.mark.xdist_group("colossal-choice")  # one worker: the brute force's caches are shared


def columns(rows: list[str]) -> Columns:
    return tuple(tuple(row[c] for row in rows if row[c] != "-") for c in range(6))


# Movement has one box atop column 1 of each grid: it is crippled only once both are marked,
# so after the left one is marked the next attack is better on the right grid.
SPLIT = (["M....."], ["M....."])
# Movement on the left grid only, in two boxes of column 1; the Cortex on both grids.
LOPSIDED = (["MC....", "M-----"], ["C.....", "------"])


def fill(grid: Columns, marks: tuple[int, ...], points: int, first: int) -> tuple[tuple[int, ...], int]:
    counts = list(marks)
    for step in range(6):
        column = (first + step) % 6
        taken = min(points, len(grid[column]) - counts[column])
        counts[column] += taken
        points -= taken
    return tuple(counts), points


def mark(grids: tuple[Columns, Columns], state: State, points: int, side: int, column: int, spill: int) -> State:
    marks = list(state)
    marks[side], rest = fill(grids[side], marks[side], points, column)
    if rest:
        marks[1 - side], _ = fill(grids[1 - side], marks[1 - side], rest, spill)
    return (marks[0], marks[1])


def crippled(grids: tuple[Columns, Columns], state: State, system: str) -> bool:
    """Every box of ``system`` on both grids is marked (boxes fill a column from the top)."""
    return all(marks[c] > row for grid, marks in zip(grids, state, strict=True) for c, column in enumerate(grid)
               for row, box in enumerate(column) if box == system)


def capacity(grids: tuple[Columns, Columns]) -> int:
    return sum(len(column) for grid in grids for column in grid)


def marked(state: State) -> int:
    return sum(state[0]) + sum(state[1])


@cache
def rolls(grids: tuple[Columns, Columns], state: State, heavier: int = 0) -> tuple[Fraction, dict[int, Fraction]]:
    """The chance to hit and each damage roll's chance, against the state's DEF (and with
    ``heavier`` more damage once Movement is crippled)."""
    slowed = crippled(grids, state, "M")
    table = attack_table(2, 0, 0, (CRIPPLED_DEF if slowed else DEF) - MAT)
    return table["hit"] + table["critical"], damage_table(2, 0, 0, POW - ARM + heavier * slowed)


@cache
def after_damage(grids: tuple[Columns, Columns], state: State, points: int, side: int) -> dict[State, Fraction]:
    """The states ``points`` on ``side`` lead to, each column and spill column alike (1/36)."""
    found: dict[State, Fraction] = {}
    for column in range(6):
        for spill in range(6):
            reached = mark(grids, state, points, side, column, spill)
            found[reached] = found.get(reached, Fraction(0)) + Fraction(1, 36)
    return found


@cache
def best(grids: tuple[Columns, Columns], state: State, attacks: int, heavier: int = 0) -> Fraction:
    """The kill chance when the attacker picks each attack's grid after its damage roll."""
    if marked(state) >= capacity(grids):
        return Fraction(1)
    if attacks == 0:
        return Fraction(0)
    hit, damage = rolls(grids, state, heavier)
    total = (1 - hit) * best(grids, state, attacks - 1, heavier)
    for points, weight in damage.items():
        total += hit * weight * max(_expected(grids, state, points, side, attacks - 1, heavier) for side in (0, 1))
    return total


@cache
def _expected(grids: tuple[Columns, Columns], state: State, points: int, side: int, attacks: int,
              heavier: int = 0) -> Fraction:
    return sum((p * best(grids, reached, attacks, heavier)
                for reached, p in after_damage(grids, state, points, side).items()), Fraction(0))


def finals(grids: tuple[Columns, Columns], how: str, attacks: int = ATTACKS) -> dict[State, Fraction]:
    """Every final state with its chance: ``how`` is ``left``, ``right``, ``rolled`` (each grid
    1/2) or ``chosen`` (the better grid, the left one where both are as good)."""
    start: State = ((0,) * 6, (0,) * 6)
    states = {start: Fraction(1)}
    for made in range(attacks):
        following: dict[State, Fraction] = {}
        for state, chance in states.items():
            if marked(state) >= capacity(grids):
                following[state] = following.get(state, Fraction(0)) + chance
                continue
            hit, damage = rolls(grids, state)
            following[state] = following.get(state, Fraction(0)) + chance * (1 - hit)
            for points, weight in damage.items():
                if how == "chosen":
                    left, right = (_expected(grids, state, points, side, attacks - made - 1) for side in (0, 1))
                    sides = {1 if right > left else 0: Fraction(1)}
                else:
                    sides = {"left": {0: Fraction(1)}, "right": {1: Fraction(1)},
                             "rolled": {0: Fraction(1, 2), 1: Fraction(1, 2)}}[how]
                for side, share in sides.items():
                    for reached, p in after_damage(grids, state, points, side).items():
                        following[reached] = following.get(reached, Fraction(0)) + chance * hit * weight * share * p
        states = following
    return states


def kill(grids: tuple[Columns, Columns], states: dict[State, Fraction]) -> float:
    return float(sum((p for state, p in states.items() if marked(state) >= capacity(grids)), Fraction(0)))


def crippled_share(grids: tuple[Columns, Columns], states: dict[State, Fraction], system: str) -> float:
    return float(sum((p for state, p in states.items() if crippled(grids, state, system)), Fraction(0)))


def source(heavier: int = 0) -> AttackSource:
    """Raw attacks whose DEF drops to 5 once the target's Movement is crippled (and its ARM by
    ``heavier``)."""
    rules = resolve_ruleset(library(), "mk3")
    plain = RawAttacks(RawAttack(MAT, True, DEF, POW, ARM), rules)
    slowed = RawAttacks(RawAttack(MAT, True, CRIPPLED_DEF, POW, ARM - heavier), rules)

    def attack(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        chosen = slowed if "M" in circumstance.crippled else plain
        return chosen(replace(circumstance, crippled=frozenset()), boost_attack, boost_damage)
    return attack


def sequence(rows: tuple[list[str], list[str]], attacks: int = ATTACKS) -> Sequence:
    track = track_for(ColossalGrids(type="colossal", left=rows[0], right=rows[1]))
    assert isinstance(track, ColossalTrack)
    return Sequence(track, track.start(), attacks, 0, source(), relevant=frozenset({"M"}))


def grids_of(rows: tuple[list[str], list[str]]) -> tuple[Columns, Columns]:
    return (columns(rows[0]), columns(rows[1]))


def chosen(attacks: Sequence) -> Joint:
    return solve_joint(attacks, True, lambda lattice: Optimal(attacks, given=lattice))


def fixed(attacks: Sequence, side: int) -> float:
    track = attacks.track
    assert isinstance(track, ColossalTrack)
    return resolve(replace(attacks, track=track.struck(side)), NoSpending()).p_destroyed


@pytest.mark.parametrize("rows", [SPLIT, LOPSIDED])
def test_the_per_attack_choice_matches_the_brute_force(rows: tuple[list[str], list[str]]) -> None:
    grids, attacks = grids_of(rows), sequence(rows)
    joint = chosen(attacks)
    start: State = ((0,) * 6, (0,) * 6)
    assert joint.result.p_destroyed == pytest.approx(float(best(grids, start, ATTACKS)), abs=1e-12)
    # Where the damage went, with the brute force's own choices (the left grid on a tie).
    states = finals(grids, "chosen")
    assert joint.result.p_destroyed == pytest.approx(kill(grids, states), abs=1e-12)
    assert joint.result.crippled is not None
    assert joint.result.crippled["M"] == pytest.approx(crippled_share(grids, states, "M"), abs=1e-12)
    assert 0 < joint.states < 10_000


def test_choosing_per_attack_beats_both_fixed_grids() -> None:
    # SPLIT: once the first attack marks one grid's Movement box, the next is worth putting on
    # the other grid; striking one grid every time reaches the other's box only by a spill.
    grids, attacks = grids_of(SPLIT), sequence(SPLIT)
    left, right = kill(grids, finals(grids, "left")), kill(grids, finals(grids, "right"))
    assert fixed(attacks, 0) == pytest.approx(left, abs=1e-12)
    assert fixed(attacks, 1) == pytest.approx(right, abs=1e-12)
    per_attack = float(best(grids, ((0,) * 6, (0,) * 6), ATTACKS))
    assert chosen(attacks).result.p_destroyed == pytest.approx(per_attack, abs=1e-12)
    assert left == pytest.approx(0.0504937, abs=1e-7) and right == pytest.approx(left, abs=1e-12)
    assert per_attack == pytest.approx(0.0532061, abs=1e-7) and per_attack > max(left, right) + 0.002
    # The first damage roll decides nothing (both grids are alike); the second does, by where
    # the first fell: some of it goes right, some left.
    choices = chosen(attacks).result.grid_choices
    assert all(tally.left == 0 and tally.right == 0 for (number, _), tally in choices.items() if number == 1)
    second = [tally for (number, _), tally in choices.items() if number == 2]
    assert sum(tally.left for tally in second) > 0 and sum(tally.right for tally in second) > 0


def test_under_no_spending_the_per_attack_choice_still_beats_both_fixed_grids() -> None:
    # A fixed policy fixes the spending (here none of 2 focus), not the grid: on SPLIT the
    # attacker still puts the second attack on the grid whose Movement box is unmarked.
    grids, attacks = grids_of(SPLIT), replace(sequence(SPLIT), resource=2)
    joint = solve_joint(attacks, True, spending_chosen(attacks, NoSpending()))
    per_attack = float(best(grids, ((0,) * 6, (0,) * 6), ATTACKS))
    assert joint.result.policy == "none" and joint.result.spent == {0: pytest.approx(1.0)}
    assert joint.result.p_destroyed == pytest.approx(per_attack, abs=1e-12)
    assert per_attack > max(fixed(attacks, 0), fixed(attacks, 1)) + 0.002
    assert any(tally.left > 0 for tally in joint.result.grid_choices.values())
    assert any(tally.right > 0 for tally in joint.result.grid_choices.values())


@pytest.mark.parametrize("rows", [SPLIT, LOPSIDED])
def test_a_rolled_grid_follows_crippling_exactly(rows: tuple[list[str], list[str]]) -> None:
    grids, attacks = grids_of(rows), sequence(rows)
    joint = solve_joint(attacks, False, lambda lattice: NoSpending())
    states = finals(grids, "rolled")
    assert joint.result.p_destroyed == pytest.approx(kill(grids, states), abs=1e-12)
    assert joint.result.crippled is not None
    for system in ("M", "C") if rows == LOPSIDED else ("M",):
        assert joint.result.crippled[system] == pytest.approx(crippled_share(grids, states, system), abs=1e-12)


@pytest.mark.parametrize("rows", [SPLIT, LOPSIDED])
def test_the_bounds_hold_the_exact_answer(rows: tuple[list[str], list[str]]) -> None:
    attacks = sequence(rows)
    exact = chosen(attacks).result.p_destroyed
    lower, upper = max(fixed(attacks, 0), fixed(attacks, 1)), upper_bound(attacks)
    assert lower <= exact + 1e-12 and exact <= upper + 1e-12
    assert upper < 1


def test_one_search_finds_the_damage_crippling_adds(monkeypatch: pytest.MonkeyPatch) -> None:
    # Once Movement is crippled the ARM drops by 4 here (as a shield arm's would), so later hits
    # deal up to 12 points (2d6 + 8 - 8) where the first deals up to 8 (2d6 + 8 - 12).  Those
    # amounts are asked first of the relaxation's planner, so the joint states are searched once;
    # without that they would be found in rounds (the first with none, the next with the
    # uncrippled amounts, then again).
    searches: list[int] = []

    class Counted(JointStates):
        def __post_init__(self) -> None:
            searches.append(len(self.points))
            JointStates.__post_init__(self)

    monkeypatch.setattr("wmdata.engine.colossal_choice.JointStates", Counted)
    grids, attacks = grids_of(LOPSIDED), replace(sequence(LOPSIDED), source=source(heavier=4))
    joint = chosen(attacks)
    expected = float(best(grids, ((0,) * 6, (0,) * 6), ATTACKS, 4))
    assert joint.result.p_destroyed == pytest.approx(expected, abs=1e-12)
    assert expected != pytest.approx(float(best(grids, ((0,) * 6, (0,) * 6), ATTACKS)), abs=1e-6)
    assert searches == [12] and joint.found.points == frozenset(range(1, 13))
    searches.clear()
    monkeypatch.setattr("wmdata.engine.colossal_choice.asked_points", lambda sequence: set())
    assert chosen(attacks).result.p_destroyed == pytest.approx(expected, abs=1e-12)
    assert searches == [0, 8, 12]


def test_the_budget_stops_the_search() -> None:
    with pytest.raises(TooManyStatesError):
        solve_joint(sequence(SPLIT), True, lambda lattice: NoSpending(), budget=50)


def test_the_play_out_follows_the_chosen_grid() -> None:
    attacks = sequence(SPLIT)
    joint = chosen(attacks)
    runs = 3000
    played = Player(attacks, joint.policy, joint.lattice).play(runs, 5)
    track = attacks.track
    seen = sum(track.marked(run.state) >= track.capacity for run in played) / runs
    p = joint.result.p_destroyed
    assert abs(seen - p) <= 4 * math.sqrt(p * (1 - p) / runs) + 1e-9
    assert joint.result.crippled is not None
    share = sum("M" in track.crippled(run.state) for run in played) / runs
    expected = joint.result.crippled["M"]
    assert abs(share - expected) <= 4 * math.sqrt(expected * (1 - expected) / runs) + 1e-9


def test_damage_past_the_states_found_is_refused() -> None:
    # States found for one attack of 3 points: a second attack's damage has nowhere to go.
    track = sequence(SPLIT).track
    assert isinstance(track, ColossalTrack)
    states = JointStates(track, track.start(), 1, frozenset({3}), False, 1000)
    start = np.zeros(states.size)
    start[states.index(track.start())] = 1.0
    once = states.spread(start, 3)
    assert once.sum() == pytest.approx(1.0) and once[states.index(track.start())] == 0
    with pytest.raises(RuntimeError, match="past the joint states"):
        states.spread(once, 3)
