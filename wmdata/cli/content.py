"""``wmdata content ...``: what the content library holds."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wmdata.cli.options import content_option, content_registry, edition_option
from wmdata.engine.inventory import content_stats, format_stats, stats_json
from wmdata.textsafe import terminal_safe


@click.group("content")
def content_group() -> None:
    """The content library."""


@content_group.command("stats")
@edition_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@content_option
def stats_command(edition: str | None, as_json: bool, content_paths: tuple[Path, ...]) -> None:
    """Entries per edition and faction by kind, and how many of the rules each faction's
    models use are executable (vocabulary totals per kind at the end of each edition)."""
    reports = content_stats(content_registry(content_paths, [edition]), edition)
    if as_json:
        click.echo(json.dumps(stats_json(reports), indent=2, ensure_ascii=False))
    else:
        click.echo(terminal_safe(format_stats(reports)))
