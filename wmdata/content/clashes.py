"""Ids a pack shares with the built-in library or with another pack.

An id names one thing per edition.  A pack entry with a taken id is reported unless the
pack says it means to replace that entry: the id is listed under ``replaces`` in its
``pack.yaml`` and the entry it replaces is built in or belongs to a pack it depends on
(so which one wins never depends on the order packs were given in).  A ``replaces`` id
that replaces nothing is a warning: usually a typo, or an entry the library dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wmdata.content.packs import Pack, PackSet
from wmdata.content.summary import EntryRecord, FileSummary
from wmdata.diagnostics import Diagnostic, Severity

Summaries = Sequence[tuple[str, FileSummary]]
Owner = str | None  # a pack id, or None for the built-in library
Where = tuple[str, EntryRecord]


def _index(summaries: Summaries) -> dict[tuple[str, str], Where]:
    index: dict[tuple[str, str], Where] = {}
    for file, summary in summaries:
        if summary.edition is None:
            continue
        for entry in summary.entries:
            index.setdefault((summary.edition, entry.id), (file, entry))
    return index


def _owner_name(owner: Owner) -> str:
    return "the built-in content" if owner is None else f"pack {owner!r}"


def clash_problems(packs: PackSet, builtin: Summaries, contents: Mapping[str, Summaries]) -> list[Diagnostic]:
    """Clashes of every pack in ``packs`` (``contents``: pack id -> its files' summaries)."""
    indexes: dict[Owner, dict[tuple[str, str], Where]] = {None: _index(builtin)}
    for pack in packs.packs:
        indexes[pack.id] = _index(contents.get(pack.id, ()))
    by_id = packs.by_id()
    allowed = {pack.id: packs.dependencies(pack) | {None} for pack in packs.packs}

    def replaces(owner: Owner, other: Owner, entry_id: str) -> bool:
        return owner is not None and entry_id in by_id[owner].manifest.replaces and other in allowed[owner]

    problems = []
    for pack in packs.packs:
        for key, (file, entry) in indexes[pack.id].items():
            for other, index in indexes.items():
                if other == pack.id or key not in index:
                    continue
                if replaces(pack.id, other, entry.id) or replaces(other, pack.id, entry.id):
                    continue
                problems.append(_clash(pack, other, key[0], file, entry, index[key]))
        problems += _replaces_nothing(pack, indexes, allowed[pack.id])
    return problems


def _clash(pack: Pack, other: Owner, edition: str, file: str, entry: EntryRecord, first: Where) -> Diagnostic:
    where = f"{first[0]}:{first[1].line}:{first[1].col}"
    if other is None or other in pack.manifest.depends_on:
        hint = f"defined at {where}; rename it, or list it under 'replaces' in {pack.manifest_name} to replace it"
    else:
        hint = (f"defined at {where}; rename it, or add {other!r} to 'depends_on' and list the id under "
                f"'replaces' in {pack.manifest_name}")
    return Diagnostic(file, entry.line, entry.col, f"{entry.id}.id", "pack-clash", Severity.ERROR,
                      f"id {entry.id!r} is already used by {_owner_name(other)} in {edition}", hint)


def _replaces_nothing(pack: Pack, indexes: Mapping[Owner, dict[tuple[str, str], Where]],
                      allowed: set[Owner]) -> list[Diagnostic]:
    own_ids = {key[1] for key in indexes[pack.id]}
    their_ids = {key[1] for owner in allowed for key in indexes.get(owner, {})}
    problems = []
    for position, entry_id in enumerate(pack.manifest.replaces):
        ours, theirs = entry_id in own_ids, entry_id in their_ids
        if not (ours and theirs):
            reason = "the pack has no entry with this id" if not ours else \
                "neither the built-in content nor a pack it depends on has an entry with this id"
            problems.append(pack.problem(("replaces", position), "pack-replaces-nothing",
                                         f"{entry_id!r} replaces nothing: {reason}",
                                         "remove it from 'replaces', or correct the id", Severity.WARNING))
    return problems
