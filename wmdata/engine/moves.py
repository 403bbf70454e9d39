"""Where a slam, throw or push leaves the target, and whether the later attacks of a sequence
still reach it.

A slam moves the target a rolled distance directly away from the attacker; a throw moves it
by the edition's rule (a d6, or half the thrower's STR with deviation dice); a Critical Smite
or Critical Pitch does the same instead of a critical hit's damage roll; a push moves it 1 inch
directly away, and the attacker then advances after it as far (seed 001 L1047-1061).  Otherwise
the attacker does not move during its attacks, so a later melee attack is made only if the target is still inside
that weapon's melee range, and a later ranged attack only if it is still within the weapon's
RNG.  Every rolled outcome is walked on the geometry engine (:mod:`wmdata.geometry.forced`):
on the board given with ``--board``, where a model or obstacle can stop the target near and
the contact adds a die to its damage roll, or without one on an open table with the attacker
and the target alone (base to base, or ``--distance`` apart), where the target simply moves
the full distance.  The outcomes, each with its exact chance (the dice are fair), are what the
sequence branches on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product

from wmdata.geometry.board import Board, Piece
from wmdata.geometry.forced import ForcedMoveError, ForcedResult, ThrowOrder, push, slam, throw
from wmdata.geometry.lanes import follow
from wmdata.geometry.measure import edge_distance, within
from wmdata.geometry.modifiers import in_melee_range
from wmdata.geometry.rules import GeometryRules

Place = tuple[float, float]
"""The target's centre on the table."""
MOVING_KINDS = ("slam", "throw", "double_hand_throw", "power_strike", "push")
"""Attack kinds (power attacks, or what a critical hit becomes) that move the target."""
FOLLOWED = ("push",)
"""Moves after which the attacker advances after the target as far as it moved (seed 001 L1053)."""
OPEN_TABLE = 400.0
"""Side of the empty table used without a board: far larger than any move."""


@dataclass(frozen=True, slots=True)
class FallRoll:
    """The damage roll of the target's fall at the end of a move (``dice`` d6 + ``power``, the
    edition's table by the ``height`` fallen, :mod:`wmdata.geometry.falling`): a roll of its
    own against the target's ARM, resolved with the move's damage (seed 001 L1089, L1123;
    seed 003 L1500-1508; seed 000 L1744-1769), and the fall knocks the target down."""

    dice: int
    power: int
    height: float

    def text(self) -> str:
        return f"{self.dice}d6 + {self.power}"


@dataclass(frozen=True, slots=True)
class Move:
    """One way a slam or throw can end: the target's new centre, whether it contacted something
    solid (an obstacle, an obstruction or a base no smaller than its own: one more damage die),
    the models that suffer collateral damage, the chance, the rule applied in words, and the
    fall that ends it (None: the target does not fall)."""

    place: Place
    collided: bool
    collateral: tuple[str, ...]
    chance: Fraction
    told: str
    moved: float
    fall: FallRoll | None = None


@dataclass(frozen=True, slots=True)
class WeaponReach:
    """How far one weapon of the sequence reaches: a melee range, or a ranged weapon's RNG
    (None: not known, taken as reaching)."""

    melee: bool
    inches: float | None


