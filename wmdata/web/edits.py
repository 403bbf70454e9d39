"""The edits the builder sends, as data: one JSON object with an ``op``.  They are checked
here (shape and sizes) and carried out by :mod:`wmdata.army.listdata`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

from wmdata.army.edit import EditError, Placement
from wmdata.army.listdata import add_entry, move_entry, remove_entry, set_choice
from wmdata.content.registry import Registry
from wmdata.model.lists import ArmyList
from wmdata.web.requests import RequestError

HOLDER_EXAMPLES = {"caster": "casters[1]", "unit": "units[0]"}
"""How an add asks for the choice an :class:`EditError` names: the holder's path."""

Short = Annotated[str, StringConstraints(min_length=1, max_length=200)]


class _Edit(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class AddEdit(_Edit):
    """Add a model or command card; ``holder`` is the path of the caster, unit or solo a
    warjack, warbeast or attachment joins (the only one there is, when left out)."""

    op: Literal["add"]
    model: Short
    holder: Short | None = None
    size: Literal["min", "max", "fixed"] | None = None
    count: Annotated[int, Field(ge=1, le=100)] = 1
    hardpoints: dict[Short, Short] = Field(default_factory=dict, max_length=8)


class RemoveEdit(_Edit):
    op: Literal["remove"]
    path: Short


class SetEdit(_Edit):
    """Change one choice; ``null`` or ``""`` removes it."""

    op: Literal["set"]
    path: Short
    value: Annotated[str, StringConstraints(max_length=200)] | Annotated[int, Field(ge=0, le=1000)] | bool | None


class MoveEdit(_Edit):
    op: Literal["move"]
    path: Short
    to: Short


Edit = Annotated[AddEdit | RemoveEdit | SetEdit | MoveEdit, Field(discriminator="op")]
_EDIT = TypeAdapter(Edit)


def parse_edit(data: object) -> AddEdit | RemoveEdit | SetEdit | MoveEdit:
    try:
        return _EDIT.validate_python(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(step) for step in first["loc"]) or "edit"
        raise RequestError(400, f"bad edit: {where}: {first['msg'].lower()}") from None


def apply_edit(registry: Registry, army: ArmyList, edit: AddEdit | RemoveEdit | SetEdit | MoveEdit
               ) -> tuple[ArmyList, str]:
    """The edited list and a sentence saying what changed; a 400 naming the problem when
    the edit cannot be made (the list is then unchanged)."""
    try:
        if isinstance(edit, AddEdit):
            placement = Placement(size=edit.size, count=edit.count, hardpoints=tuple(edit.hardpoints.items()))
            edited, message, _ = add_entry(registry, army, edit.model, placement, edit.holder)
            return edited, message
        if isinstance(edit, RemoveEdit):
            return remove_entry(army, edit.path), f"removed {edit.path}"
        if isinstance(edit, SetEdit):
            return set_choice(army, edit.path, edit.value), f"set {edit.path}"
        return move_entry(army, edit.path, edit.to), f"moved {edit.path} to {edit.to}"
    except EditError as exc:
        how = f" with 'holder', the path of that {exc.choice} (e.g. {HOLDER_EXAMPLES[exc.choice]!r})" \
            if exc.choice else ""
        raise RequestError(400, f"{exc}{how}") from None
