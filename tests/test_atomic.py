"""The one write path (wmdata/atomic.py): every command that writes a file leaves the old
file untouched when the write fails (full or read-only file system), keeps a symlinked
list a symlink and its permissions, and concurrent edits of one list all land."""

from __future__ import annotations

import errno
import io
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from wmdata.army.edit import _reads_back, _yaml
from wmdata.army.listfile import read_list
from wmdata.atomic import WriteError, write_text_atomic

SAMPLE = ROOT / "examples" / "lists" / "mk4-sample-storm-legion.yaml"
TEXT_LIST = ROOT / "tests" / "fixtures" / "imports" / "mk2-sample.txt"
WHAC_FIXTURE = ROOT / "tests" / "fixtures" / "imports" / "whac" / "bad_records.xml"


def _copy_sample(folder: Path) -> Path:
    path = folder / "army.yaml"
    shutil.copyfile(SAMPLE, path)
    return path


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _sample_code() -> str:
    result = run_cli("list", "code", str(SAMPLE))
    assert result.exit_code == 0
    return result.output.strip()


# Each command that writes a file, as (arguments, the file it writes) for a folder.
WRITERS: dict[str, Callable[[Path], tuple[list[str], Path]]] = {
    "list add": lambda d: (["list", "add", str(_copy_sample(d)), "Legionnaire Officer"], d / "army.yaml"),
    "list remove": lambda d: (["list", "remove", str(_copy_sample(d)), "Legionnaire Officer"], d / "army.yaml"),
    "list new": lambda d: (["list", "new", str(d / "new.yaml"), "--edition", "mk4", "--faction", "cygnar",
                            "--level", "skirmish", "--points", "50"], d / "new.yaml"),
    "list decode -o": lambda d: (["list", "decode", _sample_code(), "-o", str(d / "decoded.yaml")],
                                 d / "decoded.yaml"),
    "list import -o": lambda d: (["list", "import", str(TEXT_LIST), "-o", str(d / "imported.yaml")],
                                 d / "imported.yaml"),
    "list print -o": lambda d: (["list", "print", str(SAMPLE), "-o", str(d / "print.txt")], d / "print.txt"),
    "card -o": lambda d: (["card", "ironclad", "--edition", "mk2", "--format", "txt", "-o", str(d / "card.txt")],
                          d / "card.txt"),
    "schema export": lambda d: (["schema", "export", "--out", str(d / "schemas")], d / "schemas"),
    "rules docs -o": lambda d: (["rules", "docs", "-o", str(d / "effects.md")], d / "effects.md"),
    "docs generate": lambda d: (["docs", "generate", "--out", str(d / "docs"), "cli.md"], d / "docs"),
    "import whac -o": lambda d: (["import", "whac", str(WHAC_FIXTURE), "-o", str(d / "out")], d / "out"),
}


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every write to a file fails as on a full disk (reads and the terminal still work)."""
    real_write = os.write

    def write(handle: int, data: bytes | memoryview) -> int:
        if handle > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(handle, data)

    monkeypatch.setattr(os, "write", write)
    yield


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_full_disk_is_exit_1_and_changes_nothing(command: str, tmp_path: Path, disk_full: None) -> None:
    args, target = WRITERS[command](tmp_path)
    before = _files(tmp_path)
    result = run_cli(*args)
    assert result.exit_code == 1, result.output
    assert "No space left on device" in result.output and "cannot write" in result.output
    assert _files(tmp_path) == before  # the old file as it was, no temporary file left behind
    assert not target.is_file() or target.name == "army.yaml"


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_every_writer_works_when_the_disk_is_fine(command: str, tmp_path: Path) -> None:
    """The counterpart of the test above: the same commands do write (exit 0, or 1 for
    the text import whose sample has lines it reports)."""
    args, target = WRITERS[command](tmp_path)
    before = _files(tmp_path)
    result = run_cli(*args)
    assert result.exit_code in (0, 1) and "cannot write" not in result.output
    assert target.exists() and _files(tmp_path) != before


def test_fsync_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _copy_sample(tmp_path)
    before = path.read_bytes()

    def fsync(handle: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(WriteError, match="Input/output error; the file was left as it was"):
        write_text_atomic(path, "changed")
    assert path.read_bytes() == before and _files(tmp_path) == {"army.yaml": before}


def test_the_file_is_synced_before_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda handle: (events.append("fsync"), real_fsync(handle))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (events.append("replace"), real_replace(a, b))[1])
    write_text_atomic(tmp_path / "x.txt", "text")
    assert events[:2] == ["fsync", "replace"] and (tmp_path / "x.txt").read_text() == "text"


def test_an_edit_keeps_a_symlink_and_the_mode(tmp_path: Path) -> None:
    real = _copy_sample(tmp_path)
    real.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(real.name)
    result = run_cli("list", "add", str(link), "Legionnaire Officer")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "army.yaml"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    army = read_list(real.read_bytes()).army
    assert army is not None and [s.model for s in army.solos] == ["Legionnaire Officer", "Legionnaire Officer"]


def _mount_tmpfs(folder: Path, size: str) -> bool:
    """A small tmpfs at ``folder`` when this process may mount one (root in a container that
    allows it); tests that need a real full or read-only file system skip otherwise."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                          capture_output=True, check=False).returncode == 0


