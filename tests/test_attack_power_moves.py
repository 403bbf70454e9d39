"""Power attacks that move the target, as the seeds tell them: a thrown model is knocked down
(seed 001 L1119, L1149; seed 003 L1486), a push moves the target 1 inch and lets the attacker
follow (seed 001 L1047-1061), a slam after a run under 3 inches moves nothing (seed 001
L1071-1077), and models that suffer collateral damage are knocked down (seed 001 L1097,
L1131).  Expected numbers are worked out by hand in the docstrings and comments.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from tests.conftest import run_cli

BOARDS = Path(__file__).parent / "boards"


def _attack(*args: str) -> dict[str, Any]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    answer: dict[str, Any] = json.loads(result.output)
    return answer


# MkII Juggernaut (MAT 6, STR 12) throws an Ironclad (DEF 12, STR 11): a hit on 6+ on 2d6 is
# 26/36; the contest 1d6 + 12 against 1d6 + 11, ties to the thrower, is won unless the Ironclad
# rolls 2 or more above the Juggernaut: losing pairs (a, t) with t >= a + 2 are 4+3+2+1 = 10 of
# 36, so it is won 26/36.
THROW_WON = Fraction(26, 36) * Fraction(26, 36)


def test_a_thrown_model_is_knocked_down() -> None:
    """Seed 001 L1119: the thrown model is knocked down once moved; so after a hit and a won
    contest (676/1296) and never otherwise (a broken-free target is not thrown)."""
    data = _attack("--attacker", "juggernaut", "--target", "ironclad", "--edition", "mk2",
                   "--power-attack", "throw", "--focus", "3")
    assert abs(data["p_target_states"]["knocked_down"] - float(THROW_WON)) < 1e-12
    assert abs(data["moved"]["p_moved"] - float(THROW_WON)) < 1e-12
    assert data["attack_effects"]["knockdowns"] == [{"window": "on_hit", "source": "throw"}]


def test_mk3_throws_knock_down() -> None:
    """Seed 003 L1486: the MkIII thrown model is knocked down too, by either throw.  A Gorax Rager
    (MAT 5, STR 9, two Open Fist claws) throws another (DEF 12, STR 9): a hit on 7+ is 21/36; the
    contest 1d6 + 9 against 1d6 + 9, ties to the thrower, is won when a >= t, 21/36; with two
    Open Fists 2d6 + 9 (seed 003 L1888): 2d6 >= t for t = 1..6 is (36+36+35+33+30+26)/216."""
    for kind, contest in (("throw", Fraction(21, 36)), ("double_hand_throw", Fraction(196, 216))):
        data = _attack("--attacker", "gorax-rager", "--target", "gorax-rager", "--power-attack", kind,
                       "--fury", "1")
        assert abs(data["p_target_states"]["knocked_down"] - float(Fraction(21, 36) * contest)) < 1e-12, kind


def test_a_bought_attack_after_a_throw_into_an_obstruction_hits_automatically() -> None:
    """tests/boards/mk2-throw-wall.yaml: the Ironclad is thrown into an obstruction 0.1 inch
    behind it, stays in the Ice Axe's reach, and the bought attacks meet it knocked down: they
    hit automatically (seed 001 L1393).  The last bought attack (no focus left) then kills with
    k boxes left when the Ice Axe's 2d6 + P+S 19 - ARM 18 reaches k: with 7 boxes 2d6 >= 6 is
    26/36, with 6 boxes 2d6 >= 5 is 30/36, with 5 boxes 33/36, with 4 boxes 35/36."""
    data = _attack("--board", str(BOARDS / "mk2-throw-wall.yaml"), "--attacker", "juggernaut", "--target",
                   "ironclad", "--power-attack", "throw", "--focus", "3", "--marked", "4,4,4,4,4,0")
    assert abs(data["p_target_states"]["knocked_down"] - float(THROW_WON)) < 1e-12
    assert data["moved"]["p_in_reach_if_moved"] == 1
    last = [step for step in data["plan"] if step["attack"] == 3 and step["knocked_down"]]
    assert last, data["plan"]
    kills = {row["boxes_left"]: row["kill"] for row in last[0]["by_boxes_left"]}
    for left, want in ((7, Fraction(26, 36)), (6, Fraction(30, 36)), (5, Fraction(33, 36)), (4, Fraction(35, 36))):
        assert abs(kills[left] - float(want)) < 1e-12, (left, kills)
