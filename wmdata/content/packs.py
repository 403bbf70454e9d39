"""Content packs: folders with a ``pack.yaml`` and content laid out like ``content/``.

This module reads manifests and checks what can be checked from them and from file
paths alone: the manifest's schema, that dependencies are among the packs given, that
they form no cycle, and that content files sit in an edition folder the pack declares.
Checks that need the entries (clashing ids) live in :mod:`wmdata.content.clashes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from wmdata.content.places import display_name
from wmdata.content.schema_errors import located_problems
from wmdata.content.schema_keys import SchemaKeys
from wmdata.content.sourcemap import SourceMap, format_path
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.model.common import EDITIONS
from wmdata.model.packs import PackManifest

PACK_MANIFEST = "pack.yaml"
CONTENT_SUFFIXES = (".yaml", ".yml")
MANIFEST_KEYS = "'id', 'name', 'version', 'editions', 'source' and 'licence'"


@cache
def _manifest_keys() -> SchemaKeys:
    return SchemaKeys(PackManifest.model_json_schema())


def is_pack(path: Path) -> bool:
    """A folder with a ``pack.yaml``: what ``--content`` and ``wmdata validate`` treat as a pack."""
    return (path / PACK_MANIFEST).is_file()


@dataclass(slots=True)
class Pack:
    """A pack whose manifest was read; ``source_map`` locates the manifest's values."""

    root: Path
    manifest: PackManifest
    source_map: SourceMap = field(default_factory=SourceMap)

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def version(self) -> str:
        return self.manifest.version

    @property
    def manifest_name(self) -> str:
        return display_name(self.root / PACK_MANIFEST)

    def content_files(self, editions: Iterable[str] | None = None) -> list[Path]:
        """The pack's content files (sorted, ``pack.yaml`` excluded); with ``editions``, only
        those in the folders of these editions."""
        wanted = None if editions is None else set(editions)
        found = []
        for path in sorted(self.root.rglob("*")):
            if path.suffix not in CONTENT_SUFFIXES or not path.is_file() or path.parent == self.root:
                continue
            if wanted is None or path.relative_to(self.root).parts[0] in wanted:
                found.append(path.resolve())
        return found

    def problem(self, path: tuple[str | int, ...], code: str, message: str, hint: str = "",
                severity: Severity = Severity.ERROR) -> Diagnostic:
        """A diagnostic located at ``path`` inside ``pack.yaml``."""
        line, col = self.source_map.locate(path)
        return Diagnostic(self.manifest_name, line, col, format_path(path), code, severity, message, hint)


def read_pack(folder: Path) -> tuple[Pack | None, list[Diagnostic]]:
    """The pack in ``folder``, or None and the reasons it cannot be read."""
    manifest_path = folder / PACK_MANIFEST
    name = display_name(manifest_path)
    if not folder.is_dir():
        what = "a file" if folder.exists() else "missing"
        return None, [Diagnostic(display_name(folder), 1, 1, "", "not-a-pack", Severity.ERROR,
                                 f"not a pack: {what}, not a folder with a {PACK_MANIFEST}",
                                 "a pack is a folder with pack.yaml and edition folders (see docs/packs.md)")]
    if not manifest_path.is_file():
        return None, [Diagnostic(name, 1, 1, "", "not-a-pack", Severity.ERROR,
                                 f"not a pack: the folder has no {PACK_MANIFEST}",
                                 f"add a {PACK_MANIFEST} with {MANIFEST_KEYS} (see docs/packs.md)")]
    try:
        data, source_map = load_yaml_bytes(manifest_path.read_bytes())
    except OSError as exc:
        return None, [Diagnostic(name, 1, 1, "", "io-error", Severity.ERROR,
                                 f"cannot read file: {exc.strerror or exc}")]
    except YamlError as exc:
        p = exc.problem
        return None, [Diagnostic(name, p.line, p.col, "", p.code, Severity.ERROR, p.message, p.hint)]
    if data is None:
        return None, [Diagnostic(name, 1, 1, "", "empty-file", Severity.ERROR,
                                 f"{PACK_MANIFEST} is empty; expected a mapping with {MANIFEST_KEYS}")]
    try:
        manifest = PackManifest.model_validate(data)
    except ValidationError as exc:
        return None, [Diagnostic(name, p.line, p.col, format_path(p.path), p.code, Severity.ERROR, p.message, p.hint)
                      for p in located_problems(exc, data, source_map, keys=_manifest_keys())]
    return Pack(folder.resolve(), manifest, source_map), []


