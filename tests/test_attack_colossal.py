"""A colossal's crippled systems per grid, as the play-out reports them (issue 11).

Each grid of a colossal has its own systems and weapons, crippled apart (seed 003 L3614);
the exact engine follows a colossal by marked boxes only, so the per-grid crippled systems
come from the play-out, which marks every box.  The expected chances come from the dice
tables of tests/brute_force.py and every placement of the damage (grid, column, spill
column), not from the play-out."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import ColossalTrack, crippled_names, track_for
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Sequence
from wmdata.model.damage import ColossalGrids

SMALL = ColossalGrids(type="colossal", left=["LLMM.."], right=["RRMM.."], field=1)
"""One row a side: the left grid's arm in columns 1-2, each grid's Movement in 3-4."""
COLOSSUS = """\
edition: mk4
kind: models
faction: cygnar
entries:
  - id: test-colossus
    name: Test Colossus
    type: warjack
    weight: colossal
    fa: 1
    cost: 20
    source: own work (test)
    stats: {SPD: 4, MAT: 6, RAT: 4, DEF: 5, ARM: 12}
    base: 120
    damage:
      type: colossal
      field: 1
      left: ["LLMM.."]
      right: ["RRMM.."]
"""


def test_each_grid_reports_its_own_crippled_systems() -> None:
    track = track_for(SMALL)
    assert isinstance(track, ColossalTrack)
    assert crippled_names(track, (1, (1, 1, 0, 0, 0, 0), (0,) * 6)) == {"left Left Arm"}
    assert crippled_names(track, (1, (0, 0, 1, 1, 0, 0), (0,) * 6)) == {"left Movement"}
    assert crippled_names(track, (1, (0, 0, 1, 0, 0, 0), (0, 0, 0, 1, 0, 0))) == set()
    assert crippled_names(track, (1, (1,) * 6, (0, 0, 1, 1, 0, 0))) == {"left Left Arm", "left Movement",
                                                                         "right Movement"}


def _exact(skill: int, defence: int, power: int, armour: int) -> dict[str, Fraction]:
    """One attack on :data:`SMALL`: each crippled name's chance over the dice and the 72 placements."""
    track = track_for(SMALL)
    table = attack_table(2, 0, 0, defence - skill)
    chances: dict[str, Fraction] = {}
    placements = track.placements()
    for points, chance in damage_table(2, 0, 0, power - armour).items():
        for placement in placements:
            after = track.place(track.start(), points, placement)
            for name in crippled_names(track, after):
                weight = (table["hit"] + table["critical"]) * chance / len(placements)
                chances[name] = chances.get(name, Fraction(0)) + weight
    return chances


def test_the_play_out_frequencies_agree_with_every_placement() -> None:
    rules = resolve_ruleset(library(), "mk4")
    track = track_for(SMALL)
    sequence = Sequence(track, track.start(), 1, 0, RawAttacks(RawAttack(6, True, 12, 12, 12), rules))
    runs = 3000
    played = Player(sequence, NoSpending(), lattice_for(track)).play(runs, 11)
    for name, chance in _exact(6, 12, 12, 12).items():
        seen = sum(name in crippled_names(track, run.state) for run in played) / runs
        error = math.sqrt(float(chance) * (1 - float(chance)) / runs)
        assert abs(seen - float(chance)) <= 4 * error + 1e-9, name


def test_the_command_reports_them_with_the_play_out(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("id: colossus\nname: Test pack\nversion: '1.0'\neditions: [mk4]\n"
                                        "source: own work (test)\nlicence: CC0\n", encoding="utf-8")
    (tmp_path / "mk4").mkdir()
    (tmp_path / "mk4" / "models.yaml").write_text(COLOSSUS, encoding="utf-8")
    args = ("attack", "--attacker", "courser", "--weapon", "Voltaic Spear", "--target", "test-colossus",
            "--content", str(tmp_path), "--simulate", "400", "--seed", "5")
    result = run_cli(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["p_crippled"] is None  # the exact engine does not follow a colossal box by box
    crippled = data["simulation"]["p_crippled"]
    assert crippled and set(crippled) <= {"left Left Arm", "left Movement", "right Right Arm", "right Movement"}
    assert all(0 < p <= 1 for p in crippled.values())
    text = run_cli(*args).output
    assert "play-out crippled (per grid, estimated): " in text
