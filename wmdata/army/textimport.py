"""Import a list pasted as plain text, in the layout of the rulebooks' sample armies:
caster headings with their battlegroup points, one line per entry with count, name
and cost, unit sizes as "with N troopers", "unit of N troopers" or "leader and N grunts",
attachments as "with a ... command attachment", MkIV hardpoint choices in parentheses.

Every line is either used or reported as not understood; nothing is dropped silently.
A used line whose printed cost is not what the chosen size or options cost is used as
read and reported with both numbers, so a misprint or a typo is seen, not hidden.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from wmdata.army.textlines import logical_lines
from wmdata.content.registry import Registry, RegistryItem
from wmdata.model.organisation import Ruleset
from wmdata.model.profiles import CostedModel, Unit, UnitSize
from wmdata.numbers import NumberError, parse_whole
from wmdata.wording import plural

_ENTRY = re.compile(r"^(?:([0-9]+)\s*x?\s+)?(.+?)\s+([0-9]+)(?:\s*\(\s*[0-9]+\s*ea\.?\s*\))?\s*$",
                    re.IGNORECASE)
_CASTER_HEADING = re.compile(r"^(warcaster|warlock)\s*[-\u2014\u2013:]\s*(.+?)\s*"
                             r"\(\s*\+\s*([0-9]+)[^)]*\)\s*$", re.IGNORECASE)
_TROOPERS = re.compile(r"\b(?:with|of)\s+([0-9]+)\s+troopers?\b", re.IGNORECASE)
_GRUNTS = re.compile(r"\b(?:with\s+)?(?:an?\s+)?leader\s+(?:and|&|\+)\s+([0-9]+)\s+grunts?\b", re.IGNORECASE)
_ATTACHMENT = re.compile(r"\bwith\s+(?:an?\s+)?(.+?)\s+(?:command|weapon|unit)\s+attachments?\b", re.IGNORECASE)
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
                   r"|units and solos$|warcasters?$|warlocks?$|.*\bsubtotal\b|.*\barmy point cost$"
                   r"|.*\bpoint total\b|.*=\s*[0-9]+\s+total points\b|built for\b)", re.IGNORECASE)


@dataclass(slots=True)
class Imported:
    data: dict[str, Any]
    unmatched: list[tuple[int, str, str]] = field(default_factory=list)
    """(line number, line, reason) of every line that was not used."""
    costs: list[tuple[int, str, str]] = field(default_factory=list)
    """(line number, line, what disagrees) of every used line whose printed cost is not
    what the list's choice costs."""

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


def _hardpoints(item: RegistryItem, names: list[str]) -> tuple[dict[str, str], list[str], int]:
    """The slot -> option choices named, the names no option has, and the chosen options' cost."""
    chosen: dict[str, str] = {}
    missing = []
    cost = 0
    hardpoints = item.entry.hardpoints if isinstance(item.entry, CostedModel) else []
    for name in names:
        wanted = re.sub(r"\s+head$", "", name.strip(), flags=re.IGNORECASE).lower()
        spelled = {"electrofied": "electrified"}
        wanted = " ".join(spelled.get(w, w) for w in wanted.split())
        hit = next(((h.slot, o) for h in hardpoints for o in h.options
                    if wanted in (o.id, o.name.lower()) or o.name.lower().startswith(wanted)), None)
        if hit is None:
            missing.append(name.strip())
        else:
            chosen[hit[0]] = hit[1].id
            cost += hit[1].cost
    return chosen, missing, cost


def _what(item: RegistryItem, count: int, loadout: str = "") -> str:
    """How a cost message names what a line buys: "Courser with ...", "3 Defender"."""
    return f"{count} {item.name}{loadout}" if count > 1 else f"{item.name}{loadout}"


