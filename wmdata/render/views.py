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

    def weapon_tables(self) -> list[list[WeaponView]]:
        """Consecutive weapons with the same columns share one table (one header row, a
        row per weapon), as the weapon bars of a printed card do: the front stays dense."""
        tables: list[list[WeaponView]] = []
        for weapon in self.weapons:
            if tables and _columns(tables[-1][0]) == _columns(weapon):
                tables[-1].append(weapon)
            else:
                tables.append([weapon])
        return tables


def _columns(weapon: WeaponView) -> tuple[str, ...]:
    return (weapon.kind, *(name for name, _ in weapon.cells))


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
    unconfirmed: str = ""
    """What on the card no source confirms ('all numbers', or field names); empty when
    everything is confirmed.  The card prints a mark and this as its legend."""
