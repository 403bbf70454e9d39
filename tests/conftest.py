"""Shared fixtures: every test gets its own content cache folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wmdata.cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = Path(__file__).resolve().parent / "examples"
SHARED = ROOT.parent / "shared"


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("WMDATA_CACHE_DIR", str(folder))
    yield folder


def run_cli(*args: str) -> Result:
    """Run the command line in-process; exceptions propagate so a traceback fails the test."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)
