"""A colossal's two damage grids (issue 11): the grid an attack strikes, exact crippled odds
per system and per grid, and their feedback into later attacks.

Seed 003: an attack damages the grid on the side of the colossal's field of fire it comes
from (L3604); an attacker completely in the back arc or partly directly in front chooses
(L3606); damage with no origin rolls the grid (L3608); a full grid passes the rest to the
other at a new d6 column (L3612); a crippled Movement system sets base DEF 5 (L3583).

The expected numbers come from :func:`brute_force`, written apart from the engine: it
walks every attack roll, damage roll, column and spill column with fractions, on explicit
(field, left columns, right columns) states filled by its own :func:`_mark`.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from tests.packs_support import make_pack
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.colossal_grid import grid_choice
from wmdata.engine.damage_track import ColossalTrack, crippled_names, track_for
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Sequence, resolve
from wmdata.geometry.board import Piece
from wmdata.geometry.fields import field_of_fire
from wmdata.model.damage import ColossalGrids

LEFT = ["LMC...", "-M----"]
RIGHT = ["RC....", "------"]
"""Left grid: arm in column 1, Movement in column 2 (two boxes), Cortex in 3; right grid: arm
in 1, Cortex in 2.  Movement only on the left, the Cortex on both grids."""
COLUMNS_LEFT = ((("L",), ("M", "M"), ("C",), (".",), (".",), (".",)))
COLUMNS_RIGHT = ((("R",), ("C",), (".",), (".",), (".",), (".",)))
FIELD = 1
COLOSSUS = f"""\
edition: mk3
kind: models
faction: trollbloods
entries:
  - id: test-colossus
    name: Test Colossus
    type: warjack
    weight: colossal
    fa: 1
    cost: 20
    source: own work (test)
    stats: {{SPD: 4, STR: 12, MAT: 6, RAT: 4, DEF: 13, ARM: 18}}
    base: 120
    damage: {{type: colossal, field: {FIELD}, left: {json.dumps(LEFT)}, right: {json.dumps(RIGHT)}}}
    weapons:
      - {{name: Left Hammer, type: melee, pow: 6, location: L}}
      - {{name: Right Hammer, type: melee, pow: 6, location: R}}
"""
MAT, DEF, CRIPPLED_DEF, DAMAGE_OFFSET = 6, 13, 5, 4 + 12 - 18
"""Dire Troll Mauler's Claw (MAT 6, POW 4 + STR 12) against DEF 13, ARM 18; base DEF 5 once
the Movement system is crippled (seed 003 L3583)."""
State = tuple[int, tuple[int, ...], tuple[int, ...]]


def _fill(columns: tuple[tuple[str, ...], ...], marks: tuple[int, ...], points: int,
          first: int) -> tuple[tuple[int, ...], int]:
    marks_list = list(marks)
    for step in range(6):
        column = (first + step) % 6
        taken = min(points, len(columns[column]) - marks_list[column])
        marks_list[column] += taken
        points -= taken
    return tuple(marks_list), points


def _mark(state: State, points: int, side: int, column: int, spill: int) -> State:
    field, left, right = state
    taken = min(points, FIELD - field)
    grids = [left, right]
    grids[side], rest = _fill((COLUMNS_LEFT, COLUMNS_RIGHT)[side], grids[side], points - taken, column)
    if rest:
        grids[1 - side], _ = _fill((COLUMNS_LEFT, COLUMNS_RIGHT)[1 - side], grids[1 - side], rest, spill)
    return (field + taken, grids[0], grids[1])


def _crippled(state: State) -> set[str]:
    """Names of the crippled systems: as a whole (every box on both grids) and per grid for the
    Cortex, the one system on both grids."""
    _, left, right = state
    found = set()
    if left[0] == 1:
        found.add("Left Arm")
    if right[0] == 1:
        found.add("Right Arm")
    if left[1] == 2:
        found.add("Movement")
    if left[2] == 1:
        found.add("left Cortex")
    if right[1] == 1:
        found.add("right Cortex")
    if {"left Cortex", "right Cortex"} <= found:
        found.add("Cortex")
    return found


def _marked(state: State) -> int:
    return state[0] + sum(state[1]) + sum(state[2])


CAPACITY = FIELD + 7 + 6


def brute_force(side: int, attacks: int = 2) -> dict[State, Fraction]:
    """Every final state of ``attacks`` Claw attacks all striking ``side``, with its chance."""
    states = {(0, (0,) * 6, (0,) * 6): Fraction(1)}
    for _ in range(attacks):
        following: dict[State, Fraction] = {}
        for state, chance in states.items():
            if _marked(state) == CAPACITY:
                following[state] = following.get(state, Fraction(0)) + chance
                continue
            defence = CRIPPLED_DEF if "Movement" in _crippled(state) else DEF
            table = attack_table(2, 0, 0, defence - MAT)
            following[state] = following.get(state, Fraction(0)) + chance * table["miss"]
            hit = chance * (table["hit"] + table["critical"])
            for points, weight in damage_table(2, 0, 0, DAMAGE_OFFSET).items():
                for column in range(6):
                    for spill in range(6):
                        after = _mark(state, points, side, column, spill)
                        following[after] = following.get(after, Fraction(0)) + hit * weight / 36
        states = following
    return states


@cache
def best_choice(state: State, attacks: int) -> Fraction:
    """The kill chance when the attacker picks each attack's grid after seeing its damage."""
    if _marked(state) == CAPACITY:
        return Fraction(1)
    if attacks == 0:
        return Fraction(0)
    defence = CRIPPLED_DEF if "Movement" in _crippled(state) else DEF
    table = attack_table(2, 0, 0, defence - MAT)
    total = table["miss"] * best_choice(state, attacks - 1)
    for points, weight in damage_table(2, 0, 0, DAMAGE_OFFSET).items():
        total += (table["hit"] + table["critical"]) * weight * max(
            sum((best_choice(_mark(state, points, side, c, s), attacks - 1) for c in range(6) for s in range(6)),
                Fraction(0)) / 36 for side in (0, 1))
    return total


