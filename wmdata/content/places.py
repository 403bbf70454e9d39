"""Where wmdata's own data lives (content, schemas, templates) and how paths are shown.

Light on purpose (no YAML, no pydantic): the quick list path needs these too.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path


def _data_root() -> Path:
    """Installed wheels carry data in ``wmdata/_data``; a source checkout has it at the top."""
    package = Path(__file__).resolve().parent.parent
    installed = package / "_data"
    return installed if installed.is_dir() else package.parent


def builtin_content_dir() -> Path:
    return _data_root() / "content"


def schemas_dir() -> Path:
    return _data_root() / "schemas"


def templates_dir() -> Path:
    return _data_root() / "templates"


@cache
def _resolved_builtin() -> Path:
    return builtin_content_dir().resolve()


def display_name(path: Path) -> str:
    """``content/mk4/...`` for built-in files, else the path relative to the working folder."""
    resolved = path.resolve()
    builtin = _resolved_builtin()
    if resolved.is_relative_to(builtin):
        return (Path("content") / resolved.relative_to(builtin)).as_posix()
    relative = os.path.relpath(resolved)
    return Path(relative).as_posix() if not relative.startswith("..") else resolved.as_posix()


def cache_dir() -> Path:
    """``$WMDATA_CACHE_DIR``, else ``$XDG_CACHE_HOME/wmdata``, else ``~/.cache/wmdata``."""
    explicit = os.environ.get("WMDATA_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "wmdata"
