"""``typing.TYPE_CHECKING`` and ``typing.cast`` without importing :mod:`typing`.

Importing typing costs ``wmdata list validate`` about a twentieth of its start-up budget
(four times Python's own start-up, issue 12), and the modules of the quick list path
(cli/quick.py) need from it only these two names: annotations are strings
(``from __future__ import annotations``) and other typing names are imported under
``if TYPE_CHECKING:``.  mypy treats any ``TYPE_CHECKING`` as true and so sees typing's own
``cast``; at run time ``cast`` returns its value, as typing's does.
"""

from __future__ import annotations

__all__ = ["TYPE_CHECKING", "cast"]

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import cast
else:
    def cast(_type: object, value: object) -> object:
        """Return ``value`` unchanged (for mypy, ``value`` is now of ``_type``)."""
        return value
