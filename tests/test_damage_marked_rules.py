"""Rules that read the damage already marked on a model (``damage_at_least``,
``boxes_left_at_most``): MkII Might of Kings (content/mk2/rules/khador-rules.yaml; card data,
unconfirmed) gives Vladimir +1 SPD, STR, DEF and CMD once damaged, +2 with 10 or fewer boxes
left and +3 with 5 or fewer.  On the target the sequence follows his damage attack by attack
(his DEF rises as he is hurt); on the attacker it comes from --attacker-marked.  Checked by hand
and against tests/brute_force.py's recursion."""

from __future__ import annotations

import json
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
