"""Atomic file writes: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import os
from pathlib import Path


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a new temporary file in the same folder and a rename.

    The temporary name is made unique with the process id and random bytes and created
    with ``O_EXCL``; ``tempfile`` is not used because importing it costs more than the
    quick list path may spend, and its files are private (0600) where ours should follow
    the umask like any file the user asked for."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp")
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
