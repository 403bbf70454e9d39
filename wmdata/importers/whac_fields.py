"""Field-level readings of WHAC XML values: numbers, ranges, grids, spirals.

Each reader either returns a value in our format or raises :class:`BadValueError` naming
the attribute and the value, which the record converter turns into a located skip.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from wmdata.numbers import NumberError, is_whole, parse_whole

GRID_SIZE = 36
_SPRAY = re.compile(r"^SP\s*([0-9]{1,2})$", re.IGNORECASE)


class BadValueError(ValueError):
    """A value that does not read as what its attribute needs."""


def whole(raw: str, what: str, minimum: int | None = 0) -> int:
    """``raw`` read by the one number reader; its refusal as a :class:`BadValueError`."""
    try:
        return parse_whole(raw, what, minimum=minimum)
    except NumberError as exc:
        raise BadValueError(str(exc)) from None


def number(element: ET.Element, attribute: str, *, default: int | None = None, minimum: int = 0) -> int | None:
    """A whole-number attribute; missing or empty gives ``default``; '-' gives None."""
    raw = (element.get(attribute) or "").strip()
    if raw == "":
        return default
    if raw == "-":
        return None
    return whole(raw, attribute, minimum)


def flag(element: ET.Element, attribute: str) -> bool:
    return (element.get(attribute) or "").strip().lower() == "true"


def weapon_range(raw: str) -> int | str | None:
    """RNG: a number, ``SP n``, ``SELF``, ``CTRL`` or ``*``; '-' and empty give None."""
    text = raw.strip()
    if text in ("", "-"):
        return None
    match = _SPRAY.match(text)
    if match:
        return f"SP {int(match.group(1))}"
    if text.upper() in ("SELF", "CTRL", "*"):
        return text.upper()
    if is_whole(text):
        return whole(text, "rng")
    raise BadValueError(f"rng {raw!r} is not a range")


def area(raw: str) -> int | str | None:
    """AOE: a number or ``CTRL``; '-' and empty give None."""
    text = raw.strip()
    if text in ("", "-"):
        return None
    if text.upper() in ("CTRL", "*"):
        return text.upper()
    if is_whole(text):
        return whole(text, "aoe")
    raise BadValueError(f"aoe {raw!r} is not an area")


def power(raw: str) -> int | str | None:
    text = raw.strip()
    if text in ("", "-"):
        return None
    if text == "*":
        return text
    return whole(text, "pow")


def grid_rows(raw: str, attribute: str) -> list[str]:
    """A 36-character WHAC grid string as six rows, top row first.

    The string reads row by row (not column by column as the reference README says): the
    Defender's string gives rows whose last three match the seed's sample grid (seed 001
    L406-411; see the note on ``defender`` in content/mk2/factions/cygnar/models.yaml).
    ``x`` is no box, ``.`` a hull box, a letter a system box.
    """
    text = raw.strip()
    if len(text) != GRID_SIZE or not re.fullmatch(r"[x.A-Z]+", text):
        raise BadValueError(f"{attribute} {raw!r} is not 36 characters of 'x', '.' and system letters")
    cells = text.replace("x", "-")
    return [cells[start:start + 6] for start in range(0, GRID_SIZE, 6)]


def spiral_boxes(raw: str) -> tuple[int, str]:
    """``8-7-7`` (the aspects' circle counts) -> total circles and the counts as text.

    The source gives no per-branch layout, so the spiral is kept as a row of boxes."""
    parts = raw.strip().split("-")
    if len(parts) != 3 or not all(is_whole(part) for part in parts):
        raise BadValueError(f"damage_spiral {raw!r} is not three counts such as '8-7-7'")
    return sum(whole(part, "damage_spiral") for part in parts), raw.strip()


def text_of(element: ET.Element | None) -> str:
    """All text inside an element (its ``<br/>``/``<b>`` children too), whitespace collapsed."""
    if element is None:
        return ""
    return " ".join("".join(element.itertext()).split())
