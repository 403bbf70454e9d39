"""Starting a list: what the start page offers for an edition and faction (armies, theme
forces or contracts, encounter levels) and the empty list it begins with."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from pydantic import ValidationError

from wmdata.content.registry import Registry
from wmdata.model.common import EDITIONS
from wmdata.model.lists import ArmyList
from wmdata.numbers import is_whole, parse_whole
from wmdata.web.requests import RequestError

EDITION_NAMES = {"mk2": "MkII", "mk3": "MkIII", "mk4": "MkIV"}


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str


@dataclass(slots=True)
class StartChoices:
    """The start form's select boxes; the second half only once a faction is chosen."""

    editions: list[Option]
    factions: list[Option]
    edition: str | None = None
    faction: str | None = None
    organisation_field: str = ""
    organisations: list[Option] = field(default_factory=list)
    levels: list[Option] = field(default_factory=list)
    arenas: bool = False


def _factions(registry: Registry, edition: str) -> list[Option]:
    found = {i.id: i.name for i in registry if i.edition == edition and i.category == "faction"}
    return [Option(key, name) for key, name in sorted(found.items(), key=lambda kv: kv[1].lower())]


def _levels(registry: Registry, edition: str) -> list[tuple[str, str, list[int]]]:
    ruleset = registry.get(edition, edition)
    levels = getattr(ruleset.entry, "encounter_levels", []) if ruleset is not None else []
    return [(lv.id, lv.name, list(lv.points)) for lv in levels]


def _organisation(registry: Registry, edition: str, faction: str) -> tuple[str, list[Option]]:
    """MkIV lists name an army; MkIII a theme force; MkII a tier, or a contract for mercenaries."""
    if edition == "mk4":
        return "army", [Option(i.id, i.name) for i in registry if i.edition == edition
                        and i.category == "army" and getattr(i.entry, "faction", None) == faction]
    faction_item = registry.get(edition, faction)
    hired = faction_item is not None and getattr(faction_item.entry, "role", "faction") != "faction"
    options = [Option(i.id, i.name) for i in registry if i.edition == edition and i.category == "theme_force"
               and getattr(i.entry, "faction", None) == faction]
    return ("contract" if hired and edition == "mk2" else "theme"), options


def check_edition(edition: str | None) -> str:
    if edition not in EDITIONS:
        shown = "nothing" if edition is None else repr(edition[:40])
        raise RequestError(400, f"edition must be one of {', '.join(EDITIONS)}, got {shown}")
    return edition


def check_faction(registry: Registry, edition: str, faction: str | None) -> str:
    known = [o.value for o in _factions(registry, edition)]
    if faction not in known:
        close = difflib.get_close_matches(faction or "", known, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else f"; {edition} factions: {', '.join(known)}"
        raise RequestError(400, f"unknown faction {(faction or '')[:40]!r} in {edition}{hint}")
    return faction


def start_choices(registry: Registry, edition: str | None, faction: str | None) -> StartChoices:
    editions = [Option(e, EDITION_NAMES[e]) for e in EDITIONS]
    if edition not in EDITIONS:
        return StartChoices(editions, [])
    choices = StartChoices(editions, _factions(registry, edition), edition)
    if faction not in {o.value for o in choices.factions}:
        return choices
    choices.faction = faction
    choices.organisation_field, choices.organisations = _organisation(registry, edition, faction)
    choices.levels = [Option(key, f"{name} ({', '.join(map(str, points))} points)")
                      for key, name, points in _levels(registry, edition)]
    choices.arenas = edition == "mk4"
    return choices


def blank_list(registry: Registry, edition: str | None, faction: str | None, fields: dict[str, str] | None = None
               ) -> ArmyList:
    """An empty list of the faction: the level and points asked for, else the edition's
    first level at its first points value."""
    edition = check_edition(edition)
    faction = check_faction(registry, edition, faction)
    given = {k: v.strip() for k, v in (fields or {}).items() if v and v.strip()}
    levels = _levels(registry, edition)
    level = given.get("level") or (levels[0][0] if levels else "")
    points_text = given.get("points")
    if points_text is None:
        points = next((p[0] for key, _, p in levels if key == level), 0)
    elif is_whole(points_text) and len(points_text) <= 4:
        points = parse_whole(points_text, "points")
    else:
        raise RequestError(400, f"points must be a whole number, got {points_text[:20]!r}")
    data: dict[str, object] = {"edition": edition, "faction": faction, "level": level, "points": points}
    data |= {key: given[key] for key in ("name", "army", "theme", "contract", "arena") if key in given}
    try:
        return ArmyList.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        raise RequestError(400, f"{'.'.join(map(str, first['loc']))}: {first['msg'].lower()}") from None
