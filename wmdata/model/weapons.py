"""Weapon stat bars, as printed on the cards of all three editions."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from wmdata.model.common import Aoe, Count, Id, Name, Pow, Range, Rof, Stat, Strict

WeaponType = Literal["melee", "ranged", "mount"]
Location = Literal["L", "R", "H", "S", "F", "-"]


class Weapon(Strict):
    """One line of a weapon stat bar.

    ``rng`` of a melee weapon is its melee range (MkIV prints it); ``ps`` is the P+S
    value MkII and MkIII print for melee weapons; ``count`` is the ``x2`` marker.
    """

    name: Name
    type: WeaponType
    rng: Range | None = None
    rof: Rof | None = None
    aoe: Aoe | None = None
    pow: Pow | None = Field(default=None, description="POW; omit (or null) for '-' (no damage)")
    ps: Stat | None = Field(default=None, description="P+S (MkII and MkIII melee weapons)")
    location: Location | None = Field(default=None, description="warjack location: L, R, H, S, F or '-'")
    count: Count = Field(default=1, description="number of identical weapons (the card's 'x2')")
    qualities: list[Id] = Field(default_factory=list, description="weapon qualities and damage types, by id")
    abilities: list[Id] = Field(default_factory=list, description="the weapon's own special rules, by id")
