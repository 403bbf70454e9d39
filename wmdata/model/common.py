"""Building blocks shared by every content kind: ids, editions, and the card values
that mix numbers with special words (``SP 8``, ``CTRL``, ``*``, ``12/6``, ``d3+1``).

The special values are parsed by small validators that raise one readable sentence,
so a content maintainer reads ``expected a number, 'SP n', 'CTRL' or '*', got 'x'``
instead of a pydantic union dump, and the JSON Schema says the same thing.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Field,
    StringConstraints,
    WithJsonSchema,
)

from wmdata.model.provenance import Provenance
from wmdata.model.strict import Strict as Strict  # noqa: PLC0414 (re-exported: the models import it from here)

Edition = Literal["mk2", "mk3", "mk4"]
EDITIONS: tuple[Edition, ...] = ("mk2", "mk3", "mk4")

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
Id = Annotated[
    str,
    StringConstraints(pattern=ID_PATTERN, max_length=80),
    Field(description="kebab-case identifier, unique within an edition"),
]
Name = Annotated[str, StringConstraints(min_length=1, max_length=120)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=4000)]

BaseSize = Literal[30, 40, 50, 80, 120]


class Entry(Strict):
    """Fields every top-level content entry has."""

    id: Id
    name: Name
    source: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="book or seed reference the numbers were taken from"
    )
    provenance: Provenance | None = Field(
        default=None, description="where the numbers come from, as data: seed lines, a reference data set's record, "
        "or unconfirmed (docs/provenance.md)")
    note: Text | None = Field(default=None, description="maintainer's note, e.g. a reading chosen")


def _type_name(value: object) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a mapping", type(None): "null"}.get(type(value), type(value).__name__)


def _special(value: object, *, numbers: bool, words: tuple[str, ...], what: str) -> object:
    """Accept a non-negative number or one of ``words`` (case-insensitive)."""
    if isinstance(value, bool):
        raise ValueError(f"expected {what}, got {_type_name(value)}")
    if numbers and isinstance(value, int | float):
        if value < 0:
            raise ValueError(f"expected {what}, got {value!r}")
        return value
    if isinstance(value, str):
        upper = value.strip().upper()
        for word in words:
            if upper == word:
                return word
    raise ValueError(f"expected {what}, got {value!r}")


_SPRAY = re.compile(r"^SP\s*(\d{1,2})$", re.IGNORECASE | re.ASCII)


def _parse_range(value: object) -> object:
    if isinstance(value, str):
        match = _SPRAY.match(value.strip())
        if match:
            return f"SP {int(match.group(1))}"
    return _special(value, numbers=True, words=("CTRL", "*", "SELF"),
                    what="a number, 'SP n', 'CTRL', 'SELF' or '*'")


Range = Annotated[
    int | float | str,
    BeforeValidator(_parse_range),
    WithJsonSchema({
        "description": "RNG in inches, a spray 'SP n', 'CTRL', 'SELF' or '*' (special rules)",
        "anyOf": [{"type": "number", "minimum": 0},
                  {"type": "string", "pattern": r"^([Ss][Pp] ?\d{1,2}|[Cc][Tt][Rr][Ll]|[Ss][Ee][Ll][Ff]|\*)$"}],
    }),
]


def _parse_aoe(value: object) -> object:
    return _special(value, numbers=True, words=("CTRL", "*"), what="a number, 'CTRL' or '*'")


Aoe = Annotated[
    int | float | str,
    BeforeValidator(_parse_aoe),
    WithJsonSchema({
        "description": "AOE in inches, 'CTRL' (centred on the caster) or '*'",
        "anyOf": [{"type": "number", "minimum": 0},
                  {"type": "string", "pattern": r"^([Cc][Tt][Rr][Ll]|\*)$"}],
    }),
]

_DICE = re.compile(r"^(\d*)d([36])(?:\s*\+\s*(\d+))?$", re.IGNORECASE | re.ASCII)


def _parse_rof(value: object) -> object:
    if isinstance(value, str):
        match = _DICE.match(value.strip())
        if match:
            count, sides, plus = match.groups()
            text = f"{count if count not in ('', '1') else ''}d{sides}"
            return text + (f"+{int(plus)}" if plus else "")
        if value.strip() == "*":
            return "*"
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise ValueError(f"expected a whole number >= 1, a die expression such as 'd3+1', or '*', got {value!r}")


Rof = Annotated[
    int | str,
    BeforeValidator(_parse_rof),
    WithJsonSchema({
        "description": "rate of fire: a whole number, a die expression (d3, d6, d3+1) or '*'",
        "anyOf": [{"type": "integer", "minimum": 1},
                  {"type": "string", "pattern": r"^(\d*[dD][36]( ?\+ ?\d+)?|\*)$"}],
    }),
]

_BLAST = re.compile(r"^(\d{1,2})\s*/\s*(\d{1,2})$", re.ASCII)


def _parse_pow(value: object) -> object:
    if isinstance(value, str):
        match = _BLAST.match(value.strip())
        if match:
            return f"{int(match.group(1))}/{int(match.group(2))}"
        if value.strip() == "*":
            return "*"
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ValueError(f"expected a whole number >= 0, 'direct/blast' such as '12/6', or '*', got {value!r}")


Pow = Annotated[
    int | str,
    BeforeValidator(_parse_pow),
    WithJsonSchema({
        "description": "damage POW; 'direct/blast' for AOE weapons in MkIV (e.g. '12/6'); '*' special",
        "anyOf": [{"type": "integer", "minimum": 0},
                  {"type": "string", "pattern": r"^(\d{1,2} ?/ ?\d{1,2}|\*)$"}],
    }),
]


def _parse_fa(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    if isinstance(value, str) and value.strip().upper() in ("U", "C"):
        return value.strip().upper()
    raise ValueError(f"expected a field allowance: a whole number >= 1, 'U' or 'C', got {value!r}")


FieldAllowance = Annotated[
    int | str,
    BeforeValidator(_parse_fa),
    WithJsonSchema({
        "description": "field allowance: a number per caster, 'U' (unlimited) or 'C' (character)",
        "anyOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["U", "C", "u", "c"]}],
    }),
]


def _parse_cost(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().upper() == "X":
        return "X"
    raise ValueError(f"expected a whole number >= 0 or 'X', got {value!r}")


SpellCost = Annotated[
    int | str,
    BeforeValidator(_parse_cost),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 0}, {"type": "string", "enum": ["X", "x"]}],
                    "description": "focus or fury cost; 'X' where the rules let the caster choose"}),
]

Points = Annotated[int, Field(ge=0, le=1000)]
Stat = Annotated[int, Field(ge=0, le=30)]
Count = Annotated[int, Field(ge=1, le=100)]


def describe(value: Any) -> str:
    """Short text for a bad value in messages (``'x'``, ``a mapping``)."""
    if isinstance(value, dict | list):
        return _type_name(value)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
