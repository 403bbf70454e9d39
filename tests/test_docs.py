"""The hand-written documentation: every link points at a page (and heading) that exists, and
every `wmdata` command line shown in the docs names real commands and options."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from tests.conftest import ROOT
from wmdata.cli.app import cli

PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(`{3,})(\w*)\n(.*?)^\1$", re.M | re.S)


def _slug(heading: str) -> str:
    """The anchor a code host gives a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    headings = {_slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, re.M)}
    explicit = set(re.findall(r'<a id="([^"]+)"></a>', text))
    return headings | explicit


def _prose(page: Path) -> str:
    return FENCE.sub("", page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_resolve(page: Path) -> None:
    broken = []
    for target in LINK.findall(_prose(page)):
        if re.match(r"^[a-z]+:", target):
            continue  # an external address
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        missing_anchor = linked.exists() and bool(anchor) and linked.suffix == ".md" and anchor not in _anchors(
            linked)
        if not linked.exists() or missing_anchor:
            broken.append(target)
    assert broken == []


def _command_lines(page: Path) -> list[str]:
    lines = []
    for match in FENCE.finditer(page.read_text(encoding="utf-8")):
        for raw in match.group(3).splitlines():
            line = raw.strip()
            if line.startswith("$ wmdata "):
                lines.append(line[2:])
            elif match.group(2) == "sh" and line.startswith("wmdata "):
                lines.append(line.split("  #", 1)[0])
    return lines


def _resolve(words: list[str]) -> tuple[click.Command, list[str]]:
    command: click.Command = cli
    ctx = click.Context(cli, info_name="wmdata")
    while isinstance(command, click.Group) and words and not words[0].startswith("-"):
        found = command.get_command(ctx, words[0])
        assert found is not None, f"no command {words[0]!r}"
        command, ctx, words = found, click.Context(found, parent=ctx, info_name=words[0]), words[1:]
    return command, words


def test_docs_show_wmdata_commands() -> None:
    assert sum(len(_command_lines(page)) for page in PAGES) > 20


@pytest.mark.parametrize("page", [p for p in PAGES if _command_lines(p)], ids=lambda p: p.name)
def test_command_lines_use_real_commands_and_options(page: Path) -> None:
    for line in _command_lines(page):
        words = shlex.split(line.replace("[", " ").replace("]", " "))[1:]
        command, rest = _resolve(words)
        known = {opt for param in command.params for opt in (*param.opts, *param.secondary_opts)} | {"-h", "--help"}
        for word in rest:
            if word.startswith("-") and not word.startswith("---"):
                assert word.split("=", 1)[0] in known, f"{page.name}: {line}: unknown option {word}"
