"""One way to find an entry by what a person typed, for every command and list file.

The rules, in order (case and extra spaces never matter):

1. the exact id (``commander-coleman-stryker``);
2. the exact name (``Commander Coleman Stryker``);
3. a unique part of a name: whole words first (``stryker``, ``coleman stryker``), then any
   part of at least three letters (``stryk``);
4. otherwise nothing, with near misses as suggestions.

At each step, several different entries are an ambiguity, reported with every match and
its id, never settled by picking one.  ``accept`` narrows what counts (models only, casters
only, command cards...) before any rule is applied, so a name shared by a spell and a
model is no ambiguity when a model is wanted.

Plain classes without ``dataclasses``: the quick list path resolves names with this too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:
    from wmdata.content.registry import RegistryItem

Accept = Callable[["RegistryItem"], bool]
MIN_PART = 3


def normalise(text: str) -> str:
    """Lower case, single spaces: the form names are compared in."""
    return " ".join(text.lower().split())


class Lookup:
    """What a look-up found: ``items`` holds one entry when found, several when the query
    is ambiguous, none when nothing matched (then ``suggestions`` holds near misses)."""

    __slots__ = ("items", "query", "suggestions")

    def __init__(self, query: str, items: list[RegistryItem], suggestions: list[str] | None = None) -> None:
        self.query, self.items, self.suggestions = query, items, suggestions or []

    @property
    def found(self) -> RegistryItem | None:
        return self.items[0] if len(self.items) == 1 else None

    @property
    def ambiguous(self) -> bool:
        return len(self.items) > 1

    def problem(self, what: str = "entry", edition: str | None = None) -> str:
        """Why the look-up did not find one entry, in one line: every match with its id
        when ambiguous, else the near misses."""
        if self.ambiguous:
            editions = {item.edition for item in self.items}
            listed = ", ".join(f"{item.name!r} ({item.id}{f', {item.edition}' if len(editions) > 1 else ''})"
                               for item in self.items)
            advice = "choose one with --edition" if len(editions) > 1 and len(self.items) == len(editions) \
                else "give the id or more of the name"
            whats = f"{what[:-1]}ies" if what.endswith("y") else f"{what}s"
            return f"{self.query!r} matches {len(self.items)} {whats}: {listed}; {advice}"
        where = f" in {edition}" if edition else ""
        hint = f"; did you mean {', '.join(repr(s) for s in self.suggestions)}?" if self.suggestions else ""
        return f"unknown {what} {self.query!r}{where}{hint}"


def distinct(items: Iterable[RegistryItem]) -> list[RegistryItem]:
    """One item per (edition, id), in order."""
    seen: dict[tuple[str, str], RegistryItem] = {}
    for item in items:
        seen.setdefault((item.edition, item.id), item)
    return list(seen.values())


def by_part(pool: list[RegistryItem], query: str, limit: int = 3) -> Lookup:
    """Rules 3 and 4 over ``pool`` (already narrowed to the edition and kinds wanted);
    :meth:`wmdata.content.registry.Registry.lookup` applies rules 1 and 2 by index first."""
    wanted = normalise(query)
    if not wanted:
        return Lookup(query, [])
    words = re.compile(rf"(^|\W){re.escape(wanted)}($|\W)")
    by_words = distinct(item for item in pool if words.search(normalise(item.name)))
    if by_words:
        return Lookup(query, by_words)
    if len(wanted) >= MIN_PART:
        parts = distinct(item for item in pool if wanted in normalise(item.name))
        if parts:
            return Lookup(query, parts)
    keys: dict[str, RegistryItem] = {}
    for item in pool:
        keys.setdefault(normalise(item.name), item)
        keys.setdefault(item.id, item)
    close = close_matches(wanted, sorted(keys), n=limit * 2, cutoff=0.6)
    names = list(dict.fromkeys(keys[key].name for key in close))
    return Lookup(query, [], names[:limit])


def close_matches(word: str, candidates: Iterable[str], *, n: int, cutoff: float) -> list[str]:
    """difflib's near misses of ``word``.  difflib is imported by the first miss, not at
    start-up: the quick list path (cli/quick.py) must start in a few milliseconds."""
    import difflib  # noqa: PLC0415 - see the docstring

    return difflib.get_close_matches(word, list(candidates), n=n, cutoff=cutoff)
