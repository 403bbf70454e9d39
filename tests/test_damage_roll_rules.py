"""Damage-roll rules the effect language once could not express, now executed: a stat added
per point of another stat or per inch (``modify_stat`` with ``per``: MkII Thrown, Cataclysm), an
immunity to all damage that is not magical (``immunity: all`` with ``not_damage_type``: MkIII
and MkIV Incorporeal) and doubled damage points (``double_damage``: MkII Winter's Chill).
Numbers by hand from the cards and seeds; the doubled sequence against tests/brute_force.py."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import attack_json, explain_json, library
from tests.brute_force import kill_chance_multiplied
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup


def test_thrown_adds_the_models_str_to_the_pow() -> None:
    """Anastasia di Bray's Throwing Knives (POW 2, Thrown) with STR 5: POW 7."""
    answer = explain_json("--attacker", "anastasia-di-bray", "--weapon", "Throwing Knives", "--target",
                          "major-victoria-haley", "--edition", "mk2")
    assert answer["weapon_stats"]["POW"]["current"] == 7  # type: ignore[index]
    assert answer["damage_roll"]["value"] == 7  # type: ignore[index]


def test_cataclysms_pow_falls_by_the_full_inches() -> None:
    """Cataclysm (POW 20) loses 1 POW per full inch from the Harbinger to its target, even when
    channeled (seed 001 L2921): 6.5 inches -> POW 14, under 1 inch -> 20; without --distance the
    drop is not applied and said so."""
    def pow_at(*distance: str) -> tuple[int, list[str]]:
        answer = explain_json("--attacker", "the-harbinger-of-menoth", "--weapon", "Cataclysm", "--target",
                              "juggernaut", "--edition", "mk2", *distance)
        return answer["weapon_stats"]["POW"]["current"], answer["not_applied"]  # type: ignore[index,return-value]

    assert pow_at("--distance", "6.5")[0] == 14
    assert pow_at("--distance", "0.9")[0] == 20
    power, reasons = pow_at()
    assert power == 20
    assert "cataclysm (modify_stat): depends on the distance (give --distance)" in reasons


def test_mk3_incorporeal_takes_only_magical_damage() -> None:
    """The Void Spirit is Incorporeal (seed 003 L825: immune to non-magical damage and continuous
    effects): a Dire Troll Mauler's Claw does no damage (kill chance 0), Baldur's Earth Spikes (a
    spell: magical damage) does, and a critical hit's fire is kept off."""
    claw = attack_json("--attacker", "dire-troll-mauler", "--weapon", "Claw", "--target", "void-spirit",
                   "--edition", "mk3", "--effect", "critical-fire")
    assert claw["p_destroyed"] == 0.0 and claw["expected_damage"] == 0.0
    kept = claw["attack_effects"]["kept_off"]
    assert {"condition": "fire", "window": "on_critical", "source": "critical-fire", "by": "incorporeal"} in kept
    spell = explain_json("--attacker", "baldur-the-stonecleaver", "--weapon", "Earth Spikes", "--target",
                         "void-spirit", "--edition", "mk3")
    assert spell["damage_roll"]["no_damage"] is None  # type: ignore[index]
    assert spell["damage_types"] == {"magical": "spell damage"}


def test_mk4_incorporeal_named_on_a_target() -> None:
    """MkIV Incorporeal (seed 000 L4566-4600) named on a target: the Courser's Heavy Stormthrower
    (electrical damage, not magical) deals none."""
    answer = explain_json("--attacker", "courser", "--weapon", "Heavy Stormthrower", "--target", "stryker",
                          "--edition", "mk4", "--target-effect", "incorporeal")
    assert answer["damage_roll"]["no_damage"] == "target is immune to this damage (incorporeal)"  # type: ignore[index]


