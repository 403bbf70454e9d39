"""The manifest of a content pack (``pack.yaml``; its schema ships in ``schemas/pack.schema.json``).

A pack is content beyond the built-in library: a folder with this manifest and content
files in the same layout as ``content/`` (edition first).  The manifest says what the
pack is (id, name, version), which editions it covers, where its content comes from and
under which licence, which packs it builds on, and which existing entries it replaces on
purpose: any other id that is already taken is a clash, not a silent override.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator, Field, StringConstraints, WithJsonSchema, field_validator

from wmdata.model.common import Edition, Id, Name, Strict, Text, describe

VERSION_PATTERN = r"^\d{1,6}(\.\d{1,6}){0,3}([-+][0-9A-Za-z.-]{1,40})?$"
_VERSION = re.compile(VERSION_PATTERN)


def _check_version(value: object) -> object:
    """A version is text: YAML reads ``1.10`` as the number 1.1, so a number is refused
    with the quoted spelling to use instead."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise ValueError(f"expected a version in quotes, got the number {value!r}; write '{value}'")
    if isinstance(value, str) and (not _VERSION.match(value) or "\n" in value):
        raise ValueError(f"expected a version such as '1.0' or '2024.3.1', got {describe(value)}")
    return value


Version = Annotated[str, BeforeValidator(_check_version),
                    WithJsonSchema({"type": "string", "pattern": VERSION_PATTERN,
                                    "description": "numbers separated by dots, e.g. '1.0' or '2024.3.1'"})]
Line = Annotated[str, StringConstraints(min_length=1, max_length=300)]


class Importer(Strict):
    """The wmdata command that wrote an imported pack, so a reader knows how to regenerate it."""

    command: Line = Field(description="the command, e.g. 'wmdata import whac'")
    version: Version = Field(description="the wmdata version that ran it")


class PackManifest(Strict):
    """``pack.yaml``: what a content pack is and what it needs."""

    id: Id = Field(description="kebab-case id of the pack; lists record it")
    name: Name
    version: Version
    editions: Annotated[list[Edition], Field(min_length=1, max_length=3,
                                              description="editions whose folders the pack holds (mk2/, mk3/, mk4/)")]
    source: Line = Field(description="where the content comes from: a book, a data set, a URL, or 'own work'")
    licence: Line = Field(description="the licence the content is shared under")
    depends_on: list[Id] = Field(default_factory=list,
                                 description="ids of packs this one refers to or replaces entries of")
    replaces: list[Id] = Field(default_factory=list,
                               description="ids of built-in entries (or entries of packs in 'depends_on') that this "
                                           "pack's entries of the same id replace")
    require_sources: bool = Field(
        default=False, description="every entry must say where its numbers come from: an entry whose provenance is "
        "not a seed or a reference data set is a warning (an error with 'validate --strict'); docs/provenance.md")
    imported_by: Importer | None = Field(default=None, description="set by 'wmdata import' for imported packs")
    description: Text | None = None

    @field_validator("editions", "depends_on", "replaces")
    @classmethod
    def _no_repeats(cls, values: list[str]) -> list[str]:
        repeated = sorted({value for value in values if values.count(value) > 1})
        if repeated:
            raise ValueError(f"listed more than once: {', '.join(repeated)}")
        return values
