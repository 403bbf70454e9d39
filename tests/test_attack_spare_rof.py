"""Weapons with ROF to spare are tracked, not refused (issue 11).

MkII: each ranged weapon makes one initial attack, and focus buys additional attacks with
any of them while it has made fewer than its ROF (seed 001 L911, L1173, L1197): with several
such weapons each keeps its own count.  MkIII and MkIV: a rolled ROF (d3, d3+1) is rolled
before the attacks and gives the weapon's initial attacks (seed 003 L907, seed 000 L905-909),
so the number rolled is asked for.  The expected values come from a face-by-face recursion
written here over tests/brute_force.py's tables, not from the engine."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from tests.packs_support import make_pack
from wmdata.engine.attack_source import RawAttacks
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.loadout import RolledRofError, TooManyAttacksError, loadout, rolled_range
from wmdata.engine.playout import Player
from wmdata.engine.policy import BuyAttacks, Optimal
from wmdata.engine.raw import RawAttack
from wmdata.engine.ruleset import resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup
from wmdata.model.weapons import Weapon

Gun = tuple[int, int, int]
"""RAT, POW and ROF of a raw ranged weapon."""


def _sequence(guns: list[Gun], defence: int, armour: int, boxes: int, focus: int) -> Sequence:
    """A MkII sequence with these guns (named A, B, ...), each one initial attack, its ROF capping it."""
    rules = resolve_ruleset(library(), "mk2")
    names = [chr(ord("A") + index) for index in range(len(guns))]
    weapons = [Weapon(name=name, type="ranged", rng=10, rof=rof, pow=power) for name, (_, power, rof) in
               zip(names, guns, strict=True)]
    chosen = loadout(weapons, names, None, rules.ranged_initial_attacks)
    sources = {name: RawAttacks(RawAttack(rat, False, defence, power, armour), rules)
               for name, (rat, power, _) in zip(names, guns, strict=True)}

    def source(circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        return sources[circumstance.weapon](circumstance, boost_attack, boost_damage)

    return Sequence(BoxTrack(boxes), 0, len(chosen.initial), focus, source, weapons=chosen.names,
                    initial=chosen.initial, extra_weapons=chosen.extra, rooms=chosen.rooms)


def _brute(guns: list[Gun], defence: int, armour: int, boxes: int, focus: int) -> Fraction:
    """The best kill chance: one initial attack per gun in order, then one attack per focus
    with any gun that has made fewer than its ROF; 1 focus boosts a roll by a die (seed 001
    L1745-1747)."""

    @cache
    def best(marked: int, made: tuple[int, ...], spare: int, next_initial: int) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if next_initial < len(guns):
            return swing(marked, made, spare, next_initial, next_initial + 1)
        options = [Fraction(0)]
        if spare:
            options += [swing(marked, made, spare - 1, gun, len(guns)) for gun in range(len(guns))
                        if made[gun] < guns[gun][2]]
        return max(options)

    @cache
    def swing(marked: int, made: tuple[int, ...], spare: int, gun: int, following: int) -> Fraction:
        rat, power, _ = guns[gun]
        after_made = tuple(count + (index == gun) for index, count in enumerate(made))
        options = []
        for boost_attack in (False, True) if spare else (False,):
            table = attack_table(3 if boost_attack else 2, 0, 0, defence - rat)
            after = spare - boost_attack
            damage_options = [sum((chance * best(min(boxes, marked + points), after_made, after - boost_damage,
                                                 following)
                                   for points, chance in damage_table(3 if boost_damage else 2, 0, 0,
                                                                      power - armour).items()), Fraction(0))
                              for boost_damage in ((False, True) if after else (False,))]
            options.append(table["miss"] * best(marked, after_made, after, following)
                           + (table["hit"] + table["critical"]) * max(damage_options))
        return max(options)

    return best(0, (0,) * len(guns), focus, 0)


gun = st.tuples(st.integers(3, 8), st.integers(10, 16), st.integers(1, 3))


@settings(max_examples=12, deadline=None)
@given(guns=st.lists(gun, min_size=2, max_size=2), defence=st.integers(10, 15), armour=st.integers(12, 16),
       boxes=st.integers(1, 5), focus=st.integers(0, 4))
def test_two_guns_with_rof_to_spare_keep_their_own_counts(guns: list[Gun], defence: int, armour: int, boxes: int,
                                                          focus: int) -> None:
    sequence = _sequence(guns, defence, armour, boxes, focus)
    optimal = resolve(sequence, Optimal(sequence))
    assert optimal.p_destroyed == pytest.approx(float(_brute(guns, defence, armour, boxes, focus)), abs=1e-9)


def test_the_rooms_are_what_each_rof_leaves() -> None:
    # seed 001 L1173: one initial attack each; ROF 2 leaves one more, ROF 3 two more, ROF 1 none.
    guns = [Weapon(name=n, type="ranged", rng=10, rof=r, pow=10) for n, r in (("A", 2), ("B", 3), ("C", 1))]
    chosen = loadout(guns, ["A", "B", "C"], None, "one")
    assert (chosen.initial, chosen.extra, chosen.rooms, chosen.unplannable) == ((0, 1, 2), (0, 1), (1, 2, 0), None)


def test_buying_with_the_first_gun_moves_on_when_its_rof_is_spent() -> None:
    # ROF 2 and ROF 3: 1 + 2 bought attacks at most, whatever focus is left (seed 001 L1197).
    sequence = _sequence([(6, 12, 2), (6, 12, 3)], 12, 14, 60, 5)
    assert resolve(sequence, BuyAttacks(0)).spent == {3: pytest.approx(1.0)}
    runs = Player(sequence, BuyAttacks(0), lattice_for(sequence.track)).play(20, 7, log_first=True)
    attacks = [event for event in runs[0].events if event.startswith("attack ")]
    assert sum(" with A" in event for event in attacks) == 2 and sum(" with B" in event for event in attacks) == 3


def test_a_rolled_rof_asks_for_the_number_rolled() -> None:
    # seed 003 L907: the Blitzer rolls a d3 for its Slugger, then makes up to that many attacks.
    assert rolled_range("d3") == (1, 3) and rolled_range("d3+1") == (2, 4) and rolled_range("*") is None
    slugger = Weapon(name="Slugger", type="ranged", rng=12, rof="d3", pow=13)
    with pytest.raises(RolledRofError, match="seed 003 L907"):
        loadout([slugger], ["Slugger"], None, "rof")
    assert loadout([slugger], ["Slugger"], 2, "rof").initial == (0, 0)
    with pytest.raises(TooManyAttacksError, match="gives 1-3"):
        loadout([slugger], ["Slugger"], 4, "rof")
    rifle = Weapon(name="Rifle", type="ranged", rng=10, rof=1, pow=10)
    with pytest.raises(RolledRofError, match="give it first"):
        loadout([rifle, slugger], ["Rifle", "Slugger"], 1, "rof")


def test_the_blitzer_fires_the_number_rolled() -> None:
    blitzer = ("--attacker", "dire-troll-blitzer", "--weapon", "Slugger", "--target", "cyclops-savage")
    refused = run_cli("attack", *blitzer)
    assert refused.exit_code == 1 and "ROF d3" in refused.output and "--attacks" in refused.output
    assert "Traceback" not in refused.output
    result = run_cli("attack", *blitzer, "--attacks", "3", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["initial_attacks"] == ["Slugger"] * 3
    assert run_cli("attack", *blitzer, "--attacks", "4").exit_code == 2
    # seed 000 L905-909: the Tyrant's Quad Bolt Thrower has ROF d3+1, so at least 2 attacks.
    tyrant = run_cli("attack", "--attacker", "tyrant", "--weapon", "Quad Bolt Thrower", "--target", "stryker",
                     "--attacks", "1")
    assert tyrant.exit_code == 2 and "gives 2-4" in tyrant.output


def test_a_mkii_rolled_rof_caps_the_attacks_at_the_number_rolled() -> None:
    # Seed 001 caps a ranged weapon's attacks in an activation at its ROF (L338, L1197) but does
    # not say when a ROF such as d3 is rolled; the ruleset takes it as rolled before the first
    # attack (marked unconfirmed), so the number rolled behaves as a fixed ROF of that number.
    rules = resolve_ruleset(library(), "mk2")
    assert rules.rolled_rof.unconfirmed and "seed 001" in rules.rolled_rof.source
    assert not resolve_ruleset(library(), "mk3").rolled_rof.unconfirmed
    rolled = Weapon(name="Gun", type="ranged", rng=10, rof="d3", pow=12)
    for roll in (1, 2, 3):
        fixed = Weapon(name="Gun", type="ranged", rng=10, rof=roll, pow=12)
        assert loadout([rolled], ["Gun"], roll, "one") == loadout([fixed], ["Gun"], None, "one")
    with pytest.raises(TooManyAttacksError, match="gives 1-3"):
        loadout([rolled], ["Gun"], 4, "one")
    # Not given: one initial attack, and additional attacks cannot be planned.
    unplanned = loadout([rolled], ["Gun"], None, "one")
    assert unplanned.initial == (0,) and unplanned.extra == () and "--attacks" in str(unplanned.unplannable)


MKII_GUNNERS = """\
edition: mk2
kind: models
faction: cygnar
entries:
""" + "".join(f"""\
  - id: gunner-{name}
    name: Gunner {name}
    type: warjack
    weight: heavy
    fa: U
    cost: 7
    stats: {{SPD: 5, STR: 11, MAT: 7, RAT: 6, DEF: 12, ARM: 18}}
    base: 50
    weapons:
      - {{name: Gun, type: ranged, rng: 10, rof: {rof}, pow: 14, location: R}}
    damage: {{type: grid, rows: ["--..--", "......", "......", ".L..R.", "LLMCRR", "-MMCC-"]}}
    source: own work (test)
