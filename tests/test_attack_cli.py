"""``wmdata attack``: JSON fields, the table, bad input, and play-out against the exact odds."""

from __future__ import annotations

import json
import math

import pytest

from tests.attack_support import library
from tests.brute_force import attack_table
from tests.conftest import run_cli
from wmdata.engine.attack import AttackRequest, find_model, rules_for
from wmdata.engine.attack_source import ContentAttacks, RawAttacks, relevant_systems, target_states
from wmdata.engine.damage_track import BoxTrack, track_for
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import BoostDamage, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Sequence, resolve
from wmdata.engine.sources import profile_of

JUGGERNAUT = ["--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "ironclad", "--edition", "mk2"]


def _json(*args: str) -> dict[str, object]:
    result = run_cli("attack", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_raw_json_has_the_promised_fields() -> None:
    data = _json("--mat", "6", "--def", "13", "--pow", "14", "--arm", "15", "--boxes", "8", "--attacks", "2",
                 "--focus", "2")
    distribution = data["damage_distribution"]
    assert isinstance(distribution, dict) and all(isinstance(k, str) for k in distribution)
    assert math.isclose(sum(distribution.values()), 1.0, abs_tol=1e-9)
    assert max(int(k) for k in distribution) <= 8
    table = attack_table(2, 0, 0, 13 - 6)  # the optimal first attack roll here is not boosted
    assert data["p_hit"] == pytest.approx(float(table["hit"] + table["critical"]), abs=1e-12)
    assert data["p_crit"] == pytest.approx(float(table["critical"]), abs=1e-12)
    assert data["expected_damage"] == pytest.approx(sum(int(k) * v for k, v in distribution.items()))
    policies = data["policies"]
    assert isinstance(policies, dict) and set(policies) == {"optimal", "none", "boost-damage", "buy-attacks"}
    assert all(policies["optimal"] >= p - 1e-12 for p in policies.values())
    assert data["plan"] and data["p_destroyed"] == policies["optimal"]


def test_content_json_and_table() -> None:
    args = [*JUGGERNAUT, "--charge", "--focus", "3"]
    data = _json(*args)
    crippled = data["p_crippled"]
    assert isinstance(crippled, dict) and set(crippled) == {"Cortex", "Left Arm", "Movement", "Right Arm"}
    assert data["track"] == {"kind": "grid", "boxes": 30, "already_marked": 0}
    assert "3d6" in str(data["first_damage"])  # the charge attack's damage roll is boosted
    text = run_cli("attack", *args)
    assert text.exit_code == 0
    # seed 001 L852: the charge takes 1 of the 3 focus first
    assert "kill chance by policy (2 focus):" in text.output and "plan:" in text.output


def test_a_power_attack_is_followed_by_bought_melee_attacks() -> None:
    # A model may buy additional attacks after a power attack, normal melee attacks with its
    # weapons, never another power attack (seed 001 L915; seed 003 L1551; seed 000 L1852-1862).
    # --power-attack makes the sequence --consider-power-attack plans (that one is checked against
    # a brute force in test_attack_power_options.py), so both give the same kill chance.
    data = _json("--attacker", "juggernaut", "--power-attack", "head_butt", "--target", "charger", "--edition",
                 "mk2", "--focus", "3")
    assert data["attacks"] == 1 and "STR" in str(data["first_damage"])  # head-butt damage is 2d6 + STR
    assert data["additional_attacks"] == {"allowed": True, "why": "seed 001 L911, L1173, L1741-1743"}
    policies = data["policies"]
    assert isinstance(policies, dict) and policies["buy-attacks"] > policies["none"] == 0
    plan = data["plan"]
    assert isinstance(plan, list)
    assert {step["weapon"] for step in plan if step["attack"] > 1} == {"Ice Axe"}
    considered = _json("--attacker", "juggernaut", "--weapon", "Ice Axe", "--target", "charger", "--edition", "mk2",
                       "--focus", "3", "--consider-power-attack", "head_butt")
    options = considered["power_attack_options"]
    assert isinstance(options, dict)
    assert data["p_destroyed"] == pytest.approx(options["options"][0]["p_destroyed"], abs=1e-12)


def test_marked_boxes_shorten_the_track() -> None:
    data = _json(*JUGGERNAUT, "--marked", "4,5,6,6,5,2")
    assert data["track"] == {"kind": "grid", "boxes": 30, "already_marked": 28}
    assert max(int(k) for k in data["damage_distribution"]) == 2  # type: ignore[union-attr]


@pytest.mark.parametrize(("args", "code", "message"), [
    (["--attacker", "nobody-at-all", "--weapon", "x", "--target", "ironclad", "--edition", "mk2"], 1,
     "unknown attacker 'nobody-at-all'"),
    (["--attacker", "juggernaut", "--weapon", "Spoon", "--target", "ironclad", "--edition", "mk2"], 1,
     "Juggernaut has no weapon or spell 'Spoon'; it has: Ice Axe"),
    (["--attacker", "juggernaut", "--mat", "6"], 1, "--attacker and --mat do not go together"),
    (["--attacker", "juggernaut", "--weapon", "Ice Axe"], 1, "--target missing"),
    (["--mat", "6", "--def", "12"], 1, "--pow, --arm missing"),
    (["--mat", "6", "--rat", "5", "--def", "12", "--pow", "12", "--arm", "12"], 1,
     "--mat and --rat do not go together"),
    (["--rat", "5", "--def", "12", "--pow", "12", "--arm", "12", "--charge"], 1, "--charge goes with --mat"),
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--focus", "1", "--fury", "1"], 1,
     "--focus and --fury do not go together"),
    ([*JUGGERNAUT, "--focus", "4"], 1,
     "--focus 4: a warjack holds at most 3 focus in mk2"),
    ([*JUGGERNAUT, "--fury", "1"], 1,
     "--fury: Juggernaut is a warjack; it spends focus (--focus)"),
    ([*JUGGERNAUT, "--marked", "9,0,0,0,0,0"], 1,
     "--marked: column 1 has 4 boxes, not 9"),
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--boxes", "3", "--marked", "3"], 1,
     "--marked: all 3 boxes are already marked"),
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--target-state", "crippled_weapon"], 1,
     "--target-state goes with a model attack"),
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--blast"], 1, "--blast goes with a model attack"),
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--effect", "combined-melee-attack=3"], 1,
     "--effect goes with a model attack"),  # raw numbers carry no rules: it used to be dropped silently
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--target-effect", "tough"], 1,
     "--target-effect goes with a model attack"),
    # MkIV Shock Trooper Pikemen: seed 000 L2745-2749 names the unit but prints no MAT, so the entry has none;
    # the attack used to be rolled as 2d6 + 0
    (["--attacker", "shock-trooper-pikemen", "--weapon", "Pike", "--target", "stryker"], 1,
     "Shock Trooper Pikemen has no MAT in its entry"),
    (["--attacker", "juggernaut", "--power-attack", "slam", "--target", "ironclad", "--attacks", "2"], 1,
     "--attacks: a power attack is one attack"),
    (["--mat", "6", "--def", "-1", "--pow", "12", "--arm", "12"], 2, "-1 is not in the range x>=0"),
    (["--mat", "6", "--def", "12", "--pow", "12", "--arm", "12", "--attacks", "0"], 2, "0 is not in the range"),
])
def test_bad_input_exits_with_a_hint(args: list[str], code: int, message: str) -> None:
    result = run_cli("attack", *args)
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def _within(observed: int, runs: int, expected: float, sigmas: float = 4.0) -> bool:
    error = math.sqrt(max(expected * (1 - expected), 1e-12) / runs)
    return abs(observed / runs - expected) <= sigmas * error + 1e-9


