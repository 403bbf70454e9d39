"""Corrections to the interpreter found by trying the seeds' rules (issue 11), on the
built-in content: gated grants, shields and bucklers, and the MkIII crippled systems."""

from __future__ import annotations

from functools import cache

import pytest

from tests.conftest import run_cli
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine.attack import AttackError, AttackExplanation, AttackRequest, _rules_of, explain_attack
from wmdata.engine.conditions import Situation
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sources import EffectCollector


@cache
def builtin() -> Registry:
    return Registry.from_loaded(load_files())


def attack(attacker: str, weapon: str, target: str, **options: object) -> AttackExplanation:
    return explain_attack(builtin(), AttackRequest(attacker, weapon, target, **options))  # type: ignore[arg-type]


# --- a. a grant's `when` gates every effect it brings ---------------------------------------


def test_prowl_grants_stealth_only_in_concealment_seed_001_l302_l3451() -> None:
    """Prowl gives Stealth only inside concealment; Stealth makes a shot from beyond 5" miss (001 L302)."""
    in_the_open = attack("grenadier", "Grenade Launcher", "kell-bailoch", distance=8)
    assert in_the_open.automatic is None
    assert any(line.startswith("stealth (auto_miss): needs the carrier concealment (a condition of its grant)")
               for line in in_the_open.not_applied)
    hidden = attack("grenadier", "Grenade Launcher", "kell-bailoch", distance=8, states=["concealment"])
    assert hidden.automatic == "miss" and hidden.automatic_reasons == ["stealth"]


def test_a_rule_granted_for_melee_does_not_act_on_a_shot_seed_001_l1601() -> None:
    """Ignite gives Critical Fire (001 L1601) to melee attacks only: a shot gets no fire on a critical."""
    shot = attack("grenadier", "Grenade Launcher", "kell-bailoch", effects=["ignite"])
    assert "on_critical" not in shot.work.triggers
    swing = attack("grenadier", "Mattock", "kell-bailoch", effects=["ignite"])
    assert any("fire (critical-fire)" in text for text in swing.work.triggers["on_critical"])


def test_a_gated_grant_does_not_count_as_a_rule_held() -> None:
    """`attacker_has`/`target_has` conditions see a granted rule only while its grant acts."""
    kell = builtin().get("mk2", "kell-bailoch")
    assert kell is not None
    collector = EffectCollector(builtin(), "mk2", resolve_ruleset(builtin(), "mk2"))
    items = collector.model_effects(kell.entry, [], [], [], "target")
    assert "stealth" not in _rules_of(kell.entry, kell.entry, items, "target", Situation(attack_type="ranged"))
    hidden = Situation(attack_type="ranged", target_states={"concealment"})
    assert "stealth" in _rules_of(kell.entry, kell.entry, items, "target", hidden)


# --- c. shields and bucklers ------------------------------------------------------------------


@pytest.mark.parametrize(("options", "arm"), [
    ({}, 16 + 2),
    ({"states": ["back_arc"]}, 16),  # 001 L382: damage from the back arc
    ({"states": ["back_strike"]}, 16),  # a back strike comes from the back arc (001 L993)
    ({"target_states": ["weapon_locked"]}, 16),  # 001 L382: the shield's system held in a weapon lock
    ({"target_states": ["crippled_weapon"]}, 16),  # 004 L182-183: crippled shields lose their ARM
])
def test_mk2_shield_seed_001_l382_004_l182(options: dict[str, list[str]], arm: int) -> None:
    result = attack("grenadier", "Grenade Launcher", "sentinel", **options)  # Sentinel: ARM 16, Assault Shield
    assert result.target_stats["ARM"].current == arm


def test_mk2_free_strike_counts_as_coming_from_the_back_arc_seed_001_l969() -> None:
    result = attack("grenadier", "Mattock", "sentinel", states=["free_strike"])
    assert result.target_stats["ARM"].current == 16


@pytest.mark.parametrize(("options", "arm"), [
    ({}, 19 + 2), ({"states": ["back_arc"]}, 19), ({"target_states": ["crippled_weapon"]}, 19),
])
def test_mk3_shield_seed_003_l957_l3585(options: dict[str, list[str]], arm: int) -> None:
    result = attack("titan-cannoneer", "Siege Cannon", "titan-sentry", **options)  # Titan Sentry: ARM 19, Shield
    assert result.target_stats["ARM"].current == arm


@pytest.mark.parametrize(("options", "arm"), [
    ({}, 16 + 2), ({"target_states": ["crippled_weapon"]}, 16),
])
def test_mk4_shield_is_lost_only_when_crippled_seed_000_l1013_1017(options: dict[str, list[str]], arm: int) -> None:
    # Courser: ARM 16, Electrified Shield; the Electro Bombard, as the Heavy Mag-Bolter's Armor-Piercing halves ARM
    result = attack("stryker", "Electro Bombard", "courser", **options)
    assert result.target_stats["ARM"].current == arm


def test_target_state_on_the_command_line() -> None:
    result = run_cli("explain-attack", "--attacker", "stryker", "--weapon", "Electro Bombard", "--target", "courser",
                     "--target-state", "crippled_weapon", "--json")
    assert result.exit_code == 0, result.output
    assert '"target_arm": 16' in result.output


def test_unknown_target_state_is_a_clear_error() -> None:
    with pytest.raises(AttackError, match="unknown state 'weapon_locked'; the mk4 ruleset knows"):
        attack("stryker", "Heavy Mag-Bolter", "courser", target_states=["weapon_locked"])


# --- b. MkIII crippled systems use MkIII numbers ----------------------------------------------


def test_mk3_crippled_movement_sets_base_def_5_seed_003_l3583() -> None:
    result = attack("titan-cannoneer", "Siege Cannon", "titan-sentry", states=["crippled_movement"])
    assert result.target_stats["DEF"].current == 5


def test_mk3_crippled_weapon_loses_an_attack_and_a_damage_die_seed_003_l3585() -> None:
    result = attack("titan-cannoneer", "Siege Cannon", "titan-sentry", states=["crippled_weapon"])
    assert (result.attack.dice, result.damage.dice) == (1, 1)


def test_mk3_huge_bases_get_no_cover_seed_003_l1972() -> None:
    small = attack("titan-cannoneer", "Siege Cannon", "titan-sentry", states=["cover"])
    huge = attack("titan-cannoneer", "Siege Cannon", "mountain-king", states=["cover"])
    assert small.target_stats["DEF"].current == small.target_stats["DEF"].base + 4
    assert huge.target_stats["DEF"].current == huge.target_stats["DEF"].base
