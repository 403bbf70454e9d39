"""Which keys are allowed at a place in a document, read from the generated schema.

Used for "did you mean" hints on unknown keys: the schema (not a hand-kept list)
says what the key could have been, so hints never drift from the models.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from wmdata.content.sourcemap import Path
from wmdata.model.common import Edition
from wmdata.model.documents import FileHeader, entry_type


class SchemaKeys:
    """Walks a JSON Schema along a data path, choosing union branches by the data."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._schema = schema
        self._defs: dict[str, Any] = schema.get("$defs", {})

    def _resolve(self, node: dict[str, Any], data: Any) -> dict[str, Any]:
        for _ in range(50):
            if "$ref" in node:
                node = self._defs.get(node["$ref"].rsplit("/", 1)[-1], {})
                continue
            branches = node.get("oneOf") or node.get("anyOf")
            if branches:
                node = self._pick(branches, data)
                continue
            return node
        return node

    def _pick(self, branches: list[dict[str, Any]], data: Any) -> dict[str, Any]:
        resolved = [self._resolve(branch, None) if "$ref" in branch else branch for branch in branches]
        if isinstance(data, dict):
            for branch in resolved:
                props = branch.get("properties", {})
                tags = [(key, spec.get("const")) for key, spec in props.items() if "const" in spec]
                if tags and all(data.get(key) == value for key, value in tags):
                    return branch
        objects = [branch for branch in resolved if branch.get("type") == "object" or "properties" in branch]
        return objects[0] if objects else (resolved[0] if resolved else {})

    def keys_at(self, data: Any, path: Path) -> list[str]:
        node = self._resolve(self._schema, data)
        current = data
        for step in path:
            node = node.get("items", {}) if isinstance(step, int) else node.get("properties", {}).get(step, {})
            current = _child(current, step)
            node = self._resolve(node, current)
        return list(node.get("properties", {}))


def _child(container: Any, step: str | int) -> Any:
    if isinstance(container, dict):
        return container.get(str(step))
    if isinstance(container, list) and isinstance(step, int) and 0 <= step < len(container):
        return container[step]
    return None


@cache
def entry_keys(kind: str, edition: Edition) -> SchemaKeys:
    return SchemaKeys(TypeAdapter(entry_type(kind, edition)).json_schema())


@cache
def header_keys() -> SchemaKeys:
    return SchemaKeys(FileHeader.model_json_schema())
