"""``wmdata list validate`` without click or pydantic, when that is safe.

Starting Python takes about 10 ms; importing click and pydantic and building an edition's
content models takes about half a second.  Checking a list needs none of that when:

- the arguments are list files and at most ``--format text|json`` and ``--strict``
  (``--content`` is another option), and ``WMDATA_CONTENT`` names no content pack;
- every file reads without problems through the one YAML reader
  (:mod:`wmdata.content.yamlio`) and has the list's shape (:mod:`wmdata.army.listshape`);
- a fresh compiled index of each list's edition exists (:mod:`wmdata.army.index`).

Then this module runs the same resolver, construction checks and report code as the full
command and prints the same bytes (``tests/test_quick.py`` compares them).  In every
other case (help, another option, a missing file, YAML or schema trouble, a stale index)
it returns ``None`` and the full command runs and writes its messages.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from wmdata.army.index import read_index
from wmdata.army.listshape import ListShape
from wmdata.army.validate import ListReport, report_json, report_text, validate_army
from wmdata.content.places import display_name
from wmdata.content.registry import Registry
from wmdata.content.yamlio import YamlError, load_yaml_bytes
from wmdata.diagnostics import apply_strict
from wmdata.typecheck import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from wmdata.model.lists import ArmyList


def _arguments(args: list[str]) -> tuple[list[str], str, bool] | None:
    """(paths, format, strict) when the arguments are plain, else None."""
    paths: list[str] = []
    output_format, strict = "text", False
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--strict":
            strict = True
        elif arg == "--format" and index + 1 < len(args) and args[index + 1] in ("text", "json"):
            output_format = args[index + 1]
            index += 1
        elif arg.startswith("--format=") and arg.removeprefix("--format=") in ("text", "json"):
            output_format = arg.removeprefix("--format=")
        elif arg.startswith("-") or not arg:
            return None
        else:
            paths.append(arg)
        index += 1
    return (paths, output_format, strict) if paths else None


def _report(path: Path, shape: ListShape, registries: dict[str, Registry | None], strict: bool) -> ListReport | None:
    if not path.is_file():
        return None
    try:
        parsed = load_yaml_bytes(path.read_bytes())
    except YamlError:
        return None  # the full command reports it
    army = shape.conform(parsed[0])
    if army is None:
        return None
    edition = army.edition
    if edition not in registries:
        registries[edition] = read_index(edition)
    registry = registries[edition]
    if registry is None:
        return None
    # A namespace with ArmyList's fields and defaults, as listshape guarantees.
    report = validate_army(cast("ArmyList", army), parsed[1], display_name(path), registry)
    report.diagnostics = apply_strict(report.diagnostics, strict)
    return report


def _output(args: list[str]) -> tuple[str, int] | None:
    arguments = _arguments(args)
    if arguments is None or os.environ.get("WMDATA_CONTENT", "").strip():
        return None
    paths, output_format, strict = arguments
    shape = ListShape.shipped()
    registries: dict[str, Registry | None] = {}
    reports = []
    for path in paths:
        report = _report(Path(path), shape, registries, strict)
        if report is None:
            return None
        reports.append(report)
    if output_format == "json":
        text = json.dumps([report_json(r) for r in reports], indent=2, ensure_ascii=False)
    else:
        text = "\n\n".join(report_text(r) for r in reports)
    return text, 0 if all(r.legal for r in reports) else 1


def quick_list_validate(args: list[str]) -> int | None:
    """Validate the lists ``args`` name and print the result; the exit code, or None when
    the full command should do it."""
    try:
        result = _output(args)
    except Exception:
        return None
    if result is None:
        return None
    text, code = result
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly with 1, as click does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code
