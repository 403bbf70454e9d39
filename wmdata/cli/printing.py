"""Printing: ``wmdata card``/``cards`` (stat cards as HTML print sheets, SVG or text) and
``wmdata list print`` (list printouts)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from wmdata.army.listfile import read_list
from wmdata.army.loadout import choose_loadout, hardpoints_of
from wmdata.army.validate import validate_army
from wmdata.cli.options import (
    content_option,
    content_registry,
    edition_option,
    fail,
    output_option,
    paper_option,
    write_output,
)
from wmdata.content.library import content_version
from wmdata.content.places import display_name
from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.profiles import HardpointOption
from wmdata.render.cards import CardBuilder, faction_items, loadout_cards
from wmdata.render.cardsheet import CARD_FORMATS, render_cards
from wmdata.render.listprint import LIST_FORMATS, build_printout, render_printout

format_option = click.option("--format", "output_format", type=click.Choice(CARD_FORMATS), default="html",
                             show_default=True, help="HTML print sheet, SVG (fronts beside backs) or plain text.")


def find_model(registry: Registry, name: str, edition: str | None) -> RegistryItem:
    """The one model called ``name`` (id or name); otherwise exit 1 saying why."""
    found = registry.lookup(name, edition, lambda i: i.category.startswith("model:"))
    if found.found is None:
        fail(found.problem("model", edition))
    return found.found


def _loadout(item: RegistryItem, hardpoints: tuple[str, ...]) -> tuple[HardpointOption, ...]:
    """The options ``--hardpoint SLOT=OPTION`` choose, named as a list file names them;
    exit 1 naming every slot that is unknown, left out or given an option it does not have."""
    refs: dict[str, str] = {}
    for text in hardpoints:
        slot, sep, option = text.partition("=")
        if not sep or not slot.strip() or not option.strip():
            raise click.BadParameter(f"expected SLOT=OPTION, got {text!r}", param_hint="--hardpoint")
        if slot.strip() in refs:
            raise click.BadParameter(f"the {slot.strip()!r} hardpoint is given twice", param_hint="--hardpoint")
        refs[slot.strip()] = option.strip()
    if not hardpoints_of(item):
        fail(f"{item.name} has no hardpoints (its loadout is fixed); leave out --hardpoint")
    chosen, problems = choose_loadout(item, refs)
    if problems:
        fail("; ".join(problem.message + (f" (--hardpoint {problem.slot}=OPTION, one of: {problem.choices})"
                                          if problem.choices else f" ({problem.hint})") for problem in problems))
    return chosen


@click.command("card")
@click.argument("names", metavar="NAME...", nargs=-1, required=True)
@click.option("--hardpoint", "hardpoints", multiple=True, metavar="SLOT=OPTION",
              help="A MkIV warjack's loadout, one option per hardpoint as a list names it (repeatable; "
                   "one NAME only): the card shows these options, their cost and the weapons they fit.")
@edition_option
@format_option
@paper_option
@output_option
@content_option
def card_command(names: tuple[str, ...], hardpoints: tuple[str, ...], edition: str | None, output_format: str,
                 paper: str, output: Path | None, content_paths: tuple[Path, ...]) -> None:
    """Stat cards of the named models (ids or names); casters get a spell and feat card.
    With --content, cards of the models of content packs too (they must validate)."""
    if hardpoints and len(names) != 1:
        raise click.UsageError("--hardpoint chooses the loadout of one warjack: give one NAME")
    registry = content_registry(content_paths, [edition])
    builder = CardBuilder(registry)
    items = [find_model(registry, name, edition) for name in names]
    loadout = _loadout(items[0], hardpoints) if hardpoints else ()
    cards = [card for item in items for card in builder.cards_for(item, loadout)]
    write_output(render_cards(cards, output_format, paper, title=", ".join(names)), output)


@click.command("cards")
@click.option("--faction", required=True, help="Faction id or name, e.g. cygnar.")
@edition_option
@format_option
@paper_option
@output_option
@content_option
def cards_command(faction: str, edition: str | None, output_format: str, paper: str, output: Path | None,
                  content_paths: tuple[Path, ...]) -> None:
    """Every card of a faction, nine to a page with backs for duplex printing."""
    registry = content_registry(content_paths, [edition])
    items = faction_items(registry, edition, faction)
    if not items:
        factions = sorted({i.id for i in registry if i.category == "faction" and (not edition or i.edition == edition)})
        fail(f"no models of faction {faction!r}{f' in {edition}' if edition else ''}; "
             f"factions: {', '.join(factions)}")
    builder = CardBuilder(registry)
    cards = [card for item in items for card in builder.cards_for(item)]
    write_output(render_cards(cards, output_format, paper, title=f"{faction} cards"), output)


@click.command("print")
@click.argument("list_path", metavar="LIST", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "output_format", type=click.Choice(LIST_FORMATS), default="txt", show_default=True,
              help="Plain text in columns, Markdown, or an HTML page ready to print.")
@click.option("--with-cards", is_flag=True, help="Add the stat cards of every model in the list (MkIV "
              "warjacks with the loadout the list chose).")
@paper_option
@output_option
@content_option
def print_command(list_path: Path, output_format: str, with_cards: bool, paper: str, output: Path | None,
                  content_paths: tuple[Path, ...]) -> None:
    """A printout to hand in: entries, costs, points breakdown, validation result,
    share code, versions and the list digest.  Exit 1 when the list is not legal
    (the printout is written all the same and says why)."""
    try:
        raw = list_path.read_bytes()
    except OSError as exc:
        fail(f"cannot read {list_path}: {exc.strerror or exc}")
    loaded = read_list(raw)
    name = display_name(list_path)
    if loaded.army is None:
        for problem in loaded.problems:
            click.echo(problem.replace(file=name).format(), err=True)
        fail(f"{name} is not a readable list; nothing printed")
    registry = content_registry(content_paths, [loaded.army.edition])
    report = validate_army(loaded.army, loaded.source_map, name, registry)
    printout = build_printout(report, loaded.army, registry, content_version())
    cards = None
    if with_cards and report.resolved is not None:
        cards = loadout_cards(CardBuilder(registry), report.resolved.picks)
    write_output(render_printout(printout, output_format, cards, paper), output)
    if not report.legal:
        click.echo(f"wmdata: {name} is NOT legal ({printout.errors} errors); the printout lists them", err=True)
        sys.exit(1)