@pytest.fixture
def small_fs(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "fs"
    folder.mkdir()
    if not _mount_tmpfs(folder, "256k"):
        pytest.skip("cannot mount a tmpfs here (needs root on Linux); the monkeypatched tests cover the code path")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_a_really_full_file_system(small_fs: Path) -> None:
    path = _copy_sample(small_fs)
    before = path.read_bytes()
    handle = os.open(small_fs / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        with pytest.raises(OSError, match="No space"):
            while True:
                os.write(handle, b"\0" * 4096)
    finally:
        os.close(handle)
    result = run_cli("list", "add", str(path), "Legionnaire Officer")
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert path.read_bytes() == before and sorted(p.name for p in small_fs.iterdir()) == ["army.yaml", "filler"]


def test_a_really_read_only_file_system(small_fs: Path) -> None:
    path = _copy_sample(small_fs)
    before = path.read_bytes()
    assert subprocess.run(["mount", "-o", "remount,ro", str(small_fs)], check=False).returncode == 0
    result = run_cli("list", "remove", str(path), "Legionnaire Officer")
    assert result.exit_code == 1 and "Read-only file system" in result.output
    assert path.read_bytes() == before


def test_a_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without root, a folder without write permission; as root (which may write anyway)
    the refusal the kernel would give is simulated at the one place files are created."""
    path = _copy_sample(tmp_path)
    before = path.read_bytes()
    if os.geteuid() == 0:
        real_open = os.open

        def refusing_open(file: str | Path, flags: int, mode: int = 0o777) -> int:
            if flags & os.O_CREAT:
                raise OSError(errno.EACCES, os.strerror(errno.EACCES))
            return real_open(file, flags, mode)

        monkeypatch.setattr(os, "open", refusing_open)
    else:
        tmp_path.chmod(0o555)
    try:
        result = run_cli("list", "add", str(path), "Legionnaire Officer")
    finally:
        tmp_path.chmod(0o755)
    assert result.exit_code == 1 and "Permission denied" in result.output and "cannot write" in result.output
    assert path.read_bytes() == before


def test_eight_concurrent_adds_all_land(tmp_path: Path) -> None:
    """Eight processes add to one list at once: each one that reports success is in the
    file (a loser would fail with a message, never silently)."""
    path = _copy_sample(tmp_path)
    env = dict(os.environ)
    assert run_cli("list", "validate", str(path)).exit_code == 0  # fills the module's content cache
    runs = [subprocess.Popen([sys.executable, "-m", "wmdata", "list", "add", str(path), "Legionnaire Officer"],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(8)]
    outcomes = [(run.wait(timeout=120), *run.communicate()) for run in runs]
    successes = [out for code, out, _ in outcomes if code == 0]
    failures = [err for code, _, err in outcomes if code != 0]
    assert all(err.startswith("wmdata: ") and "Traceback" not in err for err in failures), failures
    army = read_list(path.read_bytes()).army
    assert army is not None
    assert len(army.solos) == 1 + len(successes)
    assert len(successes) >= 1


def test_an_edit_that_would_not_read_back_is_refused() -> None:
    """What ``list remove`` wrote before it dropped emptied sections: the comment between
    ``solos:`` and its only item ends up where the list was, and the text no longer reads
    as the intended list.  The read-back check catches it (the edit then writes nothing)."""
    source = (ROOT / "tests" / "examples" / "invalid" / "inputs" / "list-edits" /
              "comment-before-only-item.yaml").read_text(encoding="utf-8")
    document = _yaml().load(source)
    del document["solos"][0]
    stream = io.StringIO()
    _yaml().dump(document, stream)
    assert "# the officer comes last" in stream.getvalue()
    assert not _reads_back(stream.getvalue(), document)
    del document["solos"]
    stream = io.StringIO()
    _yaml().dump(document, stream)
    assert _reads_back(stream.getvalue(), document)


@pytest.mark.parametrize("command", ["list add", "list remove", "list new", "list decode -o", "card -o"])
def test_a_read_only_file_is_refused_not_replaced(command: str, tmp_path: Path) -> None:
    """A list its owner made read-only (chmod 0444) is one they mean to keep as it is: the
    rename could replace it (only the folder needs to be writable), but wmdata refuses,
    as a plain write would, and says how to allow it.  Holds for root too (these tests
    run as root in CI), where only the mode bits show the owner's wish."""
    args, target = WRITERS[command](tmp_path)
    if target.name != "army.yaml":
        target.write_text("kept\n", encoding="utf-8")
        if command in ("list new", "list decode -o"):
            args = [*args, "--force"]
    target.chmod(0o444)
    before = _files(tmp_path)
    result = run_cli(*args)
    assert result.exit_code == 1, result.output
    assert f"wmdata: cannot write {target}: the file is read-only (mode 0444); the file was left as it was" \
        in result.output and "chmod u+w" in result.output
    assert _files(tmp_path) == before and stat.S_IMODE(target.stat().st_mode) == 0o444


def test_only_a_file_nobody_or_not_this_user_may_write_counts_as_read_only(tmp_path: Path) -> None:
    """Only a file nobody may write (or this user may not) counts as read-only."""
    path = tmp_path / "shared.yaml"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o464 if os.geteuid() == 0 else 0o664)
    write_text_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"


def test_a_read_only_symlink_target_is_refused(tmp_path: Path) -> None:
    real = _copy_sample(tmp_path)
    real.chmod(0o444)
    link = tmp_path / "link.yaml"
    link.symlink_to(real.name)
    with pytest.raises(WriteError, match="read-only"):
        write_text_atomic(link, "changed")
    assert link.is_symlink() and real.read_bytes() == SAMPLE.read_bytes()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_the_read_only_check_does_not_wait_on_a_named_pipe(tmp_path: Path) -> None:
    """Asking whether a FIFO without a reader may be written must not block until one
    comes (the check opens the file for writing); the write then goes ahead as before."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    done = threading.Event()
    worker = threading.Thread(target=lambda: (write_text_atomic(fifo, "text"), done.set()), daemon=True)
    worker.start()
    worker.join(timeout=10)
    if not done.is_set():
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))  # release the writer before failing
        pytest.fail("write_text_atomic waited for a reader of a named pipe")
    assert fifo.read_text(encoding="utf-8") == "text"
