"""List printouts: what an organiser reads at the registration table.

Every entry with its cost and battlegroup, the points breakdown against the encounter
level, the validation result (with every diagnostic when the list is illegal), the share
code, the wmdata and content versions (and the content packs the list records), and the
list digest: the hash of the list's data that ``wmdata list show`` prints again from the
submitted file, so a list edited after printing no longer matches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wmdata import __version__
from wmdata.army.points import Line
from wmdata.army.sharecode import encode, list_digest
from wmdata.army.validate import ListReport
from wmdata.content.registry import Registry, RegistryItem
from wmdata.diagnostics import Severity
from wmdata.model.lists import ArmyList
from wmdata.model.provenance import status
from wmdata.render.cardsheet import cards_text
from wmdata.render.environment import render
from wmdata.render.sheets import paginate, paper
from wmdata.render.views import Card

LIST_FORMATS = ("txt", "md", "html")
EDITION_NAMES = {"mk2": "MkII", "mk3": "MkIII", "mk4": "MkIV"}
POINT_WORDS = {"warcaster": "warjack", "warlock": "warbeast"}


@dataclass(frozen=True, slots=True)
class Row:
    count: int
    label: str
    cost: str
    indent: int = 0


@dataclass(slots=True)
class Section:
    heading: str
    rows: list[Row] = field(default_factory=list)
    summary: str = ""


@dataclass(slots=True)
class Printout:
    file: str
    title: str
    subtitle: str
    sections: list[Section]
    total: str
    legal: bool
    errors: int
    warnings: int
    diagnostics: list[str]
    share_code: str
    digest: str
    wmdata_version: str
    content_version: str
    packs: str = ""
    """the content packs the list records, as 'id version, ...'"""
    unconfirmed: bool = False
    """a row carries UNCONFIRMED_MARK: the printout explains it below the list"""


UNCONFIRMED_MARK = "[?]"
"""After a model whose numbers no seed or reference data confirms (docs/provenance.md)."""


def _mark(item: RegistryItem) -> str:
    """The mark after a model's name when no seed or reference data confirms its numbers;
    before the options, so that a long line cut to the page width keeps it."""
    return f" {UNCONFIRMED_MARK}" if status(getattr(item.entry, "provenance", None)) == "unconfirmed" else ""


def _row(line: Line) -> Row:
    pick = line.pick
    label = pick.item.name + _mark(pick.item)
    details = []
    if pick.size is not None and len(getattr(pick.item.entry, "sizes", [])) > 1:
        details.append(f"{pick.size.label}, {pick.size.models} models")
    details += [option.name for option in pick.options]
    if details:
        label += f" ({', '.join(details)})"
    if pick.free:
        label += " [free]"
    cost = str(line.cost)
    if pick.count > 1 and line.cost:
        cost += f" ({line.cost // pick.count} ea.)"
    indent = 1 if pick.role in ("attachment", "marshalled") else 0
    return Row(pick.count, label, cost, indent)


def _merged(rows: list[Row]) -> list[Row]:
    """Consecutive identical entries on one line, as the rulebooks print them
    ("3 Defender ... 27 (9 ea.)")."""
    merged: list[Row] = []
    for row in rows:
        last = merged[-1] if merged else None
        if last is not None and last.label == row.label and last.indent == row.indent and row.count == 1 \
                and last.cost.split(" ")[0].isdigit() and row.cost.isdigit():
            each = int(row.cost)
            count = last.count + 1
            cost = f"{each * count} ({each} ea.)" if each else "0"
            merged[-1] = Row(count, row.label, cost, row.indent)
        else:
            merged.append(row)
    return merged


def _sections(report: ListReport) -> tuple[list[Section], str]:
    context = report.context
    if context is None:
        return [], ""
    points = context.points
    sections = []
    for group in points.battlegroups:
        caster = group.caster.item
        kind = caster.category.split(":", 1)[-1]
        words = POINT_WORDS.get(kind, "battlegroup")
        heading = f"{kind.capitalize()}: {caster.name}{_mark(caster)}"
        heading += f" (+{group.granted} {words} points)" if group.granted else ""
        section = Section(heading, _merged([_row(line) for line in group.lines]))
        section.summary = f"battlegroup {group.cost}"
        if group.granted:
            section.summary += f": {group.from_granted} from {words} points, {group.from_army} from army points"
            section.summary += f", {group.lost} {words} points lost" if group.lost else ""
        sections.append(section)
    if points.others:
        heading = "Support" if context.resolved.army.edition == "mk2" else "Units and solos"
        sections.append(Section(heading, _merged([_row(line) for line in points.others]),
                                f"{heading.lower()} {sum(line.cost for line in points.others)}"))
    if points.cards:
        sections.append(Section("Command cards", [Row(1, name, str(cost)) for name, cost in points.cards]))
    bonus_kinds = {POINT_WORDS.get(g.caster.item.category.split(":", 1)[-1], "battlegroup")
                   for g in points.battlegroups if g.granted}
    bonus = f" ({points.army_spent} + {points.granted_used} {'/'.join(sorted(bonus_kinds))} points)" \
        if points.granted else ""
    total = f"Total {points.total}{bonus}; {points.army_spent} of {points.level_points} army points spent"
    return sections, total


def build_printout(report: ListReport, army: ArmyList, registry: Registry, content_version: str) -> Printout:
    context = report.context
    level = context.level.name if context is not None and context.level else army.level
    faction = registry.get(army.edition, army.faction)
    game = str(getattr(faction.entry, "game", "")).upper() if faction is not None else ""
    faction_name = faction.name if faction is not None else army.faction
    def named(ref: str | None, category: str) -> str:
        item = registry.lookup(ref, army.edition, lambda i: i.category == category).found if ref else None
        return item.name if item is not None else (ref or "")

    extras = [value for value in (named(army.army, "army"), army.theme and f"theme: {named(army.theme, 'theme_force')}",
                                  army.contract and f"contract: {named(army.contract, 'theme_force')}",
                                  army.arena and f"{army.arena} arena") if value]
    subtitle = f"{game} {EDITION_NAMES[army.edition]} - {faction_name}".strip()
    subtitle += f" ({', '.join(extras)})" if extras else ""
    subtitle += f" - {level}, {army.points} points"
    sections, total = _sections(report)
    errors = sum(d.severity is Severity.ERROR for d in report.diagnostics)
    return Printout(
        file=report.file, title=army.name or "Army list", subtitle=subtitle, sections=sections, total=total,
        legal=report.legal, errors=errors, warnings=len(report.diagnostics) - errors,
        diagnostics=[d.format() for d in report.diagnostics], share_code=encode(army), digest=list_digest(army),
        wmdata_version=__version__, content_version=content_version,
        packs=", ".join(f"{use.id} {use.version}" for use in army.packs),
        unconfirmed=any(f" {UNCONFIRMED_MARK}" in text for section in sections
                        for text in [section.heading, *(row.label for row in section.rows)]),
    )


def render_printout(printout: Printout, output_format: str, cards: list[Card] | None = None,
                    paper_name: str = "a4") -> str:
    """The printout as txt (columns like the rulebooks' sample armies), md or html;
    with ``cards`` the stat cards follow (as text, or as print-sheet pages)."""
    if output_format == "html":
        pages = paginate(cards) if cards else []
        return render("lists/list.html.j2", p=printout, pages=pages, paper=paper(paper_name))
    text = render(f"lists/list.{output_format}.j2", p=printout)
    if cards and output_format == "md":
        text += "\n" + markdown_code_block(cards_text(cards))
    elif cards:
        text += "\n" + cards_text(cards)
    return text


def markdown_code_block(text: str) -> str:
    """``text`` as a fenced code block, which Markdown shows verbatim (no HTML, no links);
    the fence is longer than any run of backticks inside, so the text cannot close it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text.rstrip()}\n{fence}\n"
