"""A rule a weapon carries acts only on attacks with that weapon, also when it waits to be
named (``--effect``): Reznik's Purgation is on his Confessor, not on his spells; the Deck
Gunner's Range Finder is on the Deck Gun, not on its Hand Weapon.  In a sequence with two
weapons the named rule's extra dice go with its weapon's attacks only (brute force below);
a rule the data says reaches beyond the weapon (Witch Mark's automatic hits for the spells,
tests/test_rules_coverage_reasons.py) still does."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from tests.attack_support import explain_json, roll_of
from tests.brute_force import attack_table, damage_table
from tests.conftest import run_cli
from tests.packs_support import make_pack


def _dice(answer: dict[str, object], roll: str) -> int:
    dice = roll_of(answer, roll)["dice"]
    assert isinstance(dice, int)
    return dice


def test_a_named_weapon_rule_stays_on_its_weapon() -> None:
    # Purgation (content/mk2/rules/menoth-rules.yaml) is an ability of Reznik's Confessor
    # (content/mk2/factions/protectorate-of-menoth/warcasters.yaml): named, it adds a die to
    # the Confessor's attack and damage rolls and nothing to a spell he casts.
    common = ("--attacker", "reznik", "--target", "ironclad", "--edition", "mk2", "--effect", "purgation")
    confessor = explain_json(*common, "--weapon", "Confessor")
    assert (_dice(confessor, "attack_roll"), _dice(confessor, "damage_roll")) == (3, 3)
    spell = explain_json(*common, "--weapon", "Hex Blast")
    assert (_dice(spell, "attack_roll"), _dice(spell, "damage_roll")) == (2, 2)


def _p_hit(*args: str) -> float:
    result = run_cli("attack", "--attacker", "sea-dog-deck-gun", "--target", "ironclad", "--edition", "mk2",
                     "--json", *args)
    assert result.exit_code == 0, result.output
    value = json.loads(result.output)["p_hit"]
    assert isinstance(value, float)
    return value


def test_a_named_weapon_rule_stays_off_the_other_weapon_of_a_sequence() -> None:
    # The Deck Gunner's Range Finder (+2 to hit, content/mk2/rules/mercenary-rules.yaml) is on
    # its Deck Gun (content/mk2/factions/mercenary/units.yaml); its Hand Weapon gains nothing.
    assert _p_hit("--weapon", "Deck Gun", "--effect", "range-finder") > _p_hit("--weapon", "Deck Gun")
    assert _p_hit("--weapon", "Hand Weapon", "--effect", "range-finder") == _p_hit("--weapon", "Hand Weapon")


PACK_MODELS = """\
edition: mk2
kind: models
faction: mercenary
entries:
  - id: scope-test-duellist
    name: Scope Test Duellist
    type: solo
    fa: C
    cost: 2
    stats: {SPD: 6, STR: 6, MAT: 6, RAT: 4, DEF: 13, ARM: 14, CMD: 8}
    base: 30
    weapons:
      - name: Axe
        type: melee
        pow: 5
        abilities: [purgation]
      - name: Fist
        type: melee
        pow: 2
    damage: {type: boxes, boxes: 5}
    source: own work (test)
  - id: scope-test-post
    name: Scope Test Post
    type: solo
    fa: C
    cost: 2
    stats: {SPD: 5, STR: 5, MAT: 5, RAT: 5, DEF: 12, ARM: 14, CMD: 8}
    base: 30
    damage: {type: boxes, boxes: BOXES}
    source: own work (test)
