"""MkII Cataclysm: only enemy models suffer its blast damage (content/mk2/rules/menoth-spells.yaml,
card data; seed 001 L2919-2921: the POW falls with the range before the blast is worked out).

The spell carries ``{kind: no_damage, when: {attack_kind: [blast], side: friendly}}``; the side
of the model under the template comes from a board (tests/boards/mk2-cataclysm.yaml: the
Harbinger and a Redeemer on side a, an Ironclad on side b, each 4.5 inches from her), and
without a board the blast lines say which models it spares."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import ROOT, run_cli
from wmdata.engine.conditions import Situation, check
from wmdata.model.effects import Condition

BOARD = str(ROOT / "tests" / "boards" / "mk2-cataclysm.yaml")


def _attack(*args: str) -> Any:
    result = run_cli("attack", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_an_enemy_under_the_template_suffers_the_blast() -> None:
    """POW 20 less 4 (4.5 inches: 4 full inches), halved for the blast (seed 001 L1269): 2d6 + 8
    against the Ironclad's ARM 18 deals 1 point on an 11 (2/36) and 2 on a 12 (1/36)."""
    data = _attack("--board", BOARD, "--attacker", "harbinger", "--weapon", "Cataclysm", "--target", "ironclad",
                   "--blast")
    assert data["first_damage"].startswith("2d6 + 1/2 POW 8 vs ARM 18")
    assert abs(data["damage_distribution"]["1"] - 2 / 36) < 1e-12
    assert abs(data["damage_distribution"]["2"] - 1 / 36) < 1e-12
    assert abs(data["expected_damage"] - 4 / 36) < 1e-12
    assert data["attack_effects"]["blast_spares"] == []  # the board decided


def test_a_friendly_model_under_the_template_suffers_none() -> None:
    data = _attack("--board", BOARD, "--attacker", "harbinger", "--weapon", "Cataclysm", "--target", "redeemer",
                   "--blast")
    assert data["damage_distribution"] == {"0": 1.0}
    assert data["expected_damage"] == 0
    assert "spares this model (cataclysm)" in data["first_damage"]


def test_without_a_board_the_blast_lines_say_it() -> None:
    text = run_cli("attack", "--attacker", "the-harbinger-of-menoth", "--weapon", "Cataclysm", "--target", "ironclad",
                   "--distance", "4", "--blast")
    assert text.exit_code == 0, text.output
    assert ("also:         blast damage: friendly models suffer none (cataclysm); the odds take the target as an "
            "enemy (a --board's sides decide)") in text.output
    data = _attack("--attacker", "the-harbinger-of-menoth", "--weapon", "Cataclysm", "--target", "ironclad",
                   "--distance", "4", "--blast")
    assert abs(data["expected_damage"] - 4 / 36) < 1e-12  # taken as an enemy
    direct = run_cli("explain-attack", "--attacker", "the-harbinger-of-menoth", "--weapon", "Cataclysm", "--target",
                     "ironclad", "--distance", "4")
    assert ("blast damage (other models under the template): 2d6 + 1/2 POW 8; friendly models suffer none "
            "(cataclysm)") in direct.output


def test_another_aoe_spares_nobody() -> None:
    """A blast without such a rule (the Redeemer's Skyhammer, AOE 3, POW 12) says nothing of
    sides: 2d6 + 6 against Vladimir's ARM 16 deals 1 point on an 11, 2 on a 12."""
    data = _attack("--attacker", "redeemer", "--weapon", "Skyhammer", "--target",
                   "vladimir-tzepesci-the-dark-champion", "--blast")
    assert data["attack_effects"]["blast_spares"] == []
    assert abs(data["expected_damage"] - 4 / 36) < 1e-12


def test_the_side_condition() -> None:
    """``side`` holds on the other model's side: a board's, or an enemy for an attack's target,
    and it is unknown under a blast template without a board."""
    friendly = Condition(side="friendly")
    assert check(friendly, "no_damage", "attacker", Situation(attack_type="magic", other_side="friendly")) is None
    assert check(friendly, "no_damage", "attacker", Situation(attack_type="magic")) == \
        "needs a friendly other model, this one is enemy"
    assert "give --board" in (check(friendly, "no_damage", "attacker", Situation(attack_type="magic",
                                                                                other_side=None)) or "")
    assert check(friendly, "no_damage", "attacker", Situation()) is None  # no attack: nothing to tell


def test_sunburst_spares_friendly_models_too() -> None:
    """MkIII Sunburst (content/mk3/rules/hordes4-spells.yaml, card data): its splash harms only
    enemies, the same no_damage effect as Cataclysm's."""
    direct = run_cli("explain-attack", "--edition", "mk3", "--attacker", "constance-blaize-knight-of-the-prophet",
                     "--weapon", "Sunburst", "--target", "void-spirit")
    assert direct.exit_code == 0, direct.output
    assert "blast damage (other models under the template): 2d6 + 1/2 POW 7; friendly models suffer none " \
           "(sunburst)" in direct.output


def test_greater_destiny_takes_damage_only_from_spells() -> None:
    """MkII Greater Destiny (content/mk2/rules/menoth-rules.yaml, card data), named on the Monolith
    Bearer (ARM 12, 5 boxes): the Juggernaut's Ice Axe deals nothing; Cataclysm 1 inch away (POW 19,
    an automatic hit) kills on any roll; without the name it is listed as executable when named."""
    axe = ("--edition", "mk2", "--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "monolith-bearer")
    named = _attack(*axe, "--target-effect", "greater-destiny")
    assert named["p_destroyed"] == 0.0
    assert "immune to this damage (greater-destiny)" in named["first_damage"]
    plain = _attack(*axe)
    assert plain["p_destroyed"] > 0
    assert ("target", "Greater Destiny") in {(gap["side"], gap["name"]) for gap in plain["not_in_odds"]}
    spell = _attack("--edition", "mk2", "--attacker", "the-harbinger-of-menoth", "--weapon", "Cataclysm",
                    "--distance", "1", "--target", "monolith-bearer", "--target-effect", "greater-destiny")
    assert abs(spell["p_destroyed"] - 1) < 1e-9
