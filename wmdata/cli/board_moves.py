"""Slams, throws and tramples on the command line: the options ``board query`` and ``board
render`` share, the checks of what each edition needs (dice, STR, headings), and the
outcome both commands use (the query prints it, the render draws it)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

import click

from wmdata.cli.numbers import FiniteRange
from wmdata.cli.options import fail
from wmdata.geometry import queries
from wmdata.geometry.advance import AdvanceError, AdvanceResult, advance
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.forced import ForcedMoveError, ForcedResult, ThrowOrder, throw
from wmdata.geometry.lanes import LaneError, LaneResult, trample
from wmdata.geometry.rules import GeometryRules
from wmdata.render.board import Movement

Pair = tuple[str, str]
F = TypeVar("F", bound=Callable[..., object])

_OPTIONS = [
    click.option("--slam", nargs=2, metavar="A B", default=None,
                 help="A slams B: B's path and the models it contacts."),
    click.option("--throw", "throw_pair", nargs=2, metavar="A B", default=None,
                 help="A throws B: where B lands and the models it contacts."),
    click.option("--trample", metavar="A", default=None,
                 help="A tramples along --direction: where it stops and the models it moves through."),
    click.option("--advance", metavar="A", default=None,
                 help="A advances straight toward --to X Y, up to --spd: where it stops, what it moves through."),
    click.option("--to", "advance_to", nargs=2, type=FiniteRange(min=-1000, max=1000), metavar="X Y", default=None,
                 help="Where --advance heads: the point its centre moves toward, in inches."),
    click.option("--at", "thrown_at", metavar="C", default=None, help="Throw at model C instead of directly away."),
    click.option("--double-hand", is_flag=True,
                 help="A double-hand throw (MkII: the only throw that can go --at a model)."),
    click.option("--str", "strength", type=click.IntRange(1, 30), default=None,
                 help="The thrower's current STR (editions whose throw distance is half STR)."),
    click.option("--direction", type=FiniteRange(min=-360, max=360), default=None,
                 help="Trample heading, or the heading a thrower picks (MkII), in degrees counter-clockwise "
                      "from +x."),
    click.option("--miss", is_flag=True, help="The AOE attack (or the throw --at a model) missed."),
    click.option("--deviation-roll", type=click.IntRange(1, 6), default=None, help="The d6 for deviation direction."),
    click.option("--distance-roll", type=FiniteRange(min=0, max=36), default=None,
                 help="Deviation, slam or (MkIV) throw distance in inches, as rolled."),
    click.option("--seed", type=int, default=None,
                 help="Roll the deviation, slam or throw dice with this random seed."),
    click.option("--spd", type=FiniteRange(min=0, max=20), default=None,
                 help="The charger's, trampler's or slammer's SPD (with --slam: the slammer advances first)."),
    click.option("--stop-after", type=FiniteRange(min=0, max=40), default=None,
                 help="End the slam move (--slam with --spd) or the --charge this many inches along, which the "
                      "rules allow once the target is in range."),
    click.option("--power-strike", is_flag=True,
                 help="--slam is a huge base's power strike (MkIII): d6 plus its bonus."),
]


def move_options(command: F) -> F:
    """The options of a slam, a throw or a trample (shared with AOE deviation and charges)."""
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def distinct_models(option: str, pair: Pair | None) -> None:
    """A question about two models names two different ones."""
    if pair is not None and pair[0] == pair[1]:
        raise click.UsageError(f"{option} names {pair[0]!r} twice: give two different models")


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """One slam, throw or trample as asked on the command line."""

    slam: Pair | None = None
    throw: Pair | None = None
    trample: str | None = None
    at: str | None = None
    double_hand: bool = False
    strength: int | None = None
    direction: float | None = None
    miss: bool = False
    deviation_roll: int | None = None
    distance_roll: float | None = None
    seed: int | None = None
    spd: float | None = None
    power_strike: bool = False
    advance: str | None = None
    advance_to: tuple[float, float] | None = None
    stop_after: float | None = None

    @property
    def asked(self) -> bool:
        return any(v is not None for v in (self.slam, self.throw, self.trample, self.advance))

    def check(self) -> None:
        """Usage errors that need no board: options given for the wrong question."""
        distinct_models("--slam", self.slam)
        distinct_models("--throw", self.throw)
        if (self.at is not None or self.strength is not None or self.double_hand) and self.throw is None:
            raise click.UsageError("--at, --double-hand and --str are for --throw")
        if self.stop_after is not None and self.slam is not None and self.spd is None:
            raise click.UsageError("--stop-after with --slam needs --spd: it ends the slammer's own move")
        if self.stop_after is not None and (self.throw is not None or self.trample is not None
                                            or self.advance is not None):
            raise click.UsageError("--stop-after is for --slam with --spd and for --charge")
        if (self.advance is None) != (self.advance_to is None):
            raise click.UsageError("--advance A needs --to X Y, and --to is for --advance")
        if self.advance is not None and self.spd is None:
            raise click.UsageError("--advance needs --spd (the model's SPD)")
        if self.power_strike and (self.slam is None or self.spd is not None):
            raise click.UsageError("--power-strike is for --slam, without --spd (a power strike does not advance)")


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """What happened: the slammer's own move (a slam with --spd), the forced move of a slam or
    throw (None when the slam failed), the trample, or a plain advance; and the ids of who moved."""

    approach: LaneResult | None = None
    forced: ForcedResult | None = None
    lane: LaneResult | None = None
    walk: AdvanceResult | None = None
    mover: str = ""
    moved: str = ""
    answer: queries.Answer | None = None


def _piece(board: Board, name: str) -> Piece:
    if not board.has(name):
        known = ", ".join(p.id for p in board.pieces) or "none"
        fail(f"no model {name!r} on the board; its models are: {known}")
    return board.piece(name)


def resolve_move(board: Board, rules: GeometryRules, request: MoveRequest) -> MoveOutcome:
    """Check what the edition needs, then move: a slam, a throw or a trample."""
    rolled = random.Random(request.seed) if request.seed is not None else None
    try:
        if request.advance is not None:
            assert request.advance_to is not None and request.spd is not None
            walk = advance(board, rules, _piece(board, request.advance), request.advance_to, request.spd)
            return MoveOutcome(walk=walk, mover=request.advance, answer=queries.advance_answer(walk))
        if request.trample is not None:
            if request.spd is None or request.direction is None:
                raise click.UsageError("--trample needs --spd and --direction")
            lane = trample(board, rules, _piece(board, request.trample), request.direction, request.spd)
            return MoveOutcome(lane=lane, mover=request.trample, answer=queries.trample_answer(lane))
        if request.slam is not None:
            roll = _die(request.distance_roll, rolled, 6, "--slam needs --distance-roll (the d6 for slam distance) "
                                                          "or --seed")
            a, b = _piece(board, request.slam[0]), _piece(board, request.slam[1])
            refused = queries.slam_refusal(board, rules, a, b) if request.spd is not None else None
            if refused is not None:  # a slam power attack that cannot be declared: nobody moves
                return MoveOutcome(mover=a.id, moved=b.id, answer=refused)
            approach, forced = queries.slam_outcome(board, rules, a, b, roll, speed=request.spd,
                                                    power_strike=request.power_strike,
                                                    stop_after=request.stop_after)
            return MoveOutcome(approach, forced, mover=a.id, moved=b.id,
                               answer=queries.slam_answer(rules, a, b, approach, forced))
        assert request.throw is not None
        thrower, thrown = _piece(board, request.throw[0]), _piece(board, request.throw[1])
        forced = throw(board, rules, thrower, thrown, _throw_order(board, rules, request, rolled))
        return MoveOutcome(forced=forced, mover=thrower.id, moved=thrown.id, answer=queries.forced_answer(forced))
    except (ForcedMoveError, AdvanceError, LaneError) as exc:
        fail(str(exc))


def _throw_order(board: Board, rules: GeometryRules, request: MoveRequest,
                 rolled: random.Random | None) -> ThrowOrder:
    """The throw as the edition resolves it: the d6 or STR, the model thrown at, the deviation dice."""
    at, miss = request.at, request.miss
    if miss and at is None:
        raise click.UsageError("--miss with --throw is for a throw --at a model that missed")
    if at is not None and not rules.throw.at_model:
        raise click.UsageError("--at: in this edition a throw goes directly away from the thrower")
    if at is not None and rules.throw.at_model_double_hand and not request.double_hand:
        raise click.UsageError("--at: in this edition only a double-hand throw goes at a model: add --double-hand")
    if request.direction is not None and (at is not None or rules.throw.away_within_degrees is None):
        raise click.UsageError("--direction with --throw: only where the edition lets the thrower pick a "
                               "direction, and not with --at")
    order = ThrowOrder(at=_piece(board, at) if at is not None else None, missed=miss, heading=request.direction,
                       double_hand=request.double_hand)
    if rules.throw.distance == "d6":
        if request.strength is not None or request.deviation_roll is not None:
            raise click.UsageError("this edition throws d6 inches directly away: give only --distance-roll")
        return replace(order, roll=_die(request.distance_roll, rolled, 6, "--throw needs --distance-roll (the d6 "
                                                                          "for throw distance) or --seed"))
    if request.strength is None:
        raise click.UsageError("--throw needs --str: this edition throws half the thrower's STR")
    # A throw at a model that hits in range never deviates; where every throw deviates, one at a
    # model beyond the throw distance does, so its dice are taken when given.
    always = rules.throw.deviates == "always"
    deviates = (always and at is None) or (rules.throw.deviates != "never" and miss)
    given = request.deviation_roll is not None or request.distance_roll is not None
    dice = None
    if deviates or (always and (given or rolled is not None)):
        missing = "this throw deviates: give --deviation-roll and --distance-roll (a d3), or --seed"
        direction = request.deviation_roll if request.deviation_roll is not None else (
            rolled.randint(1, 6) if rolled is not None and request.distance_roll is None else None)
        if direction is None:
            raise click.UsageError(missing)
        dice = (direction, _die(request.distance_roll, rolled, 3, missing))
    elif given:
        raise click.UsageError("this throw does not deviate: leave out the deviation dice")
    return replace(order, strength=request.strength, dice=dice)


def _die(value: float | None, rolled: random.Random | None, faces: int, missing: str) -> float:
    """A die result given on the command line (checked against the die) or rolled with --seed."""
    if value is None:
        if rolled is None:
            raise click.UsageError(missing)
        return float(rolled.randint(1, faces))
    if value != int(value) or not 1 <= value <= faces:
        raise click.UsageError(f"a d{faces} roll is a whole number from 1 to {faces}, not {value:g}")
    return value


def movements(outcome: MoveOutcome) -> tuple[Movement, ...]:
    """The outcome as moves to draw: the slammer's advance, the moved model's path (through the
    spot the rule of least disturbance moved it from, if it did), the trampler's path, the advance
    (through where it took each ladder and where the ladder put it)."""
    drawn: list[Movement] = []
    if outcome.approach is not None:
        drawn.append(Movement(outcome.mover, (outcome.approach.start, outcome.approach.end),
                              tuple(outcome.approach.contacted)))
    if outcome.forced is not None:
        forced = outcome.forced
        settled = forced.settlement.displaced if forced.settlement else []
        own = [d for d in settled if d.id == outcome.moved]
        path = (forced.start, own[0].start, own[0].end) if own else (forced.start, forced.end)
        marks = (("point-of-impact", forced.point_of_impact),) if forced.point_of_impact else ()
        drawn.append(Movement(outcome.moved, path, tuple(forced.contacted),
                              tuple((d.id, d.end) for d in settled if d.id != outcome.moved), marks))
    if outcome.walk is not None:
        walk = outcome.walk
        hops = tuple(spot for use in walk.ladders for spot in (use.at, use.placed))
        drawn.append(Movement(outcome.mover, (walk.start, *hops, walk.end), ()))
    if outcome.lane is not None:
        lane = outcome.lane
        drawn.append(Movement(outcome.mover, (lane.start, lane.end), (*(lane.trampled or []), *lane.contacted),
                              marks=tuple((strike.id, strike.at) for strike in lane.free_strikes or [])))
    return tuple(drawn)
