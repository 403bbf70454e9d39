"""``wmdata list ...``: validate, show, share, edit, import and pair army lists."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from pydantic import ValidationError

from wmdata.army.edit import (
    EditError,
    Placement,
    add_model,
    create_list,
    new_list_text,
    place_list_schema,
    remove_model,
)
from wmdata.army.listfile import peek_edition, read_list, validate_list_bytes
from wmdata.army.packuse import recording_packs
from wmdata.army.pairing import check_pair
from wmdata.army.sharecode import ShareCodeError, decode, encode, list_digest
from wmdata.army.textimport import UNKNOWN, list_from_text
from wmdata.army.validate import ListReport, report_json, report_text
from wmdata.atomic import WriteError
from wmdata.cli.lazy import LazyGroup
from wmdata.cli.options import content_option, content_registry, fail, strict_option
from wmdata.content.places import display_name
from wmdata.content.registry import Registry
from wmdata.diagnostics import Severity, apply_strict, has_errors
from wmdata.model.common import EDITIONS
from wmdata.model.lists import ArmyList, CasterChoice
from wmdata.numbers import quoted
from wmdata.wording import counted

list_file = click.argument("list_path", metavar="LIST", type=click.Path(exists=True, dir_okay=False, path_type=Path))




def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")


def _report(path: Path, registry: Registry, strict: bool = False, raw: bytes | None = None) -> ListReport:
    report = validate_list_bytes(_read(path) if raw is None else raw, display_name(path), registry)
    report.diagnostics = apply_strict(report.diagnostics, strict)
    return report


def legality_summary(report: ListReport) -> str:
    """After an edit: legal or not, and every problem as ``list validate`` prints it, so the
    player sees what is missing without running another command."""
    errors = sum(1 for d in report.diagnostics if d.severity is Severity.ERROR)
    warnings = len(report.diagnostics) - errors
    counts = [counted(n, noun) for n, noun in ((errors, "error"), (warnings, "warning")) if n]
    head = f"the list is {'legal' if report.legal else 'not legal yet'}" + (f": {', '.join(counts)}" if counts else "")
    return "\n".join([head, *(f"  {d.format()}" for d in report.diagnostics)])


def _reports(paths: tuple[Path, ...], content_paths: tuple[Path, ...], strict: bool = False) -> list[ListReport]:
    """Each list read once, checked against the content (built-in and packs) of the
    editions the lists name (all three editions if that is unclear)."""
    raws = [_read(path) for path in paths]
    registry = content_registry(content_paths, [peek_edition(raw) for raw in raws])
    return [_report(path, registry, strict, raw) for path, raw in zip(paths, raws, strict=True)]


@click.group("list", cls=LazyGroup, lazy={"print": "wmdata.cli.printing:print_command"})
def list_group() -> None:
    """Army lists: build them, check them, share them."""


@list_group.command("validate")
@click.argument("paths", metavar="LIST...", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@strict_option
@content_option
def validate_command(paths: tuple[Path, ...], output_format: str, strict: bool, content_paths: tuple[Path, ...]
                     ) -> None:
    """Check lists against their edition's construction rules: points breakdown, then
    every problem with its code, location and a hint.  Exit 0 when all are legal."""
    reports = _reports(paths, content_paths, strict)
    if output_format == "json":
        click.echo(json.dumps([report_json(r) for r in reports], indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join(report_text(r) for r in reports))
    sys.exit(0 if all(r.legal for r in reports) else 1)


@list_group.command("show")
@list_file
@content_option
def show_command(list_path: Path, content_paths: tuple[Path, ...]) -> None:
    """The resolved list with the cost of every choice, its share code and its digest
    (compare the digest with the one on a printout to see the list was not edited)."""
    [report] = _reports((list_path,), content_paths)
    click.echo(report_text(report))
    if report.resolved is not None:
        click.echo(f"  share code: {encode(report.resolved.army)}")
        click.echo(f"  list digest: {list_digest(report.resolved.army)}")


@list_group.command("code")
@list_file
def code_command(list_path: Path) -> None:
    """Print the list's share code (compact, URL-safe, versioned)."""
    loaded = read_list(list_path.read_bytes())
    if loaded.army is None:
        first = loaded.problems[0]
        fail(f"{display_name(list_path)}:{first.line}:{first.col}: {first.message} ({first.code})")
    click.echo(encode(loaded.army))


