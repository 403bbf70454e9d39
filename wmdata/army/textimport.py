"""Import a list pasted as plain text, in the layout of the rulebooks' sample armies:
caster headings with their battlegroup points, one line per entry with count, name
and cost, unit sizes as "with N troopers", MkIV hardpoint choices in parentheses.

Every line is either used or reported as not understood; nothing is dropped silently.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.organisation import Ruleset
from wmdata.model.profiles import CostedModel, Unit
from wmdata.numbers import NumberError, parse_whole

_ENTRY = re.compile(r"^(?:([0-9]+)\s*x?\s+)?(.+?)\s+([0-9]+)(?:\s*\(\s*[0-9]+\s*ea\.?\s*\))?\s*$",
                    re.IGNORECASE)
_CASTER_HEADING = re.compile(r"^(warcaster|warlock)\s*[-\u2014\u2013:]\s*(.+?)\s*"
                             r"\(\s*\+\s*([0-9]+)[^)]*\)\s*$", re.IGNORECASE)
_TROOPERS = re.compile(r"\bwith\s+([0-9]+)\s+troopers?\b", re.IGNORECASE)
_FA = re.compile(r"\(\s*FA\s*:?\s*[0-9UC]+\s*\)", re.IGNORECASE)
MAX_COUNT = 100
"""The most of one entry a line may buy (as ``list add --count``)."""
MAX_COST = 1000
UNKNOWN = "unknown"
"""The faction or level of a list whose text does not tell it."""
_OPTIONS = re.compile(r"\(([^()]*)\)\s*$")
_TYPE_WORDS = re.compile(r"\b(?:(?:heavy|light|lesser|colossal|gargantuan|super heavy)\s+)?"
                         r"(warjacks?|warbeasts?|units?|solos?|battle engines?)\s*$", re.IGNORECASE)
_KINDS = {"warjack": ("warjack",), "warbeast": ("warbeast",), "unit": ("unit",), "solo": ("solo",),
          "battle engine": ("battle_engine",)}
_SKIP = re.compile(r"^(sample army|total\b|point cost|here is|we built|warcaster\s+point|.*\bbattlegroup$|support$"
                   r"|units and solos$|warcasters?$|warlocks?$)", re.IGNORECASE)


@dataclass(slots=True)
class Imported:
    data: dict[str, Any]
    unmatched: list[tuple[int, str, str]] = field(default_factory=list)
    """(line number, line, reason) of every line that was not used."""

    def found_nothing(self) -> bool:
        """No line named a model or a command card: the text is not a list at all."""
        return not any(self.data.get(key) for key in ("casters", "units", "solos", "others", "command_cards"))


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\t", " ")).strip()


class _Matcher:
    def __init__(self, registry: Registry, edition: str | None) -> None:
        self.registry = registry
        self.edition = edition

    def model(self, text: str, kinds: tuple[str, ...] = ()) -> RegistryItem | None:
        """The model named by ``text``: exact, then after dropping a type word ("Heavy
        Warjack", "Unit"), then by its words ("COMMANDER STRYKER"), then a close spelling."""
        typed = _TYPE_WORDS.search(text)
        if typed and not kinds:
            kinds = _KINDS.get(re.sub(r"s$", "", typed.group(1).lower()), ())
        bare = _clean(_TYPE_WORDS.sub("", text)) or text
        pool = [i for i in self.registry if (self.edition is None or i.edition == self.edition)
                and i.category.startswith("model:") and (not kinds or i.category.split(":")[-1] in kinds)]
        for candidate in (text, bare):
            found = self.registry.lookup(candidate, self.edition, lambda i: i.category.startswith("model:")
                                         and (not kinds or i.category.split(":")[-1] in kinds)).found
            if found is not None:
                return found
        words = set(bare.lower().replace("'", " ").split())
        by_words = [i for i in pool if words and words <= set(i.name.lower().replace("'", " ").split())]
        if len({i.id for i in by_words}) == 1:
            return by_words[0]
        names = {i.name.lower(): i for i in pool}
        close = difflib.get_close_matches(bare.lower(), list(names), n=1, cutoff=0.82)
        return names[close[0]] if close else None

    def card(self, text: str) -> RegistryItem | None:
        found = self.registry.lookup(text, self.edition, lambda i: i.category == "command_card").found
        if found is not None:
            return found
        pool = {i.name.lower(): i for i in self.registry if i.category == "command_card"
                and (self.edition is None or i.edition == self.edition)}
        close = difflib.get_close_matches(text.lower(), list(pool), n=1, cutoff=0.8)
        return pool[close[0]] if close else None


def _hardpoints(item: RegistryItem, names: list[str]) -> tuple[dict[str, str], list[str]]:
    chosen: dict[str, str] = {}
    missing = []
    hardpoints = item.entry.hardpoints if isinstance(item.entry, CostedModel) else []
    for name in names:
        wanted = re.sub(r"\s+head$", "", name.strip(), flags=re.IGNORECASE).lower()
        spelled = {"electrofied": "electrified"}
        wanted = " ".join(spelled.get(w, w) for w in wanted.split())
        hit = next(((h.slot, o.id) for h in hardpoints for o in h.options
                    if wanted in (o.id, o.name.lower()) or o.name.lower().startswith(wanted)), None)
        if hit is None:
            missing.append(name.strip())
        else:
            chosen[hit[0]] = hit[1]
    return chosen, missing


def import_text(text: str, registry: Registry, edition: str | None = None) -> Imported:
    """Turn pasted text into list data; level and points are guessed when not given."""
    matcher = _Matcher(registry, edition)
    casters: list[dict[str, Any]] = []
    units: list[dict[str, Any]] = []
    solos: list[dict[str, Any]] = []
    others: list[dict[str, Any]] = []
    cards: list[str] = []
    unmatched: list[tuple[int, str, str]] = []
    in_cards = False
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = _clean(raw_line)
        if not line:
            continue
        heading = _CASTER_HEADING.match(line)
        if heading:
            item = matcher.model(heading.group(2), ("warcaster", "warlock"))
            if item is None:
                unmatched.append((number, line, "no caster with this name"))
            else:
                casters.append({"model": item.name, "battlegroup": []})
                matcher.edition = matcher.edition or item.edition
            in_cards = False
            continue
        if re.match(r"^command cards\b", line, re.IGNORECASE):
            in_cards = True
            continue
        if _SKIP.match(line):
            continue
        entry = _ENTRY.match(line)
        if entry is None:
            unmatched.append((number, line, "not a line of count, name and cost"))
            continue
        try:
            count = parse_whole(entry.group(1) or "1", "count", minimum=1, maximum=MAX_COUNT)
            cost = parse_whole(entry.group(3), "cost", maximum=MAX_COST)
        except NumberError as exc:
            unmatched.append((number, line, str(exc)))
            continue
        name = entry.group(2)
        if in_cards:
            card = matcher.card(name)
            if card is None:
                unmatched.append((number, line, "no command card with this name"))
            else:
                cards.append(card.name)
            continue
        options_match = _OPTIONS.search(_FA.sub("", name))
        bare = _clean(_TROOPERS.sub("", _FA.sub("", name)))
        options = []
        if options_match and "troopers" not in options_match.group(1).lower():
            options = [o for o in options_match.group(1).split(",") if o.strip()]
            bare = _clean(bare[: bare.rfind("(")])
        item = matcher.model(bare)
        if item is None:
            unmatched.append((number, line, "no model with this name"))
            continue
        matcher.edition = matcher.edition or item.edition
        kind = item.category.split(":")[-1]
        choice: dict[str, Any] = {"model": item.name}
        if options:
            chosen, missing = _hardpoints(item, options)
            choice["hardpoints"] = chosen
            if missing:
                unmatched.append((number, line, f"unknown hardpoint option(s): {', '.join(missing)}"))
        if kind in ("warcaster", "warlock"):
            casters.append({"model": item.name, "battlegroup": []})
        elif kind in ("warjack", "warbeast"):
            if not casters:
                unmatched.append((number, line, "a warjack/warbeast before any caster"))
                continue
            casters[-1]["battlegroup"].extend(dict(choice) for _ in range(count))
        elif kind == "unit":
            troopers = _TROOPERS.search(name)
            try:
                models = parse_whole(troopers.group(1), "troopers", maximum=MAX_COUNT) if troopers else None
            except NumberError as exc:
                unmatched.append((number, line, str(exc)))
                continue
            size = _unit_size(item, models, cost // count)
            if size:
                choice["size"] = size
            units.extend(dict(choice) for _ in range(count))
        elif kind == "attachment":
            if not units:
                unmatched.append((number, line, "an attachment before any unit"))
                continue
            units[-1].setdefault("attachments", []).append(item.name)
        else:
            if count != 1:
                choice["count"] = count
            (solos if kind == "solo" else others).append(choice)
    data: dict[str, Any] = {"edition": matcher.edition or edition or "mk4", "casters": casters}
    for key, value in (("units", units), ("solos", solos), ("others", others), ("command_cards", cards)):
        if value:
            data[key] = value
    return Imported(data, unmatched)


def _unit_size(item: RegistryItem, models: int | None, cost: int) -> str | None:
    assert isinstance(item.entry, Unit)
    sizes = item.entry.sizes
    if len(sizes) == 1:
        return None
    if models is not None:
        by_models = [s for s in sizes if s.models == models]
        by_both = [s for s in by_models if s.cost == cost]
        if by_both or by_models:
            return (by_both or by_models)[0].label
    by_cost = [s for s in sizes if s.cost == cost]
    return by_cost[0].label if by_cost else None


def _guess_points(text: str) -> int | None:
    """The points the text names ("(75 + ...", "75-point", "Total ... 75"); numbers no
    encounter level could have are passed over."""
    for pattern in (r"\(([0-9]+)\s*\+", r"([0-9]+)[- ]point", r"total[^0-9]*([0-9]+)"):
        for match in re.finditer(pattern, text, re.IGNORECASE):
            try:
                return parse_whole(match.group(1), "points", maximum=MAX_COST)
            except NumberError:
                continue
    return None


def _guess_level(registry: Registry, edition: str, points: int, text: str, casters: int) -> str | None:
    """The level named in the text, else the first that has these points and room for the casters."""
    item = registry.get(edition, edition)
    if item is None or not isinstance(item.entry, Ruleset):
        return None
    levels = [lv for lv in item.entry.encounter_levels if points in lv.points]
    named = [lv for lv in levels if lv.name.lower() in text.lower()]
    roomy = [lv for lv in levels if lv.max_casters >= casters]
    fitting = named or roomy or levels
    return fitting[0].id if fitting else None


def _faction_of(registry: Registry, data: dict[str, Any]) -> str | None:
    """The faction of the first caster, else of the first unit, solo or other entry found."""
    entries = [*data["casters"], *data.get("units", []), *data.get("solos", []), *data.get("others", [])]
    for entry in entries:
        for item in registry.lookup(entry["model"], data["edition"], lambda i: i.category.startswith("model:")).items:
            if item.faction:
                return item.faction
    return None


def list_from_text(text: str, registry: Registry, edition: str | None = None, faction: str | None = None,
                   level: str | None = None, points: int | None = None) -> Imported:
    """:func:`import_text` with the list fields the text leaves out filled in: the faction of
    the first caster, the points and level the text names (or the first level that fits)."""
    result = import_text(text, registry, edition)
    data = result.data
    data["faction"] = faction or _faction_of(registry, data) or UNKNOWN
    data["points"] = points if points is not None else (_guess_points(text) or 0)
    data["level"] = level or _guess_level(registry, data["edition"], data["points"], text,
                                         len(data["casters"])) or UNKNOWN
    return result
