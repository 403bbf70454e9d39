"""``docs/schema.md``: the fields of every JSON Schema wmdata publishes.

Read from the same function that writes ``schemas/`` (:func:`all_schemas`), whose output
a test already keeps equal to the committed files; so the page, the files and the
models always agree.  Definitions shared by several schemas (weapons, effects, ...)
are documented once.
"""

from __future__ import annotations

import json
from typing import Any

from wmdata.cli.reference.commands import REGENERATE
from wmdata.model.documents import all_schemas

Schema = dict[str, Any]
ID_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$"


def _anchor(name: str) -> str:
    return "def-" + name.lower().replace("_", "-").strip("-")


def _type(spec: Schema, names: dict[str, str]) -> str:
    """A short reading of one schema node: ``integer >= 0``, ``'light' / 'heavy'``, a link, ..."""
    if "$ref" in spec:
        target = names[spec["$ref"].rsplit("/", 1)[-1]]
        return f"[{target}](#{_anchor(target)})"
    if "const" in spec:
        return f"`{spec['const']}`"
    if "enum" in spec:
        return " / ".join(f"`{value}`" for value in spec["enum"])
    for union in ("anyOf", "oneOf"):
        if union in spec:
            options = [_type(s, names) for s in spec[union] if s.get("type") != "null"]
            nullable = any(s.get("type") == "null" for s in spec[union])
            return " or ".join(options) + (" or null" if nullable else "")
    kind = spec.get("type", "any value")
    if spec.get("pattern") == ID_PATTERN:
        return "id"
    if kind == "array":
        text = f"list of {_type(spec.get('items', {}), names)}"
        if "minItems" in spec or "maxItems" in spec:
            text += f" ({spec.get('minItems', 0)} to {spec.get('maxItems', 'any number of')} items)"
        return text
    if kind == "object" and "additionalProperties" in spec and isinstance(spec["additionalProperties"], dict):
        return f"mapping of text to {_type(spec['additionalProperties'], names)}"
    bounds = [f"{word} {spec[key]}" for key, word in (("minimum", ">="), ("exclusiveMinimum", ">"),
                                                    ("maximum", "<="), ("exclusiveMaximum", "<")) if key in spec]
    if "pattern" in spec:
        bounds.append(f"matching `{spec['pattern']}`")
    if "maxLength" in spec:
        bounds.append(f"at most {spec['maxLength']} characters")
    return " ".join([str(kind), *bounds])


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _fields(spec: Schema, names: dict[str, str]) -> list[str]:
    required = set(spec.get("required", []))
    rows = ["| key | value | required / default | meaning |", "|---|---|---|---|"]
    for key, field in spec.get("properties", {}).items():
        need = "required" if key in required else f"`{json.dumps(field['default'])}`" if "default" in field else ""
        rows.append(f"| `{key}` | {_cell(_type(field, names))} | {need} | {_cell(field.get('description', ''))} |")
    return rows


def _definitions() -> tuple[dict[str, Schema], dict[str, dict[str, str]]]:
    """Every definition once (keyed by a page-wide name) and, per schema file, its names."""
    chosen: dict[str, Schema] = {}
    per_file: dict[str, dict[str, str]] = {}
    for file, schema in all_schemas().items():
        names: dict[str, str] = {}
        for name, spec in schema.get("$defs", {}).items():
            page_name = name
            if page_name in chosen and chosen[page_name] != spec:
                page_name = f"{file.removesuffix('.schema.json')}.{name}"
            chosen[page_name] = spec
            names[name] = page_name
        per_file[file] = names
    return chosen, per_file


def schema_reference() -> str:
    definitions, per_file = _definitions()
    lines = [
        "# Schema reference",
        "",
        f"Generated from wmdata's models by `{REGENERATE}`, like the files in `schemas/`",
        "(`wmdata schema export`); a test fails when this page differs from what the code generates.",
        "Each content file starts with `# yaml-language-server: $schema=...` naming its schema, so an",
        "editor with a YAML language server checks the file while you type. Keys not listed are",
        "refused (`unknown-key`); see [the content format](content-format.md) for a walk-through.",
        "",
        "## Files",
        "",
    ]
    for file, schema in all_schemas().items():
        names = per_file[file]
        lines += [f"### `{file}`", "", f"{schema['title']}: {_cell(schema.get('description', ''))}", ""]
        if "oneOf" in schema:
            key = schema.get("discriminator", {}).get("propertyName", "")
            variants = ", ".join(_type(option, names) for option in schema["oneOf"])
            lines += [f"One of {variants}, chosen by `{key}`.", ""]
        if "properties" in schema:
            lines += [*_fields(schema, names), ""]
    lines += ["## Definitions", ""]
    for page_name in sorted(definitions, key=str.lower):
        spec = definitions[page_name]
        names = per_file[next(f for f, n in per_file.items() if page_name in n.values())]
        lines += [f'<a id="{_anchor(page_name)}"></a>', "", f"### {page_name}", ""]
        if spec.get("description"):
            lines += [_cell(spec["description"]), ""]
        if "properties" in spec:
            lines += [*_fields(spec, names), ""]
        else:
            lines += [_cell(_type(spec, names)), ""]
    while lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"
