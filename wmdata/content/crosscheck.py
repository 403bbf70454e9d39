"""Checks across files: unique ids per edition, references that resolve (with a
"did you mean" hint), and different rules with identical text (a copy-paste sign).

They read only :class:`~wmdata.content.summary.FileSummary` values, so they run the
same whether a file was parsed now or came from the cache.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import chain

from wmdata.content.summary import EntryRecord, FileSummary
from wmdata.diagnostics import Diagnostic, Severity
from wmdata.wording import article

Summaries = Sequence[tuple[str, FileSummary]]
Index = dict[str, dict[str, tuple[str, EntryRecord]]]


def _index(summaries: Iterable[tuple[str, FileSummary]]) -> Index:
    """edition -> id -> (file, entry) of the first definition."""
    index: Index = defaultdict(dict)
    for file, summary in summaries:
        if summary.edition is None:
            continue
        for entry in summary.entries:
            index[summary.edition].setdefault(entry.id, (file, entry))
    return index


def duplicate_ids(summaries: Summaries, index: Index) -> Iterable[Diagnostic]:
    """Entries whose id an earlier entry of ``summaries`` (first in ``index``) already has."""
    for file, summary in summaries:
        if summary.edition is None:
            continue
        for entry in summary.entries:
            first_file, first = index[summary.edition][entry.id]
            if (first_file, first.line, first.col) != (file, entry.line, entry.col):
                yield Diagnostic(file, entry.line, entry.col, f"{entry.id}.id", "duplicate-id", Severity.ERROR,
                                 f"id {entry.id!r} is already used in {summary.edition}",
                                 f"first defined at {first_file}:{first.line}:{first.col}; ids are never reused")


def _matches(category: str, targets: tuple[str, ...]) -> bool:
    return any(category == target or (target.endswith(":") and category.startswith(target)) for target in targets)


def unresolved_references(summaries: Summaries, index: Index) -> Iterable[Diagnostic]:
    by_target: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for file, summary in summaries:
        if summary.edition is None:
            continue
        known = index[summary.edition]
        for ref in summary.refs:
            found = known.get(ref.id)
            if found is not None and _matches(found[1].category, ref.targets):
                continue
            if found is not None:
                kind = found[1].category.replace(":", " ").replace("_", " ")
                yield Diagnostic(file, ref.line, ref.col, ref.path, "wrong-ref", Severity.ERROR,
                                 f"{ref.id!r} is {article(kind)}, expected {article(ref.what)}",
                                 f"defined at {found[0]}:{found[1].line}:{found[1].col}")
                continue
            key = (summary.edition, ref.targets)
            if key not in by_target:
                by_target[key] = sorted(i for i, (_, e) in known.items() if _matches(e.category, ref.targets))
            close = difflib.get_close_matches(ref.id, by_target[key], n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}?" if close else f"no {ref.what} with this id exists in {summary.edition}"
            yield Diagnostic(file, ref.line, ref.col, ref.path, "unknown-ref", Severity.ERROR,
                             f"unknown {ref.what} {ref.id!r}", hint)


def duplicate_texts(summaries: Summaries) -> Iterable[Diagnostic]:
    seen: dict[tuple[str, str], tuple[str, str, int, int]] = {}
    for file, summary in summaries:
        if summary.edition is None:
            continue
        for text in summary.texts:
            key = (summary.edition, text.text)
            if key not in seen:
                seen[key] = (file, text.id, text.line, text.col)
                continue
            first_file, first_id, line, col = seen[key]
            if first_id != text.id:
                yield Diagnostic(file, text.line, text.col, f"{text.id}.text", "duplicate-text", Severity.WARNING,
                                 f"rules text is identical to that of {first_id!r}",
                                 f"{first_file}:{line}:{col}; two rules with one text is usually a copy-paste error")


def cross_check(summaries: Summaries, fallback: Summaries = ()) -> list[Diagnostic]:
    """Cross-file diagnostics for ``summaries``; ``fallback`` files (the built-in library
    when single files are checked) only help references resolve and are not reported.
    One index serves both id checks: ``summaries`` come first in it, so their own first
    definitions are the ones duplicates are measured against."""
    index = _index(chain(summaries, fallback))
    return [*duplicate_ids(summaries, index), *unresolved_references(summaries, index), *duplicate_texts(summaries)]
