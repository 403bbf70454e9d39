"""Rules that read the damage already marked on a model (``damage_at_least``,
``boxes_left_at_most``): MkII Might of Kings (content/mk2/rules/khador-rules.yaml; card data,
unconfirmed) gives Vladimir +1 SPD, STR, DEF and CMD once damaged, +2 with 10 or fewer boxes
left and +3 with 5 or fewer.  On the target the sequence follows his damage attack by attack
(his DEF rises as he is hurt); on the attacker it comes from --attacker-marked.  Checked by hand
and against tests/brute_force.py's recursion."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from tests.brute_force import best_with_defence_by_damage
from tests.conftest import run_cli

VLADIMIR = "vladimir-tzepesci-the-dark-champion"


def _attack(*args: str) -> Any:
    result = run_cli("attack", "--edition", "mk2", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _vladimirs_defence(marked: int) -> int:
    """DEF 15, +1 once damaged, +2 with 10 or fewer of his 18 boxes left, +3 with 5 or fewer."""
    left = 18 - marked
    return 15 + (3 if left <= 5 else 2 if left <= 10 else 1 if marked >= 1 else 0)


def test_the_sequence_follows_vladimirs_rising_defence() -> None:
    """A Redeemer's Battle Mace (MAT 6, P+S 13) against Vladimir (ARM 16, 18 boxes) with 7 boxes
    marked, 2 initial attacks and 2 focus: the kill chance is the brute force's with his DEF
    read from the damage marked before each attack."""
    data = _attack("--attacker", "redeemer", "--weapon", "Battle Mace", "--target", VLADIMIR, "--marked", "7",
                   "--attacks", "2", "--focus", "2")
    expected = best_with_defence_by_damage(6, _vladimirs_defence, 13, 16, 18, 7, 2, 2)
    assert abs(data["p_destroyed"] - float(expected)) < 1e-9
    assert data["first_attack"].endswith("vs DEF 16")
    frozen = best_with_defence_by_damage(6, lambda marked: 16, 13, 16, 18, 7, 2, 2)
    assert expected < frozen  # a rising DEF is harder than the starting one kept


def test_undamaged_vladimir_has_his_card_defence() -> None:
    data = _attack("--attacker", "redeemer", "--weapon", "Battle Mace", "--target", VLADIMIR, "--attacks", "1")
    assert data["first_attack"].endswith("vs DEF 15")


def test_the_attackers_own_damage() -> None:
    """Vladimir attacking with Dominion (POW 8 + STR 6): 13 damage marked (5 boxes left) gives
    STR +3, P+S 17; 8 marked (10 left) +2, P+S 16; none, P+S 14."""
    for marked, ps in (("13", 17), ("8", 16), ("0", 14)):
        data = _attack("--attacker", VLADIMIR, "--weapon", "Dominion", "--target", "ironclad", "--attacker-marked",
                       marked)
        assert f"P+S {ps} vs ARM" in data["first_damage"], data["first_damage"]


def test_bad_attacker_marked() -> None:
    result = run_cli("attack", "--attacker", VLADIMIR, "--weapon", "Dominion", "--target", "ironclad",
                     "--edition", "mk2", "--attacker-marked", "19")
    assert result.exit_code == 1
    assert "the attacker has 18 damage boxes; 19 cannot be marked" in result.output
    raw = run_cli("attack", "--mat", "6", "--def", "12", "--pow", "12", "--arm", "14", "--attacker-marked", "2")
    assert raw.exit_code == 1 and "--attacker-marked goes with a model attack" in raw.output


def test_play_out_follows_the_defence_too() -> None:
    """The seeded play-out reads the same DEF by damage marked: its kill frequency agrees with
    the exact figure within 4 standard errors."""
    data = _attack("--attacker", "redeemer", "--weapon", "Battle Mace", "--target", VLADIMIR, "--marked", "7",
                   "--attacks", "2", "--focus", "2", "--simulate", "3000", "--seed", "4")
    exact, runs = data["p_destroyed"], data["simulation"]["runs"]
    assert abs(data["simulation"]["p_destroyed"] - exact) < 4 * (exact * (1 - exact) / runs) ** 0.5


def test_a_trample_then_bought_attacks_follow_his_rising_defence() -> None:
    """--power-attack trample: a Mariner (MAT 6, STR 11; Anchor P+S 17) tramples Vladimir with 7
    boxes marked and 3 focus, 1 paid for the power attack (seed 001 L1013).  A trample is a melee
    attack whose damage roll has POW = the attacker's STR (seed 001 L1163-1165), and it knocks
    nothing down, so the bought Anchor attacks meet the DEF his damage gives after it: the kill
    chance is the brute force's, and it used to read DEF 15 (the rule as not holding)."""
    data = _attack("--attacker", "mariner", "--target", VLADIMIR, "--power-attack", "trample", "--marked", "7",
                   "--focus", "3")
    assert data["first_attack"].endswith("vs DEF 16")
    expected = best_with_defence_by_damage(6, _vladimirs_defence, 17, 16, 18, 7, 1, 2, opening=(6, 11))
    assert abs(data["p_destroyed"] - float(expected)) < 1e-9
    considered = _attack("--attacker", "mariner", "--weapon", "Anchor", "--target", VLADIMIR, "--marked", "7",
                         "--focus", "3", "--consider-power-attack", "trample")
    option = considered["power_attack_options"]["options"][0]
    assert abs(option["p_destroyed"] - float(expected)) < 1e-9


def test_a_throws_contest_reads_his_strength_by_damage() -> None:
    """A Juggernaut (MAT 6, STR 12) throws Vladimir with 13 of his 18 boxes marked: DEF 18 and
    STR 9 (+3 with 5 boxes left).  By hand (seed 001 L1103: after a hit, d6 + STR each, the
    attacker winning ties; L1127: throw damage POW = the attacker's STR): the roll hits only on
    12 (1/36); the contest is lost only where his die beats the Juggernaut's by 4 or more (3 of
    36); the damage 2d6 + 12 - ARM 16 kills on 9 or more (10/36), and its expectation, capped at
    his 5 boxes left, is (4*1 + 5*2 + 6*3 + 5*4 + 10*5)/36."""
    data = _attack("--attacker", "juggernaut", "--target", VLADIMIR, "--power-attack", "throw", "--marked", "13")
    assert data["first_attack"].endswith("vs DEF 18")
    assert "the target's 1d6 + STR 9" in data["first_damage"]
    won = Fraction(1, 36) * Fraction(33, 36)
    assert abs(data["p_destroyed"] - float(won * Fraction(10, 36))) < 1e-12
    assert abs(data["expected_damage"] - float(won * Fraction(102, 36))) < 1e-12


def test_critical_smite_damage_reads_the_attackers_strength() -> None:
    """Siege Brisbane's Havoc (POW 7, Critical Smite) with Might of Kings named on him and 13 of
    his 18 boxes marked: STR 7 + 3.  A critical hit made a slam rolls 2d6 + STR + the weapon's
    POW (seed 001 L1093, L2975), 2d6 + 17 against Vladimir's ARM 16 with 5 boxes left: it kills
    on 4 or more, 33/36."""
    data = _attack("--attacker", "major-markus-siege-brisbane", "--weapon", "Havoc", "--target", VLADIMIR,
                   "--effect", "might-of-kings", "--attacker-marked", "13", "--marked", "13", "--attacks", "2")
    smite = data["plan"][0]["by_boxes_left"][0]["smite_on_critical"]
    assert abs(smite["kill_if_spent"] - 33 / 36) < 1e-12
