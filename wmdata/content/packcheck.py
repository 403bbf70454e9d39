"""Check packs against the built-in library, and load their entries for the commands.

A pack is checked like the built-in content (every file, then references across files)
with two differences: its references may resolve against the built-in library and the
packs it depends on (and nothing else, so a missing ``depends_on`` shows up as an
unknown reference), and its ids may not clash with theirs (:mod:`wmdata.content.clashes`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from wmdata.content.clashes import clash_problems
from wmdata.content.crosscheck import cross_check
from wmdata.content.library import (
    CheckedFile,
    ValidationResult,
    check_files,
    collector_paused,
    discover,
    load_files,
    validate,
)
from wmdata.content.packs import (
    PACK_MANIFEST,
    Pack,
    PackSet,
    edition_mismatch,
    is_pack,
    layout_problems,
    open_packs,
)
from wmdata.content.places import builtin_content_dir
from wmdata.content.registry import Registry, RegistryItem
from wmdata.diagnostics import Diagnostic, Severity, sort_diagnostics


@dataclass(slots=True)
class PackCheck:
    """The packs as read, every problem found in them, and how many files were read."""

    packs: PackSet
    diagnostics: list[Diagnostic]
    files: int


def _unconfirmed_sources(pack: Pack, checked: list[CheckedFile]) -> list[Diagnostic]:
    """With ``require_sources: true`` in pack.yaml, each entry whose numbers no seed or
    reference data set confirms is a warning, so ``validate --strict`` refuses the pack."""
    if not pack.manifest.require_sources:
        return []
    return [Diagnostic(file.name, entry.line, entry.col, entry.id, "unconfirmed-source", Severity.WARNING,
                       f"the numbers of {entry.id!r} are not confirmed by a seed or a reference data set, and "
                       f"{pack.manifest_name} sets 'require_sources'",
                       "cite the seed lines or the reference record in 'provenance:' (docs/provenance.md)")
            for file in checked for entry in file.summary.entries if entry.confirmed_by == "unconfirmed"]


def _pack_problems(pack: Pack, checked: list[CheckedFile], fallback: list[CheckedFile],
                   elsewhere: dict[tuple[str, str], str]) -> list[Diagnostic]:
    """Problems of one pack's files; ``elsewhere`` says which other pack (not depended on)
    defines an (edition, id), for the hint of a reference that does not resolve."""
    problems = layout_problems(pack) + _unconfirmed_sources(pack, checked)
    for file in checked:
        problems += [problem.replace(file=file.name) for problem in file.summary.problems]
        mismatch = edition_mismatch(pack, file.path, file.summary.edition)
        if mismatch is not None:
            problems.append(mismatch)
    crossed = cross_check([(f.name, f.summary) for f in checked], [(f.name, f.summary) for f in fallback])
    refs = {(f.name, ref.line, ref.col): (f.summary.edition, ref.id) for f in checked for ref in f.summary.refs}
    for found in crossed:
        edition, ref_id = refs.get((found.file, found.line, found.col), (None, ""))
        owner = elsewhere.get((str(edition), ref_id)) if found.code == "unknown-ref" else None
        hint = f"pack {owner!r} has it: add {owner!r} to 'depends_on' in {pack.manifest_name}"
        problems.append(found if owner is None else Diagnostic(
            found.file, found.line, found.col, found.path, found.code, found.severity, found.message, hint))
    return problems


@collector_paused()  # every summary stays alive until the cross-file checks, as in validate
def check_packs(folders: Iterable[Path], *, report: Collection[Path] | None = None,
                use_cache: bool = True) -> PackCheck:
    """Check the packs in ``folders`` together; with ``report``, only problems of the packs in
    those folders are reported (the others only help references resolve)."""
    packs = open_packs(folders)
    wanted = None if report is None else {Path(folder).resolve() for folder in report}
    builtin = check_files(discover([builtin_content_dir()]), use_cache=use_cache)
    contents = {pack.id: check_files(pack.content_files(), use_cache=use_cache) for pack in packs.packs}
    diagnostics = list(packs.problems)
    reported = [pack for pack in packs.packs if wanted is None or pack.root in wanted]
    defined = {(str(f.summary.edition), entry.id): pack.id for pack in packs.packs for f in contents[pack.id]
               for entry in f.summary.entries}
    for pack in reported:
        depends = packs.dependencies(pack)
        dependencies = [file for dependency in sorted(depends) for file in contents[dependency]]
        elsewhere = {key: owner for key, owner in defined.items() if owner != pack.id and owner not in depends}
        diagnostics += _pack_problems(pack, contents[pack.id], [*builtin, *dependencies], elsewhere)
    reported_ids = {pack.id for pack in reported}
    pack_files = {pack.id: [(file.name, file.summary) for file in contents[pack.id]] for pack in packs.packs}
    clashes = clash_problems(packs, [(file.name, file.summary) for file in builtin], pack_files)
    pack_of_file = {name: pack_id for pack_id, files in pack_files.items() for name, _ in files}
    pack_of_file |= {pack.manifest_name: pack.id for pack in packs.packs}
    diagnostics += [d for d in clashes if pack_of_file.get(d.file) in reported_ids]
    unreadable = 0 if wanted is None else len(wanted - {pack.root for pack in reported})
    return PackCheck(packs, diagnostics, sum(len(contents[pack.id]) + 1 for pack in reported) + unreadable)


def pack_items(packs: PackSet, editions: Collection[str]) -> list[RegistryItem]:
    """The entries of ``packs`` in ``editions``, each knowing its pack; a pack that replaces
    entries of another comes before it, so the registry (first id wins) takes its entries."""
    items: list[RegistryItem] = []
    for pack in reversed(packs.packs):
        files = pack.content_files(editions)
        if files:
            items += Registry.from_loaded(load_files(files), pack.id)
    return items


def validate_paths(paths: Sequence[Path], *, context: Sequence[Path] = (), use_cache: bool = True
                   ) -> ValidationResult:
    """``wmdata validate``: packs among ``paths`` (folders with a pack.yaml, or the pack.yaml
    itself) are checked as packs, other files and folders as content files; ``context`` are
    the packs given with ``--content`` and ``WMDATA_CONTENT``, which help references resolve.
    Without ``paths``, the built-in library and the ``context`` packs are checked."""
    targets = [path.parent if path.name == PACK_MANIFEST else path for path in paths]
    pack_folders = [path for path in targets if path.is_dir() and is_pack(path)]
    plain = [path for path in targets if path not in pack_folders]
    diagnostics: list[Diagnostic] = []
    files = 0
    if not paths:  # the built-in library, and the packs given (with --content alone, they are checked too)
        result = validate(None, use_cache=use_cache)
        diagnostics, files = list(result.diagnostics), result.files
        pack_folders = list(context)
    if plain:
        result = validate(plain, use_cache=use_cache, context=context)
        diagnostics += result.diagnostics
        files += result.files
    if pack_folders:
        checked = check_packs([*pack_folders, *context], report=pack_folders, use_cache=use_cache)
        diagnostics += checked.diagnostics
        files += checked.files
    return ValidationResult(sort_diagnostics(diagnostics), files)
