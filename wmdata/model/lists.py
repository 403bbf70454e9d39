"""The army list file format (its schema ships in ``schemas/list.schema.json``).

Models are referred to by id or display name; the army builder resolves them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from wmdata.model.common import Count, Edition, Id, Points, Strict, Text
from wmdata.model.packs import Version

Ref = Annotated[str, StringConstraints(min_length=1, max_length=120), Field(description="model id or name")]


class WarjackChoice(Strict):
    """A warjack or warbeast with its chosen hardpoint options (MkIV)."""

    model: Ref
    hardpoints: dict[str, Ref] = Field(default_factory=dict, description="slot -> option id or name")
    free: bool = Field(default=False, description="taken free (a theme benefit, or Total War's free huge models)")


class CasterChoice(Strict):
    model: Ref
    battlegroup: list[WarjackChoice] = Field(default_factory=list)


class UnitChoice(Strict):
    model: Ref
    size: Annotated[str, StringConstraints(pattern=r"^(min|max|fixed)$")] | None = None
    free: bool = Field(default=False, description="taken free as a theme benefit")
    attachments: list[Ref] = Field(default_factory=list)
    jacks: list[WarjackChoice] = Field(default_factory=list, description="warjacks its 'jack marshal controls")


class SoloChoice(Strict):
    model: Ref
    count: Count = 1
    free: bool = Field(default=False, description="taken free (a theme benefit, or Total War's free huge models)")
    jacks: list[WarjackChoice] = Field(default_factory=list, description="warjacks it controls as a marshal")


class PackUse(Strict):
    """A content pack the list takes entries from, and the version it was built with."""

    id: Id
    version: Version


class ArmyList(Strict):
    """An army list: the casters and their battlegroups, units, solos and cards."""

    edition: Edition
    name: Annotated[str, StringConstraints(max_length=120)] | None = None
    faction: Id
    army: Ref | None = Field(default=None, description="MkIV army (id or name)")
    arena: Literal["prime", "unlimited"] | None = Field(default=None, description="MkIV arena (Prime or Unlimited)")
    theme: Ref | None = Field(default=None, description="MkIII theme force or MkII tier (id or name)")
    contract: Ref | None = Field(default=None, description="MkII mercenary contract (id or name)")
    level: Id
    points: Points
    casters: list[CasterChoice] = Field(default_factory=list, description="warcasters/warlocks with their battlegroups")
    units: list[UnitChoice] = Field(default_factory=list)
    solos: list[SoloChoice] = Field(default_factory=list)
    others: list[SoloChoice] = Field(default_factory=list, description="battle engines and structures")
    command_cards: list[Ref] = Field(default_factory=list)
    notes: Text | None = None
    packs: list[PackUse] = Field(default_factory=list,
                                 description="content packs (beyond the built-in library) the list needs")