def test_winters_chill_doubles_the_points() -> None:
    """Winter's Chill named on Major Victoria Haley (DEF 16, ARM 14, not immune to cold):
    Anastasia di Bray's Throwing Knives (RAT 6, POW 2 + STR 5 by Thrown) hit on 10+ (6 of 36)
    and deal twice (2d6 + 7 - 14): 2, 4, ..., 10 points for a roll of 8-12, with the chance of
    that roll among the hits; Kommander Sorscha (Immunity: Cold) takes no doubled damage."""
    doubled = attack_json("--attacker", "anastasia-di-bray", "--weapon", "Throwing Knives", "--target",
                      "major-victoria-haley", "--edition", "mk2", "--target-effect", "winters-chill")
    assert doubled["first_damage"].endswith("points doubled (winters-chill)")
    distribution = {int(points): p for points, p in doubled["damage_distribution"].items()}
    hits = {total: Fraction(6 - abs(total - 7), 36) for total in range(10, 13)}  # the hitting rolls
    expected = {2 * (total - 7): sum((hits[roll] * Fraction(6 - abs(total - 7), 36) for roll in hits), Fraction(0))
                for total in range(8, 13)}
    assert set(distribution) == {0, *expected}
    for points, chance in expected.items():
        assert abs(distribution[points] - float(chance)) < 1e-9
    sorscha = explain_json("--attacker", "anastasia-di-bray", "--weapon", "Throwing Knives", "--target",
                           "kommander-sorscha", "--edition", "mk2", "--target-effect", "winters-chill")
    assert not any("doubled" in text for text in sorscha["triggers"].get("on_damage", []))  # type: ignore[union-attr]


@settings(max_examples=12, deadline=None)
@given(skill=st.integers(3, 8), defence=st.integers(11, 16), power=st.integers(10, 16), armour=st.integers(12, 18),
       boxes=st.integers(1, 12), attacks=st.integers(1, 3))
def test_doubled_sequences_against_brute_force(skill: int, defence: int, power: int, armour: int, boxes: int,
                                               attacks: int) -> None:
    base = RawAttacks(RawAttack(skill, True, defence, power, armour), resolve_ruleset(library(), "mk2"))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(base(circumstance, boost_attack, boost_damage), damage_factor=2)

    sequence = Sequence(BoxTrack(boxes), 0, attacks, 0, source)
    expected = kill_chance_multiplied(skill, defence, power, armour, boxes, attacks, 2)
    assert abs(resolve(sequence, NoSpending()).p_destroyed - float(expected)) < 1e-9


def test_doubled_play_out_agrees() -> None:
    base = RawAttacks(RawAttack(6, True, 13, 14, 15), resolve_ruleset(library(), "mk2"))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(base(circumstance, boost_attack, boost_damage), damage_factor=2)

    sequence = Sequence(BoxTrack(10), 0, 3, 0, source)
    exact = resolve(sequence, NoSpending()).p_destroyed
    runs = Player(sequence, NoSpending(), lattice_for(sequence.track)).play(4000, 11)
    share = sum(1 for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity) / len(runs)
    assert abs(share - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5 + 1e-9


def test_mk2_incorporeal_keeps_continuous_effects_off() -> None:
    """MkII Incorporeal is immune to continuous effects (seed 001 L288): the High Reclaimer's
    Immolation (a spell, so not missed automatically) may still damage it, but its critical
    hit's fire is kept off."""
    data = attack_json("--attacker", "the-high-reclaimer", "--weapon", "Immolation", "--target", "ironclad",
                   "--edition", "mk2", "--target-effect", "incorporeal")
    assert {"condition": "fire", "window": "on_critical", "source": "immolation",
            "by": "incorporeal"} in data["attack_effects"]["kept_off"]
    assert data["expected_damage"] > 0


def test_critical_pitch_from_the_card() -> None:
    """Lich Lord Terminus's Scything Claw (Critical Pitch, STR 9 + POW 5) against an Ironclad
    (50 mm, the same base): the throw is offered on critical hits only (window on_critical)."""
    data = attack_json("--attacker", "lich-lord-terminus", "--weapon", "Scything Claw", "--target", "ironclad",
                   "--edition", "mk2", "--focus", "3")
    assert data["attack_effects"]["critical_power_attacks"] == [
        {"power_attack": "throw", "source": "critical-pitch", "window": "on_critical", "always": False}]
    rows = [row for step in data["plan"] for row in step["by_boxes_left"]]
    assert any(row["smite_on_critical"] is not None for row in rows)
    assert all(row["smite_on_hit"] is None for row in rows)
