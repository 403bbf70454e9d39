"""Read the JSON files of a data set, with errors located as ``file:line:col``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wmdata.importers.report import InputError, read_input
from wmdata.safejson import JsonError, loads


def read_json_object(path: Path) -> dict[str, Any]:
    """The top-level object of ``path``; :class:`InputError` for anything else."""
    raw = read_input(path, "a JSON file")
    try:
        data = loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 (byte {exc.start})") from None
    except JsonError as exc:
        raise InputError(f"{path}:{exc.line}:{exc.col}: not valid JSON: {exc.message}") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: expected a JSON object at the top, got {type(data).__name__}")
    return data
