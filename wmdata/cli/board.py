"""``wmdata board``: check a board file, answer geometric queries on it, draw it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import click

from wmdata.army.listfile import peek_edition
from wmdata.cli.board_moves import MoveRequest, distinct_models, move_options, movements, resolve_move
from wmdata.cli.numbers import FiniteRange
from wmdata.cli.options import content_option, content_registry, fail, write_output
from wmdata.content.registry import Registry
from wmdata.diagnostics import report_json, report_text
from wmdata.engine.attack import AttackRequest
from wmdata.engine.board import BoardSetup, load_board
from wmdata.engine.board_attack import BlastOrigin, BoardAttack, board_attack
from wmdata.geometry import queries
from wmdata.geometry.board import Board, Piece
from wmdata.geometry.lanes import LaneError
from wmdata.geometry.los import line_of_sight
from wmdata.geometry.templates import aoe as area_of_effect
from wmdata.geometry.templates import spray as spray_area
from wmdata.render.board import Overlay, board_svg

board_argument = click.argument("board_file", metavar="BOARD.yaml",
                                type=click.Path(exists=True, dir_okay=False, path_type=Path))


def _read(path: Path, content_paths: tuple[Path, ...], registry: Registry | None = None) -> BoardSetup:
    """Load a board against the built-in content plus the packs given (or ``registry``)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    return load_board(raw, str(path), registry or content_registry(content_paths, [peek_edition(raw)]))


def read_setup(path: Path, content_paths: tuple[Path, ...] = (), registry: Registry | None = None) -> BoardSetup:
    """Load a board or print its diagnostics and exit 1."""
    setup = _read(path, content_paths, registry)
    if setup.problems:
        click.echo(report_text(setup.problems, 1), err=True)
        raise SystemExit(1)
    return setup


def apply_board(request: AttackRequest, board_file: Path, registry: Registry,
                blast: BlastOrigin | None = None) -> BoardAttack:
    """Fill an attack request from a board: content ids, edition, ruleset, states and distance
    (for ``explain-attack --board`` and ``attack --board``); ``blast``: the origin of a blast
    the target suffers, which a trench or crater may spare it."""
    if request.distance is not None:
        raise click.UsageError("--distance comes from the board when --board is given")
    try:
        named = peek_edition(board_file.read_bytes())
    except OSError as exc:
        fail(f"cannot read {board_file}: {exc.strerror or exc}")
    if request.edition is not None and named not in (None, request.edition):
        raise click.UsageError(f"the board is {named}, not {request.edition}")
    setup = read_setup(board_file, registry=registry)
    assert setup.file is not None
    if request.edition not in (None, setup.file.edition):
        raise click.UsageError(f"the board is {setup.file.edition}, not {request.edition}")
    geometry = board_attack(registry, setup, request.attacker, request.target, request.weapon, blast,
                            request.power_attack)
    request.attacker, request.target = geometry.attacker, geometry.target
    request.edition, request.ruleset = setup.file.edition, request.ruleset or setup.file.ruleset
    request.states = list(dict.fromkeys([*request.states, *geometry.states]))
    request.distance = geometry.distance
    request.target_side = geometry.target_side
    return geometry


def piece(board: Board, name: str) -> Piece:
    if not board.has(name):
        known = ", ".join(p.id for p in board.pieces) or "none"
        fail(f"no model {name!r} on the board; its models are: {known}")
    return board.piece(name)


@click.group("board")
def board_group() -> None:
    """Boards: models and terrain on a table, with each edition's geometry rules."""


@board_group.command("check")
@board_argument
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@content_option
def check_command(board_file: Path, output_format: str, content_paths: tuple[Path, ...]) -> None:
    """Check a board file: schema, content ids, bases on the table and not overlapping, terrain shapes."""
    setup = _read(board_file, content_paths)
    click.echo(report_json(setup.problems, 1) if output_format == "json" else report_text(setup.problems, 1))
    raise SystemExit(1 if setup.problems else 0)


Pair = tuple[str, str]


@board_group.command("query")
@board_argument
@click.option("--distance", nargs=2, metavar="A B", default=None, help="Edge-to-edge distance in inches.")
@click.option("--los", nargs=2, metavar="A B", default=None, help="Line of sight from A to B, with DEF modifiers.")
@click.option("--cover", nargs=2, metavar="A B", default=None, help="DEF modifiers of B against A's shot.")
@click.option("--attack", nargs=2, metavar="A B", default=None,
              help="Every geometric modifier of A attacking B (see --attack-type).")
@click.option("--control", nargs=2, metavar="A B", default=None, help="Is B within caster A's control range?")
@click.option("--command", "command_range", nargs=2, metavar="A B", default=None,
              help="Is B within A's command range (MkII/MkIII)?")
