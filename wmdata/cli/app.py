"""The ``wmdata`` command line: parse arguments, call the library, set the exit code.

Exit codes: 0 success, 1 problems in the user's input (content, lists), 2 usage errors.
"""

from __future__ import annotations

import os
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
    "attack": "wmdata.cli.attack:attack_command",
    "rules": "wmdata.cli.engine:rules",
    "list": "wmdata.cli.lists:list_group",
    "content": "wmdata.cli.content:content_group",
    "card": "wmdata.cli.printing:card_command",
    "cards": "wmdata.cli.printing:cards_command",
    "import": "wmdata.cli.imports:import_group",
    "docs": "wmdata.cli.docs:docs",
    "serve": "wmdata.cli.serve:serve_command",
    "board": "wmdata.cli.board:board_group",
}

SUMMARIES = {
    "validate": "Validate content files (default: the built-in content) and content packs.",
    "show": "Print the entry whose id or name is NAME (case-insensitive; a unique part of a name\n"
            "will do, a model winning over rules that share the part), resolved from the built-in\n"
            "content and the content packs given, followed by the rules it refers to.",
    "schema": "JSON Schemas of content files and army lists.",
    "stats": "Base and current stats of MODEL, with the modifiers behind every value.",
    "explain-attack": "Run the rules over one attack and show the rolls they produce.",
    "attack": "Odds that a sequence of attacks destroys its target, and how to spend focus or fury.",
    "rules": "The executable rule vocabulary.",
    "list": "Army lists: build them, check them, share them.",
    "content": "The content library.",
    "card": "Stat cards of the named models (ids or names); casters get a spell and feat card.\n"
            "With --content, cards of the models of content packs too (they must validate).",
    "cards": "Every card of a faction, nine to a page with backs for duplex printing.",
    "import": "Convert community data sets into wmdata content files.",
    "docs": "Reference pages generated from the code: commands, diagnostic codes, schema fields, effects.",
    "serve": "Build lists in a browser: catalogue, points and every diagnostic as you click,\n"
             "with the same rules as 'wmdata list validate'.  Stop it with Ctrl-C.",
    "board": "Boards: models and terrain on a table, with each edition's geometry rules.",
}
"""The first paragraph of each command's help, for ``wmdata --help`` (see cli/lazy.py)."""


@click.group(cls=LazyGroup, lazy=COMMANDS, summaries=SUMMARIES,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wmdata")
def cli() -> None:
    """wmdata: WARMACHINE and HORDES content, army lists and cards, for MkII, MkIII and MkIV."""


def help_width() -> int:
    """The width click gives help text (the terminal's, at most 78 and at least 50 columns),
    worked out as click and ``shutil.get_terminal_size`` do it but without importing shutil,
    which brings zlib, bz2 and lzma: a twentieth of ``wmdata --help``'s start-up."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        stdout = sys.__stdout__
        try:
            columns = (os.get_terminal_size(stdout.fileno()).columns if stdout is not None else 0) or 80
        except (ValueError, OSError):
            columns = 80
    return max(min(columns, 80) - 2, 50)


def main() -> None:
    """Console entry point.  An unexpected failure is reported in one line, not a traceback."""
    try:
        cli.main(prog_name="wmdata", standalone_mode=True, terminal_width=help_width())
    except SystemExit:
        raise
    except Exception as exc:  # pragma: no cover - the safety net for bugs, not for user input
        click.echo(f"wmdata: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
        sys.exit(70)
