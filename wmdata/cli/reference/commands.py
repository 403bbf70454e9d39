"""``docs/cli.md``: every command and option, read from the click application itself.

Walking the command tree (lazy groups included) rather than writing the page by hand
means a new command or option appears in the reference the moment it exists.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator

import click

from wmdata.cli.app import cli

REGENERATE = "wmdata docs generate"


def _walk(command: click.Command, ctx: click.Context) -> Iterator[tuple[click.Command, click.Context]]:
    yield command, ctx
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from _walk(sub, click.Context(sub, parent=ctx, info_name=name))


def _type_text(param: click.Parameter) -> str:
    kind = param.type
    if isinstance(kind, click.Choice):
        return " / ".join(f"`{choice}`" for choice in kind.choices)
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    if isinstance(kind, click.Path):
        return "folder" if not kind.file_okay else "file" if not kind.dir_okay else "path"
    if isinstance(kind, click.FloatRange | click.IntRange):
        bounds = [f">= {kind.min}" if kind.min is not None else "", f"<= {kind.max}" if kind.max is not None else ""]
        noun = "number" if isinstance(kind, click.FloatRange) else "whole number"
        return " ".join([noun, *filter(None, bounds)])
    return {"integer": "whole number", "float": "number", "text": "text"}.get(kind.name, kind.name)


def _default_text(param: click.Option) -> str:
    if param.required:
        return "required"
    default = param.to_info_dict().get("default")  # None where click keeps its "unset" marker
    if param.is_flag and not param.secondary_opts:
        return "on" if default else "off"
    if default is None or default == () or callable(default):
        return ""
    if isinstance(default, tuple | list):
        return ", ".join(f"`{value}`" for value in default)
    return f"`{default}`"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _options_table(command: click.Command, ctx: click.Context) -> list[str]:
    rows = []
    for param in command.get_params(ctx):
        if not isinstance(param, click.Option) or param.hidden or "--help" in param.opts:
            continue
        names = ", ".join(f"`{name}`" for name in (*param.opts, *param.secondary_opts))
        if param.multiple:
            names += " (repeatable)"
        rows.append(f"| {names} | {_type_text(param)} | {_default_text(param)} | {_cell(param.help or '')} |")
    if not rows:
        return []
    return ["| option | value | default | what it does |", "|---|---|---|---|", *rows, ""]


def _arguments(command: click.Command, ctx: click.Context) -> list[str]:
    lines = []
    for param in command.get_params(ctx):
        if isinstance(param, click.Argument):
            metavar = param.make_metavar(ctx) if _accepts_ctx(param) else param.make_metavar()  # type: ignore[call-arg]
            if param.nargs == -1:
                needed = "one or more" if param.required else "any number, optional"
            else:
                needed = "required" if param.required else "optional"
            lines.append(f"- `{metavar}`: {_type_text(param)}, {needed}")
    return [*lines, ""] if lines else []


def _accepts_ctx(param: click.Argument) -> bool:
    """click 8.2 passes the context to ``make_metavar``; 8.1 does not."""
    return "ctx" in inspect.signature(param.make_metavar).parameters


def cli_reference() -> str:
    """The Markdown page: one section per command, in the order ``--help`` lists them."""
    root_ctx = click.Context(cli, info_name="wmdata")
    lines = [
        "# Command reference",
        "",
        f"Generated from the command line itself by `{REGENERATE}`; a test fails when this page",
        "differs from what the code generates. Exit codes everywhere: **0** success, **1** problems in",
        "your input (reported with their location), **2** usage errors (unknown option, missing file).",
        "Every command takes `-h` / `--help`.",
        "",
    ]
    for command, ctx in _walk(cli, root_ctx):
        path = ctx.command_path
        pieces = " ".join(command.collect_usage_pieces(ctx))
        help_text = inspect.cleandoc(command.help or "")
        lines += [f"## `{path}`", "", "```text", f"{path} {pieces}".rstrip(), "```", ""]
        for paragraph in help_text.split("\n\n") if help_text else []:
            lines += [" ".join(paragraph.split()), ""]
        if isinstance(command, click.Group):
            subs = [f"`{name}`" for name in command.list_commands(ctx)]
            lines += [f"Commands: {', '.join(subs)}.", ""]
        lines += _arguments(command, ctx) + _options_table(command, ctx)
    while lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"