"""


def _pack(folder: Path, boxes: int) -> Path:
    models = folder / "models.yaml"
    models.write_text(PACK_MODELS.replace("BOXES", str(boxes)), encoding="utf-8")
    return make_pack(folder / "pack", [models], "mk2")


def _brute(boxes: int, focus: int, named: bool) -> Fraction:
    """The best kill chance of the duellist's Axe (P+S 11, MAT 6) then Fist (P+S 8) against
    DEF 12 / ARM 14, focus boosting rolls (a die each) and buying attacks with either
    weapon; a named Purgation adds a die to the Axe's attack and damage rolls only.  MkII
    dice rules: all 1s miss, all 6s hit (seed 001 L1937); plain recursion with fractions."""
    weapons = [(6, 11, 1 if named else 0), (6, 8, 0)]

    @cache
    def best(marked: int, done: int, spare: int) -> Fraction:
        if marked >= boxes:
            return Fraction(1)
        if done < 2:
            return swing(marked, done, done, spare)
        if not spare:
            return Fraction(0)
        return max(swing(marked, weapon, done, spare - 1) for weapon in (0, 1))

    @cache
    def swing(marked: int, weapon: int, done: int, spare: int) -> Fraction:
        skill, power, extra = weapons[weapon]
        options = []
        for boost_attack in (False, True) if spare else (False,):
            table = attack_table(2 + extra + boost_attack, 0, 0, 12 - skill)
            after = spare - boost_attack
            damage_options = []
            for boost_damage in (False, True) if after else (False,):
                damage_options.append(sum((chance * best(min(boxes, marked + points), done + 1, after - boost_damage)
                                           for points, chance in damage_table(2 + extra + boost_damage, 0, 0,
                                                                              power - 14).items()), Fraction(0)))
            options.append(table["miss"] * best(marked, done + 1, after)
                           + (table["hit"] + table["critical"]) * max(damage_options))
        return max(options)

    return best(0, 0, focus)


@pytest.mark.parametrize(("boxes", "focus"), [(5, 0), (8, 2), (6, 3)])
def test_a_sequence_gives_the_named_rule_to_its_weapon_only(tmp_path: Path, boxes: int, focus: int) -> None:
    pack = _pack(tmp_path, boxes)
    found = {}
    for named in (False, True):
        result = run_cli("attack", "--content", str(pack), "--attacker", "scope-test-duellist", "--weapon", "Axe",
                         "--target", "scope-test-post", "--edition", "mk2", "--focus", str(focus), "--in-order",
                         "--json", *(["--effect", "purgation"] if named else []))
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["weapons"] == ["Axe", "Fist"]
        found[named] = data["p_destroyed"]
        assert data["p_destroyed"] == pytest.approx(float(_brute(boxes, focus, named)), abs=1e-9)
    assert found[True] > found[False]


PACK_WARJACK = """\
edition: mk2
kind: models
faction: khador
entries:
  - id: scope-test-jack
    name: Scope Test Jack
    type: warjack
    weight: heavy
    fa: U
    cost: 7
    stats: {SPD: 4, STR: 12, MAT: 6, RAT: 4, DEF: 10, ARM: 20}
    base: 50
    weapons:
      - name: Axe
        type: melee
        pow: 7
        location: R
        abilities: [purgation]
      - name: Fist
        type: melee
        pow: 3
        location: L
    damage:
      type: grid
      rows: ["......", "......", "......", ".L..R.", "LLMCRR", "-MMCC-"]
    source: own work (test)
"""


def test_a_named_rule_on_a_crippled_weapon_keeps_the_crippled_die(tmp_path: Path) -> None:
    # The Axe in the right arm carries Purgation (+1 attack die when named).  A crippled right
    # arm takes a die from the Axe's attack rolls (seed 001 L1480), so the named Axe then rolls
    # as many dice as the plain one: the same chance to hit.  A crippled left arm (the Fist)
    # changes nothing for the Axe.
    models = tmp_path / "jack.yaml"
    models.write_text(PACK_WARJACK, encoding="utf-8")
    pack = make_pack(tmp_path / "pack", [models], "mk2")

    def p_hit(*args: str) -> float:
        result = run_cli("attack", "--content", str(pack), "--attacker", "scope-test-jack", "--weapon", "Axe",
                         "--target", "ironclad", "--edition", "mk2", "--in-order", "--json", *args)
        assert result.exit_code == 0, result.output
        value = json.loads(result.output)["p_hit"]
        assert isinstance(value, float)
        return value

    plain, named = p_hit(), p_hit("--effect", "purgation")
    assert named > plain
    assert p_hit("--effect", "purgation", "--attacker-crippled", "R") == pytest.approx(plain, abs=1e-12)
    assert p_hit("--effect", "purgation", "--attacker-crippled", "L") == pytest.approx(named, abs=1e-12)
