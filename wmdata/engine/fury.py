"""The price of forcing a warbeast: the chance it frenzies at its next threshold check.

Each edition's check is the same: roll 2d6, add the fury on the beast, and the beast
frenzies when the total exceeds its THR (seed 003 L2556-2560, seed 000 L4103-4121).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product


def frenzy_chance(fury: int, threshold: int) -> Fraction:
    """Chance that 2d6 + ``fury`` exceeds ``threshold``."""
    return Fraction(sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + fury > threshold), 36)


def frenzy_risk(spent: dict[int, float], threshold: int, already: int = 0) -> float:
    """Chance of a frenzy when the fury spent (forced onto the beast) follows ``spent``."""
    return sum(chance * float(frenzy_chance(already + fury, threshold)) for fury, chance in spent.items())