@dataclass(slots=True)
class Reach:
    """The table the sequence is fought on and the reach of the attacker's weapons (by name)."""

    board: Board
    rules: GeometryRules
    attacker: str
    target: str
    weapons: dict[str, WeaponReach]
    strength: int
    """The attacker's STR (a MkII or MkIII throw goes half of it)."""
    on_board: bool = False
    """The positions come from a board file (otherwise an open table, the models alone)."""
    throw_offset: float = 0.0
    """Where the edition lets the thrower pick the direction (MkII, seed 001 L1109): the
    heading of a throw in degrees counter-clockwise off directly away from the thrower (0:
    directly away), the same from wherever the target stands (:mod:`wmdata.engine.throw_heading`)."""
    _moves: dict[tuple[str, Place], tuple[Move, ...]] = field(default_factory=dict)
    _reaches: dict[tuple[str, Place], bool] = field(default_factory=dict)
    _attacker_at: dict[Place, Place] = field(default_factory=dict)
    """Where the attacker stands once the target is at a place, where it followed a push there
    (elsewhere: where the table puts it)."""

    @property
    def start(self) -> Place:
        return self.board.piece(self.target).centre

    @property
    def follows(self) -> bool:
        """Whether the attacker has followed the target somewhere (after a push)."""
        return any(where != self.board.piece(self.attacker).centre for where in self._attacker_at.values())

    def target_at(self, place: Place) -> Piece:
        return replace(self.board.piece(self.target), x=place[0], y=place[1])

    def attacker_at(self, place: Place) -> Piece:
        """The attacker when the target is at ``place``: where it followed a push, else where it stands."""
        piece = self.board.piece(self.attacker)
        where = self._attacker_at.get(place)
        return piece if where is None else replace(piece, x=where[0], y=where[1])

    def _board_at(self, place: Place) -> Board:
        if place == self.start:
            return self.board
        moved, attacker = self.target_at(place), self.attacker_at(place)
        return self.board.replace_pieces(tuple(moved if p.id == self.target else attacker if p.id == self.attacker
                                               else p for p in self.board.pieces))

    def gap(self, place: Place) -> float:
        """Edge-to-edge distance from the attacker to the target at ``place``."""
        return edge_distance(self.attacker_at(place), self.target_at(place))

    def moved(self, place: Place) -> float:
        """How far ``place`` is from where the target started."""
        start = self.start
        return math.hypot(place[0] - start[0], place[1] - start[1])

    def reaches(self, weapon: str, place: Place) -> bool:
        """Whether the attacker's ``weapon`` can attack the target at ``place`` (one not listed,
        e.g. the power attack that opens a sequence, is made where the target starts)."""
        if place == self.start or weapon not in self.weapons:
            return True
        key = (weapon, place)
        if key not in self._reaches:
            reach = self.weapons[weapon]
            attacker, target = self.attacker_at(place), self.target_at(place)
            if reach.inches is None:
                found = True
            elif reach.melee:
                found = in_melee_range(self._board_at(place), self.rules, replace(attacker, melee_range=reach.inches),
                                       target)
            else:
                found = within(attacker, target, reach.inches)
            self._reaches[key] = found
        return self._reaches[key]

    def moves(self, kind: str, place: Place) -> tuple[Move, ...]:
        """Every way a ``kind`` (slam, throw, ...) from ``place`` can end, one per face of the
        dice (equal places not merged: the play-out rolls one and tells its rule)."""
        key = (kind, place)
        if key not in self._moves:
            self._moves[key] = self._roll(kind, place)
        return self._moves[key]

    def _roll(self, kind: str, place: Place) -> tuple[Move, ...]:
        """One move per face (or pair of faces) of the dice, each with its chance; where the
        attacker follows the move (a push), where it ends is kept for the target's new place."""
        board, attacker, target = self._board_at(place), self.attacker_at(place), self.target_at(place)
        try:
            moves = tuple(Move((round(result.end[0], 9), round(result.end[1], 9)), result.extra_die,
                               tuple(result.collateral), chance, result.rule, result.moved,
                               FallRoll(result.fall.dice, result.fall.power, result.fall.height)
                               if result.fall is not None else None)
                          for result, chance in self._outcomes(kind, board, attacker, target))
        except ForcedMoveError as exc:
            return (Move(place, False, (), Fraction(1), f"not moved: {exc}", 0.0),)
        return tuple(self._follow(kind, place, move) for move in moves)

    def _follow(self, kind: str, place: Place, move: Move) -> Move:
        """``move`` with the attacker's follow-up advance (after a push: straight at the target, up
        to the distance it moved, stopping on contact like any advance, seed 001 L1053); after
        any other move the attacker stays where it stood when the target was at ``place``."""
        attacker = self.attacker_at(place)
        if kind not in FOLLOWED or move.place == place:
            if attacker.centre != self.board.piece(self.attacker).centre:
                self._attacker_at.setdefault(move.place, attacker.centre)
            return move
        moved_board = self._board_at(place).replace_pieces(tuple(
            self.target_at(move.place) if p.id == self.target else attacker if p.id == self.attacker else p
            for p in self.board.pieces))
        lane = follow(moved_board, self.rules, attacker, self.target_at(move.place), move.moved)
        self._attacker_at[move.place] = (round(lane.end[0], 9), round(lane.end[1], 9))
        return replace(move, told=f"{move.told}; the attacker {lane.rule}")

    def _outcomes(self, kind: str, board: Board, attacker: Piece,
                  target: Piece) -> list[tuple[ForcedResult, Fraction]]:
        rules = self.rules
        if kind == "push":
            return [(push(board, rules, attacker, target), Fraction(1))]
        if kind in ("slam", "power_strike"):
            return [(slam(board, rules, attacker, target, float(roll), power_strike=kind == "power_strike"),
                     Fraction(1, 6)) for roll in range(1, 7)]
        double = kind == "double_hand_throw"
        if rules.throw.distance == "d6":
            orders = [(ThrowOrder(roll=float(roll), double_hand=double), Fraction(1, 6)) for roll in range(1, 7)]
        else:
            orders = [(ThrowOrder(strength=float(self.strength), double_hand=double), Fraction(1))]
        if self.throw_offset:
            away = math.degrees(math.atan2(target.y - attacker.y, target.x - attacker.x))
            orders = [(replace(order, heading=away + self.throw_offset), chance) for order, chance in orders]
        if rules.throw.deviates == "always":
            orders = [(replace(order, dice=(direction, float(inches))), chance * Fraction(1, 18))
                      for (order, chance), direction, inches in product(orders, range(1, 7), range(1, 4))]
        return [(throw(board, rules, attacker, target, order), chance) for order, chance in orders]


def open_table(rules: GeometryRules, attacker_base: int, target_base: int, gap: float) -> Board:
    """The attacker and the target alone on a table too large to reach the edge, ``gap`` inches
    apart edge to edge, the attacker facing the target."""
    middle = OPEN_TABLE / 2
    attacker = Piece("attacker", middle, middle, attacker_base, rules.volume_heights.get(attacker_base, 0.0),
                     facing=0.0, side="attacker")
    target = Piece("target", 0.0, middle, target_base, rules.volume_heights.get(target_base, 0.0), facing=180.0,
                   side="target")
    target = replace(target, x=middle + attacker.radius + gap + target.radius)
    return Board(OPEN_TABLE, OPEN_TABLE, (attacker, target))
