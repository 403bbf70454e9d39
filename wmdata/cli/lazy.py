"""A click group that imports a subcommand's module only when that command runs.

Start-up time matters for the commands people script (``wmdata list validate`` in a
tournament tool): importing the card renderer, jinja2 and the importers for them would
cost more than the work itself.  ``wmdata --help`` lists every command with its summary;
the summaries are given to the group (``tests/test_help.py`` requires each to be the
first paragraph of its command's help), so listing them imports no command module.
"""

from __future__ import annotations

import importlib
from typing import Any

import click


class LazyGroup(click.Group):
    """``lazy`` maps a command name to ``"module:attribute"``, ``summaries`` a command name
    to the first paragraph of its help."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, summaries: dict[str, str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.summaries = dict(summaries or {})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """As click writes it, with the summaries of commands not imported yet."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            if name in self.summaries:
                # A stand-in command shortens the summary exactly as the real one would.
                rows.append((name, click.Command(name, help=self.summaries[name]).get_short_help_str(limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            module, _, attribute = self.lazy[name].partition(":")
            command = getattr(importlib.import_module(module), attribute)
            assert isinstance(command, click.Command)
            return command
        return super().get_command(ctx, name)
