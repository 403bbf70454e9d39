"""The damage column (grid) or branch (spiral) the attacker picks, where a rule lets it.

A rule such as MkII Precision Strike or Sniper (``choose_column``) replaces the d6 that puts
a damage roll's points in a column (seed 001 L1465-1469; a life spiral's branch, seed 003
L2211) by the attacker's choice.  The points fill from that column as usual, so every point
still lands somewhere: the kill chance changes only through the systems the choice cripples
(a crippled shield arm losing its ARM bonus for the later attacks, say).  The attacker
picks once the damage is rolled, so the value of a pick is the best column's, not an
average; where every column leaves the same kill chance the column is rolled
(:data:`~wmdata.engine.lattice.ROLLED`), which is what a fixed policy always does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from wmdata.engine.damage_track import ColumnTrack, Track
from wmdata.engine.lattice import ROLLED
from wmdata.wording import ranges_told

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
TIE = 1e-12


def pick_columns(values: FloatArray, full: BoolArray) -> IntArray:
    """``(columns, states)`` kill chances with the damage starting in each column -> per
    state the first best column with room (``full``: the columns without, whose damage only
    passes on to the next one with room), or :data:`ROLLED` where every column is as good."""
    best, worst = values.max(axis=0), values.min(axis=0)
    first = np.argmax((values >= best - TIE) & ~full, axis=0).astype(np.int64)
    return np.where(best - worst <= TIE, ROLLED, first)


@dataclass(slots=True)
class ColumnTally:
    """For one attack and damage roll: the chance the column is rolled (no column better) or
    picked (per column, 0-5), and the kill chance of the picked column and of a rolled one,
    weighted by the chance (divide by :attr:`picked_total` for the average)."""

    rolled: float = 0.0
    picked: dict[int, float] = field(default_factory=dict)
    kill_picked: float = 0.0
    kill_rolled: float = 0.0

    @property
    def picked_total(self) -> float:
        return sum(self.picked.values())


def tally(found: dict[tuple[int, int], ColumnTally], key: tuple[int, int], weights: FloatArray,
          picked: IntArray, values: FloatArray) -> None:
    """Adds where the damage of ``key`` (attack number, damage points) goes, and why."""
    entry = found.setdefault(key, ColumnTally())
    chosen = picked != ROLLED
    entry.rolled += float(weights[~chosen].sum())
    for column in np.unique(picked[chosen & (weights > 0)]).tolist():
        entry.picked[int(column)] = entry.picked.get(int(column), 0.0) + float(weights[picked == column].sum())
    rows = np.where(chosen, picked, 0)
    best = np.take_along_axis(values, rows[None, :], axis=0)[0]
    entry.kill_picked += float(np.einsum("i,i->", np.where(chosen, weights, 0.0), best))
    entry.kill_rolled += float(np.einsum("i,i->", np.where(chosen, weights, 0.0), values.mean(axis=0)))


def column_lines(choices: dict[tuple[int, int], ColumnTally], track: Track) -> list[str]:
    """Per attack that picks its column somewhere: the column (or branch) picked for each damage roll,
    "rolled" where no column destroys the target more often, the columns seen where it depends on
    where earlier damage fell; and why for the likeliest damage roll with a pick: the kill
    chance in that column and with a rolled one.  The JSON keeps the shares."""
    if not isinstance(track, ColumnTrack):
        return []
    unit, holds = track.unit, column_systems(track)
    by_attack: dict[int, list[tuple[int, str, ColumnTally]]] = {}
    for (number, points), entry in sorted(choices.items()):
        total = entry.rolled + entry.picked_total
        if total <= 0:
            continue
        shares = {"rolled": entry.rolled / total,
                  **{f"{unit} {c + 1} ({holds[c]})": p / total for c, p in sorted(entry.picked.items())}}
        single = next((name for name, share in shares.items() if share > 0.999), None)
        options = [name for name, share in shares.items() if share >= 0.005 and name != "rolled"]
        options += ["rolled"] * (shares["rolled"] >= 0.005)
        by_attack.setdefault(number, []).append(
            (points, single or " or ".join(options) + " by where earlier damage fell", entry))
    lines = []
    for number, rows in by_attack.items():
        if not any(entry.picked_total > 0 for _, _, entry in rows):
            continue  # every column as good for this attack: nothing to tell
        text = ranges_told([(points, told) for points, told, _ in rows], "; ")
        decided = [(entry.picked_total, points, entry) for points, _, entry in rows if entry.picked_total > 0]
        why = ""
        if decided:
            weight, points, entry = max(decided, key=lambda row: row[0])
            why = (f" (e.g. {points} points: kill chance {entry.kill_picked / weight:.1%} in the {unit} picked, "
                   f"{entry.kill_rolled / weight:.1%} with a rolled one)")
        lines.append(f"{unit} plan, attack {number} (damage points: {unit}): {text}{why}")
    return lines


def column_systems(track: ColumnTrack) -> list[str]:
    """Per column (branch), the systems (aspects) with boxes in it, by name."""
    return [", ".join(track.system_name(box) for box in dict.fromkeys(column) if box != ".") or "blank boxes only"
            for column in track.columns]


def column_json(choices: dict[tuple[int, int], ColumnTally]) -> list[dict[str, object]]:
    """The column choices as data: per attack and damage roll, the chance the column is rolled
    and picked (columns numbered 1-6), and the kill chance with the pick and with a rolled one."""
    rows: list[dict[str, object]] = []
    for (number, points), entry in sorted(choices.items()):
        weight = entry.picked_total
        rows.append({"attack": number, "points": points, "rolled": entry.rolled,
                     "picked": {str(column + 1): p for column, p in sorted(entry.picked.items())},
                     "kill_if_picked": entry.kill_picked / weight if weight else None,
                     "kill_if_rolled": entry.kill_rolled / weight if weight else None})
    return rows
