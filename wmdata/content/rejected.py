"""Why an id is missing from the registry although a built-in file writes it.

Entries that fail validation are left out of the registry (commands work on what loads), so a
look-up of such an id finds nothing.  Saying "unknown id" then sends the user looking for a typo;
this finds the real cause, the entry's first error with its place, from the cached file summaries
(only on that error path).
"""

from __future__ import annotations

from dataclasses import dataclass

from wmdata.content.library import check_files, discover
from wmdata.content.places import builtin_content_dir
from wmdata.diagnostics import Severity
from wmdata.wording import counted


@dataclass(frozen=True, slots=True)
class Rejected:
    """The first error of a rejected entry (``where``: file:line:col), and how many it has."""

    where: str
    subject: str
    message: str
    errors: int
    file: str

    def explain(self, what: str) -> str:
        more = f" (and {counted(self.errors - 1, 'more error')})" if self.errors > 1 else ""
        subject = f"{self.subject}: " if self.subject else ""
        return (f"{what} does not validate: {self.where}: {subject}{self.message}{more}; "
                f"wmdata validate {self.file} shows every problem")


def rejected_entry(edition: str, entry_id: str, folder: str | None = None) -> Rejected | None:
    """The errors of a built-in entry ``entry_id`` of ``edition`` (in ``folder`` of it, when given)
    that did not validate, or None when no built-in file has one."""
    root = builtin_content_dir() / edition
    if folder is not None:
        root = root / folder
    if not root.is_dir():
        return None
    needle = entry_id.encode()
    naming = [path for path in discover([root]) if needle in path.read_bytes()]
    for checked in check_files(naming, use_cache=True):
        errors = [d for d in checked.summary.problems if d.severity is Severity.ERROR
                  and (d.path == entry_id or d.path.startswith((f"{entry_id}.", f"{entry_id}[")))]
        if errors:
            first = errors[0]
            return Rejected(f"{checked.name}:{first.line}:{first.col}", first.path, first.message, len(errors),
                            checked.name)
    return None
