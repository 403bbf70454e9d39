"""``wmdata docs``: regenerate or check the reference pages generated from the code."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from wmdata.atomic import WriteError, write_text_atomic
from wmdata.cli.options import fail
from wmdata.cli.reference.pages import PAGES

out_option = click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("docs"),
                          show_default=True, help="Folder holding the pages (the repository's docs/).")
pages_argument = click.argument("pages", metavar="[PAGE]...", nargs=-1, type=click.Choice(sorted(PAGES)))


@click.group()
def docs() -> None:
    """Reference pages generated from the code: commands, diagnostic codes, schema fields, effects."""


@docs.command("generate")
@pages_argument
@out_option
def generate_command(pages: tuple[str, ...], out_dir: Path) -> None:
    """Write the pages (all of them unless some are named); unchanged pages are left alone."""
    for name in pages or sorted(PAGES):
        text = PAGES[name]()
        target = out_dir / name
        if target.is_file() and target.read_text(encoding="utf-8") == text:
            click.echo(f"unchanged {target}")
            continue
        try:
            write_text_atomic(target, text)
        except WriteError as exc:
            fail(str(exc))
        click.echo(f"wrote {target}")


@docs.command("check")
@pages_argument
@out_option
def check_command(pages: tuple[str, ...], out_dir: Path) -> None:
    """Exit 1 when a page differs from what the code generates (for CI and pre-commit)."""
    stale = []
    for name in pages or sorted(PAGES):
        target = out_dir / name
        if not target.is_file() or target.read_text(encoding="utf-8") != PAGES[name]():
            stale.append(str(target))
    if stale:
        click.echo(f"stale: {', '.join(stale)}; run 'wmdata docs generate' from the repository root", err=True)
        sys.exit(1)
    click.echo("all pages are fresh")
