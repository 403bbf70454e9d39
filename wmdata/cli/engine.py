"""Commands that run the rules interpreter: ``stats``, ``explain-attack``, ``rules``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

from wmdata.cli.board import apply_board
from wmdata.cli.numbers import FiniteRange
from wmdata.cli.options import content_option, content_registry, edition_option, fail, write_output
from wmdata.engine.attack import AttackError, AttackRequest, AttackUsageError, explain_attack
from wmdata.engine.board_attack import BlastOrigin
from wmdata.engine.coverage import coverage, format_coverage
from wmdata.engine.docs import effects_reference
from wmdata.engine.stats import explain_stats
from wmdata.model.effects import ATTACK_KIND_NAMES, STATE_NAMES
from wmdata.textsafe import terminal_safe

F = TypeVar("F", bound=Callable[..., Any])
ruleset_option = click.option("--ruleset", default=None, help="Ruleset id (default: the edition's own).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
POWER_ATTACKS = [k for k in ATTACK_KIND_NAMES if k not in ("blast", "spray", "mount", "impact", "collateral")]
_effect_option = click.option("--effect", "effects", multiple=True,
                              help="Rule/spell/feat on the attacker (repeatable); NAME=N applies a rule "
                                   "that stacks N times.")
_target_effect_option = click.option("--target-effect", "target_effects", multiple=True,
                                     help="Rule/spell/feat on the target (repeatable); NAME=N applies a rule "
                                          "that stacks N times.")
_blast_option = click.option("--blast", is_flag=True,
                             help="The target is under the AOE template, not directly hit: blast damage.")
_impact_option = click.option("--impact", is_flag=True, help="A cavalry impact attack with the mount weapon.")
_blast_from_option = click.option(
    "--blast-from", metavar="MODEL", default=None,
    help="With --board and --blast: the model the AOE hit (the point of impact is its centre; MkIV: the blast comes "
         "from the model itself). A target down in a trench or crater needs the origin of the blast.")
_point_option = click.option(
    "--point-of-impact", nargs=2, type=FiniteRange(min=-1000, max=1000), metavar="X Y", default=None,
    help="With --board and --blast: where a deviating AOE landed (MkII/MkIII), instead of --blast-from.")


def rules_in_play_options(command: F) -> F:
    """--ruleset, --effect and --target-effect, spelled the same for explain-attack and attack."""
    return ruleset_option(_effect_option(_target_effect_option(command)))


def attack_failed(exc: AttackError) -> NoReturn:
    """Stop on an attack that cannot be set up: options the rules do not take (a count on a
    rule that does not stack) are a usage error (status 2), anything else status 1."""
    if isinstance(exc, AttackUsageError):
        raise click.UsageError(str(exc))
    fail(str(exc))


def attack_kind_flags(command: F) -> F:
    """--blast (with its origin on a board) and --impact, spelled the same for explain-attack and attack."""
    return _blast_option(_blast_from_option(_point_option(_impact_option(command))))


def blast_origin(blast: bool, board_file: Path | None, model: str | None,
                 point: tuple[float, float] | None) -> BlastOrigin | None:
    """The origin of a blast on a board (None: no blast on a board), refusing an origin without
    both, or two origins."""
    given = "--blast-from" if model is not None else "--point-of-impact" if point is not None else None
    if given is not None and (not blast or board_file is None):
        raise click.UsageError(f"{given} is the origin of a blast on a board: it needs --blast and --board")
    if model is not None and point is not None:
        raise click.UsageError("give --blast-from or --point-of-impact, not both")
    return BlastOrigin(model, point) if blast and board_file is not None else None




@click.command()
@click.argument("model")
@click.option("--effect", "effects", multiple=True,
              help="Apply this rule, spell, feat, animus or card (repeatable); NAME=N applies a rule that stacks N "
                   "times.")
@click.option("--state", "states", multiple=True, type=click.Choice(STATE_NAMES), help="A state (repeatable).")
@edition_option
@ruleset_option
@json_option
@content_option
def stats(model: str, effects: tuple[str, ...], states: tuple[str, ...], edition: str | None,
          ruleset: str | None, as_json: bool, content_paths: tuple[Path, ...]) -> None:
    """Base and current stats of MODEL, with the modifiers behind every value."""
    registry = content_registry(content_paths, [edition])
    try:
        report = explain_stats(registry, model, edition, list(effects), list(states), ruleset)
    except AttackError as exc:
        attack_failed(exc)
    click.echo(json.dumps(report.as_json(), indent=2) if as_json else terminal_safe(report.as_text()))


@click.command("explain-attack")
@click.option("--attacker", required=True, help="Attacking model (id or name).")
@click.option("--weapon", default="", help="Weapon name, or a spell of the attacker (not with --power-attack).")
@click.option("--target", required=True, help="Target model (id or name).")
@edition_option
@rules_in_play_options
@click.option("--state", "states", multiple=True, type=click.Choice(STATE_NAMES),
              help="Charging, aiming, knocked_down, cover, ... (repeatable); each applies to its own side.")
@click.option("--boost", "boosts", multiple=True, type=click.Choice(["attack", "damage"]),
              help="Boost the attack or damage roll (e.g. with focus or fury).")
@click.option("--distance", type=FiniteRange(min=0), default=None, help="Inches between the models.")
@click.option("--target-state", "target_states", multiple=True, type=click.Choice(STATE_NAMES),
              help="A state put on the target whatever side it normally has, e.g. crippled_weapon for a crippled "
                   "shield arm (repeatable).")
@click.option("--power-attack", type=click.Choice(POWER_ATTACKS), default=None,
              help="Make this power attack of the ruleset instead of a weapon attack.")
@attack_kind_flags
@click.option("--board", "board_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Take range, cover, concealment, elevation, melee, back strike and Stealth distance from this "
                   "board; --attacker and --target are then ids on the board.")
@json_option
@content_option
def explain_attack_command(attacker: str, weapon: str, target: str, edition: str | None, ruleset: str | None,
                           effects: tuple[str, ...], target_effects: tuple[str, ...], states: tuple[str, ...],
                           boosts: tuple[str, ...], distance: float | None, target_states: tuple[str, ...],
                           power_attack: str | None, blast: bool, blast_from: str | None,
                           point_of_impact: tuple[float, float] | None, impact: bool, board_file: Path | None,
                           as_json: bool, content_paths: tuple[Path, ...]) -> None:
    """Run the rules over one attack and show the rolls they produce."""
    origin = blast_origin(blast, board_file, blast_from, point_of_impact)
    request = AttackRequest(attacker, weapon, target, edition, ruleset, list(effects), list(target_effects),
                            list(states), list(boosts), distance, list(target_states), power_attack, blast, impact)
    registry = content_registry(content_paths, [edition])
    geometry = None
    try:
        if board_file is not None:
            geometry = apply_board(request, board_file, registry, origin)
        result = explain_attack(registry, request)
    except AttackError as exc:
        attack_failed(exc)
    if as_json:
        data = result.as_json()
        if geometry is not None:
            data["board"] = geometry.as_json()
        click.echo(json.dumps(data, indent=2))
    else:
        click.echo(terminal_safe("\n".join([*(geometry.lines() if geometry is not None else []),
                                             result.as_text()])))


@click.group()
def rules() -> None:
    """The executable rule vocabulary."""


@rules.command("coverage")
@edition_option
@json_option
@content_option
def coverage_command(edition: str | None, as_json: bool, content_paths: tuple[Path, ...]) -> None:
    """Per edition: how many rules, spells, feats, animi and cards are executable (of the
    built-in content and the content packs given)."""
    reports = coverage(content_registry(content_paths, [edition]), edition)
    if as_json:
        click.echo(json.dumps([r.as_json() for r in reports], indent=2))
    else:
        click.echo(terminal_safe(format_coverage(reports)))


@rules.command("docs")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the page to this file instead of printing it.")
def docs_command(output: Path | None) -> None:
    """The effect-language reference page (Markdown)."""
    write_output(effects_reference(), output)
