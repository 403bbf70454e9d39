"""An independent brute-force enumerator of attack and damage rolls, for the tests.

Written apart from ``wmdata.engine.dice``: it walks every ordered combination of faces
(``itertools.product``) instead of multisets, and applies the dice rules as the seeds
state them, so that a mistake in the engine's bookkeeping shows up as a difference.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product


def _kept(faces: tuple[int, ...], drop_lowest: int, drop_highest: int) -> list[int]:
    ordered = sorted(faces)
    keep = len(ordered) - drop_lowest - drop_highest
    return ordered[drop_lowest:drop_lowest + keep] if keep > 0 else []


def judge(faces: tuple[int, ...], drop_lowest: int, drop_highest: int, needed: int, *, all_ones_miss: bool = True,
          all_sixes_hit: bool = True, empty_pool_misses: bool = True) -> str:
    """The result of one rolled attack: seed 000 L2172 (critical: a hit with two dice
    alike), seed 001 L1937 (all 1s miss; all 6s hit unless one die)."""
    dice = _kept(faces, drop_lowest, drop_highest)
    if not dice:
        hit = not empty_pool_misses and needed <= 0
    elif all_ones_miss and set(dice) == {1}:
        hit = False
    elif all_sixes_hit and len(dice) >= 2 and set(dice) == {6}:
        hit = True
    else:
        hit = sum(dice) >= needed
    if not hit:
        return "miss"
    return "critical" if any(dice.count(d) >= 2 for d in dice) else "hit"


def attack_table(dice: int, drop_lowest: int, drop_highest: int, needed: int, reroll: bool = False,
                 **rules: bool) -> dict[str, Fraction]:
    """Chances of miss/hit/critical over every ordered roll (and, with ``reroll``, every
    ordered pair of rolls, the second one used only when the first missed)."""
    table = {"miss": Fraction(0), "hit": Fraction(0), "critical": Fraction(0)}
    rolls = list(product(range(1, 7), repeat=dice))
    weight = Fraction(1, len(rolls))
    for first in rolls:
        result = judge(first, drop_lowest, drop_highest, needed, **rules)
        if result == "miss" and reroll:
            for second in rolls:
                table[judge(second, drop_lowest, drop_highest, needed, **rules)] += weight * weight
        else:
            table[result] += weight
    return table


def damage_table(dice: int, drop_lowest: int, drop_highest: int, offset: int) -> dict[int, Fraction]:
    table: dict[int, Fraction] = {}
    rolls = list(product(range(1, 7), repeat=dice))
    for faces in rolls:
        points = max(0, sum(_kept(faces, drop_lowest, drop_highest)) + offset)
        table[points] = table.get(points, Fraction(0)) + Fraction(1, len(rolls))
    return table