def test_play_out_agrees_with_the_exact_engine_on_boxes() -> None:
    rules = resolve_ruleset(library(), "mk4")
    sequence = Sequence(BoxTrack(10), 0, 2, 2, RawAttacks(RawAttack(6, True, 13, 14, 15), rules), charge=True)
    lattice = lattice_for(sequence.track)
    policy = Optimal(sequence)
    exact = resolve(sequence, policy, lattice)
    runs = Player(sequence, policy, lattice).play(6000, seed=5)
    destroyed = sum(1 for run in runs if run.state >= 10)  # type: ignore[operator]
    assert _within(destroyed, len(runs), exact.p_destroyed)
    for points in (0, 5, 10):
        seen = sum(1 for run in runs if run.state == points)
        assert _within(seen, len(runs), exact.damage.get(points, 0.0))


def test_play_out_agrees_with_the_exact_engine_on_a_grid() -> None:
    registry = library()
    rules = rules_for(registry, "mk2", None, [])
    track = track_for(find_model(registry, "ironclad", "mk2", "target").entry.damage)  # type: ignore[attr-defined]
    source = ContentAttacks(registry, AttackRequest("juggernaut", "Ice Axe", "ironclad", "mk2"), rules,
                            crippled=target_states(track, rules))
    sequence = Sequence(track, track.start(), 3, 2, source, relevant=relevant_systems(source))
    lattice = lattice_for(track)
    exact = resolve(sequence, BoostDamage(), lattice)
    runs = Player(sequence, BoostDamage(), lattice).play(3000, seed=9)
    assert exact.crippled is not None
    for system, chance in exact.crippled.items():
        seen = sum(1 for run in runs if system in track.crippled(run.state))
        assert _within(seen, len(runs), chance), system
    destroyed = sum(1 for run in runs if track.marked(run.state) >= track.capacity)
    assert _within(destroyed, len(runs), exact.p_destroyed)


