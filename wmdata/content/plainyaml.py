"""A reader for the plain YAML that list files are written in, without a YAML library.

Importing ruamel.yaml takes longer than starting Python, and ``wmdata list validate``
should feel instant.  This reader understands the part of YAML that list files use:
block mappings and sequences (``- key: value`` included), flow collections
(``{model: X, size: max}``, ``[a, b]``, also over several lines), plain, single-quoted
and simple double-quoted scalars, and comments.  For such a document it returns exactly what
:func:`wmdata.content.yamlio.load_yaml` returns: the same data and the same source map.

For anything else (tabs, anchors, tags, block scalars, multi-line scalars, escapes,
numbers other than plain integers, duplicate keys, an empty document, ...) it returns
``None`` and the caller reads the file with the full reader, which also produces the
located error messages.  It never raises for bad input and never decides an error.
"""

from __future__ import annotations

from typing import Any

from wmdata.content.sourcemap import Path, SourceMap

MAX_FILE_BYTES = 4 * 1024 * 1024  # for both readers; larger files get the full reader's message
MAX_DEPTH = 20  # well below the full reader's limit, which reports deeper documents
_TRUE = ("true", "True", "TRUE")
_FALSE = ("false", "False", "FALSE")
_NULL = ("null", "Null", "NULL", "~")
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_FLOW_STOPS = frozenset(",[]{}")


class _UnsupportedError(Exception):
    """The document uses YAML this reader does not handle."""


class _Line:
    __slots__ = ("indent", "number", "text")

    def __init__(self, number: int, indent: int, text: str) -> None:
        self.number = number  # 1-based
        self.indent = indent  # columns before ``text`` (0-based column of its first character)
        self.text = text  # the content, comments and trailing blanks removed


def _strip_comment(text: str) -> str:
    """``text`` without a trailing comment; quotes are honoured ('#' inside them is text)."""
    quote = ""
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"" and (index == 0 or text[index - 1] in " \t[{,:-"):
            quote = char
        elif char == "#" and (index == 0 or text[index - 1] == " "):
            return text[:index].rstrip(" ")
    if quote:
        raise _UnsupportedError
    return text.rstrip(" ")


def _lines(text: str) -> list[_Line]:
    if "\t" in text or "\r" in text or text.startswith("\ufeff"):
        raise _UnsupportedError
    lines = []
    for number, raw in enumerate(text.split("\n"), start=1):
        stripped = raw.lstrip(" ")
        if raw.startswith(("---", "...", "%")):
            raise _UnsupportedError
        if not stripped or stripped.startswith("#"):
            continue
        content = _strip_comment(stripped)
        lines.append(_Line(number, len(raw) - len(stripped), content))
    return lines


def _scalar(text: str) -> Any:
    """A plain scalar's value: plain integers, true/false, null, or text."""
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if text in _NULL:
        return None
    if text.isascii() and text.isdigit() and (text == "0" or text[0] != "0"):
        return int(text)
    if text[0] in _INDICATORS or text[0] in "+.0123456789" or ": " in text or text.endswith(":") or " #" in text:
        raise _UnsupportedError
    return text


def _quoted(text: str, start: int) -> tuple[str, int]:
    """The quoted scalar at ``text[start]`` and the index after its closing quote."""
    quote = text[start]
    index = start + 1
    parts = []
    while True:
        end = text.find(quote, index)
        if end < 0:
            raise _UnsupportedError
        parts.append(text[index:end])
        if quote == "'" and text.startswith("''", end):
            parts.append("'")
            index = end + 2
            continue
        value = "".join(parts)
        if quote == '"' and "\\" in value:
            raise _UnsupportedError
        return value, end + 1


def _is_key(text: str) -> int:
    """Length of the plain key ``text`` starts with when a ``:`` separator follows, else 0."""
    length = 0
    while length < len(text) and text[length] in _KEY_CHARS:
        length += 1
    if length and text.startswith(":", length) and (length + 1 == len(text) or text[length + 1] == " "):
        key = text[:length]
        if key in _TRUE or key in _FALSE or key in _NULL or key[0] in "-0123456789":
            raise _UnsupportedError
        return length
    return 0


