"""Safe YAML reading with a source map.

ruamel.yaml only *composes* the document into nodes; this module turns the nodes into
plain dicts, lists and scalars itself.  That keeps loading safe by construction: no
tag can build an object (unknown tags are refused), aliases are bounded by the size
they expand to, nesting is bounded, and every key and value keeps its position so a
later check can report ``file:line:col``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from wmdata.content.plainyaml import MAX_FILE_BYTES
from wmdata.content.sourcemap import Path, Position, SourceMap

MAX_DEPTH = 40
MAX_EXPANDED_NODES = 1_000_000
MAX_ALIAS_EXPANSION = 20_000


_TAG = "tag:yaml.org,2002:"
_INT = re.compile(r"^[-+]?(0|[1-9][0-9_]*)$")


@dataclass(frozen=True, slots=True)
class YamlProblem:
    """A problem found while reading YAML: 1-based position, code, message, hint."""

    line: int
    col: int
    code: str
    message: str
    hint: str = ""


class YamlError(Exception):
    """Reading stopped; ``problem`` says where and why."""

    def __init__(self, problem: YamlProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _pos(node: Node) -> Position:
    mark = node.start_mark
    return (mark.line + 1, mark.column + 1)


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


def _syntax_problem(exc: YAMLError) -> YamlProblem:
    if isinstance(exc, MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        problem = str(exc.problem or exc.context or "invalid YAML")
    else:
        mark = None
        problem = str(exc).splitlines()[0] if str(exc) else "invalid YAML"
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    if "'\\t'" in problem or "\\t" in problem:
        return YamlProblem(line, col, "yaml-tab", "tab character where YAML expects indentation or a value",
                           "indent with spaces, never tabs")
    context = str(getattr(exc, "context", "") or "")
    if "single document" in problem or "single document" in context:
        return YamlProblem(line, col, "yaml-syntax", "more than one YAML document in the file",
                           "remove the '---' separator: one file holds one document")
    return YamlProblem(line, col, "yaml-syntax", f"invalid YAML: {problem.rstrip('.')}")


def _compose(text: str) -> Node | None:
    yaml = YAML(typ="rt", pure=True)
    try:
        node: Node | None = yaml.compose(text)
    except YAMLError as exc:
        raise YamlError(_syntax_problem(exc)) from None
    except RecursionError:
        raise YamlError(YamlProblem(1, 1, "yaml-depth", f"nesting is deeper than {MAX_DEPTH} levels",
                                    "flatten the document")) from None
    return node


class _Converter:
    """Turns composed nodes into plain data, recording positions and enforcing limits."""

    def __init__(self) -> None:
        self.source_map = SourceMap()
        self._sizes: dict[int, int] = {}
        self._in_progress: set[int] = set()
        self._seen: set[int] = set()
        self._alias_budget = MAX_ALIAS_EXPANSION

    def _expanded_size(self, node: Node, depth: int) -> int:
        """Node count after alias expansion; cycles and runaway sizes are refused."""
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
        self._in_progress.add(key)
        size = 1
        if isinstance(node, MappingNode):
            for k, v in node.value:
                size += self._expanded_size(k, depth + 1) + self._expanded_size(v, depth + 1)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                size += self._expanded_size(item, depth + 1)
        self._in_progress.discard(key)
        if size > MAX_EXPANDED_NODES:
            line, col = _pos(node)
            raise YamlError(YamlProblem(line, col, "yaml-alias",
                                        f"document expands to more than {MAX_EXPANDED_NODES} values",
                                        "aliases that repeat large anchors are refused (alias bomb)"))
        self._sizes[key] = size
        return size

    def convert(self, node: Node, path: Path) -> Any:
        if id(node) in self._seen and not isinstance(node, ScalarNode):
            self._alias_budget -= self._sizes.get(id(node), 1)
            if self._alias_budget < 0:
                line, col = _pos(node)
                raise YamlError(YamlProblem(line, col, "yaml-alias",
                                            f"aliases expand to more than {MAX_ALIAS_EXPANSION} values",
                                            "write the repeated data out, or use fewer aliases"))
        self._seen.add(id(node))
        self.source_map.values[path] = _pos(node)
        tag = str(node.tag)
        if isinstance(node, MappingNode):
            return self._mapping(node, path, tag)
        if isinstance(node, SequenceNode):
            if tag != _TAG + "seq":
                self._refuse_tag(node, tag)
            return [self.convert(item, (*path, index)) for index, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        return self._scalar(node, tag)

    def _mapping(self, node: MappingNode, path: Path, tag: str) -> dict[str, Any]:
        if tag != _TAG + "map":
            self._refuse_tag(node, tag)
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line, col = _pos(key_node)
            if str(key_node.tag) == _TAG + "merge":
                raise YamlError(YamlProblem(line, col, "yaml-merge", "merge keys ('<<') are not supported",
                                            "write the keys out in full"))
            if not isinstance(key_node, ScalarNode) or str(key_node.tag) != _TAG + "str":
                shown = key_node.value if isinstance(key_node, ScalarNode) else "a collection"
                raise YamlError(YamlProblem(line, col, "yaml-key", f"mapping key {shown!r} is not text",
                                            "quote the key"))
            key = key_node.value
            if key in result:
                first = self.source_map.keys[(*path, key)]
                raise YamlError(YamlProblem(line, col, "duplicate-key", f"duplicate key {key!r}",
                                            f"the key is already defined at line {first[0]}, column {first[1]}"))
            self.source_map.keys[(*path, key)] = (line, col)
            result[key] = self.convert(value_node, (*path, key))
        return result

    def _scalar(self, node: ScalarNode, tag: str) -> Any:
        value: str = node.value
        if tag in (_TAG + "str", _TAG + "timestamp"):
            # The round-trip scanner marks fold points of '>' scalars with BEL characters.
            return value.replace("\a", "") if node.style == ">" else value
        if tag == _TAG + "null":
            return None
        if tag == _TAG + "bool":
            return value.lower() == "true"
        if tag == _TAG + "int":
            cleaned = value.replace("_", "")
            try:
                return int(cleaned, 0) if not _INT.match(value) else int(cleaned)
            except ValueError:
                return value
        if tag == _TAG + "float":
            number = float(value.replace("_", "").replace(".inf", "inf").replace(".nan", "nan")
                           .replace(".Inf", "inf").replace(".INF", "inf").replace(".NaN", "nan")
                           .replace(".NAN", "nan"))
            if not math.isfinite(number):
                line, col = _pos(node)
                raise YamlError(YamlProblem(line, col, "yaml-number",
                                            f"{value!r} is not a finite number"))
            return number
        self._refuse_tag(node, tag)
        return None

    @staticmethod
    def _refuse_tag(node: Node, tag: str) -> None:
        line, col = _pos(node)
        shown = tag.replace(_TAG, "!!")
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
    converter._expanded_size(node, 0)
    return converter.convert(node, ()), converter.source_map


def load_yaml_bytes(raw: bytes) -> tuple[Any, SourceMap]:
    """:func:`load_yaml` after the size limit and UTF-8 check."""
    if len(raw) > MAX_FILE_BYTES:
        raise YamlError(YamlProblem(1, 1, "file-too-large",
                                    f"file is {len(raw)} bytes; the limit is {MAX_FILE_BYTES} bytes",
                                    "split the file, e.g. one file per faction and kind"))
    return load_yaml(decode(raw))