@click.option("--melee", nargs=2, metavar="A B", default=None,
              help="Is B in A's melee range, and whom is each in melee with?")
@click.option("--aoe", metavar="TARGET", default=None,
              help="Models an AOE centred on TARGET affects, and those a trench or crater spares its blast damage.")
@click.option("--spray", nargs=2, metavar="A B", default=None, help="Models A's spray aimed at B touches.")
@click.option("--charge", nargs=2, metavar="A B", default=None, help="A charges B: path, stop, melee range.")
@click.option("--size", type=FiniteRange(min=0.5, max=20), default=None, help="AOE size in inches.")
@click.option("--from", "origin", metavar="A", default=None, help="The attacker of an AOE (for a miss).")
@click.option("--rng", type=FiniteRange(min=0, max=100), default=None, help="Weapon RNG (for an AOE miss).")
@click.option("--template", type=FiniteRange(min=1, max=20), default=None,
              help="Spray length: SP 6, 8 or 10 (MkII/MkIII template) or the RNG (MkIV line).")
@click.option("--attack-type", type=click.Choice(["ranged", "magic", "arcane", "melee"]), default="ranged",
              show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@move_options
@content_option
def query_command(board_file: Path, distance: Pair | None, los: Pair | None, cover: Pair | None,
                  attack: Pair | None, control: Pair | None, command_range: Pair | None, melee: Pair | None,
                  aoe: str | None, spray: Pair | None, charge: Pair | None, slam: Pair | None,
                  throw_pair: Pair | None, trample: str | None, thrown_at: str | None, double_hand: bool,
                  strength: int | None, direction: float | None, size: float | None, origin: str | None, miss: bool,
                  rng: float | None,
                  deviation_roll: int | None, distance_roll: float | None, seed: int | None,
                  template: float | None, spd: float | None, power_strike: bool, advance: str | None,
                  advance_to: tuple[float, float] | None, stop_after: float | None, attack_type: str, as_json: bool,
                  content_paths: tuple[Path, ...]) -> None:
    """Answer one question about BOARD.yaml, by the rules of its edition."""
    asked = [name for name, value in (("--distance", distance), ("--los", los), ("--cover", cover),
             ("--attack", attack), ("--control", control), ("--command", command_range), ("--melee", melee),
             ("--aoe", aoe), ("--spray", spray), ("--charge", charge), ("--slam", slam), ("--throw", throw_pair),
             ("--trample", trample), ("--advance", advance)) if value is not None]
    if len(asked) != 1:
        raise click.UsageError("give exactly one of --distance, --los, --cover, --attack, --control, --command, "
                               "--melee, --aoe, --spray, --charge, --slam, --throw, --trample, --advance")
    for option, pair in (("--los", los), ("--cover", cover), ("--attack", attack), ("--melee", melee),
                         ("--spray", spray), ("--charge", charge)):
        distinct_models(option, pair)  # a distance, control or command range to itself is a fair question
    moves = MoveRequest(slam, throw_pair, trample, thrown_at, double_hand, strength, direction, miss, deviation_roll,
                        distance_roll, seed, spd, power_strike, advance, advance_to, stop_after)
    moves.check()
    if stop_after is not None and charge is None and slam is None:
        raise click.UsageError("--stop-after is for --slam with --spd and for --charge")
    if direction is not None and trample is None and throw_pair is None:
        raise click.UsageError("--direction is for --trample and --throw")
    setup = read_setup(board_file, content_paths)
    assert setup.board is not None and setup.rules is not None
    board, rules = setup.board, setup.rules
    answer: queries.Answer
    if distance is not None:
        answer = queries.distance(piece(board, distance[0]), piece(board, distance[1]))
    elif los is not None:
        answer = queries.sight(board, rules, piece(board, los[0]), piece(board, los[1]), attack_type)
    elif cover is not None:
        answer = queries.cover(board, rules, piece(board, cover[0]), piece(board, cover[1]), attack_type)
    elif attack is not None:
        answer = queries.attack(board, rules, piece(board, attack[0]), piece(board, attack[1]), attack_type)
    elif control is not None:
        answer = queries.reach(piece(board, control[0]), piece(board, control[1]), "control")
    elif command_range is not None:
        answer = queries.reach(piece(board, command_range[0]), piece(board, command_range[1]), "command")
    elif melee is not None:
        answer = queries.melee(board, rules, piece(board, melee[0]), piece(board, melee[1]))
    elif aoe is not None:
        if size is None:
            raise click.UsageError("--aoe needs --size")
        target = piece(board, aoe)
        attacker = piece(board, origin) if origin is not None else None
        if miss and (attacker is None or rng is None):
            raise click.UsageError("a missed AOE needs --from ATTACKER and --rng")
        dice = _deviation_dice(miss and rules.aoe.mode == "template", deviation_roll, distance_roll, seed)
        answer = queries.area(board, rules, attacker, target, size, rng, miss, dice)
    elif spray is not None:
        if template is None:
            raise click.UsageError("--spray needs --template (the spray's length in inches)")
        answer = queries.spray_query(board, rules, piece(board, spray[0]), piece(board, spray[1]), template)
    elif charge is not None:
        if spd is None:
            raise click.UsageError("--charge needs --spd")
        try:
            answer = queries.charge_query(board, rules, piece(board, charge[0]), piece(board, charge[1]), spd,
                                          stop_after)
        except LaneError as exc:
            fail(str(exc))
    else:
        outcome = resolve_move(board, rules, moves)
        assert outcome.answer is not None
        answer = outcome.answer
    click.echo(json.dumps(answer.data, indent=2) if as_json else answer.text)


def _deviation_dice(miss: bool, direction: int | None, distance: float | None,
                    seed: int | None) -> tuple[int, float] | None:
    if not miss:
        if direction is not None or distance is not None or seed is not None:
            raise click.UsageError("deviation dice are for a missed AOE with a template (MkII/MkIII): add --miss")
        return None
    if direction is not None and distance is not None:
        return direction, distance
    if seed is not None and direction is None and distance is None:
        dice = random.Random(seed)
        return dice.randint(1, 6), float(dice.randint(1, 6))
    raise click.UsageError("a missed AOE needs --deviation-roll and --distance-roll, or --seed")


@board_group.command("render")
@board_argument
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The SVG file to write (atomically).")
@click.option("--scale", type=FiniteRange(min=2, max=100), default=20, show_default=True,
              help="Pixels to the inch.")
@click.option("--los", nargs=2, metavar="A B", default=None, help="Draw the lines of A's line of sight to B.")
@click.option("--aoe", metavar="TARGET", default=None, help="Draw an AOE on TARGET (with --size).")
@click.option("--size", type=FiniteRange(min=0.5, max=20), default=None, help="AOE size in inches.")
@click.option("--spray", nargs=2, metavar="A B", default=None, help="Draw A's spray at B (with --template).")
@click.option("--template", type=FiniteRange(min=1, max=20), default=None, help="Spray length in inches.")
@move_options
@content_option
def render_command(board_file: Path, output: Path, scale: float, los: Pair | None, aoe: str | None,
                   size: float | None, spray: Pair | None, template: float | None, slam: Pair | None,
                   throw_pair: Pair | None, trample: str | None, thrown_at: str | None, double_hand: bool,
                   strength: int | None, direction: float | None, miss: bool, deviation_roll: int | None,
                   distance_roll: float | None, seed: int | None, spd: float | None, power_strike: bool,
                   advance: str | None, advance_to: tuple[float, float] | None, stop_after: float | None,
                   content_paths: tuple[Path, ...]) -> None:
    """Draw BOARD.yaml to scale as SVG: bases, front arcs, melee ranges, terrain, and overlays
    (a slam, throw or trample takes the options of ``board query``)."""
    if (aoe is None) != (size is None) or (spray is None) != (template is None):
        raise click.UsageError("--aoe needs --size and --spray needs --template")
    moves = MoveRequest(slam, throw_pair, trample, thrown_at, double_hand, strength, direction, miss, deviation_roll,
                        distance_roll, seed, spd, power_strike, advance, advance_to, stop_after)
    moves.check()
    if stop_after is not None and slam is None:
        raise click.UsageError("--stop-after is for --slam with --spd here")
    if sum(value is not None for value in (slam, throw_pair, trample, advance)) > 1:
        raise click.UsageError("draw at most one of --slam, --throw, --trample, --advance")
    if not moves.asked and (miss or power_strike or any(v is not None for v in (
            direction, deviation_roll, distance_roll, seed, spd))):
        raise click.UsageError("--miss, --direction, the dice, --seed, --spd and --power-strike are for --slam, "
                               "--throw, --trample or --advance here")
    setup = read_setup(board_file, content_paths)
    assert setup.board is not None and setup.rules is not None
    board, rules = setup.board, setup.rules
    sight = line_of_sight(board, rules, piece(board, los[0]), piece(board, los[1])) if los else None
    areas = []
    if aoe is not None and size is not None:
        areas.append(area_of_effect(board, rules, None, piece(board, aoe), size))
    if spray is not None and template is not None:
        areas.append(spray_area(board, rules, piece(board, spray[0]), piece(board, spray[1]), template))
    drawn = movements(resolve_move(board, rules, moves)) if moves.asked else ()
    svg = board_svg(board, title=board_file.name, front_arc=rules.front_arc_degrees, scale=scale,
                    overlay=Overlay(sight, tuple(areas), drawn))
    write_output(svg, output)