@list_group.command("decode")
@click.argument("code")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the list to this file instead of printing it.")
@click.option("--force", is_flag=True, help="Replace an existing output file.")
def decode_command(code: str, output: Path | None, force: bool) -> None:
    """Turn a share code back into a list file."""
    try:
        army = decode(code)
    except ShareCodeError as exc:
        fail(str(exc))
    _emit(army, output, force)


def _emit(army: ArmyList, output: Path | None, force: bool) -> None:
    """Print the list, or write it to ``output`` (atomically; an existing file needs --force)."""
    if output is None:
        click.echo(new_list_text(army), nl=False)
        return
    try:
        create_list(output, army, force=force)
    except (EditError, WriteError) as exc:
        fail(str(exc))
    click.echo(f"wrote {output}")
    try:
        schema = place_list_schema(output.resolve().parent)
    except WriteError as exc:  # the list is written and valid; only the editor hint lacks its schema
        click.echo(f"wmdata: warning: {exc}; editors will not find the list's schema", err=True)
        return
    if schema is not None:
        click.echo(f"wrote {schema.name} beside it (the schema editors check the list with)")


@list_group.command("new")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--edition", type=click.Choice(EDITIONS), required=True)
@click.option("--faction", required=True, help="Faction id, e.g. cygnar.")
@click.option("--level", required=True, help="Encounter level id, e.g. skirmish.")
@click.option("--points", type=click.IntRange(0, 1000), required=True)
@click.option("--caster", default=None, help="The first warcaster or warlock (id or name).")
@click.option("--army", "army_id", default=None, help="MkIV army id.")
@click.option("--theme", default=None, help="MkIII theme force or MkII tier id.")
@click.option("--contract", default=None, help="MkII mercenary contract id.")
@click.option("--name", default=None, help="A name for the list.")
@click.option("--force", is_flag=True, help="Replace an existing file.")
@content_option
def new_command(path: Path, edition: str, faction: str, level: str, points: int, caster: str | None,
                army_id: str | None, theme: str | None, contract: str | None, name: str | None, force: bool,
                content_paths: tuple[Path, ...]) -> None:
    """Start a list file."""
    registry = content_registry(content_paths, [edition])
    casters = []
    if caster is not None:
        found = registry.lookup(caster, edition, lambda i: i.category in ("model:warcaster", "model:warlock"))
        if found.found is None:
            fail(found.problem("caster", edition))
        casters = [CasterChoice(model=found.found.name)]
    fields = {"edition": edition, "faction": faction, "level": level, "points": points, "army": army_id,
              "theme": theme, "contract": contract, "name": name}
    try:
        army = ArmyList.model_validate({k: v for k, v in fields.items() if v is not None}
                                       | {"casters": [c.model_dump() for c in casters]})
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        fail(f"--{'.'.join(map(str, first['loc']))}: {first['msg'].lower()}")
    _emit(recording_packs(army, registry), path, force)


def _placement(caster: str | None, unit: str | None, marshal: str | None, size: str | None, count: int,
               hardpoints: tuple[str, ...]) -> Placement:
    pairs = []
    for text in hardpoints:
        slot, sep, option = text.partition("=")
        if not sep or not slot.strip() or not option.strip():
            raise click.BadParameter(f"expected SLOT=OPTION, got {text!r}", param_hint="--hardpoint")
        pairs.append((slot.strip(), option.strip()))
    return Placement(caster, unit, marshal, size, count, tuple(pairs))


CHOICE_OPTIONS = {"caster": "--caster NAME", "unit": "--unit NAME"}
"""How ``list add`` is told the choice an :class:`EditError` asks for."""


