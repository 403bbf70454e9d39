"""``wmdata import whac|warmachine-data``: convert community data into content files.

Bad records are skipped and reported; only an unusable input (missing, not XML/JSON,
wrong root) stops the import, in one line with exit code 1.  With ``--compare`` the
imported entries are also compared, field by field, with a content folder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click

from wmdata.atomic import WriteError
from wmdata.cli.options import builtin_registry, fail
from wmdata.content.registry import Registry
from wmdata.importers.compare import compare_with
from wmdata.importers.output import Bundle, drop_invalid, write_bundle
from wmdata.importers.report import ImportReport, InputError
from wmdata.importers.warmachine_data import import_warmachine_data
from wmdata.importers.whac import import_whac

Importer = Callable[[Sequence[Path], Registry], tuple[Bundle, ImportReport]]

out_option = click.option("-o", "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                          help="Folder to write the content files into (created if needed).")
compare_option = click.option("--compare", "compare_dir", type=click.Path(path_type=Path), default=None,
                              help="Compare imported entries with the content in this folder (e.g. content/mk2).")


def _run(importer: Importer, paths: Sequence[Path], out_dir: Path | None, compare_dir: Path | None,
         comment: str) -> None:
    if out_dir is None and compare_dir is None:
        raise click.UsageError("give -o DIR to write the files, --compare DIR to compare them, or both")
    try:
        bundle, report = importer(paths, builtin_registry())
        drop_invalid(bundle, report)
        if compare_dir is not None and not compare_dir.is_dir():
            raise InputError(f"{compare_dir}: no such folder to compare with")
    except InputError as exc:
        fail(str(exc))
    for line in report.lines():
        click.echo(line)
    if out_dir is not None:
        try:
            written = write_bundle(bundle, out_dir, comment)
        except WriteError as exc:
            fail(str(exc))
        click.echo(f"wrote {len(written)} files to {out_dir}")
    if compare_dir is not None:
        for line in compare_with(bundle, compare_dir):
            click.echo(line)


@click.group("import")
def import_group() -> None:
    """Convert community data sets into wmdata content files."""


@import_group.command("whac")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True, type=click.Path(path_type=Path))
@out_option
@compare_option
def whac_command(paths: tuple[Path, ...], out_dir: Path | None, compare_dir: Path | None) -> None:
    """Import WHAC MkII XML (model catalogues, spells.xml, tiers.xml, contracts.xml; folders
    are searched for *.xml) as MkII content.  Exit 0 when imported (bad records are skipped
    and listed), 1 when an input cannot be read, 2 on usage errors."""
    _run(import_whac, paths, out_dir, compare_dir, "Imported from WHAC MkII data by 'wmdata import whac'; "
         "regenerate instead of editing.")


@import_group.command("warmachine-data")
@click.argument("path", metavar="PATH", type=click.Path(path_type=Path))
@out_option
@compare_option
def warmachine_data_command(path: Path, out_dir: Path | None, compare_dir: Path | None) -> None:
    """Import the MkIV JSON of github.com/kirkbushell/warmachine-data (the folder with
    units.json, spells.json, ...) as MkIV content.  Exit codes as for 'import whac'."""
    _run(import_warmachine_data, [path], out_dir, compare_dir,
         "Imported from warmachine-data (MIT) by 'wmdata import warmachine-data'; regenerate instead of editing.")
