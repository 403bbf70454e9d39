"""The registry: every loaded entry, by (edition, id), and the one name look-up
(:meth:`Registry.lookup`, rules in :mod:`wmdata.content.lookup`) every command uses."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from wmdata.content.lookup import Accept, Lookup, by_part, distinct, normalise
from wmdata.typecheck import TYPE_CHECKING

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
        self._by_id_text: dict[str, list[RegistryItem]] = {}
        self._by_name: dict[str, list[RegistryItem]] = {}
        for item in items:
            item_id = item.id
            if (item.edition, item_id) in self._by_id:
                continue
            self._by_id[(item.edition, item_id)] = item
            self._items.append(item)
            self._by_id_text.setdefault(item_id, []).append(item)
            self._by_name.setdefault(normalise(item.name), []).append(item)

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

    def lookup(self, query: str, edition: str | None = None, accept: Accept | None = None) -> Lookup:
        """THE name look-up (:mod:`wmdata.content.lookup`): exact id, exact name, a unique
        part of a name, else suggestions; in ``edition`` (all when None), among the entries
        ``accept`` takes (all when None)."""
        def wanted(item: RegistryItem) -> bool:
            return (edition is None or item.edition == edition) and (accept is None or accept(item))

        key = normalise(query)
        for index in (self._by_id_text, self._by_name):
            exact = distinct(item for item in index.get(key, ()) if wanted(item))
            if exact:
                return Lookup(query, exact)
        return by_part([item for item in self._items if wanted(item)], query)
