"""A spell with an AOE keeps it when it is cast as the attack, so its blast damage can be asked for.

Seed 001 L1269: a model under the template but not directly hit suffers 2d6 + half the POW.
Breath of Corruption (Iron Lich Asphyxious, MkII) is POW 12 with a 3" AOE, so its blast damage
roll is 2d6 + 6; it used to fail with "has no AOE".
"""

from __future__ import annotations

from tests.attack_support import explain_json, roll_of
from tests.conftest import run_cli


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
