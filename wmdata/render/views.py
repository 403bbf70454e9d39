"""The view model of a card: plain data the templates place, decided by ``cards.py``
(what a card shows) and ``fit.py`` (how large it is printed)."""

from __future__ import annotations

from dataclasses import dataclass, field

from wmdata.render.tracks import Drawing


@dataclass(frozen=True, slots=True)
class RuleLine:
    """A rule as the card prints it: a name, our own text, and a glyph for the stat bar."""

    id: str
    name: str
    text: str
    category: str
    glyph: str
    heading: str = ""


@dataclass(frozen=True, slots=True)
class WeaponView:
    name: str
    kind: str
    location: str
    count: int
    cells: list[tuple[str, str]]
    qualities: list[RuleLine]


@dataclass(frozen=True, slots=True)
class ProfileView:
    name: str
    label: str
    stats: list[tuple[str, str]]
    weapons: list[WeaponView]
    advantages: list[RuleLine]


@dataclass(frozen=True, slots=True)
class SpellView:
    name: str
    cells: list[tuple[str, str]]
    text: str


@dataclass(slots=True)
class Card:
    """One physical card: a front and a back."""

    key: str
    edition: str
    title: str
    type_line: str
    facts: list[tuple[str, str]]
    profiles: list[ProfileView] = field(default_factory=list)
    damage: Drawing | None = None
    damage_lines: list[str] = field(default_factory=list)
    rules: list[RuleLine] = field(default_factory=list)
    spells: list[SpellView] = field(default_factory=list)
    feat: RuleLine | None = None
    layout: str = "model"
    front_scale: float = 1.0
    back_tier: str = "t1"
    part: str = ""
