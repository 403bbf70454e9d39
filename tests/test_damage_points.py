"""Damage points held between a floor and a cap (effect kind ``damage_points``), from MkII card
data (content/mk2/rules; unconfirmed wording): Anatomical Precision (a living model hit in melee
takes at least 1), Ancient Shroud (a roll that beats its ARM deals it 1) and Affliction (a direct
hit's roll deals the cursed model at least 1).  Numbers by hand from the cards: a hit with 2d6 +
MAT against DEF, then 2d6 + P+S - ARM points."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from pydantic import TypeAdapter, ValidationError

from tests.conftest import run_cli
from wmdata.model.effects import Effect

TWO_DICE = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}


def _attack(*args: str) -> Any:
    result = run_cli("attack", "--json", "--edition", "mk2", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _assert_distribution(data: Any, expected: dict[int, Fraction]) -> None:
    got = {int(points): p for points, p in data["damage_distribution"].items()}
    assert set(got) == set(expected)
    for points, chance in expected.items():
        assert abs(got[points] - float(chance)) < 1e-12, points


def test_anatomical_precision_against_a_living_model() -> None:
    """Captain Maxwell Finn's Trench Knife (MAT 8, P+S 9) against Vladimir (DEF 15, ARM 16, living):
    a hit on 7 or more (21/36) deals 2d6 - 7 points, at least 1."""
    data = _attack("--attacker", "captain-maxwell-finn", "--weapon", "Trench Knife", "--target",
                   "vladimir-tzepesci-the-dark-champion")
    hit = Fraction(21, 36)
    expected = {0: 1 - hit}
    for total, chance in TWO_DICE.items():
        points = max(1, total - 7)
        expected[points] = expected.get(points, Fraction(0)) + hit * chance
    _assert_distribution(data, expected)
    assert "at least 1 point(s) (anatomical-precision)" in data["first_damage"]


def test_anatomical_precision_spares_a_warjack() -> None:
    """The Ironclad (DEF 12, ARM 18) is not living: MAT 8 hits on 4 or more (33/36), and 2d6 + 9 - 18
    deals nothing below a 10 (6/36 of the rolls deal some)."""
    data = _attack("--attacker", "captain-maxwell-finn", "--weapon", "Trench Knife", "--target", "ironclad")
    assert "anatomical-precision" not in data["first_damage"]
    assert abs(data["damage_distribution"]["0"] - float(1 - Fraction(33, 36) * Fraction(6, 36))) < 1e-12


def test_ancient_shroud_caps_each_roll_at_one() -> None:
    """The Redeemer's Battle Mace (MAT 6, P+S 13) against the Covenant of Menoth (DEF 12, ARM 12, 5
    boxes): every hit (6 or more, 26/36) would deal 2d6 + 1 points and deals 1."""
    data = _attack("--attacker", "redeemer", "--weapon", "Battle Mace", "--target", "the-covenant-of-menoth",
                   "--simulate", "2000", "--seed", "3")
    _assert_distribution(data, {0: Fraction(10, 36), 1: Fraction(26, 36)})
    hit, runs = 26 / 36, data["simulation"]["runs"]
    assert abs(data["simulation"]["mean_damage"] - hit) < 4 * (hit * (1 - hit) / runs) ** 0.5  # the play-out too


def test_affliction_on_direct_hits_only() -> None:
    """Affliction named on the Ironclad (DEF 12, ARM 18): the Battle Mace hits on 6 or more (26/36)
    and 2d6 + 13 - 18 deals at least 1; the Skyhammer's blast (2d6 + 6, half of POW 12) is not a
    direct hit and still deals nothing."""
    data = _attack("--attacker", "redeemer", "--weapon", "Battle Mace", "--target", "ironclad", "--target-effect",
                   "affliction")
    hit = Fraction(26, 36)
    expected = {0: 1 - hit}
    for total, chance in TWO_DICE.items():
        points = max(1, total - 5)
        expected[points] = expected.get(points, Fraction(0)) + hit * chance
    _assert_distribution(data, expected)
    blast = _attack("--attacker", "redeemer", "--weapon", "Skyhammer", "--target", "ironclad", "--blast",
                    "--target-effect", "affliction")
    assert blast["damage_distribution"] == {"0": 1.0}


def test_bad_bounds_are_content_errors() -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(Effect)
    for bad, message in (({"kind": "damage_points"}, "give at_least or at_most"),
                         ({"kind": "damage_points", "at_least": 3, "at_most": 1}, "at_least 3 is more than at_most 1")):
        try:
            adapter.validate_python(bad)
        except ValidationError as error:
            assert message in str(error)
        else:
            raise AssertionError(f"{bad} was accepted")
