"""Exact distributions of one attack roll or one damage roll.

A roll is a number of d6 (base dice, a boost, additional dice, minus removed dice),
some of which may be dropped (lowest or highest) after rolling.  Every multiset of
faces is enumerated once with its multinomial weight, so the odds are exact
fractions; the hit, critical and automatic rules come from the ruleset's dice rules,
never from special cases here.

Choices where the seeds leave room (docs/attack.md lists them): the all-1s, all-6s
and critical tests look at the dice that count (after dropping).  These are the odds of
one roll: whether a roll a rule lets the player reroll is rerolled is a decision, taken
by the policy of a sequence (:mod:`wmdata.engine.sequence`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from wmdata.model.organisation import DiceRules

FACES = range(1, 7)
RESULTS = ("miss", "hit", "critical")
"""The results of an attack roll, in the order a policy's rerolls are asked for."""


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice of one roll: how many are rolled and how many are dropped."""

    dice: int
    drop_lowest: int = 0
    drop_highest: int = 0
    reroll: bool = False
    """A rule lets the player reroll this roll once (the policy decides whether to)."""
    misses_only: bool = False
    """Only a missed (attack) roll may be rerolled."""

    @property
    def kept(self) -> int:
        return max(0, self.dice - self.drop_lowest - self.drop_highest)

    def kept_dice(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """The faces that count, from the rolled ``faces``."""
        ordered = sorted(faces)
        return tuple(ordered[self.drop_lowest:len(ordered) - self.drop_highest]) if self.kept else ()


@dataclass(frozen=True, slots=True)
class Face:
    """What matters about the dice that count: their total, and the patterns the dice rules test."""

    total: int
    all_ones: bool
    all_sixes: bool
    pair: bool
    count: int


def describe_face(kept: tuple[int, ...]) -> Face:
    return Face(total=sum(kept), all_ones=bool(kept) and all(d == 1 for d in kept),
                all_sixes=bool(kept) and all(d == 6 for d in kept), pair=len(set(kept)) < len(kept),
                count=len(kept))


@cache
def faces(dice: int, drop_lowest: int = 0, drop_highest: int = 0) -> tuple[tuple[Face, Fraction], ...]:
    """Every distinct :class:`Face` of ``dice`` d6 with its exact probability."""
    roll = Roll(dice, drop_lowest, drop_highest)
    weights: dict[Face, Fraction] = {}
    total = Fraction(1, 6 ** dice)
    for multiset in combinations_with_replacement(FACES, dice):
        ways = factorial(dice)
        for face in FACES:
            ways //= factorial(multiset.count(face))
        face_of = describe_face(roll.kept_dice(multiset))
        weights[face_of] = weights.get(face_of, Fraction(0)) + ways * total
    return tuple(sorted(weights.items(), key=lambda item: (item[0].total, item[0].all_ones, item[0].all_sixes,
                                                           item[0].pair)))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """Exact chances of one attack roll: a miss, a hit that is not critical, a critical hit."""

    miss: Fraction
    hit: Fraction
    critical: Fraction

    @property
    def any_hit(self) -> Fraction:
        return self.hit + self.critical


def attack_result(face: Face, needed: int, rules: DiceRules) -> str:
    """``miss``, ``hit`` or ``critical`` for one roll: ``needed`` is DEF minus skill and bonuses."""
    if face.count == 0:
        hits = not rules.empty_pool_misses and face.total >= needed
    elif rules.all_ones_miss and face.all_ones:
        hits = False
    elif rules.all_sixes_hit and face.all_sixes and face.count > 1:
        hits = True
    else:
        hits = face.total >= needed
    if not hits:
        return "miss"
    return "critical" if face.pair else "hit"


def attack_odds(roll: Roll, needed: int, rules: DiceRules, automatic: str | None = None) -> AttackOdds:
    """The exact odds of one attack roll (never rerolled here); an automatic hit or miss is
    taken without rolling."""
    if automatic == "hit":
        return AttackOdds(Fraction(0), Fraction(1), Fraction(0))
    if automatic == "miss":
        return AttackOdds(Fraction(1), Fraction(0), Fraction(0))
    chances = {"miss": Fraction(0), "hit": Fraction(0), "critical": Fraction(0)}
    for face, chance in faces(roll.dice, roll.drop_lowest, roll.drop_highest):
        chances[attack_result(face, needed, rules)] += chance
    return AttackOdds(chances["miss"], chances["hit"], chances["critical"])


def damage_odds(roll: Roll, offset: int) -> dict[int, Fraction]:
    """Damage points of one damage roll: the dice that count plus ``offset`` (POW or P+S,
    bonuses, minus ARM), never below 0."""
    single: dict[int, Fraction] = {}
    for face, chance in faces(roll.dice, roll.drop_lowest, roll.drop_highest):
        points = max(0, face.total + offset)
        single[points] = single.get(points, Fraction(0)) + chance
    return single