@cache
def spent_choice(state: State, attacks: int, fury: int, policy: str) -> Fraction:
    """:func:`best_choice` under a fixed policy's spending of ``fury``: ``none`` spends nothing,
    ``boost-damage`` boosts every damage roll while fury lasts (3d6), ``buy-attacks`` buys one
    more Claw attack per fury once the initial attacks are made; each attack's grid still the
    better one for its damage points (the attacker chooses, seed 003 L3606)."""
    if _marked(state) == CAPACITY:
        return Fraction(1)
    if attacks == 0:
        return spent_choice(state, 1, fury - 1, policy) if policy == "buy-attacks" and fury else Fraction(0)
    defence = CRIPPLED_DEF if "Movement" in _crippled(state) else DEF
    table = attack_table(2, 0, 0, defence - MAT)
    total = table["miss"] * spent_choice(state, attacks - 1, fury, policy)
    boost = policy == "boost-damage" and fury > 0
    for points, weight in damage_table(3 if boost else 2, 0, 0, DAMAGE_OFFSET).items():
        total += (table["hit"] + table["critical"]) * weight * max(
            sum((spent_choice(_mark(state, points, side, c, s), attacks - 1, fury - boost, policy)
                 for c in range(6) for s in range(6)), Fraction(0)) / 36 for side in (0, 1))
    return total


def _summary(finals: dict[State, Fraction]) -> tuple[float, dict[str, float], dict[int, float]]:
    destroyed = float(sum(p for state, p in finals.items() if _marked(state) == CAPACITY))
    crippled: dict[str, float] = {}
    damage: dict[int, float] = {}
    for state, p in finals.items():
        for name in _crippled(state):
            crippled[name] = crippled.get(name, 0.0) + float(p)
        damage[_marked(state)] = damage.get(_marked(state), 0.0) + float(p)
    return destroyed, crippled, damage


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("colossus")
    source = folder / "models.yaml"
    source.write_text(COLOSSUS, encoding="utf-8")
    return make_pack(folder / "pack", [source], "mk3", "colossus")


def attack(pack: Path, *args: str) -> dict[str, object]:
    result = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
                     "--content", str(pack), *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


@pytest.mark.parametrize("side", [0, 1])
def test_a_fixed_grid_matches_the_brute_force(pack: Path, side: int) -> None:
    data = attack(pack, "--grid", ("left", "right")[side])
    destroyed, crippled, damage = _summary(brute_force(side))
    assert data["p_destroyed"] == pytest.approx(destroyed, abs=1e-9)
    shown = data["p_crippled"]
    assert isinstance(shown, dict)
    assert {name for name, p in shown.items() if p > 0} == {name for name, p in crippled.items() if p > 0}
    for name, p in crippled.items():
        assert shown[name] == pytest.approx(p, abs=1e-9), name
    distribution = data["damage_distribution"]
    assert isinstance(distribution, dict)
    for points, p in damage.items():
        assert distribution.get(str(points), 0.0) == pytest.approx(p, abs=1e-9)
    grid = data["grid"]
    assert isinstance(grid, dict) and grid["struck"] == ("left", "right")[side] and grid["how"] == "option"


