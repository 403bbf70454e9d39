"""How far the sequence's slams and throws moved the target, and whether it is still in reach
(``wmdata attack``'s ``moved`` section): read from where the exact engine says the target ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wmdata.engine.collateral import CollateralOdds, Contacted, collateral_odds
from wmdata.engine.moves import FallRoll, Reach
from wmdata.engine.sequence import Circumstance, Sequence, SequenceResult, Transition
from wmdata.engine.throw_heading import HeadingChoice


@dataclass(slots=True)
class MovedSummary:
    """Where the target ends, over every way the sequence goes."""

    table: str
    """``board`` (the board file's positions) or ``open table`` (the two models alone)."""
    start_gap: float
    p_moved: float
    distance: dict[float, float] = field(default_factory=dict)
    """Inches between where the target started and where it ends -> chance (0: not moved)."""
    p_in_reach: float = 0.0
    """Chance that the target ends where one of the sequence's weapons still reaches it."""
    collateral: list[CollateralOdds] = field(default_factory=list)
    """The models the moved target may contact on the board (not the target's odds)."""
    how: str = "slammed or thrown"
    """How the sequence's attacks move the target, in words."""
    follows: bool = False
    """Whether the attacker advances after the target (a push), as far as the board lets it."""
    falls: dict[FallRoll, float] = field(default_factory=dict)
    """Each fall that can end a move (its height and damage roll) -> chance over every game."""
    armour: int | None = None
    """The target's ARM, which a fall's damage roll meets."""
    heading: HeadingChoice | None = None
    """The heading the thrower picked (None: directly away, or no choice)."""

    @property
    def p_in_reach_if_moved(self) -> float | None:
        """The same among the games where the target was moved (None: never moved)."""
        if self.p_moved <= 0:
            return None
        unmoved = self.distance.get(0.0, 0.0)
        return max(0.0, min(1.0, (self.p_in_reach - unmoved) / self.p_moved))

    def as_json(self) -> dict[str, Any]:
        return {"table": self.table, "start_gap": round(self.start_gap, 6), "p_moved": self.p_moved,
                "distance": {f"{inches:g}": p for inches, p in self.distance.items()},
                "p_in_reach": self.p_in_reach, "p_in_reach_if_moved": self.p_in_reach_if_moved,
                "attacker_follows": self.follows, "p_fall": sum(self.falls.values()),
                "throw_heading": self.heading.as_json() if self.heading is not None else None,
                "falls": [{"height": fall.height, "roll": fall.text(), "armour": self.armour, "p": p}
                          for fall, p in self.falls.items()],
                "collateral": [odds.as_json() for odds in self.collateral]}

    def lines(self) -> list[str]:
        heading = [f"              {self.heading.line()}"] if self.heading is not None else []
        return [self.line(), *heading, *(odds.line() for odds in self.collateral)]

    def line(self) -> str:
        if self.p_moved <= 0:
            return "moved:        the target is never moved"
        shown = ", ".join(f"{inches:g}\" {p:.1%}" for inches, p in self.distance.items() if inches > 0 and p >= 0.0005)
        still = self.p_in_reach_if_moved
        follow = "the attacker follows the push" if self.follows else "the attacker does not follow"
        fallen = "; ".join(f"falls {fall.height:g}\" in {p:.1%} of games: {fall.text()} vs ARM {self.armour}"
                           for fall, p in self.falls.items())
        return (f"moved:        {self.how} in {self.p_moved:.1%} of games ({shown}); still in reach of a weapon "
                f"after the move: {still if still is not None else 0:.1%} ({self.table}, {self.start_gap:.2f}\" "
                f"apart at the start; {follow})"
                + (f"; {fallen} (knocked down, a damage roll of its own, in the odds)" if fallen else ""))


def moved_summary(sequence: Sequence, result: SequenceResult, contacted: dict[str, Contacted] | None = None,
                  heading: HeadingChoice | None = None) -> MovedSummary | None:
    """The ``moved`` section of a sequence whose slams or throws are followed (None otherwise):
    each model the target may contact, with what its collateral damage meets there
    (``contacted``: the board's models, by id), and the heading of a throw the thrower picked."""
    reach = sequence.reach
    if reach is None:
        return None
    weapons = [name for name in sequence.weapons if name in reach.weapons]
    distance: dict[float, float] = {}
    in_reach = 0.0
    for place, (chance, _) in result.places.items():
        if place is None or chance <= 0:
            continue
        inches = round(reach.moved(place), 3)
        distance[inches] = distance.get(inches, 0.0) + chance
        if any(reach.reaches(name, place) for name in weapons):
            in_reach += chance
    moved = sum(p for inches, p in distance.items() if inches > 0)
    kinds = {kind for kind, _, _ in result.transitions}
    how = "pushed" if kinds == {"push"} else "slammed, thrown or pushed" if "push" in kinds else "slammed or thrown"
    moving = min(sequence.moves_on_hit, default=0)
    return MovedSummary("board" if reach.on_board else "open table", reach.gap(reach.start), moved,
                        dict(sorted(distance.items())), in_reach,
                        collateral_odds(reach, result.transitions, contacted or {}), how, reach.follows,
                        fall_odds(reach, result.transitions),
                        sequence.setup(Circumstance(weapon=sequence.weapon_name(moving)), False, False).armour,
                        heading)


def fall_odds(reach: Reach, transitions: dict[Transition, float]) -> dict[FallRoll, float]:
    """Each fall the target's moves can end in, with its chance over every game."""
    found: dict[FallRoll, float] = {}
    for (kind, start, end), chance in transitions.items():
        ends = [move for move in reach.moves(kind, start) if move.place == end]
        total = sum(float(move.chance) for move in ends)
        for move in ends:
            if move.fall is not None:
                found[move.fall] = found.get(move.fall, 0.0) + chance * float(move.chance) / total
    return dict(sorted(found.items(), key=lambda item: item[0].height))
