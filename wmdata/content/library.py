"""Find content files, check them (through the cache), and report diagnostics.

This is the one entry point the CLI uses for ``wmdata validate``: per-file checks come
from the loader (or the cache), cross-file checks run over all summaries, and
references may also resolve against the built-in library so a single edited file
can be validated on its own.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from wmdata.content.cache import CacheBatch, cache_key
from wmdata.content.crosscheck import cross_check
from wmdata.content.loader import LoadedFile, entries_of, read_content
from wmdata.content.packs import CONTENT_SUFFIXES, PACK_MANIFEST
from wmdata.content.places import builtin_content_dir, display_name
from wmdata.content.summary import FileSummary
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import Diagnostic, Severity, sort_diagnostics


def discover(paths: Iterable[Path]) -> list[Path]:
    """Content files named by ``paths`` (folders are searched recursively, leaving out pack
    manifests), sorted, unique."""
    found: dict[Path, None] = {}
    for path in paths:
        if path.is_dir():
            for candidate in sorted(path.rglob("*")):
                if candidate.suffix in CONTENT_SUFFIXES and candidate.is_file() and candidate.name != PACK_MANIFEST:
                    found[candidate.resolve()] = None
        else:
            found[path.resolve()] = None
    return list(found)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with Python's cyclic garbage collector off, as it was before afterwards.

    Reading a library keeps every file's summary (or every entry) alive until the end, so
    each full collection walks all of them again and a library 50 times larger took half
    as long again per entry (``benchmarks/bench_validate.py``).  Reading builds no
    reference cycles from valid content (and few from invalid content: the exceptions
    of schema errors), so nothing piles up meanwhile; reference counting still frees
    everything else at once."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclass(slots=True)
class CheckedFile:
    path: Path
    name: str
    summary: FileSummary


def _read_bytes(path: Path) -> bytes | Diagnostic:
    try:
        return path.read_bytes()
    except OSError as exc:
        return Diagnostic("", 1, 1, "", "io-error", Severity.ERROR, f"cannot read file: {exc.strerror or exc}")


def check_file(path: Path, cached: CacheBatch | None) -> FileSummary:
    """One file's summary: from ``cached`` when its bytes were checked before, else read
    (and then stored in ``cached``)."""
    raw = _read_bytes(path)
    if isinstance(raw, Diagnostic):
        return FileSummary(problems=[raw])
    if cached is None:
        return read_content(raw).summary
    key = cache_key(raw)
    with contextlib.suppress(KeyError, TypeError, ValueError):  # a damaged result is a miss
        if isinstance(stored := cached.get(path, key), dict):
            return FileSummary.from_json(stored)
    summary = read_content(raw).summary
    cached.put(path, key, summary.to_json())
    return summary


def folder_by_folder(files: Iterable[Path]) -> list[Path]:
    """``files`` with each folder's files together, the order a :class:`CacheBatch` reads
    and writes each folder's entry once in."""
    return sorted(files, key=lambda path: (path.parent, path.name))


def check_files(files: Sequence[Path], *, use_cache: bool) -> list[CheckedFile]:
    cached = CacheBatch("summary") if use_cache else None
    summaries = {path: check_file(path, cached) for path in folder_by_folder(files)}
    if cached is not None:
        cached.close()
    return [CheckedFile(path, display_name(path), summaries[path]) for path in files]


@dataclass(slots=True)
class ValidationResult:
    diagnostics: list[Diagnostic]
    files: int


def validate(paths: Sequence[Path] | None = None, *, use_cache: bool = True,
             context: Sequence[Path] = ()) -> ValidationResult:
    """Check content files (default: the built-in library) and return sorted diagnostics.
    References may resolve against the rest of the built-in library and the ``context``
    files (e.g. the packs given with ``--content``); those are not reported on."""
    files = discover(paths or [builtin_content_dir()])
    named = set(files)
    around = [] if paths is None else [builtin_content_dir(), *context]
    with collector_paused():  # the cross-file checks too: they allocate while every summary is alive
        checked = check_files(files, use_cache=use_cache)
        others = check_files([f for f in discover(around) if f not in named], use_cache=use_cache)
        diagnostics = [problem.replace(file=file.name) for file in checked for problem in file.summary.problems]
        reported = [(file.name, file.summary) for file in checked]
        fallback = [(file.name, file.summary) for file in others]
        diagnostics.extend(cross_check(reported, fallback))
    return ValidationResult(sort_diagnostics(diagnostics), len(files))


def validate_texts(files: Sequence[tuple[str, bytes]]) -> list[Diagnostic]:
    """Diagnostics of content that is not on disk yet, given as (name, bytes): the checks
    :func:`validate` runs on files, with the built-in library resolving references as it
    does there.  Importers run this on what they would write, before writing it."""
    summaries = [(name, read_content(raw).summary) for name, raw in files]
    context = [(file.name, file.summary) for file in check_files(discover([builtin_content_dir()]), use_cache=True)]
    diagnostics = [problem.replace(file=name) for name, summary in summaries for problem in summary.problems]
    diagnostics.extend(cross_check(summaries, context))
    return sort_diagnostics(diagnostics)


def load_files(paths: Sequence[Path] | None = None, *, use_cache: bool = True) -> list[tuple[str, LoadedFile]]:
    """Load the entries of content files, for commands that need them (not diagnostics:
    ``validate`` reports those).  Parsed documents are cached, so only changed files are
    parsed again; entries that do not validate are left out."""
    cached = CacheBatch("document") if use_cache else None
    files = discover(paths or [builtin_content_dir()])
    with collector_paused():
        loaded = {path: _load_file(path, cached) for path in folder_by_folder(files)}
    if cached is not None:
        cached.close()
    return [found for path in files if (found := loaded[path]) is not None]


def _load_file(path: Path, cached: CacheBatch | None) -> tuple[str, LoadedFile] | None:
    """One file's valid entries; None when it cannot be read or parsed.  A cached document
    is plain JSON data, so a damaged one can at worst fail validation, never run code."""
    raw = _read_bytes(path)
    if isinstance(raw, Diagnostic):
        return None
    key = cache_key(raw) if cached is not None else ""
    document = cached.get(path, key) if cached is not None else None
    if document is None:
        try:
            document, _ = load_yaml_bytes(raw)
        except YamlError:
            return None
        if cached is not None:
            cached.put(path, key, document)
    return display_name(path), entries_of(document)


def content_version(paths: Sequence[Path] | None = None) -> str:
    """A short fingerprint of the content files (their names and bytes), printed on list
    printouts so an organiser can tell which data a list was checked against."""
    digest = hashlib.sha256()
    for path in discover(paths or [builtin_content_dir()]):
        raw = _read_bytes(path)
        digest.update(display_name(path).encode() + b"\0")
        digest.update(raw if isinstance(raw, bytes) else b"")
    return digest.hexdigest()[:12]
