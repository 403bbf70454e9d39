"""Check a parsed list document against ``schemas/list.schema.json`` without pydantic.

The quick list path needs a list in the shape of :class:`wmdata.model.lists.ArmyList`
but cannot afford to import pydantic.  This walks the shipped JSON Schema (the one
generated from that model) and either returns the list with every default filled in,
objects as namespaces and maps as dicts, or ``None``.  ``None`` means "let pydantic
decide": every document this checker doubts, valid or not, goes to the full path,
which also writes the error messages.  It is stricter than the schema where pydantic
is (strict types: ``true`` is not an integer), and declines control characters, whose
handling by ``$`` in patterns differs between Python and pydantic's regex engine.
"""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

from wmdata.content.places import schemas_dir
from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

_TYPES: dict[str, type] = {"string": str, "integer": int, "boolean": bool, "array": list, "object": dict,
                           "null": type(None)}
_HANDLED = frozenset({"$ref", "type", "properties", "required", "additionalProperties", "items", "anyOf", "enum",
                      "minLength", "maxLength", "pattern", "minimum", "maximum", "default", "title",
                      "description", "$defs", "$schema", "$id"})


class _UndecidedError(Exception):
    """The value may not fit; pydantic decides."""


class ListShape:
    """The list schema, ready to check documents."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self.defs: dict[str, Any] = schema.get("$defs", {})
        self._patterns: dict[str, re.Pattern[str]] = {}

    @classmethod
    def shipped(cls) -> ListShape:
        return cls(json.loads((schemas_dir() / "list.schema.json").read_bytes()))

    def conform(self, document: Any) -> SimpleNamespace | None:
        """The list as namespaces with defaults, or None when pydantic should decide."""
        try:
            result = self._value(document, self.schema)
        except _UndecidedError:
            return None
        return result if isinstance(result, SimpleNamespace) else None

    def _resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        ref = schema.get("$ref")
        if ref is None:
            return schema
        if not ref.startswith("#/$defs/"):
            raise _UndecidedError
        resolved: dict[str, Any] = self.defs[ref.removeprefix("#/$defs/")]
        return resolved

    def _value(self, value: Any, schema: dict[str, Any]) -> Any:
        schema = self._resolve(schema)
        if not _HANDLED.issuperset(schema):
            raise _UndecidedError
        if "anyOf" in schema:
            for option in schema["anyOf"]:
                try:
                    return self._value(value, option)
                except _UndecidedError:
                    continue
            raise _UndecidedError
        kind = schema.get("type")
        expected = _TYPES.get(kind) if isinstance(kind, str) else None
        if expected is None or type(value) is not expected:
            raise _UndecidedError
        if "enum" in schema and value not in schema["enum"]:
            raise _UndecidedError
        if isinstance(value, str):
            return self._string(value, schema)
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int):
            if not schema.get("minimum", value) <= value <= schema.get("maximum", value):
                raise _UndecidedError
            return value
        if isinstance(value, list):
            return [self._value(item, schema.get("items", {})) for item in value]
        if isinstance(value, dict):
            return self._object(value, schema)
        raise _UndecidedError

    def _string(self, value: str, schema: dict[str, Any]) -> str:
        if not value.isprintable():
            raise _UndecidedError
        if not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value)):
            raise _UndecidedError
        pattern = schema.get("pattern")
        if pattern is not None:
            compiled = self._patterns.get(pattern) or self._patterns.setdefault(pattern, re.compile(pattern))
            if compiled.search(value) is None:
                raise _UndecidedError
        return value

    def _object(self, value: dict[str, Any], schema: dict[str, Any]) -> Any:
        properties: dict[str, Any] | None = schema.get("properties")
        if properties is None:  # a map, e.g. hardpoint slot -> option
            extra = schema.get("additionalProperties")
            if not isinstance(extra, dict):
                raise _UndecidedError
            return {key: self._value(item, extra) for key, item in value.items()}
        if schema.get("additionalProperties") is not False or not set(value) <= set(properties):
            raise _UndecidedError
        if not set(schema.get("required", [])) <= set(value):
            raise _UndecidedError
        fields = {}
        for name, field_schema in properties.items():
            if name in value:
                fields[name] = self._value(value[name], field_schema)
            else:
                fields[name] = _default(self._resolve(field_schema))
        return SimpleNamespace(**fields)


def _default(schema: dict[str, Any]) -> Any:
    """A missing field's value: the schema's default, or the empty collection pydantic's
    ``default_factory`` gives (factories do not appear in the schema)."""
    if "default" in schema:
        default = schema["default"]
        return list(default) if isinstance(default, list) else default
    if schema.get("type") == "array":
        return []
    if schema.get("type") == "object":
        return {}
    raise _UndecidedError
