"""Number options: a range that also refuses what is not a number at all.

``click.FloatRange`` lets ``nan`` through (it compares false with every bound, so no bound
fails) and ``inf`` when a side is open; an inch, a degree or a die that is not finite would
reach the geometry or the odds and fail there, or answer nonsense.
"""

from __future__ import annotations

import math
from typing import Any

import click


class FiniteRange(click.FloatRange):
    """A float option within the bounds, and finite."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number
