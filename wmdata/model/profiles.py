"""Model profiles: every model type of the three editions.

One generic class per model type, parametrised by the edition's stat line, so the
same shapes serve MkII, MkIII and MkIV while each edition's schema names only its
own stats.  The ``type`` key selects the class (a pydantic discriminated union).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Generic, Literal, Self, TypeVar

from pydantic import Field, model_validator

from wmdata.model.common import (
    BaseSize,
    Count,
    Entry,
    FieldAllowance,
    Id,
    Name,
    Points,
    Strict,
)
from wmdata.model.damage import DamageTrack
from wmdata.model.effects import Effect
from wmdata.model.requirements import Requires
from wmdata.model.stats import Mk2Stats, Mk3Stats, Mk4Stats, StatsBase
from wmdata.model.weapons import Weapon

S = TypeVar("S", bound=StatsBase)

IdList = Annotated[list[Id], Field(default_factory=list)]
Arenas = Annotated[
    list[Literal["prime", "unlimited"]],
    Field(default_factory=list, description="MkIV arenas the model is legal in; empty means every arena"),
]


class Profile(Strict, Generic[S]):
    """What one stat card shows for one model: stats, base, weapons, rules, damage."""

    stats: S
    base: BaseSize = Field(description="base diameter in mm: 30, 40, 50, 80 or 120")
    weapons: list[Weapon] = Field(default_factory=list)
    advantages: IdList = Field(description="advantages, immunities and resistances (stat-bar icons), by id")
    abilities: IdList = Field(description="special rules on the card's back, by id")
    damage: DamageTrack | None = Field(default=None, description="omit for a single damage point")
    effects: list[Effect] = Field(default_factory=list)


class ModelEntry(Entry, Profile[S], Generic[S]):
    """Fields of every top-level model entry."""

    fa: FieldAllowance
    faction: Id | None = Field(default=None, description="overrides the file's faction")
    works_for: IdList = Field(description="factions a mercenary or minion will work for")
    partisan: Id | None = Field(default=None, description="faction this mercenary/minion counts as in its army")
    armies: IdList = Field(description="MkIV armies (or themes) the model is available to")
    arenas: Arenas
    character: Name | None = Field(
        default=None, description="shared profile name of a character with several versions"
    )
    version: Annotated[int, Field(ge=1, le=20)] | None = None
    requires: Requires


class Caster(ModelEntry[S], Generic[S]):
    """Warcasters and warlocks: free, grant battlegroup points, cast spells, one feat."""

    spells: IdList
    feat: Id | None = None
    rack_slots: Annotated[int, Field(ge=0, le=6)] | None = Field(default=None, description="MkIV rack slots")


class Warcaster(Caster[S], Generic[S]):
    type: Literal["warcaster"]
    warjack_points: Points | None = Field(default=None, description="MkII/MkIII bonus warjack points")


class Warlock(Caster[S], Generic[S]):
    type: Literal["warlock"]
    warbeast_points: Points | None = Field(default=None, description="MkIII bonus warbeast points")


class HardpointOption(Strict):
    """One choice for a hardpoint; it may enable weapons of the model and grant rules."""

    id: Id
    name: Name
    cost: Points
    weapons: list[Name] = Field(default_factory=list, description="names of this model's weapons it fits")
    rules: IdList = Field(description="advantages or abilities the option grants (e.g. a head)")


HardpointSlot = Literal["head", "left_arm", "right_arm", "arms", "superstructure", "animus", "back", "tail"]


class Hardpoint(Strict):
    """A customisation slot (MkIV): exactly one of its options is chosen."""

    slot: HardpointSlot
    options: Annotated[list[HardpointOption], Field(min_length=1)]


class CostedModel(ModelEntry[S], Generic[S]):
    """A model with a fixed cost or with hardpoints whose options sum to its cost."""

    cost: Points | None = None
    hardpoints: list[Hardpoint] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_way_to_cost(self) -> Self:
        if self.cost is None and not self.hardpoints:
            raise ValueError("needs a 'cost' (or 'hardpoints' whose options give the cost)")
        if self.cost is not None and self.hardpoints:
            raise ValueError("has both 'cost' and 'hardpoints'; a customizable model costs its options")
        return self


class Warjack(CostedModel[S], Generic[S]):
    type: Literal["warjack"]
    weight: Literal["light", "heavy", "super_heavy", "colossal"]


class Warbeast(CostedModel[S], Generic[S]):
    type: Literal["warbeast"]
    weight: Literal["lesser", "light", "heavy", "super_heavy", "gargantuan"]
    animus: Id | None = None
    bonds: IdList = Field(description="warlocks this character warbeast can be bonded to: it may join their "
                                      "battlegroup in a theme force that does not list it (MkIII)")


class Solo(CostedModel[S], Generic[S]):
    type: Literal["solo"]
    group_size: Count = Field(default=1, description="models bought together (FA counts groups)")


class BattleEngine(CostedModel[S], Generic[S]):
    type: Literal["battle_engine"]


class Structure(CostedModel[S], Generic[S]):
    type: Literal["structure"]


class Trooper(Profile[S], Generic[S]):
    """One trooper profile of a unit or attachment."""

    name: Name
    role: Literal["leader", "officer", "grunt", "trooper", "standard_bearer", "crew"]
    count: Count = Field(default=1, description="how many models of this profile the smallest unit has")


class UnitSize(Strict):
    """A buyable unit size: MkII/MkIII minimum and maximum strength."""

    label: Literal["min", "max", "fixed"]
    models: Count
    cost: Points


class Unit(Entry, Generic[S]):
    """A unit: several trooper profiles bought as one entry at one of its sizes."""

    type: Literal["unit"]
    fa: FieldAllowance
    faction: Id | None = None
    works_for: IdList
    partisan: Id | None = None
    armies: IdList
    arenas: Arenas
    character: Name | None = None
    version: Annotated[int, Field(ge=1, le=20)] | None = None
    sizes: Annotated[list[UnitSize], Field(min_length=1, max_length=3)]
    troopers: Annotated[list[Trooper[S]], Field(min_length=1)]
    weapon_crew: bool = Field(default=False, description="weapon crews take no attachments")
    requires: Requires
    advantages: IdList = Field(description="rules every trooper has")
    abilities: IdList


class Attachment(Entry, Generic[S]):
    """A command/unit attachment or a weapon attachment, joining the listed units."""

    type: Literal["attachment"]
    attachment: Literal["command", "weapon"]
    attaches_to: Annotated[list[Id], Field(min_length=1, description="ids of the units it may join")]
    fa: FieldAllowance
    faction: Id | None = None
    works_for: IdList
    armies: IdList
    arenas: Arenas
    character: Name | None = None
    version: Annotated[int, Field(ge=1, le=20)] | None = None
    cost: Points
    max_per_unit: Annotated[int, Field(ge=1, le=3)] = Field(
        default=1, description="weapon attachments: how many of this one a unit may take"
    )
    troopers: Annotated[list[Trooper[S]], Field(min_length=1)]
    advantages: IdList
    abilities: IdList
    requires: Requires


def model_union(stats: type[StatsBase]) -> object:
    """The discriminated union of every model type for one edition's stat line."""
    return Annotated[
        Warcaster[stats] | Warlock[stats] | Warjack[stats] | Warbeast[stats]  # type: ignore[valid-type]
        | Solo[stats] | BattleEngine[stats] | Structure[stats]  # type: ignore[valid-type]
        | Unit[stats] | Attachment[stats],  # type: ignore[valid-type]
        Field(discriminator="type"),
    ]


MODEL_TYPES: tuple[str, ...] = (
    "warcaster", "warlock", "warjack", "warbeast", "solo", "battle_engine", "structure", "unit", "attachment",
)
STATS_BY_EDITION_KEY: dict[str, type[StatsBase]] = {"mk2": Mk2Stats, "mk3": Mk3Stats, "mk4": Mk4Stats}


@cache
def model_union_for(edition: str) -> object:
    """The model union of one edition, built when first needed: building the classes of
    all three editions costs most of the start-up of a command that needs only one."""
    return model_union(STATS_BY_EDITION_KEY[edition])