class _Reader:
    """Reads the logical lines one by one into list data, keeping what it could not use."""

    def __init__(self, registry: Registry, edition: str | None) -> None:
        self.matcher = _Matcher(registry, edition)
        self.casters: list[dict[str, Any]] = []
        self.units: list[dict[str, Any]] = []
        self.solos: list[dict[str, Any]] = []
        self.others: list[dict[str, Any]] = []
        self.cards: list[str] = []
        self.unmatched: list[tuple[int, str, str]] = []
        self.costs: list[tuple[int, str, str]] = []
        self.in_cards = False

    def line(self, number: int, line: str) -> None:
        heading = _CASTER_HEADING.match(line)
        if heading:
            item = self.matcher.model(heading.group(2), ("warcaster", "warlock"))
            if item is None:
                self.unmatched.append((number, line, "no caster with this name"))
            else:
                self.casters.append({"model": item.name, "battlegroup": []})
                self.matcher.edition = self.matcher.edition or item.edition
            self.in_cards = False
            return
        if re.match(r"^command cards\b", line, re.IGNORECASE):
            self.in_cards = True
            return
        if _SKIP.match(line):
            return
        entry = _ENTRY.match(line)
        if entry is None:
            self.unmatched.append((number, line, "not a line of count, name and cost"))
            return
        try:
            count = parse_whole(entry.group(1) or "1", "count", minimum=1, maximum=MAX_COUNT)
            cost = parse_whole(entry.group(3), "cost", maximum=MAX_COST)
        except NumberError as exc:
            self.unmatched.append((number, line, str(exc)))
            return
        if self.in_cards:
            self.card(number, line, entry.group(2), cost)
        else:
            self.model(number, line, entry.group(2), count, cost)

    def card(self, number: int, line: str, name: str, cost: int) -> None:
        card = self.matcher.card(name)
        if card is None:
            self.unmatched.append((number, line, "no command card with this name"))
            return
        self.cards.append(card.name)
        self.check_cost(number, line, cost, int(getattr(card.entry, "cost", 0) or 0), card.name)

    def check_cost(self, number: int, line: str, printed: int, actual: int, what: str) -> None:
        if printed != actual:
            self.costs.append((number, line, f"printed cost {printed}, but {what} costs {actual}"))

    def model(self, number: int, line: str, name: str, count: int, cost: int) -> None:
        name = _FA.sub("", name)
        options_match = _OPTIONS.search(name)
        attachment_match = _ATTACHMENT.search(name)
        bare = _clean(_GRUNTS.sub("", _TROOPERS.sub("", _ATTACHMENT.sub("", name))))
        options: list[str] = []
        if options_match and "troopers" not in options_match.group(1).lower():
            options = [o for o in options_match.group(1).split(",") if o.strip()]
            bare = _clean(bare[: bare.rfind("(")])
        item = self.matcher.model(bare)
        if item is None:
            self.unmatched.append((number, line, "no model with this name"))
            return
        attachment = None
        if attachment_match:
            attachment = self.matcher.model(attachment_match.group(1), ("attachment",))
            if attachment is None:
                self.unmatched.append((number, line, "no attachment with this name"))
                return
        self.matcher.edition = self.matcher.edition or item.edition
        kind = item.category.split(":")[-1]
        choice: dict[str, Any] = {"model": item.name}
        each = int(getattr(item.entry, "cost", 0) or 0)
        if options:
            chosen, missing, each = _hardpoints(item, options)
            choice["hardpoints"] = chosen
            if missing:
                noun = plural(len(missing), "option")
                self.unmatched.append((number, line, f"unknown hardpoint {noun}: {', '.join(missing)}"))
        if kind in ("warcaster", "warlock"):
            self.casters.append({"model": item.name, "battlegroup": []})
            return
        if kind in ("warjack", "warbeast"):
            if not self.casters:
                self.unmatched.append((number, line, "a warjack/warbeast before any caster"))
                return
            self.casters[-1]["battlegroup"].extend(dict(choice) for _ in range(count))
            loadout = f" with {', '.join(o.strip() for o in options)}" if options and not missing else ""
            self.check_cost(number, line, cost, each * count, _what(item, count, loadout))
        elif kind == "unit":
            self.unit(number, line, name, item, attachment, count, cost, choice)
        elif kind == "attachment":
            if not self.units:
                self.unmatched.append((number, line, "an attachment before any unit"))
                return
            self.units[-1].setdefault("attachments", []).append(item.name)
            self.check_cost(number, line, cost, each * count, item.name)
        else:
            if count != 1:
                choice["count"] = count
            (self.solos if kind == "solo" else self.others).append(choice)
            self.check_cost(number, line, cost, each * count, _what(item, count))

    def unit(self, number: int, line: str, name: str, item: RegistryItem, attachment: RegistryItem | None,
             count: int, cost: int, choice: dict[str, Any]) -> None:
        try:
            troopers = _TROOPERS.search(name)
            grunts = _GRUNTS.search(name)
            models = (parse_whole(troopers.group(1), "troopers", maximum=MAX_COUNT) if troopers
                      else parse_whole(grunts.group(1), "grunts", maximum=MAX_COUNT) + 1 if grunts else None)
        except NumberError as exc:
            self.unmatched.append((number, line, str(exc)))
            return
        extra = int(getattr(attachment.entry, "cost", 0) or 0) if attachment is not None else 0
        assert isinstance(item.entry, Unit)
        size, disagreement = _unit_size(item.entry, models, cost, count, extra)
        if size is not None and len(item.entry.sizes) > 1:
            choice["size"] = size.label
        if attachment is not None:
            choice["attachments"] = [attachment.name]
        self.units.extend(dict(choice) for _ in range(count))
        if disagreement:
            self.costs.append((number, line, disagreement))

    def data(self, edition: str | None) -> dict[str, Any]:
        data: dict[str, Any] = {"edition": self.matcher.edition or edition or "mk4", "casters": self.casters}
        for key, value in (("units", self.units), ("solos", self.solos), ("others", self.others),
                           ("command_cards", self.cards)):
            if value:
                data[key] = value
        return data