@pytest.mark.parametrize(("edition", "attacker", "weapon", "target", "effects", "start", "attacks", "resource"), [
    # MkII: a Kayazy Assassin Underboss (5 boxes, Tough) with 3 left; a knocked-down survivor rolls again.
    ("mk2", "juggernaut", "Ice Axe", "kayazy-assassin-underboss", [], 2, 2, 3),
    # MkIII: a Pyg Bushwhacker (single wound, Tough); a knocked-down survivor has no Tough.
    ("mk3", "trollkin-champions", "Champion Weapon", "pyg-bushwhackers", [], 0, 2, 2),
    # A grid: a MkII Ironclad given Tough, 3 boxes left; a survivor's column 1 loses its last mark.
    ("mk2", "juggernaut", "Ice Axe", "ironclad", ["tough"], (4, 5, 5, 6, 5, 2), 3, 2),
])
def test_play_out_agrees_with_the_exact_engine_with_tough(edition: str, attacker: str, weapon: str, target: str,
                                                           effects: list[str], start: object, attacks: int,
                                                           resource: int) -> None:
    registry = library()
    rules = rules_for(registry, edition, None, [])
    track = track_for(getattr(profile_of(find_model(registry, target, edition, "target").entry), "damage", None))
    source = ContentAttacks(registry, AttackRequest(attacker, weapon, target, edition, target_effects=effects),
                            rules, crippled=target_states(track, rules))
    sequence = Sequence(track, start, attacks, resource, source, relevant=relevant_systems(source))
    lattice = lattice_for(track)
    policy = Optimal(sequence)
    exact = resolve(sequence, policy, lattice)
    assert exact.conditions["knocked_down"] > 0.05  # Tough's survivors are in the odds
    runs = Player(sequence, policy, lattice).play(4000, seed=11)
    destroyed = sum(1 for run in runs if track.marked(run.state) >= track.capacity)
    assert _within(destroyed, len(runs), exact.p_destroyed)
    down = sum(1 for run in runs if "knocked_down" in run.conditions)
    assert _within(down, len(runs), exact.conditions["knocked_down"])
    before = track.marked(start)
    for points, chance in exact.damage.items():
        seen = sum(1 for run in runs if track.marked(run.state) - before == points)
        assert _within(seen, len(runs), chance), points


def test_play_out_log_is_readable_and_seeded() -> None:
    first = run_cli("attack", "--mat", "7", "--def", "12", "--pow", "16", "--arm", "16", "--boxes", "5",
                    "--simulate", "10", "--seed", "4")
    again = run_cli("attack", "--mat", "7", "--def", "12", "--pow", "16", "--arm", "16", "--boxes", "5",
                    "--simulate", "10", "--seed", "4")
    assert first.output == again.output
    assert "attack 1: 2d6 + MAT 7 vs DEF 12: rolls [" in first.output


