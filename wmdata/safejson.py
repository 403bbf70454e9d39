"""Read JSON from outside (share codes, imported data sets) without surprises.

The standard decoder keeps the last of duplicate keys, accepts ``NaN`` and
``Infinity``, turns a number of thousands of digits into an exception that names no
place, and recurses once per nesting level.  Here every number goes through the one
number reader (:mod:`wmdata.numbers`), duplicate keys and non-finite numbers are
refused, and deep nesting is an error like any other, each with a line and column.
"""

from __future__ import annotations

import json
import math
from typing import Any

from wmdata.numbers import NumberError, parse_whole

MAX_DEPTH = 64
"""No data set or list nests deeper than a dozen levels."""


class JsonError(ValueError):
    """Text that is not JSON wmdata reads; ``line``/``col`` are 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0, col: int = 0) -> None:
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


class _RefusedError(ValueError):
    """Raised by a decoder hook: the message, and the text to look for to locate it."""

    def __init__(self, message: str, token: str, occurrence: int = 1) -> None:
        super().__init__(message)
        self.message, self.token, self.occurrence = message, token, occurrence


def _integer(text: str) -> int:
    try:
        return parse_whole(text, "number", minimum=None)
    except NumberError as exc:
        raise _RefusedError(str(exc), text) from None


def _real(text: str) -> float:
    if len(text) > 40:
        raise _RefusedError(f"number of {len(text)} characters is too long", text)
    value = float(text)
    if not math.isfinite(value):
        raise _RefusedError(f"number {text[:24]!r} is out of range", text)
    return value


def _constant(text: str) -> Any:
    raise _RefusedError(f"{text} is not a JSON number", text)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _RefusedError(f"duplicate key {key!r}", json.dumps(key), 2)
        result[key] = value
    return result


def _depth_error(text: str) -> JsonError | None:
    """Where nesting first goes beyond :data:`MAX_DEPTH`, found without recursion
    (strings are skipped so brackets inside them do not count)."""
    depth, line, col, in_string, escaped = 0, 1, 0, False, False
    for char in text:
        col += 1
        if char == "\n":
            line, col = line + 1, 0
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return JsonError(f"nested more than {MAX_DEPTH} levels deep", line, col)
        elif char in "]}":
            depth -= 1
    return None


def _locate(text: str, refused: _RefusedError) -> JsonError:
    """The hooks are not told where they are: point at the place the refused text
    appears (its second appearance for a duplicate key), or at the file when unsure."""
    index = -1
    for _ in range(refused.occurrence):
        index = text.find(refused.token, index + 1)
        if index < 0:
            return JsonError(refused.message)
    line = text.count("\n", 0, index) + 1
    return JsonError(refused.message, line, index - (text.rfind("\n", 0, index) + 1) + 1)


def loads(text: str) -> Any:
    """The data in ``text``; :class:`JsonError` for anything the standard would read
    differently or that wmdata refuses (see the module docstring)."""
    too_deep = _depth_error(text)
    if too_deep is not None:
        raise too_deep
    try:
        return json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant,
                          object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise JsonError(exc.msg.lower(), exc.lineno, exc.colno) from None
    except _RefusedError as refused:
        raise _locate(text, refused) from None
