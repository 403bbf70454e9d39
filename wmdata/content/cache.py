"""Content cache: a file's summary, keyed by its bytes and by wmdata's own code.

Each file's result is keyed by a hash of its content together with a fingerprint of
the installed wmdata sources, so an edit to either makes it unreachable; there is
nothing to invalidate by hand.  Results are stored one cache entry per content folder
(:class:`CacheBatch`).  A corrupt or unreadable entry is treated as a miss and rebuilt,
and entries are written by wmdata's one write path (:mod:`wmdata.atomic`: temporary
file, then rename), without its flush to disk: the seal of each entry already turns a
torn write into a miss.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import wmdata
from wmdata.atomic import write_text_atomic
from wmdata.content.places import cache_dir

CACHE_FORMAT = "2"


@cache
def code_fingerprint() -> str:
    """Hash of wmdata's version and Python sources: cached results die with a code change."""
    digest = hashlib.sha256(f"{wmdata.__version__}:{CACHE_FORMAT}".encode())
    package = Path(wmdata.__file__).parent
    for source in sorted(package.rglob("*.py")):
        digest.update(source.relative_to(package).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()


def cache_key(raw: bytes) -> str:
    return hashlib.sha256(code_fingerprint().encode() + b"\0" + raw).hexdigest()


def _read_json(name: str) -> Any:
    """The stored payload, or ``None`` when missing, unreadable or not what was written.

    An entry is the SHA-256 of its JSON text, a newline, then the text."""
    try:
        seal, _, text = entry_path(name).read_text(encoding="utf-8").partition("\n")
        if seal != hashlib.sha256(text.encode("utf-8")).hexdigest():
            return None
        return json.loads(text)
    except (OSError, ValueError):
        return None


def _write_json(name: str, payload: object) -> None:
    """Store one entry atomically; any failure (read-only disk, no home) just means no caching."""
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    with contextlib.suppress(OSError):
        write_text_atomic(entry_path(name), f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}\n{text}",
                          durable=False)


def entry_path(name: str) -> Path:
    return cache_dir() / name[:2] / f"{name}.json"


def folder_entry_name(kind: str, folder: Path) -> str:
    """The cache entry that holds the ``kind`` results of the content files in ``folder``."""
    return hashlib.sha256(f"{code_fingerprint()}\0{kind}\0{folder}".encode()).hexdigest()


class CacheBatch:
    """The cached results (of one ``kind``: file summaries, parsed documents) of a batch of
    content files, one cache entry per folder: a folder's entry is read when the batch
    first needs it and written, if anything in it changed, when the batch moves on to
    another folder or is closed.  Callers go through the files folder by folder (as
    :func:`~wmdata.content.library.discover` sorts them), so each entry is read and
    written once and only one folder's results are held at a time.

    One entry per folder rather than per file because creating a file costs far more than
    writing more bytes into one: on this project's CI disks a cold ``validate`` spent a
    third of its time creating its 97 entries (``benchmarks/bench_validate.py``).  Each
    file's result stays keyed by :func:`cache_key` of its bytes, so an edited file is a
    miss while its neighbours are still served; results of files that no longer exist are
    dropped when their folder is written."""

    def __init__(self, kind: str) -> None:
        self._kind = kind
        self._folder: Path | None = None
        self._entries: dict[str, Any] = {}
        self._changed = False

    def _open(self, folder: Path) -> dict[str, Any]:
        if folder != self._folder:
            self.close()
            stored = _read_json(folder_entry_name(self._kind, folder))
            self._folder, self._entries = folder, stored if isinstance(stored, dict) else {}
        return self._entries

    def get(self, path: Path, key: str) -> Any:
        """The result stored for ``path`` with these bytes, or ``None``."""
        found = self._open(path.parent).get(path.name)
        if isinstance(found, list) and len(found) == 2 and found[0] == key:
            return found[1]
        return None

    def put(self, path: Path, key: str, result: object) -> None:
        self._open(path.parent)[path.name] = [key, result]
        self._changed = True

    def close(self) -> None:
        """Write the open folder's entry if its results changed or name files that are gone."""
        if self._folder is not None:
            kept = {name: found for name, found in self._entries.items() if (self._folder / name).is_file()}
            if self._changed or len(kept) != len(self._entries):
                _write_json(folder_entry_name(self._kind, self._folder), kept)
        self._folder, self._entries, self._changed = None, {}, False
