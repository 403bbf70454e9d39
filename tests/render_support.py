"""Shared set-up for the rendering tests: a registry of the built-in content plus the
test-only models (every damage-track kind, hostile text), and the golden-file check."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from tests.conftest import ROOT
from wmdata.content.library import load_files
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry
from wmdata.render.cards import CardBuilder
from wmdata.render.views import Card

GOLDENS = ROOT / "tests" / "goldens"
EXAMPLES = ROOT / "tests" / "examples" / "valid" / "content"
FIXTURES = ROOT / "tests" / "fixtures" / "render"
TEST_CONTENT = [EXAMPLES / "every-type-mk4", EXAMPLES / "hostile-text", FIXTURES]

# (golden name, edition, model id): one card of each damage-track kind.
TRACK_CASES = [
    ("boxes-warcaster", "mk2", "commander-coleman-stryker"),
    ("grid-warjack", "mk2", "defender"),
    ("colossal", "mk3", "titan-colossal"),
    ("grid-colossal-mk4", "mk4", "titan-jack"),
    ("spiral-warbeast", "mk3", "titan-gladiator"),
    ("dragoon", "mk4", "lancer-knight"),
    ("unit-troopers", "mk4", "blades"),
]


@cache
def registry() -> Registry:
    """Test content first, so its ids win over built-in ones of the same edition."""
    return Registry.from_loaded(load_files([*TEST_CONTENT, builtin_content_dir()], use_cache=False))


def cards_of(edition: str, model_id: str) -> list[Card]:
    item = registry().get(edition, model_id)
    assert item is not None, f"{edition} {model_id} is missing from the test registry"
    return CardBuilder(registry()).cards_for(item)


def check_golden(name: str, text: str) -> None:
    """Compare with ``tests/goldens/NAME``; ``WMDATA_REGENERATE=1`` rewrites it (review the diff)."""
    path = GOLDENS / name
    if os.environ.get("WMDATA_REGENERATE"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden {path}; run WMDATA_REGENERATE=1 pytest and review it"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{name} differs from its golden; if the change is intended, regenerate and review"


def artifact_dir() -> Path:
    path = ROOT / "tests" / "artifacts"
    path.mkdir(exist_ok=True)
    return path
