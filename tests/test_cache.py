"""The content cache: same answers warm and cold, rebuilt when corrupt, bypassable."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from wmdata.atomic import write_text_atomic
from wmdata.content import cache
from wmdata.content.cache import cache_key
from wmdata.content.library import load_files, validate

CASE = EXAMPLES / "invalid" / "content" / "weapons-lint.yaml"


def _cache_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def test_warm_results_equal_cold(isolated_cache: Path) -> None:
    cold = validate([CASE])
    assert _cache_files(isolated_cache), "the cold run should have filled the cache"
    warm = validate([CASE])
    assert warm.diagnostics == cold.diagnostics and warm.files == cold.files


def test_corrupt_cache_entry_is_rebuilt_silently(isolated_cache: Path) -> None:
    cold = validate([CASE])
    key = cache_key(CASE.read_bytes())
    entry = isolated_cache / key[:2] / f"{key}.json"
    entry.write_text("{not json", encoding="utf-8")
    assert validate([CASE]).diagnostics == cold.diagnostics
    entry.write_text('{"seal": "0", "payload": {"edition": "mk2"}}', encoding="utf-8")
    assert validate([CASE]).diagnostics == cold.diagnostics
    assert '"problems"' in entry.read_text(encoding="utf-8"), "the entry was rebuilt"


def test_changed_file_is_not_served_stale(tmp_path: Path) -> None:
    target = tmp_path / "rules.yaml"
    target.write_text("edition: mk2\nkind: rules\nentries: []\n", encoding="utf-8")
    assert validate([target]).diagnostics == []
    target.write_text("edition: mk2\nkind: rules\nentries: [{id: X}]\n", encoding="utf-8")
    assert validate([target]).diagnostics, "an edited file must be checked again"


def test_no_cache_writes_nothing(isolated_cache: Path) -> None:
    validate([CASE], use_cache=False)
    assert _cache_files(isolated_cache) == []


def test_unwritable_cache_folder_is_not_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("WMDATA_CACHE_DIR", str(blocker / "sub"))
    assert validate([CASE]).diagnostics == validate([CASE], use_cache=False).diagnostics


def test_document_cache_serves_the_same_entries_and_survives_corruption(isolated_cache: Path) -> None:
    def ids() -> list[tuple[str, list[str]]]:
        return [(name, [e.id for e in loaded.entries]) for name, loaded in load_files()]

    cold = ids()
    docs = list(isolated_cache.rglob("*-doc.json"))
    assert docs, "parsed documents should be cached"
    assert ids() == cold
    for doc in docs:
        doc.write_text('{"seal": "x", "payload": {"document": {"edition": "mk9"}}}', encoding="utf-8")
    assert ids() == cold, "a tampered entry is rebuilt, not trusted"
    assert [(n, [e.id for e in f.entries]) for n, f in load_files(use_cache=False)] == cold


def test_entries_go_through_the_one_write_path_without_a_flush(isolated_cache: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache writes with wmdata.atomic (temporary file, rename) but skips its fsync:
    the seal makes a torn entry a miss, and a flush per entry would triple a cold run."""
    written: list[tuple[Path, bool]] = []
    flushes: list[int] = []
    real_fsync = os.fsync

    def recording(path: Path, text: str, *, durable: bool = True) -> None:
        written.append((path, durable))
        write_text_atomic(path, text, durable=durable)

    monkeypatch.setattr(cache, "write_text_atomic", recording)
    monkeypatch.setattr(os, "fsync", lambda handle: (flushes.append(handle), real_fsync(handle))[1])
    validate([CASE])
    assert written and all(not durable for _, durable in written)
    assert flushes == []
    assert sorted(p for p, _ in written) == _cache_files(isolated_cache), "no temporary file is left behind"


def test_a_torn_entry_is_a_miss(isolated_cache: Path) -> None:
    """What a power cut during an unflushed write can leave: the first half of the entry."""
    cold = validate([CASE])
    key = cache_key(CASE.read_bytes())
    entry = isolated_cache / key[:2] / f"{key}.json"
    whole = entry.read_bytes()
    entry.write_bytes(whole[: len(whole) // 2])
    assert validate([CASE]).diagnostics == cold.diagnostics
    assert entry.read_bytes() == whole, "the entry was written again in full"