def _unit_size(unit: Unit[Any], models: int | None, cost: int, count: int,
               attachment: int) -> tuple[UnitSize | None, str]:
    """The size a line buys, and what disagrees with it ("" when the line is consistent).

    A size with the printed troopers and cost is taken; when the troopers and the cost
    name different sizes, the cost wins (it is what the army spends, and the totals the
    rulebooks print add up with it) and the line is reported with both numbers."""
    def total(size: UnitSize) -> int:
        return (size.cost + attachment) * count

    by_cost = [s for s in unit.sizes if total(s) == cost]
    by_models = [s for s in unit.sizes if models is not None and s.models == models]
    both = [s for s in by_cost if s in by_models]
    if both:
        return both[0], ""
    extra = " with its attachment" if attachment else ""
    if by_cost and models is not None:
        paid = by_cost[0]
        return paid, (f"printed {models} troopers for {cost} points, but {cost} points buys the {paid.label} "
                      f"unit of {paid.models} troopers{extra}; read as {paid.label}")
    if by_cost:
        return by_cost[0], ""
    named = by_models[0] if by_models else (unit.sizes[0] if len(unit.sizes) == 1 else None)
    if named is not None:
        what = f"the {named.label} unit ({named.models} troopers){extra}" if len(unit.sizes) > 1 else f"the unit{extra}"
        return named, f"printed cost {cost}, but {what} costs {total(named)}"
    sizes = ", ".join(f"{s.label} {total(s)}" for s in unit.sizes)
    return None, f"printed cost {cost} is no size of the unit{extra} ({sizes})"


def import_text(text: str, registry: Registry, edition: str | None = None) -> Imported:
    """Turn pasted text into list data; level and points are guessed when not given."""
    reader = _Reader(registry, edition)
    for number, line in logical_lines(text):
        reader.line(number, line)
    return Imported(reader.data(edition), reader.unmatched, reader.costs)


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


def _army_named(registry: Registry, data: dict[str, Any], text: str) -> str | None:
    """The MkIV army of the list's faction that the text names ("a sample Cygnar Storm
    Legion army"); none when it names no army or more than one."""
    words = _clean(text).lower()
    named = [i.id for i in registry if i.category == "army" and i.edition == data["edition"]
             and i.faction == data["faction"] and re.search(rf"\b{re.escape(i.name.lower())}\b", words)]
    return named[0] if len(named) == 1 else None


def list_from_text(text: str, registry: Registry, edition: str | None = None, faction: str | None = None,
                   level: str | None = None, points: int | None = None) -> Imported:
    """:func:`import_text` with the list fields the text leaves out filled in: the faction of
    the first caster, the army the text names, the points and level the text names (or
    the first level that fits)."""
    result = import_text(text, registry, edition)
    data = result.data
    data["faction"] = faction or _faction_of(registry, data) or UNKNOWN
    army = _army_named(registry, data, text)
    if army is not None:
        data["army"] = army
    data["points"] = points if points is not None else (_guess_points(text) or 0)
    data["level"] = level or _guess_level(registry, data["edition"], data["points"], text,
                                         len(data["casters"])) or UNKNOWN
    return result
