"""One reader of whole numbers for every input wmdata parses (share codes, pasted text
lists, imported XML and JSON).

``int()`` is the wrong tool for text from outside: it accepts digits of every script
(``int("١٢") == 12``), refuses some that ``str.isdigit()`` accepts (superscripts), and
raises on strings of thousands of digits (Python's int-to-string limit) with a message
that names no place.  Here a number is an optional sign and at most :data:`MAX_DIGITS`
ASCII digits, and every refusal is a :class:`NumberError` naming what was read.
"""

from __future__ import annotations

import re

MAX_DIGITS = 9
"""More than any count, cost or stat needs, and far below the int-to-string limit."""

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


class NumberError(ValueError):
    """Text that is not a whole number wmdata reads; the message says what and why."""


def quoted(text: str, limit: int = 24) -> str:
    """``text`` as a short quoted value for a message (a long one is cut, with its length)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def parse_whole(text: str, what: str, *, minimum: int | None = 0, maximum: int | None = None) -> int:
    """``text`` (surrounding spaces allowed) as an int, or :class:`NumberError`.

    ``what`` names the value in the message (``"cost"``, ``"share code version"``);
    ``minimum``/``maximum`` bound it (None for no bound)."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped):
        raise NumberError(f"{what} {quoted(text)} is not a whole number (digits 0-9 only)")
    digits = len(stripped.lstrip("+-"))
    if digits > MAX_DIGITS:
        raise NumberError(f"{what} has {digits} digits; at most {MAX_DIGITS} are read")
    value = int(stripped)
    if minimum is not None and value < minimum:
        raise NumberError(f"{what} {value} is below {minimum}")
    if maximum is not None and value > maximum:
        raise NumberError(f"{what} {value} is above {maximum}")
    return value


def is_whole(text: str) -> bool:
    """Whether ``text`` reads as a whole number >= 0 with :func:`parse_whole`."""
    try:
        parse_whole(text, "value")
    except NumberError:
        return False
    return True
