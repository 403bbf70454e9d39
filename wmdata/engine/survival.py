"""A disabled model's roll to stay in play (Tough), on a damage track and on its lattice.

When an attack marks a model's last damage box the model is disabled; before it is boxed and
destroyed a rule such as Tough lets it roll a d6, and on a success it removes damage and is no
longer disabled (seed 001 L306, L1499-1501; seed 003 L844, L2231-2235; seed 000 L804-807,
L3176-3191).  The seeds leave the box to unmark to the model's player: on a row it is the last
box marked; on a grid or spiral this takes the last marked boxes from the first column (branch)
on, one fixed choice, the same in the exact engine and the play-out.  A colossal's states are
numbered by reachability, so its lattice cannot say where a healed state lies: there the roll is
not followed (:meth:`Sequence.survival` gives none for a colossal, however it is counted; no
colossal has the rule in the content).

The exact engine moves the chance of the full state forward (part of it to the healed state, in
the states the roll leaves the model in) and the planner reads values back the same way, so the
kill chance is "disabled and the roll failed".
"""

from __future__ import annotations

import numpy as np

from wmdata.engine.damage_track import BoxTrack, ColumnTrack, State, Track
from wmdata.engine.lattice import FloatArray, Lattice
from wmdata.engine.work import Survival


def healed_state(track: Track, state: State, heals: int) -> State | None:
    """``state`` (every box marked) with ``heals`` damage points removed, box by box on the track;
    None where the roll is not followed (a colossal)."""
    if isinstance(track, BoxTrack):
        assert isinstance(state, int)
        return max(0, state - heals)
    if isinstance(track, ColumnTrack):
        assert isinstance(state, tuple)
        return tuple(_unmarked(list(state), heals))
    return None


def _unmarked(marks: list[int], heals: int) -> list[int]:
    """Marks per column with ``heals`` points removed from the first column on: the one fixed
    choice the exact engine and the play-out share (the seeds leave it to the player)."""
    left = heals
    for column, count in enumerate(marks):
        taken = min(count, left)
        marks[column] -= taken
        left -= taken
    return marks


def heal_spots(lattice: Lattice, heals: int) -> tuple[int, int] | None:
    """(the index of the state with every box marked, the index of that state with ``heals``
    points removed as :func:`healed_state` removes them), or None where the lattice cannot
    tell (a colossal's)."""
    if lattice.mover is not None or lattice.joint is not None or lattice.locate is not None:
        return None
    if lattice.counts is None or lattice.heights is None or lattice.strides is None:
        return lattice.capacity, max(0, lattice.capacity - heals)
    healed = np.array(_unmarked([int(h) for h in lattice.heights], heals), dtype=np.int64)
    return int(lattice.heights @ lattice.strides), int(healed @ lattice.strides)


def survive(lattice: Lattice, chances: FloatArray, survival: Survival) -> tuple[FloatArray, FloatArray]:
    """``chances`` just after an attack's damage (every full state newly disabled) split into the
    states that stay as they are (destroyed where the roll fails) and those that survived, healed
    (to be met in :attr:`Survival.leaves`)."""
    spots = heal_spots(lattice, survival.heals)
    revived = np.zeros(lattice.size)
    if spots is None or not chances[spots[0]]:
        return chances, revived
    full, healed = spots
    saved = chances[full] * float(survival.chance)
    still = chances.copy()
    still[full] -= saved
    revived[healed] = saved
    return still, revived


def survive_values(lattice: Lattice, values: FloatArray, revived: FloatArray, survival: Survival) -> FloatArray:
    """``values`` (the kill chance per state after the attack) with the full state's replaced by
    the failed roll's 1 and the healed state's value in ``revived`` (the phase the survivor is in)."""
    spots = heal_spots(lattice, survival.heals)
    if spots is None:
        return values
    full, healed = spots
    chance = float(survival.chance)
    adjusted = values.copy()
    adjusted[full] = (1 - chance) * values[full] + chance * revived[healed]
    return adjusted
