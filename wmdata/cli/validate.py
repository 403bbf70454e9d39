"""``wmdata validate``: check content files and report every problem at once."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from wmdata.cli.options import content_option, format_option, strict_option
from wmdata.content.packcheck import validate_paths
from wmdata.diagnostics import REPORTERS, apply_strict, has_errors


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@strict_option
@format_option
@click.option("--no-cache", is_flag=True, help="Check every file afresh instead of reusing cached results.")
@content_option
def validate(paths: tuple[Path, ...], strict: bool, output_format: str, no_cache: bool,
             content_paths: tuple[Path, ...]) -> None:
    """Validate content files (default: the built-in content) and content packs.

    PATHS may be files or folders (searched for *.yaml); a folder with a pack.yaml is
    checked as a pack: its manifest, its layout, and ids that clash with the built-in
    library or another pack.  References may resolve against the built-in library (and
    the packs given with --content), so one edited file can be checked on its own.
    Exit 0 when clean, 1 when there are errors (or warnings with --strict).
    """
    result = validate_paths(list(paths), context=list(content_paths), use_cache=not no_cache)
    diagnostics = apply_strict(result.diagnostics, strict)
    click.echo(REPORTERS[output_format](diagnostics, result.files))
    sys.exit(1 if has_errors(diagnostics) else 0)