def test_crippled_movement_feeds_back_only_when_struck() -> None:
    # Striking the left grid (Movement there) gives the second attack DEF 5 sometimes; the
    # right grid never does in two attacks short of a spill: the brute force shows the two differ.
    left, right = (_summary(brute_force(side))[0] for side in (0, 1))
    assert left > right


def test_the_attacker_chooses_each_attack_s_grid_exactly(pack: Path) -> None:
    data = attack(pack, "--grid", "choose")
    left, right = (_summary(brute_force(side))[0] for side in (0, 1))
    grid = data["grid"]
    assert isinstance(grid, dict)
    assert grid["p_destroyed_by_grid"] == {"left": pytest.approx(left, abs=1e-9),
                                           "right": pytest.approx(right, abs=1e-9)}
    per_attack = float(best_choice((0, (0,) * 6, (0,) * 6), 2))
    assert grid["struck"] == "chosen" and data["p_destroyed"] == pytest.approx(per_attack, abs=1e-12)
    odds = grid["per_attack"]
    assert grid["chosen_per_attack"] is True and odds["exact"] is True and odds["states"] > 0
    assert odds["lower"] == odds["upper"] == pytest.approx(per_attack, abs=1e-12)
    # The left grid holds Movement, whose crippling helps the second attack: a first attack of 4+
    # points goes left; after 1-3 points the second (at most 2d6 + 16 - 18 = 10 points) cannot
    # destroy the 13 boxes left, and the last attack's grid never matters: both grids as good.
    first = {row["points"]: row for row in odds["choices"] if row["attack"] == 1}
    assert {p for p, row in first.items() if row["left"] > 0} == set(range(4, 11))
    assert {p for p, row in first.items() if row["either"] > 0} == {1, 2, 3}
    # Why: the kill chance with the first damage on each grid, from the brute force's own values.
    start = (0, (0,) * 6, (0,) * 6)
    for points, row in first.items():
        for side, key in ((0, "kill_if_left"), (1, "kill_if_right")):
            expected = sum(best_choice(_mark(start, points, side, c, s), 1) for c in range(6) for s in range(6)) / 36
            assert row[key] == pytest.approx(float(expected), abs=1e-12), (points, key)
    assert all(row["either"] > 0 == row["left"] == row["right"] for row in odds["choices"] if row["attack"] == 2)
    text = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
                   "--content", str(pack), "--grid", "choose").output
    assert f"{per_attack:.1%} exact over {odds['states']} joint states of both grids" in text
    assert "grid plan, attack 1 (damage points: grid): 1-3: either, 4-10: left" in text
    assert "grid plan, attack 2 (damage points: grid): 1-10: either" in text


@pytest.mark.parametrize("policy", ["none", "boost-damage", "buy-attacks"])
def test_a_fixed_policy_still_chooses_each_attack_s_grid(pack: Path, policy: str) -> None:
    # A fixed policy fixes the fury spent, not the grid: each attack's grid is still the better
    # one once its damage is rolled, under that spending (the brute force's spent_choice).
    start = (0, (0,) * 6, (0,) * 6)
    expected = {name: float(spent_choice(start, 2, 2, name)) for name in ("none", "boost-damage", "buy-attacks")}
    data = attack(pack, "--grid", "choose", "--fury", "2", "--policy", policy)
    assert data["p_destroyed"] == pytest.approx(expected[policy], abs=1e-12)
    assert data["policy"] == policy
    grid = data["grid"]
    assert isinstance(grid, dict) and grid["chosen_per_attack"] is True
    odds = grid["per_attack"]
    assert odds["exact"] is True and f"under the {policy} policy's spending" in odds["why"]
    others = {name: p for name, p in expected.items() if name != policy}
    assert data["policies"] == {name: pytest.approx(p, abs=1e-12) for name, p in others.items()}
    assert odds["policies"] == {name: {"exact": True, "lower": pytest.approx(p, abs=1e-12),
                                       "upper": pytest.approx(p, abs=1e-12)} for name, p in others.items()}
    # Beside the optimal policy the fixed ones are counted the same way.
    best = attack(pack, "--grid", "choose", "--fury", "2")
    assert best["policies"] == {"optimal": best["p_destroyed"],
                                **{name: pytest.approx(p, abs=1e-12) for name, p in expected.items()}}
    assert best["p_destroyed"] >= max(expected.values()) - 1e-12


