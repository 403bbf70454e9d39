"""Damage capacity: rows of boxes, warjack grids, colossal grids, life spirals and
dragoon tracks.  A model without a ``damage`` entry has a single damage point.

Grids are written as the card shows them, one string per row, top row first, one
character per column 1-6: ``-`` no box, ``.`` hull box, a capital letter a system box.
Spirals are six strings, one per branch 1-6, outermost circle first, each character
the aspect of a circle: ``M`` Mind, ``B`` Body, ``S`` Spirit.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from wmdata.model.common import Strict

GridRow = Annotated[
    str,
    StringConstraints(pattern=r"^[-.A-Z]{6}$"),
    Field(description="six characters, columns 1-6: '-' no box, '.' hull, a letter a system"),
]
GridRows = Annotated[list[GridRow], Field(min_length=1, max_length=12)]
Branch = Annotated[
    str,
    StringConstraints(pattern=r"^[MBS]{1,12}$"),
    Field(description="circles of one branch, outermost first: M(ind), B(ody) or S(pirit)"),
]
Boxes = Annotated[int, Field(ge=1, le=200)]


class BoxRow(Strict):
    """A row of damage boxes, marked left to right."""

    type: Literal["boxes"]
    boxes: Boxes


class Grid(Strict):
    """A warjack (or monstrosity) damage grid of six columns."""

    type: Literal["grid"]
    rows: GridRows


class ColossalGrids(Strict):
    """Colossals: a left and a right grid, plus optional force-field boxes."""

    type: Literal["colossal"]
    left: GridRows
    right: GridRows
    field: Annotated[int, Field(ge=1, le=50)] | None = None


class Spiral(Strict):
    """A warbeast life spiral: six branches of circles with their aspects."""

    type: Literal["spiral"]
    branches: Annotated[list[Branch], Field(min_length=6, max_length=6)]


class DragoonTracks(Strict):
    """Dragoons: mounted boxes first; when they fill, the model dismounts."""

    type: Literal["dragoon"]
    mounted: Boxes
    dismounted: Boxes


DamageTrack = Annotated[BoxRow | Grid | ColossalGrids | Spiral | DragoonTracks, Field(discriminator="type")]


def grid_boxes(rows: list[str]) -> int:
    """Number of damage boxes in a grid (hull and system boxes)."""
    return sum(1 for row in rows for cell in row if cell != "-")


def capacity(track: DamageTrack | None) -> int:
    """Total damage the track can take; 1 for a model with no boxes."""
    match track:
        case None:
            return 1
        case BoxRow(boxes=boxes):
            return boxes
        case Grid(rows=rows):
            return grid_boxes(rows)
        case ColossalGrids(left=left, right=right, field=field):
            return grid_boxes(left) + grid_boxes(right) + (field or 0)
        case Spiral(branches=branches):
            return sum(len(branch) for branch in branches)
        case DragoonTracks(mounted=mounted, dismounted=dismounted):
            return mounted + dismounted
    raise AssertionError(track)
