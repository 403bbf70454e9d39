"""Safe YAML reading with a source map, on libyaml.

libyaml (PyYAML's C composer) only *composes* the document into nodes, each with its line
and column; this module turns the nodes into plain dicts, lists and scalars itself.  That
keeps loading safe by construction: no tag can build an object (unknown tags are refused),
aliases are bounded by the size they expand to, nesting is bounded, and every key and
value keeps its position so a later check can report ``file:line:col``.

Plain scalars are read by the YAML 1.2 core schema (``yes`` and ``1:30`` are text), not by
PyYAML's YAML 1.1 rules: the composer's resolver is replaced so that it only marks a
scalar as plain or quoted, and :func:`_plain` decides what a plain scalar means.  A
``%YAML 1.1`` document is refused rather than silently read by other rules.
"""

from __future__ import annotations

import math
import re

from yaml import CSafeLoader, DocumentStartEvent, MarkedYAMLError, YAMLError, compose, parse
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError

from wmdata.content.sourcemap import Path, Position, SourceMap
from wmdata.typecheck import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 40
MAX_EXPANDED_NODES = 1_000_000
MAX_ALIAS_EXPANSION = 20_000
MAX_INT_CHARS = 100

_TAG = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP = _TAG + "str", _TAG + "seq", _TAG + "map"
_PLAIN = "tag:wmdata,2026:plain"  # an untagged plain scalar, resolved by :func:`_plain`
_WORDS: dict[str, Any] = {
    "": None, "~": None, "null": None, "Null": None, "NULL": None,
    "true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False,
}
_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_SPECIAL_FLOAT = re.compile(r"[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
_OCT_HEX = re.compile(r"0o[0-7]+|0x[0-9a-fA-F]+")
_NUMBER_START = frozenset("-+.0123456789")
_LINE_SEPARATORS = ("\x85", "\u2028", "\u2029")


class YamlProblem:
    """A problem found while reading YAML: 1-based position, code, message, hint.

    A plain class, not a dataclass: the quick ``list validate`` path imports this module,
    and importing :mod:`dataclasses` alone costs a fifth of its start-up."""

    __slots__ = ("code", "col", "hint", "line", "message")

    def __init__(self, line: int, col: int, code: str, message: str, hint: str = "") -> None:
        self.line, self.col, self.code, self.message, self.hint = line, col, code, message, hint

    def __repr__(self) -> str:
        return f"YamlProblem({self.line}, {self.col}, {self.code!r}, {self.message!r}, {self.hint!r})"


class YamlError(Exception):
    """Reading stopped; ``problem`` says where and why."""

    def __init__(self, problem: YamlProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class _Loader(CSafeLoader):
    """libyaml's composer with a resolver that only tells plain scalars from quoted ones."""

    def resolve(self, kind: type[Node], value: str, implicit: tuple[bool, bool]) -> str:
        if kind is ScalarNode:
            return _PLAIN if implicit[0] else _STR
        return _SEQ if kind is SequenceNode else _MAP


def _pos(node: Node) -> Position:
    mark = node.start_mark
    return (mark.line + 1, mark.column + 1)


def _text_position(text: str, index: int) -> Position:
    """1-based line and column of character ``index``, counting only ``\\n`` as a line break."""
    before = text[:index]
    return before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1


def decode(raw: bytes) -> str:
    """Decode UTF-8 (a BOM is allowed); a bad byte is reported at its line and column."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise YamlError(YamlProblem(
            line, col, "encoding",
            f"file is not valid UTF-8: byte 0x{raw[exc.start]:02x} cannot be decoded",
            "save the file as UTF-8",
        )) from None


def _syntax_problem(exc: YAMLError, text: str) -> YamlProblem:
    if isinstance(exc, ReaderError):
        # libyaml counts the position in UTF-8 bytes of the text.
        index = len(text.encode("utf-8")[: exc.position].decode("utf-8", "ignore"))
        line, col = _text_position(text, index)
        return YamlProblem(line, col, "yaml-syntax",
                           f"invalid YAML: character U+{exc.character:04X} is not allowed in YAML text",
                           "remove the control character")
    mark = exc.problem_mark if isinstance(exc, MarkedYAMLError) else None
    problem = str(exc.problem or exc.context or "") if isinstance(exc, MarkedYAMLError) else ""
    problem = problem or "invalid YAML"
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    if "'\\t'" in problem or _char_at(text, line, col) == "\t":
        return YamlProblem(line, col, "yaml-tab", "tab character where YAML expects indentation or a value",
                           "indent with spaces, never tabs")
    if "maximum nesting depth" in problem:
        return YamlProblem(line, col, "yaml-depth", f"nesting is deeper than {MAX_DEPTH} levels",
                           "flatten the document")
    if "single document" in problem or "single document" in str(getattr(exc, "context", "") or ""):
        return YamlProblem(line, col, "yaml-syntax", "more than one YAML document in the file",
                           "remove the '---' separator: one file holds one document")
    return YamlProblem(line, col, "yaml-syntax", f"invalid YAML: {problem.rstrip('.')}")


def _char_at(text: str, line: int, col: int) -> str:
    lines = text.split("\n", line)
    return lines[line - 1][col - 1: col] if len(lines) >= line else ""


def _refuse_other_rules(text: str) -> None:
    """Refuse what libyaml would read by other rules than YAML 1.2: a ``%YAML 1.1``
    directive, and the line separators (U+0085, U+2028, U+2029) it counts as line breaks,
    which would move every position after them."""
    for separator in _LINE_SEPARATORS:
        index = text.find(separator)
        if index >= 0:
            line, col = _text_position(text, index)
            raise YamlError(YamlProblem(line, col, "yaml-syntax",
                                        f"invalid YAML: line separator U+{ord(separator):04X} is not allowed",
                                        "use an ordinary line break, or remove the character"))
    if "%YAML" not in text:
        return
    try:
        for event in parse(text, Loader=CSafeLoader):
            if isinstance(event, DocumentStartEvent):
                mark = event.start_mark
                if event.version is not None and event.version != (1, 2) and mark is not None:
                    line, col = mark.line + 1, mark.column + 1
                    shown = ".".join(map(str, event.version))
                    raise YamlError(YamlProblem(line, col, "yaml-version",
                                                f"YAML {shown} documents are not read; wmdata reads YAML 1.2",
                                                f"remove the '%YAML {shown}' line (in YAML 1.2, yes/no and "
                                                "1:30 are text)"))
                return
    except YAMLError:
        return  # composing reports the syntax error


def _compose(text: str) -> Node | None:
    _refuse_other_rules(text)
    try:
        node: Node | None = compose(text, Loader=_Loader)
    except YAMLError as exc:
        raise YamlError(_syntax_problem(exc, text)) from None
    except UnicodeEncodeError as exc:  # a lone surrogate in text that was not decoded from bytes
        line, col = _text_position(text, exc.start)
        raise YamlError(YamlProblem(line, col, "encoding", "text holds a character that is not Unicode text",
                                    "save the file as UTF-8")) from None
    return node


def _plain(value: str) -> Any:
    """A plain scalar by the YAML 1.2 core schema: null, bool, int, float or text.

    Raises ValueError for an integer longer than :data:`MAX_INT_CHARS`."""
    if value in _WORDS:
        return _WORDS[value]
    if value[0] not in _NUMBER_START:
        return value
    integer = _INT.fullmatch(value) is not None
    if integer or _OCT_HEX.fullmatch(value):
        if len(value) > MAX_INT_CHARS:
            raise ValueError(value)
        return int(value) if integer else int(value, 0)
    if _FLOAT.fullmatch(value) or _SPECIAL_FLOAT.fullmatch(value):
        return float(value.replace(".inf", "inf").replace(".Inf", "inf").replace(".INF", "inf")
                     .replace(".nan", "nan").replace(".NaN", "nan").replace(".NAN", "nan"))
    return value


def _is_text(value: str) -> bool:
    try:
        return isinstance(_plain(value), str)
    except ValueError:
        return False


class _Converter:
    """Turns composed nodes into plain data, recording positions and enforcing limits."""

    def __init__(self) -> None:
        self.source_map = SourceMap()
        self._values = self.source_map.values
        self._keys = self.source_map.keys
        self._sizes: dict[int, int] = {}
        self._in_progress: set[int] = set()
        self._seen: set[int] = set()
        self._alias_budget = MAX_ALIAS_EXPANSION

    def expanded_size(self, node: Node, depth: int) -> int:
        """Node count after alias expansion; cycles, deep nesting and runaway sizes are refused."""
        key = id(node)
        if key in self._sizes:
            return self._sizes[key]
        if key in self._in_progress:
            line, col = _pos(node)
            raise YamlError(YamlProblem(line, col, "yaml-alias", "recursive alias: an anchor contains itself"))
        if depth > MAX_DEPTH:
            line, col = _pos(node)
            raise YamlError(YamlProblem(line, col, "yaml-depth", f"nesting is deeper than {MAX_DEPTH} levels",
                                        "flatten the document"))
        size = 1
        if isinstance(node, MappingNode):
            self._in_progress.add(key)
            for k, v in node.value:
                size += self.expanded_size(k, depth + 1) + self.expanded_size(v, depth + 1)
            self._in_progress.discard(key)
        elif isinstance(node, SequenceNode):
            self._in_progress.add(key)
            for item in node.value:
                size += self.expanded_size(item, depth + 1)
            self._in_progress.discard(key)
        if size > MAX_EXPANDED_NODES:
            line, col = _pos(node)
            raise YamlError(YamlProblem(line, col, "yaml-alias",
                                        f"document expands to more than {MAX_EXPANDED_NODES} values",
                                        "aliases that repeat large anchors are refused (alias bomb)"))
        self._sizes[key] = size
        return size

    def convert(self, node: Node, path: Path) -> Any:
        mark = node.start_mark
        self._values[path] = (mark.line + 1, mark.column + 1)
        if isinstance(node, ScalarNode):
            return self._plain(node) if node.tag == _PLAIN else self._scalar(node)
        if id(node) in self._seen:
            self._alias_budget -= self._sizes.get(id(node), 1)
            if self._alias_budget < 0:
                line, col = _pos(node)
                raise YamlError(YamlProblem(line, col, "yaml-alias",
                                            f"aliases expand to more than {MAX_ALIAS_EXPANSION} values",
                                            "write the repeated data out, or use fewer aliases"))
        self._seen.add(id(node))
        if len(path) >= MAX_DEPTH and node.value:
            first = node.value[0][0] if isinstance(node, MappingNode) else node.value[0]
            line, col = _pos(first)
            raise YamlError(YamlProblem(line, col, "yaml-depth", f"nesting is deeper than {MAX_DEPTH} levels",
                                        "flatten the document"))
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        if node.tag != _SEQ:
            self._refuse_tag(node)
        return [self.convert(item, (*path, index)) for index, item in enumerate(node.value)]

    def _mapping(self, node: MappingNode, path: Path) -> dict[str, Any]:
        if node.tag != _MAP:
            self._refuse_tag(node)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node)
            key_path = (*path, key)
            mark = key_node.start_mark
            if key in result:
                first = self._keys[key_path]
                raise YamlError(YamlProblem(mark.line + 1, mark.column + 1, "duplicate-key", f"duplicate key {key!r}",
                                            f"the key is already defined at line {first[0]}, column {first[1]}"))
            self._keys[key_path] = (mark.line + 1, mark.column + 1)
            result[key] = self.convert(value_node, key_path)
        return result

    def _key(self, node: Node) -> str:
        if isinstance(node, ScalarNode):
            if node.tag == _TAG + "merge" or (node.tag == _PLAIN and node.value == "<<"):
                line, col = _pos(node)
                raise YamlError(YamlProblem(line, col, "yaml-merge", "merge keys ('<<') are not supported",
                                            "write the keys out in full"))
            value: str = node.value
            if node.tag == _STR or (node.tag == _PLAIN and ((value[:1] not in _NUMBER_START and value not in _WORDS)
                                                            or _is_text(value))):
                return value
        shown = node.value if isinstance(node, ScalarNode) else "a collection"
        line, col = _pos(node)
        raise YamlError(YamlProblem(line, col, "yaml-key", f"mapping key {shown!r} is not text", "quote the key"))

    def _plain(self, node: ScalarNode) -> Any:
        try:
            value = _plain(node.value)
        except ValueError:
            line, col = _pos(node)
            raise YamlError(YamlProblem(line, col, "yaml-number",
                                        f"an integer of {len(node.value)} characters is too long",
                                        f"no number in wmdata needs more than {MAX_INT_CHARS} digits")) from None
        if isinstance(value, float) and not math.isfinite(value):
            line, col = _pos(node)
            raise YamlError(YamlProblem(line, col, "yaml-number", f"{node.value!r} is not a finite number"))
        return value

    def _scalar(self, node: ScalarNode) -> Any:
        """A quoted scalar or one with an explicit standard tag (``!!str``, ``!!int``, ...)."""
        tag = node.tag
        if tag in (_STR, _TAG + "timestamp"):
            return node.value
        if tag in (_TAG + "null", _TAG + "bool", _TAG + "int", _TAG + "float"):
            value = self._plain(node)
            if tag == _TAG + "float" and type(value) in (int, float):
                return float(value)
            if type(value) is {_TAG + "null": type(None), _TAG + "bool": bool, _TAG + "int": int}.get(tag):
                return value
            line, col = _pos(node)
            shown = tag.replace(_TAG, "!!")
            raise YamlError(YamlProblem(line, col, "yaml-tag", f"{node.value!r} cannot be read as {shown}",
                                        "remove the tag or correct the value"))
        self._refuse_tag(node)
        return None

    @staticmethod
    def _refuse_tag(node: Node) -> None:
        line, col = _pos(node)
        shown = str(node.tag).replace(_TAG, "!!")
        raise YamlError(YamlProblem(line, col, "yaml-tag", f"YAML tag {shown!r} is not allowed",
                                    "content is plain data: remove the tag"))


def load_yaml(text: str) -> tuple[Any, SourceMap]:
    """Parse one YAML document into plain data and its source map.

    Raises :class:`YamlError` for anything that is not plain, bounded YAML.
    """
    node = _compose(text)
    converter = _Converter()
    if node is None:
        return None, converter.source_map
    if "&" in text:  # without an anchor there is no alias: nothing can expand or loop
        converter.expanded_size(node, 0)
    return converter.convert(node, ()), converter.source_map


def load_yaml_bytes(raw: bytes) -> tuple[Any, SourceMap]:
    """:func:`load_yaml` after the size limit and UTF-8 check."""
    if len(raw) > MAX_FILE_BYTES:
        raise YamlError(YamlProblem(1, 1, "file-too-large",
                                    f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES} bytes",
                                    "split the file, e.g. one file per faction and kind"))
    return load_yaml(decode(raw))
