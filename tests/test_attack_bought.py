"""Which additional attacks focus or fury may buy, per edition (issue 11).

MkII: a warjack or warcaster spends focus on additional melee or ranged attacks (seed 001
L911, L1173, L1741-1743; the ROF caps a ranged weapon, tests/test_attack_rof.py).  MkIII:
focus, fury and forcing buy additional melee attacks; ranged ones only through a special
rule that says so (seed 003 L1551-1553, L2524, L2724, L3501, L3704).  MkIV: the same (seed 000
L2603-2605, L3481-3486, L3935-3940, L4050-4055).  The permission is data: the ruleset's
``bought_attacks`` and a rule's ``additional_attacks`` effect.  Expected damage comes from
tests/brute_force.py's face-by-face tables, not from the engine."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from tests.packs_support import make_pack
from wmdata.engine.ruleset import resolve_ruleset

COURSER = ("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target", "stryker")
"""Courser RAT 7, Heavy Stormthrower ROF 1 POW 12; Stryker DEF 13, ARM 18, 30 boxes
(content/mk4/factions/cygnar/models.yaml)."""
SERAPH = ("--attacker", "seraph", "--weapon", "Bolt", "--target", "carnivean")
"""Seraph RAT 6, FURY 4, Bolt ROF 1 POW 14; Carnivean DEF 11, ARM 18, 30 boxes (content/mk3/factions/
legion-of-everblight)."""
RAPID_FIRE = """\
edition: mk4
kind: rules
entries:
  - id: test-rapid-fire
    name: Test Rapid Fire
    category: ability
    text: The model may spend focus on additional ranged attacks.
    source: own work (test)
    effects:
      - {kind: additional_attacks, attacks: [ranged]}
  - id: test-melee-only
    name: Test Melee Only
    category: ability
    text: The model may spend focus on additional melee attacks.
    source: own work (test)
    effects:
      - {kind: additional_attacks, attacks: [melee]}
"""


def _per_attack(skill: int, defence: int, power: int, armour: int) -> Fraction:
    """Mean damage of one unboosted attack (2d6 to hit, 2d6 + POW - ARM), face by face."""
    table = attack_table(2, 0, 0, defence - skill)
    mean = sum((points * chance for points, chance in damage_table(2, 0, 0, power - armour).items()), Fraction(0))
    return (table["hit"] + table["critical"]) * mean


def _json(*args: str) -> dict[str, object]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("rapid-fire-source") / "rules.yaml"
    source.write_text(RAPID_FIRE, encoding="utf-8")
    return make_pack(tmp_path_factory.mktemp("rapid-fire"), [source], "mk4", "rapid-fire")


def test_each_ruleset_says_which_attacks_any_model_may_buy() -> None:
    found = {ruleset: resolve_ruleset(library(), edition, ruleset).bought_attacks.types
             for edition, ruleset in (("mk2", "mk2"), ("mk3", "mk3"), ("mk4", "mk4"), ("mk4", "variant-002"))}
    # seed 001 L1741-1743: one additional melee or ranged attack per focus point;
    # seed 003 L3501 and seed 000 L3481-3486: melee, ranged only by a special rule; the variant inherits MkIV.
    assert found == {"mk2": ["melee", "ranged"], "mk3": ["melee"], "mk4": ["melee"], "variant-002": ["melee"]}


def test_mk4_focus_buys_no_ranged_attack_without_a_rule() -> None:
    # seed 000 L3481-3486: the Courser has no rule for ranged attacks, so 2 focus buy no
    # second shot whatever the policy; the focus may still boost.
    data = _json(*COURSER, "--focus", "2", "--policy", "buy-attacks")
    assert data["additional_attacks"]["allowed"] is False  # type: ignore[index]
    assert "L3481-3486" in str(data["additional_attacks"]["why"])  # type: ignore[index]
    assert data["spent_distribution"] == {"0": pytest.approx(1.0)}
    assert data["expected_damage"] == pytest.approx(float(_per_attack(7, 13, 12, 18)), abs=1e-9)
    text = run_cli("attack", *COURSER, "--focus", "2").output
    assert "focus only boosts" in text and "no rule that lets it buy ranged ones" in text


def test_mk4_a_rule_with_additional_attacks_lets_focus_buy_ranged_attacks(pack: Path) -> None:
    # With the rule, each focus buys one more shot (seed 000 L3486); MkIV's ROF counts the
    # initial attacks only.  Against Tyrus (DEF 15, ARM 17, 17 boxes, a box track: nothing
    # crippled feeds back) two shots deal at most 14: nothing is capped.
    data = _json("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target", "tyrus-nis-arsyr-of-spiders",
                 "--focus", "1", "--policy", "buy-attacks", "--effect", "test-rapid-fire", "--content", str(pack))
    assert data["additional_attacks"] == {"allowed": True, "why": "test-rapid-fire"}
    assert data["spent_distribution"] == {"1": pytest.approx(1.0)}
    assert data["expected_damage"] == pytest.approx(2 * float(_per_attack(7, 15, 12, 17)), abs=1e-9)


def test_a_rule_for_melee_attacks_does_not_open_ranged_ones(pack: Path) -> None:
    data = _json(*COURSER, "--focus", "2", "--policy", "buy-attacks", "--effect", "test-melee-only",
                 "--content", str(pack))
    assert data["additional_attacks"]["allowed"] is False  # type: ignore[index]
    assert data["spent_distribution"] == {"0": pytest.approx(1.0)}


def test_a_rule_on_the_target_gives_the_attacker_nothing(pack: Path) -> None:
    data = _json(*COURSER, "--focus", "2", "--policy", "buy-attacks", "--target-effect", "test-rapid-fire",
                 "--content", str(pack))
    assert data["additional_attacks"]["allowed"] is False  # type: ignore[index]


def test_mk3_forcing_buys_melee_attacks_but_not_ranged_ones() -> None:
    # seed 003 L2524: a warbeast is forced for additional melee attacks; ranged ones need a rule.
    ranged = _json(*SERAPH, "--fury", "2", "--policy", "buy-attacks")
    assert ranged["additional_attacks"]["allowed"] is False  # type: ignore[index]
    assert "L2524" in str(ranged["additional_attacks"]["why"])  # type: ignore[index]
    assert ranged["spent_distribution"] == {"0": pytest.approx(1.0)}
    assert ranged["expected_damage"] == pytest.approx(float(_per_attack(6, 11, 14, 18)), abs=1e-9)
    melee = _json("--attacker", "seraph", "--weapon", "Bite", "--target", "carnivean", "--fury", "2",
                  "--policy", "buy-attacks")
    assert melee["additional_attacks"]["allowed"] is True  # type: ignore[index]
    assert melee["spent_distribution"] == {"2": pytest.approx(1.0)}


def test_mk2_focus_still_buys_ranged_attacks() -> None:
    # seed 001 L1173, L1741-1743: Irusk's Sword Cannon (ROF 2) fires a second time for 1 focus.
    data = _json("--attacker", "Kommandant Irusk", "--weapon", "Sword Cannon", "--target", "Juggernaut",
                 "--edition", "mk2", "--focus", "1", "--policy", "buy-attacks")
    assert data["additional_attacks"] == {"allowed": True, "why": "seed 001 L911, L1173, L1741-1743"}
    assert data["spent_distribution"] == {"1": pytest.approx(1.0)}
