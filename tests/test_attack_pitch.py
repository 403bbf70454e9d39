"""Pitch: on ANY hit (not only a critical one) the attacker may throw the model hit instead of
rolling damage (content/mk2/rules/mercenary-rules.yaml, seed 001 L3511-3513); the throw's own
damage roll is two dice, boostable (seed 001 L1127, L1451), at the attacker's STR plus the
weapon's POW (the card), and knocks the target down, so later melee attacks hit it without a
roll (seed 001 L1393).  Also: a slam or throw made instead of a critical hit's damage roll does
not roll the critical hit's extra dice (they belong to the damage roll it replaces; seed 001
L2975 keeps Weapon Master's die off a slam's damage roll).  Checked by hand and against
tests/brute_force.py's recursion."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import best_with_smite
from tests.conftest import run_cli
from wmdata.engine.attack import AttackRequest, explain_attack
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.plan import build_plan, table_lines
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup, setup_from
from wmdata.engine.work import ExtraDamageRecord


def _throwing(raw: RawAttack, boxes: int, attacks: int, focus: int, *, on_hit: bool = True,
              throw_power: int | None = None, critical_dice: int = 0) -> Sequence:
    """Raw MkII melee attacks whose hits (``on_hit``; else only critical hits) may become a
    throw at ``throw_power`` (default: the attack's own damage value); a critical hit adds
    ``critical_dice`` to the normal damage roll."""
    base = RawAttacks(raw, resolve_ruleset(library(), "mk2"))
    extra = (ExtraDamageRecord("on_critical", critical_dice, 0, "critical die (test)"),) if critical_dice else ()

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        setup = base(circumstance, boost_attack, boost_damage)
        power = raw.power if throw_power is None else throw_power
        return replace(setup, smite="throw", smite_source="pitch (test)", smite_on_hit=on_hit,
                       smite_offset=power - raw.armour, extra=setup.extra + extra)

    return Sequence(BoxTrack(boxes), 0, attacks, focus, source)


def test_by_hand_two_attacks() -> None:
    """MAT 5 against DEF 12 (any hit on 7+: 21/36), P+S 12 against ARM 12 and 13 boxes: one damage
    roll (2d6) never kills, two do on 13+ on 4d6 (861 of 1296 results). Throwing on the first hit,
    critical or not, knocks the target down, so the second attack hits without a roll (seed 001
    L1393): 21/36 * 861/1296; never throwing: (21/36)^2 * 861/1296. (Critical Smite on critical
    hits only gets 3/36 * 861/1296 + 18/36 * 21/36 * 861/1296, tests/test_attack_smite.py.)"""
    sequence = _throwing(RawAttack(5, True, 12, 12, 12), 13, 2, 0)
    optimal = Optimal(sequence)
    four = Fraction(861, 1296)
    assert abs(resolve(sequence, optimal).p_destroyed - float(Fraction(21, 36) * four)) < 1e-12
    assert abs(resolve(sequence, NoSpending()).p_destroyed - float(Fraction(21, 36) ** 2 * four)) < 1e-12
    lines = table_lines(build_plan(optimal, lattice_for(sequence.track)), "focus")
    gain = four * (1 - Fraction(21, 36))  # once hit: a sure second hit instead of 21/36
    assert lines[0].endswith(f"throw the target instead of the damage roll if it hits (+{float(gain):.1%} "
                             "kill chance)"), lines[0]


def test_a_weaker_throw_is_taken_only_where_it_pays() -> None:
    """The throw at POW 10 instead of P+S 12 (ARM 12, 4 boxes, 2 attacks, MAT 5 vs DEF 12): on
    the first hit, throwing knocks the target down for the second (sure) hit, rolling damage
    keeps 2 more points; the policy's kill chance is the brute force's best, above never
    throwing, and the last attack never throws (nothing after it to profit from the knockdown)."""
    raw = RawAttack(5, True, 12, 12, 12)
    sequence = _throwing(raw, 4, 2, 0, throw_power=10)
    best, never = best_with_smite(5, 12, 12, 12, 4, 2, 0, on_hit=True, smite_power=10)
    optimal = Optimal(sequence)
    assert abs(resolve(sequence, optimal).p_destroyed - float(best)) < 1e-12
    assert best > never
    plan = build_plan(optimal, lattice_for(sequence.track))
    last = [row for step in plan if step.attack == 2 for row in step.rows.values()]
    assert last and all(row.chooses("smite_on_hit") is False for row in last if row.offered.get("smite_on_hit"))


@settings(max_examples=14, deadline=None)
@given(skill=st.integers(3, 8), defence=st.integers(11, 16), power=st.integers(10, 16), throw=st.integers(8, 16),
       armour=st.integers(12, 18), boxes=st.integers(1, 10), attacks=st.integers(1, 3), focus=st.integers(0, 2),
       on_hit=st.booleans())
def test_against_brute_force(skill: int, defence: int, power: int, throw: int, armour: int, boxes: int,
                             attacks: int, focus: int, on_hit: bool) -> None:
    sequence = _throwing(RawAttack(skill, True, defence, power, armour), boxes, attacks, focus, on_hit=on_hit,
                         throw_power=throw)
    best, never = best_with_smite(skill, defence, power, armour, boxes, attacks, focus, on_hit=on_hit,
                                  smite_power=throw)
    assert abs(resolve(sequence, Optimal(sequence)).p_destroyed - float(best)) < 1e-9
    assert best >= never


@settings(max_examples=8, deadline=None)
@given(skill=st.integers(4, 8), power=st.integers(10, 14), boxes=st.integers(4, 12), attacks=st.integers(1, 3),
       focus=st.integers(0, 2), on_hit=st.booleans())
def test_the_critical_hits_extra_die_is_not_thrown(skill: int, power: int, boxes: int, attacks: int, focus: int,
                                                   on_hit: bool) -> None:
    """A critical hit that adds a damage die: the normal damage roll of a critical hit has it,
    the throw made instead does not (its own roll of 2 dice plus a boost)."""
    sequence = _throwing(RawAttack(skill, True, 13, power, 14), boxes, attacks, focus, on_hit=on_hit,
                         critical_dice=1)
    best, _ = best_with_smite(skill, 13, power, 14, boxes, attacks, focus, on_hit=on_hit, critical_dice=1)
    assert abs(resolve(sequence, Optimal(sequence)).p_destroyed - float(best)) < 1e-9


def test_play_out_agrees() -> None:
    sequence = _throwing(RawAttack(5, True, 13, 12, 14), 10, 3, 1, throw_power=11)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal).p_destroyed
    runs = Player(sequence, optimal, lattice_for(sequence.track)).play(4000, 5, log_first=True)
    share = sum(1 for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity) / len(runs)
    assert abs(share - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5 + 1e-9


def _attack_json(*args: str) -> dict[str, object]:
    result = run_cli("attack", "--edition", "mk2", "--json", *args)
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.output)
    return answer


def test_bosun_grogspar_pitches_from_the_card() -> None:
    """Bosun Grogspar's Giant Hook (Pitch; MAT 6, P+S 12, STR 8 + POW 4 = 12, 40 mm base) against
    Major Victoria Haley (DEF 16, ARM 14, 15 boxes, 30 mm) with 3 attacks.  A MkII throw goes
    half the thrower's STR, 4 inches, and deviates at most half that (seed 001 L1109-1113), so
    Haley lands at least 2 inches away, out of the hook's 1/2 inch melee range (seed 001 L963):
    no later attack reaches her, so throwing never pays and the kill chance is the brute
    force's never throwing (if she stayed in reach, throwing on any hit would be better)."""
    data = _attack_json("--attacker", "bosun-grogspar", "--weapon", "Giant Hook", "--target",
                        "major-victoria-haley", "--attacks", "3")
    best, never = best_with_smite(6, 16, 12, 14, 15, 3, 0, on_hit=True)
    assert abs(float(data["p_destroyed"]) - float(never)) < 1e-9  # type: ignore[arg-type]
    assert best > never
    steps = data["plan"]
    assert isinstance(steps, list)
    offered = [row["smite_on_hit"] for step in steps for row in step["by_boxes_left"] if row["smite_on_hit"]]
    assert offered and not any(choice["spend"] for choice in offered)
    effects = data["attack_effects"]
    assert isinstance(effects, dict)
    assert effects["critical_power_attacks"] == [{"power_attack": "throw", "source": "pitch", "window": "on_hit",
                                                      "always": False}]


def test_no_pitch_against_a_larger_base() -> None:
    """A model cannot throw a model with a larger base (seed 001 L1105, L3513): Grogspar (40 mm)
    against a heavy warjack (50 mm) has no throw to choose."""
    data = _attack_json("--attacker", "bosun-grogspar", "--weapon", "Giant Hook", "--target", "berserker",
                        "--attacks", "2")
    effects = data["attack_effects"]
    assert isinstance(effects, dict)
    assert effects["critical_power_attacks"] == []
    steps = data["plan"]
    assert isinstance(steps, list)
    assert all(row["smite_on_hit"] is None and row["smite_on_critical"] is None
               for step in steps for row in step["by_boxes_left"])


def _setup(*effects: str, states: tuple[str, ...] = (), target: str = "major-victoria-haley") -> AttackSetup:
    request = AttackRequest("major-markus-siege-brisbane", "Havoc", target, edition="mk2", effects=list(effects),
                            states=list(states))
    return setup_from(explain_attack(library(), request), resolve_ruleset(library(), "mk2").dice)


def test_critical_smites_damage_roll_from_the_card() -> None:
    """Siege Brisbane's Havoc (Critical Smite; STR 7 + POW 7) against Haley (ARM 14): the slam's
    damage roll is 2d6 + 14 - 14 (seed 001 L1451: a damage roll is 2d6; the card: STR plus the
    weapon's POW); a charge attack's damage roll is boosted, and so is the slam's made instead
    (seed 003 L1466): 3 dice; Weapon Master's extra die joins the normal damage roll but not the
    slam's (seed 001 L2975)."""
    plain = _setup()
    assert (plain.smite, plain.smite_dice, plain.smite_offset, plain.smite_on_hit) == ("slam", 2, 0, False)
    assert _setup(states=("charging",)).smite_dice == 3
    master = _setup("weapon-master")
    assert master.damage.dice == 3 and master.smite_dice == 2
    assert set(master.smite_outcomes(True)) == {(points, frozenset({"knocked_down"})) for points in range(2, 13)}