@list_group.command("add")
@list_file
@click.argument("model")
@click.option("--caster", default=None, help="Whose battlegroup a warjack/warbeast joins.")
@click.option("--unit", default=None, help="Which unit an attachment joins.")
@click.option("--marshal", default=None, help="The unit or solo whose 'jack marshal controls the warjack.")
@click.option("--size", type=click.Choice(["min", "max", "fixed"]), default=None, help="Unit size.")
@click.option("--count", type=click.IntRange(1, 100), default=1, help="Solos bought several times.")
@click.option("--hardpoint", "hardpoints", multiple=True, metavar="SLOT=OPTION", help="MkIV hardpoint choice.")
@content_option
def add_command(list_path: Path, model: str, caster: str | None, unit: str | None, marshal: str | None,
                size: str | None, count: int, hardpoints: tuple[str, ...], content_paths: tuple[Path, ...]) -> None:
    """Add MODEL (or a command card) where it belongs, keeping comments and layout; a
    model of a content pack also records the pack in the list."""
    registry = content_registry(content_paths, [peek_edition(_read(list_path))])
    try:
        message = add_model(list_path, registry, model, _placement(caster, unit, marshal, size, count, hardpoints))
    except EditError as exc:
        fail(f"{exc} with {CHOICE_OPTIONS[exc.choice]}" if exc.choice else str(exc))
    except OSError as exc:
        fail(str(exc))
    click.echo(message)
    click.echo(legality_summary(_report(list_path, registry)))


@list_group.command("remove")
@list_file
@click.argument("model")
@content_option
def remove_command(list_path: Path, model: str, content_paths: tuple[Path, ...]) -> None:
    """Remove the last MODEL (or command card) from the list."""
    registry = content_registry(content_paths, [peek_edition(_read(list_path))])
    try:
        click.echo(remove_model(list_path, registry, model))
    except (EditError, OSError) as exc:
        fail(str(exc))


@list_group.command("import")
@click.argument("path", metavar="FILE.txt", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the list here (default: print it).")
@click.option("--edition", type=click.Choice(EDITIONS), default=None)
@click.option("--faction", default=None)
@click.option("--level", default=None)
@click.option("--points", type=click.IntRange(0, 1000), default=None)
@click.option("--force", is_flag=True, help="Replace an existing output file.")
@content_option
def import_command(path: Path, output: Path | None, edition: str | None, faction: str | None, level: str | None,
                   points: int | None, force: bool, content_paths: tuple[Path, ...]) -> None:
    """Turn a pasted plain-text list into a list file; lines that cannot be matched are
    reported (exit 1 when any line was not understood), and so are printed costs that
    differ from what the chosen size or options cost (a warning)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {path}: {exc}")
    registry = content_registry(content_paths, [edition])
    result = list_from_text(text, registry, edition, faction, level, points)
    name = display_name(path)
    for number, line, reason in result.unmatched:
        click.echo(f"{name}:{number}:1: [warning] {reason}: {quoted(line, 80)} (import-unmatched)", err=True)
    for number, line, reason in result.costs:
        click.echo(f"{name}:{number}:1: [warning] {reason}: {quoted(line, 80)} (import-cost)", err=True)
    if result.found_nothing():
        fail(f"{name}: no army list found: no line names a model or command card; nothing written")
    data = result.data
    if data["faction"] == UNKNOWN:
        fail(f"{name}: cannot tell the faction from the models found; give it with --faction; nothing written")
    try:
        army = ArmyList.model_validate(data)
    except ValidationError as exc:
        fail(f"could not build a list from {path}: {exc.errors(include_url=False)[0]['msg'].lower()}")
    _emit(recording_packs(army, registry), output, force)
    sys.exit(1 if result.unmatched else 0)



@list_group.command("check-pair")
@click.argument("first", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("second", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@strict_option
@content_option
def check_pair_command(first: Path, second: Path, strict: bool, content_paths: tuple[Path, ...]) -> None:
    """Check two lists as a tournament pair (same edition, faction and level; no
    character in both; different themes), after checking each list."""
    reports = _reports((first, second), content_paths, strict)
    problems = apply_strict(check_pair(*reports), strict)
    for report in reports:
        click.echo(f"{report.file}: {'legal' if report.legal else 'NOT legal'}")
        for d in report.diagnostics:
            click.echo(f"  {d.format()}")
    for d in problems:
        click.echo(d.format())
    bad = has_errors(problems) or not all(r.legal for r in reports)
    click.echo(f"pair: {'NOT legal' if bad else 'legal'}")
    sys.exit(1 if bad else 0)
