"""``wmdata schema export``: regenerate the JSON Schemas from the models."""

from __future__ import annotations

import json
from pathlib import Path

import click

from wmdata.atomic import WriteError, write_text_atomic
from wmdata.cli.options import fail
from wmdata.model.documents import all_schemas


def render_schema(schema: dict[str, object]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


@click.group()
def schema() -> None:
    """JSON Schemas of content files and army lists."""


@schema.command("export")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("schemas"),
              show_default=True, help="Folder to write the *.schema.json files to.")
def export(out_dir: Path) -> None:
    """Write one schema per content kind plus list.schema.json."""
    for name, document in all_schemas().items():
        try:
            write_text_atomic(out_dir / name, render_schema(document))
        except WriteError as exc:
            fail(str(exc))
        click.echo(f"wrote {out_dir / name}")
