"""Options and helpers shared by several commands."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NoReturn

import click

from wmdata.army.index import signature, write_index
from wmdata.atomic import WriteError, write_text_atomic
from wmdata.content.library import load_files, validate
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.diagnostics import Severity
from wmdata.model.common import EDITIONS

edition_option = click.option(
    "--edition", type=click.Choice(EDITIONS), default=None, help="Restrict to one edition (mk2, mk3, mk4)."
)
format_option = click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "github"]), default="text",
    show_default=True, help="Diagnostics as text lines, JSON objects or GitHub workflow annotations.",
)
strict_option = click.option("--strict", is_flag=True, help="Treat warnings as errors.")


def builtin_registry(editions: Iterable[str | None] = ()) -> Registry:
    """The entries of the built-in content (parsed documents come from the cache): of the
    given editions only when every one is known, which saves building the other editions'
    models, else of all three.  Each edition's compiled list index is refreshed on the way
    (the signature is taken before loading, so an edit made meanwhile is not missed)."""
    wanted = set(editions)
    chosen = sorted(map(str, wanted)) if wanted and None not in wanted else list(EDITIONS)
    built_from = {edition: signature(edition) for edition in chosen}
    registry = Registry.from_loaded(load_files([builtin_content_dir() / edition for edition in chosen]))
    for edition in chosen:
        write_index(registry, edition, built_from[edition])
    return registry


def registry_with(paths: Sequence[Path]) -> Registry:
    """The built-in content plus the user's own files, whose ids win.  Their content must
    validate first: an entry with errors would otherwise be left out without a word."""
    if not paths:
        return builtin_registry()
    errors = [d for d in validate(list(paths)).diagnostics if d.severity is Severity.ERROR]
    for problem in errors[:20]:
        click.echo(problem.format(), err=True)
    if errors:
        fail(f"{len(errors)} error(s) in the content given with --content; fix them first (wmdata validate PATH)")
    return Registry.from_loaded([*load_files(list(paths)), *load_files()])


def fail(message: str) -> NoReturn:
    """Report a problem with the user's input in one line and exit 1."""
    click.echo(f"wmdata: {message}", err=True)
    sys.exit(1)


def write_output(text: str, output: Path | None) -> None:
    """Print ``text``, or write it to ``output`` atomically (never a half-written file)."""
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_text_atomic(output, text)
    except WriteError as exc:
        fail(str(exc))
    click.echo(f"wrote {output}", err=True)


output_option = click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                             help="Write to this file (atomically) instead of standard output.")
paper_option = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                            help="Paper size of HTML print sheets.")
content_option = click.option(
    "--content", "content_paths", multiple=True, type=click.Path(exists=True, path_type=Path),
    help="Also use the content in this file or folder (repeatable); its ids win over built-in ones.",
)
