"""The stat pipeline shared by the three editions.

current = base (the lowest of any set-base effects wins), then doubling, then
halving (rounding up), then additions, then subtractions, then the edition's floors.
Effects with the same name do not stack (one instance counts); differently named
effects do, even when they give the same modifier.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

Operation = Literal["add", "subtract", "set_base", "double", "halve"]
ORDER: tuple[Operation, ...] = ("set_base", "double", "halve", "add", "subtract")


@dataclass(frozen=True, slots=True)
class StatModifier:
    """One effect on one stat, named after the rule (or state) it comes from."""

    source: str
    stat: str
    op: Operation
    value: int = 0
    per: str | None = None
    """The value counts per full inch between the models ("inch") or per point of the carrier's
    stat of this name; :func:`scaled` turns it into a plain modifier once those are known."""


def scaled(modifiers: Iterable[StatModifier], stats: Mapping[str, StatResult], distance: float | None
           ) -> tuple[list[StatModifier], list[str]]:
    """``modifiers`` with every ``per`` worked out: the value times the full inches of
    ``distance``, or times the carrier's current stat in ``stats``; each one that cannot be
    worked out is left out, with the reason."""
    kept: list[StatModifier] = []
    reasons: list[str] = []
    for modifier in modifiers:
        if modifier.per is None:
            kept.append(modifier)
            continue
        if modifier.per == "inch":
            if distance is None:
                reasons.append(f"{modifier.source} (modify_stat): depends on the distance (give --distance)")
                continue
            count = int(distance)
        elif modifier.per in stats:
            count = stats[modifier.per].current
        else:
            reasons.append(f"{modifier.source} (modify_stat): the carrier has no {modifier.per}")
            continue
        kept.append(StatModifier(modifier.source, modifier.stat, modifier.op, modifier.value * count))
    return kept, reasons


def scaled_stats(numbers: Mapping[str, int], modifiers: list[StatModifier], floors: Floors, distance: float | None
                 ) -> tuple[dict[str, StatResult], list[str]]:
    """A model's stats where some modifiers count per inch or per point of its own stats
    (``per``): those are worked out from its stats without them; with the reasons for the ones
    left out (see :func:`scaled`)."""
    plain = compute_stats(numbers, [m for m in modifiers if m.per is None], floors)
    modifiers, reasons = scaled(modifiers, plain, distance)
    return compute_stats(numbers, modifiers, floors), reasons


@dataclass(frozen=True, slots=True)
class Floors:
    """No stat goes below ``default``; a stat in ``reduced`` cannot be reduced below
    that value by modifiers (MkII: DEF 5), though a lower base stays as printed."""

    default: int = 0
    reduced: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StatResult:
    stat: str
    base: int
    current: int
    applied: tuple[StatModifier, ...]
    ignored: tuple[StatModifier, ...]
    floored: bool

    def describe(self) -> str:
        """``DEF 13 -> 9: set_base 5 (stationary), +4 (cover)``."""
        parts = [_describe(m) for m in self.applied]
        parts += [f"{_describe(m)} [same-named, does not stack]" for m in self.ignored]
        if self.floored:
            parts.append("floor")
        tail = f": {', '.join(parts)}" if parts else ""
        return f"{self.stat} {self.base} -> {self.current}{tail}"


def _describe(modifier: StatModifier) -> str:
    symbol = {"add": f"+{modifier.value}", "subtract": f"-{modifier.value}", "set_base": f"base {modifier.value}",
              "double": "x2", "halve": "/2"}[modifier.op]
    return f"{symbol} ({modifier.source})"


def _unique_by_source(modifiers: Iterable[StatModifier]) -> tuple[list[StatModifier], list[StatModifier]]:
    """Keep the first modifier of each (source, op); later same-named ones do not stack."""
    kept: list[StatModifier] = []
    dropped: list[StatModifier] = []
    seen: set[tuple[str, str]] = set()
    for modifier in modifiers:
        key = (modifier.source, modifier.op)
        (dropped if key in seen else kept).append(modifier)
        seen.add(key)
    return kept, dropped


def compute_stat(stat: str, base: int, modifiers: Iterable[StatModifier], floors: Floors) -> StatResult:
    """Run the pipeline for one stat; ``modifiers`` may contain other stats' entries."""
    mine = [m for m in modifiers if m.stat == stat]
    kept, dropped = _unique_by_source(mine)
    ordered = sorted(kept, key=lambda m: ORDER.index(m.op))
    set_bases = [m.value for m in ordered if m.op == "set_base"]
    start = min(set_bases) if set_bases else base
    value = start
    for modifier in ordered:
        if modifier.op == "double":
            value *= 2
        elif modifier.op == "halve":
            value = -(-value // 2)
        elif modifier.op == "add":
            value += modifier.value
        elif modifier.op == "subtract":
            value -= modifier.value
    floor = floors.default
    if stat in floors.reduced and value < start:
        floor = max(floor, min(floors.reduced[stat], start))
    floored = value < floor
    applied = tuple(m for m in ordered if m.op != "set_base" or m.value == start)
    return StatResult(stat, base, max(value, floor), applied, tuple(dropped), floored)


def compute_stats(base: Mapping[str, int], modifiers: Iterable[StatModifier], floors: Floors) -> dict[str, StatResult]:
    listed = list(modifiers)
    return {stat: compute_stat(stat, value, listed, floors) for stat, value in base.items()}
