"""Options shared by several commands."""

from __future__ import annotations

import click

from wmdata.model.common import EDITIONS

edition_option = click.option(
    "--edition", type=click.Choice(EDITIONS), default=None, help="Restrict to one edition (mk2, mk3, mk4)."
)
format_option = click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "github"]), default="text",
    show_default=True, help="Diagnostics as text lines, JSON objects or GitHub workflow annotations.",
)
strict_option = click.option("--strict", is_flag=True, help="Treat warnings as errors.")