def test_past_the_state_budget_the_answer_is_bounded(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("wmdata.engine.colossal_choice.BUDGET", 20)
    data = attack(pack, "--grid", "choose")
    grid = data["grid"]
    assert isinstance(grid, dict)
    odds = grid["per_attack"]
    per_attack = float(best_choice((0, (0,) * 6, (0,) * 6), 2))
    assert odds["exact"] is False and "more than 20 joint damage states" in odds["why"]
    assert odds["lower"] <= per_attack + 1e-12 <= odds["upper"] + 2e-12
    assert odds["lower"] == pytest.approx(max(_summary(brute_force(side))[0] for side in (0, 1)), abs=1e-12)
    text = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
                   "--content", str(pack), "--grid", "choose")
    assert f"bounds {odds['lower']:.1%} to {odds['upper']:.1%}" in text.output


def test_a_fixed_policy_past_the_state_budget_is_bounded(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("wmdata.engine.colossal_choice.BUDGET", 20)
    data = attack(pack, "--grid", "choose", "--fury", "2", "--policy", "none")
    start = (0, (0,) * 6, (0,) * 6)
    grid = data["grid"]
    assert isinstance(grid, dict)
    odds = grid["per_attack"]
    assert odds["exact"] is False
    exact = float(spent_choice(start, 2, 2, "none"))
    assert odds["lower"] <= exact + 1e-12 <= odds["upper"] + 2e-12
    for name, bounded in odds["policies"].items():
        exact = float(spent_choice(start, 2, 2, name))
        assert bounded["exact"] is False and bounded["lower"] <= exact + 1e-12 <= bounded["upper"] + 2e-12, name
    assert data["policies"] == {name: bounded["lower"] for name, bounded in odds["policies"].items()}
    text = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
                   "--content", str(pack), "--grid", "choose", "--fury", "2", "--policy", "none").output
    buy = odds["policies"]["buy-attacks"]
    assert f"buy-attacks  {buy['lower']:6.1%} (bounds {buy['lower']:.1%} to {buy['upper']:.1%})" in text


def test_a_power_attack_considered_chooses_each_attack_s_grid_too(pack: Path) -> None:
    # The head-butt plan beside the weapon plan is counted as `--power-attack head_butt` alone
    # counts it: on the joint states, each attack's grid chosen, at least as good as either grid.
    common = ("--attacker", "test-colossus", "--target", "test-colossus", "--content", str(pack), "--focus", "2")

    def run(*args: str) -> dict[str, Any]:
        result = run_cli("attack", *common, *args, "--json")
        assert result.exit_code == 0, result.output
        found: dict[str, Any] = json.loads(result.output)
        return found

    option = run("--weapon", "Left Hammer", "--grid", "choose",
                 "--consider-power-attack", "head_butt")["power_attack_options"]["options"][0]
    assert option["grid_per_attack"]["exact"] is True and option["grid_per_attack"]["states"] > 0
    alone = run("--power-attack", "head_butt", "--grid", "choose")
    assert option["p_destroyed"] == pytest.approx(alone["p_destroyed"], abs=1e-12)
    assert alone["grid"]["per_attack"]["exact"] is True
    each = [run("--power-attack", "head_butt", "--grid", side)["p_destroyed"] for side in ("left", "right")]
    assert option["p_destroyed"] >= max(each) - 1e-12


def test_an_attack_without_a_grid_is_refused(pack: Path) -> None:
    # An attack always has an origin (seed 003 L3604-3606): only damage without one is rolled (L3608).
    result = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
                     "--content", str(pack))
    assert result.exit_code == 2 and "--grid" in result.output and "L3604-3606" in result.output, result.output


def test_the_text_names_the_grid_and_why(pack: Path) -> None:
    result = run_cli("attack", "--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus",
                     "--content", str(pack), "--grid", "right")
    assert result.exit_code == 0, result.output
    assert "grid:         right grid: --grid right: the attacker is in the colossal's right field of fire " \
           "(seed 003 L3604-3608)" in result.output
    assert "left Cortex" in result.output and "right Cortex" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (("--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "dire-troll-mauler", "--grid", "left"),
     "one damage track (spiral)"),
    (("--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--grid", "left"), "not with raw numbers"),
    (("--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "test-colossus", "--grid", "middle"),
     "'middle' is not one of"),
])
def test_grid_is_refused_where_it_means_nothing(pack: Path, args: tuple[str, ...], message: str) -> None:
    result = run_cli("attack", *args, "--content", str(pack))
    assert result.exit_code == 2 and message in result.output, result.output


