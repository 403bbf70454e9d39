"""The direction of a throw the thrower picks (MkII: any direction away from it, seed 001 L1109;
MkIII and MkIV throw directly away or at a model, seed 003 L1890, seed 000 L2485-2488).  The
optimal policy tries each candidate heading of :func:`~wmdata.geometry.throw_aims.throw_aims`
(directly away, at each model or feature in reach of the throw, the edges of the allowed
directions), solves the whole sequence with the throw going that way, and keeps the one that
kills most often (directly away on a tie, then the heading nearest it).  The throw of a throw
power attack is the sequence's first attack, so its state and resources are known when the
heading is picked: one heading for the sequence is the choice made there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from wmdata.engine.moves import Reach
from wmdata.engine.policy import Optimal
from wmdata.engine.sequence import Sequence, resolve
from wmdata.geometry.forced import ThrowOrder, throw_distance
from wmdata.geometry.throw_aims import throw_aims

THROWS = ("throw", "double_hand_throw")
MOST_DEVIATION = 3.0
"""The most a deviating throw strays: a d3 in inches (seed 001 L1113), before its cap."""


@dataclass(frozen=True, slots=True)
class Heading:
    """One heading tried: degrees off directly away, what it aims at, the kill chance with it."""

    offset: float
    aim: str
    p_destroyed: float

    def as_json(self) -> dict[str, Any]:
        return {"offset": round(self.offset, 6), "aim": self.aim, "p_destroyed": self.p_destroyed}


@dataclass(frozen=True, slots=True)
class HeadingChoice:
    """The heading the thrower picks, and every candidate with its kill chance."""

    chosen: Heading
    tried: tuple[Heading, ...]

    def brief(self) -> str:
        """The heading alone, for a line that has the kill chance already (a considered option)."""
        return f"throw heading: {self.chosen.offset:+.1f} degrees off directly away ({self.chosen.aim})"

    def line(self) -> str:
        away = next(h for h in self.tried if h.offset == 0.0)
        if self.chosen.offset == 0.0:
            why = "no other of the headings tried kills more often"
        else:
            why = f"directly away {away.p_destroyed:.1%}"
        return (f"{self.brief()}, kill chance {self.chosen.p_destroyed:.1%}; {why} ({len(self.tried)} headings tried: "
                + ", ".join(f"{h.offset:+.1f} {h.aim} {h.p_destroyed:.1%}" for h in self.tried) + ")")

    def as_json(self) -> dict[str, Any]:
        return {"chosen": self.chosen.as_json(), "tried": [h.as_json() for h in self.tried]}


def choose_heading(sequence: Sequence) -> HeadingChoice | None:
    """Where the sequence's power attack is a throw on a board whose direction the thrower
    picks: the heading that kills most often, ``sequence.reach`` then throwing that way (None:
    no board, the edition gives no choice, or the sequence throws nothing).  The weapon plan,
    ``--power-attack throw`` and a throw considered beside them all pick here, so the same
    throw plan gets the same kill chance whichever command asks for it."""
    reach = sequence.reach
    if reach is None or not reach.on_board or not any(kind in THROWS for kind in sequence.moves_on_hit.values()):
        return None
    board = reach.board
    aims = throw_aims(board, reach.rules, board.piece(reach.attacker), board.piece(reach.target),
                      float(reach.strength))
    if len(aims) < 2:
        return None
    tried = tuple(Heading(offset, aim, _kill_chance(sequence, reach, offset)) for offset, aim in aims)
    chosen = max(tried, key=lambda h: (round(h.p_destroyed, 12), -abs(h.offset)))
    sequence.reach = _turned(reach, chosen.offset)
    return HeadingChoice(chosen, tried)


def _turned(reach: Reach, offset: float) -> Reach:
    """``reach`` throwing ``offset`` degrees off directly away, its cached moves afresh."""
    return replace(reach, throw_offset=offset, _moves={}, _reaches={}, _attacker_at={})


def _kill_chance(sequence: Sequence, reach: Reach, offset: float) -> float:
    """The optimal policy's kill chance with the throw going ``offset`` degrees off directly away."""
    turned = replace(sequence, reach=_turned(reach, offset), _moves={}, _landings={})
    return resolve(turned, Optimal(turned)).p_destroyed


def open_table_heading(sequence: Sequence) -> str | None:
    """Without a board, where the thrower could pick the heading: why directly away is kept.
    Nothing on an open table stops, drops or damages the thrown model, so a heading changes only
    how far from the thrower it lands: at least the distance from the thrower's centre to the
    intended point (sqrt(D^2 + d^2) at the least, D the centres' distance, d the throw's)
    less the most it deviates and both radii.  Where that is beyond every weapon's reach no
    heading keeps it in reach, and every heading is as good; else it is said that one might."""
    reach = sequence.reach
    if reach is None or reach.on_board or not any(kind in THROWS for kind in sequence.moves_on_hit.values()):
        return None
    rules = reach.rules
    if rules.throw.away_within_degrees is None:
        return None
    board = reach.board
    thrower, thrown = board.piece(reach.attacker), board.piece(reach.target)
    distance, _ = throw_distance(rules, thrower, thrown, ThrowOrder(strength=float(reach.strength), roll=6.0))
    deviation = min(MOST_DEVIATION, distance * rules.aoe.cap_fraction) if rules.throw.deviates == "always" else 0.0
    centres = math.hypot(thrown.x - thrower.x, thrown.y - thrower.y)
    nearest = math.hypot(centres, distance) - deviation - thrower.radius - thrown.radius
    reaches = [w.inches for w in reach.weapons.values() if w.inches is not None]
    longest = max(reaches, default=0.0)
    if nearest > longest:
        return (f"throw heading: directly away; on an open table any heading is as good: whichever the thrower "
                f"picks, the target lands at least {nearest:.2f}\" from it, beyond every weapon's reach "
                f"({longest:g}\"), and nothing there stops it or adds a die (give --board to weigh headings)")
    return (f"throw heading: directly away, taken without a board; a heading toward the edge of the allowed "
            f"directions may land the target as near as {max(0.0, nearest):.2f}\", within a weapon's "
            f"{longest:g}\" reach: give --board for the heading that kills most often")