def layout_problems(pack: Pack) -> list[Diagnostic]:
    """Content files outside an edition folder the manifest declares."""
    problems = []
    declared = pack.manifest.editions
    for path in sorted(pack.root.rglob("*")):
        if path.suffix not in CONTENT_SUFFIXES or not path.is_file() or path == pack.root / PACK_MANIFEST:
            continue
        folder = path.relative_to(pack.root).parts[0]
        if path.parent == pack.root or folder not in EDITIONS:
            problems.append(Diagnostic(display_name(path), 1, 1, "", "pack-layout", Severity.ERROR,
                                       "content file outside an edition folder",
                                       f"move it under {'/, '.join(declared)}/ (the layout of content/)"))
        elif folder not in declared:
            problems.append(Diagnostic(display_name(path), 1, 1, "", "pack-layout", Severity.ERROR,
                                       f"content file in {folder}/, an edition the pack does not declare",
                                       f"add {folder} to 'editions' in {pack.manifest_name}, or move the file"))
    return problems


def edition_mismatch(pack: Pack, path: Path, edition: str | None) -> Diagnostic | None:
    """A file whose header names another edition than the folder it sits in."""
    folder = path.relative_to(pack.root).parts[0]
    if edition is None or folder not in EDITIONS or edition == folder:
        return None
    return Diagnostic(display_name(path), 1, 1, "edition", "pack-layout", Severity.ERROR,
                      f"file of edition {edition!r} in the {folder}/ folder",
                      f"move it to {edition}/ or correct its 'edition'")


@dataclass(slots=True)
class PackSet:
    """Packs given together, in dependency order (a pack after the packs it depends on),
    with every problem met while reading them."""

    packs: list[Pack] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    def by_id(self) -> dict[str, Pack]:
        return {pack.id: pack for pack in self.packs}

    def dependencies(self, pack: Pack) -> set[str]:
        """Ids of every pack ``pack`` depends on, directly or through another."""
        known = self.by_id()
        found: set[str] = set()
        todo = list(pack.manifest.depends_on)
        while todo:
            current = todo.pop()
            if current in found or current not in known:
                continue
            found.add(current)
            todo.extend(known[current].manifest.depends_on)
        return found


def _dependency_problems(packs: Sequence[Pack]) -> list[Diagnostic]:
    known = {pack.id for pack in packs}
    problems = []
    for pack in packs:
        for index, dependency in enumerate(pack.manifest.depends_on):
            if dependency not in known:
                given = ", ".join(sorted(known - {pack.id})) or "none"
                problems.append(pack.problem(
                    ("depends_on", index), "pack-dependency", f"depends on pack {dependency!r}, which is not loaded",
                    f"give its folder with --content or WMDATA_CONTENT (packs given: {given})"))
    return problems


def _ordered(packs: Sequence[Pack]) -> tuple[list[Pack], list[Diagnostic]]:
    """Dependencies first (stable otherwise); packs in a dependency cycle are reported."""
    by_id = {pack.id: pack for pack in packs}
    placed: dict[str, Pack] = {}
    remaining = list(packs)
    while remaining:
        ready = [p for p in remaining if all(d in placed or d not in by_id for d in p.manifest.depends_on)]
        if not ready:
            return list(placed.values()), [p.problem(("depends_on",), "pack-cycle",
                                                     f"pack {p.id!r} is part of a dependency cycle",
                                                     "a pack cannot depend on itself, directly or through others")
                                           for p in remaining]
        for pack in ready:
            placed[pack.id] = pack
        remaining = [p for p in remaining if p.id not in placed]
    return list(placed.values()), []


def open_packs(folders: Iterable[Path]) -> PackSet:
    """Read the packs in ``folders`` (each given once; the same id twice is a problem)."""
    result = PackSet()
    seen: dict[str, Pack] = {}
    for folder in dict.fromkeys(Path(f).resolve() for f in folders):
        pack, problems = read_pack(folder)
        result.problems += problems
        if pack is None:
            continue
        first = seen.get(pack.id)
        if first is not None:
            result.problems.append(pack.problem(("id",), "pack-duplicate", f"pack {pack.id!r} is given twice",
                                                f"also in {first.manifest_name}; give one of the two folders"))
            continue
        seen[pack.id] = pack
    ordered, cycles = _ordered(list(seen.values()))
    result.packs = ordered
    result.problems += _dependency_problems(ordered) + cycles
    return result
