"""Where an entry's numbers come from, as data a tool can check and count.

``source:`` stays the maintainer's free-text citation; ``provenance:`` says the same
thing in a closed form: lines of a rules seed, a record of a named reference data set,
or unconfirmed (all numbers, or the named fields).  Validation checks the citation
(the seed exists, the lines are inside it, the data set is known), ``content stats``
counts confirmed entries, and cards mark unconfirmed ones so a player knows what to
double-check.

The catalogues below are facts about the documents (their names and lengths), so a
citation can be checked without the documents themselves being installed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Discriminator, Field, StringConstraints, Tag, WithJsonSchema

from wmdata.model.strict import Strict


@dataclass(frozen=True, slots=True)
class SeedDocument:
    """A rules document of ``rules/seeds/``: its file name and how many lines it has."""

    file: str
    lines: int
    title: str


SEEDS: dict[str, SeedDocument] = {
    "000": SeedDocument("000_9775accaf129e267.txt", 5941, "WARMACHINE MkIV core rules"),
    "001": SeedDocument("001_a031459edfffe81d.txt", 3530, "WARMACHINE MkII field test rules"),
    "002": SeedDocument("002_1e14bfa216a6cda7.txt", 204, "condensed rules (MkIV terms over MkIII text)"),
    "003": SeedDocument("003_1c88675ea8ddc33c.txt", 5070, "HORDES MkIII Primal, with its WARMACHINE appendix"),
    "004": SeedDocument("004_d772dfcdbe0e45f1.txt", 260, "MkII power attack quick reference"),
}

DATA_SETS: dict[str, str] = {
    "whac-mk2": "WHAC army builder XML (MkII WARMACHINE and HORDES)",
    "warmachine-data-mk4": "warmachine-data JSON (MkIV)",
}

Status = Literal["seed", "reference", "unconfirmed"]
STATUSES: tuple[Status, ...] = ("seed", "reference", "unconfirmed")

_SPAN = re.compile(r"^(\d{1,6})(?:-(\d{1,6}))?$", re.ASCII)


def line_span(text: str) -> tuple[int, int]:
    """``'717-818'`` -> (717, 818); ``'5008'`` -> (5008, 5008)."""
    match = _SPAN.match(text)
    if match is None:
        raise ValueError(f"expected a line or a range 'first-last', got {text!r}")
    first = int(match.group(1))
    return first, int(match.group(2) or first)


def _seed_id(value: object) -> object:
    """YAML reads ``seed: 000`` as the number 0: accept it as the seed it names."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 999:
        return f"{value:03d}"
    return value


SeedId = Annotated[str, BeforeValidator(_seed_id), StringConstraints(pattern=r"^\d{3}$"),
                   WithJsonSchema({"description": "the seed's number, e.g. '000' (YAML may read 000 as 0; both work)",
                                   "anyOf": [{"type": "string", "pattern": r"^\d{3}$"},
                                             {"type": "integer", "minimum": 0, "maximum": 999}]})]


def _check_span(text: str) -> str:
    line_span(text)
    return text


LineSpan = Annotated[str, AfterValidator(_check_span),
                     WithJsonSchema({"type": "string", "pattern": r"^\d{1,6}(-\d{1,6})?$",
                                     "description": "a line '5008' or a range '717-818' of the seed"})]
FieldName = Annotated[str, StringConstraints(pattern=r"^[a-z_]+$", max_length=40)]
UNCONFIRMED_FIELDS: Any = Field(default_factory=list, max_length=40,
                                description="entry fields the citation does not give (they count as unconfirmed)")


class SeedSource(Strict):
    """The numbers are in these lines of a rules seed."""

    seed: SeedId
    lines: Annotated[list[LineSpan], Field(min_length=1, max_length=20)]
    unconfirmed: list[FieldName] = UNCONFIRMED_FIELDS


class ReferenceSource(Strict):
    """The numbers are those of one record of a named reference data set."""

    reference: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=80)] = Field(
        description="the data set: " + ", ".join(DATA_SETS))
    record: Annotated[str, StringConstraints(min_length=1, max_length=200)] = Field(
        description="the record's name (or id) in the data set")
    unconfirmed: list[FieldName] = UNCONFIRMED_FIELDS


class UnconfirmedSource(Strict):
    """Nobody has checked the numbers against a source: from memory, a card not in the
    seeds, an estimate.  ``all`` or the fields that are unconfirmed."""

    unconfirmed: Literal["all"] | Annotated[list[FieldName], Field(min_length=1, max_length=40)]


TAGS = ("seed-citation", "reference-citation", "unconfirmed-citation")
"""Names of the union's branches; they are not keys, so error locations skip them."""


def _kind(value: Any) -> str | None:
    """The branch a value is meant for, by the key that names it (tags: :data:`TAGS`)."""
    if isinstance(value, dict):
        key = "seed" if "seed" in value else "reference" if "reference" in value else "unconfirmed"
    elif isinstance(value, SeedSource | ReferenceSource | UnconfirmedSource):
        key = {SeedSource: "seed", ReferenceSource: "reference"}.get(type(value), "unconfirmed")
    else:
        return None
    return f"{key}-citation"


Provenance = Annotated[
    Annotated[SeedSource, Tag(TAGS[0])] | Annotated[ReferenceSource, Tag(TAGS[1])]
    | Annotated[UnconfirmedSource, Tag(TAGS[2])],
    Discriminator(_kind, custom_error_type="provenance",
                  custom_error_message="expected a mapping with 'seed', 'reference' or 'unconfirmed'"),
]


def status(provenance: object) -> Status:
    """How far an entry's numbers are confirmed: by a seed, by reference data, or not at
    all (no provenance, ``unconfirmed``, or a citation that leaves some fields out).

    Read by attribute, so the list index's mirror of a citation answers as the model does."""
    if provenance is None or getattr(provenance, "unconfirmed", None):
        return "unconfirmed"
    if getattr(provenance, "seed", None) is not None:
        return "seed"
    return "reference" if getattr(provenance, "reference", None) is not None else "unconfirmed"


def unconfirmed_fields(provenance: object) -> list[str] | None:
    """The fields a reader should double-check: ``None`` for all of them, ``[]`` for none."""
    if provenance is None:
        return None
    fields = getattr(provenance, "unconfirmed", None) or []
    return None if fields == "all" else list(fields)
