"""A board naming content that exists but does not validate says so, with the content file's place
and first error, instead of "unknown ruleset" or "unknown model id" (entries that fail validation
are left out of the registry, so a plain look-up cannot tell them from typos)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from wmdata.content import rejected
from wmdata.content.library import load_files
from wmdata.content.registry import Registry
from wmdata.engine import ruleset
from wmdata.engine.board import load_board

BOARD = b"""edition: mk2
table: {width: 24, height: 24}
models:
  - {id: a, base: 40, x: 5, y: 5}
  - {id: b, base: 30, x: 10, y: 5}
"""


def broken_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, relative: str, old: bytes, new: bytes) -> Path:
    """A built-in content folder holding one copied file with ``old`` replaced by ``new``."""
    source = ROOT / "content" / relative
    target = tmp_path / "content" / relative
    target.parent.mkdir(parents=True)
    raw = source.read_bytes()
    assert raw.count(old) == 1
    target.write_bytes(raw.replace(old, new))
    for module in (rejected, ruleset):
        monkeypatch.setattr(module, "builtin_content_dir", lambda: tmp_path / "content")
    return target


def test_a_ruleset_that_does_not_validate_is_reported_with_its_first_error(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = broken_copy(tmp_path, monkeypatch, "mk2/rulesets/mk2.yaml", b"stealth_range: 5", b"stealth_range: five")
    line = next(i for i, text in enumerate(target.read_text().splitlines(), 1) if "stealth_range: five" in text)
    registry = Registry.from_loaded(load_files([target.parent]))
    assert registry.get("mk2", "mk2") is None  # left out: that is what made the message misleading
    [problem] = load_board(BOARD, "board.yaml", registry).problems
    assert problem.code == "board-ruleset"
    assert "unknown" not in problem.message
    assert f"mk2.yaml:{line}:" in problem.message and "stealth_range" in problem.message
    assert "expected a number" in problem.message and "does not validate" in problem.message


def test_an_unknown_ruleset_is_still_called_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = broken_copy(tmp_path, monkeypatch, "mk2/rulesets/mk2.yaml", b"stealth_range: 5", b"stealth_range: 5")
    registry = Registry.from_loaded(load_files([target.parent]))
    [problem] = load_board(BOARD.replace(b"edition: mk2", b"edition: mk2\nruleset: nope"), "board.yaml",
                           registry).problems
    assert problem.message == "unknown ruleset 'nope' in mk2"


def test_a_model_that_does_not_validate_is_reported_with_its_first_error(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    target = broken_copy(tmp_path, monkeypatch, "mk4/factions/cygnar/models.yaml",
                         b"id: captain-athena-di-baro\n    name: Captain Athena di Baro\n    type: warcaster",
                         b"id: captain-athena-di-baro\n    name: Captain Athena di Baro\n    type: warcasterr")
    registry = Registry.from_loaded(load_files([ROOT / "content" / "mk4" / "rulesets"]))
    board = BOARD.replace(b"edition: mk2", b"edition: mk4").replace(b"base: 40", b"content: captain-athena-di-baro")
    [problem] = load_board(board, "board.yaml", registry).problems
    assert problem.code == "board-unknown-model"
    assert "captain-athena-di-baro" in problem.message and "does not validate" in problem.message
    assert f"{target.name}:" in problem.message and "unknown model id" not in problem.message, problem.message
