"""The ``wmdata`` command line: parse arguments, call the library, set the exit code.

Exit codes: 0 success, 1 problems in the user's input (content, lists), 2 usage errors.
"""

from __future__ import annotations

import sys

import click

from wmdata import __version__
from wmdata.cli.content import content_group
from wmdata.cli.engine import explain_attack_command, rules, stats
from wmdata.cli.imports import import_group
from wmdata.cli.lists import list_group
from wmdata.cli.printing import card_command, cards_command, print_command
from wmdata.cli.schema import schema
from wmdata.cli.show import show
from wmdata.cli.validate import validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wmdata")
def cli() -> None:
    """wmdata: WARMACHINE and HORDES content, army lists and cards, for MkII, MkIII and MkIV."""


cli.add_command(validate)
cli.add_command(show)
cli.add_command(schema)
cli.add_command(stats)
cli.add_command(explain_attack_command)
cli.add_command(rules)
cli.add_command(list_group)
cli.add_command(content_group)
cli.add_command(card_command)
cli.add_command(cards_command)
list_group.add_command(print_command)
cli.add_command(import_group)


def main() -> None:
    """Console entry point.  An unexpected failure is reported in one line, not a traceback."""
    try:
        cli.main(prog_name="wmdata", standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # pragma: no cover - the safety net for bugs, not for user input
        click.echo(f"wmdata: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
        sys.exit(70)
