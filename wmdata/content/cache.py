"""Content cache: a file's summary, keyed by its bytes and by wmdata's own code.

The key hashes the file content together with a fingerprint of the installed wmdata
sources, so an edit to either makes the entry unreachable; there is nothing to
invalidate by hand.  A corrupt or unreadable entry is treated as a miss and rebuilt,
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
from wmdata.content.summary import FileSummary

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
        seal, _, text = (cache_dir() / name[:2] / f"{name}.json").read_text(encoding="utf-8").partition("\n")
        if seal != hashlib.sha256(text.encode("utf-8")).hexdigest():
            return None
        return json.loads(text)
    except (OSError, ValueError):
        return None


def _write_json(name: str, payload: object) -> None:
    """Store one entry atomically; any failure (read-only disk, no home) just means no caching."""
    text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    with contextlib.suppress(OSError):
        write_text_atomic(cache_dir() / name[:2] / f"{name}.json",
                          f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}\n{text}", durable=False)


def read_cached(key: str) -> FileSummary | None:
    data = _read_json(key)
    try:
        return FileSummary.from_json(data) if isinstance(data, dict) else None
    except (KeyError, TypeError, ValueError):
        return None


def write_cached(key: str, summary: FileSummary) -> None:
    _write_json(key, summary.to_json())


def read_cached_document(key: str) -> tuple[bool, Any]:
    """(found, parsed YAML document) for files whose parse was cached; the document is
    plain JSON data, so a damaged entry can at worst fail validation, never run code."""
    data = _read_json(f"{key}-doc")
    if isinstance(data, dict) and "document" in data:
        return True, data["document"]
    return False, None


def write_cached_document(key: str, document: Any) -> None:
    _write_json(f"{key}-doc", {"document": document})
