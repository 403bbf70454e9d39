"""Collect the references an entry makes to other entries.

The field name decides what a reference may point to, one table for all kinds, so a
new content field that refers to something only needs a row here.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from wmdata.content.sourcemap import Path

RULE = "rule:"
REFERENCE_FIELDS: dict[str, tuple[tuple[str, ...], str]] = {
    "advantages": (("rule:advantage", "rule:immunity", "rule:resistance"), "advantage"),
    "abilities": ((RULE,), "rule"),
    "qualities": (("rule:weapon_quality", "rule:damage_type"), "weapon quality"),
    "rules": ((RULE,), "rule"),
    "rule": ((RULE,), "rule"),
    "spells": (("spell",), "spell"),
    "feat": (("feat",), "feat"),
    "animus": (("animus",), "animus"),
    "faction": (("faction",), "faction"),
    "works_for": (("faction",), "faction"),
    "partisan": (("faction",), "faction"),
    "armies": (("army", "theme_force"), "army"),
    "attaches_to": (("model:unit",), "unit"),
    "available_to": (("faction", "army"), "faction or army"),
    "extends": (("ruleset",), "ruleset"),
    "casters": (("model:warcaster", "model:warlock"), "caster"),
    "bonds": (("model:warcaster", "model:warlock"), "caster"),
    "marshals": (("model:unit", "model:solo"), "'jack marshal"),
    "themes": (("theme_force",), "theme force"),
    "models": (("model:",), "model"),
    "of_models": (("model:",), "model"),
    "target_has": ((RULE,), "rule"),
    "attacker_has": ((RULE,), "rule"),
    "carrier_lacks": ((RULE,), "rule"),
    "special_attack": ((RULE,), "rule"),
}


def iter_references(value: object, path: Path) -> Iterator[tuple[str, tuple[str, ...], str, Path]]:
    """Yield ``(id, targets, what, path)`` for every reference inside ``value``."""
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            field_value = getattr(value, name)
            if field_value is None:
                continue
            if name in REFERENCE_FIELDS:
                targets, what = REFERENCE_FIELDS[name]
                if isinstance(field_value, str):
                    yield field_value, targets, what, (*path, name)
                    continue
                if isinstance(field_value, list) and all(isinstance(item, str) for item in field_value):
                    for index, item in enumerate(field_value):
                        yield item, targets, what, (*path, name, index)
                    continue
            yield from iter_references(field_value, (*path, name))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from iter_references(item, (*path, index))
