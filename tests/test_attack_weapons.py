"""Sequences that mix weapons: initial attacks per weapon, additional attacks with the best one.

The brute force here walks the sequence recursively with fractions, choosing the weapon of
every additional attack by trying each, from tests/brute_force.py's face-by-face tables;
the engine works on arrays over damage states with a dynamic programme."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.attack_support import library
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from wmdata.engine.attack import find_model
from wmdata.engine.damage_track import BoxTrack
from wmdata.engine.lattice import lattice_for
from wmdata.engine.loadout import LoadoutError, loadout
from wmdata.engine.playout import Player
from wmdata.engine.policy import BuyAttacks, NoSpending, Optimal
from wmdata.engine.raw import RawAttack, raw_setup
from wmdata.engine.ruleset import ResolvedRules, resolve_ruleset
from wmdata.engine.sequence import Circumstance, Sequence, resolve
from wmdata.engine.setup import AttackSetup

Weapon = tuple[int, int]
"""(MAT, POW) of a raw weapon; every weapon meets the same DEF and ARM."""


class TwoWeapons:
    """An attack source whose weapon, by name, is one of a few raw weapons (MkIV dice)."""

    def __init__(self, rules: ResolvedRules, weapons: dict[str, Weapon], defence: int, armour: int) -> None:
        self.rules, self.weapons, self.defence, self.armour = rules, weapons, defence, armour

    def __call__(self, circumstance: Circumstance, boost_attack: bool, boost_damage: bool) -> AttackSetup:
        skill, power = self.weapons[circumstance.weapon]
        states = ["charging"] if circumstance.charging else []
        boosts = ["attack"] * boost_attack + ["damage"] * boost_damage
        return raw_setup(RawAttack(skill, True, self.defence, power, self.armour), self.rules, states, boosts)


def _brute(weapons: list[Weapon], initial: tuple[int, ...], defence: int, armour: int, boxes: int, focus: int,
           charge: bool, spend: bool) -> Fraction:
    """The best kill chance (or, without ``spend``, the kill chance spending nothing): each
    initial attack with its weapon in order, then additional attacks with any weapon
    (seed 001 L949); a boost adds a die, a charge boosts the first damage roll (seed 000 L211-214)."""

    @cache
    def best(marked: int, done: int, spare: int) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if done >= len(initial):
            if not (spend and spare):
                return Fraction(0)
            return max(swing(marked, weapon, done, spare - 1) for weapon in range(len(weapons)))
        return swing(marked, initial[done], done, spare)

    @cache
    def swing(marked: int, weapon: int, done: int, spare: int) -> Fraction:
        skill, power = weapons[weapon]
        charging = charge and done == 0
        options = []
        for boost_attack in (False, True) if spend and spare else (False,):
            table = attack_table(3 if boost_attack else 2, 0, 0, defence - skill)
            after = spare - boost_attack
            value = table["miss"] * best(marked, done + 1, after)
            damage_options = []
            for boost_damage in (False, True) if spend and after and not charging else (False,):
                dice = 3 if boost_damage or charging else 2
                damage_options.append(sum((chance * best(min(boxes, marked + points), done + 1, after - boost_damage)
                                           for points, chance in damage_table(dice, 0, 0, power - armour).items()),
                                          Fraction(0)))
            options.append(value + (table["hit"] + table["critical"]) * max(damage_options))
        return max(options)

    return best(0, 0, focus)


def _sequence(weapons: list[Weapon], initial: tuple[int, ...], defence: int, armour: int, boxes: int, focus: int,
              charge: bool) -> Sequence:
    names = tuple(f"w{i}" for i in range(len(weapons)))
    source = TwoWeapons(resolve_ruleset(library(), "mk4"), dict(zip(names, weapons, strict=True)), defence, armour)
    return Sequence(BoxTrack(boxes), 0, len(initial), focus, source, charge=charge, weapons=names, initial=initial,
                    extra_weapons=tuple(range(len(names))))


@settings(max_examples=12, deadline=None)
@given(first=st.tuples(st.integers(4, 8), st.integers(10, 18)), second=st.tuples(st.integers(4, 8),
                                                                                  st.integers(8, 16)),
       defence=st.integers(10, 15), armour=st.integers(12, 18), boxes=st.integers(1, 8), focus=st.integers(0, 3),
       charge=st.booleans(), order=st.sampled_from([(0, 1), (1, 0), (0, 0, 1), (0,)]))
def test_mixed_weapon_sequences_match_brute_force(first: Weapon, second: Weapon, defence: int, armour: int,
                                                  boxes: int, focus: int, charge: bool,
                                                  order: tuple[int, ...]) -> None:
    weapons = [first, second]
    sequence = _sequence(weapons, order, defence, armour, boxes, focus, charge)
    plain = resolve(sequence, NoSpending())
    assert plain.p_destroyed == pytest.approx(float(_brute(weapons, order, defence, armour, boxes, focus, charge,
                                                           False)), abs=1e-9)
    optimal = resolve(sequence, Optimal(sequence))
    assert optimal.p_destroyed == pytest.approx(float(_brute(weapons, order, defence, armour, boxes, focus, charge,
                                                             True)), abs=1e-9)
    assert sum(optimal.damage.values()) == pytest.approx(1.0, abs=1e-9)


def test_additional_attacks_take_the_better_weapon() -> None:
    # A weak first weapon (POW 10) and a strong second one (POW 16) against ARM 14, 6 boxes:
    # buying attacks with the strong one must beat buying them with the weak one, and the
    # optimal policy buys them with it.
    weapons = [(6, 10), (6, 16)]
    sequence = _sequence(weapons, (0,), 12, 14, 6, 2, False)
    weak = resolve(sequence, BuyAttacks(0)).p_destroyed
    strong = resolve(sequence, BuyAttacks(1)).p_destroyed
    assert strong > weak
    optimal = Optimal(sequence)
    lattice = lattice_for(sequence.track)
    after_first = (0, 2, frozenset(), False, -1, (0, 0), (), None, -1)  # nothing bought yet, no chain attack
    assert set(optimal.buy_attack(lattice, after_first)[:6].tolist()) == {1}
    assert resolve(sequence, optimal).p_destroyed >= strong - 1e-12


def test_play_out_uses_the_weapons_of_the_plan() -> None:
    weapons = [(6, 10), (6, 16)]
    sequence = _sequence(weapons, (0, 1), 12, 14, 12, 2, True)
    lattice = lattice_for(sequence.track)
    optimal = Optimal(sequence)
    runs = Player(sequence, optimal, lattice).play(1, seed=2, log_first=True)
    events = [e for e in runs[0].events if e.startswith("attack")]
    assert events[0].startswith("attack 1 with w0 (charge)")
    assert events[1].startswith("attack 2 with w1")


def test_the_juggernaut_attacks_with_both_melee_weapons() -> None:
    # seed 001 L949: a model making melee attacks makes one initial attack with each of its
    # melee weapons, and each additional attack may use any of them.  The Juggernaut's card
    # (content/mk2/factions/khador/warjacks.yaml) carries an Ice Axe and an Open Fist.
    juggernaut = find_model(library(), "juggernaut", "mk2", "attacker").entry
    chosen = loadout(list(juggernaut.weapons), ["ice axe"])  # type: ignore[attr-defined]
    assert chosen.names == ("Ice Axe", "Open Fist")
    assert chosen.initial == (0, 1)
    assert chosen.extra == (0, 1)
    fist_first = loadout(list(juggernaut.weapons), ["Open Fist"])  # type: ignore[attr-defined]
    assert fist_first.names == ("Open Fist", "Ice Axe")
    assert loadout(list(juggernaut.weapons), ["Ice Axe"], 2).initial == (0, 0, 1)
    with pytest.raises(LoadoutError, match="given twice"):
        loadout(list(juggernaut.weapons), ["Ice Axe", "ice axe"])


def test_the_headline_command_names_both_weapons() -> None:
    result = run_cli("attack", "--attacker", "Juggernaut", "--weapon", "Ice Axe", "--target", "Ironclad",
                     "--edition", "mk2", "--charge", "--focus", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["weapons"] == ["Ice Axe", "Open Fist"]
    assert data["initial_attacks"] == ["Ice Axe", "Open Fist"]
    assert "Juggernaut (Ice Axe, Open Fist)" in data["title"]
    mixed = run_cli("attack", "--attacker", "Juggernaut", "--weapon", "Ice Axe", "--weapon", "Rocket",
                    "--target", "Ironclad", "--edition", "mk2")
    assert mixed.exit_code == 1 and "--weapon:" in mixed.output and "Traceback" not in mixed.output


def test_play_out_frequencies_agree_with_the_exact_mixed_sequence() -> None:
    # The play-out rolls real dice and picks each bought attack's weapon from the policy per
    # state; over many seeded runs its kill frequency must sit within 4 standard errors.
    sequence = _sequence([(6, 10), (7, 15)], (0, 1), 12, 13, 8, 2, True)
    lattice = lattice_for(sequence.track)
    optimal = Optimal(sequence)
    exact = resolve(sequence, optimal, lattice).p_destroyed
    runs = Player(sequence, optimal, lattice).play(4000, seed=11)
    seen = sum(1 for run in runs if run.state >= 8) / len(runs)  # type: ignore[operator]
    assert abs(seen - exact) <= 4 * (exact * (1 - exact) / len(runs)) ** 0.5 + 1e-9


def test_the_plan_says_why_by_boxes_left() -> None:
    # The plan's rows carry the kill chance with and without spending; the choice must follow
    # them, and at the first attack the better of the two is the kill chance the forward pass
    # of the sequence finds under the same policy.
    result = run_cli("attack", "--mat", "7", "--def", "13", "--pow", "18", "--arm", "18", "--boxes", "10",
                     "--attacks", "2", "--focus", "2", "--json")
    data = json.loads(result.output)
    first = data["plan"][0]
    assert first["attack"] == 1 and first["reach"] == pytest.approx(1.0)
    (row,) = first["by_boxes_left"]
    best = max(row["boost_attack"]["kill_if_spent"], row["boost_attack"]["kill_if_not"])
    assert best == pytest.approx(data["p_destroyed"], abs=1e-9)
    for step in data["plan"]:
        for row in step["by_boxes_left"]:
            for roll in ("boost_attack", "boost_damage_on_hit", "boost_damage_on_critical"):
                decision = row[roll]
                if decision is not None and decision["spend"]:
                    assert decision["kill_if_spent"] > decision["kill_if_not"]
    text = run_cli("attack", "--mat", "7", "--def", "13", "--pow", "18", "--arm", "18", "--boxes", "10",
                   "--attacks", "2", "--focus", "2").output
    assert ("boxes left (+" in text or "box left (+" in text) and "kill chance)" in text


def _brute_any_order(weapons: list[Weapon], counts: tuple[int, ...], defence: int, armour: int, boxes: int,
                     focus: int, charge: bool) -> Fraction:
    """The best kill chance when the attacker picks, before each initial attack, which weapon
    with initial attacks left makes it (the first one is the charge attack, with any melee
    weapon: seed 001 L845), trying every weapon at every step; then additional attacks with
    any weapon, boosts as in :func:`_brute`."""

    @cache
    def best(marked: int, remaining: tuple[int, ...], spare: int, first: bool) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if not any(remaining):
            return max((swing(marked, w, remaining, spare - 1, False) for w in range(len(weapons))),
                       default=Fraction(0)) if spare else Fraction(0)
        return max(swing(marked, w, tuple(c - (i == w) for i, c in enumerate(remaining)), spare, first and charge)
                   for w, count in enumerate(remaining) if count)

    @cache
    def swing(marked: int, weapon: int, remaining: tuple[int, ...], spare: int, charging: bool) -> Fraction:
        skill, power = weapons[weapon]
        options = []
        for boost_attack in (False, True) if spare else (False,):
            table = attack_table(3 if boost_attack else 2, 0, 0, defence - skill)
            after = spare - boost_attack
            value = table["miss"] * best(marked, remaining, after, False)
            damage_options = []
            for boost_damage in (False, True) if after and not charging else (False,):
                dice = 3 if boost_damage or charging else 2
                damage_options.append(sum((chance * best(min(boxes, marked + points), remaining, after - boost_damage,
                                                         False)
                                           for points, chance in damage_table(dice, 0, 0, power - armour).items()),
                                          Fraction(0)))
            options.append(value + (table["hit"] + table["critical"]) * max(damage_options))
        return max(options)

    return best(0, counts, focus, True)


@settings(max_examples=12, deadline=None)
@given(first=st.tuples(st.integers(4, 8), st.integers(10, 18)), second=st.tuples(st.integers(4, 8),
                                                                                  st.integers(8, 16)),
       defence=st.integers(10, 15), armour=st.integers(12, 18), boxes=st.integers(1, 8), focus=st.integers(0, 2),
       charge=st.booleans(), order=st.sampled_from([(0, 1), (0, 0, 1), (0, 1, 1)]))
def test_the_policy_orders_the_initial_attacks_as_the_brute_force_says(
        first: Weapon, second: Weapon, defence: int, armour: int, boxes: int, focus: int, charge: bool,
        order: tuple[int, ...]) -> None:
    weapons = [first, second]
    fixed = _sequence(weapons, order, defence, armour, boxes, focus, charge)
    chosen = replace(fixed, choose_order=True)
    counts = (order.count(0), order.count(1))
    expected = _brute_any_order(weapons, counts, defence, armour, boxes, focus, charge)
    optimal = Optimal(chosen)
    result = resolve(chosen, optimal)
    assert result.p_destroyed == pytest.approx(float(expected), abs=1e-9)
    assert sum(result.damage.values()) == pytest.approx(1.0, abs=1e-9)
    # the fixed policies keep the order given, as they do without the choice
    assert resolve(chosen, NoSpending()).p_destroyed == pytest.approx(resolve(fixed, NoSpending()).p_destroyed,
                                                                      abs=1e-12)
    runs = Player(chosen, optimal, lattice_for(chosen.track)).play(200, seed=3)
    assert all(run.spent <= focus for run in runs)


def test_the_charge_weapon_and_order_are_chosen_and_told() -> None:
    # Juggernaut charging an Ironclad with 3 focus (1 pays the charge, seed 001 L852): the policy
    # may open with the Ice Axe or the Open Fist; its kill chance is at least that of either
    # order given with --in-order, and it says which weapon goes first and why.
    base = ("--attacker", "juggernaut", "--target", "ironclad", "--charge", "--focus", "3")
    data = json.loads(run_cli("attack", *base, "--weapon", "Ice Axe", "--json").output)
    axe_first = json.loads(run_cli("attack", *base, "--weapon", "Ice Axe", "--weapon", "Open Fist", "--in-order",
                                   "--json").output)
    fist_first = json.loads(run_cli("attack", *base, "--weapon", "Open Fist", "--weapon", "Ice Axe", "--in-order",
                                    "--json").output)
    assert data["initial_order"]["chosen_by_policy"] is True
    assert axe_first["initial_order"] == {"chosen_by_policy": False}
    kills = data["initial_order"]["kill_if_first"]
    assert kills == {"Ice Axe": pytest.approx(axe_first["p_destroyed"], abs=1e-9),
                     "Open Fist": pytest.approx(fist_first["p_destroyed"], abs=1e-9)}
    assert data["p_destroyed"] == pytest.approx(max(axe_first["p_destroyed"], fist_first["p_destroyed"]), abs=1e-9)
    assert data["plan"][0]["weapon"] == next(iter(kills))
    text = run_cli("attack", *base, "--weapon", "Ice Axe").output
    assert f"order:        {next(iter(kills))} first (charge, kill chance" in text