def _piece(name: str, x: float, y: float, base: int, facing: float = 90.0) -> Piece:
    return Piece(name, x, y, base, 2.0, facing)


def test_fields_of_fire_by_hand() -> None:
    # The Stormwall diagram (seed 003 L3622-3630) with the colossal at the origin facing +y
    # (a 120 mm base, radius 2.36"): models ahead and to its left are in its left field of fire,
    # ahead and right in its right one; a base across the line straight ahead is in both (L1636);
    # a model wholly behind is in the back arc.
    colossal = _piece("stormwall", 0, 0, 120)
    assert field_of_fire(colossal, _piece("a", -4, 3, 30), 180) == "left"
    assert field_of_fire(colossal, _piece("destroyer", 5, 2, 50), 180) == "right"
    assert field_of_fire(colossal, _piece("butcher", 0.5, 4, 40), 180) == "both"
    assert field_of_fire(colossal, _piece("e", 1, -4, 30), 180) == "back"
    # Partly in front and partly behind, on the left: the left field of fire.
    assert field_of_fire(colossal, _piece("side", -4, -0.3, 40), 180) == "left"
    # Facing turned to +x: +y is now its left.
    assert field_of_fire(_piece("turned", 0, 0, 120, 0.0), _piece("up", 1, 5, 30), 180) == "left"
    assert field_of_fire(colossal, _piece("a", -4, 3, 30), None) is None


def test_grid_choice_from_the_board_positions() -> None:
    assert grid_choice("mk3", None, "left", "a", "b", True).sides == (0,)
    assert grid_choice("mk3", None, "right", "a", "b", True).sides == (1,)
    for where in ("both", "back"):
        assert grid_choice("mk3", None, where, "a", "b", True).sides == (0, 1)
    assert grid_choice("mk4", None, None, "a", "b", True).sides == ()
    assert "unconfirmed for MkII" in grid_choice("mk2", "left").source


BOARD = """\
edition: mk3
table: {{width: 48, height: 48}}
models:
  - {{id: colossus, content: test-colossus, x: 20, y: 20, facing: 90}}
  - {{id: mauler, content: dire-troll-mauler, x: {x}, y: {y}, side: b}}
"""


@pytest.mark.parametrize(("x", "y", "struck", "why"), [
    (16.5, 22.0, "left", "only in colossus's left field of fire"),
    (23.5, 22.0, "right", "only in colossus's right field of fire"),
    (20.3, 23.8, "chosen", "directly in front of colossus"),
    (20.0, 16.5, "chosen", "completely in colossus's back arc"),
])
def test_the_board_gives_the_grid(pack: Path, tmp_path: Path, x: float, y: float, struck: str, why: str) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(BOARD.format(x=x, y=y), encoding="utf-8")
    result = run_cli("attack", "--board", str(board), "--attacker", "mauler", "--weapon", "Claw", "--target",
                     "colossus", "--content", str(pack), "--json")
    assert result.exit_code == 0, result.output
    grid = json.loads(result.output)["grid"]
    assert grid["how"] == "board" and grid["struck"] == struck and why in grid["reason"]


