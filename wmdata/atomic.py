"""The one way wmdata writes a file: a reader sees the old file or the new one, never
half of one, and a failed write leaves the old file as it was.

Every file wmdata writes (list edits, ``list new/decode/import -o``, ``schema export``,
``card``/``list print``/``rules docs -o``, importer output, its caches) goes through
:func:`write_text_atomic`: the text goes to a new file in the same folder, is flushed
to the disk (``fsync``), takes the old file's permissions and only then replaces it by
a rename.  The content cache alone skips the flush (``durable=False``): each entry
carries a hash of its text, so one a power cut leaves torn is read as a miss and rebuilt,
and a flush per entry would multiply the time of a cold ``validate`` of a large pack.

A symlink stays a symlink: the file it points to is replaced.  A file its owner made
read-only (no write permission for this user, or none for anyone) is refused as a
plain ``open(path, "w")`` would refuse it: the rename could replace it, because it only
needs the folder to be writable, but a read-only mark is how people protect a list they
have handed in.  Any failure (a read-only file or file system, a full disk, missing
permission) is one :class:`WriteError` whose message names the file, and the temporary
file is removed.

Edits that read a file, change it and write it back hold :func:`edit_lock` meanwhile,
so two wmdata processes editing one list take turns instead of losing each other's
changes.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

if sys.platform != "win32":
    import fcntl

LOCK_WAIT_SECONDS = 30.0


class WriteError(OSError):
    """A file could not be written; the message says which and why, the old file is intact."""


class LockedError(OSError):
    """Another process kept the file locked for longer than :data:`LOCK_WAIT_SECONDS`."""


def final_target(path: Path) -> Path:
    """The file a write to ``path`` should replace: the end of its symlinks, if any."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def write_text_atomic(path: Path, text: str, *, durable: bool = True) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` as described in the module
    docstring; raises :class:`WriteError`.  ``durable=False`` skips the flushes to disk,
    for files that detect their own damage (the content cache).

    The temporary name is made unique with the process id and random bytes and created
    with ``O_EXCL``; ``tempfile`` is not used because importing it costs more than the
    quick list path may spend, and its files are private (0600) where a new file of ours
    should follow the umask like any file the user asked for."""
    target = final_target(path)
    temp = target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(6).hex()}.tmp")
    try:
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else None
        if mode is not None and _write_protected(target, mode):
            raise WriteError(f"cannot write {path}: the file is read-only (mode {mode:04o}); the file was left as it "
                             "was (make it writable, e.g. chmod u+w, to let wmdata change it)")
        target.parent.mkdir(parents=True, exist_ok=True)
        handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            _write_all(handle, text.encode("utf-8"))
            if durable:
                os.fsync(handle)
        finally:
            os.close(handle)
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except WriteError:
        raise
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        raise WriteError(f"cannot write {path}: {exc.strerror or exc}; the file was left as it was") from None
    if durable:
        _sync_folder(target.parent)


def _write_protected(target: Path, mode: int) -> bool:
    """Whether writing ``target`` in place would be refused: nobody may write it (root may
    write anything, so only the mode bits show its owner's wish), or this user may not.
    Opening it for writing (without truncating) asks the system exactly that; any other
    refusal, such as a read-only file system, is left to the write to report."""
    if (mode & 0o222) == 0:
        return True
    try:  # O_NONBLOCK: a FIFO without a reader answers at once instead of waiting for one
        os.close(os.open(target, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0)))
    except PermissionError:
        return True
    except OSError:
        return False
    return False


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows opening a folder."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


@contextlib.contextmanager
def edit_lock(path: Path) -> Iterator[Path]:
    """Hold an exclusive advisory lock on ``path``'s file while it is read, changed and
    written back; yields the file to read and write (the symlink's target).

    The lock is taken on the file itself, so no lock file is left beside it.  A rename
    by the previous holder puts a new file at the path: the lock is then taken again on
    the new one.  Without ``fcntl`` (Windows) edits are not locked.  Raises
    :class:`LockedError` after :data:`LOCK_WAIT_SECONDS`."""
    target = final_target(path)
    if sys.platform == "win32":  # pragma: no cover - no fcntl there
        yield target
        return
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    while True:
        handle = os.open(target, os.O_RDONLY)
        try:
            while True:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise LockedError(f"{path} is being edited by another program; try again") from None
                    time.sleep(0.02)
            held, now = os.fstat(handle), target.stat()
            if (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino):
                yield target
                return
        finally:
            os.close(handle)
