"""Shared set-up for the web tests: one registry of the built-in content, an in-process
client, and the seed's sample army."""

from __future__ import annotations

from functools import cache

import pytest

pytest.importorskip("starlette", reason="the web stack is not installed: pip install -e '.[test]'")
pytest.importorskip("httpx2", reason="Starlette's test client needs httpx2: pip install -e '.[test]'")

from starlette.testclient import TestClient

from tests.conftest import ROOT
from wmdata.content.library import load_files
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.web.app import create_app

SAMPLE = ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml"
"""Seed 000 L5006-5033: Athena, Courser 9, Stryker 18, Stormblades 6, Thunderers 10,
Mechaniks 4, Legionnaire Officer 3: exactly 50 points."""


@cache
def registry() -> Registry:
    return Registry.from_loaded(load_files([builtin_content_dir()], use_cache=False))


@cache
def client() -> TestClient:
    return TestClient(create_app(registry()), base_url="http://127.0.0.1", raise_server_exceptions=True,
                      follow_redirects=False)
