"""A hit may deal a fixed number of points instead of the damage roll (``damage_points`` with
``instead_of_roll``: MkII Sniper and Penetrating Strike, MkIII Penetrating Strike).

The attacker chooses on the hit, so the optimal policy takes the points where they destroy the
target more often than the roll; the fixed policies roll.  Checked by hand from the cards,
against the independent brute force (``tests/brute_force.py``), and by the seeded play-out."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import best_with_points_instead
from tests.conftest import run_cli
from wmdata.engine.attack import AttackRequest, rules_for
from wmdata.engine.attack_source import ContentAttacks, RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.playout import Player
from wmdata.engine.policy import NoSpending, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup


def _one_point(raw: RawAttack, boxes: int, attacks: int, focus: int) -> Sequence:
    """Raw mk2 attacks whose hits may deal 1 point instead of the damage roll."""
    base = RawAttacks(raw, resolve_ruleset(library(), "mk2"))

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return replace(base(circumstance, boost_attack, boost_damage), smite="points", smite_on_hit=True,
                       smite_points=1, smite_source="penetrating-strike (test)")

    return Sequence(BoxTrack(boxes), 0, attacks, focus, source)


@settings(max_examples=12, deadline=None)
@given(skill=st.integers(4, 8), defence=st.integers(11, 16), power=st.integers(8, 14), armour=st.integers(12, 20),
       boxes=st.integers(1, 6), attacks=st.integers(1, 3), focus=st.integers(0, 2))
def test_against_brute_force(skill: int, defence: int, power: int, armour: int, boxes: int, attacks: int,
                             focus: int) -> None:
    sequence = _one_point(RawAttack(skill, True, defence, power, armour), boxes, attacks, focus)
    best = best_with_points_instead(skill, defence, power, armour, boxes, attacks, focus, 1)
    assert resolve(sequence, Optimal(sequence)).p_destroyed == pytest.approx(float(best), abs=1e-9)


def test_play_out_agrees() -> None:
    sequence = _one_point(RawAttack(6, True, 13, 12, 18), 3, 3, 1)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal).p_destroyed
    assert exact > resolve(sequence, NoSpending()).p_destroyed + 0.2  # the points matter here
    runs = Player(sequence, optimal, lattice_for(sequence.track)).play(4000, 3)
    share = sum(1 for run in runs if sequence.track.marked(run.state) >= sequence.track.capacity) / len(runs)
    assert abs(share - exact) < 4 * (exact * (1 - exact) / len(runs)) ** 0.5 + 1e-9


def test_play_out_logs_the_point() -> None:
    # 2d6 + 8 against DEF 12 hits on 4+; 2d6 + 10 - ARM 22 never damages, so a hit takes the (last) point
    sequence = _one_point(RawAttack(8, True, 12, 10, 22), 1, 2, 0)
    run = Player(sequence, Optimal(sequence), lattice_for(sequence.track)).play(1, 2, log_first=True)[0]
    assert "  deals 1 damage point instead of the damage roll (penetrating-strike (test)) -> 1 point" in run.events
    assert not any("damage:" in event for event in run.events)


def test_sword_knights_finish_an_ironclad_by_hand() -> None:
    # MkII Ironclad with one box left (content/mk2/factions/cygnar/models.yaml grid: columns of
    # 4, 5, 6, 6, 5, 4 boxes): Movement is crippled, so its DEF is 7 (content/mk2/rulesets) and
    # the Sword Knight's 2d6 + MAT 6 needs 1: it hits unless both dice are 1s, 35/36.  Taking 1
    # point on the hit destroys it: 35/36.  Rolling, 2d6 + P+S 10 must beat ARM 18: 2d6 >= 9,
    # 10/36, so 35/36 * 10/36 = 350/1296.  On the hit the point adds 1 - 10/36 = 26/36 = 72.2%.
    args = ["attack", "--attacker", "sword-knights", "--weapon", "Battle Blade", "--target", "ironclad",
            "--marked", "4,5,6,6,5,3"]
    best = run_cli(*args, "--json")
    assert best.exit_code == 0, best.output
    assert json.loads(best.output)["p_destroyed"] == pytest.approx(35 / 36, abs=1e-12)
    rolled = json.loads(run_cli(*args, "--policy", "none", "--json").output)
    assert rolled["p_destroyed"] == pytest.approx(350 / 1296, abs=1e-12)
    text = run_cli(*args).output
    assert "deal 1 damage point instead of the damage roll if it hits (+72.2% kill chance)" in text
    assert "moved:" not in text  # the points move nothing


def _setup(edition: str, attacker: str, weapon: str, target: str) -> AttackSetup:
    registry = library()
    rules = rules_for(registry, edition, None, [])
    return ContentAttacks(registry, AttackRequest(attacker, weapon, target, edition), rules)(
        Circumstance(weapon=weapon), False, False)


def test_the_cards_offer_the_point_where_their_rules_say() -> None:
    # Penetrating Strike: a warjack or warbeast hit in melee (content/mk2/rules/cygnar-rules.yaml,
    # content/mk3/rules/vocabulary.yaml); Sniper: any ranged hit, and the column against a warjack
    # (content/mk2/rules/vocabulary.yaml).
    assert _setup("mk2", "sword-knights", "Battle Blade", "ironclad").smite_points == 1
    assert _setup("mk2", "sword-knights", "Battle Blade", "stormblade-infantry").smite_points is None
    sniper = _setup("mk2", "kell-bailoch", "Silence", "ironclad")
    assert (sniper.smite_points, sniper.picks_column) == (1, "sniper")
    sniper_on_troops = _setup("mk2", "kell-bailoch", "Silence", "stormblade-infantry")
    assert (sniper_on_troops.smite_points, sniper_on_troops.picks_column) == (1, "")
    praetorians = _setup("mk3", "praetorian-swordsmen", "Sword", "gorax-rager")
    assert praetorians.smite_points == 1
    assert praetorians.extra == ()  # no longer an extra point on top of the roll