class _Reader:
    def __init__(self, lines: list[_Line]) -> None:
        self.lines = lines
        self.at = 0
        self.source_map = SourceMap()

    def block(self, indent: int, path: Path, depth: int) -> Any:
        """The block node starting at the current line, whose lines sit at ``indent``."""
        if depth > MAX_DEPTH:
            raise _UnsupportedError
        line = self.lines[self.at]
        if line.text == "-" or line.text.startswith("- "):
            return self.sequence(indent, path, depth)
        if _is_key(line.text):
            return self.mapping(indent, path, depth)
        raise _UnsupportedError  # a bare scalar on its own line, e.g. a multi-line plain scalar

    def mapping(self, indent: int, path: Path, depth: int) -> dict[str, Any]:
        first = self.lines[self.at]
        self.source_map.values[path] = (first.number, indent + 1)
        result: dict[str, Any] = {}
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if line.indent < indent:
                break
            length = _is_key(line.text) if line.indent == indent else 0
            if not length:
                raise _UnsupportedError
            key = line.text[:length]
            if key in result:
                raise _UnsupportedError
            self.source_map.keys[(*path, key)] = (line.number, indent + 1)
            rest = line.text[length + 1:]
            value_at = length + 1 + (len(rest) - len(rest.lstrip(" ")))
            self.at += 1
            if rest.strip(" "):
                result[key] = self.inline(line, indent + value_at, line.text[value_at:], (*path, key), depth + 1)
            else:
                result[key] = self.nested(indent, (*path, key), depth)
        return result

    def nested(self, indent: int, path: Path, depth: int) -> Any:
        """The block value of a key with nothing after its colon."""
        if self.at >= len(self.lines):
            raise _UnsupportedError  # an empty value (null): rare in lists, left to the full reader
        line = self.lines[self.at]
        same_level_sequence = line.indent == indent and (line.text == "-" or line.text.startswith("- "))
        if line.indent <= indent and not same_level_sequence:
            raise _UnsupportedError
        return self.block(line.indent, path, depth + 1)

    def sequence(self, indent: int, path: Path, depth: int) -> list[Any]:
        first = self.lines[self.at]
        self.source_map.values[path] = (first.number, indent + 1)
        result: list[Any] = []
        while self.at < len(self.lines):
            line = self.lines[self.at]
            if line.indent < indent or (line.indent == indent and not (line.text == "-" or line.text.startswith("- "))):
                break
            if line.indent != indent:
                raise _UnsupportedError
            item_path = (*path, len(result))
            rest = line.text[1:].lstrip(" ")
            column = indent + len(line.text) - len(rest)
            if not rest:
                self.at += 1
                if self.at >= len(self.lines) or self.lines[self.at].indent <= indent:
                    raise _UnsupportedError  # an empty item (null)
                result.append(self.block(self.lines[self.at].indent, item_path, depth + 1))
            elif _is_key(rest) or rest == "-" or rest.startswith("- "):
                # A compact mapping or sequence: its first line shares the dash's line.
                self.lines[self.at] = _Line(line.number, column, rest)
                result.append(self.block(column, item_path, depth + 1))
            else:
                self.at += 1
                result.append(self.inline(line, column, rest, item_path, depth + 1))
        return result

    def inline(self, line: _Line, column: int, text: str, path: Path, depth: int) -> Any:
        """A value written on the line itself: a scalar, or a flow collection that may go on
        over more deeply indented lines."""
        self.source_map.values[path] = (line.number, column + 1)
        if text[0] in "[{":
            flow = _Flow(self.source_map, [(line.number, column, text)])
            last = line.number
            while self.at < len(self.lines) and self.lines[self.at].indent > line.indent:
                more = self.lines[self.at]
                flow.extend(more.number, more.indent, more.text, gap=more.number != last + 1)
                last = more.number
                self.at += 1
            value, end = flow.collection(0, path, depth)
            if end != len(flow.text):
                raise _UnsupportedError
            return value
        if self.at < len(self.lines) and self.lines[self.at].indent > line.indent:
            raise _UnsupportedError  # a multi-line scalar
        if text[0] in "'\"":
            value, end = _quoted(text, 0)
            if end != len(text):
                raise _UnsupportedError
            return value
        return _scalar(text)


