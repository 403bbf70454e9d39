"""Which of a colossal's two damage grids an attack's damage goes to, and why.

Seed 003 (MkIII): the grid on the side of the colossal's field of fire the damage comes
from (L3604); the attacker chooses when it is completely in the back arc or part of its
base is directly in front (L3606; the line between the fields of fire, L1636); damage with
no origin rolls the grid (L3608).  Seed 001 (MkII) has no colossal rules at all and seed
000 (MkIV) gives a colossal one damage grid (L3753), so a two-grid card in those editions
follows the MkIII rule, marked unconfirmed.
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.geometry.fields import Field

SIDES = ("left", "right")
GRID_OPTIONS = ("left", "right", "choose")
SOURCE = {"mk3": "seed 003 L3604-3608",
          "mk2": "seed 003 L3604-3608; unconfirmed for MkII: seed 001 has no colossal rules",
          "mk4": "seed 003 L3604-3608; unconfirmed for MkIV: seed 000 gives a colossal one grid (L3753)"}


@dataclass(frozen=True, slots=True)
class GridChoice:
    """The grids the attacks may strike: one side, both (the attacker chooses) or none (rolled)."""

    sides: tuple[int, ...]
    how: str
    """``option`` (--grid), ``board`` (the attacker's position) or ``rolled`` (a board with no facing)."""
    reason: str
    source: str

    @property
    def name(self) -> str:
        if len(self.sides) == 1:
            return SIDES[self.sides[0]]
        return "choose" if self.sides else "rolled"

    def as_json(self) -> dict[str, object]:
        return {"grid": self.name, "how": self.how, "reason": self.reason, "source": self.source}


def grid_choice(edition: str, given: str | None, field: Field | None = None, attacker: str = "",
                target: str = "", board: bool = False) -> GridChoice:
    """The grid choice from ``--grid`` (``given``) or from the board (``field``: where
    ``attacker`` stands against ``target``'s fields of fire); rolled where the board has no
    facing (an attack without either is refused by the command)."""
    source = SOURCE.get(edition, SOURCE["mk3"])
    if given is not None:
        if given == "choose":
            return GridChoice((0, 1), "option", "--grid choose: the attacker is completely in the back arc or "
                                                "directly in front, and chooses each attack's grid", source)
        return GridChoice((SIDES.index(given),), "option", f"--grid {given}: the attacker is in the colossal's "
                                                             f"{given} field of fire", source)
    if board and field is not None:
        if field == "back":
            return GridChoice((0, 1), "board", f"{attacker} is completely in {target}'s back arc: it chooses "
                                               "each attack's grid", source)
        if field == "both":
            return GridChoice((0, 1), "board", f"part of {attacker}'s base is directly in front of {target} (on the "
                                               "line between its fields of fire, seed 003 L1636): it chooses each "
                                               "attack's grid", source)
        return GridChoice((SIDES.index(field),), "board", f"{attacker}'s base is only in {target}'s {field} field "
                                                          "of fire (seed 003 L1636)", source)
    return GridChoice((), "rolled", "the board's models have no facing in this edition: each attack's grid is "
                                    "rolled (1-3 left, 4-6 right) as for damage with no origin", source)
