"""A spell with an AOE keeps it when it is cast as the attack, so its blast damage can be asked for
(MkII: half its POW; MkIV: the POW after the slash of an ``X/Y`` POW).

Seed 001 L1269: a model under the template but not directly hit suffers 2d6 + half the POW.
Breath of Corruption (Iron Lich Asphyxious, MkII) is POW 12 with a 3" AOE, so its blast damage
roll is 2d6 + 6; it used to fail with "has no AOE".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.attack_support import explain_json, roll_of
from tests.conftest import run_cli
from tests.packs_support import make_pack


def test_an_aoe_spell_deals_blast_damage_of_half_its_pow() -> None:
    answer = explain_json("--attacker", "iron-lich-asphyxious", "--weapon", "Breath of Corruption",
                          "--target", "ironclad", "--blast")
    damage = roll_of(answer, "damage_roll")
    assert (damage["dice"], damage["value"]) == (2, 6)
    assert answer["automatic"] == "hit"


def test_the_direct_hit_keeps_the_full_pow() -> None:
    damage = roll_of(explain_json("--attacker", "iron-lich-asphyxious", "--weapon", "Breath of Corruption",
                                  "--target", "ironclad"), "damage_roll")
    assert (damage["dice"], damage["value"]) == (2, 12)


def test_a_spell_without_an_aoe_still_refuses_blast_damage() -> None:
    result = run_cli("explain-attack", "--attacker", "iron-lich-asphyxious", "--weapon", "Hellfire",
                     "--target", "ironclad", "--blast")
    assert result.exit_code == 1
    assert "has no AOE" in result.output


MK4_SPELL = """\
edition: mk4
kind: spells
entries:
  - id: test-storm-burst
    name: Test Storm Burst
    cost: 2
    rng: 10
    aoe: 3
    pow: 14/7
    offensive: true
    text: A test bolt that bursts over the models around its victim.
    source: own work (test fixture; no MkIV spell in seed 000 prints an AOE with an X/Y POW)
"""
MK4_CASTER = """\
edition: mk4
kind: models
faction: cygnar
entries:
  - id: test-stormcaller
    name: Test Stormcaller
    type: warcaster
    fa: C
    armies: [storm-legion]
    stats: {SPD: 6, AAT: 6, MAT: 6, RAT: 6, DEF: 14, ARM: 16, ARC: 6, CTRL: 14}
    base: 30
    damage: {type: boxes, boxes: 16}
    spells: [test-storm-burst]
    source: own work (test fixture)
"""


@pytest.fixture(scope="module")
def mk4_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seed 000 prints no MkIV spell with an AOE and an ``X/Y`` POW, so a fixture spell: AOE 3,
    POW 14/7 (seed 000 L4341-4343: on a spell with an AOE the number after the slash is the POW
    of its blast damage)."""
    folder = tmp_path_factory.mktemp("mk4-aoe-spell-source")
    (folder / "spells.yaml").write_text(MK4_SPELL, encoding="utf-8")
    (folder / "models.yaml").write_text(MK4_CASTER, encoding="utf-8")
    return make_pack(tmp_path_factory.mktemp("mk4-aoe-spell"), [folder / "spells.yaml", folder / "models.yaml"],
                     "mk4")


def test_a_mk4_spells_blast_has_the_pow_after_the_slash(mk4_pack: Path) -> None:
    """Seed 000 L2842-2845: the POW before the slash is a direct hit's, the one after it the blast
    damage's.  Against Captain Athena di Baro (ARM 17): the blast rolls 2d6 + 7 (1 point on an 11,
    2/36; 2 on a 12, 1/36) and the direct hit 2d6 + 14."""
    spell = ("--content", str(mk4_pack), "--attacker", "test-stormcaller", "--weapon", "Test Storm Burst",
             "--target", "captain-athena-di-baro")
    damage = roll_of(explain_json(*spell, "--blast"), "damage_roll")
    assert (damage["dice"], damage["value"]) == (2, 7)
    assert roll_of(explain_json(*spell), "damage_roll")["value"] == 14
    result = run_cli("attack", *spell, "--blast", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["first_damage"].startswith("2d6 + blast POW 7 vs ARM 17")
    assert abs(data["damage_distribution"]["1"] - 2 / 36) < 1e-12
    assert abs(data["damage_distribution"]["2"] - 1 / 36) < 1e-12


def test_an_offensive_spell_with_an_x_y_pow_executes(mk4_pack: Path) -> None:
    """It resolves as an attack without effects, so the content check does not call it text only."""
    result = run_cli("validate", "--content", str(mk4_pack), "--strict")
    assert result.exit_code == 0, result.output
    assert "not-executable" not in result.output
