"""A model that can never be knocked down (Steady; MkII Divinity; the Commodore Cannon's Heavy
Artillery, which is never stationary either) stays standing after a critical knockdown: the
odds say it ends standing (the sequence splits its later attacks on the same conditions)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli


def _attack(target: str, *extra: str) -> dict[str, object]:
    result = run_cli("attack", "--attacker", "ironclad", "--weapon", "Quake Hammer", "--target", target,
                     "--edition", "mk2", "--in-order", "--json", *extra)
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


def test_a_critical_knockdown_lands_on_a_model_without_steady() -> None:
    # The Quake Hammer attacks first (--in-order) and is the only knockdown of the sequence, so by
    # hand the Juggernaut ends knocked down exactly when that attack is a critical hit.
    answer = _attack("juggernaut", "--attacks", "1")
    assert answer["p_target_states"] == {"knocked_down": pytest.approx(answer["p_crit"], abs=1e-12)}
    assert answer["p_crit"] == pytest.approx(5 / 36, abs=1e-12)


def test_steady_keeps_the_harrower_standing() -> None:
    # The Harrower has Steady: the same critical hits (4/36 against its DEF) leave it standing.
    answer = _attack("harrower", "--attacks", "1")
    assert answer["p_crit"] == pytest.approx(4 / 36, abs=1e-12)
    assert answer["p_target_states"] == {}
    gaps = answer["not_in_odds"]
    assert isinstance(gaps, list) and all(gap["rule"] != "steady" for gap in gaps)

