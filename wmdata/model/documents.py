"""Content files: a header (edition, kind, faction) and a list of entries.

The header decides which entry model validates each entry, so one broken entry never
hides the others.  The same tables generate the JSON Schema of each content kind.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, TypeAdapter, create_model

from wmdata.model.board import BoardFile
from wmdata.model.common import EDITIONS, Edition, Id, Strict
from wmdata.model.lists import ArmyList
from wmdata.model.organisation import Army, Faction, Ruleset, ThemeForce
from wmdata.model.packs import PackManifest
from wmdata.model.profiles import model_union_for
from wmdata.model.vocabulary import Animus, CommandCard, Feat, Rule, Spell

Kind = Literal[
    "models", "rules", "spells", "feats", "animi", "command_cards", "factions", "armies", "theme_forces",
    "rulesets",
]
KINDS: tuple[str, ...] = Kind.__args__  # type: ignore[attr-defined]

_SHARED_ENTRY_TYPES: dict[str, type[BaseModel]] = {
    "rules": Rule, "spells": Spell, "feats": Feat, "animi": Animus, "command_cards": CommandCard,
    "factions": Faction, "armies": Army, "theme_forces": ThemeForce, "rulesets": Ruleset,
}

KIND_TITLES: dict[str, str] = {
    "models": "model profiles (casters, warjacks, warbeasts, units, attachments, solos, ...)",
    "rules": "rule vocabulary (advantages, immunities, resistances, weapon qualities, damage types, abilities)",
    "spells": "spells", "feats": "feats", "animi": "animi", "command_cards": "MkIV command cards",
    "factions": "factions", "armies": "MkIV armies", "theme_forces": "theme forces and tiers",
    "rulesets": "rulesets: encounter levels and army-construction parameters",
}


class FileHeader(Strict):
    """The keys of a content file around its entries."""

    edition: Edition
    kind: Kind
    faction: Id | None = Field(default=None, description="faction of every entry that names none")
    entries: list[Any] = Field(description="the entries of this file")


def entry_type(kind: str, edition: Edition) -> Any:
    """The type that validates one entry of ``kind`` in ``edition``."""
    if kind == "models":
        return model_union_for(edition)
    return _SHARED_ENTRY_TYPES[kind]


@cache
def entry_adapter(kind: str, edition: Edition) -> TypeAdapter[Any]:
    return TypeAdapter(entry_type(kind, edition))


def _file_model(kind: str, edition: Edition) -> type[BaseModel]:
    title = f"{kind.replace('_', '-')}-{edition}"
    fields: dict[str, Any] = {
        "edition": (Literal[edition], ...),
        "kind": (Literal[kind], ...),
        "faction": (Id | None, None),
        "entries": (list[entry_type(kind, edition)], ...),  # type: ignore[misc]
    }
    return create_model(title, __base__=Strict, **fields)


def content_file_schema(kind: str) -> dict[str, Any]:
    """JSON Schema (2020-12) of a content file of ``kind``, for every edition."""
    variants = tuple(_file_model(kind, edition) for edition in EDITIONS)
    union: Any = Annotated[Union[variants], Field(discriminator="edition")]  # noqa: UP007
    schema = TypeAdapter(union).json_schema(mode="validation")
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": f"https://wmdata.invalid/schemas/{kind}.schema.json",
              "title": f"wmdata {kind} file",
              "description": f"A wmdata content file of {KIND_TITLES[kind]}: a header with the edition, "
                             "the kind and an optional faction, and a list of entries.",
              **schema}
    return schema


def list_file_schema() -> dict[str, Any]:
    """JSON Schema (2020-12) of an army list file."""
    schema = ArmyList.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://wmdata.invalid/schemas/list.schema.json",
            **schema, "title": "wmdata army list"}


def pack_manifest_schema() -> dict[str, Any]:
    """JSON Schema (2020-12) of a pack's ``pack.yaml``."""
    schema = PackManifest.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://wmdata.invalid/schemas/pack.schema.json",
            **schema, "title": "wmdata content pack manifest (pack.yaml)"}


def board_file_schema() -> dict[str, Any]:
    """JSON Schema (2020-12) of a board file."""
    schema = BoardFile.model_json_schema(mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://wmdata.invalid/schemas/board.schema.json",
            **schema, "title": "wmdata board"}


def all_schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every content kind, the list format, the pack manifest and boards."""
    schemas = {f"{kind}.schema.json": content_file_schema(kind) for kind in KINDS}
    schemas["list.schema.json"] = list_file_schema()
    schemas["pack.schema.json"] = pack_manifest_schema()
    schemas["board.schema.json"] = board_file_schema()
    return schemas


__all__ = ["EDITIONS", "KINDS", "FileHeader", "all_schemas", "entry_adapter", "entry_type"]
