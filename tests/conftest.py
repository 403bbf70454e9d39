"""Shared fixtures: the content cache of the test process.  Hypothesis runs with a
fixed profile: the same examples on every run (CI and by default), so a failure can be
reproduced; ``HYPOTHESIS_PROFILE=explore`` draws new ones."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

from wmdata.cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = Path(__file__).resolve().parent / "examples"
SHARED = ROOT.parent / "shared"

settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def shared_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("shared-cache")


@pytest.fixture(autouse=True)
def content_cache(shared_cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The content cache of every test: one folder per test process, never the user's, so the
    built-in content is parsed once per process rather than once per test.  Entries are keyed
    by the file's bytes and wmdata's code, so a test's own files never meet another's entries
    (``tests/test_cache.py`` checks that cached results equal fresh ones).  A test that needs
    an empty cache, or damages one, asks for ``isolated_cache``."""
    monkeypatch.setenv("WMDATA_CACHE_DIR", str(shared_cache_dir))
    return shared_cache_dir


@pytest.fixture
def isolated_cache(content_cache: Path, tmp_path_factory: pytest.TempPathFactory,
                   monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder of this test's own."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("WMDATA_CACHE_DIR", str(folder))
    yield folder


def run_cli(*args: str) -> Result:
    """Run the command line in-process; exceptions propagate so a traceback fails the test."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)
