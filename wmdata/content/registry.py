"""The registry: every loaded entry, found by id or display name.

Lookup is case-insensitive on ids and names, scoped to an edition when one is given,
and offers near misses when nothing matches, so a typo in a list file or on the
command line gets a "did you mean" instead of a dead end.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wmdata.content.loader import LoadedFile
    from wmdata.model.common import Entry

CATEGORY_BY_KIND = {
    "spells": "spell", "feats": "feat", "animi": "animus", "command_cards": "command_card",
    "factions": "faction", "armies": "army", "theme_forces": "theme_force", "rulesets": "ruleset",
}


def category_of(kind: str, entry: object) -> str:
    """``model:warjack``, ``rule:advantage``, ``spell``...: what an entry is, for lookups
    that want one kind of thing."""
    if kind == "models":
        return f"model:{getattr(entry, 'type', '')}"
    if kind == "rules":
        return f"rule:{getattr(entry, 'category', '')}"
    return CATEGORY_BY_KIND[kind]


class RegistryItem:
    """One entry with where it comes from.  ``entry`` is the content model, or, when read
    from the compiled list index (:mod:`wmdata.army.index`), a field-for-field mirror of it;
    ``pack`` is the id of the content pack it comes from (None: the built-in library).
    (A plain class: see :class:`wmdata.diagnostics.Diagnostic` for why not a dataclass.)"""

    __slots__ = ("category", "edition", "entry", "faction", "file", "kind", "pack")

    def __init__(self, edition: str, kind: str, category: str, entry: Entry, file: str, faction: str | None,
                 pack: str | None = None) -> None:
        self.edition, self.kind, self.category, self.entry, self.file, self.faction = (
            edition, kind, category, entry, file, faction)
        self.pack = pack

    def __repr__(self) -> str:
        return f"RegistryItem({self.edition!r}, {self.category!r}, {self.id!r})"

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def name(self) -> str:
        return self.entry.name


class Registry:
    """Entries by id and name.  ``packs`` maps the id of every content pack loaded into it
    to the pack's version (lists record what they use, and are checked against it)."""

    def __init__(self, items: Iterable[RegistryItem], packs: Mapping[str, str] | None = None) -> None:
        self.packs: dict[str, str] = dict(packs or {})
        self._items: list[RegistryItem] = []
        self._by_id: dict[tuple[str, str], RegistryItem] = {}
        self._by_key: dict[str, list[RegistryItem]] = {}
        for item in items:
            item_id = item.id
            if (item.edition, item_id) in self._by_id:
                continue
            self._by_id[(item.edition, item_id)] = item
            self._items.append(item)
            self._by_key.setdefault(item_id, []).append(item)
            name = item.name.lower()
            if name != item_id:
                self._by_key.setdefault(name, []).append(item)

    @classmethod
    def from_loaded(cls, files: Iterable[tuple[str, LoadedFile]], pack: str | None = None) -> Registry:
        """The entries of loaded files; ``pack`` is the id of the pack they belong to."""
        items = []
        for name, loaded in files:
            if loaded.edition is None or loaded.summary.kind is None:
                continue
            for entry in loaded.entries:
                kind = loaded.summary.kind
                faction = getattr(entry, "faction", None) or loaded.faction
                items.append(RegistryItem(loaded.edition, kind, category_of(kind, entry), entry, name,
                                          faction if isinstance(faction, str) else None, pack))
        return cls(items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[RegistryItem]:
        return iter(self._items)

    def get(self, edition: str, entry_id: str) -> RegistryItem | None:
        return self._by_id.get((edition, entry_id))

    def find(self, query: str, edition: str | None = None) -> list[RegistryItem]:
        """Entries whose id or name equals ``query`` (case-insensitive); failing that,
        the one entry whose name contains ``query`` as whole words ("athena di baro")."""
        wanted = " ".join(query.strip().lower().split())
        exact = [item for item in self._by_key.get(wanted, []) if edition is None or item.edition == edition]
        if exact or len(wanted) < 4:
            return exact
        scoped = [item for item in self._items if edition is None or item.edition == edition]
        pattern = re.compile(rf"(^|\W){re.escape(wanted)}($|\W)")
        partial = [item for item in scoped if pattern.search(item.name.lower())]
        return partial if len({(i.edition, i.id) for i in partial}) == 1 else []

    def suggest(self, query: str, edition: str | None = None, limit: int = 3) -> list[str]:
        """Near-miss names for ``query``."""
        names = sorted({name for item in self._items if edition is None or item.edition == edition
                        for name in (item.id, item.name)})
        lowered = {name.lower(): name for name in names}
        close = difflib.get_close_matches(query.strip().lower(), list(lowered), n=limit, cutoff=0.6)
        return [lowered[name] for name in close]
