"""Run a documented example: write its files into a fresh folder, run the command there,
keep what it printed.  The codes page shows that output and the tests require it to
carry the documented code, so an example cannot claim what wmdata does not do."""

from __future__ import annotations

import os
import shlex
import socket
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from click.testing import CliRunner

from wmdata.cli.app import cli


@dataclass(frozen=True)
class Example:
    """``command`` (what follows ``wmdata``) run in a folder holding ``files`` (text),
    ``raw`` (bytes, described on the page by ``shown``) and ``sockets`` (paths that
    exist but cannot be read as files)."""

    command: str
    files: Mapping[str, str] = field(default_factory=dict)
    raw: Mapping[str, bytes] = field(default_factory=dict)
    sockets: tuple[str, ...] = ()
    shown: str = ""


@dataclass(frozen=True)
class Run:
    exit_code: int
    output: str


@contextmanager
def _working_folder(folder: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def _prepare(example: Example, folder: Path) -> list[socket.socket]:
    for name, text in example.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    for name, data in example.raw.items():
        (folder / name).write_bytes(data)
    opened = []
    for name in example.sockets:
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(str(folder / name))
        opened.append(listener)
    return opened


def run_examples(examples: Mapping[str, Example]) -> dict[str, Run]:
    """Each example in its own folder, none seeing the caller's ``WMDATA_CONTENT``."""
    runs = {}
    with tempfile.TemporaryDirectory(prefix="wmdata-examples-") as scratch:
        env: Mapping[str, str | None] = {"WMDATA_CONTENT": None}
        for key, example in examples.items():
            folder = Path(scratch) / key
            folder.mkdir()
            opened = _prepare(example, folder)
            try:
                with _working_folder(folder):
                    result = CliRunner(env=env).invoke(cli, shlex.split(example.command), prog_name="wmdata",
                                                        catch_exceptions=False)
            finally:
                for listener in opened:
                    listener.close()
            runs[key] = Run(result.exit_code, result.output)
    return runs
