"""The content cache: same answers warm and cold, rebuilt when corrupt, bypassable."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from wmdata.atomic import write_text_atomic
from wmdata.content import cache, library
from wmdata.content.cache import entry_path, folder_entry_name
from wmdata.content.library import discover, load_files, validate
from wmdata.content.places import builtin_content_dir

CASE = EXAMPLES / "invalid" / "content" / "weapons-lint.yaml"


def _cache_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def _summaries_of_folder(folder: Path) -> Path:
    """The cache entry holding the summaries of the content files in ``folder``."""
    return entry_path(folder_entry_name("summary", folder.resolve()))


def test_warm_results_equal_cold(isolated_cache: Path) -> None:
    cold = validate([CASE])
    assert _cache_files(isolated_cache), "the cold run should have filled the cache"
    warm = validate([CASE])
    assert warm.diagnostics == cold.diagnostics and warm.files == cold.files


def test_corrupt_cache_entry_is_rebuilt_silently(isolated_cache: Path) -> None:
    cold = validate([CASE])
    entry = _summaries_of_folder(CASE.parent)
    entry.write_text("{not json", encoding="utf-8")
    assert validate([CASE]).diagnostics == cold.diagnostics
    entry.write_text('{"seal": "0", "payload": {"edition": "mk2"}}', encoding="utf-8")
    assert validate([CASE]).diagnostics == cold.diagnostics
    assert '"problems"' in entry.read_text(encoding="utf-8"), "the entry was rebuilt"
    text = entry.read_text(encoding="utf-8").partition("\n")[2]
    forged = text.replace('"problems"', '"problemz"')  # sealed again: well formed, but not a summary
    entry.write_text(f"{hashlib.sha256(forged.encode()).hexdigest()}\n{forged}", encoding="utf-8")
    assert validate([CASE]).diagnostics == cold.diagnostics, "a result that is not a summary is a miss"


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
    docs = _cache_files(isolated_cache)
    folders = {path.parent for path in discover([builtin_content_dir()])}
    assert sorted(docs) == sorted(entry_path(folder_entry_name("document", folder)) for folder in folders), \
        "parsed documents are cached, one entry per content folder"
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
    entry = _summaries_of_folder(CASE.parent)
    whole = entry.read_bytes()
    entry.write_bytes(whole[: len(whole) // 2])
    assert validate([CASE]).diagnostics == cold.diagnostics
    assert entry.read_bytes() == whole, "the entry was written again in full"


def _reading(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the files actually read (not served from the cache) from now on."""
    reads: list[int] = []
    real = library.read_content
    monkeypatch.setattr(library, "read_content", lambda raw: (reads.append(len(raw)), real(raw))[1])
    return reads


def test_one_entry_per_folder_and_only_edited_files_are_read_again(tmp_path: Path, isolated_cache: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Creating files is what a cold run paid for, so a folder's summaries share one entry,
    written once even when a subfolder sorts between its files; an edited file is still
    read again on its own, and a deleted one leaves the entry."""
    for name in ("a", "b", "c", "sub/d", "z"):
        (tmp_path / f"{name}.yaml").parent.mkdir(exist_ok=True)
        (tmp_path / f"{name}.yaml").write_text("edition: mk2\nkind: rules\nentries: []\n", encoding="utf-8")
    written: list[Path] = []
    monkeypatch.setattr(cache, "write_text_atomic",
                        lambda path, text, durable=True: (written.append(path), write_text_atomic(path, text,
                                                                                                  durable=durable)))
    validate([tmp_path])
    ours = [_summaries_of_folder(tmp_path), _summaries_of_folder(tmp_path / "sub")]
    assert sorted(path for path in written if path in ours) == sorted(ours), "each folder's entry written once"
    assert len(_cache_files(isolated_cache)) == 2 + len({p.parent for p in discover([builtin_content_dir()])})

    reads = _reading(monkeypatch)
    written.clear()
    validate([tmp_path])
    assert reads == [] and written == [], "a warm run reads no content file and writes nothing"
    (tmp_path / "b.yaml").write_text("edition: mk2\nkind: rules\nentries: [{id: X}]\n", encoding="utf-8")
    assert validate([tmp_path]).diagnostics, "the edited file is checked again"
    assert len(reads) == 1, "and only it"
    (tmp_path / "c.yaml").unlink()
    validate([tmp_path])
    assert '"c.yaml"' not in _summaries_of_folder(tmp_path).read_text(encoding="utf-8")
    assert '"a.yaml"' in _summaries_of_folder(tmp_path).read_text(encoding="utf-8")