""" for name, rof in (("d3", "d3"), ("2", 2)))


def test_the_command_takes_the_mkii_roll_and_says_it_is_unconfirmed(tmp_path: Path) -> None:
    source = tmp_path / "gunners.yaml"
    source.write_text(MKII_GUNNERS, encoding="utf-8")
    pack = str(make_pack(tmp_path / "pack", [source], "mk2"))

    def attack(attacker: str, *args: str) -> Result:
        return run_cli("attack", "--attacker", attacker, "--weapon", "Gun", "--target", "ironclad", "--content",
                       pack, "--focus", "2", *args)

    rolled, fixed = attack("gunner-d3", "--attacks", "2", "--json"), attack("gunner-2", "--json")
    assert rolled.exit_code == 0 and fixed.exit_code == 0, rolled.output + fixed.output
    rolled_data, fixed_data = json.loads(rolled.output), json.loads(fixed.output)
    assert rolled_data["p_destroyed"] == fixed_data["p_destroyed"] and rolled_data["initial_attacks"] == ["Gun"]
    assert rolled_data["spent_distribution"] == fixed_data["spent_distribution"]
    text = attack("gunner-d3", "--attacks", "2").output
    assert "Gun's ROF d3 is taken as rolled before its first attack, unconfirmed" in text
    refused = attack("gunner-d3")
    assert refused.exit_code == 1 and "--attacks" in refused.output and "Traceback" not in refused.output
    assert attack("gunner-d3", "--attacks", "4").exit_code == 2
    # Without focus nothing is bought, so the roll is not needed.
    assert run_cli("attack", "--attacker", "gunner-d3", "--weapon", "Gun", "--target", "ironclad", "--content",
                   pack).exit_code == 0
