"""Effects that reach the odds through the interpreter: extra damage on a critical hit,
knockdowns, and spirals as targets."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.attack_support import library
from wmdata.engine.attack import AttackRequest, explain_attack, find_model, rules_for
from wmdata.engine.attack_source import ContentAttacks, target_states
from wmdata.engine.damage_track import ColumnTrack, track_for
from wmdata.engine.dice import Roll, damage_odds
from wmdata.engine.policy import NoSpending
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup, setup_from
from wmdata.engine.work import ExtraDamageRecord
from wmdata.model.organisation import DiceRules


def _setup(extra: tuple[ExtraDamageRecord, ...], afflictions: frozenset[tuple[str, str]] = frozenset()
           ) -> AttackSetup:
    return AttackSetup(attack=Roll(2), needed=7, automatic=None, damage=Roll(2), offset=-4, deals_damage=True,
                       extra=extra, afflictions=afflictions, dice_rules=DiceRules(), attack_boosted=False,
                       damage_boosted=False, attack_text="", damage_text="")


def _points(outcomes: dict[tuple[int, frozenset[str]], Fraction]) -> dict[int, Fraction]:
    result: dict[int, Fraction] = {}
    for (points, _), chance in outcomes.items():
        result[points] = result.get(points, Fraction(0)) + chance
    return result


def test_critical_extra_die_joins_the_damage_roll_only_on_a_critical() -> None:
    setup = _setup((ExtraDamageRecord("on_critical", 1, 0, "brutal critical"),))
    assert _points(setup.outcomes(critical=False)) == damage_odds(Roll(2), -4)
    assert _points(setup.outcomes(critical=True)) == damage_odds(Roll(3), -4)


def test_extra_points_are_marked_after_armour() -> None:
    on_hit = _setup((ExtraDamageRecord("on_hit", 0, 1, "cortex damage"),))
    plain = damage_odds(Roll(2), -4)
    assert _points(on_hit.outcomes(critical=False)) == {points + 1: chance for points, chance in plain.items()}
    when_damaged = _setup((ExtraDamageRecord("on_damage", 0, 2, "searing"),))
    shifted = _points(when_damaged.outcomes(critical=False))
    assert shifted[0] == plain[0]  # no damage from the roll: no extra points
    assert shifted[3] == plain[1]  # 1 point from the roll becomes 3


def test_knockdown_on_critical_is_an_outcome() -> None:
    setup = _setup((), frozenset({("knocked_down", "on_critical")}))
    assert all(put == {"knocked_down"} for _, put in setup.outcomes(critical=True))
    assert not any(put for _, put in setup.outcomes(critical=False))


def test_content_critical_cortex_damage_against_a_warjack() -> None:
    # content/mk4/rules/vocabulary.yaml critical-cortex-damage: +1 point on a critical hit against a warjack.
    registry = library()
    explanation = explain_attack(registry, AttackRequest("captain-athena-di-baro", "Lightning Spear", "courser",
                                                         "mk4"))
    setup = setup_from(explanation, rules_for(registry, "mk4", None, []).dice)
    plain, critical = _points(setup.outcomes(critical=False)), _points(setup.outcomes(critical=True))
    assert sum(p * c for p, c in critical.items()) - sum(p * c for p, c in plain.items()) == 1


def test_spiral_target_reports_aspects() -> None:
    registry = library()
    target = find_model(registry, "woldwarden", "mk3", "target")
    track = track_for(target.entry.damage)  # type: ignore[attr-defined]
    assert isinstance(track, ColumnTrack) and track.kind == "spiral"
    rules = rules_for(registry, "mk3", None, [])
    source = ContentAttacks(registry, AttackRequest("gorax-rager", "Claw", "woldwarden", "mk3"), rules,
                            crippled=target_states(track, rules))
    result = resolve(Sequence(track, track.start(), 2, 0, source), NoSpending())
    assert result.crippled is not None and set(result.crippled) == {"B", "M", "S"}
    assert sum(result.damage.values()) == pytest.approx(1.0, abs=1e-9)
    assert source(Circumstance(), False, False).deals_damage
