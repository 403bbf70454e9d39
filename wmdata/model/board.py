"""The board file format (its schema ships in ``schemas/board.schema.json``).

A board places models (a content id, or just a base size) and terrain on a table, in
inches from the table's lower-left corner.  Bounds here are the absurd-value guard
(a 1000" table, a 50" tall wall); whether a base is on the table or overlaps another is
checked afterwards, with the same file positions.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, StringConstraints, model_validator

from wmdata.model.common import BaseSize, Edition, Id, Strict

Inches = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]
Length = Annotated[float, Field(gt=0, le=1000, allow_inf_nan=False)]
Height = Annotated[float, Field(ge=0, le=50, allow_inf_nan=False)]
BoardId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$", max_length=40),
                    Field(description="the model's or feature's name on this board (letters, digits, - and _)")]
TerrainKind = Literal[
    "obstacle", "obstruction", "wall", "forest", "hill", "rough", "shallow_water", "deep_water", "trench",
    "crater", "rubble", "cloud", "tall_grass", "impassable", "terraced_obstruction",
]
BoardState = Literal["knocked_down", "stationary", "stealth", "incorporeal"]


class Table(Strict):
    width: Length = Field(description="inches along x")
    height: Length = Field(description="inches along y")


class BoardModel(Strict):
    """One model on the board: from content (``content``) or a bare base (``base``)."""

    id: BoardId
    content: Id | None = Field(default=None, description="content id of the model (its base comes from its card)")
    base: BaseSize | None = Field(default=None, description="base in mm, when no content id is given")
    x: Inches
    y: Inches
    facing: Annotated[float, Field(ge=0, lt=360, allow_inf_nan=False)] = Field(
        default=90, description="degrees counter-clockwise from the +x axis (MkII/MkIII front arc)")
    elevation: Height = 0
    side: Annotated[str, StringConstraints(pattern=r"^[a-z0-9-]+$", max_length=20)] = Field(
        default="a", description="models on different sides are enemies")
    unit: BoardId | None = Field(default=None, description="troopers of one unit share this name")
    melee_range: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False)] | None = Field(
        default=None, description="inches; default: from its melee weapons per edition")
    states: list[BoardState] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_source_of_base(self) -> Self:
        if (self.content is None) == (self.base is None):
            raise ValueError("give exactly one of 'content' (a model id) or 'base' (30, 40, 50, 80 or 120)")
        return self


class Circle(Strict):
    x: Inches
    y: Inches
    radius: Length


Corner = Annotated[list[Inches], Field(min_length=2, max_length=2, description="[x, y] in inches")]


class TerrainFeature(Strict):
    """A terrain feature: a polygon (``points``) or a ``circle``, of a kind, with a height."""

    id: BoardId
    kind: TerrainKind
    height: Height = Field(default=0, description="inches above the table (walls, hills, obstructions)")
    points: Annotated[list[Corner], Field(min_length=3, max_length=200)] | None = None
    circle: Circle | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> Self:
        if (self.points is None) == (self.circle is None):
            raise ValueError("give exactly one of 'points' (a polygon) or 'circle'")
        return self


class BoardFile(Strict):
    """A board: the table, the edition whose rules apply, models and terrain."""

    edition: Edition
    ruleset: Id | None = Field(default=None, description="ruleset id (default: the edition's own)")
    table: Table
    models: Annotated[list[BoardModel], Field(max_length=500)] = Field(default_factory=list)
    terrain: Annotated[list[TerrainFeature], Field(max_length=200)] = Field(default_factory=list)