def test_the_board_and_grid_do_not_go_together(pack: Path, tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(BOARD.format(x=16.5, y=22.0), encoding="utf-8")
    result = run_cli("attack", "--board", str(board), "--attacker", "mauler", "--weapon", "Claw", "--target",
                     "colossus", "--content", str(pack), "--grid", "right")
    assert result.exit_code == 2 and "with --board" in result.output


SMALL = ColossalGrids(type="colossal", left=["LLMM.."], right=["RRMM.."], field=1)


def test_each_grid_reports_its_share_of_a_shared_system() -> None:
    # A system is crippled while all its boxes are marked (seed 003 L3579), on both grids of a
    # colossal (L3602); Movement is on both grids here, so each grid's share is named too.
    track = track_for(SMALL)
    assert isinstance(track, ColossalTrack)
    assert crippled_names(track, (1, (1, 1, 0, 0, 0, 0), (0,) * 6)) == {"Left Arm"}
    assert crippled_names(track, (1, (0, 0, 1, 1, 0, 0), (0,) * 6)) == {"left Movement"}
    assert crippled_names(track, (1, (1,) * 6, (0, 0, 1, 1, 0, 0))) == {"Left Arm", "left Movement",
                                                                         "right Movement", "Movement"}


@pytest.mark.parametrize("side", [None, 0])
def test_the_play_out_agrees_with_the_exact_engine(side: int | None) -> None:
    rules = resolve_ruleset(library(), "mk4")
    track = track_for(SMALL)
    assert isinstance(track, ColossalTrack)
    track = track.struck(side)
    sequence = Sequence(track, track.start(), 2, 0, RawAttacks(RawAttack(6, True, 12, 13, 12), rules))
    lattice = lattice_for(track, start=sequence.start)
    exact = resolve(sequence, NoSpending(), lattice)
    runs = 3000
    played = Player(sequence, NoSpending(), lattice).play(runs, 11)
    seen = sum(track.marked(run.state) >= track.capacity for run in played) / runs
    error = math.sqrt(exact.p_destroyed * (1 - exact.p_destroyed) / runs)
    assert abs(seen - exact.p_destroyed) <= 4 * error + 1e-9
    if side is not None:
        assert exact.crippled is not None
        for system, p in exact.crippled.items():
            name = track.system_name(system)
            share = sum(name in crippled_names(track, run.state) for run in played) / runs
            assert abs(share - p) <= 4 * math.sqrt(p * (1 - p) / runs) + 1e-9, name



def test_a_colossal_attacker_loses_a_die_with_a_crippled_side(pack: Path) -> None:
    # Seed 003 L3614: L and R are each side's whole suite of weapons; a crippled one rolls a die
    # fewer on attack and damage rolls with them (L3585).  A system is crippled as a whole (all
    # its boxes, on both grids), so --attacker-crippled names it without a side.
    hammer = ("attack", "--attacker", "test-colossus", "--weapon", "Left Hammer", "--target", "troll-axer",
              "--in-order", "--content", str(pack))

    def rolls(*args: str) -> tuple[str, str]:
        result = run_cli(*hammer, *args, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        return str(data["first_attack"]), str(data["first_damage"])

    (attack_whole, damage_whole), (attack_crippled, damage_crippled) = rolls(), rolls("--attacker-crippled", "L")
    assert attack_whole.startswith("2d6") and damage_whole.startswith("2d6")
    assert attack_crippled.startswith("1d6") and damage_crippled.startswith("1d6")
    assert rolls("--attacker-crippled", "R") == (attack_whole, damage_whole)
    refused = run_cli(*hammer, "--attacker-crippled", "left Left Arm")
    assert refused.exit_code == 1 and "L (Left Arm)" in refused.output


MK4_COLOSSUS = """\
edition: mk4
kind: models
faction: cygnar
entries:
  - id: two-grid-colossus
    name: Two Grid Colossus
    type: warjack
    weight: colossal
    fa: 1
    cost: 20
    source: own work (test)
    stats: {SPD: 4, MAT: 6, RAT: 4, DEF: 10, ARM: 12}
    base: 120
    damage: {type: colossal, left: ["LM....", "-M----"], right: ["RM....", "------"]}
"""
MK4_BOARD = """\
edition: mk4
table: {width: 48, height: 48}
models:
  - {id: colossus, content: two-grid-colossus, x: 20, y: 20}
  - {id: stryker, content: stryker, x: 12, y: 20, side: b}
"""


def test_a_board_without_facing_rolls_the_grid_and_follows_crippling(tmp_path: Path) -> None:
    # MkIV models have no facing (so no fields of fire): each attack's grid is rolled as for
    # damage with no origin (seed 003 L3608), and crippling is followed on both grids.
    source = tmp_path / "models.yaml"
    source.write_text(MK4_COLOSSUS, encoding="utf-8")
    pack = make_pack(tmp_path / "pack", [source], "mk4", "colossus4")
    board = tmp_path / "board.yaml"
    board.write_text(MK4_BOARD, encoding="utf-8")
    result = run_cli("attack", "--board", str(board), "--attacker", "stryker", "--weapon", "Electro Bombard",
                     "--target", "colossus", "--content", str(pack), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    grid = data["grid"]
    assert grid["grid"] == "rolled" and grid["struck"] == "rolled" and "no facing" in grid["reason"]
    assert "unconfirmed for MkIV" in grid["source"]
    odds = grid["per_attack"]
    assert odds["exact"] is True and odds["states"] > 0 and odds["lower"] == odds["upper"] == data["p_destroyed"]
    assert data["p_crippled"] is not None and data["p_crippled"]["Movement"] > 0
