"""Turn pydantic validation errors into located, readable diagnostics.

pydantic reports a ``loc`` tuple and a type code; this module walks the ``loc`` along
the data (skipping discriminator tags, which are not keys in the YAML), picks the
source position of the offending key or value, and rewrites the message in the
project's voice: lower-case, naming the rule, quoting the bad value.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from wmdata.content.schema_keys import SchemaKeys
from wmdata.content.sourcemap import Path, SourceMap
from wmdata.model.common import describe
from wmdata.model.provenance import TAGS as PROVENANCE_TAGS
from wmdata.wording import counted

_DISCRIMINATORS = ("type", "kind", "edition", "category")


@dataclass(frozen=True, slots=True)
class LocatedProblem:
    path: Path
    line: int
    col: int
    code: str
    message: str
    hint: str = ""


def data_path(loc: tuple[int | str, ...], data: Any) -> Path:
    """The part of ``loc`` that names keys and indexes present in ``data``."""
    path: list[str | int] = []
    current = data
    for step in loc:
        if isinstance(current, dict):
            if step in current:
                path.append(step)
                current = current[step]
                continue
            tag = any(current.get(d) == step for d in _DISCRIMINATORS) or step in PROVENANCE_TAGS
            if tag or (isinstance(step, str) and (
                step.startswith(("function-", "tagged-union", "list[", "int", "str", "float", "lax-"))
                or "[" in step
            )):
                continue
            path.append(step)
            current = None
        elif isinstance(current, list) and isinstance(step, int) and 0 <= step < len(current):
            path.append(step)
            current = current[step]
        elif isinstance(current, list | dict):
            continue
        else:
            # A scalar: the remaining steps are union branch names.
            break
    return tuple(path)


def _number(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _message(error: dict[str, Any], value: Any) -> tuple[str, str, str]:
    """(code, message, hint) for one pydantic error."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    shown = describe(value)
    if kind == "missing":
        return "schema", f"required key {error['loc'][-1]!r} is missing", ""
    if kind == "extra_forbidden":
        return "unknown-key", f"unknown key {error['loc'][-1]!r}", ""
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return "schema", f"expected an integer, got {shown}", ""
    if kind in ("float_type", "float_parsing"):
        return "schema", f"expected a number, got {shown}", ""
    if kind in ("string_type",):
        return "schema", f"expected text, got {shown}", ""
    if kind in ("bool_type", "bool_parsing"):
        return "schema", f"expected true or false, got {shown}", ""
    if kind in ("list_type",):
        return "schema", f"expected a list, got {shown}", ""
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "schema", f"expected a mapping, got {shown}", ""
    if kind == "greater_than_equal":
        return "schema", f"expected a number >= {_number(ctx.get('ge'))}, got {shown}", ""
    if kind == "less_than_equal":
        return "schema", f"expected a number <= {_number(ctx.get('le'))}, got {shown}", ""
    if kind == "literal_error":
        expected = ctx.get("expected", "")
        return "schema", f"expected one of {expected}, got {shown}", ""
    if kind == "string_pattern_mismatch":
        pattern = ctx.get("pattern", "")
        if "a-z0-9" in pattern:
            return "schema", f"expected a kebab-case id (lower-case letters, digits, '-'), got {shown}", ""
        if "[MBS]" in pattern:
            return "schema", f"expected a spiral branch of M, B and S characters, got {shown}", ""
        if "[-.A-Z]{6}" in pattern:
            return ("schema", f"expected a grid row of 6 characters ('-', '.', or a system letter), got {shown}",
                    "write one string per row, e.g. '-.LR.-'")
        return "schema", f"expected text matching {pattern}, got {shown}", ""
    if kind == "string_too_short":
        return "schema", "expected non-empty text", ""
    if kind == "string_too_long":
        return "schema", f"text is longer than {ctx.get('max_length')} characters", ""
    if kind == "too_short":
        least = counted(int(ctx.get("min_length") or 0), "item")
        return "schema", f"expected at least {least}, got {ctx.get('actual_length')}", ""
    if kind == "too_long":
        most = counted(int(ctx.get("max_length") or 0), "item")
        return "schema", f"expected at most {most}, got {ctx.get('actual_length')}", ""
    if kind == "union_tag_invalid":
        tags = ctx.get("expected_tags", "")
        discriminator = str(ctx.get("discriminator", "type")).strip("'")
        return "schema", f"unknown {discriminator} {describe(ctx.get('tag'))}; expected one of {tags}", ""
    if kind == "union_tag_not_found":
        return "schema", f"required key {ctx.get('discriminator', 'type').strip(chr(39))!r} is missing", ""
    if kind == "value_error":
        text = str(ctx.get("error", error.get("msg", "")))
        return "schema", text[0].lower() + text[1:] if text else "invalid value", ""
    message = str(error.get("msg", "invalid value"))
    return "schema", message[0].lower() + message[1:], ""


