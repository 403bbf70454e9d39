"""Read an XML file into an ElementTree with the line of every element, safely.

``xml.etree.ElementTree`` expands internal entities, so a hostile file (the "billion
laughs") can exhaust memory.  Community data never needs a document type, so any
``<!DOCTYPE`` or ``<!ENTITY`` is refused before and while parsing.  Lines are kept
beside the tree so every skipped record can be reported as ``file:line``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from wmdata.importers.report import InputError, read_input

_DECLARATION = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


@dataclass(slots=True)
class XmlDocument:
    """A parsed file: its root element and the source line of each element."""

    path: Path
    root: ET.Element
    lines: dict[int, int]

    def line(self, element: ET.Element) -> int:
        return self.lines.get(id(element), 0)

    def where(self, element: ET.Element) -> str:
        return f"{self.path.name}:{self.line(element)}"


def _refuse(*_: object) -> None:
    raise InputError("a DOCTYPE or ENTITY declaration is not allowed (entity expansion is refused)")


def _decoded_for_scan(raw: bytes) -> bytes:
    """UTF-16 files hide ``<!DOCTYPE`` from a byte scan; look at their text too."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return raw.decode("utf-16", errors="replace").encode("utf-8", errors="replace")
    return raw


def read_xml(path: Path, root_tags: tuple[str, ...]) -> XmlDocument:
    """Parse ``path``; raise :class:`InputError` (one line) for anything but well-formed,
    declaration-free XML whose root is one of ``root_tags``."""
    raw = read_input(path, "an XML file")
    if _DECLARATION.search(_decoded_for_scan(raw)):
        raise InputError(f"{path}: a DOCTYPE or ENTITY declaration is not allowed (entity expansion is refused)")
    builder = ET.TreeBuilder()
    lines: dict[int, int] = {}
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse
    parser.EntityDeclHandler = _refuse

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[id(builder.start(tag, attrs))] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(raw, True)
        root = builder.close()
    except expat.ExpatError as exc:
        raise InputError(f"{path}:{exc.lineno}:{exc.offset + 1}: not well-formed XML: "
                         f"{expat.ErrorString(exc.code)}") from None
    except InputError as exc:
        raise InputError(f"{path}:{parser.CurrentLineNumber}: {exc}") from None
    except AssertionError:  # TreeBuilder.close() on an empty document
        raise InputError(f"{path}: no XML element found") from None
    if root.tag not in root_tags:
        raise InputError(f"{path}: root element is <{root.tag}>, expected <{'> or <'.join(root_tags)}>")
    return XmlDocument(path, root, lines)
