"""What a charge or a power attack costs before the attacks, per edition (ruleset data).

The numbers themselves are checked against their seed lines in tests/test_ruleset_numbers.py;
here the command must take them out of the focus or fury given, refuse too little, and count
the fury a warbeast gained by being forced in its frenzy risk."""

from __future__ import annotations

import json
from fractions import Fraction

from tests.attack_support import library
from tests.conftest import run_cli
from wmdata.engine.costs import action_costs
from wmdata.engine.ruleset import resolve_ruleset


def _attack(*args: str) -> dict[str, object]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_costs_per_edition_and_model_type() -> None:
    for edition in ("mk2", "mk3", "mk4"):
        rules = resolve_ruleset(library(), edition)
        charge = action_costs(rules, "warjack", True, False)
        assert [(c.action, c.points) for c in charge] == [("charge", 1)]
        assert [(c.action, c.points) for c in action_costs(rules, "warjack", False, True)] == [("power_attack", 1)]
        assert action_costs(rules, "solo", True, True) == []  # only warjacks and warbeasts pay
    mk2 = resolve_ruleset(library(), "mk2")
    assert action_costs(mk2, "warbeast", True, False) == []  # seed 001 (WARMACHINE) says nothing of warbeasts
    assert [c.points for c in action_costs(resolve_ruleset(library(), "mk3"), "warbeast", True, True)] == [1, 1]


def test_a_warjack_charge_comes_out_of_its_focus() -> None:
    # seed 001 L852: a warjack spends 1 focus to charge, so 3 focus leave 2 for the attacks,
    # and the odds are those of the same charge with 2 focus to spend on the attacks alone.
    charged = _attack("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2",
                      "--charge", "--focus", "3")
    assert charged["resource"] == 2
    assert charged["costs"] == [{"action": "charge", "points": 1, "source": "seed 001 L852"}]
    walked = _attack("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2",
                     "--focus", "2")
    assert walked["costs"] == [] and walked["resource"] == 2
    unpaid = _attack("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2",
                     "--charge")
    assert unpaid["costs_paid_from_resource"] is False and unpaid["resource"] == 0


def test_too_little_focus_for_the_charge_is_refused() -> None:
    result = run_cli("attack", "--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad",
                     "--edition", "mk2", "--charge", "--focus", "0")
    assert result.exit_code == 1
    assert "pays charge 1 focus (seed 001 L852)" in result.output and "Traceback" not in result.output


def test_a_forced_charge_counts_in_the_warbeast_frenzy_risk() -> None:
    # seed 003 L2536: forcing a warbeast to charge gives it 1 fury; with --fury 1 nothing is
    # left for the attacks, and the frenzy check (2d6 + fury > THR, seed 003 L2556-2560) sees
    # that 1 fury: the Gorax Rager has THR 6, so 2d6 + 1 > 6 means 2d6 >= 6, 26 of 36 rolls.
    data = _attack("--attacker", "gorax-rager", "--weapon", "Claw", "--target", "gorax-rager", "--edition", "mk3",
                   "--charge", "--fury", "1")
    assert data["resource"] == 0
    assert data["p_frenzy"] == float(Fraction(26, 36))
