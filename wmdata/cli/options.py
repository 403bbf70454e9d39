"""Options and helpers shared by several commands."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NoReturn

import click

from wmdata.army.index import signature, write_index
from wmdata.atomic import WriteError, write_text_atomic
from wmdata.content.library import load_files
from wmdata.content.packcheck import check_packs, pack_items
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.diagnostics import Severity, sort_diagnostics
from wmdata.model.common import EDITIONS
from wmdata.wording import counted

edition_option = click.option(
    "--edition", type=click.Choice(EDITIONS), default=None, help="Restrict to one edition (mk2, mk3, mk4)."
)
format_option = click.option(
    "--format", "output_format", type=click.Choice(["text", "json", "github"]), default="text",
    show_default=True, help="Diagnostics as text lines, JSON objects or GitHub workflow annotations.",
)
strict_option = click.option("--strict", is_flag=True, help="Treat warnings as errors.")


def _chosen_editions(editions: Iterable[str | None]) -> list[str]:
    """The given editions when every one is known, else all three."""
    wanted = set(editions)
    return sorted(map(str, wanted)) if wanted and None not in wanted else list(EDITIONS)


def builtin_registry(editions: Iterable[str | None] = ()) -> Registry:
    """The entries of the built-in content (parsed documents come from the cache): of the
    given editions only when every one is known, which saves building the other editions'
    models, else of all three.  Each edition's compiled list index is refreshed on the way
    (the signature is taken before loading, so an edit made meanwhile is not missed)."""
    chosen = _chosen_editions(editions)
    built_from = {edition: signature(edition) for edition in chosen}
    registry = Registry.from_loaded(load_files([builtin_content_dir() / edition for edition in chosen]))
    for edition in chosen:
        write_index(registry, edition, built_from[edition])
    return registry


def content_registry(content_paths: Sequence[Path], editions: Iterable[str | None] = ()) -> Registry:
    """THE way a command gets the content it works on: the built-in library plus the packs
    of ``--content`` and ``WMDATA_CONTENT`` (pass the value of :data:`content_option`).

    The packs are checked first (against the built-in library and each other) and any
    error stops the command with exit 1: an entry with errors would otherwise be left out
    without a word, and a clashing id would silently shadow another.  ``editions`` as for
    :func:`builtin_registry`.  A pack entry wins over a built-in one only where the pack
    says it replaces it (:mod:`wmdata.content.clashes`)."""
    builtin = builtin_registry(editions)
    if not content_paths:
        return builtin
    checked = check_packs(content_paths)
    errors = [d for d in sort_diagnostics(checked.diagnostics) if d.severity is Severity.ERROR]
    for problem in errors[:20]:
        click.echo(problem.format(), err=True)
    if errors:
        more = " (the first 20 are shown)" if len(errors) > 20 else ""
        fail(f"{counted(len(errors), 'error')} in the content packs given with --content or {CONTENT_ENV}{more}; "
             "fix them first (wmdata validate PACK shows every problem)")
    items = pack_items(checked.packs, _chosen_editions(editions))
    return Registry([*items, *builtin], {pack.id: pack.version for pack in checked.packs.packs})


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
CONTENT_ENV = "WMDATA_CONTENT"


def _with_environment(_ctx: click.Context, _param: click.Parameter, value: tuple[Path, ...]) -> tuple[Path, ...]:
    """The packs of ``WMDATA_CONTENT`` (separated by os.pathsep), then those of ``--content``."""
    from_environment = []
    for part in os.environ.get(CONTENT_ENV, "").split(os.pathsep):
        if not part.strip():
            continue
        path = Path(part)
        if not path.is_dir():
            problem = "is a file, not a pack folder" if path.exists() else "does not exist"
            raise click.BadParameter(f"{part!r} {problem}", param_hint=CONTENT_ENV)
        from_environment.append(path)
    return (*from_environment, *value)


content_option = click.option(
    "--content", "content_paths", multiple=True, metavar="PACK", callback=_with_environment,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help=f"Also use the content pack in this folder (repeatable; {CONTENT_ENV} adds packs too, separated by "
         f"'{os.pathsep}').",
)
"""``--content PACK`` (repeatable) and ``WMDATA_CONTENT``, for every command that reads content.

Put ``@content_option`` on the command, take a ``content_paths: tuple[Path, ...]``
parameter, and get the content with :func:`content_registry` (``content_paths`` plus the
editions the command needs, if it knows them).  The value already holds the packs of
``WMDATA_CONTENT`` first; a path there that is not a folder is a usage error (exit 2)."""