def _value_at(data: Any, path: Path) -> Any:
    current = data
    for step in path:
        try:
            current = current[step]
        except (KeyError, IndexError, TypeError):
            return None
    return current


def _suggest_key(data: Any, path: Path, keys: SchemaKeys | None) -> str:
    if keys is None or not path:
        return ""
    allowed = keys.keys_at(data, path[:-1])
    matches = difflib.get_close_matches(str(path[-1]), allowed, n=1, cutoff=0.75)
    if matches:
        return f"did you mean {matches[0]!r}?"
    return f"allowed keys here: {', '.join(allowed)}" if allowed else ""


def located_problems(
    exc: ValidationError, data: Any, source_map: SourceMap, prefix: Path = (),
    *, keys: SchemaKeys | None = None,
) -> list[LocatedProblem]:
    """One problem per pydantic error, positioned with ``source_map``.

    ``data`` is what was validated; ``prefix`` is its path inside the whole document.
    """
    problems = []
    for error in exc.errors(include_url=False):
        relative = data_path(tuple(error["loc"]), data)
        path = (*prefix, *relative)
        value = _value_at(data, relative)
        code, message, hint = _message(dict(error), value)
        if error["type"] == "union_tag_invalid" and isinstance(value, dict):
            discriminator = str((error.get("ctx") or {}).get("discriminator", "type")).strip("'")
            path = (*path, discriminator)
            line, col = source_map.locate(path)
        elif code == "unknown-key":
            line, col = source_map.locate(path, key=True)
            hint = _suggest_key(data, relative, keys)
        elif error["type"] == "missing" or (error["type"] == "value_error" and isinstance(value, dict)):
            parent = path[:-1] if error["type"] == "missing" else path
            line, col = source_map.locate(parent, key=bool(parent))
            if error["type"] == "missing":
                path = (*path[:-1], error["loc"][-1]) if path and path[-1] == error["loc"][-1] else (
                    *path, error["loc"][-1])
        else:
            line, col = source_map.locate(path)
        problems.append(LocatedProblem(path, line, col, code, message, hint))
    return _merge_branches(problems)


def _merge_branches(problems: list[LocatedProblem]) -> list[LocatedProblem]:
    """One diagnostic per problem: a value that fits no branch of a union gets one error
    per branch from pydantic, all at the same place; they become one ('expected A or B,
    got X'), and exact repeats are dropped."""
    merged: list[LocatedProblem] = []
    for problem in problems:
        previous = merged[-1] if merged else None
        if previous is not None and (previous.path, previous.line, previous.col, previous.code) == (
                problem.path, problem.line, problem.col, problem.code):
            if previous.message == problem.message:
                continue
            combined = _either(previous.message, problem.message)
            if combined is not None:
                merged[-1] = LocatedProblem(problem.path, problem.line, problem.col, problem.code, combined,
                                            previous.hint or problem.hint)
                continue
        merged.append(problem)
    return merged


def _either(first: str, second: str) -> str | None:
    """'expected A, got X' and 'expected B, got X' as 'expected A or B, got X'."""
    head, _, got = first.rpartition(", got ")
    other, _, other_got = second.rpartition(", got ")
    if not (head.startswith("expected ") and other.startswith("expected ") and got == other_got):
        return None
    return f"{head}, or {other.removeprefix('expected ')}, got {got}"
