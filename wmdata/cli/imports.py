"""``wmdata import whac|warmachine-data``: convert community data into a content pack.

Bad records are skipped and reported; only an unusable input (missing, not XML/JSON,
wrong root) stops the import, in one line with exit code 1.  The output folder is a
pack (:mod:`wmdata.importers.packout`): ``--content DIR`` makes every command use it.
With ``--compare`` the imported entries are also compared, field by field, with a
content folder.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import click

from wmdata.atomic import WriteError
from wmdata.cli.options import builtin_registry, fail
from wmdata.content.registry import Registry
from wmdata.importers.compare import compare_with
from wmdata.importers.output import Bundle, drop_invalid
from wmdata.importers.packout import PackInfo, without_builtin, write_pack
from wmdata.importers.report import ImportReport, InputError
from wmdata.importers.warmachine_data import import_warmachine_data
from wmdata.importers.whac import import_whac
from wmdata.model.packs import VERSION_PATTERN

Importer = Callable[[Sequence[Path], Registry], tuple[Bundle, ImportReport]]

out_option = click.option("-o", "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                          help="Folder to write the content pack into (created if needed).")
pack_version_option = click.option("--pack-version", default="1.0", show_default=True,
                                   help="Version written to the pack's pack.yaml (lists record it).")
compare_option = click.option("--compare", "compare_dir", type=click.Path(path_type=Path), default=None,
                              help="Compare imported entries with the content in this folder (e.g. content/mk2).")


def _run(importer: Importer, paths: Sequence[Path], out_dir: Path | None, compare_dir: Path | None,
         comment: str, info: PackInfo) -> None:
    if out_dir is None and compare_dir is None:
        raise click.UsageError("give -o DIR to write the files, --compare DIR to compare them, or both")
    if not re.fullmatch(VERSION_PATTERN, info.version):
        raise click.BadParameter(f"{info.version!r} is not a version such as '1.0' or '2024.3.1'",
                                 param_hint="--pack-version")
    registry = builtin_registry()
    try:
        bundle, report = importer(paths, registry)
        drop_invalid(bundle, report)
        if compare_dir is not None and not compare_dir.is_dir():
            raise InputError(f"{compare_dir}: no such folder to compare with")
    except InputError as exc:
        fail(str(exc))
    for line in report.lines():
        click.echo(line)
    if out_dir is not None:
        new, left_out = without_builtin(bundle, registry)
        click.echo(f"left out: {left_out} entries the built-in library already has (it wins; the pack adds the rest)")
        try:
            written = write_pack(new, out_dir, info, comment)
        except WriteError as exc:
            fail(str(exc))
        click.echo(f"wrote pack {info.id!r} version {info.version} ({len(written)} files) to {out_dir}")
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
@pack_version_option
def whac_command(paths: tuple[Path, ...], out_dir: Path | None, compare_dir: Path | None, pack_version: str) -> None:
    """Import WHAC MkII XML (model catalogues, spells.xml, tiers.xml, contracts.xml; folders
    are searched for *.xml) as a MkII content pack 'whac-mk2'.  Exit 0 when imported (bad
    records are skipped and listed), 1 when an input cannot be read, 2 on usage errors."""
    source = "WHAC MkII data (github.com/arrdem/whac), from " + ", ".join(p.as_posix() for p in paths)
    info = PackInfo("whac-mk2", "WHAC MkII catalogue", pack_version, source[:300],
                    "not stated by the WHAC data set; for personal use", "wmdata import whac", "mk2")
    _run(import_whac, paths, out_dir, compare_dir, "Imported from WHAC MkII data by 'wmdata import whac'; "
         "regenerate instead of editing.", info)


@import_group.command("warmachine-data")
@click.argument("path", metavar="PATH", type=click.Path(path_type=Path))
@out_option
@compare_option
@pack_version_option
def warmachine_data_command(path: Path, out_dir: Path | None, compare_dir: Path | None, pack_version: str) -> None:
    """Import the MkIV JSON of github.com/kirkbushell/warmachine-data (the folder with
    units.json, spells.json, ...) as a MkIV content pack 'warmachine-data-mk4'.  Exit codes
    as for 'import whac'."""
    source = f"warmachine-data (github.com/kirkbushell/warmachine-data), from {path.as_posix()}"
    info = PackInfo("warmachine-data-mk4", "warmachine-data MkIV", pack_version, source[:300], "MIT",
                    "wmdata import warmachine-data", "mk4")
    _run(import_warmachine_data, [path], out_dir, compare_dir,
         "Imported from warmachine-data (MIT) by 'wmdata import warmachine-data'; regenerate instead of editing.",
         info)