class _Flow:
    """Flow collections, ``{key: value, ...}`` and ``[item, ...]``, over one or more lines.

    The lines are joined with single spaces; ``where`` maps each character back to its
    line and column.  A plain scalar may run on over a line break, which YAML folds into
    one space just like the join; not over a blank or comment line (that would be a
    newline), and quoted scalars and keys not at all (comments were cut per line)."""

    def __init__(self, source_map: SourceMap, segments: list[tuple[int, int, str]]) -> None:
        self.source_map = source_map
        self.text = ""
        self.where: list[tuple[int, int]] = []
        self.breaks: set[int] = set()
        self.gaps: set[int] = set()
        for number, column, text in segments:
            self.extend(number, column, text)

    def extend(self, number: int, column: int, text: str, *, gap: bool = False) -> None:
        if self.text:
            self.breaks.add(len(self.text))
            if gap:
                self.gaps.add(len(self.text))
            self.where.append(self.where[-1])
            self.text += " "
        self.where += [(number, column + offset + 1) for offset in range(len(text))]
        self.text += text

    def _one_line(self, start: int, end: int, *, folding: bool = False) -> None:
        if any(start < point < end for point in (self.gaps if folding else self.breaks)):
            raise _UnsupportedError

    def skip(self, index: int) -> int:
        while index < len(self.text) and self.text[index] == " ":
            index += 1
        return index

    def collection(self, index: int, path: Path, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise _UnsupportedError
        opening = self.text[index]
        closing = "}" if opening == "{" else "]"
        result: Any = {} if opening == "{" else []
        index = self.skip(index + 1)
        while True:
            if index >= len(self.text):
                raise _UnsupportedError
            if self.text[index] == closing:
                return result, index + 1
            if opening == "{":
                index = self.pair(index, path, result, depth)
            else:
                item_path = (*path, len(result))
                value, index = self.value(index, item_path, depth + 1)
                result.append(value)
            index = self.skip(index)
            if index < len(self.text) and self.text[index] == ",":
                index = self.skip(index + 1)
            elif index >= len(self.text) or self.text[index] != closing:
                raise _UnsupportedError

    def pair(self, index: int, path: Path, result: dict[str, Any], depth: int) -> int:
        length = _is_key(self.text[index:].split(",", 1)[0].split("}", 1)[0])
        if not length:
            raise _UnsupportedError
        key = self.text[index:index + length]
        if key in result:
            raise _UnsupportedError
        self._one_line(index, index + length + 1)
        self.source_map.keys[(*path, key)] = self.where[index]
        value_at = self.skip(index + length + 1)
        result[key], end = self.value(value_at, (*path, key), depth + 1)
        return end

    def value(self, index: int, path: Path, depth: int) -> tuple[Any, int]:
        if index >= len(self.text):
            raise _UnsupportedError
        self.source_map.values[path] = self.where[index]
        char = self.text[index]
        if char in "[{":
            return self.collection(index, path, depth)
        if char in "'\"":
            value, end = _quoted(self.text, index)
            self._one_line(index, end)
            return value, end
        end = index
        while end < len(self.text) and self.text[end] not in _FLOW_STOPS:
            end += 1
        plain = self.text[index:end].rstrip(" ")
        if not plain or ":" in plain:
            raise _UnsupportedError
        self._one_line(index, index + len(plain), folding=True)
        return _scalar(plain), index + len(plain)


def read_plain_yaml_bytes(raw: bytes) -> tuple[Any, SourceMap] | None:
    """:func:`read_plain_yaml` of a file's bytes; None also for an oversized or non-UTF-8 file."""
    if len(raw) > MAX_FILE_BYTES:
        return None
    try:
        return read_plain_yaml(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None


def read_plain_yaml(text: str) -> tuple[Any, SourceMap] | None:
    """The document and its source map, or None when the full YAML reader is needed."""
    try:
        lines = _lines(text)
        if not lines or lines[0].indent != 0:
            return None
        reader = _Reader(lines)
        data = reader.block(0, (), 0)
        if reader.at != len(lines):
            return None
        return data, reader.source_map
    except _UnsupportedError:
        return None
