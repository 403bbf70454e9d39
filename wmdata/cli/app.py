"""The ``wmdata`` command line: parse arguments, call the library, set the exit code.

Exit codes: 0 success, 1 problems in the user's input (content, lists), 2 usage errors.
"""

from __future__ import annotations

import sys

import click

from wmdata import __version__
from wmdata.cli.lazy import LazyGroup

COMMANDS = {
    "validate": "wmdata.cli.validate:validate",
    "show": "wmdata.cli.show:show",
    "schema": "wmdata.cli.schema:schema",
    "stats": "wmdata.cli.engine:stats",
    "explain-attack": "wmdata.cli.engine:explain_attack_command",
    "rules": "wmdata.cli.engine:rules",
    "list": "wmdata.cli.lists:list_group",
    "content": "wmdata.cli.content:content_group",
    "card": "wmdata.cli.printing:card_command",
    "cards": "wmdata.cli.printing:cards_command",
    "import": "wmdata.cli.imports:import_group",
    "docs": "wmdata.cli.docs:docs",
    "serve": "wmdata.cli.serve:serve_command",
}


@click.group(cls=LazyGroup, lazy=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wmdata")
def cli() -> None:
    """wmdata: WARMACHINE and HORDES content, army lists and cards, for MkII, MkIII and MkIV."""


def main() -> None:
    """Console entry point.  An unexpected failure is reported in one line, not a traceback."""
    try:
        cli.main(prog_name="wmdata", standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # pragma: no cover - the safety net for bugs, not for user input
        click.echo(f"wmdata: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
        sys.exit(70)
